//! Counting by the frontier method without the diagram ([`count_only`]): the same
//! transitions with counts instead of nodes, two levels at a time.

use super::board_checks::{impossible, too_wide};
use super::projection::{Shape, projected};
use super::state::{FrontierPlan, FrontierStep};
use rustc_hash::FxHashMap;
use tourglyph_core::budget::Budget;
use tourglyph_core::error::{Error, Result};
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::tour::TourKind;

/// Frontier states stepped per second by [`count_only`] on the reference machine (6×8
/// knight; `benches/NOTES.md`).
pub const STATES_PER_SECOND: f64 = 1.3e6;

/// Bytes per state held by [`count_only`]: the next level's hash map (key, count, control
/// byte, load-factor slack) and the sorted current level.
const BYTES_PER_STATE: f64 = 96.0;

/// Result of [`count_only`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct CountOnly {
    /// Exact number of tours.
    pub tours: u128,
    /// Largest number of states held at one level.
    pub max_width: u64,
    /// States stepped in all (the work done: a machine-independent counter).
    pub states: u64,
}

/// Count the tours of `kind` on `g` by the frontier method without building the diagram:
/// the same transitions, with counts instead of nodes, two levels at a time; within the
/// default [`Budget`].
pub fn count_only(g: &LeapGraph, kind: TourKind) -> Result<CountOnly> {
    count_only_with_budget(g, kind, &Budget::default())
}

/// [`count_only`] within `budget`: refused as soon as the projected work or the width of
/// a level breaks it.
pub fn count_only_with_budget(g: &LeapGraph, kind: TourKind, budget: &Budget) -> Result<CountOnly> {
    let n = g.vertex_count();
    if n == 1 {
        return Ok(CountOnly {
            tours: u128::from(kind == TourKind::Open),
            ..CountOnly::default()
        });
    }
    if impossible(g, kind) {
        return Ok(CountOnly::default());
    }
    let plan =
        FrontierPlan::new(n, g.edges(), kind == TourKind::Open).ok_or_else(|| too_wide(g))?;
    let shape = Shape::of(g, &plan, kind);
    let what = format!(
        "the {} {} tours of {}",
        kind.word(),
        g.piece(),
        g.board_name()
    );
    count_levels(&plan, &what, &g.board().to_string(), budget, shape.as_ref())
}

/// The closed tours that `plan` describes (a graph of its own, such as the quotient of a
/// board by a symmetry: [`crate::symmetric_tours::quotient`]) counted as [`count_only`]
/// counts a board's, without the diagram; `what` names them in messages.
pub fn count_plan(plan: &FrontierPlan, what: &str, budget: &Budget) -> Result<CountOnly> {
    count_levels(plan, what, what, budget, None)
}

/// [`count_only_with_budget`]'s levels: `plan` stepped with counts, two levels held,
/// the work projected from the widths so far (`shape`: the board's, where known).
fn count_levels(
    plan: &FrontierPlan,
    what: &str,
    board: &str,
    budget: &Budget,
    shape: Option<&Shape>,
) -> Result<CountOnly> {
    let mut widths: Vec<u64> = Vec::with_capacity(plan.levels.len());
    let overflow = || {
        Error::runtime(format!(
            "more than 2^128 tours on {board}: use the big-integer counter"
        ))
    };
    let mut cur: Vec<(u128, u128)> = vec![(0, 1)];
    let mut total: u128 = 0;
    let mut max_width = 0u64;
    let mut states = 0usize;
    let m = plan.levels.len();
    for i in 0..m {
        max_width = max_width.max(cur.len() as u64);
        states += cur.len();
        widths.push(cur.len() as u64);
        let work = projected(states, &widths, m, shape);
        budget.check(
            &format!(
                "counting {what} (about {work:.2e} frontier states, projected from edge {} \
                 of {m})",
                i + 1
            ),
            work / STATES_PER_SECOND,
            cur.len() as f64 * 3.0 * BYTES_PER_STATE,
        )?;
        let mut next: FxHashMap<u128, u128> = FxHashMap::default();
        next.reserve(cur.len() * 2);
        for &(s, c) in &cur {
            for take in [false, true] {
                match plan.step(i, s, take) {
                    FrontierStep::Dead => {}
                    FrontierStep::Done => total = total.checked_add(c).ok_or_else(overflow)?,
                    FrontierStep::State(t) => {
                        let e = next.entry(t).or_insert(0);
                        *e = e.checked_add(c).ok_or_else(overflow)?;
                    }
                }
            }
        }
        // Sort so nothing depends on hash order (the sum would not, but the walk's
        // memory traffic and any future output should be reproducible).
        cur = next.into_iter().collect();
        cur.sort_unstable_by_key(|&(s, _)| s);
    }
    Ok(CountOnly {
        tours: total,
        max_width,
        states: states as u64,
    })
}
