//! Uniform sampling (a chi-square test that can fail) and sharding.

use crate::common::{run, stdout};
use tourglyph::engine::frontier::Zdd;
use tourglyph::sample::Sampler;
use tourglyph::{LeapGraph, Piece, TourKind};

/// Pearson's statistic of observed counts against a uniform expectation.
fn chi_square(counts: &[u64], draws: u64) -> f64 {
    let e = draws as f64 / counts.len() as f64;
    counts.iter().map(|&o| (o as f64 - e).powi(2) / e).sum()
}

/// Upper critical value of χ² with `k` degrees of freedom at p = 0.001, by the
/// Wilson–Hilferty cube approximation (z = 3.0902 for the 0.999 normal quantile).
fn critical_p001(k: f64) -> f64 {
    let z = 3.0902;
    k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3)
}

#[test]
fn sampling_6x6_is_uniform() {
    let g = LeapGraph::new("6x6".parse().unwrap(), &Piece::rook()).unwrap();
    let z = Zdd::build(&g, TourKind::Closed).unwrap();
    let n = z.count() as usize;
    assert_eq!(n, 1072);
    let draws = 200_000u64;
    let mut counts = vec![0u64; n];
    let mut s = Sampler::new(2026);
    for (id, tour) in s.tours(&z, draws as usize).unwrap() {
        assert_eq!(
            z.rank(&tour.edges),
            Some(id),
            "the sampled tour is the tour of its ID"
        );
        counts[id as usize] += 1;
    }
    assert!(counts.iter().all(|&c| c > 0), "every tour is hit");
    let stat = chi_square(&counts, draws);
    let crit = critical_p001((n - 1) as f64);
    assert!(
        stat < crit,
        "chi-square {stat:.1} ≥ {crit:.1}: not uniform at p = 0.001"
    );
    // The test has power: a sampler that never draws the last eighth of the IDs fails it.
    let mut biased = vec![0u64; n];
    let mut s = Sampler::new(1);
    for _ in 0..draws {
        biased[s.below(n as u128 * 7 / 8) as usize] += 1;
    }
    assert!(chi_square(&biased, draws) > crit);
}

#[test]
fn sample_is_reproducible_and_seed_dependent() {
    let a = stdout(&run(&[
        "list", "--board", "8x8", "--sample", "20", "--seed", "9",
    ]));
    let b = stdout(&run(&[
        "list", "--board", "8x8", "--sample", "20", "--seed", "9",
    ]));
    let c = stdout(&run(&[
        "list", "--board", "8x8", "--sample", "20", "--seed", "10",
    ]));
    assert_eq!(a.lines().count(), 20);
    assert_eq!(a, b);
    assert_ne!(a, c);
}

/// Four shards of 6×8, listed separately, concatenate byte for byte to the full list.
#[test]
fn shards_concatenate_to_the_full_list() {
    let full = run(&["list", "--board", "6x8", "--json"]).stdout;
    assert_eq!(String::from_utf8_lossy(&full).lines().count(), 32_675);
    let mut cat = Vec::new();
    for k in 1..=4 {
        let o = run(&[
            "list",
            "--board",
            "6x8",
            "--json",
            "--shard",
            &format!("{k}/4"),
        ]);
        assert!(o.status.success());
        cat.extend_from_slice(&o.stdout);
    }
    assert!(cat == full, "shards differ from the single run");
    // The same with explicit ranges, and with classes.
    let full = run(&["list", "--board", "6x8", "--classes"]).stdout;
    let mut cat = run(&["list", "--board", "6x8", "--classes", "--range", "0..10000"]).stdout;
    cat.extend(
        run(&[
            "list",
            "--board",
            "6x8",
            "--classes",
            "--range",
            "10000..40000",
        ])
        .stdout,
    );
    assert!(cat == full);
}

/// IDs beyond 2^64 work in ranges and round-trip through unrank/rank.
#[test]
fn ids_beyond_u64() {
    // 16×10: 168,435,972,906,750,526,954 tours, above 2^64 ≈ 1.8e19, and a narrow
    // frontier (10 columns), so the diagram builds in a fraction of a second.
    let g = LeapGraph::new("16x10".parse().unwrap(), &Piece::rook()).unwrap();
    let z = Zdd::build(&g, TourKind::Closed).unwrap();
    assert!(z.count() > 1u128 << 64);
    let big = (1u128 << 64) + 12_345;
    let t = z.unrank(big).unwrap();
    t.validate(&g).unwrap();
    assert_eq!(z.rank(&t.edges), Some(big));
    let r = format!("{big}..{}", big + 3);
    let o = stdout(&run(&["list", "--board", "16x10", "--range", &r]));
    assert_eq!(o.lines().count(), 3);
    assert!(o.starts_with(&format!("{big}: a16")), "{o}");
}

/// `render --sample` draws a reproducible sheet of random glyphs of a big board, and
/// `render --shard` draws one shard; both are valid PDFs.
#[test]
fn render_sample_and_shard() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.pdf");
    let b = dir.path().join("b.pdf");
    for p in [&a, &b] {
        let o = run(&[
            "render",
            "--board",
            "12x12",
            "--sample",
            "6",
            "--seed",
            "3",
            "-o",
            p.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", crate::common::stderr(&o));
    }
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    let s = dir.path().join("s.pdf");
    let o = run(&[
        "render",
        "--board",
        "6x8",
        "--shard",
        "3/4",
        "-o",
        s.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    for p in [&a, &s] {
        crate::common::qpdf_check(p);
    }
}
