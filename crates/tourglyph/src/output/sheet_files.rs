//! The files of an SVG sheet, one page per file, and the files of an earlier run of the
//! same name that it replaces.
//!
//! A sheet written as `NAME.svg` is that one file when it has one page, else
//! `NAME-1.svg` … `NAME-N.svg` ([`svg_page_paths`]). A run replaces the whole output of
//! an earlier run of the same name: once all its own files are in place (each renamed
//! atomically, see [`super::AtomicFile`]), it removes `NAME.svg` if it wrote pages, and the
//! pages `NAME-K.svg` it did not write (`K` a decimal number without leading zeros, as the
//! pages are named), and nothing else (`NAME-2-backup.svg`, `NAME-02.svg` and other names
//! stay). A failed run removes nothing, so the earlier set stays whole. With
//! `--no-clobber` the run refuses before writing anything if any of these files exists,
//! and removes nothing.

use super::OutOptions;
use super::svg_page_paths;
use rustc_hash::FxHashMap;
use std::path::{Path, PathBuf};
use tourglyph_core::{error::Error, error::Result};

/// The files a sheet writes, and how it treats an earlier run's.
#[derive(Debug)]
pub struct SheetFiles {
    /// The pages' files, in page order (`-` for stdout).
    pages: Vec<PathBuf>,
    /// Where pages and the single file live, and how they are named; `None` for stdout or
    /// a device, which have no earlier run to replace.
    names: Option<Names>,
    no_clobber: bool,
}

/// How a sheet's files are named: `dir/single`, or `dir/STEM-K.EXT`.
#[derive(Debug)]
struct Names {
    /// The folder to list (`.` for a bare name).
    dir: PathBuf,
    /// The path as given: its siblings are named as `with_file_name` gives them.
    path: PathBuf,
    single: String,
    stem: String,
    ext: String,
}

impl Names {
    fn of(path: &Path) -> Names {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let text = |s: Option<&std::ffi::OsStr>, or: &str| {
            s.map_or_else(|| or.to_string(), |s| s.to_string_lossy().into_owned())
        };
        // As svg_page_paths names the pages.
        Names {
            dir,
            path: path.to_path_buf(),
            single: text(path.file_name(), ""),
            stem: text(path.file_stem(), "sheet"),
            ext: text(path.extension(), "svg"),
        }
    }

    /// `K` when `name` is `STEM-K.EXT` (no leading zero, K ≥ 1).
    fn page_number(&self, name: &str) -> Option<u64> {
        let k = name
            .strip_prefix(self.stem.as_str())?
            .strip_prefix('-')?
            .strip_suffix(self.ext.as_str())?
            .strip_suffix('.')?;
        if k.is_empty() || k.starts_with('0') || !k.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        k.parse().ok()
    }
}

/// What a sheet wrote and removed, for the notice on stderr.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// The files written, in page order (empty for stdout).
    pub files: Vec<PathBuf>,
    /// The files of an earlier run removed, sorted.
    pub removed: Vec<PathBuf>,
}

impl Written {
    /// One line: `wrote 4 files: sheet-1.svg … sheet-4.svg` (up to three files, each
    /// named), and how many files of an earlier run were removed; `None` when nothing went
    /// to a file.
    pub fn notice(&self) -> Option<String> {
        let show = |p: &PathBuf| p.display().to_string();
        let mut s = match self.files.as_slice() {
            [] => return None,
            [one] => format!("wrote 1 file: {}", show(one)),
            [a, b] => format!("wrote 2 files: {}, {}", show(a), show(b)),
            [a, b, c] => format!("wrote 3 files: {}, {}, {}", show(a), show(b), show(c)),
            [a, .., z] => format!(
                "wrote {} files: {} … {}",
                self.files.len(),
                show(a),
                show(z)
            ),
        };
        match self.removed.len() {
            0 => {}
            1 => s.push_str(&format!(
                "; removed {}, left by an earlier run",
                show(&self.removed[0])
            )),
            n => s.push_str(&format!("; removed {n} files left by an earlier run")),
        }
        Some(s)
    }
}

impl SheetFiles {
    /// The files of a sheet of `pages` pages written as `path` (`-` is stdout). With
    /// `--no-clobber`, refuse when any file this run would write or remove exists.
    pub fn plan(path: &Path, pages: u64, opts: OutOptions) -> Result<SheetFiles> {
        let files = SheetFiles {
            pages: svg_page_paths(path, pages),
            // A device or FIFO is written in place and has no pages beside it.
            names: (path.as_os_str() != "-"
                && std::fs::metadata(path).map_or(true, |m| m.is_file()))
            .then(|| Names::of(path)),
            no_clobber: opts.no_clobber,
        };
        if opts.no_clobber && files.names.is_some() {
            let taken = files
                .pages
                .iter()
                .filter(|p| p.as_os_str() != "-")
                .find(|p| std::fs::symlink_metadata(p).is_ok())
                .cloned()
                .or_else(|| files.stale().into_iter().next());
            if let Some(p) = taken {
                return Err(Error::runtime(format!(
                    "{}: already exists (this sheet writes or replaces it): remove it, choose another name, or drop --no-clobber",
                    p.display()
                )));
            }
        }
        Ok(files)
    }

    /// The pages' files, in page order.
    pub fn paths(&self) -> &[PathBuf] {
        &self.pages
    }

    /// The files of an earlier run that this sheet replaces, sorted: `NAME.svg` when the
    /// sheet has pages, pages `NAME-K.svg` it does not write.
    fn stale(&self) -> Vec<PathBuf> {
        let Some(n) = &self.names else {
            return vec![];
        };
        let paged = self.pages.len() > 1;
        let written = if paged { self.pages.len() as u64 } else { 0 };
        let Ok(entries) = std::fs::read_dir(&n.dir) else {
            return vec![];
        };
        let mut out: Vec<PathBuf> = entries
            .filter_map(|e| e.ok())
            .filter(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                let old = match n.page_number(&name) {
                    Some(k) => k > written,
                    None => paged && name == n.single,
                };
                // Files and links only: never a folder, FIFO or device of that name.
                old && e.file_type().is_ok_and(|t| t.is_file() || t.is_symlink())
            })
            .map(|e| n.path.with_file_name(e.file_name()))
            .collect();
        out.sort();
        out
    }

    /// Commit the pages' outputs (in page order), then remove the files of an earlier run
    /// of the same name (not with `--no-clobber`). On the first failure the outputs not
    /// yet committed are dropped (their temporary files removed) and nothing is removed.
    pub fn commit(self, outs: Vec<super::Out>) -> Result<Written> {
        for o in outs {
            o.commit()?;
        }
        let files: Vec<PathBuf> = self
            .pages
            .iter()
            .filter(|p| p.as_os_str() != "-")
            .cloned()
            .collect();
        if self.no_clobber {
            return Ok(Written {
                files,
                removed: vec![],
            });
        }
        let removed = self.stale();
        for p in &removed {
            std::fs::remove_file(p).map_err(|e| {
                Error::runtime(format!(
                    "{}: cannot remove this page of an earlier run ({e}); the new sheet is in place: remove it by hand",
                    p.display()
                ))
            })?;
        }
        Ok(Written { files, removed })
    }
}

/// `render --split -o DIR`: `DIR` must be a folder (created with `--mkdir`).
pub fn check_dir(dir: &Path, opts: OutOptions) -> Result<()> {
    if dir.as_os_str() == "-" {
        return Err(Error::usage(
            "--split writes one file per tour into a folder: give -o DIR, not -o -",
        ));
    }
    if dir.is_dir() {
        return Ok(());
    }
    if dir.exists() {
        return Err(Error::usage(format!(
            "{}: not a folder: --split writes one file per tour into the folder -o DIR",
            dir.display()
        )));
    }
    if opts.mkdir {
        super::make_folders(dir).map_err(|e| {
            Error::runtime(format!("{}: cannot create the folder: {e}", dir.display()))
        })
    } else {
        // The file system's state, as for any -o into a missing folder (exit 1).
        Err(Error::runtime(format!(
            "{}: no such folder: create it, or add --mkdir",
            dir.display()
        )))
    }
}

/// The file names `render --split` gives `ids` (in order): `stem-ID.ext`, the ID
/// zero-padded to the widest, repeats numbered `-2`, `-3`, ….
pub fn names(stem: &str, ids: &[u128], ext: &str) -> Vec<String> {
    let width = ids.iter().max().map_or(1, |m| m.to_string().len());
    let mut seen: FxHashMap<u128, u32> = FxHashMap::default();
    ids.iter()
        .map(|&id| {
            let k = seen.entry(id).or_insert(0);
            *k += 1;
            if *k == 1 {
                format!("{stem}-{id:0width$}.{ext}")
            } else {
                format!("{stem}-{id:0width$}-{k}.{ext}")
            }
        })
        .collect()
}

/// Files one `--split` writes without `--force`.
pub const MAX_SPLIT_FILES: usize = 100_000;
/// Size of each glyph `--split` draws, mm (as `glyph`'s default).
pub(crate) const SIZE_MM: f64 = 50.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_numbers_are_exactly_the_writers_names() {
        let n = Names::of(Path::new("out/sheet.svg"));
        assert_eq!(n.page_number("sheet-1.svg"), Some(1));
        assert_eq!(n.page_number("sheet-12.svg"), Some(12));
        for other in [
            "sheet.svg",
            "sheet-0.svg",
            "sheet-01.svg",
            "sheet-.svg",
            "sheet-1-backup.svg",
            "sheet-1.svg.bak",
            "sheet-1.pdf",
            "sheet-1svg",
            "sheet-x.svg",
            "sheet--1.svg",
            "sheets-1.svg",
            "xsheet-1.svg",
            "sheet-+1.svg",
            "sheet-99999999999999999999999.svg",
        ] {
            assert_eq!(n.page_number(other), None, "{other}");
        }
        let bare = Names::of(Path::new("sheet"));
        assert_eq!(bare.dir, Path::new("."));
        assert_eq!(bare.page_number("sheet-3.svg"), Some(3));
    }

    #[test]
    fn notice_counts_and_names_the_ends() {
        let w = |n: u64, removed: usize| Written {
            files: svg_page_paths(Path::new("s.svg"), n),
            removed: (0..removed)
                .map(|i| PathBuf::from(format!("x{i}")))
                .collect(),
        };
        assert_eq!(w(1, 0).notice().unwrap(), "wrote 1 file: s.svg");
        assert_eq!(w(2, 0).notice().unwrap(), "wrote 2 files: s-1.svg, s-2.svg");
        assert_eq!(
            w(3, 0).notice().unwrap(),
            "wrote 3 files: s-1.svg, s-2.svg, s-3.svg"
        );
        assert_eq!(
            w(4, 5).notice().unwrap(),
            "wrote 4 files: s-1.svg … s-4.svg; removed 5 files left by an earlier run"
        );
        assert_eq!(
            w(4, 1).notice().unwrap(),
            "wrote 4 files: s-1.svg … s-4.svg; removed x0, left by an earlier run"
        );
        assert_eq!(Written::default().notice(), None);
    }
}
