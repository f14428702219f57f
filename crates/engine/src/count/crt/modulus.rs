//! A modulus of a residue count: 2^64 (wrapping additions) or an integer from 2 to
//! 2^64 − 1, parsed and written as `--modulus` reads it.

use num_bigint::BigUint;
use std::fmt;
use tourglyph_core::{error::Error, error::Result};

/// A modulus: 2^64, or an integer from 2 to 2^64 − 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Modulus {
    /// 2^64: residues are plain wrapping sums.
    TwoTo64,
    /// 2 ≤ P < 2^64.
    Int(u64),
}

/// 2^64 as written in decimal.
pub(super) const TWO_TO_64: &str = "18446744073709551616";

impl Modulus {
    /// The modulus as a big integer.
    pub fn value(self) -> BigUint {
        match self {
            Modulus::TwoTo64 => BigUint::from(1u128 << 64),
            Modulus::Int(p) => BigUint::from(p),
        }
    }

    /// Its decimal value (2^64 written out), for JSON.
    pub fn decimal(self) -> String {
        match self {
            Modulus::TwoTo64 => TWO_TO_64.to_string(),
            Modulus::Int(p) => p.to_string(),
        }
    }

    /// Parse `2^64` or a decimal integer from 2 to 2^64.
    pub fn parse(s: &str) -> Result<Self> {
        let t = s.trim();
        if t == "2^64" || t.trim_start_matches('0') == TWO_TO_64 {
            return Ok(Modulus::TwoTo64);
        }
        match t.parse::<u64>() {
            Ok(p) if p >= 2 => Ok(Modulus::Int(p)),
            _ => Err(Error::usage(format!(
                "bad modulus '{s}': give an integer from 2 to 2^64 (written 2^64 or \
                 {TWO_TO_64}), e.g. --modulus 2^64 or --modulus 9223372036854775783"
            ))),
        }
    }
}

impl fmt::Display for Modulus {
    /// `2^64` or the decimal integer: what `--modulus` reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Modulus::TwoTo64 => f.write_str("2^64"),
            Modulus::Int(p) => write!(f, "{p}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moduli_parse_and_print() {
        assert_eq!(Modulus::parse("2^64").unwrap(), Modulus::TwoTo64);
        assert_eq!(Modulus::parse(TWO_TO_64).unwrap(), Modulus::TwoTo64);
        assert_eq!(Modulus::parse("7").unwrap(), Modulus::Int(7));
        for bad in ["1", "0", "-3", "18446744073709551617", "2^63", "x", ""] {
            assert!(Modulus::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Modulus::TwoTo64.to_string(), "2^64");
    }
}
