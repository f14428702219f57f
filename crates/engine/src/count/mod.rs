//! Exact counts without listing the tours.
//!
//! - [`transfer`]: closed and open rook tours of big boards by the transfer matrix (plug
//!   words of Jacobsen 2007), and symmetry classes by Burnside's lemma;
//! - [`modular`]: closed rook tours modulo 2^64 or a prime, one residue per frontier word
//!   in a dense array;
//! - [`crt`]: the moduli, planned from a proven bound, and the exact count rebuilt from
//!   residues by the Chinese remainder theorem;
//! - [`leaper`]: closed tours of any leaper, a vertex at a time or by halves joined at the
//!   middle.

pub mod crt;
pub mod leaper;
pub mod modular;
pub mod transfer;
