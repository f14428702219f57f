//! Backends: draw paths, fills and text on pages, page by page, over any `io::Write`.
//!
//! Backends know nothing of tours. Coordinates are millimetres from the top-left corner of
//! the page, y growing downwards (each backend converts to its own space: PDF and
//! PostScript put the origin bottom-left in points).

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

/// A path: a list of segments in mm.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Path {
    /// The segments.
    pub segs: Vec<Seg>,
}

impl Path {
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

/// A line of text in the standard Helvetica (PDF/PS) or sans-serif (SVG) font.
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

/// A drawing surface that writes pages in order.
///
/// Call order: (`begin_page`, (`path` | `text`)*, `end_page`)*, `finish`. Implementations
/// may offer faster paths for glyphs, but every picture can be drawn with these calls.
pub trait Backend {
    /// Start a page of `width` × `height` mm.
    fn begin_page(&mut self, width: f64, height: f64) -> crate::Result<()>;
    /// Draw a path.
    fn path(&mut self, path: &Path, paint: &Paint) -> crate::Result<()>;
    /// Draw a line of text (on the captions layer where the format has layers).
    fn text(&mut self, text: &Text) -> crate::Result<()>;
    /// Finish the current page and write it out.
    fn end_page(&mut self) -> crate::Result<()>;
    /// Finish the document (trailer, xref, …) and flush.
    fn finish(&mut self) -> crate::Result<()>;
}
