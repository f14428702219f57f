//! PNG output: each SVG page rasterised with resvg at a given resolution and written with
//! the `png` crate, with a `pHYs` chunk that states the resolution (pixels per metre), so
//! a design tool opens the image at its physical size. The background is transparent
//! unless the style paints one (the SVG page then holds it). The page's text comes as
//! glyph outlines, shaped as PDF shapes it ([`crate::document`]), so no font is loaded.
//!
//! [`PngPage`] is an SVG page writer ([`PageWrite`]) that turns the page into a PNG when it
//! is closed: the SVG backend draws, this converts, the output file stays atomic.
//!
//! Rasterising the SVG page, rather than drawing the marks with a raster backend of their
//! own, is a choice (ARCHITECTURE.md says why): the PNG and the SVG of a page are one
//! picture by construction, and a native backend would antialias the unrounded
//! coordinates where resvg reads the page's three-decimal ones, moving every PNG's bytes.

use crate::backend::PageWrite;
use resvg::{tiny_skia, usvg};
use std::io::Write;
use tourglyph_core::{error::Error, error::Result};

/// Pixels above which an image needs `--force`.
pub const MAX_PIXELS: u64 = 100_000_000;

/// How pages are rasterised; `Default` gives the documented defaults.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PngOptions {
    /// Dots per inch. Default 300.
    pub dpi: f64,
    /// Allow images over [`MAX_PIXELS`]. Default false.
    pub force: bool,
    /// The flag that draws the image smaller (`--page` for a sheet, `--size` for a
    /// glyph), named in the refusal of an image over [`MAX_PIXELS`]; `None` (the
    /// default) when the size is fixed.
    pub smaller: Option<&'static str>,
    /// Draw the image this many pixels wide instead of at `dpi`, its resolution what
    /// that width makes of the page (a preview, a gallery's). Default `None`.
    pub width: Option<u32>,
    /// The colour under the page. Default `None`: transparent where the page paints
    /// nothing.
    pub paper: Option<crate::Rgb>,
}

impl Default for PngOptions {
    fn default() -> Self {
        PngOptions {
            dpi: 300.0,
            force: false,
            smaller: None,
            width: None,
            paper: None,
        }
    }
}

/// The pixel size of a `width` × `height` mm page at `dpi` (or `width` pixels wide),
/// refused past [`MAX_PIXELS`] unless `force` (the message gives the size).
pub fn pixels(width_mm: f64, height_mm: f64, opts: PngOptions) -> Result<(u32, u32)> {
    if let Some(w) = opts.width {
        return wide(w, width_mm, height_mm);
    }
    if !(opts.dpi > 0.0 && opts.dpi <= 100_000.0) {
        return Err(Error::usage(format!(
            "bad --dpi {}: give a resolution from 1 to 100000 dots per inch",
            opts.dpi
        )));
    }
    let px = |mm: f64| (mm / 25.4 * opts.dpi).round().max(1.0);
    let (w, h) = (px(width_mm), px(height_mm));
    let total = w * h;
    if total > u32::MAX as f64 || (!opts.force && total > MAX_PIXELS as f64) {
        return Err(Error::refused_with(
            tourglyph_core::error::Refusal::Size,
            true,
            tourglyph_core::error::Estimate::none().with_pixels(total),
            format!(
                "a {w} x {h} pixel image ({:.0} megapixels) at {} dpi is over the {} megapixel limit: lower --dpi, {}or add --force",
                total / 1e6,
                opts.dpi,
                MAX_PIXELS / 1_000_000,
                opts.smaller
                    .map_or(String::new(), |f| format!("use a smaller {f}, "))
            ),
        ));
    }
    Ok((w as u32, h as u32))
}

/// The pixel size of a page `width_mm` × `height_mm` drawn `width` pixels wide: a
/// preview, which is never forced past [`MAX_PIXELS`].
fn wide(width: u32, width_mm: f64, height_mm: f64) -> Result<(u32, u32)> {
    let w = width.max(1);
    wide_fits(w, (height_mm * f64::from(w) / width_mm).round().max(1.0))
}

/// A preview `w` × `h` pixels, refused past [`MAX_PIXELS`].
fn wide_fits(w: u32, h: f64) -> Result<(u32, u32)> {
    if f64::from(w) * h > MAX_PIXELS as f64 {
        return Err(Error::runtime(format!(
            "png: a preview {w} pixels wide of a page this tall would be {h} pixels high: too large"
        )));
    }
    Ok((w, h as u32))
}

/// Rasterise an SVG document (sized in mm, as the SVG backend writes) to PNG bytes: at
/// `opts.dpi`, or `opts.width` pixels wide (its `pHYs` chunk then states the
/// resolution that width makes of the page).
pub fn svg_to_png(svg: &[u8], opts: PngOptions) -> Result<Vec<u8>> {
    let (rgba, w, h, dpi) = rasterise(svg, opts)?;
    encode(&rgba, w, h, dpi)
}

/// Rasterise an SVG document (sized in mm) to unpremultiplied RGBA pixels, with the
/// image's width and height: the pixels [`svg_to_png`] encodes.
///
/// The document's text is expected as outlines, as every page tourglyph rasterises
/// draws it ([`crate::document`]'s PNG, `SvgWriter::with_text`): the parse loads no
/// fonts, so an SVG `<text>` element draws nothing.
pub fn svg_to_rgba(svg: &[u8], opts: PngOptions) -> Result<(Vec<u8>, u32, u32)> {
    let (rgba, w, h, _) = rasterise(svg, opts)?;
    Ok((rgba, w, h))
}

/// [`svg_to_rgba`]'s pixels and size, with the image's resolution: `opts.dpi`, or at a
/// width, what that width makes of the page.
fn rasterise(svg: &[u8], opts: PngOptions) -> Result<(Vec<u8>, u32, u32, f64)> {
    let tree = parse(svg)?;
    // usvg sizes the tree in CSS pixels, 96 to the inch.
    let size = tree.size();
    let (w, h, dpi) = match opts.width {
        Some(width) => {
            let w = width.max(1);
            let k = f64::from(w) / f64::from(size.width());
            let (w, h) = wide_fits(w, (f64::from(size.height()) * k).round().max(1.0))?;
            (w, h, k * 96.0)
        }
        None => {
            let to_mm = 25.4 / 96.0;
            let (w, h) = pixels(
                f64::from(size.width()) * to_mm,
                f64::from(size.height()) * to_mm,
                opts,
            )?;
            (w, h, opts.dpi)
        }
    };
    Ok((raster(&tree, w, h, opts.paper)?, w, h, dpi))
}

fn parse(svg: &[u8]) -> Result<usvg::Tree> {
    usvg::Tree::from_data(svg, &usvg::Options::default())
        .map_err(|e| Error::runtime(format!("png: the page does not parse as SVG: {e}")))
}

/// `tree` drawn on a `w` × `h` image (stretched to fill it), over `paper` or transparent,
/// as unpremultiplied RGBA.
fn raster(tree: &usvg::Tree, w: u32, h: u32, paper: Option<crate::Rgb>) -> Result<Vec<u8>> {
    let size = tree.size();
    let mut pm = tiny_skia::Pixmap::new(w, h)
        .ok_or_else(|| Error::runtime(format!("png: cannot hold a {w} x {h} image")))?;
    if let Some(c) = paper {
        pm.fill(tiny_skia::Color::from_rgba8(c.0, c.1, c.2, u8::MAX));
    }
    let (kx, ky) = (w as f32 / size.width(), h as f32 / size.height());
    resvg::render(
        tree,
        tiny_skia::Transform::from_scale(kx, ky),
        &mut pm.as_mut(),
    );
    // Demultiplied in place (no second image in memory); an opaque pixel is its own
    // demultiplied colour, and the others go through tiny-skia's own `demultiply`, so the
    // bytes are those of demultiplying every pixel.
    let mut rgba = pm.take();
    for px in rgba.chunks_exact_mut(4) {
        if px[3] == u8::MAX {
            continue;
        }
        let c = tiny_skia::PremultipliedColorU8::from_rgba(px[0], px[1], px[2], px[3])
            .expect("a pixmap's pixels are premultiplied")
            .demultiply();
        px.copy_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    Ok(rgba)
}

/// PNG bytes of an RGBA image with a `pHYs` chunk for `dpi`.
pub fn encode(rgba: &[u8], w: u32, h: u32, dpi: f64) -> Result<Vec<u8>> {
    let ppm = (dpi / 0.0254).round() as u32;
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, w, h);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_pixel_dims(Some(png::PixelDimensions {
        xppu: ppm,
        yppu: ppm,
        unit: png::Unit::Meter,
    }));
    let err = |e: png::EncodingError| Error::runtime(format!("png: {e}"));
    let mut wr = enc.write_header().map_err(err)?;
    wr.write_image_data(rgba).map_err(err)?;
    wr.finish().map_err(err)?;
    Ok(out)
}

/// An SVG page writer that writes the page as PNG to `out` when closed.
pub struct PngPage<W: PageWrite> {
    svg: Vec<u8>,
    out: W,
    opts: PngOptions,
}

impl<W: PageWrite> PngPage<W> {
    /// A page that will be written to `out`.
    pub fn new(out: W, opts: PngOptions) -> Self {
        PngPage {
            svg: Vec::new(),
            out,
            opts,
        }
    }

    /// The output writer (to commit after the sheet is finished).
    pub fn into_inner(self) -> W {
        self.out
    }
}

impl<W: PageWrite> Write for PngPage<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.svg.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<W: PageWrite> PageWrite for PngPage<W> {
    fn close(&mut self) -> Result<()> {
        let svg = std::mem::take(&mut self.svg);
        let png = svg_to_png(&svg, self.opts)?;
        self.out.write_all(&png)?;
        self.out.close()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_the_megapixel_limit() {
        // 50 mm at 300 dpi: 590.55 px, rounded.
        assert_eq!(
            pixels(50.0, 50.0, PngOptions::default()).unwrap(),
            (591, 591)
        );
        let big = PngOptions {
            dpi: 2400.0,
            ..PngOptions::default()
        };
        let e = pixels(420.0, 594.0, big).unwrap_err().to_string();
        assert!(e.contains("39685 x 56126"), "{e}");
        assert!(e.ends_with("lower --dpi, or add --force"), "{e}");
        let sheet = PngOptions {
            smaller: Some("--page"),
            ..big
        };
        let e = pixels(420.0, 594.0, sheet).unwrap_err().to_string();
        assert!(
            e.ends_with("lower --dpi, use a smaller --page, or add --force"),
            "{e}"
        );
        assert!(pixels(420.0, 594.0, PngOptions { force: true, ..big }).is_ok());
        assert!(
            pixels(
                10.0,
                10.0,
                PngOptions {
                    dpi: 0.0,
                    ..PngOptions::default()
                }
            )
            .is_err()
        );
    }
}
