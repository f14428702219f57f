//! What the dense counters accept: the widest board they count.

use tourglyph_core::board::Board;
use tourglyph_core::{error::Error, error::Result};

/// The widest narrow side accepted: the residues of a board 26 wide take 205 GB (M(26)
/// words of 8 bytes on the vertex frontier); 22 wide takes 3.2 GB and 24 wide 26 GB.
pub const MAX_WIDTH: u32 = 26;

/// Refuse a board whose narrow side is above [`MAX_WIDTH`] (a usage error).
pub fn check_width(board: Board) -> Result<()> {
    let w = board.rows.min(board.cols);
    if w > MAX_WIDTH {
        return Err(Error::usage(format!(
            "the {board} board is too big to count: its narrow side is {w} and exact counting \
             handles narrow sides up to {MAX_WIDTH} (the frontier words grow about eightfold \
             per two columns: 3.2 GB a residue at 22, 26 GB at 24)"
        )));
    }
    Ok(())
}
