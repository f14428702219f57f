//! `gallery [DIR] [--out DIR] [--force]`: render every manifest `DIR/*.toml`
//! (sorted by file name) in each of its formats, write a PNG preview of page 1 of each,
//! and an `index.html` linking them all.
//!
//! The drawing itself is the one `render` does: each format is drawn by building a
//! [`SheetRequest`] and calling [`super::sheet_drawing::sheet_pages`], so galleries and
//! `render` draw the same bytes. The preview draws page 1 only, and is estimated from
//! what it draws.
//!
//! Before any work, every manifest is read: two that write the same name are refused
//! (exit 2, naming both files), as is an output folder that is a file. A gallery is the
//! unit of its outputs: its files (every format, the preview) are written into a hidden
//! staging folder in the output folder ([`Staging`]) and moved into place together once
//! all are complete, then the pages of an earlier SVG sheet of its name that it did not
//! write are removed, as `render` does; a gallery that fails leaves nothing of itself
//! (and an earlier run's files as they were). It is reported on one line ([`Progress::note`]) and
//! listed with that line in `index.html` ([`crate::gallery::index`]); the others are
//! still rendered, and the run fails at the end with `N of M galleries failed`
//! ([`Galleries::result`]: the convention of `make -k`: keep going, but fail). `--force` (or a manifest's
//! `force = true`) lifts the budgets, as `render --force` does.

use super::request::SheetRequest;
use super::sheet_drawing::sheet_pages;
use super::{Pick, Progress, Silent, Target};
use crate::gallery::Manifest;
use crate::gallery::index::{self, IndexEntry};
use crate::output::OutOptions;
use crate::output::sheet_files::SheetFiles;
use crate::output::{Staging, write_file};
use std::path::{Path, PathBuf};
use tourglyph_core::input::MAX_TEXT_FILE;
use tourglyph_core::{Error, Result};
use tourglyph_draw::Format;
use tourglyph_draw::text::Fonts;

/// Every gallery of a folder, as `gallery`'s flags give them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GalleryRequest {
    /// The folder of manifests (`*.toml`).
    pub dir: PathBuf,
    /// Where to write the outputs and `index.html` (default: `DIR/out`).
    pub out: Option<PathBuf>,
    /// Draw every gallery even where the time, page or disk budgets refuse it.
    pub force: bool,
}

impl Default for GalleryRequest {
    fn default() -> Self {
        GalleryRequest {
            dir: PathBuf::from("gallery"),
            out: None,
            force: false,
        }
    }
}

/// What a run of the galleries wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Galleries {
    /// The files of each gallery rendered (its formats, then its preview), in manifest
    /// order.
    pub written: Vec<Vec<PathBuf>>,
    /// The index page.
    pub index: PathBuf,
    /// Galleries that failed.
    pub failed: usize,
    /// Manifests read.
    pub total: usize,
}

impl Galleries {
    /// The run's outcome: an error when any gallery failed (`N of M galleries failed`).
    pub fn result(&self) -> Result<()> {
        if self.failed > 0 {
            return Err(Error::runtime(format!(
                "{} of {} galleries failed",
                self.failed, self.total
            )));
        }
        Ok(())
    }
}

/// Preview width in pixels.
const PREVIEW_WIDTH: u32 = 400;

/// A manifest read: its path, and the manifest or why it could not be read (its title
/// when known, the one-line message).
type Read = (
    PathBuf,
    std::result::Result<Manifest, (Option<String>, String)>,
);

/// Render every gallery `req.dir` holds and their index; a gallery that fails is told to
/// `progress` ([`Progress::note`]) and listed in the index, and the others are rendered.
pub fn gallery(req: &GalleryRequest, progress: &dyn Progress) -> Result<Galleries> {
    let out = req.out.clone().unwrap_or_else(|| req.dir.join("out"));
    let mut manifests: Vec<PathBuf> = std::fs::read_dir(&req.dir)
        .map_err(|e| {
            Error::runtime(format!(
                "cannot read the gallery folder '{}': {e}; give the folder of manifests (default: gallery)",
                req.dir.display()
            ))
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "toml"))
        .collect();
    manifests.sort();
    if manifests.is_empty() {
        return Err(Error::usage(format!(
            "no manifests (*.toml) in {}: write one per gallery (see docs/guide.md, \"Galleries in CI\")",
            req.dir.display()
        )));
    }
    if out.exists() && !out.is_dir() {
        return Err(Error::usage(format!(
            "--out {}: is a file, not a folder: give a folder for the galleries (created if missing), or remove the file",
            out.display()
        )));
    }
    // Every manifest read first: two galleries of one name would overwrite each other.
    let read: Vec<Read> = manifests.iter().map(|p| (p.clone(), read(p))).collect();
    for (i, (p, m)) in read.iter().enumerate() {
        let Ok(m) = m else { continue };
        let first = read[..i]
            .iter()
            .find(|(_, o)| o.as_ref().is_ok_and(|o| o.name() == m.name()));
        if let Some((q, _)) = first {
            return Err(Error::usage(format!(
                "{} and {} both write the gallery '{}' (key 'name', default the file name): give one of them another name",
                q.display(),
                p.display(),
                m.name()
            )));
        }
    }
    std::fs::create_dir_all(&out).map_err(|e| Error::File {
        path: out.clone(),
        source: e,
    })?;
    let mut entries = vec![];
    let mut failed = 0;
    for (path, m) in read {
        let done = m.and_then(|m| {
            let title = m.title.clone();
            // A manifest's paths are relative to the manifest's folder.
            let dir = path.parent().unwrap_or(Path::new(""));
            let file = path.display().to_string();
            render_gallery(&m, &file, dir, &out, req.force).map_err(|e| (Some(title), e))
        });
        match done {
            Ok(d) => entries.push(d),
            Err((title, msg)) => {
                // Through the error type, which shows every message on one line.
                let error = Error::runtime(msg).to_string();
                progress.note(&error);
                entries.push(IndexEntry::Failed {
                    heading: title.unwrap_or_else(|| leaf(&path)),
                    error,
                });
                failed += 1;
            }
        }
    }
    let index = out.join("index.html");
    write_file(
        &index,
        index::html(&entries).as_bytes(),
        OutOptions::default(),
    )?;
    // Each gallery's files, then the index.
    let written = entries
        .iter()
        .filter_map(|e| match e {
            IndexEntry::Done { files, preview, .. } => Some(
                files
                    .iter()
                    .map(|(f, _)| f)
                    .chain([preview])
                    .map(|f| out.join(f))
                    .collect(),
            ),
            IndexEntry::Failed { .. } => None,
        })
        .collect();
    Ok(Galleries {
        written,
        index,
        failed,
        total: manifests.len(),
    })
}

/// Read and parse one manifest.
fn read(path: &Path) -> std::result::Result<Manifest, (Option<String>, String)> {
    let file = path.display().to_string();
    let src = read_manifest(path).map_err(|e| (None, format!("{file}: {e}")))?;
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("gallery");
    let dir = path.parent().unwrap_or(Path::new(""));
    Manifest::parse_in(&src, &file, stem, dir).map_err(|e| (None, e.to_string()))
}

/// The manifest's text, read up to [`MAX_TEXT_FILE`] bytes.
fn read_manifest(path: &Path) -> std::result::Result<String, String> {
    match tourglyph_core::input::read_bounded(path, MAX_TEXT_FILE) {
        Ok(Some(src)) => Ok(src),
        Ok(None) => Err(format!(
            "too large for a gallery manifest (over {MAX_TEXT_FILE} bytes): give a short TOML file"
        )),
        Err(e) => Err(e.to_string()),
    }
}

/// Render a parsed manifest's formats and its preview into a staging folder, then move
/// them into `out` together (see the module doc).
fn render_gallery(
    m: &Manifest,
    file: &str,
    dir: &Path,
    out: &Path,
    force: bool,
) -> std::result::Result<IndexEntry, String> {
    // The font is read now, so that a bad one is refused under its key's name.
    Fonts::with_user(m.font.as_ref().map(|f| dir.join(f)).as_deref())
        .map_err(|e| format!("{file}: key 'font': {e}"))?;
    let name = m.name().to_string();
    let force = force || m.force;
    let failed = |e: Error| {
        let e = format!("{e:#}");
        // The budgets' advice, as a gallery follows it.
        match e.contains("add --force") {
            true => format!("{file}: {e} (gallery --force, or force = true in the manifest)"),
            false => format!("{file}: {e}"),
        }
    };
    let staging = Staging::new(out, &name).map_err(|e| format!("{file}: {e}"))?;
    let mut files = vec![];
    let mut svg_pages = None;
    for f in m.formats() {
        let target = staging.path().join(format!("{name}.{}", f.extension()));
        let (_, written) = sheet_pages(
            &request(m, dir, f, force),
            Target::Path(&target, opts()),
            &Silent,
            None,
        )
        .map_err(failed)?;
        if f == Format::Svg {
            svg_pages = Some(written.files.len() as u64);
        }
        for p in written.files {
            let size = std::fs::metadata(&p).map(|m| m.len()).unwrap_or(0);
            files.push((leaf(&p), size));
        }
    }
    // Page 1 drawn apart as a PNG preview: only page 1 is drawn, and estimated.
    let scratch = Staging::new(staging.path(), "preview").map_err(|e| format!("{file}: {e}"))?;
    let t = scratch.path().join("p.png");
    let mut req = request(m, dir, Format::Png, force);
    req.draw.preview = Some(PREVIEW_WIDTH);
    let (_, written) = sheet_pages(&req, Target::Path(&t, opts()), &Silent, Some(1))
        .map_err(|e| format!("{file}: preview: {e:#}"))?;
    let page1 = written.files.into_iter().next().unwrap_or(t);
    let png = staging.path().join(format!("{name}.png"));
    std::fs::rename(&page1, &png).map_err(|e| format!("{file}: preview: {e}"))?;
    drop(scratch);
    staging.commit().map_err(|e| format!("{file}: {e}"))?;
    // As render does: an earlier SVG sheet's pages of this name not written now go.
    if let Some(pages) = svg_pages {
        SheetFiles::plan(&out.join(format!("{name}.svg")), pages, opts())
            .and_then(|f| f.commit(vec![]))
            .map_err(|e| format!("{file}: {e}"))?;
    }
    Ok(IndexEntry::Done {
        title: m.title.clone(),
        preview: leaf(&png),
        files,
    })
}

/// The `render` request for one format of a gallery.
fn request(m: &Manifest, dir: &Path, f: Format, force: bool) -> SheetRequest {
    // A shape's files, as the style's and the font's, are relative to the manifest.
    let mut spec = m.spec.clone();
    let inside = |f: &String| dir.join(f).to_string_lossy().into_owned();
    spec.shape.shape = spec.shape.shape.as_ref().map(inside);
    spec.shape.shape_font = spec.shape.shape_font.as_ref().map(inside);
    SheetRequest {
        spec,
        sel: Pick {
            force,
            ..m.pick.clone()
        },
        format: Some(f.extension().to_string()),
        page: m.page.clone(),
        landscape: false,
        columns: m.columns,
        style: m.style_in(dir),
        title: Some(m.title.clone()),
        no_captions: false,
        draw: Default::default(),
        split: false,
        font: m.font.as_ref().map(|f| dir.join(f)),
        text_as_paths: false,
        split_layers: false,
        motion: Default::default(),
    }
}

/// The gallery's staging folder is created up front; its files are new.
fn opts() -> OutOptions {
    OutOptions::default()
}

fn leaf(p: &Path) -> String {
    p.file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_of_unbounded_size_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.toml");
        let line = "# a comment line to pad the manifest\n";
        std::fs::write(&big, line.repeat(MAX_TEXT_FILE as usize / line.len() + 1)).unwrap();
        let e = read_manifest(&big).unwrap_err();
        assert!(e.contains("too large for a gallery manifest"), "{e}");
        let small = dir.path().join("small.toml");
        std::fs::write(&small, line.repeat(10)).unwrap();
        assert_eq!(read_manifest(&small).unwrap().len(), 10 * line.len());
        // A device that never ends is cut off at the limit, not read forever.
        if Path::new("/dev/zero").exists() {
            assert!(read_manifest(Path::new("/dev/zero")).is_err());
        }
    }
}
