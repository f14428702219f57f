//! Plotter SVG: pens by layer (`--layers-by`, `--split-layers`), the travel order
//! (`--optimize`), `plot-stats`, and vpype reading our files (skipped without vpype).
//!
//! Each claim is checked against a second, independent reading: layers against the pen-down
//! length of the same sheet without layers; the optimised order against the unoptimised
//! file's strokes, compared one by one; `plot-stats` against vpype's `stat`.

use super::common::{run, run_threads, stderr, tool};
use std::path::Path;

/// A style file: kufic with a red frame and blue dots, so each part has its own colour.
fn frame_style(dir: &Path) -> String {
    let p = dir.join("framed.toml");
    std::fs::write(
        &p,
        "stroke_width = 0.5\nstroke = \"#1a1a1a\"\njoin = \"miter\"\ncap = \"square\"\n\
         frame = \"#c0392b\"\ndots = \"#2471a3\"\nplot = \"hatch\"\n",
    )
    .unwrap();
    p.display().to_string()
}

/// Run the binary; it must succeed.
fn ok(args: &[&str]) -> Vec<u8> {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    o.stdout
}

/// One layer of `plot-stats --json`: (label, pen-down mm, pen-up mm, lifts).
type Layer = (String, f64, f64, u64);

/// `plot-stats --json` of `file`: each layer, and the total (pen-down, pen-up, lifts).
fn stats(file: &Path) -> (Vec<Layer>, (f64, f64, u64)) {
    let out = ok(&["plot-stats", "--json", &file.display().to_string()]);
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let row = |l: &serde_json::Value| {
        (
            l["label"].as_str().unwrap().to_string(),
            l["pen_down_mm"].as_f64().unwrap(),
            l["pen_up_mm"].as_f64().unwrap(),
            l["lifts"].as_u64().unwrap(),
        )
    };
    let layers = v["layers"].as_array().unwrap().iter().map(row).collect();
    let (_, d, u, n) = row(&v["total"]);
    (layers, (d, u, n))
}

/// The inkscape:label of every layer, in document order.
fn labels(svg: &str) -> Vec<String> {
    svg.split("inkscape:label=\"")
        .skip(1)
        .map(|s| s[..s.find('"').unwrap()].to_string())
        .collect()
}

#[test]
fn layers_by_role_put_each_part_on_its_pen() {
    let d = tempfile::tempdir().unwrap();
    let style = frame_style(d.path());
    let (plain, layered) = (d.path().join("plain.svg"), d.path().join("layered.svg"));
    let base = ["render", "--board", "6x6", "--classes", "--limit", "12"];
    let with = |extra: &[&str], out: &Path| {
        let mut a: Vec<&str> = base.to_vec();
        a.extend_from_slice(&["--style", &style]);
        a.extend_from_slice(extra);
        let o = out.display().to_string();
        a.extend_from_slice(&["-o", &o]);
        ok(&a);
    };
    with(&[], &plain);
    with(&["--layers-by", "role"], &layered);
    let p = std::fs::read_to_string(&plain).unwrap();
    let l = std::fs::read_to_string(&layered).unwrap();
    // Without the flag: the one glyphs layer, as before.
    assert_eq!(labels(&p), ["glyphs", "% captions"]);
    assert_eq!(
        labels(&l),
        ["1 tours", "2 frames", "3 dots", "% captions"],
        "{l}"
    );
    // Each layer's group carries its pen's colour, and holds only marks of that colour.
    for (label, color) in [
        ("1 tours", "#1a1a1a"),
        ("2 frames", "#c0392b"),
        ("3 dots", "#2471a3"),
    ] {
        let at = l.find(&format!("inkscape:label=\"{label}\"")).unwrap();
        let group = &l[l[..at].rfind("<g").unwrap()..];
        let group = &group[..group.find("</g>").unwrap()];
        assert!(group.contains(&format!("stroke=\"{color}\"")), "{group}");
        let others = ["#1a1a1a", "#c0392b", "#2471a3"]
            .into_iter()
            .filter(|c| *c != color);
        for c in others {
            assert!(!group.contains(c), "{label} holds {c}");
        }
    }
    // The same strokes, only grouped: the pen-down length of the plain file equals the
    // layers' sum; plot-stats names the layers.
    let (layers, total) = stats(&layered);
    let names: Vec<&str> = layers.iter().map(|l| l.0.as_str()).collect();
    assert_eq!(names, ["1 tours", "2 frames", "3 dots"]);
    let (_, plain_total) = stats(&plain);
    assert!(
        (total.0 - plain_total.0).abs() < 1e-6 * total.0,
        "{total:?} {plain_total:?}"
    );
    assert_eq!(total.2, plain_total.2);
    // By colour: tours, frames and dots differ in colour here, so three pens again.
    let by_colour = d.path().join("colour.svg");
    with(&["--layers-by", "color"], &by_colour);
    let c = std::fs::read_to_string(&by_colour).unwrap();
    assert_eq!(
        labels(&c),
        [
            "1 tours #1a1a1a",
            "2 frames #c0392b",
            "3 dots #2471a3",
            "% captions"
        ]
    );
}

/// The subpaths of every `<path d>` of an SVG, each as a canonical list of points (a
/// closed ring as the least of its rotations either way round; an open line in its lesser
/// direction), sorted: what a plot draws, whatever the order and direction.
fn strokes(svg: &str) -> Vec<Vec<(i64, i64)>> {
    let mut out = Vec::new();
    for part in svg.split(" d=\"").skip(1) {
        let d = &part[..part.find('"').unwrap()];
        let mut cur: Vec<(i64, i64)> = Vec::new();
        let mut closed = false;
        let mut flush = |cur: &mut Vec<(i64, i64)>, closed: bool| {
            if cur.is_empty() {
                return;
            }
            let mut pts = std::mem::take(cur);
            if closed {
                if pts.len() > 1 && pts[0] == pts[pts.len() - 1] {
                    pts.pop();
                }
                // The least of its rotations either way round (a joined stroke may pass
                // its least point more than once).
                let least = *pts.iter().min().unwrap();
                let mut rev = pts.clone();
                rev.reverse();
                let mut best: Option<Vec<(i64, i64)>> = None;
                for way in [&pts, &rev] {
                    for k in (0..way.len()).filter(|&k| way[k] == least) {
                        let mut r = way.clone();
                        r.rotate_left(k);
                        if best.as_ref().is_none_or(|b| r < *b) {
                            best = Some(r);
                        }
                    }
                }
                pts = best.unwrap();
                pts.push((i64::MIN, 0));
            } else {
                let rev: Vec<_> = pts.iter().rev().copied().collect();
                pts = pts.min(rev);
            }
            out.push(pts);
        };
        // Our path data: M/L with two numbers, Z; numbers to 1e-4 mm.
        let q = |t: &str| (t.parse::<f64>().unwrap() * 1e4).round() as i64;
        let mut tokens = d.split(['M', 'L', 'Z', ' ']).filter(|t| !t.is_empty());
        let ops: Vec<char> = d.chars().filter(|c| "MLZC".contains(*c)).collect();
        assert!(!ops.contains(&'C'), "curves in a hatch plot: {d}");
        for op in ops {
            match op {
                'M' => {
                    flush(&mut cur, closed);
                    closed = false;
                    cur.push((q(tokens.next().unwrap()), q(tokens.next().unwrap())));
                }
                'L' => cur.push((q(tokens.next().unwrap()), q(tokens.next().unwrap()))),
                _ => closed = true,
            }
        }
        flush(&mut cur, closed);
    }
    out.sort();
    out
}

#[test]
fn optimize_draws_the_same_strokes_with_less_travel() {
    let d = tempfile::tempdir().unwrap();
    let (a, b) = (d.path().join("ids.svg"), d.path().join("opt.svg"));
    let base = [
        "render",
        "--board",
        "6x6",
        "--classes",
        "--page",
        "a3",
        "--style",
        "kufic",
        "--plot",
        "hatch",
    ];
    let render = |extra: &[&str], out: &Path| {
        let mut v: Vec<&str> = base.to_vec();
        v.extend_from_slice(extra);
        let o = out.display().to_string();
        v.extend_from_slice(&["-o", &o]);
        ok(&v);
    };
    render(&[], &a);
    render(&["--optimize"], &b);
    let (sa, sb) = (
        std::fs::read_to_string(&a).unwrap(),
        std::fs::read_to_string(&b).unwrap(),
    );
    // Every stroke drawn, each once: the same subpaths, as sets with repeats.
    let (pa, pb) = (strokes(&sa), strokes(&sb));
    // A glyph's hatch lines and edge are one stroke: at least one a glyph.
    assert!(pa.len() >= 149, "{}", pa.len());
    assert_eq!(pa.len(), pb.len());
    assert!(pa == pb, "the optimised file draws other strokes");
    // Every glyph once, its id kept.
    let ids = |s: &str| {
        let mut v: Vec<String> = s
            .split("id=\"tour-")
            .skip(1)
            .map(|t| t[..t.find('"').unwrap()].to_string())
            .collect();
        v.sort();
        v
    };
    assert_eq!(ids(&sa).len(), 149);
    assert_eq!(ids(&sa), ids(&sb));
    // Less travel with the pen up. Each glyph is one stroke, so ID order travels only from
    // glyph to glyph along the rows: the optimised order takes 54 % of it (3,346 mm
    // against 6,211); at most 60 %. (With a stroke a hatch line the goal was 40 %.)
    let ((_, ta), (_, tb)) = (stats(&a), stats(&b));
    assert_eq!(ta.2, tb.2, "pen lifts");
    assert!((ta.0 - tb.0).abs() < 1e-6 * ta.0, "pen-down {ta:?} {tb:?}");
    assert!(
        tb.1 <= 0.6 * ta.1,
        "pen-up: optimised {} against {}",
        tb.1,
        ta.1
    );
    // Deterministic, whatever the thread count.
    let again = d.path().join("again.svg");
    let again_s = again.display().to_string();
    let mut v: Vec<&str> = base.to_vec();
    v.extend_from_slice(&["--optimize", "-o", &again_s]);
    let o = run_threads(&v, 1);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&again).unwrap(), sb.as_bytes());
}

#[test]
fn split_layers_writes_a_file_per_pen() {
    let d = tempfile::tempdir().unwrap();
    let style = frame_style(d.path());
    let out = d.path().join("sheet.svg");
    let whole = d.path().join("whole.svg");
    let o = out.display().to_string();
    let w = whole.display().to_string();
    let base = [
        "render",
        "--board",
        "4x4",
        "--style",
        &style,
        "--layers-by",
        "role",
    ];
    let mut v = base.to_vec();
    v.extend_from_slice(&["--split-layers", "-o", &o]);
    ok(&v);
    let mut v = base.to_vec();
    v.extend_from_slice(&["-o", &w]);
    ok(&v);
    assert!(!out.exists());
    let (layers, _) = stats(&whole);
    for (name, (label, down, _, lifts)) in ["1-tours", "2-frames", "3-dots"].iter().zip(&layers) {
        let f = d.path().join(format!("sheet-{name}.svg"));
        let s = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert_eq!(labels(&s), std::slice::from_ref(label));
        let (one, total) = stats(&f);
        assert_eq!(one.len(), 1);
        assert!(
            (total.0 - down).abs() < 1e-6 * down,
            "{label}: {total:?} {down}"
        );
        assert_eq!(total.2, *lifts);
    }
    let mut names: Vec<String> = std::fs::read_dir(d.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("sheet"))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "sheet-1-tours.svg",
            "sheet-2-frames.svg",
            "sheet-3-dots.svg"
        ]
    );
}

#[test]
fn plotter_bold_is_kufic_hatched_optimised_on_layers() {
    let s = String::from_utf8(ok(&["styles", "plotter-bold"])).unwrap();
    for k in [
        "plot = \"hatch\"",
        "optimize = true",
        "layers_by = \"role\"",
        "stroke_width = 0.5",
    ] {
        assert!(s.contains(k), "{k} in {s}");
    }
    let svg = String::from_utf8(ok(&[
        "glyph",
        "--board",
        "6x6",
        "--id",
        "17",
        "--style",
        "plotter-bold",
        "-o",
        "-",
    ]))
    .unwrap();
    assert_eq!(labels(&svg), ["1 tours", "% captions"]);
    assert!(svg.contains("id=\"tour-17\""), "{svg}");
}

/// One layer of `vpype … stat`: length and pen-up length in mm, stroke colour, name.
#[derive(Debug, Default)]
struct VpLayer {
    length: f64,
    pen_up: f64,
    stroke: String,
    name: String,
}

/// Parse `vpype … stat` (lengths in CSS pixels).
fn vpype_layers(out: &str) -> Vec<VpLayer> {
    let px = 25.4 / 96.0;
    let mut v: Vec<VpLayer> = Vec::new();
    for line in out.lines() {
        let t = line.trim();
        if t.starts_with("Totals") {
            break;
        }
        let value = |k: &str| t.strip_prefix(k).map(|x| x.trim_matches('\'').to_string());
        if t.starts_with("Layer ") {
            v.push(VpLayer::default());
        } else if let Some(l) = v.last_mut() {
            if let Some(x) = value("Length: ") {
                l.length = x.parse::<f64>().unwrap() * px;
            } else if let Some(x) = value("Pen-up length: ") {
                l.pen_up = x.parse::<f64>().unwrap() * px;
            } else if let Some(x) = value("svg_stroke: ") {
                l.stroke = x;
            } else if let Some(x) = value("vp_name: ") {
                l.name = x;
            }
        }
    }
    v
}

#[test]
fn vpype_reads_our_layers_and_pen_down_length() {
    let d = tempfile::tempdir().unwrap();
    let style = frame_style(d.path());
    let f = d.path().join("plot.svg");
    let fs = f.display().to_string();
    ok(&[
        "render",
        "--board",
        "6x6",
        "--classes",
        "--limit",
        "20",
        "--style",
        &style,
        "--layers-by",
        "role",
        "--optimize",
        "-o",
        &fs,
    ]);
    let (ours, _) = stats(&f);
    // By colour (the command): one layer per stroke colour, each as long as ours.
    let Some(o) = tool(
        "vpype",
        &["read", "--attr", "stroke", &fs, "stat"],
        "checked the layers with plot-stats only",
    ) else {
        return;
    };
    assert!(o.status.success(), "{}", stderr(&o));
    let theirs = vpype_layers(&String::from_utf8_lossy(&o.stdout));
    assert_eq!(theirs.len(), ours.len(), "{theirs:?} {ours:?}");
    for (label, color) in [
        ("1 tours", "#1a1a1a"),
        ("2 frames", "#c0392b"),
        ("3 dots", "#2471a3"),
    ] {
        let ours = ours.iter().find(|l| l.0 == label).unwrap();
        let theirs = theirs.iter().find(|l| l.stroke == color).unwrap();
        let rel = (theirs.length - ours.1).abs() / ours.1;
        assert!(
            rel < 0.005,
            "{label}: vpype {} mm, plot-stats {} mm",
            theirs.length,
            ours.1
        );
    }
    // By group (vpype's default): the layers we wrote, numbered by their labels.
    let o = tool("vpype", &["read", &fs, "stat"], "checked by colour only").unwrap();
    let theirs = vpype_layers(&String::from_utf8_lossy(&o.stdout));
    let names: Vec<&str> = theirs.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["1 tours", "2 frames", "3 dots"], "{theirs:?}");
    for (t, o) in theirs.iter().zip(&ours) {
        assert!((t.length - o.1).abs() / o.1 < 0.005, "{t:?} {o:?}");
        // Pen-up as vpype measures it: between a layer's strokes, in document order.
        assert!(
            (t.pen_up - o.2).abs() <= 0.005 * o.2.max(1.0),
            "{t:?} {o:?}"
        );
    }
}

/// The stroke colour of the glyph `tour-ID` in an SVG, and the label of the layer it is in.
fn glyph_colour_and_layer(svg: &str, id: u64) -> (String, String) {
    let at = svg
        .find(&format!("id=\"tour-{id}\""))
        .unwrap_or_else(|| panic!("no glyph tour-{id}"));
    let start = svg[..at].rfind('<').unwrap();
    let end = at + svg[at..].find('>').unwrap();
    let tag = &svg[start..end];
    let colour = tag
        .split("stroke=\"")
        .nth(1)
        .map(|s| s[..s.find('"').unwrap()].to_string())
        .unwrap_or_default();
    let layer = svg[..start]
        .rsplit("inkscape:label=\"")
        .next()
        .map(|s| s[..s.find('"').unwrap()].to_string())
        .unwrap();
    (colour, layer)
}

#[test]
fn glyphs_coloured_by_orbit_or_tour_go_on_a_pen_a_colour() {
    let d = tempfile::tempdir().unwrap();
    // The orbit of each class, by the other door: `list --classes --json`.
    let listed = String::from_utf8(ok(&["list", "--board", "6x6", "--classes", "--json"])).unwrap();
    let orbits: Vec<(u64, u64)> = listed
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (v["id"].as_u64().unwrap(), v["orbit"].as_u64().unwrap())
        })
        .collect();
    assert_eq!(orbits.len(), 149);
    let palette = "#000000 #0072b2 #d55e00 #009e73";
    let out = d.path().join("orbits.svg");
    ok(&[
        "render",
        "--board",
        "6x6",
        "--classes",
        "--page",
        "a3",
        "--style",
        "kufic",
        "--color-by",
        "orbit",
        "--palette",
        palette,
        "--layers-by",
        "color",
        "-o",
        &out.display().to_string(),
    ]);
    let svg = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        labels(&svg),
        // No class of 6x6 is its own orbit: the first colour (orbit 1) has no pen.
        [
            "1 tours #0072b2",
            "2 tours #d55e00",
            "3 tours #009e73",
            "% captions"
        ]
    );
    // Orbits of 1, 2, 4 and 8 tours take the palette's colours in that order, each glyph
    // on its colour's pen.
    let colours: Vec<&str> = palette.split(' ').collect();
    let mut seen = std::collections::BTreeSet::new();
    for &(id, orbit) in &orbits {
        let want = colours[orbit.trailing_zeros() as usize];
        let (colour, layer) = glyph_colour_and_layer(&svg, id);
        assert_eq!(colour, want, "tour {id} of orbit {orbit}");
        assert!(layer.ends_with(want), "tour {id} on layer {layer}");
        seen.insert(orbit);
    }
    assert_eq!(
        seen.len(),
        3,
        "6x6 classes have orbits of 2, 4 and 8 tours: {seen:?}"
    );
    // plot-stats sees the pens, and the pen-down length is the one-colour sheet's.
    let plain = d.path().join("plain.svg");
    ok(&[
        "render",
        "--board",
        "6x6",
        "--classes",
        "--page",
        "a3",
        "--style",
        "kufic",
        "--layers-by",
        "color",
        "-o",
        &plain.display().to_string(),
    ]);
    let (layers, total) = stats(&out);
    let (_, plain_total) = stats(&plain);
    assert!(layers.len() >= 3, "{layers:?}");
    assert!(
        (total.0 - plain_total.0).abs() < 1e-6 * total.0,
        "{total:?} {plain_total:?}"
    );
    // By tour: the ID around the palette, on any sheet.
    let by_tour = d.path().join("tours.svg");
    ok(&[
        "render",
        "--board",
        "4x4",
        "--color-by",
        "tour",
        "--palette",
        "red,#00f",
        "--layers-by",
        "color",
        "-o",
        &by_tour.display().to_string(),
    ]);
    let svg = std::fs::read_to_string(&by_tour).unwrap();
    for id in 0..6u64 {
        let want = ["#ff0000", "#0000ff"][(id % 2) as usize];
        assert_eq!(glyph_colour_and_layer(&svg, id).0, want, "tour {id}");
    }
    // Orbits need classes; a bad palette is named.
    for (args, needle) in [
        (
            vec!["render", "--board", "4x4", "--color-by", "orbit"],
            "add --classes",
        ),
        (
            vec![
                "render",
                "--board",
                "4x4",
                "--color-by",
                "tour",
                "--palette",
                "#00f nope",
            ],
            "bad colour \"nope\"",
        ),
        (
            vec![
                "render",
                "--board",
                "4x4",
                "--color-by",
                "tour",
                "--palette",
                " , ",
            ],
            "empty palette",
        ),
        (
            vec!["render", "--board", "4x4", "--color-by", "hue"],
            "color-by",
        ),
    ] {
        let mut a = args.clone();
        let o = d.path().join("x.svg").display().to_string();
        a.extend_from_slice(&["-o", &o]);
        let r = run(&a);
        assert_eq!(r.status.code(), Some(2), "{a:?}");
        let e = stderr(&r);
        assert!(e.contains(needle) && e.lines().count() == 1, "{a:?}: {e}");
    }
}

/// `vpype read F linemerge -t 0.6mm stat`'s count of strokes (the `Path count` of its
/// totals), or `None` without vpype.
fn vpype_linemerged(file: &Path) -> Option<u64> {
    let f = file.display().to_string();
    let o = tool(
        "vpype",
        &["read", &f, "linemerge", "-t", "0.6mm", "stat"],
        "checked the pen lifts against the bands alone",
    )?;
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    let totals = &out[out.find("Totals").expect("vpype stat prints its totals")..];
    let line = totals
        .lines()
        .find_map(|l| l.trim().strip_prefix("Path count: "))
        .expect("vpype stat prints a path count");
    Some(line.trim().parse().unwrap())
}

#[test]
fn hatched_bands_lift_the_pen_once_a_band() {
    // The sheet (one A3 page): 149 closed tours, each a band that is one connected
    // region, so each glyph is one stroke when its hatch lines are joined along the band's
    // edge.
    let d = tempfile::tempdir().unwrap();
    let f = d.path().join("bold.svg");
    let fs = f.display().to_string();
    ok(&[
        "render",
        "--board",
        "6x6",
        "--classes",
        "--style",
        "plotter-bold",
        "--page",
        "a3",
        "-o",
        &fs,
    ]);
    let (layers, _) = stats(&f);
    let tours = layers.iter().find(|l| l.0 == "1 tours").unwrap();
    assert!(
        tours.3 <= 149,
        "{} pen lifts for 149 bands: {layers:?}",
        tours.3
    );
    // vpype's `linemerge` (ends within 0.6 mm joined) finds nothing left to join.
    if let Some(merged) = vpype_linemerged(&f) {
        assert!(
            tours.3 <= merged,
            "{} lifts, vpype linemerge {merged}",
            tours.3
        );
    }
    // Concentric rings, one pen apart, are joined too: a closed band is one stroke.
    let c = d.path().join("rings.svg");
    ok(&[
        "render",
        "--board",
        "6x6",
        "--classes",
        "--style",
        "plotter-bold",
        "--plot",
        "concentric",
        "--page",
        "a3",
        "-o",
        &c.display().to_string(),
    ]);
    let (layers, _) = stats(&c);
    let tours = layers.iter().find(|l| l.0 == "1 tours").unwrap();
    assert!(
        tours.3 <= 149,
        "{} pen lifts for 149 concentric bands: {layers:?}",
        tours.3
    );
}

#[test]
fn pens_by_colour_are_only_those_that_draw() {
    // The sheet: by orbit with the default palette, 6x6 classes have orbits of 2,
    // 4 and 8 tours, so three colours draw glyphs; and by tour, two tours use two colours.
    let d = tempfile::tempdir().unwrap();
    for (name, extra) in [
        (
            "orbits.svg",
            &["--board", "6x6", "--classes", "--color-by", "orbit"][..],
        ),
        (
            "tours.svg",
            &["--board", "6x6", "--limit", "2", "--color-by", "tour"][..],
        ),
    ] {
        let f = d.path().join(name);
        let mut args = vec!["render", "--page", "a3"];
        args.extend_from_slice(extra);
        let fs = f.display().to_string();
        args.extend_from_slice(&["--layers-by", "color", "-o", &fs]);
        ok(&args);
        let svg = std::fs::read_to_string(&f).unwrap();
        let pens: Vec<String> = labels(&svg)
            .into_iter()
            .filter(|l| !l.starts_with('%'))
            .collect();
        // Numbered 1, 2, 3, … without a gap.
        let numbers: Vec<u32> = pens
            .iter()
            .map(|l| l.split(' ').next().unwrap().parse().unwrap())
            .collect();
        let want: Vec<u32> = (1..=pens.len() as u32).collect();
        assert_eq!(numbers, want, "{name}: {pens:?}");
        // Every pen draws: plot-stats finds strokes on each layer.
        let (layers, _) = stats(&f);
        for p in &pens {
            let l = layers.iter().find(|l| &l.0 == p);
            assert!(
                l.is_some_and(|l| l.3 > 0),
                "{name}: pen {p} draws nothing: {layers:?}"
            );
        }
        let glyph_pens = pens.iter().filter(|p| p.contains("tours")).count();
        assert_eq!(
            glyph_pens,
            if name == "orbits.svg" { 3 } else { 2 },
            "{pens:?}"
        );
    }
}

/// A sheet of many pages by colour: no page holds a pen layer with nothing on it (the
/// 6×6 classes by orbit size on A6 drew "1 tours" empty on 6 of 8 pages), and a pen
/// keeps its number and colour on every page.
#[test]
fn a_page_has_no_empty_pen_layer() {
    let d = tempfile::tempdir().unwrap();
    let f = d.path().join("s.svg");
    ok(&[
        "render",
        "--board",
        "6x6",
        "--classes",
        "--color-by",
        "orbit",
        "--layers-by",
        "color",
        "--page",
        "a6",
        "-o",
        &f.display().to_string(),
    ]);
    let mut seen = std::collections::BTreeMap::new();
    let mut files = 0;
    for k in 1.. {
        let page = d.path().join(format!("s-{k}.svg"));
        if !page.exists() {
            break;
        }
        files += 1;
        // plot-stats lists the layers that draw something; the file has no others.
        let (layers, _) = stats(&page);
        let drawn: Vec<&str> = (layers.iter())
            .filter(|l| l.1 > 0.0)
            .map(|l| l.0.as_str())
            .collect();
        let written = labels(&std::fs::read_to_string(&page).unwrap());
        let pens: Vec<&str> = (written.iter())
            .map(String::as_str)
            .filter(|l| !l.starts_with('%'))
            .collect();
        assert_eq!(pens, drawn, "page {k}");
        for label in pens {
            if let Some((n, rest)) = label.split_once(' ')
                && let Ok(n) = n.parse::<u32>()
            {
                let was = seen.insert(n, rest.to_string());
                assert!(
                    was.as_ref().is_none_or(|w| w == rest),
                    "pen {n}: {was:?} and {rest}"
                );
            }
        }
    }
    assert!(files > 1, "one page only");
    let numbers: Vec<u32> = seen.keys().copied().collect();
    assert_eq!(numbers, (1..=numbers.len() as u32).collect::<Vec<_>>());
}
