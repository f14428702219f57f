//! The dense counter on an *edge* frontier: one residue per balanced word of `w + 1`
//! digits (the Motzkin number M(w + 1)) for a board whose narrow side is `w`. The first
//! dense counter, kept as the independent oracle of [`super::vertex`], which needs M(w).
//!
//! Rows are swept in boustrophedon order: left to right, then right to left. Before cell
//! (r, c) of a left-to-right row, digit `c` is the edge coming from the left and digit
//! `c + 1` the edge coming from above; the cell writes its down edge at `c` and its
//! right edge at `c + 1`. Before cell (r, c) of a right-to-left row, digit `c` is the
//! edge from above and `c + 1` the edge from the right; the cell writes its left edge at
//! `c` and its down edge at `c + 1`. Either way the digits stay in left-to-right order
//! along the cut, a row ends with exactly the layout the next row starts from, and no
//! word ever has to be shifted.
//!
//! - [`cell`]: what a cell allows, and the colouring that marks most words as zero;
//! - [`high`]: cells whose two digits lie in the high part of the word, block by block;
//! - [`low`]: cells whose two digits lie in the low part, by moves listed once per column;
//! - [`word`]: a cell word by word (the column that straddles the two parts);
//! - [`sweep`]: the rows, each cell by the step that suits it.

pub mod cell;
pub mod high;
pub mod low;
pub mod sweep;
pub mod word;

pub use sweep::count_mod_edge;
