//! Exact counts of closed rook tours on big boards, without enumerating them.
//!
//! A closed rook tour is a Hamiltonian cycle of the grid graph. [`count_rook_tours`]
//! counts them with the transfer-matrix method of Jacobsen ("Exact enumeration of
//! Hamiltonian circuits, walks and chains in two and three dimensions", J. Phys. A 40,
//! 2007) — the frontier DP also known from Knuth's SIMPATH and, as "plug DP", from
//! programming contests: cells are processed one at a time along rows, and a state is
//! the set of tour edges crossing the cut with the pairing of their path ends, a
//! balanced-parenthesis word ([`state`]). Only counts are kept — no diagram nodes — and
//! only two layers of states at a time, so memory is bounded by the number of states of
//! one cut, which depends on the frontier width alone; the board is turned so the
//! narrow side is the frontier (the count is the same for the transposed board).
//!
//! [`count_rook_classes`] counts the tours up to the board's symmetries by Burnside's
//! lemma, the fixed tours of each symmetry counted on half or a quarter of the board
//! ([`burnside`], after Wynn 2014).
//!
//! - [`state`]: the frontier word and its packing into a `u64`;
//! - [`step`]: one cell's transition on sorted arrays, in parallel with rayon;
//! - [`sweep`]: a whole board, a half board or a quarter board, cell by cell;
//! - [`wide`]: counts modulo 2^(64·N) with a proof that they did not wrap;
//! - [`burnside`]: gluing half- and quarter-board states into symmetric tours.
//!
//! Results are exact big integers and do not depend on the number of threads.

pub mod burnside;
mod limbs;
mod rook_count;
pub mod state;
pub mod step;
pub mod sweep;
mod symmetry_classes;
pub mod wide;

pub use limbs::MAX_LIMBS;
pub use rook_count::{MAX_WIDTH, count_rook_tours, estimate};
pub use symmetry_classes::{
    ClassCount, both_mirrors_estimate, both_mirrors_fixed, classes_from_fixed, count_rook_classes,
};
