//! The dense counter on a *vertex* frontier: one residue per balanced word of `w` digits
//! (the Motzkin number M(w)) for a board `w` wide, where the edge frontier of
//! [`super`] needs M(w + 1), about 2.8 times as many, and FastGridPathCounter
//! (Tatarevic 2024, after Iwashita, Nakazawa, Kawahara, Uno and Minato, TCS-TR-A-13-64,
//! 2013) keeps M(w) + M(w − 1).
//!
//! Rows are swept left to right, all in the same direction. Before cell (r, c), digit
//! `j` of the word stands for column `j`:
//!
//! - `j < c`: the edge leaving cell (r, j) downwards;
//! - `j > c`: the edge entering cell (r, j) from above;
//! - `j = c`: cell (r, c) itself, whose left and up edges are decided: with one of them
//!   it is the end of a path, written as that end's bracket; with none (degree 0) or both
//!   (degree 2) the digit is blank.
//!
//! A cell ([`Cell`]) decides the right and down edges of cell (r, c) and merges its right
//! edge with the up edge of cell (r, c + 1): it reads digits `c` and `c + 1` and writes
//! them back in place (the down edge at `c`, cell (r, c + 1) at `c + 1`).
//!
//! **Degree 0 and degree 2 share the blank digit; the checkerboard colouring tells them
//! apart**, and it also marks most words as always zero. Colour cell (r, c) with
//! (−1)^(r + c) and let δ be the colour of the current cell. Add up, over every edge end
//! at a swept cell, the colour of that cell: every swept cell has degree 2, so the total
//! is S = 2·(black − white swept cells). An edge with both ends swept adds +1 − 1 = 0; a
//! dangling edge adds the colour of its swept end. The dangling edges are the plugs of
//! the word outside digit `c`: digit j < c hangs from (r, j), colour (−1)^(r + j);
//! digit j > c from (r − 1, j), colour −(−1)^(r + j), which is δ for j = c + 1; and the
//! k decided edges of cell (r, c) (its degree so far), which hang from (r, c − 1) and
//! (r − 1, c), both of colour −δ. With R the colour sum of the plugs outside digits `c`
//! and `c + 1` and `b` = 1 when digit `c + 1` holds a plug, S = R + δ·b − δ·k, so a word
//! can hold partial tours only when:
//!
//! - digit `c` blank, degree 0: R + δ·b = S;
//! - digit `c` a bracket (degree 1): R + δ·b = S + δ;
//! - digit `c` blank, degree 2: R + δ·b = S + 2δ.
//!
//! So the word alone says which blank it is, and every other word is zero. The cell's
//! transitions keep this exact (`word` lists them); the groups of words that differ
//! only at `c`, `c + 1` and have R = S + 2δ need no work at all.
//!
//! The words are ranked by [`Ranks`] (a low half and a high half of the digits, two
//! table look-ups, no stored keys) and the residues live in one array updated in place:
//! by whole blocks when the cell's digits are in the high half (`high`), by runs
//! listed once per column when they are in the low half (`low`), and by a table of
//! top-digit swaps in the one column that straddles (`straddle`). Joins into another
//! block are grouped by target block (`targets`), so no two threads write one word
//! and no addition is atomic.

mod flips;
mod high;
mod low;
mod straddle;
mod targets;
pub(super) mod word;

use super::arith::{Arith, ModP, Wrapping};
use super::rank::{Ranks, alternating};
use super::{Progress, check_width};
use crate::count::crt::Modulus;
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
    let words = super::rank::motzkin(w) as f64;
    words * 8.0 + Ranks::bytes(w) + 2.0 * words.sqrt() * f64::from(w) * 64.0 + 4e6
}

/// One cell: (r, c) and what the colouring and the border allow.
#[derive(Clone, Copy, Debug)]
pub struct Cell {
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

impl Cell {
    /// R of a whole word: the colour sum of its plugs outside digits `c` and `c + 1`.
    #[inline(always)]
    pub fn rest(&self, word: u64) -> i32 {
        let below = (1u64 << (2 * self.c)) - 1;
        let above = !((1u64 << (2 * (self.c + 2))) - 1);
        self.sr * (alternating(word & below, 0) - alternating(word & above, 0))
    }
}

/// Sweep a `rows × w` board row by row.
fn sweep<A: Arith>(w: u32, rows: u32, a: A, progress: Progress<'_>, mode: Mode) -> u64 {
    let r = Ranks::new(w);
    let tops = straddle::Tops::new(&r);
    let flips = flips::Flips::new(&r);
    let plan = low::LowPlan::new(&r, &flips);
    let joins = high::JoinPlan::new(&r);
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

    #[test]
    fn both_modes_equal_the_edge_counter_on_small_boards() {
        for rows in 2..=9 {
            for cols in 2..=9 {
                let b = Board::new(rows, cols);
                let edge = super::super::count_mod_edge(b, Modulus::TwoTo64, None).unwrap();
                assert_eq!(count_wrapping(b, Mode::Words), edge, "{b} word by word");
                assert_eq!(count_wrapping(b, Mode::Blocks), edge, "{b} by blocks");
            }
        }
    }
}
