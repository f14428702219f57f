//! `tourglyph slide`: resolve the flags into a [`Puzzle`], solve, print, draw.

use super::args::SlideArgs;
use std::io::Write;
use std::path::Path;
use tourglyph::{Board, Error, Result};
use tourglyph::{
    slide, slide::Move, slide::Options, slide::Puzzle, slide::Report, slide::SccStats,
    slide::Slider, slide::animate, slide::centre, slide::corners,
};

/// Run `slide`.
pub fn run(args: SlideArgs, quiet: bool) -> Result<()> {
    let piece: Slider = args.piece.parse()?;
    let board: Board = args.board.parse()?;
    if !board.is_square() {
        return Err(Error::usage(format!(
            "the sliding puzzle needs a square board (NxN), not {board}"
        )));
    }
    let n = board.rows;
    if !slide::SIDES.contains(&n) {
        return Err(Error::usage(format!(
            "the sliding puzzle takes boards from 2x2 to 16x16, not {board}"
        )));
    }
    let from = match &args.from {
        Some(t) => board.parse_cells(t)?,
        None => corners(n),
    };
    let to = match &args.to {
        Some(t) => board.parse_cells(t)?,
        None => match centre(n) {
            Some(c) if from.len() == 4 => c,
            Some(_) => {
                return Err(Error::usage(format!(
                    "--from has {} cells: give the goal with --to (the default goal is the central 2x2)",
                    from.len()
                )));
            }
            None => {
                return Err(Error::usage(format!(
                    "a {board} board has no central 2x2: give the goal with --to, e.g. --to '{}'",
                    odd_example(&board)
                )));
            }
        },
    };
    let p = Puzzle::new(n, piece, &from, &to)?;
    let ext = match &args.output {
        Some(path) => Some(extension(path)?),
        None => None,
    };
    if args.animate && ext.as_deref() != Some("svg") {
        return Err(Error::usage(
            "--animate writes an SVG: give an output file ending in .svg (-o solution.svg)",
        ));
    }
    if let Some(e) = &ext {
        if !args.animate && !matches!(e.as_str(), "svg" | "pdf" | "ps") {
            return Err(Error::usage(format!(
                "cannot draw to a .{e} file: use .pdf, .ps or .svg"
            )));
        }
    }
    let opts = Options {
        analyze: args.analyze,
        force: args.force,
        ..Options::default()
    };
    let report = slide::solve(&p, &opts)?;
    if let (Some(path), Some(e)) = (&args.output, &ext) {
        if args.animate {
            let svg =
                animate::animated_svg(&p, &report.solution, &animate::AnimOptions::default())?;
            tourglyph::output::write_file(path, svg.as_bytes(), args.out.options())?;
        } else {
            frame_sheet(path, e, &p, &report.solution, args.out.options())?;
        }
        super::common::report_files(quiet, [path.as_path()]);
    }
    let mut out = tourglyph::output::stdout();
    if args.json {
        let j = serde_json::to_string(&JsonReport::new(&p, &report)).map_err(|e| {
            Error::runtime(format!("internal error: cannot serialise the report: {e}"))
        })?;
        writeln!(out, "{j}")?;
    } else {
        human(&mut out, &p, &report)?;
    }
    out.commit()?;
    Ok(())
}

/// The solution as one page of board frames, through the glyph sheets' backends, written
/// to a temporary file and renamed.
fn frame_sheet(
    path: &Path,
    ext: &str,
    p: &Puzzle,
    moves: &[Move],
    opts: tourglyph::output::OutOptions,
) -> Result<()> {
    use tourglyph::output::open_out_with;
    let open_out = move |p: &Path| open_out_with(p, opts);
    use tourglyph::draw::svg::SvgWriter;
    use tourglyph::{draw::pdf::PdfOptions, draw::pdf::PdfWriter};
    use tourglyph::{draw::ps::PsOptions, draw::ps::PsWriter};
    use tourglyph::{slide::draw::SheetStyle, slide::draw::draw_sheet};
    let st = SheetStyle::default();
    let title = "tourglyph: sliding puzzle solution".to_string();
    match ext {
        "pdf" => {
            let mut w = PdfWriter::new(
                open_out(path)?,
                PdfOptions {
                    title,
                    ..PdfOptions::default()
                },
            );
            draw_sheet(&mut w, p, moves, &st)?; // finishes the document
            w.into_inner().commit()
        }
        "ps" => {
            let mut w = PsWriter::new(
                open_out(path)?,
                PsOptions {
                    title,
                    ..PsOptions::default()
                },
            );
            draw_sheet(&mut w, p, moves, &st)?; // finishes the document
            w.into_inner().commit()
        }
        _ => {
            let path = path.to_path_buf();
            let mut w = SvgWriter::new(Box::new(move |_| open_out(&path)));
            draw_sheet(&mut w, p, moves, &st)?; // finishes the document
            for o in w.into_writers() {
                o.commit()?;
            }
            Ok(())
        }
    }
}

/// A goal suggestion for an odd board: the centre and its four neighbours' corners.
fn odd_example(b: &Board) -> String {
    let h = b.rows / 2;
    let cells = [
        b.cell(h - 1, h - 1),
        b.cell(h - 1, h + 1),
        b.cell(h + 1, h - 1),
        b.cell(h + 1, h + 1),
    ];
    cells
        .iter()
        .map(|&c| b.algebraic(c))
        .collect::<Vec<_>>()
        .join(" ")
}

fn extension(path: &Path) -> Result<String> {
    if path.as_os_str() == "-" {
        return Ok("svg".into());
    }
    path.extension()
        .and_then(|e| e.to_str())
        .map(|e| e.to_ascii_lowercase())
        .ok_or_else(|| {
            Error::usage(format!(
                "cannot tell the format of '{}': end the file name in .pdf, .ps or .svg",
                path.display()
            ))
        })
}

#[derive(serde::Serialize)]
struct JsonMove {
    from: [u32; 2],
    to: [u32; 2],
    #[serde(rename = "move")]
    algebraic: String,
}

#[derive(serde::Serialize)]
struct JsonReport {
    piece: &'static str,
    board: String,
    from: Vec<[u32; 2]>,
    to: Vec<[u32; 2]>,
    min_moves: u32,
    solution: Vec<JsonMove>,
    reachable: u64,
    farthest: u32,
    total: u64,
    reachable_classes: u64,
    total_classes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    sccs: Option<SccStats>,
}

impl JsonReport {
    fn new(p: &Puzzle, r: &Report) -> Self {
        let g = p.geometry();
        let rc = |c: u8| {
            let (r, c) = g.coords(c);
            [r, c]
        };
        JsonReport {
            piece: p.piece.name(),
            board: format!("{}x{}", p.n, p.n),
            from: p.from.iter().map(|&c| rc(c)).collect(),
            to: p.to.iter().map(|&c| rc(c)).collect(),
            min_moves: r.min_moves,
            solution: r
                .solution
                .iter()
                .map(|m: &Move| JsonMove {
                    from: rc(m.from),
                    to: rc(m.to),
                    algebraic: format!("{}-{}", g.algebraic(m.from), g.algebraic(m.to)),
                })
                .collect(),
            reachable: r.reachable,
            farthest: r.farthest,
            total: r.total,
            reachable_classes: r.reachable_classes,
            total_classes: r.total_classes,
            sccs: r.sccs,
        }
    }
}

fn human(out: &mut impl Write, p: &Puzzle, r: &Report) -> Result<()> {
    let g = p.geometry();
    let names = |cells: &[u8]| {
        cells
            .iter()
            .map(|&c| g.algebraic(c))
            .collect::<Vec<_>>()
            .join(" ")
    };
    writeln!(
        out,
        "sliding {}s on {n}x{n}: {} -> {}",
        p.piece,
        names(&p.from),
        names(&p.to),
        n = p.n
    )?;
    writeln!(out, "min_moves: {}", r.min_moves)?;
    for (i, chunk) in r.solution.chunks(8).enumerate() {
        let line: Vec<String> = chunk
            .iter()
            .enumerate()
            .map(|(j, m)| {
                format!(
                    "{}. {}-{}",
                    i * 8 + j + 1,
                    g.algebraic(m.from),
                    g.algebraic(m.to)
                )
            })
            .collect();
        writeln!(out, "  {}", line.join("  "))?;
    }
    writeln!(
        out,
        "reachable: {} of {} states, farthest {} moves",
        r.reachable, r.total, r.farthest
    )?;
    writeln!(
        out,
        "classes: {} reachable of {} (up to rotation and reflection)",
        r.reachable_classes, r.total_classes
    )?;
    if let Some(s) = r.sccs {
        writeln!(
            out,
            "strongly connected components of the class graph: {}, largest {}, singletons {}",
            s.count, s.largest, s.singletons
        )?;
    }
    Ok(())
}
