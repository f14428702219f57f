//! `tourglyph find`.

use super::args::FindArgs;
use tourglyph::{Error, Result};

/// Run `find`.
pub fn run(_args: FindArgs) -> Result<()> {
    Err(Error::runtime("'find' is not built yet"))
}
