//! Closed leaper tours by ID through the halves: rank, unrank and uniform sampling on
//! boards whose full diagram ([`crate::frontier::Zdd`]) is too big, with the IDs the
//! diagram gives (a tour's rank among all tours sorted by their increasing edge lists).
//!
//! The board is cut as [`super::halves`] cuts it, between rows `h − 1` and `h`. Edges are
//! numbered in increasing (u, v) order, cells row-major, and a tour comes before another
//! when it holds the first edge, in that order, where they differ. For leaps that span
//! at most two rows and never stay in one row, the edges whose smaller end lies above
//! row `h − 1` are exactly the top side's of the halves counter (inside rows `< h`, and
//! the lower edges from row `h − 2` to row `h`), and they are the first `k` edges. So a
//! tour's ID is decided first by its top edges, then by the rest (the middle edges, the
//! upper ones and the bottom side's), and:
//!
//! - **the top part** is a decision diagram of the first `k` edges in edge order (the
//!   frontier engine's transition, [`crate::frontier::Plan`], on the whole board, its
//!   levels `0..k`), whose final states (a degree and a path-end partner for each cell of
//!   rows `h − 1` and `h`) are weighed by the tours that complete them: the halves' join
//!   state by state ([`super::halves::top_weights`]). A node's count is
//!   then the number of tours through it, and the hi-first walk down the diagram is the
//!   ID order, as in the full diagram;
//! - **the rest** is unranked from the chosen final state by a second diagram of the
//!   levels `k..` of the same transition, started from that one state (a sweep of the
//!   bottom of the board with the top's paths fixed): its count must equal the state's
//!   weight, which two independent computations give (checked on every use).
//!
//! What it stores: the top diagram (lo and hi children and a count, 24 bytes a node)
//! and its final states (16 bytes each); the join's sides are freed once the weights
//! are known. Each call builds the rest's diagram of one final state and keeps it (up to
//! [`REST_CACHE_BYTES`] of them), so consecutive IDs (a range) build it once. The idea
//! of counting by halves is
//! McKay's ("Knight's tours of an 8×8 chessboard", ANU TR-CS-97-03, 1997); the diagram
//! is Knuth's SIMPATH frontier (TAOCP 7.1.4) as in [`crate::frontier`].

use super::bound::log2_bound;
use super::halves;
use crate::frontier::{Plan, step_level};
use rustc_hash::FxHashMap;
use std::sync::{Arc, Mutex};
use tourglyph_core::budget::Budget;
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::tour::{Tour, TourKind};
use tourglyph_core::{error::Error, error::Result};

/// Bytes a diagram node holds: lo and hi (u32 each) and its count (u128).
pub const BYTES_PER_NODE: f64 = 24.0;

/// Bytes a level's index holds per state while the level after it is built (key,
/// node, the hash map's slack) and the states themselves.
const BYTES_PER_INDEXED: f64 = 64.0;

/// Bytes of rests kept for later calls (see [`Ids`]); within the memory an [`Ids`]
/// declares beside its top diagram ([`Ids::bytes`]).
pub const REST_CACHE_BYTES: u64 = 256 << 20;

/// Diagram nodes built per second (the frontier engine's rate; measured on knight 8×8's
/// top levels here: 1.0·10^6 states a second, two successors each).
pub const NODES_PER_SECOND: f64 = 1.0e6;

/// Bytes a top state's weight holds in its map (key, weight, slack).
const BYTES_PER_WEIGHT: f64 = 48.0;

/// Nodes of the top diagram projected from the top side's final states: knight 6×8
/// 1.10·10^7 nodes for 1.35·10^6 states (8.1 a state); 8×8 about 2·10^8 for
/// 1.9·10^7 (10.5, the levels widen longer on a deeper side). Planned at 12 a state.
fn projected(states: usize) -> f64 {
    12.0 * states as f64
}

/// Does [`Ids`] apply to `g`: closed tours by halves ([`halves::cut`]), leaps that never
/// stay in one row, counts below 2^127? Returns the cut row.
pub fn applies(g: &LeapGraph) -> Option<usize> {
    let h = halves::cut(g)?;
    let level = g.piece().leaps().iter().any(|&(a, b)| a == 0 || b == 0);
    (!level && log2_bound(g) < 127.0 && g.closed_tour_impossible().is_none()).then_some(h)
}

/// A decision diagram over a run of levels of a [`Plan`], without zero suppression:
/// node `x` at level `i` has its children at level `i + 1` (0: no tour, 1: the tour
/// closed); nodes past the last level are *finals*, counted by a weight of their state.
struct Diagram {
    /// First level (edge number).
    first: usize,
    /// First node of each level, and one past the last level (where the finals start).
    starts: Vec<u32>,
    lo: Vec<u32>,
    hi: Vec<u32>,
    count: Vec<u128>,
    /// The finals' states.
    finals: Vec<u128>,
}

impl Diagram {
    /// The diagram of levels `levels` of `plan` from `start`; the states past the last
    /// level are finals weighed by `weight` when `finals`, else dropped. Refused when the
    /// nodes projected from the levels so far break `budget`.
    fn build(
        plan: &Plan,
        levels: std::ops::Range<usize>,
        start: u128,
        finals: Option<&dyn Fn(u128) -> u128>,
        budget: &Budget,
        what: &dyn Fn() -> String,
    ) -> Result<Diagram> {
        let mut d = Diagram {
            first: levels.start,
            starts: Vec::with_capacity(levels.len() + 1),
            lo: vec![0, 0],
            hi: vec![0, 0],
            count: vec![0, 1],
            finals: Vec::new(),
        };
        let mut cur = vec![start];
        let mut at = 2usize;
        for i in levels.clone() {
            d.starts.push(at as u32);
            let next_start = at + cur.len();
            let next = step_level(
                plan,
                i,
                &cur,
                next_start,
                i + 1 == levels.end && finals.is_none(),
                &mut d.lo,
                &mut d.hi,
            );
            // Projected: the nodes so far, and the next level's width for every level
            // left (the widths of a top side grow to its end: an underestimate there,
            // corrected level by level as they grow).
            let nodes = (next_start + next.len() * (levels.end - i)) as f64;
            budget.check(
                &what(),
                nodes / NODES_PER_SECOND,
                nodes * BYTES_PER_NODE + next.len() as f64 * BYTES_PER_INDEXED,
            )?;
            if next_start + next.len() >= u32::MAX as usize {
                return Err(Error::runtime(format!(
                    "{} has more than 2^32 nodes",
                    what()
                )));
            }
            at = next_start;
            cur = next;
        }
        d.starts.push(at as u32);
        let weight = finals.unwrap_or(&|_| 0);
        d.count.resize(at, 0);
        for &s in &cur {
            d.lo.push(0);
            d.hi.push(0);
            d.count.push(weight(s));
        }
        d.finals = cur;
        d.lo.shrink_to_fit();
        d.hi.shrink_to_fit();
        d.recount()
            .ok_or_else(|| Error::runtime(format!("{}: more than 2^128 tours", what())))?;
        Ok(d)
    }

    /// Count the inner nodes bottom-up from the finals' counts (children always have
    /// larger numbers); `None` past 2^128.
    fn recount(&mut self) -> Option<()> {
        let inner = *self.starts.last().expect("a level") as usize;
        for x in (2..inner).rev() {
            let (l, h) = (self.lo[x] as usize, self.hi[x] as usize);
            self.count[x] = self.count[l].checked_add(self.count[h])?;
        }
        Some(())
    }

    /// Tours below the start.
    fn total(&self) -> u128 {
        self.count.get(2).copied().unwrap_or(0)
    }

    /// The index of final node `x`, if it is one.
    fn final_index(&self, x: usize) -> Option<usize> {
        let from = *self.starts.last().expect("a level") as usize;
        (x >= from && x > 1).then(|| x - from)
    }

    /// Walk to ID `id` (below [`Diagram::total`]), hi first, pushing the edges taken:
    /// the final reached with what is left of the ID, or `None` at the tour's close.
    fn unrank(&self, mut id: u128, edges: &mut Vec<u32>) -> Option<(usize, u128)> {
        let mut x = 2usize;
        let mut level = self.first;
        loop {
            if x == 1 {
                return None;
            }
            if let Some(f) = self.final_index(x) {
                return Some((f, id));
            }
            let h = self.hi[x] as usize;
            if id < self.count[h] {
                edges.push(level as u32);
                x = h;
            } else {
                id -= self.count[h];
                x = self.lo[x] as usize;
            }
            level += 1;
        }
    }

    /// The IDs before the tour with these edges (`taken(e)`) among those below the
    /// start, and the final it reaches (`None` at the tour's close); `None` outright
    /// when no tour of the diagram has them.
    fn rank(&self, taken: &dyn Fn(usize) -> bool, last: usize) -> Option<(u128, Option<usize>)> {
        let mut x = 2usize;
        let mut level = self.first;
        let mut id = 0u128;
        loop {
            if x == 1 {
                // Closed: no edge may follow.
                return (level..last).all(|e| !taken(e)).then_some((id, None));
            }
            if x == 0 || self.count[x] == 0 {
                return None;
            }
            if let Some(f) = self.final_index(x) {
                return Some((id, Some(f)));
            }
            if taken(level) {
                x = self.hi[x] as usize;
            } else {
                id += self.count[self.hi[x] as usize];
                x = self.lo[x] as usize;
            }
            level += 1;
        }
    }

    /// Bytes held.
    fn bytes(&self) -> u64 {
        (self.lo.capacity() * 4
            + self.hi.capacity() * 4
            + self.count.capacity() * 16
            + self.finals.capacity() * 16) as u64
    }
}

/// Closed tours of a leaper by ID through the halves (see the module's notes).
pub struct Ids {
    plan: Plan,
    /// The first `k` levels (the top side's edges), finals weighed.
    top: Diagram,
    /// Edges in all.
    edges: usize,
    /// The rests built, by the final they start from, and the bytes they hold (all
    /// dropped when a new one would pass [`REST_CACHE_BYTES`]).
    rests: Mutex<(FxHashMap<usize, Arc<Diagram>>, u64)>,
    budget: Budget,
    what: String,
}

impl Ids {
    /// Build the top diagram of `g`'s closed tours, weighed by the halves, within
    /// `budget`; `None` when the halves do not apply ([`applies`]).
    pub fn build(g: &LeapGraph, budget: &Budget) -> Result<Option<Ids>> {
        let Some(h) = applies(g) else {
            return Ok(None);
        };
        let cols = g.board().cols;
        let j_first = (h as u32 - 1) * cols;
        let k = g.edges().iter().filter(|&&(u, _)| u < j_first).count();
        let plan = Plan::new(g.vertex_count(), g.edges(), false).ok_or_else(|| {
            Error::usage(format!(
                "the {} board is too wide for tour IDs by halves with the {}; give the board with fewer columns",
                g.board(),
                g.piece()
            ))
        })?;
        let weights: FxHashMap<(u32, u64), u128> =
            halves::top_weights(g, h, budget, &|top| projected(top) / NODES_PER_SECOND)?
                .into_iter()
                .map(|w| ((w.degrees, w.partners), w.weight))
                .collect();
        // The diagram planned before it starts, beside the weights.
        let nodes = projected(weights.len());
        let what = format!(
            "the diagram of the top edges of the closed {} tours of {} (about {nodes:.2e} nodes)",
            g.piece(),
            g.board_name()
        );
        budget.check(
            &what,
            nodes / NODES_PER_SECOND,
            nodes * BYTES_PER_NODE + weights.len() as f64 * (BYTES_PER_WEIGHT + BYTES_PER_INDEXED),
        )?;
        // The frontier after level k − 1: the vertices with an edge before k and one
        // from k on, in vertex order (the slots of a state there).
        let n = g.vertex_count();
        let (mut first, mut last) = (vec![usize::MAX; n], vec![0usize; n]);
        for (i, &(u, v)) in g.edges().iter().enumerate() {
            for w in [u as usize, v as usize] {
                first[w] = first[w].min(i);
                last[w] = last[w].max(i);
            }
        }
        let slots: Vec<usize> = (0..n)
            .filter(|&w| first[w] < k && last[w] >= k)
            .map(|w| w - j_first as usize)
            .collect();
        if slots.iter().any(|&i| i >= 2 * cols as usize) {
            return Err(Error::runtime(format!(
                "tour IDs by halves: the frontier of {} leaves the two middle rows",
                g.board_name()
            )));
        }
        let bits = plan.bits;
        let weight = |s: u128| -> u128 {
            let (mut degrees, mut partners) = (0u32, 0u64);
            let value = |j: usize| (s >> (j as u32 * bits)) & ((1 << bits) - 1);
            for (j, &i) in slots.iter().enumerate() {
                let z = value(j);
                let (d, m) = match z {
                    0 => (0, 0),
                    1 => (2, 0),
                    _ => {
                        let other = (0..slots.len())
                            .find(|&o| o != j && value(o) == z)
                            .expect("a path has two ends");
                        (1, slots[other] as u64)
                    }
                };
                degrees |= d << (2 * i);
                partners |= m << (4 * i);
            }
            weights.get(&(degrees, partners)).copied().unwrap_or(0)
        };
        let top = Diagram::build(&plan, 0..k, 0, Some(&weight), budget, &|| what.clone())?;
        Ok(Some(Ids {
            plan,
            top,
            edges: g.edge_count(),
            rests: Mutex::default(),
            budget: *budget,
            what: format!(
                "the diagram of the bottom edges of a closed {} tour of {}",
                g.piece(),
                g.board_name()
            ),
        }))
    }

    /// Exact number of closed tours.
    pub fn count(&self) -> u128 {
        self.top.total()
    }

    /// Bytes held: the top diagram and the rests kept.
    pub fn bytes(&self) -> u64 {
        self.top.bytes() + REST_CACHE_BYTES
    }

    /// The rest's diagram from top final `f`: one built before, or a new one whose
    /// count is checked against the final's weight.
    fn rest(&self, f: usize) -> Result<Arc<Diagram>> {
        if let Some(d) = self.lock().0.get(&f) {
            return Ok(d.clone());
        }
        let k = self.top.starts.len() - 1;
        // The rest is held beside the top diagram and the rests kept.
        let budget = Budget {
            memory: self.budget.memory.saturating_sub(self.bytes()),
            ..self.budget
        };
        let d = Diagram::build(
            &self.plan,
            k..self.edges,
            self.top.finals[f],
            None,
            &budget,
            &|| self.what.clone(),
        )?;
        let from = *self.top.starts.last().expect("a level") as usize;
        let weight = self.top.count[from + f];
        if d.total() != weight {
            return Err(Error::runtime(format!(
                "tour IDs by halves: a top state's weight {weight} differs from its {} completions (a bug)",
                d.total()
            )));
        }
        let d = Arc::new(d);
        let mut cache = self.lock();
        if cache.1 + d.bytes() > REST_CACHE_BYTES {
            *cache = Default::default();
        }
        cache.1 += d.bytes();
        cache.0.insert(f, d.clone());
        Ok(d)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, (FxHashMap<usize, Arc<Diagram>>, u64)> {
        self.rests.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The tour with this ID, `None` past the last.
    pub fn unrank(&self, id: u128) -> Result<Option<Tour>> {
        if id >= self.count() {
            return Ok(None);
        }
        let mut edges = Vec::with_capacity(self.edges);
        let (f, rest_id) = self.top.unrank(id, &mut edges).ok_or_else(|| {
            Error::runtime("tour IDs by halves: a tour closed in the top rows (a bug)")
        })?;
        let rest = self.rest(f)?;
        if rest.unrank(rest_id, &mut edges).is_some() {
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
        let mut bits = vec![false; self.edges];
        for &e in edges {
            match bits.get_mut(e as usize) {
                Some(b) => *b = true,
                None => return Ok(None),
            }
        }
        let taken = |e: usize| bits[e];
        let Some((top_id, Some(f))) = self.top.rank(&taken, self.edges) else {
            return Ok(None);
        };
        let rest = self.rest(f)?;
        Ok(rest
            .rank(&taken, self.edges)
            .and_then(|(id, end)| end.is_none().then_some(top_id + id)))
    }
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
        // Broken: every top state that has a tour weighs 1.
        let mut broken = Ids::build(&g, &Budget::default()).unwrap().unwrap();
        let from = *broken.top.starts.last().unwrap() as usize;
        for c in &mut broken.top.count[from..] {
            *c = (*c).min(1);
        }
        broken.top.recount().unwrap();
        let m = broken.count();
        let bad = chi_square(&z, n, 200_000, || {
            let mut edges = Vec::new();
            let (f, rest) = broken.top.unrank(s.below(m), &mut edges).unwrap();
            assert_eq!(rest, 0);
            ids.rest(f).unwrap().unrank(0, &mut edges);
            Tour {
                edges,
                kind: TourKind::Closed,
            }
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

    /// 300 random IDs of knight 6×7 agree with the full diagram (each builds the rest
    /// of its top state: about 0.03 s).
    #[test]
    fn random_ids_of_6x7_agree_with_the_diagram() {
        random_ids_of_6x7(300);
    }

    /// 3,000 more (about 2 minutes under load; the 100,000 would take an hour
    /// with a rest built for each).
    #[test]
    #[ignore]
    fn many_random_ids_of_6x7_agree_with_the_diagram() {
        random_ids_of_6x7(3000);
    }
}
