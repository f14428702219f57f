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
use crate::count::glue::{half_cycle, quarter_cycle};

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
