//! Text in any script: the bundled and user fonts ([`fonts`]), shaping and bidi
//! ([`shape`](mod@shape)), measuring ([`width`]), glyph outlines ([`outline`]) and the PDF font
//! objects ([`pdf_font`]).
//!
//! The layout measures every title, footer and caption with [`width`] (real shaped
//! advances), and the backends draw the same shaped [`shape::Line`]: PDF as embedded
//! subset fonts, PostScript and `--text-as-paths` SVG as outlines, SVG as `<text>` naming
//! the bundled families.

pub mod fonts;
pub mod outline;
pub mod pdf_font;
pub mod shape;

pub use fonts::Fonts;
pub use shape::{Line, check, shape};

use crate::error::Result;

/// Width of `text` set at `size` (any unit; the result is in the same unit).
pub fn width(fonts: &Fonts, text: &str, size: f64) -> Result<f64> {
    Ok(f64::from(shape(fonts, text)?.width) * size)
}
