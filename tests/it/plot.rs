//! `--plot hatch|concentric`: pen strokes that cover a glyph's band and stay inside it,
//! checked on pixels against the `--outline` glyph (resvg at 1200 dpi, the pen's width
//! drawn as the stroke).

use super::common::{inked, run, stderr, svg_tree};

/// Rasterise an SVG at 1200 dpi: for each pixel, is it inked (alpha at least half)?
fn inked_svg(svg: &[u8]) -> (Vec<bool>, usize) {
    let tree = svg_tree(svg);
    // usvg sizes in CSS px (96 per inch).
    let k = 1200.0 / 96.0;
    let size = tree.size();
    let (w, h) = (
        (size.width() * k).ceil() as u32,
        (size.height() * k).ceil() as u32,
    );
    let mut pix = resvg::tiny_skia::Pixmap::new(w, h).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(k, k),
        &mut pix.as_mut(),
    );
    (inked(&pix), w as usize)
}

/// The glyph's SVG (on stdout) with `extra` flags.
fn glyph(extra: &[&str]) -> Vec<u8> {
    let mut args = vec![
        "glyph", "--board", "6x6", "--id", "17", "--size", "40mm", "-o", "-",
    ];
    args.extend_from_slice(extra);
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    o.stdout
}

/// (share of the outline's ink the pen covers, pen pixels more than one pixel away from
/// any outline ink).
fn coverage(outline: &[u8], pen: &[u8]) -> (f64, usize) {
    let (o, w) = inked_svg(outline);
    let (p, w2) = inked_svg(pen);
    assert_eq!(
        (o.len(), w),
        (p.len(), w2),
        "the two drawings differ in size"
    );
    let h = o.len() / w;
    let inked = o.iter().filter(|&&x| x).count();
    assert!(inked > 10_000, "the outline drew {inked} pixels");
    let both = o.iter().zip(&p).filter(|&(&a, &b)| a && b).count();
    let near = |i: usize| {
        let (x, y) = ((i % w) as i64, (i / w) as i64);
        (-1..=1).any(|dy| {
            (-1..=1).any(|dx| {
                let (a, b) = (x + dx, y + dy);
                a >= 0 && b >= 0 && a < w as i64 && b < h as i64 && o[b as usize * w + a as usize]
            })
        })
    };
    let outside = (0..p.len()).filter(|&i| p[i] && !near(i)).count();
    (both as f64 / inked as f64, outside)
}

#[test]
fn hatched_kufic_covers_the_band_and_nothing_outside() {
    let outline = glyph(&["--style", "kufic", "--outline"]);
    for how in ["hatch", "concentric"] {
        let pen = glyph(&["--style", "kufic", "--plot", how]);
        let (covered, outside) = coverage(&outline, &pen);
        assert!(covered >= 0.98, "{how}: covers {covered}");
        assert_eq!(outside, 0, "{how}: pixels outside the band");
    }
    // At an angle the lines still cover the band.
    let pen = glyph(&["--style", "kufic", "--plot", "hatch", "--hatch-angle", "30"]);
    let (covered, outside) = coverage(&outline, &pen);
    assert!(covered >= 0.98 && outside == 0, "30°: {covered}, {outside}");
}

#[test]
fn hatch_spaced_wider_than_the_pen_is_caught() {
    // The same strokes drawn with a pen narrower than their spacing (lines 0.5 mm apart,
    // 0.3 mm wide): the check above must see the gaps.
    let outline = glyph(&["--style", "kufic", "--outline"]);
    let pen = String::from_utf8(glyph(&["--style", "kufic", "--plot", "hatch"])).unwrap();
    assert!(pen.contains("stroke-width=\"0.5\""));
    let thin = pen.replace("stroke-width=\"0.5\"", "stroke-width=\"0.3\"");
    let (covered, outside) = coverage(&outline, thin.as_bytes());
    assert!(covered < 0.98, "gaps not seen: covers {covered}");
    assert_eq!(outside, 0);
    // And a pen wider than the spacing it was planned for spills out of the band.
    let fat = pen.replace("stroke-width=\"0.5\"", "stroke-width=\"0.7\"");
    assert!(coverage(&outline, fat.as_bytes()).1 > 0);
}

#[test]
fn general_band_is_hatched_through_i_overlay() {
    // Round joins and caps (the `line` style, made 0.4 pitch wide): the general outline.
    let style = ["--style", "line", "--width", "0.4"];
    let outline = glyph(&[&style[..], &["--outline"]].concat());
    for how in [
        &["--plot", "hatch", "--hatch-angle", "30"][..],
        &["--plot", "concentric"],
    ] {
        let pen = glyph(&[&style[..], how].concat());
        let (covered, outside) = coverage(&outline, &pen);
        assert!(covered >= 0.98, "{how:?}: covers {covered}");
        assert_eq!(outside, 0, "{how:?}");
    }
}

#[test]
fn plot_flags_are_checked_and_deterministic() {
    let a = glyph(&["--style", "kufic", "--plot", "hatch", "--pen-width", "0.3"]);
    let b = glyph(&["--style", "kufic", "--plot", "hatch", "--pen-width", "0.3"]);
    assert_eq!(a, b);
    let o = run(&[
        "glyph", "--board", "4x4", "--id", "0", "--plot", "zigzag", "-o", "-",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--plot: expected one of \"none\", \"hatch\", \"concentric\""),
        "{}",
        stderr(&o)
    );
    let o = run(&[
        "glyph",
        "--board",
        "4x4",
        "--id",
        "0",
        "--pen-width",
        "0",
        "-o",
        "-",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--pen-width:"), "{}", stderr(&o));
}
