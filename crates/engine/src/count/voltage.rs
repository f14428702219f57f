//! Hamiltonian cycles of a small multigraph whose edges carry voltages in Z_k, counted by
//! a frontier sweep an edge at a time (Minato's frontier method, with the voltage of each
//! open path in its state).
//!
//! A tour fixed by a symmetry σ of order k that moves every cell is, seen from the
//! quotient of the board by ⟨σ⟩, a Hamiltonian cycle whose voltages (how far along σ
//! each edge steps: covering-graph theory, Gross and Tucker 1977) add up to a generator
//! of Z_k; [`crate::count::torus_classes`] builds those quotients. With k = 1 it counts
//! plain Hamiltonian cycles, and an edge marked `required` must be in every cycle
//! counted (how the torus's reflected tours pin a path's end to a fixed cell).
//!
//! The vertices are taken in an order chosen to keep the frontier narrow (greedily, from
//! several starts), each vertex's edges to earlier vertices in turn. A state gives each
//! frontier vertex a field: untouched, done (degree 2), or the end of an open path with
//! its partner's slot and the path's voltage from this end to the other. Counts are
//! exact (u128).

use rustc_hash::FxHashMap;
use tourglyph_core::error::{Error, Result};

/// One edge of the quotient: `volt` is its voltage from `u` to `v` (taken negated the
/// other way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arc {
    /// One end.
    pub u: u32,
    /// The other end.
    pub v: u32,
    /// The voltage from `u` to `v`, below k.
    pub volt: u32,
    /// Every cycle counted must use this edge.
    pub required: bool,
}

/// A field's tag: untouched (degree 0).
const EMPTY: u128 = 0;
/// A field's tag: degree 2.
const FULL: u128 = 31;
/// Tag bits; tags 1..=30 are a partner's slot plus one.
const TAG_BITS: u32 = 5;
/// A field's tag bits.
const TAG_MASK: u128 = (1 << TAG_BITS) - 1;
/// The most frontier slots a state holds.
const MAX_SLOTS: usize = 30;

/// A count of Hamiltonian cycles with voltages, planned: its order chosen, so that its
/// width can be checked before it runs.
pub struct Sweep {
    k: u32,
    how: How,
}

enum How {
    /// Known without a sweep (a single vertex, a vertex of degree below 2).
    Known(u128),
    /// The arcs in sweep order and the slots of the sweep.
    Run(Vec<Arc>, Plan),
}

impl Sweep {
    /// Plan the count of the Hamiltonian cycles of the multigraph on `vertices` vertices
    /// with `arcs`, whose voltages add up (around the cycle) to a generator of Z_k, and
    /// that use every required arc. `first`, if given, is swept first (an apex joined to
    /// many vertices). A single vertex's cycles are its loops; otherwise loops are
    /// ignored. `hints` are vertex orders to try beside the greedy one (each a
    /// permutation of the vertices, `first` first); the sweep takes the order with the
    /// narrowest frontier. Fails when the frontier is too wide for a state.
    pub fn new(
        vertices: u32,
        arcs: &[Arc],
        k: u32,
        first: Option<u32>,
        hints: &[Vec<u32>],
    ) -> Result<Sweep> {
        assert!(k >= 1, "voltages are in Z_k, k ≥ 1");
        let known = |n: u128| {
            Ok(Sweep {
                k,
                how: How::Known(n),
            })
        };
        let generates = |x: u32| num_integer::gcd(x % k, k) == 1;
        if vertices == 0 {
            return known(0);
        }
        if vertices == 1 {
            // Loops are the only cycles; a required arc must be the loop itself.
            let required = arcs.iter().filter(|a| a.required).count();
            return known(match required {
                0 => arcs.iter().filter(|a| generates(a.volt)).count() as u128,
                1 => arcs
                    .iter()
                    .filter(|a| a.required && generates(a.volt))
                    .count() as u128,
                _ => 0,
            });
        }
        let arcs: Vec<Arc> = arcs.iter().copied().filter(|a| a.u != a.v).collect();
        let v = vertices as usize;
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); v];
        for a in &arcs {
            adj[a.u as usize].push(a.v as usize);
            adj[a.v as usize].push(a.u as usize);
        }
        if adj.iter().any(|n| n.len() < 2) {
            return known(0);
        }
        let mut orders = greedy_orders(&adj, first.map(|f| f as usize));
        orders.extend(
            hints
                .iter()
                .map(|h| h.iter().map(|&x| x as usize).collect::<Vec<usize>>()),
        );
        // The order whose sweep holds the fewest vertices at its widest (then in all).
        let mut best: Option<((u32, u64), Vec<Arc>)> = None;
        for order in orders {
            let seq = in_order(&arcs, &order, v);
            let (widest, sum) = slots_needed(v, &seq);
            if best.as_ref().is_none_or(|(b, _)| (widest, sum) < *b) {
                best = Some(((widest, sum), seq));
            }
        }
        let seq = best.expect("one order at least").1;
        let plan = Plan::new(v, &seq, k)?;
        Ok(Sweep {
            k,
            how: How::Run(seq, plan),
        })
    }

    /// The most vertices in the frontier at once (0 when no sweep is needed).
    pub fn widest(&self) -> u32 {
        match &self.how {
            How::Known(_) => 0,
            How::Run(_, plan) => plan.live.iter().map(|m| m.count_ones()).max().unwrap_or(0),
        }
    }

    /// The number of cycles. Fails if it (or a partial count) reaches 2^128.
    pub fn count(&self) -> Result<u128> {
        match &self.how {
            How::Known(n) => Ok(*n),
            How::Run(seq, plan) => plan.run(seq, self.k),
        }
    }
}

/// `arcs` in the sweep of `order`: each vertex's edges to earlier vertices, earliest first.
fn in_order(arcs: &[Arc], order: &[usize], v: usize) -> Vec<Arc> {
    assert_eq!(order.len(), v, "an order holds every vertex");
    let mut pos = vec![0usize; v];
    for (i, &x) in order.iter().enumerate() {
        pos[x] = i;
    }
    let mut seq: Vec<Arc> = arcs.to_vec();
    seq.sort_by_key(|a| {
        let (p, q) = (pos[a.u as usize], pos[a.v as usize]);
        (p.max(q), p.min(q))
    });
    seq
}

/// The frontier of the sweep `seq`: its most vertices at once, and the sum over arcs.
fn slots_needed(v: usize, seq: &[Arc]) -> (u32, u64) {
    let (mut first, mut last) = (vec![usize::MAX; v], vec![0usize; v]);
    for (i, a) in seq.iter().enumerate() {
        for x in [a.u as usize, a.v as usize] {
            first[x] = first[x].min(i);
            last[x] = i;
        }
    }
    let mut delta = vec![0i64; seq.len() + 1];
    for x in 0..v {
        if first[x] != usize::MAX {
            delta[first[x]] += 1;
            delta[last[x] + 1] -= 1;
        }
    }
    let (mut live, mut widest, mut sum) = (0i64, 0i64, 0u64);
    for d in &delta[..seq.len()] {
        live += d;
        widest = widest.max(live);
        sum += live as u64;
    }
    (widest as u32, sum)
}

/// Vertex orders with a narrow frontier, one from each of a few starts (or from `first`
/// alone): greedily add the vertex, among those touching the placed ones, that leaves
/// the fewest placed vertices with unplaced neighbours. [`Sweep::new`] measures them.
fn greedy_orders(adj: &[Vec<usize>], first: Option<usize>) -> Vec<Vec<usize>> {
    let v = adj.len();
    let starts: Vec<usize> = match first {
        Some(f) => vec![f],
        None => (0..v).step_by(v.div_ceil(12).max(1)).collect(),
    };
    starts
        .into_iter()
        .map(|s| {
            let mut placed = vec![false; v];
            // Unplaced neighbours of each vertex, with multiplicity.
            let mut open: Vec<usize> = adj.iter().map(Vec::len).collect();
            // Placed vertices with unplaced neighbours.
            let mut active = 0usize;
            let mut order = Vec::with_capacity(v);
            let mut x = s;
            loop {
                placed[x] = true;
                for &y in &adj[x] {
                    open[y] -= 1;
                    if placed[y] && y != x && open[y] == 0 {
                        active -= 1;
                    }
                }
                if open[x] > 0 {
                    active += 1;
                }
                order.push(x);
                if order.len() == v {
                    return order;
                }
                // The next vertex: touching the placed ones if any does, then the narrowest.
                let mut pick: Option<(bool, usize, usize)> = None;
                for y in (0..v).filter(|&y| !placed[y]) {
                    let touches = adj[y].iter().any(|&z| placed[z]);
                    let mut after = active + usize::from(open[y] > 0);
                    let mut seen: Vec<usize> = Vec::new();
                    for &z in &adj[y] {
                        if placed[z] && !seen.contains(&z) {
                            seen.push(z);
                            // y is z's last unplaced neighbour: z leaves the frontier.
                            if open[z] == adj[z].iter().filter(|&&w| w == y).count() {
                                after -= 1;
                            }
                        }
                    }
                    let key = (!touches, after, y);
                    if pick.is_none_or(|p| key < p) {
                        pick = Some(key);
                    }
                }
                x = pick.expect("an unplaced vertex is left").2;
            }
        })
        .collect()
}

/// The slots of a sweep: each arc's two slots, which vertices leave after it, and from
/// which arc a cycle may close.
struct Plan {
    /// Per arc: the slots of its ends.
    slots: Vec<(usize, usize)>,
    /// Per arc: the slots freed after it (their vertices must then have degree 2).
    leave: Vec<Vec<usize>>,
    /// Per arc: the slots in use while it is processed.
    live: Vec<u128>,
    /// The first arc at which every vertex is in (or through) the frontier and no
    /// required arc is still to come: a cycle may close there or later.
    close_from: usize,
    /// Bits of one field.
    width: u32,
}

impl Plan {
    fn new(v: usize, seq: &[Arc], k: u32) -> Result<Plan> {
        let mut last = vec![usize::MAX; v];
        let mut first = vec![usize::MAX; v];
        for (i, a) in seq.iter().enumerate() {
            for x in [a.u as usize, a.v as usize] {
                if first[x] == usize::MAX {
                    first[x] = i;
                }
                last[x] = i;
            }
        }
        let entered = first.iter().copied().max().unwrap_or(0);
        let last_required = seq.iter().rposition(|a| a.required).unwrap_or(0);
        let volt_bits = 32 - (k - 1).leading_zeros();
        let width = TAG_BITS + volt_bits;
        let mut slot_of = vec![usize::MAX; v];
        let mut free: Vec<bool> = vec![true; MAX_SLOTS];
        let (mut slots, mut leave, mut live) = (Vec::new(), Vec::new(), Vec::new());
        let mut widest = 0usize;
        for (i, a) in seq.iter().enumerate() {
            let mut take = |x: usize, slot_of: &mut Vec<usize>| -> Result<usize> {
                if slot_of[x] == usize::MAX {
                    let s = free.iter().position(|&f| f).ok_or_else(too_wide)?;
                    free[s] = false;
                    slot_of[x] = s;
                }
                Ok(slot_of[x])
            };
            let su = take(a.u as usize, &mut slot_of)?;
            let sv = take(a.v as usize, &mut slot_of)?;
            slots.push((su, sv));
            let mut mask = 0u128;
            for (s, &f) in free.iter().enumerate() {
                if !f {
                    mask |= 1 << s;
                    widest = widest.max(s + 1);
                }
            }
            live.push(mask);
            let mut out = Vec::new();
            for x in [a.u as usize, a.v as usize] {
                if last[x] == i && slot_of[x] != usize::MAX && !out.contains(&slot_of[x]) {
                    out.push(slot_of[x]);
                    free[slot_of[x]] = true;
                }
            }
            leave.push(out);
        }
        if widest as u32 * width > 128 {
            return Err(too_wide());
        }
        Ok(Plan {
            slots,
            leave,
            live,
            close_from: entered.max(last_required),
            width,
        })
    }

    fn get(&self, st: u128, slot: usize) -> (u128, u32) {
        let f = (st >> (slot as u32 * self.width)) & ((1u128 << self.width) - 1);
        (f & TAG_MASK, (f >> TAG_BITS) as u32)
    }

    fn set(&self, st: u128, slot: usize, tag: u128, volt: u32) -> u128 {
        let shift = slot as u32 * self.width;
        let mask = ((1u128 << self.width) - 1) << shift;
        (st & !mask) | ((tag | (u128::from(volt) << TAG_BITS)) << shift)
    }

    /// Free the slots whose vertices leave after arc `i`: each must have degree 2.
    fn leave(&self, st: u128, i: usize) -> Option<u128> {
        let mut st = st;
        for &s in &self.leave[i] {
            if self.get(st, s).0 != FULL {
                return None;
            }
            st = self.set(st, s, EMPTY, 0);
        }
        Some(st)
    }

    fn run(&self, seq: &[Arc], k: u32) -> Result<u128> {
        let add = |x: u32, y: u32| (x + y) % k;
        let neg = |x: u32| (k - x % k) % k;
        let mut cur: FxHashMap<u128, u128> = FxHashMap::default();
        cur.insert(0, 1);
        let mut total = 0u128;
        for (i, a) in seq.iter().enumerate() {
            let (sa, sb) = self.slots[i];
            let w = a.volt % k;
            let mut next: FxHashMap<u128, u128> =
                FxHashMap::with_capacity_and_hasher(cur.len() * 2, Default::default());
            let mut wrapped = false;
            let mut push = |st: u128, n: u128| {
                if let Some(st) = self.leave(st, i) {
                    let e = next.entry(st).or_insert(0);
                    match e.checked_add(n) {
                        Some(x) => *e = x,
                        None => wrapped = true,
                    }
                }
            };
            for (&st, &n) in &cur {
                if !a.required {
                    push(st, n);
                }
                let (ta, va) = self.get(st, sa);
                let (tb, vb) = self.get(st, sb);
                if ta == FULL || tb == FULL {
                    continue;
                }
                let s2 = match (ta, tb) {
                    (EMPTY, EMPTY) => {
                        let s = self.set(st, sa, sb as u128 + 1, w);
                        self.set(s, sb, sa as u128 + 1, neg(w))
                    }
                    (EMPTY, _) => {
                        // b's path runs b … pb; a joins its end.
                        let pb = (tb - 1) as usize;
                        let x = add(w, vb);
                        let s = self.set(st, sa, pb as u128 + 1, x);
                        let s = self.set(s, pb, sa as u128 + 1, neg(x));
                        self.set(s, sb, FULL, 0)
                    }
                    (_, EMPTY) => {
                        let pa = (ta - 1) as usize;
                        let x = add(va, neg(w)); // b … a … pa
                        let s = self.set(st, sb, pa as u128 + 1, x);
                        let s = self.set(s, pa, sb as u128 + 1, neg(x));
                        self.set(s, sa, FULL, 0)
                    }
                    _ => {
                        let (pa, pb) = ((ta - 1) as usize, (tb - 1) as usize);
                        if pa == sb {
                            // a and b end one path: this arc closes the cycle.
                            if i < self.close_from {
                                continue;
                            }
                            let others_full = (0..MAX_SLOTS).all(|s| {
                                self.live[i] & (1 << s) == 0
                                    || s == sa
                                    || s == sb
                                    || self.get(st, s).0 == FULL
                            });
                            if others_full && num_integer::gcd(add(w, vb), k) == 1 {
                                total = total.checked_add(n).ok_or_else(overflow)?;
                            }
                            continue;
                        }
                        // pa … a – b … pb.
                        let x = add(add(neg(va), w), vb);
                        let s = self.set(st, pa, pb as u128 + 1, x);
                        let s = self.set(s, pb, pa as u128 + 1, neg(x));
                        let s = self.set(s, sa, FULL, 0);
                        self.set(s, sb, FULL, 0)
                    }
                };
                push(s2, n);
            }
            if wrapped {
                return Err(overflow());
            }
            cur = next;
        }
        Ok(total)
    }
}

/// The error of a count that reaches 2^128.
pub fn overflow() -> Error {
    Error::runtime(
        "a fixed-tour count reached 2^128, more than the quotient sweep keeps exactly: count the tours without --classes",
    )
}

fn too_wide() -> Error {
    Error::runtime(format!(
        "a quotient of the torus is too wide for the fixed-tour sweep (more than {MAX_SLOTS} frontier slots, or 128 bits a state)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cycles of `arcs` with voltages in Z_k, in the greedy order.
    fn cycles(vertices: u32, arcs: &[Arc], k: u32) -> u128 {
        Sweep::new(vertices, arcs, k, None, &[])
            .and_then(|s| s.count())
            .unwrap()
    }

    fn arcs(edges: &[(u32, u32)]) -> Vec<Arc> {
        edges
            .iter()
            .map(|&(u, v)| Arc {
                u,
                v,
                volt: 0,
                required: false,
            })
            .collect()
    }

    /// Plain Hamiltonian cycles (k = 1): K4 has 3, the 4×4 grid 6 (A003763), the
    /// C_4 × C_5 torus 2,930 (A216588); a required edge keeps the cycles through it.
    #[test]
    fn plain_cycles() {
        let k4 = arcs(&[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
        assert_eq!(cycles(4, &k4, 1), 3);
        let mut one = k4.clone();
        one[0].required = true;
        assert_eq!(cycles(4, &one, 1), 2);
        let grid = |m: u32, n: u32, wrap: bool| {
            let mut e = Vec::new();
            for r in 0..m {
                for c in 0..n {
                    if c + 1 < n || wrap {
                        e.push((r * n + c, r * n + (c + 1) % n));
                    }
                    if r + 1 < m || wrap {
                        e.push((r * n + c, ((r + 1) % m) * n + c));
                    }
                }
            }
            arcs(&e)
        };
        assert_eq!(cycles(16, &grid(4, 4, false), 1), 6);
        assert_eq!(cycles(20, &grid(4, 5, true), 1), 2930);
    }

    /// Voltages: the 9-cycle's quotient by its turn of order 3 is a triangle whose one
    /// wrapping edge has voltage 1 or 2 (generators of Z_3): it lifts to one cycle; with
    /// voltage 0 it lifts to three triangles, no cycle. Two vertices joined by edges of
    /// voltages 0 and 1 (Z_2) lift to a 4-cycle; by one edge, to nothing.
    #[test]
    fn voltages_must_generate() {
        let arc = |u, v, volt| Arc {
            u,
            v,
            volt,
            required: false,
        };
        let tri = |w| vec![arc(0, 1, 0), arc(1, 2, 0), arc(2, 0, w)];
        assert_eq!(cycles(3, &tri(1), 3), 1);
        assert_eq!(cycles(3, &tri(2), 3), 1);
        assert_eq!(cycles(3, &tri(0), 3), 0);
        let two = vec![arc(0, 1, 0), arc(0, 1, 1)];
        assert_eq!(cycles(2, &two, 2), 1);
        assert_eq!(cycles(2, &two[..1], 2), 0);
    }
}
