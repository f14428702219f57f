//! The count by halves: both sides swept, the join estimated from a sample of its runs
//! and checked against the budget, then run in parts between reports of progress.

use super::cut::{cut_cells, middle_edges, mirror};
use super::estimate::{JOIN_BYTES_PER_STATE, JOIN_STEPS, sample_stride};
use super::join::{Join, RunIndex};
use super::side::sides;
use crate::count::leaper::counted::{LeaperCounted, SweepProgressFn};
use tourglyph_core::budget::Budget;
use tourglyph_core::error::Result;
use tourglyph_core::graph::LeapGraph;

/// The closed tours of `g`, counted by halves cut at row `h` (from [`cut`](fn@super::cut)).
pub fn count(
    g: &LeapGraph,
    h: usize,
    budget: &Budget,
    progress: SweepProgressFn<'_>,
) -> Result<LeaperCounted> {
    count_cut(g, h, false, budget, progress)
}

/// The open tours of `g` (undirected Hamiltonian paths), counted by halves cut at row
/// `h` (from [`open_cut`]).
///
/// An open tour is a Hamiltonian cycle of the board with an apex joined to every cell
/// ([`open`]): the apex is one more cell of the cut, kept on both sides, with no
/// middle edges; the top side holds its edges to the rows above the cut, the bottom
/// side those to the rows below, and the join completes it to degree 2 like any cell
/// of `J`. The mirror image and the half turn fix the apex, so the join's savings hold.
///
/// [`open_cut`]: super::open_cut
/// [`open`]: crate::count::leaper::open
pub fn count_open(
    g: &LeapGraph,
    h: usize,
    budget: &Budget,
    progress: SweepProgressFn<'_>,
) -> Result<LeaperCounted> {
    count_cut(g, h, true, budget, progress)
}

/// [`count`], or [`count_open`] when `open`.
fn count_cut(
    g: &LeapGraph,
    h: usize,
    open: bool,
    budget: &Budget,
    progress: SweepProgressFn<'_>,
) -> Result<LeaperCounted> {
    let rows = g.board().rows as usize;
    let n = cut_cells(g, open);
    let cols = g.board().cols as usize;
    // One progress count for the whole run: each side's cells, then the join in
    // JOIN_STEPS parts.
    // A side's sweep steps its rows' cells, and the apex first for open tours.
    let apex = usize::from(open);
    let top_steps = (h + 1) * cols + apex;
    let bottom_steps = if rows == 2 * h {
        0
    } else {
        (rows - h + 1) * cols + apex
    };
    let all = top_steps + bottom_steps + JOIN_STEPS;
    let report = |done: usize, held: u64| {
        if let Some(f) = progress {
            f(done, all, held);
        }
    };
    let top_progress = |i: usize, _: usize, held: u64| report(i, held);
    let bottom_progress = |i: usize, _: usize, held: u64| report(top_steps + i, held);
    let (top, bottom, swept) = sides(
        g,
        h,
        open,
        budget,
        progress.map(|_| &top_progress as _),
        progress.map(|_| &bottom_progress as _),
    )?;
    let join = Join::new(middle_edges(g, h), cols, n, top, bottom);
    let states = join.states();
    // The board's mirror image in its middle column maps the top states, the middle
    // edges and the bottom states onto themselves, so a bottom run and its mirror image
    // meet the same number of tours: join one of each pair, twice.
    let runs: Vec<(u32, usize, usize, u128)> = (join.bottom_runs.iter())
        .filter_map(|&(d, from, to)| {
            let m = mirror(d, cols);
            (d <= m).then_some((d, from, to, if d < m { 2 } else { 1 }))
        })
        .collect();
    // The sample's tours are counted as it is joined: the join skips its runs.
    let (seconds, pairs, sample) = join.estimate(&runs, true);
    budget.check(
        &format!(
            "joining the halves of the {} {} tours of {} (about {pairs:.1e} pairs)",
            if open { "open" } else { "closed" },
            g.piece(),
            g.board_name(),
        ),
        swept.seconds + seconds,
        states as f64 * JOIN_BYTES_PER_STATE + RunIndex::bytes(n),
    )?;
    let stride = sample_stride(runs.len());
    let runs: Vec<_> = (runs.iter().enumerate())
        .filter_map(|(i, &r)| (i % stride != 0).then_some(r))
        .collect();
    // The runs in JOIN_STEPS parts, each joined in parallel, the progress reported
    // between them from this thread.
    let mut total = sample;
    for (k, part) in runs
        .chunks(runs.len().div_ceil(JOIN_STEPS).max(1))
        .enumerate()
    {
        report(top_steps + bottom_steps + k, states as u64);
        total = total.add(join.run_all(part, true));
    }
    Ok(LeaperCounted {
        tours: total.tours,
        widths: swept.widths,
    })
}
