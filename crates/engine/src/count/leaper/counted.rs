//! What a count of closed leaper tours returns, and the progress callback the sweeps
//! call.

/// Result of a count ([`super::count`]).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LeaperCounted {
    /// Exact number of closed tours (undirected cycles).
    pub tours: u128,
    /// States held before each step.
    pub widths: Vec<u64>,
}

impl LeaperCounted {
    /// States stepped in all.
    pub fn states(&self) -> u64 {
        self.widths.iter().sum()
    }
}

/// A progress callback: (cells done, cells in all, states held).
pub type SweepProgressFn<'a> = Option<&'a dyn Fn(usize, usize, u64)>;
