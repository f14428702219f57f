//! Animations as images: frames (RGBA pixels, all the same size) written as a GIF (the
//! `gif` crate) or an animated PNG (the `png` crate's APNG encoder).
//!
//! **GIF.** One global colour table built from the drawing's own colours: the background
//! (white where the page has none, since a GIF pixel is either opaque or not there) and
//! each other colour, blended into the background in [`LEVELS`] steps (the antialiased
//! edges of a line are those blends), then blends of each pair of colours. Every pixel
//! (composited over the background) takes the nearest entry: no dithering, so a
//! two-colour glyph has two-colour edges, not noise. After the first frame each frame
//! holds only the rectangle of pixels that changed (the earlier pixels kept), which is
//! what keeps a line being drawn small.
//!
//! **APNG.** Every frame whole, in RGBA as rasterised: the last frame is the still PNG's
//! pixels exactly. The `pHYs` chunk states the resolution as [`crate::png`] does.

use crate::marks::Rgb;
use std::collections::HashMap;
use tourglyph_core::error::{Error, Result};

/// Blend steps from the background to each colour (the ends included).
pub const LEVELS: usize = 16;

/// An animation's frames: their size, how many, how they play. The frames themselves
/// come one at a time from a closure (frame `i` → its RGBA pixels, unpremultiplied,
/// `width × height × 4` bytes, and how long it shows in milliseconds), so that only two
/// are held at once however many there are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Play {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// How many frames.
    pub count: usize,
    /// Play for ever (else once).
    pub looped: bool,
    /// Dots per inch (APNG's `pHYs`).
    pub dpi: f64,
}

/// Frame `i`: its RGBA pixels and its delay in milliseconds.
pub type FrameFn<'a> = dyn FnMut(usize) -> Result<(Vec<u8>, u32)> + 'a;

impl Play {
    /// Frame `i` from `frame`, its size checked.
    fn get(&self, frame: &mut FrameFn<'_>, i: usize) -> Result<(Vec<u8>, u32)> {
        let (rgba, ms) = frame(i)?;
        if rgba.len() != self.width as usize * self.height as usize * 4 {
            return Err(Error::runtime(format!(
                "frames: frame {i} is not {} x {}",
                self.width, self.height
            )));
        }
        Ok((rgba, ms))
    }
}

/// The GIF colour table for `colours` over `background` (see the module doc): at most
/// 256 entries, the background first.
pub fn palette(background: Rgb, colours: &[Rgb]) -> Vec<Rgb> {
    let mut out = vec![background];
    let add = |c: Rgb, out: &mut Vec<Rgb>| {
        if out.len() < 256 && !out.contains(&c) {
            out.push(c);
        }
    };
    let mix = |a: Rgb, b: Rgb, k: usize| {
        let m = |x: u8, y: u8| {
            let (x, y) = (x as usize, y as usize);
            ((x * (LEVELS - 1 - k) + y * k + (LEVELS - 1) / 2) / (LEVELS - 1)) as u8
        };
        Rgb(m(a.0, b.0), m(a.1, b.1), m(a.2, b.2))
    };
    let mut own: Vec<Rgb> = Vec::new();
    for &c in colours {
        if c != background && !own.contains(&c) {
            own.push(c);
        }
    }
    for &c in &own {
        add(c, &mut out);
    }
    for &c in &own {
        for k in 1..LEVELS - 1 {
            add(mix(background, c, k), &mut out);
        }
    }
    for (i, &a) in own.iter().enumerate() {
        for &b in &own[i + 1..] {
            for k in 1..LEVELS - 1 {
                add(mix(a, b, k), &mut out);
            }
        }
    }
    out
}

/// Index of the entry of `pal` nearest `c` (squared RGB distance; the first on ties).
fn nearest(pal: &[Rgb], c: Rgb) -> u8 {
    let d = |p: &Rgb| {
        let (dr, dg, db) = (
            i32::from(p.0) - i32::from(c.0),
            i32::from(p.1) - i32::from(c.1),
            i32::from(p.2) - i32::from(c.2),
        );
        dr * dr + dg * dg + db * db
    };
    let mut best = 0;
    for (i, p) in pal.iter().enumerate() {
        if d(p) < d(&pal[best]) {
            best = i;
        }
    }
    best as u8
}

/// An RGBA pixel composited over `bg`.
fn over(px: &[u8], bg: Rgb) -> Rgb {
    let a = u32::from(px[3]);
    let m = |c: u8, b: u8| ((u32::from(c) * a + u32::from(b) * (255 - a) + 127) / 255) as u8;
    Rgb(m(px[0], bg.0), m(px[1], bg.1), m(px[2], bg.2))
}

/// The frames as a GIF whose colours are `background` (white for none) and `colours`.
pub fn gif(
    play: &Play,
    background: Option<Rgb>,
    colours: &[Rgb],
    frame: &mut FrameFn<'_>,
) -> Result<Vec<u8>> {
    let (w, h) = (play.width, play.height);
    let too_big = || {
        Error::usage(format!(
            "a GIF is at most 65535 pixels a side, not {w} x {h}: draw it smaller (--size, --dpi)"
        ))
    };
    let (w16, h16) = (
        u16::try_from(w).map_err(|_| too_big())?,
        u16::try_from(h).map_err(|_| too_big())?,
    );
    let bg = background.unwrap_or(Rgb::WHITE);
    let pal = palette(bg, colours);
    let mut table: Vec<u8> = pal.iter().flat_map(|c| [c.0, c.1, c.2]).collect();
    // A colour table holds at least two entries.
    if pal.len() < 2 {
        table.extend_from_slice(&[0, 0, 0]);
    }
    let err = |e: gif::EncodingError| Error::runtime(format!("gif: {e}"));
    let mut out = Vec::new();
    {
        let mut enc = gif::Encoder::new(&mut out, w16, h16, &table).map_err(err)?;
        if play.looped {
            enc.set_repeat(gif::Repeat::Infinite).map_err(err)?;
        }
        let mut cache: HashMap<[u8; 4], u8> = HashMap::new();
        let mut prev: Option<Vec<u8>> = None;
        for i in 0..play.count {
            let (rgba, ms) = play.get(frame, i)?;
            let idx: Vec<u8> = rgba
                .chunks_exact(4)
                .map(|px| {
                    let key = [px[0], px[1], px[2], px[3]];
                    *cache
                        .entry(key)
                        .or_insert_with(|| nearest(&pal, over(px, bg)))
                })
                .collect();
            // The rectangle that changed since the previous frame (all of the first).
            let (x0, y0, x1, y1) = match &prev {
                None => (0, 0, w as usize, h as usize),
                Some(p) => changed(p, &idx, w as usize, h as usize),
            };
            let (fw, fh) = (x1 - x0, y1 - y0);
            let mut sub = Vec::with_capacity(fw * fh);
            for y in y0..y1 {
                sub.extend_from_slice(&idx[y * w as usize + x0..y * w as usize + x1]);
            }
            let mut f = gif::Frame::from_indexed_pixels(fw as u16, fh as u16, sub, None);
            f.left = x0 as u16;
            f.top = y0 as u16;
            // Centiseconds, rounded, at least one (a zero delay plays as fast as the
            // viewer likes).
            f.delay = u16::try_from(((ms + 5) / 10).max(1)).unwrap_or(u16::MAX);
            f.dispose = gif::DisposalMethod::Keep;
            enc.write_frame(&f).map_err(err)?;
            prev = Some(idx);
        }
    }
    Ok(out)
}

/// The bounding rectangle `(x0, y0, x1, y1)` (ends exclusive) of the pixels that differ
/// between `a` and `b`; one pixel when none do (a frame cannot be empty).
fn changed(a: &[u8], b: &[u8], w: usize, h: usize) -> (usize, usize, usize, usize) {
    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
    for y in 0..h {
        let (ra, rb) = (&a[y * w..(y + 1) * w], &b[y * w..(y + 1) * w]);
        if ra == rb {
            continue;
        }
        let first = ra.iter().zip(rb).position(|(p, q)| p != q).unwrap_or(0);
        let last = w - ra
            .iter()
            .zip(rb)
            .rev()
            .position(|(p, q)| p != q)
            .unwrap_or(0);
        x0 = x0.min(first);
        x1 = x1.max(last);
        y0 = y0.min(y);
        y1 = y + 1;
    }
    if x1 <= x0 || y1 <= y0 {
        return (0, 0, 1, 1);
    }
    (x0, y0, x1, y1)
}

/// The frames as an animated PNG (every frame whole, RGBA).
pub fn apng(play: &Play, frame: &mut FrameFn<'_>) -> Result<Vec<u8>> {
    let err = |e: png::EncodingError| Error::runtime(format!("apng: {e}"));
    let ppm = (play.dpi / 0.0254).round() as u32;
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, play.width, play.height);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_pixel_dims(Some(png::PixelDimensions {
        xppu: ppm,
        yppu: ppm,
        unit: png::Unit::Meter,
    }));
    let plays = if play.looped { 0 } else { 1 };
    enc.set_animated(play.count as u32, plays).map_err(err)?;
    let mut wr = enc.write_header().map_err(err)?;
    for i in 0..play.count {
        let (rgba, ms) = play.get(frame, i)?;
        // Milliseconds as a fraction of a second (both terms are 16-bit).
        let (num, den) = match u16::try_from(ms) {
            Ok(ms) => (ms, 1000),
            Err(_) => (u16::try_from(ms.div_ceil(100)).unwrap_or(u16::MAX), 10),
        };
        wr.set_frame_delay(num, den).map_err(err)?;
        wr.set_dispose_op(png::DisposeOp::None).map_err(err)?;
        wr.set_blend_op(png::BlendOp::Source).map_err(err)?;
        wr.write_image_data(&rgba).map_err(err)?;
    }
    wr.finish().map_err(err)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_holds_the_colours_and_their_blends() {
        let p = palette(Rgb::WHITE, &[Rgb::BLACK, Rgb::WHITE, Rgb::BLACK]);
        assert_eq!(p[0], Rgb::WHITE);
        assert_eq!(p[1], Rgb::BLACK);
        // Black over white in 16 levels: 16 distinct greys, white and black among them.
        assert_eq!(p.len(), LEVELS);
        assert!(p.contains(&Rgb(136, 136, 136)), "{p:?}");
        let three = palette(Rgb::WHITE, &[Rgb(255, 0, 0), Rgb(0, 0, 255)]);
        assert!(three.len() <= 256 && three.len() > 2 * LEVELS);
    }

    #[test]
    fn the_changed_rectangle() {
        let a = vec![0u8; 12];
        let mut b = a.clone();
        b[5] = 1; // (1, 1) of a 4 × 3 image
        b[7] = 1; // (3, 1)
        assert_eq!(changed(&a, &b, 4, 3), (1, 1, 4, 2));
        assert_eq!(changed(&a, &a, 4, 3), (0, 0, 1, 1));
    }
}
