//! `tourglyph list`: a thin caller of [`tourglyph::job::list`].

use super::args::ListArgs;
use super::common::Bar;
use tourglyph::Result;

/// Run `list`.
pub fn run(a: ListArgs, quiet: bool) -> Result<()> {
    let bar = Bar::ids(quiet, "listing");
    let mut out = tourglyph::output::stdout();
    let mut spec = a.spec.0;
    spec.shape = a.shape.0;
    tourglyph::job::list::list(&spec, &a.sel.0, a.json, &mut out, &bar)?;
    out.commit()
}
