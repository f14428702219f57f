//! What plotting an SVG file costs, layer by layer: the length drawn with the pen down,
//! the length travelled with it up, how often it is lowered, and an estimate of the time.
//!
//! The file is read as a plotter's software reads it: every path (and rectangle, circle,
//! line, polygon: `usvg` turns each into a path, with its transforms applied) is drawn,
//! one pen stroke per subpath, in document order; text and images are not drawn; a top-level
//! Inkscape layer (`<g inkscape:groupmode="layer">`) whose label starts with `%` is not
//! plotted (the AxiDraw convention, which tourglyph's captions layer follows), and marks
//! outside every layer are counted under the label `""`. Curves are measured along 64
//! chords each (within about 1e-4 of their length).
//!
//! - **Pen-down length**: the length of every subpath (a closed one with its closing
//!   line).
//! - **Pen-up length**: within a layer, from the end of each subpath to the start of the
//!   next, in document order (vpype's `stat` measures the same), so a layer's first
//!   stroke is reached from wherever the pen was.
//! - **Pen lifts**: the subpaths, each drawn with the pen lowered once.
//! - **Time**: both lengths at the given speed, and [`LIFT_SECONDS`] for each lift.
//!
//! Lengths are millimetres: `usvg` maps the document to CSS pixels (96 to the inch), so a
//! file whose `width` says `mm` and whose `viewBox` is in mm (as tourglyph writes) is
//! measured in its own units.

use resvg::usvg;
use tourglyph_core::error::{Error, Result};
use usvg::tiny_skia_path::{PathSegment, Point};

/// Seconds a pen takes to rise and come down again (a servo lift's usual setting).
pub const LIFT_SECONDS: f64 = 0.3;

/// Millimetres per CSS pixel.
const MM_PER_PX: f64 = 25.4 / 96.0;

/// Chords per curve.
const CHORDS: u32 = 64;

/// The Inkscape namespace.
const INKSCAPE: &str = "http://www.inkscape.org/namespaces/inkscape";

/// What one layer costs to plot.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct LayerStats {
    /// The layer's label (`1 tours`), `""` for marks outside every layer.
    pub label: String,
    /// Length drawn, mm.
    pub pen_down: f64,
    /// Length travelled between strokes, mm.
    pub pen_up: f64,
    /// Strokes (subpaths), each a pen lift.
    pub lifts: u64,
}

impl LayerStats {
    /// Seconds to plot at `speed` mm/s, pen up and down, with [`LIFT_SECONDS`] a lift.
    pub fn seconds(&self, speed: f64) -> f64 {
        (self.pen_down + self.pen_up) / speed + self.lifts as f64 * LIFT_SECONDS
    }

    fn add(&mut self, o: &LayerStats) {
        self.pen_down += o.pen_down;
        self.pen_up += o.pen_up;
        self.lifts += o.lifts;
    }
}

/// The layers of an SVG document in the order they first hold a stroke, then their sum
/// (labelled `total`).
pub fn measure(src: &str) -> Result<(Vec<LayerStats>, LayerStats)> {
    let opts = usvg::Options::default();
    let tree = usvg::Tree::from_str(src, &opts)
        .map_err(|e| Error::usage(format!("not an SVG document that can be read: {e}")))?;
    // The labels of top-level layers, by id (usvg keeps groups' ids, not their labels).
    let xml = usvg::roxmltree::Document::parse(src)
        .map_err(|e| Error::usage(format!("not an XML document: {e}")))?;
    let mut labels: Vec<(String, String)> = Vec::new();
    for g in xml
        .root_element()
        .children()
        .filter(|n| n.has_tag_name("g"))
    {
        if g.attribute((INKSCAPE, "groupmode")) == Some("layer") {
            if let Some(id) = g.attribute("id") {
                let label = g.attribute((INKSCAPE, "label")).unwrap_or(id);
                labels.push((id.to_string(), label.to_string()));
            }
        }
    }
    let mut layers: Vec<(LayerStats, Option<Point>)> = Vec::new();
    for node in tree.root().children() {
        walk(node, "", &labels, &mut layers);
    }
    let layers: Vec<LayerStats> = layers
        .into_iter()
        .map(|(l, _)| l)
        .filter(|l| l.lifts > 0)
        .collect();
    let mut total = LayerStats {
        label: "total".into(),
        ..LayerStats::default()
    };
    for l in &layers {
        total.add(l);
    }
    Ok((layers, total))
}

/// Add the strokes under `node` to their layers: the layer of the nearest group around
/// them that is one of `labels` (usvg may wrap the document's groups in its own), else
/// `label`; each layer with where its pen was last.
fn walk(
    node: &usvg::Node,
    label: &str,
    labels: &[(String, String)],
    layers: &mut Vec<(LayerStats, Option<Point>)>,
) {
    match node {
        usvg::Node::Group(g) => {
            let label = labels
                .iter()
                .find(|(id, _)| !id.is_empty() && id == g.id())
                .map_or(label, |(_, l)| l.as_str());
            if label.starts_with('%') {
                return;
            }
            for c in g.children() {
                walk(c, label, labels, layers);
            }
        }
        usvg::Node::Path(p) => {
            let i = match layers.iter().position(|(l, _)| l.label == label) {
                Some(i) => i,
                None => {
                    layers.push((
                        LayerStats {
                            label: label.to_string(),
                            ..LayerStats::default()
                        },
                        None,
                    ));
                    layers.len() - 1
                }
            };
            let (stats, pen) = &mut layers[i];
            path(p, stats, pen);
        }
        _ => {}
    }
}

/// Add the strokes of `p` to `stats`, the pen last at `pen`.
fn path(p: &usvg::Path, stats: &mut LayerStats, pen: &mut Option<Point>) {
    let t = p.abs_transform();
    let map = |mut q: Point| {
        t.map_point(&mut q);
        q
    };
    let mut start = Point::zero();
    let mut at = Point::zero();
    for seg in p.data().segments() {
        match seg {
            PathSegment::MoveTo(q) => {
                let q = map(q);
                if let Some(e) = *pen {
                    stats.pen_up += len(e, q);
                }
                stats.lifts += 1;
                start = q;
                at = q;
            }
            PathSegment::LineTo(q) => {
                let q = map(q);
                stats.pen_down += len(at, q);
                at = q;
            }
            PathSegment::QuadTo(c, q) => {
                let (c, q) = (map(c), map(q));
                let (a, c, q) = (xy(at), xy(c), xy(q));
                stats.pen_down += chords(|s: f64| {
                    let r = 1.0 - s;
                    let (k0, k1, k2) = (r * r, 2.0 * r * s, s * s);
                    (
                        k0 * a.0 + k1 * c.0 + k2 * q.0,
                        k0 * a.1 + k1 * c.1 + k2 * q.1,
                    )
                });
                at = map_back(q);
            }
            PathSegment::CubicTo(c1, c2, q) => {
                let (c1, c2, q) = (map(c1), map(c2), map(q));
                let (a, c1, c2, qq) = (xy(at), xy(c1), xy(c2), xy(q));
                stats.pen_down += chords(|s: f64| {
                    let r = 1.0 - s;
                    let (k0, k1, k2, k3) = (r * r * r, 3.0 * r * r * s, 3.0 * r * s * s, s * s * s);
                    (
                        k0 * a.0 + k1 * c1.0 + k2 * c2.0 + k3 * qq.0,
                        k0 * a.1 + k1 * c1.1 + k2 * c2.1 + k3 * qq.1,
                    )
                });
                at = q;
            }
            PathSegment::Close => {
                stats.pen_down += len(at, start);
                at = start;
            }
        }
        *pen = Some(at);
    }
}

/// A point as f64.
fn xy(p: Point) -> (f64, f64) {
    (f64::from(p.x), f64::from(p.y))
}

/// The point `(x, y)` back as usvg's.
fn map_back(p: (f64, f64)) -> Point {
    Point::from_xy(p.0 as f32, p.1 as f32)
}

/// The distance between two points, mm.
fn len(a: Point, b: Point) -> f64 {
    let (dx, dy) = (
        f64::from(a.x) - f64::from(b.x),
        f64::from(a.y) - f64::from(b.y),
    );
    (dx * dx + dy * dy).sqrt() * MM_PER_PX
}

/// The length of the curve `f` over [0, 1] along [`CHORDS`] chords, mm.
fn chords(f: impl Fn(f64) -> (f64, f64)) -> f64 {
    let mut total = 0.0;
    let mut a = f(0.0);
    for i in 1..=CHORDS {
        let b = f(f64::from(i) / f64::from(CHORDS));
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        total += (dx * dx + dy * dy).sqrt();
        a = b;
    }
    total * MM_PER_PX
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(body: &str) -> String {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="{INKSCAPE}" width="100mm" height="50mm" viewBox="0 0 100 50">{body}</svg>"#
        )
    }

    #[test]
    fn lengths_lifts_and_layers() {
        let src = doc(concat!(
            r#"<g id="a" inkscape:groupmode="layer" inkscape:label="1 tours">"#,
            r#"<path d="M0 0L10 0M10 10L10 20" stroke="black" fill="none"/>"#,
            r#"<path d="M0 0L3 0L3 4Z" stroke="black" fill="none"/></g>"#,
            r#"<g id="b" inkscape:groupmode="layer" inkscape:label="% captions"><path d="M0 0L50 0" stroke="black"/></g>"#,
            r#"<path d="M0 0C0 10 10 10 10 0" stroke="black" fill="none"/>"#,
        ));
        let (layers, total) = measure(&src).unwrap();
        assert_eq!(layers.len(), 2, "{layers:?}");
        let t = &layers[0];
        assert_eq!(t.label, "1 tours");
        assert_eq!(t.lifts, 3);
        // Drawn: 10 + 10 + (3 + 4 + 5); travelled: (10,0)→(10,10) and (10,20)→(0,0).
        assert!((t.pen_down - 32.0).abs() < 1e-3, "{t:?}");
        let up = 10.0 + (100.0f64 + 400.0).sqrt();
        assert!((t.pen_up - up).abs() < 1e-3, "{t:?}");
        // A cubic from (0,0) to (10,0) bulging to y = 7.5: longer than its chord.
        let c = &layers[1];
        assert_eq!((c.label.as_str(), c.lifts), ("", 1));
        assert!(c.pen_down > 10.0 && c.pen_down < 30.0, "{c:?}");
        assert_eq!(total.lifts, 4);
        assert!((t.seconds(10.0) - ((32.0 + up) / 10.0 + 0.9)).abs() < 1e-3);
    }

    #[test]
    fn not_svg_is_a_usage_error() {
        let e = measure("not xml").unwrap_err();
        assert!(e.is_usage(), "{e}");
    }
}
