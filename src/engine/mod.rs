//! Tour engines.
//!
//! - [`frontier`]: the frontier-based ZDD (Knuth's SIMPATH; Kawahara, Inoue, Iwashita and
//!   Minato's frontier method). Counts exactly, enumerates in ID order, ranks, unranks and
//!   samples. Rook tours and any leaper on boards whose frontier is narrow enough.
//! - [`transfer`]: count-only transfer matrix (no diagram) for rook tours on big boards,
//!   and symmetry classes by Burnside's lemma.
//! - [`dense`]: count-only closed rook tours modulo 2^64 or a prime, one residue per
//!   frontier word in a dense array ranked without keys; [`residue`] plans the moduli
//!   from a proven bound and rebuilds exact counts by the Chinese remainder theorem.
//! - [`dfs`]: plain backtracking in the style of the rook-tour essay (forced cells, dead
//!   ends). The independent cross-check of the ZDD engine.
//! - [`warnsdorff`], [`construct`], [`knights`]: one tour on demand on boards of any size
//!   (Warnsdorff's rule with backtracking, divide-and-conquer constructions, and the
//!   existence theorems that decide when to refuse).
//!
//! Engines push what they find into a [`Sink`], which answers [`Flow::Continue`] or
//! [`Flow::Stop`]; limits, ranges and class filters compose as sinks without the engines
//! knowing them (ripgrep's searcher/sink split).

pub mod construct;
pub mod cycles;
pub mod dense;
pub mod dfs;
pub mod frontier;
pub mod knights;
pub mod quarter;
pub mod quotient;
pub mod residue;
pub mod transfer;
pub mod warnsdorff;

pub use crate::tour::TourKind;

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
