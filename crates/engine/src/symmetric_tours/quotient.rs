//! Tours fixed by one board symmetry, as the tours of a smaller graph: the quotient of the
//! board by the symmetry, walked by the frontier engine ([`crate::frontier`]) with the
//! symmetry's condition at the cut. Count, list in ID order, rank, unrank and uniform
//! sampling then work as on a plain diagram, on the symmetric tours alone.
//!
//! Let s be a rotation (half or quarter turn) or a mirror between two rows or columns, fixing
//! no cell, and C a closed rook tour with s(C) = C. Cells fall into s-orbits; each edge
//! orbit {e, s(e), …} is in C entirely or not at all, so C is its set of edge orbits. The
//! quotient graph Q has one vertex per cell orbit and one edge per edge orbit.
//!
//! - **Rotations** (Wynn 2014; covering-graph theory, Gross and Tucker 1977). s keeps the
//!   plane's orientation and the tour's inside, so it turns C forward by N/|s| steps and
//!   C/s is a Hamiltonian cycle of Q. Conversely, give each cell x = s^j(min of its orbit)
//!   the sheet j and each edge (u, v) the voltage sheet(v) − sheet(u) mod |s|: a
//!   Hamiltonian cycle of Q lifts to one cycle iff its voltages add up to a generator of
//!   Z_|s|, that is to an odd number (|s| = 2 or 4), that is iff it uses an odd number of
//!   odd-voltage edges. The frontier states carry that parity ([`crate::frontier::FrontierPlan::with_odd`]).
//!   An edge orbit within one cell orbit ({x, s(x)}: the middle edge of an odd side under
//!   the half turn, the four middle edges under the quarter turn) would make s reverse C
//!   or close a 4-cycle, so it is no edge of Q.
//! - **Mirrors** between two rows (columns). s reverses C, so it fixes exactly two points
//!   of it: C crosses the axis by exactly two edges, each its own orbit, and the rest of C
//!   is a Hamiltonian path of one half between the two crossing cells. Q is the half plus
//!   one extra vertex z joined to every cell beside the axis (by the crossing edge's
//!   orbit): mirror-symmetric tours are exactly the Hamiltonian cycles of Q.
//!
//! **Order.** Two symmetric tours first differ at an edge that is the smallest of its orbit
//! (a smaller edge of the same orbit would differ first). So ordering Q's edges by their
//! orbit's smallest board edge makes the diagram's order (hi before lo) the ID order of
//! the symmetric tours: index k of the diagram is the k-th symmetric tour by the ID rule.
//!
//! **Cost.** Q is laid out in that order, so its frontier is that of the half (or quarter)
//! board plus the cells waiting for their partner across the cut: under the half turn the
//! last row of the top half folds onto itself (up to cols + cols/2 slots). A state must
//! fit 127 bits (one for the parity).

use crate::{frontier::FrontierPlan, frontier::Zdd};
use tourglyph_core::budget::Budget;
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::symmetry::Sym;
use tourglyph_core::{error::Error, error::Result};
use tourglyph_core::{tour::Tour, tour::TourKind};

/// Which tours a [`Quotient`] holds: those fixed by one symmetry, or by both mirrors
/// (and so by the half turn too: the Klein four-group).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fixed {
    /// Fixed by this symmetry (a turn, or a mirror between rows or columns).
    By(Sym),
    /// Fixed by both mirrors. Each mirror's axis is crossed by two edges the other mirror
    /// swaps (see [`crate::count::transfer`]'s Burnside module), so a quarter holds one
    /// path from a cell beside the horizontal axis to one beside the vertical axis: Q is
    /// the quarter plus z, z's edges across the horizontal axis have odd parity, and a
    /// Hamiltonian cycle of Q with odd parity is exactly such a path.
    BothMirrors,
}

impl Fixed {
    /// The group whose orbits are Q's vertices, identity first.
    fn group(self) -> Option<Vec<Sym>> {
        Some(match self {
            Fixed::By(s @ (Sym::Rot90 | Sym::Rot270)) => {
                vec![Sym::Id, s, Sym::Rot180, s.compose(Sym::Rot180)]
            }
            Fixed::By(s @ (Sym::Rot180 | Sym::FlipRows | Sym::FlipCols)) => vec![Sym::Id, s],
            Fixed::By(_) => return None,
            Fixed::BothMirrors => vec![Sym::Id, Sym::Rot180, Sym::FlipRows, Sym::FlipCols],
        })
    }

    /// "half turn", "quarter turn", "top-bottom mirror", "left-right mirror", "both mirrors".
    pub fn name(self) -> &'static str {
        match self {
            Fixed::By(Sym::Rot90 | Sym::Rot270) => "quarter turn",
            Fixed::By(Sym::Rot180) => "half turn",
            Fixed::By(Sym::FlipRows) => "top-bottom mirror",
            Fixed::By(Sym::FlipCols) => "left-right mirror",
            Fixed::By(_) => "identity or a diagonal mirror",
            Fixed::BothMirrors => "both mirrors",
        }
    }
}

/// Which of a symmetry's fixed tours a quotient graph holds. A symmetry s that maps a
/// closed tour C onto itself acts on C as a rotation or a reflection of a cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The tours s turns forward along themselves (by N/|s| steps): C/s is a
    /// Hamiltonian cycle of Q whose voltages add up to a generator of Z_|s|, and no edge
    /// of C joins two cells of one orbit. Every fixed rook tour under a turn; for other
    /// pieces, under any symmetry that fixes no cell.
    Turned,
    /// The tours an involution s reverses: s then fixes exactly two edges of C, each
    /// joining a cell x to s(x), and the rest of C is a path through one cell of each
    /// orbit and its image. Q is the quotient plus one vertex z joined to every orbit
    /// that has such an edge, and the reversed tours are exactly its Hamiltonian cycles
    /// (no voltage condition: the path's lift from x ends at y or s(y), both joined to
    /// their image). Every fixed rook tour under a mirror; for other pieces, an
    /// involution with such edges (the king's mirrors, the knight's half turn on a board
    /// with one odd side).
    Reversed,
}

/// The symmetric tours of one [`Fixed`], as a diagram over its quotient graph.
pub struct Quotient {
    /// Which tours.
    pub fixed: Fixed,
    /// For each quotient edge (diagram variable), the board edges of its orbit.
    orbits: Vec<Vec<u32>>,
    /// For each board edge up to the largest in an orbit, its quotient edge (`u32::MAX`
    /// for none): made once, read by [`Quotient::index`] and [`Quotient::before`], which
    /// the direct path calls at every step of a bisection.
    var: Vec<u32>,
    /// The diagram over the quotient's edges.
    pub zdd: Zdd,
}

/// The quotient graph of `g` by a [`Fixed`]'s group: vertices, edges (by smallest orbit
/// edge), each edge's board orbit and whether it counts for the parity; `None` when the
/// group fixes a cell (then see [`crate::symmetric_tours::Symmetry::why_none`]).
struct Graph {
    vertices: usize,
    edges: Vec<(u32, u32)>,
    orbits: Vec<Vec<u32>>,
    odd: Option<Vec<bool>>,
}

fn quotient_graph(g: &LeapGraph, fixed: Fixed, part: Part) -> Option<Graph> {
    let b = g.board();
    let group = fixed.group()?;
    if group.len() == 4 && !matches!(fixed, Fixed::BothMirrors) && !b.is_square() {
        return None;
    }
    let cells = b.cells() as u32;
    let imgs: Vec<Vec<u32>> = group
        .iter()
        .map(|s| (0..cells).map(|c| s.apply_cell(b, c)).collect())
        .collect();
    // The group must act freely: every orbit has |group| cells.
    let mut min = vec![0u32; cells as usize];
    let mut sheet = vec![0usize; cells as usize];
    for c in 0..cells {
        let mut orbit: Vec<u32> = imgs.iter().map(|m| m[c as usize]).collect();
        let m = *orbit.iter().min().expect("the group has the identity");
        min[c as usize] = m;
        orbit.sort_unstable();
        orbit.dedup();
        if orbit.len() != group.len() {
            return None;
        }
    }
    let turn = part == Part::Turned;
    let rook = g.piece().is_rook();
    if turn {
        // Sheet j: x = s^j(min of its orbit), s the generator (group[1]).
        for c in 0..cells {
            if min[c as usize] == c {
                let mut x = c;
                for j in 0..group.len() {
                    sheet[x as usize] = j;
                    x = imgs[1][x as usize];
                }
            }
        }
    }
    let mut vid = vec![u32::MAX; cells as usize];
    let mut vertices = 0u32;
    for c in 0..cells {
        if min[c as usize] == c {
            vid[c as usize] = vertices;
            vertices += 1;
        }
    }
    let z = vertices; // the mirrors' extra vertex
    let emaps: Vec<Vec<u32>> = group[1..].iter().map(|s| s.edge_map(g)).collect();
    let (mut edges, mut orbits, mut odd) = (Vec::new(), Vec::new(), Vec::new());
    for e in 0..g.edge_count() as u32 {
        let mut orbit: Vec<u32> = std::iter::once(e)
            .chain(emaps.iter().map(|m| m[e as usize]))
            .collect();
        if orbit.iter().any(|&f| f < e) {
            continue; // not the smallest of its orbit
        }
        orbit.sort_unstable();
        orbit.dedup();
        let (u, v) = g.edge(e);
        let (a, c) = (vid[min[u as usize] as usize], vid[min[v as usize] as usize]);
        if a == c {
            // An edge within one cell orbit: a crossing of a mirror's axis (an edge of z),
            // or under a turn an edge no symmetric tour uses.
            if !turn {
                edges.push((a, z));
                orbits.push(orbit);
                // Both mirrors: parity counts the crossings of the horizontal axis.
                let (ru, _) = b.coords(u);
                let (rv, _) = b.coords(v);
                odd.push(fixed == Fixed::BothMirrors && ru != rv);
            }
            continue;
        }
        if rook && !turn && (u == min[u as usize]) != (v == min[v as usize]) {
            // A move between a cell of the fundamental region and one outside it that is
            // no axis crossing: not a rook's; the direct path does not apply.
            return None;
        }
        edges.push((a.min(c), a.max(c)));
        orbits.push(orbit);
        odd.push((sheet[u as usize] + sheet[v as usize]) % 2 == 1);
    }
    let parity = turn || fixed == Fixed::BothMirrors;
    Some(Graph {
        vertices: vertices as usize + usize::from(!turn),
        edges,
        orbits,
        odd: parity.then_some(odd),
    })
}

/// True when the quotient path lists the tours of `g` that `fixed` fixes: closed tours
/// of a plane board of at least 6 cells, a group that fixes no cell, and one [`Part`]
/// that can hold tours ([`parts`]).
pub fn applies(g: &LeapGraph, fixed: Fixed) -> bool {
    quotient_of(g, fixed).is_some()
}

/// The parts of the tours of `g` that `fixed` fixes, each a quotient graph of its own:
/// for rook tours, the turns' tours are all turned and the mirrors' all reversed (the
/// planar argument of the module's notes); for other pieces both mirrors are not
/// handled here, the quarter turn's tours are all turned (a symmetry of order 4 cannot
/// act on a cycle as a reflection, which has order 2), and an involution's are turned,
/// and reversed too where some edge joins a cell to its image. `None` where the
/// group fixes a cell or the board is too small.
pub fn parts(g: &LeapGraph, fixed: Fixed) -> Option<Vec<Part>> {
    let b = g.board();
    let ok = !g.topology().is_torus() && b.cells() >= 6 && b.rows >= 2 && b.cols >= 2;
    if !ok {
        return None;
    }
    let parts = match (g.piece().is_rook(), fixed) {
        (true, Fixed::By(Sym::Rot90 | Sym::Rot270 | Sym::Rot180)) => vec![Part::Turned],
        (true, _) => vec![Part::Reversed],
        (false, Fixed::BothMirrors) => return None,
        (false, Fixed::By(Sym::Rot90 | Sym::Rot270)) => vec![Part::Turned],
        (false, Fixed::By(s)) => {
            let reversed = (0..g.edge_count() as u32).any(|e| {
                let (u, v) = g.edge(e);
                s.apply_cell(b, u) == v
            });
            if reversed {
                vec![Part::Turned, Part::Reversed]
            } else {
                vec![Part::Turned]
            }
        }
    };
    // The group must act freely (checked by the graph).
    quotient_graph(g, fixed, parts[0]).map(|_| parts)
}

/// The quotient graph when [`applies`] holds: the one part there is.
fn quotient_of(g: &LeapGraph, fixed: Fixed) -> Option<Graph> {
    match parts(g, fixed)?[..] {
        [part] => quotient_graph(g, fixed, part),
        _ => None,
    }
}

/// The number of tours of `g` that `fixed` fixes, every [`Part`] counted on its quotient
/// graph without a diagram ([`crate::frontier::count_plan`]), within `budget`. A usage
/// error where [`parts`] gives none, or a quotient's frontier does not fit a state.
pub fn count_fixed(g: &LeapGraph, fixed: Fixed, budget: &Budget) -> Result<u128> {
    let what = |part: Part| {
        format!(
            "the closed {} tours of {} fixed by the {}{}",
            g.piece(),
            g.board(),
            fixed.name(),
            if part == Part::Reversed {
                ", reversed"
            } else {
                ""
            }
        )
    };
    let Some(parts) = parts(g, fixed) else {
        return Err(Error::usage(format!(
            "{} are not counted on a quotient board (it needs closed tours of a plane board and a symmetry fixing no cell)",
            what(Part::Turned)
        )));
    };
    let mut total = 0u128;
    for part in parts {
        let q = quotient_graph(g, fixed, part).expect("parts() built it");
        let plan = plan_of(&q).ok_or_else(|| {
            Error::usage(format!(
                "{}: the quotient board's frontier does not fit a 128-bit state ({} is too wide)",
                what(part),
                g.board()
            ))
        })?;
        total += crate::frontier::count_plan(&plan, &what(part), budget)?.tours;
    }
    Ok(total)
}

/// The frontier plan of a quotient graph, with its parity condition; `None` when a
/// state does not fit 128 bits.
fn plan_of(q: &Graph) -> Option<FrontierPlan> {
    let plan = FrontierPlan::new(q.vertices, &q.edges, false);
    match &q.odd {
        None => plan,
        Some(odd) => plan.and_then(|p| p.with_odd(odd.clone())),
    }
}

impl Quotient {
    /// Build the diagram of the tours of `g` fixed by `sym`, within `budget`. Fails with
    /// a usage error when [`applies`] is false or the frontier does not fit a state.
    pub fn build(g: &LeapGraph, fixed: Fixed, budget: &Budget) -> Result<Quotient> {
        let what = format!(
            "the closed {} tours of {} fixed by the {}",
            g.piece(),
            g.board(),
            fixed.name()
        );
        let Some(q) = quotient_of(g, fixed) else {
            return Err(Error::usage(format!(
                "{what} are not found on a quotient board (it needs closed tours of a plane board, a symmetry fixing no cell, and for pieces other than the rook a symmetry whose tours are all turned or all reversed)"
            )));
        };
        let plan = plan_of(&q).ok_or_else(|| {
            Error::usage(format!(
                "{what}: the quotient board's frontier does not fit a 128-bit state ({} is too wide)",
                g.board()
            ))
        })?;
        let zdd = Zdd::build_plan(&plan, &what, budget)?;
        let edges = q
            .orbits
            .iter()
            .flatten()
            .max()
            .map_or(0, |&e| e as usize + 1);
        let mut var = vec![u32::MAX; edges];
        for (k, orbit) in q.orbits.iter().enumerate() {
            for &e in orbit {
                var[e as usize] = k as u32;
            }
        }
        Ok(Quotient {
            fixed,
            orbits: q.orbits,
            var,
            zdd,
        })
    }

    /// The number of symmetric tours.
    pub fn count(&self) -> u128 {
        self.zdd.count()
    }

    /// The board tour of quotient edges `qedges`.
    pub fn lift(&self, qedges: &[u32]) -> Tour {
        let mut edges: Vec<u32> = qedges
            .iter()
            .flat_map(|&q| self.orbits[q as usize].iter().copied())
            .collect();
        edges.sort_unstable();
        Tour {
            edges,
            kind: TourKind::Closed,
        }
    }

    /// The symmetric tour of index `i` (ID order among the symmetric tours).
    pub fn tour(&self, i: u128) -> Option<Tour> {
        self.zdd.unrank(i).map(|t| self.lift(&t.edges))
    }

    /// The index of a board tour among the symmetric tours, or `None` if it is not one.
    pub fn index(&self, tour: &Tour) -> Option<u128> {
        let mut bits = vec![false; self.var.len()];
        for &e in &tour.edges {
            if let Some(b) = bits.get_mut(e as usize) {
                *b = true;
            } else {
                return None;
            }
        }
        let mut qedges = Vec::new();
        let mut covered = 0;
        for (q, orbit) in self.orbits.iter().enumerate() {
            let n = orbit.iter().filter(|&&e| bits[e as usize]).count();
            if n == orbit.len() {
                qedges.push(q as u32);
                covered += n;
            } else if n > 0 {
                return None;
            }
        }
        if covered != tour.edges.len() {
            return None;
        }
        self.zdd.rank(&qedges)
    }

    /// The number of this quotient's tours that come before `tour` (any set of board
    /// edges, increasing) in ID order. Follows `tour` down the diagram: at the first
    /// board edge where the tours left differ from it, all of them come before (they take
    /// the edge) or after it.
    pub fn before(&self, tour: &[u32]) -> u128 {
        let edges = self
            .var
            .len()
            .max(tour.last().map_or(0, |&e| e as usize + 1));
        let mut has = vec![false; edges];
        for &e in tour {
            has[e as usize] = true;
        }
        let z = &self.zdd;
        let mut x = z.root();
        let mut n = 0u128;
        for e in 0..edges {
            if x == 0 {
                return n;
            }
            let q = self.var.get(e).copied().unwrap_or(u32::MAX);
            if q == u32::MAX {
                // No tour here takes e.
                if has[e] {
                    return n;
                }
                continue;
            }
            let first = self.orbits[q as usize][0] as usize;
            if first == e {
                // A decision: the node's variable, or a skipped (excluded) one.
                let (v, lo, hi) = if x > 1 { z.node(x) } else { (u32::MAX, 0, 0) };
                if v != q {
                    if has[e] {
                        return n;
                    }
                    continue;
                }
                if has[e] {
                    x = hi;
                } else {
                    n += z.node_count(hi);
                    x = lo;
                }
            } else if has[e] != has[first] {
                // Decided at `first` along `tour`'s path; they differ from it here.
                if has[first] {
                    n += z.node_count(x);
                }
                return n;
            }
        }
        n
    }

    /// Walk the symmetric tours with indices in `range`, in order.
    pub fn for_each(
        &self,
        range: std::ops::Range<u128>,
        mut f: impl FnMut(u128, Tour) -> crate::Flow,
    ) -> crate::Flow {
        self.zdd.for_each(range, &mut |found: &crate::Found<'_>| {
            f(found.id, self.lift(found.edges))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tourglyph_core::board::Board;
    use tourglyph_core::piece::Piece;

    /// Each tour fixed by every one of `syms` (its edges, in ID order) handed to `keep`,
    /// by filtering the full diagram, built with a forced budget (knight 8×6's is past
    /// the default time limit: about 2 min and 8.2 GiB).
    fn filter_fixed(g: &LeapGraph, syms: &[Sym], mut keep: impl FnMut(&[u32])) {
        let forced = Budget::new(tourglyph_core::budget::default_memory(), true);
        let z = Zdd::build_with_budget(g, TourKind::Closed, &forced).unwrap();
        let maps: Vec<Vec<u32>> = syms.iter().map(|s| s.edge_map(g)).collect();
        z.for_each(0..z.count(), &mut |f: &crate::Found<'_>| {
            if maps.iter().all(|map| {
                f.edges.iter().all(|&e| {
                    let x = map[e as usize];
                    f.bits[x as usize / 64] >> (x % 64) & 1 == 1
                })
            }) {
                keep(f.edges);
            }
            crate::Flow::Continue
        });
    }

    /// The tours fixed by every one of `syms`, by filtering the full diagram.
    fn fixed_by_filter(g: &LeapGraph, syms: &[Sym]) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        filter_fixed(g, syms, |edges| out.push(edges.to_vec()));
        out
    }

    /// Every symmetry element on small boards: the quotient's tours, lifted, are exactly
    /// the filter's, in the same (ID) order; ranks invert unranks.
    #[test]
    fn quotient_tours_are_the_filtered_tours_in_order() {
        let mut nonzero = 0;
        for (m, n) in [
            (2, 4),
            (3, 4),
            (4, 4),
            (4, 5),
            (4, 6),
            (5, 6),
            (6, 6),
            (4, 7),
            (6, 7),
        ] {
            let g = LeapGraph::new(Board::new(m, n), &Piece::rook()).unwrap();
            for fixed in [
                Fixed::By(Sym::Rot180),
                Fixed::By(Sym::FlipRows),
                Fixed::By(Sym::FlipCols),
                Fixed::By(Sym::Rot90),
                Fixed::BothMirrors,
            ] {
                if !applies(&g, fixed) {
                    continue;
                }
                let q = Quotient::build(&g, fixed, &Budget::default()).unwrap();
                let want = match fixed {
                    Fixed::By(s) => fixed_by_filter(&g, &[s]),
                    _ => fixed_by_filter(&g, &[Sym::FlipRows, Sym::FlipCols]),
                };
                let mut got = Vec::new();
                q.for_each(0..q.count(), |i, t| {
                    assert_eq!(q.index(&t), Some(i));
                    assert_eq!(q.before(&t.edges), i);
                    got.push(t.edges);
                    crate::Flow::Continue
                });
                assert_eq!(got, want, "{m}x{n} {fixed:?}");
                // `before` on tours that are not in the set: every tour of the board.
                let all = Zdd::build(&g, TourKind::Closed).unwrap();
                for id in (0..all.count()).step_by(7) {
                    let t = all.unrank(id).unwrap();
                    let n = want.iter().filter(|w| **w < t.edges).count() as u128;
                    assert_eq!(q.before(&t.edges), n, "{m}x{n} {fixed:?} id {id}");
                }
                nonzero += usize::from(!got.is_empty());
            }
        }
        assert!(nonzero >= 12, "cases with symmetric tours: {nonzero}");
    }

    /// How many tours of the full diagram every one of `syms` fixes (filtered, counted:
    /// 8×6's 55 million tours are not kept).
    fn fixed_by_filter_count(g: &LeapGraph, syms: &[Sym]) -> u128 {
        let mut n = 0;
        filter_fixed(g, syms, |_| n += 1);
        n
    }

    /// The quotient's count of the tours each symmetry fixes (both parts, turned and
    /// reversed) against the full diagram's, filtered, on `boards` (piece, rows,
    /// columns) wherever the group fixes no cell: how many cases have symmetric tours,
    /// and how many have a reversed part and symmetric tours.
    fn compare_with_filter(boards: &[(&str, u32, u32)]) -> (usize, usize) {
        let (mut nonzero, mut reversed) = (0, 0);
        for &(piece, m, n) in boards {
            let g = LeapGraph::new(Board::new(m, n), &piece.parse::<Piece>().unwrap()).unwrap();
            for s in [Sym::Rot180, Sym::FlipRows, Sym::FlipCols, Sym::Rot90] {
                let Some(p) = parts(&g, Fixed::By(s)) else {
                    continue;
                };
                let got = count_fixed(&g, Fixed::By(s), &Budget::default()).unwrap();
                let want = fixed_by_filter_count(&g, &[s]);
                assert_eq!(got, want, "{piece} {m}x{n} {s:?}");
                nonzero += usize::from(got > 0);
                reversed += usize::from(p.len() == 2 && got > 0);
            }
        }
        (nonzero, reversed)
    }

    /// Knights and kings on small boards: the quotient's counts are the filtered
    /// diagram's, reversed tours among them (the knight's half turn on 5×6, the king's
    /// mirrors).
    #[test]
    fn leaper_quotient_counts_are_the_filtered_counts() {
        let (nonzero, reversed) = compare_with_filter(&[
            ("knight", 5, 6),
            ("knight", 6, 6),
            ("knight", 3, 10),
            ("knight", 4, 7),
            ("king", 3, 4),
            ("king", 4, 4),
            ("king", 4, 5),
        ]);
        assert!(nonzero >= 6, "cases with symmetric tours: {nonzero}");
        assert!(reversed >= 2, "cases with reversed tours: {reversed}");
    }

    /// The same on knight 5×8, 6×7 and 8×6 (55 million tours walked three times each; not
    /// 6×8, whose diagram 8 cells wide needs about 18 GiB, the orientation test's case)
    /// and king 4×6: minutes, run with `--ignored`.
    #[test]
    #[ignore = "minutes: the 8x6 diagram walked"]
    fn leaper_quotient_counts_on_bigger_boards() {
        let (nonzero, _) = compare_with_filter(&[
            ("knight", 5, 8),
            ("knight", 6, 7),
            ("knight", 8, 6),
            ("king", 4, 6),
        ]);
        assert!(nonzero >= 3, "cases with symmetric tours: {nonzero}");
    }
}
