//! The closed tours of a leaper counted: the graphs without a tour and the counts that
//! could overflow answered first, then by halves where the board allows it
//! ([`super::halves`]), else in one sweep ([`super::sweep`]) with the narrowest words
//! the frontier and Brégman's bound allow.

use super::bound::{log2_bound, spans};
use super::counted::{LeaperCounted, SweepProgressFn};
use super::halves;
use super::order::{LeaperOrder, depth, row_major};
use super::sweep::sweep_in_words;
use tourglyph_core::budget::Budget;
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::{error::Error, error::Estimate, error::Refusal, error::Result};

/// Does the frontier of `g` fit this counter's 128-bit states (and its counts 128 bits)?
/// The vertex order is row-major on the board as given: the caller turns the board so
/// that its rows are the short side.
pub fn fits(g: &LeapGraph) -> bool {
    log2_bound(g) < 127.0 && LeaperOrder::new(g, &row_major(g)).is_some()
}

/// Count the closed tours of `g` within `budget`: refused before the work when the
/// count could overflow or the frontier does not fit, and as soon as the projected work
/// breaks the budget.
pub fn count(g: &LeapGraph, budget: &Budget) -> Result<LeaperCounted> {
    count_with_progress(g, budget, None)
}

/// [`count`], reporting before each cell: by halves where the board allows it
/// ([`halves::cut`]), else in one sweep ([`count_in_one_sweep`]).
pub fn count_with_progress(
    g: &LeapGraph,
    budget: &Budget,
    progress: SweepProgressFn<'_>,
) -> Result<LeaperCounted> {
    count_at_cut(g, halves::cut(g), budget, progress)
}

/// [`count`] in one sweep of the whole board, never by halves (the oracle of
/// [`halves`]).
pub fn count_in_one_sweep(g: &LeapGraph, budget: &Budget) -> Result<LeaperCounted> {
    count_at_cut(g, None, budget, None)
}

/// [`count_with_progress`] by halves cut at row `h` when `cut` is `Some(h)` (a row
/// [`halves::cut`] gave for `g`), else in one sweep; the graphs without a tour and the
/// counts that could overflow are answered first, as by [`count`].
pub fn count_at_cut(
    g: &LeapGraph,
    cut: Option<usize>,
    budget: &Budget,
    progress: SweepProgressFn<'_>,
) -> Result<LeaperCounted> {
    let n = g.vertex_count();
    if n < 3 || g.closed_tour_impossible().is_some() || !spans(g) {
        return Ok(LeaperCounted::default());
    }
    let bound = log2_bound(g);
    if bound >= 127.0 {
        return Err(Error::refused_with(
            Refusal::Size,
            true,
            Estimate::none().with_bits(bound),
            format!(
                "the closed {} tours of {} may number more than 2^127, beyond this counter's 128-bit counts; \
             count them modulo primes instead",
                g.piece(),
                g.board_name()
            ),
        ));
    }
    if let Some(h) = cut {
        return halves::count(g, h, budget, progress);
    }
    let p = LeaperOrder::new(g, &row_major(g)).ok_or_else(|| {
        let frontier = depth(g) * g.board().cols as usize;
        Error::refused_with(Refusal::Size, true, Estimate::none().with_cells(frontier as u64), format!(
            "the {} board is too wide for the leaper counter with the {}: its frontier of about {frontier} cells does not fit 128 bits; \
             give the board with fewer columns",
            g.board(),
            g.piece(),
        ))
    })?;
    sweep_in_words(g, &p, bound, budget, progress, "the closed")
}
