//! Check a tour before anyone sees it: every cell once, every step a legal move, and the
//! closing step for a closed tour. Linear time, a bit per cell.

use super::failure::ConstructionFailure;
use tourglyph_core::board::Board;

/// `Ok(())` when `cells` is a tour of `board` for a piece with these `moves`; otherwise
/// the first fault, named.
pub fn verify(
    board: Board,
    moves: &[(i64, i64)],
    cells: &[u32],
    closed: bool,
) -> Result<(), ConstructionFailure> {
    let n = board.cells();
    if cells.len() != n {
        return Err(ConstructionFailure::from(format!(
            "the tour lists {} cells, the board has {n}",
            cells.len()
        )));
    }
    let mut seen = vec![0u64; n.div_ceil(64)];
    for &v in cells {
        if v as usize >= n {
            return Err(ConstructionFailure::from(format!(
                "cell number {v} is off the {board} board"
            )));
        }
        let (w, bit) = (v as usize / 64, 1u64 << (v % 64));
        if seen[w] & bit != 0 {
            return Err(ConstructionFailure::from(format!(
                "cell {} is visited twice",
                board.algebraic(v)
            )));
        }
        seen[w] |= bit;
    }
    // A step u → v is legal when v = u + dr·cols + dc for a move (dr, dc) that keeps u's
    // column on the board: then v (already known to be on the board) is exactly that
    // cell. Columns are tracked step by step, so no division per cell.
    let cols = i64::from(board.cols);
    let diffs: Vec<(i64, i64)> = moves.iter().map(|&(dr, dc)| (dr * cols + dc, dc)).collect();
    let col_after = |u: u32, v: u32, cu: i64| -> Option<i64> {
        let d = i64::from(v) - i64::from(u);
        diffs
            .iter()
            .filter(|&&(dd, _)| dd == d)
            .map(|&(_, dc)| cu + dc)
            .find(|c| (0..cols).contains(c))
    };
    let steps = if closed { n } else { n.saturating_sub(1) };
    if closed && n < 3 {
        return Err("a closed tour needs at least 3 cells".into());
    }
    let mut col = i64::from(cells.first().map_or(0, |&v| v % board.cols));
    for i in 0..steps {
        let (u, v) = (cells[i], cells[(i + 1) % n]);
        match col_after(u, v, col) {
            Some(c) => col = c,
            None => {
                return Err(ConstructionFailure::from(format!(
                    "step {} from {} to {} is not a legal move{}",
                    i + 1,
                    board.algebraic(u),
                    board.algebraic(v),
                    if i + 1 == n {
                        " (the closing step)"
                    } else {
                        ""
                    }
                )));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tourglyph_core::piece::Piece;

    #[test]
    fn catches_faults() {
        let b = Board::new(2, 3);
        let r = Piece::rook().moves();
        // The ring 0-1-2-5-4-3.
        assert_eq!(verify(b, &r, &[0, 1, 2, 5, 4, 3], true), Ok(()));
        assert_eq!(verify(b, &r, &[1, 2, 5, 4, 3, 0], false), Ok(()));
        assert!(
            verify(b, &r, &[0, 1, 2, 5, 4], false)
                .unwrap_err()
                .reason()
                .contains("5 cells")
        );
        assert!(
            verify(b, &r, &[0, 1, 2, 5, 4, 4], false)
                .unwrap_err()
                .reason()
                .contains("twice")
        );
        let e = verify(b, &r, &[0, 2, 1, 4, 5, 3], false).unwrap_err();
        assert!(e.reason().contains("step 1 from a2 to c2"), "{e}");
        // Open tour fine, but the closing step c1 -> a2 is not a move.
        let e = verify(b, &r, &[0, 3, 4, 1, 2, 5], true).unwrap_err();
        assert!(e.reason().contains("closing step"), "{e}");
        assert!(
            verify(b, &r, &[0, 1, 2, 5, 4, 9], false)
                .unwrap_err()
                .reason()
                .contains("off")
        );
    }
}
