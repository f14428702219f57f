//! `find`: knight's (and other leapers') tours on demand.
//!
//! Every tour is checked here independently of the engine's own verifier, through
//! `Tour::from_cells` on the crate's `LeapGraph` (or a coordinate check on large boards).

use crate::common::{run, stderr, stdout};
use tourglyph::engine::find::existence;
use tourglyph::{Board, LeapGraph, Piece, Tour, TourKind};
use tourglyph::{
    engine::find::construction::Request, engine::find::construction::construct,
    engine::find::construction::find,
};
use tourglyph::{
    engine::find::warnsdorff::Outcome, engine::find::warnsdorff::Problem,
    engine::find::warnsdorff::TieBreak, engine::find::warnsdorff::search,
};

fn kind(closed: bool) -> TourKind {
    if closed {
        TourKind::Closed
    } else {
        TourKind::Open
    }
}

/// Independent check via the graph: each cell once, each step a move, closing step.
fn check_graph(piece: &Piece, b: Board, cells: &[u32], closed: bool) {
    let g = LeapGraph::new(b, piece).unwrap();
    let t = Tour::from_cells(&g, cells, kind(closed)).unwrap_or_else(|e| panic!("{b}: {e}"));
    t.validate(&g).unwrap();
}

/// Independent check on coordinates for boards too large for a graph.
fn check_coords(b: Board, cells: &[u32], closed: bool) {
    assert_eq!(cells.len(), b.cells(), "{b}");
    let mut seen = vec![false; b.cells()];
    for &c in cells {
        assert!(
            !std::mem::replace(&mut seen[c as usize], true),
            "{b}: repeat"
        );
    }
    let knight = |u: u32, v: u32| {
        let (a, c) = (b.coords(u), b.coords(v));
        let (dr, dc) = (a.0.abs_diff(c.0), a.1.abs_diff(c.1));
        (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
    };
    assert!(
        cells.windows(2).all(|w| knight(w[0], w[1])),
        "{b}: bad step"
    );
    if closed {
        assert!(
            knight(cells[cells.len() - 1], cells[0]),
            "{b}: bad closing step"
        );
    }
}

fn req(m: u32, n: u32, closed: bool, start: Option<u32>, seed: Option<u64>) -> Request {
    Request {
        board: Board::new(m, n),
        piece: Piece::knight(),
        closed,
        start,
        seed,
    }
}

fn parse_json(out: &str) -> (Vec<(u32, u32)>, bool) {
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    let cells = v["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .map(|p| (p[0].as_u64().unwrap() as u32, p[1].as_u64().unwrap() as u32))
        .collect();
    (cells, v["closed"].as_bool().expect("closed"))
}

#[test]
fn closed_tours_on_the_issue_boards() {
    for board in ["3x10", "3x12", "5x6", "6x6", "7x8", "10x3"] {
        let o = run(&["find", "--board", board, "--closed", "--json"]);
        assert!(o.status.success(), "{board}: {}", stderr(&o));
        assert!(stderr(&o).is_empty(), "nothing on stderr by default");
        let (cells, closed) = parse_json(&stdout(&o));
        assert!(closed);
        let b: Board = board.parse().unwrap();
        let cells: Vec<u32> = cells.iter().map(|&(r, c)| b.cell(r, c)).collect();
        check_graph(&Piece::knight(), b, &cells, true);
    }
}

#[test]
fn refusals_name_the_theorem_case() {
    for (board, why) in [
        ("4x8", "side of 4"),
        ("5x5", "both sides are odd"),
        ("3x8", "3×4, 3×6, 3×8"),
        ("2x10", "side of 2"),
    ] {
        let o = run(&["find", "--board", board, "--closed"]);
        assert_eq!(o.status.code(), Some(1), "{board}");
        assert!(stdout(&o).is_empty());
        let e = stderr(&o);
        assert!(e.contains("Schwenk") && e.contains(why), "{board}: {e}");
        assert_eq!(e.lines().count(), 1, "one line: {e}");
    }
    let o = run(&["find", "--board", "2x5"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("Conrad"), "{}", stderr(&o));
}

#[test]
fn open_tours_from_every_square_of_5x5() {
    let b = Board::new(5, 5);
    for cell in 0..25u32 {
        let (r, c) = b.coords(cell);
        let at = format!("{r},{c}");
        let o = run(&["find", "--board", "5x5", "--start", &at, "--json"]);
        if (r + c) % 2 == 0 {
            assert!(o.status.success(), "{at}: {}", stderr(&o));
            let (cells, closed) = parse_json(&stdout(&o));
            assert!(!closed);
            assert_eq!(cells[0], (r, c));
            let cells: Vec<u32> = cells.iter().map(|&(r, c)| b.cell(r, c)).collect();
            check_graph(&Piece::knight(), b, &cells, false);
        } else {
            assert_eq!(o.status.code(), Some(1), "{at}");
            assert!(stderr(&o).contains("colour"), "{at}: {}", stderr(&o));
        }
    }
}

#[test]
fn text_output_round_trips_and_starts_where_asked() {
    let o = run(&["find", "--board", "8x8", "--closed", "--start", "e4"]);
    assert!(o.status.success());
    let b = Board::new(8, 8);
    let text = stdout(&o);
    assert_eq!(text.lines().count(), 1);
    let cells = b.parse_cells(&text).unwrap();
    assert_eq!(cells[0], b.parse_cell("e4").unwrap());
    check_graph(&Piece::knight(), b, &cells, true);
}

#[test]
fn bad_input_is_refused() {
    let o = run(&["find", "--board", "8x8", "--start", "z9"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("off the 8x8 board"));
    let o = run(&["find", "--board", "8by8"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["find", "--board", "20000x20000"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn draws_the_tour_with_o() {
    let dir = tempfile::tempdir().unwrap();
    for ext in ["svg", "pdf", "ps"] {
        let f = dir.path().join(format!("t.{ext}"));
        let o = run(&[
            "find",
            "--board",
            "6x6",
            "--closed",
            "-o",
            f.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{ext}: {}", stderr(&o));
        // The cells are still printed.
        let cells = Board::new(6, 6).parse_cells(&stdout(&o)).unwrap();
        check_graph(&Piece::knight(), Board::new(6, 6), &cells, true);
        let bytes = std::fs::read(&f).unwrap();
        let head = String::from_utf8_lossy(&bytes[..bytes.len().min(400)]).into_owned();
        let magic = match ext {
            "svg" => "<svg",
            "pdf" => "%PDF",
            _ => "%!PS",
        };
        assert!(head.contains(magic), "{ext}: {head}");
    }
    let o = run(&["find", "--board", "6x6", "--closed", "-o", "-"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("<svg"));
    let f = dir.path().join("big.svg");
    let o = run(&[
        "find",
        "--board",
        "1000x1000",
        "--closed",
        "-o",
        f.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("without -o"), "{}", stderr(&o));
}

#[test]
fn seeds_are_reproducible_and_vary() {
    let a = run(&["find", "--board", "8x8", "--closed", "--seed", "5"]);
    let b = run(&["find", "--board", "8x8", "--closed", "--seed", "5"]);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout, "same seed, same bytes");
    let d0 = run(&["find", "--board", "8x8", "--closed"]);
    let d1 = run(&["find", "--board", "8x8", "--closed"]);
    assert_eq!(d0.stdout, d1.stdout, "no seed: deterministic");
    // Different seeds give different tours (on 8x8 and on a large board).
    let mut outs: Vec<Vec<u32>> = Vec::new();
    for s in 0..6u64 {
        let f = find(&req(8, 8, true, Some(0), Some(s))).unwrap();
        outs.push(f.cells);
    }
    outs.sort();
    outs.dedup();
    assert!(
        outs.len() >= 4,
        "only {} different tours from 6 seeds",
        outs.len()
    );
    let x = find(&req(60, 62, true, None, Some(1))).unwrap().cells;
    let y = find(&req(60, 62, true, None, Some(2))).unwrap().cells;
    let z = find(&req(60, 62, true, None, Some(1))).unwrap().cells;
    assert_ne!(x, y);
    assert_eq!(x, z);
}

#[test]
fn closed_from_each_square_of_8x8() {
    let b = Board::new(8, 8);
    for s in 0..64 {
        let f = find(&req(8, 8, true, Some(s), None)).unwrap();
        assert_eq!(f.cells[0], s);
        assert!(
            f.cells[1] < f.cells[63],
            "goes first to the smaller neighbour"
        );
        check_graph(&Piece::knight(), b, &f.cells, true);
    }
}

/// Every board up to 12×12, closed and open from every square: a tour wherever the
/// theorems allow one (verified), a refusal elsewhere, and refusals only where the theorem
/// or an exhaustive search says so.
#[test]
fn sweep_every_board_up_to_12() {
    let k = Piece::knight();
    for m in 1..=12u32 {
        for n in 1..=12u32 {
            let b = Board::new(m, n);
            let f = find(&req(m, n, true, None, None));
            assert_eq!(
                f.is_ok(),
                existence::closed_tour_exists(b).is_ok(),
                "{b} closed"
            );
            if let Ok(f) = f {
                check_graph(&k, b, &f.cells, true);
            }
            for s in 0..b.cells() as u32 {
                match find(&req(m, n, false, Some(s), None)) {
                    Ok(f) => {
                        assert_eq!(f.cells[0], s);
                        if b.cells() > 1 {
                            check_graph(&k, b, &f.cells, false);
                        }
                    }
                    Err(e) => {
                        let e = e.to_string();
                        let theorem = existence::open_start_allowed(b, s).is_err();
                        assert!(
                            theorem || e.contains("exhaustive search"),
                            "{b} from {s}: {e}"
                        );
                    }
                }
            }
        }
    }
}

/// Exhaustive search, with and without a start, independent of the formulas.
fn exists(b: Board, piece: &Piece, closed: bool, start: u32) -> bool {
    let p = Problem {
        board: b,
        moves: piece.moves(),
        start,
        closed,
        end: None,
        required: vec![],
        tie: TieBreak::Roth,
        budget: u64::MAX,
    };
    match search(&p).outcome {
        Outcome::Found(_) => true,
        Outcome::None => false,
        Outcome::Budget => unreachable!(),
    }
}

#[test]
fn theorems_agree_with_exhaustive_search() {
    let k = Piece::knight();
    for m in 1..=8u32 {
        for n in m..=8u32 {
            let b = Board::new(m, n);
            if b.cells() > 32 {
                continue;
            }
            // Closed: the start does not matter.
            assert_eq!(
                exists(b, &k, true, 0),
                existence::closed_tour_exists(b).is_ok(),
                "closed {b}"
            );
            let mut any = false;
            for s in 0..b.cells() as u32 {
                let found = exists(b, &k, false, s);
                any |= found;
                if found {
                    // Where a tour exists, the start rule must allow it.
                    assert!(existence::open_start_allowed(b, s).is_ok(), "{b} from {s}");
                }
            }
            assert_eq!(any, existence::open_tour_exists(b).is_ok(), "open {b}");
        }
    }
    // The 4-line rule on a longer board: inner starts fail, outer ones succeed.
    let b = Board::new(4, 7);
    for s in 0..28 {
        let (r, _) = b.coords(s);
        assert_eq!(exists(b, &k, false, s), r == 0 || r == 3, "4x7 from {s}");
    }
    // Rook and king: closed tours iff the trivial conditions hold.
    for m in 1..=5u32 {
        for n in 1..=5u32 {
            let b = Board::new(m, n);
            for piece in [Piece::rook(), Piece::king()] {
                let want = existence::known(&piece, b, true, None)
                    .expect("known")
                    .is_ok();
                assert_eq!(exists(b, &piece, true, 0), want, "{piece} {b}");
            }
        }
    }
}

/// The pruning rules only cut dead branches: a plain DFS agrees on small boards.
#[test]
fn pruned_search_agrees_with_plain_dfs() {
    fn plain(
        b: Board,
        moves: &[(i64, i64)],
        path: &mut Vec<u32>,
        seen: &mut [bool],
        closed: bool,
    ) -> bool {
        let n = b.cells();
        let last = *path.last().unwrap();
        let step = |u: u32, v: u32| {
            let (a, c) = (b.coords(u), b.coords(v));
            moves.contains(&(
                i64::from(c.0) - i64::from(a.0),
                i64::from(c.1) - i64::from(a.1),
            ))
        };
        if path.len() == n {
            return !closed || step(last, path[0]);
        }
        for v in 0..n as u32 {
            if !seen[v as usize] && step(last, v) {
                seen[v as usize] = true;
                path.push(v);
                if plain(b, moves, path, seen, closed) {
                    return true;
                }
                path.pop();
                seen[v as usize] = false;
            }
        }
        false
    }
    for piece in [
        Piece::knight(),
        Piece::king(),
        Piece::rook(),
        "zebra".parse().unwrap(),
    ] {
        for (m, n) in [(3, 3), (3, 4), (4, 4), (3, 5), (4, 5), (2, 6)] {
            let b = Board::new(m, n);
            for closed in [true, false] {
                for s in 0..b.cells() as u32 {
                    let mut seen = vec![false; b.cells()];
                    seen[s as usize] = true;
                    let want = plain(b, &piece.moves(), &mut vec![s], &mut seen, closed);
                    assert_eq!(
                        exists(b, &piece, closed, s),
                        want,
                        "{piece} {b} {closed} {s}"
                    );
                }
            }
        }
    }
}

/// The constructions themselves (find only falls back on them for small boards): every
/// board from 5 to 16 a side, closed, and open from a spread of starts.
#[test]
fn grid_construction_on_every_board_5_to_16() {
    for m in 5..=16u32 {
        for n in 5..=16u32 {
            let b = Board::new(m, n);
            if existence::closed_tour_exists(b).is_ok() {
                let c =
                    construct(b, true, 0, TieBreak::Roth).unwrap_or_else(|e| panic!("{b}: {e}"));
                check_coords(b, &c, true);
            }
            for s in (0..b.cells() as u32).step_by(7) {
                if existence::open_start_allowed(b, s).is_err() {
                    continue;
                }
                let c = construct(b, false, s, TieBreak::Roth)
                    .unwrap_or_else(|e| panic!("{b} from {s}: {e}"));
                assert_eq!(c[0], s);
                check_coords(b, &c, false);
            }
        }
    }
}

/// Strips of 3 and 4 rows up to 40 long, both ways round, from every allowed start.
#[test]
fn strips_up_to_40() {
    for short in [3u32, 4] {
        for long in 5..=40u32 {
            for b in [Board::new(short, long), Board::new(long, short)] {
                let closed = find(&req(b.rows, b.cols, true, None, None));
                assert_eq!(
                    closed.is_ok(),
                    existence::closed_tour_exists(b).is_ok(),
                    "{b}"
                );
                if let Ok(f) = closed {
                    check_coords(b, &f.cells, true);
                }
                for s in 0..b.cells() as u32 {
                    if existence::open_start_allowed(b, s).is_err() {
                        continue;
                    }
                    match find(&req(b.rows, b.cols, false, Some(s), None)) {
                        Ok(f) => {
                            assert_eq!(f.cells[0], s);
                            check_coords(b, &f.cells, false);
                        }
                        // Tiny boards only: refused after an exhaustive search.
                        Err(e) => assert!(
                            long <= 8 && e.to_string().contains("exhaustive"),
                            "{b} from {s}: {e}"
                        ),
                    }
                }
            }
        }
    }
}

#[test]
fn large_and_odd_boards() {
    for (m, n) in [
        (101, 102),
        (5, 302),
        (7, 300),
        (300, 7),
        (3, 998),
        (998, 3),
        (1000, 1000),
    ] {
        let f = find(&req(m, n, true, None, None)).unwrap();
        check_coords(Board::new(m, n), &f.cells, true);
    }
    for (m, n, s) in [
        (1001, 1001, (500, 500)),
        (5, 999, (2, 500)),
        (4, 1001, (3, 500)),
        (3, 1001, (1, 501)),
    ] {
        let b = Board::new(m, n);
        let start = b.cell(s.0, s.1);
        let f = find(&req(m, n, false, Some(start), None)).unwrap();
        assert_eq!(f.cells[0], start);
        check_coords(b, &f.cells, false);
        // The construction too, not only Warnsdorff's pass.
        let c = construct(b, false, start, TieBreak::Roth).unwrap();
        assert_eq!(c[0], start);
        check_coords(b, &c, false);
    }
}

#[test]
fn other_pieces() {
    // King and rook closed tours; a camel never leaves its colour.
    for (piece, board) in [("king", "5x5"), ("rook", "6x7"), ("giraffe", "10x10")] {
        let o = run(&["find", "--piece", piece, "--board", board, "--json"]);
        assert!(o.status.success(), "{piece}: {}", stderr(&o));
        let b: Board = board.parse().unwrap();
        let (cells, closed) = parse_json(&stdout(&o));
        let cells: Vec<u32> = cells.iter().map(|&(r, c)| b.cell(r, c)).collect();
        check_graph(&piece.parse().unwrap(), b, &cells, closed);
    }
    let o = run(&[
        "find", "--piece", "king", "--board", "5x5", "--closed", "--json",
    ]);
    assert!(o.status.success());
    let o = run(&["find", "--piece", "camel", "--board", "8x8"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("disconnected"), "{}", stderr(&o));
    let o = run(&["find", "--piece", "leaper:2,5", "--board", "20x20"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("within the search budget"),
        "{}",
        stderr(&o)
    );
}

/// Seeds reach the constructions too: every seed gives a verified tour, and they differ.
#[test]
fn seeded_constructions() {
    for (m, n, closed, s) in [
        (30, 32, true, (0, 0)),
        (31, 33, false, (15, 17)),
        (3, 50, true, (0, 0)),
        (4, 51, false, (0, 25)),
        (33, 5, false, (16, 2)),
    ] {
        let b = Board::new(m, n);
        let start = if closed { 0 } else { b.cell(s.0, s.1) };
        let mut seen = Vec::new();
        for seed in 0..12u64 {
            let c = construct(b, closed, start, TieBreak::Seeded(seed))
                .unwrap_or_else(|e| panic!("{b} seed {seed}: {e}"));
            assert_eq!(c[0], start);
            check_coords(b, &c, closed);
            seen.push(c);
        }
        seen.sort();
        seen.dedup();
        assert!(
            seen.len() >= 3,
            "{b}: only {} different tours from 12 seeds",
            seen.len()
        );
    }
}

/// The refusals follow Schwenk's theorem as published (`reference`), in both
/// orientations, on every board up to 40×40.
#[test]
fn closed_refusals_follow_schwenk() {
    for m in 1..=40u32 {
        for n in 1..=40u32 {
            assert_eq!(
                existence::closed_tour_exists(Board::new(m, n)).is_ok(),
                crate::reference::schwenk_closed_tour_exists(m, n),
                "{m}x{n}"
            );
        }
    }
}
