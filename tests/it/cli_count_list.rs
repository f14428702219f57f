//! `count` and `list` through the binary: figures, JSON shape, determinism across thread
//! counts, exit codes and messages.

use crate::common::{run, run_threads, stderr, stdout};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use tourglyph::{LeapGraph, Piece, Tour, TourKind};

#[test]
fn count_figures() {
    // Seed 000: 37 closed rook tours on 4×6.
    let o = run(&["count", "--board", "4x6"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "37\n");
    // OEIS A003763.
    assert_eq!(
        stdout(&run(&["count", "--board", "10x10"])),
        "467260456608\n"
    );
    assert_eq!(
        stdout(&run(&["count", "--board", "12x12"])),
        "1076226888605605706\n"
    );
    let o = run(&["count", "--piece", "knight", "--board", "6x6", "--classes"]);
    let s = stdout(&o);
    assert!(
        s.contains("tours: 9862") && s.contains("classes: 1245"),
        "{s}"
    );
}

#[test]
fn count_json_shape() {
    let o = run(&["count", "--board", "6x6", "--classes", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["piece"], "rook");
    assert_eq!(v["board"], "6x6");
    assert_eq!(v["closed"], true);
    assert_eq!(v["tours"], 1072);
    assert_eq!(v["classes"], 149);
    let orbits = v["orbits"].as_object().unwrap();
    let mut sum = 0;
    let mut classes = 0;
    for (k, n) in orbits {
        let k: u64 = k.parse().unwrap();
        assert!([1, 2, 4, 8].contains(&k));
        sum += k * n.as_u64().unwrap();
        classes += n.as_u64().unwrap();
    }
    assert_eq!(sum, 1072, "orbit sizes add up to the tours");
    assert_eq!(classes, 149);
    // Without classes: no classes key; open tours say closed false.
    let v: serde_json::Value = serde_json::from_str(&stdout(&run(&[
        "count", "--piece", "knight", "--board", "5x5", "--open", "--json",
    ])))
    .unwrap();
    assert_eq!(v["closed"], false);
    assert_eq!(v["tours"], 864); // OEIS A165134: 1,728 directed
    assert!(v.get("classes").is_none());
}

#[test]
fn list_4x4_json() {
    let o = run(&["list", "--board", "4x4", "--json"]);
    assert!(o.status.success());
    let g = LeapGraph::new("4x4".parse().unwrap(), &Piece::rook()).unwrap();
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert_eq!(lines.len(), 6);
    let mut prev: Option<Vec<u32>> = None;
    for (k, line) in lines.iter().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["id"], k as u64);
        let cells: Vec<u32> = v["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p[0].as_u64().unwrap() * 4 + p[1].as_u64().unwrap()) as u32)
            .collect();
        // A valid closed tour, printed from its smallest cell towards the smaller
        // neighbour.
        let t = Tour::from_cells(&g, &cells, TourKind::Closed).unwrap();
        assert_eq!(cells[0], 0);
        assert!(cells[1] < cells[15]);
        if let Some(p) = &prev {
            assert!(*p < t.edges, "IDs follow the edge-list order");
        }
        prev = Some(t.edges);
    }
}

#[test]
fn list_is_identical_across_thread_counts() {
    let a = run_threads(&["list", "--board", "6x6", "--json"], 1);
    let b = run_threads(&["list", "--board", "6x6", "--json"], 2);
    assert!(a.status.success() && b.status.success());
    assert_eq!(stdout(&a).lines().count(), 1072);
    assert!(a.stdout == b.stdout, "RAYON_NUM_THREADS=1 and =2 differ");
    let c = run_threads(
        &[
            "list",
            "--board",
            "8x8",
            "--classes",
            "--range",
            "0..300000",
        ],
        1,
    );
    let d = run_threads(
        &[
            "list",
            "--board",
            "8x8",
            "--classes",
            "--range",
            "0..300000",
        ],
        2,
    );
    assert!(c.stdout == d.stdout && !c.stdout.is_empty());
}

#[test]
fn list_range_and_limit() {
    let all = stdout(&run(&["list", "--board", "6x6"]));
    let all: Vec<&str> = all.lines().collect();
    let part = stdout(&run(&["list", "--board", "6x6", "--range", "100..110"]));
    assert_eq!(part.lines().collect::<Vec<_>>(), all[100..110].to_vec());
    let lim = stdout(&run(&["list", "--board", "6x6", "--limit", "3"]));
    assert_eq!(lim.lines().collect::<Vec<_>>(), all[..3].to_vec());
    let classes = stdout(&run(&["list", "--board", "6x6", "--classes", "--json"]));
    assert_eq!(classes.lines().count(), 149);
    let orbit_sum: u64 = classes
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["orbit"]
                .as_u64()
                .unwrap()
        })
        .sum();
    assert_eq!(orbit_sum, 1072);
}

#[test]
fn usage_errors_exit_2_with_one_line() {
    for (args, needle) in [
        (vec!["count", "--board", "6by6"], "ROWSxCOLS"),
        (vec!["count", "--board", "0x5"], "ROWSxCOLS"),
        (vec!["count", "--board", "3x"], "ROWSxCOLS"),
        (
            vec!["count", "--board", "4x4", "--piece", "bishop"],
            "unknown piece",
        ),
        (vec!["list", "--board", "4x4", "--range", "9..3"], "9..3"),
        (vec!["list", "--board", "10x10"], "467260456608"),
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let e = stderr(&o);
        assert_eq!(e.lines().count(), 1, "{args:?}: one line, got {e}");
        assert!(
            e.starts_with("tourglyph: ") && e.contains(needle),
            "{args:?}: {e}"
        );
        assert!(!e.contains("panicked"));
    }
}

#[test]
fn odd_board_has_no_closed_tour() {
    let o = run(&["count", "--board", "5x5"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "0\n");
    assert!(
        stderr(&o).contains("even number of cells"),
        "{}",
        stderr(&o)
    );
    let o = run(&["list", "--board", "3x5", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "");
}

#[test]
fn broken_pipe_exits_quietly() {
    let mut child = Command::new(crate::common::bin())
        .args(["list", "--board", "8x8", "--force"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("0: a8"), "{first}");
    // The reader is dropped here, closing the pipe.
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&o.stderr), "");
}

/// Issue 13, defect 3: counts, class counts, orbit histograms and non-crossing counts of
/// m×n equal those of n×m, whichever orientation the engine prefers (`count --piece
/// knight --board 3x14 --classes` was refused as too wide).
#[test]
fn counts_do_not_depend_on_orientation() {
    let cases: &[(&str, &str, &[&str])] = &[
        ("rook", "4x6", &[]),
        ("rook", "4x6", &["--classes"]),
        ("rook", "3x8", &["--open", "--classes"]),
        ("rook", "5x6", &["--open"]),
        ("knight", "3x10", &["--classes"]),
        ("knight", "3x14", &["--classes"]),
        ("knight", "4x5", &["--open", "--classes"]),
        ("knight", "5x6", &[]),
        ("king", "3x4", &["--non-crossing", "--classes"]),
    ];
    for (piece, board, flags) in cases {
        let (m, n) = board.split_once('x').unwrap();
        let turned = format!("{n}x{m}");
        let count = |b: &str| -> serde_json::Value {
            let mut args = vec!["count", "--piece", piece, "--board", b, "--json"];
            args.extend_from_slice(flags);
            let o = run(&args);
            assert!(o.status.success(), "{args:?}: {}", stderr(&o));
            let mut v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
            assert_eq!(v["board"], b, "{args:?}");
            v.as_object_mut().unwrap().remove("board");
            v
        };
        let (mut a, mut b) = (count(board), count(&turned));
        // The classes by quotient name each mirror's fixed tours: the two swap with the
        // orientation.
        if let (Some(fa), Some(fb)) = (a.get("fixed").cloned(), b.get("fixed").cloned()) {
            assert_eq!(fa["mirror_rows"], fb["mirror_cols"], "{piece} {board}");
            assert_eq!(fa["mirror_cols"], fb["mirror_rows"], "{piece} {board}");
            assert_eq!(fa["rot180"], fb["rot180"], "{piece} {board}");
            for v in [&mut a, &mut b] {
                v.as_object_mut().unwrap().remove("fixed");
            }
        }
        assert!(
            a["tours"].as_u64().unwrap() > 0,
            "{piece} {board} {flags:?}: {a}"
        );
        assert_eq!(a, b, "{piece} {board} {flags:?} against {turned}");
    }
}
