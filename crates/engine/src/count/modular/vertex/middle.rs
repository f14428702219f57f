//! The one column whose pair straddles the halves: digit `c = h − 1` is the top digit of
//! the low part and `c + 1 = h` the bottom digit of the high part. A group is a leader
//! block (high part with a blank bottom digit) and the blocks with `(` or `)` there; a
//! word's partners are found by [`Tops`] (the index of the low part with its top digit
//! replaced). The `((`/`))` joins go by table too, listed by target block
//! ([`super::targets`]).

use super::cell::VertexCell;
use super::targets::{ByTarget, number};
use super::word::{fresh, join_local, pass, spawn};
use crate::count::modular::arith::Arith;
use crate::count::modular::brackets::{join_target, partner_left, partner_right};
use crate::count::modular::rank::{Ranks, alternating};
use crate::count::modular::slot::AtomicSlot;
use rayon::prelude::*;
use std::ops::Range;

/// No such low part.
const NONE: u32 = u32::MAX;

/// `swap[e][k][t]`: the index of low part `k` of `e` with its top digit set to `t`
/// (in the list of its own `e`), or [`NONE`].
pub struct Tops {
    swap: Vec<Vec<[u32; 3]>>,
    /// `close_join[e][k]`: for low part `k` of `e` with a `)` on top, the index of the
    /// low part with that `)` cleared and its partner `(` turned into `)` (in the list of
    /// `e − 1`): a `))` join's target; [`NONE`] for the others.
    close_join: Vec<Vec<u32>>,
    /// The joins, by target block.
    joins: ByTarget<u32>,
}

impl Tops {
    /// List the swaps.
    pub fn new(r: &Ranks) -> Self {
        let top = 2 * (r.h - 1);
        let swap = r
            .lows
            .iter()
            .map(|lows| {
                lows.iter()
                    .map(|&lw| {
                        let base = u64::from(lw) & !(3u64 << top);
                        [0u64, 1, 2].map(|t| r.low(base | (t << top)).map_or(NONE, |(k, _)| k))
                    })
                    .collect()
            })
            .collect();
        let close_join = r
            .lows
            .iter()
            .map(|lows| {
                lows.iter()
                    .map(|&lw| {
                        let lw = u64::from(lw);
                        if lw >> top != 2 {
                            return NONE;
                        }
                        let q = partner_left(lw, r.h - 1).expect("a ( below");
                        let t = join_target(lw, r.h - 1, q, 2) & ((1u64 << top) - 1);
                        r.low(t).map_or(NONE, |(k, _)| k)
                    })
                    .collect()
            })
            .collect();
        Tops {
            swap,
            close_join,
            joins: middle_joins(r),
        }
    }

    /// Apply `cell` (with c = h − 1) to every block.
    pub fn step<S: AtomicSlot, A: Arith>(&self, r: &Ranks, v: &[S], cell: &VertexCell, a: A) {
        let top = 2 * (r.h - 1);
        // The sign of the top digit of the low part in `alternating`.
        let sigma = if (r.h - 1) % 2 == 0 { 1 } else { -1 };
        let block = |off: usize, e: u8| &v[off..off + r.lows[e as usize].len()];
        let range = |e: u8, want: i32| -> Range<usize> { r.with_sum(e, want) };
        let (s, d, down) = (cell.s, cell.delta, cell.down);
        let per = (r.highs.len() / 512).max(1);
        r.highs.par_chunks(per).for_each(|chunk| {
            for &(hp, off, e) in chunk {
                if hp & 3 != 0 {
                    continue;
                }
                // R = sr·(alternating(low without its top digit) − alternating(high)).
                let ah = alternating(hp, r.h);
                let lows = &r.lows[e as usize];
                let swap = &self.swap[e as usize];
                let here = block(off as usize, e);
                let open = r.high(hp | 1).map(|(o, e2)| block(o, e2));
                let close = r.high(hp | 2).map(|(o, e2)| block(o, e2));
                let cell_of = |t: u64| if t == 1 { open } else { close };
                // `··` with R = S: the top digit is blank, so the whole low part's sum is R's.
                for k in with_top(lows, range(e, cell.sr * s + ah), top, 0) {
                    let co = open.and_then(|b| b.get(swap[k][2] as usize));
                    let oc = &close.expect("a ) can end the high part")[swap[k][1] as usize];
                    fresh(&here[k], co, oc, down, a);
                }
                // `x·` with R = S ∓ δ: the low part's sum is R's plus the top digit's.
                for (x, spawning) in [(s - d, true), (s + d, false)] {
                    let class = range(e, cell.sr * x + ah + sigma);
                    let (opens, closes) = (
                        with_top(lows, class.clone(), top, 1),
                        with_top(lows, class, top, 2),
                    );
                    for k in opens.start..closes.end {
                        let t = u64::from(lows[k]) >> top;
                        let other = &cell_of(t).expect("valid")[swap[k][0] as usize];
                        if spawning {
                            spawn(&here[k], other, down);
                        } else {
                            pass(&here[k], other, down, a);
                        }
                    }
                }
            }
        });
        // The joins, by target block ([`ByTarget`]).
        let per = (self.joins.targets() / 512).max(1);
        (0..self.joins.targets())
            .into_par_iter()
            .with_min_len(per)
            .for_each(|g| {
                for &(ti, si) in self.joins.group(g) {
                    let (_, to, te) = r.highs[ti as usize];
                    let (hp, off, e) = r.highs[si as usize];
                    let b = hp & 3;
                    let ah = alternating(hp & !3, r.h);
                    let lows = &r.lows[e as usize];
                    let here = block(off as usize, e);
                    let target = block(to as usize, te);
                    let (swap, close) = (&self.swap[e as usize], &self.close_join[e as usize]);
                    for k in with_top(lows, range(e, cell.sr * s + ah + sigma), top, b) {
                        let kt = if b == 1 { swap[k][0] } else { close[k] };
                        join_local(&here[k], &target[kt as usize], down, a);
                    }
                }
            });
    }
}

/// The low parts of `range` (one sum class) whose top digit, at bit `top`, is `t`: low
/// parts are listed by sum, then increasing, so within a class by their top digit first.
fn with_top(lows: &[u32], range: Range<usize>, top: u32, t: u64) -> Range<usize> {
    let class = &lows[range.clone()];
    let lo = class.partition_point(|&p| u64::from(p) >> top < t);
    let hi = class.partition_point(|&p| u64::from(p) >> top <= t);
    range.start + lo..range.start + hi
}

/// The joins of the straddling column: a `((` (top of the low part and bottom of the high
/// part) lands on the block whose high part has its bottom `(` cleared and that `(`'s
/// partner turned into `(` (both in the high part), at the low part with its top digit
/// cleared; a `))` on the block with the bottom `)` cleared, at the low part with its top
/// `)` cleared and that `)`'s partner turned into `)` (both in the low part). Listed as
/// (target, source) block numbers.
fn middle_joins(r: &Ranks) -> ByTarget<u32> {
    let hl = r.len - r.h;
    let mut list = Vec::new();
    for (i, &(hp, _, e)) in r.highs.iter().enumerate() {
        let b = hp & 3;
        // The top bracket is unmatched in the low part, so e ≥ 1.
        if b == 0 || e == 0 {
            continue;
        }
        let th = if b == 1 {
            let q = partner_right(hp, 0, hl).expect("a ) above");
            (hp & !3 & !(3u64 << (2 * q))) | (1u64 << (2 * q))
        } else {
            hp & !3
        };
        let (to, _) = r.high(th).expect("a valid high part");
        list.push((number(r, to), i as u32));
    }
    ByTarget::new(list)
}
