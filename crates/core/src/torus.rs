//! Tours on the torus: what is accepted (the torus's symmetry group is
//! [`crate::symmetry::torus`]).
//!
//! On the torus (`--torus`) the board's left and right edges are joined, and its top and
//! bottom; a closed rook tour is then a Hamiltonian cycle of the torus grid graph
//! C_m × C_n. The leap graph carries the topology ([`Topology::Torus`]); the frontier
//! engine needs nothing else, since it works on any graph whose edges come in increasing
//! (u, v) order. Its frontier is wider, though: cell (0, c)'s wrap edge to (m−1, c) is
//! numbered among row 0's edges, so the bottom row enters the frontier at once and stays
//! until the end — about `2·cols + 1` slots instead of `cols + 1`. The number of frontier
//! states grows roughly like the square of the plane's for the same width (an 8×8 torus
//! costs about what a 16-column plane board does), and a state must fit 128 bits, which
//! stops the diagram at 12 columns. Plain counts do not build the diagram: the engine's
//! torus counter (`count::torus`) cuts the torus open along a row boundary and sweeps the
//! cylinder once per class of seams, 9×9 in seconds.

use crate::board::Board;
use crate::error::{Error, Result};
use crate::graph::{LeapGraph, Topology};
use crate::piece::Piece;
use crate::symmetry;
use crate::tour::TourKind;

/// The smallest side of a torus board: on a side of 2 the two moves along it reach the
/// same cell and the cycle would need that edge twice.
pub const MIN_SIDE: u32 = 3;

/// Largest group for which class tables are built (an 8×8 square torus has 512
/// elements; the tables take `order × edges × 64` bytes, 33 MB there).
pub const MAX_CLASS_GROUP: usize = 8 * 100;

/// Check that a torus request is one the engines handle: closed rook tours, sides ≥ 3.
/// The error says what to change.
pub fn check(board: Board, piece: &Piece, kind: TourKind) -> Result<()> {
    if !piece.is_rook() {
        return Err(Error::usage(format!(
            "--torus is for closed rook tours; the {piece} is not supported there: drop --piece or --torus"
        )));
    }
    if kind == TourKind::Open {
        return Err(Error::usage(
            "--torus is for closed tours (a tile's line must continue across every border): drop --open or --torus",
        ));
    }
    if board.rows < MIN_SIDE || board.cols < MIN_SIDE {
        return Err(Error::usage(format!(
            "--torus needs both sides at least {MIN_SIDE} (on a side of 2 a move and its wrap-around join the same two cells); {board} is too small"
        )));
    }
    Ok(())
}

/// The leap graph of the rook on the `board` torus, after [`check`].
pub fn graph(board: Board, piece: &Piece, kind: TourKind) -> Result<LeapGraph> {
    check(board, piece, kind)?;
    LeapGraph::with_topology(board, piece, Topology::Torus)
}

/// Refuse classes on a torus whose group would make the class tables too large.
pub fn check_classes(board: Board) -> Result<()> {
    let order = symmetry::torus::order(board);
    if order > MAX_CLASS_GROUP {
        return Err(Error::usage(format!(
            "classes on the {board} torus would test {order} symmetries per tour; they are listed on tori whose group has at most 800 (100 cells square, 200 oblong), and `count --torus --classes` counts them on bigger tori"
        )));
    }
    Ok(())
}

/// True when the edge {u, v} of a torus graph wraps around (joins cells that are not
/// neighbours on the plane board).
pub fn is_wrap(board: Board, u: u32, v: u32) -> bool {
    let (r1, c1) = board.coords(u);
    let (r2, c2) = board.coords(v);
    r1.abs_diff(r2) + c1.abs_diff(c2) != 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_the_fix() {
        let b = Board::new(4, 4);
        let e = check(b, &Piece::knight(), TourKind::Closed).unwrap_err();
        assert!(
            e.is_usage() && e.to_string().contains("drop --piece"),
            "{e}"
        );
        let e = check(b, &Piece::rook(), TourKind::Open).unwrap_err();
        assert!(e.to_string().contains("drop --open"), "{e}");
        let e = check(Board::new(2, 5), &Piece::rook(), TourKind::Closed).unwrap_err();
        assert!(e.to_string().contains("at least 3"), "{e}");
        assert!(is_wrap(b, 0, 3) && is_wrap(b, 0, 12) && !is_wrap(b, 0, 1));
    }
}
