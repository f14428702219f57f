//! Backends: draw paths, fills and text on pages, page by page, over any `io::Write`.
//!
//! Backends know nothing of tours. Coordinates are millimetres from the top-left corner of
//! the page, y growing downwards (each backend converts to its own space: PDF and
//! PostScript put the origin bottom-left in points).
//!
//! - [`num`]: the one number formatter;
//! - [`svg`], [`ps`], [`pdf`]: the three backends, each over any `io::Write`;
//! - [`GlyphData`] and [`Backend::glyph`]: a compact integer polyline with a placement,
//!   the fast path PostScript (a prolog procedure) and PDF (a `cm` transform with small
//!   integer coordinates) use for the thousands of glyphs of a sheet.

#![forbid(unsafe_code)]

pub mod bounds;
pub mod css;
pub mod estimate;
pub mod num;
pub mod ops;
pub mod pattern;
pub mod pdf;
pub mod png;
pub mod ps;
pub mod region;
pub mod svg;
pub mod text;
pub mod ttf;

use std::path::Path as FsPath;
use tourglyph_core::{error::Error, error::Result};

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

/// An output format, one backend each (hyperfine's `Format` enum).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// PDF 1.7 with flate-compressed content streams.
    Pdf,
    /// PostScript, DSC 3.0.
    Ps,
    /// Encapsulated PostScript (EPSF 3.0): one page, a tight bounding box, no page-device
    /// operators, for placing in another document.
    Eps,
    /// SVG 1.1, one file per page.
    Svg,
    /// PNG, one file per page, rasterised from the SVG page ([`png`]).
    Png,
}

impl Format {
    /// Every format, in the order messages list them.
    pub const ALL: [Format; 5] = [
        Format::Pdf,
        Format::Ps,
        Format::Eps,
        Format::Svg,
        Format::Png,
    ];

    /// Parse `pdf`, `ps`, `eps`, `svg` or `png` (as given to `--format`).
    pub fn parse(s: &str) -> Result<Format> {
        match s.trim().to_ascii_lowercase().as_str() {
            "pdf" => Ok(Format::Pdf),
            "ps" => Ok(Format::Ps),
            "eps" => Ok(Format::Eps),
            "svg" => Ok(Format::Svg),
            "png" => Ok(Format::Png),
            _ => Err(Error::usage(format!(
                "unknown format '{s}': use pdf, ps, eps, svg or png"
            ))),
        }
    }

    /// The format named by a file's extension; `-` (stdout) and unknown extensions are
    /// usage errors that name the fix (`--format`).
    pub fn from_path(p: &FsPath) -> Result<Format> {
        if p.as_os_str() == "-" {
            return Err(Error::usage(
                "writing to stdout (-o -): say which format with --format pdf|ps|eps|svg|png",
            ));
        }
        match p.extension().and_then(|e| e.to_str()) {
            Some(e) => Format::parse(e).map_err(|_| {
                Error::usage(format!(
                    "{}: unknown extension '.{e}': name the file .pdf, .ps, .eps, .svg or .png, or give --format",
                    p.display()
                ))
            }),
            None => Err(Error::usage(format!(
                "{}: no extension to tell the format: name the file .pdf, .ps, .eps, .svg or .png, or give --format",
                p.display()
            ))),
        }
    }

    /// The format to write to `path`: `format` (as given to `--format`) when given, else
    /// the one the extension names ([`Format::from_path`]). The one place that holds a
    /// file name to its format: a name whose extension is another format's (`--format
    /// svg -o x.pdf`) is a usage error; a name with no extension, or one of no format
    /// (`-o drawing.out`, `/dev/stdout`), takes the format given.
    pub fn for_output(format: Option<&str>, path: &FsPath) -> Result<Format> {
        let Some(f) = format else {
            return Format::from_path(path);
        };
        let f = Format::parse(f)?;
        let ext = path.extension().and_then(|e| e.to_str());
        match ext.and_then(|e| Format::parse(e).ok()) {
            Some(named) if named != f => Err(Error::usage(format!(
                "{}: the extension '.{}' is for {}, but --format {} writes {}: name the file {}, or drop --format",
                path.display(),
                ext.unwrap_or_default(),
                named.name(),
                f.extension(),
                f.name(),
                path.with_extension(f.extension()).display()
            ))),
            _ => Ok(f),
        }
    }

    /// The format's name in messages: `PDF`, `PostScript`, `EPS`, `SVG`, `PNG`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Pdf => "PDF",
            Format::Ps => "PostScript",
            Format::Eps => "EPS",
            Format::Svg => "SVG",
            Format::Png => "PNG",
        }
    }

    /// The usual file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Pdf => "pdf",
            Format::Ps => "ps",
            Format::Eps => "eps",
            Format::Svg => "svg",
            Format::Png => "png",
        }
    }
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
/// Built by [`GlyphData::new`], which drops vertices where the line goes straight on (so
/// every stored vertex is a corner) and shrinks a [`Corner`] size that would not fit on
/// the shortest side next to a corner. Backends that know nothing better draw
/// [`GlyphData::outline`].
#[derive(Clone, Debug, PartialEq)]
pub struct GlyphData {
    /// The vertices (all corners; the ends too for an open line).
    pub points: Vec<(i32, i32)>,
    /// True when the last vertex joins back to the first.
    pub closed: bool,
    /// Corner treatment, its size already made to fit.
    pub corner: Corner,
}

impl GlyphData {
    /// A polyline through `points`, closed or open, with corners treated as `corner`.
    pub fn new(points: &[(i32, i32)], closed: bool, corner: Corner) -> GlyphData {
        let pts = drop_straight(points, closed);
        let mut g = GlyphData {
            points: pts,
            closed,
            corner,
        };
        g.corner = match corner {
            Corner::Sharp => Corner::Sharp,
            Corner::Bevel(d) => fit(d, &g, |_| 1.0).map_or(Corner::Sharp, Corner::Bevel),
            // A circular arc of radius r between sides turning by φ touches each side at
            // r·tan(φ/2) from the vertex.
            Corner::Round(r) => {
                fit(r, &g, |phi| (phi / 2.0).tan()).map_or(Corner::Sharp, Corner::Round)
            }
        };
        g
    }

    /// The corners: (previous, vertex, next) triples in drawing order.
    fn corners(&self) -> Vec<[(f64, f64); 3]> {
        let p: Vec<(f64, f64)> = self
            .points
            .iter()
            .map(|&(x, y)| (x as f64, y as f64))
            .collect();
        let n = p.len();
        if n < 3 {
            return vec![];
        }
        if self.closed {
            (0..n)
                .map(|i| [p[(i + n - 1) % n], p[i], p[(i + 1) % n]])
                .collect()
        } else {
            (1..n - 1).map(|i| [p[i - 1], p[i], p[i + 1]]).collect()
        }
    }

    /// The outline in glyph units, corners treated.
    pub fn outline(&self) -> Vec<Seg> {
        let p = &self.points;
        let mut out = Vec::with_capacity(p.len() * 2 + 2);
        if p.is_empty() {
            return out;
        }
        let f = |(x, y): (i32, i32)| (x as f64, y as f64);
        let size = match self.corner {
            Corner::Sharp => 0.0,
            Corner::Bevel(d) | Corner::Round(d) => d,
        };
        if size == 0.0 || p.len() < 3 {
            let (x, y) = f(p[0]);
            out.push(Seg::MoveTo(x, y));
            for &q in &p[1..] {
                let (x, y) = f(q);
                out.push(Seg::LineTo(x, y));
            }
            if self.closed {
                out.push(Seg::Close);
            }
            return out;
        }
        let corners = self.corners();
        if !self.closed {
            let (x, y) = f(p[0]);
            out.push(Seg::MoveTo(x, y));
        }
        for (i, [a, v, b]) in corners.iter().enumerate() {
            let u1 = unit(*a, *v);
            let u2 = unit(*v, *b);
            let phi = turn(u1, u2);
            let (t, k) = match self.corner {
                Corner::Bevel(d) => (d, 0.0),
                Corner::Round(r) => {
                    // Tangent length and the cubic's handle length for an arc of angle φ.
                    let t = r * (phi / 2.0).tan();
                    (t, 4.0 / 3.0 * (phi / 4.0).tan() * r)
                }
                Corner::Sharp => unreachable!(),
            };
            let s = (v.0 - u1.0 * t, v.1 - u1.1 * t);
            let e = (v.0 + u2.0 * t, v.1 + u2.1 * t);
            if i == 0 && self.closed {
                out.push(Seg::MoveTo(s.0, s.1));
            } else {
                out.push(Seg::LineTo(s.0, s.1));
            }
            match self.corner {
                Corner::Round(_) => out.push(Seg::CubicTo(
                    s.0 + u1.0 * k,
                    s.1 + u1.1 * k,
                    e.0 - u2.0 * k,
                    e.1 - u2.1 * k,
                    e.0,
                    e.1,
                )),
                _ => out.push(Seg::LineTo(e.0, e.1)),
            }
        }
        if self.closed {
            out.push(Seg::Close);
        } else {
            let (x, y) = f(p[p.len() - 1]);
            out.push(Seg::LineTo(x, y));
        }
        out
    }

    /// The outline placed on the page, in mm.
    pub fn to_path(&self, at: &Place) -> Path {
        let m = |x: f64, y: f64| at.map(x, y);
        let segs = self.outline().into_iter().map(|s| s.map(m)).collect();
        Path { segs }
    }
}

fn unit(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let l = dx.hypot(dy);
    (dx / l, dy / l)
}

/// The turning angle between two unit directions, 0 (straight on) to π.
fn turn(u1: (f64, f64), u2: (f64, f64)) -> f64 {
    (u1.0 * u2.0 + u1.1 * u2.1).clamp(-1.0, 1.0).acos()
}

/// Shrink a corner size so the cut, `size·per_size(φ)` from the vertex, takes at most half
/// of each side at every corner. `None` when nothing is left to cut.
fn fit(size: f64, g: &GlyphData, per_size: impl Fn(f64) -> f64) -> Option<f64> {
    if !(size > 0.0) {
        return None;
    }
    let mut s = size;
    for [a, v, b] in g.corners() {
        let la = (v.0 - a.0).hypot(v.1 - a.1);
        let lb = (b.0 - v.0).hypot(b.1 - v.1);
        let k = per_size(turn(unit(a, v), unit(v, b)));
        if k > 0.0 {
            // Snap to 1e-9 so float noise (tan(π/4) ≠ 1) does not show in the output.
            let room = (la.min(lb) / 2.0 / k * 1e9).round() / 1e9;
            s = s.min(room);
        }
    }
    (s > 1e-9).then_some(s)
}

/// Remove vertices where the line goes straight on.
fn drop_straight(p: &[(i32, i32)], closed: bool) -> Vec<(i32, i32)> {
    let n = p.len();
    if n < 3 {
        return p.to_vec();
    }
    let straight = |a: (i32, i32), v: (i32, i32), b: (i32, i32)| {
        let (dx1, dy1) = (i64::from(v.0 - a.0), i64::from(v.1 - a.1));
        let (dx2, dy2) = (i64::from(b.0 - v.0), i64::from(b.1 - v.1));
        dx1 * dy2 - dy1 * dx2 == 0 && dx1 * dx2 + dy1 * dy2 > 0
    };
    let keep = |i: usize| {
        if closed {
            !straight(p[(i + n - 1) % n], p[i], p[(i + 1) % n])
        } else {
            i == 0 || i == n - 1 || !straight(p[i - 1], p[i], p[i + 1])
        }
    };
    let out: Vec<(i32, i32)> = (0..n).filter(|&i| keep(i)).map(|i| p[i]).collect();
    if out.len() < 2 { p.to_vec() } else { out }
}

/// A drawing surface that writes pages in order.
///
/// Call order: (`begin_page`, (`path` | `glyph` | `text`)*, `end_page`)*, `finish`.
/// Implementations may offer faster paths for glyphs, but every picture can be drawn
/// with `path` and `text`.
pub trait Backend {
    /// Draw a glyph placed at `at`, described by `label` where the format can hold it.
    /// The default draws [`GlyphData::to_path`] with [`Backend::path`]; PostScript and PDF
    /// override it with compact forms, SVG to attach the label.
    fn glyph(
        &mut self,
        glyph: &GlyphData,
        at: &Place,
        paint: &Paint,
        label: Option<&Label>,
    ) -> Result<()> {
        let _ = label;
        self.path(&glyph.to_path(at), paint)
    }

    /// Fill a [`region::Shape`] placed at `at` (glyph unit (x, y) at `at.map(x, y)`). The
    /// default draws [`region::Shape::to_path`] with [`Backend::path`]; PDF overrides it
    /// with integer coordinates under one transform.
    fn shape(
        &mut self,
        shape: &region::Shape,
        at: &Place,
        paint: &Paint,
        label: Option<&Label>,
    ) -> Result<()> {
        let _ = label;
        if shape.contours.is_empty() {
            return Ok(());
        }
        self.path(&shape.to_path(at), paint)
    }

    /// Start a page of `width` × `height` mm.
    fn begin_page(&mut self, width: f64, height: f64) -> Result<()>;
    /// Draw a path.
    fn path(&mut self, path: &Path, paint: &Paint) -> Result<()>;
    /// Draw a line of text (on the captions layer where the format has layers).
    fn text(&mut self, text: &Text) -> Result<()>;
    /// Finish the current page and write it out.
    fn end_page(&mut self) -> Result<()>;
    /// Finish the document (trailer, xref, …) and flush.
    fn finish(&mut self) -> Result<()>;
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

    #[test]
    fn bad_format_with_newline_is_one_line_error() {
        let e = Format::parse("p\ndf").unwrap_err().to_string();
        assert!(e.starts_with("unknown format 'p\\ndf'"), "{e}");
        let e = Format::from_path(FsPath::new("a\nb.g\tif"))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("a\\nb.g\\tif: unknown extension '.g\\tif'"),
            "{e}"
        );
        let e = Format::from_path(FsPath::new("a\nb"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("a\\nb: no extension"), "{e}");
    }

    fn ring() -> Vec<(i32, i32)> {
        // The 2×3 ring 0-1-2-5-4-3 as (col, row).
        vec![(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1)]
    }

    #[test]
    fn straight_vertices_are_dropped() {
        let g = GlyphData::new(&ring(), true, Corner::Sharp);
        assert_eq!(g.points, vec![(0, 0), (2, 0), (2, 1), (0, 1)]);
        let o = GlyphData::new(&[(0, 0), (1, 0), (2, 0), (2, 1)], false, Corner::Sharp);
        assert_eq!(o.points, vec![(0, 0), (2, 0), (2, 1)]);
        // A corner at the start of a closed line is kept, a straight start is dropped.
        let c = GlyphData::new(
            &[(1, 0), (2, 0), (2, 1), (0, 1), (0, 0)],
            true,
            Corner::Sharp,
        );
        assert_eq!(c.points, vec![(2, 0), (2, 1), (0, 1), (0, 0)]);
    }

    #[test]
    fn corners_fit_the_shortest_side() {
        // Sides of length 1 next to corners: a radius of 0.9 shrinks to 0.5.
        let g = GlyphData::new(&ring(), true, Corner::Round(0.9));
        assert_eq!(g.corner, Corner::Round(0.5));
        let g = GlyphData::new(&ring(), true, Corner::Round(0.3));
        assert_eq!(g.corner, Corner::Round(0.3));
        let g = GlyphData::new(&ring(), true, Corner::Bevel(0.0));
        assert_eq!(g.corner, Corner::Sharp);
    }

    #[test]
    fn rounded_outline_is_closed_and_stays_near_the_polyline() {
        let g = GlyphData::new(&ring(), true, Corner::Round(0.3));
        let o = g.outline();
        assert!(matches!(o[0], Seg::MoveTo(..)));
        assert_eq!(o.last(), Some(&Seg::Close));
        assert_eq!(
            o.iter().filter(|s| matches!(s, Seg::CubicTo(..))).count(),
            4
        );
        // Every end point lies on the rectangle's sides, 0.3 from a corner or further.
        for s in &o {
            if let Seg::LineTo(x, y) | Seg::MoveTo(x, y) | Seg::CubicTo(_, _, _, _, x, y) = *s {
                let on = x.abs() < 1e-9
                    || (x - 2.0).abs() < 1e-9
                    || y.abs() < 1e-9
                    || (y - 1.0).abs() < 1e-9;
                assert!(on, "({x}, {y})");
            }
        }
        let p = g.to_path(&Place {
            x: 10.0,
            y: 20.0,
            scale: 2.0,
        });
        assert_eq!(p.segs[0], Seg::MoveTo(10.0, 20.6));
    }

    #[test]
    fn formats_from_names_and_paths() {
        assert_eq!(Format::parse("PDF").unwrap(), Format::Pdf);
        assert!(Format::parse("gif").unwrap_err().is_usage());
        assert_eq!(Format::parse("png").unwrap(), Format::Png);
        assert_eq!(
            Format::from_path(FsPath::new("a/b.svg")).unwrap(),
            Format::Svg
        );
        assert_eq!(Format::from_path(FsPath::new("x.ps")).unwrap(), Format::Ps);
        for bad in ["-", "poster", "poster.gif"] {
            let e = Format::from_path(FsPath::new(bad)).unwrap_err();
            assert!(e.is_usage() && e.to_string().contains("--format"), "{e}");
        }
        let e = Format::from_path(FsPath::new("-")).unwrap_err().to_string();
        for f in Format::ALL {
            assert!(e.contains(f.extension()), "{e}");
        }
    }

    #[test]
    fn a_given_format_must_agree_with_the_extension() {
        let out = |f: &str, p: &str| Format::for_output(Some(f), FsPath::new(p));
        assert_eq!(out("svg", "x.svg").unwrap(), Format::Svg);
        assert_eq!(out("PDF", "x.Pdf").unwrap(), Format::Pdf);
        // No extension, or none of a format: the format given.
        for p in ["-", "x", "/dev/stdout", "x.out"] {
            assert_eq!(out("eps", p).unwrap(), Format::Eps, "{p}");
        }
        for (f, p) in [
            ("svg", "x.pdf"),
            ("ps", "x.eps"),
            ("eps", "a/x.ps"),
            ("png", "x.svg"),
        ] {
            let e = out(f, p).unwrap_err();
            assert!(e.is_usage(), "{e}");
            let want = FsPath::new(p).with_extension(f);
            assert!(
                e.to_string()
                    .contains(&format!("name the file {}", want.display())),
                "{e}"
            );
        }
        assert_eq!(
            out("svg", "x.pdf").unwrap_err().to_string(),
            "x.pdf: the extension '.pdf' is for PDF, but --format svg writes SVG: name the file x.svg, or drop --format"
        );
        assert_eq!(
            Format::for_output(None, FsPath::new("x.ps")).unwrap(),
            Format::Ps
        );
    }
}
