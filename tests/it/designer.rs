//! Issue 56 item 19: what a designer reaches for: `--corner` and `--corner-radius` flags
//! (through the key table: the server takes them too), a line on each built-in style's
//! look from `styles`, and an A6 page.

use crate::common::{arg, run, stderr, stdout};

#[test]
fn corner_flags_draw_as_the_style_keys_do() {
    let d = tempfile::tempdir().unwrap();
    let style = d.path().join("round.toml");
    std::fs::write(&style, "corner = \"round\"\ncorner_radius = 0.2\n").unwrap();
    let by_file = d.path().join("f.svg");
    let by_flag = d.path().join("g.svg");
    let plain = d.path().join("p.svg");
    let base = ["glyph", "--board", "4x4", "--id", "3"];
    let go = |extra: &[&str], out: &std::path::Path| {
        let mut a: Vec<&str> = base.to_vec();
        a.extend_from_slice(extra);
        a.extend(["-o", arg(out)]);
        let o = run(&a);
        assert!(o.status.success(), "{a:?}: {}", stderr(&o));
        std::fs::read_to_string(out).unwrap()
    };
    let f = go(&["--style", arg(&style)], &by_file);
    let g = go(&["--corner", "round", "--corner-radius", "0.2"], &by_flag);
    let p = go(&[], &plain);
    let path = |s: &str| {
        s[s.find("<path").unwrap()..]
            .split('>')
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(path(&f), path(&g), "the flags draw the keys' line");
    assert_ne!(path(&g), path(&p), "round corners are not sharp ones");
    assert!(
        g.contains("--corner round --corner-radius 0.2"),
        "the redraw command keeps them"
    );
    let o = run(&[
        "glyph",
        "--board",
        "4x4",
        "--id",
        "3",
        "--corner",
        "rond",
        "-o",
        arg(&plain),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("did you mean 'round'?"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn styles_says_what_each_looks_like() {
    let o = run(&["styles"]);
    assert!(o.status.success());
    let text = stdout(&o);
    for line in text.lines() {
        let mut words = line.split_whitespace();
        let name = words.next().unwrap();
        let rest: Vec<&str> = words.collect();
        assert!(rest.len() >= 4, "{name}: a line on its look: {line:?}");
    }
    assert!(
        text.lines()
            .any(|l| l.starts_with("kufic ") && l.contains("Kufic")),
        "{text}"
    );
}

#[test]
fn an_a6_page() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path().join("a6.svg");
    let o = run(&["render", "--board", "4x4", "--page", "a6", "-o", arg(&p)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&p).unwrap();
    assert!(
        svg.contains("width=\"105mm\"") && svg.contains("height=\"148mm\""),
        "{}",
        &svg[..300]
    );
}
