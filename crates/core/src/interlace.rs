//! Interlace: where a drawn polyline crosses itself, exactly, and which strand passes over
//! at each crossing so that, walking the line, it goes alternately over and under.
//!
//! The line is the polyline through integer points (a tour's cell centres); segment `i`
//! runs from point `i` to point `i + 1` (and, closed, the last back to the first). Two
//! segments that are not neighbours on the line cross *properly* when each has the other's
//! ends strictly on opposite sides; the parameter of the crossing along each segment is a
//! rational with small integer terms, compared exactly in `i128` (no floating point decides
//! an order).
//!
//! **Alternation.** The crossings are visited twice each as the line is walked; the visits
//! in walking order get over, under, over, … in turn. For a closed curve whose crossings
//! are simple (two strands each) this labels the two visits of every crossing oppositely:
//! between the two visits of a crossing `c` lie the crossings of the loop from `c` back to
//! `c` with itself (visited twice each) and with the rest of the curve, a closed curve
//! too, which by the Jordan curve theorem crosses the loop an even number of times. So
//! the count of visits between is even and the two visits have opposite parity (Gauss's
//! parity condition; every closed curve admits an alternating diagram, as in knot theory
//! every projection does). An open line need not satisfy it (an end may stop inside a
//! loop): a crossing whose two visits fall on the same parity takes the label of its first
//! visit, and [`Interlace::defects`] counts such crossings.
//!
//! **More than two strands through one point** (or a crossing whose order along a segment
//! ties with another's) are resolved as a generic perturbation would: segment `k` is moved
//! by `ε·(k + 1, (k + 1)²)` for a vanishing `ε`, which splits a point where `m` strands
//! meet into `m(m − 1)/2` simple crossings, ordered along each segment by the first-order
//! term of their moved parameters. The moved segments still form one closed curve (the
//! short links at the vertices meet no crossing: crossings are proper, away from the
//! vertices), so the parity argument above applies to the perturbed drawing, and the
//! pairwise over/under decisions at the shared point are those of a real generic curve.
//! Contacts that are not proper crossings (a segment through a vertex, collinear overlaps,
//! impossible for a knight's, king's or any leaper's tour whose leaps are primitive) are
//! left alone and counted in [`Interlace::touches`].

use std::cmp::Ordering;

type P = (i64, i64);

/// A rational `num / den` with `den > 0`, compared exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rat {
    num: i64,
    den: i64,
}

impl Rat {
    fn new(num: i64, den: i64) -> Rat {
        if den < 0 {
            Rat {
                num: -num,
                den: -den,
            }
        } else {
            Rat { num, den }
        }
    }
    fn cmp(self, o: Rat) -> Ordering {
        (i128::from(self.num) * i128::from(o.den)).cmp(&(i128::from(o.num) * i128::from(self.den)))
    }
    fn value(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

fn cross(a: P, b: P) -> i64 {
    a.0 * b.1 - a.1 * b.0
}

fn sub(a: P, b: P) -> P {
    (a.0 - b.0, a.1 - b.1)
}

/// One crossing of the line with itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Crossing {
    /// The segment met first along the line.
    pub a: usize,
    /// The segment met second (`b > a`).
    pub b: usize,
    /// Where along segment `a` (0 at its start, 1 at its end).
    pub ta: f64,
    /// Where along segment `b`.
    pub tb: f64,
    /// The crossing point, in the points' units.
    pub at: (f64, f64),
    /// True when segment `a` passes over segment `b`.
    pub a_over: bool,
}

/// The crossings of a polyline with itself, each with its over/under decision.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Interlace {
    /// The crossings, ordered by (a, b).
    pub crossings: Vec<Crossing>,
    /// The visits in walking order: (crossing index, true when this visit is on strand
    /// `a`). Each crossing appears twice.
    pub visits: Vec<(usize, bool)>,
    /// Crossings whose two visits fall on the same parity (open lines only; 0 for a
    /// closed line).
    pub defects: usize,
    /// Pairs of non-neighbouring segments that touch without crossing properly.
    pub touches: usize,
}

impl Interlace {
    /// Is the visit `v` (an entry of [`Interlace::visits`]) over?
    pub fn over(&self, v: (usize, bool)) -> bool {
        self.crossings[v.0].a_over == v.1
    }
}

/// The crossings of the polyline through `points` (closed: the last joins the first),
/// found exactly, with alternating over/under decisions (see the module doc).
pub fn interlace(points: &[(i32, i32)], closed: bool) -> Interlace {
    let p: Vec<P> = points
        .iter()
        .map(|&(x, y)| (i64::from(x), i64::from(y)))
        .collect();
    let n = p.len();
    let segs = if closed { n } else { n.saturating_sub(1) };
    if segs < 2 || (closed && n < 3) {
        return Interlace::default();
    }
    let seg = |i: usize| (p[i], p[(i + 1) % n]);
    let neighbours = |i: usize, j: usize| j == i + 1 || (closed && i == 0 && j == segs - 1);
    // Perturbation of segment k (see the module doc).
    let delta = |k: usize| {
        let k = k as i64 + 1;
        (k, k * k)
    };
    // Each crossing's parameters along a and b, and their first-order perturbation terms.
    let mut found: Vec<(usize, usize, Rat, Rat, Rat, Rat)> = Vec::new();
    let mut touches = 0;
    for i in 0..segs {
        let (a0, a1) = seg(i);
        let da = sub(a1, a0);
        for j in i + 1..segs {
            if neighbours(i, j) {
                continue;
            }
            let (b0, b1) = seg(j);
            if a0.0.max(a1.0) < b0.0.min(b1.0)
                || b0.0.max(b1.0) < a0.0.min(a1.0)
                || a0.1.max(a1.1) < b0.1.min(b1.1)
                || b0.1.max(b1.1) < a0.1.min(a1.1)
            {
                continue;
            }
            let db = sub(b1, b0);
            let o1 = cross(da, sub(b0, a0)).signum();
            let o2 = cross(da, sub(b1, a0)).signum();
            let o3 = cross(db, sub(a0, b0)).signum();
            let o4 = cross(db, sub(a1, b0)).signum();
            if o1 * o2 < 0 && o3 * o4 < 0 {
                // a0 + t·da = b0 + s·db: t = (b0 − a0)×db / da×db, s = (b0 − a0)×da / da×db.
                let den = cross(da, db);
                let w = sub(b0, a0);
                let t = Rat::new(cross(w, db), den);
                let s = Rat::new(cross(w, da), den);
                // Moving a by δa and b by δb shifts t by (δb − δa)×db / da×db and s by
                // (δb − δa)×da / da×db.
                let dd = sub(delta(j), delta(i));
                let tp = Rat::new(cross(dd, db), den);
                let sp = Rat::new(cross(dd, da), den);
                found.push((i, j, t, s, tp, sp));
            } else if o1 * o2 <= 0 && o3 * o4 <= 0 {
                // Collinear and disjoint segments pass the orientation test too.
                let touching = if o1 == 0 && o2 == 0 {
                    let proj = |q: P| (q.0 - a0.0) * da.0 + (q.1 - a0.1) * da.1;
                    let len = da.0 * da.0 + da.1 * da.1;
                    let (lo, hi) = (proj(b0).min(proj(b1)), proj(b0).max(proj(b1)));
                    hi >= 0 && lo <= len
                } else {
                    true
                };
                touches += usize::from(touching);
            }
        }
    }
    // Visits: (segment, parameter, perturbation, other segment, crossing, on a).
    let mut visits: Vec<(usize, Rat, Rat, usize, usize, bool)> =
        Vec::with_capacity(2 * found.len());
    for (c, &(i, j, t, s, tp, sp)) in found.iter().enumerate() {
        visits.push((i, t, tp, j, c, true));
        visits.push((j, s, sp, i, c, false));
    }
    visits.sort_by(|x, y| {
        x.0.cmp(&y.0)
            .then_with(|| x.1.cmp(y.1))
            .then_with(|| x.2.cmp(y.2))
            .then_with(|| x.3.cmp(&y.3))
    });
    // Alternate along the walk; a crossing takes its first visit's label.
    let mut a_over: Vec<Option<bool>> = vec![None; found.len()];
    let mut defects = 0;
    for (k, v) in visits.iter().enumerate() {
        let over = k % 2 == 0;
        let (c, on_a) = (v.4, v.5);
        let a = if on_a { over } else { !over };
        match a_over[c] {
            None => a_over[c] = Some(a),
            Some(prev) if prev != a => defects += 1,
            Some(_) => {}
        }
    }
    let crossings = found
        .iter()
        .zip(&a_over)
        .map(|(&(i, j, t, s, _, _), &ao)| {
            let (a0, a1) = seg(i);
            let tv = t.value();
            Crossing {
                a: i,
                b: j,
                ta: tv,
                tb: s.value(),
                at: (
                    a0.0 as f64 + tv * (a1.0 - a0.0) as f64,
                    a0.1 as f64 + tv * (a1.1 - a0.1) as f64,
                ),
                a_over: ao.unwrap_or(true),
            }
        })
        .collect();
    Interlace {
        crossings,
        visits: visits.iter().map(|v| (v.4, v.5)).collect(),
        defects,
        touches,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crossing::segments_cross;

    /// A small deterministic generator (SplitMix64) for the random tours below.
    struct Mix(u64);
    impl Mix {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
    }

    const KNIGHT: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];

    /// A random knight's tour of the n×n board (Warnsdorff's rule, ties broken at
    /// random), closed when `closed`; `None` when this attempt fails.
    fn knight_tour(n: i32, closed: bool, rng: &mut Mix) -> Option<Vec<(i32, i32)>> {
        let inside = |(x, y): (i32, i32)| x >= 0 && y >= 0 && x < n && y < n;
        let mut seen = vec![false; (n * n) as usize];
        let idx = |(x, y): (i32, i32)| (y * n + x) as usize;
        let start = (
            (rng.next() % n as u64) as i32,
            (rng.next() % n as u64) as i32,
        );
        let mut path = vec![start];
        seen[idx(start)] = true;
        while path.len() < (n * n) as usize {
            let cur = *path.last().unwrap();
            let free = |q: (i32, i32), seen: &[bool]| inside(q) && !seen[idx(q)];
            let mut best: Vec<(i32, i32)> = Vec::new();
            let mut best_deg = usize::MAX;
            for (dx, dy) in KNIGHT {
                let q = (cur.0 + dx, cur.1 + dy);
                if !free(q, &seen) {
                    continue;
                }
                let deg = KNIGHT
                    .iter()
                    .filter(|(ex, ey)| free((q.0 + ex, q.1 + ey), &seen))
                    .count();
                if deg < best_deg {
                    (best, best_deg) = (vec![q], deg);
                } else if deg == best_deg {
                    best.push(q);
                }
            }
            if best.is_empty() {
                return None;
            }
            let q = best[(rng.next() % best.len() as u64) as usize];
            seen[idx(q)] = true;
            path.push(q);
        }
        let (a, b) = (path[0], *path.last().unwrap());
        let d = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
        (!closed || d == (1, 2) || d == (2, 1)).then_some(path)
    }

    /// Brute force: every pair of non-neighbouring segments, tested by the crossing
    /// module's predicate (an independent implementation).
    fn brute_count(p: &[(i32, i32)], closed: bool) -> usize {
        let q: Vec<P> = p
            .iter()
            .map(|&(x, y)| (i64::from(x), i64::from(y)))
            .collect();
        let n = q.len();
        let segs = if closed { n } else { n - 1 };
        let mut count = 0;
        for i in 0..segs {
            for j in i + 1..segs {
                let adjacent = j == i + 1 || (closed && i == 0 && j == segs - 1);
                if !adjacent && segments_cross(q[i], q[(i + 1) % n], q[j], q[(j + 1) % n]) {
                    count += 1;
                }
            }
        }
        count
    }

    /// Walk the line and check that the visits go over, under, over, …
    fn alternates(il: &Interlace) -> bool {
        il.visits
            .iter()
            .enumerate()
            .all(|(k, &v)| il.over(v) == (k % 2 == 0))
    }

    #[test]
    fn random_knight_tours_cross_where_brute_force_says_and_alternate() {
        let mut rng = Mix(27);
        for n in [6, 8] {
            for closed in [true, false] {
                let mut done = 0;
                let mut total = 0;
                while done < 100 {
                    let Some(t) = knight_tour(n, closed, &mut rng) else {
                        continue;
                    };
                    let il = interlace(&t, closed);
                    assert_eq!(il.crossings.len(), brute_count(&t, closed), "{n} {t:?}");
                    assert_eq!(il.visits.len(), 2 * il.crossings.len());
                    assert_eq!(il.touches, 0);
                    for c in &il.crossings {
                        // The point, found along a, lies on b where tb says.
                        let m = t.len();
                        let (b0, b1) = (t[c.b], t[(c.b + 1) % m]);
                        let x = f64::from(b0.0) + c.tb * f64::from(b1.0 - b0.0);
                        let y = f64::from(b0.1) + c.tb * f64::from(b1.1 - b0.1);
                        assert!((x - c.at.0).abs() < 1e-9 && (y - c.at.1).abs() < 1e-9);
                        assert!(c.ta > 0.0 && c.ta < 1.0 && c.tb > 0.0 && c.tb < 1.0);
                    }
                    if closed {
                        assert_eq!(il.defects, 0);
                        assert!(alternates(&il), "{t:?}");
                    }
                    total += il.crossings.len();
                    done += 1;
                }
                assert!(
                    total > 100 * n as usize,
                    "knight tours cross often: {total}"
                );
            }
        }
    }

    #[test]
    fn an_x_and_a_figure_eight() {
        // The bow tie 0,0 → 2,2 → 2,0 → 0,2: one crossing, a over.
        let il = interlace(&[(0, 0), (2, 2), (2, 0), (0, 2)], true);
        assert_eq!(il.crossings.len(), 1);
        assert_eq!((il.crossings[0].a, il.crossings[0].b), (0, 2));
        assert_eq!(il.crossings[0].at, (1.0, 1.0));
        assert!(alternates(&il));
        // A square has none; an open Z neither.
        assert!(
            interlace(&[(0, 0), (1, 0), (1, 1), (0, 1)], true)
                .crossings
                .is_empty()
        );
        assert!(
            interlace(&[(0, 0), (2, 0), (0, 2), (2, 2)], false)
                .crossings
                .is_empty()
        );
        // A segment through another's vertex is a touch, not a crossing.
        let il = interlace(&[(0, 0), (2, 0), (2, 2), (1, 2), (1, 0)], false);
        assert_eq!((il.crossings.len(), il.touches), (0, 1));
    }

    #[test]
    fn three_strands_through_one_point_split_into_three_alternating_crossings() {
        // A closed star: three segments through (2, 2) (0,2)→(4,2), (2,0)→(2,4) and
        // (0,0)→(4,4), joined up round the outside.
        let pts = [
            (0, 2),
            (4, 2),
            (4, 0),
            (2, 0),
            (2, 4),
            (4, 4),
            (0, 0),
            (0, 1),
        ];
        let il = interlace(&pts, true);
        assert_eq!(il.crossings.len(), brute_count(&pts, true));
        assert!(il.crossings.len() >= 3);
        assert_eq!(il.defects, 0);
        assert!(alternates(&il));
    }

    #[test]
    fn an_open_end_inside_a_loop_is_a_defect() {
        // A loop closed by a crossing, then the end crosses into it once and stops.
        let pts = [
            (0, 0),
            (4, 0),
            (4, 4),
            (1, 4),
            (1, -2),
            (7, -2),
            (7, 2),
            (2, 2),
        ];
        let il = interlace(&pts, false);
        assert_eq!(il.crossings.len(), brute_count(&pts, false));
        assert_eq!((il.crossings.len(), il.defects), (2, 2));
        assert!(!alternates(&il));
        // Closed, the same line alternates.
        let il = interlace(&pts, true);
        assert_eq!(il.defects, 0);
        assert!(alternates(&il));
    }
}
