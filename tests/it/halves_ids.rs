//! Closed knight's tours by ID through the halves, through the binary, on 6×8 (whose
//! full diagram, about 8 GiB, is refused): `list --range` at the end of the IDs gives
//! valid closed tours in strictly increasing edge-list order, `--json` and text agree
//! with `glyph --id`, one past the last ID is refused with the count, and
//! `list --sample` is the sample `glyph --random` draws first. (The IDs themselves
//! agree with the full diagram's on every tour of 6×6 and 5×8: the engine's tests.)

use super::common::{file_names, run, stderr, stdout};
use tourglyph::{Board, LeapGraph, Piece, Tour, TourKind};

/// The tours of `list`'s text lines (`ID: a6 c5 …`), with their IDs.
fn tours(text: &str, g: &LeapGraph) -> Vec<(u128, Tour)> {
    text.lines()
        .map(|l| {
            let (id, cells) = l.split_once(':').expect("ID: cells");
            let cells = g.board().parse_cells(cells.trim()).expect("cells");
            let t = Tour::from_cells(g, &cells, TourKind::Closed).expect("a closed tour");
            (id.parse().expect("an ID"), t)
        })
        .collect()
}

#[test]
fn knight_6x8_ids_by_halves() {
    let g = LeapGraph::new("6x8".parse::<Board>().unwrap(), &Piece::knight()).unwrap();
    let n = 55_488_142u128;
    let range = format!("{}..{}", n - 3, n + 5);
    let o = run(&[
        "list", "--piece", "knight", "--board", "6x8", "--range", &range,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let listed = tours(&stdout(&o), &g);
    assert_eq!(
        listed.iter().map(|(id, _)| *id).collect::<Vec<_>>(),
        vec![n - 3, n - 2, n - 1]
    );
    for w in listed.windows(2) {
        assert!(w[0].1.edges < w[1].1.edges, "ID order is edge-list order");
    }
    let o = run(&[
        "glyph", "--piece", "knight", "--board", "6x8", "--id", "55488142", "-o", "g.svg",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("6x8 has 55488142 closed knight tours (IDs 0 to 55488141)"),
        "{}",
        stderr(&o)
    );
    let o = run(&[
        "list", "--piece", "knight", "--board", "6x8", "--sample", "2", "--seed", "9",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let sample = tours(&stdout(&o), &g);
    assert_eq!(sample.len(), 2);
    let id = sample[0].0.to_string();
    let o = run(&[
        "list",
        "--piece",
        "knight",
        "--board",
        "6x8",
        "--range",
        &format!("{id}..{}", sample[0].0 + 1),
    ]);
    assert_eq!(tours(&stdout(&o), &g), vec![sample[0].clone()]);
}

/// Every selection of `render` (a sample, a range split into files), `font` (a sample)
/// and `list --classes --sample` goes by halves on knight 6×8, with the IDs `list`
/// gives; `--classes` without a sample is refused with the advice to sample.
#[test]
fn knight_6x8_render_font_split_and_classes_by_halves() {
    let g = LeapGraph::new("6x8".parse::<Board>().unwrap(), &Piece::knight()).unwrap();
    let dir = tempfile::tempdir().expect("temp dir");
    let path = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let knight = ["--piece", "knight", "--board", "6x8"];
    let with = |first: &[&str], rest: &[&str]| -> Vec<String> {
        first
            .iter()
            .chain(knight.iter())
            .chain(rest.iter())
            .map(|s| s.to_string())
            .collect()
    };
    let go = |args: Vec<String>| {
        let a: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = run(&a);
        assert!(o.status.success(), "{a:?}: {}", stderr(&o));
        o
    };
    // The sample render draws is the sample list prints: each ID is in the sheet's SVG.
    let listed = tours(
        &stdout(&go(with(&["list"], &["--sample", "3", "--seed", "5"]))),
        &g,
    );
    assert_eq!(listed.len(), 3);
    let sheet = path("s.svg");
    go(with(
        &["render"],
        &["--sample", "3", "--seed", "5", "-o", &sheet],
    ));
    let svg = std::fs::read_to_string(&sheet).unwrap();
    for (id, _) in &listed {
        assert!(
            svg.contains(&format!("id=\"tour-{id}\"")),
            "ID {id} not drawn"
        );
    }
    // A range split into one file per tour, named by ID.
    let split = path("split");
    go(with(
        &["render"],
        &["--range", "1000..1003", "--split", "--mkdir", "-o", &split],
    ));
    let names = file_names(&split);
    assert_eq!(
        names,
        [
            "knight-6x8-1000.svg",
            "knight-6x8-1001.svg",
            "knight-6x8-1002.svg"
        ]
    );
    // A font of a sample: its map gives the same IDs.
    let font = path("k.ttf");
    go(with(
        &["font"],
        &["--sample", "3", "--seed", "5", "-o", &font],
    ));
    let map = std::fs::read_to_string(path("k.json")).unwrap();
    for (id, _) in &listed {
        assert!(
            map.contains(&format!("\"id\": {id}")) || map.contains(&format!("\"id\":{id}")),
            "{map}"
        );
    }
    // Uniform classes: representatives with their orbits (1, 2 or 4 on an oblong board;
    // the sampler's uniformity is tested on 6x6 in `sample`).
    let o = go(with(
        &["list"],
        &["--classes", "--sample", "4", "--seed", "3", "--json"],
    ));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    for l in &lines {
        let orbit = l["orbit"].as_u64().expect("an orbit");
        assert!([1, 2, 4].contains(&orbit), "{l}");
    }
    let a: Vec<String> = with(&["list"], &["--classes", "--limit", "3"]);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let o = run(&a);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("--classes --sample K"),
        "{}",
        stderr(&o)
    );
}
