//! `tourglyph gallery` through the binary: two good 4×4 manifests and one broken one in a
//! temp folder → exit 1 with a file:line:key error and a summary, both good galleries
//! rendered (outputs, PNG previews, index.html), the broken one listed in the index with
//! its error, every index link resolving to a file, and two runs giving byte-identical
//! output folders; the shipped manifest that uses every format renders all three.

use crate::common::{file_names as all_names, run, stderr};
use std::collections::BTreeMap;
use std::path::Path;

/// Every file of a folder (recursively not needed: the out folder is flat) → its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect()
}

/// The `href` and `src` targets in an HTML page.
fn links(html: &str) -> Vec<String> {
    let mut out = vec![];
    for attr in ["href=\"", "src=\""] {
        for (i, _) in html.match_indices(attr) {
            let rest = &html[i + attr.len()..];
            out.push(rest[..rest.find('"').unwrap()].to_string());
        }
    }
    out
}

fn setup() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    let g = d.path().join("g");
    std::fs::create_dir(&g).unwrap();
    std::fs::write(
        g.join("a-tours.toml"),
        "title = \"Four <by> four\"\nboard = \"4x4\"\nformats = [\"svg\", \"pdf\"]\n",
    )
    .unwrap();
    std::fs::write(
        g.join("b-broken.toml"),
        "title = \"Broken\"\nboard = \"4x4\"\n\nstyle = \"no-such-style\"\n",
    )
    .unwrap();
    std::fs::write(
        g.join("c-classes.toml"),
        "title = \"Classes\"\nboard = \"4x4\"\nclasses = true\nstyle = \"kufic\"\nformats = [\"pdf\"]\nname = \"cls\"\n",
    )
    .unwrap();
    d
}

#[test]
fn gallery_renders_good_reports_broken_and_is_deterministic() {
    let d = setup();
    let g = d.path().join("g");
    let mut snaps = vec![];
    for k in 0..2 {
        let out = d.path().join(format!("out{k}"));
        let o = run(&[
            "gallery",
            g.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{err}");
        let broken = format!("{}:4: key 'style': ", g.join("b-broken.toml").display());
        assert!(
            err.lines()
                .any(|l| l.starts_with(&format!("tourglyph: {broken}"))),
            "{err}"
        );
        assert!(err.contains("1 of 3 galleries failed"), "{err}");
        for f in [
            "a-tours.svg",
            "a-tours.pdf",
            "a-tours.png",
            "cls.pdf",
            "cls.png",
        ] {
            let p = out.join(f);
            assert!(p.metadata().map(|m| m.len() > 100).unwrap_or(false), "{f}");
        }
        assert!(!out.join("b-broken.pdf").exists());
        let png = std::fs::read(out.join("cls.png")).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        // The index links every output and each link resolves.
        let html = std::fs::read_to_string(out.join("index.html")).unwrap();
        assert!(html.contains("Four &lt;by&gt; four"), "{html}");
        // The broken one is listed, under its file name (its manifest was not read),
        // with the error line of stderr, HTML-escaped.
        let line = err
            .lines()
            .find(|l| l.contains("b-broken.toml"))
            .unwrap()
            .trim_start_matches("tourglyph: ");
        let escaped = tourglyph::gallery::html_escape(line);
        assert!(
            html.contains(&format!(
                "<h2>b-broken.toml</h2>\n<p class=\"error\">failed: {escaped}</p>"
            )),
            "{html}"
        );
        let l = links(&html);
        for f in snapshot(&out).keys().filter(|f| *f != "index.html") {
            assert!(l.contains(f), "index misses {f}");
        }
        for t in &l {
            assert!(out.join(t).is_file(), "dead link {t}");
        }
        snaps.push(snapshot(&out));
    }
    assert_eq!(
        snaps[0].keys().collect::<Vec<_>>(),
        snaps[1].keys().collect::<Vec<_>>()
    );
    for (f, bytes) in &snaps[0] {
        assert!(snaps[1][f] == *bytes, "{f} differs between runs");
    }
}

#[test]
fn gallery_errors_for_bad_board_and_unknown_key() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("x.toml"), "title = \"X\"\nboard = \"4y4\"\n").unwrap();
    std::fs::write(
        d.path().join("y.toml"),
        "title = \"Y\"\nboard = \"4x4\"\ncolour = \"red\"\n",
    )
    .unwrap();
    let out = d.path().join("out");
    let o = run(&[
        "gallery",
        d.path().to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("x.toml:2: key 'board': bad board"), "{err}");
    assert!(
        err.contains("y.toml:3: key 'colour': unknown field"),
        "{err}"
    );
    assert!(err.contains("2 of 2 galleries failed"), "{err}");
    assert!(out.join("index.html").is_file());
}

#[test]
fn gallery_without_manifests_is_a_usage_error() {
    let d = tempfile::tempdir().unwrap();
    let o = run(&["gallery", d.path().to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("no manifests"));
}

/// Golden index page of a tiny gallery (resvg's convention: `UPDATE_GOLDEN=1` rewrites it;
/// on a mismatch the actual page is written beside the expected one).
#[test]
fn golden_gallery_index() {
    let golden = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/gallery/index.html");
    let d = tempfile::tempdir().unwrap();
    std::fs::write(
        d.path().join("tiny.toml"),
        "title = \"4×4 & friends\"\nboard = \"4x4\"\nformats = [\"svg\", \"ps\"]\n",
    )
    .unwrap();
    let out = d.path().join("out");
    let o = run(&[
        "gallery",
        d.path().to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let actual = std::fs::read(out.join("index.html")).unwrap();
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(golden.parent().unwrap()).unwrap();
        std::fs::write(&golden, &actual).unwrap();
        return;
    }
    let expected = std::fs::read(&golden).expect("golden missing: run with UPDATE_GOLDEN=1");
    if expected != actual {
        let beside = golden.with_extension("actual.html");
        std::fs::write(&beside, &actual).unwrap();
        panic!(
            "index.html differs from {}; actual in {}",
            golden.display(),
            beside.display()
        );
    }
}

/// One good and one failing gallery (its manifest reads, its render fails: no closed rook
/// tour of 3×3): exit 1, both in the index in manifest order, the failed one under its
/// title with its error, escaped.
#[test]
fn failed_gallery_is_listed_with_its_error() {
    let d = tempfile::tempdir().unwrap();
    let g = d.path().join("g");
    std::fs::create_dir(&g).unwrap();
    std::fs::write(
        g.join("a-none.toml"),
        "title = \"No tours <3x3> & none\"\nboard = \"3x3\"\nformats = [\"svg\"]\n",
    )
    .unwrap();
    std::fs::write(
        g.join("b-good.toml"),
        "title = \"Good\"\nboard = \"4x4\"\nformats = [\"pdf\"]\n",
    )
    .unwrap();
    let out = d.path().join("out");
    let o = run(&[
        "gallery",
        g.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.ends_with("tourglyph: 1 of 2 galleries failed\n"),
        "{err}"
    );
    let line = err
        .lines()
        .find(|l| l.contains("a-none.toml"))
        .expect("the failure on stderr")
        .trim_start_matches("tourglyph: ");
    assert!(line.contains("nothing to draw"), "{line}");
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    let failed = format!(
        "<section class=\"failed\">\n<h2>No tours &lt;3x3&gt; &amp; none</h2>\n<p class=\"error\">failed: {}</p>\n</section>",
        tourglyph::gallery::html_escape(line)
    );
    let at = html.find(&failed).unwrap_or_else(|| panic!("{html}"));
    let good = html
        .find("<h2>Good</h2>")
        .unwrap_or_else(|| panic!("{html}"));
    assert!(at < good, "manifest order");
    assert!(out.join("b-good.pdf").is_file() && out.join("b-good.png").is_file());
    assert!(!out.join("a-none.svg").exists());
}

/// The gallery folder ships a manifest that uses every format; it renders all three, each
/// a whole document of its kind, all linked from the index.
#[test]
fn shipped_every_format_manifest_renders_pdf_ps_and_svg() {
    let shipped = crate::common::repo_root().join("gallery");
    let all = |m: &tourglyph::gallery::Manifest| {
        ["pdf", "ps", "svg"]
            .iter()
            .all(|f| m.formats.iter().any(|g| g == f))
    };
    let (path, m) = std::fs::read_dir(&shipped)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .filter_map(|p| {
            let src = std::fs::read_to_string(&p).unwrap();
            let stem = p.file_stem().unwrap().to_str().unwrap().to_string();
            let m = tourglyph::gallery::Manifest::parse(&src, "m", &stem).ok()?;
            all(&m).then_some((p, m))
        })
        .next()
        .expect("a manifest in gallery/ with formats pdf, ps and svg");
    let d = tempfile::tempdir().unwrap();
    let g = d.path().join("g");
    std::fs::create_dir(&g).unwrap();
    std::fs::copy(&path, g.join(path.file_name().unwrap())).unwrap();
    let out = d.path().join("out");
    let o = run(&[
        "gallery",
        g.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let name = m.name().to_string();
    let pdf = std::fs::read(out.join(format!("{name}.pdf"))).unwrap();
    assert!(pdf.starts_with(b"%PDF-") && pdf.trim_ascii_end().ends_with(b"%%EOF"));
    let ps = std::fs::read(out.join(format!("{name}.ps"))).unwrap();
    assert!(ps.starts_with(b"%!PS-Adobe-3.0") && ps.trim_ascii_end().ends_with(b"%%EOF"));
    // One page or several: every SVG file of it parses.
    let svgs: Vec<String> = snapshot(&out)
        .into_keys()
        .filter(|f| f.ends_with(".svg"))
        .collect();
    assert!(!svgs.is_empty());
    for f in &svgs {
        crate::common::svg_tree(&std::fs::read(out.join(f)).unwrap());
    }
    let l = links(&std::fs::read_to_string(out.join("index.html")).unwrap());
    for f in svgs.iter().cloned().chain([
        format!("{name}.pdf"),
        format!("{name}.ps"),
        format!("{name}.png"),
    ]) {
        assert!(l.contains(&f), "index misses {f}");
    }
}

#[test]
fn gallery_resolves_style_files_from_the_manifest_and_keeps_styles_apart() {
    let d = tempfile::tempdir().unwrap();
    let g = d.path().join("g");
    std::fs::create_dir_all(g.join("styles")).unwrap();
    std::fs::write(
        g.join("styles/thick.toml"),
        "stroke_width = 0.6\nstroke = \"#aa0000\"\n",
    )
    .unwrap();
    std::fs::write(
        g.join("m.toml"),
        "title = \"Mine\"\nboard = \"4x4\"\nstyle = \"styles/thick.toml\"\nformats = [\"svg\"]\n",
    )
    .unwrap();
    // Run from another folder than the manifest's: the style is found beside it.
    let out = d.path().join("out");
    let o = run(&[
        "gallery",
        g.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(out.join("m.svg")).unwrap();
    assert!(
        svg.contains("#aa0000"),
        "the manifest's style drew the sheet"
    );
    // A style file among the manifests is named as one, with where it belongs.
    std::fs::write(g.join("thin.toml"), "stroke_width = 0.1\n").unwrap();
    let o = run(&[
        "gallery",
        g.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains("thin.toml") && e.contains("style file") && e.contains("styles/"),
        "{e}"
    );
}

#[test]
fn gallery_failure_leaves_nothing_and_the_preview_costs_one_page() {
    let d = tempfile::tempdir().unwrap();
    let g = d.path().join("g");
    std::fs::create_dir(&g).unwrap();
    // 1,001 pages: the PDF is drawn, then the SVG (a file a page) is refused.
    let manifest = "title = \"E\"\nboard = \"6x6\"\npage = \"40x40mm\"\nlimit = 1001\nformats = [\"pdf\", \"svg\"]\n";
    std::fs::write(g.join("e.toml"), manifest).unwrap();
    let out = d.path().join("out");
    let o = run(&[
        "gallery",
        g.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(e.contains("1001 SVG files") && e.contains("--force"), "{e}");
    assert_eq!(
        all_names(&out),
        ["index.html"],
        "a failed gallery leaves nothing"
    );
    // The advice can be followed: gallery --force.
    let o = run(&[
        "gallery",
        g.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--force",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let names = all_names(&out);
    assert!(
        names.contains(&"e.pdf".to_string())
            && names.contains(&"e-1001.svg".to_string())
            && names.contains(&"e.png".to_string()),
        "{names:?}"
    );
    assert!(!names.iter().any(|n| n.starts_with('.')), "{names:?}");
    // A PDF of 1,072 pages: its preview draws page 1, and costs one page.
    std::fs::write(
        g.join("e.toml"),
        "title = \"E\"\nboard = \"6x6\"\npage = \"40x40mm\"\nformats = [\"pdf\"]\n",
    )
    .unwrap();
    let o = run(&[
        "gallery",
        g.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn gallery_refuses_two_manifests_of_one_name_and_a_file_for_out() {
    let d = tempfile::tempdir().unwrap();
    let g = d.path().join("g");
    std::fs::create_dir(&g).unwrap();
    std::fs::write(
        g.join("a.toml"),
        "title = \"A\"\nboard = \"4x4\"\nname = \"same\"\n",
    )
    .unwrap();
    std::fs::write(
        g.join("b.toml"),
        "title = \"B\"\nboard = \"4x4\"\nname = \"same\"\n",
    )
    .unwrap();
    let out = d.path().join("out");
    let o = run(&[
        "gallery",
        g.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains("a.toml")
            && e.contains("b.toml")
            && e.contains("'same'")
            && e.lines().count() == 1,
        "{e}"
    );
    assert!(!out.exists(), "refused before any work");
    // A file given as the output folder.
    std::fs::write(g.join("b.toml"), "title = \"B\"\nboard = \"4x4\"\n").unwrap();
    let file = d.path().join("file");
    std::fs::write(&file, b"mine").unwrap();
    let o = run(&[
        "gallery",
        g.to_str().unwrap(),
        "--out",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains("not a folder")
            && e.contains("--out")
            && !e.contains("os error")
            && e.lines().count() == 1,
        "{e}"
    );
    assert_eq!(std::fs::read(&file).unwrap(), b"mine");
}

/// Issue 30: the shipped `gallery/shapes.toml` builds, and its SVG is the bytes of
/// `render` with the same shape (its grid is `examples/shapes/showcase.txt`: a heart, a
/// star, an octagon, a ring and the word كوفي); a manifest's `shape` file is relative to
/// the manifest's folder; a manifest gives a board or a shape.
#[test]
fn shipped_shapes_gallery_builds_as_render_draws_it() {
    let root = crate::common::repo_root();
    let d = tempfile::tempdir().unwrap();
    let g = d.path().join("g");
    std::fs::create_dir_all(g.join("shapes")).unwrap();
    std::fs::copy(root.join("gallery/shapes.toml"), g.join("shapes.toml")).unwrap();
    // The same shape from a file beside the manifest, in a second gallery.
    let showcase = root.join("examples/shapes/showcase.txt");
    std::fs::copy(&showcase, g.join("shapes/showcase.txt")).unwrap();
    let src = std::fs::read_to_string(root.join("gallery/shapes.toml")).unwrap();
    let (head, _) = src.split_once("shape_grid = '''").unwrap();
    let by_file = format!("{head}shape = \"shapes/showcase.txt\"\nname = \"by-file\"\n");
    std::fs::write(g.join("z-by-file.toml"), by_file).unwrap();
    let out = d.path().join("out");
    let o = run(&[
        "gallery",
        g.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let files = snapshot(&out);
    for f in ["shapes.svg", "shapes.pdf", "shapes.png", "by-file.svg"] {
        assert!(files.contains_key(f), "{f} missing: {:?}", files.keys());
    }
    let svg = &files["shapes.svg"];
    crate::common::svg_tree(svg);
    assert_eq!(svg, &files["by-file.svg"], "the grid and the file differ");
    let title = "Shapes filled with closed rook tours: heart, star, octagon, ring, كوفي";
    let x = d.path().join("x.svg");
    let o = run(&[
        "render",
        "--shape",
        showcase.to_str().unwrap(),
        "--blocks",
        "--sample",
        "8",
        "--seed",
        "1",
        "--style",
        "kufic",
        "--page",
        "a3",
        "--columns",
        "2",
        "--title",
        title,
        "-o",
        x.to_str().unwrap(),
        "-q",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        &std::fs::read(&x).unwrap() == svg,
        "the gallery's SVG is not render's"
    );
    // Eight glyphs, each of the shape's 11 parts (5 figures, 4 letters, 2 dots) one
    // closed line.
    let text = String::from_utf8_lossy(svg);
    assert_eq!(text.matches("<title>").count() - 1, 8, "glyphs drawn");
    // Neither a board nor a shape: the board is missing, by name.
    std::fs::write(g.join("shapes.toml"), "title = \"T\"\nblocks = true\n").unwrap();
    std::fs::remove_file(g.join("z-by-file.toml")).unwrap();
    let o = run(&[
        "gallery",
        g.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("missing field `board`"),
        "{}",
        stderr(&o)
    );
}
