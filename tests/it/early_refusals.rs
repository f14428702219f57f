//! Refusals before the work (issue 24, defects 6 and 7): a move graph in pieces is said
//! at once, with `find`'s sentence, by every command; a board too wide for the frontier
//! is refused before its graph is built; the frontier's projection refuses a hopeless
//! sweep as soon as its growth shows, for `count` and `glyph` alike. Each run is bounded
//! by `ulimit` (address space, CPU seconds) as a guard: the same commands used to build
//! gigabytes or run for minutes before refusing.

use crate::common::{bin, bounded, run, stderr, stdout};
use std::process::Command;

/// The edge a frontier refusal was projected from, and the edges in all
/// ("… projected from edge K of M) …").
fn projected_from(msg: &str) -> (u32, u32) {
    let at = msg
        .find("projected from edge ")
        .unwrap_or_else(|| panic!("no projection in: {msg}"));
    let rest = &msg[at + "projected from edge ".len()..];
    let mut words = rest
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty());
    let k = words.next().unwrap().parse().unwrap();
    let m = words.next().unwrap().parse().unwrap();
    (k, m)
}

#[test]
fn a_move_graph_in_pieces_is_said_at_once_everywhere() {
    // find's sentence is the one every command gives.
    let f = run(&["find", "--piece", "camel", "--board", "6x6"]);
    assert_eq!(f.status.code(), Some(1));
    let open = stderr(&f).trim_end().to_string();
    assert!(open.contains("no open camel tour exists on 6x6"), "{open}");
    let closed = open.replace("no open", "no closed");
    // count: 0, and why on stderr (the open count used to sweep for 17 s first).
    for (args, why) in [
        (
            vec!["count", "--piece", "camel", "--board", "6x6", "--open"],
            &open,
        ),
        (vec!["count", "--piece", "camel", "--board", "6x6"], &closed),
    ] {
        let o = bounded(2_000_000, 10, &args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), "0\n", "{args:?}");
        assert_eq!(stderr(&o).trim_end(), why.as_str(), "{args:?}");
    }
    // 8x8: said at once, never "try the transposed board 8x8".
    let o = bounded(
        2_000_000,
        10,
        &["count", "--piece", "camel", "--board", "8x8"],
    );
    assert_eq!(stdout(&o), "0\n", "{}", stderr(&o));
    assert_eq!(
        stderr(&o).trim_end(),
        closed.replace("6x6", "8x8"),
        "{}",
        stderr(&o)
    );
    // list says it, render and glyph fail with it.
    let o = bounded(
        2_000_000,
        10,
        &["list", "--piece", "camel", "--board", "6x6", "--open"],
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stderr(&o).trim_end(), open);
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("c.pdf");
    let o = bounded(
        2_000_000,
        10,
        &[
            "render",
            "--piece",
            "camel",
            "--board",
            "6x6",
            "--open",
            "-o",
            pdf.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let why = open.strip_prefix("tourglyph: ").unwrap();
    assert!(stderr(&o).trim_end().ends_with(why), "{}", stderr(&o));
    assert!(!pdf.exists());
    let o = bounded(
        2_000_000,
        10,
        &[
            "glyph", "--piece", "camel", "--board", "6x6", "--open", "--id", "0", "-o", "-",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o).trim_end(), open);
}

#[test]
fn too_wide_never_suggests_the_same_board() {
    // The giraffe (1,4) reaches every cell of 10x10, but its frontier is four rows deep.
    let o = run(&["count", "--piece", "giraffe", "--board", "10x10", "--open"]);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains("too wide for the frontier engine"), "{e}");
    assert!(!e.contains("transposed board 10x10"), "{e}");
    // An oblong board wider than long is still pointed to its narrower orientation.
    let o = run(&["list", "--board", "4x40", "--limit", "1"]);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains("try the transposed board 40x4"), "{e}");
}

#[test]
fn a_board_too_wide_is_refused_before_its_graph_is_built() {
    // 1,000,000 cells: the graph and its frontier plan took 2.3 GB before the refusal.
    for args in [
        &["list", "--board", "1000x1000", "--sample", "1"][..],
        &[
            "render",
            "--board",
            "1000x1000",
            "--limit",
            "1",
            "-o",
            "x.pdf",
        ],
        &["glyph", "--board", "1000x1000", "--id", "0", "-o", "x.svg"],
        &["count", "--board", "1000x1000", "--open"],
    ] {
        let o = bounded(300_000, 20, args);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {e}");
        assert!(
            e.contains("too wide for the frontier engine"),
            "{args:?}: {e}"
        );
        assert_eq!(e.lines().count(), 1, "{e}");
    }
}

#[test]
fn glyph_refuses_the_open_6x6_knight_before_the_work_and_count_answers() {
    // count answers by the apex sweep (`count::leaper::open`; it used to be refused
    // like the diagram, which it no longer builds).
    let o = bounded(
        1_500_000,
        20,
        &["count", "--piece", "knight", "--board", "6x6", "--open"],
    );
    assert_eq!(stdout(&o), "3318960\n", "{}", stderr(&o));
    // The diagram refuses within the first half of the 80 edges (glyph built 2.6 GB for
    // 110 s). The memory allowed is given, so that the time estimate is what refuses: the
    // default budget is ¾ of the 1.5 GB address space `bounded` allows, which the
    // memory estimate (4.8 GiB) passes first.
    for args in [
        &[
            "glyph",
            "--piece",
            "knight",
            "--board",
            "6x6",
            "--open",
            "--id",
            "17",
            "-o",
            "-",
            "--max-memory",
            "16G",
        ][..],
        &[
            "list",
            "--piece",
            "knight",
            "--board",
            "6x6",
            "--open",
            "--limit",
            "1",
            "--max-memory",
            "16G",
        ],
    ] {
        let o = bounded(1_500_000, 20, args);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {e}");
        assert!(
            e.contains("would take about") && e.contains("add --force"),
            "{e}"
        );
        let (k, m) = projected_from(&e);
        assert_eq!(m, 80, "{e}");
        assert!(k <= m / 2, "refused only at edge {k} of {m}: {e}");
    }
}

#[test]
fn every_command_refuses_a_huge_board_within_its_memory() {
    // Issue 56, item 3: `glyph --board 100000x100000 --id 0` grew to 14 GB (the frontier
    // plan of a row 100,000 cells wide) where count, list and render refuse in 0.01 s;
    // `find` held 0.5 GB under `--max-memory 100M`. Each command runs under 1 GB of
    // address space and 10 CPU seconds: a refusal made late dies of the guard instead.
    let huge = "100000x100000";
    let cases: &[&[&str]] = &[
        &["count", "--board", huge],
        &["count", "--board", huge, "--open"],
        &["list", "--board", huge, "--limit", "1"],
        &["render", "--board", huge, "--limit", "1", "-o", "x.pdf"],
        &["glyph", "--board", huge, "--id", "0", "-o", "x.svg"],
        &["glyph", "--board", huge, "--random", "-o", "x.svg"],
        &[
            "glyph", "--board", huge, "--open", "--id", "0", "-o", "x.svg",
        ],
        &[
            "glyph",
            "--board",
            huge,
            "--id",
            "0",
            "--animate",
            "-o",
            "x.svg",
        ],
        &["glyph", "--board", huge, "--id", "0", "-o", "x.gif"],
        &["glyph", "--board", huge, "--id", "0", "-o", "x.png"],
        &[
            "glyph", "--piece", "knight", "--board", huge, "--id", "0", "-o", "x.svg",
        ],
        &[
            "glyph", "--board", huge, "--torus", "--id", "0", "-o", "x.svg",
        ],
        &["font", "--board", huge, "-o", "x.ttf"],
        &["find", "--board", huge],
        &["find", "--board", huge, "-o", "x.svg"],
        &["slide", "--board", huge],
        // Within the engines' limits, but not within the memory given.
        &["find", "--board", "10000x10000", "--max-memory", "100M"],
        &["find", "--board", "5000x5000", "--max-memory", "100M"],
        // A typed tour on a board whose move graph alone passes the memory given.
        &[
            "glyph",
            "--board",
            "7000x7000",
            "--tour",
            "a1",
            "--max-memory",
            "500M",
            "-o",
            "x.svg",
        ],
    ];
    for args in cases {
        let dir = tempfile::tempdir().unwrap();
        let o = Command::new("sh")
            .arg("-c")
            .arg("ulimit -v 1000000; ulimit -t 10; cd \"$1\" && shift && exec \"$@\"")
            .arg("sh")
            .arg(dir.path())
            .arg(bin())
            .args(*args)
            .output()
            .unwrap();
        let e = stderr(&o);
        assert!(
            matches!(o.status.code(), Some(1 | 2)),
            "{args:?}: {:?} {e}",
            o.status
        );
        assert_eq!(e.lines().count(), 1, "{args:?}: {e}");
        assert!(e.starts_with("tourglyph: "), "{args:?}: {e}");
        assert!(
            std::fs::read_dir(dir.path()).unwrap().next().is_none(),
            "{args:?} wrote a file"
        );
    }
}
