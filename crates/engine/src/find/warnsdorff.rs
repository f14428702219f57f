//! Warnsdorff's rule (1823): move to the square with the fewest onward moves — as a
//! backtracking search under a node budget for small boards, and as a single linear pass
//! for large ones.
//!
//! **Tie-break.** Among candidates with the same number of onward moves the default is
//! Roth's rule: take the square farthest from the centre of the board (squared Euclidean
//! distance), then the smaller cell number. With a seed, ties are broken by a random
//! priority drawn once per cell from a PCG stream seeded by the seed (the exercise of the
//! seed essay "randomise the choice from amongst the lowest valency vertices"), so a seed
//! gives a different but reproducible tour.
//!
//! **Backtracking** ([`search`]) is depth-first in Warnsdorff order with the dead-square
//! pruning of Roger Hui's J essay, extended to one-exit squares. Let `free(x)` be the number
//! of unvisited neighbours of an unvisited square x (for a closed tour the start counts as
//! unvisited, as the tour must come back to it). Then
//! - a square with `free = 0` not next to the head can never be entered: dead end;
//! - a square with `free = 0` next to the head must be the next and last square;
//! - a square with `free = 1` not next to the head can be entered but never left, so it is
//!   the end of the tour: at most one such square (none when the end is prescribed and it
//!   is another square; for a closed tour it must be next to the start).
//!
//! **Closed tours** are found as open ones closed by Pósa's rotations
//! ([`close_by_rotation`]); [`find_with_restarts`] restarts with seeded tie-breaks when an
//! attempt runs out of budget (heavy-tailed searches: the seed essay's "milliseconds from
//! one square, days from another").
//!
//! A search can also be asked to contain prescribed edges and to end on a prescribed cell;
//! the constructions use that to make blocks that glue together. The node budget makes
//! the search honest: it reports [`Outcome::Budget`] rather than running for days
//! (the seed essay's OCaml program did).

use rand_core::{Rng, SeedableRng};
use tourglyph_core::board::Board;

/// How ties between equally constrained squares are broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// Roth: farthest from the centre first, then the smaller cell.
    Roth,
    /// A random priority per cell from this seed.
    Seeded(u64),
    /// For closed tours: farthest from this cell (the start) first, then Roth's rule, so
    /// the tour comes back towards its start only at the end (the seed essay's exercise 3).
    AwayFrom(u32),
}

impl TieBreak {
    /// The priority of each cell (smaller is tried first).
    pub fn priorities(self, board: Board) -> Vec<u64> {
        let n = board.cells();
        match self {
            TieBreak::Roth => {
                let (m, w) = (i64::from(board.rows), i64::from(board.cols));
                (0..n as u32)
                    .map(|v| {
                        let (r, c) = board.coords(v);
                        let dr = 2 * i64::from(r) - (m - 1);
                        let dc = 2 * i64::from(c) - (w - 1);
                        let far = (dr * dr + dc * dc) as u64;
                        // Farther first: invert, then break by cell number.
                        ((u64::from(u32::MAX) - far.min(u64::from(u32::MAX))) << 32) | u64::from(v)
                    })
                    .collect()
            }
            TieBreak::AwayFrom(s) => {
                let roth = TieBreak::Roth.priorities(board);
                let (sr, sc) = board.coords(s);
                (0..n as u32)
                    .map(|v| {
                        let (r, c) = board.coords(v);
                        let dr = i64::from(r) - i64::from(sr);
                        let dc = i64::from(c) - i64::from(sc);
                        let d = (dr * dr + dc * dc) as u64;
                        ((u64::from(u32::MAX) - d.min(u64::from(u32::MAX))) << 32)
                            | (roth[v as usize] >> 32)
                    })
                    .collect()
            }
            TieBreak::Seeded(s) => {
                let mut rng = rand_pcg::Pcg32::seed_from_u64(s);
                (0..n as u32)
                    .map(|v| (u64::from(rng.next_u32()) << 32) | u64::from(v))
                    .collect()
            }
        }
    }
}

/// One search request.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The board.
    pub board: Board,
    /// Move vectors (dr, dc).
    pub moves: Vec<(i64, i64)>,
    /// The first cell.
    pub start: u32,
    /// A closed tour (the last cell a move from the start)?
    pub closed: bool,
    /// The last cell, for an open tour that must end there.
    pub end: Option<u32>,
    /// Edges the tour must contain (each a legal move).
    pub required: Vec<(u32, u32)>,
    /// Tie-break rule.
    pub tie: TieBreak,
    /// Largest number of search nodes (squares entered) before giving up.
    pub budget: u64,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A tour, as cells from the start.
    Found(Vec<u32>),
    /// The search space was exhausted: no such tour.
    None,
    /// The budget ran out first.
    Budget,
}

/// Result of [`search`]: the outcome and the number of nodes used.
#[derive(Clone, Debug)]
pub struct Searched {
    /// Found, none, or out of budget.
    pub outcome: Outcome,
    /// Squares entered.
    pub nodes: u64,
}

const NONE: u32 = u32::MAX;

/// Adjacency lists of a small board (CSR).
pub struct Adj {
    off: Vec<u32>,
    to: Vec<u32>,
}

impl Adj {
    /// Build the move graph of `moves` on `board`.
    pub fn new(board: Board, moves: &[(i64, i64)]) -> Adj {
        let n = board.cells();
        let mut off = Vec::with_capacity(n + 1);
        let mut to = Vec::with_capacity(n * moves.len() / 2);
        off.push(0);
        let (m, w) = (i64::from(board.rows), i64::from(board.cols));
        for v in 0..n as u32 {
            let (r, c) = board.coords(v);
            for &(dr, dc) in moves {
                let (r2, c2) = (i64::from(r) + dr, i64::from(c) + dc);
                if (0..m).contains(&r2) && (0..w).contains(&c2) {
                    to.push(board.cell(r2 as u32, c2 as u32));
                }
            }
            off.push(to.len() as u32);
        }
        Adj { off, to }
    }

    /// The same graph with one more edge u–v (e.g. a "jump" that joins two paths into one).
    pub fn with_edge(&self, u: u32, v: u32) -> Adj {
        let n = self.off.len() - 1;
        let mut off = Vec::with_capacity(n + 1);
        let mut to = Vec::with_capacity(self.to.len() + 2);
        off.push(0);
        for x in 0..n as u32 {
            to.extend_from_slice(self.of(x));
            if x == u {
                to.push(v);
            }
            if x == v {
                to.push(u);
            }
            off.push(to.len() as u32);
        }
        Adj { off, to }
    }

    /// Neighbours of `v`.
    #[inline]
    pub fn of(&self, v: u32) -> &[u32] {
        &self.to[self.off[v as usize] as usize..self.off[v as usize + 1] as usize]
    }

    /// Are `u` and `v` a move apart?
    pub fn adjacent(&self, u: u32, v: u32) -> bool {
        self.of(u).contains(&v)
    }
}

/// Search state: the path, free counts and the counters of the pruning rules.
struct State<'a> {
    adj: &'a Adj,
    n: usize,
    visited: Vec<bool>,
    free: Vec<u8>,
    /// Class of each cell for the one-exit rule: 1 = may be the end (next to the start of a
    /// closed tour, or the prescribed end), 0 = must not.
    class: Vec<u8>,
    /// Unvisited cells (start excluded) with free == 0.
    cnt0: usize,
    /// Unvisited cells (start excluded) with free == 1, by class.
    cnt1: [usize; 2],
    path: Vec<u32>,
    start: u32,
    closed: bool,
}

impl State<'_> {
    fn bump(&mut self, x: u32, delta: i32) {
        let xi = x as usize;
        let c = self.class[xi] as usize;
        match self.free[xi] {
            0 => self.cnt0 -= 1,
            1 => self.cnt1[c] -= 1,
            _ => {}
        }
        self.free[xi] = (i32::from(self.free[xi]) + delta) as u8;
        match self.free[xi] {
            0 => self.cnt0 += 1,
            1 => self.cnt1[c] += 1,
            _ => {}
        }
    }

    /// Mark `v` visited (it leaves the counters) and update its neighbours' free counts.
    /// The start of a closed tour stays "free" for its neighbours: the tour returns to it.
    fn enter(&mut self, v: u32) {
        let vi = v as usize;
        self.visited[vi] = true;
        match self.free[vi] {
            0 => self.cnt0 -= 1,
            1 => self.cnt1[self.class[vi] as usize] -= 1,
            _ => {}
        }
        self.path.push(v);
        if self.closed && v == self.start {
            return;
        }
        let adj = self.adj;
        for &x in adj.of(v) {
            if !self.visited[x as usize] {
                self.bump(x, -1);
            }
        }
    }

    fn leave(&mut self) {
        let v = self.path.pop().expect("non-empty path");
        let vi = v as usize;
        self.visited[vi] = false;
        if !(self.closed && v == self.start) {
            let adj = self.adj;
            for &x in adj.of(v) {
                if !self.visited[x as usize] {
                    self.bump(x, 1);
                }
            }
        }
        match self.free[vi] {
            0 => self.cnt0 += 1,
            1 => self.cnt1[self.class[vi] as usize] += 1,
            _ => {}
        }
    }

    /// The pruning rules at the current head (module doc).
    fn viable(&self, end: Option<u32>) -> bool {
        let head = *self.path.last().expect("non-empty path");
        let remaining = self.n - self.path.len();
        if remaining == 0 {
            return true;
        }
        let (mut z0, mut o1) = (0usize, [0usize; 2]);
        for &x in self.adj.of(head) {
            let xi = x as usize;
            if self.visited[xi] {
                continue;
            }
            match self.free[xi] {
                0 => z0 += 1,
                1 => o1[self.class[xi] as usize] += 1,
                _ => {}
            }
        }
        if self.cnt0 > z0 || (z0 > 0 && remaining > 1) {
            return false;
        }
        let forced = [self.cnt1[0] - o1[0], self.cnt1[1] - o1[1]];
        if self.closed || end.is_some() {
            forced[0] == 0 && forced[1] <= 1
        } else {
            forced[0] <= 1
        }
    }
}

/// Depth-first search in Warnsdorff order with pruning (module doc).
pub fn search(p: &Problem) -> Searched {
    let adj = Adj::new(p.board, &p.moves);
    search_with(p, &adj)
}

/// [`search`] on a prebuilt adjacency (the board and moves must match `p`).
pub fn search_with(p: &Problem, adj: &Adj) -> Searched {
    let n = p.board.cells();
    let none = |nodes| Searched {
        outcome: Outcome::None,
        nodes,
    };
    if n == 1 {
        return Searched {
            outcome: if p.closed {
                Outcome::None
            } else {
                Outcome::Found(vec![0])
            },
            nodes: 1,
        };
    }
    if p.closed && n < 3 {
        return none(0);
    }
    // Required partners, at most two per cell.
    let mut req = vec![[NONE; 2]; n];
    for &(u, v) in &p.required {
        if !adj.adjacent(u, v) {
            return none(0);
        }
        for (a, b) in [(u, v), (v, u)] {
            let s = &mut req[a as usize];
            if s[0] == NONE || s[0] == b {
                s[0] = b;
            } else if s[1] == NONE || s[1] == b {
                s[1] = b;
            } else {
                return none(0);
            }
        }
    }
    let prio = p.tie.priorities(p.board);
    let mut class = vec![0u8; n];
    if p.closed {
        for &x in adj.of(p.start) {
            class[x as usize] = 1;
        }
    } else if let Some(e) = p.end {
        class[e as usize] = 1;
    }
    let mut st = State {
        adj,
        n,
        visited: vec![false; n],
        free: (0..n as u32).map(|v| adj.of(v).len() as u8).collect(),
        class,
        cnt0: 0,
        cnt1: [0, 0],
        path: Vec::with_capacity(n),
        start: p.start,
        closed: p.closed,
    };
    for v in 0..n {
        match st.free[v] {
            0 => st.cnt0 += 1,
            1 => st.cnt1[st.class[v] as usize] += 1,
            _ => {}
        }
    }
    // Frames: candidates for the cell at each depth, in a flat list.
    let mut cands: Vec<u32> = Vec::new();
    let mut frames: Vec<(usize, usize)> = Vec::new(); // (begin, next index) into cands
    let mut nodes = 1u64;
    st.enter(p.start);
    if !st.viable(p.end) {
        return none(nodes);
    }
    // Can `w` follow the head? Checks required edges and the prescribed end.
    let can_follow = |st: &State<'_>, w: u32| -> bool {
        let len = st.path.len();
        let head = st.path[len - 1];
        let last = len + 1 == n;
        if Some(w) == p.end && !last {
            return false;
        }
        // The head's required partners other than its predecessor must be `w`
        // (or, for the start of a closed tour, be left for the closing step).
        let prev = if len >= 2 { st.path[len - 2] } else { NONE };
        let mut pending = 0;
        let mut to_w = false;
        for &q in &req[head as usize] {
            if q == NONE || q == prev {
                continue;
            }
            if q == w {
                to_w = true;
            } else if !(p.closed && q == p.start && len == 1) {
                pending += 1;
            }
        }
        if pending > 0 {
            return false;
        }
        let _ = to_w;
        // `w`'s required partners already visited must be the head (or the start, closing).
        for &q in &req[w as usize] {
            if q == NONE || q == head || !st.visited[q as usize] {
                continue;
            }
            if !(p.closed && q == p.start && last) {
                return false;
            }
        }
        true
    };
    let push_frame = |st: &State<'_>, cands: &mut Vec<u32>, frames: &mut Vec<(usize, usize)>| {
        let head = *st.path.last().expect("path");
        let begin = cands.len();
        for &w in adj.of(head) {
            if !st.visited[w as usize] && can_follow(st, w) {
                cands.push(w);
            }
        }
        cands[begin..].sort_unstable_by_key(|&w| (st.free[w as usize], prio[w as usize]));
        frames.push((begin, begin));
    };
    let complete = |st: &State<'_>| -> bool {
        if !p.closed {
            return p.end.is_none_or(|e| *st.path.last().expect("path") == e);
        }
        let last = *st.path.last().expect("path");
        if !adj.adjacent(last, p.start) {
            return false;
        }
        // Required edges at the closing step: everything else is checked on the way.
        let ok_end = |a: u32, nb: [u32; 2]| {
            req[a as usize]
                .iter()
                .all(|&q| q == NONE || q == nb[0] || q == nb[1])
        };
        let l = st.path.len();
        ok_end(last, [st.path[l - 2], p.start]) && ok_end(p.start, [st.path[1], last])
    };
    if st.path.len() == n && complete(&st) {
        return Searched {
            outcome: Outcome::Found(st.path.clone()),
            nodes,
        };
    }
    push_frame(&st, &mut cands, &mut frames);
    while let Some(&(begin, idx)) = frames.last() {
        if idx >= cands.len() {
            // Exhausted this depth: backtrack.
            frames.pop();
            cands.truncate(begin);
            st.leave();
            if frames.is_empty() {
                break;
            }
            continue;
        }
        let w = cands[idx];
        frames.last_mut().expect("frame").1 += 1;
        if nodes >= p.budget {
            return Searched {
                outcome: Outcome::Budget,
                nodes,
            };
        }
        nodes += 1;
        st.enter(w);
        if st.path.len() == n {
            if complete(&st) {
                return Searched {
                    outcome: Outcome::Found(st.path.clone()),
                    nodes,
                };
            }
            st.leave();
            continue;
        }
        if !st.viable(p.end) {
            st.leave();
            continue;
        }
        push_frame(&st, &mut cands, &mut frames);
    }
    none(nodes)
}

/// Pósa's rotation (L. Pósa, "Hamiltonian circuits in random graphs", Discrete Math. 14,
/// 1976): given a Hamiltonian path v₀…vₙ₋₁, if the end vₙ₋₁ is a move from some vᵢ, reverse
/// vᵢ₊₁…vₙ₋₁; the path keeps its cells and start and gets the new end vᵢ₊₁. Rotations are
/// chosen at random (seeded) until the end is a move from the start, which closes the
/// path into a cycle. Edges in `required` are never broken. Returns true when `path` now
/// closes; at most `max_rotations` rotations, each O(n).
pub fn close_by_rotation(
    path: &mut [u32],
    adj: &Adj,
    required: &[(u32, u32)],
    seed: u64,
    max_rotations: u64,
) -> bool {
    let n = path.len();
    if n < 3 {
        return false;
    }
    let mut req: Vec<(u32, u32)> = required
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    req.sort_unstable();
    let is_req = |a: u32, b: u32| req.binary_search(&(a.min(b), a.max(b))).is_ok();
    let mut pos = vec![0u32; path.iter().map(|&v| v as usize + 1).max().unwrap_or(0)];
    for (i, &v) in path.iter().enumerate() {
        pos[v as usize] = i as u32;
    }
    let mut rng = rand_pcg::Pcg32::seed_from_u64(seed);
    let mut opts: Vec<usize> = Vec::with_capacity(16);
    for _ in 0..max_rotations {
        let end = path[n - 1];
        if adj.adjacent(end, path[0]) {
            return true;
        }
        opts.clear();
        for &x in adj.of(end) {
            let i = pos[x as usize] as usize;
            if i + 2 < n && !is_req(path[i], path[i + 1]) {
                opts.push(i);
            }
        }
        if opts.is_empty() {
            return false;
        }
        let i = opts[(rng.next_u32() as usize) % opts.len()];
        path[i + 1..].reverse();
        for (k, &v) in path.iter().enumerate().skip(i + 1) {
            pos[v as usize] = k as u32;
        }
    }
    adj.adjacent(path[n - 1], path[0])
}

/// Find a tour with restarts: attempt 0 uses `p.tie`, attempt k ≥ 1 a seeded tie-break
/// derived from `seed` and k, each with `p.budget` nodes. A closed tour is sought as an
/// open tour from the start (Warnsdorff order, backtracking) closed by [`close_by_rotation`].
/// Returns `Outcome::None` only when a search was exhaustive.
pub fn find_with_restarts(p: &Problem, adj: &Adj, attempts: u32, seed: u64) -> Searched {
    let mut nodes = 0;
    for k in 0..attempts.max(1) {
        let mut q = p.clone();
        if k > 0 {
            q.tie = TieBreak::Seeded(splitmix(
                seed ^ u64::from(k).wrapping_mul(0xA24B_AED4_963E_E407),
            ));
        }
        if p.closed {
            q.closed = false;
            q.end = None;
        }
        let r = search_with(&q, adj);
        nodes += r.nodes;
        match r.outcome {
            Outcome::Found(mut path) => {
                if !p.closed {
                    return Searched {
                        outcome: Outcome::Found(path),
                        nodes,
                    };
                }
                let rot_seed = splitmix(seed.wrapping_add(u64::from(k)));
                // Each rotation reverses up to n cells: bound the total work too.
                let len = path.len() as u64;
                let cap = (64 * len + 1000).min(200_000_000 / len.max(1));
                if close_by_rotation(&mut path, adj, &p.required, rot_seed, cap) {
                    return Searched {
                        outcome: Outcome::Found(path),
                        nodes,
                    };
                }
            }
            Outcome::None => {
                return Searched {
                    outcome: Outcome::None,
                    nodes,
                };
            }
            Outcome::Budget => {}
        }
    }
    Searched {
        outcome: Outcome::Budget,
        nodes,
    }
}

/// Warnsdorff's rule as a single pass without backtracking, on coordinates (no graph), for
/// boards of any size: linear time, a byte per cell. Returns the cells visited; the tour is
/// complete when it holds every cell. The tie-break is [`TieBreak`]'s (for a seed, the
/// priority is a hash of the cell and the seed, so nothing per cell is stored).
pub fn linear_pass(board: Board, moves: &[(i64, i64)], start: u32, tie: TieBreak) -> Vec<u32> {
    let (m, w) = (i64::from(board.rows), i64::from(board.cols));
    let n = board.cells();
    // free[v] = unvisited neighbours of v; SEEN marks visited cells and the frame: the
    // board sits in a frame as wide as the longest leap, so no move needs a bounds check.
    const SEEN: u8 = 0xFF;
    let pad = moves
        .iter()
        .map(|&(a, b)| a.abs().max(b.abs()))
        .max()
        .unwrap_or(0);
    let pw = w + 2 * pad;
    let ph = m + 2 * pad;
    let offs: Vec<(i64, i64, isize)> = moves
        .iter()
        .map(|&(dr, dc)| (dr, dc, (dr * pw + dc) as isize))
        .collect();
    // A cell's neighbour count is popcount(row mask & column mask): bit k of the row mask
    // says move k stays on the board vertically, of the column mask horizontally.
    let mask = |x: i64, len: i64, pick: fn(&(i64, i64, isize)) -> i64| -> u32 {
        offs.iter()
            .enumerate()
            .filter(|(_, o)| (0..len).contains(&(x + pick(o))))
            .fold(0u32, |acc, (k, _)| acc | (1 << k))
    };
    let col_mask: Vec<u32> = (0..w).map(|c| mask(c, w, |o| o.1)).collect();
    let mut free = vec![SEEN; (pw * ph) as usize];
    for r in 0..m {
        let rm = mask(r, m, |o| o.0);
        let row = &mut free[((r + pad) * pw + pad) as usize..][..w as usize];
        for (f, &cm) in row.iter_mut().zip(&col_mask) {
            *f = (rm & cm).count_ones() as u8;
        }
    }
    // Candidates are ranked by one integer, (free << 40) | tie key, the key below 2^40
    // (squared distances on a 100 000-wide board stay below 2^35); the loop is branch-free
    // but for the end test.
    const KEY: u64 = (1 << 40) - 1;
    let key = |r: i64, c: i64| -> u64 {
        match tie {
            TieBreak::Roth | TieBreak::AwayFrom(_) => {
                let dr = 2 * r - (m - 1);
                let dc = 2 * c - (w - 1);
                KEY - (dr * dr + dc * dc) as u64
            }
            TieBreak::Seeded(s) => {
                splitmix(s ^ ((r * w + c) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)) & KEY
            }
        }
    };
    let mut out = Vec::with_capacity(n);
    let (mut r, mut c) = (i64::from(start / board.cols), i64::from(start % board.cols));
    let mut pv = ((r + pad) * pw + c + pad) as isize;
    loop {
        out.push((r * w + c) as u32);
        free[pv as usize] = SEEN;
        let mut best = u64::MAX;
        let mut best_k = usize::MAX;
        for (k, &(dr, dc, off)) in offs.iter().enumerate() {
            let x = (pv + off) as usize;
            let f = free[x];
            let open = f != SEEN;
            let f2 = f.wrapping_sub(u8::from(open));
            free[x] = f2;
            let score = if open {
                (u64::from(f2) << 40) | key(r + dr, c + dc)
            } else {
                u64::MAX
            };
            if score < best {
                best = score;
                best_k = k;
            }
        }
        if best_k == usize::MAX {
            break;
        }
        r += offs[best_k].0;
        c += offs[best_k].1;
        pv += offs[best_k].2;
    }
    out
}

/// SplitMix64 finaliser: a cheap per-cell hash for seeded tie-breaks in [`linear_pass`].
fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tourglyph_core::piece::Piece;

    fn knight() -> Vec<(i64, i64)> {
        Piece::knight().moves()
    }

    fn problem(b: Board, start: u32, closed: bool) -> Problem {
        Problem {
            board: b,
            moves: knight(),
            start,
            closed,
            end: None,
            required: vec![],
            tie: TieBreak::Roth,
            budget: u64::MAX,
        }
    }

    fn is_tour(b: Board, cells: &[u32], closed: bool) -> bool {
        let adj = Adj::new(b, &knight());
        let mut seen = vec![false; b.cells()];
        cells.len() == b.cells()
            && cells
                .iter()
                .all(|&c| !std::mem::replace(&mut seen[c as usize], true))
            && cells.windows(2).all(|w| adj.adjacent(w[0], w[1]))
            && (!closed || adj.adjacent(cells[cells.len() - 1], cells[0]))
    }

    #[test]
    fn finds_closed_and_open() {
        let b = Board::new(6, 6);
        let Outcome::Found(t) = search(&problem(b, 0, true)).outcome else {
            panic!("6x6 closed")
        };
        assert!(is_tour(b, &t, true));
        let b = Board::new(5, 5);
        let Outcome::Found(t) = search(&problem(b, 0, false)).outcome else {
            panic!("5x5 open")
        };
        assert!(is_tour(b, &t, false));
        assert_eq!(search(&problem(b, 0, true)).outcome, Outcome::None);
        assert_eq!(
            search(&problem(Board::new(3, 8), 0, true)).outcome,
            Outcome::None
        );
    }

    #[test]
    fn required_edges_and_end() {
        let b = Board::new(6, 6);
        let req = vec![(b.cell(0, 5), b.cell(2, 4)), (b.cell(1, 1), b.cell(3, 0))];
        let mut p = problem(b, 0, true);
        p.required = req.clone();
        let Outcome::Found(t) = search(&p).outcome else {
            panic!()
        };
        assert!(is_tour(b, &t, true));
        let n = t.len();
        for (u, v) in req {
            assert!((0..n).any(|i| {
                let (a, c) = (t[i], t[(i + 1) % n]);
                (a, c) == (u, v) || (c, a) == (u, v)
            }));
        }
        let mut p = problem(Board::new(5, 6), 0, false);
        p.end = Some(29);
        let Outcome::Found(t) = search(&p).outcome else {
            panic!()
        };
        assert_eq!(*t.last().unwrap(), 29);
        assert!(is_tour(Board::new(5, 6), &t, false));
    }

    #[test]
    fn budget_is_honoured() {
        let mut p = problem(Board::new(7, 7), 1, false);
        p.budget = 10;
        let s = search(&p);
        assert!(s.nodes <= 10);
        assert_eq!(s.outcome, Outcome::Budget);
    }

    #[test]
    fn linear_pass_on_8x8() {
        let b = Board::new(8, 8);
        let t = linear_pass(b, &knight(), 0, TieBreak::Roth);
        assert!(is_tour(b, &t, false));
    }
}
