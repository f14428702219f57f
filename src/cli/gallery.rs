//! `tourglyph gallery [DIR] [--out DIR] [--force]`: a thin caller of
//! [`tourglyph::job::gallery`]: a gallery that fails is reported on stderr as it happens,
//! then the files of each gallery rendered (a line each) and the index; the command
//! fails at the end when any gallery did (`N of M galleries failed`).

use super::args::GalleryArgs;
use super::common::{Bar, report_files};
use tourglyph::Result;
use tourglyph::job::gallery::GalleryRequest;

/// Run `gallery`.
pub fn run(a: GalleryArgs, quiet: bool) -> Result<()> {
    let req = GalleryRequest {
        dir: a.dir,
        out: a.out,
        force: a.force,
    };
    let done = tourglyph::job::gallery::gallery(&req, &Bar::notes())?;
    for files in &done.written {
        report_files(quiet, files.iter().map(|p| p.as_path()));
    }
    report_files(quiet, [done.index.as_path()]);
    done.result()
}
