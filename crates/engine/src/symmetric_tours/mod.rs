//! Symmetric tours (`--symmetry rot90|rot180|mirror|any`): the tours a symmetry of the
//! board maps to themselves.
//!
//! - `rot90`: fixed by the quarter turn (square boards).
//! - `rot180`: fixed by the half turn.
//! - `mirror`: fixed by the left–right or the top–bottom mirror.
//! - `any`: fixed by some symmetry other than the identity.
//!
//! Facts that leave some of these empty (Wynn 2014; [`crate::count::transfer`]'s
//! Burnside module proves the first two):
//! - A mirror maps the inside of a closed tour (a simple closed curve) to itself and
//!   reverses its orientation, so it fixes exactly two points of the curve. A diagonal
//!   mirror of an n×n board, n ≥ 3, holds n ≥ 3 cell centres, all on the tour: so no
//!   tour is fixed by a diagonal mirror, and none by a mirror through a middle row or
//!   column of cells (odd side ≥ 3).
//! - The quarter turn moves every cell N/4 steps along a tour it fixes (N = n² cells)
//!   and maps each cell to one of the other colour when n is even; so N/4 is odd:
//!   quarter-turn-symmetric rook tours exist only when n ≡ 2 (mod 4).
//!
//! On boards the frontier diagram can walk, the symmetric tours are the diagram's tours
//! that pass [`Checker::fixed`]; `count` of closed rook tours takes them from the
//! fixed-tour counts of Burnside's lemma instead ([`from_class_count`]), on boards of any
//! size.

pub mod direct;
pub mod quarter_turn;
pub mod quotient;

use num_bigint::BigUint;
use num_traits::CheckedSub;
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
            _ => Err(Error::usage(format!(
                "bad symmetry '{s}': use rot90, rot180, mirror (left-right or top-bottom) or any"
            ))),
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

/// The IDs of the tours of `zdd` (a diagram of `g`) fixed by `symmetry`, increasing: the
/// pool that `--sample` and `glyph --random` draw from uniformly. Walks every tour.
pub fn ids(zdd: &crate::frontier::Zdd, g: &LeapGraph, symmetry: Symmetry) -> Result<Vec<u128>> {
    let mut out = Vec::new();
    crate::select::stream(
        zdd,
        g,
        &crate::select::Query {
            symmetry: Some(symmetry),
            ..Default::default()
        },
        |it| it.id,
        |id| {
            out.push(id);
            Ok(crate::Flow::Continue)
        },
    )?;
    Ok(out)
}

/// The IDs of `k` uniform random tours (with repetition) of `zdd` fixed by `symmetry`:
/// indices into [`ids`] drawn from `seed` (the draws of `list --sample`).
pub fn sample_ids(
    zdd: &crate::frontier::Zdd,
    g: &LeapGraph,
    symmetry: Symmetry,
    seed: u64,
    k: u64,
) -> Result<Vec<u128>> {
    let pool = ids(zdd, g, symmetry)?;
    let mut sampler = crate::sample::Sampler::new(seed);
    Ok(sampler
        .ids(pool.len() as u128, k)?
        .map(|i| pool[i as usize])
        .collect())
}

/// [`sample_ids`] with the tours.
pub fn sample_filtered(
    zdd: &crate::frontier::Zdd,
    g: &LeapGraph,
    symmetry: Symmetry,
    seed: u64,
    k: u64,
) -> Result<Vec<(u128, tourglyph_core::tour::Tour)>> {
    sample_ids(zdd, g, symmetry, seed, k)?
        .into_iter()
        .map(|id| {
            let t = zdd
                .unrank(id)
                .ok_or_else(|| Error::runtime(format!("unrank({id}) failed")))?;
            Ok((id, t))
        })
        .collect()
}

/// The number of closed rook tours of `board` with `symmetry`, from the fixed-tour
/// counts and orbit sizes of Burnside's lemma (`transfer::count_rook_classes`):
/// rot90 and rot180 are Fix(g); mirror is Fix(FlipRows) + Fix(FlipCols) − (tours fixed
/// by both); any is every tour whose orbit is not the whole group. The tours fixed by
/// both mirrors are those of orbit size 2 less the quarter-turn ones on a square (no
/// other subgroup of order 4 fixes a tour there), and those of orbit size 1 on an
/// oblong board.
pub fn from_class_count(
    board: Board,
    symmetry: Symmetry,
    c: &crate::count::transfer::ClassCount,
) -> Result<BigUint> {
    symmetry.elements(board)?;
    let fix = |g: Sym| -> BigUint {
        c.fixed
            .iter()
            .find(|(s, _)| *s == g)
            .map_or(BigUint::ZERO, |(_, v)| v.clone())
    };
    let orbit = |k: u32| c.orbits.get(&k).cloned().unwrap_or_default();
    let order = Sym::group(board).len() as u32;
    let sub = |a: BigUint, b: BigUint| -> Result<BigUint> {
        a.checked_sub(&b).ok_or_else(|| {
            Error::runtime(format!(
                "internal error: the fixed-tour counts of {board} give a negative number of symmetric tours"
            ))
        })
    };
    Ok(match symmetry {
        Symmetry::Rot90 => fix(Sym::Rot90),
        Symmetry::Rot180 => fix(Sym::Rot180),
        Symmetry::Mirror => {
            // The tours fixed by both mirrors, counted once.
            let both = if board.rows == 2 || board.cols == 2 {
                c.tours.clone()
            } else if board.is_square() {
                sub(orbit(2) * 2u32, fix(Sym::Rot90))?
            } else {
                orbit(1)
            };
            sub(fix(Sym::FlipRows) + fix(Sym::FlipCols), both)?
        }
        Symmetry::Any => sub(c.tours.clone(), orbit(order) * order)?,
    })
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
