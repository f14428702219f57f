//! A residue as it travels between machines: the set of tours it counts
//! ([`ResidueSet`]), its JSON line ([`Residue`]), and the count rebuilt from a set of
//! them by the Chinese remainder theorem ([`combine`]).

use super::moduli::{Need, need, plan_need};
use super::modulus::{Modulus, TWO_TO_64};
use super::width::Width;
use crate::symmetric_tours::Symmetry;
use num_bigint::BigUint;
use num_integer::Integer;
use tourglyph_core::board::Board;
use tourglyph_core::{error::Error, error::Result};

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
