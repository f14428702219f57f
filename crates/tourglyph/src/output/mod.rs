//! Output files that are either complete or not there.
//!
//! A regular file is written under a temporary name beside its target (`.NAME.PID-K.tmp`,
//! created exclusively, so the final rename stays on one file system and never follows a
//! planted link) and renamed over the target only when complete and synced. An error, a
//! dropped writer or a signal (see [`abandon_pending`]) removes the temporary file, so a
//! failure leaves the old file, or nothing, never a partial one.
//!
//! The conventions, chosen after the compilers and converters whose output is a
//! regenerable artefact (`cc -o`, `gs -o`, `qpdf`, `pdftoppm`, ImageMagick):
//! - an existing file is **replaced** (atomically: readers see the old file until the new
//!   one is complete); `--no-clobber` refuses instead, as `cp -n` does, and the final step
//!   is then a hard link, which fails rather than replaces when the name was taken
//!   meanwhile;
//! - a symbolic link is followed: the file it points to is replaced and the link stays;
//! - a target that is not a regular file (`/dev/null`, `/dev/stdout`, a FIFO) is written
//!   in place: renaming over a device node would replace it;
//! - a missing folder is an error naming it, unless `--mkdir` ([`OutOptions::mkdir`]);
//!   the folders `--mkdir` makes ([`make_folders`]) are removed again, while empty, on a
//!   signal or a failure, so an interrupted command leaves no empty folder behind;
//! - every write error names the file (or `standard output`);
//! - files that belong together (a font, its map and its specimen) are written as a set
//!   ([`write_files`]): every name is checked before any is written, and they are renamed
//!   into place together at the end; a set of files made by others (a gallery's sheets
//!   and preview) is written into a [`Staging`] folder and moved into place together.

mod files;
pub mod sheet_files;
#[cfg(test)]
mod tests;

pub use files::{
    AtomicFile, Out, OutOptions, Staging, Target, abandon_pending, check_stdout_pages, commit_all,
    make_folders, open_out, open_out_with, remove_made_folders, stdout, svg_page_paths, write_file,
    write_files,
};
pub(crate) use files::{Opened, single_format};
