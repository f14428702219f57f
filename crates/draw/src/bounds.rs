//! The ink bounds of a drawing: where its strokes, fills and text can leave paint, for the
//! tight `%%BoundingBox` of an EPS file.
//!
//! A stroke of width w reaches w/2 around every point of its path; beyond that only at a
//! miter join (its tip lies on the outer bisector, `1/sin(θ/2)` half widths from the vertex,
//! θ the angle between the two sides, when that ratio is within the miter limit; otherwise
//! the join is bevelled, PLRM 3rd ed. §4.5 `setmiterlimit`) and at a square cap (the cap's
//! corners lie w/2 beyond the end point). Curves are bounded by their control points.
//! Text is bounded by its advance width and Helvetica's ascender and descender.

use super::{Anchor, Cap, Join, Paint, Path, Seg, Stroke, Text};

/// Helvetica's ascender and descender, in em (its AFM: 718 and −207, rounded outwards).
const ASCENT: f64 = 0.75;
const DESCENT: f64 = 0.25;

/// An axis-aligned box in page mm; empty until something is added.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Bounds {
    /// (min x, min y, max x, max y), `None` while empty.
    pub rect: Option<(f64, f64, f64, f64)>,
}

impl Bounds {
    /// Grow to hold the square of half-side `r` around (x, y).
    pub fn point(&mut self, x: f64, y: f64, r: f64) {
        let (a, b, c, d) = (x - r, y - r, x + r, y + r);
        self.rect = Some(match self.rect {
            None => (a, b, c, d),
            Some((x0, y0, x1, y1)) => (x0.min(a), y0.min(b), x1.max(c), y1.max(d)),
        });
    }

    /// Grow to hold `path` painted with `paint`.
    pub fn path(&mut self, path: &Path, paint: &Paint) {
        let mut sub: Vec<(f64, f64)> = Vec::new();
        let mut closed = false;
        for s in &path.segs {
            match *s {
                Seg::MoveTo(x, y) => {
                    self.subpath(&sub, closed, paint);
                    sub.clear();
                    closed = false;
                    sub.push((x, y));
                }
                Seg::LineTo(x, y) => sub.push((x, y)),
                Seg::CubicTo(a, b, c, d, x, y) => {
                    // Control points bound the curve; the end point is a vertex.
                    sub.push((a, b));
                    sub.push((c, d));
                    sub.push((x, y));
                }
                Seg::Close => closed = true,
            }
        }
        self.subpath(&sub, closed, paint);
    }

    fn subpath(&mut self, pts: &[(f64, f64)], closed: bool, paint: &Paint) {
        let half = paint.stroke.map_or(0.0, |s| s.width / 2.0);
        // Consecutive repeats make no corner.
        let mut p: Vec<(f64, f64)> = Vec::with_capacity(pts.len());
        for &q in pts {
            if p.last() != Some(&q) {
                p.push(q);
            }
        }
        if closed && p.len() > 1 && p.first() == p.last() {
            p.pop();
        }
        for &(x, y) in &p {
            self.point(x, y, half);
        }
        let Some(s) = paint.stroke else { return };
        let n = p.len();
        if n < 2 {
            return;
        }
        let corners: Vec<usize> = if closed {
            (0..n).collect()
        } else {
            (1..n - 1).collect()
        };
        if s.join == Join::Miter {
            for i in corners {
                let (a, v, b) = (p[(i + n - 1) % n], p[i], p[(i + 1) % n]);
                self.miter(a, v, b, &s);
            }
        }
        if !closed && s.cap == Cap::Square {
            self.square_cap(p[1], p[0], half);
            self.square_cap(p[n - 2], p[n - 1], half);
        }
    }

    /// The miter tip at vertex `v` between sides from `a` and to `b`, if it is drawn.
    #[allow(
        clippy::disallowed_methods,
        reason = "EPS %%HiResBoundingBox: an output byte, pinned as the platform computes it (scripts/fixed-outputs.sh); a correctly rounded replacement could move a last digit"
    )]
    fn miter(&mut self, a: (f64, f64), v: (f64, f64), b: (f64, f64), s: &Stroke) {
        let (Some(u1), Some(u2)) = (unit(a, v), unit(v, b)) else {
            return;
        };
        // The sides from v are −u1 and u2: |u1 + u2| = 2·sin(θ/2), and the tip lies along
        // u1 − u2 (the outer bisector).
        let (sx, sy) = (u1.0 + u2.0, u1.1 + u2.1);
        let (dx, dy) = (u1.0 - u2.0, u1.1 - u2.1);
        let (sum, len) = (sx.hypot(sy), dx.hypot(dy));
        if sum < 1e-12 || len < 1e-12 {
            return; // turned back (always bevelled) or straight on
        }
        let ratio = 2.0 / sum;
        if ratio <= s.miter_limit {
            let r = ratio * s.width / 2.0;
            self.point(v.0 + dx / len * r, v.1 + dy / len * r, 0.0);
        }
    }

    /// The two outer corners of a square cap at end `e`, coming from `from`.
    fn square_cap(&mut self, from: (f64, f64), e: (f64, f64), half: f64) {
        let Some(u) = unit(from, e) else { return };
        let (cx, cy) = (e.0 + u.0 * half, e.1 + u.1 * half);
        self.point(cx - u.1 * half, cy + u.0 * half, 0.0);
        self.point(cx + u.1 * half, cy - u.0 * half, 0.0);
    }

    /// Grow to hold a line of text `width` mm wide.
    pub fn text(&mut self, t: &Text, width: f64) {
        let x0 = match t.anchor {
            Anchor::Start => t.x,
            Anchor::Middle => t.x - width / 2.0,
            Anchor::End => t.x - width,
        };
        let em = t.size_pt * 25.4 / 72.0;
        self.point(x0, t.y - ASCENT * em, 0.0);
        self.point(x0 + width, t.y + DESCENT * em, 0.0);
    }
}

/// The unit vector from `a` towards `b`, `None` when they (nearly) coincide.
#[allow(
    clippy::disallowed_methods,
    reason = "EPS %%HiResBoundingBox: an output byte, pinned as the platform computes it (scripts/fixed-outputs.sh); a correctly rounded replacement could move a last digit"
)]
fn unit(a: (f64, f64), b: (f64, f64)) -> Option<(f64, f64)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let l = dx.hypot(dy);
    (l > 1e-12).then(|| (dx / l, dy / l))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rgb;

    fn stroke(join: Join, cap: Cap, limit: f64) -> Paint {
        Paint {
            stroke: Some(Stroke {
                color: Rgb::BLACK,
                width: 2.0,
                join,
                cap,
                miter_limit: limit,
            }),
            fill: None,
        }
    }

    #[test]
    fn square_corners_reach_their_miter_and_caps() {
        let mut b = Bounds::default();
        b.path(
            &Path::rect(10.0, 10.0, 10.0, 5.0),
            &stroke(Join::Miter, Cap::Butt, 4.0),
        );
        // A right-angled miter reaches the corner of the outer square: half width out.
        let (x0, y0, x1, y1) = b.rect.unwrap();
        assert!((x0 - 9.0).abs() < 1e-9 && (y0 - 9.0).abs() < 1e-9, "{b:?}");
        assert!(
            (x1 - 21.0).abs() < 1e-9 && (y1 - 16.0).abs() < 1e-9,
            "{b:?}"
        );
        // An open line with square caps reaches half a width past its ends.
        let mut b = Bounds::default();
        let line = Path {
            segs: vec![Seg::MoveTo(0.0, 0.0), Seg::LineTo(10.0, 0.0)],
        };
        b.path(&line, &stroke(Join::Round, Cap::Square, 4.0));
        assert_eq!(b.rect, Some((-1.0, -1.0, 11.0, 1.0)));
    }

    #[test]
    fn a_sharp_corner_reaches_its_tip_only_within_the_limit() {
        // Sides meeting at about 28° (a giraffe's (1,4) then (1,-4)): ratio 4.12.
        let spike = Path {
            segs: vec![
                Seg::MoveTo(0.0, 0.0),
                Seg::LineTo(1.0, 4.0),
                Seg::LineTo(2.0, 0.0),
            ],
        };
        let mut b = Bounds::default();
        b.path(&spike, &stroke(Join::Miter, Cap::Butt, 10.0));
        let tip = b.rect.unwrap().3;
        assert!((tip - (4.0 + 17f64.sqrt())).abs() < 1e-9, "{b:?}");
        let mut b = Bounds::default();
        b.path(&spike, &stroke(Join::Miter, Cap::Butt, 4.0));
        assert!((b.rect.unwrap().3 - 5.0).abs() < 1e-9, "bevelled: {b:?}");
    }
}
