//! Board symmetries and symmetry classes of tours.
//!
//! The groups live here, one module each: [`plane`], the plane board's (D4 on a square
//! board, {identity, half turn, two mirrors} on an oblong one), and [`torus`], the torus's
//! (the plane group times the translations). [`classes`] decides, per tour, whether it
//! represents its class under its board's group, and the orbit size.

pub mod classes;
pub mod plane;
pub mod torus;

pub use classes::{
    ClassChecker, MAX_CLASS_EDGES, bitset, check_classifiable, compare_sets, edges_of,
};
pub use plane::Sym;
