//! Open tours (Hamiltonian paths) of a leaper counted in one vertex-at-a-time sweep: the
//! board's graph with one more vertex, the *apex*, joined to every cell
//! ([`Plan::with_apex`]). A Hamiltonian cycle of that graph leaves the apex by two edges
//! to the two ends of a Hamiltonian path of the board, and every such path closes into
//! exactly one cycle, so the cycles counted by the sweep ([`super::sweep`]) are the board's open tours,
//! each once (undirected). The apex is processed first and stays on the frontier to the
//! last cell: one slot more than the closed sweep, at most three more values in it.
//!
//! The reduction is the textbook one (a Hamiltonian path problem as a Hamiltonian cycle
//! problem on the graph with a universal vertex added, e.g. Garey and Johnson 1979,
//! §3.1.4); the sweep is [`super::sweep`]'s, unchanged.

use super::counted::{Counted, Progress};
use super::order::{Plan, row_major};
use super::sweep::sweep_in_words;
use tourglyph_core::budget::Budget;
use tourglyph_core::error::{Error, Refusal, Result};
use tourglyph_core::graph::LeapGraph;

/// An upper bound on log2 of the number of open tours of `g`: a directed path is its
/// first cell and, at each step, one of the cell's neighbours.
#[allow(
    clippy::disallowed_methods,
    reason = "compared with 63 and 127 only, never printed; the bound is loose by many bits"
)]
pub fn log2_bound(g: &LeapGraph) -> f64 {
    let n = g.vertex_count();
    (n as f64).log2()
        + (0..n as u32)
            .map(|v| (g.neighbours(v).len().max(1) as f64).log2())
            .sum::<f64>()
}

/// Does this counter take `g`'s open tours: a board of the plane of at least 3 cells
/// whose row-major frontier with the apex fits 128-bit keys, counts below 2^127?
pub fn fits(g: &LeapGraph) -> bool {
    plan(g).is_some()
}

/// The apex sweep's plan of `g`, where [`fits`].
fn plan(g: &LeapGraph) -> Option<Plan> {
    (!g.topology().is_torus() && g.vertex_count() >= 3 && log2_bound(g) < 127.0)
        .then(|| Plan::with_apex(g, &row_major(g)))
        .flatten()
}

/// The open tours of `g` (see the module's notes), within `budget`.
pub fn count(g: &LeapGraph, budget: &Budget, progress: Progress<'_>) -> Result<Counted> {
    let p = plan(g).ok_or_else(|| {
        Error::refused(
            Refusal::Size,
            true,
            format!(
                "the open {} tours of {} do not fit the one-sweep counter (a frontier past 128 bits or a count past 2^127)",
                g.piece(),
                g.board_name()
            ),
        )
    })?;
    sweep_in_words(g, &p, log2_bound(g), budget, progress, "the open")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontier::count_only_with_budget;
    use tourglyph_core::{Board, Piece, TourKind};

    fn graph(piece: &str, rows: u32, cols: u32) -> LeapGraph {
        LeapGraph::new(Board::new(rows, cols), &piece.parse::<Piece>().unwrap()).unwrap()
    }

    /// The apex sweep counts what the edge-at-a-time frontier DP counts, for knights,
    /// kings, rooks (a step of one: grid paths), camels and zebras on every board up to
    /// 5×6, boards without an open tour (a count of 0) among them.
    #[test]
    fn agrees_with_the_frontier_dp() {
        let b = Budget::default();
        let mut compared = 0;
        for piece in ["knight", "king", "rook", "camel", "zebra"] {
            let p = piece.parse::<Piece>().unwrap();
            for rows in 1..=5u32 {
                for cols in rows..=6u32 {
                    let Ok(g) = LeapGraph::new(Board::new(rows, cols), &p) else {
                        continue;
                    };
                    if !fits(&g) {
                        continue;
                    }
                    let ours = count(&g, &b, None).unwrap().tours;
                    let dp = count_only_with_budget(&g, TourKind::Open, &b)
                        .unwrap()
                        .tours;
                    assert_eq!(ours, dp, "{piece} {rows}x{cols}");
                    compared += 1;
                }
            }
        }
        // Every board of 3 cells or more: 5 pieces, 20 boards less 1×1 and 1×2.
        assert_eq!(compared, 5 * 18, "boards compared");
    }

    /// Published figures: 6,637,920 directed open knight's tours of 6×6 and 1,728 of 5×5
    /// (OEIS A165134), so 3,318,960
    /// and 864 undirected.
    #[test]
    fn knight_5x5_and_6x6_are_the_published_figures() {
        let b = Budget::default();
        assert_eq!(count(&graph("knight", 5, 5), &b, None).unwrap().tours, 864);
        assert_eq!(
            count(&graph("knight", 6, 6), &b, None).unwrap().tours,
            3_318_960
        );
    }
}
