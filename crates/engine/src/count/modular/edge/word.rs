//! A cell of the edge counter applied word by word: any column will do; the sweep uses it
//! for the one column whose two digits straddle the low and high parts of the word.

use super::cell::EdgeCell;
use crate::count::modular::arith::Arith;
use crate::count::modular::brackets::{
    CLOSE_CLOSE, CLOSE_HI, CLOSE_LO, JOIN_PATHS, NEW_PATH, NO_PLUG, OPEN_HI, OPEN_LO, OPEN_OPEN,
    join_target, partner_left, partner_right,
};
use crate::count::modular::rank::{Ranks, for_each_word};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Apply `cell` to every word's count in `v`, in place, word by word (any cell).
pub fn step_words<A: Arith>(r: &Ranks, v: &[AtomicU64], cell: EdgeCell, a: A) {
    let shift = 2 * cell.c;
    let clear = !(15u64 << shift);
    let with = |w: u64, p: u64| (w & clear) | (p << shift);
    // Pass 1: each group from its own old values.
    for_each_word(r, |i, w| match (w >> shift) & 15 {
        NO_PLUG => {
            let i_new = r.rank(with(w, NEW_PATH));
            let i_join = r.rank_checked(with(w, JOIN_PATHS));
            let v00 = v[i].load(Relaxed);
            let v21 = i_join.map_or(0, |j| v[j].load(Relaxed));
            // A path's two ends meeting here would close a cycle before the last cell:
            // the old value of the new-path word is dropped.
            let fresh = if cell.out_lo && cell.out_hi { v00 } else { 0 };
            v[i_new].store(fresh, Relaxed);
            v[i].store(v21, Relaxed);
            if let Some(j) = i_join {
                v[j].store(0, Relaxed);
            }
        }
        p @ (OPEN_LO | CLOSE_LO) => {
            let j = r.rank(with(w, if p == OPEN_LO { OPEN_HI } else { CLOSE_HI }));
            let (x, y) = (v[i].load(Relaxed), v[j].load(Relaxed));
            if x | y != 0 {
                let s = a.add(x, y);
                v[i].store(if cell.out_lo { s } else { 0 }, Relaxed);
                v[j].store(if cell.out_hi { s } else { 0 }, Relaxed);
            }
        }
        _ => {}
    });
    // Pass 2: the joins that turn a distant bracket round.
    for_each_word(r, |i, w| {
        let p = (w >> shift) & 15;
        if p != OPEN_OPEN && p != CLOSE_CLOSE {
            return;
        }
        let x = v[i].load(Relaxed);
        if x == 0 {
            return;
        }
        let target = if p == OPEN_OPEN {
            // The `)` matching the `(` at c + 1 becomes `(`.
            let q = partner_right(w, cell.c + 1, r.len).expect("a ) to the right");
            join_target(w, cell.c, q, 1)
        } else {
            // The `(` matching the `)` at c becomes `)`.
            let q = partner_left(w, cell.c).expect("a ( to the left");
            join_target(w, cell.c, q, 2)
        };
        a.add_atomic(&v[r.rank(target)], x);
        v[i].store(0, Relaxed);
    });
}
