//! Cells whose two digits lie in the low half of the word: the same moves in every
//! block of a given `e`, listed once per (column, `e`) as *runs* and replayed on each
//! block.
//!
//! Low parts are listed by alternating sum, then increasing, so those sharing their
//! digits from `c` up and their sum form a contiguous run, one word for each valid
//! prefix (digits below `c`) with the depth the rest needs and the prefix's sum. The
//! other words of a run's group (the pair rewritten) have the same prefixes in the same
//! order, so every move but one is run to run: only a `))` whose `(` lies in the prefix
//! depends on it, word by word. The rest class R of a run's words is the same for all of
//! them (prefix sum and the digits above the pair), so each list is kept by that sum and
//! a block visits only the runs its high part puts in a live class. Runs of one to
//! three words (most of them in the first columns) are listed word by word.
//!
//! Each block is visited once per cell: a streaming read brings it into cache (and
//! skips its moves when it is all zero), then its moves, its joins inside the block,
//! and last the joins from other blocks whose target it holds, *pulled* from their
//! sources (`((` words no move writes, each with one target, cleared by that target's
//! visit in the last row). Each word is written by one thread only, so no addition is
//! atomic. (`examples/dense_columns.rs` times the columns: on 18×18 a low column took
//! about 2.7 times a high one with a pass of moves, then a pass of joins, over every
//! block; now about 1.3.)

use super::cell::VertexCell;
use super::flips::{Flips, unmatched};
use super::targets::number;
use super::word::{CLOSE_OPEN, OPEN_CLOSE, fresh, join_local, pass, spawn};
use crate::count::modular::arith::Arith;
use crate::count::modular::brackets::{join_target, pair, partner_left, partner_right};
use crate::count::modular::rank::{BySum, Ranks, alternating};
use crate::count::modular::slot::AtomicSlot;
use rayon::prelude::*;

/// No such word.
const NONE: u32 = u32::MAX;

/// The runs of one (column, `e`), as indices inside a block, each listed by the sum
/// `L = alternating(prefix) − alternating(digits above the pair)` of its low part.
/// Runs shorter than [`EXPAND`] are listed word by word (the `*1` lists): a run's loop
/// costs more than its words when it has one or two of them.
struct Ops {
    /// (`··`, `)(` or [`NONE`], `()`, length).
    fresh: BySum<(u32, u32, u32, u32)>,
    /// (`··`, `)(`, `()`) of single words with a `)(` partner.
    fresh1: BySum<(u32, u32, u32)>,
    /// (`··`, `()`) of single words without one.
    fresh1_alone: BySum<(u32, u32)>,
    /// (`x·`, `·x`, length).
    moves: BySum<(u32, u32, u32)>,
    /// (`x·`, `·x`) of single words.
    moves1: BySum<(u32, u32)>,
    /// (source, target, length) of `((` joins whose `)` is in the low part too.
    runs_in: BySum<(u32, u32, u32)>,
    /// (source, target, m, length) of `((` joins whose `)` is in the high part: the
    /// target is in the block of the high part with its m-th unmatched `)` turned round
    /// ([`Flips`]).
    runs_out: BySum<(u32, u32, u32, u32)>,
    /// (source, target) of `))` joins and of `((` joins inside the block, word by word.
    words_in: BySum<(u32, u32)>,
}

/// Runs shorter than this are listed word by word: on 18×18 (`examples/dense_columns.rs`)
/// the first low columns, whose runs are mostly one word long, took about 15% less
/// (no other threshold was tried).
const EXPAND: u32 = 4;

/// `ops[c][e]` for every column whose two digits are in the low half (c + 1 < h).
pub struct VertexLowPlan {
    ops: Vec<Vec<Ops>>,
    /// The joins into other blocks by target: `pulls[start[t]..start[t + 1]]` lists the
    /// (source block, m) whose `((` runs with their `)` in the high part, the m-th
    /// unmatched one from the bottom, land in block `t` (numbers in [`Ranks::highs`]).
    pulls: Vec<(u32, u32)>,
    start: Vec<u32>,
}

impl VertexLowPlan {
    /// List the runs.
    pub fn new(r: &Ranks, fl: &Flips) -> Self {
        let h = r.h;
        let ops = (0..h.saturating_sub(1))
            .into_par_iter()
            .map(|c| r.lows.iter().map(|lows| column_ops(r, lows, c)).collect())
            .collect();
        let mut list = Vec::new();
        for (i, &(_, _, e)) in r.highs.iter().enumerate() {
            for m in 1..=e as usize {
                if let Some(t) = fl.high(i, m) {
                    list.push((number(r, t), (i as u32, m as u32)));
                }
            }
        }
        list.sort_unstable();
        let mut start = vec![0u32; r.highs.len() + 1];
        for &(t, _) in &list {
            start[t as usize + 1] += 1;
        }
        for t in 0..r.highs.len() {
            start[t + 1] += start[t];
        }
        let pulls = list.into_iter().map(|(_, x)| x).collect();
        VertexLowPlan { ops, pulls, start }
    }

    /// Apply `cell` (with c + 1 < h) to every block, in one visit per block.
    ///
    /// A block does its own moves, then the joins inside it, then *pulls* the joins
    /// whose target it holds from the other blocks: their sources, `((` words, are
    /// written by no move, and each has one target, so each word is written by the
    /// thread visiting its block only, with plain loads and stores.
    pub fn step<S: AtomicSlot, A: Arith>(&self, r: &Ranks, v: &[S], cell: &VertexCell, a: A) {
        let ops = &self.ops[cell.c as usize];
        let (s, d, down) = (cell.s, cell.delta, cell.down);
        // R = sr·(L − alternating(high)), so R = x needs L = sr·x + alternating(high).
        let want = |hp: u64, x: i32| cell.sr * x + alternating(hp, r.h);
        let per = (r.highs.len() / 512).max(1);
        r.highs.par_chunks(per).enumerate().for_each(|(ci, chunk)| {
            for (j, &(hp, off, e)) in chunk.iter().enumerate() {
                let o = &ops[e as usize];
                let b = &v[off as usize..][..r.lows[e as usize].len()];
                let run = |k: u32, n: u32| &b[k as usize..][..n as usize];
                let l = want(hp, s);
                // One streaming read brings the block into cache for the scattered
                // moves below, and a block of zeros (many, on the first and last rows)
                // has nothing to move.
                if b.iter().fold(0, |acc, x| acc | x.get()) != 0 {
                    for &(k00, kco, koc) in o.fresh1.get(l) {
                        let (k00, kco, koc) = (k00 as usize, kco as usize, koc as usize);
                        fresh(&b[k00], Some(&b[kco]), &b[koc], down, a);
                    }
                    for &(k00, koc) in o.fresh1_alone.get(l) {
                        fresh(&b[k00 as usize], None, &b[koc as usize], down, a);
                    }
                    for &(kx, ky) in o.moves1.get(want(hp, s - d)) {
                        spawn(&b[kx as usize], &b[ky as usize], down);
                    }
                    for &(kx, ky) in o.moves1.get(want(hp, s + d)) {
                        pass(&b[kx as usize], &b[ky as usize], down, a);
                    }
                    for &(k00, kco, koc, n) in o.fresh.get(l) {
                        let (b00, boc) = (run(k00, n), run(koc, n));
                        if kco == NONE {
                            for (x, y) in b00.iter().zip(boc) {
                                fresh(x, None, y, down, a);
                            }
                        } else {
                            let bco = run(kco, n);
                            for ((x, z), y) in b00.iter().zip(bco).zip(boc) {
                                fresh(x, Some(z), y, down, a);
                            }
                        }
                    }
                    for &(kx, ky, n) in o.moves.get(want(hp, s - d)) {
                        for (x, y) in run(kx, n).iter().zip(run(ky, n)) {
                            spawn(x, y, down);
                        }
                    }
                    for &(kx, ky, n) in o.moves.get(want(hp, s + d)) {
                        for (x, y) in run(kx, n).iter().zip(run(ky, n)) {
                            pass(x, y, down, a);
                        }
                    }
                    // The joins inside the block: their targets have had the moves.
                    for &(ks, kt, n) in o.runs_in.get(l) {
                        for (x, y) in run(ks, n).iter().zip(run(kt, n)) {
                            join_local(x, y, down, a);
                        }
                    }
                    for &(ks, kt) in o.words_in.get(l) {
                        join_local(&b[ks as usize], &b[kt as usize], down, a);
                    }
                }
                // The joins from other blocks into this one.
                let t = ci * per + j;
                for &(src, m) in &self.pulls[self.start[t] as usize..self.start[t + 1] as usize] {
                    let (hs, os, es) = r.highs[src as usize];
                    let from = &v[os as usize..][..r.lows[es as usize].len()];
                    for &(ks, kt, m2, n) in ops[es as usize].runs_out.get(want(hs, s)) {
                        if m2 != m {
                            continue;
                        }
                        for (x, y) in from[ks as usize..][..n as usize].iter().zip(run(kt, n)) {
                            join_local(x, y, down, a);
                        }
                    }
                }
            }
        });
    }
}

/// The runs of column `c` among the low parts `lows` of one `e`.
fn column_ops(r: &Ranks, lows: &[u32], c: u32) -> Ops {
    let h = r.h;
    let shift = 2 * c;
    let with = |w: u64, p: u64| (w & !(15u64 << shift)) | (p << shift);
    let idx = |w: u64| r.low(w).map_or(NONE, |(k, _)| k);
    let below = (1u64 << shift) - 1;
    let above = !((1u64 << (shift + 4)) - 1);
    let (mut fresh, mut moves, mut runs_in) = (vec![], vec![], vec![]);
    let (mut runs_out, mut words_in) = (vec![], vec![]);
    let (mut fresh1, mut fresh1_alone, mut moves1) = (vec![], vec![], vec![]);
    let mut k = 0;
    while k < lows.len() {
        let w = u64::from(lows[k]);
        let sum = alternating(w, 0);
        // A run: the same digits from `c` up and the same sum (so the same prefix sum).
        let same = |x: u64| x >> shift == w >> shift && alternating(x, 0) == sum;
        let mut n = 1;
        while k + n < lows.len() && same(u64::from(lows[k + n])) {
            n += 1;
        }
        let (k0, len) = (k as u32, n as u32);
        let l = alternating(w & below, 0) - alternating(w & above, 0);
        let short = len < EXPAND;
        match (w >> shift) & 15 {
            0 => {
                let (kco, koc) = (idx(with(w, CLOSE_OPEN)), idx(with(w, OPEN_CLOSE)));
                if !short {
                    fresh.push((l, (k0, kco, koc, len)));
                } else if kco == NONE {
                    fresh1_alone.extend((0..len).map(|i| (l, (k0 + i, koc + i))));
                } else {
                    fresh1.extend((0..len).map(|i| (l, (k0 + i, kco + i, koc + i))));
                }
            }
            p if p >> 2 == 0 => {
                let ky = idx(with(w, p << 2));
                if short {
                    moves1.extend((0..len).map(|i| (l, (k0 + i, ky + i))));
                } else {
                    moves.push((l, (k0, ky, len)));
                }
            }
            p if p == pair(1, 1) => match partner_right(w, c + 1, h) {
                Some(q) => {
                    let kt = idx(join_target(w, c, q, 1));
                    if short {
                        words_in.extend((0..len).map(|i| (l, (k0 + i, kt + i))));
                    } else {
                        runs_in.push((l, (k0, kt, len)));
                    }
                }
                None => {
                    let p = unmatched(w, h, true);
                    let at = p.iter().position(|&q| q == c + 1).expect("unmatched");
                    let m = (p.len() - at) as u32;
                    runs_out.push((l, (k0, idx(with(w, 0)), m, len)));
                }
            },
            p if p == pair(2, 2) => {
                for (j, &low) in lows.iter().enumerate().skip(k).take(n) {
                    let x = u64::from(low);
                    let q = partner_left(x, c).expect("a ( to the left");
                    words_in.push((l, (j as u32, idx(join_target(x, c, q, 2)))));
                }
            }
            _ => {}
        }
        k += n;
    }
    Ops {
        fresh: BySum::new(fresh, h),
        fresh1: BySum::new(fresh1, h),
        fresh1_alone: BySum::new(fresh1_alone, h),
        moves: BySum::new(moves, h),
        moves1: BySum::new(moves1, h),
        runs_in: BySum::new(runs_in, h),
        runs_out: BySum::new(runs_out, h),
        words_in: BySum::new(words_in, h),
    }
}
