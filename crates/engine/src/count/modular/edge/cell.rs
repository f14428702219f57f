//! One cell of the edge counter, updated in place.
//!
//! Cell (r, c) reads the plugs at word digits `c` and `c + 1` and writes its two outgoing
//! plugs at the same digits ([`super`] explains the boustrophedon order that makes this
//! true in both directions). Words that differ only in those two digits form a *group*;
//! every transition stays inside its group except the joins of two `(` or two `)`, which
//! also turn the partner bracket round and so land in another group, always on its
//! word with no plug at `c`, `c + 1`. So a cell is two passes over the dense array:
//!
//! 1. each group is rewritten from its own old values (the group's word with no plug at
//!    the pair leads it), leaving the `((` and `))` words alone;
//! 2. each `((` or `))` word adds its value to its join target and is cleared.
//!
//! No slot is written by two groups in pass 1, and pass 2 writes only the no-plug words
//! of pass 1's results, with atomic additions because two words may join into the same
//! target. Additions modulo 2^64 or a prime do not depend on their order, so the result
//! is the same whatever the number of threads.

use crate::count::modular::rank::alternating;

/// What cell (r, c) allows.
#[derive(Clone, Copy, Debug)]
pub struct EdgeCell {
    /// The first of the two digits the cell reads and writes.
    pub c: u32,
    /// An edge may leave through digit `c` (down or left, by the row's direction).
    pub out_lo: bool,
    /// An edge may leave through digit `c + 1` (right or down).
    pub out_hi: bool,
    /// Twice the black cells minus the white cells swept so far, (r + c) even being black.
    pub sum: i32,
    /// The digit whose plug hangs from a cell of the other colour than the alternating
    /// pattern says: `c` in a left-to-right row, `c + 1` in a right-to-left row.
    pub flip: u32,
}

impl EdgeCell {
    /// The alternating sum ([`alternating`]) the low part of a word with
    /// high part `high` must have for the word to hold partial tours, or `None` when no
    /// low part has it.
    ///
    /// Every swept cell has degree 2 and every edge inside the swept region joins a black
    /// and a white cell, so counting edge ends with + on black cells and − on white ones,
    /// the plugs' signs add up to `sum`. A plug at digit j hangs from a cell whose sign
    /// is (−1)^j (the rows alternate direction, which keeps this true on every row),
    /// except the one at [`Self::flip`]. So the alternating sum of a word with partial
    /// tours is `sum + 2(−1)^flip` when `flip` holds a plug, `sum` otherwise: about two
    /// words in three are always zero, and [`super::high`] and [`super::low`] skip
    /// them.
    pub fn low_sum(&self, high: u64, h: u32) -> i32 {
        let flip_plug = i32::from((high >> (2 * (self.flip - h))) & 3 != 0);
        let sign = if self.flip % 2 == 0 { 1 } else { -1 };
        self.sum + 2 * sign * flip_plug - alternating(high, h)
    }
}
