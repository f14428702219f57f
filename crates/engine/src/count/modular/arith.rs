//! Additions modulo 2^64 (wrapping) or modulo any P below 2^64, plain and atomic (on a
//! slot of any width, [`AtomicSlot`]).

use super::slot::AtomicSlot;

/// Addition of residues.
pub trait Arith: Copy + Send + Sync {
    /// `a + b` (both reduced) reduced.
    fn add(self, a: u64, b: u64) -> u64;
    /// `*slot += b`, atomically.
    fn add_atomic<S: AtomicSlot>(self, slot: &S, b: u64);
}

/// Modulo 2^64: plain wrapping additions.
#[derive(Clone, Copy, Debug)]
pub struct Wrapping;

impl Arith for Wrapping {
    #[inline(always)]
    fn add(self, a: u64, b: u64) -> u64 {
        a.wrapping_add(b)
    }

    #[inline(always)]
    fn add_atomic<S: AtomicSlot>(self, slot: &S, b: u64) {
        slot.add_wrapping(b);
    }
}

/// Modulo P, 2 ≤ P ≤ 2^63: every planned prime, and any modulus of a 16- or 32-bit slot.
#[derive(Clone, Copy, Debug)]
pub struct ModP(pub u64);

impl Arith for ModP {
    #[inline(always)]
    fn add(self, a: u64, b: u64) -> u64 {
        // a, b < P ≤ 2^63, so s = a + b < 2^64 does not wrap. When s ≥ P, s − P < s;
        // when s < P, s − P wraps above s: the smaller of the two is the reduced sum.
        // Three instructions and no branch, where the general [`ModWide`] takes 1.4 times
        // as long a residue of 20×20 (`benches/NOTES.md`).
        debug_assert!(self.0 <= 1 << 63 && a < self.0 && b < self.0);
        let s = a + b;
        s.min(s.wrapping_sub(self.0))
    }

    #[inline(always)]
    fn add_atomic<S: AtomicSlot>(self, slot: &S, b: u64) {
        slot.apply(|a| self.add(a, b));
    }
}

/// Modulo P, 2^63 < P < 2^64 (a `--modulus` given by hand; plans never use one).
#[derive(Clone, Copy, Debug)]
pub struct ModWide(pub u64);

impl Arith for ModWide {
    #[inline(always)]
    fn add(self, a: u64, b: u64) -> u64 {
        // a, b < P, so a + b < 2P < 2^65: one subtraction reduces it, and when the sum
        // wrapped, the wrapped value minus P (wrapping) is the true sum minus P.
        // Branch-free: residues are spread evenly, so a branch here would be mispredicted
        // about half the time.
        let (s, wrapped) = a.overflowing_add(b);
        let (t, below) = s.overflowing_sub(self.0);
        // All ones when the sum is at least P (it wrapped, or subtracting P did not).
        let take_t = u64::from(wrapped | !below).wrapping_neg();
        (t & take_t) | (s & !take_t)
    }

    #[inline(always)]
    fn add_atomic<S: AtomicSlot>(self, slot: &S, b: u64) {
        slot.apply(|a| self.add(a, b));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    #[test]
    fn sums_are_reduced_even_when_they_wrap() {
        let p = ModWide(u64::MAX); // 2^64 − 1
        assert_eq!(p.add(u64::MAX - 1, u64::MAX - 1), u64::MAX - 2);
        // The largest P of each: sums near 2P.
        let h = ModP(1 << 63);
        assert_eq!(h.add((1 << 63) - 1, (1 << 63) - 1), (1 << 63) - 2);
        assert_eq!(h.add((1 << 63) - 1, 1), 0);
        assert_eq!(h.add(5, 6), 11);
        let q = (1u64 << 63) - 25; // the largest prime below 2^63
        for (a, b) in [
            (q - 1, q - 1),
            (q - 1, 1),
            (q - 1, 0),
            (3, 4),
            (q / 2, q / 2 + 1),
        ] {
            let want = ((u128::from(a) + u128::from(b)) % u128::from(q)) as u64;
            assert_eq!(ModP(q).add(a, b), want, "{a} + {b}");
            assert_eq!(ModWide(q).add(a, b), want, "{a} + {b}");
        }
        let q = ModP(7);
        assert_eq!(q.add(5, 4), 2);
        assert_eq!(q.add(3, 3), 6);
        assert_eq!(Wrapping.add(u64::MAX, 2), 1);
        let slot = AtomicU64::new(6);
        q.add_atomic(&slot, 6);
        assert_eq!(slot.load(Relaxed), 5);
    }
}
