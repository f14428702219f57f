//! Jobs: one request API for every caller (the CLI, the server, the gallery, [`crate::Tours`]).
//!
//! A request is plain data, as the flags or a URL's query give it: a [`Spec`] (piece,
//! board, open, classes, non-crossing, torus, symmetry, or a shaped board), a [`Pick`]
//! (limit, range, shard, sample, seed, force) and, for drawings, a style with its [`Draw`]
//! flags, a page and a format. A job resolves it once into a tour source
//! ([`source`]: where the tours come from, with the refusals made before any work),
//! and writes the result to a file or to any `io::Write`. The modules stand in layers,
//! each importing only the ones below it (`scripts/module-cycles.py` holds the longest
//! chain to five modules, and refuses a job importing another):
//!
//! 1. What every layer reads: the requests, as given and as resolved ([`request`]:
//!    [`Spec`], [`Pick`], [`Resolved`] and the checks of a walk), the process's limits
//!    and notices ([`limits`]), cell names (`cell_text`), and, beside the jobs,
//!    `crate::output` (where a drawing goes, files complete or absent) and
//!    `crate::describe` (the words for a set of tours).
//! 2. The names the front doors give the requests' fields ([`keys`]: the CLI's flags,
//!    the server's query parameters, the gallery's TOML keys); the ways tours are
//!    found or counted beyond one diagram: [`halves`] (closed leaper tours by ID through
//!    the halves, where the full diagram is too big), [`symmetric_tours`] (the tours a
//!    symmetry fixes, found on quotient boards), [`shaped_board`] (a board cut from a text
//!    grid or a picture) and [`counters`] (the counter the engine's plan chooses, run
//!    within the budget); and one drawing of one page, its style for its format and its
//!    redraw command (`single`), and a torus tour as a tile ([`tile`]).
//! 3. The tour source ([`source`]): the one place that decides where a request's tours
//!    come from (a shaped board; on a board the symmetric quotient, the halves or the
//!    diagram) and checks the walk's budget, for every command; with its count, its
//!    tours from a range and one at random. Beside it, the drawing helpers the jobs
//!    share: [`animate`] (a glyph drawn as its tour is walked: animated SVG, GIF, APNG),
//!    [`split`] (a sheet written as one file a tour) and [`shaped_drawing`] (a shaped
//!    board's glyphs and sheets).
//! 4. The sheet drawing ([`sheet_drawing`]: a sheet page by page, or one file a tour),
//!    which `render`, `gallery` and [`crate::Tours`] share.
//! 5. The jobs, one a command, siblings that import none of each other: [`count`]
//!    (`count`'s answer; [`residues`]: a count spread over many machines), [`list`],
//!    [`sheet`] (`render`), [`glyph`], [`font`], [`find`], [`slide`] (the sliding rooks
//!    and queens puzzle), [`plot_stats`] (what plotting an SVG file costs) and
//!    [`gallery`] (every manifest of a folder and their index).
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
mod json;
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
    Draw, FindRequest, GlyphRequest, MAX_ENGINE_CELLS, Motion, Pick, Progress, Resolved, ShapeKeys,
    SheetRequest, Silent, Spec, WALK_LIMIT, check_walk, empty_selection, explain_impossible,
    impossible, require_board, walk_len,
};
pub use single::{gcode_profile, png_options, style_with};
pub use source::{build_zdd, resolve};
