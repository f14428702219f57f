//! Time the halves' weights of the top states (`count::leaper::halves::top_weights`,
//! the first part of tour IDs by halves) against the count by halves, on one board.
//!
//! ```text
//! cargo run --release --example halves_weights -- knight 8x8
//! ```
use std::time::Instant;
use tourglyph::LeapGraph;
use tourglyph::budget::Budget;
use tourglyph::engine::count::leaper;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let g = LeapGraph::new(a[1].parse().unwrap(), &a[0].parse().unwrap()).unwrap();
    let b = Budget::new(u64::MAX, true);
    let h = leaper::halves::cut(&g).expect("the halves apply");
    let t = Instant::now();
    let c = leaper::count(&g, &b).unwrap();
    let tc = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let w = leaper::halves::top_weights(&g, h, &b, &|_| 0.0).unwrap();
    let tw = t.elapsed().as_secs_f64();
    let total: u128 = w.iter().map(|w| w.count * w.weight).sum();
    assert_eq!(total, c.tours);
    println!(
        "{} {}: {} tours, {} top states; count {tc:.2} s, weights {tw:.2} s",
        a[0],
        a[1],
        c.tours,
        w.len()
    );
}
