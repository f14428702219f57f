//! `tourglyph list`.

use super::args::ListArgs;
use tourglyph::{Error, Result};

/// Run `list`.
pub fn run(_args: ListArgs) -> Result<()> {
    Err(Error::runtime("'list' is not built yet"))
}
