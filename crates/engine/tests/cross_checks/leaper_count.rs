//! The vertex-at-a-time leaper counter (`count::leaper`, issue 18) against the
//! edge-at-a-time frontier engine and the published closed knight's tour counts. (The
//! count of knight 8×8 through the binary is the command line's test, `leaper_count.rs`
//! there.)

use crate::reference::{A001230, A175881, value};
use tourglyph_core::budget::Budget;
use tourglyph_core::{LeapGraph, TourKind};
use tourglyph_engine::count::leaper;
use tourglyph_engine::frontier::count_only;

fn graph(piece: &str, board: &str) -> LeapGraph {
    LeapGraph::new(board.parse().unwrap(), &piece.parse().unwrap()).unwrap()
}

fn count(g: &LeapGraph) -> u128 {
    leaper::count(g, &Budget::default()).unwrap().tours
}

/// Closed tours of the knight, king, camel, zebra and giraffe on every board of at most
/// 30 cells with at most 5 columns (both counters' frontiers narrow): the two engines
/// agree, and the boards with tours are not all trivial.
#[test]
fn cycles_equal_the_frontier_engine_on_small_boards() {
    let mut nonzero = 0;
    for piece in ["knight", "king", "camel", "zebra", "giraffe", "rook"] {
        for c in 1..=5u32 {
            for r in 1..=30 / c {
                let g = graph(piece, &format!("{r}x{c}"));
                let want = count_only(&g, TourKind::Closed).unwrap().tours;
                assert_eq!(count(&g), want, "{piece} {r}x{c}");
                nonzero += usize::from(want > 0);
            }
        }
    }
    assert!(nonzero > 40, "{nonzero}");
}

/// OEIS A175881 (closed knight's tours of 6×5 … 6×8) and A001230 (6×6), in both
/// orientations where the frontier is narrow (6 or 5 columns).
#[test]
fn closed_knight_counts_match_a175881_by_the_leaper_counter() {
    for fig in A175881 {
        let (narrow, wide) = (fig.rows.min(fig.cols), fig.rows.max(fig.cols));
        let g = graph("knight", &format!("{wide}x{narrow}"));
        assert_eq!(count(&g), fig.value(), "{}", fig.board());
    }
    assert_eq!(count(&graph("knight", "6x6")), value(A001230, 6, 6));
    assert_eq!(count(&graph("knight", "5x6")), value(A175881, 6, 5));
}

/// Closed knight's tours of the 5×8 board: 44,202, term a(20) of OEIS A383661 ("closed
/// knight's tours in the first 2n cells of a 5 × ⌈2n/5⌉ board", D. E. Knuth, TAOCP
/// Prefascicle 8a, 2025), whose a(15) = 8 is the 5×6 count of A175881.
#[test]
fn closed_knight_count_of_5x8_matches_a383661() {
    assert_eq!(count(&graph("knight", "8x5")), 44_202);
}

/// The camel keeps its colour, so its graph never connects: no tour, found without a
/// sweep (no level is stepped).
#[test]
fn disconnected_graphs_have_no_tour_and_no_sweep() {
    let c = leaper::count(&graph("camel", "10x6"), &Budget::default()).unwrap();
    assert_eq!((c.tours, c.states()), (0, 0));
    let k = leaper::count(&graph("knight", "6x6"), &Budget::default()).unwrap();
    assert!(k.states() > 0);
}

/// The count and the states of every level are the same with one worker as with
/// three, by halves on an odd board (two sides) and an even one (one side turned, the
/// half turn's saving in the join).
#[test]
fn cycles_do_not_depend_on_the_thread_count() {
    for (board, cols, rows) in [("7x6", 6, 7), ("8x6", 6, 8)] {
        let g = graph("knight", board);
        let run = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| leaper::count(&g, &Budget::default()).unwrap())
        };
        let (one, three) = (run(1), run(3));
        assert_eq!(one, three, "{board}");
        assert_eq!(one.tours, value(A175881, cols, rows), "{board}");
    }
}

/// The message with which counting the knight's closed tours of `board` is refused
/// under a budget of `seconds` (and memory to spare).
fn refusal(board: &str, seconds: f64) -> String {
    let tight = Budget {
        memory: 1 << 40,
        seconds: Some(seconds),
    };
    leaper::count(&graph("knight", board), &tight)
        .unwrap_err()
        .to_string()
}

/// A budget too small for the projected work is refused with the figure and the way out.
/// (0.001–0.005 s refuse the sweep of a side, 0.01 s the join, since the sides are swept
/// up to the mirror.)
#[test]
fn cycles_refuse_what_breaks_the_budget() {
    let e = refusal("8x6", 0.003);
    assert!(
        e.contains("frontier states") && e.contains("--force"),
        "{e}"
    );
}

/// Brégman's bound is a bound: above the counts it covers, and below 2^127 on 8×8.
#[test]
#[allow(
    clippy::disallowed_methods,
    reason = "test arithmetic: log2 of a count against a bound far above it"
)]
fn bregman_bound_covers_the_counts() {
    for (board, fig) in [("6x6", value(A001230, 6, 6)), ("8x6", value(A175881, 6, 8))] {
        let b = leaper::log2_bound(&graph("knight", board));
        assert!(b > (fig as f64).log2(), "{board}: {b}");
    }
    let b8 = leaper::log2_bound(&graph("knight", "8x8"));
    let fig = (value(A001230, 8, 8) as f64).log2();
    assert!(b8 > fig && b8 < 127.0, "{b8}");
}

/// Counting by halves (`leaper::halves`, the cut between the middle rows) gives the
/// count of one sweep of the whole board on every board 4 to 8 rows deep and 3 to 8
/// wide of at most 48 cells (the knight to 7 rows and 6 wide: one sweep of 6×8 wants
/// 8 GiB): for the knight, where `count` uses it, and for the king
/// and the rook, whose leaps cross the cut only between its two rows (all of their
/// crossing edges are middle edges; `count` sweeps them in one go, which is faster).
#[test]
fn halves_equal_one_sweep() {
    let mut nonzero = 0;
    for piece in ["knight", "king", "rook"] {
        let (cols, rows) = if piece == "knight" { (6, 7) } else { (8, 8) };
        for c in 3..=cols {
            for r in 4..=rows.min(48 / c) {
                let g = graph(piece, &format!("{r}x{c}"));
                let b = Budget::default();
                let one = leaper::count_in_one_sweep(&g, &b).unwrap().tours;
                let halves = leaper::halves::count(&g, r as usize / 2, &b, None).unwrap();
                assert_eq!(halves.tours, one, "{piece} {r}x{c}");
                assert_eq!(leaper::halves::cut(&g).is_some(), piece == "knight");
                nonzero += usize::from(one > 0);
            }
        }
    }
    assert!(nonzero > 30, "{nonzero}");
}

/// The join is estimated from a sample before it runs: a budget that allows the two
/// halves of knight 7×8 (about 0.15 s at the sides' planning rate) but not their join
/// (about 0.1 s more) is refused with the figure and the way out. The estimate is of
/// work counted, not timed, so the outcome does not depend on the machine. (0.14 s
/// refuses the halves, 0.16–0.26 s the join, and 0.28 s allows it; before the sides were
/// swept up to the mirror, 0.25 s, 0.28–0.35 s and 0.4 s.)
#[test]
fn halves_refuse_a_join_beyond_the_budget() {
    let e = refusal("8x7", 0.21);
    assert!(
        e.contains("joining the halves") && e.contains("--force"),
        "{e}"
    );
}

/// The tour IDs' join state by state is estimated before it runs too: a budget that
/// allows knight 8×7's sides (cut at 4) but not the weighing of its top states by the
/// bottom ones is refused with the figure and the way out, by the work counted, so on
/// every machine (0.19 s lets the sides run, 0.28 s the weighing; on 6×8 the sides'
/// projection, their cut rows grown to the end, now asks more than the weighing, so
/// it has no such window). By memory the sides' sweep, which plans 160 bytes a state,
/// is refused first since the join's degree index became a bit a vector: golden row 115.
#[test]
fn weights_refuse_a_join_beyond_the_budget() {
    let tight = Budget {
        memory: 1 << 40,
        seconds: Some(0.23),
    };
    let e = leaper::halves::top_weights(&graph("knight", "8x7"), 4, &tight, &|_| 0.0)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("weighing the top states") && e.contains("--force"),
        "{e}"
    );
}

/// The closed knight's tours of 7×8: 34,524,432,316, by halves (about 1 s), equal to
/// the count of one sweep of the board (`count --force`: 213 s and 2.9 GB, measured when
/// the one-sweep counter was the only one, before counting by halves).
#[test]
fn closed_knight_count_of_7x8_by_halves() {
    assert_eq!(count(&graph("knight", "8x7")), 34_524_432_316);
}
