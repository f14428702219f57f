//! The widths of keys and counts: `u64` where the frontier and the count's bound fit it
//! (half the memory traffic), `u128` otherwise; and for the sides of the count by
//! halves ([`super::halves`]), 96-bit keys with saturating 32-bit counts, 16 bytes a
//! state where `u128` keys and counts take 32.

use std::hash::Hash;
use std::ops::{BitAnd, BitOr, Not, Shl, Shr};

/// Frontier states stepped per second on the reference machine (2 cores), set by the
/// big boards whose 128-bit keys and counts miss the cache most: knight 7×8 steps 234 M
/// states in 55 s under a load average of 5 (`examples/leaper_widths.rs`), while 6×8
/// steps 8.6 M in 0.9–1.3 s under a load of 7 (`benches/knight.sh`). The planning rate
/// of sweeps keyed by `u64` and `u128` words.
pub const STATES_PER_SECOND: f64 = 4.0e6;

/// An unsigned word used as a packed state or a wrapping count.
pub trait Word:
    Copy
    + Default
    + Eq
    + Hash
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The low bits of `x`.
    fn from_u128(x: u128) -> Self;
    /// The value, widened.
    fn to_u128(self) -> u128;
    /// The low 8 bits.
    fn low_u8(self) -> u8;
    /// Frontier states a second that a sweep keyed by this word is planned at, on the
    /// reference machine ([`super::sweep`]'s budget checks).
    const STATES_PER_SECOND: f64;
}

impl Word for u64 {
    const STATES_PER_SECOND: f64 = STATES_PER_SECOND;
    #[inline]
    fn low_u8(self) -> u8 {
        self as u8
    }
    #[inline]
    fn from_u128(x: u128) -> Self {
        x as u64
    }
    #[inline]
    fn to_u128(self) -> u128 {
        u128::from(self)
    }
}

impl Word for u128 {
    const STATES_PER_SECOND: f64 = STATES_PER_SECOND;
    #[inline]
    fn low_u8(self) -> u8 {
        self as u8
    }
    #[inline]
    fn from_u128(x: u128) -> Self {
        x
    }
    #[inline]
    fn to_u128(self) -> u128 {
        self
    }
}

/// A count of a sweep's states.
pub trait Count: Copy + Default + Send + Sync + 'static {
    /// `x`, reduced to the type (its low bits, or saturated).
    fn from_u128(x: u128) -> Self;
    /// The value, widened.
    fn to_u128(self) -> u128;
    /// The sum (wrapping, or saturating).
    fn add(self, o: Self) -> Self;
}

impl Count for u64 {
    #[inline]
    fn from_u128(x: u128) -> Self {
        x as u64
    }
    #[inline]
    fn to_u128(self) -> u128 {
        u128::from(self)
    }
    #[inline]
    fn add(self, o: Self) -> Self {
        self.wrapping_add(o)
    }
}

impl Count for u128 {
    #[inline]
    fn from_u128(x: u128) -> Self {
        x
    }
    #[inline]
    fn to_u128(self) -> u128 {
        self
    }
    #[inline]
    fn add(self, o: Self) -> Self {
        self.wrapping_add(o)
    }
}

/// A saturating 32-bit count: every stored value is min(true value, `u32::MAX`), since
/// a sum of saturated values saturates exactly when the true sum reaches the top; so a
/// count below `u32::MAX` is exact, and one at it says that the sweep needs wider
/// counts. (The sides of knight 8×8 count at most 5,680 path systems a state.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sat32(pub u32);

impl Sat32 {
    /// Whether the true value may be larger than the one held.
    pub fn saturated(self) -> bool {
        self.0 == u32::MAX
    }
}

impl Count for Sat32 {
    #[inline]
    fn from_u128(x: u128) -> Self {
        Sat32(u32::try_from(x).unwrap_or(u32::MAX))
    }
    #[inline]
    fn to_u128(self) -> u128 {
        u128::from(self.0)
    }
    #[inline]
    fn add(self, o: Self) -> Self {
        Sat32(self.0.saturating_add(o.0))
    }
}

/// A 96-bit key, 12 bytes aligned to 4: beside a [`Sat32`] a state takes 16 bytes (a
/// `u128` key is aligned to 16, so any state with one takes 32).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(C, packed(4))]
pub struct U96 {
    lo: u64,
    hi: u32,
}

impl U96 {
    /// The bits that a key may hold.
    pub const BITS: u32 = 96;

    #[inline]
    fn wide(self) -> u128 {
        let (lo, hi) = (self.lo, self.hi);
        u128::from(lo) | u128::from(hi) << 64
    }
}

impl Word for U96 {
    /// The halves' sides and bottom rows, the sweeps keyed by this word, step their
    /// 16-byte states several times faster than the wide sweeps that set
    /// [`STATES_PER_SECOND`]: knight 8×8's side, 9.3·10^7 states in about 3.1 s, 3·10^7
    /// a second (1.6·10^8 in 5.8–5.9 s row by row, before `order::kept_last`; 2 threads,
    /// quiet). Planned at two thirds of that.
    const STATES_PER_SECOND: f64 = 2.0e7;
    #[inline]
    fn low_u8(self) -> u8 {
        let lo = self.lo;
        lo as u8
    }
    #[inline]
    fn from_u128(x: u128) -> Self {
        U96 {
            lo: x as u64,
            hi: (x >> 64) as u32,
        }
    }
    #[inline]
    fn to_u128(self) -> u128 {
        self.wide()
    }
}

impl BitAnd for U96 {
    type Output = U96;
    #[inline]
    fn bitand(self, o: U96) -> U96 {
        U96::from_u128(self.wide() & o.wide())
    }
}

impl BitOr for U96 {
    type Output = U96;
    #[inline]
    fn bitor(self, o: U96) -> U96 {
        U96::from_u128(self.wide() | o.wide())
    }
}

impl Not for U96 {
    type Output = U96;
    #[inline]
    fn not(self) -> U96 {
        U96::from_u128(!self.wide())
    }
}

impl Shl<u32> for U96 {
    type Output = U96;
    #[inline]
    fn shl(self, k: u32) -> U96 {
        U96::from_u128(self.wide() << k)
    }
}

impl Shr<u32> for U96 {
    type Output = U96;
    #[inline]
    fn shr(self, k: u32) -> U96 {
        U96::from_u128(self.wide() >> k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A state of a 96-bit key and a saturating count takes 16 bytes; the key keeps 96
    /// bits through its operations; the count saturates and stays there.
    #[test]
    fn narrow_states() {
        assert_eq!(size_of::<(U96, Sat32)>(), 16);
        let x = (1u128 << 95) | (0xabc << 60) | 7;
        let k = U96::from_u128(x);
        assert_eq!(k.to_u128(), x);
        assert_eq!((k >> 60).to_u128(), x >> 60);
        assert_eq!((k << 4).to_u128(), (x << 4) & ((1 << 96) - 1));
        assert_eq!((!k & k).to_u128(), 0);
        assert_eq!((!U96::default()).to_u128(), (1 << 96) - 1);
        assert_eq!(Sat32(u32::MAX - 1).add(Sat32(1)), Sat32(u32::MAX));
        assert!(Sat32(u32::MAX).add(Sat32(0)).saturated());
        assert!(!Sat32(3).add(Sat32(4)).saturated());
        assert_eq!(Sat32::from_u128(1 << 40), Sat32(u32::MAX));
    }
}
