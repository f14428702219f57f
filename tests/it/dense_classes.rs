//! Classes of big square boards by Burnside's lemma on the dense counter (issue 29, item
//! 3: `count::classes`): every fixed count and class count against the transfer matrix's
//! (`count::transfer::count_rook_classes`) on every even square to 16×16 and against
//! enumerating the tours to 8×8, the published figures (OEIS A209077 and A238818, Wynn
//! 2014), and the CLI: `count --classes --json`'s `fixed` object, `--symmetry` on big
//! boards, `--classes --combine` and their refusals.

use crate::common::{run, run_threads, stderr, stdout};
use crate::reference::{A209077, A238818};
use num_bigint::BigUint;
use tourglyph::Board;
use tourglyph::budget::Budget;
use tourglyph::engine::count::classes::count_rook_classes_dense;
use tourglyph::engine::count::crt::{self, Width};
use tourglyph::engine::count::transfer::{ClassCount, count_rook_classes};
use tourglyph::symmetry::Sym;

fn dense(n: u32, width: Width) -> ClassCount {
    count_rook_classes_dense(Board::new(n, n), None, width, &Budget::default(), None).unwrap()
}

fn fix(c: &ClassCount, g: Sym) -> BigUint {
    c.fixed.iter().find(|(s, _)| *s == g).unwrap().1.clone()
}

/// Every even square to 14×14, each residue width: all eight fixed counts, both mirrors,
/// the classes and the orbit sizes equal the transfer matrix's (exact words, its own
/// half- and quarter-board sweeps), whose figures the engine's cross-check `transfer_count`
/// (crates/engine/tests/cross_checks) checks against
/// enumeration to 8×8 and OEIS to 16×16 (16×16 is compared there, where the transfer
/// matrix's classes are counted once; to 8×8 the dense figures are compared with the
/// enumeration too).
#[test]
fn dense_classes_equal_the_transfer_matrix_to_14x14() {
    for n in (2..=14).step_by(2) {
        let want = count_rook_classes(Board::new(n, n), None).unwrap();
        for width in [Width::W64, Width::W32, Width::W16] {
            let got = dense(n, width);
            assert_eq!(got, want, "{n}x{n} in {} bits", width.bits());
        }
    }
}

/// The dense counter's classes and both-mirror counts of the n×n board equal the
/// published ones.
fn matches_published(n: u32) {
    let c = dense(n, Width::W64);
    let classes = A209077.iter().find(|f| f.rows == n).unwrap();
    let both = A238818.iter().find(|f| f.rows == n).unwrap();
    assert_eq!(c.classes.to_string(), classes.count, "{n}x{n} classes");
    assert_eq!(
        c.both_mirrors.to_string(),
        both.count,
        "{n}x{n} both mirrors"
    );
}

/// OEIS A209077 (classes) and A238818 (fixed by both mirrors), to 16×16 here; 18×18 and
/// 20×20 are the ignored test below.
#[test]
fn dense_classes_match_a209077_and_a238818_to_16x16() {
    for n in [14, 16] {
        matches_published(n);
    }
}

/// The end of Wynn's table: 18×18 in about 16 s and 230 MB, 20×20 in about 2 min and
/// 1.3 GB (`cargo test --release -p tourglyph-cli --test it -- --ignored dense_classes`).
#[test]
#[ignore = "about 2.5 min of CPU and 1.3 GB: run with --ignored"]
fn dense_classes_match_wynn_at_18x18_and_20x20() {
    for n in [18, 20] {
        matches_published(n);
    }
}

/// `count --classes --json` prints every fixed count: the transfer matrix's on 6×6 and
/// 8×8, the dense counter's on 14×14, the same keys in the same order.
#[test]
fn json_lists_every_fixed_count() {
    let keys = [
        "rot90",
        "rot180",
        "mirror_rows",
        "mirror_cols",
        "both_mirrors",
        "diagonal",
    ];
    for (board, want) in [
        ("6x6", [2, 28, 44, 44, 6, 0]),
        ("8x8", [0, 1504, 2828, 2828, 40, 0]),
    ] {
        let o = run(&["count", "--board", board, "--classes", "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(v["fixed"].as_object().unwrap().len(), 6, "{board}");
        for (k, n) in keys.iter().zip(want) {
            assert_eq!(v["fixed"][k], n, "{board} {k}");
        }
        // In this order, as written.
        let line: Vec<String> = keys
            .iter()
            .zip(want)
            .map(|(k, n)| format!("\"{k}\":{n}"))
            .collect();
        assert!(
            stdout(&o).contains(&format!("\"fixed\":{{{}}}", line.join(","))),
            "{board}"
        );
    }
    let o = run(&["count", "--board", "14x14", "--classes", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(stdout(&o).contains("\"classes\":7015812452562871283559623,"));
    assert_eq!(v["fixed"]["rot90"], 510_718);
    assert_eq!(v["fixed"]["rot180"], 5_373_177_281_748u64);
    assert_eq!(v["fixed"]["both_mirrors"], 757_626);
    assert_eq!(v["fixed"]["diagonal"], 0);
    // An oblong board has no quarter turn and no diagonal mirror.
    let o = run(&["count", "--board", "4x6", "--classes", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let f = v["fixed"].as_object().unwrap();
    assert_eq!(f.len(), 4);
    for k in ["rot180", "mirror_rows", "mirror_cols", "both_mirrors"] {
        assert!(f.contains_key(k), "4x6 {k}");
    }
    // The text says them on one line.
    let o = run(&["count", "--board", "6x6", "--classes"]);
    assert!(stdout(&o).contains(
        "fixed: rot90 2, rot180 28, mirror_rows 44, mirror_cols 44, both_mirrors 6, diagonal 0\n"
    ));
}

/// `count --symmetry` on 14×14 (the dense counter's board from there) gives the transfer
/// matrix's figures, whatever the thread count.
#[test]
fn symmetric_counts_on_big_boards_come_from_the_dense_classes() {
    let c = count_rook_classes(Board::new(14, 14), None).unwrap();
    let mirror = fix(&c, Sym::FlipRows) + fix(&c, Sym::FlipCols) - &c.both_mirrors;
    for (sym, want) in [
        ("rot180", fix(&c, Sym::Rot180)),
        ("rot90", fix(&c, Sym::Rot90)),
        ("mirror", mirror),
    ] {
        for threads in [1, 2] {
            let o = run_threads(&["count", "--board", "14x14", "--symmetry", sym], threads);
            assert!(o.status.success(), "{}", stderr(&o));
            assert!(
                stdout(&o).contains(&format!("{sym}: {want}\n")),
                "{sym} with {threads} threads: {}",
                stdout(&o)
            );
        }
    }
}

/// `count --classes --combine FILES`: the total from residue files, the fixed counts
/// counted here, the same figures as without files; refused (exit 2, one line) on a
/// board the dense class count does not take, and with --modulus.
#[test]
fn classes_take_the_total_from_residue_files() {
    let dir = tempfile::tempdir().unwrap();
    let board = "14x14";
    let mut files = Vec::new();
    for (i, m) in crt::plan(Board::new(14, 14)).iter().enumerate() {
        let m = m.to_string();
        let o = run(&["count", "-q", "--board", board, "--modulus", &m, "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let path = dir.path().join(format!("r-{i}.json"));
        std::fs::write(&path, stdout(&o)).unwrap();
        files.push(path.to_string_lossy().into_owned());
    }
    let mut args = vec![
        "count",
        "--board",
        board,
        "--classes",
        "--json",
        "--combine",
    ];
    args.extend(files.iter().map(String::as_str));
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let direct = run(&["count", "--board", board, "--classes", "--json"]);
    assert_eq!(stdout(&o), stdout(&direct));
    // 12×12 is counted by the transfer matrix: no residue files there.
    let mut args = vec!["count", "--board", "12x12", "--classes", "--combine"];
    args.extend(files.iter().map(String::as_str));
    let o = run(&args);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(stderr(&o).trim().lines().count(), 1, "{}", stderr(&o));
    // --modulus of classes is the class count modulo P (issue 56, item 1: a residue is of
    // the set asked for), here from the same figures as the direct count.
    let o = run(&["count", "--board", board, "--classes", "--modulus", "7"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let direct: serde_json::Value = serde_json::from_str(&stdout(&direct)).unwrap();
    let classes: u128 = direct["classes_text"].as_str().unwrap().parse().unwrap();
    assert_eq!(stdout(&o).trim(), (classes % 7).to_string());
}

/// Refusals: 22×22 classes without --force is refused by the time estimate (one line,
/// exit 2), before any work (the estimate guesses the number of residues instead of
/// running the bounds' 2-factor sweeps, 20 s at 22 wide).
#[test]
fn big_classes_are_refused_without_force() {
    let t = std::time::Instant::now();
    let o = run(&["count", "--board", "22x22", "--classes"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--force"), "{}", stderr(&o));
    assert_eq!(stderr(&o).trim().lines().count(), 1, "{}", stderr(&o));
    assert!(
        t.elapsed().as_secs() < 5,
        "the refusal comes before the count"
    );
}
