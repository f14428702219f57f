//! Plain backtracking, in the style of the rook-tour essay (seed 000) and J's knight DFS
//! (seed 001): grow a path cell by cell; visit *forced* cells first (an unvisited
//! neighbour of the head with only one other way out must be entered now, or it is lost);
//! give up on a branch when some unvisited neighbour of the head is left with fewer than
//! two ways in and out (a dead end that cannot be the path's last cell).
//!
//! It shares nothing with the frontier engine but the graph, which makes it the
//! independent cross-check of the ZDD engine on small boards. Closed tours are found once
//! each (from cell 0, second cell smaller than the last); open tours once each (from
//! their smaller end).

use crate::Flow;
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::{tour::Tour, tour::TourKind};

struct Search<'a, F: FnMut(Tour) -> Flow> {
    g: &'a LeapGraph,
    kind: TourKind,
    visited: Vec<bool>,
    /// Unvisited neighbours of each cell.
    free: Vec<u32>,
    path: Vec<u32>,
    out: F,
    nodes: u64,
    stopped: bool,
}

impl<F: FnMut(Tour) -> Flow> Search<'_, F> {
    fn visit(&mut self, v: u32) {
        self.visited[v as usize] = true;
        self.path.push(v);
        for &w in self.g.neighbours(v) {
            self.free[w as usize] -= 1;
        }
    }

    fn unvisit(&mut self, v: u32) {
        for &w in self.g.neighbours(v) {
            self.free[w as usize] += 1;
        }
        self.path.pop();
        self.visited[v as usize] = false;
    }

    fn emit(&mut self) {
        let p = &self.path;
        let n = p.len();
        let edges: Vec<u32> = match self.kind {
            TourKind::Closed => (0..n)
                .map(|i| self.g.edge_index(p[i], p[(i + 1) % n]).expect("a move"))
                .collect(),
            TourKind::Open => (0..n - 1)
                .map(|i| self.g.edge_index(p[i], p[i + 1]).expect("a move"))
                .collect(),
        };
        if (self.out)(Tour::from_edges(edges, self.kind)) == Flow::Stop {
            self.stopped = true;
        }
    }

    /// Extend the path whose head is the last cell of `path`.
    fn advance(&mut self) {
        if self.stopped {
            return;
        }
        self.nodes += 1;
        let n = self.g.vertex_count();
        let head = *self.path.last().expect("non-empty path");
        let start = self.path[0];
        if self.path.len() == n {
            match self.kind {
                TourKind::Closed => {
                    if self.g.edge_index(head, start).is_some() && self.path[1] < head {
                        self.emit();
                    }
                }
                TourKind::Open => {
                    if start < head {
                        self.emit();
                    }
                }
            }
            return;
        }
        // An unvisited neighbour w of the head keeps its free neighbours, plus the head,
        // plus (closed) the start if adjacent. If it has only the head and one other way,
        // it is forced: go there now. Fewer than that, unless it can be the last cell,
        // is a dead end.
        let mut forced = None;
        for &w in self.g.neighbours(head) {
            if self.visited[w as usize] {
                continue;
            }
            let closes = self.kind == TourKind::Closed
                && self.g.edge_index(w, start).is_some()
                && w != start;
            let ways = self.free[w as usize] + u32::from(closes);
            if ways == 0 {
                // Only the head reaches w: w must be the last cell.
                if self.path.len() + 1 != n {
                    return;
                }
            } else if ways == 1 && self.kind == TourKind::Closed {
                if forced.is_some() {
                    return; // two forced cells: one of them is lost
                }
                forced = Some(w);
            }
        }
        let candidates: Vec<u32> = match forced {
            Some(w) => vec![w],
            None => self
                .g
                .neighbours(head)
                .iter()
                .copied()
                .filter(|&w| !self.visited[w as usize])
                .collect(),
        };
        for w in candidates {
            self.visit(w);
            self.advance();
            self.unvisit(w);
            if self.stopped {
                return;
            }
        }
    }
}

/// Enumerate every tour of `kind` on `g` by backtracking, calling `out` for each (in
/// search order, not ID order). Returns the number of search nodes.
pub fn enumerate(g: &LeapGraph, kind: TourKind, out: impl FnMut(Tour) -> Flow) -> u64 {
    let n = g.vertex_count();
    let mut s = Search {
        g,
        kind,
        visited: vec![false; n],
        free: (0..n as u32).map(|v| g.degree(v) as u32).collect(),
        path: Vec::with_capacity(n),
        out,
        nodes: 0,
        stopped: false,
    };
    if n == 1 {
        if kind == TourKind::Open {
            (s.out)(Tour::from_edges(vec![], kind));
        }
        return 1;
    }
    let starts: Vec<u32> = match kind {
        TourKind::Closed if n < 3 => vec![],
        TourKind::Closed => vec![0],
        TourKind::Open => (0..n as u32).collect(),
    };
    for st in starts {
        s.visit(st);
        s.advance();
        s.unvisit(st);
        if s.stopped {
            break;
        }
    }
    s.nodes
}

/// All tours of `kind` on `g`, sorted in ID order.
pub fn all_tours(g: &LeapGraph, kind: TourKind) -> Vec<Tour> {
    let mut v = Vec::new();
    enumerate(g, kind, |t| {
        v.push(t);
        Flow::Continue
    });
    v.sort();
    v
}
