//! Count the closed tours of a board with the frontier engine (a zero-suppressed decision
//! diagram, ZDD), and print the first tour of each set.
//!
//! Run it from the repository's root:
//!
//! ```text
//! cargo run --release -p tourglyph --example count_board
//! ```
//!
//! Its output (0.03 s of CPU on a loaded 2-core machine):
//!
//! ```text
//!   rook 4x4: 6 closed tours (83 diagram nodes)
//!     tour 0: a4 b4 c4 d4 d3 d2 d1 c1 b1 a1 a2 b2 c2 c3 b3 a3
//!   rook 4x6: 37 closed tours (519 diagram nodes)
//!     tour 0: a4 b4 c4 d4 e4 f4 f3 f2 f1 e1 d1 c1 b1 a1 a2 b2 …
//!   rook 6x6: 1072 closed tours (1303 diagram nodes)
//!     tour 0: a6 b6 c6 d6 e6 f6 f5 f4 f3 f2 f1 e1 d1 c1 b1 a1 …
//!   rook 8x8: 4638576 closed tours (15593 diagram nodes)
//!     tour 0: a8 b8 c8 d8 e8 f8 g8 h8 h7 h6 h5 h4 h3 h2 h1 g1 …
//! knight 5x6: 8 closed tours (105234 diagram nodes)
//!     tour 0: a5 c4 e5 f3 e1 d3 f2 d1 b2 a4 c5 e4 d2 f1 e3 f5 …
//!   king 5x6: 139472532 closed tours (count only: 54912 states stepped, at most 1271 at once)
//! ```
//!
//! The diagram holds every tour of the set, so counting is reading one number at its root,
//! and the tour with ID k (its rank in ID order, as `tourglyph list` numbers them) is one
//! walk down from the root (`unrank`).

use tourglyph::engine::frontier::{Zdd, count_only};
use tourglyph::{Board, LeapGraph, Piece, TourKind};

fn main() -> tourglyph::Result<()> {
    // Closed rook tours (the rook moves one step, orthogonally): A003763 on square boards.
    for board in ["4x4", "4x6", "6x6", "8x8"] {
        count_and_show(board, &Piece::rook())?;
    }
    // Any leaper works the same way: closed knight's tours of 5x6.
    count_and_show("5x6", &Piece::knight())?;

    // To count only, the same frontier method can keep counts instead of diagram nodes,
    // two levels at a time: the 139,472,532 closed king tours of 5x6, never held as a
    // diagram. (`tourglyph count` goes further: it counts closed rook tours by a transfer
    // matrix and other leapers' tours a vertex at a time; `tourglyph count --help`.)
    let g = LeapGraph::new("5x6".parse()?, &Piece::king())?;
    let counted = count_only(&g, TourKind::Closed)?;
    println!(
        "  king 5x6: {} closed tours (count only: {} states stepped, at most {} at once)",
        counted.tours, counted.states, counted.max_width
    );
    Ok(())
}

/// Build the diagram of the closed tours of `piece` on `board`, print their number, the
/// diagram's size and the first tour in ID order.
fn count_and_show(board: &str, piece: &Piece) -> tourglyph::Result<()> {
    // "6x6" is rows x columns; the parser gives the same messages as the CLI's `--board`.
    let board: Board = board.parse()?;
    // The leap graph: one vertex a cell, one edge a move, edges numbered in increasing
    // (u, v) order. Tour IDs are defined on that numbering.
    let g = LeapGraph::new(board, piece)?;
    // Build the diagram within the default budget (memory and a two-minute estimate): a
    // board too large for it is refused with a message, not left to run for hours.
    let zdd = Zdd::build(&g, TourKind::Closed)?;
    let stats = zdd.stats();
    print!(
        "{:>6} {board}: {} closed tours ({} diagram nodes)",
        piece.name(),
        zdd.count(),
        stats.nodes
    );
    // The first tour in ID order, as algebraic cells (a1 is bottom-left); the first 16
    // cells of a longer one.
    match zdd.unrank(0) {
        Some(tour) => {
            let cells = tour.algebraic(&g);
            let shown: Vec<&str> = cells.split(' ').take(16).collect();
            let more = if g.vertex_count() > 16 { " …" } else { "" };
            println!("\n    tour 0: {}{more}", shown.join(" "));
        }
        None => println!(),
    }
    Ok(())
}
