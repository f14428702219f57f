//! Engine benchmark (harness = false): the frontier engine against the backtracking
//! engine in the same process, reported as ratios (absolute times on a shared 2-core
//! machine are noisy; ratios measured back to back are not).
//!
//! `cargo bench --bench engine` prints a Markdown table.

use std::time::{Duration, Instant};
use tourglyph::engine::frontier::{Zdd, count_only};
use tourglyph::{Board, LeapGraph, Piece, TourKind};
use tourglyph::{engine::Flow, engine::Found, engine::backtrack};
use tourglyph::{engine::select::Query, engine::select::tally};

fn best<T>(reps: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..reps {
        let t = Instant::now();
        let v = f();
        best = best.min(t.elapsed());
        out = Some(v);
    }
    (best, out.unwrap())
}

fn peak_rss_mb() -> f64 {
    tourglyph_bench::status_mb("VmHWM").unwrap_or(f64::NAN)
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

fn main() {
    let rook = Piece::rook();
    let g10 = LeapGraph::new(Board::new(10, 10), &rook).unwrap();
    // First, so that the process's peak memory is the 10×10 count's.
    let (t10, c10) = best(3, || count_only(&g10, TourKind::Closed).unwrap().tours);
    let rss10 = peak_rss_mb();
    assert_eq!(c10, 467_260_456_608);

    let g8 = LeapGraph::new(Board::new(8, 8), &rook).unwrap();
    let (t_count8, c8) = best(5, || count_only(&g8, TourKind::Closed).unwrap().tours);
    let (t_zdd8, z8) = best(5, || Zdd::build(&g8, TourKind::Closed).unwrap());
    assert_eq!((c8, z8.count()), (4_638_576, 4_638_576));
    // Backtracking baseline. On 8×8 it takes about 12 minutes (714 s measured here), so
    // by default the baseline board is 6×8 (32,675 tours, OEIS A321172) and the 8×8
    // backtracking run happens only with BENCH_FULL=1.
    let dfs_count = |g: &LeapGraph| {
        let mut n = 0u64;
        backtrack::enumerate(g, TourKind::Closed, |_| {
            n += 1;
            Flow::Continue
        });
        n
    };
    let g68 = LeapGraph::new(Board::new(6, 8), &rook).unwrap();
    let (t_dfs68, n68) = best(1, || dfs_count(&g68));
    let (t_count68, c68) = best(5, || count_only(&g68, TourKind::Closed).unwrap().tours);
    assert_eq!((n68, c68), (32_675, 32_675));
    let full = std::env::var_os("BENCH_FULL").is_some();
    let t_dfs8 = full.then(|| {
        let (t, n) = best(1, || dfs_count(&g8));
        assert_eq!(n, 4_638_576);
        t
    });
    // Stream every tour through the class test (the work of `list --classes`).
    let q = Query {
        classes: true,
        ..Query::default()
    };
    let (t_classes, k) = best(3, || tally(&z8, &g8, &q).selected);
    assert_eq!(k, 580_717);
    let (t_walk, w) = best(3, || {
        let mut n = 0u64;
        z8.for_each(0..z8.count(), &mut |_: &Found<'_>| {
            n += 1;
            Flow::Continue
        });
        n
    });
    assert_eq!(w, 4_638_576);
    let (t_dfs6, _) = best(3, || {
        backtrack::all_tours(
            &LeapGraph::new(Board::new(6, 6), &rook).unwrap(),
            TourKind::Closed,
        )
    });
    let (t_zdd6, _) = best(3, || {
        let g = LeapGraph::new(Board::new(6, 6), &rook).unwrap();
        let z = Zdd::build(&g, TourKind::Closed).unwrap();
        let mut n = 0;
        z.for_each(0..z.count(), &mut |_: &Found<'_>| {
            n += 1;
            Flow::Continue
        });
        n
    });

    let threads = rayon::current_num_threads();
    let vs_dfs8 = |t: Duration| match t_dfs8 {
        Some(d) => format!(
            "{} | {:.0}× faster",
            ms(d),
            d.as_secs_f64() / t.as_secs_f64()
        ),
        None => "(BENCH_FULL=1; 714 s measured once) | —".to_string(),
    };
    println!("| task | frontier engine | backtracking (same process) | ratio |");
    println!("|---|---|---|---|");
    println!(
        "| count 6×8 (32,675) | {} | {} | {:.0}× faster |",
        ms(t_count68),
        ms(t_dfs68),
        t_dfs68.as_secs_f64() / t_count68.as_secs_f64()
    );
    println!(
        "| count 8×8 (4,638,576) | {} | {} |",
        ms(t_count8),
        vs_dfs8(t_count8)
    );
    println!(
        "| build 8×8 diagram ({} nodes) | {} | — | {:.3}× the 6×8 backtracking |",
        z8.stats().nodes,
        ms(t_zdd8),
        t_zdd8.as_secs_f64() / t_dfs68.as_secs_f64()
    );
    println!(
        "| walk all 8×8 tours in ID order | {} | {} |",
        ms(t_walk),
        vs_dfs8(t_walk)
    );
    println!(
        "| all 8×8 tours + their 580,717 classes ({threads} threads) | {} | {} |",
        ms(t_classes),
        vs_dfs8(t_classes)
    );
    println!(
        "| enumerate all 6×6 tours | {} | {} | {:.1}× faster |",
        ms(t_zdd6),
        ms(t_dfs6),
        t_dfs6.as_secs_f64() / t_zdd6.as_secs_f64()
    );
    println!(
        "| count 10×10 (467,260,456,608) | {} (process peak RSS {:.0} MB) | (days) | {:.1}× the 8×8 count |",
        ms(t10),
        rss10,
        t10.as_secs_f64() / t_count8.as_secs_f64()
    );
}
