//! Uniform sampling (a chi-square test that can fail) and sharding.

use crate::common::{run, stdout};
use tourglyph::engine::frontier::Zdd;
use tourglyph::engine::sample::Sampler;
use tourglyph::{LeapGraph, Piece, TourKind};

/// Pearson's statistic of observed counts against a uniform expectation.
fn chi_square(counts: &[u64], draws: u64) -> f64 {
    let e = draws as f64 / counts.len() as f64;
    counts
        .iter()
        .map(|&o| {
            let d = o as f64 - e;
            d * d / e
        })
        .sum()
}

/// Upper critical value of χ² with `k` degrees of freedom at p = 0.001, by the
/// Wilson–Hilferty cube approximation (z = 3.0902 for the 0.999 normal quantile).
fn critical_p001(k: f64) -> f64 {
    let z = 3.0902;
    let t = 1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt();
    k * t * t * t
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

/// `list --board B --sample 1 --seed S --json`'s tour ID.
fn sampled_id(piece: &str, board: &str, seed: u64) -> u128 {
    let o = run(&[
        "list",
        "--piece",
        piece,
        "--board",
        board,
        "--sample",
        "1",
        "--seed",
        &seed.to_string(),
        "--json",
    ]);
    assert!(o.status.success(), "{}", crate::common::stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    v["id"].as_u64().expect("an id") as u128
}

/// Run the binary in `dir`, which must succeed, and return the bytes of `file` there.
fn output_of(args: &[&str], dir: &std::path::Path, file: &str) -> Vec<u8> {
    let o = std::process::Command::new(crate::common::bin())
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{args:?}: {}",
        crate::common::stderr(&o)
    );
    std::fs::read(dir.join(file)).unwrap()
}

/// Issue 13, defect 5: one seed, one tour, whichever command draws it. `glyph --random
/// --seed S` draws the glyph of the ID `list --sample 1 --seed S` prints, and `render
/// --sample 1 --seed S` the sheet of `render --range ID..ID+1`.
#[test]
fn one_seed_draws_one_tour_in_list_glyph_and_render() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut ids = std::collections::BTreeSet::new();
    for (piece, board) in [("rook", "6x6"), ("rook", "4x8"), ("knight", "10x3")] {
        for seed in [0u64, 3, 7, 11] {
            let id = sampled_id(piece, board, seed);
            ids.insert((board, id));
            let (s, i) = (seed.to_string(), id.to_string());
            let base = ["--piece", piece, "--board", board];
            let with = |extra: &[&str]| -> Vec<String> {
                base.iter().chain(extra).map(|x| x.to_string()).collect()
            };
            let run_in = |cmd: &str, extra: &[&str], file: &str| {
                let mut args = vec![cmd.to_string()];
                args.extend(with(extra));
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                output_of(&args, d, file)
            };
            // The same picture: the documents differ only in the `<desc>`, which says how
            // each was drawn (`--random --seed S` or `--id N`).
            let random = run_in("glyph", &["--random", "--seed", &s, "-o", "r.svg"], "r.svg");
            let by_id = run_in("glyph", &["--id", &i, "-o", "i.svg"], "i.svg");
            assert!(
                without(&random, "<desc>", "</desc>") == without(&by_id, "<desc>", "</desc>"),
                "{piece} {board} seed {seed}: glyph --random draws another tour than list's ID {id}"
            );
            let range = format!("{id}..{}", id + 1);
            // The same glyph layer: the footers differ, each saying what was selected.
            let sheet = run_in(
                "render",
                &["--sample", "1", "--seed", &s, "-o", "s.svg"],
                "s.svg",
            );
            let ranged = run_in("render", &["--range", &range, "-o", "t.svg"], "t.svg");
            assert!(
                glyph_layer(&sheet) == glyph_layer(&ranged),
                "{piece} {board} seed {seed}: render --sample draws another tour than list's ID {id}"
            );
        }
    }
    assert!(ids.len() > 6, "the seeds draw different tours: {ids:?}");
}

/// `doc` as text without its first element from `open` to `close`.
fn without(doc: &[u8], open: &str, close: &str) -> String {
    let doc = String::from_utf8_lossy(doc).into_owned();
    match (doc.find(open), doc.find(close)) {
        (Some(a), Some(b)) if a < b => format!("{}{}", &doc[..a], &doc[b + close.len()..]),
        _ => doc,
    }
}

/// The glyph layer of an SVG sheet (`<g id="glyphs" …>` to its end): the glyphs drawn,
/// without the title and footer that say what was selected.
fn glyph_layer(svg: &[u8]) -> String {
    let svg = String::from_utf8_lossy(svg);
    let start = svg.find("<g id=\"glyphs\"").expect("a glyph layer");
    let end = start + svg[start..].find("</g>").expect("the layer ends");
    svg[start..end].to_string()
}

/// The 149 classes of 6×6 closed rook tours: (representative ID, orbit size).
fn classes_6x6(z: &Zdd, g: &LeapGraph) -> Vec<(u128, u32)> {
    let q = tourglyph::engine::select::Query {
        classes: true,
        ..Default::default()
    };
    let mut classes = Vec::new();
    tourglyph::engine::select::stream(
        z,
        g,
        &q,
        |it| (it.id, it.orbit.unwrap()),
        |c| {
            classes.push(c);
            Ok(tourglyph::engine::Flow::Continue)
        },
    )
    .unwrap();
    classes
}

/// Issue 13, defect 11: `--classes --sample` draws classes uniformly. 200 draws per class
/// of 6×6 (fixed seed, so the test is deterministic) must pass Pearson's χ² at
/// p = 0.001; the uniform tours' own classes (no 1/orbit acceptance: 121 classes of orbit
/// 8, 24 of 4, 4 of 2, drawn in proportion 8 : 4 : 2) must fail it.
#[test]
fn class_sampling_is_uniform_over_the_149_classes_of_6x6() {
    let g = LeapGraph::new("6x6".parse().unwrap(), &Piece::rook()).unwrap();
    let z = Zdd::build(&g, TourKind::Closed).unwrap();
    let classes = classes_6x6(&z, &g);
    assert_eq!(classes.len(), 149);
    let index: std::collections::HashMap<u128, usize> =
        classes.iter().enumerate().map(|(i, c)| (c.0, i)).collect();
    let draws = 149 * 200u64;
    let mut counts = vec![0u64; classes.len()];
    for it in Sampler::new(2026).classes(&z, &g, draws).unwrap() {
        let k = *index
            .get(&it.id)
            .unwrap_or_else(|| panic!("{} is not a class representative", it.id));
        assert_eq!(it.orbit, Some(classes[k].1), "orbit of {}", it.id);
        assert_eq!(z.rank(&it.tour.edges), Some(it.id), "the tour of its ID");
        counts[k] += 1;
    }
    let crit = critical_p001((classes.len() - 1) as f64);
    let stat = chi_square(&counts, draws);
    assert!(
        stat < crit,
        "chi-square {stat:.1} ≥ {crit:.1}: classes not uniform at p = 0.001"
    );
    // Power: the class of a uniform tour, kept every time, is far from uniform.
    let checker = tourglyph::symmetry::ClassChecker::new(&g);
    let mut biased = vec![0u64; classes.len()];
    for (_, t) in Sampler::new(2026).tours(&z, draws as usize).unwrap() {
        let bits = tourglyph::symmetry::bitset(&t.edges, checker.words());
        let (rep, _) = checker.representative(&bits);
        let id = z.rank(&tourglyph::symmetry::edges_of(&rep)).unwrap();
        biased[index[&id]] += 1;
    }
    let weak = chi_square(&biased, draws);
    assert!(weak > crit, "without the acceptance: {weak:.1} ≤ {crit:.1}");
    eprintln!(
        "chi-square over 149 classes: {stat:.1} (without acceptance {weak:.1}); critical {crit:.1}"
    );
}

/// `list --classes --sample` prints class representatives with their orbits as `--classes`
/// does, reproducibly, in draw order (a shorter sample is a prefix); `render --classes
/// --sample` with the same seed draws the same classes, captioned `ID (orbit)`.
#[test]
fn class_samples_in_list_and_render() {
    let all = stdout(&run(&["list", "--board", "6x6", "--classes", "--json"]));
    let all: std::collections::HashSet<&str> = all.lines().collect();
    assert_eq!(all.len(), 149);
    let sample = |k: &str, seed: &str| {
        let o = run(&[
            "list",
            "--board",
            "6x6",
            "--classes",
            "--json",
            "--sample",
            k,
            "--seed",
            seed,
        ]);
        assert!(o.status.success(), "{}", crate::common::stderr(&o));
        stdout(&o)
    };
    let a = sample("300", "5");
    assert_eq!(a.lines().count(), 300);
    for line in a.lines() {
        assert!(
            all.contains(line),
            "not a class as --classes lists it: {line}"
        );
    }
    assert_eq!(a, sample("300", "5"));
    assert_ne!(a, sample("300", "6"));
    let short = sample("12", "5");
    assert!(a.starts_with(&short));
    let dir = tempfile::tempdir().unwrap();
    let sheet = output_of(
        &[
            "render",
            "--board",
            "6x6",
            "--classes",
            "--sample",
            "12",
            "--seed",
            "5",
            "-o",
            "c.svg",
        ],
        dir.path(),
        "c.svg",
    );
    let sheet = String::from_utf8(sheet).unwrap();
    for line in short.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let caption = format!("{} ({})", v["id"], v["orbit"]);
        assert!(
            sheet.lines().any(|l| l.trim() == caption),
            "sheet lacks caption {caption}"
        );
    }
}
