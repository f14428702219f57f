//! The count engines' progress callback, at the bottom of `count` (it imports none of its
//! siblings).

/// A progress callback: (steps done, steps in all), each engine's own steps: cells swept
/// (the dense and transfer-matrix counters), seam classes ([`super::torus`]), conjugacy
/// classes ([`super::torus_classes`]).
pub type ProgressFn<'a> = Option<&'a dyn Fn(usize, usize)>;
