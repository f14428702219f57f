//! The transitions of one cell, and the cell applied word by word (any column).
//!
//! Digits `c` (cell (r, c)) and `c + 1` (the up edge of cell (r, c + 1)) of a word form a
//! *pair*; the words that differ only in the pair form a group. A group is led by its
//! word whose digit `c + 1` is blank: with rest class R ([`Cell::rest`]) it
//! moves as follows (`x` a bracket, `·` blank, before → after; no down edge in the last
//! row, so the moves that need one give 0 there):
//!
//! - `··` with R = S (degree 0, nothing above (r, c + 1)): a new path, down `(` and
//!   right `)`: → `()`. A `)(` of the same group (degree 1, going right) joins its two
//!   paths: → `··` (degree 2 for (r, c + 1)); going down it stays `)(`. A `()` going
//!   right would close a cycle too early; going down it stays `()`. So
//!   `··' = )(`, `()' = ·· + ()`, `)(' = )(` ([`fresh`]).
//! - `··` with R = S + 2δ (degree 2 at (r, c), nothing above): → `··` read as degree 0
//!   for (r, c + 1). Nothing to do.
//! - `x·` / `·x` with R = S − δ: only `·x` can be nonzero (degree 0 under an up edge
//!   `x`): a new path whose right end joins `x`, leaving the down edge `x`: → `x·`
//!   ([`spawn`]).
//! - `x·` / `·x` with R = S + δ: `x·` (degree 1) goes down (→ `x·`, degree 0 next) or
//!   right (→ `·x`); `·x` (degree 2 at (r, c)) passes `x` on (→ `·x`) ([`pass`]).
//! - `((` or `))` with R = S: going down it stays; going right it joins the two paths and
//!   turns the far end's partner round, landing on the `··` word of another group
//!   (pass 2, after every group's pass 1: [`join_target`]).
//!
//! The classes after the cell (S' = S + 2δ, δ' = −δ) are again exactly the ones the
//! colouring allows, and a word outside them is left zero.

use super::cell::Cell;
use crate::count::modular::arith::Arith;
use crate::count::modular::brackets::{join_target, pair, partner_left, partner_right};
use crate::count::modular::rank::{Ranks, for_each_word};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// `)(`: cell (r, c) ends a path going `)`, a `(` comes down into (r, c + 1).
pub const CLOSE_OPEN: u64 = pair(2, 1);
/// `()`.
pub const OPEN_CLOSE: u64 = pair(1, 2);

/// The `··` group with R = S: `··' = )(`, `()' = ·· + ()`, `)(' = )(` (those two only
/// with a down edge).
#[inline(always)]
pub fn fresh<A: Arith>(
    blank: &AtomicU64,
    close_open: Option<&AtomicU64>,
    open_close: &AtomicU64,
    down: bool,
    a: A,
) {
    let v0 = blank.load(Relaxed);
    let vco = close_open.map_or(0, |x| x.load(Relaxed));
    let voc = open_close.load(Relaxed);
    if v0 | vco | voc == 0 {
        return;
    }
    blank.store(vco, Relaxed);
    open_close.store(if down { a.add(v0, voc) } else { 0 }, Relaxed);
    if let Some(x) = close_open {
        x.store(if down { vco } else { 0 }, Relaxed);
    }
}

/// `x·`, `·x` with R = S − δ: `x·' = ·x` (with a down edge), `·x' = 0`.
#[inline(always)]
pub fn spawn(plug_lo: &AtomicU64, plug_hi: &AtomicU64, down: bool) {
    let y = plug_hi.load(Relaxed);
    if y != 0 {
        plug_lo.store(if down { y } else { 0 }, Relaxed);
        plug_hi.store(0, Relaxed);
    }
}

/// `x·`, `·x` with R = S + δ: `x·' = x·` (with a down edge), `·x' = x· + ·x`.
#[inline(always)]
pub fn pass<A: Arith>(plug_lo: &AtomicU64, plug_hi: &AtomicU64, down: bool, a: A) {
    let (x, y) = (plug_lo.load(Relaxed), plug_hi.load(Relaxed));
    if x != 0 {
        plug_hi.store(a.add(x, y), Relaxed);
        if !down {
            plug_lo.store(0, Relaxed);
        }
    }
}

/// A `((` or `))` word's join: add its value to `target`, keep it only with a down edge.
#[inline(always)]
pub fn join<A: Arith>(src: &AtomicU64, target: &AtomicU64, down: bool, a: A) {
    let x = src.load(Relaxed);
    if x != 0 {
        a.add_atomic(target, x);
        if !down {
            src.store(0, Relaxed);
        }
    }
}

/// [`join`] when no other thread can write `target` meanwhile: a plain load and store.
#[inline(always)]
pub fn join_local<A: Arith>(src: &AtomicU64, target: &AtomicU64, down: bool, a: A) {
    let x = src.load(Relaxed);
    if x != 0 {
        target.store(a.add(target.load(Relaxed), x), Relaxed);
        if !down {
            src.store(0, Relaxed);
        }
    }
}

/// The `··` word a `((` (`open`) or `))` word `w` joins into at digits `c`, `c + 1`.
pub fn joined(w: u64, c: u32, len: u32, open: bool) -> u64 {
    if open {
        let q = partner_right(w, c + 1, len).expect("a ) to the right");
        join_target(w, c, q, 1)
    } else {
        let q = partner_left(w, c).expect("a ( to the left");
        join_target(w, c, q, 2)
    }
}

/// Apply `cell` word by word.
pub fn step<A: Arith>(r: &Ranks, v: &[AtomicU64], cell: &Cell, a: A) {
    let sh = 2 * cell.c;
    let with = |w: u64, p: u64| (w & !(15u64 << sh)) | (p << sh);
    let (s, d) = (cell.s, cell.delta);
    for_each_word(r, |i, w| {
        let p = (w >> sh) & 15;
        if p >> 2 != 0 {
            return;
        }
        let rest = cell.rest(w);
        if p == 0 {
            if rest == s {
                let co = r.rank_checked(with(w, CLOSE_OPEN)).map(|j| &v[j]);
                let oc = &v[r.rank(with(w, OPEN_CLOSE))];
                fresh(&v[i], co, oc, cell.down, a);
            }
        } else if rest == s - d {
            spawn(&v[i], &v[r.rank(with(w, p << 2))], cell.down);
        } else if rest == s + d {
            pass(&v[i], &v[r.rank(with(w, p << 2))], cell.down, a);
        }
    });
    for_each_word(r, |i, w| {
        let p = (w >> sh) & 15;
        if (p == pair(1, 1) || p == pair(2, 2)) && cell.rest(w) == s {
            let t = joined(w, cell.c, r.len, p == pair(1, 1));
            join(&v[i], &v[r.rank(t)], cell.down, a);
        }
    });
}
