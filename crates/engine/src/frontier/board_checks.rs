//! What the board alone tells before anything is built: whether a row-major frontier
//! fits a state at all ([`check_width`]), the refusal that says so and the fix, and the
//! boards with no tour by their degrees, connectivity or colours.

use super::state::FrontierPlan;
use tourglyph_core::error::{Error, Result};
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::tour::TourKind;

/// Refuse a board whose frontier cannot fit a state before anything is built: the widest
/// frontier of a row-major sweep is reached within a few rows, so the plan of a board of
/// the same width and at most `3 × depth + 2` rows (cheap even 1,000 columns wide) tells.
/// `open` for open tours.
pub fn check_width(
    board: tourglyph_core::Board,
    piece: &tourglyph_core::Piece,
    open: bool,
) -> Result<()> {
    let depth = piece
        .leaps()
        .iter()
        .map(|&(a, b)| a.max(b))
        .max()
        .unwrap_or(1);
    let rows = board.rows.min(3 * depth + 2);
    let probe = tourglyph_core::Board::new(rows, board.cols);
    if probe.cells().saturating_mul(piece.leaps().len() * 8) > 1 << 26 {
        // Wider than any frontier can hold (a row of thousands of cells).
        return Err(too_wide_on(board, piece, false));
    }
    let g = LeapGraph::new(probe, piece)?;
    match FrontierPlan::new(g.vertex_count(), g.edges(), open) {
        Some(_) => Ok(()),
        None => Err(too_wide_on(board, piece, false)),
    }
}

/// The refusal of `g`'s board as too wide for a frontier state ([`too_wide_on`]).
pub(super) fn too_wide(g: &LeapGraph) -> Error {
    too_wide_on(g.board(), g.piece(), g.topology().is_torus())
}

/// The board is too wide for a frontier state: the advice never names the same board
/// (a square, or a board already narrower than long, has no better orientation).
fn too_wide_on(b: tourglyph_core::Board, piece: &tourglyph_core::Piece, torus: bool) -> Error {
    if torus {
        // The torus's frontier holds about two rows (see `tourglyph_core::torus`).
        let fix = if b.rows < b.cols {
            format!("give the board with fewer columns ({})", b.transposed())
        } else {
            "use a board with at most 12 columns".to_string()
        };
        return Error::usage(format!(
            "{b} (torus) is too wide for the frontier engine: on the torus its frontier spans about two rows, \
             which must fit 128 bits (at most 12 columns); {fix}"
        ));
    }
    let fix = if b.rows < b.cols {
        format!(
            "try the transposed board {} (the tours are the same up to a quarter turn)",
            b.transposed()
        )
    } else {
        "use a board with fewer columns".to_string()
    };
    // Refused for its size (exit status 2 as a usage error; 413 from the server).
    Error::refused(
        tourglyph_core::error::Refusal::Size,
        true,
        format!(
            "the {b} board is too wide for the frontier engine with the {piece}: its row-major frontier does not fit; {fix}"
        ),
    )
}

/// No tour of `kind` on `g` by the degrees, connectivity or colours alone.
pub(super) fn impossible(g: &LeapGraph, kind: TourKind) -> bool {
    g.no_tour(kind == TourKind::Open).is_some()
        || (kind == TourKind::Closed && g.closed_tour_impossible().is_some())
}
