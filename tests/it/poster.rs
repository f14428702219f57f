//! The README's main job, a poster: its first command writes all 1,072 closed rook tours
//! of 6×6 on one page of at least A2 under a title naming them; titles grow with the page
//! and a long one wraps to two lines before it shrinks.

use crate::common::{pdf_texts, qpdf_pages, run, stderr, tmp};
use crate::render::render;
use std::path::Path;
use tourglyph::layout::grid::MM_PER_PT;
use tourglyph::layout::text_size::bundled as helvetica;

/// The README's first `cargo run --release -- render …` command, as arguments to the
/// binary (quotes removed, the trailing comment dropped).
fn readme_main_command() -> Vec<String> {
    let readme = std::fs::read_to_string(crate::common::repo_root().join("README.md")).unwrap();
    let line = readme
        .lines()
        .find_map(|l| l.trim().strip_prefix("cargo run --release -- render"))
        .expect("the README's main command");
    let mut args = vec!["render".to_string()];
    let (mut word, mut quoted, mut any) = (String::new(), false, false);
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            '#' if !quoted => break,
            ' ' if !quoted => {
                if any {
                    args.push(std::mem::take(&mut word));
                }
                any = false;
            }
            _ => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        args.push(word);
    }
    args
}

/// The README's main command writing to `out` instead of its own file.
fn run_main_command(out: &Path) {
    let mut args = readme_main_command();
    let o = args
        .iter()
        .position(|a| a == "-o")
        .expect("-o in the command");
    args[o + 1] = out.to_str().unwrap().to_string();
    args.push("--quiet".into());
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let r = run(&refs);
    assert!(r.status.success(), "{args:?}: {}", stderr(&r));
}

/// One `<text>` element of an SVG page: font size (mm), baseline y and content.
#[derive(Debug)]
struct SvgText {
    size: f64,
    y: f64,
    text: String,
}

/// The `<text>` elements of an SVG page written by the SVG backend.
fn svg_texts(svg: &str) -> Vec<SvgText> {
    let attr = |tag: &str, name: &str| -> f64 {
        let key = format!(" {name}=\"");
        let i = tag.find(&key).unwrap_or_else(|| panic!("{name} in {tag}")) + key.len();
        tag[i..i + tag[i..].find('"').unwrap()].parse().unwrap()
    };
    svg.split("<text ")
        .skip(1)
        .map(|t| {
            let (tag, rest) = t.split_once('>').unwrap();
            let text = rest.split("</text>").next().unwrap();
            SvgText {
                size: attr(tag, "font-size"),
                y: attr(tag, "y"),
                text: text.trim().replace("&amp;", "&"),
            }
        })
        .collect()
}

#[test]
fn readme_main_command_is_one_poster_of_every_tour() {
    let args = readme_main_command();
    let d = tmp();
    let pdf = d.path().join("poster.pdf");
    run_main_command(&pdf);
    assert_eq!(qpdf_pages(&pdf), 1, "{args:?}: one sheet");
    // The page is at least A2 (420 x 594 mm) either way up.
    let data = std::fs::read(&pdf).unwrap();
    let text = String::from_utf8_lossy(&data);
    let mb = text
        .split("/MediaBox")
        .nth(1)
        .and_then(|m| m.trim_start().strip_prefix('['))
        .expect("a MediaBox");
    let v: Vec<f64> = mb
        .split(']')
        .next()
        .unwrap()
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    let (w, h) = ((v[2] - v[0]) * MM_PER_PT, (v[3] - v[1]) * MM_PER_PT);
    assert!(
        w.min(h) >= 420.0 - 1.0 && w.max(h) >= 594.0 - 1.0,
        "{w:.0} x {h:.0} mm is smaller than A2"
    );
    // The title names the tours.
    let title_at = args.iter().position(|a| a == "--title").expect("a title");
    let title = &args[title_at + 1];
    assert!(title.contains("1,072") && title.contains("6×6"), "{title}");
    let squeeze = |s: &str| s.split_whitespace().collect::<String>();
    for text in pdf_texts(&pdf) {
        assert!(
            squeeze(&text).contains(&squeeze(title)),
            "the title is on the page: {text:.200}"
        );
    }
    // The same command to SVG: 1,072 glyphs, each with its ID as id and caption.
    let svg = d.path().join("poster.svg");
    run_main_command(&svg);
    let page = std::fs::read_to_string(&svg).unwrap();
    let ids: Vec<&str> = page
        .split(" id=\"tour-")
        .skip(1)
        .map(|t| t.split('"').next().unwrap())
        .collect();
    assert_eq!(ids.len(), 1072, "one glyph per tour");
    let want: Vec<String> = (0..1072).map(|i| i.to_string()).collect();
    assert_eq!(ids, want, "every tour once, in ID order");
    let texts = svg_texts(&page);
    for i in 0..1072 {
        assert!(
            texts.iter().any(|t| t.text == i.to_string()),
            "caption {i} missing"
        );
    }
}

/// The title's text elements on an SVG sheet (texts of more than three characters that
/// are part of the title: not the captions or the footer).
fn title_lines(svg: &str, title: &str) -> Vec<SvgText> {
    svg_texts(svg)
        .into_iter()
        .filter(|t| t.text.len() > 3 && title.contains(&t.text))
        .collect()
}

#[test]
fn title_and_footer_grow_with_the_page() {
    let d = tmp();
    let title = "Closed rook tours of 4x4";
    let mut sizes = vec![];
    for page in ["a4", "a3", "a2", "a1"] {
        let p = d.path().join(format!("{page}.svg"));
        render(
            &["render", "--board", "4x4", "--page", page, "--title", title],
            &p,
        );
        let svg = std::fs::read_to_string(&p).unwrap();
        let t = title_lines(&svg, title);
        assert_eq!(t.len(), 1, "{page}: {t:?}");
        let footer = svg_texts(&svg)
            .into_iter()
            .find(|t| t.text.starts_with("tourglyph:"))
            .expect("footer");
        sizes.push((page, t[0].size, footer.size));
    }
    // A4 keeps the style's 14 pt title and 6 pt footer.
    assert!((sizes[0].1 - 14.0 * MM_PER_PT).abs() < 0.01, "{sizes:?}");
    assert!((sizes[0].2 - 6.0 * MM_PER_PT).abs() < 0.01, "{sizes:?}");
    for w in sizes.windows(2) {
        assert!(w[1].1 > w[0].1 * 1.3, "title: {sizes:?}");
        assert!(w[1].2 > w[0].2 * 1.3, "footer: {sizes:?}");
    }
}

#[test]
fn a_long_title_wraps_to_lines_before_it_shrinks() {
    let d = tmp();
    // On A4 (190 mm between the margins) this is too long for one line at 14 pt, and
    // fits on two.
    let title = "The closed rook tours of the six by six board, drawn as square Kufic \
                 glyphs, one for each of the tours, in the order of their IDs";
    let room = 210.0 - 2.0 * 10.0;
    assert!(helvetica(title, 14.0) > room && helvetica(title, 14.0) < 1.8 * room);
    let p = d.path().join("t.svg");
    render(
        &["render", "--board", "4x4", "--page", "a4", "--title", title],
        &p,
    );
    let lines = title_lines(&std::fs::read_to_string(&p).unwrap(), title);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(format!("{} {}", lines[0].text, lines[1].text), title);
    for l in &lines {
        assert!(
            (l.size - 14.0 * MM_PER_PT).abs() < 0.01,
            "not shrunk: {l:?}"
        );
    }
    assert!(lines[1].y > lines[0].y + lines[0].size, "{lines:?}");
    // Three lines' worth: as many lines as needed, at the size (a quarter of the page
    // holds them).
    let long = format!("{title}, {title}");
    let p = d.path().join("long.svg");
    render(
        &["render", "--board", "4x4", "--page", "a4", "--title", &long],
        &p,
    );
    let lines = title_lines(&std::fs::read_to_string(&p).unwrap(), &long);
    assert!(lines.len() > 2, "{lines:?}");
    let text: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(text.join(" "), long);
    for l in &lines {
        assert!(
            (l.size - 14.0 * MM_PER_PT).abs() < 0.01,
            "not shrunk: {l:?}"
        );
        let w = helvetica(&l.text, l.size / MM_PER_PT);
        assert!(w <= room + 0.01, "{w} mm in {room} mm: {l:?}");
    }
}
