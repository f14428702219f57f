//! The sliding moves: a piece slides along a line as far as it goes, stopped only by
//! another piece or the edge (Brazeal, "Slides on a Chessboard", Math Horizons 27(4),
//! 2020). Rooks slide along ranks and files, queens also along diagonals.
//!
//! A state is a sorted array of k occupied cells (pieces are indistinguishable: the
//! puzzle's state space has C(n², k) vertices). [`Geometry`] precomputes, for every cell
//! and direction, the ray of cells met in that direction, and generates the successors of
//! a state (its legal moves) and its predecessors (the states with a move onto it).

use std::fmt;
use std::str::FromStr;
use tourglyph_core::{error::Error, error::Result};

/// The sliding piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slider {
    /// Slides along its rank or file.
    Rook,
    /// Slides along its rank, file or diagonals.
    Queen,
}

/// Directions (Δrow, Δcol), clockwise from north, so the opposite of direction `d` of `m`
/// directions is `(d + m/2) % m`.
const ROOK_DIRS: [(i32, i32); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];
const QUEEN_DIRS: [(i32, i32); 8] = [
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

impl Slider {
    /// Its sliding directions (Δrow, Δcol), clockwise from north.
    pub fn dirs(self) -> &'static [(i32, i32)] {
        match self {
            Slider::Rook => &ROOK_DIRS,
            Slider::Queen => &QUEEN_DIRS,
        }
    }

    /// `rook` or `queen`.
    pub fn name(self) -> &'static str {
        match self {
            Slider::Rook => "rook",
            Slider::Queen => "queen",
        }
    }
}

impl fmt::Display for Slider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Slider {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        match s.trim().to_ascii_lowercase().as_str() {
            "rook" | "rooks" => Ok(Slider::Rook),
            "queen" | "queens" => Ok(Slider::Queen),
            _ => Err(Error::usage(format!(
                "unknown sliding piece '{s}': use --piece rook or --piece queen"
            ))),
        }
    }
}

/// One move: the piece on `from` slides to `to` (cell numbers, row-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The cell the piece leaves.
    pub from: u8,
    /// The cell where it stops.
    pub to: u8,
}

/// The board's rays for one sliding piece.
#[derive(Clone, Debug)]
pub struct Geometry {
    n: u32,
    piece: Slider,
    ndirs: usize,
    /// Cells of all rays, concatenated; ray (cell, d) is `rays[start[i]..start[i+1]]`
    /// with `i = cell * ndirs + d`, nearest cell first.
    rays: Vec<u8>,
    start: Vec<u32>,
    /// `line[p * cells + q]`: `(d << 8) | t` when q is t ≥ 1 steps from p in direction
    /// d, else [`NO_LINE`]. With it a state's moves cost O(k²) look-ups, no ray walks.
    line: Vec<u16>,
}

/// Entry of `Geometry::line` for two cells on no common line.
const NO_LINE: u16 = u16::MAX;

/// A 256-bit occupancy set.
#[derive(Clone, Copy, Default)]
struct Occ([u64; 4]);

impl Occ {
    #[inline]
    fn of(cells: &[u8]) -> Occ {
        let mut o = Occ::default();
        for &c in cells {
            o.0[(c >> 6) as usize] |= 1 << (c & 63);
        }
        o
    }
    #[inline]
    fn has(&self, c: u8) -> bool {
        self.0[(c >> 6) as usize] >> (c & 63) & 1 == 1
    }
}

impl Geometry {
    /// The rays of an n×n board (2 ≤ n ≤ 16) for `piece`.
    pub fn new(n: u32, piece: Slider) -> Self {
        assert!((1..=16).contains(&n), "sliding boards are at most 16x16");
        let dirs = piece.dirs();
        let mut rays = Vec::new();
        let mut start = vec![0u32];
        for cell in 0..n * n {
            let (r, c) = ((cell / n) as i32, (cell % n) as i32);
            for &(dr, dc) in dirs {
                let (mut rr, mut cc) = (r + dr, c + dc);
                while (0..n as i32).contains(&rr) && (0..n as i32).contains(&cc) {
                    rays.push((rr as u32 * n + cc as u32) as u8);
                    rr += dr;
                    cc += dc;
                }
                start.push(rays.len() as u32);
            }
        }
        let cells = (n * n) as usize;
        let mut line = vec![NO_LINE; cells * cells];
        for p in 0..cells {
            for d in 0..dirs.len() {
                let i = p * dirs.len() + d;
                for (t, &q) in rays[start[i] as usize..start[i + 1] as usize]
                    .iter()
                    .enumerate()
                {
                    line[p * cells + q as usize] = ((d as u16) << 8) | (t as u16 + 1);
                }
            }
        }
        Geometry {
            n,
            piece,
            ndirs: dirs.len(),
            rays,
            start,
            line,
        }
    }

    /// Board side n.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The piece.
    pub fn piece(&self) -> Slider {
        self.piece
    }

    #[inline]
    fn ray(&self, cell: u8, d: usize) -> &[u8] {
        let i = cell as usize * self.ndirs + d;
        &self.rays[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// Call `f(move)` for every legal move of the state `cells`, in a fixed order: pieces
    /// in cell order, directions clockwise from north.
    ///
    /// A piece on p slides in direction d as many steps as the ray allows, less one step
    /// short of the nearest other piece on that ray (found in the `line` table).
    #[inline]
    pub fn for_each_move(&self, cells: &[u8], mut f: impl FnMut(Move)) {
        let nc = (self.n * self.n) as usize;
        for &p in cells {
            let base = p as usize * self.ndirs;
            let mut reach = [0u16; 8];
            for (d, r) in reach.iter_mut().enumerate().take(self.ndirs) {
                *r = (self.start[base + d + 1] - self.start[base + d]) as u16;
            }
            let row = &self.line[p as usize * nc..(p as usize + 1) * nc];
            for &q in cells {
                let e = row[q as usize];
                if e != NO_LINE {
                    let (d, t) = ((e >> 8) as usize, e & 0xff);
                    reach[d] = reach[d].min(t - 1);
                }
            }
            for (d, &r) in reach.iter().enumerate().take(self.ndirs) {
                if r > 0 {
                    let to = self.rays[self.start[base + d] as usize + r as usize - 1];
                    f(Move { from: p, to });
                }
            }
        }
    }

    /// The moves of a state by walking every ray cell by cell: the plain definition,
    /// kept to test [`Geometry::for_each_move`] against.
    pub fn for_each_move_by_walking(&self, cells: &[u8], mut f: impl FnMut(Move)) {
        let occ = Occ::of(cells);
        for &p in cells {
            for d in 0..self.ndirs {
                let mut last = None;
                for &c in self.ray(p, d) {
                    if occ.has(c) {
                        break;
                    }
                    last = Some(c);
                }
                if let Some(q) = last {
                    f(Move { from: p, to: q });
                }
            }
        }
    }

    /// Call `f(move)` for every move that leads into the state `cells` (the move's `to`
    /// is in `cells`; the predecessor is `cells` with `to` replaced by `from`). Fixed
    /// order: pieces in cell order, directions clockwise, nearest origin first.
    pub fn for_each_move_into(&self, cells: &[u8], mut f: impl FnMut(Move)) {
        let occ = Occ::of(cells);
        let half = self.ndirs / 2;
        for &p in cells {
            for d in 0..self.ndirs {
                // The piece arrived moving in direction d: it must be stopped there…
                if let Some(&next) = self.ray(p, d).first() {
                    if !occ.has(next) {
                        continue;
                    }
                }
                // …and came from an empty cell behind it, with nothing in between.
                for &q in self.ray(p, (d + half) % self.ndirs) {
                    if occ.has(q) {
                        break;
                    }
                    f(Move { from: q, to: p });
                }
            }
        }
    }

    /// True when `mv` is a legal move of the state `cells`.
    pub fn is_legal(&self, cells: &[u8], mv: Move) -> bool {
        let mut ok = false;
        self.for_each_move(cells, |m| ok |= m == mv);
        ok
    }

    /// Algebraic name of a cell (`a1` bottom-left).
    pub fn algebraic(&self, cell: u8) -> String {
        tourglyph_core::Board::new(self.n, self.n).algebraic(cell as u32)
    }

    /// `(row, col)` of a cell.
    pub fn coords(&self, cell: u8) -> (u32, u32) {
        (cell as u32 / self.n, cell as u32 % self.n)
    }
}

/// Apply a move to a sorted state in place (keeps it sorted).
#[inline]
pub fn apply(cells: &mut [u8], mv: Move) {
    let i = cells
        .iter()
        .position(|&c| c == mv.from)
        .expect("the moving piece is on the board");
    cells[i] = mv.to;
    // Restore the order by bubbling the moved cell.
    let mut j = i;
    while j > 0 && cells[j - 1] > cells[j] {
        cells.swap(j - 1, j);
        j -= 1;
    }
    while j + 1 < cells.len() && cells[j + 1] < cells[j] {
        cells.swap(j, j + 1);
        j += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(g: &Geometry, cells: &[u8]) -> Vec<Move> {
        let mut v = Vec::new();
        g.for_each_move(cells, |m| v.push(m));
        v
    }

    #[test]
    fn rook_in_the_corner_slides_to_the_edges() {
        let g = Geometry::new(8, Slider::Rook);
        // Rooks at a8 (0) and h8 (7): a8 goes down to a1 (56) or right to g8 (6).
        let m = moves(&g, &[0, 7]);
        assert!(m.contains(&Move { from: 0, to: 56 }));
        assert!(m.contains(&Move { from: 0, to: 6 }));
        assert!(m.contains(&Move { from: 7, to: 1 }));
        assert_eq!(m.len(), 4);
    }

    #[test]
    fn queen_slides_diagonally() {
        let g = Geometry::new(8, Slider::Queen);
        let m = moves(&g, &[0]);
        assert!(m.contains(&Move { from: 0, to: 63 }));
        assert_eq!(m.len(), 3);
    }

    #[test]
    fn predecessors_invert_successors() {
        // Every move x→y is found among the moves into y, and conversely, on all 3-subsets
        // of a 5×5 board for both pieces.
        for piece in [Slider::Rook, Slider::Queen] {
            let g = Geometry::new(5, piece);
            let s = super::super::subset::Subsets::new(25, 3);
            let mut x = [0u8, 1, 2];
            let (mut fwd, mut back) = (Vec::new(), Vec::new());
            loop {
                g.for_each_move(&x, |m| {
                    let mut y = x;
                    apply(&mut y, m);
                    fwd.push((s.rank(&x), s.rank(&y), m));
                });
                g.for_each_move_into(&x, |m| {
                    let mut w = x;
                    apply(
                        &mut w,
                        Move {
                            from: m.to,
                            to: m.from,
                        },
                    );
                    back.push((s.rank(&w), s.rank(&x), m));
                });
                if !s.advance(&mut x) {
                    break;
                }
            }
            fwd.sort_by_key(|t| (t.0, t.1, t.2.from, t.2.to));
            back.sort_by_key(|t| (t.0, t.1, t.2.from, t.2.to));
            assert!(!fwd.is_empty());
            assert_eq!(fwd, back, "{piece}");
        }
    }

    #[test]
    fn table_moves_equal_ray_walks() {
        for piece in [Slider::Rook, Slider::Queen] {
            for n in [3u32, 6, 16] {
                let g = Geometry::new(n, piece);
                let mut state = 99u64;
                for _ in 0..2000 {
                    let mut cells: Vec<u8> = Vec::new();
                    while cells.len() < 5 {
                        state = state
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        let c = ((state >> 33) % (n * n) as u64) as u8;
                        if !cells.contains(&c) {
                            cells.push(c);
                        }
                    }
                    cells.sort_unstable();
                    let (mut a, mut b) = (Vec::new(), Vec::new());
                    g.for_each_move(&cells, |m| a.push(m));
                    g.for_each_move_by_walking(&cells, |m| b.push(m));
                    assert_eq!(a, b, "{piece} {n} {cells:?}");
                }
            }
        }
    }

    #[test]
    fn apply_keeps_order() {
        let mut s = [3u8, 10, 20, 40];
        apply(&mut s, Move { from: 3, to: 30 });
        assert_eq!(s, [10, 20, 30, 40]);
        apply(&mut s, Move { from: 40, to: 0 });
        assert_eq!(s, [0, 10, 20, 30]);
    }
}
