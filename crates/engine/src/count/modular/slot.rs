//! Where a word's residue lives: a 16-, 32- or 64-bit atomic slot ([`AtomicSlot`]), and the
//! width a count uses ([`Width`]). The steps of the counters are generic over the slot,
//! so a residue modulo a prime below 2^16 takes two bytes a word, a quarter of the
//! 64-bit array, and the 64-bit path compiles to the same loads and stores as before.
//!
//! Values travel as `u64` between a load and a store; a slot keeps the low bits of what
//! is stored. Modulo a P that the width holds (P ≤ 2^bits), every sum is reduced below P
//! in `u64` ([`super::arith::ModP`]) before it is stored, so nothing is lost; modulo 2^64
//! ([`super::arith::Wrapping`]) only the 64-bit slot is used.

pub use crate::count::crt::Width;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, Ordering::Relaxed};

/// An atomic cell holding one residue of `BITS` bits.
pub trait AtomicSlot: Send + Sync + Sized {
    /// The slot's width in bits.
    const BITS: u32;
    /// A slot holding 0.
    fn zero() -> Self;
    /// Its value.
    fn get(&self) -> u64;
    /// Store the low `BITS` bits of `x`.
    fn set(&self, x: u64);
    /// Add `x` atomically, wrapping modulo 2^`BITS`.
    fn add_wrapping(&self, x: u64);
    /// Replace the value `a` by `f(a)` atomically.
    fn apply(&self, f: impl Fn(u64) -> u64);
}

/// One [`AtomicSlot`] impl per atomic integer: the same six lines each.
macro_rules! slot {
    ($atomic:ty, $int:ty) => {
        impl AtomicSlot for $atomic {
            const BITS: u32 = <$int>::BITS;

            #[inline(always)]
            fn zero() -> Self {
                <$atomic>::new(0)
            }

            #[inline(always)]
            fn get(&self) -> u64 {
                u64::from(self.load(Relaxed))
            }

            #[inline(always)]
            fn set(&self, x: u64) {
                self.store(x as $int, Relaxed);
            }

            #[inline(always)]
            fn add_wrapping(&self, x: u64) {
                self.fetch_add(x as $int, Relaxed);
            }

            #[inline(always)]
            fn apply(&self, f: impl Fn(u64) -> u64) {
                let _ = self.fetch_update(Relaxed, Relaxed, |a| Some(f(u64::from(a)) as $int));
            }
        }
    };
}

slot!(AtomicU16, u16);
slot!(AtomicU32, u32);
slot!(AtomicU64, u64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_keep_their_low_bits_and_wrap_in_their_width() {
        let s = AtomicU16::zero();
        s.set(65_535);
        s.add_wrapping(2);
        assert_eq!(s.get(), 1);
        AtomicSlot::apply(&s, |a| a + 65_536 + 5);
        assert_eq!(s.get(), 6);
        let t = AtomicU32::zero();
        t.set(u64::from(u32::MAX) + 3);
        assert_eq!(t.get(), 2);
        let u = AtomicU64::zero();
        u.set(u64::MAX);
        u.add_wrapping(1);
        assert_eq!(u.get(), 0);
    }
}
