//! # tourglyph-engine
//!
//! The tour engines: they enumerate, count and find tours of a leap graph, and know no
//! pixels, files or formats.
//!
//! - [`frontier`]: the frontier-based ZDD (Knuth's SIMPATH; Kawahara, Inoue, Iwashita and
//!   Minato's frontier method). Counts exactly, enumerates in ID order, ranks, unranks and
//!   samples. Rook tours and any leaper on boards whose frontier is narrow enough.
//! - [`count`]: count-only engines for boards too big to list: the rook transfer matrix
//!   ([`count::transfer`]), residues modulo 2^64 or a prime ([`count::modular`]) joined by
//!   the Chinese remainder theorem ([`count::crt`]), and closed tours of any leaper
//!   ([`count::leaper`]).
//! - [`backtrack`]: plain backtracking in the style of the rook-tour essay (forced cells,
//!   dead ends). The independent cross-check of the ZDD engine.
//! - [`find`]: one tour on demand on boards of any size (Warnsdorff's rule with
//!   backtracking, divide-and-conquer constructions, and the existence theorems that
//!   decide when to refuse).
//! - [`symmetric_tours`]: the tours a board symmetry maps to themselves, counted and
//!   listed on quotient boards.
//! - [`shape_diagrams`]: closed tours of shaped boards, a diagram per part, tuples numbered in
//!   mixed radix; [`blocks`]: tours of shapes made of 2×2 blocks around a random spanning
//!   tree (Wilson's algorithm), at any size.
//! - [`select`], [`sample`]: selections over the ID-ordered stream (ranges, limits,
//!   classes, the non-crossing filter) and uniform sampling.
//!
//! Engines push what they find into a [`Sink`], which answers [`Flow::Continue`] or
//! [`Flow::Stop`]; limits, ranges and class filters compose as sinks without the engines
//! knowing them (ripgrep's searcher/sink split).

// Unsafe code only where a site says why, with `#[allow(unsafe_code)]` beside it.
#![deny(unsafe_code)]

pub mod backtrack;
pub mod blocks;
pub mod chain;
pub mod count;
pub mod find;
pub mod frontier;
pub mod sample;
pub mod select;
pub mod shape_diagrams;
mod sink;
mod stats;
pub mod symmetric_tours;

pub use sink::{Flow, Found, Sink};
pub use stats::Stats;
pub use tourglyph_core::tour::TourKind;
