//! One tour on demand: the `find` engine.
//!
//! [`find`] decides, in this order:
//! 1. **Refuse** at once what a theorem rules out ([`crate::find::existence`]): the reason
//!    names the case.
//! 2. **Small boards** (at most [`SMALL_CELLS`] cells, but not strips of 3 or 4 rows
//!    longer than 12) and pieces other than the knight:
//!    Warnsdorff search with backtracking under a node budget, restarted with seeded
//!    tie-breaks; a closed tour is an open one closed by Pósa rotations
//!    ([`crate::find::warnsdorff`]). A search that exhausts its space proves there is
//!    no tour; on boards of at most [`EXHAUSTIVE_CELLS`] cells an exhaustive search settles
//!    what the budget left open.
//! 3. **Large boards, knight**: an open tour is first tried by Warnsdorff's rule in one
//!    linear pass; a closed tour, or an open one the pass could not finish, comes from a
//!    linear divide-and-conquer construction — [`grid`] (both sides ≥ 5, Parberry 1997 /
//!    Lin & Wei 2005) or [`strip`] (3 or 4 rows, Schwenk 1991's extension). A closed
//!    tour cut open is an open tour from any square.
//! 4. **Verify** every tour ([`verify::verify`]) before returning it: a tour that fails is
//!    an internal error, never output.
//!
//! A closed tour is rotated to start at the requested cell (cell 0 by default) and goes
//! first to the smaller of that cell's two neighbours; an open tour starts at the
//! requested cell (cell 0 by default).

mod construct;
mod dispatch;
mod failure;
pub mod grid;
pub mod links;
mod request;
mod search;
pub mod strip;
pub mod verify;

pub use construct::construct;
pub use dispatch::{MAX_CELLS, MAX_SEARCH_CELLS, SMALL_CELLS, find};
pub use failure::ConstructionFailure;
pub use request::{FindMethod, FoundTour, Request};
pub use search::{ATTEMPTS, BUDGET, EXHAUSTIVE_CELLS};
