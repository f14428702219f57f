//! Jobs: one request API for every caller (the CLI, the gallery, the server).
//!
//! A request is plain data, as the flags or a URL's query give it: a [`Spec`] (piece,
//! board, open, classes, non-crossing, torus, symmetry), a [`Pick`] (limit, range, shard,
//! sample, seed, force) and, for drawings, a style with its [`Draw`] flags, a page and a
//! format. A job resolves it into library objects (graph, diagram, query, layout), refuses
//! work that cannot finish or fit before anything is written, and writes the result to a
//! file or to any `io::Write`:
//!
//! - [`count`]: `count`'s figures, as its JSON object or its text; [`residues`]: a count
//!   spread over many machines as residues;
//! - [`list`]: `list`'s lines (JSON or text), streamed;
//! - [`sheet`]: a sheet of glyphs (PDF, PostScript, EPS, SVG, PNG, G-code), or one file a tour
//!   ([`split`]);
//! - [`halves`]: closed leaper tours by ID through the halves where the full diagram
//!   is too big (for `glyph` and `list`);
//! - [`glyph`]: one tour as a glyph (a torus tile: [`tile`]); [`animate`]: the glyph drawn
//!   as its tour is walked (animated SVG, GIF, APNG);
//! - [`symmetric_tours`]: `--symmetry` on big boards, the symmetric tours found directly
//!   on quotient boards (for `list`, `sheet`, `glyph --random` and `font`);
//! - [`font`]: a TrueType font of tours with its map and specimen; [`gallery`]: every
//!   gallery manifest of a folder and their index; [`find`]: one tour on any board;
//!   [`slide`]: the sliding rooks and queens puzzle; [`shape`]: closed tours of shaped
//!   boards (text grids, pictures), counted, listed and drawn; [`plot_stats`]: what
//!   plotting an SVG file costs, layer by layer.
//!
//! The request's types sit at the bottom ([`request`]); [`keys`] is the one table of the
//! names the front doors give their fields (the CLI's flags, the server's query
//! parameters, the gallery's TOML keys); [`resolve`](mod@resolve) turns a request into library
//! objects and refuses what cannot finish; [`style`] and `single` serve the drawings.
//!
//! Jobs sit above the pipeline (engine → sinks → layout → render) and only call into it;
//! nothing below calls a job. Progress and notices go through [`Progress`], which a
//! caller may ignore ([`Silent`]).

pub mod animate;
mod cell_text;
pub mod count;
pub mod find;
pub mod font;
pub mod gallery;
pub mod glyph;
pub mod halves;
pub mod keys;
pub mod limits;
pub mod list;
pub mod plot_stats;
pub mod request;
pub mod residues;
pub mod resolve;
pub mod shaped_board;
pub mod shaped_drawing;
pub mod sheet;
mod single;
pub mod slide;
pub mod split;
pub mod symmetric_tours;
pub mod tile;

pub(crate) use crate::output::{Opened, single_format};
pub use crate::output::{OutOptions, Target};

pub use limits::{budget, set_max_memory, set_notices};
pub use request::{
    Draw, FindRequest, GlyphRequest, Motion, Pick, Progress, ShapeKeys, SheetRequest, Silent, Spec,
    json_str,
};
pub use resolve::{
    MAX_ENGINE_CELLS, Resolved, WALK_LIMIT, build_zdd, check_walk, empty_selection,
    explain_impossible, impossible, piece_board, resolve, walk_len,
};
pub use single::{gcode_profile, png_options, style_with};
