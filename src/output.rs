//! Atomic output files: written under a temporary name beside the target and renamed
//! over it only when complete, so a failure never leaves a partial file.

use crate::error::{Error, Result};
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A file being written; becomes visible under its name only on [`AtomicFile::commit`].
/// Dropped without a commit, the temporary file is removed.
pub struct AtomicFile {
    target: PathBuf,
    temp: PathBuf,
    file: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Start writing `target` (through a temporary `.NAME.tmp-PID` in the same folder, so
    /// the final rename stays on one file system).
    pub fn create(target: &Path) -> Result<AtomicFile> {
        let name = target
            .file_name()
            .ok_or_else(|| Error::usage(format!("{}: not a file name", target.display())))?;
        let dir = target.parent().filter(|d| !d.as_os_str().is_empty());
        let mut tname = std::ffi::OsString::from(".");
        tname.push(name);
        tname.push(format!(".tmp-{}", std::process::id()));
        let temp = match dir {
            Some(d) => d.join(&tname),
            None => PathBuf::from(&tname),
        };
        let file = File::create(&temp).map_err(|e| Error::file(target, e))?;
        Ok(AtomicFile {
            target: target.to_path_buf(),
            temp,
            file: Some(BufWriter::with_capacity(1 << 16, file)),
        })
    }

    /// The name the file will have.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Flush, sync and rename the file to its name.
    pub fn commit(mut self) -> Result<()> {
        let f = self.file.take().expect("committed twice");
        let file = f
            .into_inner()
            .map_err(|e| Error::file(&self.target, e.into_error()))?;
        file.sync_all().map_err(|e| Error::file(&self.target, e))?;
        drop(file);
        std::fs::rename(&self.temp, &self.target).map_err(|e| Error::file(&self.target, e))
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.as_mut().expect("written after commit").write(buf)
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.file
            .as_mut()
            .expect("written after commit")
            .write_all(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.file.as_mut().expect("flushed after commit").flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}

/// An output: an atomic file, or stdout (`-`).
pub enum Out {
    /// A file, renamed into place on [`Out::commit`].
    File(AtomicFile),
    /// Standard output, flushed on [`Out::commit`].
    Stdout(BufWriter<io::Stdout>),
}

/// Open `path` for writing (`-` is stdout).
pub fn open_out(path: &Path) -> Result<Out> {
    if path.as_os_str() == "-" {
        Ok(Out::Stdout(BufWriter::with_capacity(1 << 16, io::stdout())))
    } else {
        AtomicFile::create(path).map(Out::File)
    }
}

impl Out {
    /// Finish: rename a file into place, flush stdout.
    pub fn commit(self) -> Result<()> {
        match self {
            Out::File(f) => f.commit(),
            Out::Stdout(mut s) => Ok(s.flush()?),
        }
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Out::File(f) => f.write(buf),
            Out::Stdout(s) => s.write(buf),
        }
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Out::File(f) => f.write_all(buf),
            Out::Stdout(s) => s.write_all(buf),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        match self {
            Out::File(f) => f.flush(),
            Out::Stdout(s) => s.flush(),
        }
    }
}

/// The files of an SVG sheet of `pages` pages written as `path`: the name itself for one
/// page, else `NAME-1.svg`, `NAME-2.svg`, … beside it.
pub fn svg_page_paths(path: &Path, pages: u64) -> Vec<PathBuf> {
    if pages <= 1 || path.as_os_str() == "-" {
        return vec![path.to_path_buf(); pages.max(1) as usize];
    }
    let stem = path
        .file_stem()
        .map_or_else(|| "sheet".into(), |s| s.to_string_lossy().into_owned());
    let ext = path
        .extension()
        .map_or_else(|| "svg".into(), |s| s.to_string_lossy().into_owned());
    (1..=pages)
        .map(|i| path.with_file_name(format!("{stem}-{i}.{ext}")))
        .collect()
}

/// SVG holds one page per file: refuse a sheet of several pages on stdout.
pub fn check_stdout_pages(path: &Path, pages: u64) -> Result<()> {
    if path.as_os_str() == "-" && pages > 1 {
        return Err(Error::usage(format!(
            "this SVG sheet has {pages} pages, one file each, which stdout cannot hold: write to a file (NAME-1.svg, …) or use --page poster"
        )));
    }
    Ok(())
}

/// Commit several files together, in order (multi-page SVG). On the first failure the
/// rest are dropped, which removes their temporary files.
pub fn commit_all(files: Vec<AtomicFile>) -> Result<()> {
    for f in files {
        f.commit()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commit_renames_and_drop_cleans_up() {
        let dir = tempfile::tempdir().unwrap();
        let t = dir.path().join("a.txt");
        let mut f = AtomicFile::create(&t).unwrap();
        f.write_all(b"hello").unwrap();
        assert!(!t.exists());
        f.commit().unwrap();
        assert_eq!(std::fs::read(&t).unwrap(), b"hello");

        let u = dir.path().join("b.txt");
        let mut g = AtomicFile::create(&u).unwrap();
        g.write_all(b"partial").unwrap();
        drop(g);
        assert!(!u.exists());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);

        let p = svg_page_paths(Path::new("out/all.svg"), 3);
        assert_eq!(p[2], Path::new("out/all-3.svg"));
        assert_eq!(
            svg_page_paths(Path::new("g.svg"), 1),
            vec![PathBuf::from("g.svg")]
        );
        assert!(
            check_stdout_pages(Path::new("-"), 2)
                .unwrap_err()
                .is_usage()
        );

        let e = AtomicFile::create(&dir.path().join("no/such/dir/c.txt"))
            .err()
            .unwrap();
        assert!(e.to_string().contains("c.txt"), "{e}");
    }
}
