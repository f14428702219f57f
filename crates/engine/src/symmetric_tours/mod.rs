//! Symmetric tours (`--symmetry rot90|rot180|mirror|any`): the tours a symmetry of the
//! board maps to themselves.
//!
//! - `rot90`: fixed by the quarter turn (square boards).
//! - `rot180`: fixed by the half turn.
//! - `mirror`: fixed by the left–right or the top–bottom mirror.
//! - `any`: fixed by some symmetry other than the identity.
//!
//! Facts that leave some of these empty (Wynn 2014; [`crate::count::transfer`]'s
//! Burnside module proves the first two):
//! - A mirror maps the inside of a closed tour (a simple closed curve) to itself and
//!   reverses its orientation, so it fixes exactly two points of the curve. A diagonal
//!   mirror of an n×n board, n ≥ 3, holds n ≥ 3 cell centres, all on the tour: so no
//!   tour is fixed by a diagonal mirror, and none by a mirror through a middle row or
//!   column of cells (odd side ≥ 3).
//! - The quarter turn moves every cell N/4 steps along a tour it fixes (N = n² cells)
//!   and maps each cell to one of the other colour when n is even; so N/4 is odd:
//!   quarter-turn-symmetric rook tours exist only when n ≡ 2 (mod 4).
//!
//! On boards the frontier diagram can walk, the symmetric tours are the diagram's tours
//! that pass [`Checker::fixed`]; `count` of closed rook tours takes them from the
//! fixed-tour counts of Burnside's lemma instead ([`from_class_count`]), on boards of any
//! size.
//!
//! - [`symmetry`]: the `--symmetry` word and the test of one tour (shared by the rest);
//! - [`filter`]: the symmetric tours of a diagram, by filtering its walk;
//! - [`burnside`]: their number from Burnside's fixed-tour counts (closed rook tours);
//! - [`quotient`], [`direct`]: found directly as the tours of the quotient board;
//! - [`quarter_turn`]: quarter-turn-symmetric closed rook tours, found directly.

pub mod burnside;
pub mod direct;
pub mod filter;
pub mod quarter_turn;
pub mod quotient;
pub mod symmetry;

pub use burnside::from_class_count;
pub use filter::{ids, sample_filtered, sample_ids};
pub use symmetry::{Checker, DIAGONAL_FACT, Symmetry};
