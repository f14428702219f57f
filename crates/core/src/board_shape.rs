//! Shaped boards: the cells of a board cut from a mask, and why a shape has no tour.
//!
//! # Design
//!
//! A [`Shape`] is its bounding rectangle (a [`Board`]) and a mask of the cells inside it.
//! Cells keep the bounding board's numbers (`r * cols + c`) and names (`a1` bottom left),
//! so every message and every drawing uses the board's own coordinates, and the existing
//! cell → point mapping of the layout draws a shape's glyphs in the shape's outline.
//!
//! The shape's **parts** are the connected components of the piece's leap graph on the
//! shape's cells (for the rook: 4-connected pieces; the letters and the dots of a word),
//! numbered by their first cell in row-major order. Each part gets its own graph
//! ([`LeapGraph::on_cells`]): vertices are the part's cells renumbered row-major over the
//! part, edges numbered in increasing (u, v) order of those vertices, exactly as on a
//! whole board; a shape that is the whole rectangle is one part whose graph *is* the
//! board's graph, so counts and tour IDs are today's.
//!
//! A tour of a shape is a tuple of closed tours, one per part. Tuples are numbered in
//! mixed radix with part 0 the most significant digit: with `c_i` tours of part i and
//! `id_i` the ID of part i's tour among them, the tuple's ID is
//! `((id_0 · c_1 + id_1) · c_2 + id_2) …` (lexicographic order of the tuples of IDs), so
//! one part gives its own IDs. The engine (`tourglyph_engine::shape_diagrams`) counts and unranks
//! on each part's frontier diagram.
//!
//! Before any engine runs, [`refusal`] looks for a reason a part can have no closed tour
//! that is provable at once: a cell with fewer than two moves, a cut vertex (a cell whose
//! removal disconnects the part: a cycle through every cell has none), or, for a piece
//! that always changes colour, more cells of one colour than of the other. The sentence
//! names the part and the first offending cell in row-major order.
//!
//! Shapes are read from text here ([`Shape::parse_text`]: `#` a cell, `.` or a space
//! none, ragged lines allowed); pictures are sampled into masks by the facade.

use crate::board::Board;
use crate::error::{Error, Result};
use crate::graph::LeapGraph;
use crate::piece::Piece;

/// A board cut from a mask: the bounding rectangle and the cells inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    board: Board,
    inside: Vec<bool>,
}

impl Shape {
    /// The shape of `inside` (one flag per cell of `board`, row-major), cropped to the
    /// rows and columns that hold a cell. Refused when no cell is inside.
    pub fn from_mask(board: Board, inside: &[bool]) -> Result<Shape> {
        assert_eq!(inside.len(), board.cells(), "one flag per cell");
        let (rows, cols) = (board.rows as usize, board.cols as usize);
        let at = |r: usize, c: usize| inside[r * cols + c];
        let used_rows: Vec<usize> = (0..rows).filter(|&r| (0..cols).any(|c| at(r, c))).collect();
        let used_cols: Vec<usize> = (0..cols).filter(|&c| (0..rows).any(|r| at(r, c))).collect();
        let (Some(&r0), Some(&r1)) = (used_rows.first(), used_rows.last()) else {
            return Err(Error::usage(
                "the shape has no cell: mark cells with '#' (or darken the picture's cells)",
            ));
        };
        let (c0, c1) = (used_cols[0], *used_cols.last().expect("a column"));
        let b = Board::new((r1 - r0 + 1) as u32, (c1 - c0 + 1) as u32);
        let mut mask = Vec::with_capacity(b.cells());
        for r in r0..=r1 {
            for c in c0..=c1 {
                mask.push(at(r, c));
            }
        }
        Ok(Shape {
            board: b,
            inside: mask,
        })
    }

    /// The whole rectangle as a shape.
    pub fn rectangle(board: Board) -> Shape {
        Shape {
            board,
            inside: vec![true; board.cells()],
        }
    }

    /// Read a text grid: `#` a cell, `.` or a space none, one line a row; lines may be
    /// ragged (missing cells at a line's end are outside) and blank lines at the start
    /// and end are dropped. Any other character is refused with its line and column.
    pub fn parse_text(text: &str) -> Result<Shape> {
        let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
        let rows = lines.len();
        let cols = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        if rows == 0 || cols == 0 {
            return Err(Error::usage(
                "the shape has no cell: mark cells with '#' (or darken the picture's cells)",
            ));
        }
        if rows > 10_000 || cols > 10_000 {
            return Err(Error::usage(format!(
                "the shape text is {rows} lines by {cols} columns; at most 10000 by 10000: give a smaller grid"
            )));
        }
        let mut inside = vec![false; rows * cols];
        for (r, line) in lines.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    '#' => inside[r * cols + c] = true,
                    '.' | ' ' => {}
                    _ => {
                        return Err(Error::usage(format!(
                            "shape text line {}, column {}: '{}' is neither '#' (a cell) nor '.' (no cell)",
                            r + 1,
                            c + 1,
                            ch.escape_debug()
                        )));
                    }
                }
            }
        }
        Shape::from_mask(Board::new(rows as u32, cols as u32), &inside)
    }

    /// The bounding rectangle.
    pub fn board(&self) -> Board {
        self.board
    }

    /// Is `cell` (a cell of the bounding board) inside?
    pub fn contains(&self, cell: u32) -> bool {
        self.inside.get(cell as usize).copied().unwrap_or(false)
    }

    /// The cells inside, increasing (row-major).
    pub fn cells(&self) -> Vec<u32> {
        (0..self.inside.len() as u32)
            .filter(|&c| self.inside[c as usize])
            .collect()
    }

    /// Number of cells inside.
    pub fn len(&self) -> usize {
        self.inside.iter().filter(|&&b| b).count()
    }

    /// True when no cell is inside (never, for a shape built by this module).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True when every cell of the bounding board is inside.
    pub fn is_rectangle(&self) -> bool {
        self.inside.iter().all(|&b| b)
    }

    /// The shape as a text grid (`#` and `.`, one line a row).
    pub fn to_text(&self) -> String {
        let cols = self.board.cols as usize;
        let mut s = String::with_capacity(self.inside.len() + self.board.rows as usize);
        for row in self.inside.chunks(cols) {
            s.extend(row.iter().map(|&b| if b { '#' } else { '.' }));
            s.push('\n');
        }
        s
    }

    /// The parts: connected components of `piece`'s moves over the shape's cells, each
    /// its cells increasing, ordered by their first cell.
    pub fn parts(&self, piece: &Piece) -> Vec<Vec<u32>> {
        let b = self.board;
        let (rows, cols) = (i64::from(b.rows), i64::from(b.cols));
        let moves = piece.moves();
        let mut part = vec![u32::MAX; self.inside.len()];
        let mut parts: Vec<Vec<u32>> = Vec::new();
        for start in self.cells() {
            if part[start as usize] != u32::MAX {
                continue;
            }
            let k = parts.len() as u32;
            part[start as usize] = k;
            let mut stack = vec![start];
            let mut cells = vec![start];
            while let Some(v) = stack.pop() {
                let (r, c) = b.coords(v);
                for &(dr, dc) in &moves {
                    let (r2, c2) = (i64::from(r) + dr, i64::from(c) + dc);
                    if !(0 <= r2 && r2 < rows && 0 <= c2 && c2 < cols) {
                        continue;
                    }
                    let w = b.cell(r2 as u32, c2 as u32);
                    if self.inside[w as usize] && part[w as usize] == u32::MAX {
                        part[w as usize] = k;
                        stack.push(w);
                        cells.push(w);
                    }
                }
            }
            cells.sort_unstable();
            parts.push(cells);
        }
        parts
    }

    /// The leap graph of each part ([`Shape::parts`]), in part order.
    pub fn part_graphs(&self, piece: &Piece) -> Result<Vec<LeapGraph>> {
        self.parts(piece)
            .iter()
            .map(|cells| LeapGraph::on_cells(self.board, piece, cells))
            .collect()
    }
}

/// Why part `index` (its graph `g`, from [`Shape::part_graphs`]) can have no closed tour,
/// when that is provable at once: a cell with fewer than two moves, a cut vertex, or
/// (a piece that always changes colour) more cells of one colour than the other. The
/// sentence names the part (1-based) and the first offending cell (row-major, named
/// algebraically on the shape's board).
pub fn refusal(g: &LeapGraph, index: usize) -> Option<String> {
    let b = g.board();
    let n = g.vertex_count() as u32;
    let part = index + 1;
    let name = |v: u32| b.algebraic(g.cell_of(v));
    if let Some(v) = (0..n).find(|&v| g.degree(v) < 2) {
        return Some(format!(
            "part {part} has no closed {} tour: cell {} has {} move(s) in the shape, and a closed tour needs 2 at every cell",
            g.piece(),
            name(v),
            g.degree(v)
        ));
    }
    if let Some(v) = first_cut_vertex(g) {
        return Some(format!(
            "part {part} has no closed {} tour: cell {} is a cut vertex (removing it splits the part), and a closed tour never passes a cell twice",
            g.piece(),
            name(v)
        ));
    }
    if g.piece().colour_changing() {
        let colour = |v: u32| {
            let (r, c) = b.coords(g.cell_of(v));
            (r + c) % 2
        };
        let dark = (0..n).filter(|&v| colour(v) == 1).count() as u32;
        let light = n - dark;
        if dark != light {
            let more = u32::from(dark > light);
            let v = (0..n).find(|&v| colour(v) == more).expect("a cell");
            return Some(format!(
                "part {part} has no closed {} tour: it has {} cells of one colour and {} of the other (the first, {}, is of the larger colour), and a closed tour alternates colours",
                g.piece(),
                dark.max(light),
                dark.min(light),
                name(v)
            ));
        }
    }
    None
}

/// The first (lowest-numbered) cut vertex of a connected graph, by the low-point
/// depth-first search of Hopcroft and Tarjan ("Efficient algorithms for graph
/// manipulation", CACM 16(6), 1973), run without recursion.
pub fn first_cut_vertex(g: &LeapGraph) -> Option<u32> {
    let n = g.vertex_count();
    if n < 3 {
        return None;
    }
    let mut disc = vec![u32::MAX; n];
    let mut low = vec![0u32; n];
    let mut cut = vec![false; n];
    let mut time = 0u32;
    // (vertex, parent, next neighbour index)
    let mut stack: Vec<(u32, u32, usize)> = vec![(0, u32::MAX, 0)];
    disc[0] = 0;
    low[0] = 0;
    let mut root_children = 0;
    while let Some(&mut (v, parent, ref mut i)) = stack.last_mut() {
        let nb = g.neighbours(v);
        if *i < nb.len() {
            let w = nb[*i];
            *i += 1;
            if disc[w as usize] == u32::MAX {
                time += 1;
                disc[w as usize] = time;
                low[w as usize] = time;
                if v == 0 {
                    root_children += 1;
                }
                stack.push((w, v, 0));
            } else if w != parent {
                low[v as usize] = low[v as usize].min(disc[w as usize]);
            }
        } else {
            stack.pop();
            if parent != u32::MAX {
                low[parent as usize] = low[parent as usize].min(low[v as usize]);
                if parent != 0 && low[v as usize] >= disc[parent as usize] {
                    cut[parent as usize] = true;
                }
            }
        }
    }
    if root_children > 1 {
        cut[0] = true;
    }
    (0..n as u32).find(|&v| cut[v as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(t: &str) -> Shape {
        Shape::parse_text(t).unwrap()
    }

    /// A cut vertex found by brute force: removing it leaves the rest disconnected.
    fn brute_cut(g: &LeapGraph) -> Option<u32> {
        let n = g.vertex_count() as u32;
        (0..n).find(|&x| {
            let start = if x == 0 { 1 } else { 0 };
            if n < 3 {
                return false;
            }
            let mut seen = vec![false; n as usize];
            seen[x as usize] = true;
            seen[start as usize] = true;
            let mut stack = vec![start];
            let mut reached = 1;
            while let Some(v) = stack.pop() {
                for &w in g.neighbours(v) {
                    if !std::mem::replace(&mut seen[w as usize], true) {
                        reached += 1;
                        stack.push(w);
                    }
                }
            }
            reached < n - 1
        })
    }

    #[test]
    fn parses_ragged_text_and_crops() {
        let s = shape("\n..##\n.###\n.#\n\n");
        assert_eq!(s.board(), Board::new(3, 3));
        assert_eq!(s.to_text(), ".##\n###\n#..\n");
        assert_eq!(s.len(), 6);
        let e = Shape::parse_text("##\n#x").unwrap_err();
        assert!(e.is_usage());
        assert!(e.to_string().contains("line 2, column 2: 'x'"), "{e}");
        assert!(
            Shape::parse_text("..\n..")
                .unwrap_err()
                .to_string()
                .contains("no cell")
        );
    }

    #[test]
    fn whole_rectangle_is_the_board_graph() {
        let b = Board::new(4, 5);
        let s = Shape::rectangle(b);
        let gs = s.part_graphs(&Piece::rook()).unwrap();
        assert_eq!(gs.len(), 1);
        let g = LeapGraph::new(b, &Piece::rook()).unwrap();
        assert_eq!(gs[0].edges(), g.edges());
        assert!((0..20).all(|v| gs[0].cell_of(v) == v));
    }

    #[test]
    fn parts_are_numbered_by_first_cell() {
        let s = shape("##.#\n##.#\n...#\n#...");
        let parts = s.parts(&Piece::rook());
        assert_eq!(parts, vec![vec![0, 1, 4, 5], vec![3, 7, 11], vec![12]]);
        let gs = s.part_graphs(&Piece::rook()).unwrap();
        // Part 2's vertices are renumbered 0, 1, 2 and drawn at their own cells.
        assert_eq!(gs[1].edges(), &[(0, 1), (1, 2)]);
        assert_eq!(gs[1].cell_of(2), 11);
    }

    #[test]
    fn refuses_a_cell_of_degree_one() {
        let s = shape("###\n#.#\n###\n#..");
        let g = &s.part_graphs(&Piece::rook()).unwrap()[0];
        let why = refusal(g, 0).unwrap();
        // Row 3 col 0 of a 4-row board is a1.
        assert!(
            why.starts_with("part 1 has no closed rook tour: cell a1 has 1 move(s)"),
            "{why}"
        );
    }

    #[test]
    fn refuses_a_cut_vertex() {
        // Two 2x2 squares joined through one cell.
        let s = shape("##...\n###..\n..###\n...##");
        let g = &s.part_graphs(&Piece::rook()).unwrap()[0];
        let why = refusal(g, 0).unwrap();
        assert!(why.contains("cell b3 is a cut vertex"), "{why}");
        assert_eq!(first_cut_vertex(g), brute_cut(g));
    }

    #[test]
    fn refuses_colour_imbalance() {
        // A 3x3 ring has 8 cells, balanced; a plus of 5 is not, but has degree-1 arms;
        // a 3x3 full square has 5 dark (corners and centre) and 4 light.
        let s = shape("###\n###\n###");
        let g = &s.part_graphs(&Piece::rook()).unwrap()[0];
        let why = refusal(g, 0).unwrap();
        assert!(
            why.contains("5 cells of one colour and 4 of the other"),
            "{why}"
        );
        assert!(why.contains("the first, a3,"), "{why}");
        let ring = shape("###\n#.#\n###");
        assert_eq!(
            refusal(&ring.part_graphs(&Piece::rook()).unwrap()[0], 0),
            None
        );
    }

    #[test]
    fn cut_vertices_match_brute_force_on_random_shapes() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..300 {
            let mut text = String::new();
            for _ in 0..5 {
                for _ in 0..5 {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    text.push(if x % 10 < 7 { '#' } else { '.' });
                }
                text.push('\n');
            }
            let Ok(s) = Shape::parse_text(&text) else {
                continue;
            };
            for g in s.part_graphs(&Piece::rook()).unwrap() {
                assert_eq!(first_cut_vertex(&g), brute_cut(&g), "{text}");
            }
        }
    }
}
