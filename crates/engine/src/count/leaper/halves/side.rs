//! The two sides of the cut: a side's sweep up to its final states ([`final_cuts`]),
//! decoded into cuts and grouped by degree vector ([`States`]), and the bottom side seen
//! from the top, turned half round ([`sides`], [`turned`]).

use super::cut::{
    Cut, board_mirror, cut_cells, mirror_cells, moved, moved_ends, side_plan, turn, turn_degrees,
    turned_cells,
};
use crate::count::leaper::counted::SweepProgressFn;
use crate::count::leaper::order::LeaperOrder;
use crate::count::leaper::slots::Layout;
use crate::count::leaper::sweep::{Level, sweep_sharded};
use crate::count::leaper::word::{Count, Sat32, U96, Word};
use rayon::prelude::*;
use tourglyph_core::budget::Budget;
use tourglyph_core::error::Result;
use tourglyph_core::graph::LeapGraph;

/// A side's final states ([`States`]).
pub(super) type Side = States;

/// The top side, the bottom side seen from the top (`None` where it is the top's own
/// states turned half round), and what the sweeps stepped.
type Sides = (Side, Option<Side>, Swept);

/// Both sides of the cut at `h`: the top side's final states, the bottom side's seen
/// from the top (`None` when `rows = 2h`: the top's own, turned, which [`Join::new`]
/// turns run by run), and what the sweeps run stepped. `top_progress` and
/// `bottom_progress` report each sweep's cells.
///
/// [`Join::new`]: super::join::Join::new
pub(super) fn sides(
    g: &LeapGraph,
    h: usize,
    open: bool,
    budget: &Budget,
    top_progress: SweepProgressFn<'_>,
    bottom_progress: SweepProgressFn<'_>,
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
pub(super) fn turned(side: &Side, j: usize, n: usize) -> Side {
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
pub(super) fn partners_turned(degrees: u32, j: usize, n: usize) -> impl Fn(u64) -> u64 {
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
    progress: SweepProgressFn<'_>,
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
/// ([`mirror`]): after each of the rows above the cut, one state of each mirror
/// pair is kept, and at the last level the pair's state of the lesser degree vector,
/// which [`cuts_of`] unfolds. The descendants of a pair's two states merge as the rows
/// above leave the frontier, so the side steps fewer states: knight 8×8's, 14.1 million
/// at its last level, of 18.5 million unfolded (its times in `benches/NOTES.md`).
///
/// [`cut_steps`]: super::cut::cut_steps
/// [`mirror`]: crate::count::leaper::mirror
pub(in crate::count::leaper) fn final_cuts(
    g: &LeapGraph,
    p: &LeaperOrder,
    cut: &[usize],
    budget: &Budget,
    progress: SweepProgressFn<'_>,
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

/// What the sweeps of the sides stepped: their level widths, and the seconds they are
/// planned at (each at the rate of its keys, [`Word::STATES_PER_SECOND`]).
#[derive(Default)]
pub(in crate::count::leaper) struct Swept {
    pub(in crate::count::leaper) widths: Vec<u64>,
    pub(in crate::count::leaper) seconds: f64,
}

/// The slot of each cell of the cut (`cut`: the step of each) in the keys of the sweep
/// `p`: the cells of the cut never leave the frontier, and each keeps the fixed slot it
/// took when it was processed.
pub(super) fn cut_slots(p: &LeaperOrder, cut: &[usize]) -> Vec<u32> {
    let layout = Layout::new(p);
    cut.iter().map(|&k| layout.steps[k].slot).collect()
}

/// The degrees of the cut's cells in a final key of a sweep of `bits` bits a slot (the
/// cut's cells in `slots`), for sharding the last level ([`sweep_sharded`]): a slot
/// holds 0 for a lone cell, 1 for a cell at degree 2, more for a path end ([`cuts_of`]).
/// Each of those slots' lowest bit is set where the slot is not 0, and its next bit
/// where it is 1; every other bit is cleared, so that keys of one degree vector, and
/// only those, are equal here.
pub(super) fn degree_key(bits: u32, slots: &[u32]) -> impl Fn(u128) -> u128 + Sync + Copy + use<> {
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
/// with the pair's orbit weight ([`mirror`]), its degree vector the lesser of
/// the two: each is decoded into both, at half the weight each, or into itself where
/// it is its own image. The shard then holds both runs of the pair.
///
/// [`mirror`]: crate::count::leaper::mirror
pub(super) fn cuts_of<K: Word, C: Count>(
    p: &LeaperOrder,
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
/// What [`mirror`](super::cut::mirror) and [`moved_ends`] with [`moved`] do, in one
/// pass over the cells: it runs for every state kept at the last level (9.3 million on
/// knight 8×8), where three passes made the side's decode slower.
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

/// A state of a side in the join: its path-end partners (4 bits a cell, as in
/// [`Cut`]) and its count (below 2^64: [`final_cuts`]); 16 bytes, four to a cache line.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
pub(super) struct State {
    pub(super) partners: u64,
    pub(super) count: u64,
}

/// Some of a side's states, and their runs (each a degree vector and its range there).
type Part = (Vec<State>, Vec<(u32, usize, usize)>);

/// One side's states, grouped into runs by degree vector: each run's states
/// consecutive and sorted by partners.
pub(in crate::count::leaper) struct States {
    /// Each run's degree vector and range in `states`, in the order of the vectors,
    /// which is that of the ranges ([`States::from_runs`]).
    pub(super) runs: Vec<(u32, usize, usize)>,
    pub(super) states: Vec<State>,
}

impl States {
    /// The states `states` in the runs `runs` (each a degree vector and its states'
    /// range, sorted by partners), copied into the order of their degree vectors.
    ///
    /// # Panics
    ///
    /// If two runs have one degree vector: the states were not grouped by it.
    ///
    /// The runs are moved, not left where their shards put them, because the join reads
    /// the top runs of nearby degree vectors together (`benches/NOTES.md` has the
    /// other ways of grouping the side that were measured).
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
    pub(in crate::count::leaper) fn cuts(&self) -> Vec<(Cut, u64)> {
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
    pub(super) fn total(&self) -> u128 {
        (self.states.par_iter()).map(|s| u128::from(s.count)).sum()
    }
}

/// `v` cut into consecutive stretches of the lengths `lens` (which sum to its length),
/// for workers that each fill their own.
pub(super) fn stretches<T>(v: &mut [T], lens: impl Iterator<Item = usize>) -> Vec<&mut [T]> {
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
