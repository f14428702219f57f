//! Closed leaper tours by ID through the halves: rank, unrank and uniform sampling on
//! boards whose full diagram ([`crate::frontier::Zdd`]) is too big, with the IDs the
//! diagram gives (a tour's rank among all tours sorted by their increasing edge lists).
//!
//! Edges are numbered in increasing (u, v) order, cells row-major, and a tour comes
//! before another when it holds the first edge, in that order, where they differ. For
//! leaps that span at most two rows and never stay in one row or column, the edges from
//! the cells of one row (its *row edges*, each to one of the two rows below) are
//! consecutive in that order, rows in turn. So a tour is a choice of row edges row by
//! row, and its ID is decided row by row: at *boundary* `b` (rows `< b` decided) a
//! partial tour leaves a state over the cells of rows `b` and `b + 1` (a degree and, at
//! a path end, the cell of its other end), and the tours through it are `W_b(state)`,
//! the number of ways to complete it. Within a row, the choices from one state are
//! enumerated in edge order, taking an edge before leaving it out (the ID order), each
//! ending at a state of boundary `b + 1` weighed by `W_{b+1}`; unranking walks them,
//! subtracting weights, and ranking sums the weights before the tour's choice.
//!
//! Where the weights come from, with `h` the row the halves counter cuts at
//! ([`super::halves::cut`], McKay 1997):
//!
//! - **boundary `h − 1`**: the halves' join state by state
//!   ([`super::halves::top_weights`]): the top side's final states are exactly the
//!   states there, weighed by the tours that complete them;
//! - **boundaries above**: tables, made once by enumerating each state's row choices
//!   and summing the weights of the row below (a boundary's states are those the rows
//!   above reach: knight 8×8 has 1.35·10^6 at boundary 2), one state of each pair of
//!   mirror images weighed for both;
//! - **boundaries below**: the states of the rows below, each boundary's counted once
//!   by a sweep from the bottom of the board (`rows::below`: knight 8×8 has
//!   9.0·10^6 at boundary 4), and a state's weight is their join with it: the bottom
//!   states of the complementary degrees whose pairing of path ends closes the top's
//!   into a single cycle, summed (kept for later calls, up to [`WEIGHTS_KEPT`]);
//! - **the last row**: its choices from the state, each closing the tour or not.
//!
//! Two computations meet on every call that crosses boundary `h − 1`: a state's weight
//! from the join must equal the sum, over its row choices, of the joins below it
//! (checked; a difference is reported as a bug). What it stores: the weights of
//! boundary `h − 1` and above (32 bytes a slot in an open-addressing table at most five
//! eighths full), the bottom states of each boundary from `h` on (24 bytes each), and
//! the weights found since.

use super::bound::log2_bound;
use super::halves;
use super::rows;
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::{Arc, Mutex};
use tourglyph_core::budget::Budget;
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::tour::{Tour, TourKind};
use tourglyph_core::{error::Error, error::Result};

/// Bytes a weighed state holds in a table (key, weight, the hash map's slack).
const BYTES_PER_WEIGHT: f64 = 48.0;

/// Bytes a bottom state holds (its pairing and count).
const BYTES_PER_BOTTOM: f64 = 24.0;

/// Weights of the boundaries below the cut kept between calls (then all dropped).
pub const WEIGHTS_KEPT: usize = 1 << 22;

/// Weighed row choices kept between calls, counted in choices (then all dropped):
/// consecutive IDs, and a tour ranked after it was unranked, walk the same states.
pub const CHOICES_KEPT: usize = 1 << 21;

/// Bytes a kept choice holds (its edges, state and weight, and its share of the map).
const BYTES_PER_CHOICE: f64 = 48.0;

/// Row choices enumerated and weighed per second while the tables above the cut are
/// made (knight 8×8, 2 threads: the 1.3·10^8 choices of boundary 2's 6.8·10^5 states
/// that are weighed, one of each pair of mirror images, in 4.8 s).
const LEAVES_PER_SECOND: f64 = 2.7e7;

/// Row choices weighed above the cut for each state of the cut (knight 8×8: 1.3·10^8
/// for 1.85·10^7; boards of three rows above the cut weigh their first row only, far
/// fewer, so this overstates their small cost).
const LEAVES_PER_CUT_STATE: f64 = 7.0;

/// A row's choices from one state, in ID order: the row's edges taken (bit `k`: its
/// `k`-th edge), the state they leave and its weight (nonzero).
type Choices = Vec<(u64, Key, u128)>;

/// The choices kept, by row and state, and how many choices they hold.
type KeptChoices = (FxHashMap<(u8, Key), Arc<Choices>>, usize);

/// A state of a boundary packed in a word: the degrees of the two rows' cells (2 bits a
/// cell, from bit 64) and the other end of each path end (4 bits a cell).
type Key = u128;

/// The state after the tour has closed: every later row edge left out.
const CLOSED: Key = u128::MAX;

/// The state at boundary 0: no edge taken.
const ROOT: Key = 0;

/// State `s`'s mirror image in the board's middle column (`cols` wide).
fn mirror(s: Key, cols: usize) -> Key {
    let (degrees, partners) = ((s >> 64) as u32, s as u64);
    let image = |i: usize| halves::mirror_cell(i, cols);
    let mut p = 0u64;
    for i in (0..2 * cols).filter(|&i| (degrees >> (2 * i)) & 3 == 1) {
        p |= (image(((partners >> (4 * i)) & 15) as usize) as u64) << (4 * image(i));
    }
    key(halves::mirror(degrees, cols), p)
}

/// Does [`Ids`] apply to `g`: closed tours by halves ([`halves::cut`]), leaps that never
/// stay in one row or column, counts below 2^127? Returns the cut row.
pub fn applies(g: &LeapGraph) -> Option<usize> {
    let h = halves::cut(g)?;
    let level = g.piece().leaps().iter().any(|&(a, b)| a == 0 || b == 0);
    (!level && log2_bound(g) < 127.0 && g.closed_tour_impossible().is_none()).then_some(h)
}

/// The row edges of one row: for each of its cells, left to right, its window index
/// and its edges (as window indices of the lower ends, increasing), and the offset of
/// its first edge among the row's.
struct Row {
    cells: Vec<(u8, Vec<u8>, u8)>,
}

/// What taking an edge changed in a window besides the two degrees and the closed flag:
/// the mates of two cells (`a` and `z`), as they were.
#[derive(Clone, Copy)]
struct Undo {
    a: u8,
    ma: u8,
    z: u8,
    mz: u8,
}

impl Undo {
    /// Window `w` as it was before edge `{u, v}` was taken.
    #[inline(always)]
    fn apply(self, w: &mut Window, u: usize, v: usize) {
        w.mate[self.z as usize] = self.mz;
        w.mate[self.a as usize] = self.ma;
        w.deg[u] -= 1;
        w.deg[v] -= 1;
        w.closed = false;
    }
}

/// The cells of three rows (`b`, `b + 1`, `b + 2`) while row `b`'s edges are chosen.
#[derive(Clone, Copy)]
struct Window {
    deg: [u8; 24],
    /// The other end of a path end (a window index).
    mate: [u8; 24],
    closed: bool,
}

/// The weights of one boundary's states, nonzero ones only: open addressing over a
/// power of two of slots, a slot a state and its weight (0 in a free slot), at most
/// five eighths full. A row's choices from one state are looked up together, their
/// slots fetched first ([`Table::prefetch_at`]): the cut's table is a gigabyte on knight
/// 8×8, and each of the 2.6·10^8 choices from boundary 2 waited for its own slot in a
/// `HashMap` (the table of boundary 2 took 25 s so, 19 s now).
#[derive(Default)]
struct Table {
    slots: Vec<(Key, u128)>,
    /// 128 less log2 of the number of slots.
    shift: u32,
    /// Weights held.
    len: usize,
}

impl Table {
    /// The table of `weights` (distinct keys; zero weights left out), filled with the
    /// slots of the weights a little ahead fetched first (the cut's table on knight
    /// 8×8, 1.85·10^7 weights in a gigabyte, took 1.7 s without, 1.3 s with).
    /// Filled in parallel by regions, it took as long (`benches/NOTES.md`): such a fill
    /// reads the weights out of their order, a miss for each, where this one misses on
    /// each slot.
    fn new(weights: Vec<(Key, u128)>) -> Table {
        let len = weights.par_iter().filter(|&&(_, w)| w > 0).count();
        let size = (len * 8 / 5 + 1).next_power_of_two().max(16);
        let mut t = Table {
            slots: vec![(0, 0); size],
            shift: 128 - size.trailing_zeros(),
            len,
        };
        // The zeroed pages come in on first touch: touched in parallel first (a slot
        // in each 4 KiB), they take half the time.
        t.slots
            .par_chunks_mut(4096 / size_of::<(Key, u128)>())
            .for_each(|c| c[0] = std::hint::black_box((0, 0)));
        const AHEAD: usize = 16;
        for (j, &(k, w)) in weights.iter().enumerate() {
            if let Some(&(a, _)) = weights.get(j + AHEAD) {
                t.prefetch_at(t.slot(a));
            }
            if w == 0 {
                continue;
            }
            let mut i = t.slot(k);
            while t.slots[i].1 != 0 {
                i = (i + 1) & (size - 1);
            }
            t.slots[i] = (k, w);
        }
        t
    }

    /// The first slot to probe for `key`.
    #[inline]
    fn slot(&self, key: Key) -> usize {
        // The high bits of a product, which every bit of the key reaches.
        let x = (key ^ key >> 64).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835);
        (x >> self.shift) as usize
    }

    /// A hint to bring slot `i` in (a slot of a table that has slots).
    #[inline]
    fn prefetch_at(&self, i: usize) {
        halves::prefetch(&self.slots[i]);
    }

    /// `key`'s weight, 0 when it has none.
    #[inline]
    fn get(&self, key: Key) -> u128 {
        if self.slots.is_empty() {
            return 0;
        }
        self.get_at(self.slot(key), key)
    }

    /// `key`'s weight, probed from slot `i`, its first (a table that has slots).
    #[inline]
    fn get_at(&self, mut i: usize, key: Key) -> u128 {
        let mask = self.slots.len() - 1;
        loop {
            let (k, w) = self.slots[i];
            if w == 0 {
                return 0;
            }
            if k == key {
                return w;
            }
            i = (i + 1) & mask;
        }
    }

    /// Bytes held.
    fn bytes(&self) -> u64 {
        (self.slots.len() * size_of::<(Key, u128)>()) as u64
    }
}

/// The bottom states of one boundary, by degree vector.
struct Below {
    runs: FxHashMap<u32, (u32, u32)>,
    partners: Vec<u64>,
    counts: Vec<u128>,
}

/// Closed tours of a leaper by ID through the halves (see the module's notes).
pub struct Ids {
    rows: usize,
    cols: usize,
    /// The cut row of the halves.
    h: usize,
    /// The row edges of each row.
    row_edges: Vec<Row>,
    /// The number of the first edge of each row, and the number of edges at the end.
    row_start: Vec<u32>,
    /// The weights of boundaries `1..=h − 1` (index `b`; 0 unused), nonzero ones only.
    above: Vec<Table>,
    /// The bottom states of boundaries `h..=rows − 2` (index `b`; `None` elsewhere).
    below: Vec<Option<Below>>,
    /// Tours.
    total: u128,
    /// Weights of the boundaries below the cut found so far, by boundary and state.
    kept: Mutex<FxHashMap<(u8, Key), u128>>,
    /// Weighed row choices found so far, by row and state, and how many they hold.
    choices: Mutex<KeptChoices>,
    /// Bytes of the tables.
    table_bytes: u64,
    /// Check the cut's weights against the joins below them (off only in the test that
    /// breaks them on purpose).
    check: bool,
}

impl Ids {
    /// Weigh the boundaries of `g`'s closed tours within `budget`; `None` when the
    /// halves do not apply ([`applies`]).
    pub fn build(g: &LeapGraph, budget: &Budget) -> Result<Option<Ids>> {
        Ids::build_planned(g, budget, &|_, _| {})
    }

    /// [`Ids::build`], telling `planned` the seconds taken so far and the seconds ahead
    /// by the clock ([`halves::top_weights_planned`]), once the sides are swept and the
    /// budget lets it run: a caller's notice of a long build.
    pub fn build_planned(
        g: &LeapGraph,
        budget: &Budget,
        planned: &(dyn Fn(f64, f64) + Sync),
    ) -> Result<Option<Ids>> {
        let Some(h) = applies(g) else {
            return Ok(None);
        };
        let b = g.board();
        let (rows, cols) = (b.rows as usize, b.cols as usize);
        let mut ids = Ids {
            rows,
            cols,
            h,
            row_edges: Vec::with_capacity(rows),
            row_start: Vec::with_capacity(rows + 1),
            above: (0..h).map(|_| Table::default()).collect(),
            below: (0..rows).map(|_| None).collect(),
            total: 0,
            kept: Mutex::default(),
            choices: Mutex::default(),
            table_bytes: 0,
            check: true,
        };
        let edges = g.edges();
        let mut e = 0usize;
        for r in 0..rows {
            ids.row_start.push(e as u32);
            let mut cells = Vec::with_capacity(cols);
            let mut len = 0usize;
            for c in 0..cols {
                let u = (r * cols + c) as u32;
                let mut lower = Vec::new();
                while e < edges.len() && edges[e].0 == u {
                    let v = edges[e].1 as usize;
                    // Leaps of at most two rows, none inside a row: v lies in the
                    // window's rows 1 and 2.
                    let w = v - r * cols;
                    if !(cols..3 * cols).contains(&w) {
                        return Err(Error::runtime(format!(
                            "tour IDs by halves: the {} leaps outside two rows (a bug)",
                            g.piece()
                        )));
                    }
                    lower.push(w as u8);
                    e += 1;
                }
                cells.push((c as u8, lower.clone(), len as u8));
                len += lower.len();
            }
            if len > 64 {
                return Ok(None);
            }
            ids.row_edges.push(Row { cells });
        }
        ids.row_start.push(e as u32);
        // The bottom states (seconds at most) beside the join of the halves, which
        // plans the tables above it as the work that follows: the bottom sweeps keep
        // one core busy while the top side's sweep and its sort leave it idle at times
        // (knight 8×8: 1.3 s less). Their refusal, checked first, is the one reported.
        let what = |part: &str| {
            format!(
                "{part} of the closed {} tours of {}",
                g.piece(),
                g.board_name()
            )
        };
        let (below, top) = rayon::join(
            || -> Result<Vec<Below>> {
                let mut bottom = 0usize;
                let mut out = Vec::new();
                for bb in h..rows.saturating_sub(1) {
                    let states = rows::below(g, bb, budget)?;
                    bottom += states.len();
                    budget.check(
                        &what("the bottom states"),
                        0.0,
                        bottom as f64 * BYTES_PER_BOTTOM,
                    )?;
                    out.push(Below::new(states));
                }
                Ok(out)
            },
            || {
                halves::top_weights_planned(
                    g,
                    h,
                    budget,
                    &|states| states as f64 * LEAVES_PER_CUT_STATE / LEAVES_PER_SECOND,
                    planned,
                )
            },
        );
        let mut bottom = 0usize;
        for (bb, below) in (h..).zip(below?) {
            bottom += below.counts.len();
            ids.below[bb] = Some(below);
        }
        let top = top?;
        let count_by_sides = top
            .par_iter()
            .map(|w| w.count.checked_mul(w.weight))
            .try_reduce(|| 0, |a, b| a.checked_add(b));
        ids.above[h - 1] = Table::new(
            top.into_par_iter()
                .map(|w| (key(w.degrees, w.partners), w.weight))
                .collect(),
        );
        ids.weigh_top(budget)?;
        if count_by_sides != Some(ids.total) {
            return Err(Error::runtime(format!(
                "tour IDs by halves: the rows give {} tours and the sides {count_by_sides:?} (a bug)",
                ids.total
            )));
        }
        ids.table_bytes = ids.above.iter().map(Table::bytes).sum::<u64>()
            + bottom as u64 * BYTES_PER_BOTTOM as u64;
        Ok(Some(ids))
    }

    /// The tables of the boundaries above the cut, from the cut's weights, and the
    /// total.
    fn weigh_top(&mut self, budget: &Budget) -> Result<()> {
        let h = self.h;
        let mut table_bytes = self.above[h - 1].len as f64 * BYTES_PER_WEIGHT;
        // The states each boundary above reaches, from the top...
        let mut levels: Vec<Vec<Key>> = vec![vec![ROOT]];
        for b in 0..h.saturating_sub(2) {
            let next: FxHashSet<Key> = levels[b]
                .par_iter()
                .fold(FxHashSet::default, |mut set, &s| {
                    let mut out = Vec::new();
                    self.expand(b, s, &mut out);
                    set.extend(out.into_iter().map(|(_, k)| k).filter(|&k| k != CLOSED));
                    set
                })
                .reduce(FxHashSet::default, |mut a, b| {
                    a.extend(b);
                    a
                });
            let mut next: Vec<Key> = next.into_iter().collect();
            next.sort_unstable();
            table_bytes += next.len() as f64 * BYTES_PER_WEIGHT;
            budget.check("the tables of the top rows", 0.0, table_bytes)?;
            levels.push(next);
        }
        // ... then weighed from the cut up. The board's mirror image in its middle
        // column maps a boundary's states onto its states and their completions onto
        // theirs, so a state weighs what its image does: only the smaller of the two
        // is weighed (each boundary's states reach their images, the rows above being
        // mirrored too).
        let cols = self.cols;
        for b in (1..h - 1).rev() {
            // Errors (a sum past 2^128) are kept, not dropped with the state.
            let weighed = levels[b]
                .par_iter()
                .filter_map(|&s| {
                    let m = mirror(s, cols);
                    (s <= m).then(|| Ok((s, m, self.sum_of_leaves(b, s)?)))
                })
                .collect::<Result<Vec<(Key, Key, u128)>>>()?;
            self.above[b] = Table::new(
                weighed
                    .into_iter()
                    .flat_map(|(s, m, w)| std::iter::once((s, w)).chain((m != s).then_some((m, w))))
                    .collect(),
            );
        }
        self.total = 0;
        self.total = self.weight(0, ROOT)?;
        Ok(())
    }

    /// Exact number of closed tours.
    pub fn count(&self) -> u128 {
        self.total
    }

    /// Bytes held: the tables, and the weights and choices kept at most.
    pub fn bytes(&self) -> u64 {
        self.table_bytes
            + WEIGHTS_KEPT as u64 * BYTES_PER_WEIGHT as u64
            + CHOICES_KEPT as u64 * BYTES_PER_CHOICE as u64
    }

    /// The choices of row `b`'s edges from state `s`, in ID order: the edges taken (bit
    /// `k`: the row's `k`-th edge) and the state they leave at boundary `b + 1`.
    fn expand(&self, b: usize, s: Key, out: &mut Vec<(u64, Key)>) {
        let cols = self.cols;
        let mut w = Window {
            deg: [0; 24],
            mate: [0; 24],
            closed: s == CLOSED,
        };
        if !w.closed {
            let (degrees, partners) = ((s >> 64) as u32, s as u64);
            for i in 0..2 * cols {
                w.deg[i] = ((degrees >> (2 * i)) & 3) as u8;
                w.mate[i] = ((partners >> (4 * i)) & 15) as u8;
            }
        } else {
            w.deg = [2; 24];
        }
        self.choose(b, 0, &mut w, 0, out);
    }

    /// The choices from cell `c` of the row on (see [`Ids::expand`]): a cell of row
    /// `b` gets no edge after its own, so it takes exactly the edges its degree lacks,
    /// a subset of its lower edges tried in ID order (the first edge taken before left
    /// out: subsets in lexicographic order of their edges). Edges are taken in `w` and
    /// undone after (copying the window at each step, byte writes then wide reads,
    /// stalled: a third slower on knight 8×8).
    fn choose(&self, b: usize, c: usize, w: &mut Window, mask: u64, out: &mut Vec<(u64, Key)>) {
        let row = &self.row_edges[b];
        let Some((u, lower, first)) = row.cells.get(c) else {
            out.push((mask, self.leaf(w)));
            return;
        };
        let (u, first) = (*u as usize, *first as usize);
        match w.deg[u] {
            2 => self.choose(b, c + 1, w, mask, out),
            1 => {
                for (k, &v) in lower.iter().enumerate() {
                    let v = v as usize;
                    if w.deg[v] < 2 {
                        if let Some(undo) = self.take(b, w, u, v) {
                            self.choose(b, c + 1, w, mask | 1 << (first + k), out);
                            undo.apply(w, u, v);
                        }
                    }
                }
            }
            _ => {
                for (k, &v) in lower.iter().enumerate() {
                    let v = v as usize;
                    if w.deg[v] == 2 {
                        continue;
                    }
                    let Some(undo) = self.take(b, w, u, v) else {
                        continue;
                    };
                    for (l, &x) in lower.iter().enumerate().skip(k + 1) {
                        let x = x as usize;
                        if w.deg[x] < 2 {
                            if let Some(undo) = self.take(b, w, u, x) {
                                let m = mask | 1 << (first + k) | 1 << (first + l);
                                self.choose(b, c + 1, w, m, out);
                                undo.apply(w, u, x);
                            }
                        }
                    }
                    undo.apply(w, u, v);
                }
            }
        }
    }

    /// Take edge `{u, v}` in window `w` (both below degree 2), or leave `w` as it was
    /// and return `None` when that closes a cycle before the whole board is in it.
    #[inline(always)]
    fn take(&self, b: usize, w: &mut Window, u: usize, v: usize) -> Option<Undo> {
        let (a, z) = match (w.deg[u], w.deg[v]) {
            (0, 0) => (u, v),
            (1, 0) => (w.mate[u] as usize, v),
            (0, 1) => (w.mate[v] as usize, u),
            _ if w.mate[u] as usize == v => {
                // A cycle closes: the tour, if every cell is now in it.
                w.deg[u] = 2;
                w.deg[v] = 2;
                let cells = (self.rows - b).min(3) * self.cols;
                if b + 3 >= self.rows && w.deg[..cells].iter().all(|&d| d == 2) {
                    w.closed = true;
                    // No mate changed: cell 0's own, restored, undoes nothing.
                    return Some(Undo {
                        a: 0,
                        ma: w.mate[0],
                        z: 0,
                        mz: w.mate[0],
                    });
                }
                w.deg[u] = 1;
                w.deg[v] = 1;
                return None;
            }
            _ => (w.mate[u] as usize, w.mate[v] as usize),
        };
        // The far ends a and z now end one path.
        let undo = Undo {
            a: a as u8,
            ma: w.mate[a],
            z: z as u8,
            mz: w.mate[z],
        };
        w.mate[a] = z as u8;
        w.mate[z] = a as u8;
        w.deg[u] += 1;
        w.deg[v] += 1;
        Some(undo)
    }

    /// The state a row's choices leave at the next boundary.
    fn leaf(&self, w: &Window) -> Key {
        if w.closed {
            return CLOSED;
        }
        let cols = self.cols;
        let (mut degrees, mut partners) = (0u32, 0u64);
        // Sixteen cells without a branch: past rows b + 1 and b + 2 (cols < 8) the
        // window's cells are untouched, at degree 0, and add nothing.
        for i in 0..16 {
            let d = w.deg[cols + i];
            let end = u64::from(d == 1);
            degrees |= u32::from(d) << (2 * i);
            partners |=
                (u64::from(w.mate[cols + i].wrapping_sub(cols as u8) & 15) * end) << (4 * i);
        }
        key(degrees, partners)
    }

    /// The table of boundary `b`'s weights, for the boundaries above the cut's row
    /// (`1..h`).
    fn table(&self, b: usize) -> Option<&Table> {
        (1..self.h).contains(&b).then(|| &self.above[b])
    }

    /// The tours through state `s` of boundary `b`.
    fn weight(&self, b: usize, s: Key) -> Result<u128> {
        if s == CLOSED {
            return Ok(1);
        }
        if b >= self.rows {
            return Ok(0);
        }
        if b == 0 {
            return if s == ROOT && self.total > 0 {
                Ok(self.total)
            } else {
                self.sum_of_leaves(0, s)
            };
        }
        if let Some(t) = self.table(b) {
            return Ok(t.get(s));
        }
        let Some(below) = &self.below[b] else {
            return self.sum_of_leaves(b, s);
        };
        if let Some(&w) = self.lock().get(&(b as u8, s)) {
            return Ok(w);
        }
        let w = below.join(s, 2 * self.cols);
        let mut kept = self.lock();
        if kept.len() >= WEIGHTS_KEPT {
            kept.clear();
        }
        kept.insert((b as u8, s), w);
        Ok(w)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, FxHashMap<(u8, Key), u128>> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Σ of the weights of the states row `b`'s choices from `s` leave.
    fn sum_of_leaves(&self, b: usize, s: Key) -> Result<u128> {
        let mut out = Vec::new();
        self.expand(b, s, &mut out);
        if let Some(table) = self.table(b + 1).filter(|t| !t.slots.is_empty()) {
            // The table's slots for all of them first, so that the waits overlap.
            let first: Vec<usize> = out
                .iter()
                .map(|&(_, t)| {
                    let i = table.slot(t);
                    table.prefetch_at(i);
                    i
                })
                .collect();
            let mut sum = 0u128;
            for (&(_, t), &i) in out.iter().zip(&first) {
                // As `weight` does: the closed state completes one tour.
                let w = if t == CLOSED { 1 } else { table.get_at(i, t) };
                sum = add(sum, w)?;
            }
            return Ok(sum);
        }
        let mut sum = 0u128;
        for (_, t) in out {
            sum = add(sum, self.weight(b + 1, t)?)?;
        }
        Ok(sum)
    }

    /// Row `b`'s choices from `s` with their weights: kept from an earlier call, or
    /// found and kept.
    fn weighed_choices(&self, b: usize, s: Key) -> Result<Arc<Choices>> {
        let k = (b as u8, s);
        if let Some(c) = self.lock_choices().0.get(&k) {
            return Ok(c.clone());
        }
        let c = Arc::new(self.weigh_choices(b, s)?);
        let mut kept = self.lock_choices();
        if kept.1 + c.len() > CHOICES_KEPT {
            *kept = Default::default();
        }
        kept.1 += c.len();
        kept.0.insert(k, c.clone());
        Ok(c)
    }

    fn lock_choices(&self) -> std::sync::MutexGuard<'_, KeptChoices> {
        self.choices.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Row `b`'s choices from `s` that lead to tours, each with its weight; the sum is
    /// checked against the state's own weight where two computations meet (see the
    /// module's notes).
    fn weigh_choices(&self, b: usize, s: Key) -> Result<Choices> {
        let mut out = Vec::new();
        self.expand(b, s, &mut out);
        let mut sum = 0u128;
        let mut weighed = Vec::with_capacity(out.len());
        for (m, t) in out {
            let w = self.weight(b + 1, t)?;
            sum = add(sum, w)?;
            if w > 0 {
                weighed.push((m, t, w));
            }
        }
        if self.check && b + 1 == self.h && s != CLOSED {
            let own = self.weight(b, s)?;
            if own != sum {
                return Err(Error::runtime(format!(
                    "tour IDs by halves: a state's weight {own} differs from its {sum} completions (a bug)"
                )));
            }
        }
        Ok(weighed)
    }

    /// The tour with this ID, `None` past the last.
    pub fn unrank(&self, id: u128) -> Result<Option<Tour>> {
        if id >= self.total {
            return Ok(None);
        }
        let mut id = id;
        let mut s = ROOT;
        let mut edges = Vec::with_capacity(self.rows * self.cols);
        for b in 0..self.rows {
            let choices = self.weighed_choices(b, s)?;
            let Some(&(m, t, _)) = choices.iter().find(|&&(_, _, w)| {
                if id < w {
                    true
                } else {
                    id -= w;
                    false
                }
            }) else {
                return Err(Error::runtime(
                    "tour IDs by halves: an ID ran past its row's choices (a bug)",
                ));
            };
            let first = self.row_start[b];
            edges.extend((0..64).filter(|k| m >> k & 1 == 1).map(|k| first + k));
            s = t;
        }
        if s != CLOSED {
            return Err(Error::runtime(
                "tour IDs by halves: a tour left open (a bug)",
            ));
        }
        Ok(Some(Tour {
            edges,
            kind: TourKind::Closed,
        }))
    }

    /// The ID of the closed tour with these edge numbers (in any order), `None` when
    /// they are not a closed tour of the board.
    pub fn rank(&self, edges: &[u32]) -> Result<Option<u128>> {
        let mut masks = vec![0u64; self.rows];
        for &e in edges {
            let Some(b) =
                (0..self.rows).find(|&b| (self.row_start[b]..self.row_start[b + 1]).contains(&e))
            else {
                return Ok(None);
            };
            let bit = 1u64 << (e - self.row_start[b]);
            if masks[b] & bit != 0 {
                return Ok(None);
            }
            masks[b] |= bit;
        }
        let mut id = 0u128;
        let mut s = ROOT;
        for (b, &mask) in masks.iter().enumerate() {
            let mut next = None;
            for &(m, t, w) in self.weighed_choices(b, s)?.iter() {
                if m == mask {
                    next = Some(t);
                    break;
                }
                id += w;
            }
            let Some(t) = next else {
                return Ok(None);
            };
            s = t;
        }
        Ok((s == CLOSED).then_some(id))
    }
}

impl crate::sample::Ranked for Ids {
    fn count(&self) -> u128 {
        Ids::count(self)
    }
    fn unrank_id(&self, id: u128) -> Result<Option<Tour>> {
        self.unrank(id)
    }
    fn rank_edges(&self, edges: &[u32]) -> Result<Option<u128>> {
        self.rank(edges)
    }
}

/// A state's key from its degrees and partners.
fn key(degrees: u32, partners: u64) -> Key {
    (Key::from(degrees) << 64) | Key::from(partners)
}

impl Below {
    fn new(mut states: Vec<(halves::Cut, u128)>) -> Below {
        states.par_sort_unstable_by_key(|(c, _)| (c.degrees, c.partners));
        let mut runs = FxHashMap::default();
        let mut from = 0usize;
        for i in 1..=states.len() {
            if i == states.len() || states[i].0.degrees != states[from].0.degrees {
                runs.insert(states[from].0.degrees, (from as u32, i as u32));
                from = i;
            }
        }
        Below {
            runs,
            partners: states.iter().map(|(c, _)| c.partners).collect(),
            counts: states.iter().map(|&(_, n)| n).collect(),
        }
    }

    /// The tours through top state `s` (over `j` cells): the bottom states of the
    /// complementary degrees whose path ends, with the top's, make one cycle.
    fn join(&self, s: Key, j: usize) -> u128 {
        let (degrees, partners) = ((s >> 64) as u32, s as u64);
        let twos = (0..j).fold(0u32, |a, i| a | 2 << (2 * i));
        let Some(&(from, to)) = self.runs.get(&(twos - degrees)) else {
            return 0;
        };
        let mut ends = 0usize;
        let mut first = usize::MAX;
        for i in 0..j {
            if (degrees >> (2 * i)) & 3 == 1 {
                ends += 1;
                first = first.min(i);
            }
        }
        if ends == 0 {
            return 0;
        }
        let mut sum = 0u128;
        for x in from as usize..to as usize {
            let q = self.partners[x];
            let (mut at, mut seen) = (first, 0usize);
            loop {
                at = ((partners >> (4 * at)) & 15) as usize;
                at = ((q >> (4 * at)) & 15) as usize;
                seen += 2;
                if at == first {
                    break;
                }
            }
            if seen == ends {
                sum = sum.wrapping_add(self.counts[x]);
            }
        }
        sum
    }
}
/// A sum of weights, refused past 2^128 (never reached: Brégman's bound keeps the
/// counts of the boards the halves take below 2^127).
fn add(a: u128, b: u128) -> Result<u128> {
    a.checked_add(b)
        .ok_or_else(|| Error::runtime("tour IDs by halves: more than 2^128 tours"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontier::Zdd;
    use crate::sample::Sampler;
    use tourglyph_core::{Board, Piece};

    fn knight(rows: u32, cols: u32) -> LeapGraph {
        LeapGraph::new(Board::new(rows, cols), &Piece::knight()).unwrap()
    }

    /// Every tour of knight 6×6 and 5×8 (5 rows of 8) has the same ID by the halves as
    /// in the full diagram, both ways, and one past the last has none.
    #[test]
    fn every_tour_agrees_with_the_diagram() {
        for (r, c, n) in [(6, 6, 9_862u128), (5, 8, 44_202)] {
            let g = knight(r, c);
            let ids = Ids::build(&g, &Budget::default())
                .unwrap()
                .expect("halves apply");
            let z = Zdd::build(&g, TourKind::Closed).unwrap();
            assert_eq!(ids.count(), n);
            assert_eq!(z.count(), n);
            for id in 0..n {
                let t = z.unrank(id).unwrap();
                assert_eq!(
                    ids.unrank(id).unwrap().as_ref(),
                    Some(&t),
                    "{r}x{c} id {id}"
                );
                assert_eq!(ids.rank(&t.edges).unwrap(), Some(id), "{r}x{c} id {id}");
            }
            assert_eq!(ids.unrank(n).unwrap(), None);
        }
    }

    /// Pearson's χ² statistic of `draws` tours drawn by `draw` from the `n` tours of
    /// a diagram `z`, each tour a cell.
    fn chi_square(z: &Zdd, n: u128, draws: u64, mut draw: impl FnMut() -> Tour) -> f64 {
        let mut seen = vec![0u64; n as usize];
        for _ in 0..draws {
            let t = draw();
            seen[z.rank(&t.edges).expect("a tour") as usize] += 1;
        }
        let expected = draws as f64 / n as f64;
        seen.iter()
            .map(|&o| (o as f64 - expected) * (o as f64 - expected) / expected)
            .sum()
    }

    /// 200,000 tours of knight 6×6 drawn by the halves (a uniform ID unranked) are
    /// uniform over its 9,862 tours by Pearson's χ² (9,861 degrees of freedom: mean
    /// 9,861, standard deviation 140; refused beyond 5 deviations); the same draws with
    /// the top states weighed wrongly (each state that has a tour as one tour, its
    /// first) are refused.
    #[test]
    fn draws_are_uniform_and_broken_weights_are_not() {
        let g = knight(6, 6);
        let z = Zdd::build(&g, TourKind::Closed).unwrap();
        let ids = Ids::build(&g, &Budget::default()).unwrap().unwrap();
        let n = ids.count();
        let limit = 9861.0 + 5.0 * (2.0f64 * 9861.0).sqrt();
        let mut s = Sampler::new(28);
        let good = chi_square(&z, n, 200_000, || ids.unrank(s.below(n)).unwrap().unwrap());
        assert!(
            good < limit,
            "uniform draws: chi2 {good:.0} over {limit:.0}"
        );
        // Broken: every state of the cut that has a tour weighs 1.
        let mut broken = Ids::build(&g, &Budget::default()).unwrap().unwrap();
        let h = broken.h;
        for (_, w) in &mut broken.above[h - 1].slots {
            if *w != 0 {
                *w = 1;
            }
        }
        broken.check = false;
        broken.weigh_top(&Budget::default()).unwrap();
        let m = broken.count();
        assert!(m < n);
        let bad = chi_square(&z, n, 200_000, || {
            broken.unrank(s.below(m)).unwrap().unwrap()
        });
        eprintln!("chi2 (9,861 degrees of freedom): uniform {good:.0}, broken weights {bad:.0}");
        assert!(bad > limit, "broken weights pass: chi2 {bad:.0}");
    }

    /// `count` random IDs of knight 6×7 agree with the full diagram, both ways.
    fn random_ids_of_6x7(count: u64) {
        let g = knight(6, 7);
        let ids = Ids::build(&g, &Budget::default()).unwrap().unwrap();
        let z = Zdd::build(&g, TourKind::Closed).unwrap();
        assert_eq!(ids.count(), 1_067_638);
        let mut s = Sampler::new(1);
        for id in s.ids(ids.count(), count).unwrap() {
            let t = z.unrank(id).unwrap();
            assert_eq!(ids.unrank(id).unwrap().as_ref(), Some(&t), "id {id}");
            assert_eq!(ids.rank(&t.edges).unwrap(), Some(id));
        }
    }

    /// 10,000 random IDs of knight 6×7 agree with the full diagram.
    #[test]
    fn random_ids_of_6x7_agree_with_the_diagram() {
        random_ids_of_6x7(10_000);
    }

    /// The 100,000 random IDs (`.ci/run` runs it with the other ignored tests).
    #[test]
    #[ignore = "ten times the default test's IDs: about a minute"]
    fn many_random_ids_of_6x7_agree_with_the_diagram() {
        random_ids_of_6x7(100_000);
    }
}
