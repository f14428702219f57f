//! # tourglyph
//!
//! Enumerate chess-piece tours and draw them as Kufic-like line drawings ("glyphs").
//!
//! The pipeline (README, "How it works"):
//!
//! ```text
//! Board + Piece → LeapGraph → Engine → Sinks → Layout → Backends
//! ```
//!
//! - [`board`], [`piece`], [`graph`]: the board, the piece's leaps, the leap graph in CSR
//!   form with edges numbered in increasing (u, v) order;
//! - [`engine`]: the frontier (ZDD) engine (count, enumerate in ID order, rank, unrank,
//!   sample) and a plain backtracking engine;
//! - [`tour`], [`symmetry`]: tours as edge sets, symmetry classes;
//! - [`layout`]: glyph geometry, style templates, pages and grids;
//! - [`render`]: SVG, PostScript and PDF backends; [`output`]: atomic output files.
//!
//! ```
//! use tourglyph::{Board, Piece, LeapGraph, engine::frontier::Zdd, TourKind};
//! let g = LeapGraph::new("4x4".parse::<Board>().unwrap(), &Piece::rook()).unwrap();
//! let zdd = Zdd::build(&g, TourKind::Closed).unwrap();
//! assert_eq!(zdd.count(), 6);
//! let first = zdd.unrank(0).unwrap();
//! assert_eq!(zdd.rank(&first.edges), Some(0));
//! ```

pub mod board;
pub mod budget;
pub mod cell_text;
pub mod crossing;
pub mod describe;
pub mod engine;
pub mod error;
pub mod font;
#[doc(hidden)]
pub mod fuzzing;
pub mod gallery;
pub mod graph;
pub mod input;
pub mod job;
pub mod layout;
pub mod output;
pub mod piece;
pub mod puzzle;
pub mod render;
pub mod sample;
pub mod serve;
pub mod sinks;
pub mod symmetric;
pub mod symmetry;
pub mod text;
pub mod torus;
pub mod tour;

pub use board::Board;
pub use error::{Error, Result};
pub use graph::LeapGraph;
pub use piece::Piece;
pub use tour::{Tour, TourKind};
