//! Tours fixed by one board symmetry, as the tours of a smaller graph: the quotient of the
//! board by the symmetry, walked by the frontier engine ([`super::frontier`]) with the
//! symmetry's condition at the cut. Count, list in ID order, rank, unrank and uniform
//! sampling then work as on a plain diagram, on the symmetric tours alone.
//!
//! Let s be a rotation (half or quarter turn) or a mirror between two rows or columns, fixing
//! no cell, and C a closed rook tour with s(C) = C. Cells fall into s-orbits; each edge
//! orbit {e, s(e), …} is in C entirely or not at all, so C is its set of edge orbits. The
//! quotient graph Q has one vertex per cell orbit and one edge per edge orbit.
//!
//! - **Rotations** (Wynn 2014; covering-graph theory, Gross and Tucker 1977). s keeps the
//!   plane's orientation and the tour's inside, so it turns C forward by N/|s| steps and
//!   C/s is a Hamiltonian cycle of Q. Conversely, give each cell x = s^j(min of its orbit)
//!   the sheet j and each edge (u, v) the voltage sheet(v) − sheet(u) mod |s|: a
//!   Hamiltonian cycle of Q lifts to one cycle iff its voltages add up to a generator of
//!   Z_|s|, that is to an odd number (|s| = 2 or 4), that is iff it uses an odd number of
//!   odd-voltage edges. The frontier states carry that parity ([`super::frontier::Plan::with_odd`]).
//!   An edge orbit within one cell orbit ({x, s(x)}: the middle edge of an odd side under
//!   the half turn, the four middle edges under the quarter turn) would make s reverse C
//!   or close a 4-cycle, so it is no edge of Q.
//! - **Mirrors** between two rows (columns). s reverses C, so it fixes exactly two points
//!   of it: C crosses the axis by exactly two edges, each its own orbit, and the rest of C
//!   is a Hamiltonian path of one half between the two crossing cells. Q is the half plus
//!   one extra vertex z joined to every cell beside the axis (by the crossing edge's
//!   orbit): mirror-symmetric tours are exactly the Hamiltonian cycles of Q.
//!
//! **Order.** Two symmetric tours first differ at an edge that is the smallest of its orbit
//! (a smaller edge of the same orbit would differ first). So ordering Q's edges by their
//! orbit's smallest board edge makes the diagram's order (hi before lo) the ID order of
//! the symmetric tours: index k of the diagram is the k-th symmetric tour by the ID rule.
//!
//! **Cost.** Q is laid out in that order, so its frontier is that of the half (or quarter)
//! board plus the cells waiting for their partner across the cut: under the half turn the
//! last row of the top half folds onto itself (up to cols + cols/2 slots). A state must
//! fit 127 bits (one for the parity).

use crate::budget::Budget;
use crate::engine::frontier::{Plan, Zdd};
use crate::error::{Error, Result};
use crate::graph::LeapGraph;
use crate::symmetry::Sym;
use crate::tour::{Tour, TourKind};

/// The symmetric tours of one symmetry element, as a diagram over its quotient graph.
pub struct Quotient {
    /// The symmetry.
    pub sym: Sym,
    /// For each quotient edge (diagram variable), the board edges of its orbit.
    orbits: Vec<Vec<u32>>,
    /// The diagram over the quotient's edges.
    pub zdd: Zdd,
}

/// The quotient graph of `g` by `sym`: vertices, edges (by smallest orbit edge), each
/// edge's board orbit and whether it has odd voltage; `None` when `sym` fixes a cell
/// (then the direct path does not apply: see [`crate::symmetric::Symmetry::why_none`]).
struct Graph {
    vertices: usize,
    edges: Vec<(u32, u32)>,
    orbits: Vec<Vec<u32>>,
    odd: Vec<bool>,
    mirror: bool,
}

fn order(sym: Sym) -> Option<(usize, bool)> {
    match sym {
        Sym::Rot90 | Sym::Rot270 => Some((4, false)),
        Sym::Rot180 => Some((2, false)),
        Sym::FlipRows | Sym::FlipCols => Some((2, true)),
        _ => None,
    }
}

fn quotient_graph(g: &LeapGraph, sym: Sym) -> Option<Graph> {
    let b = g.board();
    let (k, mirror) = order(sym)?;
    let cells = b.cells() as u32;
    let img: Vec<u32> = (0..cells).map(|c| sym.apply_cell(b, c)).collect();
    if (0..cells).any(|c| img[c as usize] == c) {
        return None;
    }
    // Orbit minimum and sheet of every cell.
    let mut min = vec![0u32; cells as usize];
    let mut sheet = vec![0usize; cells as usize];
    for c in 0..cells {
        let mut x = c;
        let mut orbit = vec![c];
        for _ in 1..k {
            x = img[x as usize];
            orbit.push(x);
        }
        let m = *orbit.iter().min().expect("orbit of at least one cell");
        min[c as usize] = m;
    }
    for c in 0..cells {
        if min[c as usize] == c {
            let mut x = c;
            for j in 0..k {
                sheet[x as usize] = j;
                x = img[x as usize];
            }
        }
    }
    let mut vid = vec![u32::MAX; cells as usize];
    let mut vertices = 0u32;
    for c in 0..cells {
        if min[c as usize] == c {
            vid[c as usize] = vertices;
            vertices += 1;
        }
    }
    let z = vertices; // the mirrors' extra vertex
    let emap = sym.edge_map(g);
    let (mut edges, mut orbits, mut odd) = (Vec::new(), Vec::new(), Vec::new());
    for e in 0..g.edge_count() as u32 {
        let mut orbit = vec![e];
        let mut f = emap[e as usize];
        while f != e {
            orbit.push(f);
            f = emap[f as usize];
        }
        if orbit.iter().any(|&f| f < e) {
            continue; // not the smallest of its orbit
        }
        let (u, v) = g.edge(e);
        let (a, c) = (vid[min[u as usize] as usize], vid[min[v as usize] as usize]);
        if a == c {
            if mirror {
                edges.push((a, z));
                orbits.push(orbit);
                odd.push(false);
            }
            continue;
        }
        if mirror && sheet[u as usize] != sheet[v as usize] {
            // A move across the axis that is not the crossing of one cell: not a rook's.
            return None;
        }
        edges.push((a.min(c), a.max(c)));
        orbits.push(orbit);
        odd.push((sheet[u as usize] + sheet[v as usize]) % 2 == 1);
    }
    Some(Graph {
        vertices: vertices as usize + usize::from(mirror),
        edges,
        orbits,
        odd,
        mirror,
    })
}

/// True when the quotient path handles `sym` on `g`: closed rook tours of a plane
/// board, a half or quarter turn or a mirror that fixes no cell, at least 6 cells.
pub fn applies(g: &LeapGraph, sym: Sym) -> bool {
    g.piece().leaps() == [(0, 1)]
        && !g.topology().is_torus()
        && g.board().cells() >= 6
        && g.board().rows >= 2
        && g.board().cols >= 2
        && (sym != Sym::Rot90 && sym != Sym::Rot270 || g.board().is_square())
        && order(sym).is_some()
        && quotient_graph(g, sym).is_some()
}

impl Quotient {
    /// Build the diagram of the tours of `g` fixed by `sym`, within `budget`. Fails with
    /// a usage error when [`applies`] is false or the frontier does not fit a state.
    pub fn build(g: &LeapGraph, sym: Sym, budget: &Budget) -> Result<Quotient> {
        let what = format!(
            "the closed rook tours of {} fixed by the {}",
            g.board(),
            sym_name(sym)
        );
        if !applies(g, sym) {
            return Err(Error::usage(format!(
                "{what} are not found on a quotient board (it needs closed rook tours of a plane board and a symmetry fixing no cell)"
            )));
        }
        let q = quotient_graph(g, sym).expect("applies");
        let plan = Plan::new(q.vertices, &q.edges, false);
        let plan = if q.mirror {
            plan
        } else {
            plan.and_then(|p| p.with_odd(q.odd.clone()))
        };
        let plan = plan.ok_or_else(|| {
            Error::usage(format!(
                "{what}: the quotient board's frontier does not fit a 128-bit state ({} is too wide)",
                g.board()
            ))
        })?;
        let zdd = Zdd::build_plan(&plan, &what, budget)?;
        Ok(Quotient {
            sym,
            orbits: q.orbits,
            zdd,
        })
    }

    /// The number of symmetric tours.
    pub fn count(&self) -> u128 {
        self.zdd.count()
    }

    /// The board tour of quotient edges `qedges`.
    pub fn lift(&self, qedges: &[u32]) -> Tour {
        let mut edges: Vec<u32> = qedges
            .iter()
            .flat_map(|&q| self.orbits[q as usize].iter().copied())
            .collect();
        edges.sort_unstable();
        Tour {
            edges,
            kind: TourKind::Closed,
        }
    }

    /// The symmetric tour of index `i` (ID order among the symmetric tours).
    pub fn tour(&self, i: u128) -> Option<Tour> {
        self.zdd.unrank(i).map(|t| self.lift(&t.edges))
    }

    /// The index of a board tour among the symmetric tours, or `None` if it is not one.
    pub fn index(&self, tour: &Tour) -> Option<u128> {
        let mut bits = vec![
            false;
            self.orbits
                .iter()
                .flatten()
                .max()
                .map_or(0, |&e| e as usize + 1)
        ];
        for &e in &tour.edges {
            if let Some(b) = bits.get_mut(e as usize) {
                *b = true;
            } else {
                return None;
            }
        }
        let mut qedges = Vec::new();
        let mut covered = 0;
        for (q, orbit) in self.orbits.iter().enumerate() {
            let n = orbit.iter().filter(|&&e| bits[e as usize]).count();
            if n == orbit.len() {
                qedges.push(q as u32);
                covered += n;
            } else if n > 0 {
                return None;
            }
        }
        if covered != tour.edges.len() {
            return None;
        }
        self.zdd.rank(&qedges)
    }

    /// Walk the symmetric tours with indices in `range`, in order.
    pub fn for_each(
        &self,
        range: std::ops::Range<u128>,
        mut f: impl FnMut(u128, Tour) -> crate::engine::Flow,
    ) -> crate::engine::Flow {
        self.zdd
            .for_each(range, &mut |found: &crate::engine::Found<'_>| {
                f(found.id, self.lift(found.edges))
            })
    }
}

/// "half turn", "quarter turn", "left-right mirror", "top-bottom mirror".
pub fn sym_name(sym: Sym) -> &'static str {
    match sym {
        Sym::Rot90 | Sym::Rot270 => "quarter turn",
        Sym::Rot180 => "half turn",
        Sym::FlipRows => "top-bottom mirror",
        Sym::FlipCols => "left-right mirror",
        _ => "identity or a diagonal mirror",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::piece::Piece;

    fn fixed_by_filter(g: &LeapGraph, sym: Sym) -> Vec<Vec<u32>> {
        let z = Zdd::build(g, TourKind::Closed).unwrap();
        let map = sym.edge_map(g);
        let mut out = Vec::new();
        z.for_each(0..z.count(), &mut |f: &crate::engine::Found<'_>| {
            if f.edges.iter().all(|&e| {
                let x = map[e as usize];
                f.bits[x as usize / 64] >> (x % 64) & 1 == 1
            }) {
                out.push(f.edges.to_vec());
            }
            crate::engine::Flow::Continue
        });
        out
    }

    /// Every symmetry element on small boards: the quotient's tours, lifted, are exactly
    /// the filter's, in the same (ID) order; ranks invert unranks.
    #[test]
    fn quotient_tours_are_the_filtered_tours_in_order() {
        let mut nonzero = 0;
        for (m, n) in [
            (2, 4),
            (3, 4),
            (4, 4),
            (4, 5),
            (4, 6),
            (5, 6),
            (6, 6),
            (4, 7),
            (6, 7),
        ] {
            let g = LeapGraph::new(Board::new(m, n), &Piece::rook()).unwrap();
            for sym in [Sym::Rot180, Sym::FlipRows, Sym::FlipCols, Sym::Rot90] {
                if !applies(&g, sym) {
                    continue;
                }
                let q = Quotient::build(&g, sym, &Budget::default()).unwrap();
                let want = fixed_by_filter(&g, sym);
                let mut got = Vec::new();
                q.for_each(0..q.count(), |i, t| {
                    assert_eq!(q.index(&t), Some(i));
                    got.push(t.edges);
                    crate::engine::Flow::Continue
                });
                assert_eq!(got, want, "{m}x{n} {sym:?}");
                nonzero += usize::from(!got.is_empty());
            }
        }
        assert!(nonzero >= 12, "cases with symmetric tours: {nonzero}");
    }
}
