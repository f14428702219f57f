//! Closed knight's tours by ID through the halves, through the binary, on 6×8 (whose
//! full diagram, about 8 GiB, is refused): `list --range` at the end of the IDs gives
//! valid closed tours in strictly increasing edge-list order, `--json` and text agree
//! with `glyph --id`, one past the last ID is refused with the count, and
//! `list --sample` is the sample `glyph --random` draws first. (The IDs themselves
//! agree with the full diagram's on every tour of 6×6 and 5×8: the engine's tests.)

use super::common::{run, stderr, stdout};
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
