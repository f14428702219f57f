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
//! - [`select`], [`sample`]: selections over the ID-ordered stream (ranges, limits,
//!   classes, the non-crossing filter) and uniform sampling.
//!
//! Engines push what they find into a [`Sink`], which answers [`Flow::Continue`] or
//! [`Flow::Stop`]; limits, ranges and class filters compose as sinks without the engines
//! knowing them (ripgrep's searcher/sink split).

// Unsafe code only where a site says why, with `#[allow(unsafe_code)]` beside it.
#![deny(unsafe_code)]

pub mod backtrack;
pub mod count;
pub mod find;
pub mod frontier;
pub mod sample;
pub mod select;
pub mod symmetric_tours;

pub use tourglyph_core::tour::TourKind;

/// What a sink tells the engine after each tour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep going.
    Continue,
    /// Stop the enumeration now.
    Stop,
}

/// One tour as an engine pushes it.
#[derive(Clone, Copy, Debug)]
pub struct Found<'a> {
    /// The tour's ID (its rank in ID order).
    pub id: u128,
    /// Its edge numbers, increasing.
    pub edges: &'a [u32],
    /// The same edges as a bitset (edge e is bit e % 64 of word e / 64).
    pub bits: &'a [u64],
}

/// A push consumer of tours.
pub trait Sink {
    /// Take one tour; say whether to go on.
    fn push(&mut self, tour: &Found<'_>) -> Flow;
}

impl<F: FnMut(&Found<'_>) -> Flow> Sink for F {
    fn push(&mut self, tour: &Found<'_>) -> Flow {
        self(tour)
    }
}

/// Machine-independent statistics of an engine run (no wall-clock time, so they can be
/// snapshot-tested, as hyperfine's are).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Diagram nodes (ZDD) or search nodes (DFS).
    pub nodes: u64,
    /// Largest number of frontier states at one level (ZDD) or 0.
    pub max_width: u64,
    /// Tours pushed.
    pub tours: u64,
}
