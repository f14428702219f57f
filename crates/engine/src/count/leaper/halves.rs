//! Closed tours counted by halves: the board cut in two between rows `h − 1` and `h`,
//! each half's path systems counted by how they meet the cut, and the two joined. The
//! idea is McKay's ("Knight's tours of an 8×8 chessboard", ANU TR-CS-97-03, 1997); the
//! halves are counted here with the vertex-at-a-time frontier of [`super::order`] and
//! [`super::slots`].
//!
//! Leaps that span at most two rows cross the cut in three kinds: from row `h − 2` to
//! row `h` (*lower* edges), from row `h − 1` to row `h + 1` (*upper* edges) and from
//! row `h − 1` to row `h` (*middle* edges). The two rows `J` = {`h − 1`, `h`} meet
//! every crossing edge.
//!
//! - **The top side** takes the edges inside rows `< h` and the lower edges, and sweeps
//!   rows `0..=h` with the cells of `J` kept on the frontier to the end
//!   ([`Plan::build`]): every other cell ends at degree 2 and no cycle closes. A
//!   final state gives each cell of `J` a degree 0–2 and pairs up the ends of its paths.
//! - **The bottom side** is the top side of the board turned half round, cut at
//!   `rows − h` (the upper edges become its lower ones); when `rows = 2h` it is the top
//!   side's own states, turned.
//! - **The join** goes by bottom run (the bottom states of one degree vector). Each set
//!   of middle edges that the run's degrees allow names the top degree vector that
//!   brings every cell of `J` to exactly 2; each top state of that vector is linked
//!   through the edges (where that closes no cycle) into a pairing of the run's path
//!   ends. The run's tours are the pairs of such a top pairing and a bottom pairing
//!   that alternate around a single cycle through all the ends ([`super::pairings`]).
//!   Many top states, through different edges, leave the same pairing: they are summed
//!   by pairing first, so that each distinct one is tested once against the run; a run
//!   of many bottom states is not tested pair by pair but descended as a trie, the top
//!   pairings contracted end by end by the bottom pairs ([`super::fold`]).
//!
//! A tour is the union of its edges on each side, so it is counted once: by its top
//! state, its middle edges and its bottom state. The sides are small where a single
//! sweep is wide in the middle of the board (knight 8×8: 1.9·10^7 final states a side,
//! about 3.5 s with 16-byte states (`final_cuts`) and the cut's cells in the order of
//! [`kept_last`], against a projected 1.6·10^11 states
//! stepped in one sweep). Joined top state by bottom state, as first written, 8×8
//! tested 1.5·10^11 pairs in 196 s; summed by pairing and with the board's two
//! symmetries (`Join::run`), it tested 5.3·10^9 in about 12 s; with its runs of many
//! bottom states descended ([`super::fold`]), it tested 9.5·10^8 and made 2.3·10^8
//! contractions in about 9 s, most of it linking top states through the middle edges
//! (8.8·10^8 links). Of each two pairs of runs that the half turn maps onto each
//! other, it now joins the one whose top run is the smaller (`turn_key`): 3.2·10^8
//! links, 6.0·10^8 pairs tested and 3.0·10^8 contractions, about 5.5 s; with the
//! pairings summed in 64 bits where a bound allows (`Sums`), about 7% less. The join is
//! estimated from a sample before it runs, and the sample's tours are kept.

use super::counted::{Counted, Progress};
use super::fold::{self, Fold};
use super::order::{Plan, depth, kept_last};
use super::pairings;
use super::slots::Layout;
use super::sweep::{Level, sweep_sharded};
use super::word::{Count, Sat32, U96, Word};
use rayon::prelude::*;
use tourglyph_core::budget::Budget;
use tourglyph_core::error::Result;
use tourglyph_core::graph::LeapGraph;

/// Widest cut: the two rows of `J` hold at most 16 cells (a 4-bit cell index).
const MAX_COLS: usize = 8;

/// Widest cut of the open tours: the two rows of `J` and the apex, at most 16 cells.
const MAX_OPEN_COLS: usize = 7;

/// Pairs of a linked top pairing and a bottom pairing tested one by one per second on
/// the reference machine, 2 threads: knight 8×8 tested 5.3·10^9 in about 5.3 s, quiet,
/// before its runs of many bottom states were joined by the descent ([`fold`]; it
/// now tests 9.5·10^8); a little less here, for a machine under some load.
const PAIRS_PER_SECOND: f64 = 8.0e8;

/// Contractions of a top pairing by a bottom pair per second, in the runs joined by
/// the descent ([`fold`]): knight 8×8 made 3.7·10^8 of them in about 1 s (`perf`'s
/// share of the count, when it descended every run of 32 states or more; 2.3·10^8
/// now).
const CONTRACTIONS_PER_SECOND: f64 = 3.5e8;

/// Leaves of the search of middle edges looked up per second (8×8: 9.0·10^7 of them,
/// with the links below in 9.5 s).
const LOOKUPS_PER_SECOND: f64 = 2.0e8;

/// Top states linked through middle edges and summed by pairing, per second (8×8:
/// 8.8·10^8 of them in about 8 s: the join's 9.4 s less what its other parts are
/// planned at). Kept since the links became cheaper (runs of fewer than four linked
/// four at a time, the sums' slots one cache line), where it errs on the safe side.
const LINKS_PER_SECOND: f64 = 1.0e8;

/// Parts of the join between two reports of progress. Each part waits for its slowest
/// run before the next starts; knight 8×8 joined in one part was no faster (11.4–12.6 s
/// against 12.1–12.3 s for the whole count, three alternating runs).
const JOIN_STEPS: usize = 100;

/// Bottom runs (one degree vector each) in the sample that estimates the join.
const SAMPLE: usize = 4096;

/// Every how many of `runs` runs the join's estimate samples one (about [`SAMPLE`] in all).
fn sample_stride(runs: usize) -> usize {
    (runs / SAMPLE).max(1)
}

/// Bytes held per state of a side in the join: its cut and count (24 bytes) while the
/// join's state (16) is made from it, and a margin for the runs.
const JOIN_BYTES_PER_STATE: f64 = 48.0;

/// The cut row for `g` when this counter applies: a board at least 4 rows deep and at
/// most 8 wide, not a torus, whose leaps span two rows (the knight's; one
/// sweep is a little faster for leaps of one row: king 8×8 in 0.027 s against 0.035 s)
/// and whose half sweeps fit 128-bit states.
pub fn cut(g: &LeapGraph) -> Option<usize> {
    let b = g.board();
    let (rows, cols) = (b.rows as usize, b.cols as usize);
    // Leaps of one row cross a cut only between its two rows, where one sweep's
    // frontier is already narrow: the halves pay off for leaps of two rows.
    if g.topology().is_torus() || rows < 4 || cols > MAX_COLS || depth(g) != 2 {
        return None;
    }
    let h = rows / 2;
    // The join picks middle edges as bits of a u32 (the king has 22 on 8 columns).
    (middle_edges(g, h).len() <= 32
        && side_plan(g, h, false).is_some()
        && side_plan(g, rows - h, false).is_some())
    .then_some(h)
}

/// The cut row for the open tours of `g`: as [`cut`], on boards at most 7 wide (the
/// apex is a 17th cell of the cut past that; 4 bits name a cell) whose half sweeps with
/// the apex fit 128-bit states.
pub fn open_cut(g: &LeapGraph) -> Option<usize> {
    let rows = g.board().rows as usize;
    let h = cut(g)?;
    (g.board().cols as usize <= MAX_OPEN_COLS
        && side_plan(g, h, true).is_some()
        && side_plan(g, rows - h, true).is_some())
    .then_some(h)
}

/// The sweep of the top side cut at `h`: rows `0..h − 1` in row-major order, then the
/// cells of rows `h − 1` and `h`, kept, in the order of [`kept_last`]; the edges inside
/// rows `< h` and those from row `h − 2` to row `h`. For open tours (`open`), with the
/// apex ([`Plan::build_with_apex`]) first and kept, joined to the cells of rows `< h`:
/// the bottom side, the board turned, takes the apex's edges to rows `≥ h`, so each is
/// on one side, and the half turn maps one side's apex edges onto the other's. With
/// the plan, the step of each cell of the cut ([`cut_steps`]).
fn side_plan(g: &LeapGraph, h: usize, open: bool) -> Option<(Plan, Vec<usize>)> {
    let cols = g.board().cols as usize;
    let row = |v: u32| v as usize / cols;
    let edge = |u: u32, v: u32| {
        let (a, b) = (row(u).min(row(v)), row(u).max(row(v)));
        b < h || (a + 2 == h && b == h)
    };
    let kept = |v: u32| row(v) + 1 == h || row(v) == h;
    let (order, cut) = kept_order(g, h + 1, edge);
    let plan = if open {
        Plan::build_with_apex(g, &order, edge, kept, |v| row(v) < h)
    } else {
        Plan::build(g, &order, edge, kept)
    }?;
    Some((plan, cut_steps(&order, &cut, open)))
}

/// The middle edges in groups, by index: the connected parts of the graph they make on
/// the cut's cells, each in the order of its edges, in the order of their first edges.
/// An edge's room depends only on the edges of its group picked, so the sets of middle
/// edges are every way of taking one choice from each group: the knight's 12 on 8
/// columns make 4 paths of 3 edges (its 9.0·10^7 sets found by a search of all 12 edges
/// at once took 3.3% of knight 8×8's count).
fn edge_groups(middle: &[(usize, usize)]) -> Vec<Vec<usize>> {
    // Each cell's group: the least cell it is joined to, found by relabelling until
    // nothing changes (at most 16 cells).
    let mut label: Vec<usize> = (0..32).collect();
    loop {
        let mut changed = false;
        for &(x, y) in middle {
            let l = label[x].min(label[y]);
            for c in [x, y] {
                if label[c] != l {
                    label[c] = l;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for (k, &(x, _)) in middle.iter().enumerate() {
        match groups.iter_mut().find(|(l, _)| *l == label[x]) {
            Some((_, g)) => g.push(k),
            None => groups.push((label[x], vec![k])),
        }
    }
    groups.into_iter().map(|(_, g)| g).collect()
}

/// The cells of rows `0..rows − 2` in row-major order, and those of the last two rows
/// (the cut's cells, in their order: row by row, left to right).
fn kept_rows(cols: usize, rows: usize) -> (Vec<u32>, Vec<u32>) {
    let first = ((rows - 2) * cols) as u32;
    (
        (0..first).collect(),
        (first..(rows * cols) as u32).collect(),
    )
}

/// A sweep's order of the first `rows` rows whose last two are kept (on the edges
/// `edge` accepts): the rows above them row by row, then theirs in [`kept_last`]'s
/// order; and the kept cells in the cut's order ([`kept_rows`]).
pub(super) fn kept_order(
    g: &LeapGraph,
    rows: usize,
    edge: impl Fn(u32, u32) -> bool,
) -> (Vec<u32>, Vec<u32>) {
    let (first, cut) = kept_rows(g.board().cols as usize, rows);
    let last = kept_last(g, &first, &cut, edge);
    (first.into_iter().chain(last).collect(), cut)
}

/// The step of a sweep of `order` at which each cell of `cut` comes, in `cut`'s order,
/// then the apex's (step 0, before `order`) when `apex`.
pub(super) fn cut_steps(order: &[u32], cut: &[u32], apex: bool) -> Vec<usize> {
    let shift = usize::from(apex);
    cut.iter()
        .map(|&v| {
            shift
                + order
                    .iter()
                    .position(|&u| u == v)
                    .expect("the cut's cells are in the order")
        })
        .chain(apex.then_some(0))
        .collect()
}

/// The cells of the cut: the `2·cols` of `J`, and the apex (cell `2·cols`) when the
/// tours are open.
fn cut_cells(g: &LeapGraph, open: bool) -> usize {
    2 * g.board().cols as usize + usize::from(open)
}

/// A side's final state over the cells of `J` (row `h − 1` then row `h`, left to
/// right): 2 bits of degree and 4 bits of path-end partner per cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Cut {
    pub(super) degrees: u32,
    pub(super) partners: u64,
}

/// The closed tours of `g`, counted by halves cut at row `h` (from [`cut`]).
pub fn count(g: &LeapGraph, h: usize, budget: &Budget, progress: Progress<'_>) -> Result<Counted> {
    count_cut(g, h, false, budget, progress)
}

/// The open tours of `g` (undirected Hamiltonian paths), counted by halves cut at row
/// `h` (from [`open_cut`]).
///
/// An open tour is a Hamiltonian cycle of the board with an apex joined to every cell
/// ([`super::open`]): the apex is one more cell of the cut, kept on both sides, with no
/// middle edges; the top side holds its edges to the rows above the cut, the bottom
/// side those to the rows below, and the join completes it to degree 2 like any cell
/// of `J`. The mirror image and the half turn fix the apex, so the join's savings hold.
pub fn count_open(
    g: &LeapGraph,
    h: usize,
    budget: &Budget,
    progress: Progress<'_>,
) -> Result<Counted> {
    count_cut(g, h, true, budget, progress)
}

/// [`count`], or [`count_open`] when `open`.
fn count_cut(
    g: &LeapGraph,
    h: usize,
    open: bool,
    budget: &Budget,
    progress: Progress<'_>,
) -> Result<Counted> {
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
    Ok(Counted {
        tours: total.tours,
        widths: swept.widths,
    })
}

/// A final state of the top side cut at `h`: each cell of `J` (row `h − 1` then row
/// `h`, left to right) its degree (2 bits a cell) and, at a path end, the cell of its
/// other end (4 bits a cell, 0 elsewhere); the top edge sets that leave it, and the
/// tours that complete each of them (middle and bottom edges).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weighed {
    /// Degrees, 2 bits a cell of `J`.
    pub degrees: u32,
    /// Path-end partners, 4 bits a cell of `J`.
    pub partners: u64,
    /// Top edge sets that leave this state.
    pub count: u128,
    /// Tours that complete each of them.
    pub weight: u128,
}

/// Every final state of the top side cut at `h` (from [`cut`]), weighed by the tours
/// that complete it (middle and bottom edges). Σ count · weight is the number of
/// tours. The join of [`count`] state by state (`Join::weights`): each bottom run's
/// pairings are tested once against each distinct pairing the top states leave, and the
/// sum goes to every top state that left it; the mirror in the middle column halves
/// the runs joined, and on a board with as many rows below the cut as above, the half
/// turn halves the pairs (each pair joined adds its sums by bottom state to the top
/// states turned from them). Refused, like the count, when the join's estimate breaks
/// `budget`.
///
/// `after(s)` is the work that follows, in seconds, for `s` top states: it is added to
/// the join's before the join is refused or run, so that a caller's whole run is
/// planned once the sides are known.
pub fn top_weights(
    g: &LeapGraph,
    h: usize,
    budget: &Budget,
    after: &dyn Fn(usize) -> f64,
) -> Result<Vec<Weighed>> {
    top_weights_planned(g, h, budget, after, &|_, _| {})
}

/// [`top_weights`], telling `planned` once the budget has let the run go on: the
/// seconds taken so far (the sides swept and the join set up) and the seconds ahead
/// (the join and `after`'s work), both by the clock: the work ahead is planned on the
/// reference machine and paced by what has been done so far against the sides' plan, so
/// a loaded or slower machine is told its own time (knight 8×8 here: 13 s planned in
/// all on the reference figures, 31 s taken).
pub fn top_weights_planned(
    g: &LeapGraph,
    h: usize,
    budget: &Budget,
    after: &dyn Fn(usize) -> f64,
    planned: &(dyn Fn(f64, f64) + Sync),
) -> Result<Vec<Weighed>> {
    let cols = g.board().cols as usize;
    let j = 2 * cols;
    let start = std::time::Instant::now();
    let (top, bottom, swept) = sides(g, h, false, budget, None, None)?;
    let join = Join::new(middle_edges(g, h), cols, j, top, bottom);
    let states = join.states();
    let later = after(join.top.states.len());
    // Joined: one of each two mirror runs, and of each two pairs turned half round,
    // each pairing summed once a run (the count's estimate: about the pairs, and a map
    // lookup a link).
    let runs: Vec<(u32, usize, usize, u128)> = (join.bottom_runs.iter())
        .filter(|&&(d, _, _)| d <= mirror(d, cols))
        .map(|&(d, from, to)| (d, from, to, 1))
        .collect();
    let (seconds, pairs, _) = join.estimate(&runs, false);
    let all = swept.seconds + seconds + later;
    budget.check(
        &format!(
            "weighing the top states of the closed {} tours of {} by the bottom ones (about {pairs:.1e} pairs)",
            g.piece(),
            g.board_name(),
        ),
        all,
        states as f64 * JOIN_BYTES_PER_STATE
            // Each top state's mirror (4 bytes), and a weight per worker.
            + join.top.states.len() as f64 * (4.0 + 16.0 * rayon::current_num_threads() as f64)
            + RunIndex::bytes(j),
    )?;
    let so_far = start.elapsed().as_secs_f64();
    // Clamped: on a small board the sides take milliseconds, mostly not their sweep.
    let pace = (so_far / swept.seconds.max(1e-3)).clamp(0.5, 20.0);
    planned(so_far, (seconds + later) * pace);
    let weights = if join.weights_fit_64_bits() {
        join.weights::<u64>()
    } else {
        join.weights::<u128>()
    };
    // Only the top states are read from here on: the bottom's own states (none when it
    // is the top turned) and the index are freed before the weighed states are made
    // beside them (`let Join { top, .. } = join` alone would keep the rest to the end
    // of the function).
    let Join {
        top,
        bottom,
        top_index,
        ..
    } = join;
    drop((bottom, top_index));
    // Each state's degrees, from its run, so that the states are made in parallel
    // (flattened run by run, one thread made them: 0.5 s on knight 8×8).
    let mut degrees = Vec::with_capacity(weights.len());
    for &(d, from, to) in &top.runs {
        degrees.resize(degrees.len() + (to - from), d);
    }
    Ok(top
        .states
        .par_iter()
        .zip(weights)
        .zip(degrees)
        .map(|((s, weight), degrees)| Weighed {
            degrees,
            partners: s.partners,
            count: u128::from(s.count),
            weight,
        })
        .collect())
}

/// [`top_weights`] as first written, for the tests: the join with the sides' roles
/// swapped, each top state tested by the walk against the bottom pairings it meets
/// (no mirror saving, no byte shuffles, no budget).
#[cfg(test)]
fn top_weights_swapped(g: &LeapGraph, h: usize) -> Vec<Weighed> {
    let cols = g.board().cols as usize;
    let (top, bottom, _) = sides(g, h, false, &Budget::default(), None, None).unwrap();
    let bottom = bottom.unwrap_or_else(|| turned(&top, 2 * cols, 2 * cols));
    // Swapped: the join's "top" is the bottom side, its runs the top side's (and
    // given: the half turn's saving is not taken).
    let join = Join::new(middle_edges(g, h), cols, 2 * cols, bottom, Some(top));
    join.bottom_runs
        .par_iter()
        .flat_map_iter(|&(degrees, from, to)| {
            let w = join.weigh(degrees, from, to);
            join.bottom[from..to]
                .iter()
                .zip(w)
                .map(move |(s, weight)| Weighed {
                    degrees,
                    partners: s.partners,
                    count: u128::from(s.count),
                    weight,
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The same cut of `n` cells seen from the board turned half round: cell `i` of `J`
/// (`i < j`) is cell `j − 1 − i` there; the apex (cell `j`, when `n > j`) is itself.
pub(super) fn turn(c: Cut, j: usize, n: usize) -> Cut {
    let turned = turned_cells(j);
    let mut t = Cut {
        degrees: 0,
        partners: 0,
    };
    for i in 0..n {
        let k = turned[i];
        t.degrees |= ((c.degrees >> (2 * i)) & 3) << (2 * k);
        let p = ((c.partners >> (4 * i)) & 15) as usize;
        t.partners |= (turned[p] as u64) << (4 * k);
    }
    t
}

/// Each cell of a cut with `j` cells in `J`, seen from the board turned half round
/// (as [`turn`] moves them).
fn turned_cells(j: usize) -> [usize; 16] {
    std::array::from_fn(|i| if i < j { j - 1 - i } else { i })
}

/// The degrees of a cut's mirror image in the board's middle column (the apex, past
/// the cells of `J`, is itself).
pub(super) fn mirror(degrees: u32, cols: usize) -> u32 {
    // 2 bits a cell of J; what lies past them (the apex) stays.
    let past = 4 * cols as u32;
    let mut m = if past < 32 {
        degrees >> past << past
    } else {
        0
    };
    for i in 0..2 * cols {
        m |= ((degrees >> (2 * i)) & 3) << (2 * mirror_cell(i, cols));
    }
    m
}

/// Cell `i` of `J` (two rows `cols` wide, row-major) after the mirror in the board's
/// middle column.
pub(super) fn mirror_cell(i: usize, cols: usize) -> usize {
    i / cols * cols + cols - 1 - i % cols
}

/// Each cell of a cut's image in the board's middle column, `cols` wide (the apex,
/// past the cells of J, is its own image).
fn mirror_cells(cols: usize) -> [usize; 16] {
    let mut cell: [usize; 16] = std::array::from_fn(|i| i);
    for (i, c) in cell.iter_mut().enumerate().take(2 * cols) {
        *c = mirror_cell(i, cols);
    }
    cell
}

/// The middle edges as pairs of indices into `J`.
fn middle_edges(g: &LeapGraph, h: usize) -> Vec<(usize, usize)> {
    let cols = g.board().cols as usize;
    let first = (h - 1) * cols;
    let mut out = Vec::new();
    for u in first..first + cols {
        for &v in g.neighbours(u as u32) {
            let v = v as usize;
            if v / cols == h {
                out.push((u - first, v - first));
            }
        }
    }
    out.sort_unstable();
    out
}

/// A side's final states ([`States`]).
type Side = States;

/// The top side, the bottom side seen from the top (`None` where it is the top's own
/// states turned half round), and what the sweeps stepped.
type Sides = (Side, Option<Side>, Swept);

/// Both sides of the cut at `h`: the top side's final states, the bottom side's seen
/// from the top (`None` when `rows = 2h`: the top's own, turned, which [`Join::new`]
/// turns run by run), and what the sweeps run stepped. `top_progress` and
/// `bottom_progress` report each sweep's cells.
fn sides(
    g: &LeapGraph,
    h: usize,
    open: bool,
    budget: &Budget,
    top_progress: Progress<'_>,
    bottom_progress: Progress<'_>,
) -> Result<Sides> {
    let rows = g.board().rows as usize;
    let j = 2 * g.board().cols as usize;
    let cells = cut_cells(g, open);
    let mut swept = Swept::default();
    let top = side(g, h, open, budget, top_progress, &mut swept)?;
    let bottom = if rows == 2 * h {
        None
    } else {
        let bottom = side(g, rows - h, open, budget, bottom_progress, &mut swept)?;
        Some(turned(&bottom, j, cells))
    };
    Ok((top, bottom, swept))
}

/// The states of `side`, of `n` cells, turned half round ([`turn`]; `j` cells of
/// `J`): a run turns into a run, put in the order of its turned degree vector and
/// sorted again by partners.
fn turned(side: &Side, j: usize, n: usize) -> Side {
    let runs = (side.runs.iter())
        .map(|&(d, from, to)| (turn_degrees(d, j, n), from, to))
        .collect();
    let mut out = States::from_runs(&side.states, runs);
    stretches(
        &mut out.states,
        out.runs.iter().map(|&(_, from, to)| to - from),
    )
    .into_par_iter()
    .zip(&out.runs)
    .for_each(|(states, &(d, _, _))| {
        // The run's degree vector before the turn: the half turn is its own inverse.
        let turn = partners_turned(turn_degrees(d, j, n), j, n);
        for s in states.iter_mut() {
            s.partners = turn(s.partners);
        }
        states.sort_unstable_by_key(|s| s.partners);
    });
    out
}

/// The partners of a cut of degree vector `degrees` (of `n` cells, `j` of them in
/// `J`) turned half round, as [`turn`] turns them: only the path ends' fields are
/// moved ([`moved`]); the others hold what [`turn`] leaves in them, the same for
/// every cut of the vector.
fn partners_turned(degrees: u32, j: usize, n: usize) -> impl Fn(u64) -> u64 {
    let image = turned_cells(j);
    let (ends, count) = moved_ends(degrees, n, &image);
    let mut rest = turn(
        Cut {
            degrees,
            partners: 0,
        },
        j,
        n,
    )
    .partners;
    for &(_, to) in &ends[..count] {
        rest &= !(15 << to);
    }
    move |p| rest | moved(p, &ends[..count], &image)
}

/// The final states of the top side cut at `h`, as cuts, with their counts; the side's
/// sweep's work is added to `swept`.
fn side(
    g: &LeapGraph,
    h: usize,
    open: bool,
    budget: &Budget,
    progress: Progress<'_>,
    swept: &mut Swept,
) -> Result<Side> {
    let (p, cut) = side_plan(g, h, open).expect("cut() and open_cut() checked the plan");
    let part = if open {
        "half of the open"
    } else {
        "half of the closed"
    };
    final_cuts(g, &p, &cut, budget, progress, swept, part)
}

/// The final states of the sweep `p`, whose cells of the cut (two rows, and an apex)
/// are kept on the frontier, as cuts over those cells, with their counts (`cut`: the
/// step of each, [`cut_steps`]); the sweep's level widths and planned seconds are
/// added to `swept`; `part` names the sweep in a refusal ("half of the closed").
///
/// Swept with 96-bit keys and saturating 32-bit counts where the frontier fits them
/// (16 bytes a state: knight 8×8's side in half the memory and time of `u128` keys
/// and counts), again with `u128` ones when a count saturates or the keys do not fit.
/// A count past 64 bits is refused: the join holds 64 (a weight past 64 bits, with the
/// mirror below: twice a count).
///
/// The last level is sharded by the degrees of the cut alone ([`degree_key`]), so that
/// each shard holds whole runs, decoded and sorted on its own ([`cuts_of`]): no sort
/// of the whole side follows ([`States::from_runs`]). Knight 8×8's side has 896,262
/// runs, of 8 states at the median and 5,823 at most; hashed by their degree vectors
/// into 2,048 parts (as many as the sweep's shards at that level, by a hash of the
/// degree vector itself, not the sweep's own), they held 5.4–16.1 thousand states a
/// part: even enough for the sweep's last step.
///
/// The side is swept up to the board's mirror image in its middle column
/// ([`super::mirror`]): after each of the rows above the cut, one state of each mirror
/// pair is kept, and at the last level the pair's state of the lesser degree vector,
/// which [`cuts_of`] unfolds. Knight 8×8's side then steps 14.1 million states at its
/// last level where it stepped 18.5 million (the descendants of a pair's two states
/// merge as the rows above leave the frontier), and its sweep up to the last step took
/// 2.0–2.4 s where it took 2.8–3.8 s (`count_phases`, three alternating runs; the last
/// step, its unfolding and the join's setup 2.0–2.3 s against 1.8–2.4 s).
pub(super) fn final_cuts(
    g: &LeapGraph,
    p: &Plan,
    cut: &[usize],
    budget: &Budget,
    progress: Progress<'_>,
    swept: &mut Swept,
    part: &str,
) -> Result<Side> {
    let by_degrees = degree_key(p.bits, &cut_slots(p, cut));
    // The side's edges are chosen by rows: the mirror maps them onto themselves, and
    // the cut's cells.
    let image = board_mirror(g);
    let unfold = Some(g.board().cols as usize);
    if p.bits * p.max_width() as u32 <= U96::BITS {
        let (counted, last) =
            sweep_sharded::<U96, Sat32>(g, p, budget, progress, part, by_degrees, Some(&image))?;
        swept.seconds += counted.states() as f64 / U96::STATES_PER_SECOND;
        if !last.iter().flatten().any(|(_, n)| n.saturated()) {
            swept.widths.extend(counted.widths);
            return Ok(cuts_of(p, cut, last, unfold));
        }
    }
    let (counted, last) =
        sweep_sharded::<u128, u128>(g, p, budget, progress, part, by_degrees, Some(&image))?;
    swept.seconds += counted.states() as f64 / u128::STATES_PER_SECOND;
    if last
        .iter()
        .flatten()
        .any(|&(_, n)| n > u128::from(u64::MAX))
    {
        return Err(tourglyph_core::error::Error::runtime(format!(
            "counting {part} {} tours of {}: a state's count passes the 64 bits the join holds; this board is past the counter by halves",
            g.piece(),
            g.board_name()
        )));
    }
    swept.widths.extend(counted.widths);
    Ok(cuts_of(p, cut, last, unfold))
}

/// Each vertex of `g` (a board's cells, row-major, and the apex past them) after the
/// mirror in the board's middle column (the apex is its own image).
fn board_mirror(g: &LeapGraph) -> impl Fn(u32) -> u32 + use<> {
    let cols = g.board().cols as usize;
    let cells = g.vertex_count() as u32;
    move |v: u32| {
        if v < cells {
            mirror_cell(v as usize, cols) as u32
        } else {
            v
        }
    }
}

/// What the sweeps of the sides stepped: their level widths, and the seconds they are
/// planned at (each at the rate of its keys, [`Word::STATES_PER_SECOND`]).
#[derive(Default)]
pub(super) struct Swept {
    pub(super) widths: Vec<u64>,
    pub(super) seconds: f64,
}

/// The slot of each cell of the cut (`cut`: the step of each) in the keys of the sweep
/// `p`: the cells of the cut never leave the frontier, and each keeps the fixed slot it
/// took when it was processed.
fn cut_slots(p: &Plan, cut: &[usize]) -> Vec<u32> {
    let layout = Layout::new(p);
    cut.iter().map(|&k| layout.steps[k].slot).collect()
}

/// The degrees of the cut's cells in a final key of a sweep of `bits` bits a slot (the
/// cut's cells in `slots`), for sharding the last level ([`sweep_sharded`]): a slot
/// holds 0 for a lone cell, 1 for a cell at degree 2, more for a path end ([`cuts_of`]).
/// Each of those slots' lowest bit is set where the slot is not 0, and its next bit
/// where it is 1; every other bit is cleared, so that keys of one degree vector, and
/// only those, are equal here.
fn degree_key(bits: u32, slots: &[u32]) -> impl Fn(u128) -> u128 + Sync + Copy + use<> {
    let lows = slots.iter().fold(0u128, |m, &s| m | 1 << (s * bits));
    move |t| {
        // Each slot's bits above its lowest, brought down onto it.
        let mut above = 0u128;
        for j in 1..bits {
            above |= t >> j;
        }
        let nonzero = (t | above) & lows;
        let one = t & !above & lows;
        nonzero | one << 1
    }
}

/// The final level `last` of the sweep `p` as cuts (see [`final_cuts`]; `cut`: the step
/// of each cell of the cut), its counts below 2^64. Each shard is decoded into its own
/// part and sorted there by degrees and partners; the runs are read off each part, so
/// that they are runs of the whole only where the level was sharded by [`degree_key`]
/// (else a degree vector may have a run in several shards).
///
/// With `unfold` (the board's columns), the level holds one state of each mirror pair
/// with the pair's orbit weight ([`super::mirror`]), its degree vector the lesser of
/// the two: each is decoded into both, at half the weight each, or into itself where
/// it is its own image. The shard then holds both runs of the pair.
fn cuts_of<K: Word, C: Count>(
    p: &Plan,
    cut: &[usize],
    last: Level<K, C>,
    unfold: Option<usize>,
) -> Side {
    // The sweep's levels are freed; the vectors of the join must not come on top.
    tourglyph_core::budget::release_free_memory();
    let slot_of = cut_slots(p, cut);
    let mirror = unfold.map(|cols| mirrored(slot_of.len(), cols));
    let mut cell_of = [0u8; 128];
    for (i, &s) in slot_of.iter().enumerate() {
        cell_of[s as usize] = i as u8;
    }
    let mask = (1u128 << p.bits) - 1;
    // A slot's value z as (degree, partner): 0 a lone cell, 1 a cell at degree 2, else
    // a path end whose other end holds slot z − 2. Looked up, not matched: which it is
    // changes from cell to cell unpredictably (a branch each took about half the time).
    let mut value = [(0u32, 0u64); 128];
    value[1] = (2, 0);
    for (z, v) in value.iter_mut().enumerate().skip(2) {
        *v = (1, u64::from(cell_of[z - 2]));
    }
    let cut = |s: K| {
        let s = s.to_u128();
        let mut c = Cut {
            degrees: 0,
            partners: 0,
        };
        for (i, &slot) in slot_of.iter().enumerate() {
            let (d, m) = value[((s >> (slot * p.bits)) & mask) as usize & 127];
            c.degrees |= d << (2 * i);
            c.partners |= m << (4 * i);
        }
        c
    };
    // Each shard decoded (and unfolded) and sorted in a buffer of the worker's, in the
    // cache, and its states written into a part of its own, in parallel.
    let parts: Vec<Part> = last
        .par_iter()
        .map_init(Vec::new, |cuts, shard| {
            cuts.clear();
            for &(s, n) in shard {
                let (c, n) = (cut(s), n.to_u128() as u64);
                let m = mirror.as_ref().map(|m| m(c));
                match m.filter(|&m| m != c) {
                    None => cuts.push((c, n)),
                    Some(m) => {
                        // A pair's weight is twice each one's count.
                        assert!(n % 2 == 0, "a mirror pair's weight is even");
                        cuts.push((c, n / 2));
                        cuts.push((m, n / 2));
                    }
                }
            }
            // One 128-bit key, the same order as the pair (degrees, partners) and
            // compared without a branch between its halves.
            cuts.sort_unstable_by_key(|&(c, _): &(Cut, u64)| {
                u128::from(c.degrees) << 64 | u128::from(c.partners)
            });
            let states: Vec<State> = (cuts.iter())
                .map(|&(c, count)| State {
                    partners: c.partners,
                    count,
                })
                .collect();
            let mut runs = Vec::new();
            let mut from = 0;
            for run in cuts.chunk_by(|a, b| a.0.degrees == b.0.degrees) {
                runs.push((run[0].0.degrees, from, from + run.len()));
                from += run.len();
            }
            (states, runs)
        })
        .collect();
    drop(last);
    // And so are the last level's shards, now.
    tourglyph_core::budget::release_free_memory();
    let side = States::from_parts(&parts);
    // And the parts: each below the allocator's threshold for a mapping of its own,
    // they stayed in its heap, which the big vectors made after them do not reuse (the
    // first call for an 8×8 knight's tour by ID peaked 0.28 GB higher).
    drop(parts);
    tourglyph_core::budget::release_free_memory();
    side
}

/// A cut of `cells` cells seen in the mirror of a board `cols` wide, as the sweep would
/// have decoded its image: degrees moved, each path end's partner named by its image
/// at the end's image, 0 in the other cells' fields.
///
/// What [`mirror`] and [`moved_ends`] with [`moved`] do, in one pass over the cells: it
/// runs for every state kept at the last level (9.3 million on knight 8×8), and made
/// with those three the decode of the side took 1.05–1.39 s where it takes 0.99–1.09 s
/// (`count_phases`, four alternating runs).
fn mirrored(cells: usize, cols: usize) -> impl Fn(Cut) -> Cut {
    let image = mirror_cells(cols);
    move |c| {
        let mut m = Cut {
            degrees: 0,
            partners: 0,
        };
        for (i, &k) in image.iter().enumerate().take(cells) {
            let d = (c.degrees >> (2 * i)) & 3;
            m.degrees |= d << (2 * k);
            if d == 1 {
                let partner = ((c.partners >> (4 * i)) & 15) as usize;
                m.partners |= (image[partner] as u64) << (4 * k);
            }
        }
        m
    }
}

/// Tours found, and the work done finding them.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    tours: u128,
    /// Degree vectors looked up.
    lookups: u64,
    /// Top states linked through a set of middle edges.
    links: u64,
    /// Pairs of a linked top pairing and a bottom pairing met.
    pairs: u64,
    /// Of those, the pairs tested one by one ([`pairings`]).
    tested: u64,
    /// Contractions made by the descent ([`fold`]) in the runs joined by it.
    contractions: u64,
}

impl Tally {
    /// The tours counted `k` times (the work done once).
    fn times(self, k: u128) -> Tally {
        Tally {
            tours: self.tours.wrapping_mul(k),
            ..self
        }
    }

    fn add(self, o: Tally) -> Tally {
        Tally {
            tours: self.tours.wrapping_add(o.tours),
            lookups: self.lookups + o.lookups,
            links: self.links + o.links,
            pairs: self.pairs + o.pairs,
            tested: self.tested + o.tested,
            contractions: self.contractions + o.contractions,
        }
    }
}

/// A state of a side in the join: its path-end partners (4 bits a cell, as in
/// [`Cut`]) and its count (below 2^64: [`final_cuts`]); 16 bytes, four to a cache line.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
struct State {
    partners: u64,
    count: u64,
}

/// Some of a side's states, and their runs (each a degree vector and its range there).
type Part = (Vec<State>, Vec<(u32, usize, usize)>);

/// One side's states, grouped into runs by degree vector: each run's states
/// consecutive and sorted by partners.
pub(super) struct States {
    /// Each run's degree vector and range in `states`, in the order of the vectors,
    /// which is that of the ranges ([`States::from_runs`]).
    runs: Vec<(u32, usize, usize)>,
    states: Vec<State>,
}

impl States {
    /// The states `states` in the runs `runs` (each a degree vector and its states'
    /// range, sorted by partners), copied into the order of their degree vectors.
    ///
    /// # Panics
    ///
    /// If two runs have one degree vector: the states were not grouped by it.
    ///
    /// The side came whole from its sweep's shards and was sorted here whole by
    /// (degrees, partners), in 0.55–0.70 s on knight 8×8 (in `count_phases`, after a
    /// decode of 0.40–0.47 s). Its last level is now sharded by degrees, each shard
    /// decoded and sorted on its own ([`cuts_of`]: 0.83–0.88 s for both, at an hour when
    /// the whole count took 14 s), and the runs moved here into the order of their
    /// vectors (0.21–0.25 s). The step from the sweep's last level to the join took
    /// 2.11 s against 2.33 s on average (five alternating runs of `count_phases`).
    /// Left where their shards put them, the runs were ready sooner (1.85 s against
    /// 2.35 s, eight alternating runs), but the join took 7.43 s against 6.98 s: it
    /// reads the top runs of nearby degree vectors, which then lay far apart in memory.
    /// Each shard grouped by a hash of its degree vectors in place of its sort (each
    /// vector's states counted, each state written to its run's place, each run sorted
    /// by partners) made that step no faster: 2.01 s against 2.03 s on average (four
    /// alternating runs).
    ///
    /// Two other ways of grouping the side were measured and not kept (the decode and
    /// the sort then took 0.73 s each):
    /// - a counting sort (each state's degree vector marked in a bit per base-3 vector,
    ///   the bits ranked into runs, the level's shards laid out by run in a few parts,
    ///   each run gathered from them and sorted by partners) took 1.15 s for both; with
    ///   the bottom side turned from each run as it was gathered, in place of
    ///   the whole turned side of the time (`States::turned`, since replaced by
    ///   [`Join::bottom_states`]), the count was no faster (12.6–13.2 s against 12.3–13.3 s,
    ///   the binaries alternating) and peaked 0.07–0.13 GB higher;
    /// - the last level split by the leading 8 digits of its degree vectors, so that
    ///   each shard held whole runs in order and was decoded and sorted on its own, in
    ///   the cache: 0.8–1.05 s for both, but the sweep's last step, sharding each
    ///   successor by its degrees into uneven shards, took 1.0–1.35 s where it took
    ///   0.48–0.53 s. Sharded by a hash of its degrees ([`final_cuts`]), the shards are
    ///   even enough.
    fn from_runs(states: &[State], runs: Vec<(u32, usize, usize)>) -> States {
        let runs = (runs.into_iter())
            .map(|(d, from, to)| (d, 0, from, to))
            .collect();
        States::placed(&[states], runs)
    }

    /// [`States::from_runs`] of states in parts, each with its runs (ranges in it).
    fn from_parts(parts: &[Part]) -> States {
        let states: Vec<&[State]> = parts.iter().map(|(s, _)| &s[..]).collect();
        let runs = (parts.iter().enumerate())
            .flat_map(|(k, (_, runs))| runs.iter().map(move |&(d, from, to)| (d, k, from, to)))
            .collect();
        States::placed(&states, runs)
    }

    /// The runs `runs` (each a degree vector, a part of `parts` and its range there)
    /// copied into the order of their vectors (see [`States::from_runs`]).
    fn placed(parts: &[&[State]], mut runs: Vec<(u32, usize, usize, usize)>) -> States {
        runs.par_sort_unstable();
        assert!(
            runs.windows(2).all(|w| w[0].0 != w[1].0),
            "a side's states are grouped by degree vector"
        );
        let len = runs.iter().map(|&(_, _, from, to)| to - from).sum();
        // Each run moved to its place in the order of the vectors, in parallel.
        let mut placed: Vec<State> = (0..len)
            .into_par_iter()
            .map(|_| State {
                partners: 0,
                count: 0,
            })
            .collect();
        stretches(&mut placed, runs.iter().map(|&(_, _, from, to)| to - from))
            .into_par_iter()
            .zip(&runs)
            .for_each(|(out, &(_, k, from, to))| out.copy_from_slice(&parts[k][from..to]));
        let mut at = 0;
        let runs = (runs.into_iter())
            .map(|(d, _, from, to)| {
                at += to - from;
                (d, at - (to - from), at)
            })
            .collect();
        States {
            runs,
            states: placed,
        }
    }

    /// Each state as a cut with its count, run by run in the order of their vectors.
    pub(super) fn cuts(&self) -> Vec<(Cut, u64)> {
        (self.runs.iter())
            .flat_map(|&(degrees, from, to)| {
                self.states[from..to].iter().map(move |s| {
                    (
                        Cut {
                            degrees,
                            partners: s.partners,
                        },
                        s.count,
                    )
                })
            })
            .collect()
    }

    /// The sum of these states' counts.
    fn total(&self) -> u128 {
        (self.states.par_iter()).map(|s| u128::from(s.count)).sum()
    }
}

/// A worker's bottom run turned from the top's states ([`Join::bottom_states`]): each
/// state's turned partners and count, and its index in `top.states`.
#[derive(Default)]
struct Turning {
    run: Vec<(u64, u64, u32)>,
    states: Vec<State>,
    sources: Vec<u32>,
}

/// The two sides and the middle edges between them.
struct Join {
    middle: Vec<(usize, usize)>,
    /// The middle edges in groups that share no cell ([`edge_groups`]), by index.
    groups: Vec<Vec<usize>>,
    /// Cells of the cut (`J`, and the apex for open tours), and the board's columns.
    n: usize,
    cols: usize,
    top: States,
    /// Each top degree vector's run in `top.runs`, by the vector written in base 3.
    top_index: RunIndex,
    /// Each top run as the links read it ([`TopRun`]).
    top_runs: Vec<TopRun>,
    /// Whether the bottom is the top turned half round, whose saving the join takes
    /// (see [`Join::run`]).
    turned: bool,
    /// Each bottom run, in the order of its degree vector: the vector and its states, a
    /// range of `bottom`, or when `turned` a range of `top.states` (those that turn into
    /// it, [`Join::bottom_states`]).
    bottom_runs: Vec<(u32, usize, usize)>,
    /// The bottom side's own states, sorted by partners within a run; none when
    /// `turned`.
    bottom: Vec<State>,
    /// Whether the count's sums of top states by pairing stay below 2^64
    /// ([`sums_fit_64_bits`]), so that [`Join::run_all`] sums them in 64 bits.
    narrow_sums: bool,
}

/// A top run as the links read it: 16 bytes, fetched once for each set of middle edges
/// that names it, where its range and its [`turn_key`] were two fetches from two
/// tables.
#[derive(Clone, Copy)]
struct TopRun {
    degrees: u32,
    /// Its first state, in `top.states`.
    from: u32,
    /// Its [`turn_key`], whose high half is its number of states.
    key: u64,
}

impl TopRun {
    /// Its states' range in `top.states`.
    fn states(&self) -> std::ops::Range<usize> {
        let from = self.from as usize;
        from..from + (self.key >> 32) as usize
    }
}

/// Each top degree vector's run, by the vector written in base 3 (cell `i` its digit
/// `i`): a bit for each of the 3^n vectors, set where the top has a run, and with each
/// word of 64 the runs of the words before it. The runs are in the order of their
/// degree vectors, which is that of their base-3 values (a digit in 2 bits, the last
/// cell's highest in both), so a vector's run is the number of runs below it: the runs
/// before its word and the bits set below it in the word. 16 bytes for 64 vectors:
/// 10.8 MB for knight 8×8's 3^16, which stays in the cache, where a table of run
/// numbers took 172 MB and its 9·10^7 lookups in the join mostly missed.
///
/// Backed by huge pages (`madvise`), with the [`TopRun`]s, to spare the join's lookups
/// their misses of the TLB, knight 8×8's join took 7.60 s against 7.69 s on average
/// (four alternating runs of `count_phases`, within the machine's noise); with the top
/// states in huge pages too, the join took 6.98 s against 7.40 s and the step from
/// the sweep to the join 2.43 s against 2.07 s (four alternating runs each). Not kept.
///
/// Of knight 8×8's 9.05·10^7 lookups, 3.85·10^7 find a run (and half of those are the
/// half turn's to skip). A filter in front of the index (2^21 bits, 256 KB, a bit set
/// for the hash of each of the 896,262 top vectors) that dropped most misses before
/// the join fetched their words made the join slower: 5.51–6.20 s against 5.17–5.97 s (the
/// sides built once and joined five times each way, alternating). Not kept.
struct RunIndex {
    words: Vec<RankWord>,
}

/// 64 vectors of a [`RunIndex`]: which have a run, and the runs before them.
#[derive(Clone, Copy, Default)]
#[repr(C, align(16))]
struct RankWord {
    bits: u64,
    before: u32,
}

impl RunIndex {
    /// The index of `runs` (sorted by degree vector) of `n` cells.
    fn new(runs: &[(u32, usize, usize)], n: usize) -> RunIndex {
        let mut words = vec![RankWord::default(); 3usize.pow(n as u32).div_ceil(64)];
        for &(d, _, _) in runs {
            let c = base3(d, n);
            words[c >> 6].bits |= 1 << (c & 63);
        }
        let mut before = 0u32;
        for w in &mut words {
            w.before = before;
            before += w.bits.count_ones();
        }
        let index = RunIndex { words };
        debug_assert!(
            runs.iter()
                .enumerate()
                .all(|(g, &(d, _, _))| index.get(base3(d, n)) == Some(g))
        );
        index
    }

    /// The run of the vector `code` (base 3), if the top has one.
    #[inline]
    fn get(&self, code: usize) -> Option<usize> {
        let w = self.words[code >> 6];
        let bit = 1u64 << (code & 63);
        (w.bits & bit != 0).then(|| w.before as usize + (w.bits & (bit - 1)).count_ones() as usize)
    }

    /// The word that holds `code`, to fetch ahead.
    #[inline]
    fn word(&self, code: usize) -> &RankWord {
        &self.words[code >> 6]
    }

    /// Bytes of the index of `n` cells.
    fn bytes(n: usize) -> f64 {
        3u64.pow(n as u32).div_ceil(64) as f64 * 16.0
    }
}

/// The top pairings met by one bottom run, linked through their middle edges and
/// summed by pairing of the run's path ends (`u64`: 4 bits a cell, the ends only): a
/// table of open addressing kept by each worker from run to run, sized to the run.
///
/// A pairing is never 0 (of two ends paired, one is not cell 0 and is named by the
/// other), so 0 marks a free slot; the slots taken are listed, so that the sums are
/// read and cleared in the time of what was summed. An `FxHashMap` made afresh for
/// each run spent about half of the links' time on knight 8×8 probing its control
/// bytes and allocating.
///
/// The sums are `S`: `u128`, or `u64` where they fit ([`sums_fit_64_bits`]), a
/// slot then 16 bytes where it is 32. Knight 8×8's join, the sides built once and
/// joined again and again in one process, alternating: 0.7 s less a join (9.98 s
/// against 10.66 s, five rounds, 2 threads, load 2; 8.80 s against 9.53 s in three
/// more).
#[derive(Default)]
struct Sums<S = u128> {
    /// Each slot's pairing and its sum, side by side, so that a probe reads one cache
    /// line: the loads of the pairings were a seventh of the links' time with the sums
    /// in a table of their own (knight 8×8 about 0.3 s less so).
    slots: Vec<(u64, S)>,
    /// Each slot's place in `used`: the order its pairing was first added.
    places: Vec<u32>,
    /// The slots taken, in the order taken.
    used: Vec<u32>,
    /// The slots in use: a power of two no larger than `slots.len()`.
    size: usize,
    /// 64 less log2 of `size`.
    shift: u32,
}

impl<S: Count> Sums<S> {
    /// Empty, with room for about `expect` pairings before it grows.
    fn reset(&mut self, expect: usize) {
        for &i in &self.used {
            self.slots[i as usize].0 = 0;
        }
        self.used.clear();
        // Small, to stay in the cache: most runs sum far fewer pairings than they
        // could (knight 8×8, 12 ends: 3,535 of 10,395 on average); it grows.
        self.resize((4 * expect).next_power_of_two().clamp(64, 1024));
    }

    /// The first `size` slots in use (all free), allocated as needed.
    fn resize(&mut self, size: usize) {
        if self.slots.len() < size {
            self.slots.resize(size, (0, S::default()));
            self.places.resize(size, 0);
        }
        self.size = size;
        self.shift = 64 - size.trailing_zeros();
    }

    /// Add `n` to `key`'s sum.
    #[inline]
    fn add(&mut self, key: u64, n: S) {
        self.slot_adding(key, n);
    }

    /// [`Sums::add`], and the order in which `key` was first added (its place in
    /// [`Sums::pairs`]).
    #[inline]
    fn add_placed(&mut self, key: u64, n: S) -> u32 {
        let i = self.slot_adding(key, n);
        self.places[i]
    }

    /// Add `n` to `key`'s sum; the slot that holds it.
    #[inline]
    fn slot_adding(&mut self, key: u64, n: S) -> usize {
        debug_assert!(key != 0);
        let mask = self.size - 1;
        let mut i = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize;
        loop {
            let slot = &mut self.slots[i];
            if slot.0 == key {
                slot.1 = slot.1.add(n);
                return i;
            }
            if slot.0 == 0 {
                *slot = (key, n);
                self.places[i] = self.used.len() as u32;
                self.used.push(i as u32);
                if 2 * self.used.len() > self.size {
                    // Moved: found again.
                    self.grow();
                    return self.slot_adding(key, S::default());
                }
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Twice the slots, the sums moved over.
    #[cold]
    fn grow(&mut self) {
        let taken: Vec<(u64, S)> = self.pairs().collect();
        for &i in &self.used {
            self.slots[i as usize].0 = 0;
        }
        self.used.clear();
        self.resize(2 * self.size);
        // Added again in the order first added: each keeps its place.
        for (k, n) in taken {
            self.add(k, n);
        }
    }

    /// The distinct pairings summed.
    fn len(&self) -> usize {
        self.used.len()
    }

    /// Each pairing and its sum, in the order first added.
    fn pairs(&self) -> impl Iterator<Item = (u64, S)> + '_ {
        self.used.iter().map(|&i| self.slots[i as usize])
    }
}

/// A worker's scratch in the join: the top pairings summed, and the descent's
/// ([`fold`]) levels, rows and columns.
#[derive(Default)]
struct Worker<S = u128> {
    sums: Sums<S>,
    fold: Fold,
    rows: Vec<u128>,
    columns: Vec<u128>,
    turning: Turning,
}

impl<S: Count> Worker<S> {
    /// The rows of the top pairings summed (in `rows`) and the columns of the bottom
    /// states `bottom` (in `columns`, from 0) of the run of degree vector `degrees` over
    /// `n` cells, by the descent; the contractions made.
    fn descend(&mut self, degrees: u32, n: usize, bottom: &[State]) -> u64 {
        self.columns.clear();
        self.columns.resize(bottom.len(), 0);
        self.fold.join(
            &end_cells(degrees, n),
            self.sums.pairs().map(|(p, a)| (p, a.to_u128())),
            bottom,
            |s| (s.partners, s.count),
            &mut self.rows,
            &mut self.columns,
        )
    }
}

/// The path ends (cells of degree 1) of degree vector `degrees` of `n` cells moved by
/// `cell` (a symmetry of the cut): each end's partner field's shift and its image's, in
/// increasing order of the ends; how many there are.
fn moved_ends(degrees: u32, n: usize, cell: &[usize; 16]) -> ([(u32, u32); 16], usize) {
    let mut ends = [(0u32, 0u32); 16];
    let mut count = 0;
    for i in ends_of(degrees, n) {
        ends[count] = (4 * i as u32, 4 * cell[i] as u32);
        count += 1;
    }
    (ends, count)
}

/// Partners `p`'s path-end fields (`ends`, from [`moved_ends`]) moved by `cell`: each
/// end's partner's image, at the end's image; 0 in every other field.
#[inline]
fn moved(p: u64, ends: &[(u32, u32)], cell: &[usize; 16]) -> u64 {
    let mut m = 0u64;
    for &(at, to) in ends {
        m |= (cell[((p >> at) & 15) as usize] as u64) << to;
    }
    m
}

/// The path ends (cells of degree 1) of a degree vector of `n` cells, increasing.
fn ends_of(degrees: u32, n: usize) -> impl Iterator<Item = usize> {
    (0..n).filter(move |&i| (degrees >> (2 * i)) & 3 == 1)
}

/// [`ends_of`], as bytes.
fn end_cells(degrees: u32, n: usize) -> Vec<u8> {
    ends_of(degrees, n).map(|i| i as u8).collect()
}

/// What a bottom run meets the top with: each set of middle edges its degrees allow
/// (the top degree vector it needs, in base 3, and the edges), the mask of its path
/// ends' partner fields, its first end, its number of ends, and its turned key (see
/// [`Join::run`]).
struct Meeting {
    leaves: Vec<(u32, u32)>,
    end_mask: u64,
    start: usize,
    ends: usize,
    key: u64,
}

impl Join {
    /// The join of the `top` side and the `bottom` one, seen from the top; `None` for
    /// the top's own states turned half round, which takes the half turn's saving
    /// ([`Join::run`]).
    ///
    /// A bottom that is the top turned is not made: a run turns into a run, and each
    /// is turned when the join reaches it ([`Join::bottom_states`]). Knight 8×8 turned
    /// its whole top side here, run by run in parallel, in 0.50–0.54 s, and held it
    /// (0.3 GB); the join reaches only one of each two mirror runs, and sorts a run's
    /// turned states only where it descends them ([`fold`]).
    fn new(
        middle: Vec<(usize, usize)>,
        cols: usize,
        n: usize,
        top: Side,
        bottom: Option<Side>,
    ) -> Join {
        let turned = bottom.is_none();
        let (bottom_runs, bottom) = match bottom {
            Some(b) => (b.runs, b.states),
            None => {
                // Each run's degree vector is its own, and so is its turned one.
                let mut runs: Vec<(u32, usize, usize)> = (top.runs.iter())
                    .map(|&(d, from, to)| (turn_degrees(d, 2 * cols, n), from, to))
                    .collect();
                runs.par_sort_unstable();
                (runs, Vec::new())
            }
        };
        let top_index = RunIndex::new(&top.runs, n);
        let top_runs = top
            .runs
            .iter()
            .map(|&(degrees, from, to)| TopRun {
                degrees,
                from: u32::try_from(from).expect("a side has fewer than 2^32 states"),
                key: turn_key(degrees, to - from, cols),
            })
            .collect();
        Join {
            narrow_sums: sums_fit_64_bits(&top, middle.len()),
            groups: edge_groups(&middle),
            middle,
            n,
            cols,
            top,
            top_index,
            top_runs,
            turned,
            bottom_runs,
            bottom,
        }
    }

    /// The states of bottom run `run` (its degree vector and range, from
    /// `bottom_runs`), sorted by partners when `sorted` (which [`fold`] needs), and
    /// when the bottom is the top turned, each one's source in `top.states` (else no
    /// sources): a stretch of the bottom's own states, or the top's states of the
    /// range turned half round ([`partners_turned`]) into `turning`.
    fn bottom_states<'a>(
        &'a self,
        (degrees, from, to): (u32, usize, usize),
        sorted: bool,
        turning: &'a mut Turning,
    ) -> (&'a [State], &'a [u32]) {
        if !self.turned {
            return (&self.bottom[from..to], &[]);
        }
        let j = 2 * self.cols;
        // The top run's degree vector: the half turn is its own inverse.
        let turn = partners_turned(turn_degrees(degrees, j, self.n), j, self.n);
        let Turning {
            run,
            states,
            sources,
        } = turning;
        run.clear();
        run.extend(
            self.top.states[from..to]
                .iter()
                .zip(from as u32..)
                .map(|(s, k)| (turn(s.partners), s.count, k)),
        );
        if sorted {
            run.sort_unstable_by_key(|&(partners, _, _)| partners);
        }
        states.clear();
        states.extend(
            run.iter()
                .map(|&(partners, count, _)| State { partners, count }),
        );
        sources.clear();
        sources.extend(run.iter().map(|&(_, _, k)| k));
        (states, sources)
    }

    /// The sum of the bottom states' counts.
    fn bottom_total(&self) -> u128 {
        if self.turned {
            self.top.total()
        } else {
            (self.bottom.par_iter()).map(|s| u128::from(s.count)).sum()
        }
    }

    /// [`Join::run`] for each of `runs` (degree vector, states, times counted), in
    /// parallel, each worker with its own scratch, the pairings summed in 64 bits where
    /// they fit ([`sums_fit_64_bits`]: half the bytes a slot, so that a run's
    /// sums stay in the first-level cache), else in 128; with `walk` false only the
    /// work is tallied.
    fn run_all(&self, runs: &[(u32, usize, usize, u128)], walk: bool) -> Tally {
        fn all<S: Count>(join: &Join, runs: &[(u32, usize, usize, u128)], walk: bool) -> Tally {
            runs.par_iter()
                .map_init(Worker::<S>::default, |w, &(d, from, to, times)| {
                    join.run(d, from, to, walk, w).times(times)
                })
                .reduce(Tally::default, Tally::add)
        }
        if self.narrow_sums {
            all::<u64>(self, runs, walk)
        } else {
            all::<u128>(self, runs, walk)
        }
    }

    /// The states the join holds: the top's, and the bottom's own.
    fn states(&self) -> usize {
        self.top.states.len() + self.bottom.len()
    }

    /// Seconds the join of `runs` (degree vector, states, times counted) would take, and
    /// the pairs it would test, estimated from an evenly spread sample of them: runs
    /// `0, stride, 2·stride, …` ([`sample_stride`]). With `walk`, the sample's tours
    /// are counted too (its tally, which the join then need not repeat).
    fn estimate(&self, runs: &[(u32, usize, usize, u128)], walk: bool) -> (f64, f64, Tally) {
        let stride = sample_stride(runs.len());
        let picked: Vec<_> = runs.iter().step_by(stride).copied().collect();
        let sampled: usize = picked.iter().map(|&(_, from, to, _)| to - from).sum();
        // In parallel (0.26 s on one thread for knight 8×8).
        let sample = self.run_all(&picked, walk);
        let joined: usize = runs.iter().map(|&(_, from, to, _)| to - from).sum();
        let scale = joined as f64 / sampled.max(1) as f64;
        let seconds = scale
            * (sample.tested as f64 / PAIRS_PER_SECOND
                + sample.contractions as f64 / CONTRACTIONS_PER_SECOND
                + sample.links as f64 / LINKS_PER_SECOND
                + sample.lookups as f64 / LOOKUPS_PER_SECOND);
        (seconds, scale * sample.pairs as f64, sample)
    }

    /// The pairings of the run's path ends that the top states meeting bottom run
    /// `degrees` (of `states` states) leave, summed into `sums` ([`Join::link`]); the
    /// run's first end and its number of ends, or `None` when the run has no end.
    fn meet<S: Count>(
        &self,
        degrees: u32,
        states: usize,
        t: &mut Tally,
        sums: &mut Sums<S>,
    ) -> Option<(usize, usize)> {
        let m = self.meeting(degrees, states)?;
        sums.reset(pairings_of(m.ends));
        self.link(&m.leaves, m.key, m.end_mask, t, sums);
        Some((m.start, m.ends))
    }

    /// Every top state that meets bottom run `degrees` (of `states` states), through
    /// every set of middle edges, with the pairing of the run's path ends it leaves:
    /// `visit(i, pairing, turned)` for top state `i` (an index into `top.states`), once
    /// per set of edges, `turned` where the half turn's image of the pair is skipped
    /// ([`Join::run`]). Returns the run's first end and its number of ends; `None` when
    /// the run has no end. (The state-by-state form of [`Join::meet`], for the
    /// weights.)
    fn meet_each(
        &self,
        degrees: u32,
        states: usize,
        sums: &mut Sums,
        visit: &mut impl FnMut(usize, u64, bool, &mut Sums),
    ) -> Option<(usize, usize)> {
        let m = self.meeting(degrees, states)?;
        sums.reset(pairings_of(m.ends));
        self.each_link(
            &m.leaves,
            m.key,
            m.end_mask,
            &mut Tally::default(),
            &mut |i, p, _, times| visit(i, p, times == 2, sums),
        );
        Some((m.start, m.ends))
    }

    /// Bottom run `degrees`'s path ends and the sets of middle edges that can meet it
    /// ([`Meeting`]), and its [`turn_key`] (the run has `states` states); `None` when
    /// the run has no end.
    fn meeting(&self, degrees: u32, states: usize) -> Option<Meeting> {
        let below = cells(degrees, self.n);
        let ends = below[..self.n].iter().filter(|&&d| d == 1).count();
        let start = below[..self.n].iter().position(|&d| d == 1)?;
        let mut end_mask = 0u64;
        let mut code = 0usize;
        for i in (0..self.n).rev() {
            code = 3 * code + usize::from(2 - below[i]);
            if below[i] == 1 {
                end_mask |= 15 << (4 * i);
            }
        }
        let turned = turn_degrees(degrees, 2 * self.cols, self.n);
        let mut search = Search {
            below: &below,
            dm: [0; 16],
            picked: 0,
            taken: 0,
            choices: Vec::new(),
        };
        // Each group's choices apart, then every way of taking one from each group.
        let mut leaves = vec![(code as u32, 0)];
        for group in &self.groups {
            search.choices.clear();
            self.edges(group, &mut search);
            leaves = leaves
                .iter()
                .flat_map(|&(code, picked)| {
                    (search.choices.iter()).map(move |&(taken, more)| (code - taken, picked | more))
                })
                .collect();
        }
        Some(Meeting {
            leaves,
            end_mask,
            start,
            ends,
            key: turn_key(turned, states, self.cols),
        })
    }

    /// The weight of every top state (see [`top_weights`]), in `top.states` order:
    /// the tours through its middle edges and the bottom states it meets.
    ///
    /// Bottom run by bottom run, each top state meeting it leaves a pairing of the
    /// run's ends; each distinct pairing is tested against the run's bottom pairings
    /// once ([`pairings::one_cycle_sum`], or [`fold`] for a run of many bottom states;
    /// a map from pairing to its sum) and the sum added to the top state's weight. The
    /// board's mirror image in its middle column maps bottom run R to its mirror R' and
    /// top state s to its mirror s', so that what R' adds to s' is what R adds to s:
    /// only one of each two mirror runs is joined, and it adds to both. Each worker keeps its own weights, summed at the end.
    ///
    /// When the board turned half round maps the top side onto the bottom (`turned`),
    /// a pair of top run G and bottom run R is the turned image of the pair (R turned,
    /// G turned), and what bottom state b gathers from G (Σ over the top states that
    /// close it into one tour, of their counts) is the weight of the top state b turned.
    /// So the pairs that [`Join::run`] skips are skipped here too, and each pair it
    /// counts twice adds its sums by bottom state (the columns, from
    /// [`pairings::one_cycle_sum_columns`]) to the bottom states' turned images as well as its
    /// sums by top pairing (the rows) to its top states: half the links and pairs.
    fn weights<W: Count>(&self) -> Vec<u128> {
        let n = self.top.states.len();
        let mirror_of = self.images_in_top(&self.top, &mirror_cells(self.cols));
        let runs: Vec<(u32, usize, usize)> = (self.bottom_runs.iter())
            .copied()
            .filter(|&(d, _, _)| d <= mirror(d, self.cols))
            .collect();
        let workers = rayon::current_num_threads().max(1);
        let parts: Vec<Vec<[W; 2]>> = (0..workers)
            .into_par_iter()
            .map(|k| {
                // Each top state's weight from the runs joined ([0]), and from those
                // whose mirror image is joined with them ([1], which add to the top
                // state and to its mirror image: folded in at the end, so that a link
                // adds to one place, next to its neighbours').
                let mut w = vec![[W::default(); 2]; n];
                // The run's distinct top pairings, each with the counts of the top
                // states leaving it whose turned pair is skipped (their columns are
                // due), in the worker's `sums`; their row sums in its `rows`, and the
                // bottom states' column sums in its `columns`.
                let mut wk = Worker::default();
                // Each link's top state and the place of its pairing in `sums`.
                let mut links: Vec<(u32, u32)> = Vec::new();
                for &(d, from, to) in runs.iter().skip(k).step_by(workers) {
                    links.clear();
                    let Some((start, ends)) =
                        self.meet_each(d, to - from, &mut wk.sums, &mut |i, p, turned, sums| {
                            let n = if turned {
                                u128::from(self.top.states[i].count)
                            } else {
                                0
                            };
                            // Its weight is added to after the run's pairings are
                            // joined: fetched now, it is there by then (0.8 s less on
                            // knight 8×8 than fetched only a few links ahead).
                            prefetch(&w[i]);
                            links.push((i as u32, sums.add_placed(p, n)));
                        })
                    else {
                        continue;
                    };
                    let twin = usize::from(d != mirror(d, self.cols));
                    let descend = fold::pays(ends, to - from, wk.sums.len());
                    let mut turning = std::mem::take(&mut wk.turning);
                    let (bottom, sources) =
                        self.bottom_states((d, from, to), descend, &mut turning);
                    if descend {
                        wk.descend(d, self.n, bottom);
                    } else {
                        let qs: Vec<[u8; 16]> =
                            bottom.iter().map(|s| unpack_partners(s.partners)).collect();
                        let ns: Vec<u64> = bottom.iter().map(|s| s.count).collect();
                        let Worker {
                            sums,
                            rows,
                            columns,
                            ..
                        } = &mut wk;
                        columns.clear();
                        columns.resize(to - from, 0);
                        rows.clear();
                        rows.extend(sums.pairs().map(|(p, column)| {
                            let p = unpack_partners(p);
                            if column == 0 {
                                pairings::one_cycle_sum(&p, start, ends, &qs, &ns)
                            } else {
                                pairings::one_cycle_sum_columns(
                                    &p, start, ends, &qs, &ns, column, columns,
                                )
                            }
                        }));
                    }
                    for &(i, p) in &links {
                        let v = W::from_u128(wk.rows[p as usize]);
                        let i = i as usize;
                        w[i][twin] = w[i][twin].add(v);
                    }
                    // Each bottom state's column, to its turned image (and that one's
                    // mirror image, for the mirror run): none when the bottom is a
                    // side of its own.
                    for (&c, &t) in wk.columns.iter().zip(sources) {
                        if c != 0 {
                            let t = t as usize;
                            w[t][twin] = w[t][twin].add(W::from_u128(c));
                        }
                    }
                    wk.turning = turning;
                }
                w
            })
            .collect();
        let mut parts = parts.into_iter();
        let mut both = parts.next().unwrap_or_else(|| vec![[W::default(); 2]; n]);
        for p in parts {
            both.par_iter_mut().zip(p.par_iter()).for_each(|(a, b)| {
                a[0] = a[0].add(b[0]);
                a[1] = a[1].add(b[1]);
            });
        }
        // A twin run's weight goes to the top state and to its mirror image.
        (0..n)
            .into_par_iter()
            .map(|i| {
                let m = mirror_of[i] as usize;
                both[i][0].add(both[i][1]).add(both[m][1]).to_u128()
            })
            .collect()
    }

    /// Whether every top state's weight is below 2^64, so that the workers may sum the
    /// weights in 64 bits (modulo 2^64, which is exact for the weight: half the bytes a
    /// link adds to). A top state's weight counts its completions, at most one bottom
    /// state of each run it meets for each set of middle edges, so it is below Σ count
    /// over the bottom states times 2^(middle edges) (knight 8×8: 3·10^8 times 2^12;
    /// Brégman's bound, 87 bits there, would not do).
    fn weights_fit_64_bits(&self) -> bool {
        self.bottom_total() << self.middle.len() < 1 << 64
    }

    /// Each state of `side` with its cells moved by `cell` (a symmetry of the cut that
    /// maps the side's states onto the top's: the mirror image of the top), as an index
    /// into `top.states`, whose runs are sorted by partners ([`States::new`]). Only path
    /// ends' partner fields are read.
    fn images_in_top(&self, side: &States, cell: &[usize; 16]) -> Vec<u32> {
        // Each run into its own stretch of one vector (a vector a run, concatenated,
        // and a loop over every cell testing for an end took 1.2 s for knight 8×8's
        // two symmetries).
        let mut out = vec![0u32; side.states.len()];
        side.runs
            .par_iter()
            .zip(stretches(
                &mut out,
                side.runs.iter().map(|&(_, from, to)| to - from),
            ))
            .for_each(|(&(d, from, to), out)| {
                let ds = cells(d, self.n);
                let md = (0..self.n).fold(0u32, |m, i| m | u32::from(ds[i]) << (2 * cell[i]));
                let g = self
                    .top_index
                    .get(base3(md, self.n))
                    .expect("a run's image under a symmetry of the board is a top run");
                let (_, mfrom, mto) = self.top.runs[g];
                let run = &self.top.states[mfrom..mto];
                let (ends, count) = moved_ends(d, self.n, cell);
                for (o, s) in out.iter_mut().zip(&side.states[from..to]) {
                    let m = moved(s.partners, &ends[..count], cell);
                    let k = run
                        .binary_search_by_key(&m, |t| t.partners)
                        .expect("a cut's image under a symmetry of the board is a top state");
                    *o = (mfrom + k) as u32;
                }
            });
        out
    }

    /// Each bottom state of `from..to` (the run of degree vector `degrees`) weighed by
    /// the top states it meets: the number of (top edge set, middle edges) that close it
    /// into one tour.
    #[cfg(test)]
    fn weigh(&self, degrees: u32, from: usize, to: usize) -> Vec<u128> {
        let mut out = vec![0u128; to - from];
        let mut linked = Sums::<u128>::default();
        let Some((start, ends)) = self.meet(degrees, to - from, &mut Tally::default(), &mut linked)
        else {
            return out;
        };
        let mut turning = Turning::default();
        let (bottom, _) = self.bottom_states((degrees, from, to), false, &mut turning);
        let qs: Vec<[u8; 16]> = bottom.iter().map(|s| unpack_partners(s.partners)).collect();
        // In key order, so that the sums do not depend on the map's.
        let mut linked: Vec<(u64, u128)> = linked.pairs().collect();
        linked.sort_unstable();
        for (key, a) in linked {
            // State by state, by the walk (not the byte shuffles the join uses).
            let p = unpack_partners(key);
            for (o, q) in out.iter_mut().zip(&qs) {
                let closed = pairings::walked(&p, start, ends, std::slice::from_ref(q), &[1]) * a;
                *o = o.wrapping_add(closed);
            }
        }
        out
    }

    /// The tours whose bottom state is one of `from..to`, the states of degree vector
    /// `degrees`; with `walk` false only the work is tallied (the pairs are counted, not
    /// walked).
    ///
    /// Every top state that meets the run, through every set of middle edges, leaves a
    /// pairing of the same path ends: the cells of degree 1 below. Many of them leave
    /// the same pairing, so they are summed by pairing first, and each distinct pairing
    /// is tested against the run's once.
    ///
    /// When the board has as many rows below the cut as above, turning it half round
    /// maps a tour met by top run G and bottom run R to one met by the top run of R
    /// turned and the bottom run of G turned. Of each such two, the one whose top run
    /// comes first in the order of [`turn_key`] (the one with fewer states, whose links
    /// cost less) is counted twice and the other not at all; equals once each.
    fn run<S: Count>(
        &self,
        degrees: u32,
        from: usize,
        to: usize,
        walk: bool,
        w: &mut Worker<S>,
    ) -> Tally {
        let mut t = Tally::default();
        let Some((start, ends)) = self.meet(degrees, to - from, &mut t, &mut w.sums) else {
            return t;
        };
        // No top state meets the run: nothing to turn or test.
        if w.sums.len() == 0 {
            return t;
        }
        let states = to - from;
        t.pairs += (w.sums.len() * states) as u64;
        let descend = fold::pays(ends, states, w.sums.len());
        if !descend {
            t.tested += (w.sums.len() * states) as u64;
            if !walk {
                return t;
            }
        }
        let mut turning = std::mem::take(&mut w.turning);
        let (bottom, _) = self.bottom_states((degrees, from, to), descend, &mut turning);
        if descend {
            // Descended even when only the work is tallied: its work is known by
            // doing it (a run's trie), and it is a small part of the join.
            t.contractions += w.descend(degrees, self.n, bottom);
            for ((_, a), &row) in w.sums.pairs().zip(&w.rows) {
                t.tours = t.tours.wrapping_add(row.wrapping_mul(a.to_u128()));
            }
        } else {
            let qs: Vec<[u8; 16]> = bottom.iter().map(|s| unpack_partners(s.partners)).collect();
            let ns: Vec<u64> = bottom.iter().map(|s| s.count).collect();
            for (key, a) in w.sums.pairs() {
                let sum = pairings::one_cycle_sum(&unpack_partners(key), start, ends, &qs, &ns);
                t.tours = t.tours.wrapping_add(sum.wrapping_mul(a.to_u128()));
            }
        }
        w.turning = turning;
        t
    }

    /// Decide the middle edges of `group` (indices into `middle`) by degrees alone:
    /// without its first edge, then with it where both ends have room beside the
    /// bottom's degrees, and the rest likewise. Each way is a choice: what its edges take
    /// from the top degree vector to find, in base 3, and the edges.
    fn edges(&self, group: &[usize], search: &mut Search<'_>) {
        let Some((&k, rest)) = group.split_first() else {
            search.choices.push((search.taken, search.picked));
            return;
        };
        self.edges(rest, search);
        let (x, y) = self.middle[k];
        if search.below[x] + search.dm[x] < 2 && search.below[y] + search.dm[y] < 2 {
            let taken = (POW3[x] + POW3[y]) as u32;
            search.dm[x] += 1;
            search.dm[y] += 1;
            search.picked |= 1 << k;
            search.taken += taken;
            self.edges(rest, search);
            search.taken -= taken;
            search.picked &= !(1 << k);
            search.dm[x] -= 1;
            search.dm[y] -= 1;
        }
    }

    /// Each leaf's top states (those of its base-3 degree vector, which complete every
    /// cell to degree 2 with its middle edges), linked through the edges where that
    /// closes no cycle, summed by the pairing of the ends left (`end_mask`). `key` is
    /// the bottom run's turned key (see [`Join::run`]).
    ///
    /// The leaves' top runs lie all over memory: their table entries are looked up a
    /// few leaves ahead and their states fetched a leaf ahead, so that the waits for
    /// memory overlap.
    fn link<S: Count>(
        &self,
        leaves: &[(u32, u32)],
        key: u64,
        end_mask: u64,
        t: &mut Tally,
        sums: &mut Sums<S>,
    ) {
        self.each_link(leaves, key, end_mask, t, &mut |_, p, n, times| {
            sums.add(p, S::from_u128(n.wrapping_mul(times)))
        });
    }

    /// [`Join::link`] state by state: `visit(i, pairing, n, times)` for each top state
    /// `i` linked through each leaf's edges without closing a cycle, `n` its count and
    /// `times` the half turn's factor (2 where the turned pair is skipped, else 1).
    fn each_link(
        &self,
        leaves: &[(u32, u32)],
        key: u64,
        end_mask: u64,
        t: &mut Tally,
        visit: &mut impl FnMut(usize, u64, u128, u128),
    ) {
        const AHEAD: usize = 8;
        t.lookups += leaves.len() as u64;
        for &(code, _) in leaves.iter().take(AHEAD) {
            prefetch(self.top_index.word(code as usize));
        }
        let mut found = Vec::with_capacity(leaves.len());
        for (i, &(code, picked)) in leaves.iter().enumerate() {
            if let Some(&(c, _)) = leaves.get(i + AHEAD) {
                prefetch(self.top_index.word(c as usize));
            }
            // Half as far ahead, the entry fetched above names the run to fetch.
            if let Some(&(c, _)) = leaves.get(i + AHEAD / 2) {
                if let Some(g) = self.top_index.get(c as usize) {
                    prefetch(&self.top_runs[g]);
                }
            }
            let Some(g) = self.top_index.get(code as usize) else {
                continue;
            };
            let run = self.top_runs[g];
            let times = if self.turned {
                match run.key.cmp(&key) {
                    std::cmp::Ordering::Less => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Greater => continue,
                }
            } else {
                1
            };
            prefetch(&self.top.states[run.from as usize]);
            found.push((run, picked, times));
        }
        for (i, &(run, picked, times)) in found.iter().enumerate() {
            if let Some(&(next, _, _)) = found.get(i + 1) {
                for s in self.top.states[next.states()]
                    .iter()
                    .skip(2)
                    .step_by(2)
                    .take(4)
                {
                    prefetch(s);
                }
            }
            let from = run.from as usize;
            // The degrees before each edge are the group's, so whether each end of an
            // edge is a path end is known for the whole run: a lone cell (degree 0) is
            // its own far end. The degrees stay packed, 2 bits a cell, and only the
            // edges picked are visited.
            let mut dt = run.degrees;
            let end = |dt: u32, x: usize| (dt >> (2 * x)) & 3 == 1;
            let mut plan: [pairings::Link; 16] = [(0, 0, false, false); 16];
            let mut edges = 0;
            let mut rest = picked;
            while rest != 0 {
                let (x, y) = self.middle[rest.trailing_zeros() as usize];
                rest &= rest - 1;
                plan[edges] = (4 * x as u32, 4 * y as u32, end(dt, x), end(dt, y));
                edges += 1;
                dt += 1 << (2 * x) | 1 << (2 * y);
            }
            let run = &self.top.states[run.states()];
            pairings::link_all(
                |k| run[k].partners,
                run.len(),
                &plan[..edges],
                |k, p| {
                    t.links += 1;
                    visit(from + k, p & end_mask, u128::from(run[k].count), times);
                },
            );
        }
    }
}

/// Whether every sum of top states' counts by pairing that [`Join::run`] makes, the top
/// side `top` and `middle` middle edges, is below 2^64. One bottom run's sum of a
/// pairing adds each top state at most once for each set of middle edges, twice for
/// the half turn's saving: it is below 2 · Σ count over the top states · 2^(middle
/// edges) (knight 8×8: 3·10^8 · 2 · 2^12, 42 bits).
fn sums_fit_64_bits(top: &States, middle: usize) -> bool {
    (2 * top.total()) << middle < 1 << 64
}

/// The order in which the half turn's saving ([`Join::run`]) picks which of two pairs
/// of runs to join: the top run of degree vector `degrees` and `states` states before
/// the top run turned from a bottom run when it has fewer states, then by its degree
/// vector or its mirror image, the smaller (so that the mirror's saving still holds: a
/// run and its mirror image have as many states). The pair joined links its top run's
/// states through the middle edges, so the smaller of the two runs is linked: knight
/// 8×8 links 3.2·10^8 top states where it linked 8.8·10^8 with the degree vectors
/// alone, and tests fewer pairs (6.0·10^8 against 9.5·10^8) for a few more contractions.
fn turn_key(degrees: u32, states: usize, cols: usize) -> u64 {
    (states as u64) << 32 | u64::from(degrees.min(mirror(degrees, cols)))
}

/// `v` cut into consecutive stretches of the lengths `lens` (which sum to its length),
/// for workers that each fill their own.
fn stretches<T>(v: &mut [T], lens: impl Iterator<Item = usize>) -> Vec<&mut [T]> {
    let mut out = Vec::with_capacity(lens.size_hint().0);
    let mut rest = v;
    for len in lens {
        let (here, after) = rest.split_at_mut(len);
        out.push(here);
        rest = after;
    }
    debug_assert!(rest.is_empty());
    out
}

/// A hint to bring `x`'s cache line in; nothing where there is no such instruction.
#[inline]
pub(super) fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch never faults, and `x` is a live reference.
    #[allow(unused_unsafe, unsafe_code)]
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>((x as *const T).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// One bottom run's search of middle edges.
struct Search<'a> {
    /// The run's degrees, and the middle edges' so far.
    below: &'a [u8; 16],
    dm: [u8; 16],
    /// The middle edges picked so far, a bit each (at most 8 + 2·7 = 22, the king's),
    /// and what they take from the top degree vector to find, in base 3.
    picked: u32,
    taken: u32,
    /// Each way of picking the edges of one group: what it takes, and the edges.
    choices: Vec<(u32, u32)>,
}

/// The pairings of `ends` path ends, (ends − 1)!!: room for a run's before [`Sums`]
/// grows.
fn pairings_of(ends: usize) -> usize {
    (1..ends)
        .step_by(2)
        .fold(1usize, |a, k| a.saturating_mul(k))
}

/// 3^i.
const POW3: [usize; 16] = {
    let mut p = [1usize; 16];
    let mut i = 1;
    while i < 16 {
        p[i] = 3 * p[i - 1];
        i += 1;
    }
    p
};

/// A degree vector (2 bits a cell) in base 3 (a digit a cell).
fn base3(degrees: u32, j: usize) -> usize {
    (0..j)
        .map(|i| ((degrees >> (2 * i)) & 3) as usize * POW3[i])
        .sum()
}

/// A degree vector of `n` cells seen from the board turned half round (see [`turn`]).
fn turn_degrees(degrees: u32, j: usize, n: usize) -> u32 {
    turn(
        Cut {
            degrees,
            partners: 0,
        },
        j,
        n,
    )
    .degrees
}

/// Partners packed 4 bits a cell (as in [`Cut`]), a byte a cell.
fn unpack_partners(p: u64) -> [u8; 16] {
    let mut out = [0u8; 16];
    for (i, x) in out.iter_mut().enumerate() {
        *x = ((p >> (4 * i)) & 15) as u8;
    }
    out
}

/// A degree vector (2 bits a cell), a byte a cell.
fn cells(degrees: u32, j: usize) -> [u8; 16] {
    let mut d = [0u8; 16];
    for (i, x) in d.iter_mut().enumerate().take(j) {
        *x = ((degrees >> (2 * i)) & 3) as u8;
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use tourglyph_core::{Board, Piece};

    /// The top states' weights, joined state by state with the mirror's saving, equal
    /// the weights of the join with the sides' roles swapped (every state tested
    /// against every bottom pairing it meets) on knight 6×6, 5×8 (sides of 2 and 3
    /// rows), 6×7 and 6×8, and Σ count · weight is the number of tours.
    #[test]
    fn weights_agree_with_the_swapped_join() {
        for (r, c, tours) in [
            (6, 6, 9_862u128),
            (5, 8, 44_202),
            (7, 6, 1_067_638),
            (6, 8, 55_488_142),
        ] {
            let g = LeapGraph::new(Board::new(r, c), &Piece::knight()).unwrap();
            let h = cut(&g).unwrap();
            let b = Budget::default();
            let key = |w: &Weighed| (w.degrees, w.partners);
            let mut new = top_weights(&g, h, &b, &|_| 0.0).unwrap();
            let mut old = top_weights_swapped(&g, h);
            new.sort_unstable_by_key(key);
            old.sort_unstable_by_key(key);
            assert_eq!(new.len(), old.len(), "{r}x{c}");
            assert!(new == old, "{r}x{c}: the weights differ");
            let total: u128 = new.iter().map(|w| w.count * w.weight).sum();
            assert_eq!(total, tours, "{r}x{c}");
        }
    }

    /// The bottom runs turned from the top as the join reaches them
    /// ([`Join::bottom_states`]), sorted, are the top side's cuts each turned whole
    /// ([`turn`]) and sorted whole by (degrees, partners), every field of every state
    /// (junk in the fields of cells not at a path end included), and so is the side
    /// turned by [`turned`]; unsorted, the same states; and each turned state's source
    /// is the top state that turns into it (knight 6×6, 8×5 and 6×8's closed sides,
    /// 6×6's and 8×5's open ones).
    #[test]
    fn the_top_turned_run_by_run_is_the_top_turned() {
        for (r, c, open) in [
            (6, 6, false),
            (8, 5, false),
            (6, 8, false),
            (6, 6, true),
            (8, 5, true),
        ] {
            let g = LeapGraph::new(Board::new(r, c), &Piece::knight()).unwrap();
            let h = cut(&g).unwrap();
            let (j, n) = (2 * c as usize, cut_cells(&g, open));
            let (top, bottom, _) = sides(&g, h, open, &Budget::default(), None, None).unwrap();
            assert!(bottom.is_none(), "{r}x{c}");
            let mut whole: Vec<(Cut, u64)> = (top.cuts().into_iter())
                .map(|(c, count)| (turn(c, j, n), count))
                .collect();
            whole.sort_unstable_by_key(|&(c, _)| (c.degrees, c.partners));
            assert!(turned(&top, j, n).cuts() == whole, "{r}x{c}");
            let join = Join::new(middle_edges(&g, h), c as usize, n, top, None);
            let top = &join.top;
            assert!(join.bottom.is_empty(), "{r}x{c}");
            // The runs, laid end to end, sorted (with the sources) and unsorted.
            let (mut states, mut sources, mut unsorted) = (vec![], vec![], vec![]);
            let mut turning = Turning::default();
            for &(d, from, to) in &join.bottom_runs {
                let (run, from_top) = join.bottom_states((d, from, to), true, &mut turning);
                states.extend(run.iter().map(|s| {
                    (
                        Cut {
                            degrees: d,
                            partners: s.partners,
                        },
                        s.count,
                    )
                }));
                sources.extend_from_slice(from_top);
                let (run, _) = join.bottom_states((d, from, to), false, &mut turning);
                let mut run: Vec<(u64, u64)> = run.iter().map(|s| (s.partners, s.count)).collect();
                run.sort_unstable();
                unsorted.extend(run);
            }
            assert!(join.bottom_runs.len() > 10, "{r}x{c}");
            assert!(states == whole, "{r}x{c}");
            let fields: Vec<(u64, u64)> = whole.iter().map(|&(c, n)| (c.partners, n)).collect();
            assert!(unsorted == fields, "{r}x{c}");
            // Each top state's degrees, by index.
            let mut degrees = vec![0; top.states.len()];
            for &(d, from, to) in &top.runs {
                degrees[from..to].fill(d);
            }
            for (&(Cut { partners, .. }, count), &k) in states.iter().zip(&sources) {
                let t = top.states[k as usize];
                let c = Cut {
                    degrees: degrees[k as usize],
                    partners: t.partners,
                };
                assert_eq!((turn(c, j, n).partners, t.count), (partners, count));
            }
        }
    }

    /// Of two pairs of runs that the half turn maps onto each other, the join links the
    /// smaller top run ([`turn_key`]): every top state linked with the factor 2 lies in
    /// a run no larger than the bottom run it meets, no top run skipped is smaller than
    /// the bottom run, and some are larger (knight 6×8 and 8×6, closed; 6×6 open).
    #[test]
    fn the_half_turn_links_the_smaller_run() {
        for (r, c, open) in [(8, 6, false), (6, 8, false), (6, 6, true)] {
            let g = LeapGraph::new(Board::new(r, c), &Piece::knight()).unwrap();
            let h = cut(&g).unwrap();
            let n = cut_cells(&g, open);
            let (top, bottom, _) = sides(&g, h, open, &Budget::default(), None, None).unwrap();
            let join = Join::new(middle_edges(&g, h), c as usize, n, top, bottom);
            assert!(join.turned, "{r}x{c}");
            // Each top run's size, by state.
            let mut size = vec![0; join.top.states.len()];
            for &(_, from, to) in &join.top.runs {
                size[from..to].fill(to - from);
            }
            let (mut twice, mut larger_skipped) = (0, 0);
            for &(d, from, to) in &join.bottom_runs {
                let Some(m) = join.meeting(d, to - from) else {
                    continue;
                };
                let mut visit = |i: usize, _, _, times| {
                    if times == 2 {
                        let (top, bottom) = (size[i], to - from);
                        assert!(top <= bottom, "{r}x{c}: {top} linked for {bottom}");
                        twice += 1;
                    }
                };
                join.each_link(
                    &m.leaves,
                    m.key,
                    m.end_mask,
                    &mut Tally::default(),
                    &mut visit,
                );
                // The leaves' top runs skipped (their pair is joined turned): none
                // smaller than the bottom run, and some larger.
                for &(code, _) in &m.leaves {
                    if let Some(k) = join.top_index.get(code as usize) {
                        let (_, tfrom, tto) = join.top.runs[k];
                        let (top, bottom) = (tto - tfrom, to - from);
                        if join.top_runs[k].key > m.key {
                            assert!(top >= bottom, "{r}x{c}: {top} skipped for {bottom}");
                            larger_skipped += usize::from(top > bottom);
                        }
                    }
                }
            }
            assert!(
                twice > 1000 && larger_skipped > 100,
                "{r}x{c}: {twice} {larger_skipped}"
            );
        }
    }

    /// The join's pairings summed in 64 bits count what they count summed in 128, with
    /// the same work (knight 8×6, the top turned; 7×6, a bottom of its own; 6×6 open),
    /// and the count is the published one; a side whose counts could carry a sum past
    /// 64 bits is summed in 128.
    #[test]
    fn narrow_sums_count_as_the_wide_ones() {
        for (r, c, open, tours) in [
            (8, 6, false, 55_488_142u128),
            (7, 6, false, 1_067_638),
            (6, 6, true, 3_318_960),
        ] {
            let g = LeapGraph::new(Board::new(r, c), &Piece::knight()).unwrap();
            let h = cut(&g).unwrap();
            let (top, bottom, _) = sides(&g, h, open, &Budget::default(), None, None).unwrap();
            let cols = c as usize;
            let n = cut_cells(&g, open);
            let mut join = Join::new(middle_edges(&g, h), cols, n, top, bottom);
            assert!(join.narrow_sums, "{r}x{c}");
            let runs: Vec<(u32, usize, usize, u128)> = (join.bottom_runs.iter())
                .map(|&(d, from, to)| (d, from, to, 1))
                .collect();
            let narrow = join.run_all(&runs, true);
            join.narrow_sums = false;
            let wide = join.run_all(&runs, true);
            // Every run joined (no mirror saving): the half turn's saving alone.
            assert_eq!(narrow.tours, tours, "{r}x{c}");
            assert_eq!(
                (
                    narrow.tours,
                    narrow.links,
                    narrow.pairs,
                    narrow.contractions
                ),
                (wide.tours, wide.links, wide.pairs, wide.contractions),
                "{r}x{c}"
            );
            // A top state counted 2^62 times could make a sum of 2^64 or more.
            join.top.states[0].count = 1 << 62;
            assert!(!sums_fit_64_bits(&join.top, join.middle.len()), "{r}x{c}");
        }
    }

    /// The weights summed in 64 bits are those summed in 128 (knight 6×8 and 7×6:
    /// both boards take the 64-bit sums in [`top_weights`]).
    #[test]
    fn narrow_weights_are_the_wide_ones() {
        for (r, c) in [(6, 8), (7, 6)] {
            let g = LeapGraph::new(Board::new(r, c), &Piece::knight()).unwrap();
            let h = cut(&g).unwrap();
            let (top, bottom, _) = sides(&g, h, false, &Budget::default(), None, None).unwrap();
            let cols = c as usize;
            let join = Join::new(middle_edges(&g, h), cols, 2 * cols, top, bottom);
            assert!(join.weights_fit_64_bits(), "{r}x{c}");
            let wide = join.weights::<u128>();
            assert!(wide.iter().filter(|&&w| w > 0).count() > 1000, "{r}x{c}");
            assert!(join.weights::<u64>() == wide, "{r}x{c}");
        }
    }

    /// A side swept with 96-bit keys and saturating 32-bit counts ends in the states,
    /// and the counts, of the side swept with `u128` keys and counts (knight 6×6, 8×5,
    /// 7×6 and 8×8's 4-row sides; 5×8's 3-row side).
    #[test]
    fn narrow_sides_are_the_wide_ones() {
        for (r, c, h) in [(6, 6, 3), (5, 8, 3), (6, 7, 3), (8, 5, 4), (8, 5, 3)] {
            let g = LeapGraph::new(Board::new(r, c), &Piece::knight()).unwrap();
            let (p, cut) = side_plan(&g, h, false).unwrap();
            assert!(p.bits * p.max_width() as u32 <= U96::BITS, "{r}x{c}");
            let b = Budget::default();
            let by_degrees = degree_key(p.bits, &cut_slots(&p, &cut));
            let m = board_mirror(&g);
            let narrow =
                sweep_sharded::<U96, Sat32>(&g, &p, &b, None, "the closed", by_degrees, Some(&m))
                    .unwrap();
            let wide =
                sweep_sharded::<u128, u128>(&g, &p, &b, None, "the closed", by_degrees, Some(&m))
                    .unwrap();
            assert_eq!(narrow.0.widths, wide.0.widths, "{r}x{c}");
            let key = |x: &(Cut, u64)| (x.0.degrees, x.0.partners, x.1);
            let unfold = Some(c as usize);
            let mut narrow = cuts_of(&p, &cut, narrow.1, unfold).cuts();
            let mut wide = cuts_of(&p, &cut, wide.1, unfold).cuts();
            narrow.sort_unstable_by_key(key);
            wide.sort_unstable_by_key(key);
            assert!(narrow.len() > 100, "{r}x{c}");
            assert!(narrow == wide, "{r}x{c}");
        }
    }

    /// A side swept up to the board's mirror image ends in the cuts, with the counts, of
    /// the side swept whole, and steps fewer states (knight 6×6, 5×8, 7×6 and 8×5 closed,
    /// 6×6 and 7×5 open: 3- and 4-row sides, cuts of 10 to 16 cells, and the apex). Each
    /// folded level that kept one state of a pair too many or too few, or counted it
    /// once where it stands for two, would change a count here.
    #[test]
    fn folded_sides_are_the_whole_ones() {
        for (r, c, h, open) in [
            (6, 6, 3, false),
            (5, 8, 3, false),
            (7, 6, 3, false),
            (8, 5, 4, false),
            (6, 6, 3, true),
            (7, 5, 3, true),
        ] {
            let g = LeapGraph::new(Board::new(r, c), &Piece::knight()).unwrap();
            let (p, cut) = side_plan(&g, h, open).unwrap();
            let b = Budget::default();
            let by_degrees = degree_key(p.bits, &cut_slots(&p, &cut));
            let m = board_mirror(&g);
            let key = |x: &(Cut, u64)| (x.0.degrees, x.0.partners, x.1);
            let sweep = |mirror: Option<&dyn Fn(u32) -> u32>| {
                let (counted, last) =
                    sweep_sharded::<u128, u128>(&g, &p, &b, None, "the closed", by_degrees, mirror)
                        .unwrap();
                let mut cuts = cuts_of(&p, &cut, last, mirror.map(|_| c as usize)).cuts();
                cuts.sort_unstable_by_key(key);
                (counted.states(), cuts)
            };
            let (whole_states, whole) = sweep(None);
            let (folded_states, folded) = sweep(Some(&m));
            assert!(whole.len() > 100, "{r}x{c}");
            assert!(folded == whole, "{r}x{c} open {open}");
            assert!(
                4 * folded_states < 3 * whole_states,
                "{r}x{c}: {folded_states} states stepped folded against {whole_states}"
            );
        }
    }

    /// A side swept with its kept rows in [`kept_last`]'s order ends in the cuts, with
    /// the counts, of the side swept row by row, and steps fewer states (knight 6×8, 8×6
    /// and 7×7 closed, 6×6 open). With its cut cells' steps taken as
    /// if row by row, or with row by row's order, this fails.
    #[test]
    fn the_kept_rows_in_order_are_the_rows_in_order_with_fewer_states() {
        for (r, c, h, open) in [
            (6, 8, 3, false),
            (8, 6, 4, false),
            (7, 7, 3, false),
            (6, 6, 3, true),
        ] {
            let g = LeapGraph::new(Board::new(r, c), &Piece::knight()).unwrap();
            let cols = c as usize;
            let row = |v: u32| v as usize / cols;
            let edge = |u: u32, v: u32| {
                let (a, b) = (row(u).min(row(v)), row(u).max(row(v)));
                b < h || (a + 2 == h && b == h)
            };
            let kept = |v: u32| row(v) + 1 == h || row(v) == h;
            let order: Vec<u32> = (0..((h + 1) * cols) as u32).collect();
            let by_rows = if open {
                Plan::build_with_apex(&g, &order, edge, kept, |v| row(v) < h)
            } else {
                Plan::build(&g, &order, edge, kept)
            }
            .unwrap();
            let (_, cut) = kept_rows(cols, h + 1);
            let by_rows_cut = cut_steps(&order, &cut, open);
            let (p, p_cut) = side_plan(&g, h, open).unwrap();
            assert_ne!(p_cut, by_rows_cut, "{r}x{c}");
            let b = Budget::default();
            let key = |x: &(Cut, u64)| (x.0.degrees, x.0.partners, x.1);
            let sharded = |p: &Plan, cut: &[usize]| {
                let by_degrees = degree_key(p.bits, &cut_slots(p, cut));
                let (counted, last) =
                    sweep_sharded::<u128, u128>(&g, p, &b, None, "the closed", by_degrees, None)
                        .unwrap();
                (counted, cuts_of(p, cut, last, None).cuts())
            };
            let (old, mut old_cuts) = sharded(&by_rows, &by_rows_cut);
            let (new, mut new_cuts) = sharded(&p, &p_cut);
            old_cuts.sort_unstable_by_key(key);
            new_cuts.sort_unstable_by_key(key);
            assert!(old_cuts.len() > 100, "{r}x{c}");
            assert!(old_cuts == new_cuts, "{r}x{c}");
            assert!(
                10 * new.states() < 9 * old.states(),
                "{r}x{c}: {} states against {} row by row",
                new.states(),
                old.states()
            );
        }
    }

    /// The run index finds each run of knight 6×6's top side (cut at 3) by its degree
    /// vector, and no run for every other vector of the 3^12, read one by one against
    /// a map from vector to run.
    #[test]
    fn the_run_index_finds_the_runs_and_nothing_else() {
        let g = LeapGraph::new(Board::new(6, 6), &Piece::knight()).unwrap();
        let (top, _, _) = sides(&g, 3, false, &Budget::default(), None, None).unwrap();
        let index = RunIndex::new(&top.runs, 12);
        let by_code: std::collections::HashMap<usize, usize> = top
            .runs
            .iter()
            .enumerate()
            .map(|(r, &(d, _, _))| (base3(d, 12), r))
            .collect();
        assert!(by_code.len() > 1000, "{}", by_code.len());
        for code in 0..3usize.pow(12) {
            assert_eq!(index.get(code), by_code.get(&code).copied(), "{code}");
        }
    }

    /// Turning the cut twice gives it back, and a turned cut's partners are partners.
    #[test]
    fn turning_a_cut_is_an_involution() {
        let c = Cut {
            // cells 0 and 5 are the ends of a path (cell 5 names cell 0 by a 0 nibble),
            // cell 3 saturated, the rest lone.
            degrees: 1 | 2 << (2 * 3) | 1 << (2 * 5),
            partners: 5,
        };
        let t = turn(c, 12, 12);
        assert_eq!(turn(t, 12, 12), c);
        assert_eq!((t.degrees >> (2 * 11)) & 3, 1);
        assert_eq!((t.partners >> (4 * 11)) & 15, 6);
        assert_eq!((t.degrees >> (2 * 8)) & 3, 2);
    }

    /// The cut applies to leaps of one or two rows on boards 4 rows deep or more and at
    /// most 8 wide, off the torus; it is the middle of the board.
    #[test]
    fn where_the_cut_applies() {
        let cut = |piece: &str, r, c| {
            cut(&LeapGraph::new(Board::new(r, c), &piece.parse().unwrap()).unwrap())
        };
        assert_eq!(cut("knight", 8, 8), Some(4));
        assert_eq!(cut("knight", 7, 6), Some(3));
        assert_eq!(cut("knight", 4, 3), Some(2));
        assert_eq!(cut("king", 8, 8), None);
        assert_eq!(cut("knight", 3, 8), None);
        assert_eq!(cut("knight", 8, 9), None);
        assert_eq!(cut("camel", 8, 8), None);
        assert_eq!(cut("zebra", 8, 8), None);
        let torus = LeapGraph::with_topology(
            Board::new(8, 6),
            &Piece::knight(),
            tourglyph_core::graph::Topology::Torus,
        )
        .unwrap();
        assert_eq!(super::cut(&torus), None);
    }

    /// The knight's middle edges on 8 columns fall into four groups that share no cell
    /// ([`edge_groups`]), each a path of three edges on four cells.
    #[test]
    fn the_knights_middle_edges_make_four_paths() {
        let g = LeapGraph::new(Board::new(8, 8), &Piece::knight()).unwrap();
        let m = middle_edges(&g, 4);
        let groups = edge_groups(&m);
        assert_eq!(groups.len(), 4, "{groups:?}");
        let mut all: Vec<usize> = groups.concat();
        all.sort_unstable();
        assert_eq!(all, (0..12).collect::<Vec<_>>());
        for group in &groups {
            // Three edges on four cells, joined: a path (no cell in two groups).
            let mut cells: Vec<usize> = group.iter().flat_map(|&k| [m[k].0, m[k].1]).collect();
            cells.sort_unstable();
            cells.dedup();
            assert_eq!((group.len(), cells.len()), (3, 4), "{group:?}");
            for other in groups.iter().filter(|o| *o != group) {
                assert!(
                    other
                        .iter()
                        .all(|&k| !cells.contains(&m[k].0) && !cells.contains(&m[k].1))
                );
            }
        }
    }

    /// The knight's middle edges on a board 6 wide: (h − 1, c) to (h, c ± 2).
    #[test]
    fn middle_edges_of_the_knight() {
        let g = LeapGraph::new(Board::new(8, 6), &Piece::knight()).unwrap();
        let m = middle_edges(&g, 4);
        assert_eq!(m.len(), 8);
        assert!(
            m.iter()
                .all(|&(x, y)| x < 6 && y >= 6 && (x as i32 - (y as i32 - 6)).abs() == 2)
        );
    }
}
