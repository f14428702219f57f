//! Glyph outlines (skrifa), as path segments in em units with y down, ready to be placed
//! on a page: PostScript draws text this way, and SVG with `--text-as-paths`.

use super::fonts::Face;
use crate::Seg;
use skrifa::MetadataProvider;
use skrifa::instance::{LocationRef, Size};
use skrifa::outline::{DrawSettings, OutlinePen};

/// Collects a glyph's outline; quadratic segments become cubics (the control points at
/// two thirds, the exact degree elevation), y flipped to point down.
struct Pen {
    segs: Vec<Seg>,
    em: f64,
    last: (f64, f64),
}

impl Pen {
    fn p(&self, x: f32, y: f32) -> (f64, f64) {
        (f64::from(x) / self.em, -f64::from(y) / self.em)
    }
}

impl OutlinePen for Pen {
    fn move_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.p(x, y);
        self.segs.push(Seg::MoveTo(x, y));
        self.last = (x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.p(x, y);
        self.segs.push(Seg::LineTo(x, y));
        self.last = (x, y);
    }
    fn quad_to(&mut self, cx: f32, cy: f32, x: f32, y: f32) {
        let (qx, qy) = self.p(cx, cy);
        let (x, y) = self.p(x, y);
        let (x0, y0) = self.last;
        self.segs.push(Seg::CubicTo(
            x0 + 2.0 / 3.0 * (qx - x0),
            y0 + 2.0 / 3.0 * (qy - y0),
            x + 2.0 / 3.0 * (qx - x),
            y + 2.0 / 3.0 * (qy - y),
            x,
            y,
        ));
        self.last = (x, y);
    }
    fn curve_to(&mut self, a: f32, b: f32, c: f32, d: f32, x: f32, y: f32) {
        let (a, b) = self.p(a, b);
        let (c, d) = self.p(c, d);
        let (x, y) = self.p(x, y);
        self.segs.push(Seg::CubicTo(a, b, c, d, x, y));
        self.last = (x, y);
    }
    fn close(&mut self) {
        self.segs.push(Seg::Close);
    }
}

/// The outline of glyph `gid` of `face` in em units, origin on the baseline, y down
/// (empty for a blank glyph such as the space).
pub fn outline(face: &Face, gid: u16) -> Vec<Seg> {
    let font = face.font();
    let mut pen = Pen {
        segs: Vec::new(),
        em: f64::from(face.upem),
        last: (0.0, 0.0),
    };
    if let Some(g) = font
        .outline_glyphs()
        .get(skrifa::GlyphId::new(u32::from(gid)))
    {
        let settings = DrawSettings::unhinted(Size::unscaled(), LocationRef::default());
        let _ = g.draw(settings, &mut pen);
    }
    pen.segs
}
