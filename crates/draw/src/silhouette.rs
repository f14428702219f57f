//! Silhouettes: a picture (PNG, or SVG rasterised with resvg) sampled onto a grid of
//! cells, a flag per cell, for shaped boards. The picture is stretched over the grid; a
//! cell is in when more than `threshold` of its area is dark, measured on k × k sample
//! points spread evenly over the cell (k from 8 down to 1 on very large grids). A pixel's
//! darkness is its opacity times one minus its luminance (Rec. 601 weights), so dark
//! ink and opaque black are dark, and white paper and transparency are not; a sample is
//! dark when its darkness is over one half. Pure arithmetic on integers and
//! correctly-rounded float operations, so a picture gives the same cells everywhere.

use crate::Seg;
use crate::text::{Fonts, glyph_paths, shape};
use resvg::{tiny_skia, usvg};
use std::fmt::Write;
use tourglyph_core::error::{Error, Result};

/// The most sample points taken over the whole grid.
const MAX_SAMPLES: usize = 1 << 24;

/// Samples per cell side for a grid of `cells` cells.
fn per_side(cells: usize) -> usize {
    let mut k = 8;
    while k > 1 && cells.saturating_mul(k * k) > MAX_SAMPLES {
        k -= 1;
    }
    k
}

/// The cells (rows × cols, row-major) of `pm` sampled as the module says.
fn sample(pm: &tiny_skia::Pixmap, rows: u32, cols: u32, threshold: f64) -> Vec<bool> {
    let (w, h) = (u64::from(pm.width()), u64::from(pm.height()));
    let k = per_side(rows as usize * cols as usize) as u64;
    let pixels = pm.pixels();
    let dark = |x: u64, y: u64| {
        let c = pixels[(y * w + x) as usize].demultiply();
        let lum = 299 * u32::from(c.red()) + 587 * u32::from(c.green()) + 114 * u32::from(c.blue());
        // darkness = alpha/255 · (1 − lum/255000) > ½, in integers.
        2 * u64::from(c.alpha()) * u64::from(255_000 - lum) > 255 * 255_000
    };
    let (rows64, cols64) = (u64::from(rows), u64::from(cols));
    let mut mask = Vec::with_capacity(rows as usize * cols as usize);
    for r in 0..rows64 {
        for c in 0..cols64 {
            let mut hits = 0u64;
            for i in 0..k {
                // Sample point (c + (j + ½)/k) · w / cols, as an integer pixel index.
                let y = ((r * k + i) * 2 + 1) * h / (2 * k * rows64);
                for j in 0..k {
                    let x = ((c * k + j) * 2 + 1) * w / (2 * k * cols64);
                    hits += u64::from(dark(x.min(w - 1), y.min(h - 1)));
                }
            }
            mask.push(hits as f64 > threshold * (k * k) as f64);
        }
    }
    mask
}

fn check(rows: u32, cols: u32, threshold: f64) -> Result<()> {
    if rows == 0 || cols == 0 {
        return Err(Error::usage(
            "a picture is sampled onto --board ROWSxCOLS cells: give at least one row and one column",
        ));
    }
    if !(0.0..1.0).contains(&threshold) {
        return Err(Error::usage(format!(
            "bad --threshold {threshold}: give the share of a cell that must be dark, from 0 up to (not including) 1"
        )));
    }
    Ok(())
}

/// The cells of a PNG picture sampled onto rows × cols cells.
pub fn png_mask(bytes: &[u8], rows: u32, cols: u32, threshold: f64) -> Result<Vec<bool>> {
    check(rows, cols, threshold)?;
    let pm = tiny_skia::Pixmap::decode_png(bytes).map_err(|e| {
        Error::usage(format!(
            "the shape picture does not decode as PNG ({e}): give a PNG or SVG file, or a text grid"
        ))
    })?;
    Ok(sample(&pm, rows, cols, threshold))
}

/// The cells of an SVG picture (rasterised with resvg, stretched over the grid) sampled
/// onto rows × cols cells.
pub fn svg_mask(bytes: &[u8], rows: u32, cols: u32, threshold: f64) -> Result<Vec<bool>> {
    check(rows, cols, threshold)?;
    let tree = usvg::Tree::from_data(bytes, &usvg::Options::default()).map_err(|e| {
        Error::usage(format!(
            "the shape picture does not parse as SVG ({e}): give a PNG or SVG file, or a text grid"
        ))
    })?;
    let k = per_side(rows as usize * cols as usize) as u32;
    let (w, h) = (cols * k, rows * k);
    let mut pm = tiny_skia::Pixmap::new(w, h)
        .ok_or_else(|| Error::runtime(format!("cannot hold a {w} x {h} image")))?;
    let size = tree.size();
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(w as f32 / size.width(), h as f32 / size.height()),
        &mut pm.as_mut(),
    );
    Ok(sample(&pm, rows, cols, threshold))
}

/// The most cells a text shape may sample (as for a picture's `--board`).
const MAX_TEXT_CELLS: u64 = 25_000_000;

/// A text set in `fonts` and sampled onto cells: its rows, columns and cells (row-major).
#[derive(Clone, Debug, PartialEq)]
pub struct TextCells {
    /// Rows of cells.
    pub rows: u32,
    /// Columns of cells.
    pub cols: u32,
    /// Each cell in or out, row-major.
    pub mask: Vec<bool>,
}

/// The cells of `text` set in `fonts`: each line (split at `\n`) shaped with bidi and
/// the fonts' fallbacks ([`shape`]), drawn as its glyph outlines (nonzero fill) and
/// sampled like a picture (the module's rule, `threshold`). Every line takes
/// `rows_per_line` rows, the em scaled so that the tallest ink of any line (from the
/// highest point above a baseline to the lowest below one, control points included)
/// fills them; lines are centred on the widest, whose ink sets the columns. The outlines
/// are written as an SVG path in cell units and rasterised by resvg, as an SVG shape is.
pub fn text_mask(
    fonts: &Fonts,
    text: &str,
    rows_per_line: u32,
    threshold: f64,
) -> Result<TextCells> {
    if rows_per_line == 0 {
        return Err(Error::usage(
            "--cell-height is the rows of cells per line of text: give at least 1",
        ));
    }
    let lines: Vec<&str> = text.split('\n').collect();
    // Each line's outlines in em units (y down, baseline at 0), and the ink's extent.
    let mut outlines = Vec::with_capacity(lines.len());
    let (mut top, mut bottom) = (0.0f64, 0.0f64);
    let mut any_ink = false;
    for l in &lines {
        let line = shape(fonts, l)?;
        let mut segs = Vec::new();
        let (mut left, mut right) = (f64::INFINITY, f64::NEG_INFINITY);
        for g in &line.glyphs {
            let (gx, gy) = (f64::from(g.x), f64::from(g.y));
            for seg in glyph_paths::outline(&fonts.faces[g.face as usize], g.gid) {
                let seg = seg.map(|x, y| (x + gx, y - gy));
                let pts: &[(f64, f64)] = &match seg {
                    Seg::MoveTo(x, y) | Seg::LineTo(x, y) => vec![(x, y)],
                    Seg::CubicTo(a, b, c, d, x, y) => vec![(a, b), (c, d), (x, y)],
                    Seg::Close => vec![],
                };
                for &(x, y) in pts {
                    any_ink = true;
                    left = left.min(x);
                    right = right.max(x);
                    top = top.min(y);
                    bottom = bottom.max(y);
                }
                segs.push(seg);
            }
        }
        outlines.push((segs, left, right));
    }
    if !any_ink {
        return Err(Error::usage(
            "--shape-text draws no ink (empty or only spaces): give some letters",
        ));
    }
    let scale = f64::from(rows_per_line) / (bottom - top); // cells per em
    let widest = outlines
        .iter()
        .filter(|o| o.1.is_finite())
        .map(|o| o.2 - o.1)
        .fold(0.0f64, f64::max);
    let cols = (widest * scale).ceil().max(1.0) as u64;
    let rows = u64::from(rows_per_line) * lines.len() as u64;
    if cols * rows > MAX_TEXT_CELLS || cols > u64::from(u32::MAX) {
        return Err(Error::usage(format!(
            "--shape-text at --cell-height {rows_per_line} needs {rows} x {cols} cells (at most 25,000,000): give a smaller --cell-height or a shorter text"
        )));
    }
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{cols}\" height=\"{rows}\" viewBox=\"0 0 {cols} {rows}\"><path fill-rule=\"nonzero\" d=\""
    );
    for (i, (segs, left, right)) in outlines.iter().enumerate() {
        if !left.is_finite() {
            continue;
        }
        // Centre the line's ink; its baseline sits `-top` em below its band's top.
        let dx = (cols as f64 - (right - left) * scale) / 2.0 - left * scale;
        let dy = (i as f64) * f64::from(rows_per_line) - top * scale;
        let p = |x: f64, y: f64| (x * scale + dx, y * scale + dy);
        for seg in segs {
            let _ = match seg.map(p) {
                Seg::MoveTo(x, y) => write!(svg, "M{x} {y}"),
                Seg::LineTo(x, y) => write!(svg, "L{x} {y}"),
                Seg::CubicTo(a, b, c, d, x, y) => write!(svg, "C{a} {b} {c} {d} {x} {y}"),
                Seg::Close => write!(svg, "Z"),
            };
        }
    }
    svg.push_str("\"/></svg>");
    let (rows, cols) = (rows as u32, cols as u32);
    let mask = svg_mask(svg.as_bytes(), rows, cols, threshold)?;
    Ok(TextCells { rows, cols, mask })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_black_disc_on_white_samples_to_a_round_shape() {
        let svg = br#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
            <rect width="100" height="100" fill="white"/>
            <circle cx="50" cy="50" r="40" fill="black"/></svg>"#;
        let m = svg_mask(svg, 10, 10, 0.5).unwrap();
        // The corners are out, the centre in, and the disc is symmetric.
        assert!(!m[0] && !m[9] && !m[90] && !m[99]);
        assert!(m[44] && m[55]);
        for r in 0..10 {
            for c in 0..10 {
                assert_eq!(m[r * 10 + c], m[c * 10 + r]);
                assert_eq!(m[r * 10 + c], m[r * 10 + 9 - c]);
            }
        }
        let n = m.iter().filter(|&&b| b).count();
        // π·4² ≈ 50 cells.
        assert!((40..=60).contains(&n), "{n}");
    }

    #[test]
    fn png_of_the_same_picture_agrees_and_threshold_moves_the_edge() {
        let svg = br#"<svg xmlns="http://www.w3.org/2000/svg" width="60" height="60">
            <rect x="0" y="0" width="33" height="60" fill="black"/></svg>"#;
        let tree = usvg::Tree::from_data(svg, &usvg::Options::default()).unwrap();
        let mut pm = tiny_skia::Pixmap::new(60, 60).unwrap();
        resvg::render(&tree, tiny_skia::Transform::default(), &mut pm.as_mut());
        let png = pm.encode_png().unwrap();
        // Column 5 of 10 (pixels 30..36) is half dark: out at 0.5, in at 0.4.
        let a = png_mask(&png, 1, 10, 0.5).unwrap();
        assert_eq!(a, svg_mask(svg, 1, 10, 0.5).unwrap());
        assert_eq!(a.iter().filter(|&&b| b).count(), 5);
        let b = png_mask(&png, 1, 10, 0.4).unwrap();
        assert_eq!(b.iter().filter(|&&b| b).count(), 6);
        assert!(png_mask(b"nope", 2, 2, 0.5).unwrap_err().is_usage());
        assert!(png_mask(&png, 2, 2, 1.5).unwrap_err().is_usage());
    }

    #[test]
    fn text_is_set_in_the_fonts_and_sampled_onto_cells() {
        let fonts = Fonts::bundled();
        let t = text_mask(&fonts, "I", 20, 0.5).unwrap();
        assert_eq!(t.rows, 20);
        // A capital I of a sans face: one upright bar, narrower than tall, every ink row
        // one run of cells.
        assert!(t.cols < 20, "{}", t.cols);
        let ink = t.mask.iter().filter(|&&b| b).count();
        assert!(ink > 20, "{ink}");
        // Two lines: twice the rows, the same ink twice.
        let two = text_mask(&fonts, "I\nI", 20, 0.5).unwrap();
        assert_eq!(two.rows, 40);
        assert_eq!(two.mask.iter().filter(|&&b| b).count(), 2 * ink);
        // Arabic, shaped and joined: the word is wider than tall.
        let w = text_mask(&fonts, "كوفي", 24, 0.5).unwrap();
        assert_eq!(w.rows, 24);
        assert!(w.cols > 24, "{}", w.cols);
        assert!(text_mask(&fonts, "  ", 10, 0.5).unwrap_err().is_usage());
        assert!(text_mask(&fonts, "a", 0, 0.5).unwrap_err().is_usage());
    }
}
