//! Which symmetric tours to keep ([`Symmetry`], the `--symmetry` word) and whether a tour
//! is fixed by it ([`Checker`]): the predicate the walks, the quotient boards and
//! Burnside's counts share.

use std::str::FromStr;
use tourglyph_core::board::Board;
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::symmetry::Sym;
use tourglyph_core::{error::Error, error::Result};

/// Which symmetric tours to keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Fixed by the quarter turn.
    Rot90,
    /// Fixed by the half turn.
    Rot180,
    /// Fixed by the left–right or the top–bottom mirror.
    Mirror,
    /// Fixed by some non-identity symmetry.
    Any,
}

/// Why no tour is fixed by a diagonal mirror: for messages and `--help`.
pub const DIAGONAL_FACT: &str = "a mirror fixes exactly two points of a closed tour, and a diagonal of an n×n board (n ≥ 3) holds n cells of it, so no tour is fixed by a diagonal mirror";

impl FromStr for Symmetry {
    type Err = Error;

    fn from_str(s: &str) -> Result<Symmetry> {
        match s.trim().to_ascii_lowercase().as_str() {
            "rot90" => Ok(Symmetry::Rot90),
            "rot180" => Ok(Symmetry::Rot180),
            "mirror" => Ok(Symmetry::Mirror),
            "any" => Ok(Symmetry::Any),
            "diagonal" | "transpose" | "antidiagonal" => Err(Error::usage(format!(
                "--symmetry {s}: {DIAGONAL_FACT}; use rot90, rot180, mirror or any"
            ))),
            _ => Err(Error::bad_value(
                "symmetry",
                s,
                format!(
                    "bad symmetry '{s}'{}: use rot90, rot180, mirror (left-right or top-bottom) or any",
                    tourglyph_core::names::did_you_mean(s, ["rot90", "rot180", "mirror", "any"])
                ),
            )),
        }
    }
}

impl Symmetry {
    /// The flag's word.
    pub fn word(self) -> &'static str {
        match self {
            Symmetry::Rot90 => "rot90",
            Symmetry::Rot180 => "rot180",
            Symmetry::Mirror => "mirror",
            Symmetry::Any => "any",
        }
    }

    /// The board symmetries of which a tour must be fixed by at least one. The quarter
    /// turn needs a square board.
    pub fn elements(self, board: Board) -> Result<Vec<Sym>> {
        Ok(match self {
            Symmetry::Rot90 => {
                if !board.is_square() {
                    return Err(Error::usage(format!(
                        "--symmetry rot90: the quarter turn maps only a square board to itself; {board} is oblong (use rot180 or mirror)"
                    )));
                }
                vec![Sym::Rot90]
            }
            Symmetry::Rot180 => vec![Sym::Rot180],
            Symmetry::Mirror => vec![Sym::FlipCols, Sym::FlipRows],
            // A tour fixed by a quarter turn is fixed by the half turn too: the filter
            // need not try the quarter turns.
            Symmetry::Any => Sym::group(board)[1..]
                .iter()
                .copied()
                .filter(|s| !matches!(s, Sym::Rot90 | Sym::Rot270))
                .collect(),
        })
    }

    /// Why no closed rook tour of `board` has this symmetry, when a theorem says so (the
    /// caller has checked the board has tours at all).
    pub fn why_none(self, board: Board) -> Option<String> {
        let (m, n) = (board.rows, board.cols);
        match self {
            Symmetry::Rot90 if board.is_square() && n % 4 != 2 => Some(format!(
                "no closed rook tour of {board} is fixed by the quarter turn: it would move every cell N/4 steps along the tour and swap the two colours, so N/4 would be odd, and here N/4 = {}{}; such tours exist only when n ≡ 2 (mod 4)",
                n * n / 4,
                if n % 2 == 1 { " is not even whole" } else { "" }
            )),
            Symmetry::Mirror if m % 2 == 1 && n % 2 == 1 => Some(format!(
                "no closed tour of {board} is fixed by a mirror: a mirror fixes exactly two points of a closed tour, and a mirror through a middle row or column of cells holds at least 3 of them"
            )),
            _ => None,
        }
    }
}

/// Decides whether a tour (an edge set) is fixed by one of the chosen symmetries.
#[derive(Clone, Debug)]
pub struct Checker {
    maps: Vec<Vec<u32>>,
}

impl Checker {
    /// The edge permutations of `symmetry`'s elements on `g` (a plane board).
    pub fn new(g: &LeapGraph, symmetry: Symmetry) -> Result<Checker> {
        if g.topology().is_torus() {
            return Err(Error::usage(
                "--symmetry is for plane boards; on the torus classes already identify translations and mirrors: drop --symmetry or --torus",
            ));
        }
        Ok(Checker {
            maps: symmetry
                .elements(g.board())?
                .iter()
                .map(|s| s.edge_map(g))
                .collect(),
        })
    }

    /// True when some chosen symmetry maps the tour (its edges, and the same as a bitset)
    /// to itself.
    pub fn fixed(&self, edges: &[u32], bits: &[u64]) -> bool {
        self.maps.iter().any(|map| {
            edges.iter().all(|&e| {
                let f = map[e as usize];
                bits[f as usize / 64] >> (f % 64) & 1 == 1
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_explains() {
        assert_eq!("rot90".parse::<Symmetry>().unwrap(), Symmetry::Rot90);
        assert_eq!("ANY".parse::<Symmetry>().unwrap(), Symmetry::Any);
        let e = "diagonal".parse::<Symmetry>().unwrap_err();
        assert!(
            e.is_usage() && e.to_string().contains("exactly two points"),
            "{e}"
        );
        assert!("spin".parse::<Symmetry>().unwrap_err().is_usage());
        assert!(Symmetry::Rot90.elements(Board::new(4, 6)).is_err());
        assert!(
            Symmetry::Rot90
                .why_none(Board::new(8, 8))
                .unwrap()
                .contains("≡ 2 (mod 4)")
        );
        assert!(Symmetry::Rot90.why_none(Board::new(6, 6)).is_none());
    }
}
