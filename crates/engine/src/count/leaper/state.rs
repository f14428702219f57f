//! A frontier state and one step's transition.
//!
//! Each frontier slot holds Knuth's `mate[]` of SIMPATH (TAOCP 7.1.4) with the degree:
//!
//! | value | meaning |
//! |---|---|
//! | 0 | degree 0: no chosen edge yet |
//! | 1 | degree 2: saturated |
//! | 2 + j | degree 1: an end of a partial path whose other end is slot j |
//!
//! Slot indices name the mates, so a state is canonical as it stands (no relabelling)
//! and joining two paths is O(1). A state is packed into a `u128`, `bits` bits per slot,
//! slot 0 lowest.

use super::order::Step;

/// Widest unpacked frontier (with the step's vertex).
pub const MAX_SLOTS: usize = 64;

/// Pack the first `width` slots of `a` (the sweep builds keys slot by slot in
/// [`successors`]; this whole-state form checks it in the tests).
#[cfg(test)]
pub fn pack(a: &[u8], bits: u32) -> u128 {
    a.iter()
        .enumerate()
        .fold(0u128, |s, (j, &x)| s | u128::from(x) << (j as u32 * bits))
}

/// Unpack `width` slots of `s` into `out`.
#[inline]
pub fn unpack(s: u128, width: usize, bits: u32, out: &mut [u8]) {
    let mask = (1u128 << bits) - 1;
    for (j, o) in out[..width].iter_mut().enumerate() {
        *o = ((s >> (j as u32 * bits)) & mask) as u8;
    }
}

/// What a choice of edges led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaperStep {
    /// No tour extends it.
    Dead,
    /// It closes the one cycle through every vertex.
    Done,
    /// A state after the step.
    State(u128),
}

/// Take edge {x, y} (slots, both of degree below 2) in `a`; `Err(())` when it closes a
/// cycle (x and y end the same path).
#[inline]
fn join(a: &mut [u8], x: usize, y: usize) -> Result<(), ()> {
    match (a[x], a[y]) {
        (0, 0) => {
            a[x] = 2 + y as u8;
            a[y] = 2 + x as u8;
        }
        (0, m) | (m, 0) => {
            let (end, fresh) = if a[x] == 0 { (y, x) } else { (x, y) };
            let m = (m - 2) as usize;
            a[end] = 1;
            a[m] = 2 + fresh as u8;
            a[fresh] = 2 + m as u8;
        }
        (mx, my) => {
            let (mx, my) = ((mx - 2) as usize, (my - 2) as usize);
            if mx == y {
                return Err(());
            }
            a[x] = 1;
            a[y] = 1;
            a[mx] = 2 + my as u8;
            a[my] = 2 + mx as u8;
        }
    }
    Ok(())
}

/// The packed value of slot value `z` after the step's renumbering: a mate that leaves
/// gives 0 (such a slot is always rewritten by a valid choice: its mate leaves only at
/// degree 2, reached through an edge that also moves this slot's mate).
#[inline]
fn enc(step: &Step, z: u8) -> u128 {
    if z < 2 {
        u128::from(z)
    } else {
        step.remap[(z - 2) as usize].map_or(0, |k| 2 + k as u128)
    }
}

/// The states after `step` from the unpacked state `a` (its first `step.width` slots),
/// handed to `emit`; `last` is true at the final step. Returns the number of choices that
/// close the tour.
///
/// The state is packed once, renumbered, with the step's vertex at degree 0; each choice
/// then rewrites at most six slots (the two ends it joins, their mates, the vertex), so
/// its key is that base with those slots patched.
#[inline]
pub fn successors(step: &Step, a: &[u8], bits: u32, last: bool, mut emit: impl FnMut(u128)) -> u32 {
    let w = step.width;
    let mut base = 0u128;
    if !last {
        for (j, &z) in a[..w].iter().enumerate() {
            if let Some(k) = step.remap[j] {
                base |= enc(step, z) << (k as u32 * bits);
            }
        }
    }
    let e = &step.earlier;
    let need = 2u8.saturating_sub(step.later);
    let mut done = 0;
    let mut try_choice = |pick: &[usize]| match apply(step, a, base, pick, bits, last) {
        LeaperStep::Dead => {}
        LeaperStep::Done => done += 1,
        LeaperStep::State(t) => emit(t),
    };
    if need == 0 {
        try_choice(&[]);
    }
    if need <= 1 {
        for &x in e {
            try_choice(&[x]);
        }
    }
    for (i, &x) in e.iter().enumerate() {
        for &y in &e[i + 1..] {
            try_choice(&[x, y]);
        }
    }
    done
}

/// Take the edges from the step's vertex (slot `width`) to the slots `pick`; `base` is
/// the packed state before any edge.
#[inline]
fn apply(step: &Step, a: &[u8], base: u128, pick: &[usize], bits: u32, last: bool) -> LeaperStep {
    let w = step.width;
    let mut b = [0u8; MAX_SLOTS];
    b[..w].copy_from_slice(&a[..w]);
    // Slots rewritten: each join touches its two slots and at most their two mates.
    let mut touched = [w; 6];
    let mut t = 0;
    for &x in pick {
        if b[x] == 1 {
            return LeaperStep::Dead;
        }
        for s in [x, w] {
            if b[s] >= 2 {
                touched[t] = (b[s] - 2) as usize;
                t += 1;
            }
        }
        touched[t] = x;
        t += 1;
        if join(&mut b, x, w).is_err() {
            // A cycle (x and the vertex its two ends): the tour only if nothing is
            // left out.
            b[x] = 1;
            b[w] = 1;
            return if last && b[..=w].iter().all(|&z| z == 1) {
                LeaperStep::Done
            } else {
                LeaperStep::Dead
            };
        }
    }
    // Every earlier neighbour must still reach degree 2 with its unprocessed neighbours.
    for (&x, &r) in step.earlier.iter().zip(&step.rest) {
        let deg = match b[x] {
            0 => 0,
            1 => 2,
            _ => 1,
        };
        if deg + r < 2 {
            return LeaperStep::Dead;
        }
    }
    if last {
        return LeaperStep::Dead;
    }
    let mut s = base;
    let touched = &mut touched[..t];
    touched.sort_unstable();
    let mut prev = usize::MAX;
    for &j in touched.iter().chain(std::iter::once(&w)) {
        if j == prev {
            continue;
        }
        prev = j;
        if let Some(k) = step.remap[j] {
            let old = if j == w { 0 } else { enc(step, a[j]) };
            s ^= (old ^ enc(step, b[j])) << (k as u32 * bits);
        }
    }
    LeaperStep::State(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::leaper::order::LeaperOrder;
    use tourglyph_core::{Board, LeapGraph, Piece};

    /// Packing puts slot j at bits j·bits and unpacking reads it back, up to the widest
    /// frontier a 128-bit key holds (25 slots of 5 bits).
    #[test]
    fn pack_round_trips_and_places_slots() {
        for bits in [3u32, 4, 5] {
            let width = (128 / bits) as usize;
            let max = (1u8 << bits) - 1;
            let a: Vec<u8> = (0..width)
                .map(|j| (j * 7 % (max as usize + 1)) as u8)
                .collect();
            let s = pack(&a, bits);
            let mut b = [0u8; MAX_SLOTS];
            unpack(s, width, bits, &mut b);
            assert_eq!(&b[..width], &a[..], "bits {bits}");
            for (j, &x) in a.iter().enumerate() {
                assert_eq!((s >> (j as u32 * bits)) & u128::from(max), u128::from(x));
            }
        }
    }

    /// A path through two frontier vertices, joined by the step's vertex, closes into the
    /// tour only at the last step with every other slot saturated; joining its ends to a
    /// fresh vertex moves the mates in O(1).
    #[test]
    fn join_links_mates_and_closes_cycles() {
        let mut a = [2 + 2, 1, 2, 0, 0];
        // Slots 0 and 2 end one path; slot 3 is fresh: take {0, 3}.
        join(&mut a, 0, 3).unwrap();
        assert_eq!(a[..4], [1, 1, 2 + 3, 2 + 2]);
        // {2, 3} now closes the cycle.
        assert!(join(&mut a, 2, 3).is_err());
        // Two separate paths 0–1 and 2–3 joined by {1, 2}: 0 and 3 become mates.
        let mut b = [3, 2, 5, 4, 0];
        join(&mut b, 1, 2).unwrap();
        assert_eq!(b[..4], [2 + 3, 1, 1, 2]);
    }

    /// Every successor of every state of a small board unpacks to a consistent `mate[]`:
    /// a slot of degree 1 names a slot that names it back.
    #[test]
    fn successors_keep_mates_symmetric() {
        let g = LeapGraph::new(Board::new(5, 4), &Piece::knight()).unwrap();
        let order: Vec<u32> = (0..20).collect();
        let p = LeaperOrder::new(&g, &order).unwrap();
        let mut cur = vec![0u128];
        let mut seen = 0;
        for (i, step) in p.steps.iter().enumerate() {
            let mut next = Vec::new();
            for &s in &cur {
                let mut a = [0u8; MAX_SLOTS];
                unpack(s, step.width, p.bits, &mut a);
                successors(step, &a, p.bits, i + 1 == p.steps.len(), |t| next.push(t));
            }
            next.sort_unstable();
            next.dedup();
            for &t in &next {
                let mut a = [0u8; MAX_SLOTS];
                unpack(t, step.new_width, p.bits, &mut a);
                for (j, &z) in a[..step.new_width].iter().enumerate() {
                    if z >= 2 {
                        assert_eq!(a[(z - 2) as usize], 2 + j as u8, "step {i} state {t:x}");
                        seen += 1;
                    }
                }
            }
            cur = next;
        }
        assert!(seen > 100, "{seen}");
    }
}
