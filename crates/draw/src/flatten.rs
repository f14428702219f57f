//! Paths as polylines: each subpath of a [`Path`] with its cubic Béziers cut into straight
//! pieces, for the formats that know only straight moves (G-code, DXF polylines).
//!
//! A cubic is cut into `n` pieces of equal parameter step. The distance between a curve and
//! its chord over a parameter interval of length `h` is at most `h²·M/8`, where `M` bounds
//! the second derivative; for a cubic `M ≤ 6·max(|P0 − 2P1 + P2|, |P1 − 2P2 + P3|)`, so
//! `n = ⌈√(6·d / (8·tol))⌉` pieces stay within `tol` (the classical bound used by
//! flatteners since Wang's formula, 1984). Only `+ − × ÷` and `sqrt` are used: the same
//! points on every machine.

use crate::marks::{Path, Seg};

/// One subpath as straight pieces.
#[derive(Clone, Debug, PartialEq)]
pub struct Polyline {
    /// The points, in mm; a closed polyline does not repeat its first point at the end.
    pub points: Vec<(f64, f64)>,
    /// True when the subpath was closed (`Z`): the last point joins the first.
    pub closed: bool,
}

/// Most pieces one cubic is cut into.
const MAX_PIECES: usize = 256;

/// The subpaths of `path` as polylines, every cubic within `tol` mm of its pieces. A closed
/// subpath whose last point is its first drops the repeat.
pub fn polylines(path: &Path, tol: f64) -> Vec<Polyline> {
    let mut out: Vec<Polyline> = Vec::new();
    for_each_polyline::<std::convert::Infallible>(path, tol, |points, closed| {
        out.push(Polyline {
            points: points.to_vec(),
            closed,
        });
        Ok(())
    })
    .map(|()| out)
    .unwrap_or_default()
}

/// [`polylines`] handed to `each` one at a time (its points, closed), in one buffer: a
/// G-code page draws hundreds of thousands. Stops at the first error `each` returns.
pub fn for_each_polyline<E>(
    path: &Path,
    tol: f64,
    mut each: impl FnMut(&[(f64, f64)], bool) -> Result<(), E>,
) -> Result<(), E> {
    let mut cur: Vec<(f64, f64)> = Vec::new();
    // The one point a Close leaves (where a following LineTo would start): dropped unless
    // a segment follows it.
    let mut reopened = false;
    let mut flush = |cur: &mut Vec<(f64, f64)>, closed: bool| -> Result<(), E> {
        if closed && cur.len() > 1 && cur.first() == cur.last() {
            cur.pop();
        }
        let r = match cur.is_empty() {
            true => Ok(()),
            false => each(cur, closed),
        };
        cur.clear();
        r
    };
    for s in &path.segs {
        match *s {
            Seg::MoveTo(x, y) => {
                if reopened {
                    cur.clear();
                }
                flush(&mut cur, false)?;
                cur.push((x, y));
            }
            Seg::LineTo(x, y) => cur.push((x, y)),
            Seg::CubicTo(x1, y1, x2, y2, x, y) => {
                let p0 = cur.last().copied().unwrap_or((x1, y1));
                if cur.is_empty() {
                    cur.push(p0);
                }
                cubic(&mut cur, p0, (x1, y1), (x2, y2), (x, y), tol);
            }
            Seg::Close => {
                let start = cur.first().copied();
                flush(&mut cur, true)?;
                cur.extend(start);
                reopened = true;
                continue;
            }
        }
        reopened = false;
    }
    if reopened {
        cur.clear();
    }
    flush(&mut cur, false)
}

/// Append the cubic from `p0` (already in `cur`) through `p1`, `p2` to `p3`, cut as the
/// module doc says.
fn cubic(
    cur: &mut Vec<(f64, f64)>,
    p0: (f64, f64),
    p1: (f64, f64),
    p2: (f64, f64),
    p3: (f64, f64),
    tol: f64,
) {
    let norm = |x: f64, y: f64| (x * x + y * y).sqrt();
    let d = norm(p0.0 - 2.0 * p1.0 + p2.0, p0.1 - 2.0 * p1.1 + p2.1)
        .max(norm(p1.0 - 2.0 * p2.0 + p3.0, p1.1 - 2.0 * p2.1 + p3.1));
    let n = if tol > 0.0 && d.is_finite() {
        ((6.0 * d / (8.0 * tol)).sqrt().ceil() as usize).clamp(1, MAX_PIECES)
    } else {
        1
    };
    for i in 1..n {
        let t = i as f64 / n as f64;
        let u = 1.0 - t;
        let (a, b, c, e) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
        cur.push((
            a * p0.0 + b * p1.0 + c * p2.0 + e * p3.0,
            a * p0.1 + b * p1.1 + c * p2.1 + e * p3.1,
        ));
    }
    cur.push(p3);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_closed_subpaths() {
        let p = Path {
            segs: vec![
                Seg::MoveTo(0.0, 0.0),
                Seg::LineTo(1.0, 0.0),
                Seg::LineTo(1.0, 1.0),
                Seg::LineTo(0.0, 0.0),
                Seg::Close,
                Seg::MoveTo(5.0, 5.0),
                Seg::LineTo(6.0, 5.0),
            ],
        };
        let v = polylines(&p, 0.01);
        assert_eq!(v.len(), 2);
        assert_eq!(v[0].points, vec![(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)]);
        assert!(v[0].closed);
        assert_eq!(v[1].points, vec![(5.0, 5.0), (6.0, 5.0)]);
        assert!(!v[1].closed);
    }

    #[test]
    fn a_circle_is_cut_within_the_tolerance() {
        let r = 2.0;
        for tol in [0.1, 0.01, 0.001] {
            let v = polylines(&Path::circle(10.0, 10.0, r), tol);
            assert_eq!(v.len(), 1);
            let pts = &v[0].points;
            assert!(v[0].closed);
            // Every point on the circle (the Bézier circle is within 0.03 % of r), and every
            // chord's middle within tol of the curve (which is within 0.0003 r of the circle).
            let n = pts.len();
            for i in 0..n {
                let (a, b) = (pts[i], pts[(i + 1) % n]);
                let m = ((a.0 + b.0) / 2.0 - 10.0, (a.1 + b.1) / 2.0 - 10.0);
                let dist = r - (m.0 * m.0 + m.1 * m.1).sqrt();
                assert!(
                    dist <= tol + 0.0003 * r,
                    "tol {tol}: chord {i} is {dist} inside"
                );
            }
            // Finer tolerances take more pieces.
            assert!(n >= 8, "{n}");
        }
        let coarse = polylines(&Path::circle(0.0, 0.0, r), 0.1)[0].points.len();
        let fine = polylines(&Path::circle(0.0, 0.0, r), 0.001)[0].points.len();
        assert!(fine > 4 * coarse, "{coarse} {fine}");
    }
}
