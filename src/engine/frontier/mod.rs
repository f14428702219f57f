//! Frontier-based ZDD engine (stub being written).

use crate::engine::{Flow, Found, Sink, Stats};
use crate::error::{Error, Result};
use crate::graph::LeapGraph;
use crate::tour::{Tour, TourKind};
use std::ops::Range;

/// A zero-suppressed decision diagram of all tours of one kind of a leap graph.
pub struct Zdd {
    kind: TourKind,
}

impl Zdd {
    /// Build the diagram of all tours of `kind` on `g`.
    pub fn build(_g: &LeapGraph, kind: TourKind) -> Result<Zdd> {
        let _ = kind;
        Err(Error::runtime("frontier engine not built yet"))
    }
    /// Exact number of tours.
    pub fn count(&self) -> u128 {
        0
    }
    /// Tour kind.
    pub fn kind(&self) -> TourKind {
        self.kind
    }
    /// Words in a tour bitset.
    pub fn words(&self) -> usize {
        1
    }
    /// Statistics.
    pub fn stats(&self) -> Stats {
        Stats::default()
    }
    /// The ID of a tour given as increasing edge numbers, if it is one.
    pub fn rank(&self, _edges: &[u32]) -> Option<u128> {
        None
    }
    /// The tour with this ID.
    pub fn unrank(&self, _id: u128) -> Option<Tour> {
        None
    }
    /// Push tours with IDs in `range`, in ID order, into `sink`.
    pub fn for_each(&self, _range: Range<u128>, _sink: &mut dyn Sink) -> Flow {
        Flow::Continue
    }
    /// Parallel map over tours in `range`; results reach `consume` in ID order.
    pub fn par_map<T: Send>(
        &self,
        _range: Range<u128>,
        _map: impl Fn(&Found<'_>) -> Option<T> + Sync,
        _consume: impl FnMut(u128, T) -> Flow,
    ) -> Flow {
        Flow::Continue
    }
}
