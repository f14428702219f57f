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
//! A residue travels as one JSON line naming its set of tours,
//! `{"piece":"rook","board":"24x24","closed":true,"torus":false,"symmetry":null,"classes":false,"non_crossing":false,"modulus":P,"residue":R,"residue_text":"R"}`
//! ([`Residue`]); [`combine`] checks a set of them and rebuilds the count.

pub mod bound;
pub mod prime;
pub mod width;

use crate::symmetric_tours::Symmetry;
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

/// What the moduli of a count must cover: a proven bound on the count. The product of
/// the moduli must exceed it, so that the residues fit one count only.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Need {
    /// The count is below 2^bits.
    Bits(u64),
    /// The count is at most 2^log2 (a proven bound's log2, already rounded up by its maker:
    /// [`bound::log2_bound`]). Planning on the bound itself rather than on whole bits can
    /// save a residue, or let the last one be narrower: 20×20 is bounded by 2^221.5, which
    /// 2^64, two primes below 2^63 and one below 2^32 exceed (2^221.99) but not 2^222.
    Log2(f64),
}

impl Need {
    /// True when a product of moduli `product` exceeds every count this allows.
    pub fn covered_by(self, product: &BigUint) -> bool {
        match self {
            Need::Bits(bits) => product.bits() > bits,
            Need::Log2(x) => {
                // product ∈ [2^(k−1), 2^k).
                let k = product.bits();
                if k == 0 || (k as f64) <= x {
                    return false;
                }
                if ((k - 1) as f64) > x {
                    return true;
                }
                // x ∈ [k − 1, k): compare log2(product) from its top 64 bits, rounded down
                // (the f64 conversion and log2 err by a few ulps; 1e-9 bits is far more).
                let shift = k.saturating_sub(64);
                let top = (product >> shift).iter_u64_digits().next().unwrap_or(0);
                #[allow(
                    clippy::disallowed_methods,
                    reason = "a lower bound, padded by 1e-9 bits, far above an ulp of log2"
                )]
                let low = (top as f64).log2() + shift as f64 - 1e-9;
                low > x
            }
        }
    }

    /// The bound in bits as a person reads it: `222`, or `221.5` for a fractional bound.
    pub fn text(self) -> String {
        match self {
            Need::Bits(bits) => bits.to_string(),
            Need::Log2(x) => format!("{:.1}", (x * 10.0).ceil() / 10.0),
        }
    }
}

/// The bound on the count of closed rook tours of `board` ([`bound::log2_bound`]) as a
/// [`Need`].
pub fn need(board: Board) -> Need {
    if board.cells() % 2 == 1 || board.rows < 2 || board.cols < 2 {
        return Need::Bits(1); // no tour: the count is 0
    }
    Need::Log2(bound::log2_bound(board))
}

/// Moduli whose product exceeds the proven bound on the count of closed rook tours of
/// `board` ([`plan_need`] in 64 bits).
pub fn plan(board: Board) -> Vec<Modulus> {
    plan_need(need(board), Width::W64)
}

/// Moduli for residues of `width` whose product exceeds the proven bound on the count of
/// closed rook tours of `board` ([`plan_need`]).
pub fn plan_width(board: Board, width: Width) -> Vec<Modulus> {
    plan_need(need(board), width)
}

/// Moduli whose product exceeds `need`, as few as suffice, each held by `width`: in 64
/// bits 2^64 first (wrapping additions, the fastest), then the largest primes below
/// 2^63; in 32 or 16 bits the largest primes below 2^32 or 2^16. Once one modulus more
/// would do, the last is the largest prime of the narrowest width that completes the
/// plan (16×16: 2^64, a prime below 2^63 and one below 2^16; 20×20: 2^64, two below 2^63
/// and one below 2^32), since a narrower residue is the faster one: one residue of 18×18
/// took 1.51 s modulo a prime below 2^63, 0.90 s below 2^32 and 0.71 s below 2^16 (2
/// threads, quiet). A residue's width is the narrowest holding its modulus
/// ([`Width::narrowest`]).
pub fn plan_need(need: Need, width: Width) -> Vec<Modulus> {
    // The moduli of `width` itself, enough of them: each holds more than bits − 1.01.
    let guess = match need {
        Need::Bits(b) => b as usize,
        Need::Log2(x) => x.max(1.0).ceil() as usize,
    };
    let enough = guess.div_ceil(width.bits() as usize - 2) + 1;
    let main: Vec<Modulus> = match width {
        Width::W64 => std::iter::once(Modulus::TwoTo64)
            .chain(
                prime::primes_below(1 << 63, enough)
                    .into_iter()
                    .map(Modulus::Int),
            )
            .collect(),
        w => prime::primes_below(1 << w.bits(), enough)
            .into_iter()
            .map(Modulus::Int)
            .collect(),
    };
    // The largest prime of each narrower width, narrowest first.
    let narrower: Vec<Modulus> = Width::ALL
        .into_iter()
        .filter(|&w| w < width)
        .map(|w| Modulus::Int(prime::primes_below(1 << w.bits(), 1)[0]))
        .collect();
    let mut out = Vec::new();
    let mut product = BigUint::from(1u8);
    for m in main {
        if need.covered_by(&product) {
            break;
        }
        if !out.is_empty() {
            if let Some(&last) = narrower
                .iter()
                .find(|n| need.covered_by(&(&product * n.value())))
            {
                out.push(last);
                return out;
            }
        }
        product *= m.value();
        out.push(m);
    }
    assert!(
        need.covered_by(&product),
        "a bound beyond the plan's moduli"
    );
    out
}

/// Which tours a residue counts: its set, as `count`'s selection flags name it. A residue
/// line carries it so that [`combine`] and its callers join residues of one set only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResidueSet {
    /// The piece's name (`rook` for the counts [`combine`] rebuilds).
    pub piece: String,
    /// The board as written by `Board`'s `Display` (`24x24`).
    pub board: String,
    /// Closed tours (else open).
    pub closed: bool,
    /// On the torus.
    pub torus: bool,
    /// Only the tours this symmetry fixes.
    pub symmetry: Option<Symmetry>,
    /// Their symmetry classes rather than the tours.
    pub classes: bool,
    /// Only the tours whose drawing does not cross itself.
    pub non_crossing: bool,
}

impl ResidueSet {
    /// All closed rook tours of `board` on the plane: the set of a line that names no
    /// more than its piece and board (as lines were written before they named their set).
    pub fn closed_rook(board: Board) -> Self {
        ResidueSet {
            piece: "rook".into(),
            board: board.to_string(),
            closed: true,
            torus: false,
            symmetry: None,
            classes: false,
            non_crossing: false,
        }
    }

    /// The set's fields as JSON members, without braces (`"piece":"rook",…`).
    pub fn json_members(&self) -> String {
        let text = |s: &str| serde_json::to_string(s).expect("strings serialise");
        format!(
            "\"piece\":{},\"board\":{},\"closed\":{},\"torus\":{},\"symmetry\":{},\"classes\":{},\"non_crossing\":{}",
            text(&self.piece),
            text(&self.board),
            self.closed,
            self.torus,
            self.symmetry
                .map_or_else(|| "null".to_string(), |s| text(s.word())),
            self.classes,
            self.non_crossing
        )
    }
}

/// One residue: the count of a set of tours modulo a modulus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Residue {
    /// The tours counted.
    pub set: ResidueSet,
    /// The modulus.
    pub modulus: Modulus,
    /// The count modulo `modulus`.
    pub residue: u64,
}

impl Residue {
    /// A residue of all closed rook tours of `board` on the plane.
    pub fn closed_rook(board: Board, modulus: Modulus, residue: u64) -> Self {
        Residue {
            set: ResidueSet::closed_rook(board),
            modulus,
            residue,
        }
    }

    /// The JSON line (without its newline): the set, the modulus, the residue, and the
    /// residue again as a string (`residue_text`), which readers whose numbers are
    /// doubles (JavaScript, jq 1.6) keep exact past 2^53.
    pub fn to_json(&self) -> String {
        format!(
            "{{{},\"modulus\":{},\"residue\":{},\"residue_text\":\"{}\"}}",
            self.set.json_members(),
            self.modulus.decimal(),
            self.residue,
            self.residue
        )
    }

    /// Parse a JSON line as [`Self::to_json`] writes it; `at` names it in errors
    /// (`FILE:LINE`). A line without `closed`, `torus`, `symmetry`, `classes` or
    /// `non_crossing` (written before lines named their set) is of closed tours of the
    /// plane, all of them; one without `piece`, of the rook's.
    pub fn parse(line: &str, at: &str) -> Result<Self> {
        let bad = |what: &str| {
            Error::usage(format!(
                "{at}: {what}; expected a line of `tourglyph count --modulus P --json`, \
                 {{\"piece\":\"rook\",\"board\":\"24x24\",\"closed\":true,…,\"modulus\":P,\"residue\":R}}"
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
        let flag = |k: &str, default: bool| -> Result<bool> {
            match obj.get(k) {
                None => Ok(default),
                Some(x) => x
                    .as_bool()
                    .ok_or_else(|| bad(&format!("\"{k}\" is not true or false"))),
            }
        };
        let piece = obj
            .get("piece")
            .map_or(Ok("rook".to_string()), |_| text("piece"))?;
        let board = text("board")?;
        let symmetry = match obj.get("symmetry") {
            None | Some(serde_json::Value::Null) => None,
            Some(serde_json::Value::String(s)) => Some(
                s.parse::<Symmetry>()
                    .map_err(|_| bad(&format!("unknown symmetry \"{s}\"")))?,
            ),
            Some(_) => return Err(bad("\"symmetry\" is not a string or null")),
        };
        let set = ResidueSet {
            piece,
            board,
            closed: flag("closed", true)?,
            torus: flag("torus", false)?,
            symmetry,
            classes: flag("classes", false)?,
            non_crossing: flag("non_crossing", false)?,
        };
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
        if let Some(t) = obj.get("residue_text") {
            if t.as_str() != Some(residue.to_string().as_str()) {
                return Err(bad(&format!(
                    "\"residue_text\" {t} is not the residue {residue}"
                )));
            }
        }
        if let Modulus::Int(p) = modulus {
            if residue >= p {
                return Err(bad(&format!(
                    "residue {residue} is not below the modulus {p}"
                )));
            }
        }
        Ok(Residue {
            set,
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
    combine_need(board, need(board), residues)
}

/// [`combine`] for a count within `need` ([`need`] is a sweep over 2^(w + 1) states:
/// callers that have it pass it on).
pub fn combine_need(board: Board, need: Need, residues: &[Residue]) -> Result<BigUint> {
    let name = board.to_string();
    if residues.is_empty() {
        return Err(Error::usage(format!(
            "no residues to combine: give the files written by `tourglyph count --board {name} \
             --modulus P --json` for each P of `--plan-moduli`"
        )));
    }
    let mut kept: Vec<&Residue> = Vec::new();
    for r in residues {
        if r.set.piece != "rook" {
            return Err(Error::usage(format!(
                "a residue is of {} tours: --combine rebuilds counts of closed rook tours",
                r.set.piece
            )));
        }
        if r.set.board != name {
            return Err(Error::usage(format!(
                "a residue is for the {} board, not {name}: combine the residues of one board",
                r.set.board
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
    if !need.covered_by(&product) {
        // The plan of the widest residues given (2^64 counts as 64 bits).
        let width = kept
            .iter()
            .map(|r| Width::narrowest(r.modulus))
            .max()
            .unwrap_or(Width::W64);
        let plan: Vec<String> = plan_need(need, width)
            .iter()
            .map(ToString::to_string)
            .collect();
        return Err(Error::usage(format!(
            "the moduli given cover {} bits but the count of {name} may need {}: add \
             residues (--plan-moduli --residue-bits {} gives {})",
            product.bits() - 1,
            need.text(),
            width.bits(),
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
    fn plans_cover_the_need_with_their_width_and_a_narrower_last_modulus() {
        let needs = [1u64, 16, 17, 64, 65, 200, 222, 380]
            .map(Need::Bits)
            .into_iter()
            .chain([15.5, 64.0, 100.2, 134.7, 189.9, 221.5, 300.0].map(Need::Log2));
        for need in needs {
            for width in Width::ALL {
                let plan = plan_need(need, width);
                let at = format!("{need:?} in {width:?}: {plan:?}");
                let product: BigUint = plan.iter().map(|m| m.value()).product();
                assert!(need.covered_by(&product), "{at}");
                // As few as suffice: without the last modulus the product falls short.
                let (last, rest) = plan.split_last().unwrap();
                let short: BigUint = rest.iter().map(|m| m.value()).product();
                assert!(!need.covered_by(&short), "{at}: one modulus too many");
                // All but the last are of the width itself; the last is of the narrowest
                // width whose largest prime completes the plan.
                for m in rest {
                    assert_eq!(Width::narrowest(*m), width, "{at}");
                }
                let narrowest = Width::ALL
                    .into_iter()
                    .find(|w| {
                        let p = prime::primes_below(1 << w.bits().min(63), 1)[0];
                        *w == width || (!rest.is_empty() && need.covered_by(&(&short * p)))
                    })
                    .unwrap();
                assert_eq!(Width::narrowest(*last), narrowest, "{at}");
                for (i, m) in plan.iter().enumerate() {
                    assert!(width.holds(*m), "{at}");
                    if let Modulus::Int(p) = m {
                        assert!(prime::is_prime(*p), "{at}: {p}");
                    }
                    assert!(!plan[..i].contains(m), "{at}: {m} twice");
                }
            }
        }
        let p63 = |k: usize| Modulus::Int(prime::primes_below(1 << 63, 3)[k]);
        // 20×20's bound: three wide moduli and a 32-bit prime; on whole bits, a fourth wide.
        assert_eq!(
            plan_need(Need::Log2(221.5), Width::W64),
            vec![
                Modulus::TwoTo64,
                p63(0),
                p63(1),
                Modulus::Int(4_294_967_291)
            ]
        );
        assert_eq!(
            plan_need(Need::Bits(222), Width::W64),
            vec![Modulus::TwoTo64, p63(0), p63(1), p63(2)]
        );
        assert_eq!(
            plan_need(Need::Bits(20), Width::W16),
            vec![Modulus::Int(65_521), Modulus::Int(65_519)]
        );
    }

    #[test]
    fn a_fractional_need_is_covered_exactly_at_its_bound() {
        for k in [0u32, 10, 63, 64, 65, 200] {
            let two_k = BigUint::from(1u8) << k;
            let x = f64::from(k);
            // 2^k does not exceed 2^k; 2^(k + 1) does.
            assert!(!Need::Log2(x).covered_by(&two_k), "2^{k}");
            assert!(Need::Log2(x).covered_by(&(&two_k << 1)), "2^{k} · 2");
            // 3 · 2^k = 2^(k + 1.58496…).
            let three = &two_k * 3u8;
            assert!(Need::Log2(x + 1.58).covered_by(&three), "3 · 2^{k}");
            assert!(!Need::Log2(x + 1.59).covered_by(&three), "3 · 2^{k}");
            // Whole bits: below 2^k means 2^k itself covers.
            assert!(Need::Bits(u64::from(k)).covered_by(&two_k), "bits {k}");
            assert!(
                !Need::Bits(u64::from(k) + 1).covered_by(&two_k),
                "bits {k} + 1"
            );
        }
    }

    #[test]
    fn residue_lines_round_trip() {
        for m in [Modulus::TwoTo64, Modulus::Int(u64::MAX), Modulus::Int(2)] {
            let r = Residue::closed_rook(Board::new(6, 6), m, 1);
            assert_eq!(Residue::parse(&r.to_json(), "t:1").unwrap(), r);
            let torus = Residue {
                set: ResidueSet {
                    torus: true,
                    symmetry: Some(Symmetry::Rot180),
                    ..r.set.clone()
                },
                ..r.clone()
            };
            assert_eq!(Residue::parse(&torus.to_json(), "t:1").unwrap(), torus);
        }
        let over = r#"{"piece":"rook","board":"6x6","modulus":18446744073709551617,"residue":1}"#;
        assert!(Residue::parse(over, "t:1").is_err());
    }
}
