//! Time the closed-tour counter on one leaper board, turned to its narrower side as
//! `count` does: `cargo run --release --example join_time -- knight 8x8`.
use std::time::Instant;
use tourglyph::LeapGraph;
use tourglyph::budget::Budget;
use tourglyph::engine::cycles;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let mut board: tourglyph::Board = a[1].parse().unwrap();
    if board.cols > board.rows {
        board = board.transposed();
    }
    let g = LeapGraph::new(board, &a[0].parse().unwrap()).unwrap();
    let b = Budget::new(u64::MAX, true);
    let t = Instant::now();
    let h = cycles::count(&g, &b).unwrap();
    println!(
        "{} {}: {} tours in {:.3} s",
        a[0],
        a[1],
        h.tours,
        t.elapsed().as_secs_f64()
    );
}
