//! Counting by residues, for runs spread over many machines.
//!
//! The transfer matrix only adds counts, so it can run modulo any P and yields the count
//! modulo P ([`crate::count::modular`]). Residues modulo pairwise coprime moduli whose
//! product exceeds a proven upper bound on the count ([`bound`]) determine it by the
//! Chinese remainder theorem. The moduli are planned ([`plan`]): 2^64 first (wrapping
//! additions, the fastest), then the primes just below 2^63. Each residue is an
//! independent job.
//!
//! This module is the number theory alone and calls no counter: the counters sit above
//! it ([`crate::count::modular::count_exact`] runs a residue per planned modulus and
//! joins them here).
//!
//! A residue travels as one JSON line, `{"piece":"rook","board":"24x24","modulus":P,"residue":R}`
//! ([`Residue`]); [`combine`] checks a set of them and rebuilds the count.

pub mod bound;
pub mod prime;
pub mod width;

use num_bigint::BigUint;
use num_integer::Integer;
use std::fmt;
use tourglyph_core::board::Board;
use tourglyph_core::{error::Error, error::Result};
pub use width::Width;

/// A modulus: 2^64, or an integer from 2 to 2^64 − 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Modulus {
    /// 2^64: residues are plain wrapping sums.
    TwoTo64,
    /// 2 ≤ P < 2^64.
    Int(u64),
}

/// 2^64 as written in decimal.
const TWO_TO_64: &str = "18446744073709551616";

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

/// Bits that hold the count of closed rook tours of `board`: the count is below 2^bits.
pub fn bits_needed(board: Board) -> u64 {
    if board.cells() % 2 == 1 || board.rows < 2 || board.cols < 2 {
        return 1; // no tour: the count is 0
    }
    // floor(log2 B) + 1 bits hold any integer ≤ B.
    bound::log2_bound(board).floor() as u64 + 1
}

/// Moduli whose product exceeds the proven bound on the count of closed rook tours of
/// `board`: 2^64, then the largest primes below 2^63, as few as suffice.
pub fn plan(board: Board) -> Vec<Modulus> {
    plan_bits(bits_needed(board))
}

/// [`plan`] for a count known to need at most `bits` bits ([`bits_needed`] is a sweep
/// over 2^(w + 1) states: callers that need the bits and the plan compute it once).
pub fn plan_bits(bits: u64) -> Vec<Modulus> {
    let mut out = vec![Modulus::TwoTo64];
    if bits <= 64 {
        return out;
    }
    // Each prime below 2^63 holds more than 62.99 bits; ask for enough, then keep as
    // many as the exact product needs.
    let primes = prime::primes_below(1 << 63, (bits as usize).div_ceil(62));
    let need = BigUint::from(1u8) << bits;
    let mut product = Modulus::TwoTo64.value();
    for p in primes {
        if product >= need {
            break;
        }
        product *= p;
        out.push(Modulus::Int(p));
    }
    out
}

/// Moduli for residues of `width` whose product exceeds the proven bound on the count of
/// closed rook tours of `board`: [`plan`] in 64 bits, else the largest primes below
/// 2^32 or 2^16, decreasing, as few as suffice.
pub fn plan_width(board: Board, width: Width) -> Vec<Modulus> {
    plan_bits_width(bits_needed(board), width)
}

/// [`plan_width`] for a count known to need at most `bits` bits.
pub fn plan_bits_width(bits: u64, width: Width) -> Vec<Modulus> {
    if width == Width::W64 {
        return plan_bits(bits);
    }
    let limit = 1u64 << width.bits();
    // Each prime below 2^k (k = 16 or 32) holds more than k − 0.01 bits: ask for enough,
    // then keep as many as the exact product needs.
    let k = u64::from(width.bits()) - 1;
    let primes = prime::primes_below(limit, (bits.max(1) as usize).div_ceil(k as usize) + 1);
    let need = BigUint::from(1u8) << bits;
    let mut product = BigUint::from(1u8);
    let mut out = Vec::new();
    for p in primes {
        if product >= need {
            break;
        }
        product *= p;
        out.push(Modulus::Int(p));
    }
    out
}

/// One residue: the count of a board's tours modulo a modulus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Residue {
    /// The piece's name (`rook` for the counts [`combine`] rebuilds).
    pub piece: String,
    /// The board as written by `Board`'s `Display` (`24x24`).
    pub board: String,
    /// The modulus.
    pub modulus: Modulus,
    /// The count modulo `modulus`.
    pub residue: u64,
}

impl Residue {
    /// The JSON line (without its newline).
    pub fn to_json(&self) -> String {
        format!(
            "{{\"piece\":{},\"board\":{},\"modulus\":{},\"residue\":{}}}",
            serde_json::to_string(&self.piece).expect("strings serialise"),
            serde_json::to_string(&self.board).expect("strings serialise"),
            self.modulus.decimal(),
            self.residue
        )
    }

    /// Parse a JSON line as [`Self::to_json`] writes it; `at` names it in errors
    /// (`FILE:LINE`).
    pub fn parse(line: &str, at: &str) -> Result<Self> {
        let bad = |what: &str| {
            Error::usage(format!(
                "{at}: {what}; expected a line of `tourglyph count --modulus P --json`, \
                 {{\"piece\":\"rook\",\"board\":\"24x24\",\"modulus\":P,\"residue\":R}}"
            ))
        };
        let v: serde_json::Value =
            serde_json::from_str(line).map_err(|e| bad(&format!("not JSON ({e})")))?;
        let obj = v.as_object().ok_or_else(|| bad("not a JSON object"))?;
        let text = |k: &str| -> Result<String> {
            obj.get(k)
                .and_then(|x| x.as_str())
                .map(str::to_string)
                .ok_or_else(|| bad(&format!("no \"{k}\" string")))
        };
        let piece = obj
            .get("piece")
            .map_or(Ok("rook".to_string()), |_| text("piece"))?;
        let board = text("board")?;
        let modulus = match obj.get("modulus") {
            Some(serde_json::Value::Number(n)) => match n.as_u64() {
                Some(p) => Modulus::parse(&p.to_string()).map_err(|_| bad("modulus below 2"))?,
                // Above u64: only 2^64 is allowed, and serde_json keeps such numbers
                // as f64 only, so read its digits from the line itself.
                None if raw_number(line, "modulus").as_deref() == Some(TWO_TO_64) => {
                    Modulus::TwoTo64
                }
                None => return Err(bad("the modulus must be an integer from 2 to 2^64")),
            },
            _ => return Err(bad("no \"modulus\" integer")),
        };
        let residue = obj
            .get("residue")
            .and_then(serde_json::Value::as_u64)
            .ok_or_else(|| bad("no \"residue\" integer"))?;
        if let Modulus::Int(p) = modulus {
            if residue >= p {
                return Err(bad(&format!(
                    "residue {residue} is not below the modulus {p}"
                )));
            }
        }
        Ok(Residue {
            piece,
            board,
            modulus,
            residue,
        })
    }
}

/// The digits of the number after `"key":` in a JSON line (the key appears once, as a key,
/// in the lines [`Residue::to_json`] writes).
fn raw_number(line: &str, key: &str) -> Option<String> {
    let at = line.find(&format!("\"{key}\""))? + key.len() + 2;
    let rest = line[at..].trim_start().strip_prefix(':')?.trim_start();
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    (!digits.is_empty()).then_some(digits)
}

/// Rebuild the count of closed rook tours of `board` from residues by the Chinese
/// remainder theorem. Refused (usage errors) when a residue is of another board or piece,
/// two moduli share a factor (the same modulus twice with the same residue is kept once),
/// or the product of the moduli does not exceed the proven bound, so that the residues
/// could fit more than one count.
pub fn combine(board: Board, residues: &[Residue]) -> Result<BigUint> {
    combine_bits(board, bits_needed(board), residues)
}

/// [`combine`] for a count of at most `bits` bits ([`bits_needed`] is a sweep over
/// 2^(w + 1) states: callers that have it pass it on).
pub fn combine_bits(board: Board, bits: u64, residues: &[Residue]) -> Result<BigUint> {
    let name = board.to_string();
    if residues.is_empty() {
        return Err(Error::usage(format!(
            "no residues to combine: give the files written by `tourglyph count --board {name} \
             --modulus P --json` for each P of `--plan-moduli`"
        )));
    }
    let mut kept: Vec<&Residue> = Vec::new();
    for r in residues {
        if r.piece != "rook" {
            return Err(Error::usage(format!(
                "a residue is of {} tours: --combine rebuilds counts of closed rook tours",
                r.piece
            )));
        }
        if r.board != name {
            return Err(Error::usage(format!(
                "a residue is for the {} board, not {name}: combine the residues of one board",
                r.board
            )));
        }
        if let Some(k) = kept.iter().find(|k| k.modulus == r.modulus) {
            if k.residue != r.residue {
                return Err(Error::usage(format!(
                    "two residues modulo {} differ ({} and {}): one of the runs is wrong; redo it",
                    r.modulus, k.residue, r.residue
                )));
            }
            continue;
        }
        for k in &kept {
            let g = k.modulus.value().gcd(&r.modulus.value());
            if g != BigUint::from(1u8) {
                return Err(Error::usage(format!(
                    "the moduli {} and {} share the factor {g}: the moduli must be pairwise \
                     coprime (use those of --plan-moduli)",
                    k.modulus, r.modulus
                )));
            }
        }
        kept.push(r);
    }
    let product: BigUint = kept.iter().map(|r| r.modulus.value()).product();
    if product.bits() <= bits {
        let plan: Vec<String> = plan_bits(bits).iter().map(ToString::to_string).collect();
        return Err(Error::usage(format!(
            "the moduli given cover {} bits but the count of {name} may need {bits}: add \
             residues (--plan-moduli gives {})",
            product.bits() - 1,
            plan.join(" ")
        )));
    }
    // Garner-style incremental CRT: x ≡ r (mod m) for the moduli so far.
    let mut x = BigUint::ZERO;
    let mut m = BigUint::from(1u8);
    for r in kept {
        let p = r.modulus.value();
        let inv = (&m % &p).modinv(&p).expect("coprime moduli have inverses");
        let have = &x % &p;
        let want = BigUint::from(r.residue);
        let diff = (&want + &p - have) % &p;
        let t = diff * inv % &p;
        x += &m * t;
        m *= p;
    }
    Ok(x)
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

    #[test]
    fn narrow_plans_cover_the_bits_with_primes_of_their_width() {
        for width in Width::ALL {
            for bits in [1u64, 16, 17, 64, 65, 200, 380] {
                let plan = plan_bits_width(bits, width);
                let product: BigUint = plan.iter().map(|m| m.value()).product();
                assert!(product.bits() > bits, "{width:?} {bits}");
                // As few as suffice: without the last modulus the product falls short.
                let short: BigUint = plan[..plan.len() - 1].iter().map(|m| m.value()).product();
                assert!(
                    short.bits() <= bits,
                    "{width:?} {bits}: one modulus too many"
                );
                for m in &plan {
                    assert!(width.holds(*m), "{m} in {width:?}");
                    if let (Modulus::Int(p), false) = (m, width == Width::W64) {
                        assert!(prime::is_prime(*p), "{p}");
                    }
                }
            }
        }
        assert_eq!(
            plan_bits_width(20, Width::W16),
            vec![Modulus::Int(65_521), Modulus::Int(65_519)]
        );
    }

    #[test]
    fn residue_lines_round_trip() {
        for m in [Modulus::TwoTo64, Modulus::Int(u64::MAX), Modulus::Int(2)] {
            let r = Residue {
                piece: "rook".into(),
                board: "6x6".into(),
                modulus: m,
                residue: 1,
            };
            assert_eq!(Residue::parse(&r.to_json(), "t:1").unwrap(), r);
        }
        let over = r#"{"piece":"rook","board":"6x6","modulus":18446744073709551617,"residue":1}"#;
        assert!(Residue::parse(over, "t:1").is_err());
    }
}
