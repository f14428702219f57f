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
pub struct LeaperOrder {
    /// One step per vertex.
    pub steps: Vec<Step>,
    /// Bits per slot in a packed state.
    pub bits: u32,
    /// The vertex each step processes (the apex first, where there is one).
    pub order: Vec<u32>,
    /// The first step from which every vertex processed is kept on the frontier to the
    /// end (a side's cut rows, [`LeaperOrder::build`]'s `kept`); `None` when the last is not.
    pub kept_from: Option<usize>,
}

impl LeaperOrder {
    /// The steps of `order` (a permutation of the vertices of `g`); `None` when a state
    /// would not fit 128 bits.
    pub fn new(g: &LeapGraph, order: &[u32]) -> Option<LeaperOrder> {
        LeaperOrder::build(g, order, |_, _| true, |_| false)
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
    ) -> Option<LeaperOrder> {
        let lists: Vec<Vec<u32>> = (0..g.vertex_count() as u32)
            .map(|v| {
                g.neighbours(v)
                    .iter()
                    .copied()
                    .filter(|&u| edge(v, u))
                    .collect()
            })
            .collect();
        LeaperOrder::on_lists(&lists, order, kept)
    }

    /// The steps of `order` on `g` with one more vertex, the *apex* (number
    /// `g.vertex_count()`, processed first), joined to every cell: the Hamiltonian
    /// cycles of that graph are the Hamiltonian paths of `g`, each once (the apex's two
    /// edges name its ends). `None` when a state would not fit 128 bits.
    pub fn with_apex(g: &LeapGraph, order: &[u32]) -> Option<LeaperOrder> {
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
        LeaperOrder::on_lists(&lists, &order, |_| false)
    }

    /// [`LeaperOrder::build`] with an apex as in [`LeaperOrder::with_apex`], processed first and kept
    /// to the end, joined to the cells that `apex` accepts (each in `order`): one side of
    /// a cut whose open tours end at those cells (`super::halves`).
    pub fn build_with_apex(
        g: &LeapGraph,
        order: &[u32],
        edge: impl Fn(u32, u32) -> bool,
        kept: impl Fn(u32) -> bool,
        apex: impl Fn(u32) -> bool,
    ) -> Option<LeaperOrder> {
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
        LeaperOrder::on_lists(&lists, &order, |v| v == n || kept(v))
    }

    /// [`LeaperOrder::build`] on a graph given by its neighbour lists.
    fn on_lists(
        lists: &[Vec<u32>],
        order: &[u32],
        kept: impl Fn(u32) -> bool,
    ) -> Option<LeaperOrder> {
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
        let kept_tail = order.iter().rev().take_while(|&&v| kept(v)).count();
        (bits as usize * max_width <= 128).then(|| LeaperOrder {
            steps,
            bits,
            order: order.to_vec(),
            kept_from: (kept_tail > 0).then(|| order.len() - kept_tail),
        })
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

/// The cells `last`, kept on the frontier to the end, in the order that a model of the
/// sweep's width finds narrowest, to be processed after the cells `first` (on the
/// subgraph of the edges `{u, v}` that `edge` accepts, each with both ends in
/// `first` or `last`).
///
/// When the kept cells come, the frontier holds the cells of `first` that still have
/// an edge to one of them (*pending*); each kept cell processed decides its edges to
/// the frontier, and a pending cell leaves once its last kept neighbour has come. The
/// model: after the kept cells of set S, the sweep holds about 2^((E − 3R)/2) times
/// the states it held before them, E the edges decided (from S to the pending cells,
/// and inside S) and R the pending cells that have left. The order that minimizes the
/// sum of that over its prefixes (the states stepped) is found exactly, over the
/// subsets of `last`, smallest cell first among equals. Row by row (`last` as given)
/// when there are more than 20 kept cells.
///
/// On knight 8×8's side cut at row 4 (16 kept cells: rows 3 and 4), row by row stepped
/// 1.59·10^8 states and this order 9.3·10^7 (row 3's odd columns, row 4's even ones
/// right to left, row 3's even ones right to left, row 4's odd ones), in 3.1 s where
/// row by row took 5.2 s, its widest level 1.9·10^7 states where row by row's held
/// 2.7·10^7. The exponents were fitted on
/// that side, where interleaving the two rows at each width ratio tried (E against
/// 2R to 5R) stepped 9.3·10^7 to 1.0·10^8 states.
pub fn kept_last(
    g: &LeapGraph,
    first: &[u32],
    last: &[u32],
    edge: impl Fn(u32, u32) -> bool,
) -> Vec<u32> {
    let k = last.len();
    if k > 20 {
        return last.to_vec();
    }
    let index = |v: u32| last.iter().position(|&x| x == v);
    // Each kept cell's kept neighbours (bits) and its edges to pending cells; each
    // pending cell's kept neighbours.
    let mut inside = vec![0u32; k];
    let mut to_pending = vec![0u32; k];
    let mut pending: Vec<u32> = Vec::new();
    for (i, &v) in last.iter().enumerate() {
        for &u in g.neighbours(v) {
            if !edge(v, u) {
                continue;
            }
            if let Some(j) = index(u) {
                inside[i] |= 1 << j;
            } else if first.contains(&u) {
                to_pending[i] += 1;
            }
        }
    }
    for &u in first {
        let m = g
            .neighbours(u)
            .iter()
            .filter(|&&v| edge(u, v))
            .filter_map(|&v| index(v))
            .fold(0u32, |m, j| m | 1 << j);
        if m != 0 {
            pending.push(m);
        }
    }
    // √2 to each power: the model's factor, exact and the same on every machine
    // (products of one constant, no library function).
    let size = 1usize << k;
    let lowest = -3 * pending.len() as i64;
    let highest: i64 = to_pending.iter().map(|&e| i64::from(e)).sum::<i64>()
        + inside
            .iter()
            .map(|m| i64::from(m.count_ones()))
            .sum::<i64>()
            / 2;
    let mut power = vec![1.0f64; (highest - lowest + 1) as usize];
    for e in 1..power.len() {
        power[e] = power[e - 1] * std::f64::consts::SQRT_2;
    }
    // The model's width after each subset S of the kept cells.
    let width: Vec<f64> = (0..size)
        .map(|s| {
            let (mut e, mut inner) = (0i64, 0i64);
            for i in (0..k).filter(|&i| s >> i & 1 == 1) {
                e += i64::from(to_pending[i]);
                inner += i64::from((inside[i] & s as u32).count_ones());
            }
            // Edges inside S, counted from both ends.
            e += inner / 2;
            let r = pending.iter().filter(|&&m| m as usize & !s == 0).count() as i64;
            power[(e - 3 * r - lowest) as usize]
        })
        .collect();
    // best[s]: the least sum over the prefixes after S of the rest in the best order,
    // and the cell that comes next.
    let mut best = vec![(0.0f64, 0u8); size];
    for s in (0..size - 1).rev() {
        let mut b = (f64::INFINITY, 0u8);
        for i in (0..k).filter(|&i| s >> i & 1 == 0) {
            let t = s | 1 << i;
            let v = width[t] + best[t].0;
            if v < b.0 {
                b = (v, i as u8);
            }
        }
        best[s] = b;
    }
    let mut order = Vec::with_capacity(k);
    let mut s = 0usize;
    while s != size - 1 {
        let i = best[s].1 as usize;
        order.push(last[i]);
        s |= 1 << i;
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use tourglyph_core::{Board, Piece};

    /// The model's sum for one order of the kept cells, counted edge by edge and cell
    /// by cell (not by subsets and bit masks).
    fn modelled(
        g: &LeapGraph,
        first: &[u32],
        order: &[u32],
        edge: impl Fn(u32, u32) -> bool,
    ) -> f64 {
        let pending: Vec<u32> = first
            .iter()
            .copied()
            .filter(|&u| {
                g.neighbours(u)
                    .iter()
                    .any(|&v| edge(u, v) && order.contains(&v))
            })
            .collect();
        let mut sum = 0.0;
        for t in 1..=order.len() {
            let done = &order[..t];
            let e = g
                .edges()
                .iter()
                .filter(|&&(u, v)| edge(u, v))
                .filter(|&&(u, v)| {
                    let (a, b) = (done.contains(&u), done.contains(&v));
                    (a && (b || first.contains(&v))) || (b && first.contains(&u))
                })
                .count() as f64;
            let r = pending
                .iter()
                .filter(|&&u| {
                    g.neighbours(u)
                        .iter()
                        .filter(|&&v| edge(u, v) && order.contains(&v))
                        .all(|v| done.contains(v))
                })
                .count() as f64;
            #[allow(
                clippy::disallowed_methods,
                reason = "the test's own figure, compared within a tolerance"
            )]
            let w = 2f64.powf((e - 3.0 * r) / 2.0);
            sum += w;
        }
        sum
    }

    /// Every order of the kept cells, tried one by one: none has a smaller sum than
    /// [`kept_last`]'s, nor is row by row's as small (knight 5×4: rows 2 and 3 after
    /// rows 0 and 1, row 4 cut off; rows 3 and 4 after rows 0 to 2; with the edges
    /// between the kept rows). Row by row's order in place of the model's fails it.
    #[test]
    fn the_kept_order_is_the_least_of_all_orders() {
        let g = LeapGraph::new(Board::new(5, 4), &Piece::knight()).unwrap();
        let row = |v: u32| v / 4;
        for rows in [4, 5] {
            let edge = |u: u32, v: u32| row(u).max(row(v)) < rows;
            let first: Vec<u32> = (0..4 * (rows - 2)).collect();
            let last: Vec<u32> = (4 * (rows - 2)..4 * rows).collect();
            let best = modelled(&g, &first, &kept_last(&g, &first, &last, edge), edge);
            let mut least = f64::INFINITY;
            let mut order = last.clone();
            // Heap's algorithm: every permutation of the 8 cells.
            let mut c = vec![0usize; order.len()];
            least = least.min(modelled(&g, &first, &order, edge));
            let mut i = 0;
            while i < order.len() {
                if c[i] < i {
                    order.swap(if i % 2 == 0 { 0 } else { c[i] }, i);
                    least = least.min(modelled(&g, &first, &order, edge));
                    c[i] += 1;
                    i = 0;
                } else {
                    c[i] = 0;
                    i += 1;
                }
            }
            assert!(
                best <= least * (1.0 + 1e-12),
                "rows {rows}: {best} against {least}"
            );
            assert!(least < modelled(&g, &first, &last, edge), "rows {rows}");
        }
    }
}
