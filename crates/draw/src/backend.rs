//! The drawing surface every backend implements ([`Backend`]): pages in order, paths,
//! glyphs, filled regions and text; the defaults draw glyphs and regions as paths. And
//! the writers pages go to ([`PageWrite`], opened by a [`PageOpener`]).

use crate::marks::{GlyphData, Label, Paint, Path, Place, Text};
use crate::pen::Pen;
use crate::region;
use std::io::Write;
use tourglyph_core::error::Result;

/// A drawing surface that writes pages in order.
///
/// Call order: (`begin_page`, (`path` | `glyph` | `text`)*, `end_page`)*, `finish`.
/// Implementations may offer faster paths for glyphs, but every picture can be drawn
/// with `path` and `text`.
pub trait Backend {
    /// Draw a glyph placed at `at`, described by `label` where the format can hold it.
    /// The default draws [`GlyphData::to_path`] with [`Backend::path`]; PostScript and PDF
    /// override it with compact forms, SVG to attach the label.
    fn glyph(
        &mut self,
        glyph: &GlyphData,
        at: &Place,
        paint: &Paint,
        label: Option<&Label>,
    ) -> Result<()> {
        let _ = label;
        self.path(&glyph.to_path(at), paint)
    }

    /// Fill a [`region::FilledRegion`] placed at `at` (glyph unit (x, y) at `at.map(x, y)`). The
    /// default draws [`region::FilledRegion::to_path`] with [`Backend::path`]; PDF overrides it
    /// with integer coordinates under one transform.
    fn shape(
        &mut self,
        shape: &region::FilledRegion,
        at: &Place,
        paint: &Paint,
        label: Option<&Label>,
    ) -> Result<()> {
        let _ = label;
        if shape.contours.is_empty() {
            return Ok(());
        }
        self.path(&shape.to_path(at), paint)
    }

    /// Draw a path that is one glyph (a plotted glyph's pen strokes), described by `label`
    /// where the format can hold it. The default draws it with [`Backend::path`]; SVG
    /// overrides it to attach the label.
    fn mark(&mut self, path: &Path, paint: &Paint, label: Option<&Label>) -> Result<()> {
        let _ = label;
        self.path(path, paint)
    }

    /// The marks that follow, until the next call, are drawn by `pen` ([`crate::pen`]):
    /// a format with layers (SVG) puts them on the pen's layer. The default ignores it;
    /// nothing calls it unless the drawing is made for a plotter's pens.
    fn pen(&mut self, pen: &Pen) -> Result<()> {
        let _ = pen;
        Ok(())
    }

    /// Start a page of `width` × `height` mm.
    fn begin_page(&mut self, width: f64, height: f64) -> Result<()>;
    /// Draw a path.
    fn path(&mut self, path: &Path, paint: &Paint) -> Result<()>;
    /// Draw a line of text (on the captions layer where the format has layers).
    fn text(&mut self, text: &Text) -> Result<()>;
    /// Finish the current page and write it out.
    fn end_page(&mut self) -> Result<()>;
    /// Finish the document (trailer, xref, …) and flush.
    fn finish(&mut self) -> Result<()>;
}

/// Opens the writer for page `i` (0-based).
pub type PageOpener<'a, W> = Box<dyn FnMut(usize) -> Result<W> + 'a>;

/// A page's writer, closed as soon as its page is written, so that a sheet of tens of
/// thousands of pages holds no open files or buffers until they are committed together.
pub trait PageWrite: Write {
    /// Flush and release what the writer holds; nothing is written to it afterwards.
    fn close(&mut self) -> Result<()> {
        Ok(self.flush()?)
    }
}

impl PageWrite for Vec<u8> {}

impl PageWrite for std::fs::File {}

impl<W: Write> PageWrite for std::io::BufWriter<W> {}

/// A borrowed writer (standard output, an HTTP answer) as the one stream of a document
/// ([`crate::document::Destination::Stream`]).
impl<W: Write + ?Sized> PageWrite for &mut W {}
