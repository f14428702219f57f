//! One cell of the dense counter, updated in place.
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

use super::arith::Arith;
use super::lowops::LowPlan;
use super::rank::Ranks;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// What cell (r, c) allows.
#[derive(Clone, Copy, Debug)]
pub struct Cell {
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

impl Cell {
    /// The alternating sum ([`super::rank::alternating`]) the low part of a word with
    /// high part `high` must have for the word to hold partial tours, or `None` when no
    /// low part has it.
    ///
    /// Every swept cell has degree 2 and every edge inside the swept region joins a black
    /// and a white cell, so counting edge ends with + on black cells and − on white ones,
    /// the plugs' signs add up to `sum`. A plug at digit j hangs from a cell whose sign
    /// is (−1)^j (the rows alternate direction, which keeps this true on every row),
    /// except the one at [`Self::flip`]. So the alternating sum of a word with partial
    /// tours is `sum + 2(−1)^flip` when `flip` holds a plug, `sum` otherwise: about two
    /// words in three are always zero, and [`super::blocks`] and [`super::lowops`] skip
    /// them.
    pub fn low_sum(&self, high: u64, h: u32) -> i32 {
        let flip_plug = i32::from((high >> (2 * (self.flip - h))) & 3 != 0);
        let sign = if self.flip % 2 == 0 { 1 } else { -1 };
        self.sum + 2 * sign * flip_plug - super::rank::alternating(high, h)
    }
}

/// Bits of the pair (lo digit first) at digits c, c + 1.
pub(super) const fn pair(lo: u64, hi: u64) -> u64 {
    lo | (hi << 2)
}
pub(super) const NO_PLUG: u64 = pair(0, 0);
pub(super) const NEW_PATH: u64 = pair(1, 2);
pub(super) const JOIN_PATHS: u64 = pair(2, 1);
pub(super) const OPEN_LO: u64 = pair(1, 0);
pub(super) const OPEN_HI: u64 = pair(0, 1);
pub(super) const CLOSE_LO: u64 = pair(2, 0);
pub(super) const CLOSE_HI: u64 = pair(0, 2);
pub(super) const OPEN_OPEN: u64 = pair(1, 1);
pub(super) const CLOSE_CLOSE: u64 = pair(2, 2);

/// Run `f(index, word)` over every balanced word, in parallel over blocks of high parts.
pub(super) fn for_each_word(r: &Ranks, f: impl Fn(usize, u64) + Sync) {
    let per = (r.highs.len() / 256).max(1);
    r.highs.par_chunks(per).for_each(|chunk| {
        for &(high, offset, e) in chunk {
            let base = high << (2 * r.h);
            for (k, &low) in r.lows[e as usize].iter().enumerate() {
                f(offset as usize + k, base | u64::from(low));
            }
        }
    });
}

/// Apply `cell` to every word's count in `v`, in place: by whole blocks when the cell's
/// digits are in the high part ([`super::blocks`]), by moves listed per block layout when
/// they are in the low part ([`super::lowops`]), word by word when they straddle.
pub fn step<A: Arith>(r: &Ranks, low: &LowPlan, v: &[AtomicU64], cell: Cell, a: A) {
    if cell.c >= r.h {
        super::blocks::step(r, v, cell, a);
    } else if cell.c + 1 < r.h {
        low.step(r, v, cell, a);
    } else {
        step_words(r, v, cell, a);
    }
}

/// [`step`] word by word (any cell).
pub fn step_words<A: Arith>(r: &Ranks, v: &[AtomicU64], cell: Cell, a: A) {
    let shift = 2 * cell.c;
    let clear = !(15u64 << shift);
    let with = |w: u64, p: u64| (w & clear) | (p << shift);
    // Pass 1: each group from its own old values.
    for_each_word(r, |i, w| match (w >> shift) & 15 {
        NO_PLUG => {
            let i_new = r.rank(with(w, NEW_PATH));
            let i_join = r.rank_checked(with(w, JOIN_PATHS));
            let v00 = v[i].load(Relaxed);
            let v21 = i_join.map_or(0, |j| v[j].load(Relaxed));
            // A path's two ends meeting here would close a cycle before the last cell:
            // the old value of the new-path word is dropped.
            let fresh = if cell.out_lo && cell.out_hi { v00 } else { 0 };
            v[i_new].store(fresh, Relaxed);
            v[i].store(v21, Relaxed);
            if let Some(j) = i_join {
                v[j].store(0, Relaxed);
            }
        }
        p @ (OPEN_LO | CLOSE_LO) => {
            let j = r.rank(with(w, if p == OPEN_LO { OPEN_HI } else { CLOSE_HI }));
            let (x, y) = (v[i].load(Relaxed), v[j].load(Relaxed));
            if x | y != 0 {
                let s = a.add(x, y);
                v[i].store(if cell.out_lo { s } else { 0 }, Relaxed);
                v[j].store(if cell.out_hi { s } else { 0 }, Relaxed);
            }
        }
        _ => {}
    });
    // Pass 2: the joins that turn a distant bracket round.
    for_each_word(r, |i, w| {
        let p = (w >> shift) & 15;
        if p != OPEN_OPEN && p != CLOSE_CLOSE {
            return;
        }
        let x = v[i].load(Relaxed);
        if x == 0 {
            return;
        }
        let target = if p == OPEN_OPEN {
            // The `)` matching the `(` at c + 1 becomes `(`.
            let q = partner_right(w, cell.c + 1, r.len).expect("a ) to the right");
            join_target(w, cell.c, q, 1)
        } else {
            // The `(` matching the `)` at c becomes `)`.
            let q = partner_left(w, cell.c).expect("a ( to the left");
            join_target(w, cell.c, q, 2)
        };
        a.add_atomic(&v[r.rank(target)], x);
        v[i].store(0, Relaxed);
    });
}

/// The word `w` after the join at digits `c`, `c + 1`: both cleared, and digit `q` (the
/// partner bracket) set to `d`.
#[inline]
pub(super) fn join_target(w: u64, c: u32, q: u32, d: u64) -> u64 {
    (w & !(15u64 << (2 * c)) & !(3u64 << (2 * q))) | (d << (2 * q))
}

/// Digit of the `)` matching the `(` at digit `at`, looking at digits below `len` only.
pub(super) fn partner_right(w: u64, at: u32, len: u32) -> Option<u32> {
    let mut depth = 0i32;
    for q in at..len {
        match (w >> (2 * q)) & 3 {
            1 => depth += 1,
            2 => {
                depth -= 1;
                if depth == 0 {
                    return Some(q);
                }
            }
            _ => {}
        }
    }
    None
}

/// Digit of the `(` matching the `)` at digit `at`.
pub(super) fn partner_left(w: u64, at: u32) -> Option<u32> {
    let mut depth = 0i32;
    for q in (0..=at).rev() {
        match (w >> (2 * q)) & 3 {
            2 => depth += 1,
            1 => {
                depth -= 1;
                if depth == 0 {
                    return Some(q);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partners_match_brackets() {
        // ( ( ) ( ) )  digits 0..6
        let w: u64 = [1u64, 1, 2, 1, 2, 2]
            .iter()
            .enumerate()
            .map(|(i, d)| d << (2 * i))
            .sum();
        assert_eq!(partner_right(w, 0, 6), Some(5));
        assert_eq!(partner_right(w, 1, 6), Some(2));
        assert_eq!(partner_right(w, 3, 6), Some(4));
        assert_eq!(
            partner_right(w, 0, 5),
            None,
            "its ) is past the digits looked at"
        );
        assert_eq!(partner_left(w, 5), Some(0));
        assert_eq!(partner_left(w, 4), Some(3));
    }
}
