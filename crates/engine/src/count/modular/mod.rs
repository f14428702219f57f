//! A count-only engine for closed rook tours (Hamiltonian cycles of the grid) that keeps
//! one residue per frontier word in a dense array: no keys, no hashing, no sorting.
//!
//! The frontier is the plug word of [`super::transfer`] (Jacobsen 2007), each digit `(`,
//! `)` or no plug, balanced. Every balanced word has a fixed slot, its dense rank
//! ([`rank`], the minimal perfect hash of Iwashita, Nakazawa, Kawahara, Uno and Minato,
//! TCS-TR-A-13-64, 2013), and a cell rewrites the slots in place, so memory is one
//! residue per balanced word (a Motzkin number) plus the two rank tables. Two frontiers:
//!
//! - [`vertex`]: `w` digits for a board whose narrow side is `w`, one of them the current
//!   cell (the counter [`count_mod`] runs);
//! - [`edge`]: `w + 1` digits, the edges crossing the cut (the first dense counter, the
//!   vertex counter's oracle).
//!
//! Counts are residues modulo 2^64 (wrapping additions) or modulo any P below 2^64
//! ([`arith`]), each word's residue in 16, 32 or 64 bits ([`slot`]); the exact count comes from several residues by the Chinese remainder
//! theorem ([`count_exact`], with the moduli and the theorem of [`crate::count::crt`]).
//!
//! - [`count`]: what this module answers (a residue, the exact count) and its cost;
//! - [`fixed`]: the tours a half turn or a mirror fixes, from a half board swept the same
//!   way and glued to its image (Burnside's class counts on big boards);
//! - [`limits`]: the widest board and the progress callback every counter shares;
//! - [`rank`], [`brackets`], [`arith`], [`slot`]: the words' slots, their brackets, the
//!   additions, the width of a residue.

pub mod arith;
pub mod brackets;
pub mod count;
pub mod edge;
pub mod fixed;
pub mod limits;
pub mod rank;
pub mod slot;
pub mod vertex;

pub use count::{
    count_exact, count_exact_width, count_mod, count_mod_width, estimate, estimate_exact,
    estimate_width, widest_fitting,
};
pub use edge::count_mod_edge;
pub use limits::{MAX_WIDTH, check_width};
