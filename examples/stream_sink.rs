//! Stream the tours of a board into your own `Sink`: the frontier engine pushes every tour,
//! in ID order, into anything that implements `tourglyph::engine::Sink` (a closure does),
//! and the sink answers `Flow::Continue` or `Flow::Stop`.
//!
//! Two sinks here: one counts, for every edge of the 6x6 board, the closed rook tours
//! through it (a heat map of the 1,072 tours); the other keeps the first tours whose
//! drawing never runs straight through two cells in a row (no four cells in a line), and
//! stops after K of them.
//!
//! Run it from the repository's root:
//!
//! ```text
//! cargo run --release -p tourglyph --example stream_sink
//! ```
//!
//! Its output (under 0.01 s):
//!
//! ```text
//! 1072 tours of 6x6; tours through each edge:
//!   row 0 ─  1072  724  948  724 1072
//!         │ 1072  348  472  472  348 1072
//!   row 1 ─   348  724  404  724  348
//!         │  724  724  544  544  724  724
//!   row 2 ─   472  544  528  544  472
//!         │  948  404  528  528  404  948
//!   row 3 ─   472  544  528  544  472
//!         │  724  724  544  544  724  724
//!   row 4 ─   348  724  404  724  348
//!         │ 1072  348  472  472  348 1072
//!   row 5 ─  1072  724  948  724 1072
//! first 2 tours without four cells in a line: IDs [646, 933] (walked 934 tours, stopped: true)
//! ```

use tourglyph::engine::frontier::Zdd;
use tourglyph::engine::{Flow, Found, Sink};
use tourglyph::{Board, LeapGraph, Piece, TourKind};

/// Counts, for each edge of the leap graph, the tours that use it.
struct EdgeUse {
    tours: u64,
    through: Vec<u64>,
}

impl Sink for EdgeUse {
    fn push(&mut self, tour: &Found<'_>) -> Flow {
        // `tour.edges` are the tour's edge numbers, increasing; `tour.bits` the same set
        // as a bitset; `tour.id` its rank in ID order. The slices are only lent for the
        // call: copy what you keep.
        self.tours += 1;
        for &e in tour.edges {
            self.through[e as usize] += 1;
        }
        Flow::Continue
    }
}

fn main() -> tourglyph::Result<()> {
    let board: Board = "6x6".parse()?;
    let g = LeapGraph::new(board, &Piece::rook())?;
    let zdd = Zdd::build(&g, TourKind::Closed)?;

    // 1. Every tour (the range is of IDs; one past the last is fine).
    let mut heat = EdgeUse {
        tours: 0,
        through: vec![0; g.edge_count()],
    };
    zdd.for_each(0..zdd.count(), &mut heat);
    println!("{} tours of {board}; tours through each edge:", heat.tours);
    // A rook's edge joins neighbours: print the horizontal edges of each row, then the
    // vertical ones below it, as a grid of numbers.
    for r in 0..board.rows {
        let across: Vec<String> = (0..board.cols - 1)
            .map(|c| through(&g, &heat, board.cell(r, c), board.cell(r, c + 1)))
            .collect();
        println!("  row {r} ─  {}", across.join(" "));
        if r + 1 < board.rows {
            let down: Vec<String> = (0..board.cols)
                .map(|c| through(&g, &heat, board.cell(r, c), board.cell(r + 1, c)))
                .collect();
            println!("        │ {}", down.join(" "));
        }
    }

    // 2. A closure is a sink too: keep the first K tours without four cells in a line,
    //    then stop the walk (the engine returns at once, the rest is never visited).
    const K: usize = 2;
    let mut kept = Vec::new();
    let mut seen = 0u64;
    let flow = zdd.for_each(0..zdd.count(), &mut |tour: &Found<'_>| {
        seen += 1;
        let t = tourglyph::Tour::from_edges(tour.edges.to_vec(), TourKind::Closed);
        if no_long_straight(&t.coords(&g)) {
            kept.push(tour.id);
        }
        if kept.len() == K {
            Flow::Stop
        } else {
            Flow::Continue
        }
    });
    println!(
        "first {K} tours without four cells in a line: IDs {kept:?} (walked {seen} tours, stopped: {})",
        flow == Flow::Stop
    );
    Ok(())
}

/// The number of tours through the edge between cells `u` and `v`, right-aligned.
fn through(g: &LeapGraph, heat: &EdgeUse, u: u32, v: u32) -> String {
    let e = g
        .edge_index(u, v)
        .expect("neighbouring cells share an edge");
    format!("{:>4}", heat.through[e as usize])
}

/// No four consecutive cells of the closed tour (as (row, col), in tour order) in a line:
/// the tour never goes straight through two cells one after the other.
fn no_long_straight(cells: &[(u32, u32)]) -> bool {
    let n = cells.len();
    // Cell i + 1 is passed straight through when cells i, i + 1 and i + 2 share a row or
    // a column.
    let straight = |i: usize| {
        let (a, b, c) = (cells[i % n], cells[(i + 1) % n], cells[(i + 2) % n]);
        (a.0 == b.0 && b.0 == c.0) || (a.1 == b.1 && b.1 == c.1)
    };
    (0..n).all(|i| !(straight(i) && straight(i + 1)))
}
