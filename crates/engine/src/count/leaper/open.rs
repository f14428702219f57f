//! Open tours (Hamiltonian paths) of a leaper counted in one vertex-at-a-time sweep: the
//! board's graph with one more vertex, the *apex*, joined to every cell
//! ([`LeaperOrder::with_apex`]). A Hamiltonian cycle of that graph leaves the apex by two edges
//! to the two ends of a Hamiltonian path of the board, and every such path closes into
//! exactly one cycle, so the cycles counted by the sweep ([`super::sweep`]) are the board's open tours,
//! each once (undirected). The apex is processed first and stays on the frontier to the
//! last cell: one slot more than the closed sweep, at most three more values in it.
//!
//! The reduction is the textbook one (a Hamiltonian path problem as a Hamiltonian cycle
//! problem on the graph with a universal vertex added, e.g. Garey and Johnson 1979,
//! §3.1.4); the sweep is [`super::sweep`]'s, unchanged.
//!
//! Where the closed tours are counted by halves and the board is at most 7 wide, so are
//! the open ones ([`super::halves::count_open`]): the apex is one more cell of the cut.
//! Knight 7×7 and 7×8, whose single sweeps are projected at 17 GiB and hours, take
//! seconds so (`benches/NOTES.md` has the times).

use super::bound::bregman_term;
use super::counted::{LeaperCounted, SweepProgressFn};
use super::halves;
use super::order::{LeaperOrder, row_major};
use super::sweep::sweep_in_words;
use tourglyph_core::budget::Budget;
use tourglyph_core::error::{Error, Refusal, Result};
use tourglyph_core::graph::LeapGraph;

/// log2 of Brégman's bound on the open tours of `g`, taken on the graph with the apex
/// (see the module's notes): each open tour is one Hamiltonian cycle of that graph,
/// two directed ones, and those are among the permutations its adjacency matrix allows,
/// at most the product of (d!)^(1/d) over its degrees d (Brégman 1973): a cell's degree
/// and one, and the apex's, the number of cells. (Knight 8×8's is 105 bits, where a
/// bound by a first cell and a neighbour a step gives 152 and puts 7×8 past 128-bit
/// counts.)
#[allow(
    clippy::disallowed_methods,
    reason = "compared with 63 and 127 only, never printed; Brégman's bound is loose by many bits"
)]
pub fn log2_bound(g: &LeapGraph) -> f64 {
    let n = g.vertex_count();
    (0..n as u32)
        .map(|v| bregman_term(g.degree(v) + 1))
        .sum::<f64>()
        + bregman_term(n.max(1))
        - 1.0
}

/// Does this counter take `g`'s open tours: a board of the plane of at least 3 cells
/// whose row-major frontier with the apex fits 128-bit keys, counts below 2^127?
pub fn fits(g: &LeapGraph) -> bool {
    plan(g).is_some()
}

/// The apex sweep's plan of `g`, where [`fits`].
fn plan(g: &LeapGraph) -> Option<LeaperOrder> {
    (!g.topology().is_torus() && g.vertex_count() >= 3 && log2_bound(g) < 127.0)
        .then(|| LeaperOrder::with_apex(g, &row_major(g)))
        .flatten()
}

/// The open tours of `g` (see the module's notes), within `budget`: by halves where
/// [`halves::open_cut`] allows, else in one sweep.
pub fn count(
    g: &LeapGraph,
    budget: &Budget,
    progress: SweepProgressFn<'_>,
) -> Result<LeaperCounted> {
    count_at_cut(g, halves::open_cut(g), budget, progress)
}

/// [`count`] in one sweep, never by halves (the oracle of the halves in the tests).
pub fn count_in_one_sweep(g: &LeapGraph, budget: &Budget) -> Result<LeaperCounted> {
    count_at_cut(g, None, budget, None)
}

/// [`count`] by halves cut at row `h` when `cut` is `Some(h)` (from
/// [`halves::open_cut`]), else in one sweep.
fn count_at_cut(
    g: &LeapGraph,
    cut: Option<usize>,
    budget: &Budget,
    progress: SweepProgressFn<'_>,
) -> Result<LeaperCounted> {
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
    if let Some(h) = cut {
        return halves::count_open(g, h, budget, progress);
    }
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

    /// The halves count what the single sweep counts on every knight's board of 4 to 8
    /// rows and 1 to 7 columns up to 36 cells: cuts of 3 to 15 cells with the apex (the
    /// most the join takes), sides of 3 to 5 rows, the two sides alike and not, boards
    /// without an open tour among them.
    #[test]
    fn halves_agree_with_one_sweep() {
        let b = Budget::default();
        let mut compared = 0;
        for rows in 4..=8u32 {
            for cols in 1..=7.min(36 / rows) {
                let g = graph("knight", rows, cols);
                let h = halves::open_cut(&g).expect("the cut applies");
                let one = count_in_one_sweep(&g, &b).unwrap().tours;
                let by_halves = halves::count_open(&g, h, &b, None).unwrap().tours;
                assert_eq!(by_halves, one, "knight {rows}x{cols}");
                compared += 1;
            }
        }
        assert_eq!(compared, 7 + 7 + 6 + 5 + 4, "boards compared");
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

    /// Knight 7×7 by halves is the published figure (165,575,218,320 directed, A165134),
    /// and knight 7×8 (8 rows of 7) the figure first counted here (no second way: cut at
    /// row 3, its side of 6 rows would take 18 GiB; one sweep, hours). About a minute
    /// and 4 GB: run with `--ignored`.
    #[test]
    #[ignore = "about a minute and 4 GB"]
    fn knight_7x7_published_and_7x8() {
        let b = Budget::default();
        let g = graph("knight", 7, 7);
        let h = halves::open_cut(&g).unwrap();
        assert_eq!(
            halves::count_open(&g, h, &b, None).unwrap().tours,
            165_575_218_320 / 2
        );
        let g = graph("knight", 8, 7);
        let four = halves::count_open(&g, 4, &b, None).unwrap().tours;
        assert_eq!(four, 20_666_425_060_328);
    }
}
