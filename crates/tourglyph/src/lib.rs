//! # tourglyph
//!
//! Enumerate chess-piece tours and draw them as Kufic-like line drawings ("glyphs").
//!
//! [`Tours`] is a set of tours, typed and built in one expression; it counts them with
//! the engine the plan picks for the board, walks them in ID order into a closure, picks
//! one by ID or at random, and draws one ([`Tours::glyph`]) or all ([`Tours::sheet`]) in
//! any format the command line writes ([`Format`]): the same numbers, tours and bytes as
//! `tourglyph count`, `list`, `glyph` and `render`.
//!
//! ```
//! use tourglyph::{Format, Piece, Tours};
//! // Count: exact, whatever the size (a `BigUint`).
//! let knights = Tours::closed(Piece::knight(), "6x6".parse()?);
//! assert_eq!(knights.count()?, 9862u32.into());
//! // One tour by ID (its rank in ID order, as `tourglyph list` numbers them).
//! let tour = knights.tour(17)?;
//! assert_eq!(tour.algebraic(&knights.graph()?).split(' ').count(), 36);
//! // One glyph as SVG bytes (or PDF, PostScript, PNG, G-code, DXF).
//! let rook = Tours::closed(Piece::rook(), "6x6".parse()?);
//! let svg = rook.glyph(17).style("kufic").to_bytes(Format::Svg)?;
//! assert!(svg.starts_with(b"<?xml"));
//! # Ok::<(), tourglyph::Error>(())
//! ```
//!
//! Walking a set ([`Tours::for_each`]), drawing a tour at random ([`Tours::random`]) and
//! writing a sheet to a file ([`Drawing::write`]) are shown on their items; the
//! repository's `examples/` folder has a program for each, none over 15 lines.
//!
//! Below the front door, the crates that do the work are re-exported, as ripgrep's `grep`
//! crate re-exports its parts (ARCHITECTURE.md has the map):
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
//! The engines can also be driven directly, a diagram of every tour held at once:
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
pub mod tours;

pub use tourglyph_draw::document::Format;
pub use tours::{Drawing, Tours};
