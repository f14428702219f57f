//! The typed library (`tourglyph::Tours`, `tourglyph::Drawing`) against the binary: the
//! same counts, the same tours by ID and at random, the same bytes for a glyph and a
//! sheet. The library goes through the jobs the binary runs, so any difference is a seam
//! where one of them took another path.

use crate::common::{run, stdout};
use tourglyph::draw::document::Format;
use tourglyph::engine::Flow;
use tourglyph::engine::symmetric_tours::Symmetry;
use tourglyph::{Piece, Tours};

fn tours(piece: &str, board: &str) -> Tours {
    Tours::closed(piece.parse::<Piece>().unwrap(), board.parse().unwrap())
}

/// `count --json`'s figure under `key`, as the binary prints it.
fn cli_figure(args: &[&str], key: &str) -> String {
    let mut all = vec!["count", "--json"];
    all.extend_from_slice(args);
    let o = run(&all);
    assert!(o.status.success(), "{all:?}: {}", crate::common::stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let figure = &v[format!("{key}_text")];
    figure
        .as_str()
        .unwrap_or_else(|| panic!("{all:?}: no {key}"))
        .to_string()
}

#[test]
fn counts_are_the_binarys_for_every_kind_of_set() {
    let cases: Vec<(Tours, Vec<&str>, &str)> = vec![
        (tours("rook", "6x6"), vec!["--board", "6x6"], "tours"),
        (
            tours("rook", "6x6").classes(),
            vec!["--board", "6x6", "--classes"],
            "classes",
        ),
        (
            tours("knight", "6x6"),
            vec!["--piece", "knight", "--board", "6x6"],
            "tours",
        ),
        (
            Tours::open("knight".parse().unwrap(), "5x5".parse().unwrap()),
            vec!["--piece", "knight", "--board", "5x5", "--open"],
            "tours",
        ),
        (
            tours("rook", "4x6").on_torus(),
            vec!["--board", "4x6", "--torus"],
            "tours",
        ),
        (
            Tours::open("knight".parse().unwrap(), "5x5".parse().unwrap()).non_crossing(),
            vec![
                "--piece",
                "knight",
                "--board",
                "5x5",
                "--open",
                "--non-crossing",
            ],
            "non_crossing",
        ),
        (
            tours("rook", "8x8").fixed_by(Symmetry::Rot180),
            vec!["--board", "8x8", "--symmetry", "rot180"],
            "symmetric",
        ),
        // Past 2^64: the transfer matrix's count, exact.
        (tours("rook", "14x14"), vec!["--board", "14x14"], "tours"),
    ];
    for (set, args, key) in cases {
        let n = set.count().unwrap();
        assert_eq!(n.to_string(), cli_figure(&args, key), "{args:?}");
    }
    // And against a published figure: A003763(4), the 8×8 board's 4,638,576.
    assert_eq!(tours("rook", "8x8").count().unwrap(), 4_638_576u32.into());
}

/// The cells of `list`'s JSON line, as `[row, col]` pairs.
fn cli_cells(line: &str) -> Vec<(u32, u32)> {
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    v["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_u64().unwrap() as u32, p[1].as_u64().unwrap() as u32))
        .collect()
}

fn cells(set: &Tours, tour: &tourglyph::Tour) -> Vec<(u32, u32)> {
    let g = set.graph().unwrap();
    let board = g.board();
    tour.cells(&g)
        .iter()
        .map(|&c| (c / board.cols, c % board.cols))
        .collect()
}

#[test]
fn tours_by_id_and_at_random_are_the_ones_list_gives() {
    // Rook 6×6 by the diagram; knight 6×8 by the halves (its diagram is too big to try).
    for (piece, board, middle) in [("rook", "6x6", 17u128), ("knight", "6x8", 1_000_000)] {
        let set = tours(piece, board);
        let last = u128::try_from(set.count().unwrap()).unwrap() - 1;
        for id in [0, middle, last] {
            let range = format!("{id}..{}", id + 1);
            let o = run(&[
                "list", "--piece", piece, "--board", board, "--range", &range, "--json",
            ]);
            assert!(o.status.success(), "{}", crate::common::stderr(&o));
            let want = cli_cells(stdout(&o).lines().next().unwrap());
            assert_eq!(
                cells(&set, &set.tour(id).unwrap()),
                want,
                "{piece} {board} {id}"
            );
        }
        let o = run(&[
            "list", "--piece", piece, "--board", board, "--sample", "1", "--seed", "7", "--json",
        ]);
        let line = stdout(&o);
        let line = line.lines().next().unwrap();
        let got = set.random(7).unwrap();
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(got.id.to_string(), v["id"].to_string(), "{piece} {board}");
        assert_eq!(cells(&set, &got.tour), cli_cells(line));
    }
    // A class at random goes by halves too, where the diagram is too big: the class
    // `list --classes --sample` draws first, with its orbit.
    let set = tours("knight", "6x8").classes();
    let args = "list --piece knight --board 6x8 --classes --sample 1 --seed 7 --json";
    let o = run(&args.split(' ').collect::<Vec<_>>());
    assert!(o.status.success(), "{}", crate::common::stderr(&o));
    let line = stdout(&o);
    let line = line.lines().next().unwrap();
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    let got = set.random(7).unwrap();
    assert_eq!(got.id.to_string(), v["id"].to_string());
    assert_eq!(
        got.orbit.map(|k| k.to_string()),
        Some(v["orbit"].to_string())
    );
    assert_eq!(cells(&set, &got.tour), cli_cells(line));
    // An ID past the last is an error naming the set, not a panic or an empty tour.
    let err = tours("rook", "4x4").tour(6).unwrap_err();
    assert!(err.is_usage(), "{err}");
}

#[test]
fn for_each_walks_a_range_in_id_order_and_stops_when_asked() {
    let set = tours("rook", "6x6").classes();
    let mut seen = Vec::new();
    let given = set
        .for_each(100..400, |item| {
            seen.push((item.id, item.orbit));
            if seen.len() == 5 {
                Flow::Stop
            } else {
                Flow::Continue
            }
        })
        .unwrap();
    assert_eq!(given, 5);
    let o = run(&[
        "list",
        "--board",
        "6x6",
        "--classes",
        "--range",
        "100..400",
        "--limit",
        "5",
        "--json",
    ]);
    let want: Vec<(u128, Option<u32>)> = stdout(&o)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (
                v["id"].as_u64().unwrap() as u128,
                v["orbit"].as_u64().map(|o| o as u32),
            )
        })
        .collect();
    assert_eq!(seen, want);
    // A range past the last ID gives nothing.
    assert_eq!(set.for_each(5000..6000, |_| Flow::Continue).unwrap(), 0);
}

#[test]
fn a_glyph_and_a_sheet_are_the_files_the_binary_writes() {
    let set = tours("rook", "6x6");
    for (format, ext) in [
        (Format::Svg, "svg"),
        (Format::Pdf, "pdf"),
        (Format::Png, "png"),
    ] {
        let bytes = set.glyph(17).style("kufic").to_bytes(format).unwrap();
        let o = run(&[
            "glyph", "--board", "6x6", "--id", "17", "--style", "kufic", "--format", ext, "-o", "-",
        ]);
        assert!(o.status.success(), "{}", crate::common::stderr(&o));
        assert_eq!(bytes, o.stdout, "glyph as {ext}");
    }
    let dir = tempfile::tempdir().unwrap();
    let ours = dir.path().join("ours.pdf");
    let theirs = dir.path().join("theirs.pdf");
    tours("rook", "4x4")
        .sheet()
        .style("kufic")
        .page("a5")
        .title("The six closed rook tours of 4×4")
        .write(&ours)
        .unwrap();
    let o = run(&[
        "render",
        "--board",
        "4x4",
        "--style",
        "kufic",
        "--page",
        "a5",
        "--title",
        "The six closed rook tours of 4×4",
        "-o",
        crate::common::arg(&theirs),
    ]);
    assert!(o.status.success(), "{}", crate::common::stderr(&o));
    assert_eq!(
        std::fs::read(&ours).unwrap(),
        std::fs::read(&theirs).unwrap()
    );
}

#[test]
fn a_program_matches_the_kind_of_failure_and_the_binary_exits_by_it() {
    use tourglyph::Error;
    // No closed knight's tour of 5×5: the kind says so, with the reason; exit status 1.
    let none = tours("knight", "5x5")
        .glyph(0)
        .to_bytes(Format::Svg)
        .unwrap_err();
    match &none {
        Error::NoTour { reason } => assert!(reason.contains("even number of cells"), "{reason}"),
        other => panic!("not NoTour: {other:?}"),
    }
    assert_eq!((none.exit_status(), none.http_status()), (1, 422));
    let o = run(&[
        "glyph", "--piece", "knight", "--board", "5x5", "--id", "0", "-o", "-",
    ]);
    assert_eq!(o.status.code(), Some(i32::from(none.exit_status())));
    assert!(crate::common::stderr(&o).contains(&none.to_string()));
    // A bad value is the request's fault: exit status 2, HTTP 400.
    let bad = "6x".parse::<tourglyph::Board>().unwrap_err();
    assert!(
        matches!(&bad, Error::BadValue { what: "board", value, .. } if value == "6x"),
        "{bad:?}"
    );
    assert_eq!((bad.exit_status(), bad.http_status()), (2, 400));
}

#[test]
fn a_program_reads_the_estimate_of_refused_work() {
    use tourglyph::Error;
    use tourglyph::error::Refusal;
    // Closed rook tours of 22×22: about 16 minutes and 3.1 GiB, refused before it starts
    // (on time, or on memory on a machine with less): the estimate is in the error.
    let e = tours("rook", "22x22").count().unwrap_err();
    match &e {
        Error::Refused { kind, estimate, .. } => {
            let bytes = estimate.bytes.expect("the bytes the count needs");
            assert!((3 << 30..4 << 30).contains(&bytes), "{estimate:?}");
            if *kind == Refusal::Time {
                let seconds = estimate.seconds.expect("the seconds the count takes");
                assert!(seconds > 120.0, "{estimate:?}");
            }
            assert!(!estimate.at_least);
        }
        other => panic!("not Refused: {other:?}"),
    }
    let o = run(&["count", "--board", "22x22"]);
    assert_eq!(o.status.code(), Some(i32::from(e.exit_status())));
    assert_eq!(
        crate::common::stderr(&o).trim_end(),
        format!("tourglyph: {e}")
    );
    // A board past the engines: refused with its cells.
    let big = tours("rook", "1001x1000").graph().unwrap_err();
    assert_eq!(big.estimate().and_then(|e| e.cells), Some(1_001_000));
    assert_eq!((big.exit_status(), big.http_status()), (2, 413));
    // Wider than exact counting goes: refused with its cells too.
    let wide = tours("rook", "30x30").count().unwrap_err();
    assert_eq!(wide.estimate().and_then(|e| e.cells), Some(900), "{wide:?}");
}
