//! The symmetric closed rook tours of a board of any size, from the fixed-tour counts and
//! orbit sizes that Burnside's lemma gives the transfer matrix
//! ([`crate::count::transfer::count_rook_classes`]).

use super::symmetry::Symmetry;
use crate::count::transfer::ClassCount;
use num_bigint::BigUint;
use num_traits::CheckedSub;
use tourglyph_core::board::Board;
use tourglyph_core::symmetry::Sym;
use tourglyph_core::{error::Error, error::Result};

/// The number of closed rook tours of `board` with `symmetry`, from the fixed-tour
/// counts and orbit sizes of Burnside's lemma (`transfer::count_rook_classes`):
/// rot90 and rot180 are Fix(g); mirror is Fix(FlipRows) + Fix(FlipCols) − (tours fixed
/// by both); any is every tour whose orbit is not the whole group. The tours fixed by
/// both mirrors are those of orbit size 2 less the quarter-turn ones on a square (no
/// other subgroup of order 4 fixes a tour there), and those of orbit size 1 on an
/// oblong board.
pub fn from_class_count(board: Board, symmetry: Symmetry, c: &ClassCount) -> Result<BigUint> {
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
