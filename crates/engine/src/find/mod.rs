//! One tour on demand, on boards of any size.
//!
//! - [`existence`]: the theorems that say when a tour exists, so a request is refused at
//!   once when none does;
//! - [`warnsdorff`]: Warnsdorff's rule with backtracking, for small boards and any leaper;
//! - [`construction`]: divide-and-conquer constructions of knight's tours, the `find`
//!   engine's front door.

pub mod construction;
pub mod existence;
pub mod warnsdorff;
