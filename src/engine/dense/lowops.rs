//! Cells whose two digits lie in the low part of the word: the same moves in every block
//! of a given `e`, listed once per (cell column, `e`) and replayed on each block.

use super::arith::Arith;
use super::cell::{
    CLOSE_CLOSE, CLOSE_HI, CLOSE_LO, Cell, JOIN_PATHS, NEW_PATH, NO_PLUG, OPEN_HI, OPEN_LO,
    OPEN_OPEN, join_target, partner_left, partner_right,
};
use super::rank::Ranks;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// No such word.
const NONE: u32 = u32::MAX;

/// The moves of one (column, `e`), as indices inside a block.
#[derive(Default)]
pub struct LowOps {
    /// (no plug, new path, join paths or [`NONE`]): the net-zero groups.
    fresh: Vec<(u32, u32, u32)>,
    /// (plug at c, plug at c + 1): the groups of one plug going on.
    moves: Vec<(u32, u32)>,
    /// (source, target) of joins whose turned-round bracket is in the low part too.
    joins_in: Vec<(u32, u32)>,
    /// Sources of joins whose bracket is in the high part (another block).
    joins_out: Vec<u32>,
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
                        for (k, &low) in lows.iter().enumerate() {
                            let (k, w) = (k as u32, u64::from(low));
                            match (w >> shift) & 15 {
                                NO_PLUG => o.fresh.push((
                                    k,
                                    idx(with(w, NEW_PATH)),
                                    idx(with(w, JOIN_PATHS)),
                                )),
                                OPEN_LO => o.moves.push((k, idx(with(w, OPEN_HI)))),
                                CLOSE_LO => o.moves.push((k, idx(with(w, CLOSE_HI)))),
                                OPEN_OPEN => match partner_right(w, c + 1, h) {
                                    Some(q) => o.joins_in.push((k, idx(join_target(w, c, q, 1)))),
                                    None => o.joins_out.push(k),
                                },
                                CLOSE_CLOSE => {
                                    let q = partner_left(w, c).expect("a ( to the left");
                                    o.joins_in.push((k, idx(join_target(w, c, q, 2))));
                                }
                                _ => {}
                            }
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
            for &(_, off, e) in chunk {
                let o = &ops[e as usize];
                let at = |k: u32| &v[off as usize + k as usize];
                for &(k00, k12, k21) in &o.fresh {
                    let v00 = at(k00).load(Relaxed);
                    let v21 = if k21 == NONE { 0 } else { at(k21).load(Relaxed) };
                    at(k12).store(if cell.out_lo && cell.out_hi { v00 } else { 0 }, Relaxed);
                    at(k00).store(v21, Relaxed);
                    if k21 != NONE {
                        at(k21).store(0, Relaxed);
                    }
                }
                for &(kx, ky) in &o.moves {
                    let (x, y) = (at(kx).load(Relaxed), at(ky).load(Relaxed));
                    if x | y != 0 {
                        let s = a.add(x, y);
                        at(kx).store(if cell.out_lo { s } else { 0 }, Relaxed);
                        at(ky).store(if cell.out_hi { s } else { 0 }, Relaxed);
                    }
                }
            }
        });
        r.highs.par_chunks(per).for_each(|chunk| {
            for &(high, off, e) in chunk {
                let o = &ops[e as usize];
                let at = |k: u32| &v[off as usize + k as usize];
                for &(ks, kt) in &o.joins_in {
                    let x = at(ks).load(Relaxed);
                    if x != 0 {
                        a.add_atomic(at(kt), x);
                        at(ks).store(0, Relaxed);
                    }
                }
                for &ks in &o.joins_out {
                    let x = at(ks).load(Relaxed);
                    if x != 0 {
                        let w = (high << (2 * r.h)) | u64::from(r.lows[e as usize][ks as usize]);
                        let q = partner_right(w, cell.c + 1, r.len).expect("a ) to the right");
                        a.add_atomic(&v[r.rank(join_target(w, cell.c, q, 1))], x);
                        at(ks).store(0, Relaxed);
                    }
                }
            }
        });
    }
}
