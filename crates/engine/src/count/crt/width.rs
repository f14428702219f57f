//! The width of the residues a count stores (16, 32 or 64 bits a word) and the moduli
//! each width holds: a plan in a width ([`super::plan_width`]) and `--modulus P` (the
//! narrowest width holding P) agree through [`Width::holds`].

use super::modulus::Modulus;
use tourglyph_core::{error::Error, error::Result};

/// The width of the residues a count stores: 16, 32 or 64 bits a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Width {
    /// Two bytes a word: moduli up to 2^16 (the primes below 2^16 in a plan).
    W16,
    /// Four bytes a word: moduli up to 2^32.
    W32,
    /// Eight bytes a word: moduli up to 2^64 (2^64 itself by wrapping sums).
    W64,
}

impl Width {
    /// Every width, narrowest first.
    pub const ALL: [Width; 3] = [Width::W16, Width::W32, Width::W64];

    /// Bits a residue takes.
    pub fn bits(self) -> u32 {
        match self {
            Width::W16 => 16,
            Width::W32 => 32,
            Width::W64 => 64,
        }
    }

    /// Bytes a residue takes.
    pub fn bytes(self) -> u32 {
        self.bits() / 8
    }

    /// The width of `bits` (16, 32 or 64), else a usage error naming the choices.
    pub fn from_bits(bits: u32) -> Result<Self> {
        Width::ALL
            .into_iter()
            .find(|w| w.bits() == bits)
            .ok_or_else(|| {
                Error::usage(format!(
                    "bad residue width {bits}: give --residue-bits 16, 32 or 64"
                ))
            })
    }

    /// True when residues modulo `m` fit: m ≤ 2^bits (2^64 only in 64 bits).
    pub fn holds(self, m: Modulus) -> bool {
        match m {
            Modulus::TwoTo64 => self == Width::W64,
            Modulus::Int(p) => self == Width::W64 || p <= 1u64 << self.bits(),
        }
    }

    /// The narrowest width whose slots hold residues modulo `m`.
    pub fn narrowest(m: Modulus) -> Self {
        Width::ALL
            .into_iter()
            .find(|w| w.holds(m))
            .unwrap_or(Width::W64)
    }

    /// `m` with this width, or a usage error when its residues do not fit.
    pub fn check(self, m: Modulus) -> Result<()> {
        if self.holds(m) {
            return Ok(());
        }
        Err(Error::usage(format!(
            "the modulus {m} does not fit in {}-bit residues: give a modulus up to 2^{} \
             (those of --plan-moduli --residue-bits {}) or a wider --residue-bits",
            self.bits(),
            self.bits(),
            self.bits()
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_hold_the_moduli_up_to_their_power_of_two() {
        assert_eq!(Width::narrowest(Modulus::Int(65_521)), Width::W16);
        assert_eq!(Width::narrowest(Modulus::Int(65_536)), Width::W16);
        assert_eq!(Width::narrowest(Modulus::Int(65_537)), Width::W32);
        assert_eq!(Width::narrowest(Modulus::Int(1 << 32)), Width::W32);
        assert_eq!(Width::narrowest(Modulus::Int((1 << 32) + 1)), Width::W64);
        assert_eq!(Width::narrowest(Modulus::TwoTo64), Width::W64);
        assert!(Width::W16.check(Modulus::Int(65_537)).is_err());
        assert!(Width::W32.check(Modulus::TwoTo64).is_err());
        assert!(Width::from_bits(8).is_err());
        assert_eq!(Width::from_bits(32).unwrap(), Width::W32);
    }
}
