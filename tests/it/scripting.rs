//! What scripts read (issue 56, items 10, 11 and 22): stdout holds the answer alone
//! (a count is a bare number whatever selects the board), JSON counts come as strings
//! too (exact past 2^53), `--plan-moduli --json` is JSON, and a gallery's messages say
//! what is wrong and where to read more.

use crate::common::{run, stderr, stdout};
use serde_json::Value;

#[test]
fn a_shape_count_prints_the_bare_number_on_stdout_and_its_sentence_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let ring = dir.path().join("ring.txt");
    std::fs::write(&ring, "####\n#..#\n#..#\n####\n").unwrap();
    let ring = ring.to_str().unwrap();
    for args in [
        &["count", "--shape", ring][..],
        &["shape", "count", "--shape", ring][..],
    ] {
        let o = run(args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        let out = stdout(&o);
        // One line, a number: as `count --board 6x6` prints.
        assert_eq!(out.lines().count(), 1, "{args:?}: {out:?}");
        assert!(
            out.trim().chars().all(|c| c.is_ascii_digit()),
            "{args:?}: {out:?}"
        );
        assert!(
            stderr(&o).contains("tour tuple"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
    let board = run(&["count", "--board", "6x6"]);
    assert_eq!(stdout(&board), "1072\n");
}

/// The 12×12 count, past 2^53: `count --json` carries it as a string too, digit for
/// digit, and so does a combined residue count.
#[test]
fn json_counts_are_exact_strings_too() {
    let o = run(&["count", "--board", "12x12", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["tours_text"], "1076226888605605706", "{v}");
    // A reader of doubles loses the last digits of the number; the string keeps them.
    assert_ne!(
        v["tours"].as_f64().unwrap() as u128,
        1_076_226_888_605_605_706u128
    );
    let o = run(&["count", "--board", "6x6", "--classes", "--json"]);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        (v["tours_text"].as_str(), v["classes_text"].as_str()),
        (Some("1072"), Some("149")),
        "{v}"
    );
    let o = run(&["count", "--board", "6x6", "--symmetry", "rot180", "--json"]);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["symmetric_text"], "28", "{v}");
}

#[test]
fn plan_moduli_json_is_json() {
    let o = run(&["count", "--board", "14x14", "--plan-moduli", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o))
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(&o)));
    let text = stdout(&run(&["count", "--board", "14x14", "--plan-moduli"]));
    let moduli: Vec<&str> = v["moduli"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(moduli, text.lines().collect::<Vec<_>>());
    assert_eq!(
        (v["board"].as_str(), v["torus"].as_bool()),
        (Some("14x14"), Some(false))
    );
}

#[test]
fn a_broken_manifest_says_what_is_wrong_and_an_empty_folder_points_to_the_guide() {
    let dir = tempfile::tempdir().unwrap();
    let g = dir.path().join("g");
    std::fs::create_dir(&g).unwrap();
    std::fs::write(
        g.join("x.toml"),
        "title = \"T\"\nboard = \"4x4\"\nlimit = [1,\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let o = run(&[
        "gallery",
        g.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = stderr(&o);
    assert!(!o.status.success(), "{err}");
    let first = err.lines().next().unwrap();
    assert!(first.contains("x.toml:3"), "{err}");
    assert!(first.contains("unclosed array"), "{err}");
    assert!(!first.contains("key ']'"), "{err}");
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let o = run(&["gallery", empty.to_str().unwrap()]);
    let err = stderr(&o);
    assert!(!err.contains("README"), "{err}");
    assert!(
        err.contains("docs/guide.md") && err.contains("Galleries"),
        "{err}"
    );
}

/// The explorer shows counts from their string fields, thousands separated on the digits
/// as written: 12×12's count digit for digit (node runs the page's own `grouped`), and no
/// count read from a JSON number for display.
#[test]
fn the_explorer_shows_counts_past_2_to_the_53_exactly() {
    let js =
        std::fs::read_to_string(crate::common::repo_root().join("templates/explorer/explorer.js"))
            .unwrap();
    for double in ["${c.tours}", "${c.symmetric}", "${c.classes}", "${c.count}"] {
        assert!(!js.contains(double), "explorer.js shows {double}, a double");
    }
    let start = js
        .find("function grouped(")
        .expect("explorer.js has grouped()");
    let end = start + js[start..].find('\n').unwrap();
    let script = format!(
        "{}\nconsole.log(grouped(\"1076226888605605706\"));",
        &js[start..end]
    );
    if let Some(o) = crate::common::tool("node", &["-e", &script], "the static checks above") {
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o).trim(), "1,076,226,888,605,605,706");
    }
}
