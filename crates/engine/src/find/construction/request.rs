//! What `find` is asked ([`Request`]) and what it returns ([`FoundTour`], [`FindMethod`]).

use tourglyph_core::board::Board;
use tourglyph_core::piece::Piece;

/// What to find.
#[derive(Clone, Debug)]
pub struct Request {
    /// The board.
    pub board: Board,
    /// The piece.
    pub piece: Piece,
    /// Closed (true) or open.
    pub closed: bool,
    /// First cell of the printed tour (default cell 0).
    pub start: Option<u32>,
    /// Seed for random tie-breaks (default: Roth's deterministic rule).
    pub seed: Option<u64>,
}

/// How a tour was obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FindMethod {
    /// Backtracking Warnsdorff search.
    Search,
    /// One linear Warnsdorff pass.
    Warnsdorff,
    /// Divide-and-conquer construction.
    Construction,
}

/// A verified tour.
#[derive(Clone, Debug)]
pub struct FoundTour {
    /// Cells in order from the start, row-major numbers.
    pub cells: Vec<u32>,
    /// Closed?
    pub closed: bool,
    /// How it was found.
    pub method: FindMethod,
    /// Search nodes used (0 for the linear methods).
    pub nodes: u64,
}
