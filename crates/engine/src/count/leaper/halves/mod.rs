//! Closed tours counted by halves: the board cut in two between rows `h − 1` and `h`,
//! each half's path systems counted by how they meet the cut, and the two joined. The
//! idea is McKay's ("Knight's tours of an 8×8 chessboard", ANU TR-CS-97-03, 1997); the
//! halves are counted here with the vertex-at-a-time frontier of [`super::order`] and
//! [`super::slots`].
//!
//! Leaps that span at most two rows cross the cut in three kinds: from row `h − 2` to
//! row `h` (*lower* edges), from row `h − 1` to row `h + 1` (*upper* edges) and from
//! row `h − 1` to row `h` (*middle* edges). The two rows `J` = {`h − 1`, `h`} meet
//! every crossing edge.
//!
//! - **The top side** takes the edges inside rows `< h` and the lower edges, and sweeps
//!   rows `0..=h` with the cells of `J` kept on the frontier to the end
//!   ([`LeaperOrder::build`]): every other cell ends at degree 2 and no cycle closes. A
//!   final state gives each cell of `J` a degree 0–2 and pairs up the ends of its paths.
//! - **The bottom side** is the top side of the board turned half round, cut at
//!   `rows − h` (the upper edges become its lower ones); when `rows = 2h` it is the top
//!   side's own states, turned.
//! - **The join** goes by bottom run (the bottom states of one degree vector). Each set
//!   of middle edges that the run's degrees allow names the top degree vector that
//!   brings every cell of `J` to exactly 2; each top state of that vector is linked
//!   through the edges (where that closes no cycle) into a pairing of the run's path
//!   ends. The run's tours are the pairs of such a top pairing and a bottom pairing
//!   that alternate around a single cycle through all the ends ([`super::pairings`]).
//!   Many top states, through different edges, leave the same pairing: they are summed
//!   by pairing first, so that each distinct one is tested once against the run; a run
//!   of many bottom states is not tested pair by pair but descended as a trie, the top
//!   pairings contracted end by end by the bottom pairs ([`super::fold`]).
//!
//! A tour is the union of its edges on each side, so it is counted once: by its top
//! state, its middle edges and its bottom state. The sides are small where a single
//! sweep is wide in the middle of the board (knight 8×8: 1.9·10^7 final states a side,
//! swept with 16-byte states (`final_cuts`) and the cut's cells in the order of
//! [`kept_last`], where one sweep is projected at 1.6·10^11
//! states). The join sums the top states by pairing, takes the board's mirror image and
//! half turn (`Join::run`), descends the runs of many bottom states ([`super::fold`]),
//! links the smaller of the two runs the half turn pairs (`turn_key`) and sums in 64
//! bits where a bound allows (`Sums`); `benches/NOTES.md` has what each step saved on
//! knight 8×8. The join is estimated from a sample before it runs, and the sample's
//! tours are kept.
//!
//! [`LeaperOrder::build`]: super::order::LeaperOrder::build
//! [`kept_last`]: super::order::kept_last

mod counter;
mod cut;
mod estimate;
mod join;
mod side;
#[cfg(test)]
mod tests;
mod weights;

pub use counter::{count, count_open};
pub use cut::{cut, open_cut};
pub use weights::{Weighed, top_weights, top_weights_planned};

pub(super) use cut::{Cut, cut_steps, kept_order, mirror, mirror_cell, turn};
pub(super) use join::prefetch;
pub(super) use side::{Swept, final_cuts};
