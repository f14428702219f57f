//! Issue 27, numbered tour diagrams: `glyph --numbers` (the `diagram` style) writes the
//! move number in each cell. `pdftotext -bbox` of a numbered 8×8 knight's tour gives back
//! 1 … 64, each in a cell, the cells of consecutive numbers a knight's move apart along
//! the tour's own moves; a rook tour's numbers follow `list`'s order; the SVG holds them
//! as `<text>`.

use crate::common::{arg, run, stderr, stdout, tmp, tool};
use std::collections::BTreeSet;
use tourglyph::layout::glyph::reach;
use tourglyph::layout::grid::Grid;
use tourglyph::layout::style::Style;
use tourglyph::{Board, Piece};

/// (number, x mm, y mm) of each word of page 1 of a PDF that is a whole number; `None`
/// when pdftotext is not installed.
fn pdf_numbers(p: &std::path::Path) -> Option<Vec<(usize, f64, f64)>> {
    let out = p.with_extension("html");
    let o = tool(
        "pdftotext",
        &["-bbox", arg(p), arg(&out)],
        "the numbers are not read back from the PDF",
    )?;
    assert!(o.status.success(), "pdftotext: {}", stderr(&o));
    let html = std::fs::read_to_string(&out).unwrap();
    let attr = |w: &str, name: &str| -> f64 {
        let k = w.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        w[k..k + w[k..].find('"').unwrap()].parse().unwrap()
    };
    let mut words = Vec::new();
    for w in html.split("<word ").skip(1) {
        let text = &w[w.find('>').unwrap() + 1..w.find("</word>").unwrap()];
        let Ok(n) = text.parse::<usize>() else {
            continue;
        };
        let mm = 25.4 / 72.0;
        let x = (attr(w, "xMin") + attr(w, "xMax")) / 2.0 * mm;
        let y = (attr(w, "yMin") + attr(w, "yMax")) / 2.0 * mm;
        words.push((n, x, y));
    }
    Some(words)
}

/// The cell (row, col) under the page point (x, y) mm of a glyph of `board` drawn
/// `size` mm wide in `style`, if within a third of a pitch of its centre.
fn cell_at(
    style: &str,
    board: &str,
    piece: &Piece,
    size: f64,
    x: f64,
    y: f64,
) -> Option<(u32, u32)> {
    let st = Style::resolve(style).unwrap();
    let b: Board = board.parse().unwrap();
    let mut grid = Grid::single(b, size, st.padding).unwrap();
    grid.spec.reach = reach(&st, piece, true);
    let p = grid.slot(0).place;
    let (cx, cy) = ((x - p.x) / p.scale, (y - p.y) / p.scale);
    let (c, r) = (cx.round(), cy.round());
    ((cx - c).abs() < 0.34 && (cy - r).abs() < 0.34 && c >= 0.0 && r >= 0.0)
        .then_some((r as u32, c as u32))
}

#[test]
fn a_numbered_knights_tour_reads_back_from_the_pdf_in_its_cells() {
    let d = tmp();
    let o = run(&[
        "find", "--board", "8x8", "--closed", "--seed", "1", "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let cells: Vec<(u32, u32)> = v["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_u64().unwrap() as u32, c[1].as_u64().unwrap() as u32))
        .collect();
    let name = |(r, c): (u32, u32)| format!("{}{}", (b'a' + c as u8) as char, 8 - r);
    let tour: Vec<String> = cells.iter().map(|&c| name(c)).collect();
    let tour = tour.join(" ");
    // The tour's moves, as unordered pairs of cells.
    let edge = |a: (u32, u32), b: (u32, u32)| if a < b { (a, b) } else { (b, a) };
    let moves: BTreeSet<_> = (0..cells.len())
        .map(|i| edge(cells[i], cells[(i + 1) % cells.len()]))
        .collect();
    for ext in ["pdf", "svg", "ps", "png"] {
        let p = d.path().join(format!("n.{ext}"));
        let o = run(&[
            "glyph",
            "--piece",
            "knight",
            "--board",
            "8x8",
            "--tour",
            &tour,
            "--style",
            "diagram",
            "--size",
            "120mm",
            "-o",
            arg(&p),
        ]);
        assert!(o.status.success(), "{ext}: {}", stderr(&o));
    }
    let svg = std::fs::read_to_string(d.path().join("n.svg")).unwrap();
    let texts: BTreeSet<usize> = svg
        .split("<text")
        .skip(1)
        .map(|t| {
            t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()]
                .trim()
                .parse()
                .unwrap()
        })
        .collect();
    assert_eq!(texts, (1..=64).collect(), "one <text> a cell, 1 to 64");
    let Some(words) = pdf_numbers(&d.path().join("n.pdf")) else {
        return;
    };
    let mut at = vec![None; 65];
    for &(n, x, y) in &words {
        assert!((1..=64).contains(&n), "{n}");
        let c = cell_at("diagram", "8x8", &Piece::knight(), 120.0, x, y)
            .unwrap_or_else(|| panic!("{n} at ({x:.1}, {y:.1}) mm is in no cell's middle"));
        assert!(at[n].replace(c).is_none(), "{n} twice");
    }
    let at: Vec<(u32, u32)> = at[1..].iter().map(|c| c.expect("every number")).collect();
    let distinct: BTreeSet<_> = at.iter().collect();
    assert_eq!(distinct.len(), 64, "64 cells");
    // Step k to step k + 1 (and 64 back to 1) is one of the tour's moves.
    for k in 0..64 {
        let (a, b) = (at[k], at[(k + 1) % 64]);
        assert!(
            moves.contains(&edge(a, b)),
            "{} to {}",
            k + 1,
            (k + 1) % 64 + 1
        );
    }
}

#[test]
fn a_rook_tour_is_numbered_in_lists_order_and_numbers_only_drops_the_line() {
    let d = tmp();
    let o = run(&["list", "--board", "4x4", "--json"]);
    let line = stdout(&o).lines().nth(2).unwrap().to_string();
    let v: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(v["id"], 2);
    let cells: Vec<(u32, u32)> = v["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_u64().unwrap() as u32, c[1].as_u64().unwrap() as u32))
        .collect();
    let p = d.path().join("r.pdf");
    let o = run(&[
        "glyph",
        "--board",
        "4x4",
        "--id",
        "2",
        "--numbers",
        "--size",
        "60mm",
        "-o",
        arg(&p),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    if let Some(words) = pdf_numbers(&p) {
        assert_eq!(words.len(), 16);
        for (n, x, y) in words {
            let c = cell_at("line", "4x4", &Piece::rook(), 60.0, x, y).expect("in a cell");
            assert_eq!(c, cells[n - 1], "number {n}");
        }
    }
    // numbers_only: the numbers, no line.
    let style = d.path().join("only.toml");
    std::fs::write(&style, "numbers = \"steps\"\nnumbers_only = true\n").unwrap();
    let q = d.path().join("only.svg");
    let o = run(&[
        "glyph",
        "--board",
        "4x4",
        "--id",
        "2",
        "--style",
        arg(&style),
        "-o",
        arg(&q),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&q).unwrap();
    assert_eq!(svg.matches("<text").count(), 16);
    assert!(!svg.contains("<path"), "no line: {svg}");
}

/// A numbered sheet (`render --numbers`): every glyph of the page carries 1…N once each,
/// and in each glyph the numbers k and k+1 lie a knight's move apart (N back to 1: the
/// tours are closed), in the SVG's `<text>` and, where poppler is installed, in the PDF's
/// extracted text.
#[test]
fn a_numbered_sheet_numbers_every_glyph_along_its_tour() {
    let d = tmp();
    let base = [
        "render",
        "--piece",
        "knight",
        "--board",
        "6x6",
        "--sample",
        "3",
        "--seed",
        "4",
        "--numbers",
        "--no-captions",
    ];
    let (svg, pdf) = (d.path().join("s.svg"), d.path().join("s.pdf"));
    for out in [&svg, &pdf] {
        let mut a = base.to_vec();
        a.extend(["-o", arg(out)]);
        let o = run(&a);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    // (number, x, y) of each <text> that is a whole number.
    let text = std::fs::read_to_string(&svg).unwrap();
    let mut found = Vec::new();
    for t in text.split("<text ").skip(1) {
        let body = t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()].trim();
        let Ok(n) = body.parse::<usize>() else {
            continue;
        };
        let attr = |name: &str| -> f64 {
            let k = t.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
            t[k..k + t[k..].find('"').unwrap()].parse().unwrap()
        };
        found.push((n, attr("x"), attr("y")));
    }
    let check = |found: &[(usize, f64, f64)], what: &str| {
        assert_eq!(found.len(), 3 * 36, "{what}: three glyphs of 36 numbers");
        for k in 1..=36 {
            let c = found.iter().filter(|w| w.0 == k).count();
            assert_eq!(c, 3, "{what}: {k} appears {c} times");
        }
        // The pitch: the least distance between two numbers (neighbouring cells).
        let dist = |a: &(usize, f64, f64), b: &(usize, f64, f64)| {
            ((a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)).sqrt()
        };
        let mut pitch = f64::INFINITY;
        for (i, a) in found.iter().enumerate() {
            for b in &found[i + 1..] {
                pitch = pitch.min(dist(a, b));
            }
        }
        let knight = pitch * 5f64.sqrt();
        // Follow each glyph's chain from its 1: exactly one k+1 a knight's move away.
        for start in found.iter().filter(|w| w.0 == 1) {
            let mut at = *start;
            for k in 2..=37 {
                let want = if k == 37 { 1 } else { k };
                let next: Vec<_> = found
                    .iter()
                    .filter(|w| w.0 == want && (dist(&at, w) - knight).abs() < 0.1 * pitch)
                    .collect();
                assert_eq!(next.len(), 1, "{what}: after {} at {at:?}", at.0);
                at = *next[0];
            }
            assert_eq!(at, *start, "{what}: the chain closes on its own 1");
        }
    };
    check(&found, "SVG");
    if let Some(words) = pdf_numbers(&pdf) {
        // Less the footer's words ("3 of the 9,862 …") at the foot of the A4 page.
        let words: Vec<_> = words.into_iter().filter(|w| w.2 < 280.0).collect();
        check(&words, "PDF");
    }
}

/// Issue 56 item 5: the cell (row, col) of each number 1…N of a numbered SVG glyph of
/// `board` drawn `size` mm wide in `style`, read back from its `<text>` elements (their
/// x and y, in mm from the page's top-left corner).
fn svg_numbers(svg: &str, style: &str, board: &str, piece: &Piece, size: f64) -> Vec<(u32, u32)> {
    let attr = |t: &str, name: &str| -> f64 {
        let k = t.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        t[k..k + t[k..].find('"').unwrap()].parse().unwrap()
    };
    let mut at = BTreeSet::new();
    for t in svg.split("<text").skip(1) {
        let n: usize = t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()]
            .trim()
            .parse()
            .unwrap();
        let (x, y) = (attr(t, "x"), attr(t, "y"));
        let c = cell_at(style, board, piece, size, x, y)
            .unwrap_or_else(|| panic!("{n} at ({x}, {y}) mm is in no cell's middle"));
        at.insert((n, c));
    }
    let cells: Vec<(u32, u32)> = at.iter().map(|&(_, c)| c).collect();
    assert_eq!(
        at.iter().map(|&(n, _)| n).collect::<Vec<_>>(),
        (1..=cells.len()).collect::<Vec<_>>(),
        "the numbers 1…N once each"
    );
    cells
}

/// (row, col) of an algebraic cell name on a board `rows` high (rank 1 the bottom row).
fn rc(name: &str, rows: u32) -> (u32, u32) {
    let col = u32::from(name.as_bytes()[0] - b'a');
    let rank: u32 = name[1..].parse().unwrap();
    (rows - rank, col)
}

/// Run `args` (writing `out`, an SVG of a glyph `size` mm wide in `style`) and read its
/// numbers back as cells.
fn numbered(
    args: &[&str],
    out: &std::path::Path,
    (style, board): (&str, &str),
    piece: &Piece,
    size: f64,
) -> Vec<(u32, u32)> {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    let svg = std::fs::read_to_string(out).unwrap();
    svg_numbers(&svg, style, board, piece, size)
}

#[test]
fn find_start_numbers_from_the_start_cell() {
    let d = tmp();
    let p = d.path().join("f.svg");
    let o = run(&["find", "--board", "8x8", "--closed", "--start", "a1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let printed: Vec<String> = stdout(&o).split_whitespace().map(String::from).collect();
    assert_eq!(printed[0], "a1");
    let at = numbered(
        &[
            "find",
            "--board",
            "8x8",
            "--closed",
            "--start",
            "a1",
            "--style",
            "diagram",
            "-o",
            arg(&p),
        ],
        &p,
        ("diagram", "8x8"),
        &Piece::knight(),
        50.0,
    );
    let want: Vec<(u32, u32)> = printed.iter().map(|c| rc(c, 8)).collect();
    assert_eq!(at, want, "numbered as printed, 1 on a1");
}

#[test]
fn a_typed_tour_is_numbered_from_its_first_cell_in_the_typed_direction() {
    let d = tmp();
    let o = run(&["find", "--board", "8x8", "--closed", "--start", "a1"]);
    let tour: Vec<String> = stdout(&o).split_whitespace().map(String::from).collect();
    // Typed both ways round, from a1 and from the middle of the printed order.
    let mut back = tour.clone();
    back[1..].reverse();
    let mut middle = tour.clone();
    middle.rotate_left(20);
    for typed in [tour, back, middle] {
        let p = d.path().join("t.svg");
        let text = typed.join(" ");
        let at = numbered(
            &[
                "glyph",
                "--piece",
                "knight",
                "--board",
                "8x8",
                "--tour",
                &text,
                "--numbers",
                "--size",
                "50mm",
                "-o",
                arg(&p),
            ],
            &p,
            ("line", "8x8"),
            &Piece::knight(),
            50.0,
        );
        let want: Vec<(u32, u32)> = typed.iter().map(|c| rc(c, 8)).collect();
        assert_eq!(
            (at[0], at[1]),
            (want[0], want[1]),
            "1 on {}, 2 on {}",
            typed[0],
            typed[1]
        );
        assert_eq!(at, want, "numbered as typed");
    }
}

#[test]
fn an_open_tour_is_numbered_from_the_end_typed_first() {
    let d = tmp();
    let o = run(&["find", "--board", "5x5", "--start", "a1"]);
    let tour: Vec<String> = stdout(&o).split_whitespace().map(String::from).collect();
    assert_eq!(tour.len(), 25);
    let mut back = tour.clone();
    back.reverse();
    for typed in [tour, back] {
        let p = d.path().join("o.svg");
        let text = typed.join(" ");
        let at = numbered(
            &[
                "glyph",
                "--piece",
                "knight",
                "--board",
                "5x5",
                "--open",
                "--tour",
                &text,
                "--numbers",
                "--size",
                "50mm",
                "-o",
                arg(&p),
            ],
            &p,
            ("line", "5x5"),
            &Piece::knight(),
            50.0,
        );
        let want: Vec<(u32, u32)> = typed.iter().map(|c| rc(c, 5)).collect();
        assert_eq!(at, want, "numbered from {} as typed", typed[0]);
    }
}

#[test]
fn start_and_reverse_turn_the_numbers_of_glyph_render_and_animate() {
    let d = tmp();
    let p = d.path().join("s.svg");
    // glyph --id: 1 on --start, 2 on one of its tour neighbours; --reverse the other one.
    let base = |extra: &[&str]| {
        let mut a = vec![
            "glyph",
            "--board",
            "4x4",
            "--id",
            "2",
            "--numbers",
            "--size",
            "50mm",
        ];
        a.extend_from_slice(extra);
        a.extend(["-o", arg(&p)]);
        numbered(&a, &p, ("line", "4x4"), &Piece::rook(), 50.0)
    };
    let plain = base(&[]);
    let from = base(&["--start", "c2"]);
    assert_eq!(from[0], rc("c2", 4), "1 on c2");
    let i = plain.iter().position(|&c| c == rc("c2", 4)).unwrap();
    let mut turned = plain.clone();
    turned.rotate_left(i);
    assert_eq!(from, turned, "the same walk, from c2");
    let back = base(&["--start", "c2", "--reverse"]);
    assert_eq!(back[0], rc("c2", 4));
    assert_eq!(back[1], turned[15], "the other way round");
    // The animation's page numbers as it walks.
    let anim = base(&["--start", "c2", "--animate"]);
    assert_eq!(anim, turned, "animated from c2");
    // render --numbers --start: the sheet's glyph numbered from c2 (its numbers' x and
    // y values, sorted, give each number's column and row).
    let q = d.path().join("sheet.svg");
    let o = run(&[
        "render",
        "--board",
        "4x4",
        "--range",
        "2..3",
        "--numbers",
        "--start",
        "c2",
        "--no-captions",
        "-o",
        arg(&q),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&q).unwrap();
    let attr = |t: &str, name: &str| -> f64 {
        let k = t.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        t[k..k + t[k..].find('"').unwrap()].parse().unwrap()
    };
    let mut nums = Vec::new();
    for t in svg.split("<text").skip(1) {
        let body = t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()].trim();
        if let Ok(n) = body.parse::<usize>() {
            nums.push((n, attr(t, "x"), attr(t, "y")));
        }
    }
    assert_eq!(nums.len(), 16, "{svg}");
    let rank = |v: f64, all: Vec<f64>| {
        let mut u: Vec<f64> = all;
        u.sort_by(f64::total_cmp);
        u.dedup_by(|a, b| (*a - *b).abs() < 0.01);
        u.iter().position(|&w| (w - v).abs() < 0.01).unwrap() as u32
    };
    let xs: Vec<f64> = nums.iter().map(|n| n.1).collect();
    let ys: Vec<f64> = nums.iter().map(|n| n.2).collect();
    let mut sheet: Vec<(usize, (u32, u32))> = nums
        .iter()
        .map(|&(n, x, y)| (n, (rank(y, ys.clone()), rank(x, xs.clone()))))
        .collect();
    sheet.sort();
    let sheet: Vec<(u32, u32)> = sheet.into_iter().map(|(_, c)| c).collect();
    assert_eq!(sheet, turned, "the sheet's tour 2 numbered from c2");
}
