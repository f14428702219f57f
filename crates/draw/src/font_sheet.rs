//! A font sheet: pages that type a whole font by glyph ID, with lines of text set in the
//! sheets' fonts beside the glyphs (the specimen of a font of tours, laid out by the
//! layout crate). Only the types: the document module writes a sheet in a format that
//! can embed a whole font ([`crate::Format::write_font_sheet`]).
//!
//! Positions are PDF points from the page's bottom-left corner, as the sheet is laid out,
//! so what the layout computes is what the file says (the one format that holds a sheet
//! embeds the font and places it in points).

/// A font typed on pages.
#[derive(Clone, Debug, PartialEq)]
pub struct FontSheet<'a> {
    /// The font shown: a TrueType file, embedded whole.
    pub font: &'a [u8],
    /// Its PostScript name.
    pub ps_name: String,
    /// Each glyph ID with the character it stands for (what a reader copies).
    pub chars: Vec<(u16, char)>,
    /// The page's width and height, points.
    pub size: (f32, f32),
    /// The pages, in order.
    pub pages: Vec<SheetPage>,
}

/// One page of a [`FontSheet`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SheetPage {
    /// The font's glyphs placed on the page, in order.
    pub glyphs: Vec<PlacedGlyph>,
    /// The lines of text, in order.
    pub lines: Vec<FontSheetText>,
}

/// A glyph of the sheet's font, its origin at (x, y) points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlacedGlyph {
    /// The glyph ID.
    pub gid: u16,
    /// Origin x, points.
    pub x: f32,
    /// Baseline y, points from the bottom.
    pub y: f32,
    /// Size, points.
    pub pt: f32,
}

/// A run of text, shaped on its own in the sheets' fonts.
#[derive(Clone, Debug, PartialEq)]
pub struct FontSheetText {
    /// The text.
    pub text: String,
    /// Where the run starts.
    pub x: RunX,
    /// Baseline y, points from the bottom.
    pub y: f32,
    /// Size, points.
    pub pt: f32,
}

/// Where a run of text starts on its line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RunX {
    /// At x, points.
    Start(f32),
    /// Centred on x, points.
    Middle(f32),
    /// Where the previous run of the page ended.
    After,
}
