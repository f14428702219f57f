//! The diagram itself ([`Zdd`]): built level by level within a budget, then ranked,
//! unranked, walked in ID order and mapped over in parallel.

use super::board_checks::{impossible, too_wide};
use super::projection::{Shape, projected};
use super::state::{FrontierPlan, FrontierStep};
use crate::{Flow, Found, Sink, Stats};
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::ops::Range;
use tourglyph_core::budget::Budget;
use tourglyph_core::error::{Error, Result};
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::{tour::Tour, tour::TourKind};

/// Bytes per diagram node: lo, hi, variable (u32 each) and count (u128).
pub const BYTES_PER_NODE: usize = 28;

/// Diagram nodes built per second on the reference machine (14×14 rook, 16 M nodes;
/// `benches/NOTES.md`), to turn a projected size into a time.
pub const NODES_PER_SECOND: f64 = 2.5e6;

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
        let plan =
            FrontierPlan::new(n, g.edges(), kind == TourKind::Open).ok_or_else(|| too_wide(g))?;
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
    pub fn build_plan(plan: &FrontierPlan, what: &str, budget: &Budget) -> Result<Zdd> {
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
        plan: &FrontierPlan,
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

/// One level `i` of a diagram without zero suppression: the children of each state of
/// `cur` (without edge `i`, then with it) pushed onto `lo` and `hi` as node numbers, 0
/// for no tour, 1 for the tour closed, else `next_start` plus the index of the child's
/// state in the level returned (numbered as first reached). With `drop_states` (past
/// the last level of the diagram) a child that is still a state is 0.
fn step_level(
    plan: &FrontierPlan,
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
            FrontierStep::Dead => 0,
            FrontierStep::Done => 1,
            FrontierStep::State(_) if drop_states => 0,
            FrontierStep::State(t) => {
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
