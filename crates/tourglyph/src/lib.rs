//! # tourglyph
//!
//! Enumerate chess-piece tours and draw them as Kufic-like line drawings ("glyphs").
//!
//! This crate is the library's front door and its jobs. The work is done by the crates
//! below it, re-exported here as ripgrep's `grep` crate re-exports its parts
//! (ARCHITECTURE.md has the map):
//!
//! ```text
//! core (board, piece, graph, tour) → engine → selection → layout → draw
//! ```
//!
//! - `board`, `piece`, `graph`, `tour`, `symmetry`, `error`: the shared vocabulary
//!   (`tourglyph-core`);
//! - `engine`: enumeration, counting, finding and symmetric tours (`tourglyph-engine`);
//! - `layout`: glyph geometry, styles, pages and grids (`tourglyph-layout`);
//! - `draw`: the SVG, PostScript, PDF and PNG backends, text and fonts
//!   (`tourglyph-draw`);
//! - `slide`: the sliding rooks and queens puzzle (`tourglyph-slide`);
//! - `job`: the jobs the command line, the server and the gallery run; `output`: atomic
//!   output files; `gallery`: gallery manifests.
// Plain names: as intra-doc links, one or another of these items showed in brackets on
// the rendered page (a link rustdoc neither made nor warned of).
//!
//! ```
//! use tourglyph::{Board, Piece, LeapGraph, engine::frontier::Zdd, TourKind};
//! let g = LeapGraph::new("4x4".parse::<Board>().unwrap(), &Piece::rook()).unwrap();
//! let zdd = Zdd::build(&g, TourKind::Closed).unwrap();
//! assert_eq!(zdd.count(), 6);
//! let first = zdd.unrank(0).unwrap();
//! assert_eq!(zdd.rank(&first.edges), Some(0));
//! ```

#![forbid(unsafe_code)]

pub use tourglyph_core::{
    Board, Error, LeapGraph, Piece, Result, Tour, TourKind, board, budget, cell_text, crossing,
    error, graph, input, names, piece, symmetry, torus, tour,
};
pub use tourglyph_draw as draw;
pub use tourglyph_engine as engine;
pub use tourglyph_layout as layout;
pub use tourglyph_slide as slide;

pub mod describe;
#[doc(hidden)]
pub mod fuzzing;
pub mod gallery;
pub mod job;
pub mod output;
