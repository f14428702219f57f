//! Jobs: one request API for every caller (the CLI, the server, the gallery, [`crate::Tours`]).
//!
//! A request is plain data, as the flags or a URL's query give it: a [`Spec`] (piece,
//! board, open, classes, non-crossing, torus, symmetry), a [`Pick`] (limit, range, shard,
//! sample, seed, force) and, for drawings, a style with its [`Draw`] flags, a page and a
//! format. A job resolves it into library objects (graph, diagram, query, layout), refuses
//! work that cannot finish or fit before anything is written, and writes the result to a
//! file or to any `io::Write`. The modules stand in layers, each importing only the ones
//! below it (`scripts/module-cycles.py` holds the longest chain to five modules):
//!
//! 1. What every layer reads: the requests ([`request`]), the process's limits and
//!    notices ([`limits`]), and, beside the jobs, `crate::output` (where a drawing goes,
//!    files complete or absent) and `crate::describe` (the words for a set of tours).
//! 2. The names the front doors give the requests' fields ([`keys`]: the CLI's flags, the
//!    server's query parameters, the gallery's TOML keys); a request resolved into library
//!    objects, with the refusals made before any work ([`resolve`](mod@resolve)); one
//!    drawing of one page, its style for its format and its redraw command (`single`).
//! 3. Where tours come from, beyond one diagram: [`halves`] (closed leaper tours by ID
//!    through the halves, where the full diagram is too big), [`symmetric_tours`] (the
//!    tours a symmetry fixes, found on quotient boards) and [`shaped_board`] (a board cut
//!    from a text grid or a picture); and the drawing helpers the jobs share: [`animate`]
//!    (a glyph drawn as its tour is walked: animated SVG, GIF, APNG), [`split`] (one file
//!    a tour), [`tile`] (a torus tour as a tile) and [`shaped_drawing`] (a shaped board's
//!    glyphs and sheets).
//! 4. The jobs: [`count`] (`count`'s figures; [`residues`]: a count spread over many
//!    machines), [`list`], [`sheet`], [`glyph`], [`font`], [`find`], [`slide`] (the
//!    sliding rooks and queens puzzle), [`plot_stats`] (what plotting an SVG file costs)
//!    and [`gallery`] (every manifest of a folder and their index). `list` and `residues`
//!    call `count`'s counters, and `gallery` draws through `sheet`.
//!
//! Jobs sit above the pipeline (engine → sinks → layout → render) and only call into it;
//! nothing below calls a job. Progress and notices go through [`Progress`], which a
//! caller may ignore ([`Silent`]).

pub mod animate;
mod cell_text;
pub mod count;
pub mod counters;
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
pub mod shaped_board;
pub mod shaped_drawing;
pub mod sheet;
pub mod sheet_drawing;
mod single;
pub mod slide;
pub mod source;
pub mod split;
pub mod symmetric_tours;
pub mod tile;

pub(crate) use crate::output::{Opened, single_format};
pub use crate::output::{OutOptions, Target};

pub use limits::{budget, set_max_memory, set_notices};
pub use request::{
    Draw, FindRequest, GlyphRequest, MAX_ENGINE_CELLS, Motion, Pick, Progress, Resolved,
    ShapeKeys, SheetRequest, Silent, Spec, WALK_LIMIT, check_walk, empty_selection,
    explain_impossible, impossible, json_str, piece_board, walk_len,
};
pub use source::{build_zdd, resolve};
pub use single::{gcode_profile, png_options, style_with};
