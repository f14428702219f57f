//! Cells whose two digits lie in the high half of the word: a group is a few blocks
//! (high parts differing only in the pair) sharing every low part, moved index by
//! index. Within a block only the low parts whose alternating sum puts the word in a
//! live class can be nonzero; low parts are listed by that sum, so each class is one
//! contiguous range, and only those ranges are visited. The joins (`((` and `))`, into
//! another group) are listed once per column by target block ([`JoinPlan`]) and done
//! target by target, each target written by one thread.

use super::cell::VertexCell;
use super::flips::{Flips, unmatched};
use super::targets::{ByTarget, number};
use super::word::{CLOSE_OPEN, OPEN_CLOSE, fresh, join_local, joined, pass, spawn};
use crate::count::modular::arith::Arith;
use crate::count::modular::brackets::{pair, partner_left};
use crate::count::modular::rank::{Ranks, alternating};
use crate::count::modular::slot::AtomicSlot;
use rayon::prelude::*;
use std::ops::Range;

/// Apply `cell` (with `c ≥ h`) to every block.
pub fn step<S: AtomicSlot, A: Arith>(
    r: &Ranks,
    fl: &Flips,
    plan: &JoinPlan,
    v: &[S],
    cell: &VertexCell,
    a: A,
) {
    let hc = cell.c - r.h;
    let sh = 2 * hc;
    let with = |hp: u64, p: u64| (hp & !(15u64 << sh)) | (p << sh);
    let block = |off: usize, e: u8| &v[off..off + r.lows[e as usize].len()];
    // R of the high part outside the pair (absolute digits), times (−1)^r.
    let below = (1u64 << sh) - 1;
    let above = !((1u64 << (sh + 4)) - 1);
    let high_rest = |hp: u64| alternating(hp & below, r.h) - alternating(hp & above, r.h);
    // The low parts of `e` that make R equal `x` next to a high part with `high_rest` hr:
    // R = sr·(alternating(low) + hr).
    let live = |hr: i32, e: u8, x: i32| -> Range<usize> { r.with_sum(e, cell.sr * x - hr) };
    let (s, d, down) = (cell.s, cell.delta, cell.down);
    let per = (r.highs.len() / 512).max(1);
    r.highs.par_chunks(per).for_each(|chunk| {
        for &(hp, off, e) in chunk {
            let p = (hp >> sh) & 15;
            if p >> 2 != 0 {
                continue;
            }
            let hr = high_rest(hp);
            let here = block(off as usize, e);
            if p == 0 {
                let range = live(hr, e, s);
                if range.is_empty() {
                    continue;
                }
                let co = r.high(with(hp, CLOSE_OPEN)).map(|(o, _)| block(o, e));
                let oc = block(r.high(with(hp, OPEN_CLOSE)).expect("valid").0, e);
                match co {
                    Some(co) => {
                        for k in range {
                            fresh(&here[k], Some(&co[k]), &oc[k], down, a);
                        }
                    }
                    None => {
                        for k in range {
                            fresh(&here[k], None, &oc[k], down, a);
                        }
                    }
                }
            } else {
                let other = block(r.high(with(hp, p << 2)).expect("valid").0, e);
                for k in live(hr, e, s - d) {
                    spawn(&here[k], &other[k], down);
                }
                let range = live(hr, e, s + d);
                for (x, y) in here[range.clone()].iter().zip(&other[range]) {
                    pass(x, y, down, a);
                }
            }
        }
    });
    // The joins, by target block ([`ByTarget`]).
    let joins = &plan.cols[hc as usize];
    let per = (joins.targets() / 512).max(1);
    (0..joins.targets())
        .into_par_iter()
        .with_min_len(per)
        .for_each(|g| {
            for &(ti, (si, m)) in joins.group(g) {
                let (_, to, te) = r.highs[ti as usize];
                let (hp, off, e) = r.highs[si as usize];
                let range = live(high_rest(hp), e, s);
                if range.is_empty() {
                    continue;
                }
                let src = &block(off as usize, e)[range.clone()];
                if m == 0 {
                    for (x, y) in src.iter().zip(&block(to as usize, te)[range]) {
                        join_local(x, y, down, a);
                    }
                } else {
                    for (k, x) in range.zip(src) {
                        join_local(x, &v[to as usize + fl.low(e, k, m as usize)], down, a);
                    }
                }
            }
        });
}

/// The joins of each column in the high half by target: (source, m) for each target,
/// the source's number in [`Ranks::highs`] and m = 0 for a block-to-block join, m ≥ 1
/// for a `))` whose `(` is the m-th unmatched `(` from the top of the low part
/// ([`Flips::low`]).
pub struct JoinPlan {
    cols: Vec<ByTarget<(u32, u32)>>,
}

impl JoinPlan {
    /// List the joins of every column `c ≥ h`.
    pub fn new(r: &Ranks) -> Self {
        let cols = (r.h..r.len.saturating_sub(1))
            .into_par_iter()
            .map(|c| {
                let sh = 2 * (c - r.h);
                let mut list = Vec::new();
                for (i, &(hp, _, _)) in r.highs.iter().enumerate() {
                    let p = (hp >> sh) & 15;
                    if p != pair(1, 1) && p != pair(2, 2) {
                        continue;
                    }
                    let word = hp << (2 * r.h);
                    let open = p == pair(1, 1);
                    if open || partner_left(word, c).is_some() {
                        let t = joined(word, c, r.len, open) >> (2 * r.h);
                        let (o, _) = r.high(t).expect("valid");
                        list.push((number(r, o), (i as u32, 0)));
                    } else {
                        let u = unmatched(hp, r.len - r.h, false);
                        let m = 1 + u.iter().position(|&q| q == c - r.h).expect("unmatched");
                        let (o, _) = r.high(hp & !(15u64 << sh)).expect("valid");
                        list.push((number(r, o), (i as u32, m as u32)));
                    }
                }
                ByTarget::new(list)
            })
            .collect();
        JoinPlan { cols }
    }
}
