//! What a cell of the vertex counter allows: its column, the colours of its row and of
//! itself, the colour sum so far, and whether it may go down (the rest class R of
//! [`super`]'s colouring argument).

use crate::count::modular::rank::alternating;

/// One cell: (r, c) and what the colouring and the border allow.
#[derive(Clone, Copy, Debug)]
pub struct VertexCell {
    /// The column: the cell reads and writes digits `c` and `c + 1`.
    pub c: u32,
    /// (−1)^r.
    pub sr: i32,
    /// S: twice the black minus the white swept cells.
    pub s: i32,
    /// δ: the colour of (r, c).
    pub delta: i32,
    /// A down edge is allowed (not the last row).
    pub down: bool,
}

impl VertexCell {
    /// R of a whole word: the colour sum of its plugs outside digits `c` and `c + 1`.
    #[inline(always)]
    pub fn rest(&self, word: u64) -> i32 {
        let below = (1u64 << (2 * self.c)) - 1;
        let above = !((1u64 << (2 * (self.c + 2))) - 1);
        self.sr * (alternating(word & below, 0) - alternating(word & above, 0))
    }
}
