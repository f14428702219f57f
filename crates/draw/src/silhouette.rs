//! Silhouettes: a picture (PNG, or SVG rasterised with resvg) sampled onto a grid of
//! cells, a flag per cell, for shaped boards. The picture is stretched over the grid; a
//! cell is in when more than `threshold` of its area is dark, measured on k × k sample
//! points spread evenly over the cell (k from 8 down to 1 on very large grids). A pixel's
//! darkness is its opacity times one minus its luminance (Rec. 601 weights), so dark
//! ink and opaque black are dark, and white paper and transparency are not; a sample is
//! dark when its darkness is over one half. Pure arithmetic on integers and
//! correctly-rounded float operations, so a picture gives the same cells everywhere.

use resvg::{tiny_skia, usvg};
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
}
