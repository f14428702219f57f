//! `tourglyph gallery [DIR] [--out DIR]`: render every manifest `DIR/*.toml` (sorted by
//! file name) in each of its formats, write a PNG preview of page 1 of each, and an
//! `index.html` linking them all.
//!
//! The drawing itself is `render`'s job: each format is rendered by building a
//! [`SheetRequest`] and calling [`tourglyph::job::sheet::sheet`], so galleries and
//! `render` draw the same bytes (and replace an earlier run's SVG pages the same way). A gallery
//! that fails (a broken manifest, a render error) is reported on one line on stderr and
//! listed with that line in `index.html` (`tourglyph::gallery::index`); the others are
//! still rendered, and the command exits 1 at the end with `N of M galleries failed`
//! (the convention of `make -k`: keep going, but fail).

use super::args::GalleryArgs;
use std::path::{Path, PathBuf};
use tourglyph::gallery::Manifest;
use tourglyph::gallery::index::{self, Entry};
use tourglyph::input::MAX_TEXT_FILE;
use tourglyph::job::sheet::{SheetRequest, sheet};
use tourglyph::job::{Pick, Silent, Spec, Target};
use tourglyph::output::{OutOptions, write_file};
use tourglyph::render::Format;
use tourglyph::text::Fonts;
use tourglyph::{Error, Result};

/// Preview width in pixels.
const PREVIEW_WIDTH: f32 = 400.0;

/// Run `gallery`.
pub fn run(a: GalleryArgs, quiet: bool) -> Result<()> {
    let out = a.out.clone().unwrap_or_else(|| a.dir.join("out"));
    let mut manifests: Vec<PathBuf> = std::fs::read_dir(&a.dir)
        .map_err(|e| {
            Error::runtime(format!(
                "cannot read the gallery folder '{}': {e}; give the folder of manifests (default: gallery)",
                a.dir.display()
            ))
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "toml"))
        .collect();
    manifests.sort();
    if manifests.is_empty() {
        return Err(Error::usage(format!(
            "no manifests (*.toml) in {}: write one per gallery (see README, Galleries)",
            a.dir.display()
        )));
    }
    std::fs::create_dir_all(&out).map_err(|e| Error::File {
        path: out.clone(),
        source: e,
    })?;
    let mut entries = vec![];
    let mut failed = 0;
    for path in &manifests {
        match one(path, &out) {
            Ok(d) => entries.push(d),
            Err((title, msg)) => {
                // Through the error type, which shows every message on one line.
                let error = Error::runtime(msg).to_string();
                eprintln!("tourglyph: {error}");
                entries.push(Entry::Failed {
                    heading: title.unwrap_or_else(|| leaf(path)),
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
    // Each gallery's files on a line of their own, then the index.
    for e in &entries {
        if let Entry::Done { files, preview, .. } = e {
            let paths: Vec<PathBuf> = files
                .iter()
                .map(|(f, _)| f)
                .chain([preview])
                .map(|f| out.join(f))
                .collect();
            super::common::report_files(quiet, paths.iter().map(PathBuf::as_path));
        }
    }
    super::common::report_files(quiet, [index.as_path()]);
    if failed > 0 {
        return Err(Error::runtime(format!(
            "{failed} of {} galleries failed",
            manifests.len()
        )));
    }
    Ok(())
}

/// The manifest's text, read up to [`MAX_TEXT_FILE`] bytes.
fn read_manifest(path: &Path) -> std::result::Result<String, String> {
    match tourglyph::input::read_bounded(path, MAX_TEXT_FILE) {
        Ok(Some(src)) => Ok(src),
        Ok(None) => Err(format!(
            "too large for a gallery manifest (over {MAX_TEXT_FILE} bytes): give a short TOML file"
        )),
        Err(e) => Err(e.to_string()),
    }
}

/// Render one gallery; the error is the manifest's title when it was read, and the full
/// one-line message.
fn one(path: &Path, out: &Path) -> std::result::Result<Entry, (Option<String>, String)> {
    let file = path.display().to_string();
    let src = read_manifest(path).map_err(|e| (None, format!("{file}: {e}")))?;
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("gallery");
    let m = Manifest::parse(&src, &file, stem).map_err(|e| (None, e.to_string()))?;
    let title = m.title.clone();
    // A manifest's font path is relative to the manifest's folder.
    let dir = path.parent().unwrap_or(Path::new(""));
    render_gallery(&m, &file, dir, out).map_err(|e| (Some(title), e))
}

/// Render a parsed manifest's formats and its preview.
fn render_gallery(
    m: &Manifest,
    file: &str,
    dir: &Path,
    out: &Path,
) -> std::result::Result<Entry, String> {
    let fonts = Fonts::with_user(m.font.as_ref().map(|f| dir.join(f)).as_deref())
        .map_err(|e| format!("{file}: key 'font': {e}"))?;
    let name = m.name().to_string();
    let mut files = vec![];
    for f in m.formats() {
        let target = out.join(format!("{name}.{}", f.extension()));
        // Render replaces an earlier run's SVG pages of the same name and names its files.
        let (_, written) = sheet(&request(m, dir, f), Target::Path(&target, opts()), &Silent)
            .map_err(|e| format!("{file}: {e:#}"))?;
        for p in written.files {
            let size = std::fs::metadata(&p).map(|m| m.len()).unwrap_or(0);
            files.push((leaf(&p), size));
        }
    }
    // Page 1 as SVG, rendered apart with text as outlines: the preview shows the text
    // shaped and set exactly as the PDF has it (usvg's own text layout has no
    // per-character font fallback for Arabic).
    let scratch = out.join(format!(".preview-{name}"));
    std::fs::create_dir_all(&scratch).map_err(|e| format!("{file}: {e}"))?;
    let t = scratch.join("p.svg");
    let mut req = request(m, dir, Format::Svg);
    req.text_as_paths = true;
    let (_, written) = sheet(&req, Target::Path(&t, opts()), &Silent)
        .map_err(|e| format!("{file}: preview: {e:#}"))?;
    let svg1 = written.files.into_iter().next().unwrap_or(t);
    let png = out.join(format!("{name}.png"));
    let r = preview(&svg1, &png, &fonts);
    let _ = std::fs::remove_dir_all(&scratch);
    r.map_err(|e| format!("{file}: preview: {e}"))?;
    Ok(Entry::Done {
        title: m.title.clone(),
        preview: leaf(&png),
        files,
    })
}

/// The `render` request for one format of a gallery.
fn request(m: &Manifest, dir: &Path, f: Format) -> SheetRequest {
    SheetRequest {
        spec: Spec {
            piece: m.piece.clone(),
            board: m.board.clone(),
            open: m.open,
            classes: m.classes,
            non_crossing: m.non_crossing,
            torus: false,
            symmetry: None,
        },
        sel: Pick {
            limit: m.limit,
            range: m.range.clone(),
            shard: None,
            sample: m.sample,
            seed: m.seed,
            force: false,
        },
        format: Some(f.extension().to_string()),
        page: m.page.clone(),
        landscape: false,
        columns: m.columns,
        style: m.style.clone(),
        title: Some(m.title.clone()),
        no_captions: false,
        draw: Default::default(),
        split: false,
        font: m.font.as_ref().map(|f| dir.join(f)),
        text_as_paths: false,
    }
}

/// The gallery's output folder is created up front; its files are replaced.
fn opts() -> OutOptions {
    OutOptions::default()
}

fn leaf(p: &Path) -> String {
    p.file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Rasterise an SVG to a PNG about [`PREVIEW_WIDTH`] pixels wide (white paper under it),
/// its text set in `fonts` (the fonts the sheet names), so titles and captions show.
fn preview(svg: &Path, png: &Path, fonts: &Fonts) -> std::result::Result<(), String> {
    use resvg::{tiny_skia, usvg};
    let data = std::fs::read(svg).map_err(|e| format!("{}: {e}", svg.display()))?;
    let mut db = usvg::fontdb::Database::new();
    fonts.load_into(&mut db);
    let opts = usvg::Options {
        fontdb: std::sync::Arc::new(db),
        ..usvg::Options::default()
    };
    let tree =
        usvg::Tree::from_data(&data, &opts).map_err(|e| format!("{}: {e}", svg.display()))?;
    let size = tree.size();
    let k = PREVIEW_WIDTH / size.width();
    let (w, h) = (
        (size.width() * k).round().max(1.0) as u32,
        (size.height() * k).round().max(1.0) as u32,
    );
    let mut pm = tiny_skia::Pixmap::new(w, h).ok_or("preview too large")?;
    pm.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(k, k),
        &mut pm.as_mut(),
    );
    let bytes = pm.encode_png().map_err(|e| e.to_string())?;
    write_file(png, &bytes, OutOptions::default()).map_err(|e| e.to_string())
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
