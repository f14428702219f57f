//! Time the leaper counters on one board: by halves and in one sweep, closed tours or,
//! with `open`, open ones (the two must agree).
//!
//! ```text
//! cargo run --release --example halves_vs_sweep -- knight 8x6
//! cargo run --release --example halves_vs_sweep -- knight 7x6 open
//! ```
use std::time::Instant;
use tourglyph::LeapGraph;
use tourglyph::budget::Budget;
use tourglyph::engine::count::leaper;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let g = LeapGraph::new(a[1].parse().unwrap(), &a[0].parse().unwrap()).unwrap();
    let open = a.get(2).is_some_and(|k| k == "open");
    let b = Budget::new(u64::MAX, true);
    let t = Instant::now();
    let h = if open {
        leaper::open::count(&g, &b, None)
    } else {
        leaper::count(&g, &b)
    }
    .unwrap();
    let th = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let s = if open {
        leaper::open::count_in_one_sweep(&g, &b)
    } else {
        leaper::count_in_one_sweep(&g, &b)
    }
    .unwrap();
    let ts = t.elapsed().as_secs_f64();
    assert_eq!(h.tours, s.tours);
    println!(
        "{} {}{}: {} tours; halves {th:.3} s, one sweep {ts:.3} s ({:.1}x)",
        a[0],
        a[1],
        if open { " open" } else { "" },
        h.tours,
        ts / th
    );
}
