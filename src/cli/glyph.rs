//! `tourglyph glyph`.

use super::args::GlyphArgs;
use tourglyph::{Error, Result};

/// Run `glyph`.
pub fn run(_args: GlyphArgs) -> Result<()> {
    Err(Error::runtime("'glyph' is not built yet"))
}
