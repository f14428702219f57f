//! The leap graph of a piece on a board, in CSR form.
//!
//! Vertices are cells, numbered row-major. Edges are the unordered pairs {u, v} of cells a
//! move apart, numbered from 0 in increasing (u, v) order with u < v — the numbering that
//! tour IDs are defined on (docs/guide.md, "Tour IDs").

use crate::board::Board;
use crate::error::{Error, Result};
use crate::piece::Piece;

/// How the board's edges meet: an ordinary board, or a torus whose left and right
/// edges are joined, and its top and bottom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Topology {
    /// The ordinary board.
    #[default]
    Plane,
    /// The board's opposite edges joined: a move may leave one side and come back on the
    /// other. Edge numbering is unchanged (edges in increasing (u, v) order, u < v), so a
    /// wrap edge {(r, 0), (r, n−1)} is numbered among cell (r, 0)'s edges, just before
    /// its edge to the cell below, and a wrap edge {(0, c), (m−1, c)} among cell (0, c)'s
    /// edges, after the others.
    Torus,
}

impl Topology {
    /// True on the torus.
    pub fn is_torus(self) -> bool {
        self == Topology::Torus
    }
}

/// CSR adjacency plus the numbered edge list.
#[derive(Clone, Debug)]
pub struct LeapGraph {
    board: Board,
    piece: Piece,
    topology: Topology,
    /// `offsets[v]..offsets[v+1]` indexes `targets` and `edge_of` for v's neighbours.
    offsets: Vec<u32>,
    /// Neighbours of each vertex, increasing.
    targets: Vec<u32>,
    /// The edge number of each (v, targets[i]) slot.
    edge_of: Vec<u32>,
    /// Edge e = (edges[e].0, edges[e].1), u < v, in increasing order.
    edges: Vec<(u32, u32)>,
    /// On a shaped board ([`LeapGraph::on_cells`]): the board cell of each vertex,
    /// increasing; `None` when vertex v is cell v.
    cells: Option<Vec<u32>>,
}

/// Boards beyond this many cells are refused by the graph builder (the CSR alone would
/// need gigabytes); the `find` constructions work on boards of any size without a graph.
pub const MAX_GRAPH_CELLS: usize = 50_000_000;

impl LeapGraph {
    /// Build the graph of `piece` on `board`.
    pub fn new(board: Board, piece: &Piece) -> Result<Self> {
        Self::with_topology(board, piece, Topology::Plane)
    }

    /// Build the graph of `piece` on `board` with the given topology. On the torus a
    /// move's target wraps around (row and column taken modulo the sides); a target that
    /// is the cell itself or repeats another move's target adds no edge, so the graph
    /// stays simple (a side of 2 or less makes the rook's two moves along it coincide).
    pub fn with_topology(board: Board, piece: &Piece, topology: Topology) -> Result<Self> {
        let n = board.cells();
        if n > MAX_GRAPH_CELLS {
            return Err(Error::usage(format!(
                "board {board} has {n} cells; the leap graph is limited to {MAX_GRAPH_CELLS}: use a smaller board"
            )));
        }
        let moves = piece.moves();
        let (rows, cols) = (i64::from(board.rows), i64::from(board.cols));
        let mut offsets = Vec::with_capacity(n + 1);
        let mut targets = Vec::new();
        offsets.push(0u32);
        for u in 0..n as u32 {
            let (r, c) = board.coords(u);
            let mut nb: Vec<u32> = moves
                .iter()
                .filter_map(|&(dr, dc)| {
                    let (r2, c2) = (i64::from(r) + dr, i64::from(c) + dc);
                    match topology {
                        Topology::Plane => (0 <= r2 && r2 < rows && 0 <= c2 && c2 < cols)
                            .then(|| board.cell(r2 as u32, c2 as u32)),
                        Topology::Torus => {
                            let t =
                                board.cell(r2.rem_euclid(rows) as u32, c2.rem_euclid(cols) as u32);
                            (t != u).then_some(t)
                        }
                    }
                })
                .collect();
            nb.sort_unstable();
            nb.dedup();
            targets.extend_from_slice(&nb);
            offsets.push(targets.len() as u32);
        }
        // Edges in increasing (u, v), u < v: scanning u in order and its sorted
        // neighbours above u yields exactly that order.
        let mut edges = Vec::with_capacity(targets.len() / 2);
        for u in 0..n as u32 {
            for &v in &targets[offsets[u as usize] as usize..offsets[u as usize + 1] as usize] {
                if u < v {
                    edges.push((u, v));
                }
            }
        }
        let mut g = LeapGraph {
            board,
            piece: piece.clone(),
            topology,
            offsets,
            targets,
            edge_of: Vec::new(),
            edges,
            cells: None,
        };
        g.edge_of = (0..n as u32)
            .flat_map(|u| {
                let g = &g;
                g.neighbours(u)
                    .iter()
                    .map(move |&v| g.edge_index(u.min(v), u.max(v)).expect("edge exists"))
            })
            .collect();
        Ok(g)
    }

    /// The graph of `piece` on some cells of `board` (a shaped board, or one connected
    /// part of it: [`crate::board_shape`]). Vertex i is `cells[i]` once the cells are sorted and
    /// deduplicated, so vertices follow the board's row-major order over the chosen cells
    /// and edges are numbered in increasing (u, v) order of those vertices, as on a whole
    /// board. With every cell of the board chosen it is [`LeapGraph::new`]'s graph.
    pub fn on_cells(board: Board, piece: &Piece, cells: &[u32]) -> Result<Self> {
        let mut cells = cells.to_vec();
        cells.sort_unstable();
        cells.dedup();
        if let Some(&c) = cells.iter().find(|&&c| c as usize >= board.cells()) {
            return Err(Error::usage(format!(
                "cell {c} is off the {board} board: give cells of the board"
            )));
        }
        let n = cells.len();
        let moves = piece.moves();
        let (rows, cols) = (i64::from(board.rows), i64::from(board.cols));
        let mut offsets = Vec::with_capacity(n + 1);
        let mut targets = Vec::new();
        offsets.push(0u32);
        for &cell in &cells {
            let (r, c) = board.coords(cell);
            let mut nb: Vec<u32> = moves
                .iter()
                .filter_map(|&(dr, dc)| {
                    let (r2, c2) = (i64::from(r) + dr, i64::from(c) + dc);
                    (0 <= r2 && r2 < rows && 0 <= c2 && c2 < cols)
                        .then(|| board.cell(r2 as u32, c2 as u32))
                })
                .filter_map(|t| cells.binary_search(&t).ok().map(|i| i as u32))
                .collect();
            nb.sort_unstable();
            nb.dedup();
            targets.extend_from_slice(&nb);
            offsets.push(targets.len() as u32);
        }
        let mut edges = Vec::with_capacity(targets.len() / 2);
        for u in 0..n as u32 {
            for &v in &targets[offsets[u as usize] as usize..offsets[u as usize + 1] as usize] {
                if u < v {
                    edges.push((u, v));
                }
            }
        }
        let mut g = LeapGraph {
            board,
            piece: piece.clone(),
            topology: Topology::Plane,
            offsets,
            targets,
            edge_of: Vec::new(),
            edges,
            cells: (n != board.cells()).then_some(cells),
        };
        g.edge_of = (0..n as u32)
            .flat_map(|u| {
                let g = &g;
                g.neighbours(u)
                    .iter()
                    .map(move |&v| g.edge_index(u.min(v), u.max(v)).expect("edge exists"))
            })
            .collect();
        Ok(g)
    }

    /// The board cell of vertex `v`: `v` itself on a whole board, else its cell on the
    /// shaped board ([`LeapGraph::on_cells`]).
    #[inline]
    pub fn cell_of(&self, v: u32) -> u32 {
        self.cells.as_ref().map_or(v, |c| c[v as usize])
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The piece.
    pub fn piece(&self) -> &Piece {
        &self.piece
    }

    /// Plane or torus.
    pub fn topology(&self) -> Topology {
        self.topology
    }

    /// The board for messages: `6x6`, or `the 6x6 torus`.
    pub fn board_name(&self) -> String {
        match self.topology {
            Topology::Plane => self.board.to_string(),
            Topology::Torus => format!("the {} torus", self.board),
        }
    }

    /// Number of vertices (cells).
    pub fn vertex_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Number of edges.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// Neighbours of `v`, increasing.
    #[inline]
    pub fn neighbours(&self, v: u32) -> &[u32] {
        &self.targets[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }

    /// Edge numbers of v's incident edges, parallel to [`neighbours`](Self::neighbours).
    #[inline]
    pub fn incident_edges(&self, v: u32) -> &[u32] {
        &self.edge_of[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }

    /// Degree of `v`.
    #[inline]
    pub fn degree(&self, v: u32) -> usize {
        (self.offsets[v as usize + 1] - self.offsets[v as usize]) as usize
    }

    /// The edge list, edge e at index e.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The endpoints (u < v) of edge `e`.
    #[inline]
    pub fn edge(&self, e: u32) -> (u32, u32) {
        self.edges[e as usize]
    }

    /// The number of edge {u, v}, if the cells are a move apart.
    pub fn edge_index(&self, u: u32, v: u32) -> Option<u32> {
        let (u, v) = (u.min(v), u.max(v));
        self.edges.binary_search(&(u, v)).ok().map(|i| i as u32)
    }

    /// Why no tour (an `open` one, else a closed one) can exist as far as
    /// connectivity and degrees tell, as the sentence every command gives (`find`'s): a
    /// move graph in pieces (a camel keeps its colour), or more cells with one move than
    /// an open tour has ends. Closed tours also need [`Self::closed_tour_impossible`].
    pub fn no_tour(&self, open: bool) -> Option<String> {
        let kind = if open { "open" } else { "closed" };
        let n = self.vertex_count();
        if n < 2 {
            return None;
        }
        if !self.connected() {
            return Some(disconnected(kind, &self.piece, self.board));
        }
        let ends: Vec<u32> = (0..n as u32).filter(|&v| self.degree(v) == 1).collect();
        if open && ends.len() > 2 {
            let cells: Vec<String> = ends
                .iter()
                .take(3)
                .map(|&v| self.board.algebraic(v))
                .collect();
            return Some(format!(
                "no open {} tour exists on {}: {} cells ({}, …) have one move each, and an open tour has only two ends",
                self.piece,
                self.board,
                ends.len(),
                cells.join(", ")
            ));
        }
        None
    }

    /// Can every cell reach every other?
    fn connected(&self) -> bool {
        let n = self.vertex_count();
        let mut seen = vec![false; n];
        let mut stack = vec![0u32];
        seen[0] = true;
        let mut reached = 1;
        while let Some(v) = stack.pop() {
            for &w in self.neighbours(v) {
                if !std::mem::replace(&mut seen[w as usize], true) {
                    reached += 1;
                    stack.push(w);
                }
            }
        }
        reached == n
    }

    /// True when the graph is bipartite with colour classes of different sizes (then no
    /// closed tour can exist), or the board has an odd number of cells and the piece
    /// always changes colour. Returns the reason in words.
    pub fn closed_tour_impossible(&self) -> Option<String> {
        let n = self.vertex_count();
        if n < 3 {
            return Some(format!(
                "a closed tour needs at least 3 cells; {} has {n}",
                self.board
            ));
        }
        if let Some(v) = (0..n as u32).find(|&v| self.degree(v) < 2) {
            return Some(format!(
                "cell {} has {} move(s); a closed tour needs 2 at every cell",
                self.board.algebraic(v),
                self.degree(v)
            ));
        }
        // On the torus an odd side joins two cells of one colour, so the colour argument
        // holds only on the plane (and on a torus with both sides even, n is even).
        if self.piece.colour_changing() && n % 2 == 1 && !self.topology.is_torus() {
            return Some(format!(
                "the {} always changes square colour, so a closed tour needs an even number of cells; {} has {n}",
                self.piece, self.board
            ));
        }
        None
    }
}

/// The sentence for a piece whose move graph on `board` is in pieces (no `kind` tour:
/// `closed` or `open`), shared by `find` and the enumerating commands.
pub fn disconnected(kind: &str, piece: &Piece, board: Board) -> String {
    format!(
        "no {kind} {piece} tour exists on {board}: the piece cannot reach every cell from every other (its move graph is disconnected)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rook_graph_counts() {
        let g = LeapGraph::new(Board::new(3, 4), &Piece::rook()).unwrap();
        assert_eq!(g.vertex_count(), 12);
        assert_eq!(g.edge_count(), 3 * 3 + 2 * 4);
        // Increasing (u, v) order.
        assert!(g.edges().windows(2).all(|w| w[0] < w[1]));
        assert_eq!(g.edges()[0], (0, 1));
        assert_eq!(g.edges()[1], (0, 4));
        for (e, &(u, v)) in g.edges().iter().enumerate() {
            assert_eq!(g.edge_index(v, u), Some(e as u32));
        }
        for v in 0..12 {
            for (&w, &e) in g.neighbours(v).iter().zip(g.incident_edges(v)) {
                assert_eq!(g.edge(e), (v.min(w), v.max(w)));
            }
        }
    }

    #[test]
    fn disconnected_and_dead_end_graphs_have_no_tour() {
        let g = LeapGraph::new(Board::new(6, 6), &"camel".parse().unwrap()).unwrap();
        for (kind, open) in [("open", true), ("closed", false)] {
            let why = g.no_tour(open).unwrap();
            assert!(
                why.starts_with(&format!(
                    "no {kind} camel tour exists on 6x6: the piece cannot reach"
                )),
                "{why}"
            );
        }
        // Connected, with at most two cells of one move: nothing to say.
        let k = LeapGraph::new(Board::new(3, 4), &Piece::knight()).unwrap();
        assert_eq!(k.no_tour(true), None);
        let z = LeapGraph::new(Board::new(1, 3), &Piece::rook()).unwrap();
        assert_eq!(z.no_tour(true), None);
        // The knight on 3x3: the centre has no move.
        let c = LeapGraph::new(Board::new(3, 3), &Piece::knight()).unwrap();
        assert!(c.no_tour(true).unwrap().contains("disconnected"));
    }

    #[test]
    fn torus_rook_graph() {
        let b = Board::new(3, 4);
        let g = LeapGraph::with_topology(b, &Piece::rook(), Topology::Torus).unwrap();
        assert_eq!(g.edge_count(), 2 * 12);
        assert!((0..12).all(|v| g.degree(v) == 4));
        assert!(g.edges().windows(2).all(|w| w[0] < w[1]));
        // Cell 0's edges: right, the row's wrap, down, the column's wrap.
        assert_eq!(&g.edges()[..4], &[(0, 1), (0, 3), (0, 4), (0, 8)]);
        assert_eq!(g.topology(), Topology::Torus);
        assert!(g.closed_tour_impossible().is_none());
    }

    #[test]
    fn knight_degrees() {
        let g = LeapGraph::new(Board::new(8, 8), &Piece::knight()).unwrap();
        assert_eq!(g.edge_count(), 168);
        assert_eq!(g.degree(0), 2);
        assert_eq!(g.degree(27), 8);
    }
}
