//! Exact counts without listing the tours.
//!
//! - [`plan`]: which counter answers a count (the one home of that choice);
//! - [`transfer`]: closed and open rook tours of big boards by the transfer matrix (plug
//!   words of Jacobsen 2007), and symmetry classes by Burnside's lemma;
//! - [`modular`]: closed rook tours modulo 2^64 or a prime, one residue per frontier word
//!   in a dense array, and the exact count from several residues;
//! - [`classes`]: classes of big square boards by Burnside's lemma, every fixed count from
//!   the dense counter's residues or a small exact sweep;
//! - [`crt`]: the moduli, planned from a proven bound, and the exact count rebuilt from
//!   residues by the Chinese remainder theorem (number theory alone, below the counters);
//! - [`glue`]: when a half or quarter board's final state closes, with its images under
//!   a symmetry, into one symmetric tour (shared by the transfer and dense counters);
//! - [`leaper`]: closed tours of any leaper, a vertex at a time or by halves joined at the
//!   middle;
//! - [`torus`]: closed rook tours of the torus, on the cylinder with the seam fixed, one
//!   sweep per class of seams, residues and CRT;
//! - [`torus_classes`]: their classes by Burnside's lemma, every fixed count but the
//!   identity's on a quotient of the torus;
//! - [`voltage`]: Hamiltonian cycles of a small multigraph whose edges carry voltages in
//!   Z_k (the quotients' sweep).

pub mod classes;
pub mod crt;
pub mod glue;
pub mod leaper;
pub mod leaper_classes;
pub mod modular;
pub mod plan;
pub mod progress;
pub mod torus;
pub mod torus_classes;
pub mod transfer;
pub mod voltage;
