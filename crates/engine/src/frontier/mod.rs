//! The frontier-based ZDD engine.
//!
//! A zero-suppressed decision diagram (Minato 1993) of all tours of one kind of a leap
//! graph, built top-down by the frontier method: Knuth's SIMPATH (TAOCP 7.1.4, and the
//! program SIMPATH of 2008) and its generalisation by Kawahara, Inoue, Iwashita and Minato,
//! "Frontier-based search for enumerating all constrained subgraphs with compressed
//! representation" (IEICE Trans. Fundamentals, 2017). Level i of the diagram decides edge i
//! (edges in increasing (u, v) order, the order tour IDs are defined on); a node is a
//! frontier state — the degrees and the path partners (`mate[]`) of the frontier vertices,
//! defined precisely in `state`. Nodes with equal states are shared, so the diagram
//! holds every tour in space proportional to (edges × distinct states per level).
//!
//! Cost: building visits each (level, state) once and does O(frontier width) work for
//! each of its two children; memory is 28 bytes per node (children, variable, count) plus
//! one level's hash table. The frontier width of a rook board laid out row-major is
//! `cols + 1`, so states per level grow like c^cols: 10×10 is a few million nodes.
//! [`count_only`] runs the same transition with counts instead of nodes and keeps only two
//! levels, so counting needs memory for one level's states alone.
//!
//! Because taking an edge (the hi branch) puts a smaller edge number earlier in the sorted
//! edge list, the hi-first depth-first order of the diagram is exactly the ID order; a
//! node's count splits the ID range between its hi and lo children. That gives rank,
//! unrank, uniform sampling and range enumeration in O(edges) per tour.

mod state;

use crate::{Flow, Found, Sink, Stats};
use rayon::prelude::*;
use rustc_hash::FxHashMap;

use std::ops::Range;
use tourglyph_core::budget::Budget;
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::{error::Error, error::Result};
use tourglyph_core::{tour::Tour, tour::TourKind};

pub use state::{Level, Next, Plan};

/// Bytes per diagram node: lo, hi, variable (u32 each) and count (u128).
pub const BYTES_PER_NODE: usize = 28;

/// Diagram nodes built per second on the reference machine (14×14 rook, 16 M nodes;
/// `benches/NOTES.md`), to turn a projected size into a time.
pub const NODES_PER_SECOND: f64 = 2.5e6;

/// Frontier states stepped per second by [`count_only`] on the reference machine (6×8
/// knight; `benches/NOTES.md`).
pub const STATES_PER_SECOND: f64 = 1.3e6;

/// Bytes per state held by [`count_only`]: the next level's hash map (key, count, control
/// byte, load-factor slack) and the sorted current level.
const BYTES_PER_STATE: f64 = 96.0;

/// Where a level-by-level construction is heading: `done` units built, `widths` the
/// states of the levels so far (the last one the current level `i`) of `levels`.
///
/// Without a `shape`, or until the frontier has filled and half a row has passed, the
/// work done plus the current width for every level left. After that the widths grow by
/// a factor per level, measured over the last row since the frontier filled: measured
/// on open knight sweeps (6 wide: 1.3 per cell on and on; 5 wide: the widest level 85%
/// of the way), the growth holds, its logarithm halving row after row, until the
/// frontier's reach meets the last rows (`shape.peak`), then the width holds. That sees
/// a hopeless run as soon as its growth shows (open knight 6×6 at edge 34 of 80, 1.6 M
/// states in, against edge 61 and 43 M states with the width alone), and projects the
/// open knight 5×7 run (9.9 M states) at 4.2·10^7.
#[allow(
    clippy::disallowed_methods,
    reason = "a projection for the budget, printed only rounded far coarser than an ulp"
)]
fn projected(done: usize, widths: &[u64], levels: usize, shape: Option<&Shape>) -> f64 {
    let i = widths.len() - 1;
    let done = done as f64;
    let width = widths[i] as f64;
    let flat = done + width * (levels - i - 1) as f64;
    let Some(sh) = shape else {
        return flat;
    };
    if i < sh.filled + sh.row / 2 {
        return flat;
    }
    let from = sh.filled.max(i.saturating_sub(sh.row));
    if from >= i || widths[from] == 0 || width == 0.0 {
        return flat;
    }
    let mut log_growth = ((width / widths[from] as f64).ln() / (i - from) as f64).max(0.0);
    let mut ahead = 0.0;
    let mut w = width;
    for k in i + 1..levels {
        if k < sh.peak {
            w *= log_growth.exp();
        }
        if (k - i) % sh.row == 0 {
            log_growth /= 2.0;
        }
        ahead += w;
    }
    (done + ahead).max(flat)
}

/// What the projection knows of a plane board's sweep: levels per row, the level where
/// the frontier first reaches its full size, and the level after which it stops growing
/// (a frontier's reach before the end).
struct Shape {
    row: usize,
    filled: usize,
    peak: usize,
}

impl Shape {
    /// The shape of the sweep of `plan` over `g`, for leapers whose moves span two rows
    /// or more. `None` for the others, projected without growth: on the torus the wrap
    /// edges bring far rows in at once, and the widths of a rook's or king's frontier (one
    /// row deep) grow fast over the first rows and then level off (open rook 10×10: 0.1 s
    /// into it a growth projection says 3 min, for a count of a few seconds). Closed
    /// tours too are projected without growth: their widths level off sooner than the
    /// open sweeps the growth is fitted to (closed knight 8×6: 2 min projected at edge
    /// 61 of 116 for a count of about 20 s), and the halves count them on most boards.
    fn of(g: &LeapGraph, plan: &Plan, kind: TourKind) -> Option<Shape> {
        if g.topology().is_torus() || kind != TourKind::Open {
            return None;
        }
        let m = plan.levels.len();
        let b = g.board();
        let row = ((m * b.cols as usize) / g.vertex_count().max(1)).max(1);
        let full = plan.levels.iter().map(|l| l.width).max().unwrap_or(0);
        let filled = plan.levels.iter().position(|l| l.width == full)?;
        let depth = g
            .piece()
            .leaps()
            .iter()
            .map(|&(a, b)| a.max(b) as usize)
            .max()
            .unwrap_or(1);
        if depth < 2 {
            return None;
        }
        Some(Shape {
            row,
            filled,
            peak: m.saturating_sub(depth * row),
        })
    }
}

/// Refuse a board whose frontier cannot fit a state before anything is built: the widest
/// frontier of a row-major sweep is reached within a few rows, so the plan of a board of
/// the same width and at most `3 × depth + 2` rows (cheap even 1,000 columns wide) tells.
/// `open` for open tours.
pub fn check_width(
    board: tourglyph_core::Board,
    piece: &tourglyph_core::Piece,
    open: bool,
) -> Result<()> {
    let depth = piece
        .leaps()
        .iter()
        .map(|&(a, b)| a.max(b))
        .max()
        .unwrap_or(1);
    let rows = board.rows.min(3 * depth + 2);
    let probe = tourglyph_core::Board::new(rows, board.cols);
    if probe.cells().saturating_mul(piece.leaps().len() * 8) > 1 << 26 {
        // Wider than any frontier can hold (a row of thousands of cells).
        return Err(too_wide_on(board, piece, false));
    }
    let g = LeapGraph::new(probe, piece)?;
    match Plan::new(g.vertex_count(), g.edges(), open) {
        Some(_) => Ok(()),
        None => Err(too_wide_on(board, piece, false)),
    }
}

/// IDs handed to one worker at a time by [`Zdd::par_map`].
const CHUNK: u128 = 4096;

/// A zero-suppressed decision diagram of all tours of one kind of a leap graph.
pub struct Zdd {
    kind: TourKind,
    edges: usize,
    /// Node x's variable (edge number); nodes 0 and 1 are the terminals.
    var: Vec<u32>,
    lo: Vec<u32>,
    hi: Vec<u32>,
    count: Vec<u128>,
    root: u32,
    stats: Stats,
}

fn too_wide(g: &LeapGraph) -> Error {
    too_wide_on(g.board(), g.piece(), g.topology().is_torus())
}

/// The board is too wide for a frontier state: the advice never names the same board
/// (a square, or a board already narrower than long, has no better orientation).
fn too_wide_on(b: tourglyph_core::Board, piece: &tourglyph_core::Piece, torus: bool) -> Error {
    if torus {
        // The torus's frontier holds about two rows (see `tourglyph_core::torus`).
        let fix = if b.rows < b.cols {
            format!("give the board with fewer columns ({})", b.transposed())
        } else {
            "use a board with at most 12 columns".to_string()
        };
        return Error::usage(format!(
            "{b} (torus) is too wide for the frontier engine: on the torus its frontier spans about two rows, \
             which must fit 128 bits (at most 12 columns); {fix}"
        ));
    }
    let fix = if b.rows < b.cols {
        format!(
            "try the transposed board {} (the tours are the same up to a quarter turn)",
            b.transposed()
        )
    } else {
        "use a board with fewer columns".to_string()
    };
    // Refused for its size (exit status 2 as a usage error; 413 from the server).
    Error::refused(
        tourglyph_core::error::Refusal::Size,
        true,
        format!(
            "the {b} board is too wide for the frontier engine with the {piece}: its row-major frontier does not fit; {fix}"
        ),
    )
}

impl Zdd {
    /// Build the diagram of all tours of `kind` on `g`, within the default [`Budget`].
    pub fn build(g: &LeapGraph, kind: TourKind) -> Result<Zdd> {
        Self::build_with_budget(g, kind, &Budget::default())
    }

    /// Build the diagram, failing cleanly (instead of being killed or running for hours)
    /// as soon as its projected size (see `projected`) needs more memory or time than
    /// `budget` allows.
    pub fn build_with_budget(g: &LeapGraph, kind: TourKind, budget: &Budget) -> Result<Zdd> {
        let n = g.vertex_count();
        let m = g.edge_count();
        let mut z = Zdd {
            kind,
            edges: m,
            var: vec![u32::MAX, u32::MAX],
            lo: vec![0, 0],
            hi: vec![0, 0],
            count: vec![0, 1],
            root: 0,
            stats: Stats::default(),
        };
        if n == 1 {
            // One cell: the empty path is the one open tour; no cycle.
            z.root = u32::from(kind == TourKind::Open);
            return Ok(z);
        }
        if impossible(g, kind) {
            return Ok(z);
        }
        let plan = Plan::new(n, g.edges(), kind == TourKind::Open).ok_or_else(|| too_wide(g))?;
        let what = format!(
            "the {} {} tours of {}",
            kind.word(),
            g.piece(),
            g.board_name()
        );
        let shape = Shape::of(g, &plan, kind);
        z.fill(&plan, &what, &g.board().to_string(), budget, shape.as_ref())?;
        Ok(z)
    }

    /// The diagram of the closed tours that `plan` describes (a graph of its own, such
    /// as the quotient of a board by a symmetry: [`crate::symmetric_tours::quotient`]); `what`
    /// names them in messages.
    pub fn build_plan(plan: &Plan, what: &str, budget: &Budget) -> Result<Zdd> {
        let mut z = Zdd {
            kind: TourKind::Closed,
            edges: plan.levels.len(),
            var: vec![u32::MAX, u32::MAX],
            lo: vec![0, 0],
            hi: vec![0, 0],
            count: vec![0, 1],
            root: 0,
            stats: Stats::default(),
        };
        z.fill(plan, what, what, budget, None)?;
        Ok(z)
    }

    /// Build the levels of `plan` into this (empty) diagram, then count and
    /// zero-suppress.
    fn fill(
        &mut self,
        plan: &Plan,
        what: &str,
        board: &str,
        budget: &Budget,
        shape: Option<&Shape>,
    ) -> Result<()> {
        let z = self;
        let m = plan.levels.len();
        let mut widths: Vec<u64> = Vec::with_capacity(m);
        let mut cur: Vec<u128> = vec![0];
        let mut level_start = 2usize;
        for i in 0..m {
            let next_start = level_start + cur.len();
            let next = step_level(plan, i, &cur, next_start, i + 1 == m, &mut z.lo, &mut z.hi);
            z.var.extend(std::iter::repeat_n(i as u32, cur.len()));
            z.stats.max_width = z.stats.max_width.max(cur.len() as u64);
            widths.push(next.len() as u64);
            let nodes = projected(next_start, &widths, m, shape);
            // The growth is a projection: it may refuse a run without --force, but with
            // --force only the nodes at the current width count against the memory limit.
            let held = match budget.seconds {
                Some(_) => nodes,
                None => projected(next_start, &widths, m, None),
            };
            if next_start + next.len() > u32::MAX as usize {
                return Err(Error::runtime(format!(
                    "the diagram of {what} has more than 2^32 nodes; \
                     count them with `tourglyph count`, which needs no diagram"
                )));
            }
            budget.check(
                &format!(
                    "the diagram of {what} (about {nodes:.2e} nodes, projected from \
                     edge {} of {m})",
                    i + 1
                ),
                nodes / NODES_PER_SECOND,
                held * BYTES_PER_NODE as f64 + next.len() as f64 * 64.0,
            )?;
            level_start = next_start;
            cur = next;
        }
        z.stats.nodes = (z.var.len() - 2) as u64;
        // Grown by pushing, the arrays may hold up to twice their nodes: a diagram is kept
        // (a server's cache), so give the slack back.
        z.var.shrink_to_fit();
        z.lo.shrink_to_fit();
        z.hi.shrink_to_fit();
        // Counts bottom-up (children always have larger numbers), then zero-suppress:
        // point every edge past nodes whose hi count is 0, so that every node reached
        // while walking branches or takes its edge.
        let total = z.var.len();
        z.count.resize(total, 0);
        for x in (2..total).rev() {
            let (l, h) = (z.lo[x] as usize, z.hi[x] as usize);
            z.count[x] = z.count[l].checked_add(z.count[h]).ok_or_else(|| {
                Error::runtime(format!(
                    "more than 2^128 tours on {board}: the diagram cannot number them"
                ))
            })?;
        }
        let mut eff = vec![0u32; total];
        eff[1] = 1;
        for x in (2..total).rev() {
            let (l, h) = (z.lo[x] as usize, z.hi[x] as usize);
            z.lo[x] = eff[l];
            z.hi[x] = eff[h];
            eff[x] = if z.count[x] == 0 {
                0
            } else if z.count[h] > 0 {
                x as u32
            } else {
                eff[l]
            };
        }
        z.root = if total > 2 { eff[2] } else { 0 };
        Ok(())
    }

    /// Bytes the diagram holds: its node arrays (as allocated).
    pub fn bytes(&self) -> u64 {
        (self.var.capacity() * 4
            + self.lo.capacity() * 4
            + self.hi.capacity() * 4
            + self.count.capacity() * 16) as u64
    }

    /// The kind of tours held.
    pub fn kind(&self) -> TourKind {
        self.kind
    }

    /// Exact number of tours.
    pub fn count(&self) -> u128 {
        self.count[self.root as usize]
    }

    /// Number of 64-bit words in a tour bitset ([`Found::bits`]).
    pub fn words(&self) -> usize {
        self.edges.div_ceil(64).max(1)
    }

    /// Machine-independent statistics: diagram nodes, widest level.
    pub fn stats(&self) -> Stats {
        Stats {
            tours: u64::try_from(self.count()).unwrap_or(u64::MAX),
            ..self.stats
        }
    }

    /// The ID of the tour with these (increasing) edge numbers, or `None` if it is not a
    /// tour of this diagram.
    pub fn rank(&self, edges: &[u32]) -> Option<u128> {
        let mut x = self.root as usize;
        let mut id = 0u128;
        let mut k = 0;
        while x > 1 {
            let v = self.var[x];
            match edges.get(k) {
                Some(&e) if e < v => return None,
                Some(&e) if e == v => {
                    k += 1;
                    x = self.hi[x] as usize;
                }
                _ => {
                    id += self.count[self.hi[x] as usize];
                    x = self.lo[x] as usize;
                }
            }
        }
        (x == 1 && k == edges.len()).then_some(id)
    }

    /// The root node (0: no tours, 1: the empty set alone).
    pub fn root(&self) -> u32 {
        self.root
    }

    /// Node `x` (2 or more): its variable (edge number), lo child and hi child. Nodes
    /// are zero-suppressed: variables skipped between a node and its child are excluded.
    pub fn node(&self, x: u32) -> (u32, u32, u32) {
        let x = x as usize;
        (self.var[x], self.lo[x], self.hi[x])
    }

    /// The number of tours below node `x` (1 for the terminal 1, 0 for 0).
    pub fn node_count(&self, x: u32) -> u128 {
        self.count[x as usize]
    }

    /// The tour with this ID.
    pub fn unrank(&self, mut id: u128) -> Option<Tour> {
        if id >= self.count() {
            return None;
        }
        let mut x = self.root as usize;
        let mut edges = Vec::new();
        while x > 1 {
            let h = self.hi[x] as usize;
            if id < self.count[h] {
                edges.push(self.var[x]);
                x = h;
            } else {
                id -= self.count[h];
                x = self.lo[x] as usize;
            }
        }
        Some(Tour {
            edges,
            kind: self.kind,
        })
    }

    /// Push the tours with IDs in `range` into `sink`, in ID order. Returns
    /// [`Flow::Stop`] if the sink stopped the walk.
    pub fn for_each(&self, range: Range<u128>, sink: &mut dyn Sink) -> Flow {
        let range = range.start..range.end.min(self.count());
        if range.start >= range.end {
            return Flow::Continue;
        }
        let words = self.words();
        let mut bits = vec![0u64; words];
        let mut edges: Vec<u32> = Vec::with_capacity(self.edges);
        // Depth-first, hi before lo. Only branch points are stacked: (lo child, first ID
        // of its subtree, edges taken above it).
        let mut pending: Vec<(u32, u128, usize)> = Vec::with_capacity(self.edges + 1);
        let (start, end) = (range.start, range.end);
        let mut x = self.root as usize;
        let mut base = 0u128;
        loop {
            while x > 1 {
                let h = self.hi[x] as usize;
                let hc = self.count[h];
                let l = self.lo[x] as usize;
                let lb = base + hc;
                let lo_ok = l != 0 && lb < end && base + self.count[x] > start;
                if base < end && lb > start {
                    if lo_ok {
                        pending.push((l as u32, lb, edges.len()));
                    }
                    let v = self.var[x];
                    edges.push(v);
                    bits[v as usize / 64] |= 1 << (v % 64);
                    x = h;
                } else if lo_ok {
                    x = l;
                    base = lb;
                } else {
                    x = 0;
                }
            }
            if x == 1 {
                let f = Found {
                    id: base,
                    edges: &edges,
                    bits: &bits,
                };
                if sink.push(&f) == Flow::Stop {
                    return Flow::Stop;
                }
            }
            match pending.pop() {
                None => return Flow::Continue,
                Some((l, lb, len)) => {
                    for &v in &edges[len..] {
                        bits[v as usize / 64] &= !(1 << (v % 64));
                    }
                    edges.truncate(len);
                    x = l as usize;
                    base = lb;
                }
            }
        }
    }

    /// Map every tour with an ID in `range` on rayon's workers, and hand the results that
    /// are `Some` to `consume` in ID order (re-sequenced, so the order and the output are
    /// those of a one-thread run). `consume` may stop the walk.
    pub fn par_map<T: Send>(
        &self,
        range: Range<u128>,
        map: impl Fn(&Found<'_>) -> Option<T> + Sync,
        consume: impl FnMut(u128, T) -> Flow,
    ) -> Flow {
        self.par_map_progress(range, map, consume, |_| {})
    }

    /// [`par_map`](Self::par_map) that also reports, after each batch, how many IDs of
    /// the range have been walked.
    pub fn par_map_progress<T: Send>(
        &self,
        range: Range<u128>,
        map: impl Fn(&Found<'_>) -> Option<T> + Sync,
        mut consume: impl FnMut(u128, T) -> Flow,
        mut progress: impl FnMut(u128),
    ) -> Flow {
        let range = range.start..range.end.min(self.count());
        if range.start >= range.end {
            return Flow::Continue;
        }
        let batch = (rayon::current_num_threads() as u128 * 4).max(4);
        let mut start = range.start;
        while start < range.end {
            let chunks: Vec<Range<u128>> = (0..batch)
                .map(|k| start + k * CHUNK)
                .take_while(|&a| a < range.end)
                .map(|a| a..(a + CHUNK).min(range.end))
                .collect();
            let batch_end = chunks.last().map_or(start, |c| c.end);
            let results: Vec<Vec<(u128, T)>> = chunks
                .into_par_iter()
                .map(|r| {
                    let mut out = Vec::new();
                    self.for_each(r, &mut |f: &Found<'_>| {
                        if let Some(t) = map(f) {
                            out.push((f.id, t));
                        }
                        Flow::Continue
                    });
                    out
                })
                .collect();
            for (id, t) in results.into_iter().flatten() {
                if consume(id, t) == Flow::Stop {
                    return Flow::Stop;
                }
            }
            progress(batch_end - range.start);
            start = batch_end;
        }
        Flow::Continue
    }
}

/// No tour of `kind` on `g` by the degrees, connectivity or colours alone.
fn impossible(g: &LeapGraph, kind: TourKind) -> bool {
    g.no_tour(kind == TourKind::Open).is_some()
        || (kind == TourKind::Closed && g.closed_tour_impossible().is_some())
}

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
    let plan = Plan::new(n, g.edges(), kind == TourKind::Open).ok_or_else(|| too_wide(g))?;
    let shape = Shape::of(g, &plan, kind);
    let mut widths: Vec<u64> = Vec::with_capacity(g.edge_count());
    let overflow = || {
        Error::runtime(format!(
            "more than 2^128 tours on {}: use the big-integer counter",
            g.board()
        ))
    };
    let mut cur: Vec<(u128, u128)> = vec![(0, 1)];
    let mut total: u128 = 0;
    let mut max_width = 0u64;
    let mut states = 0usize;
    let m = g.edge_count();
    for i in 0..m {
        max_width = max_width.max(cur.len() as u64);
        states += cur.len();
        widths.push(cur.len() as u64);
        let work = projected(states, &widths, m, shape.as_ref());
        budget.check(
            &format!(
                "counting the {} {} tours of {} (about {work:.2e} frontier states, projected \
                 from edge {} of {m})",
                kind.word(),
                g.piece(),
                g.board_name(),
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
                    Next::Dead => {}
                    Next::Done => total = total.checked_add(c).ok_or_else(overflow)?,
                    Next::State(t) => {
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

/// One level `i` of a diagram without zero suppression: the children of each state of
/// `cur` (without edge `i`, then with it) pushed onto `lo` and `hi` as node numbers, 0
/// for no tour, 1 for the tour closed, else `next_start` plus the index of the child's
/// state in the level returned (numbered as first reached). With `drop_states` (past
/// the last level of the diagram) a child that is still a state is 0.
pub(crate) fn step_level(
    plan: &Plan,
    i: usize,
    cur: &[u128],
    next_start: usize,
    drop_states: bool,
    lo: &mut Vec<u32>,
    hi: &mut Vec<u32>,
) -> Vec<u128> {
    let mut index: FxHashMap<u128, u32> = FxHashMap::default();
    let mut next: Vec<u128> = Vec::new();
    let mut child = |s: u128, take: bool| -> u32 {
        match plan.step(i, s, take) {
            Next::Dead => 0,
            Next::Done => 1,
            Next::State(_) if drop_states => 0,
            Next::State(t) => {
                let k = *index.entry(t).or_insert_with(|| {
                    next.push(t);
                    (next.len() - 1) as u32
                });
                (next_start + k as usize) as u32
            }
        }
    };
    for &s in cur {
        lo.push(child(s, false));
        hi.push(child(s, true));
    }
    next
}
