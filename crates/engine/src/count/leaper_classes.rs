//! Closed tours of a leaper other than the rook, their symmetric tours and their symmetry
//! classes by Burnside's lemma, without a diagram of the board: the total from the
//! leaper counter ([`crate::count::leaper`], by halves where it cuts), each element's
//! fixed tours on its quotient board ([`quotient::count_fixed`]), and the orbit sizes
//! from the subgroups' fixed tours (every stabiliser is a subgroup; the number of tours
//! whose stabiliser is exactly H follows from the fixed counts of the subgroups above
//! H, as in the Möbius inversion over the subgroup lattice).
//!
//! What the board alone decides (no count needed), for a symmetry s that fixes k cells
//! and a tour C it maps onto itself: s acts on C as an automorphism of a cycle, a
//! rotation (no fixed vertex) or a reflection (order 2, at most two fixed vertices).
//! So a quarter turn that fixes the centre cell fixes no tour, and neither does an
//! involution that fixes three cells or more (a diagonal mirror of a square board of
//! side 3 or more, a mirror through a middle row or column of cells).
//!
//! On knight 8×8 (`benches/NOTES.md`): 2,432,932 tours fixed by the half turn, none by
//! the quarter turn or a mirror, and (13,267,364,410,532 + 2,432,932)/8 =
//! 1,658,420,855,433 classes.

use crate::count::transfer::{self, ClassCount};
use crate::symmetric_tours::quotient::{self, Fixed, Part, Quotient};
use num_bigint::BigUint;
use rayon::prelude::*;
use tourglyph_core::budget::Budget;
use tourglyph_core::error::{Error, Result};
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::symmetry::Sym;

/// How the tours that `s` fixes on `g` are found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fix {
    /// None, by the cells `s` fixes (see the module's notes).
    None,
    /// On the quotient board of `s`.
    Quotient,
}

/// The cells of `g`'s board that `s` fixes.
fn fixed_cells(g: &LeapGraph, s: Sym) -> usize {
    let b = g.board();
    (0..b.cells() as u32)
        .filter(|&c| s.apply_cell(b, c) == c)
        .count()
}

/// How `s`'s fixed tours are found on `g`, or `None` where neither way does: an
/// involution that fixes one or two cells, or a quotient whose tours are both turned
/// and reversed under a mirror (the tours fixed by both mirrors are found by listing
/// one mirror's, which takes a quotient of one part).
fn how(g: &LeapGraph, s: Sym) -> Option<Fix> {
    let k = fixed_cells(g, s);
    let quarter = matches!(s, Sym::Rot90 | Sym::Rot270);
    if k > 0 {
        return (quarter || k >= 3).then_some(Fix::None);
    }
    let parts = quotient::parts(g, Fixed::By(s))?;
    let mirror = matches!(s, Sym::FlipRows | Sym::FlipCols);
    (!mirror || parts == [Part::Turned]).then_some(Fix::Quotient)
}

/// Does this counter take the closed tours of `g` (a plane board, a piece other than
/// the rook; the plan asks that the leaper counter counts them on the narrower
/// orientation): every element of the board's
/// group answered (by the cells it fixes, or on a quotient board of one part for a
/// mirror)?
pub fn applies(g: &LeapGraph) -> bool {
    !g.piece().is_rook()
        && !g.topology().is_torus()
        && Sym::group(g.board())
            .iter()
            .skip(1)
            .all(|&s| how(g, s).is_some())
}

/// The closed tours of `g` that `s` (not the identity) maps onto themselves, within
/// `budget`.
pub fn fixed(g: &LeapGraph, s: Sym, budget: &Budget) -> Result<u128> {
    match how(g, s) {
        Some(Fix::None) => Ok(0),
        Some(Fix::Quotient) => {
            // The quarter turn's two directions fix the same tours.
            let s = if s == Sym::Rot270 { Sym::Rot90 } else { s };
            quotient::count_fixed(g, Fixed::By(s), budget)
        }
        None => Err(Error::usage(format!(
            "the closed {} tours of {} fixed by the {} are not counted on a quotient board; count them with a smaller board",
            g.piece(),
            g.board(),
            Fixed::By(s).name()
        ))),
    }
}

/// The tours fixed by both mirrors (and so by the half turn): none where one mirror
/// fixes none, else one mirror's tours (a quotient of one part, [`how`]) listed and
/// tested against the other.
fn both_mirrors(g: &LeapGraph, rows: u128, cols: u128, budget: &Budget) -> Result<u128> {
    if rows == 0 || cols == 0 {
        return Ok(0);
    }
    let q = Quotient::build(g, Fixed::By(Sym::FlipRows), budget)?;
    let image = Sym::FlipCols.edge_map(g);
    // One edge set for every tour: marked, tested, cleared.
    let mut has = vec![false; g.edge_count()];
    let mut n = 0u128;
    q.for_each(0..q.count(), |_, t| {
        for &e in &t.edges {
            has[e as usize] = true;
        }
        n += u128::from(t.edges.iter().all(|&e| has[image[e as usize] as usize]));
        for &e in &t.edges {
            has[e as usize] = false;
        }
        crate::Flow::Continue
    });
    Ok(n)
}

/// The closed tours of `g` ([`applies`]) and their classes: `total` of them (the
/// leaper counter's, counted by the caller), each element's fixed tours on its quotient
/// board, and Burnside's lemma with its orbit sizes and checks
/// ([`transfer::classes_from_fixed`], as for rook tours), within `budget`.
///
/// The rook's stabiliser argument holds: on a square board the diagonal mirrors fix no
/// tour here (they fix n ≥ 3 cells: the module's notes), so a stabiliser is trivial, one mirror,
/// the half turn, the quarter turns' C4 or the two mirrors' Klein group.
pub fn classes(g: &LeapGraph, total: u128, budget: &Budget) -> Result<ClassCount> {
    let group = Sym::group(g.board());
    // Each element's quotient counted on its own worker (each sweep is sequential):
    // the quarter turn's two directions fix the same tours (Fix(s) = Fix(s⁻¹)), counted
    // once.
    let counted: Vec<(Sym, u128)> = (group.par_iter())
        .filter(|&&s| s != Sym::Id && s != Sym::Rot270)
        .map(|&s| fixed(g, s, budget).map(|n| (s, n)))
        .collect::<Result<_>>()?;
    let fix = |s: Sym| match s {
        Sym::Id => total,
        _ => {
            let s = if s == Sym::Rot270 { Sym::Rot90 } else { s };
            counted
                .iter()
                .find(|&&(x, _)| x == s)
                .map_or(0, |&(_, n)| n)
        }
    };
    let both = both_mirrors(g, fix(Sym::FlipRows), fix(Sym::FlipCols), budget)?;
    let fixed_by = group.iter().map(|&s| (s, BigUint::from(fix(s)))).collect();
    transfer::classes_from_fixed(g.board(), fixed_by, BigUint::from(both))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::leaper;
    use crate::frontier::Zdd;
    use crate::select::{Query, tally};
    use std::collections::BTreeMap;
    use tourglyph_core::{Board, Piece, TourKind};

    fn graph(piece: &str, rows: u32, cols: u32) -> LeapGraph {
        LeapGraph::new(Board::new(rows, cols), &piece.parse::<Piece>().unwrap()).unwrap()
    }

    /// The classes and their orbit sizes from the quotients are the diagram's, walked
    /// tour by tour (`select::tally`).
    fn agrees_with_the_walk(boards: &[(&str, u32, u32)]) {
        let b = Budget::default();
        for &(piece, m, n) in boards {
            let g = graph(piece, m, n);
            assert!(applies(&g), "{piece} {m}x{n}");
            let total = leaper::count(&g, &b).unwrap().tours;
            let c = classes(&g, total, &b).unwrap();
            // Forced: the 6x8 diagram is past the default time limit (about 2 min, 8.2 GiB).
            let forced = Budget::new(tourglyph_core::budget::default_memory(), true);
            let z = Zdd::build_with_budget(&g, TourKind::Closed, &forced).unwrap();
            assert_eq!(z.count(), total, "{piece} {m}x{n}");
            let t = tally(
                &z,
                &g,
                &Query {
                    classes: true,
                    ..Query::default()
                },
            );
            assert_eq!(c.classes, BigUint::from(t.selected), "{piece} {m}x{n}");
            let walked: BTreeMap<u32, BigUint> = t
                .orbits
                .iter()
                .map(|(k, v)| (*k, BigUint::from(*v)))
                .collect();
            assert_eq!(c.orbits, walked, "{piece} {m}x{n}");
        }
    }

    #[test]
    fn classes_are_the_walks() {
        agrees_with_the_walk(&[
            ("knight", 5, 6),
            ("knight", 6, 6),
            ("knight", 3, 10),
            ("knight", 4, 7),
        ]);
        // The king's mirrors of an even side have tours of both parts: the walk's.
        assert!(!applies(&graph("king", 4, 5)));
    }

    /// Knight 5×8, 6×7 and 8×6 (55 million tours walked): minutes, with `--ignored`. Not
    /// 6×8: its diagram, 8 cells wide, needs about 18 GiB; its counts are 8×6's with the
    /// mirrors swapped (the orientation test).
    #[test]
    #[ignore = "minutes: 55 million tours walked"]
    fn classes_are_the_walks_on_6x8() {
        agrees_with_the_walk(&[("knight", 5, 8), ("knight", 6, 7), ("knight", 8, 6)]);
    }

    /// Knight 8×8: 2,432,932 tours fixed by the half turn, none by the quarter turn or a
    /// mirror, and 1,658,420,855,433 classes (no published figure was found for the
    /// half turn; Burnside's sum must divide by 8, and does). About a minute.
    #[test]
    #[ignore = "about a minute and 1.5 GB"]
    fn knight_8x8_classes() {
        let b = Budget::default();
        let g = graph("knight", 8, 8);
        let c = classes(&g, 13_267_364_410_532, &b).unwrap();
        let fix = |s: Sym| c.fixed.iter().find(|(x, _)| *x == s).unwrap().1.clone();
        assert_eq!(fix(Sym::Rot180), BigUint::from(2_432_932u32));
        for s in [Sym::Rot90, Sym::FlipRows, Sym::FlipCols, Sym::Transpose] {
            assert_eq!(fix(s), BigUint::ZERO, "{s:?}");
        }
        assert_eq!(c.classes, BigUint::from(1_658_420_855_433u64));
        assert_eq!(c.orbits[&4], BigUint::from(608_233u32));
    }
}
