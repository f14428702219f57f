//! Symmetric tours (`--symmetry`): the counts `count` takes from Burnside's fixed-tour
//! counts (transfer matrix) against the frontier diagram's tours filtered, on every board
//! up to 8×8; listed tours really are fixed (checked on their cells here); the messages
//! that explain empty answers.

use crate::common::{run, stderr, stdout};
use tourglyph::engine::frontier::Zdd;
use tourglyph::engine::symmetric_tours::Symmetry;
use tourglyph::{Board, LeapGraph, Piece, TourKind};
use tourglyph::{engine::select::Query, engine::select::tally};

#[test]
fn burnside_counts_equal_the_filter_on_every_board_up_to_8x8() {
    let mut nonzero = 0;
    for m in 2..=8u32 {
        for n in m..=8u32 {
            if m * n % 2 == 1 {
                continue; // no closed rook tour
            }
            let g = LeapGraph::new(Board::new(m, n), &Piece::rook()).unwrap();
            let z = Zdd::build(&g, TourKind::Closed).unwrap();
            for sym in [
                Symmetry::Rot90,
                Symmetry::Rot180,
                Symmetry::Mirror,
                Symmetry::Any,
            ] {
                if sym == Symmetry::Rot90 && m != n {
                    continue;
                }
                let q = Query {
                    symmetry: Some(sym),
                    ..Query::default()
                };
                let filtered = tally(&z, &g, &q).selected;
                let o = run(&[
                    "count",
                    "--board",
                    &format!("{m}x{n}"),
                    "--symmetry",
                    sym.word(),
                    "--json",
                ]);
                assert!(o.status.success(), "{}", stderr(&o));
                let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
                assert_eq!(
                    v["symmetric"].as_u64(),
                    Some(filtered),
                    "{m}x{n} {}",
                    sym.word()
                );
                nonzero += u32::from(filtered > 0);
            }
        }
    }
    assert!(
        nonzero > 20,
        "the test has cases with symmetric tours ({nonzero})"
    );
}

/// Every tour `list --symmetry` prints is mapped to itself, checked on its cells:
/// rot90 on 6×6 (and 2 of them, the quarter-turn count), rot180 and mirror on 4×6.
#[test]
fn listed_tours_are_fixed() {
    type Map = fn(u32, u32, u32, u32) -> (u32, u32);
    let cases: [(&str, &str, Vec<Map>); 3] = [
        ("6x6", "rot90", vec![|r, c, m, _| (c, m - 1 - r)]),
        ("4x6", "rot180", vec![|r, c, m, n| (m - 1 - r, n - 1 - c)]),
        (
            "4x6",
            "mirror",
            vec![|r, c, m, _| (m - 1 - r, c), |r, c, _, n| (r, n - 1 - c)],
        ),
    ];
    for (board, sym, maps) in cases {
        let b: Board = board.parse().unwrap();
        let o = run(&["list", "--board", board, "--symmetry", sym, "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let mut lines = 0;
        for line in stdout(&o).lines() {
            lines += 1;
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let cells: Vec<(u32, u32)> = v["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| (p[0].as_u64().unwrap() as u32, p[1].as_u64().unwrap() as u32))
                .collect();
            let k = cells.len();
            let mut edges: Vec<((u32, u32), (u32, u32))> = (0..k)
                .map(|i| {
                    let (a, b) = (cells[i], cells[(i + 1) % k]);
                    (a.min(b), a.max(b))
                })
                .collect();
            edges.sort_unstable();
            let fixed = maps.iter().any(|f| {
                let mut img: Vec<((u32, u32), (u32, u32))> = edges
                    .iter()
                    .map(|&(a, c)| {
                        let (x, y) = (f(a.0, a.1, b.rows, b.cols), f(c.0, c.1, b.rows, b.cols));
                        (x.min(y), x.max(y))
                    })
                    .collect();
                img.sort_unstable();
                img == edges
            });
            assert!(fixed, "{board} {sym}: tour {} is not fixed", v["id"]);
        }
        assert!(lines > 0, "{board} {sym}: some tours");
        if sym == "rot90" {
            assert_eq!(lines, 2, "6x6 has two quarter-turn-symmetric tours");
        }
    }
}

#[test]
fn empty_answers_say_why() {
    let o = run(&["count", "--board", "8x8", "--symmetry", "rot90"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("rot90: 0"), "{}", stdout(&o));
    assert!(stderr(&o).contains("n ≡ 2 (mod 4)"), "{}", stderr(&o));
    for (args, needle) in [
        (
            &["count", "--board", "6x6", "--symmetry", "diagonal"][..],
            "exactly two points",
        ),
        (
            &["count", "--board", "4x6", "--symmetry", "rot90"],
            "oblong",
        ),
        (
            &["count", "--board", "4x4", "--torus", "--symmetry", "rot180"],
            "drop --symmetry or --torus",
        ),
        (
            &["count", "--board", "4x4", "--symmetry", "spin"],
            "rot90, rot180, mirror",
        ),
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = stderr(&o);
        assert!(
            e.starts_with("tourglyph: ") && e.contains(needle),
            "{args:?}: {e}"
        );
    }
}

/// `list --symmetry rot180 --sample` draws only half-turn-symmetric tours, every one of
/// them, about equally often (28 tours on 6×6, 2,800 draws: each expected 100 times, a
/// standard deviation of about 10), and is reproducible.
#[test]
fn sampling_is_uniform_over_the_symmetric_tours() {
    let all = run(&["list", "--board", "6x6", "--symmetry", "rot180"]);
    let pool: std::collections::BTreeSet<String> = stdout(&all)
        .lines()
        .map(|l| l.split(':').next().unwrap().to_string())
        .collect();
    assert_eq!(pool.len(), 28);
    let args = [
        "list",
        "--board",
        "6x6",
        "--symmetry",
        "rot180",
        "--sample",
        "2800",
        "--seed",
        "5",
    ];
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(o.stdout, run(&args).stdout, "same seed, same draws");
    let mut hist = std::collections::BTreeMap::new();
    for l in stdout(&o).lines() {
        let id = l.split(':').next().unwrap().to_string();
        assert!(pool.contains(&id), "{id} is not half-turn symmetric");
        *hist.entry(id).or_insert(0u32) += 1;
    }
    assert_eq!(hist.len(), 28, "every symmetric tour drawn");
    assert!(hist.values().all(|&n| (50..=150).contains(&n)), "{hist:?}");
}

/// 10×10, beyond the boards the diagram's walk can filter: `list --symmetry rot90` finds
/// the quarter-turn-symmetric tours directly. There are as many as Burnside's count says,
/// each is a closed rook tour mapped to itself by the quarter turn (checked on its cells
/// here), indices count up from 0, and the global IDs increase (the ID order).
#[test]
fn quarter_turn_tours_of_10x10_directly() {
    let o = run(&["count", "--board", "10x10", "--symmetry", "rot90", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let want = v["symmetric"].as_u64().unwrap();
    assert_eq!(want, 204);
    let o = run(&["list", "--board", "10x10", "--symmetry", "rot90", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut prev_id = None;
    let mut lines = 0u64;
    for (k, line) in stdout(&o).lines().enumerate() {
        lines += 1;
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["index"].as_u64(), Some(k as u64));
        let id = v["id"].as_u64().expect("the global id on 10x10");
        assert!(prev_id.is_none_or(|p| p < id), "IDs increase");
        prev_id = Some(id);
        let cells: Vec<(u32, u32)> = v["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p[0].as_u64().unwrap() as u32, p[1].as_u64().unwrap() as u32))
            .collect();
        assert_eq!(cells.len(), 100);
        assert_eq!(
            cells
                .iter()
                .collect::<std::collections::BTreeSet<_>>()
                .len(),
            100
        );
        let mut edges: Vec<((u32, u32), (u32, u32))> = (0..100)
            .map(|i| {
                let (a, b) = (cells[i], cells[(i + 1) % 100]);
                assert_eq!(a.0.abs_diff(b.0) + a.1.abs_diff(b.1), 1, "a rook step");
                (a.min(b), a.max(b))
            })
            .collect();
        edges.sort_unstable();
        let turn = |(r, c): (u32, u32)| (c, 9 - r);
        let mut img: Vec<_> = edges
            .iter()
            .map(|&(a, b)| (turn(a).min(turn(b)), turn(a).max(turn(b))))
            .collect();
        img.sort_unstable();
        assert_eq!(img, edges, "tour {k} is fixed by the quarter turn");
    }
    assert_eq!(lines, want);
    let o = run(&[
        "list",
        "--board",
        "10x10",
        "--symmetry",
        "rot90",
        "--sample",
        "5",
        "--seed",
        "1",
    ]);
    assert_eq!(stdout(&o).lines().count(), 5, "{}", stderr(&o));
}
