//! The transitions of one cell, and the cell applied word by word (any column).
//!
//! Digits `c` (cell (r, c)) and `c + 1` (the up edge of cell (r, c + 1)) of a word form a
//! *pair*; the words that differ only in the pair form a group. A group is led by its
//! word whose digit `c + 1` is blank: with rest class R ([`VertexCell::rest`]) it
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

use super::cell::VertexCell;
use crate::count::modular::arith::Arith;
use crate::count::modular::brackets::{join_target, pair, partner_left, partner_right};
use crate::count::modular::rank::{Ranks, for_each_word};
use crate::count::modular::slot::AtomicSlot;

/// `)(`: cell (r, c) ends a path going `)`, a `(` comes down into (r, c + 1).
pub const CLOSE_OPEN: u64 = pair(2, 1);
/// `()`.
pub const OPEN_CLOSE: u64 = pair(1, 2);

/// The `··` group with R = S: `··' = )(`, `()' = ·· + ()`, `)(' = )(` (those two only
/// with a down edge).
#[inline(always)]
pub fn fresh<S: AtomicSlot, A: Arith>(
    blank: &S,
    close_open: Option<&S>,
    open_close: &S,
    down: bool,
    a: A,
) {
    let v0 = blank.get();
    let vco = close_open.map_or(0, |x| x.get());
    let voc = open_close.get();
    if v0 | vco | voc == 0 {
        return;
    }
    blank.set(vco);
    open_close.set(if down { a.add(v0, voc) } else { 0 });
    if let Some(x) = close_open {
        x.set(if down { vco } else { 0 });
    }
}

/// `x·`, `·x` with R = S − δ: `x·' = ·x` (with a down edge), `·x' = 0`.
#[inline(always)]
pub fn spawn<S: AtomicSlot>(plug_lo: &S, plug_hi: &S, down: bool) {
    let y = plug_hi.get();
    if y != 0 {
        plug_lo.set(if down { y } else { 0 });
        plug_hi.set(0);
    }
}

/// `x·`, `·x` with R = S + δ: `x·' = x·` (with a down edge), `·x' = x· + ·x`.
#[inline(always)]
pub fn pass<S: AtomicSlot, A: Arith>(plug_lo: &S, plug_hi: &S, down: bool, a: A) {
    let (x, y) = (plug_lo.get(), plug_hi.get());
    if x != 0 {
        plug_hi.set(a.add(x, y));
        if !down {
            plug_lo.set(0);
        }
    }
}

/// A `((` or `))` word's join: add its value to `target`, keep it only with a down edge.
#[inline(always)]
pub fn join<S: AtomicSlot, A: Arith>(src: &S, target: &S, down: bool, a: A) {
    let x = src.get();
    if x != 0 {
        a.add_atomic(target, x);
        if !down {
            src.set(0);
        }
    }
}

/// [`join`] when no other thread can write `target` meanwhile: a plain load and store.
#[inline(always)]
pub fn join_local<S: AtomicSlot, A: Arith>(src: &S, target: &S, down: bool, a: A) {
    let x = src.get();
    if x != 0 {
        target.set(a.add(target.get(), x));
        if !down {
            src.set(0);
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
pub fn step<S: AtomicSlot, A: Arith>(r: &Ranks, v: &[S], cell: &VertexCell, a: A) {
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
