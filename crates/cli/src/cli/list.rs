//! `tourglyph list`: a thin caller of [`tourglyph::job::list`].

use super::args::ListArgs;
use super::common::Bar;
use tourglyph::Result;

/// Run `list`.
pub fn run(a: ListArgs, quiet: bool) -> Result<()> {
    let bar = Bar::ids(quiet, "listing");
    let mut out = tourglyph::output::stdout();
    if let Some(shape) = a.shape.request()? {
        tourglyph::job::shape_board::list(&a.spec.0, &shape, &a.sel.0, a.json, &mut out)?;
        return out.commit();
    }
    tourglyph::job::list::list(&a.spec.0, &a.sel.0, a.json, &mut out, &bar)?;
    out.commit()
}
