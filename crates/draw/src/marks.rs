//! The drawing vocabulary: what backends are asked to draw, and what the layout, the
//! tours' drawings and the backends all speak.
//!
//! Colours, strokes and paints ([`Rgb`], [`Stroke`], [`Paint`]); paths of segments in
//! millimetres ([`Seg`], [`Path`]); the compact form of a glyph, a small-integer polyline
//! with its corner treatment and where it goes ([`GlyphData`], [`Corner`], [`Place`]);
//! lines of text ([`Text`], [`Anchor`]) and what a glyph is ([`Label`]).
//!
//! Plain data with the operations that belong to each value (parsing a colour, moving a
//! segment, a rectangle or a circle as a path): it imports none of the other modules.
//! Corner geometry is in [`crate::corners`], drawing in the backends.

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// Black.
    pub const BLACK: Rgb = Rgb(0, 0, 0);
    /// White.
    pub const WHITE: Rgb = Rgb(255, 255, 255);

    /// Parse `#rrggbb` or `#rgb`.
    pub fn parse(s: &str) -> Option<Rgb> {
        let h = s.strip_prefix('#')?;
        // Hex digits only: `from_str_radix` alone would take a sign (`#+1+2+3`).
        if !h.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let v = |t: &str| u8::from_str_radix(t, 16).ok();
        match h.len() {
            6 if h.is_ascii() => Some(Rgb(v(&h[0..2])?, v(&h[2..4])?, v(&h[4..6])?)),
            3 if h.is_ascii() => {
                let d = |i: usize| v(&h[i..i + 1]).map(|x| x * 17);
                Some(Rgb(d(0)?, d(1)?, d(2)?))
            }
            _ => None,
        }
    }

    /// `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// Line join.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Join {
    /// Sharp corners.
    Miter,
    /// Rounded corners.
    Round,
    /// Cut corners.
    Bevel,
}

/// Line cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cap {
    /// Ends flush with the end point.
    Butt,
    /// Half-disc ends.
    Round,
    /// Ends extended by half the width.
    Square,
}

/// How to stroke a path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// Colour.
    pub color: Rgb,
    /// Width in mm.
    pub width: f64,
    /// Join.
    pub join: Join,
    /// Cap.
    pub cap: Cap,
    /// Miter limit (for [`Join::Miter`]): a corner whose miter would reach further than
    /// this many half stroke widths from the vertex is bevelled instead. At least 1; all
    /// three backends write it (PDF `M`, PostScript `setmiterlimit`, SVG
    /// `stroke-miterlimit`), so sharp corners look the same in every format.
    pub miter_limit: f64,
}

/// The miter limit used when a style gives none: SVG's default, 4, bevels corners sharper
/// than about 29° (PDF and PostScript default to 10, which lets a knight's or giraffe's
/// sharp corner run far out of its cell).
pub const DEFAULT_MITER_LIMIT: f64 = 4.0;

/// What a drawn glyph is, for formats that can carry it (SVG: the path's `id` and
/// `<title>`); the others ignore it. Backends know nothing of tours: this is text.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Label {
    /// An XML name, unique in its document once the backend has made it so (SVG appends
    /// `-2`, `-3`, … to a repeated one), e.g. `tour-17`.
    pub id: String,
    /// A human-readable description, e.g. `closed rook tour of 6x6, ID 17`.
    pub title: String,
}

/// How to paint a path: stroke, fill (even-odd), or both.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Paint {
    /// Stroke, if any.
    pub stroke: Option<Stroke>,
    /// Even-odd fill colour, if any.
    pub fill: Option<Rgb>,
}

/// One path segment, in mm.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Seg {
    /// Start a subpath at (x, y).
    MoveTo(f64, f64),
    /// Straight line to (x, y).
    LineTo(f64, f64),
    /// Cubic Bézier with control points (x1, y1), (x2, y2), to (x, y).
    CubicTo(f64, f64, f64, f64, f64, f64),
    /// Close the subpath.
    Close,
}

impl Seg {
    /// The segment with every point moved by `f`.
    pub fn map(self, f: impl Fn(f64, f64) -> (f64, f64)) -> Seg {
        match self {
            Seg::MoveTo(x, y) => {
                let (x, y) = f(x, y);
                Seg::MoveTo(x, y)
            }
            Seg::LineTo(x, y) => {
                let (x, y) = f(x, y);
                Seg::LineTo(x, y)
            }
            Seg::CubicTo(a, b, c, d, x, y) => {
                let (a, b) = f(a, b);
                let (c, d) = f(c, d);
                let (x, y) = f(x, y);
                Seg::CubicTo(a, b, c, d, x, y)
            }
            Seg::Close => Seg::Close,
        }
    }
}

/// A path: a list of segments in mm.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Path {
    /// The segments.
    pub segs: Vec<Seg>,
}

impl Path {
    /// Append a polyline in glyph units (`points` placed by `at`), closed when `closed`.
    pub fn push_polyline(&mut self, points: &[(f64, f64)], closed: bool, at: &Place) {
        for (i, &(x, y)) in points.iter().enumerate() {
            let (px, py) = at.map(x, y);
            self.segs.push(if i == 0 {
                Seg::MoveTo(px, py)
            } else {
                Seg::LineTo(px, py)
            });
        }
        if closed {
            self.segs.push(Seg::Close);
        }
    }

    /// An axis-aligned rectangle.
    pub fn rect(x: f64, y: f64, w: f64, h: f64) -> Path {
        Path {
            segs: vec![
                Seg::MoveTo(x, y),
                Seg::LineTo(x + w, y),
                Seg::LineTo(x + w, y + h),
                Seg::LineTo(x, y + h),
                Seg::Close,
            ],
        }
    }

    /// A circle (four cubic arcs).
    pub fn circle(cx: f64, cy: f64, r: f64) -> Path {
        // Control-point distance for a quarter circle: 4/3·(√2 − 1).
        let k = 0.552_284_749_830_793_4 * r;
        Path {
            segs: vec![
                Seg::MoveTo(cx + r, cy),
                Seg::CubicTo(cx + r, cy + k, cx + k, cy + r, cx, cy + r),
                Seg::CubicTo(cx - k, cy + r, cx - r, cy + k, cx - r, cy),
                Seg::CubicTo(cx - r, cy - k, cx - k, cy - r, cx, cy - r),
                Seg::CubicTo(cx + k, cy - r, cx + r, cy - k, cx + r, cy),
                Seg::Close,
            ],
        }
    }
}

/// Horizontal text anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// Text starts at x.
    Start,
    /// Text is centred on x.
    Middle,
    /// Text ends at x.
    End,
}

/// A line of text, shaped and set in the document's faces ([`crate::text`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    /// Anchor point x, mm.
    pub x: f64,
    /// Baseline y, mm.
    pub y: f64,
    /// Font size in points.
    pub size_pt: f64,
    /// Colour.
    pub color: Rgb,
    /// Anchor.
    pub anchor: Anchor,
    /// The text (printable ASCII is safe everywhere; backends escape what they must).
    pub text: String,
}

/// How a glyph's corners are drawn (geometry, not the stroke's join).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Corner {
    /// The polyline as it is.
    Sharp,
    /// Each corner cut by a straight line this far (glyph units) from the vertex along
    /// both sides.
    Bevel(f64),
    /// Each corner replaced by a circular arc of this radius (glyph units).
    Round(f64),
}

/// Where a glyph goes: glyph unit (x, y) lands on page point (x0 + scale·x, y0 + scale·y)
/// mm. Glyph units are board cells, so `scale` is the cell pitch in mm.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Place {
    /// Page x of glyph point (0, 0), mm.
    pub x: f64,
    /// Page y of glyph point (0, 0), mm.
    pub y: f64,
    /// Millimetres per glyph unit.
    pub scale: f64,
}

impl Place {
    /// Map a glyph point to page mm.
    pub fn map(&self, x: f64, y: f64) -> (f64, f64) {
        (self.x + self.scale * x, self.y + self.scale * y)
    }
}

/// A polyline with small integer coordinates: the compact form of a glyph.
///
/// Built by [`GlyphData::new`] ([`crate::corners`]), which drops vertices where the line
/// goes straight on (so every stored vertex is a corner) and shrinks a [`Corner`] size that
/// would not fit on the shortest side next to a corner. Backends that know nothing better
/// draw [`GlyphData::outline`].
#[derive(Clone, Debug, PartialEq)]
pub struct GlyphData {
    /// The vertices (all corners; the ends too for an open line).
    pub points: Vec<(i32, i32)>,
    /// True when the last vertex joins back to the first.
    pub closed: bool,
    /// Corner treatment, its size already made to fit.
    pub corner: Corner,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_with_plus_sign_is_refused() {
        for bad in ["#+11211", "#+f+f+f", "#+ff", "#-1-1-1"] {
            assert_eq!(Rgb::parse(bad), None, "{bad}");
        }
        assert_eq!(Rgb::parse("#0aF"), Some(Rgb(0, 170, 255)));
        assert_eq!(Rgb::parse("#12aBcd"), Some(Rgb(0x12, 0xab, 0xcd)));
    }
}
