//! What the leap graph alone tells before any sweep: Brégman's bound on the number of
//! closed tours (which picks the width of the counts) and whether a cycle can span the
//! graph at all.

use tourglyph_core::graph::LeapGraph;

/// log2 of Brégman's upper bound on the closed tours of `g`: the directed Hamiltonian
/// cycles are among the permutations the adjacency matrix allows, whose number (its
/// permanent) is at most the product of (d!)^(1/d) over the vertex degrees d (Brégman
/// 1973, Minc's conjecture); each undirected cycle is two directed ones.
#[allow(
    clippy::disallowed_methods,
    reason = "compared with 63 and 127 only, never printed; Brégman's bound is loose by many bits"
)]
pub fn log2_bound(g: &LeapGraph) -> f64 {
    (0..g.vertex_count() as u32)
        .map(|v| match g.degree(v) {
            0 => f64::NEG_INFINITY,
            d => bregman_term(d),
        })
        .sum::<f64>()
        - 1.0
}

/// log2 of (d!)^(1/d), a row's factor in Brégman's bound on the permanent of a 0-1
/// matrix whose row has `d` ones (`d` at least 1).
#[allow(
    clippy::disallowed_methods,
    reason = "summed into bounds compared with 63 and 127 only, never printed"
)]
pub fn bregman_term(d: usize) -> f64 {
    (1..=d).map(|k| (k as f64).log2()).sum::<f64>() / d as f64
}

/// Can `g` have a Hamiltonian cycle as far as degrees and connectivity tell? (The
/// camel's graph, for one, never connects the two colours.)
pub fn spans(g: &LeapGraph) -> bool {
    let n = g.vertex_count();
    if (0..n as u32).any(|v| g.degree(v) < 2) {
        return false;
    }
    let mut seen = vec![false; n];
    let mut stack = vec![0u32];
    seen[0] = true;
    let mut reached = 1;
    while let Some(v) = stack.pop() {
        for &u in g.neighbours(v) {
            if !seen[u as usize] {
                seen[u as usize] = true;
                reached += 1;
                stack.push(u);
            }
        }
    }
    reached == n
}

#[cfg(test)]
#[allow(clippy::disallowed_methods, reason = "test arithmetic")]
mod tests {
    use super::*;
    use tourglyph_core::{Board, Piece};

    /// Brégman's bound decides the count width: 64 bits for 6×6, not for 8×8.
    #[test]
    fn bregman_bound_grows_with_the_board() {
        let b = |r, c| log2_bound(&LeapGraph::new(Board::new(r, c), &Piece::knight()).unwrap());
        assert!(b(6, 6) < 63.0 && b(6, 6) > 9862f64.log2());
        assert!(b(8, 8) > 63.0 && b(8, 8) < 127.0);
    }
}
