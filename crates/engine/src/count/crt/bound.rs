//! A proven upper bound on the number of closed rook tours of a board, which decides how
//! many residues determine the count.
//!
//! A closed rook tour is a Hamiltonian cycle of the grid graph: a spanning subgraph in
//! which every cell has degree 2 and which is connected. Two bounds, the smaller wins:
//!
//! 1. **2-factors.** Dropping connectedness leaves the 2-factors (spanning subgraphs of
//!    degree 2 everywhere), so tours ≤ 2-factors. Those are counted exactly by a
//!    transfer matrix whose state is only which frontier edges are used (no pairing):
//!    2^(w+1) states for a frontier of `w` cells. The count is done in `f64`; every
//!    value is a sum of non-negative terms and each cell adds at most one addition on any
//!    term's way, so after K cells the computed value is within a factor (1 + 2⁻⁵³)^K of
//!    the truth (Higham, *Accuracy and Stability of Numerical Algorithms*, §4.2), which is
//!    what [`two_factor_log2`] adds. The 2-factor count grows like 1.54 per cell, the
//!    tours like 1.47 (Jacobsen 2007), so the bound costs about 0.07 bits per cell:
//!    the 20×20 bound is 2^221.5, for a count of 2^189.4 (32 bits of slack, one residue
//!    more than the count needs).
//! 2. **Pairs of domino tilings.** The grid is bipartite, so a Hamiltonian cycle's edges
//!    alternate between two disjoint perfect matchings, and the cycle is the union of the
//!    two: tours ≤ C(T, 2) < T²/2 for T the number of perfect matchings (domino tilings),
//!    given by Kasteleyn's (1961) product
//!    T(m, n) = ∏_{j=1}^{⌈m/2⌉} ∏_{k=1}^{⌈n/2⌉} (4cos²(πj/(m+1)) + 4cos²(πk/(n+1))).
//!    Each factor is computed within a few ulps; [`domino_log2`] allows 2⁻⁴⁰ per factor.
//!    Weaker (about 0.84 bits per cell) but free on any board.

use rayon::prelude::*;
use tourglyph_core::board::Board;

/// The widest frontier for which the 2-factor count is run (2^27 `f64`, 1 GB, about a
/// minute); wider boards use the domino bound.
pub const TWO_FACTOR_MAX_WIDTH: u32 = 26;

/// log2 of a number at least the count of closed rook tours of `board` (boards with tours:
/// an even number of cells, both sides at least 2).
pub fn log2_bound(board: Board) -> f64 {
    let w = board.rows.min(board.cols);
    let d = domino_log2(board);
    if w <= TWO_FACTOR_MAX_WIDTH {
        two_factor_log2(board).min(d)
    } else {
        d
    }
}

/// log2 of an upper bound on the 2-factors of the board (so on its tours).
#[allow(
    clippy::disallowed_methods,
    reason = "a bound padded by 3·cells·ε + 1e-9, far above an ulp of log2: it stays a bound"
)]
pub fn two_factor_log2(board: Board) -> f64 {
    let (w, rows) = (board.rows.min(board.cols), board.rows.max(board.cols));
    degree_two_log2(w, rows, false)
}

/// log2 of a number at least the count of closed rook tours of the `2·rows × cols` board
/// fixed by its half turn, and at least the count fixed by the mirror between its middle
/// rows. Such a tour is determined by its edges in the top `rows × cols` half together
/// with the edges crossing the axis (the bottom half is their image), and there every
/// cell of the half has degree 2, the crossing edges hanging from the bottom row: so the
/// fixed tours are at most the spanning subgraphs of the half board with an optional
/// pendant edge below each bottom-row cell and degree 2 everywhere, counted exactly as
/// the 2-factors are ([`two_factor_log2`], the bottom left open). Wider than
/// [`TWO_FACTOR_MAX_WIDTH`]: the whole board's bound (a fixed count is at most the total).
pub fn half_log2(cols: u32, rows: u32) -> f64 {
    if cols > TWO_FACTOR_MAX_WIDTH {
        return log2_bound(Board::new(2 * rows, cols));
    }
    degree_two_log2(cols, rows, true)
}

/// log2 of an upper bound on the degree-2 spanning subgraphs of a `rows × w` board, swept
/// with a frontier of `w` cells; with `open_bottom`, each cell of the last row may also
/// use an edge leaving the board downwards.
#[allow(
    clippy::disallowed_methods,
    reason = "a bound padded by 3·(cells + states)·ε + 1e-9, far above an ulp of log2: it stays a bound"
)]
fn degree_two_log2(w: u32, rows: u32, open_bottom: bool) -> f64 {
    // Bit j of a state: the frontier edge at position j is used. Rows go left to right,
    // then right to left, so a cell at column c reads and writes bits c and c + 1 (as in
    // `crate::count::modular::edge`).
    let mut x = vec![0f64; 1 << (w + 1)];
    x[0] = 1.0;
    let mut cells = 0u32;
    for row in 0..rows {
        let forward = row % 2 == 0;
        let last_row = row + 1 == rows && !open_bottom;
        for k in 0..w {
            let c = if forward { k } else { w - 1 - k };
            let out_lo = if forward { !last_row } else { c > 0 };
            let out_hi = if forward { c + 1 < w } else { !last_row };
            let (lo, hi) = (1usize << c, 1usize << (c + 1));
            let block = (hi << 1).max(1 << 14);
            x.par_chunks_mut(block).for_each(|chunk| {
                for s in 0..chunk.len() {
                    if s & (lo | hi) != 0 {
                        continue;
                    }
                    let (v00, v10, v01, v11) =
                        (chunk[s], chunk[s | lo], chunk[s | hi], chunk[s | lo | hi]);
                    let t = v10 + v01;
                    chunk[s] = v11;
                    chunk[s | lo] = if out_lo { t } else { 0.0 };
                    chunk[s | hi] = if out_hi { t } else { 0.0 };
                    chunk[s | lo | hi] = if out_lo && out_hi { v00 } else { 0.0 };
                }
            });
            cells += 1;
        }
    }
    // Relative error at most (1 + u)^cells − 1 < 2·cells·u; log2(1 + 2·cells·u) < 3·cells·u.
    if !open_bottom {
        return x[0].log2() + 3.0 * f64::from(cells) * f64::EPSILON + 1e-9;
    }
    // Every exit pattern: a sum of 2^(w + 1) non-negative terms in a fixed order (so the
    // same bound whatever the thread count) adds at most 2^(w + 1)·u relatively.
    let sum: f64 = x.iter().sum();
    let terms = x.len() as f64;
    sum.log2() + 3.0 * (f64::from(cells) + terms) * f64::EPSILON + 1e-9
}

/// log2 of T(T − 1)/2 < T²/2 for T the domino tilings of the board (Kasteleyn 1961), with
/// the rounding allowance.
#[allow(
    clippy::disallowed_methods,
    reason = "a bound padded by 2⁻⁴⁰ a factor, far above the ulps of cos and log2; 2⁻⁴⁰ is exact"
)]
pub fn domino_log2(board: Board) -> f64 {
    let (m, n) = (board.rows, board.cols);
    let mut log2_t = 0.0f64;
    let mut factors = 0u32;
    for j in 1..=m.div_ceil(2) {
        let a = (std::f64::consts::PI * f64::from(j) / f64::from(m + 1)).cos();
        for k in 1..=n.div_ceil(2) {
            let b = (std::f64::consts::PI * f64::from(k) / f64::from(n + 1)).cos();
            log2_t += (4.0 * a * a + 4.0 * b * b).log2();
            factors += 1;
        }
    }
    2.0 * (log2_t + f64::from(factors) * 2f64.powi(-40)) - 1.0 + 1e-9
}

#[cfg(test)]
#[allow(clippy::disallowed_methods, reason = "test arithmetic")]
mod tests {
    use super::*;

    #[test]
    fn domino_product_counts_tilings() {
        // A004003 (2n×2n): 2, 36, 6728; and 2×3 has 3, 3×4 has 11.
        for (m, n, t) in [
            (2, 2, 2.0),
            (4, 4, 36.0),
            (6, 6, 6728.0),
            (2, 3, 3.0),
            (3, 4, 11.0),
        ] {
            let got = (domino_log2(Board::new(m, n)) + 1.0) / 2.0;
            assert!((got - f64::log2(t)).abs() < 1e-6, "{m}x{n}: {got}");
        }
    }

    #[test]
    fn two_factors_of_small_boards() {
        // 2×n: the ladder splits into rings of 2×j blocks (j ≥ 2), one 2-factor per
        // composition of n into parts of at least 2: Fibonacci F(n − 1), 34 for n = 10.
        assert!((two_factor_log2(Board::new(2, 10)) - 34f64.log2()).abs() < 1e-6);
        for (m, n) in [(3, 4), (4, 4), (2, 6), (4, 3)] {
            let brute = brute_two_factors(m, n) as f64;
            let got = two_factor_log2(Board::new(m, n));
            assert!(
                (got - brute.log2()).abs() < 1e-6,
                "{m}x{n}: 2^{got} vs {brute}"
            );
        }
    }

    #[test]
    fn half_bounds_count_open_halves_and_are_about_half_the_total() {
        for (rows, cols) in [(1, 3), (2, 3), (2, 4), (3, 3)] {
            let brute = brute_open_half(rows, cols);
            let got = half_log2(cols, rows);
            assert!(
                (got - brute.log2()).abs() < 1e-6,
                "{rows}x{cols}: 2^{got} vs {brute}"
            );
        }
        // 20×20: the total's bound takes four 64-bit residues, the half's two.
        let half = half_log2(20, 10);
        let whole = log2_bound(Board::new(20, 20));
        assert!(half < 128.0 && whole > 192.0, "{half} {whole}");
    }

    /// Degree-2 subgraphs of a `rows × cols` board with an optional pendant edge below
    /// each bottom-row cell, by trying every edge subset.
    fn brute_open_half(rows: u32, cols: u32) -> f64 {
        let mut edges = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let v = r * cols + c;
                if c + 1 < cols {
                    edges.push((v, Some(v + 1)));
                }
                if r + 1 < rows {
                    edges.push((v, Some(v + cols)));
                } else {
                    edges.push((v, None));
                }
            }
        }
        let mut count = 0u64;
        for set in 0u64..(1 << edges.len()) {
            let mut deg = vec![0u8; (rows * cols) as usize];
            for (i, &(a, b)) in edges.iter().enumerate() {
                if set >> i & 1 == 1 {
                    deg[a as usize] += 1;
                    if let Some(b) = b {
                        deg[b as usize] += 1;
                    }
                }
            }
            count += u64::from(deg.iter().all(|&d| d == 2));
        }
        count as f64
    }

    /// 2-factors by trying every edge subset (small boards only).
    fn brute_two_factors(m: u32, n: u32) -> u64 {
        let mut edges = Vec::new();
        for r in 0..m {
            for c in 0..n {
                let v = r * n + c;
                if c + 1 < n {
                    edges.push((v, v + 1));
                }
                if r + 1 < m {
                    edges.push((v, v + n));
                }
            }
        }
        let mut count = 0;
        for set in 0u64..(1 << edges.len()) {
            let mut deg = vec![0u8; (m * n) as usize];
            for (i, &(a, b)) in edges.iter().enumerate() {
                if set >> i & 1 == 1 {
                    deg[a as usize] += 1;
                    deg[b as usize] += 1;
                }
            }
            count += u64::from(deg.iter().all(|&d| d == 2));
        }
        count
    }
}
