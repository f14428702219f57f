//! The tours a half turn or a mirror fixes, on the dense counter: a half board swept with
//! the vertex frontier, its final words glued to their images (Wynn 2014,
//! arXiv:1402.0545, section 3; the gluing rule is [`crate::count::glue::half_cycle`]),
//! a residue per modulus and the exact counts by the Chinese remainder theorem.
//!
//! A tour of an `2·rows × cols` board fixed by the half turn or by the mirror between
//! its middle rows is determined by its top half: the `rows × cols` half board covered by
//! paths whose ends leave it downwards through the axis. The vertex counter sweeps that
//! half with every cell of its last row free to go down (`Bottom::Exits`); after the
//! last row each word is a set of exits with their non-crossing pairing, and its residue
//! is the number of top halves with that boundary. A word is a fixed tour's top half
//! when its exits are symmetric under σ (j ↦ cols − 1 − j for the half turn, the
//! identity for the mirror) and its pairing joined with σ's image of it is one cycle.
//! Summing the residues of those words gives Fix modulo the run's modulus. The frontier
//! is as wide as the whole board's and the sweep half as long, so a residue of both
//! fixed counts costs about half a residue of the total, in the same memory.
//!
//! The bound that decides how many residues ([`crt::bound::half_log2`]): a fixed tour is
//! also determined by its top half as an edge set, in which every cell has degree 2
//! counting the exits, so Fix ≤ the number of such subgraphs, about the square root of
//! the total's bound.

use super::arith::{Arith, ModP, ModWide, Wrapping};
use super::limits::MAX_WIDTH;
use super::rank::Ranks;
use super::slot::AtomicSlot;
use super::vertex::Mode;
use super::vertex::sweep::{Bottom, Tables};
use crate::count::crt::{self, Modulus, Residue, Width};
use crate::count::glue;
use crate::count::progress::ProgressFn;
use num_bigint::BigUint;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64};
use tourglyph_core::board::Board;
use tourglyph_core::{error::Error, error::Result};

/// Residues of the tours a half board's gluing gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HalfFixed<T> {
    /// Fixed by the half turn.
    pub rot180: T,
    /// Fixed by the mirror between the two halves.
    pub mirror: T,
}

/// The `rows × cols` top half of a `2·rows × cols` board, checked: the frontier `cols`
/// from 2 to [`MAX_WIDTH`], at least one row.
fn check(cols: u32, rows: u32) -> Result<()> {
    if !(2..=MAX_WIDTH).contains(&cols) || rows == 0 {
        return Err(Error::usage(format!(
            "a half board of {rows} rows and {cols} columns: the dense counter sweeps half \
             boards 2 to {MAX_WIDTH} columns wide"
        )));
    }
    Ok(())
}

/// The tours of the `2·rows × cols` board fixed by the half turn and by the mirror
/// between its middle rows, modulo `m`, each word's residue in `width` bits (a usage
/// error when residues modulo `m` do not fit).
///
/// ```
/// use tourglyph_engine::count::{crt::Modulus, crt::Width, modular::fixed::half_mod_width};
/// // 6×6: 1072 tours, of which 28 are fixed by the half turn and 44 by a mirror.
/// let f = half_mod_width(6, 3, Modulus::TwoTo64, Width::W64, None).unwrap();
/// assert_eq!((f.rot180, f.mirror), (28, 44));
/// ```
pub fn half_mod_width(
    cols: u32,
    rows: u32,
    m: Modulus,
    width: Width,
    progress: ProgressFn<'_>,
) -> Result<HalfFixed<u64>> {
    check(cols, rows)?;
    width.check(m)?;
    Ok(match (m, width) {
        (Modulus::TwoTo64, _) => half::<AtomicU64, _>(cols, rows, Wrapping, progress),
        (Modulus::Int(p), Width::W64) if p > 1 << 63 => {
            half::<AtomicU64, _>(cols, rows, ModWide(p), progress)
        }
        (Modulus::Int(p), Width::W64) => half::<AtomicU64, _>(cols, rows, ModP(p), progress),
        (Modulus::Int(p), Width::W32) => half::<AtomicU32, _>(cols, rows, ModP(p), progress),
        (Modulus::Int(p), Width::W16) => half::<AtomicU16, _>(cols, rows, ModP(p), progress),
    })
}

/// The bound on both fixed counts of the `2·rows × cols` board ([`crt::bound::half_log2`]).
pub fn half_need(cols: u32, rows: u32) -> crt::Need {
    crt::Need::Log2(crt::bound::half_log2(cols, rows))
}

/// The exact fixed counts of the half turn and of the mirror between the middle rows of
/// the `2·rows × cols` board: a residue of both per modulus of
/// [`crt::plan_need`]`(need, width)` (each in the narrowest width holding its modulus),
/// combined by the Chinese remainder theorem; `need` is [`half_need`]`(cols, rows)`.
/// `progress` is called after every cell of every residue.
pub fn half_exact(
    cols: u32,
    rows: u32,
    need: crt::Need,
    width: Width,
    progress: ProgressFn<'_>,
) -> Result<HalfFixed<BigUint>> {
    check(cols, rows)?;
    let board = Board::new(2 * rows, cols);
    let moduli = crt::plan_need(need, width);
    let (mut turn, mut mirror) = (Vec::new(), Vec::new());
    for (i, &m) in moduli.iter().enumerate() {
        let tick = |done: usize, total: usize| {
            if let Some(p) = progress {
                p(i * total + done, moduli.len() * total);
            }
        };
        let f = half_mod_width(cols, rows, m, Width::narrowest(m), Some(&tick))?;
        let line = |residue| Residue::closed_rook(board, m, residue);
        turn.push(line(f.rot180));
        mirror.push(line(f.mirror));
    }
    Ok(HalfFixed {
        rot180: crt::combine_need(board, need, &turn)?,
        mirror: crt::combine_need(board, need, &mirror)?,
    })
}

/// Time (seconds, 2 threads on the reference machine) and peak memory (bytes) of one
/// residue of [`half_mod_width`]: a residue of a `rows × cols` board, whose sweep it is.
pub fn half_estimate(cols: u32, rows: u32, width: Width) -> (f64, f64) {
    let (seconds, bytes) = super::estimate_width(Board::new(cols, cols), width);
    // The estimate is linear in the cells; the gluing pass is about one more row.
    (seconds * f64::from(rows + 1) / f64::from(cols), bytes)
}

/// Sweep the half board and glue its final words.
fn half<S: AtomicSlot, A: Arith>(
    cols: u32,
    rows: u32,
    a: A,
    progress: ProgressFn<'_>,
) -> HalfFixed<u64> {
    let t = Tables::new(cols);
    let v = t.start::<S>();
    let none = t.rows(&v, rows, Bottom::Exits, a, progress, Mode::Blocks);
    debug_assert!(none.is_none());
    glue_words(&t.r, &v, a)
}

/// The sums, over the words of `v` that close into a tour fixed by the half turn and by
/// the mirror, of their residues.
fn glue_words<S: AtomicSlot, A: Arith>(r: &Ranks, v: &[S], a: A) -> HalfFixed<u64> {
    let w = r.len as usize;
    let turn = move |j: usize| w - 1 - j;
    let same = |j: usize| j;
    let per = (r.highs.len() / 256).max(1);
    let add = |x: HalfFixed<u64>, y: HalfFixed<u64>| HalfFixed {
        rot180: a.add(x.rot180, y.rot180),
        mirror: a.add(x.mirror, y.mirror),
    };
    let zero = HalfFixed {
        rot180: 0,
        mirror: 0,
    };
    r.highs
        .par_chunks(per)
        .map(|chunk| {
            let mut out = zero;
            let mut digits = [0u64; 32];
            for &(high, offset, e) in chunk {
                let base = high << (2 * r.h);
                let lows = &r.lows[e as usize];
                let block = &v[offset as usize..offset as usize + lows.len()];
                for (x, &low) in block.iter().zip(lows) {
                    let x = x.get();
                    if x == 0 {
                        continue;
                    }
                    let word = base | u64::from(low);
                    let exits = glue::exits_packed(word, w);
                    let (may_turn, may_mirror) = (
                        glue::half_exits_may_close(exits, w, true),
                        glue::half_exits_may_close(exits, w, false),
                    );
                    if !may_turn && !may_mirror {
                        continue;
                    }
                    for (j, d) in digits[..w].iter_mut().enumerate() {
                        *d = (word >> (2 * j)) & 3;
                    }
                    if may_turn && glue::half_cycle(&digits[..w], &turn) {
                        out.rot180 = a.add(out.rot180, x);
                    }
                    if may_mirror && glue::half_cycle(&digits[..w], &same) {
                        out.mirror = a.add(out.mirror, x);
                    }
                }
            }
            out
        })
        .reduce(|| zero, add)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::transfer::count_rook_classes;
    use tourglyph_core::symmetry::Sym;

    /// Every width, on the boards the transfer matrix's half-board sweeps count exactly.
    #[test]
    fn half_boards_count_what_the_transfer_matrix_counts() {
        let boards = [
            (2, 2),
            (4, 4),
            (6, 6),
            (8, 8),
            (10, 10),
            (2, 3),
            (4, 3),
            (4, 6),
            (6, 4),
            (6, 5),
            (8, 5),
            (12, 7),
        ];
        for (rows, cols) in boards {
            let board = Board::new(rows, cols);
            let c = count_rook_classes(board, None).unwrap();
            let fix = |g: Sym| c.fixed.iter().find(|(s, _)| *s == g).unwrap().1.clone();
            let need = half_need(cols, rows / 2);
            for width in Width::ALL {
                let got = half_exact(cols, rows / 2, need, width, None).unwrap();
                assert_eq!(got.rot180, fix(Sym::Rot180), "{board} rot180 in {width:?}");
                assert_eq!(
                    got.mirror,
                    fix(Sym::FlipRows),
                    "{board} mirror in {width:?}"
                );
            }
        }
    }

    #[test]
    fn bad_half_boards_are_refused() {
        assert!(half_mod_width(1, 3, Modulus::TwoTo64, Width::W64, None).is_err());
        assert!(half_mod_width(MAX_WIDTH + 1, 3, Modulus::TwoTo64, Width::W64, None).is_err());
        assert!(half_mod_width(6, 0, Modulus::TwoTo64, Width::W64, None).is_err());
        assert!(half_mod_width(6, 3, Modulus::TwoTo64, Width::W16, None).is_err());
    }
}
