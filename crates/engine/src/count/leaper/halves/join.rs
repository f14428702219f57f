//! The join of the two sides ([`Join`]): each bottom run's sets of middle edges found by
//! degrees ([`Search`]), the top runs they name looked up ([`RunIndex`]), those runs'
//! states linked through the edges and summed by pairing ([`Sums`]), and each distinct
//! pairing tested against the run's bottom pairings, or the run descended ([`fold`]).

use super::cut::{
    POW3, base3, cells, edge_groups, end_cells, mirror, turn_degrees, unpack_partners,
};
use super::side::{Side, State, States, partners_turned};
use crate::count::leaper::fold::{self, Fold};
use crate::count::leaper::pairings;
use crate::count::leaper::word::Count;
use rayon::prelude::*;

/// Tours found, and the work done finding them.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Tally {
    pub(super) tours: u128,
    /// Degree vectors looked up.
    pub(super) lookups: u64,
    /// Top states linked through a set of middle edges.
    pub(super) links: u64,
    /// Pairs of a linked top pairing and a bottom pairing met.
    pub(super) pairs: u64,
    /// Of those, the pairs tested one by one ([`pairings`]).
    pub(super) tested: u64,
    /// Contractions made by the descent ([`fold`]) in the runs joined by it.
    pub(super) contractions: u64,
}

impl Tally {
    /// The tours counted `k` times (the work done once).
    pub(super) fn times(self, k: u128) -> Tally {
        Tally {
            tours: self.tours.wrapping_mul(k),
            ..self
        }
    }

    pub(super) fn add(self, o: Tally) -> Tally {
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

/// A worker's bottom run turned from the top's states ([`Join::bottom_states`]): each
/// state's turned partners and count, and its index in `top.states`.
#[derive(Default)]
pub(super) struct Turning {
    run: Vec<(u64, u64, u32)>,
    states: Vec<State>,
    sources: Vec<u32>,
}

/// The two sides and the middle edges between them.
pub(super) struct Join {
    pub(super) middle: Vec<(usize, usize)>,
    /// The middle edges in groups that share no cell ([`edge_groups`]), by index.
    groups: Vec<Vec<usize>>,
    /// Cells of the cut (`J`, and the apex for open tours), and the board's columns.
    pub(super) n: usize,
    pub(super) cols: usize,
    pub(super) top: States,
    /// Each top degree vector's run in `top.runs`, by the vector written in base 3.
    pub(super) top_index: RunIndex,
    /// Each top run as the links read it ([`TopRun`]).
    pub(super) top_runs: Vec<TopRun>,
    /// Whether the bottom is the top turned half round, whose saving the join takes
    /// (see [`Join::run`]).
    pub(super) turned: bool,
    /// Each bottom run, in the order of its degree vector: the vector and its states, a
    /// range of `bottom`, or when `turned` a range of `top.states` (those that turn into
    /// it, [`Join::bottom_states`]).
    pub(super) bottom_runs: Vec<(u32, usize, usize)>,
    /// The bottom side's own states, sorted by partners within a run; none when
    /// `turned`.
    pub(super) bottom: Vec<State>,
    /// Whether the count's sums of top states by pairing stay below 2^64
    /// ([`sums_fit_64_bits`]), so that [`Join::run_all`] sums them in 64 bits.
    pub(super) narrow_sums: bool,
}

/// A top run as the links read it: 16 bytes, fetched once for each set of middle edges
/// that names it, where its range and its [`turn_key`] were two fetches from two
/// tables.
#[derive(Clone, Copy)]
pub(super) struct TopRun {
    degrees: u32,
    /// Its first state, in `top.states`.
    from: u32,
    /// Its [`turn_key`], whose high half is its number of states.
    pub(super) key: u64,
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
/// numbers took 172 MB and its 9·10^7 lookups in the join mostly missed. Neither huge
/// pages under it nor a hashed filter in front of it made the join faster
/// (`benches/NOTES.md`).
pub(super) struct RunIndex {
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
    pub(super) fn new(runs: &[(u32, usize, usize)], n: usize) -> RunIndex {
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
    pub(super) fn get(&self, code: usize) -> Option<usize> {
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
    pub(super) fn bytes(n: usize) -> f64 {
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
/// slot then 16 bytes where it is 32: knight 8×8's join about 0.7 s shorter.
#[derive(Default)]
pub(super) struct Sums<S = u128> {
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
    pub(super) fn reset(&mut self, expect: usize) {
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
    pub(super) fn add_placed(&mut self, key: u64, n: S) -> u32 {
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
    pub(super) fn len(&self) -> usize {
        self.used.len()
    }

    /// Each pairing and its sum, in the order first added.
    pub(super) fn pairs(&self) -> impl Iterator<Item = (u64, S)> + '_ {
        self.used.iter().map(|&i| self.slots[i as usize])
    }
}

/// A worker's scratch in the join: the top pairings summed, and the descent's
/// ([`fold`]) levels, rows and columns.
#[derive(Default)]
pub(super) struct Worker<S = u128> {
    pub(super) sums: Sums<S>,
    fold: Fold,
    pub(super) rows: Vec<u128>,
    pub(super) columns: Vec<u128>,
    pub(super) turning: Turning,
}

impl<S: Count> Worker<S> {
    /// The rows of the top pairings summed (in `rows`) and the columns of the bottom
    /// states `bottom` (in `columns`, from 0) of the run of degree vector `degrees` over
    /// `n` cells, by the descent; the contractions made.
    pub(super) fn descend(&mut self, degrees: u32, n: usize, bottom: &[State]) -> u64 {
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

/// What a bottom run meets the top with: each set of middle edges its degrees allow
/// (the top degree vector it needs, in base 3, and the edges), the mask of its path
/// ends' partner fields, its first end, its number of ends, and its turned key (see
/// [`Join::run`]).
pub(super) struct Meeting {
    pub(super) leaves: Vec<(u32, u32)>,
    pub(super) end_mask: u64,
    pub(super) start: usize,
    pub(super) ends: usize,
    pub(super) key: u64,
}

impl Join {
    /// The join of the `top` side and the `bottom` one, seen from the top; `None` for
    /// the top's own states turned half round, which takes the half turn's saving
    /// ([`Join::run`]).
    ///
    /// A bottom that is the top turned is not made: a run turns into a run, and each
    /// is turned when the join reaches it ([`Join::bottom_states`]): the join reaches
    /// only one of each two mirror runs, sorts a run's turned states only where it
    /// descends them ([`fold`]), and holds no turned side (0.3 GB on knight 8×8).
    pub(super) fn new(
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
    pub(super) fn bottom_states<'a>(
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

    /// [`Join::run`] for each of `runs` (degree vector, states, times counted), in
    /// parallel, each worker with its own scratch, the pairings summed in 64 bits where
    /// they fit ([`sums_fit_64_bits`]: half the bytes a slot, so that a run's
    /// sums stay in the first-level cache), else in 128; with `walk` false only the
    /// work is tallied.
    pub(super) fn run_all(&self, runs: &[(u32, usize, usize, u128)], walk: bool) -> Tally {
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
    pub(super) fn states(&self) -> usize {
        self.top.states.len() + self.bottom.len()
    }

    /// The pairings of the run's path ends that the top states meeting bottom run
    /// `degrees` (of `states` states) leave, summed into `sums` ([`Join::link`]); the
    /// run's first end and its number of ends, or `None` when the run has no end.
    pub(super) fn meet<S: Count>(
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

    /// Bottom run `degrees`'s path ends and the sets of middle edges that can meet it
    /// ([`Meeting`]), and its [`turn_key`] (the run has `states` states); `None` when
    /// the run has no end.
    pub(super) fn meeting(&self, degrees: u32, states: usize) -> Option<Meeting> {
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
    pub(super) fn each_link(
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
pub(super) fn sums_fit_64_bits(top: &States, middle: usize) -> bool {
    (2 * top.total()) << middle < 1 << 64
}

/// The order in which the half turn's saving ([`Join::run`]) picks which of two pairs
/// of runs to join: the top run of degree vector `degrees` and `states` states before
/// the top run turned from a bottom run when it has fewer states, then by its degree
/// vector or its mirror image, the smaller (so that the mirror's saving still holds: a
/// run and its mirror image have as many states). The pair joined links its top run's
/// states through the middle edges, so the smaller of the two runs is linked: knight
/// 8×8 links 3.2·10^8 top states where it linked 8.8·10^8 with the degree vectors
/// alone, and tests fewer pairs for a few more contractions.
fn turn_key(degrees: u32, states: usize, cols: usize) -> u64 {
    (states as u64) << 32 | u64::from(degrees.min(mirror(degrees, cols)))
}

/// A hint to bring `x`'s cache line in; nothing where there is no such instruction.
#[inline]
pub(in crate::count::leaper) fn prefetch<T>(x: &T) {
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
pub(super) fn pairings_of(ends: usize) -> usize {
    (1..ends)
        .step_by(2)
        .fold(1usize, |a, k| a.saturating_mul(k))
}
