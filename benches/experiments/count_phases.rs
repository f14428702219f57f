//! Where the closed count by halves holds its memory: the resident set at each report
//! of progress (the side's cells, then the join's parts), the time and the CPU time
//! (user and system, all threads: twice the time's growth where both cores work). The process
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

/// CPU seconds the process has used (user and system), from `/proc/self/stat`; NaN
/// where there is no such file.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return f64::NAN;
    };
    // After the command's name (in parentheses, which may hold spaces): fields 3 on;
    // utime and stime are fields 14 and 15, in clock ticks (100 a second on Linux).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let tick = |i: usize| f.get(i).and_then(|x| x.parse::<f64>().ok());
    tick(11)
        .zip(tick(12))
        .map_or(f64::NAN, |(u, s)| (u + s) / 100.0)
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
            "{:7.2} s  cpu {:7.2} s  step {done:4}/{all}  held {held:>11}  rss {:6.0} MB",
            t.elapsed().as_secs_f64(),
            cpu_seconds(),
            rss_mb()
        );
    };
    let c = leaper::count_with_progress(&g, &b, Some(&report)).unwrap();
    println!(
        "{:7.2} s  cpu {:7.2} s  {} tours, rss {:.0} MB",
        t.elapsed().as_secs_f64(),
        cpu_seconds(),
        c.tours,
        rss_mb()
    );
}
