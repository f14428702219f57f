//! Cells whose two digits lie in the high part of the word: a group of high parts moves
//! whole blocks (every low part at once), with one table look-up per block. Within a
//! block only the low parts with the alternating sum the checkerboard colouring allows
//! ([`EdgeCell::low_sum`]) can be nonzero; they are contiguous (low parts are listed by that
//! sum), and only they are visited.

use super::cell::EdgeCell;
use crate::count::modular::arith::Arith;
use crate::count::modular::brackets::{
    CLOSE_CLOSE, CLOSE_HI, CLOSE_LO, JOIN_PATHS, NEW_PATH, NO_PLUG, OPEN_HI, OPEN_LO, OPEN_OPEN,
    join_target, partner_left, partner_right,
};
use crate::count::modular::rank::Ranks;
use rayon::prelude::*;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Apply `cell` (with c ≥ h) to every block.
pub fn step<A: Arith>(r: &Ranks, v: &[AtomicU64], cell: EdgeCell, a: A) {
    let c = cell.c - r.h;
    let hl = r.len - r.h;
    let shift = 2 * c;
    let with = |w: u64, p: u64| (w & !(15u64 << shift)) | (p << shift);
    let block = |off: usize, e: u8| &v[off..off + r.lows[e as usize].len()];
    // The indices of a block where the word with high part `hp` can be nonzero.
    let live = |hp: u64, e: u8| -> Range<usize> { r.with_sum(e, cell.low_sum(hp, r.h)) };
    let per = (r.highs.len() / 256).max(1);
    r.highs.par_chunks(per).for_each(|chunk| {
        for &(high, off, e) in chunk {
            match (high >> shift) & 15 {
                NO_PLUG => {
                    let b00 = block(off as usize, e);
                    let h12 = with(high, NEW_PATH);
                    let b12 = block(r.high(h12).expect("valid").0, e);
                    let h21 = with(high, JOIN_PATHS);
                    let b21 = r
                        .high(h21)
                        .filter(|&(_, e2)| e2 == e)
                        .map(|(o, _)| block(o, e));
                    let mut ranges = vec![live(high, e), live(h12, e)];
                    if b21.is_some() {
                        ranges.push(live(h21, e));
                    }
                    for k in union(ranges) {
                        let v00 = b00[k].load(Relaxed);
                        let v21 = b21.map_or(0, |b| b[k].load(Relaxed));
                        b12[k].store(if cell.out_lo && cell.out_hi { v00 } else { 0 }, Relaxed);
                        b00[k].store(v21, Relaxed);
                    }
                    if let Some(b) = b21 {
                        b[live(h21, e)].iter().for_each(|x| x.store(0, Relaxed));
                    }
                }
                p @ (OPEN_LO | CLOSE_LO) => {
                    let other = with(high, if p == OPEN_LO { OPEN_HI } else { CLOSE_HI });
                    let bx = block(off as usize, e);
                    let by = block(r.high(other).expect("valid").0, e);
                    for k in union(vec![live(high, e), live(other, e)]) {
                        let (x, y) = (&bx[k], &by[k]);
                        let (vx, vy) = (x.load(Relaxed), y.load(Relaxed));
                        if vx | vy != 0 {
                            let s = a.add(vx, vy);
                            x.store(if cell.out_lo { s } else { 0 }, Relaxed);
                            y.store(if cell.out_hi { s } else { 0 }, Relaxed);
                        }
                    }
                }
                _ => {}
            }
        }
    });
    r.highs.par_chunks(per).for_each(|chunk| {
        for &(high, off, e) in chunk {
            let p = (high >> shift) & 15;
            let target = match p {
                OPEN_OPEN => partner_right(high, c + 1, hl).map(|q| join_target(high, c, q, 1)),
                CLOSE_CLOSE => partner_left(high, c).map(|q| join_target(high, c, q, 2)),
                _ => continue,
            };
            let range = live(high, e);
            let src = &block(off as usize, e)[range.clone()];
            match target {
                Some(t) => {
                    let dst = &block(r.high(t).expect("valid").0, e)[range.clone()];
                    for (s, d) in src.iter().zip(dst) {
                        let x = s.load(Relaxed);
                        if x != 0 {
                            a.add_atomic(d, x);
                            s.store(0, Relaxed);
                        }
                    }
                }
                None => {
                    // A `))` whose `(` is in the low part: word by word.
                    for (k, s) in range.clone().zip(src) {
                        let x = s.load(Relaxed);
                        if x != 0 {
                            let w = (high << (2 * r.h)) | u64::from(r.lows[e as usize][k]);
                            let q = partner_left(w, cell.c).expect("a ( to the left");
                            a.add_atomic(&v[r.rank(join_target(w, cell.c, q, 2))], x);
                            s.store(0, Relaxed);
                        }
                    }
                }
            }
        }
    });
}

/// The indices of distinct ranges (ranges of different alternating sums are disjoint; the
/// same sum gives the same range).
fn union(mut ranges: Vec<Range<usize>>) -> impl Iterator<Item = usize> {
    ranges.sort_by_key(|r| (r.start, r.end));
    ranges.dedup();
    ranges.into_iter().flatten()
}
