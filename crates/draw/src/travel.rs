//! Pen travel: the order in which a plotter draws a page's strokes, chosen to shorten the
//! distance the pen travels lifted (pen-up), page by page and pen by pen.
//!
//! [`Optimize`] wraps any [`Backend`]: it holds the marks of one page (never more, so a
//! sheet of any length streams), and when the page ends hands them to the backend pen by
//! pen ([`crate::pen`]), each pen's stroked marks in a new order: the marks that fill
//! (a page's background, a closed glyph's inside) first, in the order drawn, then the
//! stroked ones. A mark (one glyph: all its pen strokes, or a frame, as one path) stays
//! one path, its label kept, so an SVG glyph keeps its id; only the order of the marks, the
//! order of their subpaths, and where and which way each subpath is drawn change. What is
//! drawn does not: the same subpaths, each once.
//!
//! The order, for the stroked marks of one pen on one page (a *cluster* each):
//!
//! 1. **Nearest neighbour over entry points.** The pen starts at the page's top-left
//!    corner (a plotter's home). An entry point of a cluster is where one of its subpaths
//!    can begin: either end of an open subpath (drawn backwards from its end), any vertex
//!    of a closed one (drawn from there round to it). Each cluster stands in an R*-tree
//!    (`rstar`, bulk-loaded) by up to [`CLUSTER_POINTS`] of its entry points, spread over
//!    it (every k-th); the next cluster is the one with such a point nearest the pen (its
//!    points then removed from the tree), entered at its entry point nearest the pen
//!    among all of them.
//! 2. **Inside a cluster, nearest neighbour again** (a scan of its entry points): from the
//!    entry, the subpath whose entry point is nearest where the last one ended, until all
//!    are drawn.
//!    A cluster so planned is drawn from its entry to its exit; drawn backwards (its
//!    subpaths in the reverse order, each reversed) it runs from the exit to the entry at
//!    the same cost inside, which is what makes step 3 exact.
//! 3. **2-opt** (Croes 1958) over the clusters as directed links entry → exit: reversing
//!    the run of clusters between two places replaces two pen-up moves by two others and
//!    leaves every move inside the run as long as it was (the run's clusters are drawn
//!    backwards). Moves are tried in a fixed order and taken when they shorten the travel
//!    by more than a nanometre, sweeping until a sweep takes none (at most
//!    [`MAX_SWEEPS`]). A sweep tries every pair of places up to [`TWO_OPT_FULL`]
//!    clusters, and above it only places at most [`TWO_OPT_WINDOW`] apart (and each with
//!    the end), so that a page of thousands of glyphs takes time linear in them.
//!
//! Deterministic: ties between points at the same distance are broken by their index
//! (cluster, subpath, vertex), nothing is hashed, distances use `+ − × ÷` and `sqrt` only.

use crate::backend::Backend;
use crate::marks::{GlyphData, Label, Paint, Path, Place, Seg, Text};
use crate::pen::Pen;
use crate::region;
use rstar::RTree;
use rstar::primitives::GeomWithData;
use tourglyph_core::error::{Error, Result};

/// A point in mm.
type Pt = (f64, f64);

/// Up to this many clusters (of one pen on one page) 2-opt tries every pair of places;
/// above it, places at most [`TWO_OPT_WINDOW`] apart, and every place with the end.
pub const TWO_OPT_FULL: usize = 1000;

/// How far apart two places may be in a 2-opt move above [`TWO_OPT_FULL`] clusters.
pub const TWO_OPT_WINDOW: usize = 100;

/// Most 2-opt sweeps over a pen's clusters.
pub const MAX_SWEEPS: usize = 50;

/// A gain below this (mm) is no gain: rounding noise must not flip the order.
const EPS: f64 = 1e-6;

/// The page's corner where a plotter's pen rests.
const HOME: Pt = (0.0, 0.0);

/// One subpath: its vertices and, for the segment that ends at each vertex after the
/// first, the control points of a cubic (`None`: a line). A closed subpath ends at its
/// first vertex (the closing line is one of its segments). The owned form, for
/// [`order`]'s answer; a page's marks are held as [`Cluster`]s.
#[derive(Clone, Debug, PartialEq)]
pub struct Sub {
    /// The vertices.
    pub pts: Vec<Pt>,
    /// `ctrl[i]`: the segment from `pts[i]` to `pts[i + 1]`.
    pub ctrl: Vec<Option<[Pt; 2]>>,
    /// Drawn with a closing `Z`.
    pub closed: bool,
}

/// Where a subpath is entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Entry {
    /// At a closed subpath's vertex `k`.
    At(u32),
    /// An open subpath from its first point.
    Forward,
    /// An open subpath from its last point, drawn backwards.
    Backward,
}

/// One mark's subpaths, flat: every vertex of every subpath in one list, so that a page
/// of hundreds of thousands of hatch lines is held in a few allocations, not two per line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Cluster {
    /// The vertices of all subpaths, one subpath after the other.
    pts: Vec<Pt>,
    /// Empty when every segment is a line; else `ctrl[k]` is the segment from `pts[k]`
    /// to `pts[k + 1]` (the slot after a subpath's last vertex unused).
    ctrl: Vec<Option<[Pt; 2]>>,
    /// Each subpath: the index of its first vertex in `pts`, and whether it is closed;
    /// its vertices run to the next one's first (or the end).
    heads: Vec<(u32, bool)>,
}

/// A subpath of a [`Cluster`] (or a [`Sub`]), borrowed.
#[derive(Clone, Copy, Debug)]
struct View<'a> {
    pts: &'a [Pt],
    /// One a segment, or empty: every segment a line.
    ctrl: &'a [Option<[Pt; 2]>],
    closed: bool,
}

impl Cluster {
    /// The subpaths of `path`, in order.
    pub fn split(path: &Path) -> Cluster {
        let mut c = Cluster::default();
        // Points of the subpath being read (none: no subpath open).
        let mut open = false;
        // Where a subpath that follows a `Z` without a move begins (SVG's rule).
        let mut last_start = HOME;
        for s in &path.segs {
            match *s {
                Seg::MoveTo(x, y) => {
                    c.begin((x, y));
                    open = true;
                    last_start = (x, y);
                }
                Seg::LineTo(x, y) => {
                    if !open {
                        c.begin(last_start);
                        open = true;
                    }
                    c.push((x, y), None);
                }
                Seg::CubicTo(a, b, c2, d, x, y) => {
                    if !open {
                        c.begin(last_start);
                        open = true;
                    }
                    c.push((x, y), Some([(a, b), (c2, d)]));
                }
                Seg::Close => {
                    if open {
                        let head = c.heads.len() - 1;
                        let first = c.pts[c.heads[head].0 as usize];
                        if c.pts.len() - c.heads[head].0 as usize > 1 {
                            if c.pts[c.pts.len() - 1] != first {
                                c.push(first, None);
                            }
                            c.heads[head].1 = true;
                        }
                        last_start = first;
                        open = false;
                    }
                }
            }
        }
        // Held for a whole page (Optimize): no room to spare.
        c.pts.shrink_to_fit();
        c.ctrl.shrink_to_fit();
        c.heads.shrink_to_fit();
        c
    }

    /// A cluster of `subs`.
    pub fn from_subs(subs: &[Sub]) -> Cluster {
        let mut c = Cluster::default();
        for s in subs {
            c.begin(s.pts[0]);
            for (k, &p) in s.pts.iter().enumerate().skip(1) {
                c.push(p, s.ctrl[k - 1]);
            }
            if let Some(h) = c.heads.last_mut() {
                h.1 = s.closed;
            }
        }
        c
    }

    /// Begin a subpath at `p`.
    fn begin(&mut self, p: Pt) {
        self.heads.push((self.pts.len() as u32, false));
        self.pts.push(p);
        if !self.ctrl.is_empty() {
            self.ctrl.push(None);
        }
    }

    /// Continue the last subpath to `p` (a line, or a cubic with controls `c`).
    fn push(&mut self, p: Pt, c: Option<[Pt; 2]>) {
        if c.is_some() && self.ctrl.is_empty() {
            self.ctrl = vec![None; self.pts.len()];
        }
        if !self.ctrl.is_empty() {
            // The slot of the segment that ends at `p` is the previous vertex's.
            let k = self.pts.len() - 1;
            self.ctrl[k] = c;
            self.ctrl.push(None);
        }
        self.pts.push(p);
    }

    /// How many subpaths.
    pub fn len(&self) -> usize {
        self.heads.len()
    }

    /// No subpaths.
    pub fn is_empty(&self) -> bool {
        self.heads.is_empty()
    }

    /// Subpath `i`.
    fn sub(&self, i: usize) -> View<'_> {
        let (a, closed) = self.heads[i];
        let a = a as usize;
        let b = self
            .heads
            .get(i + 1)
            .map_or(self.pts.len(), |h| h.0 as usize);
        let ctrl = match self.ctrl.is_empty() {
            true => &[][..],
            false => &self.ctrl[a..b - 1],
        };
        View {
            pts: &self.pts[a..b],
            ctrl,
            closed,
        }
    }

    /// The subpaths, in order.
    fn subs(&self) -> impl Iterator<Item = View<'_>> + '_ {
        (0..self.len()).map(|i| self.sub(i))
    }
}

impl Sub {
    /// The subpaths of `path`, in order.
    pub fn split(path: &Path) -> Vec<Sub> {
        let c = Cluster::split(path);
        c.subs().map(|v| v.to_sub()).collect()
    }

    #[cfg(test)]
    fn view(&self) -> View<'_> {
        View {
            pts: &self.pts,
            ctrl: &self.ctrl,
            closed: self.closed,
        }
    }

    /// Its first point.
    pub fn start(&self) -> Pt {
        self.pts[0]
    }

    /// Its last point.
    pub fn end(&self) -> Pt {
        self.pts[self.pts.len() - 1]
    }

    /// Drawn backwards: the same segments, the other way.
    pub fn reversed(&self) -> Sub {
        Sub {
            pts: self.pts.iter().rev().copied().collect(),
            ctrl: self
                .ctrl
                .iter()
                .rev()
                .map(|c| c.map(|[a, b]| [b, a]))
                .collect(),
            closed: self.closed,
        }
    }

    /// Append it to `path` (written out on its own, not by `View::push_entered`, which
    /// the tests check against it).
    pub fn push_to(&self, path: &mut Path) {
        let (x, y) = self.start();
        path.segs.push(Seg::MoveTo(x, y));
        for (i, c) in self.ctrl.iter().enumerate() {
            let (x, y) = self.pts[i + 1];
            path.segs.push(match c {
                None => Seg::LineTo(x, y),
                Some([(a, b), (c, d)]) => Seg::CubicTo(*a, *b, *c, *d, x, y),
            });
        }
        if self.closed {
            path.segs.push(Seg::Close);
        }
    }
}

impl View<'_> {
    /// Owned.
    fn to_sub(self) -> Sub {
        Sub {
            pts: self.pts.to_vec(),
            ctrl: (0..self.pts.len() - 1).map(|i| self.seg(i)).collect(),
            closed: self.closed,
        }
    }

    /// The controls of segment `i` (from `pts[i]`).
    fn seg(&self, i: usize) -> Option<[Pt; 2]> {
        self.ctrl.get(i).copied().flatten()
    }

    fn start(&self) -> Pt {
        self.pts[0]
    }

    fn end(&self) -> Pt {
        self.pts[self.pts.len() - 1]
    }

    /// How many entry points ([`View::entries`]).
    fn entry_count(&self) -> usize {
        match self.closed {
            true => self.pts.len() - 1,
            false if self.end() != self.start() => 2,
            false => 1,
        }
    }

    /// Where it can be entered, in a fixed order (a closed subpath's vertices in order;
    /// an open one's start, then its end unless the same point).
    fn entries(self) -> impl Iterator<Item = (Pt, Entry)> {
        let (ring, ends) = match self.closed {
            true => (self.pts.len() - 1, 0),
            false => (0, self.entry_count()),
        };
        (0..ring)
            .map(move |k| (self.pts[k], Entry::At(k as u32)))
            .chain((0..ends).map(move |j| match j {
                0 => (self.start(), Entry::Forward),
                _ => (self.end(), Entry::Backward),
            }))
    }

    /// Where it begins and ends when entered at `e`.
    fn ends_from(&self, e: Entry) -> (Pt, Pt) {
        match e {
            Entry::Forward => (self.start(), self.end()),
            Entry::Backward => (self.end(), self.start()),
            Entry::At(k) => (self.pts[k as usize], self.pts[k as usize]),
        }
    }

    /// Entered at `e`.
    fn enter(&self, e: Entry) -> Sub {
        let s = self.to_sub();
        match e {
            Entry::Forward => s,
            Entry::Backward => s.reversed(),
            Entry::At(k) => {
                let k = k as usize;
                let n = s.pts.len() - 1;
                let mut pts = Vec::with_capacity(n + 1);
                pts.extend_from_slice(&s.pts[k..n]);
                pts.extend_from_slice(&s.pts[..=k]);
                let mut ctrl = Vec::with_capacity(n);
                ctrl.extend_from_slice(&s.ctrl[k..]);
                ctrl.extend_from_slice(&s.ctrl[..k]);
                Sub {
                    pts,
                    ctrl,
                    closed: true,
                }
            }
        }
    }

    /// Append it to `path` entered at `e`, and drawn backwards after that if `back`: what
    /// `self.enter(e)` (then `.reversed()`) would push, without building it.
    fn push_entered(&self, e: Entry, back: bool, path: &mut Path) {
        let m = self.pts.len() - 1;
        if m == 0 {
            let (x, y) = self.start();
            path.segs.push(Seg::MoveTo(x, y));
            return;
        }
        let (rot, fwd) = match e {
            Entry::Forward => (0, true),
            Entry::Backward => (0, false),
            Entry::At(k) => (k as usize, true),
        };
        let fwd = fwd != back;
        let seg = |t: usize| match fwd {
            true => (rot + t) % m,
            false => (rot + 2 * m - 1 - t) % m,
        };
        let (x, y) = match fwd {
            true => self.pts[seg(0)],
            false => self.pts[seg(0) + 1],
        };
        path.segs.reserve(m + 2);
        path.segs.push(Seg::MoveTo(x, y));
        for t in 0..m {
            let j = seg(t);
            let ((x, y), c) = match fwd {
                true => (self.pts[j + 1], self.seg(j)),
                false => (self.pts[j], self.seg(j).map(|[a, b]| [b, a])),
            };
            path.segs.push(match c {
                None => Seg::LineTo(x, y),
                Some([(a, b), (c, d)]) => Seg::CubicTo(a, b, c, d, x, y),
            });
        }
        if self.closed {
            path.segs.push(Seg::Close);
        }
    }
}

/// The distance between two points.
fn dist(a: Pt, b: Pt) -> f64 {
    let (dx, dy) = (a.0 - b.0, a.1 - b.1);
    (dx * dx + dy * dy).sqrt()
}

/// Points tagged `T`, nearest first, ties broken by the smaller tag.
struct Index<T: Copy + Ord + PartialEq> {
    tree: RTree<GeomWithData<[f64; 2], T>>,
}

impl<T: Copy + Ord + PartialEq> Index<T> {
    fn new(points: Vec<(Pt, T)>) -> Self {
        let items = points
            .into_iter()
            .map(|((x, y), t)| GeomWithData::new([x, y], t))
            .collect();
        Index {
            tree: RTree::bulk_load(items),
        }
    }

    /// The nearest point to `p` (the smallest tag among the nearest).
    fn nearest(&self, p: Pt) -> Option<(Pt, T)> {
        let mut best: Option<(f64, Pt, T)> = None;
        for (item, d2) in self.tree.nearest_neighbor_iter_with_distance_2(&[p.0, p.1]) {
            let g = item.geom();
            match best {
                Some((b, _, _)) if d2 > b => break,
                Some((_, _, t)) if t <= item.data => {}
                _ => best = Some((d2, (g[0], g[1]), item.data)),
            }
        }
        best.map(|(_, p, t)| (p, t))
    }

    fn remove(&mut self, p: Pt, t: T) {
        self.tree.remove(&GeomWithData::new([p.0, p.1], t));
    }
}

/// A subpath of a cluster entered somewhere: its index in the cluster and where.
type Step = (u32, Entry);

/// The entry points of one cluster's subpaths, for nearest-point queries (step 2 of the
/// module doc) that give exactly what a scan of all of them would: the nearest entry
/// point of a subpath not yet drawn, the first in the cluster's order ([`Sub::entries`]
/// of each subpath in turn) among the nearest.
///
/// A sweep along one axis rather than a tree: the points sorted by that coordinate, a
/// query walks outward from the pen's coordinate both ways and stops on each side at
/// the first point whose distance along the axis alone exceeds the best found (no point
/// further out can be nearer). Hatch lines are parallel runs one pen width apart, so with
/// the axis across them a query looks at the runs of a line or two; the axis is the one
/// the cluster's first open subpath runs less along. Points of subpaths drawn stay in the
/// list (skipped) until they are half of it, then it is compacted.
struct Sweep {
    /// Across `y` (true) or `x`.
    by_y: bool,
    /// (coordinate on the axis, rank), sorted.
    keys: Vec<(f64, u32)>,
    /// By rank: the point, its subpath, the entry.
    points: Vec<(Pt, u32, Entry)>,
    /// Points of subpaths not yet drawn.
    live: usize,
}

impl Sweep {
    fn new(subs: &Cluster) -> Self {
        let by_y = subs
            .subs()
            .find(|s| !s.closed && s.pts.len() > 1)
            .is_none_or(|s| {
                let (a, b) = (s.start(), s.end());
                (b.0 - a.0).abs() >= (b.1 - a.1).abs()
            });
        let points: Vec<(Pt, u32, Entry)> = subs
            .subs()
            .enumerate()
            .flat_map(|(i, s)| s.entries().map(move |(p, e)| (p, i as u32, e)))
            .collect();
        let key = |p: Pt| if by_y { p.1 } else { p.0 };
        let mut keys: Vec<(f64, u32)> = points
            .iter()
            .enumerate()
            .map(|(r, &(p, _, _))| (key(p), r as u32))
            .collect();
        keys.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let live = points.len();
        Sweep {
            by_y,
            keys,
            points,
            live,
        }
    }

    /// The entry point nearest `pen` of a subpath with `left[i]` (see the type's doc).
    fn nearest(&self, pen: Pt, left: &[bool]) -> Option<Step> {
        let k = if self.by_y { pen.1 } else { pen.0 };
        let pos = self.keys.partition_point(|&(u, _)| u < k);
        let mut best: Option<(f64, u32)> = None;
        // Exact: d2 = du² + dv² ≥ du² in floating point too (the same `du` as in d2's
        // sum, and adding a non-negative number never rounds below).
        let mut visit = |&(u, r): &(f64, u32)| -> bool {
            let du = u - k;
            if best.is_some_and(|(b, _)| du * du > b) {
                return false;
            }
            let (p, i, _) = self.points[r as usize];
            if left[i as usize] {
                let d = d2(pen, p);
                if best.is_none_or(|(b, br)| d < b || (d == b && r < br)) {
                    best = Some((d, r));
                }
            }
            true
        };
        for item in &self.keys[pos..] {
            if !visit(item) {
                break;
            }
        }
        for item in self.keys[..pos].iter().rev() {
            if !visit(item) {
                break;
            }
        }
        best.map(|(_, r)| {
            let (_, i, e) = self.points[r as usize];
            (i, e)
        })
    }

    /// Subpath `i` (with `n` entry points) drawn: `left[i]` is now false.
    fn drawn(&mut self, n: usize, left: &[bool]) {
        self.live -= n;
        if 2 * self.live < self.keys.len() {
            let points = &self.points;
            self.keys
                .retain(|&(_, r)| left[points[r as usize].1 as usize]);
        }
    }
}

/// A cluster's subpaths in the order that draws them from the entry point nearest `pen`,
/// each nearest where the last ended (step 2 of the module doc; the smallest index
/// winning a tie), as (subpath, entry).
fn plan_cluster(subs: &Cluster, pen: Pt) -> Vec<Step> {
    let mut sweep = Sweep::new(subs);
    let mut left = vec![true; subs.len()];
    let mut out = Vec::with_capacity(subs.len());
    let mut pen = pen;
    while let Some((i, e)) = sweep.nearest(pen, &left) {
        let s = subs.sub(i as usize);
        left[i as usize] = false;
        sweep.drawn(s.entry_count(), &left);
        pen = s.ends_from(e).1;
        out.push((i, e));
    }
    out
}

/// The squared distance between two points.
fn d2(a: Pt, b: Pt) -> f64 {
    let (dx, dy) = (a.0 - b.0, a.1 - b.1);
    dx * dx + dy * dy
}

/// Most entry points a cluster stands in the R*-tree by ([`order`]'s step 1).
pub const CLUSTER_POINTS: usize = 16;

/// One cluster in the drawing order: which, its subpaths as planned (entered from the
/// planned entry to the exit), and whether 2-opt has it drawn backwards.
struct Visit {
    cluster: usize,
    steps: Vec<Step>,
    flipped: bool,
}

impl Visit {
    /// Append its subpaths as drawn, in order, to `path`.
    fn push_to(&self, subs: &Cluster, path: &mut Path) {
        let one = |&(i, e): &Step, path: &mut Path| {
            subs.sub(i as usize).push_entered(e, self.flipped, path)
        };
        match self.flipped {
            false => self.steps.iter().for_each(|s| one(s, path)),
            true => self.steps.iter().rev().for_each(|s| one(s, path)),
        }
    }

    /// Its subpaths as drawn, in order.
    fn subs<'a>(&'a self, subs: &'a Cluster) -> impl Iterator<Item = Sub> + 'a {
        let entered = move |&(i, e): &Step| subs.sub(i as usize).enter(e);
        let (fwd, back) = match self.flipped {
            false => (Some(self.steps.iter().map(entered)), None),
            true => (
                None,
                Some(self.steps.iter().rev().map(move |s| entered(s).reversed())),
            ),
        };
        fwd.into_iter().flatten().chain(back.into_iter().flatten())
    }
}

/// The order of `clusters` (each a list of subpaths) from the pen's home: for each
/// position, the cluster's index and its subpaths as drawn there (see the module doc).
pub fn order(clusters: &[Vec<Sub>]) -> Vec<(usize, Vec<Sub>)> {
    let clusters: Vec<Cluster> = clusters.iter().map(|c| Cluster::from_subs(c)).collect();
    plan(&clusters)
        .into_iter()
        .map(|v| (v.cluster, v.subs(&clusters[v.cluster]).collect()))
        .collect()
}

/// [`order`] as a plan: the clusters in order, each with its steps.
fn plan(clusters: &[Cluster]) -> Vec<Visit> {
    // Step 1: nearest neighbour over the clusters, each standing in the tree by up to
    // CLUSTER_POINTS of its entry points (every k-th, in subpath order); the chosen
    // cluster is then entered at its entry point nearest the pen, among all of them.
    // Each cluster's representatives, made once: put in the tree, then taken out.
    let reps: Vec<Vec<(Pt, (u32, u32))>> = (0..clusters.len())
        .map(|c| {
            let n: usize = clusters[c].subs().map(|s| s.entry_count()).sum();
            let k = n.div_ceil(CLUSTER_POINTS).max(1);
            clusters[c]
                .subs()
                .flat_map(|s| s.entries().map(|(p, _)| p))
                .step_by(k)
                .enumerate()
                .map(|(j, p)| (p, (c as u32, j as u32)))
                .collect()
        })
        .collect();
    let mut index = Index::new(reps.iter().flatten().copied().collect());
    let mut seq: Vec<usize> = Vec::with_capacity(clusters.len());
    let mut steps: Vec<Vec<Step>> = vec![Vec::new(); clusters.len()];
    let mut ent: Vec<Pt> = Vec::with_capacity(clusters.len());
    let mut ext: Vec<Pt> = Vec::with_capacity(clusters.len());
    let mut pen = HOME;
    while let Some((_, (c, _))) = index.nearest(pen) {
        let c = c as usize;
        for &(p, t) in &reps[c] {
            index.remove(p, t);
        }
        let subs = &clusters[c];
        let planned = plan_cluster(subs, pen);
        let (Some(&(i, e)), Some(&(j, f))) = (planned.first(), planned.last()) else {
            continue;
        };
        ent.push(subs.sub(i as usize).ends_from(e).0);
        ext.push(subs.sub(j as usize).ends_from(f).1);
        pen = subs.sub(j as usize).ends_from(f).1;
        seq.push(c);
        steps[c] = planned;
    }
    // Step 3: 2-opt over the clusters as links entry → exit.
    let n = seq.len();
    let mut flipped = vec![false; n];
    two_opt(&mut seq, &mut ent, &mut ext, &mut flipped);
    let mut out = Vec::with_capacity(clusters.len());
    for (k, &c) in seq.iter().enumerate() {
        out.push(Visit {
            cluster: c,
            steps: std::mem::take(&mut steps[c]),
            flipped: flipped[k],
        });
    }
    // Clusters with nothing to draw (no subpaths) keep their place at the end.
    let mut seen = vec![false; clusters.len()];
    for v in &out {
        seen[v.cluster] = true;
    }
    for (c, s) in seen.iter().enumerate() {
        if !s {
            out.push(Visit {
                cluster: c,
                steps: Vec::new(),
                flipped: false,
            });
        }
    }
    out
}

/// 2-opt over links `ent[k] → ext[k]` in the order `seq` (see the module doc): the
/// boundary before position `i` runs from `P(i)` (home, or the exit before) to `Q(i)`
/// (the entry at `i`; none after the last). Reversing positions `i..j` joins `P(i)` to
/// `P(j)` and `Q(i)` to `Q(j)`.
fn two_opt(seq: &mut [usize], ent: &mut [Pt], ext: &mut [Pt], flipped: &mut [bool]) {
    let n = seq.len();
    if n < 2 {
        return;
    }
    let window = if n <= TWO_OPT_FULL { n } else { TWO_OPT_WINDOW };
    for _ in 0..MAX_SWEEPS {
        let mut improved = false;
        for i in 0..n {
            let near = i + 1..=n.min(i + window);
            let end = (i + window < n).then_some(n);
            for j in near.chain(end) {
                let p_i = if i == 0 { HOME } else { ext[i - 1] };
                let p_j = ext[j - 1];
                let (before, after) = if j < n {
                    (
                        dist(p_i, ent[i]) + dist(p_j, ent[j]),
                        dist(p_i, p_j) + dist(ent[i], ent[j]),
                    )
                } else {
                    (dist(p_i, ent[i]), dist(p_i, p_j))
                };
                if after < before - EPS {
                    seq[i..j].reverse();
                    flipped[i..j].reverse();
                    ent[i..j].reverse();
                    ext[i..j].reverse();
                    for k in i..j {
                        std::mem::swap(&mut ent[k], &mut ext[k]);
                        flipped[k] = !flipped[k];
                    }
                    improved = true;
                }
            }
        }
        if !improved {
            break;
        }
    }
}

/// One mark of a page, held until the page ends.
struct Mark {
    /// The pen drawing it (an index into the pens seen), if any.
    pen: Option<usize>,
    /// A filled (or unstroked) mark's path, drawn as it is.
    path: Path,
    /// A stroked mark's subpaths (its path, split: [`Cluster::split`]), to be ordered.
    subs: Cluster,
    paint: Paint,
    label: Option<Label>,
}

impl Mark {
    /// Drawn as it is (filled, or not stroked), not ordered.
    fn fills(paint: &Paint) -> bool {
        paint.fill.is_some() || paint.stroke.is_none()
    }
}

/// A backend that draws each page's strokes in the order that shortens the pen's travel
/// (see the module doc), over `B`.
///
/// Pages are pipelined: when a page ends, its order is planned on a thread of its own
/// while the page before it is written to `B` on the caller's thread, and the next page
/// is laid out; so a sheet's planning and writing share two cores, and at most two pages
/// are held. What `B` receives, and in which order, is what planning the pages one after
/// the other would give.
pub struct Optimize<B: Backend> {
    inner: B,
    pens: Vec<Pen>,
    pen: Option<usize>,
    marks: Vec<Mark>,
    texts: Vec<Text>,
    /// The open page's size.
    size: (f64, f64),
    /// The page ended last, its order being planned, not yet handed to `B`.
    pending: Option<Planned>,
}

/// One pen's marks on a page: the pen, and which marks fill and which are strokes.
struct Group {
    pen: Option<usize>,
    fills: Vec<usize>,
    strokes: Vec<usize>,
}

/// A page whose strokes are being ordered.
struct Planned {
    size: (f64, f64),
    marks: Vec<Mark>,
    groups: Vec<Group>,
    texts: Vec<Text>,
    /// For each group, its stroked marks' subpaths and their order.
    plans: std::thread::JoinHandle<Vec<(Vec<Cluster>, Vec<Visit>)>>,
}

impl<B: Backend> Optimize<B> {
    /// Order the strokes drawn on `inner`.
    pub fn new(inner: B) -> Self {
        Optimize {
            inner,
            pens: Vec::new(),
            pen: None,
            marks: Vec::new(),
            texts: Vec::new(),
            size: (0.0, 0.0),
            pending: None,
        }
    }

    /// The backend, after [`Backend::finish`].
    pub fn into_inner(self) -> B {
        self.inner
    }

    /// Hold a mark until the page ends: a stroked one as its subpaths only (the page's
    /// marks are what the optimiser holds in memory).
    fn hold(&mut self, path: Path, paint: &Paint, label: Option<&Label>) {
        let (path, subs) = match Mark::fills(paint) {
            true => (path, Cluster::default()),
            false => (Path::default(), Cluster::split(&path)),
        };
        self.marks.push(Mark {
            pen: self.pen,
            path,
            subs,
            paint: *paint,
            label: label.cloned(),
        });
    }

    /// The open page's marks, grouped by pen, their strokes' order planned on a thread.
    fn plan_page(&mut self) -> Planned {
        let mut marks = std::mem::take(&mut self.marks);
        // The pens in the order first used on the page; marks of no pen first.
        let mut pens: Vec<Option<usize>> = Vec::new();
        for m in &marks {
            if !pens.contains(&m.pen) {
                pens.push(m.pen);
            }
        }
        pens.sort_by_key(|g| g.is_some());
        let groups: Vec<Group> = pens
            .into_iter()
            .map(|pen| {
                let (fills, strokes) = (0..marks.len())
                    .filter(|&k| marks[k].pen == pen)
                    .partition(|&k| Mark::fills(&marks[k].paint));
                Group {
                    pen,
                    fills,
                    strokes,
                }
            })
            .collect();
        let clusters: Vec<Vec<Cluster>> = groups
            .iter()
            .map(|g| {
                g.strokes
                    .iter()
                    .map(|&k| std::mem::take(&mut marks[k].subs))
                    .collect()
            })
            .collect();
        let plans = std::thread::spawn(move || {
            clusters
                .into_iter()
                .map(|c| {
                    let p = plan(&c);
                    (c, p)
                })
                .collect()
        });
        Planned {
            size: self.size,
            marks,
            groups,
            texts: std::mem::take(&mut self.texts),
            plans,
        }
    }

    /// Hand a planned page to the backend, pen by pen, then its text.
    fn write(&mut self, page: Planned) -> Result<()> {
        let plans = page
            .plans
            .join()
            .map_err(|_| Error::runtime("travel: planning a page's pen travel failed"))?;
        let marks = &page.marks;
        self.inner.begin_page(page.size.0, page.size.1)?;
        for (g, (clusters, visits)) in page.groups.iter().zip(plans) {
            if let Some(i) = g.pen {
                self.inner.pen(&self.pens[i])?;
            }
            for &k in &g.fills {
                let m = &marks[k];
                self.inner.mark(&m.path, &m.paint, m.label.as_ref())?;
            }
            let mut path = Path::default();
            for v in visits {
                path.segs.clear();
                v.push_to(&clusters[v.cluster], &mut path);
                if !path.segs.is_empty() {
                    let m = &marks[g.strokes[v.cluster]];
                    self.inner.mark(&path, &m.paint, m.label.as_ref())?;
                }
            }
        }
        for t in &page.texts {
            self.inner.text(t)?;
        }
        self.inner.end_page()
    }
}

impl<B: Backend> Backend for Optimize<B> {
    fn glyph(
        &mut self,
        glyph: &GlyphData,
        at: &Place,
        paint: &Paint,
        label: Option<&Label>,
    ) -> Result<()> {
        self.hold(glyph.to_path(at), paint, label);
        Ok(())
    }

    fn shape(
        &mut self,
        shape: &region::FilledRegion,
        at: &Place,
        paint: &Paint,
        label: Option<&Label>,
    ) -> Result<()> {
        if !shape.contours.is_empty() {
            self.hold(shape.to_path(at), paint, label);
        }
        Ok(())
    }

    fn mark(&mut self, path: &Path, paint: &Paint, label: Option<&Label>) -> Result<()> {
        self.hold(path.clone(), paint, label);
        Ok(())
    }

    fn pen(&mut self, pen: &Pen) -> Result<()> {
        let i = match self.pens.iter().position(|p| p == pen) {
            Some(i) => i,
            None => {
                self.pens.push(pen.clone());
                self.pens.len() - 1
            }
        };
        self.pen = Some(i);
        Ok(())
    }

    fn begin_page(&mut self, width: f64, height: f64) -> Result<()> {
        self.pen = None;
        self.size = (width, height);
        Ok(())
    }

    fn path(&mut self, path: &Path, paint: &Paint) -> Result<()> {
        self.hold(path.clone(), paint, None);
        Ok(())
    }

    fn text(&mut self, text: &Text) -> Result<()> {
        self.texts.push(text.clone());
        Ok(())
    }

    fn end_page(&mut self) -> Result<()> {
        // This page planned on its thread while the one before is written.
        let page = self.plan_page();
        match self.pending.replace(page) {
            Some(before) => self.write(before),
            None => Ok(()),
        }
    }

    fn finish(&mut self) -> Result<()> {
        if let Some(last) = self.pending.take() {
            self.write(last)?;
        }
        self.inner.finish()
    }
}

/// Pen-up travel of `subs` drawn in order from the pen's home: the sum of the moves from
/// home to the first start and from each end to the next start.
pub fn pen_up(subs: &[Sub]) -> f64 {
    let mut pen = HOME;
    let mut total = 0.0;
    for s in subs {
        total += dist(pen, s.start());
        pen = s.end();
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(a: Pt, b: Pt) -> Sub {
        Sub {
            pts: vec![a, b],
            ctrl: vec![None],
            closed: false,
        }
    }

    /// Every subpath drawn, each once: the same segments as undirected pieces.
    fn pieces(subs: &[Sub]) -> Vec<[(i64, i64); 2]> {
        let q = |p: Pt| ((p.0 * 1e6).round() as i64, (p.1 * 1e6).round() as i64);
        let mut v: Vec<_> = subs
            .iter()
            .flat_map(|s| {
                s.pts.windows(2).map(|w| {
                    let (a, b) = (q(w[0]), q(w[1]));
                    if a <= b { [a, b] } else { [b, a] }
                })
            })
            .collect();
        v.sort();
        v
    }

    #[test]
    fn split_and_push_round_trip() {
        let mut p = Path::circle(5.0, 5.0, 1.0);
        p.segs.extend(Path::rect(0.0, 0.0, 2.0, 3.0).segs);
        p.segs.push(Seg::MoveTo(7.0, 7.0));
        p.segs.push(Seg::LineTo(8.0, 7.0));
        let subs = Sub::split(&p);
        assert_eq!(subs.len(), 3);
        assert!(subs[0].closed && subs[1].closed && !subs[2].closed);
        // The rectangle's closing line is a segment of its own: 4 segments, 5 points.
        assert_eq!(subs[1].pts.len(), 5);
        let mut back = Path::default();
        for s in &subs {
            s.push_to(&mut back);
        }
        assert_eq!(Sub::split(&back), subs);
        // Reversed twice is itself; a rotated ring has the same pieces.
        assert_eq!(subs[0].reversed().reversed(), subs[0]);
        let r = subs[1].view().enter(Entry::At(2));
        assert_eq!(r.start(), (2.0, 3.0));
        assert_eq!(r.end(), (2.0, 3.0));
        assert_eq!(pieces(&[r]), pieces(&subs[1..2]));
    }

    #[test]
    fn lines_far_apart_are_drawn_near_to_far() {
        // Ten short lines along a diagonal, given in a scrambled order.
        let order_in: [u32; 10] = [7, 2, 9, 0, 5, 3, 8, 1, 6, 4];
        let clusters: Vec<Vec<Sub>> = order_in
            .iter()
            .map(|&k| {
                let x = 10.0 * f64::from(k);
                vec![line((x + 1.0, x), (x, x))]
            })
            .collect();
        let before: Vec<Sub> = clusters.iter().flatten().cloned().collect();
        let got = order(&clusters);
        let after: Vec<Sub> = got.iter().flat_map(|(_, s)| s.clone()).collect();
        assert_eq!(pieces(&after), pieces(&before));
        let drawn: Vec<u32> = got.iter().map(|(c, _)| order_in[*c]).collect();
        assert_eq!(drawn, (0..10).collect::<Vec<_>>());
        // Each line entered at its end nearer the pen (its start at (x, x)).
        for s in &after {
            assert_eq!(s.start().0, s.start().1);
        }
        assert!(
            pen_up(&after) < 0.5 * pen_up(&before),
            "{} {}",
            pen_up(&after),
            pen_up(&before)
        );
    }

    #[test]
    fn two_opt_undoes_a_crossing() {
        // Points along a line visited 1, 3, 2, 4: a pen-up travel of 1 + 2 + 1 + 2; 2-opt
        // reverses the middle run to 1, 2, 3, 4 (travel 4).
        let xs = [1.0, 3.0, 2.0, 4.0];
        let mut seq: Vec<usize> = (0..4).collect();
        let mut ent: Vec<Pt> = xs.iter().map(|&x| (x, 0.0)).collect();
        let mut ext = ent.clone();
        let mut flipped = vec![false; 4];
        two_opt(&mut seq, &mut ent, &mut ext, &mut flipped);
        assert_eq!(seq, vec![0, 2, 1, 3]);
        // A run of links drawn backwards: entry and exit swap, the flags say so.
        let mut seq: Vec<usize> = (0..3).collect();
        let mut ent = vec![(1.0, 0.0), (5.0, 0.0), (3.0, 0.0)];
        let mut ext = vec![(2.0, 0.0), (6.0, 0.0), (4.0, 0.0)];
        let mut flipped = vec![false; 3];
        two_opt(&mut seq, &mut ent, &mut ext, &mut flipped);
        assert_eq!(seq, vec![0, 2, 1]);
        assert_eq!(ent, vec![(1.0, 0.0), (3.0, 0.0), (5.0, 0.0)]);
        assert_eq!(flipped, vec![false; 3]);
    }

    /// Step 2 as a scan of every entry point at each step (the reference the sweep must
    /// equal): from the entry nearest `pen`, the subpath whose entry point is nearest where
    /// the last one ended, the first in order among the nearest.
    fn plan_by_scan(subs: &[Sub], pen: Pt) -> Vec<Step> {
        let points: Vec<(Pt, u32, Entry)> = subs
            .iter()
            .enumerate()
            .flat_map(|(i, s)| s.view().entries().map(move |(p, e)| (p, i as u32, e)))
            .collect();
        let mut left = vec![true; subs.len()];
        let (mut pen, mut out) = (pen, Vec::new());
        loop {
            let mut best: Option<(f64, u32, Entry)> = None;
            for &(p, i, e) in &points {
                let d = d2(pen, p);
                if left[i as usize] && best.is_none_or(|(b, _, _)| d < b) {
                    best = Some((d, i, e));
                }
            }
            let Some((_, i, e)) = best else { break };
            left[i as usize] = false;
            pen = subs[i as usize].view().ends_from(e).1;
            out.push((i, e));
        }
        out
    }

    /// A small deterministic generator (64-bit LCG, Knuth's MMIX constants).
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self, n: u32) -> f64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            f64::from(((self.0 >> 33) % u64::from(n)) as u32)
        }
    }

    #[test]
    fn the_sweep_plans_as_a_scan_of_every_point_would() {
        let mut r = Lcg(7);
        for case in 0..300 {
            let mut subs = Vec::new();
            // Hatch-like runs on a coarse grid (many ties, both directions), a few
            // random segments, closed rings, single points.
            let vertical = case % 3 == 1;
            for row in 0..(case % 23 + 1) {
                let mut x = r.next(5);
                while x < 30.0 {
                    let w = r.next(6) + 1.0;
                    let (a, b) = ((x, f64::from(row)), (x + w, f64::from(row)));
                    let (a, b) = match vertical {
                        true => ((a.1, a.0), (b.1, b.0)),
                        false => (a, b),
                    };
                    subs.push(match row % 2 {
                        0 => line(a, b),
                        _ => line(b, a),
                    });
                    x += w + r.next(4) + 1.0;
                }
            }
            for _ in 0..case % 4 {
                subs.push(line((r.next(40), r.next(40)), (r.next(40), r.next(40))));
                let (x, y) = (r.next(30), r.next(30));
                subs.push(Sub {
                    pts: vec![(x, y), (x + 3.0, y), (x + 3.0, y + 2.0), (x, y)],
                    ctrl: vec![None; 3],
                    closed: true,
                });
                subs.push(line((x, y), (x, y)));
            }
            let pen = (r.next(40) - 5.0, r.next(40) - 5.0);
            let want = plan_by_scan(&subs, pen);
            assert_eq!(
                plan_cluster(&Cluster::from_subs(&subs), pen),
                want,
                "case {case}"
            );
            assert_eq!(want.len(), subs.len());
        }
    }

    #[test]
    fn pushed_entered_as_built() {
        let mut p = Path::circle(5.0, 5.0, 1.0);
        p.segs.extend(Path::rect(0.0, 0.0, 2.0, 3.0).segs);
        p.segs.push(Seg::MoveTo(7.0, 7.0));
        p.segs.push(Seg::LineTo(8.0, 7.0));
        p.segs.push(Seg::CubicTo(8.0, 8.0, 9.0, 8.0, 9.0, 9.0));
        p.segs.push(Seg::MoveTo(1.0, 1.0));
        let cluster = Cluster::split(&p);
        assert_eq!(Cluster::from_subs(&Sub::split(&p)), cluster);
        for s in cluster.subs() {
            for (_, e) in s.entries() {
                for back in [false, true] {
                    let built = match back {
                        false => s.enter(e),
                        true => s.enter(e).reversed(),
                    };
                    let (mut want, mut got) = (Path::default(), Path::default());
                    built.push_to(&mut want);
                    s.push_entered(e, back, &mut got);
                    assert_eq!(got, want, "{e:?} {back}");
                }
            }
        }
    }

    #[test]
    fn ties_are_broken_by_index() {
        // Two identical clusters: the first given is drawn first, every time.
        let clusters = vec![vec![line((1.0, 1.0), (2.0, 1.0))]; 2];
        for _ in 0..3 {
            let got: Vec<usize> = order(&clusters).into_iter().map(|(c, _)| c).collect();
            assert_eq!(got, vec![0, 1]);
        }
    }
}
