//! Step 3 of `find` (the module's notes): the knight's linear constructions, by strips of
//! 3 or 4 rows ([`strip`]) or by the grid ([`grid`]).

use super::failure::ConstructionFailure;
use super::links::Links;
use super::{grid, strip};
use crate::find::existence;
use crate::find::warnsdorff::TieBreak;
use tourglyph_core::board::Board;

/// The knight's constructions (step 3): cells of a tour, closed or open from `start`
/// (unverified: [`find`](super::find) verifies). `Err` names what failed.
pub fn construct(
    board: Board,
    closed: bool,
    start: u32,
    tie: TieBreak,
) -> Result<Vec<u32>, ConstructionFailure> {
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
