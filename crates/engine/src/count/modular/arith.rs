//! Additions modulo 2^64 (wrapping) or modulo any P below 2^64, plain and atomic (on a
//! slot of any width, [`Slot`]).

use super::slot::Slot;

/// Addition of residues.
pub trait Arith: Copy + Send + Sync {
    /// `a + b` (both reduced) reduced.
    fn add(self, a: u64, b: u64) -> u64;
    /// `*slot += b`, atomically.
    fn add_atomic<S: Slot>(self, slot: &S, b: u64);
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
    fn add_atomic<S: Slot>(self, slot: &S, b: u64) {
        slot.add_wrapping(b);
    }
}

/// Modulo P, 2 ≤ P < 2^64.
#[derive(Clone, Copy, Debug)]
pub struct ModP(pub u64);

impl Arith for ModP {
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
    fn add_atomic<S: Slot>(self, slot: &S, b: u64) {
        slot.apply(|a| self.add(a, b));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    #[test]
    fn sums_are_reduced_even_when_they_wrap() {
        let p = ModP(u64::MAX); // 2^64 − 1
        assert_eq!(p.add(u64::MAX - 1, u64::MAX - 1), u64::MAX - 2);
        let q = ModP(7);
        assert_eq!(q.add(5, 4), 2);
        assert_eq!(q.add(3, 3), 6);
        assert_eq!(Wrapping.add(u64::MAX, 2), 1);
        let slot = AtomicU64::new(6);
        q.add_atomic(&slot, 6);
        assert_eq!(slot.load(Relaxed), 5);
    }
}
