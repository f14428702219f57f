//! Where the closed count by halves holds its memory: the resident set at each report
//! of progress (the side's cells, then the join's parts), and the time. The process
//! keeps the memory it frees, as the binary does, so the resident set is the binary's.
//!
//! ```text
//! cargo run --release -p tourglyph-bench --example count_phases -- knight 8x8
//! ```
use std::time::Instant;
use tourglyph::LeapGraph;
use tourglyph::budget::Budget;
use tourglyph::engine::count::leaper;

fn rss_mb() -> f64 {
    tourglyph_bench::status_mb("VmRSS").unwrap_or(f64::NAN)
}

fn main() {
    // As the `tourglyph` binary does: without it, each wide level's buffers are taken
    // afresh from the kernel and its step times include the zeroing of their pages.
    tourglyph::budget::keep_freed_memory();
    let a: Vec<String> = std::env::args().skip(1).collect();
    let g = LeapGraph::new(a[1].parse().unwrap(), &a[0].parse().unwrap()).unwrap();
    let b = Budget::new(u64::MAX, true);
    let t = Instant::now();
    let report = |done: usize, all: usize, held: u64| {
        println!(
            "{:7.2} s  step {done:4}/{all}  held {held:>11}  rss {:6.0} MB",
            t.elapsed().as_secs_f64(),
            rss_mb()
        );
    };
    let c = leaper::count_with_progress(&g, &b, Some(&report)).unwrap();
    println!(
        "{:7.2} s  {} tours, rss {:.0} MB",
        t.elapsed().as_secs_f64(),
        c.tours,
        rss_mb()
    );
}
