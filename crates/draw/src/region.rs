//! A filled shape: closed polygons with integer vertices, holes included (the outline of a
//! glyph, see `tourglyph_layout::outline`).
//!
//! Coordinates are integers in `1/unit` glyph units, so a backend can place a shape with
//! one transform and write small integers. Contours never cross one another and holes lie
//! inside their outer contour; outer contours have a positive [`signed_area`], holes a
//! negative one, so the nonzero and the even-odd rules fill the same region.

use super::{Path, Place, Seg};

/// A polygon with holes (or several), in integer `1/unit` glyph units.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FilledRegion {
    /// The contours, each a closed ring of vertices (the last joins the first).
    pub contours: Vec<Vec<(i32, i32)>>,
    /// Coordinates per glyph unit (cell pitch).
    pub unit: i32,
}

/// Twice the signed area of a ring (shoelace), exact. Positive when the ring turns from the
/// +x axis towards the +y axis (clockwise on a y-down page).
pub fn signed_area2(ring: &[(i32, i32)]) -> i64 {
    let n = ring.len();
    (0..n)
        .map(|i| {
            let (x0, y0) = ring[i];
            let (x1, y1) = ring[(i + 1) % n];
            i64::from(x0) * i64::from(y1) - i64::from(x1) * i64::from(y0)
        })
        .sum()
}

/// The signed area of a ring, in square coordinate units.
pub fn signed_area(ring: &[(i32, i32)]) -> f64 {
    signed_area2(ring) as f64 / 2.0
}

impl FilledRegion {
    /// The filled area in square coordinate units (holes subtracted), exact.
    pub fn area2(&self) -> i64 {
        self.contours.iter().map(|c| signed_area2(c)).sum()
    }

    /// The outer contours (positive area).
    pub fn outers(&self) -> usize {
        self.contours.iter().filter(|c| signed_area2(c) > 0).count()
    }

    /// The shape placed on the page, in mm.
    pub fn to_path(&self, at: &Place) -> Path {
        let k = f64::from(self.unit.max(1));
        let mut segs = Vec::with_capacity(self.contours.iter().map(|c| c.len() + 1).sum());
        for c in &self.contours {
            for (i, &(x, y)) in c.iter().enumerate() {
                let (px, py) = at.map(f64::from(x) / k, f64::from(y) / k);
                segs.push(if i == 0 {
                    Seg::MoveTo(px, py)
                } else {
                    Seg::LineTo(px, py)
                });
            }
            if !c.is_empty() {
                segs.push(Seg::Close);
            }
        }
        Path { segs }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn areas_and_paths() {
        let s = FilledRegion {
            contours: vec![
                vec![(0, 0), (8, 0), (8, 8), (0, 8)],
                vec![(2, 2), (2, 6), (6, 6), (6, 2)],
            ],
            unit: 4,
        };
        assert_eq!(signed_area2(&s.contours[0]), 128);
        assert_eq!(signed_area2(&s.contours[1]), -32);
        assert_eq!(s.area2(), 96);
        assert_eq!(s.outers(), 1);
        let p = s.to_path(&Place {
            x: 10.0,
            y: 0.0,
            scale: 2.0,
        });
        assert_eq!(p.segs[0], Seg::MoveTo(10.0, 0.0));
        assert_eq!(p.segs[2], Seg::LineTo(14.0, 4.0));
        assert_eq!(p.segs.iter().filter(|s| **s == Seg::Close).count(), 2);
    }
}
