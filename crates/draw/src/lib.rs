//! Backends: draw paths, fills and text on pages, page by page, over any `io::Write`.
//!
//! Backends know nothing of tours. Coordinates are millimetres from the top-left corner of
//! the page, y growing downwards (each backend converts to its own space: PDF and
//! PostScript put the origin bottom-left in points).
//!
//! - [`marks`]: the drawing vocabulary (colours, paints, paths, the compact glyph, text,
//!   labels), at the bottom: every other module may use it, it uses none of them;
//! - [`corners`]: a compact glyph's corners, dropped, fitted and drawn;
//! - [`backend`]: the [`Backend`] trait every format implements;
//! - [`document`]: the output [`Format`]s, the one place that tells them apart, and the
//!   [`Document`] each opens;
//! - [`num`]: the one number formatter;
//! - [`pen`]: a plotter's pens (one SVG layer each); [`travel`]: the order a page's
//!   strokes are drawn in, to cut the pen's travel; [`plot_stats`]: what a plot of an SVG
//!   file costs (pen-down and pen-up lengths, lifts, time), layer by layer;
//! - [`font_sheet`]: a whole font typed on pages (a font's specimen), which
//!   [`Format::write_font_sheet`] writes;
//! - [`svg`], [`ps`], [`pdf`]: the three backends, each over any `io::Write`; [`png`]
//!   rasterises SVG pages, [`pattern`] writes a tile as an SVG `<pattern>`;
//! - [`motion`]: a line drawn as it is walked (an animated SVG, still frames);
//!   [`frames`]: frames written as GIF or APNG;
//! - [`gcode`]: G-code programs for pen plotters and GRBL machines, one a page, and the
//!   machine profiles they are written for; [`dxf`]: DXF drawings of outlines for cutters;
//!   [`flatten`] cuts curves into straight moves;
//! - [`silhouette`]: a picture (PNG, SVG) sampled onto a grid of cells, for shaped boards;
//! - [`GlyphData`] and [`Backend::glyph`]: a compact integer polyline with a placement,
//!   the fast path PostScript (a prolog procedure) and PDF (a `cm` transform with small
//!   integer coordinates) use for the thousands of glyphs of a sheet.
//!
//! Cargo features, one a heavy format, all on by default (PostScript, EPS, text shaping
//! and the modules above without a feature are always built):
//!
//! - `svg`: [`svg`], [`pattern`], [`motion`];
//! - `pdf`: [`pdf`] and its fonts (`pdf-writer`), and font sheets as PDF;
//! - `png` (with `svg`): [`png`], and SVG and PNG read back with resvg: [`plot_stats`],
//!   [`silhouette`];
//! - `gcode`: [`gcode`]; `dxf`: [`dxf`]; `fonts`: the TrueType writer [`ttf`];
//! - `frames`: [`frames`] (GIF and APNG).
//!
//! A [`Format`] whose feature is off is still named, and refused when opened
//! ([`Format::built`]).

#![forbid(unsafe_code)]

pub mod backend;
pub mod bounds;
pub mod corners;
pub mod css;
pub mod document;
#[cfg(feature = "dxf")]
pub mod dxf;
pub mod estimate;
pub mod flatten;
pub mod font_sheet;
#[cfg(feature = "pdf")]
mod font_sheet_pdf;
#[cfg(feature = "frames")]
pub mod frames;
#[cfg(feature = "gcode")]
pub mod gcode;
pub mod marks;
#[cfg(feature = "svg")]
pub mod motion;
pub mod num;
pub mod ops;
#[cfg(feature = "svg")]
pub mod pattern;
#[cfg(feature = "pdf")]
pub mod pdf;
pub mod pen;
#[cfg(feature = "png")]
pub mod plot_stats;
#[cfg(feature = "png")]
pub mod png;
pub mod ps;
pub mod region;
#[cfg(feature = "png")]
pub mod silhouette;
#[cfg(feature = "svg")]
pub mod svg;
pub mod text;
pub mod toml_value;
pub mod travel;
#[cfg(feature = "fonts")]
pub mod ttf;

pub use backend::{Backend, PageOpener, PageWrite};
pub use document::{Destination, DocOptions, Document, Format};
pub use marks::{
    Anchor, Cap, Corner, DEFAULT_MITER_LIMIT, GlyphData, Join, Label, Paint, Path, Place, Rgb, Seg,
    Stroke, Text,
};
pub use pen::Pen;
