//! Cells whose two digits lie in the low part of the word: the same moves in every block
//! of a given `e`, listed once per (cell column, `e`) and replayed on each block.

use super::cell::EdgeCell;
use crate::count::modular::arith::Arith;
use crate::count::modular::brackets::{
    CLOSE_CLOSE, CLOSE_HI, CLOSE_LO, JOIN_PATHS, NEW_PATH, NO_PLUG, OPEN_HI, OPEN_LO, OPEN_OPEN,
    join_target, partner_left, partner_right,
};
use crate::count::modular::rank::{BySum, Ranks, alternating};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// No such word.
const NONE: u32 = u32::MAX;

/// The moves of one (column, `e`), as indices inside a block.
///
/// Low parts are listed by alternating sum, then in increasing order, so those sharing
/// their digits from `c` up (the pair and what lies above it) and their sum form a
/// contiguous *run*, one for each valid prefix of digits below `c` with the depth the rest
/// needs and the sum. Rewriting the pair, or turning
/// round a bracket above it, keeps that depth, so a run maps onto another run of the same
/// length in the same order: most moves are run to run, streaming. Only a `))` whose
/// `(` lies below `c` depends on the prefix, word by word.
pub struct LowOps {
    /// (no plug, new path, join paths or [`NONE`], length): the net-zero groups, by the
    /// sum of the no-plug run (the others have the same sum).
    fresh: BySum<(u32, u32, u32, u32)>,
    /// (plug at c, plug at c + 1, length): the groups of one plug going on, by the sum of
    /// the first run.
    moves: BySum<(u32, u32, u32)>,
    /// (source, target, length) of `((` joins whose `)` is in the low part too.
    runs_in: BySum<(u32, u32, u32)>,
    /// (source, length) of `((` joins whose `)` is in the high part (another block).
    runs_out: BySum<(u32, u32)>,
    /// (source, target) of `))` joins, word by word.
    words_in: BySum<(u32, u32)>,
}

/// `ops[c][e]` for every column whose two digits are in the low part (c + 1 < h).
pub struct EdgeLowPlan {
    ops: Vec<Vec<LowOps>>,
}

impl EdgeLowPlan {
    /// List the moves.
    pub fn new(r: &Ranks) -> Self {
        let h = r.h;
        let ops = (0..h.saturating_sub(1))
            .map(|c| {
                let shift = 2 * c;
                let with = |w: u64, p: u64| (w & !(15u64 << shift)) | (p << shift);
                let idx = |w: u64| r.low(w).map_or(NONE, |(k, _)| k);
                r.lows
                    .iter()
                    .map(|lows| {
                        let (mut fresh, mut moves, mut runs_in) = (vec![], vec![], vec![]);
                        let (mut runs_out, mut words_in) = (vec![], vec![]);
                        let mut k = 0;
                        while k < lows.len() {
                            let w = u64::from(lows[k]);
                            let mut n = 1;
                            while k + n < lows.len()
                                && u64::from(lows[k + n]) >> shift == w >> shift
                            {
                                n += 1;
                            }
                            let (k0, len) = (k as u32, n as u32);
                            let sum = alternating(w, 0);
                            match (w >> shift) & 15 {
                                NO_PLUG => fresh.push((
                                    sum,
                                    (k0, idx(with(w, NEW_PATH)), idx(with(w, JOIN_PATHS)), len),
                                )),
                                p @ (OPEN_LO | CLOSE_LO) => {
                                    let y = with(w, if p == OPEN_LO { OPEN_HI } else { CLOSE_HI });
                                    moves.push((sum, (k0, idx(y), len)));
                                }
                                OPEN_OPEN => match partner_right(w, c + 1, h) {
                                    Some(q) => {
                                        runs_in.push((sum, (k0, idx(join_target(w, c, q, 1)), len)))
                                    }
                                    None => runs_out.push((sum, (k0, len))),
                                },
                                CLOSE_CLOSE => {
                                    for (j, &low) in lows.iter().enumerate().skip(k).take(n) {
                                        let w = u64::from(low);
                                        let q = partner_left(w, c).expect("a ( to the left");
                                        words_in
                                            .push((sum, (j as u32, idx(join_target(w, c, q, 2)))));
                                    }
                                }
                                _ => {}
                            }
                            k += n;
                        }
                        LowOps {
                            fresh: BySum::new(fresh, h),
                            moves: BySum::new(moves, h),
                            runs_in: BySum::new(runs_in, h),
                            runs_out: BySum::new(runs_out, h),
                            words_in: BySum::new(words_in, h),
                        }
                    })
                    .collect()
            })
            .collect();
        EdgeLowPlan { ops }
    }

    /// Apply `cell` (with c + 1 < h) to every block.
    pub fn step<A: Arith>(&self, r: &Ranks, v: &[AtomicU64], cell: EdgeCell, a: A) {
        let ops = &self.ops[cell.c as usize];
        let per = (r.highs.len() / 256).max(1);
        r.highs.par_chunks(per).for_each(|chunk| {
            for &(high, off, e) in chunk {
                let o = &ops[e as usize];
                let run = |k: u32, n: u32| &v[off as usize + k as usize..][..n as usize];
                let (base, plugged) = live_sums(r, &cell, high);
                // The no-plug word needs `base`; the new-path and join-paths words, with
                // plugs at both c and c + 1, need `plugged`; their low sums are equal.
                let fresh = o.fresh.get(base).iter().chain(o.fresh.get(plugged));
                for &(k00, k12, k21, n) in fresh {
                    let (b00, b12) = (run(k00, n), run(k12, n));
                    let b21 = (k21 != NONE).then(|| run(k21, n));
                    for k in 0..n as usize {
                        let v00 = b00[k].load(Relaxed);
                        let v21 = b21.map_or(0, |b| b[k].load(Relaxed));
                        b12[k].store(if cell.out_lo && cell.out_hi { v00 } else { 0 }, Relaxed);
                        b00[k].store(v21, Relaxed);
                    }
                    if let Some(b) = b21 {
                        b.iter().for_each(|x| x.store(0, Relaxed));
                    }
                }
                // The plug at c needs `plugged` if c is the flipped digit, `base` if
                // c + 1 is; the plug at c + 1 then needs the other, and the two sums
                // differ by the same 2(−1)^c, so the first run's sum decides.
                let want = if cell.flip == cell.c { plugged } else { base };
                for &(kx, ky, n) in o.moves.get(want) {
                    for (x, y) in run(kx, n).iter().zip(run(ky, n)) {
                        let (vx, vy) = (x.load(Relaxed), y.load(Relaxed));
                        if vx | vy != 0 {
                            let s = a.add(vx, vy);
                            x.store(if cell.out_lo { s } else { 0 }, Relaxed);
                            y.store(if cell.out_hi { s } else { 0 }, Relaxed);
                        }
                    }
                }
            }
        });
        r.highs.par_chunks(per).for_each(|chunk| {
            for &(high, off, e) in chunk {
                let o = &ops[e as usize];
                let run = |k: u32, n: u32| &v[off as usize + k as usize..][..n as usize];
                let (_, plugged) = live_sums(r, &cell, high);
                let mv = |src: &[AtomicU64], dst: &[AtomicU64]| {
                    for (s, d) in src.iter().zip(dst) {
                        let x = s.load(Relaxed);
                        if x != 0 {
                            a.add_atomic(d, x);
                            s.store(0, Relaxed);
                        }
                    }
                };
                for &(ks, kt, n) in o.runs_in.get(plugged) {
                    mv(run(ks, n), run(kt, n));
                }
                for &(ks, kt) in o.words_in.get(plugged) {
                    mv(run(ks, 1), run(kt, 1));
                }
            }
        });
        self.move_out(r, v, cell, a, per);
    }

    /// The `((` joins whose `)` is in another block.
    fn move_out<A: Arith>(&self, r: &Ranks, v: &[AtomicU64], cell: EdgeCell, a: A, per: usize) {
        let ops = &self.ops[cell.c as usize];
        r.highs.par_chunks(per).for_each(|chunk| {
            for &(high, off, e) in chunk {
                let o = &ops[e as usize];
                let (_, plugged) = live_sums(r, &cell, high);
                for &(ks, n) in o.runs_out.get(plugged) {
                    let src = &v[off as usize + ks as usize..][..n as usize];
                    if src.iter().all(|x| x.load(Relaxed) == 0) {
                        continue;
                    }
                    let w = (high << (2 * r.h)) | u64::from(r.lows[e as usize][ks as usize]);
                    let q = partner_right(w, cell.c + 1, r.len).expect("a ) to the right");
                    let t = r.rank(join_target(w, cell.c, q, 1));
                    for (s, d) in src.iter().zip(&v[t..t + n as usize]) {
                        let x = s.load(Relaxed);
                        if x != 0 {
                            a.add_atomic(d, x);
                            s.store(0, Relaxed);
                        }
                    }
                }
            }
        });
    }
}

/// The alternating sums a low part needs in the block of `high` for its word to be
/// possibly nonzero ([`EdgeCell::low_sum`]): without a plug at the flipped digit, and with.
fn live_sums(r: &Ranks, cell: &EdgeCell, high: u64) -> (i32, i32) {
    let base = cell.sum - alternating(high, r.h);
    let sign = if cell.flip % 2 == 0 { 2 } else { -2 };
    (base, base + sign)
}
