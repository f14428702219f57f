//! Pen strokes for plotters: a glyph's band (the filled region of [`crate::outline`]) drawn
//! by a pen of a given width, as hatch lines or concentric rings, so that a pen plotter
//! draws a bold glyph with the band's width and crisp edges (a pen ignores `stroke-width`).
//!
//! A pen of width `p` draws a stroke that covers everything within `p/2` of its path. So
//! every stroke runs inside the band shrunk by `p/2` (the *inset*): nothing is drawn
//! outside the band, and the inset's own boundary, drawn once, gives the band its edge.
//!
//! - **Hatch.** The inset's boundary, and parallel lines `p` apart across the inset (a
//!   scanline fill, even–odd, of the inset's rings along the hatch direction; each line
//!   starts where the previous one ended, alternating direction). Between the boundary and
//!   the nearest line, and between two lines, the gap is at most `p`, so the strokes cover
//!   the band. The lines and the boundary are then joined into one closed stroke for each
//!   connected part of the inset, the pen going on from a line to the next along the
//!   boundary (`join::hatch`), so it is lowered once a band, not once a line.
//! - **Concentric.** Rings of the band shrunk by `p/2`, `3p/2`, `5p/2`, …, while any is
//!   left; then, when the last ring leaves points farther than `p/2` from every ring, the
//!   boundary of the band shrunk one more half pen (whose every point is within `p/2` of
//!   it), or for a Kufic band its centre line. Rings that pass within a pen of each other
//!   are joined into one stroke (`join::rings`).
//!
//! Where the inset is empty (a pen as wide as the band or wider), the glyph's centre line
//! is drawn instead, with the pen.
//!
//! **Exact for Kufic.** A Kufic band (half-pitch stroke on a lattice path covering no
//! lattice point twice, see [`crate::outline`]) shrunk by `d` is the band between the two
//! miter offsets of its centre line at distance `h − d` (`h`, a quarter pitch, the band's
//! half width): its rings are computed directly (each vertex a lattice point plus `±t` on
//! each axis), without clipping. At hatch angles that are multiples of 90° every crossing
//! of a hatch line with such a ring is an edge's own coordinate, so no crossing is
//! computed by division either. **General bands** (other styles, crossing pieces) are
//! shrunk by `i_overlay`'s outline offset (integer arithmetic, miter joins) from the
//! general outline.
//!
//! Directions use a sine and cosine summed from their Taylor series with `+`, `−`, `×`
//! and `÷` only (correctly rounded in IEEE 754, so the same bytes on every machine), and
//! exactly 0 and ±1 at multiples of 90°.

mod join;

use super::outline::{self, GENERAL_UNIT};
use super::style::{PlotKind, Style};
use i_overlay::i_float::int::angle::Angle;
use i_overlay::i_float::int::point::IntPoint;
use i_overlay::mesh::int::outline::offset::IntOutlineOffset;
use i_overlay::mesh::int::style::{IntLineJoin, IntOutlineStyle};
use tourglyph_draw::{Cap, GlyphData, Join, Paint, Path, Place, Rgb, Stroke};

/// A pen stroke in glyph units (cell pitch 1): a polyline, closed when its last point joins
/// its first (as built; [`PenStrokes`] holds them flat).
#[derive(Clone, Debug, PartialEq)]
struct PenLine {
    /// The points.
    pub points: Vec<(f64, f64)>,
    /// True for a ring.
    pub closed: bool,
}

/// What a pen draws for one glyph: its strokes held flat (every point in one list), as a
/// sheet holds those of thousands of glyphs at once ([`crate::sheet::Ahead`]).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PenStrokes {
    /// The points of all strokes, one stroke after the other.
    points: Vec<(f64, f64)>,
    /// Each stroke, in drawing order: where its points end in `points`, and whether it is
    /// a ring.
    ends: Vec<(u32, bool)>,
    /// True when the band is too thin for the pen: the glyph's centre line (with its
    /// corners, [`GlyphData::to_path`]) is drawn instead of the strokes.
    pub centre_line: bool,
}

/// One stroke of [`PenStrokes`], borrowed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroked<'a> {
    /// The points.
    pub points: &'a [(f64, f64)],
    /// True for a ring.
    pub closed: bool,
}

/// The pen strokes of `glyph` drawn as `style` says (its `plot`, `pen_width` and
/// `hatch_angle`) at a cell pitch of `pitch_mm`; empty when the style does not plot or has
/// no stroke.
pub fn pen_strokes(glyph: &GlyphData, style: &Style, pitch_mm: f64) -> PenStrokes {
    let Some(kind) = style.plot else {
        return PenStrokes::default();
    };
    let no_width = style.stroke_width.is_nan() || style.stroke_width <= 0.0;
    if style.stroke.is_none() || no_width || glyph.points.is_empty() || pitch_mm <= 0.0 {
        return PenStrokes::default();
    }
    let pen = style.pen_width / pitch_mm;
    let dir = direction(style.hatch_angle);
    if outline::is_kufic(glyph, style) && outline::lattice_simple(glyph) {
        kufic(glyph, style.stroke_width / 2.0, pen, kind, dir)
    } else {
        general(glyph, style, pen, kind, dir)
    }
}

/// The paint of pen strokes: the style's stroke colour at the pen's width, round (a pen's
/// nib is round).
pub fn pen_paint(style: &Style) -> Option<Paint> {
    let color: Rgb = style.stroke?;
    Some(Paint {
        stroke: Some(Stroke {
            color,
            width: style.pen_width,
            join: Join::Round,
            cap: Cap::Round,
            miter_limit: tourglyph_draw::DEFAULT_MITER_LIMIT,
        }),
        fill: None,
    })
}

impl PenStrokes {
    /// `lines`, in this order.
    fn of(lines: Vec<PenLine>) -> PenStrokes {
        let mut points = Vec::with_capacity(lines.iter().map(|l| l.points.len()).sum());
        let mut ends = Vec::with_capacity(lines.len());
        for l in lines {
            points.extend_from_slice(&l.points);
            ends.push((points.len() as u32, l.closed));
        }
        PenStrokes {
            points,
            ends,
            centre_line: false,
        }
    }

    /// The glyph's centre line instead of strokes.
    fn centre() -> PenStrokes {
        PenStrokes {
            centre_line: true,
            ..PenStrokes::default()
        }
    }

    /// The strokes, in drawing order.
    pub fn lines(&self) -> impl Iterator<Item = Stroked<'_>> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().map(|&(e, _)| e));
        starts.zip(&self.ends).map(|(a, &(b, closed))| Stroked {
            points: &self.points[a as usize..b as usize],
            closed,
        })
    }

    /// The strokes placed on the page (mm), one subpath per stroke; `glyph` gives the
    /// centre line when [`PenStrokes::centre_line`].
    pub fn to_path(&self, glyph: &GlyphData, at: &Place) -> Path {
        if self.centre_line {
            return glyph.to_path(at);
        }
        let mut path = Path {
            segs: Vec::with_capacity(self.points.len() + self.ends.len()),
        };
        for l in self.lines() {
            path.push_polyline(l.points, l.closed, at);
        }
        path
    }

    /// True when nothing is drawn.
    pub fn is_empty(&self) -> bool {
        !self.centre_line && self.ends.is_empty()
    }
}

/// The hatch direction on the page (y down) for `deg` degrees counter-clockwise as seen:
/// (cos, −sin).
fn direction(deg: f64) -> (f64, f64) {
    let (c, s) = cos_sin(deg);
    (c, -s)
}

/// (cos, sin) of `deg` degrees from basic arithmetic only: the angle is brought to
/// [−45°, 45°] by whole quarter turns (exact swaps and sign changes), then the Taylor
/// series of both, to the term below 1e-17 at 45°.
fn cos_sin(deg: f64) -> (f64, f64) {
    let q = (deg / 90.0).round();
    let r = deg - q * 90.0;
    let x = r * (std::f64::consts::PI / 180.0);
    let (mut c, mut s) = (0.0f64, 0.0f64);
    let (mut tc, mut ts) = (1.0f64, x);
    for k in 0..12 {
        c += tc;
        s += ts;
        let k = f64::from(k);
        tc *= -x * x / ((2.0 * k + 1.0) * (2.0 * k + 2.0));
        ts *= -x * x / ((2.0 * k + 2.0) * (2.0 * k + 3.0));
    }
    match (q as i64).rem_euclid(4) {
        0 => (c, s),
        1 => (-s, c),
        2 => (-c, -s),
        _ => (s, -c),
    }
}

/// A Kufic band's strokes (see the module doc); `h` is the band's half width, `pen` the
/// pen's width, both in pitches.
fn kufic(g: &GlyphData, h: f64, pen: f64, kind: PlotKind, dir: (f64, f64)) -> PenStrokes {
    let first = h - pen / 2.0;
    if first <= 0.0 {
        return PenStrokes::centre();
    }
    let mut lines: Vec<PenLine> = Vec::new();
    match kind {
        PlotKind::Hatch => {
            lines.extend(hatched(kufic_rings(g, first), pen, dir));
        }
        PlotKind::Concentric => {
            // Offsets first − i·pen (a product, not a running sum, so no error accumulates).
            let mut last = first;
            for i in 0.. {
                let t = first - pen * f64::from(i);
                if t <= 0.0 {
                    break;
                }
                lines.extend(kufic_rings(g, t).into_iter().map(ring));
                last = t;
            }
            // Uncovered: what lies farther than half a pen inside the last offset (a
            // millionth of a pen allowed for rounding).
            if last > pen * (0.5 + 1e-6) {
                let pts: Vec<(f64, f64)> = g
                    .points
                    .iter()
                    .map(|&(x, y)| (f64::from(x), f64::from(y)))
                    .collect();
                lines.push(PenLine {
                    points: if pts.len() == 1 {
                        vec![pts[0], pts[0]]
                    } else {
                        pts
                    },
                    closed: g.closed && g.points.len() > 2,
                });
            }
            // Rings one pen apart touch (a millionth of a pen allowed for rounding).
            lines = touching(lines, pen * (1.0 + 1e-6));
        }
    }
    PenStrokes::of(lines)
}

/// Concentric `lines` joined where they pass within `reach` of each other
/// (`join::rings`).
fn touching(lines: Vec<PenLine>, reach: f64) -> Vec<PenLine> {
    let lines = lines.into_iter().map(|l| (l.points, l.closed)).collect();
    join::rings(lines, reach)
        .into_iter()
        .map(|(points, closed)| PenLine { points, closed })
        .collect()
}

/// A closed ring as a pen line.
fn ring(points: Vec<(f64, f64)>) -> PenLine {
    PenLine {
        points,
        closed: true,
    }
}

/// The rings of the Kufic band of `g` (lattice-simple, see [`crate::outline`]) of half
/// width `t` pitches: for a closed path its two miter offsets at ±t, for an open one the
/// ring round both square ends, for one cell a square.
fn kufic_rings(g: &GlyphData, t: f64) -> Vec<Vec<(f64, f64)>> {
    let p: Vec<(f64, f64)> = g
        .points
        .iter()
        .map(|&(x, y)| (f64::from(x), f64::from(y)))
        .collect();
    let n = p.len();
    let dir = |i: usize, j: usize| {
        let (a, b) = (g.points[i], g.points[j]);
        (
            f64::from((b.0 - a.0).signum()),
            f64::from((b.1 - a.1).signum()),
        )
    };
    let nrm = |(dx, dy): (f64, f64)| (-dy, dx);
    let add = |a: (f64, f64), b: (f64, f64), k: f64| (a.0 + k * b.0, a.1 + k * b.1);
    // The miter corner at v between directions d0 and d1, at signed distance k.
    let corner =
        |v: (f64, f64), d0: (f64, f64), d1: (f64, f64), k: f64| add(add(v, nrm(d0), k), nrm(d1), k);
    if n == 1 {
        let (x, y) = p[0];
        return vec![vec![
            (x - t, y - t),
            (x + t, y - t),
            (x + t, y + t),
            (x - t, y + t),
        ]];
    }
    if g.closed {
        return [t, -t]
            .into_iter()
            .map(|k| {
                (0..n)
                    .map(|i| corner(p[i], dir((i + n - 1) % n, i), dir(i, (i + 1) % n), k))
                    .collect()
            })
            .collect();
    }
    let d0 = dir(0, 1);
    let dl = dir(n - 2, n - 1);
    let mut r = Vec::with_capacity(2 * n + 2);
    r.push(add(add(p[0], d0, -t), nrm(d0), t));
    r.extend((1..n - 1).map(|i| corner(p[i], dir(i - 1, i), dir(i, i + 1), t)));
    r.push(add(add(p[n - 1], dl, t), nrm(dl), t));
    r.push(add(add(p[n - 1], dl, t), nrm(dl), -t));
    r.extend(
        (1..n - 1)
            .rev()
            .map(|i| corner(p[i], dir(i - 1, i), dir(i, i + 1), -t)),
    );
    r.push(add(add(p[0], d0, -t), nrm(d0), -t));
    vec![r]
}

/// A general band's strokes (see the module doc), through `i_overlay`.
fn general(g: &GlyphData, st: &Style, pen: f64, kind: PlotKind, dir: (f64, f64)) -> PenStrokes {
    let band = outline::outline(g, st);
    let src: Vec<Vec<IntPoint>> = band
        .contours
        .iter()
        .map(|c| c.iter().map(|&(x, y)| IntPoint::new(x, y)).collect())
        .collect();
    let unit = f64::from(GENERAL_UNIT);
    let first = inset(&src, pen / 2.0 * unit);
    if first.is_empty() {
        return PenStrokes::centre();
    }
    let mut lines = Vec::new();
    match kind {
        PlotKind::Hatch => {
            lines.extend(hatched(first, pen, dir));
        }
        PlotKind::Concentric => {
            let mut d = pen / 2.0;
            let mut rings = first;
            while !rings.is_empty() {
                lines.extend(rings.into_iter().map(ring));
                d += pen;
                rings = inset(&src, d * unit);
            }
            // The last rings leave uncovered what lies over half a pen inside them.
            lines.extend(inset(&src, (d - pen / 2.0) * unit).into_iter().map(ring));
            // Rings one pen apart touch (two units allowed for the offset's rounding).
            lines = touching(lines, pen + 2.0 / unit);
        }
    }
    PenStrokes::of(lines)
}

/// The contours of `src` (integer, [`GENERAL_UNIT`] per pitch) shrunk by `by` units, in
/// pitches.
fn inset(src: &[Vec<IntPoint>], by: f64) -> Vec<Vec<(f64, f64)>> {
    let by = by.round() as i32;
    let join = Angle::from_radians(0.5).map_or(IntLineJoin::Bevel, IntLineJoin::Miter);
    let style = IntOutlineStyle::new(-by).line_join(join);
    let Ok(shapes) = src.outline(&style) else {
        return vec![];
    };
    let k = f64::from(GENERAL_UNIT);
    shapes
        .into_iter()
        .flatten()
        .filter(|c| c.len() >= 3)
        .map(|c| {
            c.into_iter()
                .map(|p| (f64::from(p.x) / k, f64::from(p.y) / k))
                .collect()
        })
        .collect()
}

/// The inset's `rings` filled with hatch lines `gap` apart along `dir`, and drawn
/// themselves: joined into one closed stroke for each connected part (`join::hatch`),
/// or, where they cannot be joined, each run and ring a stroke of its own.
fn hatched(rings: Vec<Vec<(f64, f64)>>, gap: f64, dir: (f64, f64)) -> Vec<PenLine> {
    let runs = hatch(&rings, gap, dir);
    if let Some(joined) = join::hatch(&rings, &runs) {
        return joined
            .into_iter()
            .map(|(points, closed)| PenLine { points, closed })
            .collect();
    }
    runs.iter()
        .map(|r| PenLine {
            points: vec![r.a.at, r.b.at],
            closed: false,
        })
        .chain(rings.into_iter().map(ring))
        .collect()
}

/// Hatch lines `gap` apart along `dir` (a unit vector) across the region the `rings`
/// enclose (even–odd): a scanline fill in coordinates turned so the lines are horizontal,
/// each crossing taken on the half-open rule (an edge holds its lower end, not its upper),
/// the runs of each line in order, every other line backwards; each run's ends with the
/// ring and the place along it where they lie.
fn hatch(rings: &[Vec<(f64, f64)>], gap: f64, dir: (f64, f64)) -> Vec<join::Run> {
    let (c, s) = dir;
    // Along the line (u) and across it (v).
    let turn = |(x, y): (f64, f64)| (x * c + y * s, y * c - x * s);
    let back = |u: f64, v: f64| (u * c - v * s, u * s + v * c);
    // Each edge turned, with its ring and its index in the ring.
    type Turned = ((f64, f64), (f64, f64), usize, usize);
    let edges: Vec<Turned> = rings
        .iter()
        .enumerate()
        .flat_map(|(k, r)| {
            let n = r.len();
            (0..n).map(move |i| (turn(r[i]), turn(r[(i + 1) % n]), k, i))
        })
        .collect();
    let (lo, hi) = edges
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), e| {
            (lo.min(e.0.1).min(e.1.1), hi.max(e.0.1).max(e.1.1))
        });
    let mut out = Vec::new();
    // Each crossing: u, ring, place along the ring.
    let mut xs: Vec<(f64, usize, f64)> = Vec::new();
    let mut j = 1u32;
    let mut forward = true;
    loop {
        let v = lo + f64::from(j) * gap;
        if v >= hi {
            break;
        }
        j += 1;
        xs.clear();
        for &((ua, va), (ub, vb), k, i) in &edges {
            if (va <= v) != (vb <= v) {
                let f = (v - va) / (vb - va);
                let u = if ua == ub {
                    ua
                } else {
                    ua + (v - va) * (ub - ua) / (vb - va)
                };
                xs.push((u, k, i as f64 + f));
            }
        }
        // By u alone, stable: crossings at the same u keep the order of their edges.
        xs.sort_by(|a, b| a.0.total_cmp(&b.0));
        let end = |&(u, ring, pos): &(f64, usize, f64)| join::End {
            at: back(u, v),
            ring,
            pos,
        };
        let mut runs: Vec<join::Run> = xs
            .chunks_exact(2)
            .filter(|r| r[1].0 > r[0].0)
            .map(|r| join::Run {
                a: end(&r[0]),
                b: end(&r[1]),
            })
            .collect();
        if !forward {
            runs.reverse();
            for r in &mut runs {
                std::mem::swap(&mut r.a, &mut r.b);
            }
        }
        forward = !forward;
        out.extend(runs);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use tourglyph_draw::Corner;

    fn style(kind: PlotKind) -> Style {
        Style {
            plot: Some(kind),
            ..Style::resolve("kufic").unwrap()
        }
    }

    fn ring6() -> GlyphData {
        GlyphData::new(
            &[(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1)],
            true,
            Corner::Sharp,
        )
    }

    #[test]
    fn quarter_turns_are_exact() {
        assert_eq!(cos_sin(0.0), (1.0, 0.0));
        assert_eq!(cos_sin(90.0), (0.0, 1.0));
        assert_eq!(cos_sin(180.0), (-1.0, 0.0));
        assert_eq!(cos_sin(-90.0), (0.0, -1.0));
        let (c, s) = cos_sin(30.0);
        assert!((s - 0.5).abs() < 1e-15 && (c - 0.75f64.sqrt()).abs() < 1e-15);
        let (c, s) = cos_sin(45.0);
        assert!((c - s).abs() < 1e-15 && (c * c + s * s - 1.0).abs() < 1e-15);
    }

    #[test]
    fn kufic_hatch_stays_inside_the_band_and_spans_it() {
        // Pitch 10 mm, pen 0.5 mm: the band is 5 mm wide, its inset half width 2.25 mm.
        let g = ring6();
        let t = 0.25 - 0.05 / 2.0;
        // The inset's two rings, vertices a lattice point plus ±t.
        let rings = kufic_rings(&g, t);
        assert_eq!(rings.len(), 2);
        assert!(rings.iter().any(|r| r.contains(&(-t, -t))), "{rings:?}");
        assert!(rings.iter().any(|r| r.contains(&(t, t))), "{rings:?}");
        // Every hatch end lies on the inset boundary (x = c ± t for a lattice column c, or
        // y = r ± t), on the ring and at the place it names, horizontal.
        let hatch = hatch(&rings, 0.05, direction(0.0));
        assert!(!hatch.is_empty());
        for l in &hatch {
            assert_eq!(l.a.at.1, l.b.at.1);
            for e in [l.a, l.b] {
                let off = (e.at.0 - e.at.0.round()).abs();
                assert!((off - t).abs() < 1e-12, "{e:?}");
                let r = &rings[e.ring];
                let i = e.pos.floor() as usize;
                let f = e.pos - i as f64;
                let (p, q) = (r[i % r.len()], r[(i + 1) % r.len()]);
                let on = (p.0 + f * (q.0 - p.0), p.1 + f * (q.1 - p.1));
                assert!((on.0 - e.at.0).abs() < 1e-12 && (on.1 - e.at.1).abs() < 1e-12);
            }
        }
        // Lines one pen apart (0.05 pitch) from the inset's top edge: across the top row's
        // band (from −t to t) lie 2t/0.05 − 1 of them.
        let top: Vec<f64> = hatch.iter().map(|l| l.a.at.1).filter(|&y| y < t).collect();
        // 0.45 / 0.05 = 9 gaps: 8 lines.
        assert_eq!(top.len(), 8);
    }

    /// The segments strokes draw, each an unordered pair of points to 1e-9, cut at every
    /// point of `cuts` that lies on them (so a ring and the same ring walked in pieces
    /// compare equal), zero-length ones left out.
    fn drawn(lines: &[(Vec<(f64, f64)>, bool)], cuts: &[(f64, f64)]) -> BTreeSet<[(i64, i64); 2]> {
        let q = |p: (f64, f64)| ((p.0 * 1e9).round() as i64, (p.1 * 1e9).round() as i64);
        let mut out = BTreeSet::new();
        for (pts, closed) in lines {
            let n = pts.len();
            let m = if *closed { n } else { n - 1 };
            for i in 0..m {
                let (a, b) = (pts[i], pts[(i + 1) % n]);
                // The cut points on this segment (axis-parallel here), in order along it.
                let mut on: Vec<(f64, f64)> = cuts
                    .iter()
                    .copied()
                    .filter(|&c| {
                        let cross = (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0);
                        let dot = (c.0 - a.0) * (b.0 - a.0) + (c.1 - a.1) * (b.1 - a.1);
                        let len2 = (b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1);
                        cross.abs() < 1e-12 && dot > 0.0 && dot < len2
                    })
                    .collect();
                on.sort_by(|x, y| {
                    let dx = (x.0 - a.0).abs() + (x.1 - a.1).abs();
                    let dy = (y.0 - a.0).abs() + (y.1 - a.1).abs();
                    dx.total_cmp(&dy)
                });
                let mut prev = a;
                for p in on.into_iter().chain(std::iter::once(b)) {
                    let (x, y) = (q(prev), q(p));
                    if x != y {
                        out.insert(if x < y { [x, y] } else { [y, x] });
                    }
                    prev = p;
                }
            }
        }
        out
    }

    #[test]
    fn a_hatched_band_is_one_stroke_drawing_its_lines_and_edge() {
        // A closed band (two rings) and an open one (one ring round both ends), hatched
        // at 0° and 90°: each is one region, so one stroke, which draws the hatch lines
        // and the inset's edge and nothing else.
        let open = GlyphData::new(&[(0, 0), (1, 0), (1, 1), (2, 1)], false, Corner::Sharp);
        let t = 0.25 - 0.05 / 2.0;
        for g in [ring6(), open] {
            for angle in [0.0, 90.0] {
                let st = Style {
                    hatch_angle: angle,
                    ..style(PlotKind::Hatch)
                };
                let s = pen_strokes(&g, &st, 10.0);
                let lines: Vec<_> = s.lines().map(|l| (l.points.to_vec(), l.closed)).collect();
                assert_eq!(lines.len(), 1, "{angle}°: {} strokes", lines.len());
                // Apart: the hatch runs and the rings.
                let rings = kufic_rings(&g, t);
                let runs = hatch(&rings, 0.05, direction(angle));
                let apart: Vec<_> = runs
                    .iter()
                    .map(|r| (vec![r.a.at, r.b.at], false))
                    .chain(rings.iter().map(|r| (r.clone(), true)))
                    .collect();
                let cuts: Vec<_> = runs.iter().flat_map(|r| [r.a.at, r.b.at]).collect();
                assert_eq!(drawn(&lines, &cuts), drawn(&apart, &cuts), "{angle}°");
            }
        }
    }

    #[test]
    fn concentric_rings_of_a_band_are_one_stroke() {
        let g = ring6();
        let s = pen_strokes(&g, &style(PlotKind::Concentric), 10.0);
        assert_eq!(s.lines().count(), 1);
        // The rings' every vertex drawn: offsets 0.225, 0.175, …, 0.025 either side.
        let pts: Vec<(f64, f64)> = s.lines().flat_map(|l| l.points.to_vec()).collect();
        for i in 0..5 {
            for r in kufic_rings(&g, 0.225 - 0.05 * f64::from(i)) {
                for p in r {
                    assert!(
                        pts.iter()
                            .any(|q| (q.0 - p.0).abs() < 1e-12 && (q.1 - p.1).abs() < 1e-12),
                        "{p:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn concentric_rings_step_one_pen_inwards() {
        let g = ring6();
        let s = pen_strokes(&g, &style(PlotKind::Concentric), 10.0);
        // Offsets at 0.225, 0.175, …, 0.025 pitch (5 of them, 2 rings each, joined); the
        // last is within half a pen of the centre line, so no centre line.
        let rings: Vec<_> = (0..5)
            .flat_map(|i| kufic_rings(&g, 0.225 - 0.05 * f64::from(i)))
            .collect();
        assert_eq!(rings.len(), 10);
        assert!(rings.iter().all(|r| r.len() == 4));
        let last: Vec<_> = rings[8..].iter().flatten().collect();
        assert!(
            last.iter().any(|&&(x, _)| (x + 0.025).abs() < 1e-12),
            "{last:?}"
        );
        assert!(
            last.iter().any(|&&(x, _)| (x - 0.025).abs() < 1e-12),
            "{last:?}"
        );
        // Drawn joined, with no centre line (through the lattice points).
        assert!(!s.centre_line && s.lines().all(|l| l.closed));
        assert!(s.lines().all(|l| !l.points.contains(&(0.0, 0.0))));
        // A pen as wide as the band: the centre line.
        let wide = Style {
            pen_width: 5.0,
            ..style(PlotKind::Concentric)
        };
        assert!(pen_strokes(&g, &wide, 10.0).centre_line);
    }

    #[test]
    fn general_band_is_shrunk_by_half_a_pen() {
        // A thin round-joined line (not Kufic): the band through i_overlay.
        let st = Style {
            plot: Some(PlotKind::Hatch),
            stroke_width: 0.4,
            ..Style::resolve("line").unwrap()
        };
        let g = GlyphData::new(&[(0, 0), (3, 0)], false, Corner::Sharp);
        let s = pen_strokes(&g, &st, 10.0);
        assert!(!s.centre_line && !s.is_empty());
        // The band is 0.4 pitch = 4 mm wide; shrunk by 0.25 mm on each side every point
        // lies within 0.2 − 0.025 pitch of the centre line (1/1024 for rounding).
        for l in s.lines() {
            for &(_, y) in l.points {
                assert!(y.abs() <= 0.175 + 1.0 / 1024.0, "{y}");
            }
        }
    }
}
