//! One tour on demand: the `find` engine.
//!
//! [`find`] decides, in this order:
//! 1. **Refuse** at once what a theorem rules out ([`crate::find::existence`]): the reason
//!    names the case.
//! 2. **Small boards** (at most [`SMALL_CELLS`] cells, but not strips of 3 or 4 rows
//!    longer than 12) and pieces other than the knight:
//!    Warnsdorff search with backtracking under a node budget, restarted with seeded
//!    tie-breaks; a closed tour is an open one closed by Pósa rotations
//!    ([`crate::find::warnsdorff`]). A search that exhausts its space proves there is
//!    no tour; on boards of at most [`EXHAUSTIVE_CELLS`] cells an exhaustive search settles
//!    what the budget left open.
//! 3. **Large boards, knight**: an open tour is first tried by Warnsdorff's rule in one
//!    linear pass; a closed tour, or an open one the pass could not finish, comes from a
//!    linear divide-and-conquer construction — [`grid`] (both sides ≥ 5, Parberry 1997 /
//!    Lin & Wei 2005) or [`strip`] (3 or 4 rows, Schwenk 1991's extension). A closed
//!    tour cut open is an open tour from any square.
//! 4. **Verify** every tour ([`verify::verify`]) before returning it: a tour that fails is
//!    an internal error, never output.
//!
//! A closed tour is rotated to start at the requested cell (cell 0 by default) and goes
//! first to the smaller of that cell's two neighbours; an open tour starts at the
//! requested cell (cell 0 by default).

pub mod grid;
pub mod links;
pub mod strip;
pub mod verify;

use crate::find::existence;
use crate::{
    find::warnsdorff::Adj, find::warnsdorff::Outcome, find::warnsdorff::Problem,
    find::warnsdorff::TieBreak, find::warnsdorff::find_with_restarts,
    find::warnsdorff::linear_pass, find::warnsdorff::search_with,
};
use links::Links;
use tourglyph_core::board::Board;
use tourglyph_core::piece::Piece;
use tourglyph_core::{error::Error, error::Result};

/// Boards up to this many cells are searched (knight) before any construction.
pub const SMALL_CELLS: usize = 400;
/// Boards up to this many cells get an exhaustive search when the budget runs out, so a
/// refusal there is a proof.
pub const EXHAUSTIVE_CELLS: usize = 40;
/// Largest board `find` accepts (the tour alone takes 4 bytes a cell).
pub const MAX_CELLS: usize = 100_000_000;
/// Largest board the backtracking search takes for pieces without a construction.
pub const MAX_SEARCH_CELLS: usize = 4_000_000;
/// Nodes per search attempt, plus two per cell.
pub const BUDGET: u64 = 20_000;
/// Search attempts (seeded restarts; 3 on boards over 100 000 cells).
pub const ATTEMPTS: u32 = 30;

/// What to find.
#[derive(Clone, Debug)]
pub struct Request {
    /// The board.
    pub board: Board,
    /// The piece.
    pub piece: Piece,
    /// Closed (true) or open.
    pub closed: bool,
    /// First cell of the printed tour (default cell 0).
    pub start: Option<u32>,
    /// Seed for random tie-breaks (default: Roth's deterministic rule).
    pub seed: Option<u64>,
}

/// How a tour was obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Backtracking Warnsdorff search.
    Search,
    /// One linear Warnsdorff pass.
    Warnsdorff,
    /// Divide-and-conquer construction.
    Construction,
}

/// A verified tour.
#[derive(Clone, Debug)]
pub struct Found {
    /// Cells in order from the start, row-major numbers.
    pub cells: Vec<u32>,
    /// Closed?
    pub closed: bool,
    /// How it was found.
    pub method: Method,
    /// Search nodes used (0 for the linear methods).
    pub nodes: u64,
}

fn is_knight(p: &Piece) -> bool {
    p.is_knight()
}

/// Find, verify and return one tour (module doc). Errors: usage for a board too large,
/// runtime with the reason when no tour exists or none was found within the budget.
pub fn find(req: &Request) -> Result<Found> {
    let board = req.board;
    let n = board.cells();
    if n > MAX_CELLS {
        return Err(Error::usage(format!(
            "board {board} has {n} cells; find handles up to {MAX_CELLS}: use a smaller board"
        )));
    }
    let start = req.start.unwrap_or(0);
    let kind = if req.closed { "closed" } else { "open" };
    let probe = if req.closed { req.start } else { Some(start) };
    if let Some(Err(reason)) = existence::known(&req.piece, board, req.closed, probe) {
        return Err(Error::runtime(reason));
    }
    let tie = req.seed.map_or(TieBreak::Roth, TieBreak::Seeded);
    let moves = req.piece.moves();
    let knight = is_knight(&req.piece);
    let mut nodes = 0;
    // Long strips of 3 or 4 rows: the search struggles there, the construction does not.
    let strip = knight && board.rows.min(board.cols) <= 4 && board.rows.max(board.cols) > 12;
    let (mut cells, method) = if !knight || (n <= SMALL_CELLS && !strip) {
        if n > MAX_SEARCH_CELLS {
            if req.closed {
                return Err(Error::runtime(format!(
                    "no closed {} tour found: the search handles boards up to {MAX_SEARCH_CELLS} cells for this piece",
                    req.piece
                )));
            }
            let t = linear_pass(board, &moves, start, tie);
            if t.len() != n {
                return Err(Error::runtime(format!(
                    "no open {} tour found: Warnsdorff's rule got stuck after {} of {n} cells and the board is too large to search",
                    req.piece,
                    t.len()
                )));
            }
            (t, Method::Warnsdorff)
        } else {
            match search_tour(board, &moves, req.closed, start, tie, req.seed.unwrap_or(0)) {
                (Outcome::Found(t), k) => {
                    nodes = k;
                    (t, Method::Search)
                }
                (Outcome::None, 0) if n > 1 => {
                    return Err(Error::runtime(tourglyph_core::graph::disconnected(
                        kind, &req.piece, board,
                    )));
                }
                (Outcome::None, k) => {
                    let what = if req.closed {
                        format!("no closed {} tour exists on {board}", req.piece)
                    } else {
                        format!(
                            "no open {} tour starts at {} on {board}",
                            req.piece,
                            board.algebraic(start)
                        )
                    };
                    return Err(Error::runtime(format!(
                        "{what} (exhaustive search, {k} nodes)"
                    )));
                }
                (Outcome::Budget, k) => {
                    nodes = k;
                    match knight.then(|| construct(board, req.closed, start, tie)) {
                        Some(Ok(t)) => (t, Method::Construction),
                        _ => {
                            return Err(Error::runtime(format!(
                                "no {kind} {} tour found within the search budget ({k} nodes)",
                                req.piece
                            )));
                        }
                    }
                }
            }
        }
    } else {
        let mut got = None;
        if !req.closed {
            let t = linear_pass(board, &moves, start, tie);
            if t.len() == n {
                got = Some((t, Method::Warnsdorff));
            }
        }
        match got {
            Some(g) => g,
            None => match construct(board, req.closed, start, tie) {
                Ok(t) => (t, Method::Construction),
                Err(why) => {
                    return Err(Error::runtime(format!(
                        "internal error: the {kind} tour construction failed on {board}: {why}"
                    )));
                }
            },
        }
    };
    if req.closed {
        orient(&mut cells, start);
    }
    verify::verify(board, &moves, &cells, req.closed).map_err(|why| {
        Error::runtime(format!(
            "internal error: the {kind} tour found on {board} failed verification: {why}"
        ))
    })?;
    Ok(Found {
        cells,
        closed: req.closed,
        method,
        nodes,
    })
}

/// Rotate a cycle to start at `start` and go first to the smaller neighbour.
fn orient(cells: &mut [u32], start: u32) {
    if let Some(i) = cells.iter().position(|&c| c == start) {
        cells.rotate_left(i);
    }
    let n = cells.len();
    if n > 2 && cells[1] > cells[n - 1] {
        cells[1..].reverse();
    }
}

/// The search policy of step 2 (module doc): restarts, then a direct closed search, then
/// an exhaustive one on tiny boards. Returns the outcome and the nodes used.
fn search_tour(
    board: Board,
    moves: &[(i64, i64)],
    closed: bool,
    start: u32,
    tie: TieBreak,
    seed: u64,
) -> (Outcome, u64) {
    let adj = Adj::new(board, moves);
    let n = board.cells();
    let p = Problem {
        board,
        moves: moves.to_vec(),
        start,
        closed,
        end: None,
        required: vec![],
        tie,
        // A tour needs n nodes at the very least: the budget grows with the board.
        budget: BUDGET + 2 * n as u64,
    };
    if !connected(&adj, n) {
        return (Outcome::None, 0);
    }
    let attempts = if n > 100_000 { 3 } else { ATTEMPTS };
    let r = find_with_restarts(&p, &adj, attempts, seed);
    let mut nodes = r.nodes;
    if !matches!(r.outcome, Outcome::Budget) {
        return (r.outcome, nodes);
    }
    if closed {
        // Few closed tours (3×10, 5×6): search for the cycle directly, from a corner and
        // from the start, going away from the start first.
        for s in [0, start] {
            let mut q = p.clone();
            q.start = s;
            q.tie = TieBreak::AwayFrom(s);
            q.budget = 2_000_000 + 4 * n as u64;
            let r = search_with(&q, &adj);
            nodes += r.nodes;
            if !matches!(r.outcome, Outcome::Budget) {
                return (r.outcome, nodes);
            }
        }
    }
    if n <= EXHAUSTIVE_CELLS {
        let mut q = p.clone();
        q.budget = u64::MAX;
        let r = search_with(&q, &adj);
        return (r.outcome, nodes + r.nodes);
    }
    (Outcome::Budget, nodes)
}

/// Is the move graph connected? (A camel never leaves its colour: no tour at all.)
fn connected(adj: &Adj, n: usize) -> bool {
    let mut seen = vec![false; n];
    let mut stack = vec![0u32];
    seen[0] = true;
    let mut count = 1;
    while let Some(v) = stack.pop() {
        for &w in adj.of(v) {
            if !std::mem::replace(&mut seen[w as usize], true) {
                count += 1;
                stack.push(w);
            }
        }
    }
    count == n
}

/// The knight's constructions (step 3): cells of a tour, closed or open from `start`
/// (unverified: [`find`] verifies). `Err` names what failed.
pub fn construct(
    board: Board,
    closed: bool,
    start: u32,
    tie: TieBreak,
) -> std::result::Result<Vec<u32>, String> {
    let short = board.rows.min(board.cols);
    // A closed tour, cut open at the start, is an open tour from any square.
    let want_closed = closed || existence::closed_tour_exists(board).is_ok();
    if short <= 4 {
        // Work on the board turned so that the short side is the rows.
        let turned = board.rows > board.cols;
        let sb = if turned { board.transposed() } else { board };
        let to_strip = |v: u32| {
            let (r, c) = board.coords(v);
            if turned { sb.cell(c, r) } else { v }
        };
        let from_strip = |v: u32| {
            let (r, c) = sb.coords(v);
            if turned { board.cell(c, r) } else { v }
        };
        let links = strip::build(sb, want_closed, to_strip(start), tie)?;
        let cells = links.walk(to_strip(start));
        return Ok(cells.into_iter().map(from_strip).collect());
    }
    let links: Links = grid::build(board, want_closed, start, tie)?;
    Ok(links.walk(start))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(m: u32, n: u32, closed: bool, start: Option<u32>) -> Request {
        Request {
            board: Board::new(m, n),
            piece: Piece::knight(),
            closed,
            start,
            seed: None,
        }
    }

    #[test]
    fn refuses_with_reason() {
        let e = find(&req(4, 8, true, None)).unwrap_err();
        assert!(!e.is_usage());
        assert!(e.to_string().contains("Schwenk"), "{e}");
        let e = find(&req(5, 5, false, Some(1))).unwrap_err();
        assert!(e.to_string().contains("colour"), "{e}");
    }

    #[test]
    fn closed_from_start() {
        let f = find(&req(8, 8, true, Some(27))).unwrap();
        assert_eq!(f.cells[0], 27);
        assert!(f.cells[1] < f.cells[63]);
    }
}
