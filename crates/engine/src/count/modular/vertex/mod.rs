//! The dense counter on a *vertex* frontier: one residue per balanced word of `w` digits
//! (the Motzkin number M(w)) for a board `w` wide, where the edge frontier of
//! [`super`] needs M(w + 1), about 2.8 times as many, and FastGridPathCounter
//! (Tatarevic 2024, after Iwashita, Nakazawa, Kawahara, Uno and Minato, TCS-TR-A-13-64,
//! 2013) keeps M(w) + M(w − 1).
//!
//! Rows are swept left to right, all in the same direction. Before cell (r, c), digit
//! `j` of the word stands for column `j`:
//!
//! - `j < c`: the edge leaving cell (r, j) downwards;
//! - `j > c`: the edge entering cell (r, j) from above;
//! - `j = c`: cell (r, c) itself, whose left and up edges are decided: with one of them
//!   it is the end of a path, written as that end's bracket; with none (degree 0) or both
//!   (degree 2) the digit is blank.
//!
//! A cell ([`VertexCell`]) decides the right and down edges of cell (r, c) and merges its right
//! edge with the up edge of cell (r, c + 1): it reads digits `c` and `c + 1` and writes
//! them back in place (the down edge at `c`, cell (r, c + 1) at `c + 1`).
//!
//! **Degree 0 and degree 2 share the blank digit; the checkerboard colouring tells them
//! apart**, and it also marks most words as always zero. Colour cell (r, c) with
//! (−1)^(r + c) and let δ be the colour of the current cell. Add up, over every edge end
//! at a swept cell, the colour of that cell: every swept cell has degree 2, so the total
//! is S = 2·(black − white swept cells). An edge with both ends swept adds +1 − 1 = 0; a
//! dangling edge adds the colour of its swept end. The dangling edges are the plugs of
//! the word outside digit `c`: digit j < c hangs from (r, j), colour (−1)^(r + j);
//! digit j > c from (r − 1, j), colour −(−1)^(r + j), which is δ for j = c + 1; and the
//! k decided edges of cell (r, c) (its degree so far), which hang from (r, c − 1) and
//! (r − 1, c), both of colour −δ. With R the colour sum of the plugs outside digits `c`
//! and `c + 1` and `b` = 1 when digit `c + 1` holds a plug, S = R + δ·b − δ·k, so a word
//! can hold partial tours only when:
//!
//! - digit `c` blank, degree 0: R + δ·b = S;
//! - digit `c` a bracket (degree 1): R + δ·b = S + δ;
//! - digit `c` blank, degree 2: R + δ·b = S + 2δ.
//!
//! So the word alone says which blank it is, and every other word is zero. The cell's
//! transitions keep this exact (`word` lists them); the groups of words that differ
//! only at `c`, `c + 1` and have R = S + 2δ need no work at all.
//!
//! The words are ranked by [`Ranks`](super::rank::Ranks) (a low half and a high half of the digits, two
//! table look-ups, no stored keys) and the residues live in one array updated in place:
//! by whole blocks when the cell's digits are in the high half (`high`), by runs
//! listed once per column when they are in the low half (`low`), and by a table of
//! top-digit swaps in the one column that straddles the halves (`middle`). Joins into another
//! block are grouped by target block (`targets`), so no two threads write one word
//! and no addition is atomic.

pub mod cell;
mod flips;
mod high;
mod low;
mod middle;
pub mod sweep;
mod targets;
pub(super) mod word;

pub use cell::VertexCell;
pub use sweep::{Mode, bytes, bytes_width, count_mod, count_mod_width, count_wrapping};
