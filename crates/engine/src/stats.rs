//! What an engine run reports about itself, machine-independently.

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
