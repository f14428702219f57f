//! Time the closed-tour counters on one leaper board: by halves and in one sweep.
//!
//! ```text
//! cargo run --release --example halves_vs_sweep -- knight 8x6
//! ```
use std::time::Instant;
use tourglyph::LeapGraph;
use tourglyph::budget::Budget;
use tourglyph::engine::count::leaper;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let g = LeapGraph::new(a[1].parse().unwrap(), &a[0].parse().unwrap()).unwrap();
    let b = Budget::new(u64::MAX, true);
    let t = Instant::now();
    let h = leaper::count(&g, &b).unwrap();
    let th = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let s = leaper::count_in_one_sweep(&g, &b).unwrap();
    let ts = t.elapsed().as_secs_f64();
    assert_eq!(h.tours, s.tours);
    println!(
        "{} {}: {} tours; halves {th:.3} s, one sweep {ts:.3} s",
        a[0], a[1], h.tours
    );
}
