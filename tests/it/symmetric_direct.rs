//! Symmetric tours found directly on quotient boards (`engine::symmetric_tours::quotient`
//! and `engine::symmetric_tours::direct`): their counts against Burnside's fixed-tour counts and the
//! filter, the listed tours valid, fixed and in ID order, `--range` slices, sampling
//! deterministic and uniform, and the commands that draw them (render, glyph, font).

use crate::common::{file_names, run, stderr, stdout};
use tourglyph::budget::Budget;
use tourglyph::engine::Flow;
use tourglyph::engine::count::transfer::count_rook_classes;
use tourglyph::engine::frontier::Zdd;
use tourglyph::engine::sample::Sampler;
use tourglyph::{Board, LeapGraph, Piece, TourKind};
use tourglyph::{engine::select::Query, engine::select::tally};
use tourglyph::{engine::symmetric_tours::Symmetry, engine::symmetric_tours::from_class_count};
use tourglyph::{
    engine::symmetric_tours::direct::Direct, engine::symmetric_tours::direct::supported,
};

const ALL: [Symmetry; 4] = [
    Symmetry::Rot90,
    Symmetry::Rot180,
    Symmetry::Mirror,
    Symmetry::Any,
];

/// The direct counts equal Burnside's on every board from 3×3 to 10×10 (and 12×12 for
/// the turns), and the filter over all tours on every board up to 6×8.
#[test]
fn direct_counts_equal_burnside_and_the_filter() {
    let mut nonzero = 0;
    let mut boards: Vec<(u32, u32)> = (3..=10u32)
        .flat_map(|m| (m..=10u32).map(move |n| (m, n)))
        .filter(|(m, n)| m * n % 2 == 0)
        .collect();
    boards.push((12, 12));
    for (m, n) in boards {
        let board = Board::new(m, n);
        let g = LeapGraph::new(board, &Piece::rook()).unwrap();
        let classes = count_rook_classes(board, None).unwrap();
        let zdd = (m * n <= 48).then(|| Zdd::build(&g, TourKind::Closed).unwrap());
        for sym in ALL {
            if !supported(&g, sym) || (m == 12 && matches!(sym, Symmetry::Mirror | Symmetry::Any)) {
                continue;
            }
            let d = Direct::build(&g, sym, &Budget::default()).unwrap();
            let want = from_class_count(board, sym, &classes).unwrap();
            assert_eq!(
                d.count().to_string(),
                want.to_string(),
                "{m}x{n} {}",
                sym.word()
            );
            if let Some(z) = &zdd {
                let q = Query {
                    symmetry: Some(sym),
                    ..Query::default()
                };
                assert_eq!(d.count(), u128::from(tally(z, &g, &q).selected));
            }
            nonzero += usize::from(d.count() > 0);
        }
    }
    assert!(nonzero > 60, "cases with symmetric tours: {nonzero}");
}

/// (row, col, rows, cols) → the image of (row, col).
type CellMap = fn(u32, u32, u32, u32) -> (u32, u32);

/// The symmetries `sym` may mean, on an m×n board.
fn images(sym: &str) -> Vec<CellMap> {
    match sym {
        "rot90" => vec![|r, c, m, _| (c, m - 1 - r)],
        "rot180" => vec![|r, c, m, n| (m - 1 - r, n - 1 - c)],
        "mirror" => vec![|r, c, m, _| (m - 1 - r, c), |r, c, _, n| (r, n - 1 - c)],
        _ => unreachable!(),
    }
}

/// A listed tour's cells: a closed rook tour of the board, fixed by one of `sym`'s maps.
fn check_fixed(board: Board, sym: &str, v: &serde_json::Value) {
    let cells: Vec<(u32, u32)> = v["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_u64().unwrap() as u32, p[1].as_u64().unwrap() as u32))
        .collect();
    let k = cells.len();
    assert_eq!(k, board.cells(), "every cell once: {v}");
    let mut seen = cells.clone();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), k, "no cell twice");
    let mut edges: Vec<((u32, u32), (u32, u32))> = (0..k)
        .map(|i| {
            let (a, b) = (cells[i], cells[(i + 1) % k]);
            assert_eq!(a.0.abs_diff(b.0) + a.1.abs_diff(b.1), 1, "a rook step");
            (a.min(b), a.max(b))
        })
        .collect();
    edges.sort_unstable();
    let fixed = images(sym).iter().any(|f| {
        let mut img: Vec<_> = edges
            .iter()
            .map(|&(a, c)| {
                let (x, y) = (
                    f(a.0, a.1, board.rows, board.cols),
                    f(c.0, c.1, board.rows, board.cols),
                );
                (x.min(y), x.max(y))
            })
            .collect();
        img.sort_unstable();
        img == edges
    });
    assert!(fixed, "{sym}: tour {} is not fixed", v["index"]);
}

fn list_json(args: &[&str]) -> Vec<serde_json::Value> {
    let mut all = vec!["list", "--json"];
    all.extend_from_slice(args);
    let o = run(&all);
    assert!(o.status.success(), "{all:?}: {}", stderr(&o));
    stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// `list --board 10x10 --symmetry rot90 --limit 50` and rot180/mirror on 10×10 and
/// 9×10: valid fixed tours, indices 0, 1, 2, … and global IDs increasing (ID order).
#[test]
fn listed_tours_are_valid_fixed_and_in_id_order() {
    for (board, sym) in [
        ("10x10", "rot90"),
        ("10x10", "rot180"),
        ("10x10", "mirror"),
        ("9x10", "rot180"),
    ] {
        let b: Board = board.parse().unwrap();
        let lines = list_json(&["--board", board, "--symmetry", sym, "--limit", "50"]);
        assert_eq!(lines.len(), 50, "{board} {sym}");
        let mut last_id = None;
        for (i, v) in lines.iter().enumerate() {
            assert_eq!(v["index"].as_u64(), Some(i as u64));
            check_fixed(b, sym, v);
            let id = v["id"].as_u64().expect("global ids up to 12x12");
            assert!(
                last_id.is_none_or(|l| l < id),
                "{board} {sym}: IDs increase"
            );
            last_id = Some(id);
        }
    }
    // 14×14: no global ID, the quarter-turn tours still fixed.
    let lines = list_json(&["--board", "14x14", "--symmetry", "rot90", "--limit", "5"]);
    assert_eq!(lines.len(), 5);
    for v in &lines {
        assert!(v.get("id").is_none());
        check_fixed(Board::new(14, 14), "rot90", v);
    }
}

/// `--range A..B` and `--shard` slice the list of symmetric tours by index (a union's
/// too, from the middle).
#[test]
fn range_and_shard_slice_the_list() {
    for sym in ["rot180", "mirror", "any"] {
        let full = list_json(&["--board", "10x10", "--symmetry", sym, "--limit", "300"]);
        let part = list_json(&["--board", "10x10", "--symmetry", sym, "--range", "137..151"]);
        assert_eq!(part, full[137..151].to_vec(), "{sym}");
    }
    let all = list_json(&["--board", "10x10", "--symmetry", "rot90"]);
    assert_eq!(all.len(), 204);
    let mut shards = Vec::new();
    for k in 1..=3 {
        shards.extend(list_json(&[
            "--board",
            "10x10",
            "--symmetry",
            "rot90",
            "--shard",
            &format!("{k}/3"),
        ]));
    }
    assert_eq!(shards, all);
}

/// `--sample K --seed S`: the same seed draws the same tours, another seed others; each
/// draw is the listed tour of its index, so a valid fixed tour.
#[test]
fn sampling_is_deterministic_and_lands_on_symmetric_tours() {
    for sym in ["rot90", "rot180", "mirror"] {
        let draw = |seed: &str| {
            list_json(&[
                "--board",
                "10x10",
                "--symmetry",
                sym,
                "--sample",
                "8",
                "--seed",
                seed,
            ])
        };
        let (a, b, c) = (draw("4"), draw("4"), draw("5"));
        assert_eq!(a, b, "{sym}: same seed");
        assert_ne!(a, c, "{sym}: another seed");
        for v in &a {
            let i = v["index"].as_u64().unwrap();
            let listed = list_json(&[
                "--board",
                "10x10",
                "--symmetry",
                sym,
                "--range",
                &format!("{i}..{}", i + 1),
            ]);
            assert_eq!(listed, vec![v.clone()], "{sym}: draw {i}");
            check_fixed(Board::new(10, 10), sym, v);
        }
    }
}

/// Uniformity: on boards where every symmetric tour can be listed, many draws spread
/// evenly: the chi-square statistic is within five standard deviations of its mean
/// (k − 1 for k tours) — a skew by a factor of 2 on a tenth of the tours would be
/// far outside. Unions (mirror, any) are drawn by rejection, the one part by index.
#[test]
fn samples_are_uniform() {
    for (m, n, sym) in [
        (6, 6, Symmetry::Rot180),
        (6, 6, Symmetry::Mirror),
        (6, 8, Symmetry::Any),
    ] {
        let g = LeapGraph::new(Board::new(m, n), &Piece::rook()).unwrap();
        let d = Direct::build(&g, sym, &Budget::default()).unwrap();
        let k = d.count() as usize;
        assert!(k >= 20, "{m}x{n} {}: {k} tours", sym.word());
        let draws = 100 * k;
        let mut seen = vec![0u64; k];
        for (i, t) in d.sample(&mut Sampler::new(11), draws as u64).unwrap() {
            assert_eq!(d.index(&t), Some(i));
            seen[i as usize] += 1;
        }
        let e = draws as f64 / k as f64;
        let chi: f64 = seen
            .iter()
            .map(|&o| {
                let d = o as f64 - e;
                d * d / e
            })
            .sum();
        let df = (k - 1) as f64;
        assert!(
            (chi - df).abs() < 5.0 * (2.0 * df).sqrt(),
            "{m}x{n} {}: chi-square {chi:.1} with {df} degrees of freedom",
            sym.word()
        );
    }
    // The walk gives every symmetric tour exactly once (the pool the draws index).
    let g = LeapGraph::new(Board::new(6, 6), &Piece::rook()).unwrap();
    let d = Direct::build(&g, Symmetry::Any, &Budget::default()).unwrap();
    let mut n = 0;
    let mut walked: Vec<Vec<u32>> = Vec::new();
    d.for_each(0..u128::MAX, |_, t| {
        n += 1;
        walked.push(t.edges);
        Flow::Continue
    });
    assert_eq!(n, d.count());
    // Strictly increasing edge lists: no tour twice, in ID order.
    assert!(walked.windows(2).all(|w| w[0] < w[1]));
}

/// `render --board 14x14 --symmetry rot90 --sample 12 --seed 1` draws 12 glyphs, labelled
/// by the indices `list` draws with the same seed; `glyph --random --symmetry` on 14×14
/// draws the tour `list --sample 1` prints; `render --split` names files by index.
#[test]
fn render_and_glyph_draw_the_sampled_symmetric_tours() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("s.svg");
    let o = run(&[
        "render",
        "--board",
        "14x14",
        "--symmetry",
        "rot90",
        "--sample",
        "12",
        "--seed",
        "1",
        "--page",
        "a3",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&svg).unwrap();
    let listed = list_json(&[
        "--board",
        "14x14",
        "--symmetry",
        "rot90",
        "--sample",
        "12",
        "--seed",
        "1",
    ]);
    let mut seen = std::collections::HashMap::new();
    for v in &listed {
        let i = v["index"].as_u64().unwrap();
        let k = seen.entry(i).or_insert(0);
        *k += 1;
        let id = if *k == 1 {
            format!("id=\"index-{i}\"")
        } else {
            format!("id=\"index-{i}-{k}\"")
        };
        assert!(text.contains(&id), "the sheet draws index {i}");
    }
    assert_eq!(text.matches("id=\"index-").count(), 12);
    assert!(text.contains("index among the symmetric tours"));

    let g1 = dir.path().join("g.svg");
    let glyph = |out: &std::path::Path| {
        run(&[
            "glyph",
            "--board",
            "14x14",
            "--random",
            "--symmetry",
            "rot90",
            "--seed",
            "9",
            "-o",
            out.to_str().unwrap(),
        ])
    };
    let o = glyph(&g1);
    assert!(o.status.success(), "{}", stderr(&o));
    let one = list_json(&[
        "--board",
        "14x14",
        "--symmetry",
        "rot90",
        "--sample",
        "1",
        "--seed",
        "9",
    ]);
    let i = one[0]["index"].as_u64().unwrap();
    let text = std::fs::read_to_string(&g1).unwrap();
    assert!(
        text.contains(&format!("rot90 symmetric, index {i}")),
        "the glyph is draw {i}"
    );
    // --split: one file per drawn tour, named by its index.
    let split = dir.path().join("split");
    let o = run(&[
        "render",
        "--board",
        "14x14",
        "--symmetry",
        "rot90",
        "--sample",
        "3",
        "--seed",
        "1",
        "--split",
        "--mkdir",
        "-o",
        split.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let files = file_names(&split);
    let mut want: Vec<String> = listed[..3]
        .iter()
        .map(|v| v["index"].as_u64().unwrap())
        .map(|i| format!("rook-14x14-rot90-{i:06}.svg"))
        .collect();
    want.sort();
    want.dedup();
    assert_eq!(files, want);
}

/// `font --symmetry` keeps only symmetric tours: sampled on 6×6 (the filter's pool: the
/// two quarter-turn tours) and listed on 10×10 (the direct path, by index).
#[test]
fn font_keeps_only_symmetric_tours() {
    let dir = tempfile::tempdir().unwrap();
    let ids: Vec<u64> = list_json(&["--board", "6x6", "--symmetry", "rot90"])
        .iter()
        .map(|v| v["id"].as_u64().unwrap())
        .collect();
    let f = dir.path().join("f.ttf");
    let o = run(&[
        "font",
        "--board",
        "6x6",
        "--symmetry",
        "rot90",
        "--sample",
        "6",
        "-o",
        f.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let map: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(f.with_extension("json")).unwrap()).unwrap();
    for row in map.as_array().unwrap() {
        let id = row["id"].as_u64().unwrap();
        assert!(
            ids.contains(&id),
            "font glyph of tour {id} is not symmetric"
        );
    }
    let f = dir.path().join("f10.ttf");
    let o = run(&[
        "font",
        "--board",
        "10x10",
        "--symmetry",
        "mirror",
        "--limit",
        "5",
        "-o",
        f.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let map: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(f.with_extension("json")).unwrap()).unwrap();
    let rows = map.as_array().unwrap();
    assert_eq!(rows.len(), 5);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["index"].as_u64(), Some(i as u64));
        check_fixed(Board::new(10, 10), "mirror", row);
    }
}

/// Two independent searches agree: the quotient diagram's quarter-turn tours of 10×10
/// are those of the path search of `engine::symmetric_tours::quarter_turn` (one orbit at a time), in order.
#[test]
fn quarter_turn_quotient_agrees_with_the_path_search() {
    let g = LeapGraph::new(Board::new(10, 10), &Piece::rook()).unwrap();
    let search =
        tourglyph::engine::symmetric_tours::quarter_turn::quarter_turn_tours(&g, 100_000_000)
            .unwrap();
    let d = Direct::build(&g, Symmetry::Rot90, &Budget::default()).unwrap();
    let mut got = Vec::new();
    d.for_each(0..u128::MAX, |_, t| {
        got.push(t.edges);
        Flow::Continue
    });
    let want: Vec<Vec<u32>> = search.into_iter().map(|t| t.edges).collect();
    assert_eq!(want.len(), 204);
    assert_eq!(got, want);
}

/// A selection too large to draw is refused at once, before any tour is made (it used
/// to collect up to 8 M tours first: 10 GB on 16×16): one line, exit 2.
#[test]
fn too_large_a_direct_selection_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("all.pdf");
    let o = run(&[
        "render",
        "--board",
        "14x14",
        "--symmetry",
        "rot180",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(
        e.contains("5373177281748 rot180-symmetric tours") && e.contains("--limit"),
        "{e}"
    );
    assert!(!out.exists(), "no partial file");
    let o = run(&[
        "font",
        "--board",
        "10x10",
        "--symmetry",
        "rot180",
        "-o",
        dir.path().join("f.ttf").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("the 6400 it takes"), "{}", stderr(&o));
    // `list` of more than the walk limit needs a bound (as for all tours).
    let o = run(&["list", "--board", "14x14", "--symmetry", "rot180"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--limit K"), "{}", stderr(&o));
    assert!(o.stdout.is_empty());
}
