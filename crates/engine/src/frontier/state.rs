//! Frontier states and the transition on one edge.
//!
//! Edges are decided one at a time in edge-number order. Before edge i the *frontier* is
//! the set of vertices with an edge before i and an edge at or after i, plus the endpoints
//! of edge i; it is kept sorted by vertex number, one *slot* per vertex. Each slot holds
//! (Knuth's `mate[]` of SIMPATH, relabelled canonically):
//!
//! | value | meaning |
//! |---|---|
//! | 0 | degree 0: no chosen edge yet |
//! | 1 | degree 2: saturated, takes no more edges |
//! | 2 + k | degree 1: an end of partial path k |
//!
//! Path labels are renumbered in slot order of first appearance, so equal partial
//! solutions (equal futures) get equal states. In a closed-tour state every label appears
//! exactly twice (`mate[u] = v` and `mate[v] = u` in SIMPATH's terms). In an open-tour
//! state a label may appear once: that path's other end has left the frontier with degree
//! 1 and is one of the at most two ends of the final path.
//!
//! A vertex leaving the frontier must have degree 2 (closed) or 1 or 2 (open). Taking edge
//! {u, v} when u and v end the same path closes a cycle: allowed only if that cycle is the
//! whole tour — every other frontier slot saturated and no vertex still unseen — and then
//! every later edge is excluded (the 1-terminal). Open tours end the same way when a path
//! gets its second permanent end.
//!
//! States are packed into a `u128`, `bits` bits per slot.

/// Outcome of deciding one edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrontierStep {
    /// No tour extends this choice.
    Dead,
    /// The choice completes a tour; all later edges are excluded.
    Done,
    /// A state of the next level.
    State(u128),
}

/// Frontier layout of one level (edge i).
#[derive(Clone, Debug)]
pub struct Level {
    /// The edge's endpoints' slots in this level's frontier.
    pub su: usize,
    /// Slot of v.
    pub sv: usize,
    /// Frontier size before the edge.
    pub width: usize,
    /// Slots (in this level) that enter here: new vertices (state 0) inserted at these
    /// positions of the *incoming* state, which has `width - entering.len()` slots.
    pub entering: Vec<usize>,
    /// Slots that leave after this edge, increasing.
    pub leaving: Vec<usize>,
    /// Vertices not yet in any frontier after this level's entries.
    pub unseen: usize,
    /// For each slot, the vertex's edges after this one: a vertex that cannot reach its
    /// degree with them is dead now rather than when it leaves.
    pub future: Vec<u8>,
}

/// The frontier plan of a graph: one [`Level`] per edge.
#[derive(Clone, Debug)]
pub struct FrontierPlan {
    /// Levels, one per edge.
    pub levels: Vec<Level>,
    /// Bits per slot.
    pub bits: u32,
    /// True for open tours.
    pub open: bool,
    /// Edges whose count must be odd in every tour (empty: no condition). The parity so
    /// far is the state's top bit (bit 127), so slots then fit 127 bits. Used for the
    /// quotient diagrams of symmetric tours ([`crate::symmetric_tours::quotient`]): a cycle of the
    /// quotient lifts to one tour iff it uses an odd number of sheet-changing edges.
    pub odd: Vec<bool>,
}

/// Bit of a state holding the parity of the [`FrontierPlan::odd`] edges taken.
const PARITY: u128 = 1 << 127;

impl FrontierPlan {
    /// Lay out the frontiers of a graph with `n` vertices and edges `edges` (increasing).
    /// Returns `None` when a state does not fit 128 bits.
    pub fn new(n: usize, edges: &[(u32, u32)], open: bool) -> Option<FrontierPlan> {
        let m = edges.len();
        let mut first = vec![usize::MAX; n];
        let mut last = vec![0usize; n];
        for (i, &(u, v)) in edges.iter().enumerate() {
            for w in [u as usize, v as usize] {
                first[w] = first[w].min(i);
                last[w] = last[w].max(i);
            }
        }
        // remaining[w] - (i + 1) = number of w's edges after edge i, via the count of
        // edges of w at or before each index: precompute the sorted incident edge lists.
        let mut incident: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, &(u, v)) in edges.iter().enumerate() {
            incident[u as usize].push(i);
            incident[v as usize].push(i);
        }
        let mut frontier: Vec<u32> = Vec::new();
        let mut levels = Vec::with_capacity(m);
        let mut seen = 0usize;
        let mut max_width = 0;
        for (i, &(u, v)) in edges.iter().enumerate() {
            let mut entering = Vec::new();
            for w in [u, v] {
                if first[w as usize] == i {
                    let pos = frontier.partition_point(|&x| x < w);
                    frontier.insert(pos, w);
                    seen += 1;
                }
            }
            // Positions of entering vertices in the final frontier, increasing.
            for (p, &w) in frontier.iter().enumerate() {
                if first[w as usize] == i {
                    entering.push(p);
                }
            }
            // A state holds at least two bits a slot in 128 bits: a frontier past 64
            // slots can never fit, so stop here rather than lay out the rest (a level's
            // `future` is as wide as its frontier: a board 100,000 columns wide would
            // take gigabytes before the check below).
            if frontier.len() > 64 {
                return None;
            }
            let su = frontier.binary_search(&u).ok()?;
            let sv = frontier.binary_search(&v).ok()?;
            let leaving: Vec<usize> = frontier
                .iter()
                .enumerate()
                .filter(|&(_, &w)| last[w as usize] == i)
                .map(|(p, _)| p)
                .collect();
            max_width = max_width.max(frontier.len());
            let future = frontier
                .iter()
                .map(|&w| {
                    let inc = &incident[w as usize];
                    (inc.len() - inc.partition_point(|&e| e <= i)).min(2) as u8
                })
                .collect();
            levels.push(Level {
                future,
                su,
                sv,
                width: frontier.len(),
                entering,
                leaving,
                unseen: n - seen,
            });
            frontier.retain(|&w| last[w as usize] != i);
        }
        // Values go up to 1 + number of labels ≤ 1 + width.
        let bits = (usize::BITS - (max_width + 1).leading_zeros()).max(2);
        if bits as usize * max_width > 128 {
            return None;
        }
        Some(FrontierPlan {
            levels,
            bits,
            open,
            odd: Vec::new(),
        })
    }

    /// Require an odd number of the edges marked in `odd` (one flag per edge) in every
    /// tour. `None` when the slots and the parity bit do not fit 128 bits.
    pub fn with_odd(mut self, odd: Vec<bool>) -> Option<FrontierPlan> {
        let max_width = self.levels.iter().map(|l| l.width).max().unwrap_or(0);
        if self.bits as usize * max_width > 127 || odd.len() != self.levels.len() {
            return None;
        }
        self.odd = odd;
        Some(self)
    }

    /// Unpack `width` slots.
    #[inline]
    pub fn unpack(&self, s: u128, width: usize, out: &mut [u8]) {
        let mask = (1u128 << self.bits) - 1;
        for (j, o) in out[..width].iter_mut().enumerate() {
            *o = ((s >> (j as u32 * self.bits)) & mask) as u8;
        }
    }

    /// Relabel canonically and pack.
    #[inline]
    pub fn pack(&self, slots: &[u8]) -> u128 {
        let mut map = [0u8; 256];
        let mut nextl = 2u8;
        let mut s = 0u128;
        for (j, &x) in slots.iter().enumerate() {
            let y = if x < 2 {
                x
            } else {
                if map[x as usize] == 0 {
                    map[x as usize] = nextl;
                    nextl += 1;
                }
                map[x as usize]
            };
            s |= u128::from(y) << (j as u32 * self.bits);
        }
        s
    }

    /// Decide edge `i` (`take` = include it) from state `s` of level i (whose slots are
    /// the level's frontier minus its entering vertices).
    pub fn step(&self, i: usize, s: u128, take: bool) -> FrontierStep {
        if self.odd.is_empty() {
            return self.step_slots(i, s, take);
        }
        let parity = (s & PARITY) ^ if take && self.odd[i] { PARITY } else { 0 };
        match self.step_slots(i, s & !PARITY, take) {
            FrontierStep::Done if parity == 0 => FrontierStep::Dead,
            FrontierStep::State(t) => FrontierStep::State(t | parity),
            other => other,
        }
    }

    /// [`FrontierPlan::step`] on the slots alone (no parity bit in `s`).
    fn step_slots(&self, i: usize, s: u128, take: bool) -> FrontierStep {
        let lv = &self.levels[i];
        let mut a = [0u8; 128];
        // Unpack the incoming state and insert entering vertices as 0.
        {
            let inc = lv.width - lv.entering.len();
            let mut tmp = [0u8; 128];
            self.unpack(s, inc, &mut tmp);
            let (mut k, mut e) = (0, 0);
            for (p, slot) in a[..lv.width].iter_mut().enumerate() {
                if e < lv.entering.len() && lv.entering[e] == p {
                    *slot = 0;
                    e += 1;
                } else {
                    *slot = tmp[k];
                    k += 1;
                }
            }
        }
        let w = lv.width;
        let a = &mut a[..w];
        if take {
            let (x, y) = (a[lv.su], a[lv.sv]);
            if x == 1 || y == 1 {
                return FrontierStep::Dead;
            }
            match (x, y) {
                (0, 0) => {
                    // A fresh label, larger than any in use.
                    let l = 2 + w as u8;
                    a[lv.su] = l;
                    a[lv.sv] = l;
                }
                (0, l) | (l, 0) => {
                    let (end, fresh) = if x == 0 {
                        (lv.sv, lv.su)
                    } else {
                        (lv.su, lv.sv)
                    };
                    a[end] = 1;
                    a[fresh] = l;
                }
                (l1, l2) => {
                    a[lv.su] = 1;
                    a[lv.sv] = 1;
                    if l1 == l2 {
                        // Closing a cycle.
                        if self.open {
                            return FrontierStep::Dead;
                        }
                        return if lv.unseen == 0 && a.iter().all(|&z| z == 1) {
                            FrontierStep::Done
                        } else {
                            FrontierStep::Dead
                        };
                    }
                    let ends1 = a.iter().filter(|&&z| z == l1).count();
                    let ends2 = a.iter().filter(|&&z| z == l2).count();
                    if ends1 == 0 && ends2 == 0 {
                        // Both paths had a permanent end: the path is complete.
                        return self.complete(a, lv.unseen);
                    }
                    for z in a.iter_mut() {
                        if *z == l2 {
                            *z = l1;
                        }
                    }
                }
            }
        }
        // Look ahead: every vertex must still be able to reach degree 2 (closed) or, for
        // open tours, degree 1.
        for (p, &z) in a.iter().enumerate() {
            let deg = match z {
                0 => 0,
                1 => 2,
                _ => 1,
            };
            let need = if self.open { 1 } else { 2 };
            if deg < need && deg + lv.future[p] < need {
                return FrontierStep::Dead;
            }
        }
        // Vertices leaving after this edge.
        for &p in &lv.leaving {
            match a[p] {
                0 => return FrontierStep::Dead,
                1 => {}
                l => {
                    if !self.open {
                        return FrontierStep::Dead;
                    }
                    a[p] = 1; // provisionally saturated, removed below
                    if !a.contains(&l) {
                        // Its path's other end was permanent already: the path is done.
                        return self.complete(a, lv.unseen);
                    }
                    // Mark the partner as having a permanent other end: it stays labelled
                    // l, appearing once after the removal. Count permanent ends below.
                }
            }
        }
        let mut out = [0u8; 128];
        let mut k = 0;
        let mut li = 0;
        for (p, &z) in a.iter().enumerate() {
            if li < lv.leaving.len() && lv.leaving[li] == p {
                li += 1;
                continue;
            }
            out[k] = z;
            k += 1;
        }
        let out = &out[..k];
        if self.open {
            // At most two permanent ends: labels appearing once.
            let mut singles = 0;
            for (j, &z) in out.iter().enumerate() {
                if z >= 2 && !out[..j].contains(&z) && !out[j + 1..].contains(&z) {
                    singles += 1;
                }
            }
            if singles > 2 {
                return FrontierStep::Dead;
            }
        }
        FrontierStep::State(self.pack(out))
    }

    /// The path (or cycle) just completed: a tour iff nothing else is left to cover.
    fn complete(&self, a: &[u8], unseen: usize) -> FrontierStep {
        if unseen == 0 && a.iter().all(|&z| z == 1) {
            FrontierStep::Done
        } else {
            FrontierStep::Dead
        }
    }
}
