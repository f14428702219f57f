//! G-code output (`-o NAME.gcode`, `--gcode-profile`): a small reader of its own (below,
//! independent of the `g-code` crate the writer uses) reads each program back into the
//! segments drawn with the pen down, which must be the SVG's stroked paths of the same
//! command within 0.01 mm, in the same order; feeds, pen commands and bounds as the
//! profile says; and a plotter simulator draws the segments to a PNG that must match the
//! SVG's pixels (the PNG is kept in the tests' temporary folder to be looked at).

use super::common::{inked, run, run_threads, stderr, svg_tree};
use std::path::{Path, PathBuf};

/// A segment drawn with the pen, page mm (x right, y down from the top left).
type Seg = ((f64, f64), (f64, f64));

/// How the reader tells the pen's state.
#[derive(Clone, Copy)]
enum Pen {
    /// `M3` down, `M5` up.
    Servo,
    /// Down at or below this Z.
    Z(f64),
}

/// Where the machine's (0, 0) is on the page.
#[derive(Clone, Copy)]
enum Corner {
    BottomLeft,
    TopLeft,
}

/// A program read back.
#[derive(Debug, Default)]
struct Program {
    /// Page size from the first comment, mm.
    size: (f64, f64),
    /// Pen-down segments, page mm.
    segs: Vec<Seg>,
    /// The feed of each pen-down move.
    feeds: Vec<f64>,
    /// The feed of each pen-up G1 move (travel at a feed).
    travel_feeds: Vec<f64>,
    /// Rapid (G0) moves.
    rapids: usize,
    /// Moves made with the pen down by G0 (would smear): must be none.
    rapid_down: usize,
    /// Times the pen went down.
    downs: usize,
    /// Machine coordinates seen: (min X, min Y, max X, max Y), in the program's units.
    bounds: (f64, f64, f64, f64),
    /// Z moves: (Z, feed) of each.
    z_moves: Vec<(f64, Option<f64>)>,
    /// The program is in inches (G20).
    inch: bool,
    /// Words the reader does not know (must be none).
    unknown: Vec<String>,
}

/// Read a G-code program (GRBL words only: G0 G1 G4 G20 G21 G90, M3 M5, S, X Y Z F P).
fn read(text: &str, pen: Pen, corner: Corner) -> Program {
    let mut p = Program {
        bounds: (f64::MAX, f64::MAX, f64::MIN, f64::MIN),
        ..Program::default()
    };
    let (mut x, mut y, mut z) = (0.0f64, 0.0f64, f64::MAX);
    let (mut feed, mut spindle) = (0.0f64, false);
    let mut first = true;
    for raw in text.lines() {
        if first {
            first = false;
            // ";tourglyph G-code, page 1: W x H mm, …"
            let head = raw.split(": ").nth(1).unwrap_or("");
            let mut it = head.split_whitespace();
            let w: f64 = it.next().unwrap_or("0").parse().unwrap();
            let _x = it.next();
            let h: f64 = it.next().unwrap_or("0").parse().unwrap();
            p.size = (w, h);
        }
        let line = raw.split(';').next().unwrap_or("");
        let mut motion: Option<u32> = None;
        let (mut nx, mut ny, mut nz, mut nf) = (None, None, None, None);
        for word in line.split_whitespace() {
            let (letter, value) = word.split_at(1);
            let v: f64 = match value.parse() {
                Ok(v) => v,
                Err(_) => {
                    p.unknown.push(word.to_string());
                    continue;
                }
            };
            match (letter, v) {
                ("G", 0.0) => motion = Some(0),
                ("G", 1.0) => motion = Some(1),
                ("G", 20.0) => p.inch = true,
                ("G", 21.0) => p.inch = false,
                ("G", 4.0) | ("G", 90.0) | ("P", _) | ("S", _) => {}
                ("M", 3.0) => spindle = true,
                ("M", 5.0) => spindle = false,
                ("X", v) => nx = Some(v),
                ("Y", v) => ny = Some(v),
                ("Z", v) => nz = Some(v),
                ("F", v) => nf = Some(v),
                _ => p.unknown.push(word.to_string()),
            }
        }
        if let Some(f) = nf {
            feed = f;
        }
        let was_down = match pen {
            Pen::Servo => spindle,
            Pen::Z(down) => z <= down + 1e-9,
        };
        if let Some(v) = nz {
            z = v;
            p.z_moves.push((v, nf));
        }
        let is_down = match pen {
            Pen::Servo => spindle,
            Pen::Z(down) => z <= down + 1e-9,
        };
        if is_down && !was_down {
            p.downs += 1;
        }
        if nx.is_none() && ny.is_none() {
            if matches!(pen, Pen::Servo) && line.contains("M3") {
                p.downs += 1;
            }
            continue;
        }
        let (ox, oy) = (x, y);
        x = nx.unwrap_or(x);
        y = ny.unwrap_or(y);
        p.bounds = (
            p.bounds.0.min(x),
            p.bounds.1.min(y),
            p.bounds.2.max(x),
            p.bounds.3.max(y),
        );
        let page = |(mx, my): (f64, f64)| {
            let k = if p.inch { 25.4 } else { 1.0 };
            let (mx, my) = (mx * k, my * k);
            match corner {
                Corner::BottomLeft => (mx, p.size.1 - my),
                Corner::TopLeft => (mx, -my),
            }
        };
        match (motion, is_down) {
            (Some(0), true) => p.rapid_down += 1,
            (Some(0), false) => p.rapids += 1,
            (Some(1), true) => {
                if (ox, oy) != (x, y) {
                    p.segs.push((page((ox, oy)), page((x, y))));
                    p.feeds.push(feed);
                }
            }
            (Some(1), false) => p.travel_feeds.push(feed),
            _ => p.unknown.push(format!("a move without G0/G1: {raw}")),
        }
    }
    p
}

/// The stroked paths of an SVG page as segments (page mm), in document order, and its
/// size in mm.
fn svg_segments(svg: &[u8]) -> (Vec<Seg>, (f64, f64)) {
    use resvg::tiny_skia::PathSegment;
    use resvg::usvg::Node;
    let tree = svg_tree(svg);
    let text = String::from_utf8_lossy(svg);
    let vb = text
        .split("viewBox=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let n: Vec<f64> = vb.split(' ').map(|v| v.parse().unwrap()).collect();
    let mut segs = Vec::new();
    fn walk(g: &resvg::usvg::Group, segs: &mut Vec<Seg>) {
        for node in g.children() {
            match node {
                Node::Group(g) => walk(g, segs),
                Node::Path(p) if p.stroke().is_some() => {
                    // User units are mm (the viewBox); the absolute transform adds
                    // the viewBox's scale to CSS pixels (and any group's own), undone by k.
                    let t = p.abs_transform();
                    let k = f64::from(t.sx);
                    let map = |q: resvg::tiny_skia::Point| {
                        let (x, y) = (f64::from(q.x), f64::from(q.y));
                        (
                            (f64::from(t.sx) * x + f64::from(t.kx) * y + f64::from(t.tx)) / k,
                            (f64::from(t.ky) * x + f64::from(t.sy) * y + f64::from(t.ty)) / k,
                        )
                    };
                    let (mut start, mut at) = ((0.0, 0.0), (0.0, 0.0));
                    for s in p.data().segments() {
                        match s {
                            PathSegment::MoveTo(q) => {
                                at = map(q);
                                start = at;
                            }
                            PathSegment::LineTo(q) => {
                                let to = map(q);
                                segs.push((at, to));
                                at = to;
                            }
                            PathSegment::Close => {
                                segs.push((at, start));
                                at = start;
                            }
                            other => panic!("a curve in a plotted glyph: {other:?}"),
                        }
                    }
                }
                _ => {}
            }
        }
    }
    walk(tree.root(), &mut segs);
    (segs, (n[2], n[3]))
}

/// Drop segments shorter than a micrometre (a closing segment onto the start, a repeated
/// point): neither format needs to draw them.
fn drawn(segs: &[Seg]) -> Vec<Seg> {
    segs.iter()
        .copied()
        .filter(|((a, b), (c, d))| (a - c).abs() > 1e-3 || (b - d).abs() > 1e-3)
        .collect()
}

/// The two lists are the same segments in the same order, each end within `tol` mm.
fn assert_same(gcode: &[Seg], svg: &[Seg], tol: f64) {
    let (g, s) = (drawn(gcode), drawn(svg));
    assert!(s.len() > 50, "the SVG drew only {} segments", s.len());
    assert_eq!(g.len(), s.len(), "segment counts differ");
    for (i, (a, b)) in g.iter().zip(&s).enumerate() {
        let d = [a.0.0 - b.0.0, a.0.1 - b.0.1, a.1.0 - b.1.0, a.1.1 - b.1.1]
            .iter()
            .fold(0.0f64, |m, v| m.max(v.abs()));
        assert!(
            d <= tol,
            "segment {i}: G-code {a:?}, SVG {b:?} ({d} mm apart)"
        );
    }
}

/// `args` with `-o` to `out`; the output's text.
fn draw(args: &[&str], out: &Path) -> String {
    let mut a: Vec<&str> = args.to_vec();
    a.extend(["-o", out.to_str().unwrap()]);
    let o = run(&a);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::read_to_string(out).unwrap_or_default()
}

const SHEET: &[&str] = &[
    "render",
    "--board",
    "6x6",
    "--classes",
    "--limit",
    "12",
    "--style",
    "kufic",
    "--plot",
    "hatch",
    "--no-captions",
];

#[test]
fn a_hatched_sheet_reads_back_as_the_svg_paths() {
    let d = tempfile::tempdir().unwrap();
    let svg = d.path().join("s.svg");
    draw(SHEET, &svg);
    let (want, size) = svg_segments(&std::fs::read(&svg).unwrap());
    for (profile, pen, feed) in [
        ("grbl-servo", Pen::Servo, 3000.0),
        ("grbl-z", Pen::Z(0.0), 1500.0),
    ] {
        let out = d.path().join(format!("{profile}.gcode"));
        let mut args = SHEET.to_vec();
        args.extend(["--gcode-profile", profile]);
        let text = draw(&args, &out);
        let p = read(&text, pen, Corner::BottomLeft);
        assert!(p.unknown.is_empty(), "{profile}: {:?}", p.unknown);
        assert_eq!(p.size, size, "{profile}: the page");
        assert_same(&p.segs, &want, 0.01);
        // Every pen-down move at the profile's feed, none by G0, travel by G0 only.
        assert!(
            p.feeds.iter().all(|&f| f == feed),
            "{profile}: {:?}",
            p.feeds
        );
        assert_eq!(p.rapid_down, 0, "{profile}");
        assert!(p.travel_feeds.is_empty() && p.rapids > 0, "{profile}");
        // Pen lifts: at most one a stroke, at least one a glyph.
        assert!(p.downs >= 12, "{profile}: {} pen-downs", p.downs);
        // Bounds: the page, origin bottom-left.
        let (x0, y0, x1, y1) = p.bounds;
        assert!(
            x0 >= 0.0 && y0 >= 0.0 && x1 <= size.0 && y1 <= size.1,
            "{:?}",
            p.bounds
        );
        match pen {
            Pen::Servo => {
                assert!(text.contains("\nM3 S30\nG4 P0.15\n"), "{profile}");
                assert!(text.contains("\nM5\nG4 P0.15\n"), "{profile}");
                assert!(p.z_moves.is_empty());
            }
            Pen::Z(_) => {
                // Down to Z0 at the plunge feed, up to Z3 by G0.
                assert!(p.z_moves.contains(&(0.0, Some(500.0))), "{:?}", p.z_moves);
                assert!(p.z_moves.contains(&(3.0, None)), "{:?}", p.z_moves);
                assert!(p.z_moves.iter().all(|&(z, _)| z == 0.0 || z == 3.0));
                assert!(!text.contains("M3"));
            }
        }
        // The header says mm and absolute coordinates before the first move.
        let head: Vec<&str> = text.lines().take(4).collect();
        assert!(head.contains(&"G21") && head.contains(&"G90"), "{head:?}");
    }
}

#[test]
fn a_profile_file_sets_units_origin_and_feeds() {
    let d = tempfile::tempdir().unwrap();
    let prof = d.path().join("mine.toml");
    std::fs::write(
        &prof,
        "units = \"inch\"\norigin = \"top-left\"\nfeed = 80\ntravel = 200\n\
         pen_up = \"M5\"\npen_down = \"M3 S1000\"\ndwell = 0\n\
         header = \"G17\"\nfooter = \"G0 X0 Y0\\nM2\"\n",
    )
    .unwrap();
    let svg = d.path().join("s.svg");
    draw(SHEET, &svg);
    let (want, size) = svg_segments(&std::fs::read(&svg).unwrap());
    let out = d.path().join("s.gcode");
    let mut args = SHEET.to_vec();
    args.extend(["--gcode-profile", prof.to_str().unwrap()]);
    let text = draw(&args, &out);
    let mut p = read(&text, Pen::Servo, Corner::TopLeft);
    p.unknown.retain(|w| w != "G17" && w != "M2");
    assert!(p.unknown.is_empty(), "{:?}", p.unknown);
    assert!(p.inch);
    // Four decimals of an inch: 2.54 µm.
    assert_same(&p.segs, &want, 0.01);
    assert!(p.feeds.iter().all(|&f| f == 80.0));
    assert!(!p.travel_feeds.is_empty() && p.travel_feeds.iter().all(|&f| f == 200.0));
    assert_eq!(p.rapids, 1, "only the footer's return is rapid");
    let (x0, y0, x1, y1) = p.bounds;
    let (w, h) = (size.0 / 25.4, size.1 / 25.4);
    assert!(
        x0 >= 0.0 && x1 <= w && y0 >= -h && y1 <= 0.0,
        "{:?}",
        p.bounds
    );
    assert!(!text.contains("G4"), "dwell 0 writes no G4");
    assert!(
        text.contains("\nG17\nG20\nG90\n"),
        "the header before the units"
    );
    assert!(text.ends_with("G0 X0 Y0\nM2\n"));
}

#[test]
fn a_sheet_of_pages_is_a_program_a_page_and_the_same_with_any_thread_count() {
    let d = tempfile::tempdir().unwrap();
    let args = [
        "render",
        "--board",
        "6x6",
        "--classes",
        "--style",
        "kufic",
        "--plot",
        "hatch",
        "--page",
        "80x80mm",
        "--columns",
        "3",
    ];
    let out = d.path().join("s.gcode");
    let mut a = args.to_vec();
    a.extend(["-o", out.to_str().unwrap()]);
    let o = run_threads(&a, 1);
    assert!(o.status.success(), "{}", stderr(&o));
    let pages: Vec<PathBuf> = (1..)
        .map(|i| d.path().join(format!("s-{i}.gcode")))
        .take_while(|p| p.exists())
        .collect();
    assert!(pages.len() > 1, "{} pages", pages.len());
    assert!(
        !out.exists(),
        "several pages are NAME-1.gcode, …, not NAME.gcode"
    );
    let first: Vec<Vec<u8>> = pages.iter().map(|p| std::fs::read(p).unwrap()).collect();
    for (i, t) in first.iter().enumerate() {
        let t = String::from_utf8_lossy(t);
        assert!(t.starts_with(&format!(";tourglyph G-code, page {}: 80 x 80 mm", i + 1)));
    }
    let o = run_threads(&a, 2);
    assert!(o.status.success(), "{}", stderr(&o));
    for (p, before) in pages.iter().zip(&first) {
        assert_eq!(&std::fs::read(p).unwrap(), before, "{}", p.display());
    }
}

/// Draw segments as a pen of `pen` mm would, at `k` pixels a mm: the plotter simulator.
fn simulate(segs: &[Seg], size: (f64, f64), pen: f64, k: f64) -> resvg::tiny_skia::Pixmap {
    use resvg::tiny_skia::{LineCap, Paint, PathBuilder, Pixmap, Stroke, Transform};
    let (w, h) = ((size.0 * k).ceil() as u32, (size.1 * k).ceil() as u32);
    let mut pix = Pixmap::new(w, h).unwrap();
    let mut paint = Paint::default();
    paint.set_color_rgba8(0, 0, 0, 255);
    paint.anti_alias = true;
    let stroke = Stroke {
        width: pen as f32,
        line_cap: LineCap::Round,
        ..Stroke::default()
    };
    let mut pb = PathBuilder::new();
    for &((a, b), (c, d)) in segs {
        pb.move_to(a as f32, b as f32);
        pb.line_to(c as f32, d as f32);
    }
    if let Some(path) = pb.finish() {
        pix.stroke_path(
            &path,
            &paint,
            &stroke,
            Transform::from_scale(k as f32, k as f32),
            None,
        );
    }
    pix
}

#[test]
fn the_simulated_plot_matches_the_svg() {
    let d = tempfile::tempdir().unwrap();
    let glyph = [
        "glyph",
        "--board",
        "6x6",
        "--id",
        "17",
        "--size",
        "40mm",
        "--style",
        "kufic",
        "--plot",
        "hatch",
        "--pen-width",
        "0.4",
    ];
    let svg_path = d.path().join("g.svg");
    draw(&glyph, &svg_path);
    let svg = std::fs::read(&svg_path).unwrap();
    let text = draw(&glyph, &d.path().join("g.gcode"));
    let p = read(&text, Pen::Servo, Corner::BottomLeft);
    let k = 20.0;
    let sim = simulate(&p.segs, p.size, 0.4, k);
    let figure = Path::new(env!("CARGO_TARGET_TMPDIR")).join("gcode-simulated-6x6-17.png");
    sim.save_png(&figure).unwrap();
    eprintln!("the simulated plot: {}", figure.display());
    // The SVG as resvg draws it, at the same scale.
    let tree = svg_tree(&svg);
    let mut pix = resvg::tiny_skia::Pixmap::new(sim.width(), sim.height()).unwrap();
    let s = (k * 25.4 / 96.0) as f32;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(s, s),
        &mut pix.as_mut(),
    );
    let (a, b) = (inked(&sim), inked(&pix));
    let inked = b.iter().filter(|&&x| x).count();
    let differ = a.iter().zip(&b).filter(|(x, y)| x != y).count();
    assert!(inked > 20_000, "the SVG inked {inked} pixels");
    // Antialiased edges may fall either side of half: well under 1 % of the ink.
    assert!(
        (differ as f64) < 0.01 * inked as f64,
        "{differ} of {inked} pixels differ between the simulated plot and the SVG"
    );
}
