//! Issue 24, defects 9 and 10: what sheets and SVGs say about what they draw. Footers
//! say what is drawn out of what, keep the set's whole description and write numbers,
//! boards and dashes as titles do; an SVG's `<desc>` is a command that draws the same
//! bytes again.

use super::common::{arg, run, stderr, tmp};

/// The text of the first `<tag>…</tag>` in `svg`, XML entities undone.
fn element(svg: &str, tag: &str) -> Option<String> {
    let open = format!("<{tag}>");
    let start = svg.find(&open)? + open.len();
    let end = start + svg[start..].find(&format!("</{tag}>"))?;
    Some(
        svg[start..end]
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&apos;", "'")
            .replace("&amp;", "&"),
    )
}

/// The footer of a one-page SVG sheet drawn by `render` with `args` (its `<desc>` holds
/// the footer first).
fn footer(args: &[&str]) -> String {
    let d = tmp();
    let out = d.path().join("s.svg");
    let mut a = vec!["render"];
    a.extend_from_slice(args);
    a.extend_from_slice(&["--page", "a3", "-o", arg(&out)]);
    let o = run(&a);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    let svg = std::fs::read_to_string(&out).unwrap();
    let texts: Vec<&str> = svg
        .split("<text")
        .skip(1)
        .filter_map(|t| t.split_once('>').and_then(|(_, r)| r.split_once("</text>")))
        .map(|(t, _)| t.trim())
        .collect();
    texts
        .iter()
        .find(|t| t.starts_with("tourglyph: "))
        .unwrap_or_else(|| panic!("{args:?}: no footer among {texts:?}"))
        .replace("&amp;", "&")
}

/// Defect 9: a selection's footer says what is drawn out of what; the set keeps
/// "non-crossing"; one convention with titles (1,072, 6×6, —).
#[test]
fn footers_say_what_is_drawn_out_of_what() {
    let f = footer(&["--board", "6x6", "--range", "100..112"]);
    assert!(
        f.starts_with("tourglyph: tours 100–111 of the 1,072 closed rook tours of 6×6 — "),
        "{f}"
    );
    let f = footer(&["--board", "6x6", "--sample", "8", "--seed", "3"]);
    assert!(
        f.starts_with("tourglyph: 8 of the 1,072 closed rook tours of 6×6, sampled (seed 3) — "),
        "{f}"
    );
    let f = footer(&["--board", "4x6"]);
    assert_eq!(
        f,
        "tourglyph: the 37 closed rook tours of 4×6 — caption: tour ID"
    );
    let f = footer(&[
        "--piece",
        "king",
        "--board",
        "4x4",
        "--non-crossing",
        "--limit",
        "20",
    ]);
    assert!(
        f.starts_with(
            "tourglyph: the first 20 non-crossing tours of the 2,830 closed king tours of 4×4"
        ),
        "{f}"
    );
    let f = footer(&["--board", "6x6", "--classes", "--no-captions"]);
    assert_eq!(
        f,
        "tourglyph: the 149 symmetry classes of the 1,072 closed rook tours of 6×6"
    );
    assert!(!f.contains(" - ") && !f.contains("6x6"), "{f}");
}

/// The words of a POSIX shell command line (single quotes; no other quoting needed).
fn shell_words(cmd: &str) -> Vec<String> {
    let (mut words, mut w, mut quoted, mut any) = (vec![], String::new(), false, false);
    for c in cmd.chars() {
        match (c, quoted) {
            ('\'', _) => (quoted, any) = (!quoted, true),
            (' ', false) => {
                if any || !w.is_empty() {
                    words.push(std::mem::take(&mut w));
                }
                any = false;
            }
            (c, _) => w.push(c),
        }
    }
    if any || !w.is_empty() {
        words.push(w);
    }
    words
}

/// Defect 10: a glyph's `<desc>` ends with the command that drew it, every flag that
/// changed the picture included (style, colours, width, outline, size, …); run, it
/// writes the same bytes.
#[test]
fn glyph_desc_redraws_the_same_picture() {
    let d = tmp();
    let cases: &[&[&str]] = &[
        &[
            "--piece",
            "king",
            "--board",
            "4x4",
            "--id",
            "5",
            "--style",
            "arabesque",
        ],
        &[
            "--board",
            "6x6",
            "--id",
            "17",
            "--style",
            "kufic",
            "--stroke",
            "#008080",
            "--background",
            "ivory",
            "--width",
            "0.3",
            "--size",
            "3cm",
        ],
        &[
            "--board",
            "2x2",
            "--tour",
            "A1 a2 b2 b1",
            "--outline",
            "--fill",
            "red",
        ],
        &[
            "--piece",
            "knight",
            "--board",
            "5x5",
            "--open",
            "--random",
            "--seed",
            "4",
            "--cap",
            "butt",
            "--join",
            "bevel",
            "--padding",
            "0.5",
        ],
        &[
            "--board",
            "6x6",
            "--random",
            "--symmetry",
            "rot90",
            "--seed",
            "2",
        ],
        // A torus tile repeated, and as a pattern: their documents say so too.
        &["--board", "4x4", "--torus", "--id", "3", "--repeat", "2x3"],
        &[
            "--board",
            "4x4",
            "--torus",
            "--id",
            "7",
            "--pattern",
            "--stroke",
            "red",
        ],
    ];
    for (i, args) in cases.iter().enumerate() {
        let out = d.path().join(format!("g{i}.svg"));
        let mut a = vec!["glyph"];
        a.extend_from_slice(args);
        a.extend_from_slice(&["-o", arg(&out)]);
        let o = run(&a);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        let svg = std::fs::read_to_string(&out).unwrap();
        let (cmd, again) = redrawn(&svg);
        assert!(
            again == svg.as_bytes(),
            "{args:?}: `{cmd}` draws another picture"
        );
    }
}

/// The command at the end of an SVG's `<desc>` (after `Drawn by: `), which must be a
/// `tourglyph glyph` command, and what it writes when run.
fn redrawn(svg: &str) -> (String, Vec<u8>) {
    assert!(element(svg, "title").is_some(), "no <title>: {svg:.300}");
    let desc = element(svg, "desc").unwrap_or_else(|| panic!("no <desc>: {svg:.300}"));
    let cmd = desc
        .split_once("Drawn by: ")
        .unwrap_or_else(|| panic!("no command in {desc}"))
        .1
        .to_string();
    let words = shell_words(&cmd);
    assert_eq!(words[..2], ["tourglyph", "glyph"], "{cmd}");
    let again: Vec<&str> = words[1..].iter().map(String::as_str).collect();
    let o = run(&again);
    assert!(o.status.success(), "{cmd}: {}", stderr(&o));
    (cmd, o.stdout)
}

/// `svg` without its `<title>` and `<desc>` elements: the picture alone.
fn picture(svg: &str) -> String {
    let mut out = String::new();
    let mut rest = svg;
    loop {
        let next = ["<title>", "<desc>"]
            .iter()
            .filter_map(|t| rest.find(t).map(|at| (at, *t)))
            .min();
        let Some((at, tag)) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..at]);
        let close = format!("</{}", &tag[1..]);
        let end = rest[at..].find(&close).expect("closed element") + at + close.len();
        rest = &rest[end..];
    }
}

/// Defect 10: each file of `render --split` has a `<title>` and a `<desc>` whose command
/// draws the same picture (the titles differ: a split file is named by its sheet).
#[test]
fn split_files_say_how_to_draw_them_again() {
    let d = tmp();
    let o = run(&[
        "render",
        "--board",
        "4x4",
        "--range",
        "1..3",
        "--split",
        "--style",
        "kufic",
        "--stroke",
        "#aa0000",
        "-o",
        arg(d.path()),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut n = 0;
    for f in std::fs::read_dir(d.path()).unwrap() {
        let svg = std::fs::read_to_string(f.unwrap().path()).unwrap();
        let (cmd, again) = redrawn(&svg);
        assert_eq!(
            picture(&svg),
            picture(&String::from_utf8(again).unwrap()),
            "`{cmd}` draws another picture"
        );
        n += 1;
    }
    assert_eq!(n, 2);
}

/// Issue 56 item 18: counts in messages take their noun's number and thousands
/// separators ("1,072 glyphs on 1 page", not "1072 glyphs on 1 pages"); a shape's parts
/// likewise ("1 part", not "1 part(s)").
#[test]
fn counts_in_words_agree_in_number() {
    let d = tmp();
    let out = d.path().join("a.svg");
    let o = run(&[
        "render",
        "--board",
        "6x6",
        "--animate",
        "--page",
        "poster",
        "-o",
        arg(&out),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(e.contains("this sheet has 1,072 glyphs on 1 page:"), "{e}");
    let shape = d.path().join("sq.txt");
    std::fs::write(&shape, "##\n##\n").unwrap();
    let g = d.path().join("g.svg");
    let o = run(&["glyph", "--shape", arg(&shape), "--id", "0", "-o", arg(&g)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&g).unwrap();
    let title = element(&svg, "title").unwrap();
    assert!(title.contains("(1 part)"), "{title}");
}
