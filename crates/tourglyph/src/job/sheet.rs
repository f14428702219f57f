//! `render`: a sheet of glyphs (PDF, PostScript, EPS, SVG or PNG), or one file a tour
//! (`--split`), drawn by the sheet drawing the gallery and [`crate::Tours`] share
//! ([`super::sheet_drawing`]).

use super::request::{Progress, SheetRequest};
use super::sheet_drawing::sheet_pages;
use crate::output::Target;
use crate::output::sheet_files::Written;
use tourglyph_core::Result;
use tourglyph_draw::Format;

/// Draw the sheet; returns its format and the files written (none for stdout) and
/// removed (the pages of an earlier SVG sheet of the same name).
pub fn sheet(
    a: &SheetRequest,
    target: Target<'_>,
    progress: &dyn Progress,
) -> Result<(Format, Written)> {
    sheet_pages(a, target, progress, None)
}
