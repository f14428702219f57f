//! # tourglyph-core
//!
//! The vocabulary every other tourglyph crate shares: the board, the piece and its leaps,
//! the leap graph (edges numbered in increasing (u, v) order), tours as edge sets, the
//! crossing test, the symmetry groups of the plane board and of the torus, the memory
//! budget, and the one [`Error`].
//!
//! ```
//! use tourglyph_core::{Board, LeapGraph, Piece};
//! let g = LeapGraph::new("4x4".parse::<Board>().unwrap(), &Piece::rook()).unwrap();
//! assert_eq!(g.edge_count(), 24);
//! ```

// Unsafe code only where a site says why, with `#[allow(unsafe_code)]` beside it.
#![deny(unsafe_code)]

pub mod board;
pub mod board_shape;
pub mod budget;
pub mod cell_text;
pub mod crossing;
pub mod error;
pub mod graph;
pub mod input;
pub mod interlace;
pub mod names;
pub mod piece;
pub mod symmetry;
pub mod torus;
pub mod tour;

pub use board::Board;
pub use error::{Error, Result};
pub use graph::LeapGraph;
pub use piece::Piece;
pub use tour::{Tour, TourKind};
