//! DXF output (`-o NAME.dxf`): each glyph's exact outline as closed LWPOLYLINEs in mm
//! (AC1015, `$INSUNITS` 4), holes as their own contours, one layer per pen. Read back by
//! the `dxf` crate here and by ezdxf (PyPI) where installed: `ezdxf audit` clean, every
//! polyline closed, and the contours' signed areas adding up to the outline's exact area
//! (cells × pitch × half a pitch for a closed Kufic rook tour), which the `--outline`
//! SVG of the same glyph also gives.

use super::common::{arg, installed, run, skip, stderr, svg_tree, tool};
use std::path::Path;

/// `args` with `-o` to `out`.
fn draw(args: &[&str], out: &Path) {
    let mut a: Vec<&str> = args.to_vec();
    a.extend(["-o", arg(out)]);
    let o = run(&a);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// Twice the signed area of a ring (shoelace).
fn area2(ring: &[(f64, f64)]) -> f64 {
    (0..ring.len())
        .map(|i| {
            let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum()
}

/// A polyline read back: its layer, whether it is closed, its points.
type Poly = (String, bool, Vec<(f64, f64)>);

/// The polylines of a DXF file.
fn polylines(p: &Path) -> Vec<Poly> {
    let d = ::dxf::Drawing::load_file(p).unwrap();
    assert_eq!(d.header.version, ::dxf::enums::AcadVersion::R2000);
    assert_eq!(
        d.header.default_drawing_units,
        ::dxf::enums::Units::Millimeters
    );
    d.entities()
        .map(|e| match &e.specific {
            ::dxf::entities::EntityType::LwPolyline(l) => (
                e.common.layer.clone(),
                l.is_closed(),
                l.vertices.iter().map(|v| (v.x, v.y)).collect(),
            ),
            other => panic!("an entity other than LWPOLYLINE: {other:?}"),
        })
        .collect()
}

/// The filled contours of an SVG's paths (the `--outline` glyph), page mm.
fn svg_contours(svg: &[u8]) -> Vec<Vec<(f64, f64)>> {
    use resvg::tiny_skia::PathSegment;
    use resvg::usvg::Node;
    let tree = svg_tree(svg);
    let mut rings = Vec::new();
    fn walk(g: &resvg::usvg::Group, rings: &mut Vec<Vec<(f64, f64)>>) {
        for node in g.children() {
            match node {
                Node::Group(g) => walk(g, rings),
                Node::Path(p) if p.fill().is_some() => {
                    let mut cur = Vec::new();
                    for s in p.data().segments() {
                        match s {
                            PathSegment::MoveTo(q) => {
                                if !cur.is_empty() {
                                    rings.push(std::mem::take(&mut cur));
                                }
                                cur.push((f64::from(q.x), f64::from(q.y)));
                            }
                            PathSegment::LineTo(q) => cur.push((f64::from(q.x), f64::from(q.y))),
                            PathSegment::Close => rings.push(std::mem::take(&mut cur)),
                            other => panic!("a curve in a Kufic outline: {other:?}"),
                        }
                    }
                    if !cur.is_empty() {
                        rings.push(cur);
                    }
                }
                _ => {}
            }
        }
    }
    walk(tree.root(), &mut rings);
    rings
}

const GLYPH: &[&str] = &[
    "glyph", "--board", "6x6", "--id", "17", "--size", "40mm", "--style", "kufic",
];

#[test]
fn a_glyph_is_its_exact_outline_in_closed_polylines() {
    let d = tempfile::tempdir().unwrap();
    let dxf = d.path().join("g.dxf");
    draw(GLYPH, &dxf);
    let polys = polylines(&dxf);
    // A closed rook tour: the outer boundary and the hole, both closed, on the tours layer.
    assert_eq!(polys.len(), 2, "{polys:?}");
    assert!(
        polys
            .iter()
            .all(|(layer, closed, _)| layer == "tours" && *closed)
    );
    let sum: f64 = polys.iter().map(|(_, _, p)| area2(p)).sum::<f64>() / 2.0;
    // Outer and hole of opposite signs: the sum is the band, less than the outer alone.
    let outer = polys
        .iter()
        .map(|(_, _, p)| area2(p).abs() / 2.0)
        .fold(0.0, f64::max);
    assert!(sum.abs() < outer && sum.abs() > 0.0);
    // The exact area: 36 cells × pitch × half a pitch; the outer boundary spans 5.5
    // pitches (cell centres 0 to 5, and a quarter pitch beyond each).
    let xs: Vec<f64> = polys
        .iter()
        .flat_map(|(_, _, p)| p.iter().map(|q| q.0))
        .collect();
    let span =
        xs.iter().cloned().fold(f64::MIN, f64::max) - xs.iter().cloned().fold(f64::MAX, f64::min);
    let pitch = span / 5.5;
    let exact = 36.0 * pitch * pitch / 2.0;
    assert!(
        (sum.abs() - exact).abs() < 1e-4 * exact,
        "{} against {exact}",
        sum.abs()
    );
    // The --outline SVG of the same glyph: the same area.
    let o = run(&[GLYPH, &["--outline", "-o", "-"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let rings = svg_contours(&o.stdout);
    assert_eq!(rings.len(), 2);
    let svg_area: f64 = rings.iter().map(|r| area2(r)).sum::<f64>() / 2.0;
    assert!(
        (svg_area.abs() - sum.abs()).abs() < 0.01,
        "{svg_area} against {sum}"
    );
}

#[test]
fn a_sheet_has_two_contours_a_glyph_and_reads_the_same_twice() {
    let d = tempfile::tempdir().unwrap();
    let args = [
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
    ];
    let (a, b) = (d.path().join("a.dxf"), d.path().join("b.dxf"));
    draw(&args, &a);
    std::thread::sleep(std::time::Duration::from_millis(1100));
    draw(&args, &b);
    assert_eq!(
        std::fs::read(&a).unwrap(),
        std::fs::read(&b).unwrap(),
        "not deterministic"
    );
    let polys = polylines(&a);
    // Hatching is for pens: DXF draws the outlines.
    assert_eq!(polys.len(), 24);
    assert!(polys.iter().all(|(l, c, _)| l == "tours" && *c));
}

/// Read `p` with ezdxf (when installed): its audit, and each LWPOLYLINE's layer, closed
/// flag and signed area.
fn ezdxf_read(p: &Path) -> Option<serde_json::Value> {
    let o = tool(
        "ezdxf",
        &["audit", arg(p)],
        "read back with the dxf crate only",
    )?;
    let out = String::from_utf8_lossy(&o.stdout).into_owned() + &stderr(&o);
    assert!(o.status.success(), "ezdxf audit: {out}");
    // Clean: no error and nothing mended (the table heads' handles, which the dxf crate
    // does not write, are added by tourglyph_draw::dxf).
    assert!(
        out.contains("No errors found") || out.contains("Found 0 errors, applied 0 fixes"),
        "ezdxf audit: {out}"
    );
    assert!(
        !out.lines().any(|l| l.trim_start().starts_with("Fixed")),
        "ezdxf audit mended something: {out}"
    );
    if !installed("python3") {
        skip("python3", "not installed", "ezdxf audit only");
        return None;
    }
    let script = "import sys, json, ezdxf\n\
        doc = ezdxf.readfile(sys.argv[1])\n\
        polys = []\n\
        for e in doc.modelspace():\n\
        \x20   pts = [(p[0], p[1]) for p in e.get_points('xy')] if e.dxftype() == 'LWPOLYLINE' else []\n\
        \x20   a = sum(pts[i][0] * pts[(i + 1) % len(pts)][1] - pts[(i + 1) % len(pts)][0] * pts[i][1] for i in range(len(pts))) / 2\n\
        \x20   polys.append({'type': e.dxftype(), 'layer': e.dxf.layer, 'closed': bool(getattr(e, 'closed', False)), 'area': a})\n\
        print(json.dumps({'version': doc.dxfversion, 'units': doc.header.get('$INSUNITS'), 'layers': [l.dxf.name for l in doc.layers], 'polys': polys}))\n";
    let o = std::process::Command::new("python3")
        .args(["-c", script, arg(p)])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    Some(serde_json::from_slice(&o.stdout).unwrap())
}

#[test]
fn ezdxf_reads_the_outline_and_its_area() {
    let d = tempfile::tempdir().unwrap();
    let dxf = d.path().join("g.dxf");
    draw(GLYPH, &dxf);
    let Some(v) = ezdxf_read(&dxf) else {
        return;
    };
    assert_eq!(v["version"], "AC1015");
    assert_eq!(v["units"], 4);
    for l in ["tours", "frames", "dots"] {
        assert!(
            v["layers"].as_array().unwrap().iter().any(|x| x == l),
            "{v}"
        );
    }
    let polys = v["polys"].as_array().unwrap();
    assert_eq!(polys.len(), 2, "{v}");
    assert!(
        polys
            .iter()
            .all(|p| p["type"] == "LWPOLYLINE" && p["closed"] == true)
    );
    let sum: f64 = polys.iter().map(|p| p["area"].as_f64().unwrap()).sum();
    let ours: f64 = polylines(&dxf)
        .iter()
        .map(|(_, _, p)| area2(p))
        .sum::<f64>()
        / 2.0;
    assert!((sum - ours).abs() < 1e-6, "ezdxf {sum}, dxf crate {ours}");
}

/// Paper pixels (not inked) of an SVG at `k` pixels a mm that a flood fill from the
/// top-left corner does not reach: the islands a cutter would drop.
fn island_pixels(svg: &[u8], k: f32) -> usize {
    let tree = svg_tree(svg);
    let s = k * 25.4 / 96.0;
    let size = tree.size();
    let (w, h) = (
        (size.width() * s).ceil() as usize,
        (size.height() * s).ceil() as usize,
    );
    let mut pix = resvg::tiny_skia::Pixmap::new(w as u32, h as u32).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(s, s),
        &mut pix.as_mut(),
    );
    let ink: Vec<bool> = pix.data().chunks(4).map(|c| c[3] >= 128).collect();
    let mut seen = vec![false; w * h];
    let mut stack = vec![0usize];
    assert!(!ink[0]);
    seen[0] = true;
    while let Some(i) = stack.pop() {
        let (x, y) = (i % w, i / w);
        let near = [
            (x > 0).then(|| i - 1),
            (x + 1 < w).then(|| i + 1),
            (y > 0).then(|| i - w),
            (y + 1 < h).then(|| i + w),
        ];
        for j in near.into_iter().flatten() {
            if !ink[j] && !seen[j] {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    (0..w * h).filter(|&i| !ink[i] && !seen[i]).count()
}

#[test]
fn bridges_keep_the_island_attached() {
    let outline = |n: &str| {
        let o = run(&[GLYPH, &["--outline", "--bridges", n, "-o", "-"]].concat());
        assert!(o.status.success(), "{}", stderr(&o));
        o.stdout
    };
    // Without bridges the inside of the tour is an island; with two it is not.
    let none = island_pixels(&outline("0"), 20.0);
    assert!(none > 10_000, "no island without bridges: {none} pixels");
    assert_eq!(
        island_pixels(&outline("2"), 20.0),
        0,
        "an island with 2 bridges"
    );
    // In DXF: two pieces, no hole (every contour turns the same way), and the band's area
    // less two bridges of 1 mm × half a pitch.
    let d = tempfile::tempdir().unwrap();
    let (plain, cut) = (d.path().join("p.dxf"), d.path().join("c.dxf"));
    draw(GLYPH, &plain);
    draw(&[GLYPH, &["--bridges", "2"]].concat(), &cut);
    let band: f64 = polylines(&plain)
        .iter()
        .map(|(_, _, p)| area2(p))
        .sum::<f64>()
        / 2.0;
    let pieces = polylines(&cut);
    assert_eq!(pieces.len(), 2);
    let signs: Vec<bool> = pieces.iter().map(|(_, _, p)| area2(p) > 0.0).collect();
    assert!(
        signs.iter().all(|&s| s == signs[0]),
        "a hole among the pieces"
    );
    let xs: Vec<f64> = polylines(&plain)
        .iter()
        .flat_map(|(_, _, p)| p.iter().map(|q| q.0))
        .collect();
    let pitch = (xs.iter().cloned().fold(f64::MIN, f64::max)
        - xs.iter().cloned().fold(f64::MAX, f64::min))
        / 5.5;
    let sum: f64 = pieces.iter().map(|(_, _, p)| area2(p)).sum::<f64>() / 2.0;
    let want = band.abs() - 2.0 * 1.0 * pitch / 2.0;
    assert!(
        (sum.abs() - want).abs() < 0.05,
        "{} against {want}",
        sum.abs()
    );
}
