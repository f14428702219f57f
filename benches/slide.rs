//! Sliding-puzzle benchmark (`cargo bench --bench slide`).
//!
//! Measures the full 8×8 rook analysis (BFS + optimal path + classes + class graph +
//! SCCs, phase by phase) and the 12×12 queens, against the seed-style plain BFS (a queue
//! and a hash map of sorted tuples, `puzzle::naive`) measured in the same run. Each figure
//! is the fastest of several runs, the least disturbed by other load on the machine;
//! compare the ratios, not the seconds, across machines. `SLIDE_BENCH_PLAIN12=1` also
//! times the plain BFS on 12×12 queens (minutes).

use std::hint::black_box;
use std::time::{Duration, Instant};
use tourglyph::{
    slide::Options, slide::Puzzle, slide::Slider, slide::bfs, slide::classes, slide::naive,
    slide::orbit::Orbits, slide::scc, slide::solve, slide::subset::Subsets,
};

fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..runs {
        let s = Instant::now();
        let v = black_box(f());
        best = best.min(s.elapsed());
        out = Some(v);
    }
    (best, out.expect("runs > 0"))
}

fn line(label: &str, d: Duration, base: Duration) {
    println!(
        "  {label:<44} {:9.4} s  {:8.3}x baseline",
        d.as_secs_f64(),
        d.as_secs_f64() / base.as_secs_f64()
    );
}

/// Phase by phase, then the whole `solve` with `--analyze`.
fn phases(p: &Puzzle, runs: usize, base: Duration) {
    let g = p.geometry();
    let s = Subsets::new((p.n * p.n) as usize, p.k());
    let o = Orbits::new(p.n);
    let (t_bfs, dd) = best(runs, || bfs::distances(&g, &s, &p.from).unwrap());
    let (t_path, _) = best(runs, || bfs::path_to(&g, &s, &dd, &p.to).unwrap());
    let (t_cen, _) = best(runs, || classes::census(&s, &o, &dd, false).unwrap());
    let (t_idx, cen) = best(runs, || classes::census(&s, &o, &dd, true).unwrap());
    let map = cen.map.unwrap();
    let (t_cg, cg) = best(runs, || scc::class_graph(&g, &s, &map).unwrap());
    let (t_tar, _) = best(runs, || scc::tarjan(&cg).unwrap());
    let (t_burn, _) = best(runs, || p.total_classes());
    line("BFS (distances)", t_bfs, base);
    line("optimal path", t_path, base);
    line("classes: census", t_cen, base);
    line("classes: census + class numbering", t_idx, base);
    line("classes: Burnside count", t_burn, base);
    line("class graph", t_cg, base);
    line("Tarjan SCCs", t_tar, base);
    let (t_solve, _) = best(runs, || solve(p, &Options::default()).unwrap());
    let analyze = Options {
        analyze: true,
        ..Options::default()
    };
    let (t_all, _) = best(runs, || solve(p, &analyze).unwrap());
    line("solve (BFS + path + classes)", t_solve, base);
    line("solve --analyze (+ class graph + SCCs)", t_all, base);
}

fn main() {
    let rooks = Puzzle::standard(8, Slider::Rook).unwrap();
    let g = rooks.geometry();
    let (plain, r) = best(3, || naive::bfs(&g, &rooks.from, &rooks.to, None));
    let orbits = Orbits::new(8);
    let (plain_cl, rc) = best(3, || naive::bfs(&g, &rooks.from, &rooks.to, Some(&orbits)));
    println!(
        "rooks 8x8 ({} states reachable, {} classes)",
        r.reachable, rc.reachable
    );
    line("seed-style plain BFS, raw states", plain, plain);
    line("seed-style BFS over classes", plain_cl, plain);
    phases(&rooks, 7, plain);

    let queens = Puzzle::standard(12, Slider::Queen).unwrap();
    println!("queens 12x12 (baseline: the plain 8x8 rook BFS above)");
    if std::env::var_os("SLIDE_BENCH_PLAIN12").is_some() {
        let qg = queens.geometry();
        let (t, _) = best(1, || naive::bfs(&qg, &queens.from, &queens.to, None));
        line("seed-style plain BFS, raw states", t, plain);
    }
    phases(&queens, 1, plain);
}
