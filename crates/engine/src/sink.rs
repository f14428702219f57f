//! The push protocol between the engines and their consumers: an engine hands each tour
//! it finds ([`Found`]) to a [`Sink`], which answers [`Flow::Continue`] or [`Flow::Stop`].
//! Limits, ranges and class filters compose as sinks without the engines knowing them
//! (ripgrep's searcher/sink split).

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
