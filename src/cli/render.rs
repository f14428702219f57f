//! `tourglyph render`: a thin caller of [`tourglyph::job::sheet`].

use super::args::RenderArgs;
use super::common::{Bar, report};
use tourglyph::Result;
use tourglyph::draw::Format;
use tourglyph::job::SheetRequest;
use tourglyph::job::Target;
use tourglyph::output::sheet_files::Written;

/// Run `render`; says on stderr which files it wrote (unless `--quiet`).
pub fn run(a: RenderArgs, quiet: bool) -> Result<()> {
    let (_, written) = sheet(a, quiet)?;
    report(quiet, &written);
    Ok(())
}

/// The flags as a request.
pub fn request(a: &RenderArgs) -> SheetRequest {
    SheetRequest {
        spec: tourglyph::job::Spec {
            shape: a.shape.0.clone(),
            ..a.spec.0.clone()
        },
        sel: a.sel.0.clone(),
        format: a.format.clone(),
        page: a.page.clone(),
        landscape: a.landscape,
        columns: a.columns,
        style: a.style.clone(),
        title: a.title.clone(),
        no_captions: a.no_captions,
        draw: a.draw.0.clone(),
        split: a.split,
        font: a.font.clone(),
        text_as_paths: a.text_as_paths,
        split_layers: a.split_layers,
        motion: a.motion.motion(),
    }
}

/// Draw the sheet; returns its format and the files written (none for stdout) and
/// removed (the pages of an earlier SVG sheet of the same name).
pub fn sheet(a: RenderArgs, quiet: bool) -> Result<(Format, Written)> {
    let bar = Bar::glyphs(quiet);
    tourglyph::job::sheet::sheet(&request(&a), Target::Path(&a.output, a.out.options()), &bar)
}
