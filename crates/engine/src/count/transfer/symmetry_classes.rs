//! The closed rook tours counted up to the board's symmetries ([`count_rook_classes`]):
//! the sweeps each symmetry's fixed tours are read off ([`Rule`], [`class_plan`]), and
//! Burnside's lemma on those counts with its consistency checks ([`classes_from_fixed`]).

use super::limbs::{Plan, SweptAny, ValueAny, run_plan};
use super::rook_count::{narrow, no_tours};
use super::sweep::Region;
use crate::count::progress::ProgressFn;
use num_bigint::BigUint;
use num_traits::CheckedSub;
use std::collections::BTreeMap;
use tourglyph_core::board::Board;
use tourglyph_core::symmetry::Sym;
use tourglyph_core::{error::Error, error::Result};

/// Tours and symmetry classes of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassCount {
    /// All closed rook tours.
    pub tours: BigUint,
    /// Tours up to the board's symmetries (D4 on a square, {id, half turn, two mirrors}
    /// on an oblong board).
    pub classes: BigUint,
    /// Fix(g), the tours each symmetry g maps to themselves, for every g of the group in
    /// [`Sym::group`] order (identity first, its Fix being `tours`).
    pub fixed: Vec<(Sym, BigUint)>,
    /// Orbit size → number of classes with that many members (sizes with no class are
    /// left out); the classes add up to `classes` and the members to `tours`.
    pub orbits: BTreeMap<u32, BigUint>,
    /// The tours fixed by both mirrors (so by the half turn too).
    pub both_mirrors: BigUint,
}

/// Number of symmetry classes of closed rook tours by Burnside's lemma:
/// classes = (1/|G|) Σ_g Fix(g), each Fix counted without enumeration ([`burnside`]).
///
/// `progress`, when given, is called after every cell of every sweep.
///
/// ```
/// use tourglyph_core::Board;
/// use tourglyph_engine::count::transfer::count_rook_classes;
/// let c = count_rook_classes(Board::new(6, 6), None).unwrap();
/// assert_eq!((c.tours.to_string(), c.classes.to_string()), ("1072".into(), "149".into()));
/// ```
///
/// [`burnside`]: super::burnside
pub fn count_rook_classes(board: Board, progress: ProgressFn<'_>) -> Result<ClassCount> {
    narrow(board)?;
    let group = Sym::group(board);
    if no_tours(board) {
        return Ok(ClassCount {
            tours: BigUint::ZERO,
            classes: BigUint::ZERO,
            fixed: group.iter().map(|&g| (g, BigUint::ZERO)).collect(),
            orbits: BTreeMap::new(),
            both_mirrors: BigUint::ZERO,
        });
    }
    let (plan, rules) = class_plan(board);
    for r in &plan.sweeps {
        if r.key_bits() > 64 {
            return Err(Error::usage(format!(
                "the {board} board is too long for the symmetric-tour count (a half board \
                 {}x{} has too wide a frontier); class counts need both sides at most 31",
                r.rows, r.cols
            )));
        }
    }
    let mut values = run_plan(&plan, progress, |s| {
        rules.iter().map(|rule| rule.eval(s, &rules)).collect()
    })?;
    // The last rule is not a group element: the tours fixed by both mirrors.
    let both = values.pop().expect("the both-mirrors rule");
    let fixed: Vec<(Sym, BigUint)> = group.iter().copied().zip(values).collect();
    classes_from_fixed(board, fixed, both)
}

/// Burnside's lemma on the fixed counts of every symmetry of `board` (`fixed`, in
/// [`Sym::group`] order, the identity's Fix being all tours) and `both`, the tours fixed
/// by both mirrors: classes = (1/|G|) Σ_g Fix(g) and the orbit sizes, with the checks
/// that make it a consistency test of the counts (a runtime error when the sum is not a
/// multiple of |G| or the orbits do not add up). Whatever counted the fixed tours (the
/// sweeps here, or the dense counter's residues) calls this.
pub fn classes_from_fixed(
    board: Board,
    fixed: Vec<(Sym, BigUint)>,
    both: BigUint,
) -> Result<ClassCount> {
    let group = Sym::group(board);
    if fixed.len() != group.len() || fixed.iter().zip(group).any(|((g, _), h)| g != h) {
        return Err(Error::runtime(format!(
            "internal error: the fixed counts of {board} are not one per symmetry in the group's order"
        )));
    }
    let tours = fixed[0].1.clone();
    let sum: BigUint = fixed.iter().map(|(_, v)| v).sum();
    let order = BigUint::from(group.len());
    if &sum % &order != BigUint::ZERO {
        return Err(Error::runtime(format!(
            "internal error: the fixed-tour counts of {board} sum to {sum}, not a multiple of {order}"
        )));
    }
    let classes = sum / order;
    let orbits = orbit_sizes(board, &fixed, &both).ok_or_else(|| {
        Error::runtime(format!(
            "internal error: the stabiliser counts of {board} do not divide into orbits"
        ))
    })?;
    let (c, t) = orbits
        .iter()
        .fold((BigUint::ZERO, BigUint::ZERO), |(c, t), (s, k)| {
            (c + k, t + k * BigUint::from(*s))
        });
    if c != classes || t != tours {
        return Err(Error::runtime(format!(
            "internal error: the orbits of {board} add up to {c} classes and {t} tours, \
             not {classes} and {tours}"
        )));
    }
    Ok(ClassCount {
        tours,
        classes,
        fixed,
        orbits,
        both_mirrors: both,
    })
}

/// The tours of `board` (both sides even) fixed by both mirrors, exact, from one sweep of
/// its top-left quarter with exits down and to the right ([`burnside::glue_corner`]):
/// each mirror's axis is crossed exactly twice, so the quarter holds one path from one
/// exit down to one exit right, and the sweep drops every state with a second right exit
/// as it freezes ([`Region::one_right_exit`]). The quarter is small and so are its states
/// (24×24: a 12×12 quarter, a fraction of a second), so no residues are needed.
///
/// ```
/// use tourglyph_core::Board;
/// use tourglyph_engine::count::transfer::both_mirrors_fixed;
/// assert_eq!(both_mirrors_fixed(Board::new(6, 6), None).unwrap().to_string(), "6");
/// ```
///
/// [`burnside::glue_corner`]: super::burnside::glue_corner
pub fn both_mirrors_fixed(board: Board, progress: ProgressFn<'_>) -> Result<BigUint> {
    let (rows, cols) = (board.rows / 2, board.cols / 2);
    if board.rows % 2 == 1 || board.cols % 2 == 1 || rows == 0 || cols == 0 {
        return Err(Error::usage(format!(
            "the both-mirror count is for boards with both sides even, not {board}"
        )));
    }
    let region = Region {
        rows,
        cols,
        bottom_exits: true,
        right_exits: true,
        one_right_exit: true,
    };
    if region.key_bits() > 64 {
        return Err(Error::usage(format!(
            "the {board} board is too big for the quarter-board sweep (a quarter {rows}x{cols} \
             needs 2·(rows + cols + 1) ≤ 64 bits of state)"
        )));
    }
    let plan = Plan {
        sweeps: vec![region],
    };
    let rules = [Rule::Corner(0, rows, cols)];
    let v = run_plan(&plan, progress, |s| {
        rules.iter().map(|rule| rule.eval(s, &rules)).collect()
    })?;
    Ok(v.into_iter().next().expect("one rule"))
}

/// Time (seconds on the reference 2-core machine) and peak memory (bytes) of
/// [`both_mirrors_fixed`] on `board`: from 20×20 (a 10×10 quarter) at 0.1 s and 60 MB,
/// the states and the time growing about threefold per unit of the quarter's side
/// (generous for smaller boards; `benches/NOTES.md` has the times).
#[allow(
    clippy::disallowed_methods,
    reason = "an estimate for the budget, printed only rounded far coarser than an ulp"
)]
pub fn both_mirrors_estimate(board: Board) -> (f64, f64) {
    let k = f64::from(board.rows.max(board.cols) / 2);
    let grow = 3.0f64.powf(k - 10.0);
    (0.1 * grow, 6e7 * grow)
}

/// The orbit-size histogram from the fixed counts and `both`, the tours fixed by both
/// mirrors FlipRows and FlipCols (so by the half turn too).
///
/// The possible stabilisers of a tour: on a square bigger than 2×2 no tour is fixed by
/// a diagonal mirror ([`burnside`]), so a stabiliser is trivial, one mirror ⟨FlipRows⟩ or
/// ⟨FlipCols⟩, ⟨half turn⟩, ⟨quarter turn⟩ (order 4) or ⟨both mirrors⟩ (order 4) — any
/// larger subgroup holds a diagonal mirror. On an oblong board: trivial, one of the three
/// order-2 subgroups, or the whole group. Counting tours by stabiliser (a tour fixed by
/// the half turn has stabiliser ⟨half turn⟩, ⟨quarter turn⟩ or ⟨both mirrors⟩, and so
/// on) and dividing by the orbit size |G|/|stabiliser| gives the classes of each size.
/// `None` if a division is not exact (a bug upstream).
///
/// [`burnside`]: super::burnside
fn orbit_sizes(
    board: Board,
    fixed: &[(Sym, BigUint)],
    both: &BigUint,
) -> Option<BTreeMap<u32, BigUint>> {
    let f = |g: Sym| -> BigUint { fixed.iter().find(|(s, _)| *s == g).unwrap().1.clone() };
    let total = f(Sym::Id);
    let mut tours_by_orbit: Vec<(u32, BigUint)> = Vec::new();
    if board.rows == 2 && board.cols == 2 {
        // The one tour, the square, is fixed by the diagonal mirrors too: every symmetry
        // fixes it. (On 2×n the rook's ring has the oblong group's stabiliser, below;
        // other pieces have more tours there.)
        tours_by_orbit.push((1, total.clone()));
    } else if board.is_square() {
        let quarter = f(Sym::Rot90);
        let sym2 = both + &quarter;
        let half = f(Sym::Rot180).checked_sub(&sym2)?;
        let mirrors = f(Sym::FlipRows).checked_sub(both)? + f(Sym::FlipCols).checked_sub(both)?;
        let sym4 = half + mirrors;
        let rest = total.checked_sub(&(&sym2 + &sym4))?;
        tours_by_orbit.extend([(2, sym2), (4, sym4), (8, rest)]);
    } else {
        let order2 = f(Sym::Rot180).checked_sub(both)?
            + f(Sym::FlipRows).checked_sub(both)?
            + f(Sym::FlipCols).checked_sub(both)?;
        let rest = total.checked_sub(&(both + &order2))?;
        tours_by_orbit.extend([(1, both.clone()), (2, order2), (4, rest)]);
    }
    let mut out = BTreeMap::new();
    for (size, t) in tours_by_orbit {
        let s = BigUint::from(size);
        if &t % &s != BigUint::ZERO {
            return None;
        }
        if t != BigUint::ZERO {
            out.insert(size, t / s);
        }
    }
    Some(out)
}

/// How one symmetry's Fix is read off the sweeps.
#[derive(Clone, Copy, Debug)]
enum Rule {
    /// The closed count of sweep i.
    Total(usize),
    /// Gluing the half-board sweep i (width w, rows h) to its image under the half turn.
    HalfTurn(usize, u32, u32),
    /// Gluing the half-board sweep i to its mirror image (two exits).
    Mirror(usize, u32, u32),
    /// The quarter-board sweep i of a 2k×2k board, k given.
    Quarter(usize, u32),
    /// Fixed by both mirrors: the quarter-board sweep i (rows, cols) with one exit down
    /// and one to the right.
    Corner(usize, u32, u32),
    /// Same as the rule at this index (the total when the theorem says all tours are
    /// fixed, as on boards two cells wide).
    Same(usize),
    /// No tour is fixed.
    Zero,
}

impl Rule {
    fn eval(&self, s: &[SweptAny], rules: &[Rule]) -> ValueAny {
        match *self {
            Rule::Total(i) => s[i].total(),
            Rule::HalfTurn(i, w, h) => s[i].half(w, h, true),
            Rule::Mirror(i, w, h) => s[i].half(w, h, false),
            Rule::Quarter(i, k) => s[i].quarter(k),
            Rule::Corner(i, rows, cols) => s[i].corner(rows, cols),
            Rule::Same(j) => rules[j].eval(s, rules),
            Rule::Zero => ValueAny {
                residue: BigUint::ZERO,
                est: 0.0,
                additions: 0,
            },
        }
    }
}

/// The sweeps and the rules: one for each symmetry of `board` (in [`Sym::group`]
/// order), then one for the tours fixed by both mirrors (for the orbit sizes).
/// Needs a board with tours (even cell count, both sides ≥ 2).
fn class_plan(board: Board) -> (Plan, Vec<Rule>) {
    let (m, n) = (board.rows, board.cols);
    let mut sweeps = vec![Region::board(m.max(n), m.min(n))];
    let mut add = |r: Region| -> usize {
        if let Some(i) = sweeps.iter().position(|&s| s == r) {
            return i;
        }
        sweeps.push(r);
        sweeps.len() - 1
    };
    let part = |rows: u32, cols: u32, right_exits: bool| Region {
        rows,
        cols,
        bottom_exits: true,
        right_exits,
        one_right_exit: false,
    };
    // The top half of m×n (m even), frontier n; and of the transposed board.
    let top = (m % 2 == 0).then(|| add(part(m / 2, n, false)));
    let side = (n % 2 == 0).then(|| add(part(n / 2, m, false)));
    let half_turn = match (top, side) {
        (Some(i), _) => Rule::HalfTurn(i, n, m / 2),
        (None, Some(i)) => Rule::HalfTurn(i, m, n / 2),
        (None, None) => Rule::Zero,
    };
    // Mirror in the horizontal axis: between rows if m is even, else through a row.
    let flip_rows = match top {
        Some(i) => Rule::Mirror(i, n, m / 2),
        None if n == 2 => Rule::Same(0),
        None => Rule::Zero,
    };
    let flip_cols = match side {
        Some(i) => Rule::Mirror(i, m, n / 2),
        None if m == 2 => Rule::Same(0),
        None => Rule::Zero,
    };
    // The top-left quarter (both sides even), shared by the quarter turn and the
    // both-mirrors count.
    let quarter = (m % 2 == 0 && n % 2 == 0).then(|| add(part(m / 2, n / 2, true)));
    let both = match quarter {
        Some(i) => Rule::Corner(i, m / 2, n / 2),
        None if m == 2 || n == 2 => Rule::Same(0),
        None => Rule::Zero,
    };
    let mut rules: Vec<Rule> = Sym::group(board)
        .iter()
        .map(|g| match g {
            Sym::Id => Rule::Total(0),
            Sym::Rot180 => half_turn,
            Sym::FlipRows => flip_rows,
            Sym::FlipCols => flip_cols,
            // Square: an odd one has no tour at all, so `quarter` is there.
            Sym::Rot90 | Sym::Rot270 => quarter.map_or(Rule::Zero, |i| Rule::Quarter(i, n / 2)),
            Sym::Transpose | Sym::AntiTranspose if n == 2 => Rule::Same(0),
            Sym::Transpose | Sym::AntiTranspose => Rule::Zero,
        })
        .collect();
    rules.push(both);
    (Plan { sweeps }, rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two rows: the one rook tour, the ring, is one class of one tour, on 2×2 (fixed by
    /// the diagonals too) and on 2×n through the oblong group's stabilisers.
    #[test]
    fn two_row_boards_have_one_class_of_one_tour() {
        for (rows, cols) in [(2, 2), (2, 3), (2, 4), (2, 5), (2, 8), (5, 2)] {
            let c = count_rook_classes(Board::new(rows, cols), None).unwrap();
            assert_eq!(c.tours, BigUint::from(1u32), "{rows}x{cols}");
            assert_eq!(c.classes, BigUint::from(1u32), "{rows}x{cols}");
            assert_eq!(c.orbits, BTreeMap::from([(1, BigUint::from(1u32))]));
        }
    }

    /// Burnside's sum is a consistency check: a fixed count off by one is an error,
    /// never a class count.
    #[test]
    fn fixed_counts_that_do_not_sum_to_a_multiple_of_the_group_are_refused() {
        let b = Board::new(6, 6);
        let c = count_rook_classes(b, None).unwrap();
        let again = classes_from_fixed(b, c.fixed.clone(), c.both_mirrors.clone()).unwrap();
        assert_eq!(again, c);
        let mut fixed = c.fixed.clone();
        fixed[2].1 += 1u32;
        let e = classes_from_fixed(b, fixed, c.both_mirrors.clone()).unwrap_err();
        assert!(e.to_string().contains("not a multiple of 8"), "{e}");
        // A missing symmetry is refused too.
        let e = classes_from_fixed(b, c.fixed[..7].to_vec(), c.both_mirrors).unwrap_err();
        assert!(e.to_string().contains("one per symmetry"), "{e}");
    }
}
