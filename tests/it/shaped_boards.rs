//! Shaped boards (issue 30): `tourglyph shape` on text grids and pictures, against the
//! rectangle commands, the provable refusals by the binary, and tree tours checked on
//! their JSON cells.

use super::common::{arg, run, stderr, stdout, tmp, write};

/// Each part of the tour JSON one closed rook tour, the parts covering `cells` cells
/// once each; returns the number of parts.
fn check_tour_json(json: &str, cells: usize) -> usize {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    let parts = v["parts"].as_array().unwrap();
    for p in parts {
        let p: Vec<(i64, i64)> = p
            .as_array()
            .unwrap()
            .iter()
            .map(|rc| (rc[0].as_i64().unwrap(), rc[1].as_i64().unwrap()))
            .collect();
        assert!(p.len() >= 4);
        for (i, &(r, c)) in p.iter().enumerate() {
            let (r2, c2) = p[(i + 1) % p.len()];
            assert_eq!((r - r2).abs() + (c - c2).abs(), 1, "a rook step");
            assert!(seen.insert((r, c)), "({r},{c}) twice");
        }
    }
    assert_eq!(seen.len(), cells);
    parts.len()
}

#[test]
fn the_rectangle_as_a_shape_gives_todays_count_and_tours() {
    let d = tmp();
    let sq = write(d.path(), "sq.txt", &"######\n".repeat(6));
    let o = run(&["shape", "count", "--shape", &sq, "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let today = run(&["count", "--board", "6x6", "--json"]);
    let count: serde_json::Value = serde_json::from_str(&stdout(&today)).unwrap();
    let shaped: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        shaped["count"].as_str().unwrap(),
        count["tours"].to_string().trim_matches('"')
    );
    for id in ["0", "517", "1071"] {
        let t = run(&["shape", "tour", "--shape", &sq, "--id", id]);
        let l = run(&[
            "list",
            "--board",
            "6x6",
            "--json",
            "--range",
            &format!("{id}..{}", id.parse::<u32>().unwrap() + 1),
        ]);
        let t: serde_json::Value = serde_json::from_str(&stdout(&t)).unwrap();
        let l: serde_json::Value = serde_json::from_str(&stdout(&l)).unwrap();
        assert_eq!(t["parts"][0], l["cells"], "ID {id}");
        assert_eq!(t["method"], "exact");
    }
}

#[test]
fn refusals_name_the_part_and_the_cell() {
    let d = tmp();
    let cases = [
        // A second part with a dead end at a1.
        (
            "deg.txt",
            "##..\n##..\n....\n###.\n",
            "part 2 has no closed rook tour: cell a1 has 1 move(s)",
        ),
        // Two squares joined at one cell.
        (
            "cut.txt",
            "##...\n###..\n..###\n...##\n",
            "part 1 has no closed rook tour: cell b3 is a cut vertex",
        ),
        // 3x3: five cells of one colour, four of the other.
        (
            "col.txt",
            "###\n###\n###\n",
            "part 1 has no closed rook tour: it has 5 cells of one colour and 4 of the other (the first, a3,",
        ),
    ];
    for (name, text, want) in cases {
        let p = write(d.path(), name, text);
        for cmd in [
            vec!["shape", "count", "--shape", &p],
            vec!["shape", "glyph", "--shape", &p, "--random", "-o", "-"],
        ] {
            let o = run(&cmd);
            assert_eq!(o.status.code(), Some(1), "{name}");
            let e = stderr(&o);
            assert!(e.starts_with(&format!("tourglyph: {want}")), "{name}: {e}");
            assert_eq!(e.lines().count(), 1, "{e}");
        }
    }
}

#[test]
fn tree_tours_on_a_picture_are_valid_and_reproducible() {
    let d = tmp();
    let svg = write(
        d.path(),
        "ring.svg",
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle cx="50" cy="50" r="45" fill="none" stroke="black" stroke-width="20"/><rect x="0" y="0" width="8" height="8"/></svg>"#,
    );
    let args = |seed: &str| -> Vec<String> {
        [
            "shape", "tour", "--shape", &svg, "--board", "200x200", "--blocks", "--random",
            "--seed", seed,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    };
    let a = run(&args("5").iter().map(String::as_str).collect::<Vec<_>>());
    assert!(a.status.success(), "{}", stderr(&a));
    assert!(stderr(&a).contains("method tree"), "{}", stderr(&a));
    let json = stdout(&a);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["method"], "tree");
    let cells: usize = v["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_array().unwrap().len())
        .sum();
    assert!(cells > 10_000, "{cells}");
    // The ring and the corner square: two parts.
    assert_eq!(check_tour_json(&json, cells), 2);
    let b = run(&args("5").iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(stdout(&b), json);
    let c = run(&args("6").iter().map(String::as_str).collect::<Vec<_>>());
    assert_ne!(stdout(&c), json);
}

#[test]
fn glyphs_follow_the_shape_and_repeat_byte_for_byte() {
    let d = tmp();
    let two = write(
        d.path(),
        "two.txt",
        "####.####\n####.####\n####.####\n####.####\n",
    );
    let out = d.path().join("g.svg");
    let go = || {
        let o = run(&[
            "shape",
            "glyph",
            "--shape",
            &two,
            "--id",
            "20",
            "--style",
            "kufic",
            "-o",
            arg(&out),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        std::fs::read(&out).unwrap()
    };
    let a = go();
    assert_eq!(a, go());
    let svg = String::from_utf8(a).unwrap();
    // Two parts, two closed lines; ID 20 = (3, 2) in mixed radix over 6 × 6.
    assert!(svg.contains("ID 20"), "{svg}");
    let tree = super::common::svg_tree(svg.as_bytes());
    assert!(tree.root().has_children());
    let t = run(&["shape", "tour", "--shape", &two, "--id", "20"]);
    let p3 = run(&[
        "shape",
        "tour",
        "--shape",
        &write(d.path(), "one.txt", "####\n####\n####\n####\n"),
        "--id",
        "3",
    ]);
    let t: serde_json::Value = serde_json::from_str(&stdout(&t)).unwrap();
    let p3: serde_json::Value = serde_json::from_str(&stdout(&p3)).unwrap();
    assert_eq!(t["parts"][0], p3["parts"][0]);
}

#[test]
fn bad_shapes_are_usage_errors() {
    let d = tmp();
    let bad = write(d.path(), "bad.txt", "##\n#x\n");
    let svg = write(
        d.path(),
        "s.svg",
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#,
    );
    let odd = write(d.path(), "odd.txt", "###\n###\n###\n###\n");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["shape", "count", "--shape", &bad],
            "line 2, column 2: 'x' is neither '#'",
        ),
        (
            vec!["shape", "count", "--shape", &svg],
            "needs --board ROWSxCOLS",
        ),
        (
            vec!["shape", "count", "--shape", &odd, "--board", "4x4"],
            "drop --board",
        ),
        (
            vec![
                "shape", "tour", "--shape", &odd, "--random", "--method", "walk",
            ],
            "unknown --method 'walk'",
        ),
        (
            vec![
                "shape", "tour", "--shape", &odd, "--random", "--method", "tree",
            ],
            "needs a shape made of 2x2 blocks",
        ),
        (
            vec![
                "shape",
                "count",
                "--shape",
                &svg,
                "--board",
                "4x4",
                "--threshold",
                "2",
            ],
            "bad --threshold 2",
        ),
    ];
    for (args, want) in cases {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(want), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o).lines().count(), 1);
    }
    // The same 4x3 grid in blocks is 8x6, made of blocks: the tree method draws it.
    let o = run(&[
        "shape", "tour", "--shape", &odd, "--blocks", "--random", "--method", "tree",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(check_tour_json(&stdout(&o), 48), 1);
}

/// Each part of a tour JSON a closed tour of leaps {dr, dc} = {a, b}; all parts together
/// cover `cells` cells once each.
fn check_leaper_json(json: &str, a: i64, b: i64, cells: usize) {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for p in v["parts"].as_array().unwrap() {
        let p: Vec<(i64, i64)> = p
            .as_array()
            .unwrap()
            .iter()
            .map(|rc| (rc[0].as_i64().unwrap(), rc[1].as_i64().unwrap()))
            .collect();
        for (i, &(r, c)) in p.iter().enumerate() {
            let (r2, c2) = p[(i + 1) % p.len()];
            let mut d = [(r - r2).abs(), (c - c2).abs()];
            d.sort();
            assert_eq!(
                d,
                [a.min(b), a.max(b)],
                "({r},{c}) to ({r2},{c2}) is no leap"
            );
            assert!(seen.insert((r, c)), "({r},{c}) twice");
        }
    }
    assert_eq!(seen.len(), cells);
}

#[test]
fn chain_tours_are_valid_reproducible_and_leave_the_tree() {
    let d = tmp();
    // A 40x40 square ring (a hole in the middle), each character a 2x2 block: 80x80 cells.
    let mut grid = String::new();
    for r in 0..40 {
        let line: String = (0..40)
            .map(|c| {
                if (10..30).contains(&r) && (10..30).contains(&c) {
                    '.'
                } else {
                    '#'
                }
            })
            .collect();
        grid.push_str(&line);
        grid.push('\n');
    }
    let ring = write(d.path(), "ring.txt", &grid);
    let cells = 4 * (40 * 40 - 20 * 20);
    let tour = |method: &str, seed: &str| {
        let o = run(&[
            "shape", "tour", "--shape", &ring, "--blocks", "--random", "--seed", seed, "--method",
            method,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        o
    };
    let a = tour("chain", "4");
    assert!(stderr(&a).contains("method chain ("), "{}", stderr(&a));
    let json = stdout(&a);
    assert_eq!(check_tour_json(&json, cells), 1);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["method"], "chain");
    assert_eq!(v["steps"].as_u64(), Some(20 * cells as u64));
    let accepted = v["accepted"].as_u64().unwrap();
    assert!(accepted > cells as u64 / 10, "{accepted} moves accepted");
    // The same seed gives the same tour; the chain moved far from the tree's tour.
    assert_eq!(stdout(&tour("chain", "4")), json);
    let tree = stdout(&tour("tree", "4"));
    let edges = |j: &str| -> std::collections::BTreeSet<((i64, i64), (i64, i64))> {
        let v: serde_json::Value = serde_json::from_str(j).unwrap();
        let p: Vec<(i64, i64)> = v["parts"][0]
            .as_array()
            .unwrap()
            .iter()
            .map(|rc| (rc[0].as_i64().unwrap(), rc[1].as_i64().unwrap()))
            .collect();
        (0..p.len())
            .map(|i| {
                let (x, y) = (p[i], p[(i + 1) % p.len()]);
                (x.min(y), x.max(y))
            })
            .collect()
    };
    let kept = edges(&json).intersection(&edges(&tree)).count();
    assert!(kept < cells * 4 / 5, "{kept} of {cells} tree edges kept");
    // Knights on a small rectangle as a shape: the chain starts from the exact tour.
    let sq = write(d.path(), "sq.txt", &"######\n".repeat(6));
    let o = run(&[
        "shape", "tour", "--shape", &sq, "--piece", "knight", "--random", "--seed", "2",
        "--method", "chain", "--steps", "3000",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    check_leaper_json(&stdout(&o), 1, 2, 36);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["id"], serde_json::Value::Null, "a chain's tour has no ID");
    assert_eq!(v["steps"].as_u64(), Some(3000));
    // --steps belongs to the chain.
    let o = run(&["shape", "tour", "--shape", &sq, "--random", "--steps", "5"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("add --method chain"), "{}", stderr(&o));
}

#[test]
fn a_word_set_in_the_fonts_is_filled_with_tours() {
    // The issue's word at 24 rows a line, in 2x2 blocks (the default for text): every
    // part (letters and dots) one closed rook tour, the parts covering every cell.
    let o = run(&[
        "shape",
        "tour",
        "--shape-text",
        "كوفي",
        "--cell-height",
        "24",
        "--random",
        "--seed",
        "1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json = stdout(&o);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["method"], "tree");
    let board = v["board"].as_str().unwrap();
    assert!(board.starts_with("24x"), "{board}");
    let cells: usize = v["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_array().unwrap().len())
        .sum();
    let parts = check_tour_json(&json, cells);
    // Two joined groups (كو and في) and the dots of ف and ي: more than two parts.
    assert!(parts > 2, "{parts} parts");
    // Two lines at half the height take at most the same rows, about half the columns.
    let o2 = run(&[
        "shape",
        "tour",
        "--shape-text",
        "كوفي\\nكوفي",
        "--cell-height",
        "12",
        "--random",
    ]);
    assert!(o2.status.success(), "{}", stderr(&o2));
    let v2: serde_json::Value = serde_json::from_str(&stdout(&o2)).unwrap();
    let b2 = v2["board"].as_str().unwrap();
    let cols = |b: &str| b.split('x').nth(1).unwrap().parse::<f64>().unwrap();
    // (Sampling may leave the last rows empty, and the shape's board ends at its ink.)
    let rows2: u32 = b2.split('x').next().unwrap().parse().unwrap();
    assert!((14..=24).contains(&rows2), "{b2}");
    let ratio = cols(b2) / cols(board);
    assert!((0.4..0.6).contains(&ratio), "{b2} against {board}");
    // --board belongs to pictures, --cell-height to text.
    let o = run(&[
        "shape",
        "tour",
        "--shape-text",
        "a",
        "--board",
        "4x4",
        "--random",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("drop --board"), "{}", stderr(&o));
}
