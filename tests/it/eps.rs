//! Issue 13, defect 6: `-o g.eps` writes Encapsulated PostScript (EPSF 3.0: one page, a
//! bounding box tight around the ink, no page-device operators or `showpage`), which
//! Ghostscript renders cropped to its box; a sheet of several pages is refused.

use crate::common::{gs, gs_check, run, stderr, tmp};
use crate::render::{pgm, render};
use std::path::Path;

/// The `%%HiResBoundingBox` of an EPS file, in points.
fn hires_box(eps: &str) -> [f64; 4] {
    let line = eps
        .lines()
        .find_map(|l| l.strip_prefix("%%HiResBoundingBox:"))
        .expect("%%HiResBoundingBox");
    let v: Vec<f64> = line
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    [v[0], v[1], v[2], v[3]]
}

/// Check the EPS rules and render it with `gs -dEPSCrop` at 72 dpi (one pixel a point);
/// returns the image's size and darkest pixel on each edge strip (left, top, right,
/// bottom), 2 px wide.
/// `None` where Ghostscript is not installed (the structural checks above still ran).
fn check_eps(p: &Path) -> Option<((usize, usize), [u8; 4])> {
    let text = std::fs::read_to_string(p).unwrap();
    assert!(
        text.starts_with("%!PS-Adobe-3.0 EPSF-3.0\n"),
        "{}",
        &text[..60]
    );
    assert!(text.contains("\n%%Pages: 1\n"));
    assert_eq!(text.matches("\n%%Page: ").count(), 1, "one page");
    for op in ["showpage", "setpagedevice", "initgraphics", "erasepage"] {
        assert!(!text.contains(op), "an EPS must not use {op}");
    }
    gs_check(p);
    let png = p.with_extension("pgm");
    let o = gs(
        &[
            "-dEPSCrop",
            "-sDEVICE=pgmraw",
            "-r72",
            &format!("-sOutputFile={}", png.display()),
            p.to_str().unwrap(),
        ],
        "the bounding box is not checked against a raster",
    )?;
    assert!(o.status.success(), "gs -dEPSCrop: {}", stderr(&o));
    let img = pgm(&std::fs::read(&png).unwrap());
    let (w, h, px) = (img.w, img.h, &img.px);
    let dark = |x0: usize, y0: usize, x1: usize, y1: usize| {
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .map(|(x, y)| px[y * w + x])
            .min()
            .unwrap_or(255)
    };
    let edges = [
        dark(0, 0, 2, h),
        dark(0, 0, w, 2),
        dark(w - 2, 0, w, h),
        dark(0, h - 2, w, h),
    ];
    Some(((w, h), edges))
}

#[test]
fn glyph_to_eps_is_encapsulated_with_a_tight_box() {
    let d = tmp();
    let p = d.path().join("g.eps");
    render(
        &["glyph", "--board", "6x6", "--id", "17", "--style", "kufic"],
        &p,
    );
    let text = std::fs::read_to_string(&p).unwrap();
    let [x0, y0, x1, y1] = hires_box(&text);
    // 50 mm = 141.7 pt page; the ink is inside it, away from the padding.
    assert!(
        x0 > 1.0 && y0 > 1.0 && x1 < 140.7 && y1 < 140.7,
        "{x0} {y0} {x1} {y1}"
    );
    let Some(((w, h), edges)) = check_eps(&p) else {
        return;
    };
    // Cropped to the box (one pixel a point), with ink on every edge: the box is tight.
    assert!(
        w.abs_diff((x1.ceil() - x0.floor()) as usize) <= 1,
        "{w} px wide"
    );
    assert!(
        h.abs_diff((y1.ceil() - y0.floor()) as usize) <= 1,
        "{h} px high"
    );
    assert!(
        edges.iter().all(|&e| e < 128),
        "ink on every edge: {edges:?}"
    );
}

#[test]
fn one_page_render_to_eps_works_and_several_pages_are_refused() {
    let d = tmp();
    let p = d.path().join("classes.eps");
    render(
        &["render", "--board", "4x4", "--title", "Rook tours of 4x4"],
        &p,
    );
    if let Some((_, edges)) = check_eps(&p) {
        assert!(
            edges.iter().any(|&e| e < 200),
            "ink near the box: {edges:?}"
        );
    }
    // --format eps to stdout.
    let o = run(&[
        "glyph", "--board", "4x4", "--id", "0", "-o", "-", "--format", "eps",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(o.stdout.starts_with(b"%!PS-Adobe-3.0 EPSF-3.0\n"));
    // Nine A4 pages cannot be one EPS: a usage error naming .ps, and no file.
    let many = d.path().join("poster.eps");
    let o = run(&["render", "--board", "6x6", "-o", many.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.starts_with("tourglyph: ") && e.contains(".ps") && e.lines().count() == 1,
        "{e}"
    );
    assert!(!many.exists());
}

/// Issue 24, defect 11: the EPS of a torus tile, repeated or alone, is boxed by the tile
/// (its cells, whatever the ink reaches), so copies placed edge to edge line up; a
/// repeat draws with padding 0, so its box is the whole page. Before: the ink's box,
/// `0 1 142 140`.
#[test]
fn torus_tile_eps_is_boxed_by_the_tile_not_its_ink() {
    let d = tmp();
    let pt = |mm: f64| mm / 25.4 * 72.0;
    for (repeat, size) in [(Some("2x3"), 60.0), (None, 40.0)] {
        let p = d.path().join("t.eps");
        let size_s = size.to_string();
        let mut args = vec![
            "glyph", "--torus", "--board", "4x4", "--id", "5", "--style", "kufic", "--size",
            &size_s, "--force", "-o",
        ];
        let ps = p.to_str().unwrap();
        args.push(ps);
        if let Some(r) = repeat {
            args.extend(["--repeat", r]);
        }
        let o = run(&args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        let text = std::fs::read_to_string(&p).unwrap();
        let b = hires_box(&text);
        // 4x4 cells, 2x3 times: 8 rows and 12 columns, `size` mm wide.
        let (rows, cols, pad) = match repeat {
            Some(_) => (8.0, 12.0, 0.0),
            None => (4.0, 4.0, 1.0), // the kufic style's padding, one cell in all
        };
        let pitch = size / (cols + pad);
        let (w, h) = (pitch * cols, pitch * rows);
        let page_h = pitch * (rows + pad);
        let x0 = pitch * pad / 2.0;
        let want = [
            pt(x0),
            pt(page_h - pitch * pad / 2.0 - h),
            pt(x0 + w),
            pt(page_h - pitch * pad / 2.0),
        ];
        for (got, tile) in b.iter().zip(want) {
            assert!(
                (got - tile).abs() < 0.002,
                "{repeat:?}: %%HiResBoundingBox {b:?}, the tile is {want:?}"
            );
        }
        check_eps(&p);
    }
}
