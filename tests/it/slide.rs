//! `tourglyph slide`: the seed's figures (Brazeal's puzzle as analysed in seed 002), the
//! solution replayed move by move by an independent checker, cross-checks against the
//! seed-style plain search, the frame sheet on a recording backend, the animated SVG, and
//! the error messages.

use crate::common::{run, stderr, stdout};
use serde_json::Value;
use std::collections::BTreeSet;
use tourglyph::{draw::Backend, draw::Paint, draw::Path, draw::Rgb, draw::Seg, draw::Text};
use tourglyph::{
    slide, slide::Move, slide::Options, slide::Puzzle, slide::Slider, slide::animate, slide::draw,
    slide::naive, slide::orbit::Orbits, slide::solve,
};

fn json(args: &[&str]) -> Value {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("one JSON object")
}

fn rc(v: &Value) -> (i64, i64) {
    (v[0].as_i64().unwrap(), v[1].as_i64().unwrap())
}

/// Replay the JSON solution from `from` with a checker written from the rules alone: a
/// move goes along a line the piece may use, over empty cells only, and stops just
/// before another piece or the edge. Returns the final position.
fn replay_json(j: &Value, queen: bool) -> BTreeSet<(i64, i64)> {
    let n: i64 = j["board"]
        .as_str()
        .unwrap()
        .split('x')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let mut occ: BTreeSet<(i64, i64)> = j["from"].as_array().unwrap().iter().map(rc).collect();
    for (i, m) in j["solution"].as_array().unwrap().iter().enumerate() {
        let (a, b) = (rc(&m["from"]), rc(&m["to"]));
        let (dr, dc) = (b.0 - a.0, b.1 - a.1);
        assert!(occ.contains(&a), "move {}: no piece on {a:?}", i + 1);
        assert!((dr, dc) != (0, 0), "move {}: a null move", i + 1);
        let straight = dr == 0 || dc == 0;
        let diagonal = dr.abs() == dc.abs();
        assert!(
            straight || (queen && diagonal),
            "move {}: not along a line",
            i + 1
        );
        let step = (dr.signum(), dc.signum());
        let mut c = a;
        while c != b {
            c = (c.0 + step.0, c.1 + step.1);
            assert!(!occ.contains(&c), "move {}: jumps over {c:?}", i + 1);
        }
        let beyond = (b.0 + step.0, b.1 + step.1);
        let on_board = (0..n).contains(&beyond.0) && (0..n).contains(&beyond.1);
        assert!(
            !on_board || occ.contains(&beyond),
            "move {}: stops short at {b:?}",
            i + 1
        );
        occ.remove(&a);
        occ.insert(b);
    }
    occ
}

fn goal(j: &Value) -> BTreeSet<(i64, i64)> {
    j["to"].as_array().unwrap().iter().map(rc).collect()
}

fn binom(n: u128, k: u128) -> u128 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[test]
fn rooks_8x8_match_the_seed() {
    // Seed 002: 25 moves, farthest 32, 218,412 of C(64,4) = 635,376 states, 27,467 of
    // 79,920 classes.
    use crate::reference::slide::*;
    let j = json(&["slide", "--board", "8x8", "--json"]);
    assert_eq!(j["min_moves"], ROOKS_MIN_MOVES);
    assert_eq!(
        j["solution"].as_array().unwrap().len() as u64,
        ROOKS_MIN_MOVES
    );
    assert_eq!(j["farthest"], ROOKS_FARTHEST);
    assert_eq!(j["reachable"], ROOKS_REACHABLE);
    assert_eq!(j["total"].as_u64().unwrap() as u128, binom(64, 4));
    assert_eq!(j["reachable_classes"], ROOKS_REACHABLE_CLASSES);
    assert_eq!(j["total_classes"], CLASSES);
    assert!(j.get("sccs").is_none());
    assert_eq!(replay_json(&j, false), goal(&j));
}

#[test]
fn queens_8x8_unreachable_classes_are_singletons() {
    // Seed 002: 12 moves; 77,766 of 79,920 classes reachable, the other 2,154 are all
    // singleton components.
    use crate::reference::slide::*;
    let j = json(&["slide", "--piece", "queen", "--analyze", "--json"]);
    assert_eq!(j["min_moves"], QUEENS_MIN_MOVES);
    assert_eq!(j["reachable_classes"], QUEENS_REACHABLE_CLASSES);
    assert_eq!(j["total_classes"], CLASSES);
    let sccs = &j["sccs"];
    assert_eq!(sccs["singletons"], QUEENS_SINGLETONS);
    assert_eq!(sccs["largest"], QUEENS_REACHABLE_CLASSES);
    assert_eq!(sccs["count"], QUEENS_SINGLETONS + 1);
    assert_eq!(replay_json(&j, true), goal(&j));
}

#[test]
fn rook_components_include_the_reachable_class() {
    let j = json(&["slide", "--analyze", "--json"]);
    let s = &j["sccs"];
    // The reachable classes form one component (the seed: one large component holds the
    // 218,412 reachable states), and the components partition the classes.
    assert_eq!(s["largest"], j["reachable_classes"]);
    assert!(s["count"].as_u64().unwrap() > s["singletons"].as_u64().unwrap());
    assert!(s["count"].as_u64().unwrap() < 79_920);
}

#[test]
fn same_bytes_every_run() {
    let a = run(&[
        "slide",
        "--piece",
        "queen",
        "--board",
        "6x6",
        "--analyze",
        "--json",
    ]);
    let b = run(&[
        "slide",
        "--piece",
        "queen",
        "--board",
        "6x6",
        "--analyze",
        "--json",
    ]);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    let h = run(&["slide"]);
    let text = stdout(&h);
    assert!(text.contains("min_moves: 25"), "{text}");
    assert!(text.contains("218412 of 635376"), "{text}");
}

/// The dense search against the seed-style hash-map search, raw and renamed, on small
/// boards, both pieces, several piece counts and starts.
#[test]
fn agrees_with_the_plain_search() {
    let mut checked = 0;
    for n in 2..=6u32 {
        for piece in [Slider::Rook, Slider::Queen] {
            for k in 1..=4usize.min((n * n) as usize - 1) {
                let cells = n * n;
                let from: Vec<u32> = (0..k as u32).map(|i| (i * 7 + 1) % cells).collect();
                let from: Vec<u32> = {
                    let mut v = from.clone();
                    v.sort();
                    v.dedup();
                    v
                };
                if from.len() != k {
                    continue;
                }
                let to: Vec<u32> = (0..k as u32).map(|i| cells - 1 - i).collect();
                let p = Puzzle::new(n, piece, &from, &to).unwrap();
                let g = p.geometry();
                let raw = naive::bfs(&g, &p.from, &p.to, None);
                let cls = naive::bfs(&g, &p.from, &p.to, Some(&Orbits::new(n)));
                match solve(&p, &Options::default()) {
                    Ok(r) => {
                        assert_eq!(Some(r.min_moves), raw.goal, "{n} {piece} {k}");
                        assert_eq!(r.reachable, raw.reachable, "{n} {piece} {k}");
                        assert_eq!(r.farthest, raw.farthest, "{n} {piece} {k}");
                        assert_eq!(r.reachable_classes, cls.reachable, "{n} {piece} {k}");
                        let states = slide::replay(&p, &r.solution).unwrap();
                        assert_eq!(states.last().unwrap(), &p.to);
                    }
                    Err(e) => {
                        assert_eq!(raw.goal, None, "{n} {piece} {k}: {e}");
                        assert_eq!(
                            e.to_string(),
                            format!(
                                "goal unreachable: {} states reachable from the start",
                                raw.reachable
                            )
                        );
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 30, "{checked}");
}

/// For the symmetric corner start the reached set is closed under D4, so the orbit sizes
/// of the reached classes add up to the raw count (orbit–stabiliser).
#[test]
fn orbit_sizes_add_up_to_the_raw_count() {
    for (n, piece) in [(6, Slider::Rook), (6, Slider::Queen), (8, Slider::Rook)] {
        let p = Puzzle::standard(n, piece).unwrap();
        let g = p.geometry();
        let s = slide::subset::Subsets::new((n * n) as usize, 4);
        let dd = slide::bfs::distances(&g, &s, &p.from).unwrap();
        let c = slide::classes::census(&s, &Orbits::new(n), &dd, false).unwrap();
        assert_eq!(c.reachable_orbit_sum, dd.reachable, "{n} {piece}");
        assert_eq!(
            c.classes,
            u64::try_from(&p.total_classes()).unwrap(),
            "{n} {piece}"
        );
    }
}

/// A backend that records every call.
#[derive(Default)]
struct Recorder {
    pages: Vec<(f64, f64)>,
    open: bool,
    paths: Vec<(Path, Paint)>,
    texts: Vec<Text>,
    finished: bool,
}

impl Backend for Recorder {
    fn begin_page(&mut self, w: f64, h: f64) -> tourglyph::Result<()> {
        assert!(!self.open && !self.finished);
        self.open = true;
        self.pages.push((w, h));
        Ok(())
    }
    fn path(&mut self, p: &Path, paint: &Paint) -> tourglyph::Result<()> {
        assert!(self.open);
        self.paths.push((p.clone(), *paint));
        Ok(())
    }
    fn text(&mut self, t: &Text) -> tourglyph::Result<()> {
        assert!(self.open);
        self.texts.push(t.clone());
        Ok(())
    }
    fn end_page(&mut self) -> tourglyph::Result<()> {
        assert!(self.open);
        self.open = false;
        Ok(())
    }
    fn finish(&mut self) -> tourglyph::Result<()> {
        assert!(!self.open);
        self.finished = true;
        Ok(())
    }
}

fn points(p: &Path) -> Vec<(f64, f64)> {
    p.segs
        .iter()
        .flat_map(|s| match *s {
            Seg::MoveTo(x, y) | Seg::LineTo(x, y) => vec![(x, y)],
            Seg::CubicTo(a, b, c, d, x, y) => vec![(a, b), (c, d), (x, y)],
            Seg::Close => vec![],
        })
        .collect()
}

#[test]
fn frame_sheet_draws_every_move() {
    let p = Puzzle::standard(6, Slider::Queen).unwrap();
    let r = solve(&p, &Options::default()).unwrap();
    let st = draw::SheetStyle::default();
    let mut rec = Recorder::default();
    draw::draw_sheet(&mut rec, &p, &r.solution, &st).unwrap();
    assert!(rec.finished);
    assert_eq!(rec.pages.len(), 1);
    let (w, h) = rec.pages[0];
    for (path, _) in &rec.paths {
        for (x, y) in points(path) {
            assert!(
                (0.0..=w).contains(&x) && (0.0..=h).contains(&y),
                "({x},{y})"
            );
        }
    }
    // Captions: the title, "start", then one per move naming its squares.
    let g = p.geometry();
    let captions: Vec<&str> = rec.texts.iter().map(|t| t.text.as_str()).collect();
    assert_eq!(captions.len(), r.solution.len() + 2);
    assert!(captions[0].contains(&format!("{} moves", r.min_moves)));
    assert_eq!(captions[1], "start");
    for (i, m) in r.solution.iter().enumerate() {
        let want = format!("{}. {}-{}", i + 1, g.algebraic(m.from), g.algebraic(m.to));
        assert_eq!(captions[i + 2], want);
    }
    // Pieces: k per frame, the moved one in the arrow colour; three arrow parts a move.
    let filled = |c: Rgb| {
        rec.paths
            .iter()
            .filter(|(_, paint)| paint.fill == Some(c) && paint.stroke.is_some())
            .count()
    };
    let frames = r.solution.len() + 1;
    assert_eq!(filled(st.piece) + filled(st.moved), 4 * frames);
    assert_eq!(filled(st.moved), r.solution.len());
    let arrow_parts = rec
        .paths
        .iter()
        .filter(|(_, paint)| {
            paint.fill == Some(st.moved) && paint.stroke.is_none()
                || paint.stroke.is_some_and(|s| s.color == st.moved)
        })
        .count();
    assert_eq!(arrow_parts, 3 * r.solution.len());
}

#[test]
fn frame_sheet_refuses_an_illegal_move() {
    let p = Puzzle::standard(6, Slider::Rook).unwrap();
    let mut rec = Recorder::default();
    // a6 cannot stop on a5: it slides down to a2.
    let bad = [Move { from: 0, to: 6 }];
    let e = draw::draw_sheet(&mut rec, &p, &bad, &draw::SheetStyle::default()).unwrap_err();
    assert!(
        e.to_string()
            .contains("move 1 (a6-a5) is not a legal slide"),
        "{e}"
    );
}

/// Positions of every piece at the end of each move, read back from the SVG's
/// `animateTransform` values, must be the solution's states.
#[test]
fn animated_svg_plays_the_solution() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("anim.svg");
    let o = run(&[
        "slide",
        "--piece",
        "queen",
        "--json",
        "-o",
        out.to_str().unwrap(),
        "--animate",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let j: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let svg = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no temporary file left behind"
    );
    assert!(!svg.contains("<script"));
    assert!(!svg.contains("href"), "self-contained");
    let doc = resvg::usvg::roxmltree::Document::parse(&svg).expect("well-formed XML");
    // It renders as a static picture too.
    resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).expect("valid SVG");

    let cell = animate::AnimOptions::default().cell;
    let tracks: Vec<Vec<(f64, f64)>> = doc
        .descendants()
        .filter(|n| n.has_tag_name("animateTransform"))
        .map(|n| {
            let times: Vec<f64> = n
                .attribute("keyTimes")
                .unwrap()
                .split(';')
                .map(|t| t.parse().unwrap())
                .collect();
            assert!(
                times.windows(2).all(|w| w[0] < w[1]),
                "increasing key times"
            );
            assert_eq!((times[0], *times.last().unwrap()), (0.0, 1.0));
            let values: Vec<(f64, f64)> = n
                .attribute("values")
                .unwrap()
                .split(';')
                .map(|v| {
                    let (x, y) = v.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            assert_eq!(values.len(), times.len());
            values
        })
        .collect();
    assert_eq!(tracks.len(), 4, "one animated piece per queen");
    // Board origin: the first value of each track is a start cell's centre.
    let moves = j["solution"].as_array().unwrap();
    let (x0, y0) = {
        let first = j["from"][0].clone();
        let (r, c) = rc(&first);
        let mut t = tracks.iter().map(|t| t[0]).collect::<Vec<_>>();
        t.sort_by(|a, b| (a.1, a.0).partial_cmp(&(b.1, b.0)).unwrap());
        (
            t[0].0 - (c as f64 + 0.5) * cell,
            t[0].1 - (r as f64 + 0.5) * cell,
        )
    };
    let cell_at = |(x, y): (f64, f64)| {
        (
            ((y - y0) / cell - 0.5).round() as i64,
            ((x - x0) / cell - 0.5).round() as i64,
        )
    };
    let mut state: BTreeSet<(i64, i64)> = j["from"].as_array().unwrap().iter().map(rc).collect();
    for (i, m) in moves.iter().enumerate() {
        state.remove(&rc(&m["from"]));
        state.insert(rc(&m["to"]));
        // Key frame 2 + 2i is the end of slide i.
        let shown: BTreeSet<(i64, i64)> = tracks.iter().map(|t| cell_at(t[2 + 2 * i])).collect();
        assert_eq!(shown, state, "after move {}", i + 1);
    }
    assert_eq!(state, goal(&j));
    // A counter label per position.
    let labels = doc
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.text().is_some_and(|t| t.starts_with("move ")))
        .count();
    assert_eq!(labels, moves.len());

    // Deterministic bytes.
    let again = dir.path().join("again.svg");
    let o = run(&[
        "slide",
        "--piece",
        "queen",
        "-o",
        again.to_str().unwrap(),
        "--animate",
    ]);
    assert!(o.status.success());
    assert_eq!(std::fs::read(&again).unwrap(), svg.as_bytes());
}

#[test]
fn bad_input_is_refused_with_one_line() {
    let c256_5 = binom(256, 5).to_string();
    let cases: Vec<(Vec<&str>, i32, String)> = vec![
        (
            vec!["--from", "a1 i9 a8 h8"],
            2,
            "cell 'i9' is off the 8x8 board".into(),
        ),
        (vec!["--from", "a1 a1 a8 h8"], 2, "two pieces on a1".into()),
        (
            vec!["--from", "a1 h1 a8", "--to", "d4 e4 d5 e5"],
            2,
            "--from has 3 cells but --to has 4".into(),
        ),
        (
            vec!["--board", "7x7"],
            2,
            "no central 2x2: give the goal with --to".into(),
        ),
        (vec!["--board", "6x8"], 2, "needs a square board".into()),
        (vec!["--board", "17x17"], 2, "from 2x2 to 16x16".into()),
        (
            vec!["--piece", "bishop"],
            2,
            "use --piece rook or --piece queen".into(),
        ),
        (
            vec!["--from", "a1 h1 a8"],
            2,
            "give the goal with --to".into(),
        ),
        (vec!["-o", "x.png"], 2, "use .pdf, .ps or .svg".into()),
        (
            vec!["-o", "x.pdf", "--animate"],
            2,
            "--animate writes an SVG".into(),
        ),
        (
            vec!["--board", "3x3", "--from", "a1", "--to", "b2"],
            1,
            "goal unreachable: 4 states reachable from the start".into(),
        ),
        (
            vec![
                "--board",
                "16x16",
                "--from",
                "a1 b1 c1 d1 e1",
                "--to",
                "a2 b2 c2 d2 e2",
            ],
            2,
            format!("{c256_5} states (C(256, 5)) to search"),
        ),
    ];
    for (args, code, msg) in cases {
        let mut full = vec!["slide"];
        full.extend(args.iter().copied());
        let o = run(&full);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(code), "{full:?}: {err}");
        assert!(err.contains(&msg), "{full:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{full:?}: {err}");
        assert!(!err.contains("panicked"));
        assert!(o.stdout.is_empty(), "{full:?}");
    }
}

#[test]
fn odd_boards_and_other_piece_counts() {
    // 5x5, three queens from three corners to the centre row.
    let j = json(&[
        "slide", "--piece", "queen", "--board", "5x5", "--from", "a1 e1 a5", "--to", "b3 c3 d3",
        "--json",
    ]);
    assert_eq!(j["total"].as_u64().unwrap() as u128, binom(25, 3));
    assert_eq!(replay_json(&j, true), goal(&j));
    // Start = goal: no moves.
    let j = json(&["slide", "--board", "2x2", "--json"]);
    assert_eq!(j["min_moves"], 0);
    assert_eq!(j["total"], 1);
    assert_eq!(j["reachable"], 1);
}

/// The replay checker itself rejects a move that stops short and one that jumps.
#[test]
#[should_panic(expected = "stops short")]
fn checker_rejects_a_short_stop() {
    let mut j = json(&["slide", "--board", "6x6", "--json"]);
    // The first move, shortened by one square along its line.
    let m = &mut j["solution"][0];
    let (a, b) = (rc(&m["from"]), rc(&m["to"]));
    let back = (b.0 - (b.0 - a.0).signum(), b.1 - (b.1 - a.1).signum());
    m["to"] = serde_json::json!([back.0, back.1]);
    replay_json(&j, false);
}

#[test]
#[should_panic(expected = "jumps over")]
fn checker_rejects_a_jump() {
    let j = serde_json::json!({
        "board": "4x4",
        "from": [[0, 0], [0, 1]],
        "solution": [{"from": [0, 0], "to": [0, 3]}],
    });
    replay_json(&j, false);
}
