//! `tourglyph render`.

use super::args::RenderArgs;
use tourglyph::{Error, Result};

/// Run `render`.
pub fn run(_args: RenderArgs) -> Result<()> {
    Err(Error::runtime("'render' is not built yet"))
}
