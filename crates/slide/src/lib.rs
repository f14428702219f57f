//! The sliding rooks (and queens) puzzle (Brazeal, "Slides on a Chessboard", Math
//! Horizons 27(4), April 2020): k indistinguishable pieces on an n×n board; a move slides
//! one piece along a line as far as it goes, stopped only by another piece or the edge.
//! Four rooks from the corners need 25 moves to reach the centre on 8×8, queens 12.
//!
//! - [`subset`]: states as k-subsets of cells, ranked in colex order (dense tables);
//! - [`sliding`]: the moves, forwards and backwards;
//! - [`bfs`]: breadth-first search from the start, and one optimal path;
//! - [`orbit`]: D4 acting on states, canonical forms, Burnside's class count;
//! - [`classes`]: the classes reached and the class numbering;
//! - [`scc`]: strongly connected components of the class graph;
//! - [`naive`]: the seed's plain search, the cross-check and benchmark baseline;
//! - [`draw`]: the solution as a sheet of board frames on any render backend;
//! - [`animate`]: the solution as one animated SVG.
//!
//! ```
//! use tourglyph_slide::{Puzzle, Slider, Options, solve};
//! let p = Puzzle::standard(6, Slider::Queen).unwrap();
//! let r = solve(&p, &Options::default()).unwrap();
//! assert_eq!(r.solution.len() as u32, r.min_moves);
//! ```

#![forbid(unsafe_code)]

pub mod animate;
pub mod bfs;
pub mod classes;
pub mod draw;
pub mod naive;
pub mod orbit;
pub mod scc;
pub mod sliding;
pub mod subset;

pub use scc::SccStats;
pub use sliding::{Geometry, Move, Slider};

use num_bigint::BigUint;
use orbit::Orbits;
use subset::Subsets;
use tourglyph_core::{error::Error, error::Result};

/// Board sides accepted.
pub const SIDES: std::ops::RangeInclusive<u32> = 2..=16;

/// The default refusal threshold: the search keeps two bytes per state (C(n², k) states)
/// plus per-class tables, so beyond this many states it would not fit in memory.
pub const MAX_STATES: u64 = 2_000_000_000;

/// One puzzle: board side, piece, start and goal (sorted cell numbers, row-major).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Board side n.
    pub n: u32,
    /// The sliding piece.
    pub piece: Slider,
    /// Start cells, sorted.
    pub from: Vec<u8>,
    /// Goal cells, sorted.
    pub to: Vec<u8>,
}

/// The four corners of an n×n board.
pub fn corners(n: u32) -> Vec<u32> {
    let m = n - 1;
    vec![0, m, m * n, m * n + m]
}

/// The central 2×2 of an even board (`None` on an odd one).
pub fn centre(n: u32) -> Option<Vec<u32>> {
    if n % 2 == 1 {
        return None;
    }
    let h = n / 2;
    Some(vec![
        (h - 1) * n + h - 1,
        (h - 1) * n + h,
        h * n + h - 1,
        h * n + h,
    ])
}

impl Puzzle {
    /// A puzzle from start and goal cells (row-major numbers), checked: side 2 to 16, the
    /// cells on the board, no cell twice, start and goal of one size.
    pub fn new(n: u32, piece: Slider, from: &[u32], to: &[u32]) -> Result<Self> {
        if !SIDES.contains(&n) {
            return Err(Error::usage(format!(
                "the sliding puzzle takes boards from 2x2 to 16x16, not {n}x{n}"
            )));
        }
        let set = |cells: &[u32], flag: &str| -> Result<Vec<u8>> {
            if cells.is_empty() {
                return Err(Error::usage(format!("{flag} needs at least one cell")));
            }
            let b = tourglyph_core::Board::new(n, n);
            let mut v = Vec::with_capacity(cells.len());
            for &c in cells {
                if c >= n * n {
                    return Err(Error::usage(format!(
                        "{flag}: cell {c} is off the {n}x{n} board"
                    )));
                }
                v.push(c as u8);
            }
            v.sort_unstable();
            if let Some(w) = v.windows(2).find(|w| w[0] == w[1]) {
                return Err(Error::usage(format!(
                    "{flag}: two pieces on {}: give each piece its own cell",
                    b.algebraic(w[0] as u32)
                )));
            }
            Ok(v)
        };
        let from = set(from, "--from")?;
        let to = set(to, "--to")?;
        if from.len() != to.len() {
            return Err(Error::usage(format!(
                "--from has {} cells but --to has {}: give both the same number of pieces",
                from.len(),
                to.len()
            )));
        }
        Ok(Puzzle { n, piece, from, to })
    }

    /// The seed's puzzle: four pieces from the corners to the central 2×2 (even n).
    pub fn standard(n: u32, piece: Slider) -> Result<Self> {
        if !SIDES.contains(&n) {
            return Puzzle::new(n, piece, &[], &[]);
        }
        let to = centre(n).ok_or_else(|| {
            Error::usage(format!(
                "a {n}x{n} board has no central 2x2: give the goal with --to"
            ))
        })?;
        Puzzle::new(n, piece, &corners(n), &to)
    }

    /// Number of pieces k.
    pub fn k(&self) -> usize {
        self.from.len()
    }

    /// Number of states, C(n², k), exact.
    pub fn total(&self) -> BigUint {
        subset::binomial_big((self.n * self.n) as u64, self.k() as u64)
    }

    /// Number of symmetry classes of states (Burnside), exact.
    pub fn total_classes(&self) -> BigUint {
        Orbits::new(self.n).class_count(self.k())
    }

    /// The move generator.
    pub fn geometry(&self) -> Geometry {
        Geometry::new(self.n, self.piece)
    }
}

/// How to solve.
#[derive(Clone, Debug)]
pub struct Options {
    /// Also split the class graph into strongly connected components.
    pub analyze: bool,
    /// Search even beyond `max_states`.
    pub force: bool,
    /// Refuse (usage error) when C(n², k) exceeds this, unless `force`. Default
    /// [`MAX_STATES`].
    pub max_states: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            analyze: false,
            force: false,
            max_states: MAX_STATES,
        }
    }
}

/// Everything `slide` reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Fewest moves from start to goal.
    pub min_moves: u32,
    /// One optimal solution (the same every run).
    pub solution: Vec<Move>,
    /// Raw states reachable from the start (the start included).
    pub reachable: u64,
    /// Largest distance from the start.
    pub farthest: u32,
    /// C(n², k).
    pub total: u64,
    /// Symmetry classes with a member reachable from the start.
    pub reachable_classes: u64,
    /// All symmetry classes (Burnside; checked against the enumeration).
    pub total_classes: u64,
    /// Components of the class graph, with [`Options::analyze`].
    pub sccs: Option<SccStats>,
}

/// Check the size of the state space against the options.
pub fn check_size(p: &Puzzle, opts: &Options) -> Result<u64> {
    let total = p.total();
    let fits = u64::try_from(&total)
        .ok()
        .filter(|&t| usize::try_from(t).is_ok() && t < u64::MAX);
    match fits {
        Some(t) if t <= opts.max_states || opts.force => Ok(t),
        Some(_) => Err(Error::usage(format!(
            "{total} states (C({}, {})) to search: beyond the {} this machine can hold; use fewer pieces or a smaller board, or pass --force to try anyway",
            p.n * p.n,
            p.k(),
            opts.max_states
        ))),
        None => Err(Error::usage(format!(
            "{total} states (C({}, {})) to search: far beyond any memory; use fewer pieces or a smaller board",
            p.n * p.n,
            p.k()
        ))),
    }
}

/// Solve the puzzle: BFS from the start, one optimal solution, the class counts, and with
/// `analyze` the components of the class graph. An unreachable goal is a runtime error
/// naming the number of states reachable.
pub fn solve(p: &Puzzle, opts: &Options) -> Result<Report> {
    let total = check_size(p, opts)?;
    let g = p.geometry();
    let s = Subsets::new((p.n * p.n) as usize, p.k());
    let o = Orbits::new(p.n);
    let dd = bfs::distances(&g, &s, &p.from)?;
    let solution = bfs::path_to(&g, &s, &dd, &p.to).ok_or_else(|| {
        Error::runtime(format!(
            "goal unreachable: {} states reachable from the start",
            dd.reachable
        ))
    })?;
    let census = classes::census(&s, &o, &dd, opts.analyze)?;
    let total_classes = u64::try_from(&p.total_classes()).expect("classes ≤ states");
    if census.classes != total_classes {
        return Err(Error::runtime(format!(
            "internal error: {} classes enumerated but Burnside counts {total_classes}",
            census.classes
        )));
    }
    let sccs = match &census.map {
        Some(map) => {
            let cg = scc::class_graph(&g, &s, map)?;
            Some(scc::tarjan(&cg)?.stats())
        }
        None => None,
    };
    Ok(Report {
        min_moves: solution.len() as u32,
        solution,
        reachable: dd.reachable,
        farthest: dd.farthest,
        total,
        reachable_classes: census.reachable_classes,
        total_classes,
        sccs,
    })
}

/// The states of a solution, start first: `moves.len() + 1` sorted cell lists. Fails on
/// an illegal move, naming it.
pub fn replay(p: &Puzzle, moves: &[Move]) -> Result<Vec<Vec<u8>>> {
    let g = p.geometry();
    let mut cur = p.from.clone();
    let mut out = vec![cur.clone()];
    for (i, &m) in moves.iter().enumerate() {
        if !g.is_legal(&cur, m) {
            return Err(Error::runtime(format!(
                "move {} ({}-{}) is not a legal slide",
                i + 1,
                g.algebraic(m.from),
                g.algebraic(m.to)
            )));
        }
        sliding::apply(&mut cur, m);
        out.push(cur.clone());
    }
    Ok(out)
}
