//! The two widths of keys and counts: `u64` where the frontier and the count's bound
//! fit it (half the memory traffic), `u128` otherwise.

use std::hash::Hash;
use std::ops::{BitAnd, BitOr, Not, Shl, Shr};

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
    /// Wrapping addition.
    fn add(self, o: Self) -> Self;
    /// The low 8 bits.
    fn low_u8(self) -> u8;
}

impl Word for u64 {
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
    #[inline]
    fn add(self, o: Self) -> Self {
        self.wrapping_add(o)
    }
}

impl Word for u128 {
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
    #[inline]
    fn add(self, o: Self) -> Self {
        self.wrapping_add(o)
    }
}
