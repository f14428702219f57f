//! Symmetry classes by Burnside's lemma: classes = (1/|G|) Σ_g Fix(g), where Fix(g) is
//! the number of tours g maps to themselves. Wynn (2014, "Enumerating Hamiltonian cycles
//! on grid graphs up to symmetry") counts the fixed tours of each symmetry on part of the
//! board; this module does the same with the sweeps of [`super::sweep`].
//!
//! Let C be a tour drawn through the cell centres, a simple closed curve, and g a
//! symmetry with g(C) = C.
//!
//! - **Mirrors.** A reflection maps the inside of C to itself and reverses the plane's
//!   orientation, so it reverses C's; an orientation-reversing involution of a circle
//!   has exactly two fixed points. So C meets the mirror axis in exactly two points.
//!   - Axis between two rows (even height): C crosses it by exactly two vertical edges;
//!     the top half of C is a Hamiltonian path of the half board between two cells of
//!     its bottom row. Fix = the half-board states with exactly two exits. (The same
//!     gluing as the half turn below, with the identity in place of the turn, finds
//!     exactly these.)
//!   - Axis through a row of cells (odd height): every cell of that row is on C and on
//!     the axis, so the row has at most two cells: Fix = total when the board is two
//!     columns wide (its one tour is the boundary ring), else 0.
//!   - Diagonals of a square: likewise every diagonal cell is on C and on the axis, so
//!     Fix = total on the 2×2 board and 0 on every larger one.
//! - **Half turn** ρ (one side even; sweep across that side, transposing if need be).
//!   The top half of C is a set of paths covering the top half, their ends at the
//!   crossing edges of the middle line, paired by a non-crossing pairing P — one state
//!   of the half-board sweep. The bottom half is ρ of the top: crossing j is paired with
//!   k there iff n−1−j is paired with n−1−k in P. C is fixed by ρ iff the exits are
//!   symmetric and P and its turned copy join into one cycle. Fix = Σ over such states.
//! - **Quarter turn** ρ: (r, c) ↦ (c, n−1−r) on an n×n board, n = 2k. C is determined by
//!   its part in the top-left k×k quadrant Q₀: paths leaving Q₀ by its bottom side
//!   (edges B_c, column c) and its right side (edges R_c, row c), paired along the
//!   boundary — one state of the quarter-board sweep. ρ maps B_c to R_c, so the exits
//!   must satisfy B_c ⇔ R_c; following C through the four turned copies of Q₀ (see
//!   [`quarter_cycle`]) must cross all 4·|exits| axis edges before returning.
//!   Fix(ρ³) = Fix(ρ), as g and g⁻¹ fix the same tours.

use super::state::{self, NONE};
use super::step::Layer;
use super::sweep::Swept;
use super::wide::Wide;

/// Fixed tours of a half turn or a mirror between rows, from the final layer of a
/// half-board sweep of width `w`: the states whose exits are symmetric under `sigma`
/// and whose pairing, glued to its image under `sigma`, makes one cycle.
pub fn glue_half<const N: usize>(
    swept: &Swept<N>,
    w: u32,
    rows: u32,
    sigma: impl Fn(usize) -> usize,
) -> (Wide<N>, u64) {
    let mut fix = Wide::default();
    for (&k, v) in swept.finals.keys.iter().zip(&swept.finals.counts) {
        let (bottom, _) = state::boundary(k, w, rows, false);
        if half_cycle(&bottom, &sigma) {
            fix.add(v);
        }
    }
    (fix, swept.additions + swept.finals.len() as u64)
}

/// True when the exits `word` (bottom side of the top half) are σ-symmetric and the
/// pairing P joined with σPσ forms a single cycle.
pub fn half_cycle(word: &[u64], sigma: &impl Fn(usize) -> usize) -> bool {
    let n = word.len();
    let used: Vec<usize> = (0..n).filter(|&j| word[j] != NONE).collect();
    if used.is_empty() || used.iter().any(|&j| word[sigma(j)] == NONE) {
        return false;
    }
    let Some(p) = state::pairing(word) else {
        return false;
    };
    // Walk: top half from x to p(x), cross, bottom half from y to σ(p(σ(y))), cross.
    let start = used[0];
    let mut x = start;
    let mut ends = 0;
    loop {
        let y = p[x];
        x = sigma(p[sigma(y)]);
        ends += 2;
        if x == start || ends > n {
            break;
        }
    }
    ends == used.len()
}

/// Fixed tours of the quarter turn, from the final layer of the k×k quarter-board sweep.
pub fn glue_quarter<const N: usize>(swept: &Swept<N>, k: u32) -> (Wide<N>, u64) {
    let mut fix = Wide::default();
    let Layer { keys, counts } = &swept.finals;
    for (&key, v) in keys.iter().zip(counts) {
        let (bottom, right) = state::boundary(key, k, k, true);
        // Boundary order: bottom exits left to right, then right exits bottom to top
        // (`right[i]` is row k−1−i), which is the order of `right` as decoded.
        let word: Vec<u64> = bottom.iter().chain(&right).copied().collect();
        if quarter_cycle(&word, k as usize) {
            fix.add(v);
        }
    }
    (fix, swept.additions + keys.len() as u64)
}

/// Tours fixed by both mirrors (and so by the half turn), from the final layer of the
/// sweep of the top-left `rows × cols` quarter. Each mirror axis is crossed exactly
/// twice, by two edges the other mirror swaps, so the quarter holds one path from an
/// exit on its bottom side to one on its right side; each such path, mirrored both
/// ways, closes into exactly one tour.
pub fn glue_corner<const N: usize>(swept: &Swept<N>, rows: u32, cols: u32) -> (Wide<N>, u64) {
    let mut fix = Wide::default();
    let Layer { keys, counts } = &swept.finals;
    for (&key, v) in keys.iter().zip(counts) {
        let (bottom, right) = state::boundary(key, cols, rows, true);
        let plugs = |d: &[u64]| d.iter().filter(|&&x| x != NONE).count();
        if plugs(&bottom) == 1 && plugs(&right) == 1 {
            fix.add(v);
        }
    }
    (fix, swept.additions + keys.len() as u64)
}

/// Does the quadrant pairing on `word` (B_0..B_{k−1}, then R_{k−1}..R_0) close into one
/// quarter-turn-symmetric cycle?
///
/// Copies Q_q = ρ^q(Q₀), q mod 4, meet along four half-axes; axis q separates Q_q and
/// Q_{q+1} and its edge c is ρ^q(R_c) = ρ^{q+1}(B_c). A walker inside Q_q that entered
/// by the copy of exit E_c follows the copied path to its other end F_d = P(E_c) and
/// leaves: by axis q into Q_{q+1} as its B_d if F = R, or by axis q−1 into Q_{q−1} as its
/// R_d if F = B. One cycle iff the walk crosses every used axis edge (4 per exit pair
/// B_c, R_c) before coming back.
pub fn quarter_cycle(word: &[u64], k: usize) -> bool {
    let b_idx = |c: usize| c;
    let r_idx = |c: usize| 2 * k - 1 - c;
    let used: Vec<usize> = (0..k).filter(|&c| word[b_idx(c)] != NONE).collect();
    if used.is_empty() || (0..k).any(|c| (word[b_idx(c)] != NONE) != (word[r_idx(c)] != NONE)) {
        return false;
    }
    let Some(p) = state::pairing(word) else {
        return false;
    };
    // State: (quadrant mod 4, entered by a B exit?, column/row index).
    let start = (1u8, true, used[0]);
    let mut s = start;
    let mut crossings = 0;
    loop {
        let (q, by_b, c) = s;
        let y = p[if by_b { b_idx(c) } else { r_idx(c) }];
        s = if y < k {
            ((q + 3) % 4, false, y)
        } else {
            ((q + 1) % 4, true, 2 * k - 1 - y)
        };
        crossings += 1;
        if s == start || crossings > 4 * k {
            break;
        }
    }
    crossings == 4 * used.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_gluing() {
        let turn = |n: usize| move |j: usize| n - 1 - j;
        let id = |j: usize| j;
        // One path between the two outer exits: glued to itself, one cycle either way.
        assert!(half_cycle(&[1, 0, 0, 2], &turn(4)));
        assert!(half_cycle(&[1, 0, 0, 2], &id));
        // Two nested paths ( ( ) ): mirror gives two cycles; the half turn
        // maps pair (0,3) to (0,3) and (1,2) to (1,2): also two cycles.
        assert!(!half_cycle(&[1, 1, 2, 2], &turn(4)));
        assert!(!half_cycle(&[1, 1, 2, 2], &id));
        // ( ) ( ) is its own mirror image: two cycles under both.
        assert!(!half_cycle(&[1, 2, 1, 2], &turn(4)));
        // ( ) ( ( ) ) turned is ( ( ) ) ( ): glued, one cycle 0→1→2→5→4→3→0; the
        // mirror glues it to itself: three cycles.
        assert!(half_cycle(&[1, 2, 1, 1, 2, 2], &turn(6)));
        assert!(!half_cycle(&[1, 2, 1, 1, 2, 2], &id));
        // Asymmetric exits never glue under the turn.
        assert!(!half_cycle(&[1, 2, 0, 0], &turn(4)));
    }

    #[test]
    fn quarter_gluing_on_two_by_two() {
        // k = 1: the single quadrant cell exits down and right: the 2×2 ring.
        assert!(quarter_cycle(&[1, 2], 1));
        assert!(!quarter_cycle(&[0, 0], 1));
    }
}
