//! Count-only closed tours of any leaper (Hamiltonian cycles of the leap graph), a vertex
//! at a time.
//!
//! The frontier method of Knuth's SIMPATH (TAOCP 7.1.4) and of Iwashita, Kawahara and
//! Minato's frontier-based search, with counts instead of diagram nodes and a vertex,
//! not an edge, per level: a step decides all the edges from one vertex to the frontier
//! at once ([`slots::successors`]), so there are as many levels as cells and no
//! intermediate states between a vertex's edges. The frontier and the vertex order are
//! laid out once ([`order`]); the sweep keeps each frontier vertex in one slot while it
//! is on the frontier ([`slots`]), so a step patches a few slots of the packed key
//! instead of renumbering it, and looks up the valid choices of edges by the degrees of
//! the vertex's earlier neighbours.
//!
//! Counts are wrapping words: the result is the count modulo 2^64 or 2^128, which is the
//! count itself because Brégman's bound ([`log2_bound`]) proves it smaller; `u64` counts
//! (and `u64` keys, where the packed frontier fits) halve the memory traffic of the
//! boards whose bound allows them ([`word`]). The
//! successors of a level are sharded by a hash of their key and merged shard by shard
//! on rayon's workers, each in its own map; sums do not depend on the order
//! of additions, so the count is the same whatever the thread count.
//!
//! - [`cycles`]: the count, by halves or in one sweep ([`count`], [`fits`]);
//! - [`halves`], [`pairings`], [`fold`]: the board cut in two and the halves joined;
//! - [`ids`]: rank, unrank and sampling of closed tours through the halves;
//! - [`sweep`]: one sweep's levels of frontier states; `mirror`: those levels held up to
//!   the board's mirror image;
//! - [`order`], [`slots`], [`word`]: the vertex order and frontier layout, the slots a
//!   step patches, the widths of keys and counts;
//! - [`open`]: open tours, one sweep with an apex vertex joined to every cell;
//! - [`bound`], [`counted`]: what the graph alone tells, and what a count returns.

pub mod bound;
pub mod counted;
pub mod cycles;
pub mod fold;
pub mod halves;
pub mod ids;
mod mirror;
pub mod open;
pub mod order;
pub mod pairings;
mod rows;
pub mod slots;
/// [`order::LeaperOrder`]'s own numbering of the frontier, stepped by unpacking and
/// renumbering: the independent oracle of [`slots`] in the tests (nothing else steps it).
#[cfg(test)]
pub mod state;
pub mod sweep;
pub mod word;

pub use bound::log2_bound;
pub use counted::{LeaperCounted, SweepProgressFn};
pub use cycles::{count, count_at_cut, count_in_one_sweep, count_with_progress, fits};
pub use word::STATES_PER_SECOND;
