//! Text in any script: the bundled and user fonts ([`fonts`]), shaped lines ([`line`](mod@line)),
//! shaping and bidi ([`shaping`]), measuring ([`width`]), glyph outlines
//! ([`glyph_paths`]), subsets ([`subset`]) and the PDF and PostScript fonts ([`pdf_font`],
//! [`ps_font`]).
//!
//! The layout measures every title, footer and caption with [`width`] (real shaped
//! advances), and the backends draw the same shaped [`shaping::TextLine`]: PDF as embedded
//! subset fonts (CIDFontType 2), PostScript as embedded Type 42 subsets (outlines for a
//! glyph its fonts lack), `--text-as-paths` SVG as outlines, SVG as `<text>` naming the
//! bundled families.

pub mod fonts;
pub mod glyph_paths;
pub mod line;
#[cfg(feature = "pdf")]
pub mod pdf_font;
pub mod ps_font;
pub mod shaping;
pub mod subset;

pub use fonts::Fonts;
pub use shaping::{TextLine, check, shape};

use tourglyph_core::error::Result;

/// Width of `text` set at `size` (any unit; the result is in the same unit).
pub fn width(fonts: &Fonts, text: &str, size: f64) -> Result<f64> {
    Ok(f64::from(shape(fonts, text)?.width) * size)
}
