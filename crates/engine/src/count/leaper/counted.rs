//! What a count of closed leaper tours returns, and the progress callback the sweeps
//! call.

/// Result of a count ([`super::count`]).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Counted {
    /// Exact number of closed tours (undirected cycles).
    pub tours: u128,
    /// States held before each step.
    pub widths: Vec<u64>,
}

impl Counted {
    /// States stepped in all.
    pub fn states(&self) -> u64 {
        self.widths.iter().sum()
    }
}

/// A progress callback: (cells done, cells in all, states held).
pub type Progress<'a> = Option<&'a dyn Fn(usize, usize, u64)>;
