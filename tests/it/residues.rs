//! Counting by residues (issue 18): the dense modular counter (vertex frontier) against
//! the transfer engine, the edge-frontier counter and the published A003763 figures,
//! `count --modulus`, `--plan-moduli` and `--combine`, and their refusals.

use crate::common::{run, run_threads, stderr, stdout};
use crate::reference::A003763;
use num_bigint::BigUint;
use tourglyph::Board;
use tourglyph::engine::count::transfer::count_rook_tours;
use tourglyph::{engine::count::crt, engine::count::crt::Modulus, engine::count::crt::Residue};
use tourglyph::{engine::count::modular::count_mod, engine::count::modular::count_mod_edge};
use tourglyph::{
    engine::count::modular::vertex::Mode, engine::count::modular::vertex::count_wrapping,
};

/// The moduli the tests try: the wrapping one, small primes (where collisions are
/// likely and a wrong transition shows), a composite, and the largest below 2^64.
fn moduli() -> Vec<Modulus> {
    vec![
        Modulus::TwoTo64,
        Modulus::Int(2),
        Modulus::Int(3),
        Modulus::Int(65_521),
        Modulus::Int(1_000_000),
        Modulus::Int(9_223_372_036_854_775_783),
        Modulus::Int(u64::MAX),
    ]
}

/// The exact count reduced.
fn reduce(n: &BigUint, m: Modulus) -> u64 {
    u64::try_from(n % m.value()).unwrap()
}

#[test]
fn dense_residues_equal_the_transfer_count_on_every_board_to_12x12() {
    for rows in 1..=12 {
        for cols in rows..=12 {
            let b = Board::new(rows, cols);
            let exact = count_rook_tours(b, None).unwrap();
            for m in moduli() {
                let got = count_mod(b, m, None).unwrap();
                assert_eq!(got, reduce(&exact, m), "{b} modulo {m}");
            }
            // The transposed board is swept along its other side.
            let t = Board::new(cols, rows);
            assert_eq!(
                count_mod(t, Modulus::TwoTo64, None).unwrap(),
                reduce(&exact, Modulus::TwoTo64),
                "{t}"
            );
        }
    }
}

/// The vertex counter's structured steps (by blocks, by runs of the low half, the
/// straddling column) against its own word-by-word steps and against the edge-frontier
/// counter, on every width to 13 and lengths past the width (odd and even rows, so
/// both row parities reach the last row).
#[test]
fn vertex_steps_equal_word_by_word_steps_and_the_edge_counter_to_13_wide() {
    for w in 2..=13u32 {
        for rows in [w, w + 1, w + 2, w + 5] {
            let b = Board::new(rows, w);
            let edge = count_mod_edge(b, Modulus::TwoTo64, None).unwrap();
            assert_eq!(count_wrapping(b, Mode::Blocks), edge, "{b} by blocks");
            if w <= 11 {
                assert_eq!(count_wrapping(b, Mode::Words), edge, "{b} word by word");
            }
        }
    }
}

/// Every A003763 term to 16×16, from the published figures (not from another engine of
/// this crate), modulo 2^64, a 16-bit prime and the largest prime below 2^63.
#[test]
fn vertex_residues_equal_a003763_to_16x16() {
    let mut checked = 0;
    for fig in A003763.iter().filter(|f| f.rows <= 16) {
        let exact: BigUint = fig.count.parse().unwrap();
        let b = Board::new(fig.rows, fig.cols);
        for m in [
            Modulus::TwoTo64,
            Modulus::Int(65_521),
            Modulus::Int(9_223_372_036_854_775_783),
        ] {
            assert_eq!(
                count_mod(b, m, None).unwrap(),
                reduce(&exact, m),
                "{b} modulo {m}"
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 8);
}

#[test]
fn planned_residues_rebuild_a003763_to_16x16() {
    for n in (2..=16).step_by(2) {
        let b = Board::new(n, n);
        let lines: Vec<Residue> = crt::plan(b)
            .into_iter()
            .map(|m| Residue::closed_rook(b, m, count_mod(b, m, None).unwrap()))
            .collect();
        let got = crt::combine(b, &lines).unwrap();
        assert_eq!(got, count_rook_tours(b, None).unwrap(), "{b}");
    }
}

#[test]
fn planned_moduli_exceed_the_count_and_one_fewer_is_refused() {
    for (rows, cols) in [(8, 8), (10, 14), (14, 14), (12, 20)] {
        let b = Board::new(rows, cols);
        let exact = count_rook_tours(b, None).unwrap();
        let plan = crt::plan(b);
        let product: BigUint = plan.iter().map(|m| m.value()).product();
        assert!(product > exact, "{b}: the plan does not cover the count");
        if plan.len() > 1 {
            let fewer: Vec<Residue> = plan[..plan.len() - 1]
                .iter()
                .map(|&m| Residue::closed_rook(b, m, reduce(&exact, m)))
                .collect();
            assert!(crt::combine(b, &fewer).is_err(), "{b}");
        }
    }
}

/// Run `tourglyph ARGS`, expecting success, and return stdout trimmed.
fn ok(args: &[&str]) -> String {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o).trim().to_string()
}

#[test]
fn cli_modulus_prints_the_residue_of_the_exact_count() {
    for (piece, board) in [
        ("rook", "10x10"),
        ("rook", "6x11"),
        ("rook", "12x7"),
        ("rook", "7x7"),
        ("knight", "6x6"),
    ] {
        let exact: BigUint = ok(&["count", "--piece", piece, "--board", board])
            .parse()
            .unwrap();
        for m in moduli() {
            let p = m.to_string();
            let got = ok(&["count", "--piece", piece, "--board", board, "--modulus", &p]);
            assert_eq!(
                got,
                reduce(&exact, m).to_string(),
                "{piece} {board} mod {p}"
            );
        }
        let json = ok(&[
            "count",
            "--piece",
            piece,
            "--board",
            board,
            "--modulus",
            "2^64",
            "--json",
        ]);
        let r = Residue::parse(&json, "stdout").unwrap();
        assert_eq!(
            (
                r.modulus,
                r.residue,
                r.set.board.as_str(),
                r.set.piece.as_str()
            ),
            (
                Modulus::TwoTo64,
                reduce(&exact, Modulus::TwoTo64),
                board,
                piece
            )
        );
    }
}

#[test]
fn cli_residue_files_combine_to_the_exact_count() {
    let dir = tempfile::tempdir().unwrap();
    let board = "14x14";
    let plan = ok(&["count", "--board", board, "--plan-moduli"]);
    let mut files = Vec::new();
    for (i, m) in plan.lines().enumerate() {
        let line = ok(&["count", "--board", board, "--modulus", m, "--json"]);
        let f = dir.path().join(format!("r{i}.json"));
        std::fs::write(&f, line + "\n").unwrap();
        files.push(f.to_str().unwrap().to_string());
    }
    assert!(files.len() >= 2, "14x14 needs more than 2^64");
    let mut args = vec!["count", "--board", board, "--combine"];
    args.extend(files.iter().map(String::as_str));
    assert_eq!(ok(&args), ok(&["count", "--board", board]));

    // Refusals, each one line naming the problem, exit status 2.
    let refused = |extra: &[(&str, &str)], want: &str| {
        let mut fs = files.clone();
        for (k, (name, text)) in extra.iter().enumerate() {
            let f = dir.path().join(format!("x{k}-{name}"));
            std::fs::write(&f, text).unwrap();
            fs.push(f.to_str().unwrap().to_string());
        }
        let mut args = vec!["count", "--board", board, "--combine"];
        args.extend(fs.iter().map(String::as_str));
        let o = run(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {err}");
        assert!(err.contains(want), "{extra:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    };
    refused(
        &[(
            "other",
            r#"{"piece":"rook","board":"12x12","modulus":7,"residue":1}"#,
        )],
        "12×12",
    );
    refused(
        &[(
            "shared",
            r#"{"piece":"rook","board":"14x14","modulus":6,"residue":2}"#,
        )],
        "share the factor 2",
    );
    refused(&[("broken", "{\"board\":\"14x14\",\n")], "x0-broken:1");
    // Only the first residue: the moduli do not cover the bound.
    let o = run(&["count", "--board", board, "--combine", &files[0]]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("may need"), "{}", stderr(&o));
    // A missing file is a runtime failure naming it.
    let missing = dir.path().join("missing.json");
    let o = run(&[
        "count",
        "--board",
        board,
        "--combine",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("missing.json"));
}

#[test]
fn cli_residue_flags_refuse_what_they_cannot_do() {
    for (args, want) in [
        (
            &["count", "--board", "6x6", "--modulus", "1"][..],
            "bad modulus",
        ),
        (
            &[
                "count",
                "--board",
                "6x6",
                "--modulus",
                "18446744073709551617",
            ][..],
            "bad modulus",
        ),
        (
            &["count", "--board", "6x6", "--plan-moduli", "--classes"][..],
            "drop --classes",
        ),
        (
            &[
                "count",
                "--piece",
                "knight",
                "--board",
                "6x6",
                "--plan-moduli",
            ][..],
            "closed rook",
        ),
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(want), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
    }
}

#[test]
fn residues_do_not_depend_on_the_thread_count() {
    // 15 wide: every kind of cell (high part, low part, straddling) with many blocks, so
    // the joins' atomic additions do race between threads.
    for m in ["2^64", "9223372036854775783"] {
        let args = ["count", "--board", "15x16", "--modulus", m];
        let outs: Vec<String> = [1, 2, 3]
            .iter()
            .map(|&t| {
                let o = run_threads(&args, t);
                assert!(o.status.success(), "{}", stderr(&o));
                stdout(&o)
            })
            .collect();
        assert!(outs.windows(2).all(|w| w[0] == w[1]), "{m}: {outs:?}");
        let exact: BigUint = ok(&["count", "--board", "15x16"]).parse().unwrap();
        let p = Modulus::parse(m).unwrap();
        assert_eq!(outs[0].trim(), reduce(&exact, p).to_string());
    }
}
