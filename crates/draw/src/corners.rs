//! Corners of a compact glyph ([`GlyphData`]): vertices where the line goes straight on
//! dropped, a bevel or radius shrunk to fit the shortest side next to a corner, and the
//! outline with its corners cut straight or rounded by circular arcs (cubic Béziers), in
//! glyph units or placed on the page.

use crate::marks::{Corner, GlyphData, Path, Place, Seg};

impl GlyphData {
    /// A polyline through `points`, closed or open, with corners treated as `corner`.
    #[allow(
        clippy::disallowed_methods,
        reason = "glyph geometry: an output byte, pinned as the platform computes it (scripts/fixed-outputs.sh); a correctly rounded replacement could move a last digit"
    )]
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
    #[allow(
        clippy::disallowed_methods,
        reason = "glyph geometry: an output byte, pinned as the platform computes it (scripts/fixed-outputs.sh); a correctly rounded replacement could move a last digit"
    )]
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

/// The unit vector from `a` towards `b`.
#[allow(
    clippy::disallowed_methods,
    reason = "glyph geometry: an output byte, pinned as the platform computes it (scripts/fixed-outputs.sh); a correctly rounded replacement could move a last digit"
)]
fn unit(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let l = dx.hypot(dy);
    (dx / l, dy / l)
}

/// The turning angle between two unit directions, 0 (straight on) to π.
#[allow(
    clippy::disallowed_methods,
    reason = "glyph geometry: an output byte, pinned as the platform computes it (scripts/fixed-outputs.sh); a correctly rounded replacement could move a last digit"
)]
fn turn(u1: (f64, f64), u2: (f64, f64)) -> f64 {
    (u1.0 * u2.0 + u1.1 * u2.1).clamp(-1.0, 1.0).acos()
}

/// Shrink a corner size so the cut, `size·per_size(φ)` from the vertex, takes at most half
/// of each side at every corner. `None` when nothing is left to cut.
#[allow(
    clippy::disallowed_methods,
    reason = "glyph geometry: an output byte, pinned as the platform computes it (scripts/fixed-outputs.sh); a correctly rounded replacement could move a last digit"
)]
fn fit(size: f64, g: &GlyphData, per_size: impl Fn(f64) -> f64) -> Option<f64> {
    if size.is_nan() || size <= 0.0 {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
