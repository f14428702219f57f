//! Time tour IDs by halves (`count::leaper::ids::Ids`): the build, then single calls
//! (the first and last IDs, random IDs unranked and ranked back, a window of
//! consecutive IDs), with the checks the issue asks for: unrank(rank(t)) = t and a
//! window in strictly increasing edge-list order.
//!
//! ```text
//! cargo run --release --example tour_ids -- knight 8x8 [RANDOM] [WINDOW_START]
//! ```
use std::time::Instant;
use tourglyph::LeapGraph;
use tourglyph::budget::Budget;
use tourglyph::engine::count::leaper::ids::Ids;
use tourglyph::engine::sample::Sampler;

fn main() {
    // As the `tourglyph` binary does.
    tourglyph::budget::keep_freed_memory();
    let a: Vec<String> = std::env::args().skip(1).collect();
    let g = LeapGraph::new(a[1].parse().unwrap(), &a[0].parse().unwrap()).unwrap();
    let random: u64 = a.get(2).map_or(100, |s| s.parse().unwrap());
    let b = Budget::new(u64::MAX, true);
    let t = Instant::now();
    let ids = Ids::build(&g, &b).unwrap().expect("the halves apply");
    let n = ids.count();
    println!(
        "{} {}: {n} tours; build {:.2} s, {:.2} GB of tables",
        a[0],
        a[1],
        t.elapsed().as_secs_f64(),
        ids.bytes() as f64 / 1e9
    );
    let check = |id: u128| -> f64 {
        let t = Instant::now();
        let tour = ids.unrank(id).unwrap().expect("an ID below the count");
        let dt = t.elapsed().as_secs_f64();
        tour.validate(&g).unwrap();
        assert_eq!(
            ids.rank(&tour.edges).unwrap(),
            Some(id),
            "rank(unrank({id}))"
        );
        dt
    };
    for id in [0, n - 1] {
        println!("ID {id}: unranked in {:.4} s", check(id));
    }
    let mut s = Sampler::new(28);
    let (mut total, mut worst) = (0.0f64, 0.0f64);
    for _ in 0..random {
        let id = s.below(n);
        let t = Instant::now();
        let tour = ids.unrank(id).unwrap().unwrap();
        assert_eq!(ids.rank(&tour.edges).unwrap(), Some(id));
        let dt = t.elapsed().as_secs_f64();
        tour.validate(&g).unwrap();
        total += dt;
        worst = worst.max(dt);
    }
    println!(
        "{random} random IDs, unranked and ranked back: mean {:.4} s, worst {:.4} s",
        total / random.max(1) as f64,
        worst
    );
    let start: u128 = a.get(3).map_or(n / 2, |s| s.parse().unwrap());
    let t = Instant::now();
    let mut last: Option<Vec<u32>> = None;
    for id in start..(start + 100).min(n) {
        let tour = ids.unrank(id).unwrap().unwrap();
        tour.validate(&g).unwrap();
        let e = tour.edges;
        if let Some(p) = &last {
            assert!(*p < e, "IDs {} and {id} out of order", id - 1);
        }
        last = Some(e);
    }
    println!(
        "IDs {start}..{}: 100 tours in increasing edge-list order in {:.3} s",
        start + 100,
        t.elapsed().as_secs_f64()
    );
}
