//! `render` and `glyph` through the binary: every output checked by an outside validator
//! (`qpdf --check`, Ghostscript, resvg), page 1 rasterised and inspected for ink at every
//! cell centre of every glyph (a blank or shifted page fails), golden 4×4 sheets, byte
//! identity across runs and thread counts, and the error messages.
//!
//! Where qpdf, gs or pdftoppm is not installed, the PDF and PostScript files are still
//! read back in pure Rust (see `common`), but their pages are not rasterised: the ink
//! checks of those formats are skipped with one line naming the tool (under
//! `TOURGLYPH_REQUIRE_TOOLS=1`, as in CI, a missing tool fails instead).

use crate::common::{
    gs, gs_check, qpdf_check, run, run_threads, stderr, stdout, svg_tree, tmp, tool,
};
use std::path::{Path, PathBuf};
use tourglyph::engine::frontier::Zdd;
use tourglyph::layout::glyph::reach;
use tourglyph::layout::grid::{Grid, GridSpec};
use tourglyph::layout::page::PageSpec;
use tourglyph::layout::style::Style;
use tourglyph::{LeapGraph, Piece, TourKind};
use tourglyph::{engine::select::Query, engine::select::tally};
use tourglyph::{layout::sheet_layout, layout::text_size};

/// Resolution of the rasterised pages.
pub(crate) const DPI: f64 = 150.0;

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// `tourglyph ARGS -o out`, which must succeed.
pub(crate) fn render(args: &[&str], out: &Path) {
    let mut a: Vec<&str> = args.to_vec();
    a.extend(["-o", s(out)]);
    if a[0] == "render" {
        a.push("--quiet");
    }
    let o = run(&a);
    assert!(o.status.success(), "{a:?}: {}", stderr(&o));
}

/// A grey raster: width, height, one byte a pixel (0 black, 255 white).
pub(crate) struct Gray {
    pub(crate) w: usize,
    pub(crate) h: usize,
    pub(crate) px: Vec<u8>,
}

impl Gray {
    /// Darkest pixel in a square of side 2r+1 around (x, y) mm.
    fn darkest(&self, x: f64, y: f64, r: i64) -> u8 {
        let (cx, cy) = ((x / 25.4 * DPI) as i64, (y / 25.4 * DPI) as i64);
        let mut d = 255;
        for yy in cy - r..=cy + r {
            for xx in cx - r..=cx + r {
                if xx >= 0 && yy >= 0 && (xx as usize) < self.w && (yy as usize) < self.h {
                    d = d.min(self.px[yy as usize * self.w + xx as usize]);
                }
            }
        }
        d
    }

    /// Darkest pixel in the rectangle [x0, x1) × [y0, y1) mm.
    pub(crate) fn darkest_in(&self, x0: f64, y0: f64, x1: f64, y1: f64) -> u8 {
        let p = |v: f64| (v / 25.4 * DPI).round() as i64;
        let mut d = 255;
        for yy in p(y0).max(0)..p(y1).min(self.h as i64) {
            for xx in p(x0).max(0)..p(x1).min(self.w as i64) {
                d = d.min(self.px[yy as usize * self.w + xx as usize]);
            }
        }
        d
    }
}

/// Parse a binary PGM (P5, maxval 255).
pub(crate) fn pgm(bytes: &[u8]) -> Gray {
    let mut fields = Vec::new();
    let mut i = 0;
    while fields.len() < 4 {
        while bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if bytes[i] == b'#' {
            while bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let st = i;
        while !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[st..i]).into_owned());
    }
    assert_eq!(fields[0], "P5", "not a binary PGM");
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    assert_eq!(fields[3], "255");
    let px = bytes[i + 1..i + 1 + w * h].to_vec();
    Gray { w, h, px }
}

/// Page 1 of a PDF, PS or SVG file as a grey raster at [`DPI`]; `None` where the
/// rasteriser for PDF (pdftoppm) or PostScript (gs) is not installed.
pub(crate) fn raster(p: &Path) -> Option<Gray> {
    let dir = p.parent().unwrap();
    match p.extension().and_then(|e| e.to_str()) {
        Some("pdf") => {
            let prefix = dir.join("r-pdf");
            let r = DPI.to_string();
            let o = tool(
                "pdftoppm",
                &[
                    "-gray",
                    "-r",
                    &r,
                    "-f",
                    "1",
                    "-l",
                    "1",
                    "-singlefile",
                    s(p),
                    s(&prefix),
                ],
                "PDF page not rasterised, ink not checked",
            )?;
            assert!(o.status.success(), "pdftoppm: {}", stderr(&o));
            Some(pgm(&std::fs::read(prefix.with_extension("pgm")).unwrap()))
        }
        Some("ps") => {
            let out = dir.join("r-ps.pgm");
            let o = gs(
                &[
                    "-sDEVICE=pgmraw",
                    &format!("-r{DPI}"),
                    "-dFirstPage=1",
                    "-dLastPage=1",
                    &format!("-sOutputFile={}", s(&out)),
                    s(p),
                ],
                "PostScript page not rasterised, ink not checked",
            )?;
            assert!(o.status.success(), "gs: {}", stderr(&o));
            Some(pgm(&std::fs::read(out).unwrap()))
        }
        Some("svg") => Some(svg_raster(&std::fs::read(p).unwrap())),
        _ => panic!("unknown extension {}", p.display()),
    }
}

/// Parse and rasterise an SVG with resvg (white paper under it).
fn svg_raster(data: &[u8]) -> Gray {
    use resvg::tiny_skia;
    let tree = svg_tree(data);
    // usvg sizes are CSS pixels (96 per inch).
    let k = (DPI / 96.0) as f32;
    let size = tree.size();
    let (w, h) = (
        (size.width() * k).ceil() as u32,
        (size.height() * k).ceil() as u32,
    );
    let mut pm = tiny_skia::Pixmap::new(w, h).expect("pixmap");
    pm.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(k, k),
        &mut pm.as_mut(),
    );
    let px = pm
        .pixels()
        .iter()
        .map(|p| {
            let c = p.demultiply();
            ((u32::from(c.red()) * 3 + u32::from(c.green()) * 6 + u32::from(c.blue())) / 10) as u8
        })
        .collect();
    Gray {
        w: w as usize,
        h: h as usize,
        px,
    }
}

/// The layout the CLI uses for `render --board B [--classes] --page P` in `style`.
fn layout(board: &str, classes: bool, page: &str, style: &str) -> (Grid, Style, u64) {
    let g = LeapGraph::new(board.parse().unwrap(), &Piece::rook()).unwrap();
    let zdd = Zdd::build(&g, TourKind::Closed).unwrap();
    let q = Query {
        classes,
        ..Query::default()
    };
    let n = tally(&zdd, &g, &q).selected;
    let st = Style::resolve(style).unwrap();
    let spec = GridSpec {
        page: PageSpec::parse(page).unwrap(),
        board: g.board(),
        count: n,
        reach: reach(&st, g.piece(), true),
        ..GridSpec::default()
    };
    let (grid, _) = sheet_layout(&st, &spec, true, None, &text_size::bundled).unwrap();
    (grid, st, n)
}

/// Page 1 has ink at every cell centre of every glyph placed on it (every tour passes
/// through every cell centre), and none in the page margins or between glyphs. Skipped
/// (by `raster`) where the format's rasteriser is not installed.
fn check_ink(file: &Path, grid: &Grid, n: u64, style: &Style) {
    let Some(img) = raster(file) else {
        return;
    };
    // A rounded (bevelled) corner leaves its vertex by r(√2 − 1) (r/2) of the pitch: look
    // that far around each cell centre.
    use tourglyph::layout::style::CornerKind;
    let off = match style.corner {
        CornerKind::Sharp => 0.0,
        CornerKind::Round => style.corner_radius * (2f64.sqrt() - 1.0),
        CornerKind::Bevel => style.corner_radius / 2.0,
    };
    // An interlaced band may be light inside: its dark outline lies half a band out.
    let off = if style.interlace {
        off.max(style.band_width / 2.0 + style.band_outline_width)
    } else {
        off
    };
    let win = 1 + (off * grid.pitch / 25.4 * DPI).ceil() as i64;
    let (pw, ph) = (grid.width / 25.4 * DPI, grid.height / 25.4 * DPI);
    assert!(
        (img.w as f64 - pw).abs() <= 2.0 && (img.h as f64 - ph).abs() <= 2.0,
        "{}: page is {}x{} px, expected {pw:.0}x{ph:.0}",
        file.display(),
        img.w,
        img.h
    );
    let b = grid.spec.board;
    let on_page = n.min(grid.per_page());
    for i in 0..on_page {
        let slot = grid.slot(i);
        for r in 0..b.rows {
            for c in 0..b.cols {
                let (x, y) = slot.place.map(f64::from(c), f64::from(r));
                let d = img.darkest(x, y, win);
                // An interlaced band's light inside is ink too (the strapwork style's is
                // grey 230 on white), and so is a numbered diagram's thin light line (the
                // diagram style's is grey 160, 0.025 of a cell wide, lighter still once
                // rasterised).
                let ink = if style.interlace || style.numbers {
                    240
                } else {
                    128
                };
                assert!(
                    d < ink,
                    "{}: glyph {i} has no ink at cell ({r},{c}) = ({x:.1}, {y:.1}) mm (darkest {d})",
                    file.display()
                );
            }
        }
        // The padding just inside the slot's left and top edges is blank.
        let gap = grid.pitch * 0.3;
        let d = img.darkest_in(
            slot.x + 1.0 / DPI * 25.4,
            slot.y + gap * 0.2,
            slot.x + gap,
            slot.y + slot.h - gap,
        );
        assert!(
            d > 200,
            "{}: ink in the left padding of glyph {i} (darkest {d})",
            file.display()
        );
        let d = img.darkest_in(
            slot.x + gap,
            slot.y + 1.0 / DPI * 25.4,
            slot.x + slot.w - gap,
            slot.y + gap,
        );
        assert!(
            d > 200,
            "{}: ink in the top padding of glyph {i} (darkest {d})",
            file.display()
        );
    }
    // Margins: left, right and top strips are blank.
    let m = grid.spec.margin * 0.8;
    for (x0, y0, x1, y1) in [
        (0.0, 0.0, m, grid.height),
        (grid.width - m, 0.0, grid.width, grid.height),
        (0.0, 0.0, grid.width, m),
    ] {
        let d = img.darkest_in(x0, y0, x1, y1);
        assert!(
            d > 200,
            "{}: ink in the margin ({x0:.0},{y0:.0})-({x1:.0},{y1:.0}) mm",
            file.display()
        );
    }
}

/// Validate a file with the tool for its format.
fn validate(p: &Path) {
    match p.extension().and_then(|e| e.to_str()) {
        Some("pdf") => qpdf_check(p),
        Some("ps") => gs_check(p),
        Some("svg") => {
            let _ = svg_raster(&std::fs::read(p).unwrap());
        }
        _ => panic!("unknown extension"),
    }
}

#[test]
fn poster_and_classes_in_every_format_validate_and_have_ink() {
    let d = tmp();
    let (poster, line, n) = layout("6x6", false, "a4", "line");
    assert!(poster.pages > 1);
    let (classes, _, nc) = layout("6x6", true, "a3", "line");
    assert_eq!(classes.pages, 1, "the classes fit one A3 page");
    for ext in ["pdf", "ps", "svg"] {
        let p = d.path().join(format!("poster.{ext}"));
        render(&["render", "--board", "6x6"], &p);
        let first = if ext == "svg" {
            // Several pages: NAME-1.svg, NAME-2.svg, …
            for k in 1..=poster.pages {
                let f = d.path().join(format!("poster-{k}.svg"));
                assert!(f.exists(), "{} missing", f.display());
                validate(&f);
            }
            assert!(!p.exists());
            d.path().join("poster-1.svg")
        } else {
            validate(&p);
            p
        };
        check_ink(&first, &poster, n, &line);
        let c = d.path().join(format!("classes.{ext}"));
        render(
            &["render", "--board", "6x6", "--classes", "--page", "a3"],
            &c,
        );
        validate(&c);
        check_ink(&c, &classes, nc, &line);
    }
}

#[test]
fn every_style_validates_and_has_ink() {
    let d = tmp();
    for (style, _) in tourglyph::layout::style::BUILTIN {
        let (grid, st, n) = layout("6x6", true, "a3", style);
        for ext in ["pdf", "ps", "svg"] {
            let p = d.path().join(format!("{style}.{ext}"));
            render(
                &[
                    "render",
                    "--board",
                    "6x6",
                    "--classes",
                    "--page",
                    "a3",
                    "--style",
                    style,
                ],
                &p,
            );
            validate(&p);
            check_ink(&p, &grid, n, &st);
        }
    }
}

#[test]
fn poster_page_svg_is_one_page() {
    let d = tmp();
    let p = d.path().join("all.svg");
    render(&["render", "--board", "6x6", "--page", "poster"], &p);
    let (grid, st, n) = layout("6x6", false, "poster", "line");
    assert_eq!(grid.pages, 1);
    check_ink(&p, &grid, n, &st);
    let text = std::fs::read_to_string(&p).unwrap();
    assert_eq!(
        text.matches("<path ").count() as u64,
        n,
        "one path per glyph"
    );
    assert_eq!(
        text.matches("Z\"").count() as u64,
        n,
        "every glyph path closed"
    );
    assert!(text.contains("inkscape:groupmode=\"layer\""));
    assert!(text.contains("inkscape:label=\"% captions\""));
}

#[test]
fn glyph_by_id_in_every_format() {
    let d = tmp();
    for ext in ["svg", "pdf", "ps"] {
        let p = d.path().join(format!("g.{ext}"));
        render(&["glyph", "--board", "6x6", "--id", "17"], &p);
        validate(&p);
        let grid = Grid::single("6x6".parse().unwrap(), 50.0, 1.0).unwrap();
        check_ink(&p, &grid, 1, &Style::resolve("line").unwrap());
    }
    // The default size is 50 mm.
    let text = std::fs::read_to_string(d.path().join("g.svg")).unwrap();
    assert!(text.contains("width=\"50mm\""), "{text}");
    // --size
    let p = d.path().join("big.svg");
    render(
        &["glyph", "--board", "6x6", "--id", "17", "--size", "2in"],
        &p,
    );
    assert!(
        std::fs::read_to_string(&p)
            .unwrap()
            .contains("width=\"50.8mm\"")
    );
}

#[test]
fn glyph_of_a_users_tour_and_its_errors() {
    let d = tmp();
    let p = d.path().join("mine.svg");
    // A closed tour of 3×4 (the ring around the middle row is impossible; this snake works).
    let tour = "a1 a2 a3 b3 c3 d3 d2 d1 c1 c2 b2 b1";
    render(&["glyph", "--board", "3x4", "--tour", tour], &p);
    validate(&p);
    let text = std::fs::read_to_string(&p).unwrap();
    assert!(text.contains('Z'), "a closed glyph ends with Z");
    // The first illegal step is named.
    let o = run(&[
        "glyph",
        "--board",
        "3x4",
        "--tour",
        "a1 a3 a2 b2 b3 c3 d3 d2 d1 c1 c2 b1",
        "-o",
        s(&p),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("step 1 from a1 to a3"),
        "{}",
        stderr(&o)
    );
    // An open tour given without --open: the closing step is named, with the fix.
    let open = "a1 a2 a3 b3 c3 d3 d2 c2 b2 b1 c1 d1";
    let o = run(&["glyph", "--board", "3x4", "--tour", open, "-o", s(&p)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("closing step") && stderr(&o).contains("--open"),
        "{}",
        stderr(&o)
    );
    let q = d.path().join("open.svg");
    render(&["glyph", "--board", "3x4", "--open", "--tour", open], &q);
    assert!(
        !std::fs::read_to_string(&q).unwrap().contains('Z'),
        "an open glyph is not closed"
    );
}

#[test]
fn glyph_random_is_seeded() {
    let d = tmp();
    let a = d.path().join("a.svg");
    let b = d.path().join("b.svg");
    render(&["glyph", "--board", "6x6", "--random", "--seed", "9"], &a);
    render(&["glyph", "--board", "6x6", "--random", "--seed", "9"], &b);
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    // Different seeds reach different tours (8 seeds, 1,072 tours).
    let outs: std::collections::BTreeSet<Vec<u8>> = (0..8)
        .map(|seed| {
            let o = run(&[
                "glyph",
                "--board",
                "6x6",
                "--random",
                "--seed",
                &seed.to_string(),
                "-o",
                "-",
                "--format",
                "svg",
            ]);
            assert!(o.status.success(), "{}", stderr(&o));
            o.stdout
        })
        .collect();
    assert!(outs.len() >= 6, "{} distinct of 8", outs.len());
}

#[test]
fn output_is_byte_identical_across_runs_and_threads() {
    let d = tmp();
    for ext in ["pdf", "ps", "svg"] {
        let mut seen: Option<Vec<u8>> = None;
        for threads in [1, 2, 1] {
            let p = d.path().join(format!("t{threads}.{ext}"));
            let o = run_threads(
                &[
                    "render",
                    "--board",
                    "6x6",
                    "--classes",
                    "--page",
                    "a3",
                    "--style",
                    "arabesque",
                    "-o",
                    s(&p),
                ],
                threads,
            );
            assert!(o.status.success(), "{}", stderr(&o));
            let bytes = std::fs::read(&p).unwrap();
            if let Some(prev) = &seen {
                assert!(
                    prev == &bytes,
                    "{ext}: output differs with {threads} threads"
                );
            }
            seen = Some(bytes);
        }
    }
    // A multi-page PDF through the compression pipeline, 1 vs 2 threads.
    let a = d.path().join("p1.pdf");
    let b = d.path().join("p2.pdf");
    assert!(
        run_threads(
            &["render", "--board", "6x6", "--page", "a5", "-o", s(&a)],
            1
        )
        .status
        .success()
    );
    assert!(
        run_threads(
            &["render", "--board", "6x6", "--page", "a5", "-o", s(&b)],
            2
        )
        .status
        .success()
    );
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

/// Golden 4×4 sheets (resvg's convention: `UPDATE_GOLDEN=1` rewrites them; on a mismatch
/// the actual output is written beside the expected one).
#[test]
fn golden_4x4_sheets() {
    let golden = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1");
    let d = tmp();
    let mut bad = vec![];
    for ext in ["pdf", "ps", "svg"] {
        let p = d.path().join(format!("sheet.{ext}"));
        render(
            &[
                "render",
                "--board",
                "4x4",
                "--page",
                "a5",
                "--title",
                "Closed rook tours of 4x4",
            ],
            &p,
        );
        let actual = std::fs::read(&p).unwrap();
        let want = golden.join(format!("4x4.{ext}"));
        if update {
            std::fs::create_dir_all(&golden).unwrap();
            std::fs::write(&want, &actual).unwrap();
            continue;
        }
        let expected = std::fs::read(&want)
            .unwrap_or_else(|_| panic!("{} missing: run with UPDATE_GOLDEN=1", want.display()));
        if expected != actual {
            let beside = golden.join(format!("4x4.actual.{ext}"));
            std::fs::write(&beside, &actual).unwrap();
            bad.push(format!(
                "{} differs; actual written to {}",
                want.display(),
                beside.display()
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn usage_and_runtime_errors() {
    let d = tmp();
    let out = d.path().join("x.pdf");
    // Unknown extension, unknown format, stdout without a format.
    let o = run(&["render", "--board", "4x4", "-o", s(&d.path().join("x.gif"))]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--format"), "{}", stderr(&o));
    let o = run(&["render", "--board", "4x4", "-o", "-"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["render", "--board", "4x4", "-o", s(&out), "--format", "gif"]);
    assert_eq!(o.status.code(), Some(2));
    // Bad page, bad style name, a style file with an unknown key and a bad value.
    let o = run(&["render", "--board", "4x4", "-o", s(&out), "--page", "b7"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&[
        "render",
        "--board",
        "4x4",
        "-o",
        s(&out),
        "--style",
        "gothic",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("kufic"));
    let st = d.path().join("mine.toml");
    std::fs::write(
        &st,
        "stroke_width = 0.3\njoin = \"round\"\nstrok = \"#000\"\n",
    )
    .unwrap();
    let o = run(&["render", "--board", "4x4", "-o", s(&out), "--style", s(&st)]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("mine.toml:3") && e.contains("'strok'"), "{e}");
    std::fs::write(&st, "stroke_width = 0.3\njoin = \"pointy\"\n").unwrap();
    let o = run(&["render", "--board", "4x4", "-o", s(&out), "--style", s(&st)]);
    let e = stderr(&o);
    assert!(e.contains("mine.toml:2") && e.contains("'join'"), "{e}");
    // A good style file works.
    std::fs::write(&st, "stroke_width = 0.3\nstroke = \"#802020\"\n").unwrap();
    render(&["render", "--board", "4x4", "--style", s(&st)], &out);
    qpdf_check(&out);
    // ID out of range names the count.
    let o = run(&["glyph", "--board", "6x6", "--id", "1072", "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("1072"), "{}", stderr(&o));
    // An unwritable target: exit 1, nothing left behind.
    let nodir = d.path().join("no/such/dir/x.pdf");
    let o = run(&["render", "--board", "4x4", "-o", s(&nodir)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("x.pdf"));
    // No temporary files left beside the outputs.
    let left: Vec<_> = std::fs::read_dir(d.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains(".tmp-"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn stdout_output() {
    let o = run(&[
        "render", "--board", "4x4", "-o", "-", "--format", "svg", "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(o.stdout.starts_with(b"<?xml"));
    let _ = svg_raster(&o.stdout);
    let o = run(&[
        "render", "--board", "4x4", "-o", "-", "--format", "pdf", "--quiet",
    ]);
    assert!(o.stdout.starts_with(b"%PDF-1.7"));
    // A multi-page SVG cannot go to stdout.
    let o = run(&["render", "--board", "6x6", "-o", "-", "--format", "svg"]);
    assert_eq!(o.status.code(), Some(2));
}

/// DSC 3.0 caps PostScript lines at 255 characters: a 100×100 knight's tour (10,000 points
/// in one glyph) and a title of 1,000 characters used to make lines of 56,228 and over
/// 1,000 characters; `gs_check` now measures every line.
#[test]
fn postscript_lines_stay_under_255_characters() {
    let dir = tempfile::tempdir().unwrap();
    let knight = dir.path().join("k100.ps");
    let o = run(&[
        "find",
        "--board",
        "100x100",
        "--closed",
        "-o",
        knight.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    gs_check(&knight);
    let long = dir.path().join("title.ps");
    let title = "(a long title) ".repeat(67);
    let o = run(&[
        "render",
        "--board",
        "4x4",
        "--page",
        "5000x300mm",
        "--title",
        &title,
        "-o",
        long.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    gs_check(&long);
    let ps = std::fs::read_to_string(&long).unwrap();
    assert!(
        ps.contains("%%Title: (\\(a long title\\) "),
        "{}",
        &ps[..300]
    );
}

/// Issue 13, defect 9: `glyph -o -` writes SVG to standard output, the same bytes as
/// `-o g.svg`, unless `--format` says otherwise.
#[test]
fn glyph_to_stdout_is_svg() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.svg");
    let o = run(&["glyph", "--board", "6x6", "--id", "17", "-o", "-"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let f = run(&[
        "glyph",
        "--board",
        "6x6",
        "--id",
        "17",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(f.status.success(), "{}", stderr(&f));
    assert!(stdout(&o).contains("<svg"));
    assert_eq!(
        o.stdout,
        std::fs::read(&file).unwrap(),
        "the same SVG as -o g.svg"
    );
    // --format still chooses.
    let o = run(&[
        "glyph", "--board", "6x6", "--id", "17", "-o", "-", "--format", "pdf",
    ]);
    assert!(o.status.success() && o.stdout.starts_with(b"%PDF"));
}
