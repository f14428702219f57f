//! The vertex order and the frontier layout of each step.
//!
//! Vertices are processed one at a time in a fixed order. Before step p the *frontier*
//! holds the processed vertices that still have an unprocessed neighbour, in the order
//! they were processed (one *slot* each). Step p processes vertex `order[p]`: it chooses
//! which of the edges to its earlier neighbours (all on the frontier) to take; the
//! neighbours that have no unprocessed neighbour left then leave the frontier, and the
//! vertex itself joins it at the end if it has later neighbours.

use tourglyph_core::graph::LeapGraph;

/// One step: the vertex processed and how the frontier changes around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Frontier size before the step.
    pub width: usize,
    /// Slots of the vertex's earlier neighbours, increasing.
    pub earlier: Vec<usize>,
    /// For each earlier neighbour, its unprocessed neighbours after this step (0: it
    /// leaves the frontier now).
    pub rest: Vec<u8>,
    /// The vertex's later (unprocessed) neighbours.
    pub later: u8,
    /// New slot of each old slot and, at index `width`, of the vertex itself; `None`
    /// for those leaving.
    pub remap: Vec<Option<usize>>,
    /// Frontier size after the step.
    pub new_width: usize,
}

/// The steps of one vertex order.
#[derive(Clone, Debug)]
pub struct Plan {
    /// One step per vertex.
    pub steps: Vec<Step>,
    /// Bits per slot in a packed state.
    pub bits: u32,
}

impl Plan {
    /// The steps of `order` (a permutation of the vertices of `g`); `None` when a state
    /// would not fit 128 bits.
    pub fn new(g: &LeapGraph, order: &[u32]) -> Option<Plan> {
        Plan::build(g, order, |_, _| true, |_| false)
    }

    /// The steps of `order` on the subgraph of the edges `{u, v}` of `g` that `edge`
    /// accepts (each with both ends in `order`), with the vertices `kept` held on the
    /// frontier to the end at any degree: they count two phantom neighbours that are
    /// never processed, so no step requires them to reach degree 2 or drops them.
    pub fn build(
        g: &LeapGraph,
        order: &[u32],
        edge: impl Fn(u32, u32) -> bool,
        kept: impl Fn(u32) -> bool,
    ) -> Option<Plan> {
        let lists: Vec<Vec<u32>> = (0..g.vertex_count() as u32)
            .map(|v| {
                g.neighbours(v)
                    .iter()
                    .copied()
                    .filter(|&u| edge(v, u))
                    .collect()
            })
            .collect();
        Plan::on_lists(&lists, order, kept)
    }

    /// The steps of `order` on `g` with one more vertex, the *apex* (number
    /// `g.vertex_count()`, processed first), joined to every cell: the Hamiltonian
    /// cycles of that graph are the Hamiltonian paths of `g`, each once (the apex's two
    /// edges name its ends). `None` when a state would not fit 128 bits.
    pub fn with_apex(g: &LeapGraph, order: &[u32]) -> Option<Plan> {
        let n = g.vertex_count() as u32;
        let mut lists: Vec<Vec<u32>> = (0..n)
            .map(|v| {
                let mut l = g.neighbours(v).to_vec();
                l.push(n);
                l
            })
            .collect();
        lists.push((0..n).collect());
        let order: Vec<u32> = std::iter::once(n).chain(order.iter().copied()).collect();
        Plan::on_lists(&lists, &order, |_| false)
    }

    /// [`Plan::build`] with an apex as in [`Plan::with_apex`], processed first and kept
    /// to the end, joined to the cells that `apex` accepts (each in `order`): one side of
    /// a cut whose open tours end at those cells (`super::halves`).
    pub fn build_with_apex(
        g: &LeapGraph,
        order: &[u32],
        edge: impl Fn(u32, u32) -> bool,
        kept: impl Fn(u32) -> bool,
        apex: impl Fn(u32) -> bool,
    ) -> Option<Plan> {
        let n = g.vertex_count() as u32;
        let mut lists: Vec<Vec<u32>> = (0..n)
            .map(|v| {
                let mut l: Vec<u32> = g
                    .neighbours(v)
                    .iter()
                    .copied()
                    .filter(|&u| edge(v, u))
                    .collect();
                if apex(v) {
                    l.push(n);
                }
                l
            })
            .collect();
        lists.push((0..n).filter(|&v| apex(v)).collect());
        let order: Vec<u32> = std::iter::once(n).chain(order.iter().copied()).collect();
        Plan::on_lists(&lists, &order, |v| v == n || kept(v))
    }

    /// [`Plan::build`] on a graph given by its neighbour lists.
    fn on_lists(lists: &[Vec<u32>], order: &[u32], kept: impl Fn(u32) -> bool) -> Option<Plan> {
        let n = lists.len();
        let mut pos = vec![usize::MAX; n];
        for (p, &v) in order.iter().enumerate() {
            pos[v as usize] = p;
        }
        let neighbours = |v: u32| lists[v as usize].iter().copied();
        let phantom = |v: u32| if kept(v) { 2 } else { 0 };
        let mut unprocessed: Vec<u8> = (0..n as u32)
            .map(|v| (neighbours(v).count() + phantom(v)) as u8)
            .collect();
        let mut frontier: Vec<u32> = Vec::new();
        let mut steps = Vec::with_capacity(order.len());
        let mut max_width = 0;
        for (p, &v) in order.iter().enumerate() {
            let width = frontier.len();
            let mut later = phantom(v) as u8;
            for u in neighbours(v) {
                debug_assert!(
                    pos[u as usize] != usize::MAX,
                    "edge {v}-{u} leaves the order"
                );
                if pos[u as usize] > p {
                    later += 1;
                } else {
                    unprocessed[u as usize] -= 1;
                }
            }
            let mut earlier: Vec<usize> = (0..width)
                .filter(|&s| neighbours(v).any(|u| u == frontier[s]))
                .collect();
            earlier.sort_unstable();
            let rest = earlier
                .iter()
                .map(|&s| unprocessed[frontier[s] as usize])
                .collect();
            let mut remap = Vec::with_capacity(width + 1);
            let mut next = Vec::with_capacity(width + 1);
            for &u in &frontier {
                if unprocessed[u as usize] > 0 {
                    remap.push(Some(next.len()));
                    next.push(u);
                } else {
                    remap.push(None);
                }
            }
            if later > 0 {
                remap.push(Some(next.len()));
                next.push(v);
            } else {
                remap.push(None);
            }
            unprocessed[v as usize] = later;
            max_width = max_width.max(width + 1);
            steps.push(Step {
                width,
                earlier,
                rest,
                later,
                remap,
                new_width: next.len(),
            });
            frontier = next;
        }
        // A packed slot holds 0, 1 or 2 + a slot index below the widest frontier.
        let bits = usize::BITS - (max_width + 1).leading_zeros();
        (bits as usize * max_width <= 128).then_some(Plan { steps, bits })
    }

    /// The largest frontier (before a step, with the step's vertex).
    pub fn max_width(&self) -> usize {
        self.steps.iter().map(|s| s.width + 1).max().unwrap_or(0)
    }
}

/// Row-major order (row by row, each left to right).
pub fn row_major(g: &LeapGraph) -> Vec<u32> {
    (0..g.vertex_count() as u32).collect()
}

/// Rows a leap spans at most: the frontier of a row-major sweep is that many rows deep.
pub fn depth(g: &LeapGraph) -> usize {
    g.piece()
        .leaps()
        .iter()
        .map(|&(a, b)| a.max(b) as usize)
        .max()
        .unwrap_or(1)
}
