//! The sweep of the vertex counter: the board's rows left to right, each cell applied by
//! the step that suits where its two digits lie in the word, and the end of each row.

use super::cell::VertexCell;
use super::flips::Flips;
use super::high::{self, JoinPlan};
use super::low::VertexLowPlan;
use super::middle::Tops;
use super::word;
use crate::count::crt::Modulus;
use crate::count::modular::arith::{Arith, ModP, ModWide, Wrapping};
use crate::count::modular::limits::check_width;
use crate::count::modular::rank::{Ranks, alternating, motzkin};
use crate::count::modular::slot::{AtomicSlot, Width};
use crate::count::progress::ProgressFn;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64};
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
pub fn count_mod(board: Board, m: Modulus, progress: ProgressFn<'_>) -> Result<u64> {
    count_mod_width(board, m, Width::narrowest(m), progress)
}

/// [`count_mod`] with each word's residue stored in `width` bits: a usage error when
/// residues modulo `m` do not fit ([`Width::check`]).
///
/// ```
/// use tourglyph_core::Board;
/// use tourglyph_engine::count::{crt::Modulus, modular::slot::Width};
/// use tourglyph_engine::count::modular::vertex::count_mod_width;
/// let m = Modulus::Int(65_521);
/// assert_eq!(count_mod_width(Board::new(8, 8), m, Width::W16, None).unwrap(), 4_638_576 % 65_521);
/// assert!(count_mod_width(Board::new(8, 8), Modulus::TwoTo64, Width::W32, None).is_err());
/// ```
pub fn count_mod_width(
    board: Board,
    m: Modulus,
    width: Width,
    progress: ProgressFn<'_>,
) -> Result<u64> {
    check_width(board)?;
    width.check(m)?;
    let (w, rows) = (board.rows.min(board.cols), board.rows.max(board.cols));
    if board.cells() % 2 == 1 || w < 2 {
        return Ok(0);
    }
    Ok(match (m, width) {
        (Modulus::TwoTo64, _) => sweep::<AtomicU64, _>(w, rows, Wrapping, progress, Mode::Blocks),
        (Modulus::Int(p), Width::W64) if p > 1 << 63 => {
            sweep::<AtomicU64, _>(w, rows, ModWide(p), progress, Mode::Blocks) % p
        }
        (Modulus::Int(p), Width::W64) => {
            sweep::<AtomicU64, _>(w, rows, ModP(p), progress, Mode::Blocks) % p
        }
        (Modulus::Int(p), Width::W32) => {
            sweep::<AtomicU32, _>(w, rows, ModP(p), progress, Mode::Blocks) % p
        }
        (Modulus::Int(p), Width::W16) => {
            sweep::<AtomicU16, _>(w, rows, ModP(p), progress, Mode::Blocks) % p
        }
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
    sweep::<AtomicU64, _>(w, rows, Wrapping, None, mode)
}

/// Bytes of peak memory for a board `w` wide with 64-bit residues ([`bytes_width`]).
pub fn bytes(w: u32) -> f64 {
    bytes_width(w, Width::W64)
}

/// Bytes of peak memory for a board `w` wide with residues of `width`: a residue per
/// word, the rank tables and the run lists of the low half.
pub fn bytes_width(w: u32, width: Width) -> f64 {
    let words = motzkin(w) as f64;
    words * f64::from(width.bytes())
        + Ranks::bytes(w)
        + 2.0 * words.sqrt() * f64::from(w) * 64.0
        + 4e6
}

/// Sweep a `rows × w` board row by row, each word's residue in an `S`.
fn sweep<S: AtomicSlot, A: Arith>(
    w: u32,
    rows: u32,
    a: A,
    progress: ProgressFn<'_>,
    mode: Mode,
) -> u64 {
    let t = Tables::new(w);
    let v = t.start::<S>();
    t.rows(&v, rows, Bottom::Closed, a, progress, mode)
        .expect("a closed board's last row returns its count")
}

/// What the last row of a sweep meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bottom {
    /// The board's border: the tour closes at the last cells.
    Closed,
    /// An open side (a half board's axis): every cell of the last row may go down, and
    /// after the last row each word is the set of exits and their pairing, digit `j` the
    /// edge leaving column `j` downwards (a bracket) or none (blank).
    Exits,
}

/// The tables of one word length: the ranks and what each kind of column replays.
pub(crate) struct Tables {
    pub(crate) r: Ranks,
    tops: Tops,
    flips: Flips,
    plan: VertexLowPlan,
    joins: JoinPlan,
}

impl Tables {
    /// The tables for a frontier of `w` digits.
    pub(crate) fn new(w: u32) -> Self {
        let r = Ranks::new(w);
        let tops = Tops::new(&r);
        let flips = Flips::new(&r);
        let plan = VertexLowPlan::new(&r, &flips);
        let joins = JoinPlan::new(&r);
        Tables {
            r,
            tops,
            flips,
            plan,
            joins,
        }
    }

    /// The residues before the first cell: 1 for the empty word, 0 elsewhere.
    pub(crate) fn start<S: AtomicSlot>(&self) -> Vec<S> {
        let v: Vec<S> = (0..self.r.count)
            .into_par_iter()
            .map(|_| S::zero())
            .collect();
        v[self.r.rank(0)].set(1);
        v
    }

    /// Sweep `rows` rows of `v` (a board `self.r.len` wide) row by row: with a
    /// [`Bottom::Closed`] board, the count of closed tours; with [`Bottom::Exits`],
    /// `None`, the words of `v` then holding the exits of the last row.
    pub(crate) fn rows<S: AtomicSlot, A: Arith>(
        &self,
        v: &[S],
        rows: u32,
        bottom: Bottom,
        a: A,
        progress: ProgressFn<'_>,
        mode: Mode,
    ) -> Option<u64> {
        let Tables {
            r,
            tops,
            flips,
            plan,
            joins,
        } = self;
        let w = r.len;
        let total = (w * rows) as usize;
        let mut s = 0i32;
        for row in 0..rows {
            let sr = if row % 2 == 0 { 1 } else { -1 };
            let last = row + 1 == rows && bottom == Bottom::Closed;
            for c in 0..w - 1 {
                if last && c + 2 == w {
                    // Cell (r, w − 2) of the last row must close the cycle into the last
                    // cell, whose up edge is the other end, with nothing else open.
                    return Some(v[r.rank((1u64 << (2 * c)) | (2u64 << (2 * (c + 1))))].get());
                }
                let delta = if (row + c) % 2 == 0 { 1 } else { -1 };
                let cell = VertexCell {
                    c,
                    sr,
                    s,
                    delta,
                    down: !last,
                };
                match mode {
                    Mode::Words => word::step(r, v, &cell, a),
                    Mode::Blocks if c >= r.h => high::step(r, flips, joins, v, &cell, a),
                    Mode::Blocks if c + 1 < r.h => plan.step(r, v, &cell, a),
                    Mode::Blocks => tops.step(r, v, &cell, a),
                }
                s += 2 * delta;
                if let Some(p) = progress {
                    p((row * w + c + 1) as usize, total);
                }
            }
            row_end(r, v, w, sr, s);
            s += 2 * if (row + w - 1) % 2 == 0 { 1 } else { -1 };
            if let Some(p) = progress {
                p(((row + 1) * w) as usize, total);
            }
        }
        None
    }
}

/// The last cell of a row, (r, w − 1), can only go down: its words of degree 0 die
/// (blank top digit, R = S with R over the digits below it), the others keep their
/// slot, which now stands for the down edge; and the first cell of the next row reads
/// its up edge at digit 0 as its own state (a plug: degree 1; blank: degree 0).
fn row_end<S: AtomicSlot>(r: &Ranks, v: &[S], w: u32, sr: i32, s: i32) {
    let top = 3u64 << (2 * (w - 1 - r.h));
    r.highs.par_iter().for_each(|&(hp, off, e)| {
        if hp & top != 0 {
            return;
        }
        // R = sr·(alternating(low) + alternating(high)): every digit is below w − 1.
        let range = r.with_sum(e, sr * s - alternating(hp, r.h));
        for x in &v[off as usize + range.start..off as usize + range.end] {
            x.set(0);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::modular::count::count_exact_width;
    use crate::count::modular::edge::count_mod_edge;
    use crate::count::{crt, transfer};
    use num_bigint::BigUint;

    /// Squares to 12×12 and rectangles, with odd sides and both orientations.
    fn boards() -> Vec<Board> {
        let mut out: Vec<Board> = (1..=6).map(|n| Board::new(2 * n, 2 * n)).collect();
        out.extend(
            [
                (3, 8),
                (8, 3),
                (5, 6),
                (7, 10),
                (9, 4),
                (6, 11),
                (10, 12),
                (12, 7),
            ]
            .map(|(r, c)| Board::new(r, c)),
        );
        out
    }

    #[test]
    fn every_width_counts_what_the_transfer_matrix_counts() {
        // The transfer matrix (`count::transfer`, keys in a hash map, exact big integers)
        // is an independent counter; each width runs its own plan of moduli.
        for b in boards() {
            let exact = transfer::count_rook_tours(b, None).unwrap();
            let need = crt::need(b);
            for width in Width::ALL {
                let got = count_exact_width(b, need, width, None).unwrap();
                assert_eq!(got, exact, "{b} in {} bits", width.bits());
            }
        }
    }

    #[test]
    fn narrow_residues_are_the_exact_count_reduced() {
        // The largest moduli each width holds (2^16 itself, the largest primes below 2^16
        // and 2^32, a prime just below 2^63), and small primes: a residue stored in fewer
        // bits than its sums need would differ from the exact count reduced here. 2^63 is
        // the largest modulus of the short addition (`ModP`), 2^63 + 1 and the largest
        // prime below 2^64 go by the general one (`ModWide`).
        let moduli = [
            3u64,
            65_521,
            65_536,
            4_294_967_291,
            (1 << 32),
            (1 << 63) - 25,
            (1 << 63),
            (1 << 63) + 1,
            u64::MAX - 58,
        ];
        for b in [Board::new(14, 14), Board::new(12, 12), Board::new(10, 14)] {
            let exact = transfer::count_rook_tours(b, None).unwrap();
            assert!(
                exact.bits() > 32,
                "{b}: the sums must overflow the narrow widths"
            );
            for p in moduli {
                let want = u64::try_from(&exact % BigUint::from(p)).unwrap();
                for width in Width::ALL.into_iter().filter(|w| w.holds(Modulus::Int(p))) {
                    let got = count_mod_width(b, Modulus::Int(p), width, None).unwrap();
                    assert_eq!(got, want, "{b} mod {p} in {} bits", width.bits());
                }
            }
        }
    }

    #[test]
    fn a_width_too_narrow_for_the_modulus_is_refused_not_truncated() {
        let b = Board::new(8, 8);
        for (m, width) in [
            (Modulus::TwoTo64, Width::W16),
            (Modulus::TwoTo64, Width::W32),
            (Modulus::Int(65_537), Width::W16),
            (Modulus::Int((1 << 32) + 15), Width::W32),
        ] {
            let e = count_mod_width(b, m, width, None).unwrap_err();
            assert!(
                e.to_string().contains("does not fit"),
                "{m} in {width:?}: {e}"
            );
        }
    }

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
