//! Joining a band's pen strokes into as few as the band allows, so that a plotter lowers
//! its pen once a band instead of once a hatch line; what is drawn covers the same paper.
//!
//! - **Hatch** ([`hatch`]). The hatch runs and the inset's rings form a graph: a node
//!   where a run ends on a ring, an edge for each run and for each arc of a ring between
//!   two consecutive such ends. Every node has three edges (its run, the arcs either side),
//!   so no single stroke draws them all; doubling every other arc of each ring (the
//!   alternation of the two whose arcs are shorter) leaves every node four, and each
//!   connected part of the graph is then drawn as one closed stroke (an Euler circuit,
//!   Hierholzer's algorithm). The doubled arcs lie on the rings, which are drawn anyway,
//!   so the strokes cover what the runs and rings cover and no more: the pen goes from one
//!   hatch line to the next along the band's edge, inside the band. A ring no run ends on
//!   stays a stroke of its own. Where a ring holds an odd number of ends (runs that touch
//!   at a vertex, one of them dropped as empty) nothing is joined and the caller keeps the
//!   strokes apart.
//! - **Rings** ([`rings`]). Concentric rings one pen apart touch: the strip between two
//!   of them is covered by both. A ring is joined into an earlier one (the latest first)
//!   where a vertex of one passes within `reach` of a segment of the other: the stroke
//!   goes from the earlier ring to the later one there, round it, and back, a connector
//!   twice drawn square across a strip the rings cover already. Open lines stay as they
//!   are.
//!
//! Deterministic: nodes, edges and rings are taken in index order, ties by index.

/// A point, in pitches.
pub type Pt = (f64, f64);

/// A stroke: its points, and whether it is closed (its last point joined to its first).
pub type Line = (Vec<Pt>, bool);

/// Where a hatch run ends: the point, the ring it lies on, and where along the ring
/// (the index of the ring's edge, from vertex `i` to `i + 1`, plus the fraction along it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct End {
    /// The point.
    pub at: Pt,
    /// The ring's index.
    pub ring: usize,
    /// The place along the ring, in `[0, vertices]`.
    pub pos: f64,
}

/// A hatch run, from `a` to `b`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Run {
    /// Where it begins.
    pub a: End,
    /// Where it ends.
    pub b: End,
}

/// The runs and the `rings` they end on (closed, each vertex once) joined into strokes
/// (see the module doc): each part of the graph one closed stroke, then every ring no run
/// ends on. `None` when a ring holds an odd number of run ends.
pub fn hatch(rings: &[Vec<Pt>], runs: &[Run]) -> Option<Vec<Line>> {
    // Node 2k is where run k begins, 2k + 1 where it ends.
    let end = |n: usize| match n % 2 {
        0 => runs[n / 2].a,
        _ => runs[n / 2].b,
    };
    let nodes = 2 * runs.len();
    // The nodes on each ring, in order along it.
    let mut on: Vec<Vec<usize>> = vec![Vec::new(); rings.len()];
    for n in 0..nodes {
        on.get_mut(end(n).ring)?.push(n);
    }
    // Each edge: from, to, and what it draws (its points are made as it is drawn).
    let mut edges: Vec<(usize, usize, Edge)> = Vec::with_capacity(4 * nodes);
    edges.extend((0..runs.len()).map(|k| (2 * k, 2 * k + 1, Edge::Run)));
    for (r, list) in on.iter_mut().enumerate() {
        list.sort_by(|&x, &y| end(x).pos.total_cmp(&end(y).pos).then(x.cmp(&y)));
        let m = list.len();
        if m % 2 == 1 {
            return None;
        }
        let arc = |i: usize| Arc {
            ring: r,
            a: end(list[i]),
            b: end(list[(i + 1) % m]),
            wrap: i + 1 == m,
        };
        let sum =
            |from: usize| -> f64 { (from..m).step_by(2).map(|i| arc(i).length(&rings[r])).sum() };
        let doubled = usize::from(sum(1) < sum(0));
        for i in 0..m {
            let (from, to) = (list[i], list[(i + 1) % m]);
            let copies = if i % 2 == doubled { 2 } else { 1 };
            for _ in 0..copies {
                edges.push((from, to, Edge::Arc(arc(i))));
            }
        }
    }
    // Each node's edges, in edge order (flat: where each node's begin, then the list).
    let mut first = vec![0usize; nodes + 1];
    for &(a, b, _) in &edges {
        first[a + 1] += 1;
        first[b + 1] += 1;
    }
    for v in 0..nodes {
        first[v + 1] += first[v];
    }
    let mut adj = vec![0usize; first[nodes]];
    let mut fill = first.clone();
    for (e, &(a, b, _)) in edges.iter().enumerate() {
        for v in [a, b] {
            adj[fill[v]] = e;
            fill[v] += 1;
        }
    }
    let mut used = vec![false; edges.len()];
    // The next of each node's edges to try.
    let mut next = first.clone();
    let mut out: Vec<Line> = Vec::new();
    let mut stack: Vec<(usize, Option<(usize, bool)>)> = Vec::new();
    let mut circuit: Vec<(usize, bool)> = Vec::new();
    for s in 0..nodes {
        if adj[first[s]..first[s + 1]].iter().all(|&e| used[e]) {
            continue;
        }
        // Hierholzer: walk on while the node has an unused edge; a node left with none is
        // the circuit's next (from the end), reached by the edge that led to it.
        stack.push((s, None));
        circuit.clear();
        while let Some(&(v, came)) = stack.last() {
            while next[v] < first[v + 1] && used[adj[next[v]]] {
                next[v] += 1;
            }
            match next[v] < first[v + 1] {
                true => {
                    let e = adj[next[v]];
                    used[e] = true;
                    let (a, b, _) = edges[e];
                    let (w, forward) = if a == v { (b, true) } else { (a, false) };
                    stack.push((w, Some((e, forward))));
                }
                false => {
                    stack.pop();
                    circuit.extend(came);
                }
            }
        }
        let mut pts = vec![end(s).at];
        for &(e, forward) in circuit.iter().rev() {
            let (a, b, ref what) = edges[e];
            match what {
                Edge::Run => push(&mut pts, end(if forward { b } else { a }).at),
                Edge::Arc(arc) => arc.draw(&rings[arc.ring], forward, &mut pts),
            }
        }
        if pts.len() > 1 && pts.first() == pts.last() {
            pts.pop();
        }
        out.push((pts, true));
    }
    out.extend(
        rings
            .iter()
            .zip(&on)
            .filter(|(_, l)| l.is_empty())
            .map(|(r, _)| (r.clone(), true)),
    );
    Some(out)
}

/// What an edge of [`hatch`]'s graph draws.
#[derive(Clone, Copy, Debug)]
enum Edge {
    /// A hatch run, between its two nodes.
    Run,
    /// A piece of a ring.
    Arc(Arc),
}

/// The piece of ring `ring` from `a` forwards to `b` (past the ring's last vertex back to
/// its first when `wrap`: the piece from the last end back to the first).
#[derive(Clone, Copy, Debug)]
struct Arc {
    ring: usize,
    a: End,
    b: End,
    wrap: bool,
}

impl Arc {
    /// The indices of the ring's vertices strictly between the two places, in order.
    fn between(&self, n: usize) -> impl DoubleEndedIterator<Item = usize> + use<> {
        let (lo, hi) = (
            self.a.pos,
            if self.wrap {
                self.b.pos + n as f64
            } else {
                self.b.pos
            },
        );
        let first = lo.floor() as usize + 1;
        let last = (hi.ceil() as usize).saturating_sub(1);
        // floor(lo) + 1 > lo and ceil(hi) - 1 < hi: every index of the range is strictly
        // between the two places.
        (first..=last).map(move |j| j % n)
    }

    /// Its length on `ring`.
    fn length(&self, ring: &[Pt]) -> f64 {
        let mut sum = 0.0;
        let mut at = self.a.at;
        for j in self.between(ring.len()) {
            sum += dist(at, ring[j]);
            at = ring[j];
        }
        sum + dist(at, self.b.at)
    }

    /// Draw it onto `pts` (which ends where it begins: at `a`, or at `b` when not
    /// `forward`).
    fn draw(&self, ring: &[Pt], forward: bool, pts: &mut Vec<Pt>) {
        let n = ring.len();
        match forward {
            true => {
                self.between(n).for_each(|j| push(pts, ring[j]));
                push(pts, self.b.at);
            }
            false => {
                self.between(n).rev().for_each(|j| push(pts, ring[j]));
                push(pts, self.a.at);
            }
        }
    }
}

/// The length of a polyline.
#[cfg(test)]
fn length(p: &[Pt]) -> f64 {
    p.windows(2).map(|w| dist(w[0], w[1])).sum()
}

/// The distance between two points.
fn dist(a: Pt, b: Pt) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    (dx * dx + dy * dy).sqrt()
}

/// The point of the segment from `a` to `b` nearest `q`, its fraction along the segment,
/// and its distance from `q`.
fn nearest(q: Pt, a: Pt, b: Pt) -> (Pt, f64, f64) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = match len2 > 0.0 {
        true => (((q.0 - a.0) * dx + (q.1 - a.1) * dy) / len2).clamp(0.0, 1.0),
        false => 0.0,
    };
    let c = (a.0 + t * dx, a.1 + t * dy);
    (c, t, dist(q, c))
}

/// A place on a ring: its segment (from vertex `s` to `s + 1`), the fraction along it, and
/// the point.
type Place = (usize, f64, Pt);

/// Where rings `a` and `b` pass within `reach`: a vertex of either near a segment of the
/// other, as (place on `a`, place on `b`). Rings of as many vertices are taken to be
/// offsets of each other (as a Kufic band's are, vertex by vertex), and only each vertex
/// against the two segments beside the same vertex of the other is tried; other rings,
/// every vertex against every segment.
fn touch(a: &[Pt], b: &[Pt], reach: f64) -> Option<(Place, Place)> {
    // Vertex `q` of `x` against segment `s` of `y`: (place on x, place on y).
    let near = |x: &[Pt], q: usize, y: &[Pt], s: usize| -> Option<(Place, Place)> {
        let (c, t, d) = nearest(x[q], y[s], y[(s + 1) % y.len()]);
        (d <= reach).then_some(((q, 0.0, x[q]), (s, t, c)))
    };
    let flip = |(p, q): (Place, Place)| (q, p);
    let (n, m) = (a.len(), b.len());
    if n == m {
        return (0..n).find_map(|q| {
            let beside = [(q + n - 1) % n, q];
            beside
                .iter()
                .find_map(|&s| near(a, q, b, s))
                .or_else(|| beside.iter().find_map(|&s| near(b, q, a, s).map(flip)))
        });
    }
    (0..n)
        .find_map(|q| (0..m).find_map(|s| near(a, q, b, s)))
        .or_else(|| (0..m).find_map(|q| (0..n).find_map(|s| near(b, q, a, s).map(flip))))
}

/// The closed `lines` (in order; open ones kept as they are) joined where one passes within
/// `reach` of another (see the module doc): each ring against the earlier ones, the
/// latest first, a joint kept when it joins two strokes not yet joined (a spanning forest
/// of the rings that touch), each tree then drawn as one stroke from its first ring.
pub fn rings(lines: Vec<Line>, reach: f64) -> Vec<Line> {
    let closed: Vec<bool> = lines.iter().map(|l| l.1 && l.0.len() > 1).collect();
    // Union–find over the rings: which stroke each belongs to so far.
    let mut root: Vec<usize> = (0..lines.len()).collect();
    fn find(root: &mut [usize], mut x: usize) -> usize {
        while root[x] != x {
            root[x] = root[root[x]];
            x = root[x];
        }
        x
    }
    // Each ring's joints: the place on it, the ring at the other end and the place there.
    let mut joints: Vec<Vec<(Place, usize, Place)>> = vec![Vec::new(); lines.len()];
    for (k, line) in lines.iter().enumerate() {
        if !closed[k] {
            continue;
        }
        for j in (0..k).rev().filter(|&j| closed[j]) {
            if find(&mut root, j) == find(&mut root, k) {
                continue;
            }
            if let Some((on_k, on_j)) = touch(&line.0, &lines[j].0, reach) {
                let (rj, rk) = (find(&mut root, j), find(&mut root, k));
                root[rk] = rj;
                joints[k].push((on_k, j, on_j));
                joints[j].push((on_j, k, on_k));
            }
        }
    }
    for js in &mut joints {
        js.sort_by(|x, y| {
            (x.0.0.cmp(&y.0.0))
                .then(x.0.1.total_cmp(&y.0.1))
                .then(x.1.cmp(&y.1))
        });
    }
    let mut drawn = vec![false; lines.len()];
    let mut out = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        if drawn[k] {
            continue;
        }
        if !closed[k] {
            out.push(line.clone());
            continue;
        }
        let mut pts = Vec::new();
        let start = (0, 0.0, line.0[0]);
        walk(&lines, &joints, &mut drawn, k, start, &mut pts);
        if pts.len() > 1 && pts.first() == pts.last() {
            pts.pop();
        }
        out.push((pts, true));
    }
    out
}

/// Append `p` unless it is the last point already.
fn push(out: &mut Vec<Pt>, p: Pt) {
    if out.last() != Some(&p) {
        out.push(p);
    }
}

/// Ring `k` from the place `start` round to it again, each ring joined to it and not yet
/// drawn drawn on the way (from the joint out and back), onto `out`.
fn walk(
    lines: &[Line],
    joints: &[Vec<(Place, usize, Place)>],
    drawn: &mut [bool],
    k: usize,
    start: Place,
    out: &mut Vec<Pt>,
) {
    drawn[k] = true;
    let r = &lines[k].0;
    let n = r.len();
    let (s0, t0, p0) = start;
    // The rings joined on segment `seg` at fractions `keep` allows, in order along it.
    let visit = |out: &mut Vec<Pt>, drawn: &mut [bool], seg: usize, keep: &dyn Fn(f64) -> bool| {
        for &((s, t, at), other, there) in &joints[k] {
            if s != seg || !keep(t) || drawn[other] {
                continue;
            }
            push(out, at);
            walk(lines, joints, drawn, other, there, out);
            push(out, at);
        }
    };
    push(out, p0);
    visit(out, drawn, s0, &|t| t >= t0);
    for step in 1..=n {
        let i = (s0 + step) % n;
        push(out, r[i]);
        match i == s0 {
            false => visit(out, drawn, i, &|_| true),
            true => visit(out, drawn, i, &|t| t < t0),
        }
    }
    push(out, p0);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The segments a set of strokes draws, each as an unordered pair of points rounded to
    /// 1e-9, zero-length ones left out.
    fn segments(lines: &[Line]) -> std::collections::BTreeSet<[(i64, i64); 2]> {
        let q = |p: Pt| ((p.0 * 1e9).round() as i64, (p.1 * 1e9).round() as i64);
        let mut out = std::collections::BTreeSet::new();
        for (pts, closed) in lines {
            let n = pts.len();
            let m = if *closed { n } else { n - 1 };
            for i in 0..m {
                let (a, b) = (q(pts[i]), q(pts[(i + 1) % n]));
                if a != b {
                    out.insert(if a < b { [a, b] } else { [b, a] });
                }
            }
        }
        out
    }

    /// The length the strokes draw.
    fn drawn(lines: &[Line]) -> f64 {
        let mut sum = 0.0;
        for (p, closed) in lines {
            sum += length(p);
            if *closed {
                sum += dist(p[p.len() - 1], p[0]);
            }
        }
        sum
    }

    /// A square ring of side 4 with three horizontal runs across it, at y = 1, 2, 3.
    fn square_with_runs() -> (Vec<Vec<Pt>>, Vec<Run>) {
        let ring = vec![(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)];
        // Edge 1 (x = 4, y from 0 to 4) at y; edge 3 (x = 0, y from 4 to 0) at 4 − y.
        let runs = (1..=3)
            .map(|y| {
                let y = f64::from(y);
                let left = End {
                    at: (0.0, y),
                    ring: 0,
                    pos: 3.0 + (4.0 - y) / 4.0,
                };
                let right = End {
                    at: (4.0, y),
                    ring: 0,
                    pos: 1.0 + y / 4.0,
                };
                Run { a: left, b: right }
            })
            .collect();
        (vec![ring], runs)
    }

    #[test]
    fn a_hatched_square_is_one_stroke_on_its_own_lines() {
        let (rings, runs) = square_with_runs();
        let joined = hatch(&rings, &runs).unwrap();
        assert_eq!(joined.len(), 1, "{joined:?}");
        // Apart: the runs and the ring, cut at the run ends.
        let apart: Vec<Line> = runs
            .iter()
            .map(|r| (vec![r.a.at, r.b.at], false))
            .chain(std::iter::once((
                vec![
                    (0.0, 0.0),
                    (4.0, 0.0),
                    (4.0, 1.0),
                    (4.0, 2.0),
                    (4.0, 3.0),
                    (4.0, 4.0),
                    (0.0, 4.0),
                    (0.0, 3.0),
                    (0.0, 2.0),
                    (0.0, 1.0),
                ],
                true,
            )))
            .collect();
        assert_eq!(segments(&joined), segments(&apart));
        // The runs (3 of 4), the ring (16), and one arc in two between consecutive ends
        // doubled: of the arcs 1, 1, 6, 1, 1, 6 round the ring either half is 8.
        let drawn = drawn(&joined);
        assert!((drawn - 12.0 - 16.0 - 8.0).abs() < 1e-12, "{drawn}");
    }

    #[test]
    fn an_odd_ring_is_not_joined() {
        let (rings, mut runs) = square_with_runs();
        runs[0].b.ring = 1;
        let two = vec![rings[0].clone(), rings[0].clone()];
        assert_eq!(hatch(&two, &runs), None);
    }

    #[test]
    fn rings_a_pen_apart_are_one_stroke() {
        let sq = |t: f64| {
            (
                vec![(t, t), (10.0 - t, t), (10.0 - t, 10.0 - t), (t, 10.0 - t)],
                true,
            )
        };
        let lines = vec![sq(0.0), sq(1.0), sq(2.0), sq(4.0)];
        let joined = rings(lines.clone(), 1.0 + 1e-9);
        // The last is 2 from the one before: its own stroke.
        assert_eq!(joined.len(), 2, "{joined:?}");
        assert_eq!(joined[1], sq(4.0));
        // The rest: every ring's vertices, each ring whole (40 + 32 + 24), and two
        // connectors of 1, each out and back.
        for (ring, _) in &lines[..3] {
            assert!(ring.iter().all(|p| joined[0].0.contains(p)), "{ring:?}");
        }
        let d = drawn(&joined[..1]);
        assert!((d - 96.0 - 4.0).abs() < 1e-12, "{d}");
    }
}
