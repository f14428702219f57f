//! Bad input through the binary: malformed, huge, empty, Unicode, negative, overflowing
//! and contradictory. Each case must exit with its status, print exactly one line on
//! stderr starting `tourglyph: ` (no panic, no backtrace) and leave no file behind.
//!
//! The whole table, with each message, is the golden file `tests/golden/bad-inputs.md`
//! (regenerate with `UPDATE_GOLDEN=1`): a changed message shows up as a diff there.

use super::common::bin;
use std::process::Command;

/// (arguments, expected exit status). Outputs are relative: each case runs in an empty
/// temporary folder.
const CASES: &[(&[&str], i32)] = &[
    (&["count", "--board", "0x6"], 2),
    (&["count", "--board", ""], 2),
    (&["count", "--board", "6x"], 2),
    (&["count", "--board=-6x6"], 2),
    (&["count", "--board", "99999999999x6"], 2),
    (&["count", "--board", "6x6x6"], 2),
    (&["count", "--board", "６x６"], 2),
    (&["count", "--board", "🂡x6"], 2),
    (&["count"], 2),
    (&["count", "--board", "6x6", "--json", "--json"], 2),
    (&["count", "--board", "40x40"], 2),
    (&["count", "--board", "20x30"], 2),
    (&["count", "--board", "18x18", "--max-memory", "10M"], 1),
    (&["count", "--board", "6x6", "--max-memory", "lots"], 2),
    (&["count", "--board", "6x6", "--max-memory", "-1G"], 2),
    (&["count", "--piece", "bishop", "--board", "6x6"], 2),
    (&["count", "--piece", "leaper:-1,2", "--board", "6x6"], 2),
    (&["count", "--piece", "leaper:0,0", "--board", "6x6"], 2),
    (
        &["count", "--piece", "leaper:99999999999,1", "--board", "6x6"],
        2,
    ),
    (
        &[
            "count",
            "--piece",
            "knight",
            "--board",
            "8x8",
            "--max-memory",
            "100M",
        ],
        1,
    ),
    (&["list", "--board", "6x6", "--range", "5..2"], 2),
    (
        &[
            "list",
            "--board",
            "6x6",
            "--range",
            "0..999999999999999999999999999999999999999999",
        ],
        2,
    ),
    (&["list", "--board", "6x6", "--range", ""], 2),
    (&["list", "--board", "6x6", "--shard", "0/4"], 2),
    (&["list", "--board", "6x6", "--shard", "5/4"], 2),
    (
        &[
            "list", "--board", "6x6", "--range", "0..3", "--shard", "1/2",
        ],
        2,
    ),
    (
        &["list", "--board", "6x6", "--sample", "1000000000000000000"],
        2,
    ),
    (
        &["list", "--board", "6x6", "--sample", "5", "--non-crossing"],
        2,
    ),
    (&["list", "--board", "6x6", "--limit", "-1"], 2),
    (&["list", "--board", "12x12"], 2),
    (&["render", "--board", "6x6", "-o", "x.docx"], 2),
    (
        &["render", "--board", "6x6", "--format", "docx", "-o", "x"],
        2,
    ),
    (&["render", "--board", "6x6", "-o", ""], 2),
    (
        &["render", "--board", "4x4", "--title", "漢字", "-o", "x.pdf"],
        2,
    ),
    (
        &[
            "render", "--board", "4x4", "--title", "a\u{7}b", "-o", "x.svg",
        ],
        2,
    ),
    (
        &[
            "render", "--board", "4x4", "--title", "\u{9b}", "-o", "x.ps",
        ],
        2,
    ),
    (
        &[
            "render",
            "--board",
            "4x4",
            "--font",
            "nofont.ttf",
            "-o",
            "x.pdf",
        ],
        1,
    ),
    (&["render", "--board", "6x6", "-o", "no/such/dir/x.pdf"], 1),
    (
        &["render", "--board", "6x6", "--page", "0x0mm", "-o", "x.pdf"],
        2,
    ),
    (
        &[
            "render",
            "--board",
            "6x6",
            "--page",
            "99999x99999mm",
            "-o",
            "x.pdf",
        ],
        2,
    ),
    (
        &["render", "--board", "6x6", "--columns", "0", "-o", "x.pdf"],
        2,
    ),
    (
        &[
            "render",
            "--board",
            "6x6",
            "--columns",
            "4000000000",
            "-o",
            "x.pdf",
        ],
        2,
    ),
    (
        &[
            "render", "--board", "6x6", "--style", "gothic", "-o", "x.pdf",
        ],
        2,
    ),
    (
        &[
            "render",
            "--board",
            "6x6",
            "--style",
            "no/such.toml",
            "-o",
            "x.pdf",
        ],
        1,
    ),
    (&["render", "--board", "8x8", "-o", "x.svg"], 2),
    (
        &[
            "render", "--board", "6x6", "--page", "poster", "--limit", "0", "-o", "x.pdf",
        ],
        2,
    ),
    (&["glyph", "--board", "6x6", "--id", "-1", "-o", "g.svg"], 2),
    (
        &["glyph", "--board", "6x6", "--id", "1072", "-o", "g.svg"],
        2,
    ),
    (
        &[
            "glyph",
            "--board",
            "6x6",
            "--id",
            "99999999999999999999999999999999999999999",
            "-o",
            "g.svg",
        ],
        2,
    ),
    (
        &[
            "glyph", "--board", "3x4", "--tour", "a1 a2 z9", "-o", "g.svg",
        ],
        2,
    ),
    (
        &["glyph", "--board", "3x4", "--tour", "a1 b1", "-o", "g.svg"],
        2,
    ),
    (
        &[
            "glyph",
            "--board",
            "100000x100000",
            "--tour",
            "a1",
            "-o",
            "g.svg",
        ],
        2,
    ),
    (&["glyph", "--board", "6x6", "-o", "g.svg"], 2),
    (
        &[
            "glyph", "--board", "6x6", "--id", "3", "--size", "1e308in", "-o", "g.svg",
        ],
        2,
    ),
    (
        &[
            "glyph",
            "--board",
            "12x12",
            "--id",
            "0",
            "--max-memory",
            "10M",
            "-o",
            "g.svg",
        ],
        1,
    ),
    (&["find", "--board", "100000x100000"], 2),
    (&["find", "--board", "5x5", "--closed"], 1),
    (&["find", "--board", "8x8", "--start", "z99"], 2),
    (&["find", "--board", "8x8", "--start", "é4"], 2),
    (&["slide", "--board", "17x17"], 2),
    (&["slide", "--board", "6x8"], 2),
    (&["slide", "--board", "8x8", "--from", "a1 a1 a1 a1"], 2),
    (
        &[
            "render",
            "--board",
            "6x6",
            "--style",
            "/dev/zero",
            "-o",
            "x.pdf",
        ],
        2,
    ),
    (&["count", "--board", "6x6", "--max-memory", "0"], 2),
    (&["slide", "--piece", "knight"], 2),
    (
        &[
            "glyph", "--board", "6x6", "--random", "--id", "3", "-o", "g.svg",
        ],
        2,
    ),
    (&["gallery", "no-such-folder"], 1),
    (&["--bogus"], 2),
    (&["man", "bogus"], 2),
    (
        &["list", "--board", "210x3", "--classes", "--sample", "1"],
        2,
    ),
    (
        &["count", "--piece", "king", "--board", "300x2", "--classes"],
        2,
    ),
    (
        &["render", "--board", "4x4", "--split-layers", "-o", "x.pdf"],
        2,
    ),
    (
        &[
            "render",
            "--board",
            "4x4",
            "--split-layers",
            "-o",
            "-",
            "--format",
            "svg",
        ],
        2,
    ),
    (
        &[
            "render",
            "--board",
            "4x4",
            "--layers-by",
            "pens",
            "-o",
            "x.svg",
        ],
        2,
    ),
    (&["plot-stats", "no-such.svg"], 1),
    (&["plot-stats", "--speed", "0", "no-such.svg"], 2),
    (
        &[
            "render",
            "--board",
            "4x4",
            "--gcode-profile",
            "grbl",
            "-o",
            "x.gcode",
        ],
        2,
    ),
    (
        &[
            "render",
            "--board",
            "4x4",
            "--gcode-profile",
            "bad-profile.toml",
            "-o",
            "x.gcode",
        ],
        2,
    ),
    (
        &[
            "render",
            "--board",
            "4x4",
            "--gcode-profile",
            "/dev/zero",
            "-o",
            "x.gcode",
        ],
        2,
    ),
    (
        &[
            "render",
            "--board",
            "4x4",
            "--gcode-profile",
            "missing.toml",
            "-o",
            "x.gcode",
        ],
        1,
    ),
    (
        &[
            "glyph",
            "--board",
            "4x4",
            "--id",
            "1",
            "--gcode-profile",
            "grbl-z",
            "-o",
            "g.svg",
        ],
        2,
    ),
    // Animations (issue 27): glyph and render.
    (
        &[
            "glyph",
            "--board",
            "6x6",
            "--id",
            "3",
            "--duration",
            "5",
            "-o",
            "g.svg",
        ],
        2,
    ),
    (
        &[
            "glyph",
            "--board",
            "6x6",
            "--id",
            "3",
            "--animate",
            "-o",
            "g.pdf",
        ],
        2,
    ),
    (
        &[
            "glyph",
            "--board",
            "6x6",
            "--id",
            "3",
            "--animate",
            "--duration",
            "0",
            "-o",
            "g.svg",
        ],
        2,
    ),
    (
        &[
            "glyph",
            "--board",
            "6x6",
            "--id",
            "3",
            "--animate",
            "--fps",
            "5",
            "-o",
            "g.svg",
        ],
        2,
    ),
    (
        &[
            "glyph",
            "--board",
            "6x6",
            "--id",
            "3",
            "--animate",
            "--frames",
            "1",
            "-o",
            "g.gif",
        ],
        2,
    ),
    (
        &[
            "glyph",
            "--board",
            "6x6",
            "--id",
            "3",
            "--animate",
            "--start",
            "z9",
            "-o",
            "g.svg",
        ],
        2,
    ),
    (
        &[
            "glyph",
            "--board",
            "6x6",
            "--id",
            "3",
            "--open",
            "--animate",
            "--start",
            "c3",
            "-o",
            "g.svg",
        ],
        2,
    ),
    (
        &[
            "glyph",
            "--piece",
            "knight",
            "--board",
            "6x6",
            "--id",
            "3",
            "--style",
            "strapwork",
            "--animate",
            "-o",
            "g.svg",
        ],
        2,
    ),
    (
        &[
            "glyph",
            "--board",
            "6x6",
            "--id",
            "3",
            "--torus",
            "--animate",
            "-o",
            "g.svg",
        ],
        2,
    ),
    (
        &[
            "glyph", "--board", "6x6", "--id", "3", "--format", "png", "-o", "g.gif",
        ],
        2,
    ),
    (&["render", "--board", "6x6", "--animate", "-o", "x.svg"], 2),
    (&["render", "--board", "4x4", "--animate", "-o", "x.pdf"], 2),
    (
        &[
            "render",
            "--board",
            "4x4",
            "--animate",
            "--fps",
            "3",
            "-o",
            "x.svg",
        ],
        2,
    ),
    (&["render", "--board", "4x4", "--loop", "-o", "x.svg"], 2),
    (
        &[
            "render",
            "--board",
            "4x4",
            "--animate",
            "--split-layers",
            "-o",
            "x.svg",
        ],
        2,
    ),
    // A shaped board on the ordinary commands (issue 30).
    (&["count", "--board", "4x4", "--shape", "two.txt"], 2),
    (&["count", "--board", "4x4", "--blocks"], 2),
    (&["count", "--shape", "two.txt", "--modulus", "7"], 2),
    (&["list", "--shape", "two.txt", "--classes"], 2),
    (
        &[
            "render",
            "--shape",
            "two.txt",
            "--split-layers",
            "-o",
            "x.svg",
        ],
        2,
    ),
    (
        &[
            "render", "--shape", "two.txt", "--range", "90..99", "-o", "x.svg",
        ],
        2,
    ),
    (
        &[
            "glyph", "--shape", "two.txt", "--torus", "--id", "0", "-o", "g.svg",
        ],
        2,
    ),
    // Shapes on font, find and render --split; a grid typed in.
    (&["find", "--shape", "two.txt", "--start", "a1"], 2),
    (
        &[
            "font", "--shape", "two.txt", "--range", "90..99", "-o", "f.ttf",
        ],
        2,
    ),
    (&["render", "--shape", "two.txt", "--split", "-o", "-"], 2),
    (&["count", "--shape-grid", "##\\n#x"], 2),
    (&["count", "--shape-grid", "##", "--shape-board", "4x4"], 2),
    (&["count", "--shape-text", "ab", "--threshold", "lots"], 2),
    // Glyphs coloured by orbit or tour (issue 26, pens by colour).
    (
        &[
            "render",
            "--board",
            "4x4",
            "--color-by",
            "orbit",
            "-o",
            "x.svg",
        ],
        2,
    ),
    (
        &[
            "render",
            "--board",
            "4x4",
            "--color-by",
            "hue",
            "-o",
            "x.svg",
        ],
        2,
    ),
    (
        &[
            "render",
            "--board",
            "4x4",
            "--color-by",
            "tour",
            "--palette",
            "#00f nope",
            "-o",
            "x.svg",
        ],
        2,
    ),
    // Tour IDs by halves (8x8, 6x8 knights): the memory planned before the work.
    (
        &[
            "glyph",
            "--piece",
            "knight",
            "--board",
            "8x8",
            "--id",
            "0",
            "--max-memory",
            "100M",
            "-o",
            "g.svg",
        ],
        1,
    ),
    (
        &[
            "list",
            "--piece",
            "knight",
            "--board",
            "8x8",
            "--range",
            "0..5",
            "--max-memory",
            "100M",
        ],
        1,
    ),
    (
        &[
            "glyph",
            "--piece",
            "knight",
            "--board",
            "6x8",
            "--random",
            "--max-memory",
            "120M",
            "-o",
            "g.svg",
        ],
        1,
    ),
    // Issue 56: mistyped names get the nearest valid one.
    (
        &["glyph", "--board", "4x4", "--id", "0", "--styel", "kufic"],
        2,
    ),
    (
        &[
            "glyph", "--board", "4x4", "--id", "0", "--style", "kufik", "-o", "g.svg",
        ],
        2,
    ),
    (&["count", "--board", "6x6", "--piece", "knigth"], 2),
    (
        &["render", "--board", "4x4", "--page", "a44", "-o", "x.pdf"],
        2,
    ),
    (
        &[
            "glyph", "--board", "4x4", "--id", "0", "--start", "a1", "-o", "g.svg",
        ],
        2,
    ),
    // Issue 56, item 17: a --format that disagrees with the extension, GIF and G-code's.
    (
        &[
            "glyph", "--board", "6x6", "--id", "3", "--format", "gif", "-o", "g.svg",
        ],
        2,
    ),
    (
        &[
            "glyph", "--board", "6x6", "--id", "3", "--format", "svg", "-o", "g.nc",
        ],
        2,
    ),
    // Issue 56, item 9: a face a single font does not have.
    (
        &[
            "render",
            "--board",
            "4x4",
            "--font",
            "two.txt#1",
            "-o",
            "x.pdf",
        ],
        2,
    ),
    // Residues name their set (issue 56): a line of another set, a set with no count.
    (
        &[
            "count",
            "--board",
            "4x4",
            "--torus",
            "--combine",
            "plane.json",
        ],
        2,
    ),
    (
        &[
            "count",
            "--board",
            "6x6",
            "--symmetry",
            "rot180",
            "--non-crossing",
            "--modulus",
            "7",
        ],
        2,
    ),
    (
        &[
            "count",
            "--piece",
            "king",
            "--board",
            "4x4",
            "--plan-moduli",
        ],
        2,
    ),
];

/// Files the cases of [`CASES`] find in their folder (and may leave): a G-code profile
/// with a bad value, a shape of two parts.
const CASE_FIXTURES: &[(&str, &[u8])] = &[
    (
        "bad-profile.toml",
        b"pen_up = \"M5\"\npen_down = \"M3 S30\"\nfeed = 0\n",
    ),
    (
        "two.txt",
        b"####.#####\n####.#####\n####.#####\n####.#####\n",
    ),
    (
        "plane.json",
        b"{\"piece\":\"rook\",\"board\":\"4x4\",\"modulus\":1000,\"residue\":6}\n",
    ),
];

/// A Markdown table cell: pipes escaped, kept on one line.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

#[test]
fn bad_inputs_give_one_line_and_the_right_status() {
    let mut table = String::from(
        "# Bad inputs\n\nMade by `tests/it/bad_inputs.rs` (`UPDATE_GOLDEN=1` rewrites it). \
         Each row ran in an empty folder, exited with the status shown, printed this one \
         line on stderr and left no file.\n\n| # | command | exit | message |\n|---|---|---|---|\n",
    );
    for (i, (args, want)) in CASES.iter().enumerate() {
        let dir = tempfile::tempdir().unwrap();
        for (name, bytes) in CASE_FIXTURES {
            std::fs::write(dir.path().join(name), bytes).unwrap();
        }
        let o = Command::new(bin())
            .args(*args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        let shown: Vec<String> = args
            .iter()
            .map(|a| {
                if a.is_empty() || a.contains(' ') {
                    format!("'{a}'")
                } else {
                    a.to_string()
                }
            })
            .collect();
        let cmd = format!("tourglyph {}", shown.join(" "));
        assert_eq!(o.status.code(), Some(*want), "{cmd}: {err}");
        assert!(err.starts_with("tourglyph: "), "{cmd}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{cmd}: {err}");
        assert!(!err.contains("panicked"), "{cmd}: {err}");
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .filter(|n| !CASE_FIXTURES.iter().any(|(f, _)| n.to_str() == Some(*f)))
            .collect();
        assert!(left.is_empty(), "{cmd} left files");
        table += &format!(
            "| {} | `{}` | {want} | {} |\n",
            i + 1,
            cell(&cmd),
            cell(err.trim_end())
        );
    }
    assert!(CASES.len() >= 30);
    let golden =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/bad-inputs.md");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&golden, &table).unwrap();
    }
    let expected = std::fs::read_to_string(&golden).unwrap_or_default();
    if expected != table {
        let actual = golden.with_extension("actual.md");
        std::fs::write(&actual, &table).unwrap();
        panic!(
            "messages differ from {}; the actual table is in {} (UPDATE_GOLDEN=1 accepts it)",
            golden.display(),
            actual.display()
        );
    }
}

/// The exit-status rule (`tourglyph::error::EXIT_STATUS`, the guide's table) held to
/// every command: (arguments, status, a fragment of the message), grouped by the rule's
/// rows. Each case runs in a folder holding only [`FIXTURES`] and must leave nothing else.
const RULE: &[(&[&str], i32, &str)] = &[
    // 2: a malformed or unknown value.
    (&["count", "--board", "6x"], 2, "bad board '6x'"),
    (
        &["list", "--board", "4x4", "--piece", "bishop"],
        2,
        "unknown piece",
    ),
    (
        &["render", "--board", "4x4", "--page", "b9", "-o", "x.pdf"],
        2,
        "bad page size",
    ),
    (
        &["glyph", "--board", "4x4", "--id", "x", "-o", "g.svg"],
        2,
        "bad tour ID",
    ),
    (
        &["find", "--board", "8x8", "--start", "z9"],
        2,
        "off the 8x8 board",
    ),
    (&["slide", "--piece", "bishop"], 2, "unknown sliding piece"),
    (
        &["font", "--board", "4x4", "--style", "gothic", "-o", "t.ttf"],
        2,
        "unknown style",
    ),
    (&["styles", "gothic"], 2, "unknown style"),
    (&["man", "gothic"], 2, "no manual page"),
    (&["gallery", "--out"], 2, "a value is required"),
    // 2: flags missing, repeated or contradictory.
    (
        &["glyph", "--board", "6x6", "-o", "g.svg"],
        2,
        "say which tour",
    ),
    (
        &[
            "list", "--board", "4x4", "--range", "0..3", "--shard", "1/2",
        ],
        2,
        "cannot be used with",
    ),
    (&["serve", "--port", "x"], 2, "invalid value"),
    // 2: a drawing of no tour.
    (
        &["glyph", "--board", "6x6", "--id", "1072", "-o", "g.svg"],
        2,
        "no tour with ID 1072",
    ),
    (
        &["render", "--board", "6x6", "--range", "5..5", "-o", "x.pdf"],
        2,
        "--range 5..5 selects no tour",
    ),
    (
        &[
            "render",
            "--board",
            "6x6",
            "--range",
            "2000..2001",
            "-o",
            "x.pdf",
        ],
        2,
        "6x6 has 1072 closed rook tours (IDs 0 to 1071)",
    ),
    (
        &["render", "--board", "6x6", "--limit", "0", "-o", "x.pdf"],
        2,
        "--limit 0 selects no tour",
    ),
    (
        &["font", "--board", "6x6", "--range", "9..9", "-o", "t.ttf"],
        2,
        "--range 9..9 selects no tour",
    ),
    // 2: a file name at odds with the output.
    (
        &[
            "glyph", "--board", "4x4", "--id", "1", "--format", "svg", "-o", "x.pdf",
        ],
        2,
        "x.pdf: the extension '.pdf' is for PDF, but --format svg writes SVG: name the file x.svg",
    ),
    (
        &["render", "--board", "4x4", "--format", "ps", "-o", "x.eps"],
        2,
        "is for EPS, but --format ps writes PostScript",
    ),
    (
        &["font", "--board", "4x4", "-o", "x.woff"],
        2,
        "'.woff' is not TrueType",
    ),
    (
        &["font", "--board", "4x4", "-o", "x.pdf"],
        2,
        "name the font x.ttf",
    ),
    (
        &["render", "--board", "6x6", "--format", "png", "-o", "-"],
        2,
        "this PNG sheet has 9 pages",
    ),
    (
        &["render", "--board", "4x4", "-o", "-"],
        2,
        "--format pdf|ps|eps|svg|png",
    ),
    // 2: what a named file holds.
    (
        &[
            "glyph",
            "--board",
            "4x4",
            "--id",
            "1",
            "--style",
            "binary.toml",
            "-o",
            "g.svg",
        ],
        2,
        "binary.toml: not UTF-8 text",
    ),
    (
        &[
            "render",
            "--board",
            "4x4",
            "--style",
            "typo.toml",
            "-o",
            "x.pdf",
        ],
        2,
        "typo.toml:1: unknown key 'stroke_widht'",
    ),
    (
        &[
            "find",
            "--board",
            "6x6",
            "--style",
            "binary.toml",
            "-o",
            "f.svg",
        ],
        2,
        "not UTF-8",
    ),
    (
        &["render", "--board", "4x4", "--title", "漢", "-o", "x.pdf"],
        2,
        "is in none of the fonts",
    ),
    // 2: work refused before it starts, the fix in the request.
    (&["count", "--board", "4x1000"], 2, "with --modulus P"),
    (&["list", "--board", "12x12"], 2, "add --force"),
    (
        &["render", "--board", "8x8", "-o", "x.svg"],
        2,
        "add --force",
    ),
    (
        &[
            "glyph", "--board", "4x4", "--id", "1", "--dpi", "10000", "-o", "g.png",
        ],
        2,
        "lower --dpi, use a smaller --size, or add --force",
    ),
    (
        &["render", "--board", "4x4", "--dpi", "10000", "-o", "g.png"],
        2,
        "lower --dpi, use a smaller --page, or add --force",
    ),
    (
        &["find", "--board", "100000x100000"],
        2,
        "use a smaller board",
    ),
    // 1: the file system.
    (
        &["render", "--board", "4x4", "-o", "no/dir/x.pdf"],
        1,
        "folder 'no/dir' does not exist: create it, or add --mkdir",
    ),
    (
        &["render", "--board", "4x4", "--split", "-o", "nodir"],
        1,
        "no such folder: create it, or add --mkdir",
    ),
    (
        &["glyph", "--board", "4x4", "--id", "1", "-o", "no/g.svg"],
        1,
        "add --mkdir",
    ),
    (
        &[
            "render",
            "--board",
            "4x4",
            "--style",
            "no/such.toml",
            "-o",
            "x.pdf",
        ],
        1,
        "cannot read style file",
    ),
    (
        &[
            "render",
            "--board",
            "4x4",
            "--font",
            "nofont.ttf",
            "-o",
            "x.pdf",
        ],
        1,
        "--font nofont.ttf: cannot read it",
    ),
    (
        &["count", "--board", "4x4", "--combine", "no-such.json"],
        1,
        "no-such.json",
    ),
    (
        &["gallery", "no-such-folder"],
        1,
        "cannot read the gallery folder",
    ),
    (
        &[
            "glyph",
            "--board",
            "4x4",
            "--id",
            "1",
            "--no-clobber",
            "-o",
            "taken.svg",
        ],
        1,
        "already exists",
    ),
    (
        &["slide", "--board", "4x4", "--no-clobber", "-o", "taken.svg"],
        1,
        "already exists",
    ),
    // 1: memory.
    (
        &["count", "--board", "18x18", "--max-memory", "10M"],
        1,
        "--max-memory",
    ),
    // 1: no tour to draw or find.
    (
        &["render", "--board", "3x3", "-o", "x.pdf"],
        1,
        "a closed tour needs an even number of cells",
    ),
    (&["font", "--board", "3x3", "-o", "t.ttf"], 1, "no tours"),
    (
        &["find", "--board", "5x5", "--closed"],
        1,
        "no closed knight's tour",
    ),
    // --bridges where no bridge can be cut (issue 56, item 8): refused, with the fix.
    (
        &[
            "glyph",
            "--board",
            "6x6",
            "--id",
            "17",
            "--bridges",
            "2",
            "-o",
            "g.svg",
        ],
        2,
        "add --outline",
    ),
    (
        &[
            "glyph",
            "--board",
            "6x6",
            "--id",
            "17",
            "--style",
            "line",
            "--outline",
            "--bridges",
            "2",
            "-o",
            "g.svg",
        ],
        2,
        "--style kufic",
    ),
    (
        &[
            "render",
            "--board",
            "4x4",
            "--style",
            "line",
            "--bridges",
            "1",
            "-o",
            "s.pdf",
        ],
        2,
        "--bridges",
    ),
    (
        &[
            "render",
            "--board",
            "4x4",
            "--style",
            "plotter-bold",
            "--outline",
            "--bridges",
            "1",
            "-o",
            "s.svg",
        ],
        2,
        "--bridges",
    ),
    (
        &[
            "render",
            "--board",
            "4x4",
            "--split",
            "--mkdir",
            "--bridges",
            "1",
            "-o",
            "d",
        ],
        2,
        "add --outline",
    ),
    (
        &[
            "glyph",
            "--piece",
            "knight",
            "--board",
            "6x6",
            "--id",
            "0",
            "--outline",
            "--bridges",
            "2",
            "-o",
            "k.svg",
        ],
        2,
        "--bridges",
    ),
];

/// The files every case of [`RULE`] finds in its folder: a style file that is not text,
/// one with a typo, and an existing output.
const FIXTURES: &[(&str, &[u8])] = &[
    ("binary.toml", b"\x00\xff\xfe stroke_width = 1\n"),
    ("typo.toml", b"stroke_widht = 0.5\n"),
    ("taken.svg", b"<svg/>"),
];

#[test]
fn exit_statuses_follow_one_rule_for_every_command() {
    let mut wrong = vec![];
    for (args, want, fragment) in RULE {
        let dir = tempfile::tempdir().unwrap();
        for (name, bytes) in FIXTURES {
            std::fs::write(dir.path().join(name), bytes).unwrap();
        }
        let o = Command::new(bin())
            .args(*args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        let one_line = err.starts_with("tourglyph: ") && err.trim_end().lines().count() == 1;
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| !FIXTURES.iter().any(|(f, _)| f == n))
            .collect();
        left.sort();
        if o.status.code() != Some(*want)
            || !err.contains(fragment)
            || !one_line
            || !left.is_empty()
        {
            wrong.push(format!(
                "tourglyph {}: exit {:?} (want {want}), left {left:?}: {}",
                args.join(" "),
                o.status.code(),
                err.trim_end()
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} cases break the rule:\n{}",
        wrong.len(),
        RULE.len(),
        wrong.join("\n")
    );
}
