//! The sweep of the vertex counter: the board's rows left to right, each cell applied by
//! the step that suits where its two digits lie in the word, and the end of each row.

use super::cell::Cell;
use super::flips::Flips;
use super::high::{self, JoinPlan};
use super::low::LowPlan;
use super::middle::Tops;
use super::word;
use crate::count::crt::Modulus;
use crate::count::modular::arith::{Arith, ModP, Wrapping};
use crate::count::modular::limits::{Progress, check_width};
use crate::count::modular::rank::{Ranks, alternating, motzkin};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use tourglyph_core::board::Board;
use tourglyph_core::error::Result;

/// The number of closed rook tours of `board` modulo `m`, on the vertex frontier.
///
/// ```
/// use tourglyph_core::Board;
/// use tourglyph_engine::count::{crt::Modulus, modular::vertex::count_mod};
/// assert_eq!(count_mod(Board::new(6, 6), Modulus::TwoTo64, None).unwrap(), 1072);
/// assert_eq!(count_mod(Board::new(4, 7), Modulus::Int(5), None).unwrap(), 92 % 5);
/// ```
pub fn count_mod(board: Board, m: Modulus, progress: Progress<'_>) -> Result<u64> {
    check_width(board)?;
    let (w, rows) = (board.rows.min(board.cols), board.rows.max(board.cols));
    if board.cells() % 2 == 1 || w < 2 {
        return Ok(0);
    }
    Ok(match m {
        Modulus::TwoTo64 => sweep(w, rows, Wrapping, progress, Mode::Blocks),
        Modulus::Int(p) => sweep(w, rows, ModP(p), progress, Mode::Blocks) % p,
    })
}

/// How cells are applied: the structured steps, or word by word everywhere (the
/// reference the structured steps are tested against).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `high`, `low` and `word` by column.
    Blocks,
    /// `word` for every column.
    Words,
}

/// [`count_mod`] modulo 2^64 with the cells applied as `mode` says (for tests).
pub fn count_wrapping(board: Board, mode: Mode) -> u64 {
    let (w, rows) = (board.rows.min(board.cols), board.rows.max(board.cols));
    if board.cells() % 2 == 1 || w < 2 {
        return 0;
    }
    sweep(w, rows, Wrapping, None, mode)
}

/// Bytes of peak memory for a board `w` wide: a residue per word, the rank tables and
/// the run lists of the low half.
pub fn bytes(w: u32) -> f64 {
    let words = motzkin(w) as f64;
    words * 8.0 + Ranks::bytes(w) + 2.0 * words.sqrt() * f64::from(w) * 64.0 + 4e6
}

/// Sweep a `rows × w` board row by row.
fn sweep<A: Arith>(w: u32, rows: u32, a: A, progress: Progress<'_>, mode: Mode) -> u64 {
    let r = Ranks::new(w);
    let tops = Tops::new(&r);
    let flips = Flips::new(&r);
    let plan = LowPlan::new(&r, &flips);
    let joins = JoinPlan::new(&r);
    let v: Vec<AtomicU64> = (0..r.count)
        .into_par_iter()
        .map(|_| AtomicU64::new(0))
        .collect();
    v[r.rank(0)].store(1, Relaxed);
    let total = (w * rows) as usize;
    let mut s = 0i32;
    for row in 0..rows {
        let sr = if row % 2 == 0 { 1 } else { -1 };
        let last = row + 1 == rows;
        for c in 0..w - 1 {
            if last && c + 2 == w {
                // Cell (r, w − 2) of the last row must close the cycle into the last
                // cell, whose up edge is the other end, with nothing else open.
                return v[r.rank((1u64 << (2 * c)) | (2u64 << (2 * (c + 1))))].load(Relaxed);
            }
            let delta = if (row + c) % 2 == 0 { 1 } else { -1 };
            let cell = Cell {
                c,
                sr,
                s,
                delta,
                down: !last,
            };
            match mode {
                Mode::Words => word::step(&r, &v, &cell, a),
                Mode::Blocks if c >= r.h => high::step(&r, &flips, &joins, &v, &cell, a),
                Mode::Blocks if c + 1 < r.h => plan.step(&r, &v, &cell, a),
                Mode::Blocks => tops.step(&r, &v, &cell, a),
            }
            s += 2 * delta;
            if let Some(p) = progress {
                p((row * w + c + 1) as usize, total);
            }
        }
        row_end(&r, &v, w, sr, s);
        s += 2 * if (row + w - 1) % 2 == 0 { 1 } else { -1 };
    }
    unreachable!("the last row returns")
}

/// The last cell of a row, (r, w − 1), can only go down: its words of degree 0 die
/// (blank top digit, R = S with R over the digits below it), the others keep their
/// slot, which now stands for the down edge; and the first cell of the next row reads
/// its up edge at digit 0 as its own state (a plug: degree 1; blank: degree 0).
fn row_end(r: &Ranks, v: &[AtomicU64], w: u32, sr: i32, s: i32) {
    let top = 3u64 << (2 * (w - 1 - r.h));
    r.highs.par_iter().for_each(|&(hp, off, e)| {
        if hp & top != 0 {
            return;
        }
        // R = sr·(alternating(low) + alternating(high)): every digit is below w − 1.
        let range = r.with_sum(e, sr * s - alternating(hp, r.h));
        for x in &v[off as usize + range.start..off as usize + range.end] {
            x.store(0, Relaxed);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::modular::edge::count_mod_edge;

    #[test]
    fn both_modes_equal_the_edge_counter_on_small_boards() {
        for rows in 2..=9 {
            for cols in 2..=9 {
                let b = Board::new(rows, cols);
                let edge = count_mod_edge(b, Modulus::TwoTo64, None).unwrap();
                assert_eq!(count_wrapping(b, Mode::Words), edge, "{b} word by word");
                assert_eq!(count_wrapping(b, Mode::Blocks), edge, "{b} by blocks");
            }
        }
    }
}
