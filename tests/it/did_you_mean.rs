//! Issue 56 item 14: a mistyped name gets the nearest valid one ("did you mean"), at
//! every look-up: flags, styles, style keys, pieces, formats, page sizes, symmetries,
//! G-code profiles, `--color-by` and the like, shape methods and gallery keys (the
//! server's parameters: `serve::params`'s unit tests).

use crate::common::{arg, run, stderr};

/// `args` is refused (exit 2, one line) and the line suggests `near`.
fn suggests(args: &[&str], near: &str) {
    let o = run(args);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {e}");
    assert_eq!(e.trim_end().lines().count(), 1, "{args:?}: one line: {e}");
    assert!(
        e.contains(&format!("did you mean '{near}'?")),
        "{args:?}: no suggestion of {near}: {e}"
    );
}

#[test]
fn mistyped_names_get_the_nearest() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("x.svg");
    let o = arg(&out);
    suggests(
        &[
            "glyph", "--board", "4x4", "--id", "0", "--styel", "diagram", "-o", o,
        ],
        "--style",
    );
    suggests(
        &[
            "glyph", "--board", "4x4", "--id", "0", "--style", "kufik", "-o", o,
        ],
        "kufic",
    );
    suggests(&["styles", "kufik"], "kufic");
    suggests(&["count", "--board", "6x6", "--piece", "knigth"], "knight");
    suggests(
        &["render", "--board", "4x4", "--format", "pnj", "-o", o],
        "png",
    );
    suggests(
        &["render", "--board", "4x4", "--page", "a44", "-o", o],
        "a4",
    );
    suggests(
        &["count", "--board", "6x6", "--symmetry", "rot18"],
        "rot180",
    );
    suggests(
        &["render", "--board", "4x4", "--color-by", "orbt", "-o", o],
        "orbit",
    );
    suggests(
        &["render", "--board", "4x4", "--join", "rund", "-o", o],
        "round",
    );
    suggests(&["cuont", "--board", "4x4"], "count");
    let style = d.path().join("s.toml");
    std::fs::write(&style, "stroke_widht = 0.2\n").unwrap();
    suggests(
        &[
            "glyph",
            "--board",
            "4x4",
            "--id",
            "0",
            "--style",
            arg(&style),
            "-o",
            o,
        ],
        "stroke_width",
    );
    let e = stderr(&run(&[
        "glyph",
        "--board",
        "4x4",
        "--id",
        "0",
        "--style",
        arg(&style),
        "-o",
        o,
    ]));
    assert!(
        !e.contains("the keys are"),
        "the nearest key, not all of them: {e}"
    );
}

#[test]
fn a_mistyped_gallery_key_gets_the_nearest() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(
        d.path().join("y.toml"),
        "title = \"Y\"\nboard = \"4x4\"\nlimt = 3\n",
    )
    .unwrap();
    let out = d.path().join("out");
    let o = run(&["gallery", arg(d.path()), "--out", arg(&out)]);
    let e = stderr(&o);
    assert!(e.contains("y.toml:3: key 'limt'"), "{e}");
    assert!(e.contains("did you mean 'limit'?"), "{e}");
}
