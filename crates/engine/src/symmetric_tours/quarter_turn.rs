//! Quarter-turn-symmetric closed rook tours, found directly (without walking all tours).
//!
//! Let ρ be the quarter turn of an n×n board, n ≡ 2 (mod 4) (on other boards no tour is
//! fixed, [`crate::symmetric_tours`]), and C a tour with ρ(C) = C, N = n² cells. ρ turns C
//! forward by N/4 steps: writing C as c₀, c₁, …, ρ(cᵢ) = c_{i+N/4} (for one of the two
//! directions). So C is determined by the path c₀ … c_{N/4} with c_{N/4} = ρ(c₀), whose
//! first N/4 cells take one cell from each ρ-orbit (the orbits have 4 cells: ρ fixes no
//! cell on an even board); conversely every such path, turned four times, is a tour fixed
//! by ρ. The search grows that path from the corner c₀ = (0, 0) (every tour passes it),
//! one orbit at a time, and gives up on a branch when an orbit not yet visited is left
//! with fewer than two ways in and out (the orbit graph is the quotient of the board by
//! ρ). Each tour is found once per direction; the two are merged.
//!
//! The number of paths searched grows quickly with n: 10×10 (204 tours) takes
//! milliseconds; 14×14 (510,718 tours) takes minutes, so the search is bounded by a node
//! budget.

use std::collections::BTreeSet;
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::symmetry::Sym;
use tourglyph_core::{error::Error, error::Result};
use tourglyph_core::{tour::Tour, tour::TourKind};

/// The tours of `g` (closed rook tours of a square plane board) fixed by the quarter turn,
/// sorted by their edge lists (ID order); at most `max_nodes` search steps.
pub fn quarter_turn_tours(g: &LeapGraph, max_nodes: u64) -> Result<Vec<Tour>> {
    let b = g.board();
    let n = b.rows;
    if !b.is_square() || n % 4 != 2 || g.topology().is_torus() || !g.piece().is_rook() {
        return Ok(Vec::new());
    }
    let cells = b.cells();
    let rho: Vec<u32> = (0..cells as u32)
        .map(|c| Sym::Rot90.apply_cell(b, c))
        .collect();
    let orbit: Vec<usize> = (0..cells as u32)
        .map(|c| {
            let mut m = c;
            let mut x = c;
            for _ in 0..3 {
                x = rho[x as usize];
                m = m.min(x);
            }
            m as usize
        })
        .collect();
    let mut s = Search {
        g,
        rho: &rho,
        orbit: &orbit,
        visited: vec![false; cells],
        path: vec![0],
        goal: cells / 4,
        nodes: 0,
        max_nodes,
        found: BTreeSet::new(),
    };
    s.visited[orbit[0]] = true;
    s.go()?;
    Ok(s.found
        .into_iter()
        .map(|edges| Tour {
            edges,
            kind: TourKind::Closed,
        })
        .collect())
}

struct Search<'a> {
    g: &'a LeapGraph,
    rho: &'a [u32],
    orbit: &'a [usize],
    /// Visited orbits, indexed by the orbit's smallest cell.
    visited: Vec<bool>,
    path: Vec<u32>,
    goal: usize,
    nodes: u64,
    max_nodes: u64,
    found: BTreeSet<Vec<u32>>,
}

impl Search<'_> {
    /// Ways in and out of the unvisited orbit of `w`: neighbours of `w` in other orbits
    /// that are unvisited, the head's or the start's. (Every cell of the orbit has the
    /// same ways, turned.)
    fn ways(&self, w: u32) -> usize {
        let head = self.orbit[*self.path.last().unwrap() as usize];
        let own = self.orbit[w as usize];
        self.g
            .neighbours(w)
            .iter()
            .filter(|&&y| {
                let o = self.orbit[y as usize];
                o != own && (!self.visited[o] || o == head || o == self.orbit[0])
            })
            .count()
    }

    fn go(&mut self) -> Result<()> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(Error::runtime(format!(
                "the search for quarter-turn-symmetric tours of {} passed {} steps; add --force to search on",
                self.g.board(),
                self.max_nodes
            )));
        }
        let head = *self.path.last().unwrap();
        if self.path.len() == self.goal {
            let first = self.path[0];
            for target in [self.rho[first as usize], {
                let r = self.rho;
                r[r[r[first as usize] as usize] as usize]
            }] {
                if self.g.neighbours(head).contains(&target) {
                    self.emit(target);
                }
            }
            return Ok(());
        }
        let nexts: Vec<u32> = self.g.neighbours(head).to_vec();
        for next in nexts {
            let o = self.orbit[next as usize];
            if self.visited[o] {
                continue;
            }
            self.visited[o] = true;
            self.path.push(next);
            let dead = self
                .g
                .neighbours(head)
                .iter()
                .chain(self.g.neighbours(next))
                .any(|&w| !self.visited[self.orbit[w as usize]] && self.ways(w) < 2);
            if !dead {
                self.go()?;
            }
            self.path.pop();
            self.visited[o] = false;
        }
        Ok(())
    }

    /// Turn the path (closed by the step to `target`, the start turned) four times.
    fn emit(&mut self, target: u32) {
        let mut cyc = self.path.clone();
        cyc.push(target);
        let turns = if target == self.rho[self.path[0] as usize] {
            1
        } else {
            3
        };
        let mut edges = Vec::with_capacity(self.g.vertex_count());
        let mut seg = cyc;
        for _ in 0..4 {
            for w in seg.windows(2) {
                if let Some(e) = self.g.edge_index(w[0], w[1]) {
                    edges.push(e);
                }
            }
            for c in seg.iter_mut() {
                for _ in 0..turns {
                    *c = self.rho[*c as usize];
                }
            }
        }
        edges.sort_unstable();
        edges.dedup();
        if edges.len() == self.g.vertex_count() {
            self.found.insert(edges);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tourglyph_core::board::Board;
    use tourglyph_core::piece::Piece;

    #[test]
    fn six_by_six_has_two_and_they_are_tours() {
        let g = LeapGraph::new(Board::new(6, 6), &Piece::rook()).unwrap();
        let t = quarter_turn_tours(&g, 1_000_000).unwrap();
        assert_eq!(t.len(), 2);
        for tour in &t {
            tour.validate(&g).unwrap();
        }
        let g10 = LeapGraph::new(Board::new(10, 10), &Piece::rook()).unwrap();
        let t = std::time::Instant::now();
        let q = quarter_turn_tours(&g10, 100_000_000).unwrap();
        eprintln!("10x10: {} tours in {:?}", q.len(), t.elapsed());
        assert_eq!(q.len(), 204); // Burnside's Fix(quarter turn), `count --symmetry rot90`
        let g8 = LeapGraph::new(Board::new(8, 8), &Piece::rook()).unwrap();
        assert!(quarter_turn_tours(&g8, 1_000).unwrap().is_empty());
    }
}
