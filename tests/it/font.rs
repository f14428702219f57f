//! `tourglyph font` through the binary: text no face has is refused (and `--font FILE`
//! adds a face, embedded in the specimen), the three files appear together or not at all,
//! a font of torus tours says so in its title, glyph names and map, and a very long
//! family gives valid names and a title that wraps on the page, as a sheet's title does.

use crate::common::{arg, file_names as names, qpdf_check, run, stderr, stdout, tool};
use std::path::Path;

/// A word read back: (text, xMin, yMin, xMax, yMax) in points from the top left.
type Word = (String, f64, f64, f64, f64);

/// The words `pdftotext -bbox` reads on page 1, and the page's width; `None` where poppler
/// is not installed.
fn words(pdf: &Path) -> Option<(Vec<Word>, f64)> {
    let o = tool(
        "pdftotext",
        &["-bbox", "-f", "1", "-l", "1", arg(pdf), "-"],
        "word positions not checked",
    )?;
    assert!(o.status.success(), "pdftotext -bbox: {}", stderr(&o));
    let html = stdout(&o);
    let num = |s: &str, key: &str| -> f64 {
        let at = s.find(&format!("{key}=\"")).unwrap() + key.len() + 2;
        s[at..at + s[at..].find('"').unwrap()].parse().unwrap()
    };
    let page = html.find("<page ").map(|i| num(&html[i..], "width"))?;
    let mut out = vec![];
    for (i, _) in html.match_indices("<word ") {
        let w = &html[i..];
        let text = &w[w.find('>').unwrap() + 1..w.find("</word>").unwrap()];
        out.push((
            text.to_string(),
            num(w, "xMin"),
            num(w, "yMin"),
            num(w, "xMax"),
            num(w, "yMax"),
        ));
    }
    Some((out, page))
}

#[test]
fn font_refuses_text_no_face_has_and_takes_a_font_file() {
    let d = tempfile::tempdir().unwrap();
    let t = d.path().join("c.ttf");
    let o = run(&["font", "--board", "4x4", "--family", "漢字", "-o", arg(&t)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains("'漢' (U+6F22)") && e.contains("--font FILE") && e.lines().count() == 1,
        "{e}"
    );
    assert!(names(d.path()).is_empty(), "{:?}", names(d.path()));

    // A face that has the character: a font of tours covers U+E000, so a family holding
    // U+E000 is set in it, and the face is embedded in the specimen.
    let tours = d.path().join("tours.ttf");
    let o = run(&["font", "--board", "4x4", "-o", arg(&tours)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let family = "Tours \u{E000}";
    let o = run(&["font", "--board", "4x4", "--family", family, "-o", arg(&t)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("(U+E000)"), "{}", stderr(&o));
    let o = run(&[
        "font",
        "--board",
        "4x4",
        "--family",
        family,
        "--font",
        arg(&tours),
        "-o",
        arg(&t),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let pdf = d.path().join("c.pdf");
    qpdf_check(&pdf);
    let text = crate::readback::pdf_text(&crate::readback::pdf(&pdf));
    assert!(text.contains("\u{E000}"), "{text:?}");
    if let Some(o) = tool("pdffonts", &[arg(&pdf)], "the font list is not checked") {
        // The specimen's own font (named after the family), and a subset of the face
        // given with --font (a font of tours named Tourglyph).
        let list = stdout(&o);
        assert!(list.lines().any(|l| l.starts_with("Tours ")), "{list}");
        assert!(list.contains("+Tourglyph "), "{list}");
    }
    let o = run(&[
        "font",
        "--board",
        "4x4",
        "--font",
        "/no/such.ttf",
        "-o",
        arg(&t),
    ]);
    // A file that cannot be read is a runtime failure (the exit-status rule).
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("--font /no/such.ttf"), "{}", stderr(&o));
}

#[test]
fn font_writes_its_three_files_all_or_none() {
    let d = tempfile::tempdir().unwrap();
    let t = d.path().join("t.ttf");
    std::fs::write(d.path().join("t.pdf"), b"mine").unwrap();
    let o = run(&["font", "--board", "4x4", "--no-clobber", "-o", arg(&t)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("t.pdf: already exists"),
        "{}",
        stderr(&o)
    );
    assert_eq!(names(d.path()), ["t.pdf"]);
    assert_eq!(std::fs::read(d.path().join("t.pdf")).unwrap(), b"mine");
    // Without the clash, all three.
    std::fs::remove_file(d.path().join("t.pdf")).unwrap();
    let o = run(&["font", "--board", "4x4", "--no-clobber", "-o", arg(&t)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(names(d.path()), ["t.json", "t.pdf", "t.ttf"]);
}

#[test]
fn font_of_torus_tours_says_torus() {
    let d = tempfile::tempdir().unwrap();
    let (plane, torus) = (d.path().join("p.ttf"), d.path().join("t.ttf"));
    let o = run(&["font", "--board", "4x4", "--limit", "3", "-o", arg(&plane)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&[
        "font",
        "--board",
        "4x4",
        "--torus",
        "--limit",
        "3",
        "-o",
        arg(&torus),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let map = |p: &Path| -> Vec<serde_json::Value> {
        serde_json::from_slice(&std::fs::read(p.with_extension("json")).unwrap()).unwrap()
    };
    let (p, t) = (map(&plane), map(&torus));
    for (p, t) in p.iter().zip(&t) {
        assert_ne!(p["glyph"], t["glyph"], "{p} {t}");
        assert_eq!(t["torus"], serde_json::Value::Bool(true), "{t}");
        assert!(p.get("torus").is_none(), "{p}");
    }
    assert_eq!(t[0]["glyph"], "tour_torus_4x4_0", "{}", t[0]);
    let text = crate::readback::pdf_text(&crate::readback::pdf(&torus.with_extension("pdf")));
    assert!(
        text.contains("the first 3 of the 1,344 closed rook tours of the 4×4 torus"),
        "{text:?}"
    );
}

#[test]
fn font_of_a_very_long_family_has_valid_names_and_a_wrapped_title() {
    let d = tempfile::tempdir().unwrap();
    let t = d.path().join("long.ttf");
    let family = "Kufic squares ".repeat(360);
    let family = family.trim();
    assert!(family.len() > 5000);
    let o = run(&["font", "--board", "4x4", "--family", family, "-o", arg(&t)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let pdf = t.with_extension("pdf");
    qpdf_check(&pdf);
    if let Some(o) = tool("pdffonts", &[arg(&pdf)], "the font names are not checked") {
        assert!(o.status.success() && o.stderr.is_empty(), "{}", stderr(&o));
        for line in stdout(&o).lines().skip(2) {
            let name = line.split_whitespace().next().unwrap();
            assert!(name.len() <= 127, "a PDF name over 127 bytes: {name}");
        }
    }
    // The font's PostScript name (name ID 6): at most 63 printable ASCII characters.
    use skrifa::{FontRef, MetadataProvider, string::StringId};
    let data = std::fs::read(&t).unwrap();
    let font = FontRef::new(&data).expect("a font skrifa reads");
    let ps: String = font
        .localized_strings(StringId::POSTSCRIPT_NAME)
        .english_or_first()
        .expect("a PostScript name")
        .chars()
        .collect();
    assert!(
        !ps.is_empty() && ps.len() <= 63 && ps.bytes().all(|b| b.is_ascii_graphic()),
        "{ps}"
    );
    let Some((words, width)) = words(&pdf) else {
        return;
    };
    // Every word of the title on the page, at a readable size, over several lines.
    let title: Vec<_> = words.iter().filter(|w| w.0 == "Kufic").collect();
    assert_eq!(title.len(), 360, "every word of the family read back");
    for w in &title {
        assert!(
            w.1 >= 0.0 && w.3 <= width,
            "{w:?} runs off a page {width} pt wide"
        );
        assert!(
            w.4 - w.2 >= 4.0,
            "{w:?}: the title is set too small to read"
        );
    }
    let mut lines: Vec<i64> = title.iter().map(|w| w.2.round() as i64).collect();
    lines.dedup();
    assert!(lines.len() > 2, "{lines:?}");
}

#[test]
fn sheet_title_of_5000_characters_wraps_on_the_page() {
    let d = tempfile::tempdir().unwrap();
    let pdf = d.path().join("s.pdf");
    let title = "Kufic squares ".repeat(360);
    let o = run(&[
        "render",
        "--board",
        "4x4",
        "--title",
        title.trim(),
        "-o",
        arg(&pdf),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    qpdf_check(&pdf);
    let Some((words, width)) = words(&pdf) else {
        return;
    };
    let title: Vec<_> = words.iter().filter(|w| w.0 == "Kufic").collect();
    assert_eq!(title.len(), 360, "every word of the title read back");
    for w in &title {
        assert!(
            w.1 >= 0.0 && w.3 <= width,
            "{w:?} runs off a page {width} pt wide"
        );
        assert!(
            w.4 - w.2 >= 4.0,
            "{w:?}: the title is set too small to read"
        );
    }
    let mut lines: Vec<i64> = title.iter().map(|w| w.2.round() as i64).collect();
    lines.dedup();
    assert!(lines.len() > 2, "{lines:?}");
}
