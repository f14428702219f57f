//! Glyphs as shapes (issue 15): exact Kufic outlines, outlines against strokes in raster,
//! PNG output, `render --split`, style flags and `styles`, the font of tours.

use super::common::{arg, file_names, qpdf_check, run, stderr, stdout, tmp};
use proptest::prelude::*;
use std::path::Path;
use std::process::Command;
use tourglyph::draw::region::signed_area2;
use tourglyph::draw::svg::SvgWriter;
use tourglyph::engine::frontier::Zdd;
use tourglyph::engine::sample::Sampler;
use tourglyph::layout::glyph::glyph_data;
use tourglyph::layout::grid::Grid;
use tourglyph::layout::outline::outline;
use tourglyph::layout::style::Style;
use tourglyph::layout::{Sheet, SheetText};
use tourglyph::{Board, LeapGraph, Piece, Tour, TourKind};

/// `k` uniform random tours of a board, with their graph (the project's sampler).
fn tours(
    piece: &Piece,
    rows: u32,
    cols: u32,
    kind: TourKind,
    k: usize,
    seed: u64,
) -> (LeapGraph, Vec<Tour>) {
    let g = LeapGraph::new(Board::new(rows, cols), piece).expect("graph");
    let z = Zdd::build(&g, kind).expect("diagram");
    if z.count() == 0 {
        return (g, vec![]);
    }
    let t = Sampler::new(seed).tours(&z, k).expect("sample");
    (g, t.into_iter().map(|(_, t)| t).collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Every closed rook tour's Kufic outline is a band of 2 contours (one outer, one hole)
    /// of area cells × pitch × width; every open one a single contour of area
    /// (cells − 1) × pitch × width + width² (quarter-pitch units: pitch 4, width 2).
    #[test]
    fn kufic_outline_contours_and_exact_area(
        rows in 1u32..=7, cols in 1u32..=7, closed in any::<bool>(), seed in any::<u64>()
    ) {
        let kind = if closed { TourKind::Closed } else { TourKind::Open };
        let (g, ts) = tours(&Piece::rook(), rows, cols, kind, 3, seed);
        let style = Style::resolve("kufic").unwrap();
        let cells = i64::from(rows * cols);
        for t in &ts {
            let s = outline(&glyph_data(t, &g, &style), &style);
            prop_assert_eq!(s.unit, 4);
            let areas: Vec<i64> = s.contours.iter().map(|c| signed_area2(c)).collect();
            if closed {
                prop_assert_eq!(s.contours.len(), 2, "{:?}", t.coords(&g));
                prop_assert!(areas[0].signum() * areas[1].signum() == -1, "{:?}", areas);
                prop_assert_eq!(s.area2(), 2 * cells * 4 * 2);
            } else {
                prop_assert_eq!(s.contours.len(), 1, "{:?}", t.coords(&g));
                prop_assert_eq!(s.area2(), 2 * ((cells - 1) * 4 * 2 + 4));
            }
        }
    }
}

/// One glyph as an SVG page (library path), `size` mm.
fn glyph_svg(t: &Tour, g: &LeapGraph, style: &Style, size: f64) -> Vec<u8> {
    let grid = Grid::single(g.board(), size, style.padding).unwrap();
    let w = SvgWriter::new(Box::new(|_| Ok(Vec::<u8>::new())));
    let mut sheet = Sheet::new(w, grid, style, SheetText::default());
    sheet.push(&glyph_data(t, g, style), "").unwrap();
    sheet.finish().unwrap().into_writers().remove(0)
}

/// Alpha channel of an SVG rasterised at `px_per_mm`.
fn alpha(svg: &[u8], px_per_mm: f32) -> (u32, u32, Vec<u8>) {
    use resvg::{tiny_skia, usvg};
    let tree = usvg::Tree::from_data(svg, &usvg::Options::default()).unwrap();
    let k = px_per_mm * 25.4 / 96.0;
    let (w, h) = (
        (tree.size().width() * k).ceil() as u32,
        (tree.size().height() * k).ceil() as u32,
    );
    let mut pm = tiny_skia::Pixmap::new(w, h).unwrap();
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(k, k),
        &mut pm.as_mut(),
    );
    (w, h, pm.pixels().iter().map(|p| p.alpha()).collect())
}

/// Pixels where the outline's and the stroke's rasters differ away from an anti-aliased
/// edge (a pixel whose 3×3 neighbourhood in the stroked raster is all ink or all paper
/// must be the same in both).
fn differences_off_edges(stroked: &[u8], filled: &[u8], w: u32, h: u32) -> usize {
    let (w, h) = (w as i64, h as i64);
    let at = |v: &[u8], x: i64, y: i64| v[(y.clamp(0, h - 1) * w + x.clamp(0, w - 1)) as usize];
    let mut bad = 0;
    for y in 0..h {
        for x in 0..w {
            let (a, b) = (at(stroked, x, y), at(filled, x, y));
            if a.abs_diff(b) <= 16 {
                continue;
            }
            let mut vals = vec![];
            for dy in -1..=1 {
                for dx in -1..=1 {
                    vals.push(at(stroked, x + dx, y + dy));
                }
            }
            let solid = vals.iter().all(|&v| v == 255) || vals.iter().all(|&v| v == 0);
            if solid {
                bad += 1;
            }
        }
    }
    bad
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// The ink an outline covers is the ink the stroke covers: same raster but at edges,
    /// over random tours of random boards, for exact Kufic rook glyphs (closed and open)
    /// and for the polygon-union path (round corners, thin lines, crossing king tours,
    /// knight tours), at random sizes and resolutions.
    #[test]
    fn outline_raster_equals_stroke_raster(
        case in 0usize..6, rows in 2u32..=6, cols in 2u32..=6, seed in any::<u64>(),
        size in 20.0f64..60.0, px in 4.0f32..12.0
    ) {
        let (piece, kind, style, rows, cols) = match case {
            0 => (Piece::rook(), TourKind::Closed, "kufic", rows, cols),
            1 => (Piece::rook(), TourKind::Open, "kufic", rows, cols),
            2 => (Piece::rook(), TourKind::Closed, "arabesque", rows, cols),
            3 => (Piece::rook(), TourKind::Closed, "line", rows, cols),
            4 => (Piece::king(), TourKind::Closed, "kufic", rows.min(4), cols.min(4)),
            _ => (Piece::knight(), TourKind::Open, "kufic", rows.clamp(3, 5), cols.clamp(3, 5)),
        };
        let (g, ts) = tours(&piece, rows, cols, kind, 2, seed);
        prop_assume!(!ts.is_empty());
        let stroked = Style::resolve(style).unwrap();
        let filled = Style {
            outline: true,
            ..stroked.clone()
        };
        for t in &ts {
            let (w, h, a) = alpha(&glyph_svg(t, &g, &stroked, size), px);
            let (w2, h2, b) = alpha(&glyph_svg(t, &g, &filled, size), px);
            prop_assert_eq!((w, h), (w2, h2));
            prop_assert!(a.contains(&255), "the stroke left no ink");
            let bad = differences_off_edges(&a, &b, w, h);
            prop_assert_eq!(
                bad, 0,
                "{} {}x{} {}: {} pixels differ off the edges", piece, rows, cols, style, bad
            );
        }
    }
}

/// A broken outline fails the raster comparison (the comparison can fail).
#[test]
fn raster_comparison_sees_a_missing_hole() {
    let (g, ts) = tours(&Piece::rook(), 6, 6, TourKind::Closed, 1, 3);
    let stroked = Style::resolve("kufic").unwrap();
    let mut s = outline(&glyph_data(&ts[0], &g, &stroked), &stroked);
    s.contours.retain(|c| signed_area2(c) > 0);
    let path = s.to_path(&tourglyph::draw::Place {
        x: 0.0,
        y: 0.0,
        scale: 1.0,
    });
    let d = tourglyph::draw::svg::path_data(&path);
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="-1 -1 10 10"><path d="{d}" fill="black" fill-rule="evenodd"/></svg>"#
    );
    let full = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="-1 -1 10 10"><path d="{}" fill="black" fill-rule="evenodd"/></svg>"#,
        tourglyph::draw::svg::path_data(
            &outline(&glyph_data(&ts[0], &g, &stroked), &stroked).to_path(
                &tourglyph::draw::Place {
                    x: 0.0,
                    y: 0.0,
                    scale: 1.0,
                }
            )
        )
    );
    let (w, h, a) = alpha(full.as_bytes(), 20.0);
    let (_, _, b) = alpha(svg.as_bytes(), 20.0);
    assert!(differences_off_edges(&a, &b, w, h) > 100);
}

/// `--outline` in every vector format: the files validate, and the outline SVG holds one
/// path per glyph, filled, without a stroke.
#[test]
fn outline_flag_in_every_format() {
    let dir = tmp();
    for ext in ["pdf", "ps", "svg"] {
        let f = dir.path().join(format!("c.{ext}"));
        let o = run(&[
            "render",
            "--board",
            "4x4",
            "--style",
            "kufic",
            "--outline",
            "-o",
            arg(&f),
        ]);
        assert!(o.status.success(), "{ext}: {}", stderr(&o));
        match ext {
            "pdf" => qpdf_check(&f),
            "ps" => super::common::gs_check(&f),
            _ => {
                let s = std::fs::read_to_string(&f).unwrap();
                assert_eq!(s.matches("<path").count(), 6, "{s}");
                assert!(!s.contains("stroke="), "{s}");
            }
        }
    }
    let g = dir.path().join("g.svg");
    let o = run(&[
        "glyph",
        "--board",
        "6x6",
        "--id",
        "17",
        "--style",
        "kufic",
        "--outline",
        "-o",
        arg(&g),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let s = std::fs::read_to_string(&g).unwrap();
    assert_eq!(s.matches("<path").count(), 1);
    assert_eq!(s.matches('Z').count(), 2, "a band: outer contour and hole");
    let f = dir.path().join("k.svg");
    let o = run(&[
        "find",
        "--board",
        "6x6",
        "--closed",
        "--style",
        "kufic",
        "--outline",
        "-o",
        arg(&f),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&f).unwrap().contains("fill-rule"));
}

/// The `pHYs` chunk's pixels per metre (x, y) and unit, and the image size.
fn png_info(p: &Path) -> ((u32, u32, u8), (u32, u32)) {
    let d = std::fs::read(p).unwrap();
    assert_eq!(&d[..8], b"\x89PNG\r\n\x1a\n");
    let be = |i: usize| u32::from_be_bytes([d[i], d[i + 1], d[i + 2], d[i + 3]]);
    let i = d
        .windows(4)
        .position(|w| w == b"pHYs")
        .expect("a pHYs chunk");
    ((be(i + 4), be(i + 8), d[i + 12]), (be(16), be(20)))
}

#[test]
fn png_glyph_at_300_dpi_is_591_px_and_says_so() {
    let dir = tmp();
    let p = dir.path().join("g.png");
    let o = run(&[
        "glyph",
        "--board",
        "6x6",
        "--id",
        "17",
        "--style",
        "kufic",
        "-o",
        arg(&p),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let (phys, size) = png_info(&p);
    assert_eq!(size, (591, 591));
    assert_eq!(phys, (11_811, 11_811, 1));
    // Transparent paper unless the style paints a background.
    let img = image_alpha(&p);
    assert_eq!(img[0], 0);
    let q = dir.path().join("h.png");
    let o = run(&[
        "glyph",
        "--board",
        "6x6",
        "--id",
        "17",
        "--dpi",
        "96",
        "--background",
        "white",
        "-o",
        arg(&q),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let (phys, size) = png_info(&q);
    assert_eq!((phys.0, size.0), (3780, 189));
    assert_eq!(image_alpha(&q)[0], 255);
    // Too large: refused with the size, nothing written.
    let big = dir.path().join("big.png");
    let o = run(&[
        "glyph",
        "--board",
        "6x6",
        "--id",
        "1",
        "--size",
        "1000mm",
        "-o",
        arg(&big),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("11811 x 11811 pixel"), "{}", stderr(&o));
    assert!(!big.exists());
}

/// Alpha of each pixel (decoded with the png crate).
fn image_alpha(p: &Path) -> Vec<u8> {
    let dec = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(p).unwrap()));
    let mut r = dec.read_info().unwrap();
    let mut buf = vec![0; r.output_buffer_size().unwrap()];
    let info = r.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba);
    buf.chunks(4).map(|c| c[3]).collect()
}

#[test]
fn render_to_png_writes_one_file_per_page() {
    let dir = tmp();
    let p = dir.path().join("s.png");
    let o = run(&[
        "render",
        "--board",
        "6x6",
        "--page",
        "a5",
        "--dpi",
        "50",
        "-o",
        arg(&p),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let pages: Vec<_> = (1..)
        .map(|i| dir.path().join(format!("s-{i}.png")))
        .take_while(|p| p.exists())
        .collect();
    assert!(pages.len() > 1, "{:?}", pages);
    // A5 at 50 dpi: 148 mm → 291 px.
    assert_eq!(png_info(&pages[0]).1.0, 291);
}

#[test]
fn split_writes_one_file_per_class() {
    let dir = tmp();
    let d = dir.path().join("classes");
    let o = run(&[
        "render",
        "--board",
        "6x6",
        "--classes",
        "--split",
        "--format",
        "svg",
        "-o",
        arg(&d),
    ]);
    // A missing folder is the file system's fault, as for any -o (exit 1, issue 24).
    assert_eq!(o.status.code(), Some(1), "missing folder");
    assert!(stderr(&o).contains("--mkdir"), "{}", stderr(&o));
    let o = run(&[
        "render",
        "--board",
        "6x6",
        "--classes",
        "--split",
        "--format",
        "svg",
        "--mkdir",
        "-o",
        arg(&d),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let names = file_names(&d);
    assert_eq!(names.len(), 149);
    // IDs padded to the widest (the largest class ID has 3 or 4 digits).
    let ids: Vec<u32> = stdout(&run(&["list", "--board", "6x6", "--classes", "--json"]))
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["id"].as_u64().unwrap() as u32
        })
        .collect();
    let width = ids.iter().max().unwrap().to_string().len();
    assert_eq!(names[0], format!("rook-6x6-{:0width$}.svg", ids[0]));
    assert!(names.iter().all(|n| n.len() == names[0].len()));
    for n in &names {
        let s = std::fs::read(d.join(n)).unwrap();
        super::common::svg_tree(&s);
    }
    // A sample draws a tour again: numbered -2.
    let e = dir.path().join("sample");
    let o = run(&[
        "render",
        "--board",
        "2x4",
        "--sample",
        "4",
        "--seed",
        "1",
        "--split",
        "--format",
        "pdf",
        "--mkdir",
        "-o",
        arg(&e),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let got = file_names(&e);
    // 2x4 has one closed rook tour: every draw is ID 0.
    assert_eq!(
        got,
        vec![
            "rook-2x4-0-2.pdf",
            "rook-2x4-0-3.pdf",
            "rook-2x4-0-4.pdf",
            "rook-2x4-0.pdf"
        ]
    );
    // 32,675 files would take minutes (each is synced): refused before the first.
    let big = dir.path().join("big");
    let o = run(&[
        "render",
        "--board",
        "6x8",
        "--split",
        "--mkdir",
        "-o",
        arg(&big),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--split of 32675 tours") && stderr(&o).contains("--force"),
        "{}",
        stderr(&o)
    );
    // The folder --mkdir made for it is removed with the refusal (issue 56, item 20).
    assert!(!big.exists(), "{} left behind", big.display());
}

#[test]
fn style_flags_and_their_errors() {
    let dir = tmp();
    let f = dir.path().join("g.svg");
    let o = run(&[
        "glyph",
        "--board",
        "4x4",
        "--id",
        "0",
        "--stroke",
        "crimson",
        "--fill",
        "#abc",
        "--background",
        "Ivory",
        "--width",
        "0.3",
        "--cap",
        "butt",
        "--join",
        "bevel",
        "--padding",
        "0",
        "-o",
        arg(&f),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let s = std::fs::read_to_string(&f).unwrap();
    for want in [
        "stroke=\"#dc143c\"",
        "fill=\"#aabbcc\"",
        "fill=\"#fffff0\"",
        "stroke-linejoin=\"bevel\"",
        "stroke-linecap=\"butt\"",
    ] {
        assert!(s.contains(want), "{want} in {s}");
    }
    for (args, msg) in [
        (
            vec!["--stroke", "bluish"],
            "tourglyph: --stroke: bad colour \"bluish\"",
        ),
        (
            vec!["--width", "3"],
            "tourglyph: --width: 3 is out of range",
        ),
        (vec!["--cap", "flat"], "tourglyph: --cap: expected one of"),
        (
            vec!["--padding", "x"],
            "tourglyph: --padding: expected a number",
        ),
    ] {
        let mut a = vec!["glyph", "--board", "4x4", "--id", "0", "-o", arg(&f)];
        a.extend(args);
        let o = run(&a);
        assert_eq!(o.status.code(), Some(2));
        let e = stderr(&o);
        assert!(e.starts_with(msg) && e.lines().count() == 1, "{e}");
    }
}

/// `styles` lists the built-ins; `styles NAME` printed to a file and given back as
/// `--style FILE` draws the same bytes, for every built-in and format.
#[test]
fn styles_print_and_round_trip() {
    let o = run(&["styles"]);
    assert!(o.status.success());
    // Each line: a name, then what the style looks like.
    let names: Vec<String> = stdout(&o)
        .lines()
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect();
    assert!(
        names.contains(&"kufic".to_string()) && names.len() >= 6,
        "{names:?}"
    );
    let dir = tmp();
    for n in &names {
        let o = run(&["styles", n]);
        assert!(o.status.success());
        let toml = dir.path().join(format!("{n}-copy.toml"));
        std::fs::write(&toml, &o.stdout).unwrap();
        for ext in ["svg", "pdf"] {
            let a = dir.path().join(format!("a.{ext}"));
            let b = dir.path().join(format!("b.{ext}"));
            for (style, out) in [(n.as_str(), &a), (arg(&toml), &b)] {
                let o = run(&[
                    "render",
                    "--board",
                    "4x4",
                    "--title",
                    "T",
                    "--style",
                    style,
                    "-o",
                    arg(out),
                ]);
                assert!(o.status.success(), "{}", stderr(&o));
            }
            assert_eq!(
                std::fs::read(&a).unwrap(),
                std::fs::read(&b).unwrap(),
                "{n} {ext}"
            );
        }
    }
    let o = run(&["styles", "gothic"]);
    assert_eq!(o.status.code(), Some(2));
}

/// `styles NAME` prints every key the style parser accepts (the list the parser's own
/// "unknown key" error gives), each once, for every built-in; and each printed line alone
/// is a style file the parser accepts.
#[test]
fn styles_print_every_key_the_parser_accepts() {
    let accepted = tourglyph::layout::style::keys();
    // The parser names its keys in the error for an unknown one: the same list.
    let e = Style::parse("no_such_key = 1\n", "s.toml", "s").unwrap_err();
    assert!(
        e.to_string()
            .ends_with(&format!("the keys are {}", accepted.join(", "))),
        "{e}"
    );
    let o = run(&["styles"]);
    for n in stdout(&o)
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
    {
        let o = run(&["styles", n]);
        assert!(o.status.success(), "{}", stderr(&o));
        let text = stdout(&o);
        let printed: Vec<&str> = text
            .lines()
            .filter_map(|l| l.split_once(" = ").map(|(k, _)| k))
            .collect();
        assert_eq!(printed, accepted, "styles {n}");
        for line in text.lines() {
            Style::parse(&format!("{line}\n"), "one.toml", "one")
                .unwrap_or_else(|e| panic!("styles {n}: {line}: {e}"));
        }
    }
}

/// A straight piece of a drawn line: its two ends.
type Piece2 = ((f64, f64), (f64, f64));

/// Proper crossings among `segs` (straight pieces of one closed or open line, in order):
/// pairs that are not neighbours on the line and meet at a point inside both. Pieces
/// shorter than `eps` are dropped first (a corner ending where the next begins).
fn crossings_of(pieces: &[Piece2], closed: bool) -> usize {
    let eps = 1e-9;
    let p: Vec<_> = pieces
        .iter()
        .filter(|(a, b)| {
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            (dx * dx + dy * dy).sqrt() > eps
        })
        .collect();
    let n = p.len();
    let cross = |a: (f64, f64), b: (f64, f64), c: (f64, f64)| {
        (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
    };
    let mut count = 0;
    for i in 0..n {
        for j in i + 2..n {
            if closed && i == 0 && j == n - 1 {
                continue;
            }
            let (&(a, b), &(c, d)) = (p[i], p[j]);
            let (d1, d2) = (cross(a, b, c), cross(a, b, d));
            let (d3, d4) = (cross(c, d, a), cross(c, d, b));
            if d1 * d2 < -eps * eps && d3 * d4 < -eps * eps {
                count += 1;
            }
        }
    }
    count
}

/// The glyph's drawn centre line (its outline, corners treated) as straight pieces, each
/// cubic flattened into 64.
fn flattened(g: &tourglyph::draw::GlyphData) -> Vec<Piece2> {
    use tourglyph::draw::Seg;
    let (mut out, mut at, mut start) = (vec![], (0.0, 0.0), (0.0, 0.0));
    for s in g.outline() {
        match s {
            Seg::MoveTo(x, y) => (at, start) = ((x, y), (x, y)),
            Seg::LineTo(x, y) => {
                out.push((at, (x, y)));
                at = (x, y);
            }
            Seg::CubicTo(x1, y1, x2, y2, x, y) => {
                let p0 = at;
                for k in 1..=64 {
                    let t = f64::from(k) / 64.0;
                    let u = 1.0 - t;
                    let b = |a: f64, b: f64, c: f64, d: f64| {
                        u * u * u * a + 3.0 * u * u * t * b + 3.0 * u * t * t * c + t * t * t * d
                    };
                    let q = (b(p0.0, x1, x2, x), b(p0.1, y1, y2, y));
                    out.push((at, q));
                    at = q;
                }
            }
            Seg::Close => {
                out.push((at, start));
                at = start;
            }
        }
    }
    out
}

/// Issue 24, defect 12: rounded (`arabesque`) and bevelled corners cross the line no more
/// often than the tour itself does (its moves as straight segments): no loop of a corner
/// running over a short side or into a neighbouring move, on king 4×4 tours (ID 5 turns
/// twice by 135° around the short side d1–d2) and knight 6×6 tours (sharp turns of 143°).
/// (Rounding may remove crossings: a knight's sharp turn is cut 0.75 pitch short.)
#[test]
fn rounded_corners_cross_no_more_than_the_tour() {
    let mut styles = vec![Style::resolve("arabesque").unwrap()];
    let mut bevel = Style::resolve("arabesque").unwrap();
    bevel.corner = tourglyph::layout::style::CornerKind::Bevel;
    bevel.corner_radius = 0.5;
    styles.push(bevel);
    let mut bad = vec![];
    // King 4×4: IDs 0 to 199 (ID 5 among them); knight 6×6: 40 uniform random tours.
    let king = LeapGraph::new(Board::new(4, 4), &"king".parse::<Piece>().unwrap()).unwrap();
    let z = Zdd::build(&king, TourKind::Closed).unwrap();
    let kings: Vec<Tour> = (0..200).map(|id| z.unrank(id).unwrap()).collect();
    let knights = tours(&"knight".parse().unwrap(), 6, 6, TourKind::Closed, 40, 7);
    for (piece, n, g, ts) in [
        ("king", 4, king, kings),
        ("knight", 6, knights.0, knights.1),
    ] {
        assert!(!ts.is_empty());
        for t in &ts {
            let pts = t.coords(&g);
            let m = pts.len();
            let seg: Vec<_> = (0..m)
                .map(|i| {
                    let (a, b) = (pts[i], pts[(i + 1) % m]);
                    (
                        (f64::from(a.1), f64::from(a.0)),
                        (f64::from(b.1), f64::from(b.0)),
                    )
                })
                .collect();
            let own = crossings_of(&seg, true);
            for st in &styles {
                let drawn = crossings_of(&flattened(&glyph_data(t, &g, st)), true);
                if drawn > own {
                    bad.push(format!(
                        "{piece} {n}x{n} {} ({:?}): drawn line crosses itself {drawn} times, the tour {own}",
                        t.algebraic(&g),
                        st.corner
                    ));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{} of them:\n{}", bad.len(), bad.join("\n"));
}

/// Counts contours and points of a glyph drawn by skrifa.
#[derive(Default)]
struct Count {
    contours: usize,
    curves: usize,
}

impl skrifa::outline::OutlinePen for Count {
    fn move_to(&mut self, _: f32, _: f32) {
        self.contours += 1;
    }
    fn line_to(&mut self, _: f32, _: f32) {}
    fn quad_to(&mut self, _: f32, _: f32, _: f32, _: f32) {
        self.curves += 1;
    }
    fn curve_to(&mut self, _: f32, _: f32, _: f32, _: f32, _: f32, _: f32) {
        self.curves += 1;
    }
    fn close(&mut self) {}
}

/// The 149-class 6×6 font read back with skrifa: 149 glyphs at U+E000…, each a 2-contour
/// outline named after its ID; the map and the specimen beside it.
#[test]
fn font_of_the_149_classes_reads_back() {
    use skrifa::{FontRef, MetadataProvider, instance::Size};
    let dir = tmp();
    let f = dir.path().join("tours.ttf");
    let o = run(&["font", "--board", "6x6", "--classes", "-o", arg(&f)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let data = std::fs::read(&f).unwrap();
    let font = FontRef::new(&data).expect("a font skrifa reads");
    let map: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("tours.json")).unwrap()).unwrap();
    let map = map.as_array().unwrap();
    assert_eq!(map.len(), 149);
    let outlines = font.outline_glyphs();
    let names = font.glyph_names();
    let charmap = font.charmap();
    for (i, m) in map.iter().enumerate() {
        let cp = 0xE000 + i as u32;
        assert_eq!(m["codepoint"], format!("U+{cp:04X}"));
        assert_eq!(m["cells"].as_array().unwrap().len(), 36);
        let gid = charmap
            .map(cp)
            .unwrap_or_else(|| panic!("U+{cp:04X} unmapped"));
        assert_eq!(
            names.get(gid).unwrap().as_str(),
            format!("tour_6x6_{}", m["id"])
        );
        let mut pen = Count::default();
        outlines
            .get(gid)
            .unwrap()
            .draw(
                skrifa::outline::DrawSettings::unhinted(
                    Size::unscaled(),
                    skrifa::instance::LocationRef::default(),
                ),
                &mut pen,
            )
            .unwrap();
        assert_eq!((pen.contours, pen.curves), (2, 0), "U+{cp:04X}");
    }
    assert_eq!(charmap.map(0xE000 + 149u32), None);
    qpdf_check(&dir.path().join("tours.pdf"));
    // Beyond the Private Use Area: refused with the fix.
    let o = run(&[
        "font",
        "--board",
        "6x8",
        "-o",
        arg(&dir.path().join("x.ttf")),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--classes"), "{}", stderr(&o));
}

/// Whether an optional outside tool is installed (its probe succeeds): `false`, after one line on
/// stderr, when it is not, unless TOURGLYPH_REQUIRE_TOOLS=1 asks for it to be there.
fn have(name: &str, probe: &[&str]) -> bool {
    // Probed by running it (a Python module has no binary of its own); a missing tool is
    // the suite's one skip line, or a failure under TOURGLYPH_REQUIRE_TOOLS.
    let ok = Command::new(name)
        .args(probe)
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        crate::common::skip(name, "not installed", "not checked");
    }
    ok
}

/// fontTools reads the font (ttx) and the OpenType Sanitizer passes it, when installed.
#[test]
fn font_passes_fonttools_and_ots() {
    let dir = tmp();
    let f = dir.path().join("t.ttf");
    let o = run(&["font", "--board", "4x6", "-o", arg(&f)]);
    assert!(o.status.success(), "{}", stderr(&o));
    if have("ttx", &["--version"]) {
        let x = dir.path().join("t.ttx");
        let o = Command::new("ttx")
            .args(["-q", "-o", arg(&x), arg(&f)])
            .output()
            .unwrap();
        assert!(o.status.success(), "ttx: {}", stderr(&o));
        let s = std::fs::read_to_string(&x).unwrap();
        assert!(
            s.contains("tour_4x6_0") && s.contains("0xe024"),
            "37 tours: U+E000…U+E024"
        );
    }
    // PyPI's opentype-sanitizer runs its ots-sanitize as `python3 -m ots`.
    if have("python3", &["-c", "import ots"]) {
        let o = Command::new("python3")
            .args(["-m", "ots", arg(&f)])
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "ots-sanitize: {}{}",
            stdout(&o),
            stderr(&o)
        );
        assert!(
            stdout(&o).contains("sanitized successfully"),
            "{}",
            stdout(&o)
        );
    }
}

/// Inkscape opens the outline SVG as one path and exports it to PNG, when installed.
#[test]
fn outline_svg_opens_in_inkscape() {
    let dir = tmp();
    let f = dir.path().join("g.svg");
    let o = run(&[
        "glyph",
        "--board",
        "6x6",
        "--id",
        "17",
        "--style",
        "kufic",
        "--outline",
        "-o",
        arg(&f),
    ]);
    assert!(o.status.success());
    if !have("inkscape", &["--version"]) {
        return;
    }
    let o = Command::new("inkscape")
        .args(["--query-all", arg(&f)])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    // One object besides the document and its two layers: the glyph's outline path.
    let paths = stdout(&o)
        .lines()
        .filter(|l| {
            !["svg", "glyphs,", "captions,"]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .count();
    assert_eq!(paths, 1, "{}", stdout(&o));
    let png = dir.path().join("g.png");
    let o = Command::new("inkscape")
        .args([
            "--export-type=png",
            &format!("--export-filename={}", arg(&png)),
            arg(&f),
        ])
        .output()
        .unwrap();
    assert!(o.status.success() && png.exists(), "{}", stderr(&o));
}
