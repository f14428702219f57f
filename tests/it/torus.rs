//! Tours on the torus (`--torus`): counts against a plain backtracking search written
//! here (it shares nothing with the library), OEIS A216588, listing in ID order, classes
//! against a brute-force canonical form, sampling and shards, and the refusals.

use crate::common::{run, stderr, stdout};
use std::collections::{BTreeMap, BTreeSet};
use tourglyph::engine::frontier::{Zdd, count_only};
use tourglyph::graph::Topology;
use tourglyph::{Board, LeapGraph, Piece, TourKind};

/// A tour as its sorted list of cell pairs (u < v, cells row-major): sorted lists compare
/// in ID order, since edges are numbered in increasing (u, v) order.
type Pairs = Vec<(u32, u32)>;

/// The four neighbours of a cell of the m×n torus, from coordinates alone.
fn torus_neighbours(m: u32, n: u32, cell: u32) -> [u32; 4] {
    let (r, c) = (cell / n, cell % n);
    [
        ((r + m - 1) % m) * n + c,
        ((r + 1) % m) * n + c,
        r * n + (c + n - 1) % n,
        r * n + (c + 1) % n,
    ]
}

/// Every Hamiltonian cycle of C_m × C_n by plain backtracking from cell 0 (each cycle
/// once: its second cell is smaller than its last). Prunes an unvisited cell left with
/// fewer than two ways in and out.
fn backtrack(m: u32, n: u32) -> BTreeSet<Pairs> {
    struct S {
        m: u32,
        n: u32,
        visited: Vec<bool>,
        path: Vec<u32>,
        out: BTreeSet<Pairs>,
    }
    impl S {
        /// Ways in and out of unvisited cell w: unvisited neighbours, the head, cell 0.
        fn ways(&self, w: u32) -> usize {
            let head = *self.path.last().unwrap();
            torus_neighbours(self.m, self.n, w)
                .iter()
                .filter(|&&x| !self.visited[x as usize] || x == head || x == 0)
                .count()
        }
        fn go(&mut self) {
            let total = (self.m * self.n) as usize;
            let head = *self.path.last().unwrap();
            if self.path.len() == total {
                if torus_neighbours(self.m, self.n, head).contains(&0)
                    && self.path[1] < self.path[total - 1]
                {
                    let mut pairs: Pairs = (0..total)
                        .map(|i| {
                            let (a, b) = (self.path[i], self.path[(i + 1) % total]);
                            (a.min(b), a.max(b))
                        })
                        .collect();
                    pairs.sort_unstable();
                    self.out.insert(pairs);
                }
                return;
            }
            for next in torus_neighbours(self.m, self.n, head) {
                if self.visited[next as usize] {
                    continue;
                }
                self.visited[next as usize] = true;
                self.path.push(next);
                let dead = torus_neighbours(self.m, self.n, head)
                    .iter()
                    .chain(torus_neighbours(self.m, self.n, next).iter())
                    .any(|&w| !self.visited[w as usize] && self.ways(w) < 2);
                if !dead {
                    self.go();
                }
                self.path.pop();
                self.visited[next as usize] = false;
            }
        }
    }
    let mut s = S {
        m,
        n,
        visited: vec![false; (m * n) as usize],
        path: vec![0],
        out: BTreeSet::new(),
    };
    s.visited[0] = true;
    s.go();
    s.out
}

fn torus_graph(m: u32, n: u32) -> LeapGraph {
    LeapGraph::with_topology(Board::new(m, n), &Piece::rook(), Topology::Torus).unwrap()
}

/// Parse `list --json` lines into (id, cells).
fn listed(text: &str) -> Vec<(u128, Vec<(u32, u32)>)> {
    text.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let id = v["id"].as_u64().unwrap() as u128;
            let cells = v["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| (p[0].as_u64().unwrap() as u32, p[1].as_u64().unwrap() as u32))
                .collect();
            (id, cells)
        })
        .collect()
}

/// Check a listed cell sequence is a closed tour of the m×n torus; return its pairs.
fn torus_tour(m: u32, n: u32, cells: &[(u32, u32)]) -> Pairs {
    let ids: Vec<u32> = cells.iter().map(|&(r, c)| r * n + c).collect();
    assert_eq!(ids.len(), (m * n) as usize, "every cell once");
    assert_eq!(
        ids.iter().collect::<BTreeSet<_>>().len(),
        ids.len(),
        "no cell twice"
    );
    let mut pairs: Pairs = (0..ids.len())
        .map(|i| {
            let (a, b) = (ids[i], ids[(i + 1) % ids.len()]);
            assert!(
                torus_neighbours(m, n, a).contains(&b),
                "step {a} → {b} is not a move on the {m}x{n} torus"
            );
            (a.min(b), a.max(b))
        })
        .collect();
    pairs.sort_unstable();
    pairs
}

#[test]
fn counts_equal_backtracking_on_every_torus_up_to_30_cells() {
    for a in 3..=10u32 {
        for b in a..=10u32 {
            if a * b > 30 {
                continue;
            }
            // One search per shape; the engines run on both orientations.
            let want = backtrack(a, b).len() as u128;
            for (m, n) in [(a, b), (b, a)] {
                let g = torus_graph(m, n);
                let z = Zdd::build(&g, TourKind::Closed).unwrap();
                assert_eq!(z.count(), want, "{m}x{n} diagram");
                let c = count_only(&g, TourKind::Closed).unwrap();
                assert_eq!(c.tours, want, "{m}x{n} count-only");
                let o = run(&["count", "--torus", "--board", &format!("{m}x{n}")]);
                assert!(o.status.success(), "{}", stderr(&o));
                assert_eq!(stdout(&o).trim(), want.to_string(), "{m}x{n} CLI");
            }
        }
    }
}

/// OEIS A216588 (Hamiltonian cycles of C_4 × C_n; the engine's tests take n = 3…24)
/// at a few n, both orientations, and A222199 (C_n × C_n) for n = 3…8, through `count
/// --torus` (the torus counter).
#[test]
fn oeis_a216588_and_a222199() {
    let a216588 = [
        (3u32, 126u64),
        (6, 28060),
        (13, 265582226),
        (20, 22548844488592),
    ];
    let a222199 = [48u64, 1344, 23580, 3273360, 257165468, 171785923808];
    let boards = a216588
        .into_iter()
        .flat_map(|(n, w)| [(format!("4x{n}"), w), (format!("{n}x4"), w)])
        .chain(
            (3..=8u32)
                .zip(a222199)
                .map(|(n, w)| (format!("{n}x{n}"), w)),
        );
    for (board, want) in boards {
        let o = run(&["count", "--torus", "--board", &board, "--json"]);
        assert!(o.status.success(), "{board}: {}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(v["tours"].as_u64(), Some(want), "{board}");
        assert_eq!(v["torus"], serde_json::Value::Bool(true));
    }
}

/// `list --torus`: every line a closed tour of the torus, IDs 0, 1, 2, … in ID order
/// (increasing edge lists), and the set is the backtracking set.
#[test]
fn list_is_valid_on_the_torus_in_id_order_and_complete() {
    for (m, n) in [(3, 3), (3, 4), (4, 3), (4, 5), (5, 5)] {
        let o = run(&["list", "--torus", "--board", &format!("{m}x{n}"), "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let tours = listed(&stdout(&o));
        let mut prev: Option<Pairs> = None;
        let mut all = BTreeSet::new();
        for (k, (id, cells)) in tours.iter().enumerate() {
            assert_eq!(*id, k as u128, "{m}x{n}: IDs count up from 0");
            let pairs = torus_tour(m, n, cells);
            if let Some(p) = &prev {
                assert!(p < &pairs, "{m}x{n}: tour {id} is out of ID order");
            }
            prev = Some(pairs.clone());
            all.insert(pairs);
        }
        assert_eq!(
            all,
            backtrack(m, n),
            "{m}x{n}: the listed tours are all the tours"
        );
    }
}

/// The torus's group, from coordinates alone: each symmetry of the board (D4 on a
/// square, the 4-group on an oblong one) followed by each translation.
fn group(m: u32, n: u32) -> Vec<Vec<u32>> {
    type CellMap = Box<dyn Fn(u32, u32) -> (u32, u32)>;
    let mut syms: Vec<CellMap> = vec![
        Box::new(|r, c| (r, c)),
        Box::new(move |r, c| (m - 1 - r, n - 1 - c)),
        Box::new(move |r, c| (m - 1 - r, c)),
        Box::new(move |r, c| (r, n - 1 - c)),
    ];
    if m == n {
        syms.push(Box::new(|r, c| (c, r)));
        syms.push(Box::new(move |r, c| (n - 1 - c, m - 1 - r)));
        syms.push(Box::new(move |r, c| (c, m - 1 - r)));
        syms.push(Box::new(move |r, c| (n - 1 - c, r)));
    }
    let mut out = Vec::new();
    for s in &syms {
        for a in 0..m {
            for b in 0..n {
                out.push(
                    (0..m * n)
                        .map(|cell| {
                            let (r, c) = s(cell / n, cell % n);
                            ((r + a) % m) * n + (c + b) % n
                        })
                        .collect(),
                );
            }
        }
    }
    out
}

fn image(map: &[u32], t: &Pairs) -> Pairs {
    let mut v: Pairs = t
        .iter()
        .map(|&(a, b)| {
            let (x, y) = (map[a as usize], map[b as usize]);
            (x.min(y), x.max(y))
        })
        .collect();
    v.sort_unstable();
    v
}

/// Classes up to translations and the board's symmetries: `list --torus --classes`
/// gives exactly the least member of each brute-force class with its orbit size; the
/// orbit sizes divide the group's order and add up to the count; `count --classes
/// --json` reports the same histogram.
#[test]
fn classes_match_brute_force() {
    for (m, n) in [
        (3, 3),
        (3, 4),
        (4, 4),
        (3, 5),
        (4, 5),
        (5, 5),
        (3, 6),
        (5, 6),
    ] {
        let tours = backtrack(m, n);
        let grp = group(m, n);
        let order = grp.len() as u64;
        let mut brute: BTreeMap<Pairs, u64> = BTreeMap::new();
        for t in &tours {
            let imgs: BTreeSet<Pairs> = grp.iter().map(|g| image(g, t)).collect();
            brute.insert(imgs.iter().next().unwrap().clone(), imgs.len() as u64);
        }
        let board = format!("{m}x{n}");
        let o = run(&["list", "--torus", "--board", &board, "--classes", "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let mut fast = BTreeMap::new();
        for line in stdout(&o).lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let cells: Vec<(u32, u32)> = v["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| (p[0].as_u64().unwrap() as u32, p[1].as_u64().unwrap() as u32))
                .collect();
            fast.insert(torus_tour(m, n, &cells), v["orbit"].as_u64().unwrap());
        }
        assert_eq!(fast, brute, "{board}: representatives and orbits");
        assert_eq!(
            brute.values().sum::<u64>(),
            tours.len() as u64,
            "{board}: orbit sum"
        );
        assert!(
            brute.values().all(|o| order % o == 0),
            "{board}: orbits divide {order}"
        );
        let mut hist: BTreeMap<String, u64> = BTreeMap::new();
        for o in brute.values() {
            *hist.entry(o.to_string()).or_default() += 1;
        }
        let o = run(&["count", "--torus", "--board", &board, "--classes", "--json"]);
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(v["classes"].as_u64(), Some(brute.len() as u64), "{board}");
        let orbits: BTreeMap<String, u64> = v["orbits"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, x)| (k.clone(), x.as_u64().unwrap()))
            .collect();
        assert_eq!(orbits, hist, "{board}: orbits in JSON");
    }
}

/// Past 36 cells `count --torus --classes` counts classes by Burnside's lemma (the
/// fixed counts on quotients of the torus) instead of testing every tour: on 5×8 and
/// 6×7 it gives the number of representatives that `list --classes` finds by testing
/// every tour; its JSON's fixed counts add up to classes × the group's order; and a
/// torus whose tours cannot be listed (7×7, 8×8) gets an integer number of classes from
/// the A222199 count.
#[test]
fn burnside_classes_equal_the_listed_classes() {
    let sum_fixed = |v: &serde_json::Value| -> u128 {
        v["fixed"]
            .as_object()
            .unwrap()
            .values()
            .map(|x| x.as_u64().unwrap() as u128)
            .sum()
    };
    for (m, n) in [(5u32, 8u32), (6, 7)] {
        let board = format!("{m}x{n}");
        let o = run(&["count", "--torus", "--board", &board, "--classes", "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert!(
            v.get("orbits").is_none(),
            "{board}: Burnside gives no orbits"
        );
        let classes = v["classes"].as_u64().unwrap() as u128;
        let tours = v["tours"].as_u64().unwrap() as u128;
        let order = 4 * u128::from(m * n);
        assert_eq!(classes * order, tours + sum_fixed(&v), "{board}");
        let o = run(&["list", "--torus", "--board", &board, "--classes", "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let listed = stdout(&o).lines().count() as u128;
        assert_eq!(
            classes, listed,
            "{board}: Burnside against the listed classes"
        );
    }
    for (n, tours) in [(7u32, 257165468u128), (8, 171785923808)] {
        let board = format!("{n}x{n}");
        let o = run(&["count", "--torus", "--board", &board, "--classes", "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(v["tours"].as_u64().unwrap() as u128, tours, "{board}");
        let classes = v["classes"].as_u64().unwrap() as u128;
        assert_eq!(
            classes * 8 * u128::from(n * n),
            tours + sum_fixed(&v),
            "{board}"
        );
        assert!(
            classes * 8 * u128::from(n * n) > tours,
            "{board}: some tour is symmetric"
        );
    }
}

/// Sampling draws tours of the torus whose ID is their rank; shards concatenate to the
/// full list.
#[test]
fn sample_rank_and_shards_on_the_torus() {
    let full = run(&["list", "--torus", "--board", "4x5", "--json"]);
    let all = listed(&stdout(&full));
    let o = run(&[
        "list", "--torus", "--board", "4x5", "--json", "--sample", "20", "--seed", "3",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let drawn = listed(&stdout(&o));
    assert_eq!(drawn.len(), 20);
    assert!(drawn.iter().map(|d| d.0).collect::<BTreeSet<_>>().len() > 1);
    for (id, cells) in drawn {
        assert_eq!(
            all[id as usize].1, cells,
            "sampled tour {id} is the tour of its ID"
        );
    }
    let g = torus_graph(4, 5);
    let z = Zdd::build(&g, TourKind::Closed).unwrap();
    for id in [0u128, 1, 1000, 2929] {
        let t = z.unrank(id).unwrap();
        t.validate(&g).unwrap();
        assert_eq!(z.rank(&t.edges), Some(id));
    }
    let mut cat = Vec::new();
    for k in 1..=3 {
        let o = run(&[
            "list",
            "--torus",
            "--board",
            "4x5",
            "--json",
            "--shard",
            &format!("{k}/3"),
        ]);
        cat.extend_from_slice(&o.stdout);
    }
    assert!(cat == full.stdout, "shards differ from the single run");
    let o = run(&["list", "--torus", "--board", "4x5", "--range", "10..12"]);
    assert_eq!(stdout(&o).lines().count(), 2);
    assert!(stdout(&o).starts_with("10: "), "{}", stdout(&o));
}

#[test]
fn torus_refusals_name_the_fix() {
    for (args, needle) in [
        (
            &["count", "--torus", "--board", "4x4", "--open"][..],
            "drop --open",
        ),
        (
            &["count", "--torus", "--board", "4x4", "--piece", "knight"],
            "drop --piece",
        ),
        (&["list", "--torus", "--board", "2x5"], "at least 3"),
        (&["count", "--torus", "--board", "5x1"], "at least 3"),
        (
            &["count", "--torus", "--board", "12x12", "--force"],
            "11 columns at most",
        ),
        (
            &["count", "--torus", "--board", "3x300", "--force"],
            "255 rows at most",
        ),
        (
            &["list", "--torus", "--board", "4x4", "--non-crossing"],
            "drop it",
        ),
        (
            &["list", "--torus", "--board", "11x11", "--classes"],
            "`count --torus --classes` counts them on bigger tori",
        ),
        (
            &["count", "--torus", "--board", "10x12", "--classes"],
            "14 at most: count the tours without --classes",
        ),
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = stderr(&o);
        assert!(
            e.starts_with("tourglyph: ") && e.contains(needle),
            "{args:?}: {e}"
        );
        assert_eq!(e.lines().count(), 1, "{e}");
    }
}

/// A 4×4 repeat of a 6×6 torus glyph (kufic: strokes half the pitch), rasterised by
/// resvg at 20 pixels a cell: at every tile border, the line crosses exactly where the
/// tour has a wrap-around edge — solid from one tile's last cell centre to the next
/// tile's first, the full stroke width, no lighter pixel at the seam (a gap) and no
/// stroke wider there (a cap) — and nowhere else. The same for the tile written as a
/// PNG (`glyph --torus --repeat 4x4 -o tile.png`).
#[test]
fn repeat_tiles_meet_exactly_at_the_seams() {
    use resvg::tiny_skia;
    let g = torus_graph(6, 6);
    let z = Zdd::build(&g, TourKind::Closed).unwrap();
    // A tour with at least two wrap edges each way (rows and columns).
    let (id, cells) = (0..z.count())
        .step_by(997)
        .map(|id| (id, z.unrank(id).unwrap().coords(&g)))
        .find(|(_, c)| {
            let pairs = torus_tour(6, 6, c);
            let rows = pairs.iter().filter(|&&(a, b)| b - a == 5).count();
            let cols = pairs.iter().filter(|&&(a, b)| b - a == 30).count();
            rows >= 2 && cols >= 2
        })
        .expect("a tour wrapping both ways");
    let pairs = torus_tour(6, 6, &cells);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tile.svg");
    let o = run(&[
        "glyph",
        "--torus",
        "--board",
        "6x6",
        "--id",
        &id.to_string(),
        "--style",
        "kufic",
        "--repeat",
        "4x4",
        "--size",
        "120mm",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let data = std::fs::read(&out).unwrap();
    assert!(
        String::from_utf8_lossy(&data).contains("stroke-linecap=\"butt\""),
        "line ends are butt"
    );
    let tree = crate::common::svg_tree(&data);
    let px = 480u32; // 24 cells of 20 pixels
    let k = px as f32 / tree.size().width();
    let mut pm = tiny_skia::Pixmap::new(px, px).unwrap();
    pm.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(k, k),
        &mut pm.as_mut(),
    );
    check_seams(&pairs, &|x, y| {
        let p = pm.pixel(x as u32, y as u32).unwrap().demultiply();
        255 - (u32::from(p.red()) + u32::from(p.green()) + u32::from(p.blue())) / 3
    });

    // The same tile as a PNG (`--format png`), 20 pixels a cell: black ink on a
    // transparent page, so the ink is the alpha channel.
    let png = dir.path().join("tile.png");
    let o = run(&[
        "glyph",
        "--torus",
        "--board",
        "6x6",
        "--id",
        &id.to_string(),
        "--style",
        "kufic",
        "--repeat",
        "4x4",
        "--size",
        "120mm",
        "--dpi",
        "101.6",
        "-o",
        png.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (480, 480));
    assert_eq!(info.color_type, png::ColorType::Rgba);
    check_seams(&pairs, &|x, y| {
        let i = (y as usize * 480 + x as usize) * 4;
        u32::from(buf[i + 3])
    });
}

/// The pixels along the seams of a 4×4 repeat of a 6×6 tile rasterised at 20 pixels a
/// cell (480 × 480), `ink(x, y)` from 0 (paper) to 255 (full ink): where the tour wraps,
/// the stroke crosses each tile border without a gap; elsewhere nothing is drawn on it;
/// no pixel near a seam is half covered (an edge inside it).
fn check_seams(pairs: &[(u32, u32)], ink: &dyn Fn(i32, i32) -> u32) {
    let dark = |x: i32, y: i32| -> bool {
        let v = ink(x, y);
        assert!(
            !(55..=195).contains(&v),
            "pixel ({x}, {y}) is grey ({v}): an edge falls inside it"
        );
        v > 195
    };
    let mut crossings = 0;
    for seam in 0..=4 {
        let s = seam * 120; // the border between tiles (or the page's edge)
        for cell in 0..24 {
            let r = (cell % 6) as u32;
            let c = 10 + 20 * cell; // the centre line of this row (column)
            let across_cols = pairs.contains(&(r * 6, r * 6 + 5)); // row r wraps
            let across_rows = pairs.contains(&(r, 30 + r)); // column r wraps
            for (wraps, horizontal) in [(across_cols, true), (across_rows, false)] {
                // Pixels within ±10 of the seam (the half cells on both sides), inside
                // the page, across the stroke's width ±4 and just outside it (±6).
                for d in -10..10 {
                    let t = s + d;
                    if !(0..480).contains(&t) {
                        continue;
                    }
                    for (off, inside) in [(-4, true), (0, true), (3, true), (-6, false), (5, false)]
                    {
                        let (x, y) = if horizontal {
                            (t, c + off)
                        } else {
                            (c + off, t)
                        };
                        let on = dark(x, y);
                        // Beyond ±5 of the seam, strokes along the cells' own centre lines
                        // may pass; only the seam band is the wrap's alone.
                        if d.abs() <= 4 {
                            assert_eq!(
                                on,
                                wraps && inside,
                                "seam {seam} ({}) at line {cell}, offset {d}/{off}",
                                if horizontal {
                                    "vertical border"
                                } else {
                                    "horizontal border"
                                }
                            );
                        } else if wraps && inside {
                            assert!(on, "gap before the seam {seam} at line {cell}, offset {d}");
                        }
                    }
                }
                crossings += u32::from(wraps);
            }
        }
    }
    assert!(crossings >= 5 * 4 * 4, "{crossings} crossings checked");
}

/// `--pattern` (the tile as an SVG `<pattern>` filling the page) draws what `--repeat`
/// draws: both rasterised by resvg at 20 pixels a cell differ in under 1 % of the pixels
/// (anti-aliasing at the pattern's tile edges), and the pattern file holds the tile once.
#[test]
fn pattern_fill_draws_the_repeat() {
    use resvg::tiny_skia;
    let dir = tempfile::tempdir().unwrap();
    let raster = |extra: &[&str], name: &str| -> (Vec<u8>, String) {
        let out = dir.path().join(name);
        let mut args = vec![
            "glyph", "--torus", "--board", "4x5", "--id", "1234", "--style", "kufic", "--repeat",
            "3x2", "--size", "100mm", "-o",
        ];
        args.push(out.to_str().unwrap());
        args.extend_from_slice(extra);
        let o = run(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        let data = std::fs::read(&out).unwrap();
        let tree = crate::common::svg_tree(&data);
        let k = 200.0 / tree.size().width(); // 10 columns of 20 pixels
        let mut pm = tiny_skia::Pixmap::new(200, 240).unwrap();
        pm.fill(tiny_skia::Color::WHITE);
        resvg::render(
            &tree,
            tiny_skia::Transform::from_scale(k, k),
            &mut pm.as_mut(),
        );
        let px = pm.pixels().iter().map(|p| p.demultiply().red()).collect();
        (px, String::from_utf8(data).unwrap())
    };
    let (a, _) = raster(&[], "r.svg");
    let (b, text) = raster(&["--pattern"], "p.svg");
    assert_eq!(text.matches("<pattern").count(), 1);
    assert!(text.contains("fill=\"url(#tile)\""));
    let dark = a.iter().filter(|&&v| v < 128).count();
    assert!(
        dark > 200 * 240 / 4,
        "the repeat is drawn ({dark} dark pixels)"
    );
    let differ = a
        .iter()
        .zip(&b)
        .filter(|(x, y)| x.abs_diff(**y) > 64)
        .count();
    assert!(
        differ * 100 < a.len(),
        "{differ} of {} pixels differ",
        a.len()
    );
}
