//! Counting by residues, for runs spread over many machines.
//!
//! The transfer matrix only adds counts, so it can run modulo any P and yields the count
//! modulo P ([`crate::count::modular`]). Residues modulo pairwise coprime moduli whose
//! product exceeds a proven upper bound on the count ([`bound`]) determine it by the
//! Chinese remainder theorem. The moduli are planned ([`plan`]): 2^64 first (wrapping
//! additions, the fastest), then the primes just below 2^63. Each residue is an
//! independent job.
//!
//! This module is the number theory alone and calls no counter: the counters sit above
//! it ([`crate::count::modular::count_exact`] runs a residue per planned modulus and
//! joins them here).
//!
//! A residue travels as one JSON line naming its set of tours,
//! `{"piece":"rook","board":"24x24","closed":true,"torus":false,"symmetry":null,"classes":false,"non_crossing":false,"modulus":P,"residue":R,"residue_text":"R"}`
//! ([`Residue`]); [`combine`] checks a set of them and rebuilds the count.

pub mod bound;
mod moduli;
mod modulus;
pub mod prime;
mod residue;
pub mod width;

pub use moduli::{Need, need, plan, plan_need, plan_width};
pub use modulus::Modulus;
pub use residue::{Residue, ResidueSet, combine, combine_need};
pub use width::Width;
