//! The closed rook tours of a board counted in one sweep ([`count_rook_tours`]), what
//! that is expected to cost ([`estimate`]), and the boards it takes ([`MAX_WIDTH`]).

use super::limbs::{Plan, run_plan};
use super::sweep::Region;
use crate::count::progress::ProgressFn;
use num_bigint::BigUint;
use tourglyph_core::board::Board;
use tourglyph_core::{error::Error, error::Result};

/// The widest frontier (narrow side of the board) accepted. The number of states grows
/// about sevenfold per two columns: 18×18 peaks at 0.6 GB and 20×20 at 5.5 GB (measured,
/// `benches/count.sh`); width 22 would need about 40 GB.
pub const MAX_WIDTH: u32 = 20;

/// Exact number of closed rook tours (Hamiltonian cycles of the grid graph) on `board`.
///
/// `progress`, when given, is called after every cell swept with (cells done, total).
///
/// ```
/// use tourglyph_core::Board;
/// use tourglyph_engine::count::transfer::count_rook_tours;
/// let n = count_rook_tours(Board::new(8, 8), None).unwrap();
/// assert_eq!(n.to_string(), "4638576");
/// ```
pub fn count_rook_tours(board: Board, progress: ProgressFn<'_>) -> Result<BigUint> {
    let region = narrow(board)?;
    if no_tours(board) {
        return Ok(BigUint::ZERO);
    }
    let plan = Plan {
        sweeps: vec![region],
    };
    let out = run_plan(&plan, progress, |s| vec![s[0].total()])?;
    Ok(out.into_iter().next().unwrap())
}

/// Time (seconds on the reference 2-core machine) and peak memory (bytes) that counting
/// the closed rook tours of `board` is expected to take, before it starts.
///
/// From the runs of `benches/count.sh` (20×20: 429 s, 5.5 GB; 18×18: 35 s, 608 MB;
/// 16×16: 4.1 s, 70 MB): each unit of the narrow side multiplies the time by about 3.2
/// and the memory by about 3; the time grows linearly with the long side. Classes
/// (Burnside) cost about the same again on half and quarter boards, which this covers.
#[allow(
    clippy::disallowed_methods,
    reason = "an estimate for the budget, printed only rounded far coarser than an ulp"
)]
pub fn estimate(board: Board) -> (f64, f64) {
    let (w, h) = (board.rows.min(board.cols), board.rows.max(board.cols));
    let d = f64::from(w) - 20.0;
    let seconds = 429.0 * 3.24f64.powf(d) * f64::from(h) / 20.0;
    let bytes = 5.5e9 * 3f64.powf(d) + 4e6;
    (seconds, bytes)
}

/// The board turned so the narrow side is the frontier, checked against [`MAX_WIDTH`].
pub(super) fn narrow(board: Board) -> Result<Region> {
    let (w, h) = (board.rows.min(board.cols), board.rows.max(board.cols));
    if w > MAX_WIDTH {
        return Err(Error::usage(format!(
            "the {board} board is too big to count: its narrow side is {w} and exact counting \
             handles narrow sides up to {MAX_WIDTH} (the frontier states grow about sevenfold \
             per two columns)"
        )));
    }
    Ok(Region::board(h, w))
}

/// Boards with no closed tour: an odd number of cells, or a side of one.
pub(super) fn no_tours(board: Board) -> bool {
    board.cells() % 2 == 1 || board.rows < 2 || board.cols < 2
}
