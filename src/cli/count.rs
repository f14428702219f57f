//! `tourglyph count`.

use super::args::CountArgs;
use tourglyph::{Error, Result};

/// Run `count`.
pub fn run(_args: CountArgs) -> Result<()> {
    Err(Error::runtime("'count' is not built yet"))
}
