//! The top side's final states weighed by the tours that complete them ([`top_weights`],
//! for the tour IDs): the count's join, state by state.

use super::cut::{
    base3, cells, middle_edges, mirror, mirror_cells, moved, moved_ends, unpack_partners,
};
use super::estimate::JOIN_BYTES_PER_STATE;
use super::join::{Join, RunIndex, Sums, Tally, Worker, pairings_of, prefetch};
use super::side::{States, sides, stretches};
use crate::count::leaper::fold;
use crate::count::leaper::pairings;
use crate::count::leaper::word::Count;
use rayon::prelude::*;
use tourglyph_core::budget::Budget;
use tourglyph_core::error::Result;
use tourglyph_core::graph::LeapGraph;

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

/// Every final state of the top side cut at `h` (from [`cut`](fn@super::cut)), weighed by the tours
/// that complete it (middle and bottom edges). Σ count · weight is the number of
/// tours. The join of [`count`](super::count) state by state (`Join::weights`): each bottom run's
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

impl Join {
    /// The sum of the bottom states' counts.
    fn bottom_total(&self) -> u128 {
        if self.turned {
            self.top.total()
        } else {
            (self.bottom.par_iter()).map(|s| u128::from(s.count)).sum()
        }
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

    /// The weight of every top state (see [`top_weights`]), in `top.states` order:
    /// the tours through its middle edges and the bottom states it meets.
    ///
    /// Bottom run by bottom run, each top state meeting it leaves a pairing of the
    /// run's ends; each distinct pairing is tested against the run's bottom pairings
    /// once ([`pairings::one_cycle_sum`], or [`fold`] for a run of many bottom states;
    /// a map from pairing to its sum) and the sum added to the top state's weight. The
    /// board's mirror image in its middle column maps bottom run R to its mirror R' and
    /// top state s to its mirror s', so that what R' adds to s' is what R adds to s:
    /// only one of each two mirror runs is joined, and it adds to both. Each worker keeps
    /// its own weights, summed at the end.
    ///
    /// When the board turned half round maps the top side onto the bottom (`turned`),
    /// a pair of top run G and bottom run R is the turned image of the pair (R turned,
    /// G turned), and what bottom state b gathers from G (Σ over the top states that
    /// close it into one tour, of their counts) is the weight of the top state b turned.
    /// So the pairs that [`Join::run`] skips are skipped here too, and each pair it
    /// counts twice adds its sums by bottom state (the columns, from
    /// [`pairings::one_cycle_sum_columns`]) to the bottom states' turned images as well as its
    /// sums by top pairing (the rows) to its top states: half the links and pairs.
    pub(super) fn weights<W: Count>(&self) -> Vec<u128> {
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
    pub(super) fn weights_fit_64_bits(&self) -> bool {
        self.bottom_total() << self.middle.len() < 1 << 64
    }

    /// Each state of `side` with its cells moved by `cell` (a symmetry of the cut that
    /// maps the side's states onto the top's: the mirror image of the top), as an index
    /// into `top.states`, whose runs are sorted by partners ([`States`]). Only path
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
}
