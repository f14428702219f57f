//! Tours as undirected edge sets, and their printed cell order.
//!
//! A tour's identity is its sorted list of edge numbers: a closed tour has no start and no
//! direction, an open tour no direction. Printed as cells (docs/guide.md, "Tour IDs"), a closed tour starts
//! at its smallest cell and goes first to the smaller of that cell's two tour neighbours;
//! an open tour starts at its smaller end.

use crate::board::Board;
use crate::error::{Error, Result};
use crate::graph::LeapGraph;

/// Closed (Hamiltonian cycle) or open (Hamiltonian path).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TourKind {
    /// A Hamiltonian cycle: n edges.
    Closed,
    /// A Hamiltonian path: n − 1 edges.
    Open,
}

impl TourKind {
    /// Number of edges of a tour of this kind on `cells` cells.
    pub fn edge_count(self, cells: usize) -> usize {
        match self {
            TourKind::Closed => cells,
            TourKind::Open => cells.saturating_sub(1),
        }
    }

    /// True for closed tours.
    pub fn is_closed(self) -> bool {
        self == TourKind::Closed
    }

    /// `"closed"` or `"open"`, for messages.
    pub fn word(self) -> &'static str {
        match self {
            TourKind::Closed => "closed",
            TourKind::Open => "open",
        }
    }
}

/// A tour: its kind and its edge numbers, increasing.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tour {
    /// Increasing edge numbers.
    pub edges: Vec<u32>,
    /// Closed or open.
    pub kind: TourKind,
}

impl PartialOrd for TourKind {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for TourKind {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (*self as u8).cmp(&(*other as u8))
    }
}

impl Tour {
    /// A tour from an edge list (sorted here). Not validated: see [`Tour::validate`].
    pub fn from_edges(mut edges: Vec<u32>, kind: TourKind) -> Self {
        edges.sort_unstable();
        Tour { edges, kind }
    }

    /// The cells in printing order (see the module doc).
    pub fn cells(&self, g: &LeapGraph) -> Vec<u32> {
        let n = g.vertex_count();
        // Each cell has at most two tour neighbours.
        let mut nb = vec![[u32::MAX; 2]; n];
        for &e in &self.edges {
            let (u, v) = g.edge(e);
            for (a, b) in [(u, v), (v, u)] {
                let slot = &mut nb[a as usize];
                if slot[0] == u32::MAX {
                    slot[0] = b;
                } else {
                    slot[1] = b;
                }
            }
        }
        if n == 1 {
            return vec![0];
        }
        let start = match self.kind {
            TourKind::Closed => 0u32,
            TourKind::Open => (0..n as u32)
                .find(|&v| nb[v as usize][1] == u32::MAX)
                .unwrap_or(0),
        };
        let mut out = Vec::with_capacity(n);
        let mut prev = u32::MAX;
        let mut cur = start;
        let first = match self.kind {
            TourKind::Closed => nb[0][0].min(nb[0][1]),
            TourKind::Open => nb[start as usize][0],
        };
        for i in 0..n {
            out.push(cur);
            if i + 1 == n {
                break;
            }
            let next = if i == 0 {
                first
            } else {
                let [a, b] = nb[cur as usize];
                if a == prev { b } else { a }
            };
            if next == u32::MAX {
                break;
            }
            prev = cur;
            cur = next;
        }
        out
    }

    /// (row, col) of each cell in printing order.
    pub fn coords(&self, g: &LeapGraph) -> Vec<(u32, u32)> {
        let b = g.board();
        self.cells(g)
            .into_iter()
            .map(|c| b.coords(g.cell_of(c)))
            .collect()
    }

    /// Build a tour from a cell sequence, checking every step. For a closed tour the
    /// sequence lists each cell once and the closing step (last → first) must be a move.
    /// The error names the first illegal step.
    pub fn from_cells(g: &LeapGraph, cells: &[u32], kind: TourKind) -> Result<Self> {
        let b = g.board();
        let n = g.vertex_count();
        if cells.len() != n {
            return Err(Error::usage(format!(
                "a tour of {b} visits {n} cells; this one lists {}",
                cells.len()
            )));
        }
        let mut seen = vec![false; n];
        for &c in cells {
            let Some(slot) = seen.get_mut(c as usize) else {
                return Err(Error::usage(format!(
                    "cell number {c} is off the {b} board (cells are numbered 0..{n})"
                )));
            };
            if std::mem::replace(slot, true) {
                return Err(Error::usage(format!(
                    "cell {} appears twice in the tour",
                    b.algebraic(c)
                )));
            }
        }
        let mut edges = Vec::with_capacity(n);
        let steps = match kind {
            TourKind::Closed => n,
            TourKind::Open => n - 1,
        };
        for i in 0..steps {
            let (u, v) = (cells[i], cells[(i + 1) % n]);
            match g.edge_index(u, v) {
                Some(e) => edges.push(e),
                None => {
                    return Err(Error::usage(format!(
                        "step {} from {} to {} is not a {} move{}",
                        i + 1,
                        b.algebraic(u),
                        b.algebraic(v),
                        g.piece(),
                        if i + 1 == n {
                            " (the closing step)"
                        } else {
                            ""
                        }
                    )));
                }
            }
        }
        if kind == TourKind::Closed && n < 3 {
            return Err(Error::usage("a closed tour needs at least 3 cells"));
        }
        Ok(Tour::from_edges(edges, kind))
    }

    /// Check that the edge set is a Hamiltonian cycle (closed) or path (open) of `g`.
    pub fn validate(&self, g: &LeapGraph) -> Result<()> {
        let n = g.vertex_count();
        let want = self.kind.edge_count(n);
        let fail = |why: String| Err(Error::runtime(format!("invalid tour: {why}")));
        if self.edges.len() != want {
            return fail(format!("{} edges, expected {want}", self.edges.len()));
        }
        if self.edges.windows(2).any(|w| w[0] >= w[1]) {
            return fail("edge list not strictly increasing".into());
        }
        if self.edges.iter().any(|&e| e as usize >= g.edge_count()) {
            return fail("edge number out of range".into());
        }
        let mut deg = vec![0u8; n];
        for &e in &self.edges {
            let (u, v) = g.edge(e);
            deg[u as usize] += 1;
            deg[v as usize] += 1;
        }
        let ends = deg.iter().filter(|&&d| d == 1).count();
        let ok_deg = match self.kind {
            TourKind::Closed => deg.iter().all(|&d| d == 2),
            TourKind::Open => n == 1 || (ends == 2 && deg.iter().all(|&d| d == 1 || d == 2)),
        };
        if !ok_deg {
            return fail("a cell has the wrong number of tour edges".into());
        }
        if self.cells(g).len() != n || {
            let mut s = vec![false; n];
            self.cells(g)
                .iter()
                .any(|&c| std::mem::replace(&mut s[c as usize], true))
        } {
            return fail("the edges form more than one piece".into());
        }
        Ok(())
    }

    /// Cells as a string of algebraic names, separated by spaces.
    pub fn algebraic(&self, g: &LeapGraph) -> String {
        let b: Board = g.board();
        self.cells(g)
            .iter()
            .map(|&c| b.algebraic(c))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Piece;

    #[test]
    fn cell_off_the_board_is_an_error_not_a_panic() {
        let g = LeapGraph::new(Board::new(2, 3), &Piece::rook()).unwrap();
        for bad in [6, 7, u32::MAX] {
            let e = Tour::from_cells(&g, &[0, 1, 2, 5, 4, bad], TourKind::Closed).unwrap_err();
            assert!(e.is_usage(), "{e}");
            assert!(e.to_string().contains("off the"), "{e}");
        }
    }

    #[test]
    fn cells_and_validation() {
        let g = LeapGraph::new(Board::new(2, 3), &Piece::rook()).unwrap();
        // The ring 0-1-2-5-4-3-0.
        let t = Tour::from_cells(&g, &[0, 1, 2, 5, 4, 3], TourKind::Closed).unwrap();
        assert_eq!(t.cells(&g), vec![0, 1, 2, 5, 4, 3]);
        t.validate(&g).unwrap();
        let t2 = Tour::from_cells(&g, &[3, 4, 5, 2, 1, 0], TourKind::Closed).unwrap();
        assert_eq!(t, t2);
        let e = Tour::from_cells(&g, &[0, 2, 1, 5, 4, 3], TourKind::Closed).unwrap_err();
        assert!(e.to_string().contains("step 1"), "{e}");
        let p = Tour::from_cells(&g, &[3, 0, 1, 4, 5, 2], TourKind::Open).unwrap();
        p.validate(&g).unwrap();
        assert_eq!(p.cells(&g), vec![2, 5, 4, 1, 0, 3]);
        let bad = Tour::from_edges(vec![0, 1, 2], TourKind::Closed);
        assert!(bad.validate(&g).is_err());
    }
}
