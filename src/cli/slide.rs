//! `tourglyph slide`.

use super::args::SlideArgs;
use tourglyph::{Error, Result};

/// Run `slide`.
pub fn run(_args: SlideArgs) -> Result<()> {
    Err(Error::runtime("'slide' is not built yet"))
}
