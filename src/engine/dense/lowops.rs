//! Cells whose two digits lie in the low part of the word: the same moves in every block
//! of a given `e`, listed once per (cell column, `e`) and replayed on each block.

use super::arith::Arith;
use super::cell::{
    CLOSE_CLOSE, CLOSE_HI, CLOSE_LO, Cell, JOIN_PATHS, NEW_PATH, NO_PLUG, OPEN_HI, OPEN_LO,
    OPEN_OPEN, join_target, partner_left, partner_right,
};
use super::rank::{Ranks, alternating};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// No such word.
const NONE: u32 = u32::MAX;

/// The moves of one (column, `e`), as indices inside a block.
///
/// Low parts are listed in increasing order, so those sharing their digits from `c` up
/// (the pair and what lies above it) form a contiguous *run*, one for each valid prefix
/// of digits below `c` with the depth the rest needs. Rewriting the pair, or turning
/// round a bracket above it, keeps that depth, so a run maps onto another run of the same
/// length in the same order: most moves are run to run, streaming. Only a `))` whose
/// `(` lies below `c` depends on the prefix, word by word.
#[derive(Default)]
pub struct LowOps {
    /// (no plug, new path, join paths or [`NONE`], length): the net-zero groups.
    fresh: Vec<(u32, u32, u32, u32)>,
    /// (plug at c, plug at c + 1, length): the groups of one plug going on.
    moves: Vec<(u32, u32, u32)>,
    /// (source, target, length) of `((` joins whose `)` is in the low part too.
    runs_in: Vec<(u32, u32, u32)>,
    /// (source, length) of `((` joins whose `)` is in the high part (another block).
    runs_out: Vec<(u32, u32)>,
    /// (source, target) of `))` joins, word by word.
    words_in: Vec<(u32, u32)>,
    /// The alternating sum of the first member of each entry above (of the plug at `c`
    /// for `moves`, and of the one at `c + 1` too): a block visits only the entries whose
    /// words its colour balance lets be nonzero ([`Cell::low_sum`]).
    sums: Sums,
}

/// The alternating sums of [`LowOps`]' entries, list by list.
#[derive(Default)]
struct Sums {
    fresh: Vec<i8>,
    moves: Vec<(i8, i8)>,
    runs_in: Vec<i8>,
    runs_out: Vec<i8>,
    words_in: Vec<i8>,
}

/// `ops[c][e]` for every column whose two digits are in the low part (c + 1 < h).
pub struct LowPlan {
    ops: Vec<Vec<LowOps>>,
}

impl LowPlan {
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
                        let mut o = LowOps::default();
                        let mut k = 0;
                        while k < lows.len() {
                            let w = u64::from(lows[k]);
                            let mut n = 1;
                            while k + n < lows.len() && u64::from(lows[k + n]) >> shift == w >> shift {
                                n += 1;
                            }
                            let (k0, len) = (k as u32, n as u32);
                            let sum = |w: u64| alternating(w, 0) as i8;
                            match (w >> shift) & 15 {
                                NO_PLUG => {
                                    o.fresh.push((
                                        k0,
                                        idx(with(w, NEW_PATH)),
                                        idx(with(w, JOIN_PATHS)),
                                        len,
                                    ));
                                    o.sums.fresh.push(sum(w));
                                }
                                p @ (OPEN_LO | CLOSE_LO) => {
                                    let y = with(w, if p == OPEN_LO { OPEN_HI } else { CLOSE_HI });
                                    o.moves.push((k0, idx(y), len));
                                    o.sums.moves.push((sum(w), sum(y)));
                                }
                                OPEN_OPEN => match partner_right(w, c + 1, h) {
                                    Some(q) => {
                                        o.runs_in.push((k0, idx(join_target(w, c, q, 1)), len));
                                        o.sums.runs_in.push(sum(w));
                                    }
                                    None => {
                                        o.runs_out.push((k0, len));
                                        o.sums.runs_out.push(sum(w));
                                    }
                                },
                                CLOSE_CLOSE => {
                                    for j in k..k + n {
                                        let w = u64::from(lows[j]);
                                        let q = partner_left(w, c).expect("a ( to the left");
                                        o.words_in.push((j as u32, idx(join_target(w, c, q, 2))));
                                        o.sums.words_in.push(sum(w));
                                    }
                                }
                                _ => {}
                            }
                            k += n;
                        }
                        o
                    })
                    .collect()
            })
            .collect();
        LowPlan { ops }
    }

    /// Apply `cell` (with c + 1 < h) to every block.
    pub fn step<A: Arith>(&self, r: &Ranks, v: &[AtomicU64], cell: Cell, a: A) {
        let ops = &self.ops[cell.c as usize];
        let per = (r.highs.len() / 256).max(1);
        r.highs.par_chunks(per).for_each(|chunk| {
            for &(high, off, e) in chunk {
                let o = &ops[e as usize];
                let run = |k: u32, n: u32| &v[off as usize + k as usize..][..n as usize];
                let (base, plugged) = live_sums(r, &cell, high);
                for (&(k00, k12, k21, n), &a00) in o.fresh.iter().zip(&o.sums.fresh) {
                    // The new-path and join-paths words have plugs at both c and c + 1.
                    if a00 != base && a00 != plugged {
                        continue;
                    }
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
                let lo_flip = cell.flip == cell.c;
                for (&(kx, ky, n), &(ax, ay)) in o.moves.iter().zip(&o.sums.moves) {
                    let (wx, wy) = if lo_flip { (plugged, base) } else { (base, plugged) };
                    if ax != wx && ay != wy {
                        continue;
                    }
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
                for (&(ks, kt, n), &a) in o.runs_in.iter().zip(&o.sums.runs_in) {
                    if a == plugged {
                        mv(run(ks, n), run(kt, n));
                    }
                }
                for (&(ks, kt), &a) in o.words_in.iter().zip(&o.sums.words_in) {
                    if a == plugged {
                        mv(run(ks, 1), run(kt, 1));
                    }
                }
            }
        });
        self.move_out(r, v, cell, a, per);
    }

    /// The `((` joins whose `)` is in another block.
    fn move_out<A: Arith>(&self, r: &Ranks, v: &[AtomicU64], cell: Cell, a: A, per: usize) {
        let ops = &self.ops[cell.c as usize];
        r.highs.par_chunks(per).for_each(|chunk| {
            for &(high, off, e) in chunk {
                let o = &ops[e as usize];
                let (_, plugged) = live_sums(r, &cell, high);
                for (&(ks, n), &sum) in o.runs_out.iter().zip(&o.sums.runs_out) {
                    if sum != plugged {
                        continue;
                    }
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
/// possibly nonzero ([`Cell::low_sum`]): without a plug at the flipped digit, and with.
fn live_sums(r: &Ranks, cell: &Cell, high: u64) -> (i8, i8) {
    let base = cell.sum - alternating(high, r.h);
    let sign = if cell.flip % 2 == 0 { 2 } else { -2 };
    (clamp(base), clamp(base + sign))
}

/// An i32 sum as i8, out-of-range values mapped to one no low part has.
fn clamp(a: i32) -> i8 {
    a.clamp(-100, 100) as i8
}
