//! Closed tours too large to enumerate, varied by a Markov chain of local moves.
//!
//! The chain walks on the closed tours (Hamiltonian cycles) of one connected leap graph,
//! from a starting tour that another method supplies (the walk around a spanning tree of
//! 2×2 blocks, [`crate::blocks`], or the exact diagrams' tour). Each step proposes, with
//! even odds, one of two moves that keep one cycle through every cell:
//!
//! - a **2-opt move** (G. A. Croes, "A method for solving traveling-salesman problems",
//!   Operations Research 6, 1958; here only along the graph's own edges): `a`→`b` a
//!   uniform tour edge, `c` a uniform neighbour of `a` and `d` the cell after `c`; when
//!   `c` is neither `b` nor the cell before `a` and `b`–`d` is an edge, the tour edges
//!   `a`–`b`, `c`–`d` become `a`–`c`, `b`–`d` and the stretch from `b` to `c` is walked
//!   backwards. Knights' and other leapers' tours cross themselves, and these moves are
//!   common there; in a plane grid they never apply (below);
//! - a **split-and-join move**, `split_and_join`: an exchange of two edges that splits
//!   the tour into two cycles (for the rook: the flip of a unit square whose opposite
//!   sides are tour edges, the grid's local move), then a second exchange between the two
//!   cycles that joins them again, as one step (a 3-opt move).
//!
//! Neither move's proposal probability equals its inverse's everywhere (they depend on
//! the degrees of the cells involved and the cycles' lengths), so the chain is **not**
//! claimed to be uniform among the tours, and whether these moves connect all tours of
//! every shape is not known: the tours are varied, reproducible from the seed, and valid
//! by construction, and the number of accepted moves is reported.
//!
//! Cost: a proposal is O(1); an accepted 2-opt move reverses the shorter of two stretches
//! and a split-and-join move rewrites the tour, O(n) (an array, not the balanced trees of
//! Fredman et al., "Data structures for traveling salesmen", J. Algorithms 18, 1995,
//! which would make them O(log n)); `benches/shaped_boards.sh` times 200×200. Memory:
//! three words per cell. The seeded PCG-64 makes the walk identical on every machine.

use crate::blocks::below;
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use tourglyph_core::graph::LeapGraph;

/// What a run of the chain did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChainStats {
    /// Moves proposed (the steps asked for).
    pub proposed: u64,
    /// Moves accepted (each changed the tour).
    pub accepted: u64,
}

/// Run `steps` proposals of the chain on the closed tour `tour` (vertices of `g` in
/// walking order, every vertex once), seeded. The tour is changed in place and stays a
/// closed tour of `g` (its rotation and direction are not kept: callers that want a
/// fixed start rotate it afterwards).
///
/// # Panics
/// When `tour` is not a permutation of `g`'s vertices (a caller's bug).
pub fn mix(g: &LeapGraph, tour: &mut Vec<u32>, steps: u64, seed: u64) -> ChainStats {
    let n = tour.len();
    assert_eq!(n, g.vertex_count(), "the tour must visit every vertex");
    let mut stats = ChainStats {
        proposed: steps,
        accepted: 0,
    };
    if n < 6 {
        return stats;
    }
    let mut pos = vec![u32::MAX; n];
    for (i, &v) in tour.iter().enumerate() {
        assert_eq!(pos[v as usize], u32::MAX, "vertex {v} twice in the tour");
        pos[v as usize] = i as u32;
    }
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut scratch = Vec::with_capacity(n);
    for _ in 0..steps {
        let moved = if rng.next_u32() & 1 == 0 {
            two_opt(g, tour, &mut pos, &mut rng)
        } else {
            split_and_join(g, tour, &mut pos, &mut rng, &mut scratch)
        };
        stats.accepted += u64::from(moved);
    }
    stats
}

/// A uniform neighbour of `v` in `g`.
fn any_neighbour(g: &LeapGraph, v: u32, rng: &mut Pcg64) -> u32 {
    let nb = g.neighbours(v);
    nb[below(rng, nb.len() as u32) as usize]
}

/// One 2-opt proposal (the module's steps 1–3); true when it moved.
fn two_opt(g: &LeapGraph, tour: &mut [u32], pos: &mut [u32], rng: &mut Pcg64) -> bool {
    let n = tour.len();
    let i = below(rng, n as u32) as usize;
    let a = tour[i];
    let c = any_neighbour(g, a, rng);
    let b = tour[(i + 1) % n];
    if c == b || c == tour[(i + n - 1) % n] {
        return false;
    }
    let j = pos[c as usize] as usize;
    let d = tour[(j + 1) % n];
    if g.edge_index(b, d).is_none() {
        return false;
    }
    // Reverse the cyclic stretch b..=c (positions i+1 ..= j), or equivalently its
    // complement d..=a (positions j+1 ..= i): the same cycle, walked the other way.
    let inner = (j + n - i) % n;
    let (start, len) = if inner <= n - inner {
        ((i + 1) % n, inner)
    } else {
        ((j + 1) % n, n - inner)
    };
    reverse_cyclic(tour, pos, start, len);
    true
}

/// One split-and-join proposal; true when it moved.
///
/// In a plane grid (the rook's graph) the two tour edges on opposite sides of a unit
/// square are always walked in opposite directions (the square lies on one side of the
/// closed curve), so exchanging them splits the tour in two and no 2-opt move is ever
/// legal. This move makes such a split and at once joins the two cycles again by a
/// second exchange, as one step:
///
/// 1. `a`→`b` at position `i`, `c` a neighbour of `a` and `e`→`c` the tour edge into
///    `c`; when `b`–`e` is an edge, exchanging `a`–`b`, `e`–`c` for `a`–`c`, `b`–`e`
///    leaves the cycles C1 = `b … e` and C2 = `c … a` (each closed by its new edge);
/// 2. `x`→`y` a uniform edge of the shorter cycle, `u` a uniform neighbour of `x`, when
///    it lies on the other cycle, and `v` the cell before or after `u` there (tried in
///    that order) with `y`–`v` an edge: exchanging `x`–`y`, `u`–`v` for `x`–`u`, `y`–`v`
///    joins the two cycles into one closed tour again.
fn split_and_join(
    g: &LeapGraph,
    tour: &mut Vec<u32>,
    pos: &mut [u32],
    rng: &mut Pcg64,
    scratch: &mut Vec<u32>,
) -> bool {
    let n = tour.len();
    let i = below(rng, n as u32) as usize;
    let a = tour[i];
    let b = tour[(i + 1) % n];
    let c = any_neighbour(g, a, rng);
    // rel(p): a position counted from i (a at 0, b at 1).
    let rel = |v: u32, pos: &[u32]| (pos[v as usize] as usize + n - i) % n;
    let rc = rel(c, pos);
    // C1 = rel 1 ..= rc - 1 (b … e), C2 = rel rc ..= n (c … a, a at rel 0 ≡ n).
    if rc < 4 || rc > n - 2 {
        return false; // each cycle needs three cells at least
    }
    let e = tour[(i + rc - 1) % n];
    if g.edge_index(b, e).is_none() {
        return false;
    }
    // The two cycles as ranges of rel positions, each closed by its new edge: C1 =
    // 1 ..= rc - 1, C2 = rc ..= n. The second edge is picked on the shorter one (more
    // of its cells lie next to the other cycle).
    let c1 = (1, rc - 1);
    let c2 = (rc, n);
    let (small, large) = if rc - 1 <= n + 1 - rc {
        (c1, c2)
    } else {
        (c2, c1)
    };
    let next = |(lo, hi): (usize, usize), r: usize| if r == hi { lo } else { r + 1 };
    let prev = |(lo, hi): (usize, usize), r: usize| if r == lo { hi } else { r - 1 };
    let inside = |(lo, hi): (usize, usize), r: usize| (lo..=hi).contains(&r);
    let at = |r: usize| tour[(i + r) % n];
    let rx = small.0 + below(rng, (small.1 - small.0 + 1) as u32) as usize;
    let (x, ry) = (at(rx), next(small, rx));
    let y = at(ry);
    let u = any_neighbour(g, x, rng);
    let ru = match rel(u, pos) {
        0 => n,
        r => r,
    };
    if !inside(large, ru) {
        return false;
    }
    let (rv, forward) = if g.edge_index(y, at(prev(large, ru))).is_some() {
        (prev(large, ru), true) // walk from u forward to v = the cell before u
    } else if g.edge_index(y, at(next(large, ru))).is_some() {
        (next(large, ru), false) // walk from u backward to v = the cell after u
    } else {
        return false;
    };
    // The new tour: the short cycle from y forward round to x, then the long one from u
    // round to v (v–y closes it).
    scratch.clear();
    let mut r = ry;
    for _ in 0..=small.1 - small.0 {
        scratch.push(at(r));
        r = next(small, r);
    }
    let mut r = ru;
    for _ in 0..=large.1 - large.0 {
        scratch.push(at(r));
        r = if forward {
            next(large, r)
        } else {
            prev(large, r)
        };
    }
    debug_assert_eq!(scratch.len(), n);
    debug_assert_eq!(*scratch.last().unwrap(), at(rv));
    std::mem::swap(tour, scratch);
    for (k, &v) in tour.iter().enumerate() {
        pos[v as usize] = k as u32;
    }
    true
}

/// Reverse the `len` entries of `tour` from `start` (cyclically), keeping `pos` (each
/// vertex's index) up to date.
fn reverse_cyclic(tour: &mut [u32], pos: &mut [u32], start: usize, len: usize) {
    let n = tour.len();
    let (mut x, mut y) = (start, (start + len + n - 1) % n);
    for _ in 0..len / 2 {
        tour.swap(x, y);
        pos[tour[x] as usize] = x as u32;
        pos[tour[y] as usize] = y as u32;
        x = (x + 1) % n;
        y = (y + n - 1) % n;
    }
}

/// Is `tour` a closed tour of `g`: every vertex once, each step and the closing step an
/// edge of `g`? The validity test shared by the tests and the benchmark.
pub fn is_closed_tour(g: &LeapGraph, tour: &[u32]) -> bool {
    let n = g.vertex_count();
    if tour.len() != n || n < 3 {
        return false;
    }
    let mut seen = vec![false; n];
    for (k, &v) in tour.iter().enumerate() {
        if v as usize >= n || std::mem::replace(&mut seen[v as usize], true) {
            return false;
        }
        if g.edge_index(v, tour[(k + 1) % n]).is_none() {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use tourglyph_core::{Board, Piece};

    fn serpentine(rows: u32, cols: u32) -> Vec<u32> {
        // Down column 0, then snake through columns 1.. row by row upwards (rows even).
        let b = Board::new(rows, cols);
        let mut t: Vec<u32> = (0..rows).map(|r| b.cell(r, 0)).collect();
        for r in (0..rows).rev() {
            let cs: Vec<u32> = if (rows - 1 - r) % 2 == 0 {
                (1..cols).collect()
            } else {
                (1..cols).rev().collect()
            };
            t.extend(cs.into_iter().map(|c| b.cell(r, c)));
        }
        t
    }

    #[test]
    fn moves_keep_one_closed_tour_and_change_it() {
        let g = LeapGraph::new(Board::new(10, 12), &"rook".parse::<Piece>().unwrap()).unwrap();
        let start = serpentine(10, 12);
        assert!(is_closed_tour(&g, &start));
        let mut t = start.clone();
        let s = mix(&g, &mut t, 20_000, 7);
        assert!(is_closed_tour(&g, &t), "the chain broke the tour");
        assert!(s.accepted > 100, "too few moves accepted: {s:?}");
        // Far from the start: many of the start's edges are gone.
        let edges = |t: &[u32]| -> std::collections::BTreeSet<(u32, u32)> {
            (0..t.len())
                .map(|k| {
                    let (x, y) = (t[k], t[(k + 1) % t.len()]);
                    (x.min(y), x.max(y))
                })
                .collect()
        };
        let common = edges(&start).intersection(&edges(&t)).count();
        assert!(
            common < start.len() * 3 / 4,
            "{common} edges of {} kept",
            start.len()
        );
    }

    #[test]
    fn same_seed_same_tour_other_seed_other_tour() {
        let g = LeapGraph::new(Board::new(8, 8), &"rook".parse::<Piece>().unwrap()).unwrap();
        let run = |seed| {
            let mut t = serpentine(8, 8);
            mix(&g, &mut t, 5_000, seed);
            t
        };
        assert_eq!(run(1), run(1));
        assert_ne!(run(1), run(2));
    }

    /// A closed tour of `g` from vertex 0 by depth-first search with Warnsdorff's order
    /// (fewest onward moves first): small boards only.
    fn dfs_tour(g: &LeapGraph) -> Vec<u32> {
        fn go(g: &LeapGraph, t: &mut Vec<u32>, used: &mut [bool]) -> bool {
            let v = *t.last().unwrap();
            if t.len() == used.len() {
                return g.edge_index(v, t[0]).is_some();
            }
            let mut next: Vec<u32> = g
                .neighbours(v)
                .iter()
                .copied()
                .filter(|&w| !used[w as usize])
                .collect();
            next.sort_by_key(|&w| {
                (
                    g.neighbours(w)
                        .iter()
                        .filter(|&&x| !used[x as usize])
                        .count(),
                    w,
                )
            });
            for w in next {
                used[w as usize] = true;
                t.push(w);
                if go(g, t, used) {
                    return true;
                }
                t.pop();
                used[w as usize] = false;
            }
            false
        }
        let mut used = vec![false; g.vertex_count()];
        used[0] = true;
        let mut t = vec![0];
        assert!(go(g, &mut t, &mut used), "no closed tour found");
        t
    }

    #[test]
    fn knight_moves_keep_the_tour() {
        let g = LeapGraph::new(Board::new(6, 6), &"knight".parse::<Piece>().unwrap()).unwrap();
        let start = dfs_tour(&g);
        assert!(is_closed_tour(&g, &start));
        let mut t = start.clone();
        let s = mix(&g, &mut t, 5_000, 3);
        assert!(is_closed_tour(&g, &t), "the chain broke the knight's tour");
        assert!(s.accepted > 10, "too few moves accepted: {s:?}");
        assert_ne!(t, start);
    }

    #[test]
    fn the_validity_check_refuses_a_broken_tour() {
        let g = LeapGraph::new(Board::new(4, 4), &"rook".parse::<Piece>().unwrap()).unwrap();
        let mut t = serpentine(4, 4);
        assert!(is_closed_tour(&g, &t));
        t.swap(3, 9);
        assert!(!is_closed_tour(&g, &t));
    }
}
