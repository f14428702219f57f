//! Each cell's text in a listed line (`list` and the symmetric tours' list), made once
//! per board: formatting is the hot loop when listing millions.

/// The text of every cell of a board, indexed by cell.
pub(super) struct CellText {
    /// Algebraic names (`a1`), for text lines.
    pub names: Vec<String>,
    /// `[row,col]`, for JSON lines.
    pub pairs: Vec<String>,
}

impl CellText {
    pub fn new(board: tourglyph_core::Board) -> CellText {
        let cells = 0..board.cells() as u32;
        CellText {
            names: cells.clone().map(|c| board.algebraic(c)).collect(),
            pairs: cells
                .map(|c| {
                    let (row, col) = board.coords(c);
                    format!("[{row},{col}]")
                })
                .collect(),
        }
    }
}
