//! Layout: tours become glyph geometry ([`glyph`]), styled ([`style`]), placed on pages
//! ([`page`], [`grid`]) with text sized for the page ([`text_size`], [`sheet_layout`]); a
//! [`Sheet`] draws them, page by page, on any [`Backend`](tourglyph_draw::Backend) as they stream in.

#![forbid(unsafe_code)]

pub mod bridge;
pub mod glyph;
pub mod grid;
pub mod interlace;
pub mod numbers;
pub mod outline;
pub mod page;
pub mod pens;
pub mod plot;
pub mod shape_glyph;
pub mod sheet;
pub mod specimen;
pub mod style;
pub mod text_size;
pub mod tile;

pub use sheet::{Ahead, Sheet, SheetText, TextSizes, ahead, bands, grid_spec, sheet_layout};
