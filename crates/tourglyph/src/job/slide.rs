//! `slide`: the sliding rooks and queens puzzle ([`tourglyph_slide`]) as a request: the
//! puzzle from the flags ([`puzzle`], the default start the four corners and the default
//! goal the central 2×2), the drawing checked before the search ([`drawing`]), solved
//! ([`solve`]), drawn as one page of board frames or one animated SVG ([`draw`]) and
//! reported as text or one JSON object ([`write_report`]).

use crate::output::OutOptions;
use crate::output::open_out_with;
use std::io::Write;
use std::path::Path;
use tourglyph_core::{Board, Error, Result};
use tourglyph_slide::{Move, Options, Puzzle, Report, SccStats, Slider, animate, centre, corners};

/// One puzzle, as `slide`'s flags give it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlideRequest {
    /// `rook` or `queen`.
    pub piece: String,
    /// The board, `NxN` (default `8x8`).
    pub board: String,
    /// Start cells as written (default: the four corners).
    pub from: Option<String>,
    /// Goal cells as written (default: the central 2×2 on even boards).
    pub to: Option<String>,
    /// Strongly connected components of the class graph.
    pub analyze: bool,
    /// Search even when the state space looks too large for memory.
    pub force: bool,
}

impl Default for SlideRequest {
    fn default() -> Self {
        SlideRequest {
            piece: "rook".into(),
            board: "8x8".into(),
            from: None,
            to: None,
            analyze: false,
            force: false,
        }
    }
}

/// How a solution is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SlideDrawing {
    /// One page of board frames: `pdf`, `ps` or `svg`.
    Frames(String),
    /// One animated SVG that plays the solution.
    Animated,
}

/// The puzzle `req` names.
pub fn puzzle(req: &SlideRequest) -> Result<Puzzle> {
    let piece: Slider = req.piece.parse()?;
    let board: Board = req.board.parse()?;
    if !board.is_square() {
        return Err(Error::usage(format!(
            "the sliding puzzle needs a square board (NxN), not {board}"
        )));
    }
    let n = board.rows;
    if !tourglyph_slide::SIDES.contains(&n) {
        return Err(Error::usage(format!(
            "the sliding puzzle takes boards from 2x2 to 16x16, not {board}"
        )));
    }
    let from = match &req.from {
        Some(t) => board.parse_cells(t)?,
        None => corners(n),
    };
    let to = match &req.to {
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
    Puzzle::new(n, piece, &from, &to)
}

/// How the solution will be drawn into `output` (animated when `animate`), checked
/// before the search: the format from the file's extension (`-`: SVG).
pub fn drawing(output: Option<&Path>, animate: bool) -> Result<Option<SlideDrawing>> {
    let ext = match output {
        Some(path) => Some(extension(path)?),
        None => None,
    };
    if animate && ext.as_deref() != Some("svg") {
        return Err(Error::usage(
            "--animate writes an SVG: give an output file ending in .svg (-o solution.svg)",
        ));
    }
    if let Some(e) = &ext {
        if !animate && !matches!(e.as_str(), "svg" | "pdf" | "ps") {
            return Err(Error::usage(format!(
                "cannot draw to a .{e} file: use .pdf, .ps or .svg"
            )));
        }
    }
    Ok(ext.map(|e| match animate {
        true => SlideDrawing::Animated,
        false => SlideDrawing::Frames(e),
    }))
}

/// Solve `p` (with the components of the class graph when `req.analyze`).
pub fn solve(p: &Puzzle, req: &SlideRequest) -> Result<Report> {
    let opts = Options {
        analyze: req.analyze,
        force: req.force,
        ..Options::default()
    };
    tourglyph_slide::solve(p, &opts)
}

/// Draw the solution of `p` into `path` as `drawing` says, written atomically.
pub fn draw(
    p: &Puzzle,
    report: &Report,
    drawing: &SlideDrawing,
    path: &Path,
    opts: OutOptions,
) -> Result<()> {
    match drawing {
        SlideDrawing::Animated => {
            let svg = animate::animated_svg(p, &report.solution, &animate::AnimOptions::default())?;
            crate::output::write_file(path, svg.as_bytes(), opts)
        }
        SlideDrawing::Frames(ext) => frame_sheet(path, ext, p, &report.solution, opts),
    }
}

/// Write the report of `p`'s solution to `out`: one JSON object when `json`, else text.
pub fn write_report(out: &mut dyn Write, p: &Puzzle, report: &Report, json: bool) -> Result<()> {
    if json {
        let j = serde_json::to_string(&JsonReport::new(p, report)).map_err(|e| {
            Error::runtime(format!("internal error: cannot serialise the report: {e}"))
        })?;
        writeln!(out, "{j}")?;
        Ok(())
    } else {
        human(out, p, report)
    }
}

/// The solution as one page of board frames, through the glyph sheets' backends, written
/// to a temporary file and renamed.
fn frame_sheet(path: &Path, ext: &str, p: &Puzzle, moves: &[Move], opts: OutOptions) -> Result<()> {
    let open_out = move |p: &Path| open_out_with(p, opts);
    use tourglyph_draw::svg::SvgWriter;
    use tourglyph_draw::{pdf::PdfOptions, pdf::PdfWriter};
    use tourglyph_draw::{ps::PsOptions, ps::PsWriter};
    use tourglyph_slide::{draw::SheetStyle, draw::draw_sheet};
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

fn human(out: &mut dyn Write, p: &Puzzle, r: &Report) -> Result<()> {
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
