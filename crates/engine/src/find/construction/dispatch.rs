//! [`find`]: which step of the module's notes takes a request, and the tour verified
//! and oriented before it is returned.

use super::construct::construct;
use super::request::{FindMethod, FoundTour, Request};
use super::search::search_tour;
use super::verify;
use crate::find::existence;
use crate::find::warnsdorff::{Outcome, TieBreak, linear_pass};
use tourglyph_core::piece::Piece;
use tourglyph_core::{error::Error, error::Result};

/// Boards up to this many cells are searched (knight) before any construction.
pub const SMALL_CELLS: usize = 400;
/// Largest board `find` accepts (the tour alone takes 4 bytes a cell).
pub const MAX_CELLS: usize = 100_000_000;
/// Largest board the backtracking search takes for pieces without a construction.
pub const MAX_SEARCH_CELLS: usize = 4_000_000;

fn is_knight(p: &Piece) -> bool {
    p.is_knight()
}

/// Find, verify and return one tour (module doc). Errors: usage for a board too large,
/// runtime with the reason when no tour exists or none was found within the budget.
pub fn find(req: &Request) -> Result<FoundTour> {
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
    if let Some(Err(none)) = existence::known(&req.piece, board, req.closed, probe) {
        return Err(none);
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
            (t, FindMethod::Warnsdorff)
        } else {
            match search_tour(board, &moves, req.closed, start, tie, req.seed.unwrap_or(0)) {
                (Outcome::Found(t), k) => {
                    nodes = k;
                    (t, FindMethod::Search)
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
                        Some(Ok(t)) => (t, FindMethod::Construction),
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
                got = Some((t, FindMethod::Warnsdorff));
            }
        }
        match got {
            Some(g) => g,
            None => match construct(board, req.closed, start, tie) {
                Ok(t) => (t, FindMethod::Construction),
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
    Ok(FoundTour {
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

#[cfg(test)]
mod tests {
    use super::*;
    use tourglyph_core::board::Board;

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
