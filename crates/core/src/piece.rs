//! Pieces as sets of leaps.
//!
//! A leaper (a, b) jumps a cells one way and b the other, in all 8 orientations. The
//! `rook` here is the one-step orthogonal mover of the rook-tour essay (a longer rook move
//! would pass over cells, which a tour visits one by one), i.e. the (0,1) leaper; the king
//! is (0,1) + (1,1). Every move set is closed under the board's symmetries, so a symmetry
//! maps tours to tours.

use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

/// A piece: a named union of leapers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    name: String,
    /// Leaps (a, b) with a ≤ b, sorted, deduplicated.
    leaps: Vec<(u32, u32)>,
}

impl Piece {
    /// The one-step orthogonal mover (wazir) of the rook-tour essay.
    pub fn rook() -> Self {
        Self::named("rook", &[(0, 1)])
    }
    /// The knight, (1, 2).
    pub fn knight() -> Self {
        Self::named("knight", &[(1, 2)])
    }
    /// The king, (0, 1) and (1, 1).
    pub fn king() -> Self {
        Self::named("king", &[(0, 1), (1, 1)])
    }

    fn named(name: &str, leaps: &[(u32, u32)]) -> Self {
        let mut l: Vec<(u32, u32)> = leaps.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        l.sort_unstable();
        l.dedup();
        Piece {
            name: name.to_string(),
            leaps: l,
        }
    }

    /// A single leaper (a, b).
    pub fn leaper(a: u32, b: u32) -> Result<Self> {
        if a == 0 && b == 0 {
            return Err(Error::usage(
                "leaper:0,0 does not move: give two distances, not both 0, e.g. leaper:1,2",
            ));
        }
        let known = Self::named("", &[(a, b)]);
        let name = match known.leaps[0] {
            (0, 1) => "rook".to_string(),
            (1, 2) => "knight".to_string(),
            (1, 3) => "camel".to_string(),
            (2, 3) => "zebra".to_string(),
            (1, 4) => "giraffe".to_string(),
            (x, y) => format!("leaper:{x},{y}"),
        };
        Ok(Self::named(&name, &[(a, b)]))
    }

    /// The piece's name as the CLI accepts it (`rook`, `knight`, `leaper:2,5`, …).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The leaps (a, b), a ≤ b.
    pub fn leaps(&self) -> &[(u32, u32)] {
        &self.leaps
    }

    /// True for the one-step orthogonal mover alone (the (0, 1) leaper and nothing else),
    /// whatever it is called: the piece of closed rook tours, which never cross and which
    /// the transfer-matrix counter, the torus and the symmetric-tour searches handle.
    pub fn is_rook(&self) -> bool {
        self.leaps == [(0, 1)]
    }

    /// True for the (1, 2) leaper alone, whatever it is called: the piece of the
    /// constructive knight's-tour methods and of Schwenk's existence theorem.
    pub fn is_knight(&self) -> bool {
        self.leaps == [(1, 2)]
    }

    /// All move vectors (dr, dc), every orientation of every leap, deduplicated, sorted.
    pub fn moves(&self) -> Vec<(i64, i64)> {
        let mut out = Vec::new();
        for &(a, b) in &self.leaps {
            let (a, b) = (i64::from(a), i64::from(b));
            for (x, y) in [(a, b), (b, a)] {
                for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    out.push((sx * x, sy * y));
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// True when the moves can cross each other when drawn as segments (anything but the
    /// one-step rook).
    pub fn can_cross(&self) -> bool {
        !self.is_rook()
    }

    /// True when the piece's graph is bipartite on every board: a leaper (a, b) with a + b
    /// odd always changes the colour of the square.
    pub fn colour_changing(&self) -> bool {
        self.leaps.iter().all(|&(a, b)| (a + b) % 2 == 1)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// The pieces known by name (the leapers `leaper:A,B` besides), as `--piece` takes them
/// and shell completions offer them.
pub const NAMES: &[&str] = &["rook", "knight", "king", "camel", "zebra", "giraffe"];

impl FromStr for Piece {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        let t = s.trim().to_ascii_lowercase();
        match t.as_str() {
            "rook" | "wazir" => return Ok(Piece::rook()),
            "knight" => return Ok(Piece::knight()),
            "king" => return Ok(Piece::king()),
            "camel" => return Piece::leaper(1, 3),
            "zebra" => return Piece::leaper(2, 3),
            "giraffe" => return Piece::leaper(1, 4),
            _ => {}
        }
        let bad = || {
            Error::bad_value(
                "piece",
                s,
                format!(
                    "unknown piece '{s}'{}: use {} or leaper:A,B (e.g. leaper:1,2)",
                    crate::names::did_you_mean(s, NAMES.iter().copied()),
                    NAMES.join(", ")
                ),
            )
        };
        let spec = t.strip_prefix("leaper:").ok_or_else(bad)?;
        let (a, b) = spec.split_once(',').ok_or_else(bad)?;
        let num = |x: &str| -> Result<u32> {
            let x = x.trim();
            if x.is_empty() || !x.bytes().all(|c| c.is_ascii_digit()) || x.len() > 6 {
                return Err(bad());
            }
            x.parse().map_err(|_| bad())
        };
        Piece::leaper(num(a)?, num(b)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_piece_with_newline_is_one_line_error() {
        let e = "knight\nrook".parse::<Piece>().unwrap_err().to_string();
        assert!(e.starts_with("unknown piece 'knight\\nrook'"), "{e}");
        assert!(!e.contains('\n'), "{e}");
    }

    #[test]
    fn parses_pieces() {
        assert_eq!("rook".parse::<Piece>().unwrap().moves().len(), 4);
        assert_eq!("knight".parse::<Piece>().unwrap().moves().len(), 8);
        assert_eq!("king".parse::<Piece>().unwrap().moves().len(), 8);
        assert_eq!("leaper:2,1".parse::<Piece>().unwrap(), Piece::knight());
        assert_eq!("leaper:3,1".parse::<Piece>().unwrap().name(), "camel");
        assert_eq!("leaper:2,2".parse::<Piece>().unwrap().moves().len(), 4);
        assert_eq!("leaper:2,5".parse::<Piece>().unwrap().name(), "leaper:2,5");
        for bad in [
            "bishop",
            "leaper:",
            "leaper:1",
            "leaper:0,0",
            "leaper:-1,2",
            "leaper:1,2,3",
            "",
        ] {
            assert!(bad.parse::<Piece>().unwrap_err().is_usage(), "{bad}");
        }
        assert!(Piece::knight().colour_changing());
        assert!(Piece::rook().is_rook() && "wazir".parse::<Piece>().unwrap().is_rook());
        assert!("leaper:1,0".parse::<Piece>().unwrap().is_rook());
        assert!(!Piece::king().is_rook() && !Piece::knight().is_rook());
        assert!(Piece::knight().is_knight() && "leaper:2,1".parse::<Piece>().unwrap().is_knight());
        assert!(!Piece::rook().is_knight() && !Piece::leaper(1, 3).unwrap().is_knight());
        assert!(!Piece::king().colour_changing());
    }
}
