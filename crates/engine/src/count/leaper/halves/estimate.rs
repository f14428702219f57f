//! What the join costs before it runs: the reference machine's rate for each kind of
//! work the join tallies, the bytes it holds, and the estimate from a sample of its runs
//! ([`Join::estimate`]).

use super::join::{Join, Tally};

/// Pairs of a linked top pairing and a bottom pairing tested one by one per second on
/// the reference machine, 2 threads (knight 8×8, every pair tested one by one: 5.3·10^9
/// in about 5.3 s, quiet); a little less here, for a machine under some load.
const PAIRS_PER_SECOND: f64 = 8.0e8;

/// Contractions of a top pairing by a bottom pair per second, in the runs joined by
/// the descent ([`fold`]): knight 8×8 made 3.7·10^8 of them in about 1 s (`perf`'s
/// share of the count, when it descended every run of 32 states or more; 2.3·10^8
/// now).
///
/// [`fold`]: crate::count::leaper::fold
const CONTRACTIONS_PER_SECOND: f64 = 3.5e8;

/// Leaves of the search of middle edges looked up per second (8×8: 9.0·10^7 of them,
/// with the links below in 9.5 s).
const LOOKUPS_PER_SECOND: f64 = 2.0e8;

/// Top states linked through middle edges and summed by pairing, per second (8×8:
/// 8.8·10^8 of them in about 8 s: the join's 9.4 s less what its other parts are
/// planned at). Kept since the links became cheaper (runs of fewer than four linked
/// four at a time, the sums' slots one cache line), where it errs on the safe side.
const LINKS_PER_SECOND: f64 = 1.0e8;

/// Parts of the join between two reports of progress. Each part waits for its slowest
/// run before the next starts, which costs no time past the machine's noise: joined in
/// one part, knight 8×8's count was no faster (`benches/NOTES.md`).
pub(super) const JOIN_STEPS: usize = 100;

/// Bottom runs (one degree vector each) in the sample that estimates the join.
const SAMPLE: usize = 4096;

/// Every how many of `runs` runs the join's estimate samples one (about [`SAMPLE`] in all).
pub(super) fn sample_stride(runs: usize) -> usize {
    (runs / SAMPLE).max(1)
}

/// Bytes held per state of a side in the join: its cut and count (24 bytes) while the
/// join's state (16) is made from it, and a margin for the runs.
pub(super) const JOIN_BYTES_PER_STATE: f64 = 48.0;

impl Join {
    /// Seconds the join of `runs` (degree vector, states, times counted) would take, and
    /// the pairs it would test, estimated from an evenly spread sample of them: runs
    /// `0, stride, 2·stride, …` ([`sample_stride`]). With `walk`, the sample's tours
    /// are counted too (its tally, which the join then need not repeat).
    pub(super) fn estimate(
        &self,
        runs: &[(u32, usize, usize, u128)],
        walk: bool,
    ) -> (f64, f64, Tally) {
        let stride = sample_stride(runs.len());
        let picked: Vec<_> = runs.iter().step_by(stride).copied().collect();
        let sampled: usize = picked.iter().map(|&(_, from, to, _)| to - from).sum();
        // In parallel (0.26 s on one thread for knight 8×8).
        let sample = self.run_all(&picked, walk);
        let joined: usize = runs.iter().map(|&(_, from, to, _)| to - from).sum();
        let scale = joined as f64 / sampled.max(1) as f64;
        let seconds = scale
            * (sample.tested as f64 / PAIRS_PER_SECOND
                + sample.contractions as f64 / CONTRACTIONS_PER_SECOND
                + sample.links as f64 / LINKS_PER_SECOND
                + sample.lookups as f64 / LOOKUPS_PER_SECOND);
        (seconds, scale * sample.pairs as f64, sample)
    }
}
