//! One document made in memory (a glyph, a tile): its target opened before the work and
//! written when complete, its format, and the page opener of a one-page drawing.

use super::request::Target;
use tourglyph_core::Result;

/// A [`Target`] opened for one document made in memory (a glyph, a tile): a file (or
/// stdout) committed when complete, or the caller's writer.
pub(crate) enum Opened<'a> {
    /// A file or stdout.
    Out(crate::output::Out),
    /// The caller's writer.
    Writer(&'a mut dyn std::io::Write),
}

impl<'a> Opened<'a> {
    /// Open the target (a file is created now: `--no-clobber` refuses before any work).
    pub(crate) fn open(target: Target<'a>) -> Result<Opened<'a>> {
        Ok(match target {
            Target::Path(p, opts) => Opened::Out(crate::output::open_out_with(p, opts)?),
            Target::Writer(w) => Opened::Writer(w),
        })
    }

    /// Write the document and finish: a file is renamed into place, a writer flushed.
    pub(crate) fn finish(self, bytes: &[u8]) -> Result<()> {
        use std::io::Write;
        match self {
            Opened::Out(mut o) => {
                o.write_all(bytes)?;
                o.commit()
            }
            Opened::Writer(w) => {
                w.write_all(bytes)?;
                Ok(w.flush()?)
            }
        }
    }
}

/// The format of a single drawing: as asked, else SVG on stdout or a writer, else from
/// the file's extension.
pub(crate) fn single_format(
    format: Option<&str>,
    target: &Target<'_>,
) -> Result<tourglyph_draw::Format> {
    use tourglyph_draw::Format;
    match (format, target) {
        (Some(f), Target::Path(p, _)) => Format::for_output(Some(f), p),
        (Some(f), Target::Writer(_)) => Format::parse(f),
        // A single glyph on stdout is for a design tool or a browser: SVG.
        (None, Target::Writer(_)) => Ok(Format::Svg),
        (None, Target::Path(p, _)) if p.as_os_str() == "-" => Ok(Format::Svg),
        (None, Target::Path(p, _)) => Format::from_path(p),
    }
}
