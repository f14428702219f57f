//! The plane board's symmetry group: D4 (8 elements) on a square board, {identity, half
//! turn, two mirrors} on an oblong one, each element a [`Sym`] acting on (row, col).

use crate::board::Board;
use crate::graph::LeapGraph;

/// One symmetry of the board, acting on (row, col).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sym {
    /// Identity.
    Id,
    /// Quarter turn clockwise (square boards only).
    Rot90,
    /// Half turn.
    Rot180,
    /// Quarter turn anticlockwise (square boards only).
    Rot270,
    /// Mirror in the horizontal axis (rows reversed).
    FlipRows,
    /// Mirror in the vertical axis (columns reversed).
    FlipCols,
    /// Mirror in the main diagonal (square boards only).
    Transpose,
    /// Mirror in the anti-diagonal (square boards only).
    AntiTranspose,
}

impl Sym {
    /// All 8 elements of D4.
    pub const D4: [Sym; 8] = [
        Sym::Id,
        Sym::Rot90,
        Sym::Rot180,
        Sym::Rot270,
        Sym::FlipRows,
        Sym::FlipCols,
        Sym::Transpose,
        Sym::AntiTranspose,
    ];
    /// The 4 elements that map an oblong board to itself.
    pub const OBLONG: [Sym; 4] = [Sym::Id, Sym::Rot180, Sym::FlipRows, Sym::FlipCols];

    /// The board's symmetry group, identity first.
    pub fn group(board: Board) -> &'static [Sym] {
        if board.is_square() {
            &Self::D4
        } else {
            &Self::OBLONG
        }
    }

    /// Image of (r, c) on an m×n board (m = n for the square-only elements).
    #[inline]
    pub fn apply(self, board: Board, r: u32, c: u32) -> (u32, u32) {
        let (m, n) = (board.rows - 1, board.cols - 1);
        match self {
            Sym::Id => (r, c),
            Sym::Rot90 => (c, m - r),
            Sym::Rot180 => (m - r, n - c),
            Sym::Rot270 => (n - c, r),
            Sym::FlipRows => (m - r, c),
            Sym::FlipCols => (r, n - c),
            Sym::Transpose => (c, r),
            Sym::AntiTranspose => (n - c, m - r),
        }
    }

    /// Image of a cell number.
    pub fn apply_cell(self, board: Board, cell: u32) -> u32 {
        let (r, c) = board.coords(cell);
        let (r2, c2) = self.apply(board, r, c);
        board.cell(r2, c2)
    }

    /// Composition: `(self ∘ other)(x) = self(other(x))`, found by acting on a probe board.
    pub fn compose(self, other: Sym) -> Sym {
        let b = Board::new(3, 3);
        let probe = |s: Sym| -> Vec<u32> { (0..9).map(|c| s.apply_cell(b, c)).collect() };
        let want: Vec<u32> = (0..9)
            .map(|c| self.apply_cell(b, other.apply_cell(b, c)))
            .collect();
        *Sym::D4
            .iter()
            .find(|&&s| probe(s) == want)
            .expect("D4 is closed")
    }

    /// The edge permutation this symmetry induces on `g`'s edges.
    pub fn edge_map(self, g: &LeapGraph) -> Vec<u32> {
        let b = g.board();
        g.edges()
            .iter()
            .map(|&(u, v)| {
                let (u2, v2) = (self.apply_cell(b, u), self.apply_cell(b, v));
                g.edge_index(u2, v2)
                    .expect("piece moves are closed under the board's symmetries")
            })
            .collect()
    }
}

/// The plane board's group as edge permutations of `g` (a plane graph), identity first, in
/// the order of [`Sym::group`].
pub fn group_edge_maps(g: &LeapGraph) -> Vec<Vec<u32>> {
    Sym::group(g.board())
        .iter()
        .map(|s| s.edge_map(g))
        .collect()
}
