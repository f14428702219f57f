//! The sweep of the edge counter: the board's rows in boustrophedon order, each cell
//! applied by the step that suits where its two digits lie in the word.

use super::cell::EdgeCell;
use super::high;
use super::low::EdgeLowPlan;
use super::word::step_words;
use crate::count::crt::Modulus;
use crate::count::modular::arith::{Arith, ModWide, Wrapping};
use crate::count::modular::limits::check_width;
use crate::count::modular::rank::Ranks;
use crate::count::progress::ProgressFn;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use tourglyph_core::board::Board;
use tourglyph_core::error::Result;

/// The number of closed rook tours of `board` modulo `m`, on the edge frontier of `w + 1`
/// digits (the first dense counter, kept as an independent oracle of the vertex counter,
/// [`crate::count::modular::vertex`]).
///
/// ```
/// use tourglyph_core::Board;
/// use tourglyph_engine::count::{crt::Modulus, modular::count_mod_edge};
/// assert_eq!(count_mod_edge(Board::new(6, 6), Modulus::TwoTo64, None).unwrap(), 1072);
/// ```
pub fn count_mod_edge(board: Board, m: Modulus, progress: ProgressFn<'_>) -> Result<u64> {
    check_width(board)?;
    let (w, rows) = (board.rows.min(board.cols), board.rows.max(board.cols));
    if board.cells() % 2 == 1 || w < 2 {
        return Ok(0);
    }
    Ok(match m {
        Modulus::TwoTo64 => sweep(w, rows, Wrapping, progress),
        // The general addition for every P (the oracle of the vertex counter, which
        // takes the shorter one below 2^63).
        Modulus::Int(p) => sweep(w, rows, ModWide(p), progress) % p,
    })
}

/// Sweep a `rows × w` board (`w` the frontier), rows in boustrophedon order.
fn sweep<A: Arith>(w: u32, rows: u32, a: A, progress: ProgressFn<'_>) -> u64 {
    let r = Ranks::new(w + 1);
    let low = EdgeLowPlan::new(&r);
    let v: Vec<AtomicU64> = std::iter::repeat_with(|| AtomicU64::new(0))
        .take(r.count as usize)
        .collect();
    v[r.rank(0)].store(1, Relaxed);
    let total = (w * rows) as usize;
    let mut done = 0;
    let mut black_minus_white = 0i32;
    for row in 0..rows {
        let forward = row % 2 == 0;
        let last_row = row + 1 == rows;
        for k in 0..w {
            let c = if forward { k } else { w - 1 - k };
            if last_row && k + 1 == w {
                // The last cell: its left-and-up (or up-and-right) plugs are the two ends
                // of the one remaining path, and nothing else is open.
                let closing = 1 | (2 << 2);
                return v[r.rank(closing << (2 * c))].load(Relaxed);
            }
            let out_lo = if forward { !last_row } else { c > 0 };
            let out_hi = if forward { c + 1 < w } else { !last_row };
            let cell = EdgeCell {
                c,
                out_lo,
                out_hi,
                sum: 2 * black_minus_white,
                flip: if forward { c } else { c + 1 },
            };
            step(&r, &low, &v, cell, a);
            black_minus_white += if (row + c) % 2 == 0 { 1 } else { -1 };
            done += 1;
            if let Some(p) = progress {
                p(done, total);
            }
        }
    }
    unreachable!("the last cell returns")
}

/// Apply `cell` to every word's count in `v`, in place: by whole blocks when the cell's
/// digits are in the high part ([`super::high`]), by moves listed per block layout when
/// they are in the low part ([`super::low`]), word by word when they straddle
/// ([`super::word`]).
pub fn step<A: Arith>(r: &Ranks, low: &EdgeLowPlan, v: &[AtomicU64], cell: EdgeCell, a: A) {
    if cell.c >= r.h {
        high::step(r, v, cell, a);
    } else if cell.c + 1 < r.h {
        low.step(r, v, cell, a);
    } else {
        step_words(r, v, cell, a);
    }
}
