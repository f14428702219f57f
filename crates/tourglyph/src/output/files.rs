//! Files written complete or not at all: one file ([`AtomicFile`], [`Out`]), a set of files
//! renamed into place together ([`write_files`]), a folder of files made by others moved
//! into place together ([`Staging`]); what a failure or a signal must undo (the temporary
//! files being written and the folders `--mkdir` made: [`abandon_pending`]); and where a
//! drawing goes ([`Target`]), one document made in memory written to it ([`Opened`]).

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use tourglyph_core::{error::Error, error::Result};
use tourglyph_draw::Format;

/// Temporary files being written by this process, removed by [`abandon_pending`].
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
/// Makes temporary names unique within the process.
static SERIAL: AtomicU64 = AtomicU64::new(0);

pub(super) fn pending() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    PENDING.lock().unwrap_or_else(|p| p.into_inner())
}

fn forget(list: &mut Vec<PathBuf>, temp: &Path) {
    if let Some(i) = list.iter().position(|p| p == temp) {
        list.swap_remove(i);
    }
}

/// Remove every temporary file still being written, then the folders this process made
/// that are left empty ([`make_folders`]), and exit with `code`, for a signal handler
/// (SIGINT → 130). Both registries stay locked until the process is gone, so no file can
/// be renamed into place, nor a folder made, half-way through.
pub fn abandon_pending(code: i32) -> ! {
    let list = pending();
    for p in list.iter() {
        // A temporary file, or a staging folder and what it holds.
        let _ = std::fs::remove_file(p).or_else(|_| std::fs::remove_dir_all(p));
    }
    let made = made();
    remove_empty(&made);
    std::process::exit(code)
}

/// Folders made by this process for its outputs (`--mkdir`), outermost first.
static MADE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn made() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    MADE.lock().unwrap_or_else(|p| p.into_inner())
}

/// Remove the folders of `made` that are empty, innermost first (a folder that holds a
/// finished file, or one that was there before, stays).
fn remove_empty(made: &[PathBuf]) {
    for d in made.iter().rev() {
        let _ = std::fs::remove_dir(d);
    }
}

/// Create `dir` and every missing folder above it (`--mkdir`), one at a time, remembering
/// each one made, so that a signal ([`abandon_pending`]) or a failure
/// ([`remove_made_folders`]) removes it again while it is empty.
pub fn make_folders(dir: &Path) -> io::Result<()> {
    let mut missing = Vec::new();
    let mut d = dir;
    while !d.as_os_str().is_empty() && !d.is_dir() {
        missing.push(d.to_path_buf());
        match d.parent() {
            Some(p) => d = p,
            None => break,
        }
    }
    let mut made = made();
    for m in missing.into_iter().rev() {
        match std::fs::create_dir(&m) {
            Ok(()) => made.push(m),
            // Made meanwhile by someone else: theirs, not ours to remove.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && m.is_dir() => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// After a failure: remove the folders [`make_folders`] made that are still empty.
pub fn remove_made_folders() {
    let mut made = made();
    remove_empty(&made);
    made.clear();
}

/// How outputs are opened (the `--mkdir` and `--no-clobber` flags).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OutOptions {
    /// Create missing folders on the way to the file. Default false: a missing folder is
    /// an error, so a typo in a path is not silently turned into a new folder.
    pub mkdir: bool,
    /// Refuse to replace an existing file. Default false: replace it atomically.
    pub no_clobber: bool,
}

/// An I/O error with the name of what failed in front of its message (kind kept, so a
/// broken pipe is still recognised).
fn named(what: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", what.display()))
}

/// A file being written; becomes visible under its name only on [`AtomicFile::commit`].
/// Dropped without a commit, the temporary file is removed.
pub struct AtomicFile {
    /// The name as given (for messages).
    target: PathBuf,
    /// Where the file lands: the target, or the file a symbolic link points to.
    dest: PathBuf,
    /// The temporary file; `None` when writing straight into a device or FIFO.
    temp: Option<PathBuf>,
    file: Option<BufWriter<File>>,
    no_clobber: bool,
}

impl AtomicFile {
    /// Start writing `target`, replacing an existing file, in an existing folder.
    pub fn create(target: &Path) -> Result<AtomicFile> {
        Self::create_with(target, OutOptions::default())
    }

    /// Start writing `target` with the given options (see the module doc).
    pub fn create_with(target: &Path, opts: OutOptions) -> Result<AtomicFile> {
        let shown = target.display();
        if target.as_os_str().is_empty() {
            return Err(Error::usage(
                "empty output file name: give a path, or - for stdout",
            ));
        }
        match std::fs::metadata(target) {
            Ok(m) if m.is_dir() => {
                return Err(Error::usage(format!(
                    "{shown}: is a folder: give a file name inside it, e.g. {}",
                    target.join("sheet.pdf").display()
                )));
            }
            Ok(m) if !m.is_file() => {
                // A device or FIFO: write into it; renaming over it would replace it.
                let f = OpenOptions::new()
                    .write(true)
                    .open(target)
                    .map_err(|e| Error::file(target, e))?;
                return Ok(AtomicFile {
                    target: target.to_path_buf(),
                    dest: target.to_path_buf(),
                    temp: None,
                    file: Some(BufWriter::with_capacity(1 << 16, f)),
                    no_clobber: false,
                });
            }
            Ok(_) if opts.no_clobber => {
                return Err(Error::runtime(format!(
                    "{shown}: already exists: remove it, choose another name, or drop --no-clobber"
                )));
            }
            _ => {}
        }
        let dest = follow_links(target)?;
        let name = dest
            .file_name()
            .ok_or_else(|| Error::usage(format!("{shown}: not a file name")))?;
        let dir = dest
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        if !dir.is_dir() {
            if dir.exists() {
                return Err(Error::runtime(format!(
                    "{shown}: '{}' is not a folder",
                    dir.display()
                )));
            }
            if !opts.mkdir {
                return Err(Error::runtime(format!(
                    "{shown}: folder '{}' does not exist: create it, or add --mkdir",
                    dir.display()
                )));
            }
            make_folders(dir).map_err(|e| Error::file(dir, e))?;
        }
        let mut list = pending();
        let (temp, file) = loop {
            let mut t = std::ffi::OsString::from(".");
            t.push(name);
            t.push(format!(
                ".{}-{}.tmp",
                std::process::id(),
                SERIAL.fetch_add(1, Ordering::Relaxed)
            ));
            let temp = dir.join(t);
            match OpenOptions::new().write(true).create_new(true).open(&temp) {
                Ok(f) => break (temp, f),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(Error::file(target, e)),
            }
        };
        list.push(temp.clone());
        Ok(AtomicFile {
            target: target.to_path_buf(),
            dest,
            temp: Some(temp),
            file: Some(BufWriter::with_capacity(1 << 16, file)),
            no_clobber: opts.no_clobber,
        })
    }

    /// The name the file will have.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Flush, sync and close the file, keeping it under its temporary name until
    /// [`AtomicFile::commit`]: a sheet of many pages then holds no open files or buffers.
    /// Writing after it is an error.
    pub fn close(&mut self) -> Result<()> {
        if let Some(f) = self.file.take() {
            let file = f
                .into_inner()
                .map_err(|e| Error::file(&self.target, e.into_error()))?;
            if self.temp.is_some() {
                file.sync_all().map_err(|e| Error::file(&self.target, e))?;
            }
        }
        Ok(())
    }

    /// Flush, sync and rename the file to its name.
    pub fn commit(mut self) -> Result<()> {
        self.close()?;
        let Some(temp) = self.temp.take() else {
            return Ok(()); // a device or FIFO: nothing to rename
        };
        let mut list = pending();
        let done = self.place(&temp).map_err(|e| Error::file(&self.target, e));
        if done.is_err() {
            let _ = std::fs::remove_file(&temp);
        }
        forget(&mut list, &temp);
        drop(list);
        if done.is_ok() {
            // The rename is durable once the folder is synced (best effort).
            if let Some(d) = self.dest.parent().filter(|d| !d.as_os_str().is_empty()) {
                let _ = File::open(d).and_then(|d| d.sync_all());
            }
        }
        done
    }

    /// Move the complete temporary file to its name.
    fn place(&self, temp: &Path) -> io::Result<()> {
        if !self.no_clobber {
            return std::fs::rename(temp, &self.dest);
        }
        match std::fs::hard_link(temp, &self.dest) {
            Ok(()) => std::fs::remove_file(temp),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(io::Error::new(
                e.kind(),
                "already exists: remove it, choose another name, or drop --no-clobber",
            )),
            // A file system without hard links: check, then rename.
            Err(_) if !self.dest.exists() => std::fs::rename(temp, &self.dest),
            Err(e) => Err(e),
        }
    }

    fn writer(&mut self) -> io::Result<&mut BufWriter<File>> {
        self.file
            .as_mut()
            .ok_or_else(|| io::Error::other("written after it was closed"))
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer()
            .and_then(|w| w.write(buf))
            .map_err(|e| named(&self.target, e))
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.writer()
            .and_then(|w| w.write_all(buf))
            .map_err(|e| named(&self.target, e))
    }
    fn flush(&mut self) -> io::Result<()> {
        self.writer()
            .and_then(|w| w.flush())
            .map_err(|e| named(&self.target, e))
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if let Some(temp) = self.temp.take() {
            let mut list = pending();
            drop(self.file.take());
            let _ = std::fs::remove_file(&temp);
            forget(&mut list, &temp);
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

/// Open `path` for writing (`-` is stdout), with the default [`OutOptions`].
pub fn open_out(path: &Path) -> Result<Out> {
    open_out_with(path, OutOptions::default())
}

/// Where a write to `target` lands: the end of its chain of symbolic links, so the
/// links stay; a dangling link's target is created (as `cp` and shell redirection do).
/// `target` itself when it is no link.
fn follow_links(target: &Path) -> Result<PathBuf> {
    let mut p = target.to_path_buf();
    // Linux's own limit on a chain of links.
    for _ in 0..40 {
        let Ok(next) = std::fs::read_link(&p) else {
            return Ok(p);
        };
        p = match p.parent() {
            Some(dir) if next.is_relative() => dir.join(next),
            _ => next,
        };
    }
    Err(Error::runtime(format!(
        "{}: too many levels of symbolic links: point it at a file",
        target.display()
    )))
}

/// Open `path` for writing (`-` is stdout).
pub fn open_out_with(path: &Path, opts: OutOptions) -> Result<Out> {
    if path.as_os_str() == "-" {
        Ok(stdout())
    } else {
        AtomicFile::create_with(path, opts).map(Out::File)
    }
}

/// Buffered standard output whose errors say `standard output` (commit to flush).
pub fn stdout() -> Out {
    Out::Stdout(BufWriter::with_capacity(1 << 16, io::stdout()))
}

/// Write `bytes` to `path` (`-` is stdout) completely or not at all.
pub fn write_file(path: &Path, bytes: &[u8], opts: OutOptions) -> Result<()> {
    let mut out = open_out_with(path, opts)?;
    out.write_all(bytes)?;
    out.commit()
}

const STDOUT: &str = "standard output";

impl Out {
    /// Close a file (see [`AtomicFile::close`]); flush stdout.
    pub fn close(&mut self) -> Result<()> {
        match self {
            Out::File(f) => f.close(),
            Out::Stdout(s) => Ok(s.flush().map_err(|e| named(Path::new(STDOUT), e))?),
        }
    }

    /// Finish: rename a file into place, flush stdout.
    pub fn commit(self) -> Result<()> {
        match self {
            Out::File(f) => f.commit(),
            Out::Stdout(mut s) => Ok(s.flush().map_err(|e| named(Path::new(STDOUT), e))?),
        }
    }
}

impl tourglyph_draw::PageWrite for Out {
    fn close(&mut self) -> Result<()> {
        Out::close(self)
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Out::File(f) => f.write(buf),
            Out::Stdout(s) => s.write(buf).map_err(|e| named(Path::new(STDOUT), e)),
        }
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Out::File(f) => f.write_all(buf),
            Out::Stdout(s) => s.write_all(buf).map_err(|e| named(Path::new(STDOUT), e)),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        match self {
            Out::File(f) => f.flush(),
            Out::Stdout(s) => s.flush().map_err(|e| named(Path::new(STDOUT), e)),
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

/// SVG and PNG hold one page per file (`ext` names the format): refuse a sheet of
/// several pages on stdout.
pub fn check_stdout_pages(path: &Path, pages: u64, ext: &str) -> Result<()> {
    if path.as_os_str() == "-" && pages > 1 {
        return Err(Error::usage(format!(
            "this {} sheet has {pages} pages, one file each, which stdout cannot hold: write to a file (NAME-1.{ext}, …) or use --page poster",
            ext.to_ascii_uppercase()
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

/// Write `files` (path, bytes) as one set, all or none: each is opened first (so a
/// missing folder, or with `--no-clobber` a name already taken, refuses the set before
/// anything is written), then written and synced under its temporary name, then all are
/// renamed into place. With `--no-clobber`, a name taken while the set was written fails
/// the set and removes the files of it already placed (they were new); without it the
/// renames, in one folder each, replace.
pub fn write_files(files: &[(&Path, &[u8])], opts: OutOptions) -> Result<()> {
    let mut outs = Vec::with_capacity(files.len());
    for (path, _) in files {
        outs.push(AtomicFile::create_with(path, opts)?);
    }
    for (out, (_, bytes)) in outs.iter_mut().zip(files) {
        out.write_all(bytes)?;
        out.close()?;
    }
    let mut placed: Vec<PathBuf> = vec![];
    for out in outs {
        let (dest, fresh) = (out.dest.clone(), out.temp.is_some() && out.no_clobber);
        if let Err(e) = out.commit() {
            for p in &placed {
                let _ = std::fs::remove_file(p);
            }
            return Err(e);
        }
        if fresh {
            placed.push(dest);
        }
    }
    Ok(())
}

/// A hidden folder in `dest` (`.NAME.PID-K.tmp`) that files are written into, then moved
/// into `dest` together by [`Staging::commit`]: a set of outputs that appear all at once
/// or not at all. Dropped without a commit (an error, or a signal, see
/// [`abandon_pending`]), the folder and everything in it are removed.
#[derive(Debug)]
pub struct Staging {
    dir: Option<PathBuf>,
    dest: PathBuf,
}

impl Staging {
    /// A new staging folder in the existing folder `dest`, named after `name`.
    pub fn new(dest: &Path, name: &str) -> Result<Staging> {
        let mut list = pending();
        let dir = loop {
            let dir = dest.join(format!(
                ".{name}.{}-{}.tmp",
                std::process::id(),
                SERIAL.fetch_add(1, Ordering::Relaxed)
            ));
            match std::fs::create_dir(&dir) {
                Ok(()) => break dir,
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(Error::file(dest, e)),
            }
        };
        list.push(dir.clone());
        Ok(Staging {
            dir: Some(dir),
            dest: dest.to_path_buf(),
        })
    }

    /// The folder to write into.
    pub fn path(&self) -> &Path {
        self.dir
            .as_deref()
            .expect("a staging folder until committed")
    }

    /// Move every file of the staging folder into the destination (each renamed over a
    /// file of its name), then remove the folder; returns the files' new paths, sorted.
    /// A failed rename leaves the files not yet moved, and removes them with the folder.
    pub fn commit(mut self) -> Result<Vec<PathBuf>> {
        let dir = self.dir.clone().expect("a staging folder until committed");
        let mut names: Vec<std::ffi::OsString> = std::fs::read_dir(&dir)
            .map_err(|e| Error::file(&dir, e))?
            .filter_map(|e| e.ok())
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .map(|e| e.file_name())
            .collect();
        names.sort();
        let mut moved = Vec::with_capacity(names.len());
        for n in names {
            let to = self.dest.join(&n);
            std::fs::rename(dir.join(&n), &to).map_err(|e| Error::file(&to, e))?;
            moved.push(to);
        }
        if let Some(d) = self.dir.take() {
            let _ = std::fs::remove_dir_all(&d);
            forget(&mut pending(), &d);
        }
        let _ = File::open(&self.dest).and_then(|d| d.sync_all());
        Ok(moved)
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if let Some(d) = self.dir.take() {
            let mut list = pending();
            let _ = std::fs::remove_dir_all(&d);
            forget(&mut list, &d);
        }
    }
}

/// Where a drawing goes.
pub enum Target<'a> {
    /// A file (`-` for stdout), written under a temporary name and renamed when complete;
    /// an SVG sheet of several pages is one file a page, and replaces an earlier run's.
    Path(&'a Path, OutOptions),
    /// A writer, written as `-o -` writes to stdout (an SVG or PNG sheet must fit one
    /// page).
    Writer(&'a mut dyn Write),
}

/// A [`Target`] opened for one document made in memory (a glyph, a tile): a file (or
/// stdout) committed when complete, or the caller's writer.
pub(crate) enum Opened<'a> {
    /// A file or stdout.
    Out(Out),
    /// The caller's writer.
    Writer(&'a mut dyn Write),
}

impl<'a> Opened<'a> {
    /// Open the target (a file is created now: `--no-clobber` refuses before any work).
    pub(crate) fn open(target: Target<'a>) -> Result<Opened<'a>> {
        Ok(match target {
            Target::Path(p, opts) => Opened::Out(open_out_with(p, opts)?),
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
pub(crate) fn single_format(format: Option<&str>, target: &Target<'_>) -> Result<Format> {
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
