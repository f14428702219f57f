//! When does a tour exist? Theorems for the knight (and the trivial rook and king cases).
//!
//! - Closed knight's tours — Schwenk, "Which rectangular chessboards have a knight's tour?",
//!   Mathematics Magazine 64 (1991): an m×n board with m ≤ n has a closed tour unless
//!   (a) m and n are both odd, (b) m ∈ {1, 2, 4}, or (c) m = 3 and n ∈ {4, 6, 8}.
//! - Open knight's tours — Conrad, Hindrichs, Morsy and Wegener, "Solution of the knight's
//!   Hamiltonian path problem on chessboards", Discrete Applied Mathematics 50 (1994): an
//!   m×n board with m ≤ n has an open tour unless m = 1 < n, m = 2, m = 3 and
//!   n ∈ {3, 5, 6}, or m = n = 4. (The 1×1 board has the trivial one-cell tour.)
//! - Start squares: the knight changes colour at every move, so on an odd×odd board an open
//!   tour visits one more cell of the corners' colour than of the other and both its ends
//!   are on the corners' colour. Other start squares are refused here; a corner-coloured
//!   start square can still fail on a small board, which only a search can tell.
//! - On a 4×n board an open tour starts and ends on the two outer lines. Proof: the 2n
//!   outer cells only have inner neighbours, so no two are consecutive in a tour; a tour
//!   of 4n cells starting on an inner cell has room for 2n outer cells only at every
//!   second place, so it alternates inner, outer, … throughout; the knight alternates
//!   colours too, so all outer cells would have one colour — but they have n of each.
//!   (Exhaustive search agrees on 4×5 … 4×8: see the tests.)
//! - The one-step rook (wazir) also changes colour at every move: a closed tour needs an
//!   even number of cells and both sides ≥ 2, and then the comb tour exists. The king has
//!   a closed tour on every board with both sides ≥ 2.
//!
//! Each predicate answers `Ok(())` or `Err(reason)`, the reason naming the theorem's case.

use tourglyph_core::board::Board;
use tourglyph_core::error::Error;
use tourglyph_core::piece::Piece;

/// Sides sorted: (short, long).
fn sides(b: Board) -> (u32, u32) {
    (b.rows.min(b.cols), b.rows.max(b.cols))
}

/// Does `board` have a closed knight's tour? Schwenk's theorem (module doc).
pub fn closed_tour_exists(board: Board) -> Result<(), Error> {
    let (m, n) = sides(board);
    let pre = format!("no closed knight's tour exists on {board} (Schwenk 1991:");
    if m % 2 == 1 && n % 2 == 1 {
        return Err(Error::no_tour(format!(
            "{pre} both sides are odd, so the board has an odd number of cells, but a closed tour alternates colours)"
        )));
    }
    if matches!(m, 1 | 2 | 4) {
        return Err(Error::no_tour(format!(
            "{pre} a board with a side of {m} has none)"
        )));
    }
    if m == 3 && matches!(n, 4 | 6 | 8) {
        return Err(Error::no_tour(format!(
            "{pre} the 3×{n} board is one of the exceptions 3×4, 3×6, 3×8)"
        )));
    }
    Ok(())
}

/// Does `board` have an open knight's tour? Conrad et al.'s theorem (module doc).
pub fn open_tour_exists(board: Board) -> Result<(), Error> {
    let (m, n) = sides(board);
    let pre = format!("no open knight's tour exists on {board} (Conrad et al. 1994:");
    if m == 1 && n > 1 {
        return Err(Error::no_tour(format!(
            "{pre} a knight cannot move along a single row)"
        )));
    }
    if m == 2 {
        return Err(Error::no_tour(format!(
            "{pre} on a 2-row board the knight's graph falls apart into separate chains)"
        )));
    }
    if m == 3 && matches!(n, 3 | 5 | 6) {
        return Err(Error::no_tour(format!(
            "{pre} the 3×{n} board is one of the exceptions 3×3, 3×5, 3×6)"
        )));
    }
    if m == 4 && n == 4 {
        return Err(Error::no_tour(format!(
            "{pre} the 4×4 board is an exception)"
        )));
    }
    Ok(())
}

/// Can an open knight's tour start at `cell`, as far as the theorems and the colour argument
/// tell? `Ok(())` does not promise a tour from that cell on a small board: the search
/// decides those.
pub fn open_start_allowed(board: Board, cell: u32) -> Result<(), Error> {
    open_tour_exists(board)?;
    let (m, _) = sides(board);
    if m == 4 {
        let (r, c) = board.coords(cell);
        let inner = |x: u32| x == 1 || x == 2;
        if (board.rows == 4 && inner(r)) || (board.cols == 4 && inner(c)) {
            let lines = if board.rows == 4 {
                "rows (ranks 1 and 4)"
            } else {
                "columns (files a and d)"
            };
            return Err(Error::no_tour(format!(
                "no open knight's tour starts at {}: on {board} a tour starts and ends on the two outer {lines}, as the outer cells must alternate with inner ones and would otherwise all share one colour",
                board.algebraic(cell)
            )));
        }
    }
    if board.rows % 2 == 1 && board.cols % 2 == 1 && board.cells() > 1 {
        let (r, c) = board.coords(cell);
        if (r + c) % 2 == 1 {
            return Err(Error::no_tour(format!(
                "no open knight's tour starts at {}: on the odd×odd board {board} a tour has one more cell of the corners' colour than of the other, so it must start and end on that colour, and {} is not",
                board.algebraic(cell),
                board.algebraic(cell)
            )));
        }
    }
    Ok(())
}

/// The colour-changing pieces' parity: true when every move changes the square colour.
fn alternates(piece: &Piece) -> bool {
    piece.colour_changing()
}

/// What the theorems say for `piece` on `board`: `Some(Ok)` a tour exists, `Some(Err)` none
/// exists (with the reason), `None` nothing known (search decides). `closed` chooses the
/// kind; `start` is checked against the colour argument for open tours.
pub fn known(
    piece: &Piece,
    board: Board,
    closed: bool,
    start: Option<u32>,
) -> Option<Result<(), Error>> {
    let (m, n) = sides(board);
    let cells = board.cells();
    if closed && cells < 3 {
        return Some(Err(Error::no_tour(format!(
            "no closed tour exists on {board}: a closed tour needs at least 3 cells"
        ))));
    }
    if !closed && cells == 1 {
        return Some(Ok(()));
    }
    if piece.is_knight() {
        return Some(if closed {
            closed_tour_exists(board)
        } else {
            match start {
                Some(s) => open_start_allowed(board, s),
                None => open_tour_exists(board),
            }
        });
    }
    // Colour argument for any colour-changing piece.
    if alternates(piece) {
        if closed && cells % 2 == 1 {
            return Some(Err(Error::no_tour(format!(
                "no closed {piece} tour exists on {board}: every move changes the colour of the square, so a closed tour has an even number of cells, and {board} has {cells}"
            ))));
        }
        if !closed && cells % 2 == 1 {
            if let Some(s) = start {
                let (r, c) = board.coords(s);
                if (r + c) % 2 == 1 {
                    return Some(Err(Error::no_tour(format!(
                        "no open {piece} tour starts at {}: every move changes the colour of the square, so on the odd×odd board {board} a tour starts and ends on the corners' colour, and {} is not",
                        board.algebraic(s),
                        board.algebraic(s)
                    ))));
                }
            }
        }
    }
    match piece.leaps() {
        [(0, 1)] => {
            if closed {
                Some(if m >= 2 {
                    Ok(())
                } else {
                    Err(Error::no_tour(format!(
                        "no closed rook tour exists on {board}: a single row has none"
                    )))
                })
            } else if m == 1 {
                // A single row: a path from one end.
                Some(match start {
                    Some(s) if n > 1 && board.coords(s) != (0, 0) && s as usize != cells - 1 => {
                        Err(Error::no_tour(format!(
                            "no open rook tour starts at {} on {board}: on a single line a tour starts at an end",
                            board.algebraic(s)
                        )))
                    }
                    _ => Ok(()),
                })
            } else {
                None
            }
        }
        [(0, 1), (1, 1)] => {
            if closed {
                Some(if m >= 2 {
                    Ok(())
                } else {
                    Err(Error::no_tour(format!(
                        "no closed king tour exists on {board}: a single row has none"
                    )))
                })
            } else {
                None
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schwenk_cases() {
        for (m, n, ok) in [
            (3, 10, true),
            (3, 12, true),
            (5, 6, true),
            (6, 6, true),
            (7, 8, true),
            (10, 3, true),
            (8, 8, true),
            (4, 8, false),
            (5, 5, false),
            (3, 8, false),
            (2, 10, false),
            (1, 1, false),
            (4, 100, false),
        ] {
            assert_eq!(closed_tour_exists(Board::new(m, n)).is_ok(), ok, "{m}x{n}");
        }
        let e = closed_tour_exists(Board::new(3, 8)).unwrap_err();
        assert!(e.to_string().contains("3×4, 3×6, 3×8"), "{e}");
        let e = closed_tour_exists(Board::new(5, 5)).unwrap_err();
        assert!(e.to_string().contains("odd"), "{e}");
    }

    #[test]
    fn conrad_cases() {
        for (m, n, ok) in [
            (1, 1, true),
            (1, 2, false),
            (2, 9, false),
            (3, 3, false),
            (3, 4, true),
            (3, 5, false),
            (3, 6, false),
            (3, 7, true),
            (4, 4, false),
            (4, 5, true),
            (5, 5, true),
        ] {
            assert_eq!(open_tour_exists(Board::new(m, n)).is_ok(), ok, "{m}x{n}");
        }
        let b = Board::new(5, 5);
        assert!(open_start_allowed(b, b.cell(0, 1)).is_err());
        assert!(open_start_allowed(b, b.cell(0, 0)).is_ok());
    }
}
