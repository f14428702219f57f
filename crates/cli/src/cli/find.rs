//! `tourglyph find`: one tour on demand (the engine is [`tourglyph::engine::find::construction`]).
//!
//! Prints the cells from the start, algebraically and space-separated on one line, or with
//! `--json` one object `{"cells":[[row,col],…],"closed":bool}`. `-o FILE` draws the tour.
//! Statistics go to stderr only with `--verbose`. The text is formatted by
//! [`tourglyph::cell_text`] (25 million cells of 5000×5000 in a fraction of a second).

use super::args::FindArgs;
use std::path::Path;
use std::time::Instant;
use tourglyph::cell_text;
use tourglyph::draw::Format;
use tourglyph::draw::png::PngOptions;
use tourglyph::layout::style::Style;
use tourglyph::output::OutOptions;
use tourglyph::{Board, Error, LeapGraph, Piece, Result, Tour, TourKind};
use tourglyph::{engine::find::construction::Request, engine::find::construction::find};

/// Largest board `find -o` draws (a glyph of a million moves is no longer a picture).
const MAX_DRAW_CELLS: usize = 250_000;
/// Glyph size in mm.
const DRAW_SIZE_MM: f64 = 50.0;

/// Run `find`.
pub fn run(args: FindArgs, quiet: bool) -> Result<()> {
    let board: Board = args.board.parse()?;
    let piece: Piece = args.piece.parse()?;
    let start = args
        .start
        .as_deref()
        .map(|s| board.parse_cell(s))
        .transpose()?;
    let clock = Instant::now();
    let found = find(&Request {
        board,
        piece: piece.clone(),
        closed: args.closed,
        start,
        seed: args.seed,
    })?;
    if args.verbose {
        eprintln!(
            "tourglyph: {} {} tour on {board}: {:?}, {} search nodes, {:.3} s",
            if found.closed { "closed" } else { "open" },
            piece,
            found.method,
            found.nodes,
            clock.elapsed().as_secs_f64()
        );
    }
    if let Some(path) = &args.output {
        let style = super::common::style_with(&args.style, &args.draw)?;
        let png = super::common::png_options(&args.draw, false);
        draw(
            &found.cells,
            board,
            &piece,
            found.closed,
            path,
            args.out.options(),
            (&style, png),
        )?;
        if path.as_os_str() == "-" {
            return Ok(());
        }
        super::common::report_files(quiet, [path.as_path()]);
    }
    let mut w = tourglyph::output::stdout();
    if args.json {
        cell_text::write_json(&mut w, board, &found.cells, found.closed)?;
    } else {
        cell_text::write_algebraic(&mut w, board, &found.cells)?;
    }
    w.commit()?;
    Ok(())
}

/// Draw the tour as a single glyph into `path`, through the sheet/glyph renderer.
fn draw(
    cells: &[u32],
    board: Board,
    piece: &Piece,
    closed: bool,
    path: &Path,
    opts: OutOptions,
    (style, png): (&Style, PngOptions),
) -> Result<()> {
    if board.cells() > MAX_DRAW_CELLS {
        return Err(Error::usage(format!(
            "-o draws boards up to {MAX_DRAW_CELLS} cells; {board} has {}: print the tour without -o, or pick a smaller board",
            board.cells()
        )));
    }
    let format = if path.as_os_str() == "-" {
        Format::Svg
    } else {
        Format::from_path(path)?
    };
    let g = LeapGraph::new(board, piece)?;
    let kind = if closed {
        TourKind::Closed
    } else {
        TourKind::Open
    };
    let tour = Tour::from_cells(&g, cells, kind)?;
    let title = format!(
        "{} {piece} tour of {board}",
        if closed { "closed" } else { "open" }
    );
    let label = tourglyph::draw::Label {
        id: "tour".into(),
        title,
    };
    tourglyph::job::glyph::write_glyph(
        &tour,
        &g,
        style,
        DRAW_SIZE_MM,
        format,
        png,
        (label, String::new()),
        tourglyph::job::Target::Path(path, opts),
    )
}
