//! `--shape` on the ordinary commands (issue 30): `count`, `list`, `glyph` and `render`
//! take a shaped board in place of `--board` and give `tourglyph shape`'s numbers and
//! drawings; on a rectangle, `list --shape` gives `list --board`'s tours; `--board` and
//! `--shape` exclude each other, and what cannot apply to a shape is refused in one line
//! (exit 2).

use super::common::{file_names, run, stderr, stdout, write};
use std::path::Path;

/// Two parts: a 4x4 square (6 tours; part 0) and a 4x5 rectangle (14 tours): 84 tuples.
const TWO_PARTS: &str = "####.#####\n####.#####\n####.#####\n####.#####\n";

fn json_lines(o: &std::process::Output) -> Vec<serde_json::Value> {
    assert!(o.status.success(), "{}", stderr(o));
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn count_and_list_with_a_shape_give_the_shape_commands_numbers() {
    let d = tempfile::tempdir().unwrap();
    let two = write(d.path(), "two.txt", TWO_PARTS);
    let ring = "examples/shapes/ring.txt";
    let root = super::common::repo_root();
    let ring = root.join(ring);
    let ring = ring.to_str().unwrap();
    for f in [two.as_str(), ring] {
        let a = run(&["count", "--shape", f, "--json"]);
        let b = run(&["shape", "count", "--shape", f, "--json"]);
        assert!(a.status.success(), "{}", stderr(&a));
        assert_eq!(stdout(&a), stdout(&b));
        let a = run(&["count", "--shape", f]);
        let b = run(&["shape", "count", "--shape", f]);
        assert_eq!(stdout(&a), stdout(&b));
    }
    // Every tuple of the two parts, in ID order, as `shape tour --id` gives it.
    let lines = json_lines(&run(&["list", "--shape", &two, "--json"]));
    assert_eq!(lines.len(), 84);
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(l["id"], i as u64);
        if i % 7 == 3 {
            let t = run(&["shape", "tour", "--shape", &two, "--id", &i.to_string()]);
            let t: serde_json::Value = serde_json::from_str(&stdout(&t)).unwrap();
            assert_eq!(l["parts"], t["parts"], "ID {i}");
        }
    }
    // The selection flags pick tuple IDs.
    let ids = |args: &[&str]| -> Vec<u64> {
        let mut all = vec!["list", "--shape", two.as_str(), "--json"];
        all.extend_from_slice(args);
        json_lines(&run(&all))
            .iter()
            .map(|l| l["id"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(ids(&["--range", "10..14"]), vec![10, 11, 12, 13]);
    assert_eq!(ids(&["--range", "10..90", "--limit", "2"]), vec![10, 11]);
    assert_eq!(ids(&["--shard", "2/4"]), (21..42).collect::<Vec<_>>());
    let s = ids(&["--sample", "5", "--seed", "3"]);
    assert_eq!(s.len(), 5);
    assert!(s.iter().all(|&i| i < 84));
    assert_eq!(s, ids(&["--sample", "5", "--seed", "3"]));
    assert_ne!(s, ids(&["--sample", "5", "--seed", "4"]));
    // Text lines: the ID, then each part's cells, parts separated by '|'.
    let t = stdout(&run(&["list", "--shape", &two, "--range", "0..1"]));
    assert!(t.starts_with("0: a4 "), "{t}");
    assert_eq!(t.matches(" |").count(), 1, "{t}");
    assert_eq!(t.split_whitespace().count(), 1 + 16 + 1 + 20, "{t}");
}

#[test]
fn list_of_a_rectangle_shape_is_todays_list() {
    let d = tempfile::tempdir().unwrap();
    let sq = write(d.path(), "r.txt", &"#####\n".repeat(4));
    let today = json_lines(&run(&["list", "--board", "4x5", "--json"]));
    let shaped = json_lines(&run(&["list", "--shape", &sq, "--json"]));
    assert_eq!(today.len(), shaped.len());
    assert_eq!(today.len(), 14);
    for (t, s) in today.iter().zip(&shaped) {
        assert_eq!(t["id"], s["id"]);
        assert_eq!(s["parts"].as_array().unwrap().len(), 1);
        assert_eq!(t["cells"], s["parts"][0]);
    }
}

#[test]
fn glyph_and_render_with_a_shape() {
    let d = tempfile::tempdir().unwrap();
    let two = write(d.path(), "two.txt", TWO_PARTS);
    let p = |n: &str| d.path().join(n).to_str().unwrap().to_string();
    // glyph --shape draws what `shape glyph` draws, byte for byte.
    for pick in [vec!["--id", "41"], vec!["--random", "--seed", "5"]] {
        let mut a = vec!["glyph", "--shape", two.as_str(), "-o"];
        let out_a = p("a.svg");
        a.push(&out_a);
        a.extend_from_slice(&pick);
        let mut b = vec!["shape", "glyph", "--shape", two.as_str(), "-o"];
        let out_b = p("b.svg");
        b.push(&out_b);
        b.extend_from_slice(&pick);
        let oa = run(&a);
        assert!(oa.status.success(), "{}", stderr(&oa));
        assert!(stderr(&oa).contains("method exact"), "{}", stderr(&oa));
        assert!(run(&b).status.success());
        assert_eq!(
            std::fs::read(&out_a).unwrap(),
            std::fs::read(&out_b).unwrap()
        );
    }
    // --shape-text: the word's tree tour, as `shape glyph --shape-text` draws it.
    let a = run(&[
        "glyph",
        "--shape-text",
        "كوفي",
        "--random",
        "-o",
        &p("k1.svg"),
    ]);
    assert!(a.status.success(), "{}", stderr(&a));
    assert!(stderr(&a).contains("method tree"), "{}", stderr(&a));
    let b = run(&[
        "shape",
        "glyph",
        "--shape-text",
        "كوفي",
        "--random",
        "-o",
        &p("k2.svg"),
    ]);
    assert!(b.status.success());
    assert_eq!(
        std::fs::read(p("k1.svg")).unwrap(),
        std::fs::read(p("k2.svg")).unwrap()
    );
    // A sheet: one glyph a selected tuple, each labelled with its ID, and the same bytes
    // on a second run.
    let o = run(&[
        "render",
        "--shape",
        &two,
        "--range",
        "3..15",
        "-o",
        &p("s.svg"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(p("s.svg")).unwrap();
    for id in 3..15 {
        assert!(svg.contains(&format!("id=\"tour-{id}\"")), "tour-{id}");
    }
    assert!(!svg.contains("id=\"tour-15\""));
    super::common::svg_tree(svg.as_bytes());
    let o = run(&[
        "render",
        "--shape",
        &two,
        "--range",
        "3..15",
        "-o",
        &p("s2.svg"),
    ]);
    assert!(o.status.success());
    assert_eq!(svg, std::fs::read_to_string(p("s2.svg")).unwrap());
    // All 84 on PDF pages; a sample on a PNG.
    let o = run(&[
        "render",
        "--shape",
        &two,
        "-o",
        &p("all.pdf"),
        "--style",
        "kufic",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read(p("all.pdf")).unwrap().starts_with(b"%PDF"));
    let o = run(&[
        "render",
        "--shape",
        &two,
        "--sample",
        "6",
        "-o",
        &p("s.png"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read(p("s.png")).unwrap().starts_with(b"\x89PNG"));
    // A sample of a shape too wide for the diagrams, in 2x2 blocks: tree tours, one a
    // seed, the tour `shape tour --random --seed S` gives.
    let heart = super::common::repo_root().join("examples/shapes/heart.svg");
    let heart = heart.to_str().unwrap();
    let src = ["--shape", heart, "--shape-board", "40x40", "--blocks"];
    let mut args = vec!["render", "--sample", "3", "--seed", "7", "-o"];
    let out = p("hearts.svg");
    args.push(&out);
    args.extend_from_slice(&src);
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&out).unwrap();
    for seed in 7..10 {
        assert!(svg.contains(&format!(", seed {seed}<")), "seed {seed}");
    }
    assert!(svg.contains("not uniform"));
    let mut one = vec!["glyph", "--random", "--seed", "8", "-o"];
    let g = p("h8.svg");
    one.push(&g);
    one.extend_from_slice(&src);
    let o = run(&one);
    assert!(stderr(&o).contains("method tree"), "{}", stderr(&o));
}

#[test]
fn board_and_shape_exclude_each_other_and_refusals_are_one_line() {
    let d = tempfile::tempdir().unwrap();
    let two = write(d.path(), "two.txt", TWO_PARTS);
    let out = d.path().join("x.svg");
    let out = out.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["count", "--board", "4x4", "--shape", &two],
            "cannot be used with",
        ),
        (
            vec![
                "glyph", "--board", "4x4", "--shape", &two, "--id", "0", "-o", out,
            ],
            "cannot be used with",
        ),
        (vec!["count"], "--board"),
        (
            vec!["list", "--shape", &two, "--classes"],
            "--classes does not apply to a shaped board",
        ),
        (
            vec!["list", "--shape", &two, "--open"],
            "--open does not apply to a shaped board",
        ),
        (
            vec!["count", "--shape", &two, "--modulus", "7"],
            "drop them with --shape",
        ),
        (
            vec!["render", "--shape", &two, "--split-layers", "-o", out],
            "--split-layers does not apply",
        ),
        (
            vec!["glyph", "--shape", &two, "--torus", "--id", "0", "-o", out],
            "--torus does not apply",
        ),
        (
            vec![
                "glyph",
                "--shape",
                &two,
                "--id",
                "0",
                "--animate",
                "-o",
                out,
            ],
            "--animate does not apply",
        ),
        (
            vec!["count", "--board", "4x4", "--blocks"],
            "--blocks and --threshold take a shape",
        ),
        (
            vec!["find", "--shape", &two, "--start", "a1"],
            "--start does not apply to a shaped board",
        ),
        (
            vec!["font", "--shape", &two, "--range", "90..99", "-o", "f.ttf"],
            "nothing to put in a font",
        ),
        (vec!["count", "--shape-grid", "##\\n#x"], "x"),
        (
            vec!["render", "--shape", &two, "--range", "90..99", "-o", out],
            "nothing to draw",
        ),
    ];
    for (args, want) in cases {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let e = stderr(&o);
        assert!(e.contains(want), "{args:?}: {e}");
        if !want.contains("cannot be used") && want != "--board" {
            assert_eq!(e.lines().count(), 1, "{args:?}: {e}");
        }
    }
    assert!(!Path::new(out).exists());
}

/// `font`, `render --split` and `find` take a shape too, and a grid typed in with
/// `--shape-grid` is the grid of a file: one glyph per tuple in the font, its map giving
/// the tuple's parts as `list --shape` does; one file per tuple, each the bytes of
/// `glyph --shape --id`; one tour per part from `find`, as `shape tour --random` draws it.
#[test]
fn font_split_and_find_take_a_shape() {
    let d = tempfile::tempdir().unwrap();
    let two = write(d.path(), "two.txt", TWO_PARTS);
    // A grid typed in gives the file's answers, on every command.
    let grid = TWO_PARTS.trim_end();
    for args in [
        vec!["count", "--json"],
        vec!["list", "--json", "--range", "5..9"],
        vec!["glyph", "--id", "7", "--style", "kufic", "-o", "-"],
    ] {
        let mut a = args.clone();
        a.extend(["--shape", &two]);
        let mut b = args.clone();
        b.extend(["--shape-grid", grid]);
        let (a, b) = (run(&a), run(&b));
        assert!(
            a.status.success() && b.status.success(),
            "{args:?}: {}",
            stderr(&b)
        );
        assert!(
            a.stdout == b.stdout,
            "{args:?}: --shape-grid is not --shape"
        );
    }
    // The font: three glyphs, the map's parts those of `list`.
    let ttf = d.path().join("t.ttf");
    let o = run(&[
        "font",
        "--shape",
        &two,
        "--range",
        "3..6",
        "-o",
        ttf.to_str().unwrap(),
        "-q",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::metadata(&ttf).unwrap().len() > 500);
    let map: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.path().join("t.json")).unwrap()).unwrap();
    let listed = json_lines(&run(&[
        "list", "--shape", &two, "--json", "--range", "3..6",
    ]));
    let map = map.as_array().unwrap();
    assert_eq!(map.len(), 3);
    for (m, l) in map.iter().zip(&listed) {
        assert_eq!(m["id"], l["id"]);
        assert_eq!(m["parts"], l["parts"]);
    }
    assert_eq!(map[0]["glyph"], "shape_4x10_3");
    assert_eq!(map[2]["codepoint"], "U+E002");
    // The split: one file per tuple, each `glyph --shape --id`'s bytes.
    let dir = d.path().join("split");
    let o = run(&[
        "render",
        "--shape",
        &two,
        "--split",
        "--range",
        "8..11",
        "--style",
        "kufic",
        "--mkdir",
        "-o",
        dir.to_str().unwrap(),
        "-q",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let names = file_names(&dir);
    assert_eq!(
        names,
        [
            "rook-shape-4x10-08.svg",
            "rook-shape-4x10-09.svg",
            "rook-shape-4x10-10.svg"
        ]
    );
    for (id, name) in [8, 9, 10].iter().zip(&names) {
        let g = run(&[
            "glyph",
            "--shape",
            &two,
            "--id",
            &id.to_string(),
            "--style",
            "kufic",
            "-o",
            "-",
        ]);
        assert!(
            std::fs::read(dir.join(name)).unwrap() == g.stdout,
            "{name} is not glyph --id {id}"
        );
    }
    // find: a closed tour of each part, the tour `shape tour --random --seed S` gives.
    for seed in ["0", "5"] {
        let f = run(&[
            "find", "--shape", &two, "--piece", "rook", "--json", "--seed", seed,
        ]);
        let t = run(&[
            "shape", "tour", "--shape", &two, "--random", "--seed", seed, "-q",
        ]);
        assert!(f.status.success(), "{}", stderr(&f));
        assert_eq!(stdout(&f), stdout(&t));
        let v: serde_json::Value = serde_json::from_str(&stdout(&f)).unwrap();
        let parts = v["parts"].as_array().unwrap();
        assert_eq!(parts.len(), 2);
        assert_eq!(
            parts[0].as_array().unwrap().len() + parts[1].as_array().unwrap().len(),
            36
        );
    }
    let f = stdout(&run(&["find", "--shape", &two, "--piece", "rook"]));
    assert_eq!(f.matches(" | ").count(), 1, "{f}");
    assert_eq!(f.split_whitespace().count(), 36 + 1, "{f}");
}
