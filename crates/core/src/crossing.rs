//! Does a tour's drawn line cross itself?
//!
//! Each move is drawn as the straight segment between two cell centres. Two segments
//! cross when they meet anywhere other than at a cell centre they share as an endpoint:
//! a proper crossing, a segment passing through another's endpoint, or a collinear
//! overlap. Touching at a shared cell centre (consecutive moves) is not a crossing.

use crate::graph::LeapGraph;

type P = (i64, i64);

fn orient(a: P, b: P, c: P) -> i64 {
    ((b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)).signum()
}

fn on_segment(a: P, b: P, p: P) -> bool {
    orient(a, b, p) == 0
        && a.0.min(b.0) <= p.0
        && p.0 <= a.0.max(b.0)
        && a.1.min(b.1) <= p.1
        && p.1 <= a.1.max(b.1)
}

/// True when segments ab and cd meet other than at a shared endpoint (and do not overlap).
pub fn segments_cross(a: P, b: P, c: P, d: P) -> bool {
    let shared = [a, b].iter().filter(|p| **p == c || **p == d).count();
    let (o1, o2, o3, o4) = (
        orient(a, b, c),
        orient(a, b, d),
        orient(c, d, a),
        orient(c, d, b),
    );
    if shared == 2 {
        return true; // the same segment twice
    }
    if shared == 1 {
        // They meet at the shared point; any other contact is a collinear overlap.
        return o1 == 0 && o2 == 0 && {
            let s = if a == c || a == d { a } else { b };
            let (p, q) = (if a == s { b } else { a }, if c == s { d } else { c });
            // Overlap iff both go the same way from s.
            (p.0 - s.0) * (q.0 - s.0) + (p.1 - s.1) * (q.1 - s.1) > 0
        };
    }
    if o1 != o2 && o3 != o4 && o1 != 0 && o2 != 0 && o3 != 0 && o4 != 0 {
        return true;
    }
    on_segment(a, b, c) || on_segment(a, b, d) || on_segment(c, d, a) || on_segment(c, d, b)
}

/// True when some two moves of the tour (given as edge numbers) cross.
pub fn crosses(g: &LeapGraph, edges: &[u32]) -> bool {
    let b = g.board();
    let seg: Vec<(P, P)> = edges
        .iter()
        .map(|&e| {
            let (u, v) = g.edge(e);
            let (r1, c1) = b.coords(u);
            let (r2, c2) = b.coords(v);
            (
                (i64::from(r1), i64::from(c1)),
                (i64::from(r2), i64::from(c2)),
            )
        })
        .collect();
    for i in 0..seg.len() {
        let (a, bb) = seg[i];
        for &(c, d) in &seg[i + 1..] {
            // Bounding boxes first: most pairs are far apart.
            if a.0.max(bb.0) < c.0.min(d.0)
                || c.0.max(d.0) < a.0.min(bb.0)
                || a.1.max(bb.1) < c.1.min(d.1)
                || c.1.max(d.1) < a.1.min(bb.1)
            {
                continue;
            }
            if segments_cross(a, bb, c, d) {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crossing_cases() {
        // An X.
        assert!(segments_cross((0, 0), (2, 2), (0, 2), (2, 0)));
        // Consecutive moves sharing a centre.
        assert!(!segments_cross((0, 0), (1, 2), (1, 2), (2, 0)));
        // Parallel.
        assert!(!segments_cross((0, 0), (0, 2), (1, 0), (1, 2)));
        // T: one passes through the other's endpoint.
        assert!(segments_cross((0, 0), (0, 2), (0, 1), (1, 1)));
        // Collinear overlap sharing an endpoint.
        assert!(segments_cross((0, 0), (0, 2), (0, 0), (0, 1)));
        // Collinear, opposite ways from a shared point.
        assert!(!segments_cross((0, 1), (0, 2), (0, 1), (0, 0)));
        // Collinear overlap with no shared endpoint.
        assert!(segments_cross((0, 0), (0, 2), (0, 1), (0, 3)));
        // Collinear, disjoint.
        assert!(!segments_cross((0, 0), (0, 1), (0, 2), (0, 3)));
    }
}
