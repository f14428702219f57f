//! `tourglyph gallery [DIR] [--out DIR]`: render every manifest `DIR/*.toml` (sorted by
//! file name) in each of its formats, write a PNG preview of page 1 of each, and an
//! `index.html` linking them all.
//!
//! The drawing itself reuses `render`: each format is rendered by building a
//! [`RenderArgs`] value and calling [`super::render::run`], so galleries and `render` draw
//! the same bytes. A broken manifest is reported on one line and skipped; the command
//! exits 1 at the end with `N of M galleries failed`.

use super::args::{GalleryArgs, RenderArgs, Selection, TourSpec};
use std::path::{Path, PathBuf};
use tourglyph::gallery::{Manifest, html_escape};
use tourglyph::input::MAX_TEXT_FILE;
use tourglyph::output::{OutOptions, write_file};
use tourglyph::render::Format;
use tourglyph::{Error, Result};

/// The index page template; `{{ITEMS}}` is replaced by one section per gallery.
const INDEX: &str = include_str!("../../templates/gallery-index.html");

/// Preview width in pixels.
const PREVIEW_WIDTH: f32 = 400.0;

/// One rendered gallery, for the index.
struct Done {
    title: String,
    preview: String,
    files: Vec<(String, u64)>,
}

/// Run `gallery`.
pub fn run(a: GalleryArgs) -> Result<()> {
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
    let mut done = vec![];
    let mut failed = 0;
    for path in &manifests {
        match one(path, &out) {
            Ok(d) => done.push(d),
            Err(msg) => {
                // Through the error type, which shows every message on one line.
                eprintln!("tourglyph: {}", Error::runtime(msg));
                failed += 1;
            }
        }
    }
    write_index(&out, &done)?;
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

/// Render one gallery; the error is the full one-line message.
fn one(path: &Path, out: &Path) -> std::result::Result<Done, String> {
    let file = path.display().to_string();
    let src = read_manifest(path).map_err(|e| format!("{file}: {e}"))?;
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("gallery");
    let m = Manifest::parse(&src, &file, stem).map_err(|e| e.to_string())?;
    let name = m.name().to_string();
    let mut files = vec![];
    for f in m.formats() {
        let target = out.join(format!("{name}.{}", ext(f)));
        // Stale SVG pages of an earlier run would be taken for this run's output.
        for p in outputs(&target, f) {
            let _ = std::fs::remove_file(p);
        }
        super::render::run(render_args(&m, target.clone(), f))
            .map_err(|e| format!("{file}: {e:#}"))?;
        for p in outputs(&target, f) {
            let size = std::fs::metadata(&p).map(|m| m.len()).unwrap_or(0);
            files.push((leaf(&p), size));
        }
    }
    // Page 1 as SVG: the svg output when there is one, else a scratch render.
    let scratch = out.join(format!(".preview-{name}"));
    let svg1 = match files.iter().find(|(f, _)| f.ends_with(".svg")) {
        Some((f, _)) => out.join(f),
        None => {
            std::fs::create_dir_all(&scratch).map_err(|e| format!("{file}: {e}"))?;
            let t = scratch.join("p.svg");
            super::render::run(render_args(&m, t.clone(), Format::Svg))
                .map_err(|e| format!("{file}: preview: {e:#}"))?;
            outputs(&t, Format::Svg).into_iter().next().unwrap_or(t)
        }
    };
    let png = out.join(format!("{name}.png"));
    let r = preview(&svg1, &png);
    let _ = std::fs::remove_dir_all(&scratch);
    r.map_err(|e| format!("{file}: preview: {e}"))?;
    Ok(Done {
        title: m.title.clone(),
        preview: leaf(&png),
        files,
    })
}

/// The `render` flags for one format of a gallery.
fn render_args(m: &Manifest, output: PathBuf, f: Format) -> RenderArgs {
    RenderArgs {
        spec: TourSpec {
            piece: m.piece.clone(),
            board: m.board.clone(),
            open: m.open,
            classes: m.classes,
            non_crossing: m.non_crossing,
            torus: false,
            symmetry: None,
            quiet: true,
        },
        sel: Selection {
            limit: m.limit,
            range: m.range.clone(),
            shard: None,
            sample: m.sample,
            seed: m.seed,
            force: false,
        },
        output,
        format: Some(ext(f).to_string()),
        page: m.page.clone(),
        landscape: false,
        columns: m.columns,
        style: m.style.clone(),
        title: Some(m.title.clone()),
        no_captions: false,
        // The gallery's output folder is created up front; its files are replaced.
        out: Default::default(),
    }
}

fn ext(f: Format) -> &'static str {
    match f {
        Format::Pdf => "pdf",
        Format::Ps => "ps",
        Format::Svg => "svg",
    }
}

fn leaf(p: &Path) -> String {
    p.file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The files a render to `target` wrote: the target itself, or for a multi-page SVG
/// `NAME-1.svg`, `NAME-2.svg`, … (render's naming).
fn outputs(target: &Path, f: Format) -> Vec<PathBuf> {
    if f != Format::Svg || target.exists() {
        return vec![target.to_path_buf()];
    }
    let stem = target.file_stem().unwrap_or_default().to_string_lossy();
    let dir = target.parent().unwrap_or(Path::new("."));
    (1..)
        .map(|k| dir.join(format!("{stem}-{k}.svg")))
        .take_while(|p| p.exists())
        .collect()
}

/// Rasterise an SVG to a PNG about [`PREVIEW_WIDTH`] pixels wide (white paper under it).
fn preview(svg: &Path, png: &Path) -> std::result::Result<(), String> {
    use resvg::{tiny_skia, usvg};
    let data = std::fs::read(svg).map_err(|e| format!("{}: {e}", svg.display()))?;
    let tree = usvg::Tree::from_data(&data, &usvg::Options::default())
        .map_err(|e| format!("{}: {e}", svg.display()))?;
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

/// `index.html`: one section per rendered gallery, in manifest order.
fn write_index(out: &Path, done: &[Done]) -> Result<()> {
    let mut items = String::new();
    for d in done {
        let t = html_escape(&d.title);
        let p = html_escape(&d.preview);
        items.push_str(&format!(
            "<section>\n<h2>{t}</h2>\n<a href=\"{p}\"><img src=\"{p}\" width=\"400\" alt=\"{t}, page 1\"></a>\n<ul>\n"
        ));
        for (f, size) in &d.files {
            let f = html_escape(f);
            items.push_str(&format!(
                "<li><a href=\"{f}\">{f}</a> ({size} bytes)</li>\n"
            ));
        }
        items.push_str("</ul>\n</section>\n");
    }
    let html = INDEX.replace("{{ITEMS}}", &items);
    write_file(
        &out.join("index.html"),
        html.as_bytes(),
        OutOptions::default(),
    )
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
