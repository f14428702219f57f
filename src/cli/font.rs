//! `tourglyph font`: a thin caller of [`tourglyph::job::font`] (a TrueType font of the
//! selected tours, with its map and specimen beside it).

use super::args::FontArgs;
use super::common::report_files;
use tourglyph::Result;
use tourglyph::job::font::FontRequest;

/// Run `font`.
pub fn run(a: FontArgs, quiet: bool) -> Result<()> {
    let req = FontRequest {
        spec: tourglyph::job::Spec {
            shape: a.shape.0,
            ..a.spec.0
        },
        pick: a.sel.0,
        style: a.style,
        width: a.width,
        cap: a.cap,
        join: a.join,
        family: a.family,
        font: a.font,
    };
    let files = tourglyph::job::font::font(&req, &a.output, a.out.options())?;
    report_files(quiet, files.iter().map(|p| p.as_path()));
    Ok(())
}
