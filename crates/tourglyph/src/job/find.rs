//! `find`: one tour on demand, on a board of any size (the engine is
//! [`tourglyph_engine::find::construction`]).
//!
//! [`find`] finds it; [`FindAnswer::write_cells`] writes its cells from the start,
//! algebraically and space-separated on one line, or as one JSON object
//! `{"cells":[[row,col],…],"closed":bool}` (formatted by [`tourglyph_core::cell_text`]:
//! 25 million cells of 5000×5000 in a fraction of a second); [`FindAnswer::draw`] draws it as
//! a glyph; [`FindAnswer::stats`] says how it was found (method, search nodes, time).

use super::request::{FindRequest, require_board};
use super::{Draw, Target};
use std::io::Write;
use std::time::Instant;
use tourglyph_core::cell_text;
use tourglyph_core::{Board, Error, LeapGraph, Piece, Result, Tour, TourKind};
use tourglyph_engine::find::construction::{FindMethod, Request};

/// Largest board [`FindAnswer::draw`] draws (a glyph of a million moves is no longer a picture).
pub const MAX_DRAW_CELLS: usize = 250_000;
/// Memory `find` holds a cell of the board, for the budget: its peak over boards of 16
/// and 100 million cells, rounded up (see `benches/NOTES.md`, 2026-12-07).
const FIND_BYTES_PER_CELL: f64 = 6.0;
/// Glyph size in mm.
const DRAW_SIZE_MM: f64 = 50.0;

/// A tour found.
pub struct FindAnswer {
    /// The board.
    pub board: Board,
    /// The piece.
    pub piece: Piece,
    /// The cells from the start.
    pub cells: Vec<u32>,
    /// Closed (the last cell is a move from the first).
    pub closed: bool,
    /// How it was found.
    pub method: FindMethod,
    /// Search nodes visited.
    pub nodes: u64,
    /// Seconds the search took.
    pub seconds: f64,
}

/// Find the tour `req` asks for.
pub fn find(req: &FindRequest) -> Result<FindAnswer> {
    let board: Board = require_board(req.board)?;
    let piece: Piece = req.piece.clone();
    let start = req
        .start
        .as_deref()
        .map(|s| board.parse_cell(s))
        .transpose()?;
    // The memory limit, before the search: the tour's cells (4 bytes each) and the
    // search's tables of a byte or two a cell.
    if board.cells() <= tourglyph_engine::find::construction::MAX_CELLS {
        super::budget(false).check(
            &format!("finding a {piece} tour of {board}"),
            0.0,
            board.cells() as f64 * FIND_BYTES_PER_CELL,
        )?;
    }
    let clock = Instant::now();
    let found = tourglyph_engine::find::construction::find(&Request {
        board,
        piece: piece.clone(),
        closed: req.closed,
        start,
        seed: req.seed,
    })?;
    Ok(FindAnswer {
        board,
        piece,
        cells: found.cells,
        closed: found.closed,
        method: found.method,
        nodes: found.nodes,
        seconds: clock.elapsed().as_secs_f64(),
    })
}

impl FindAnswer {
    /// How it was found, on one line: `closed knight tour on 8x8: Warnsdorff, 64 search
    /// nodes, 0.001 s`.
    pub fn stats(&self) -> String {
        format!(
            "{} {} tour on {}: {:?}, {} search nodes, {:.3} s",
            if self.closed { "closed" } else { "open" },
            self.piece,
            self.board,
            self.method,
            self.nodes,
            self.seconds
        )
    }

    /// Write the cells to `out`: one JSON object when `json`, else algebraic on one line.
    pub fn write_cells(&self, out: &mut impl Write, json: bool) -> Result<()> {
        if json {
            cell_text::write_json(out, self.board, &self.cells, self.closed)?;
        } else {
            cell_text::write_algebraic(out, self.board, &self.cells)?;
        }
        Ok(())
    }

    /// Draw the tour as a single glyph in `style` (a built-in name or a TOML file) with
    /// the `draw` flags over it, to `target` (SVG on stdout or a writer, else the format
    /// of the file's extension), through the glyph renderer.
    pub fn draw(&self, style: &str, draw: &Draw, target: Target<'_>) -> Result<()> {
        let style = super::style_with(style, draw)?;
        let png = super::png_options(draw, false);
        let (board, piece, closed) = (self.board, &self.piece, self.closed);
        if board.cells() > MAX_DRAW_CELLS {
            return Err(Error::usage(format!(
                "-o draws boards up to {MAX_DRAW_CELLS} cells; {board} has {}: print the tour without -o, or pick a smaller board",
                board.cells()
            )));
        }
        let format = super::single_format(None, &target)?;
        let gcode = super::gcode_profile(draw, format)?;
        let g = LeapGraph::new(board, piece)?;
        let kind = if closed {
            TourKind::Closed
        } else {
            TourKind::Open
        };
        let tour = Tour::from_cells(&g, &self.cells, kind)?;
        let title = format!(
            "{} {piece} tour of {board}",
            if closed { "closed" } else { "open" }
        );
        let label = tourglyph_draw::Label {
            id: "tour".into(),
            title,
        };
        // Numbered from the start, as the cells are printed.
        let walk: Vec<(u32, u32)> = self.cells.iter().map(|&c| board.coords(c)).collect();
        super::single::write_glyph(
            (&tour, Some(walk.as_slice())),
            &g,
            &style,
            DRAW_SIZE_MM,
            (format, png, gcode),
            (label, String::new()),
            target,
        )
    }
}
