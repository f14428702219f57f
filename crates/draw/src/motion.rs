//! A line drawn as it is walked: an animated SVG (SMIL) and still frames of the same walk,
//! each an [`Overlay`] the SVG writer puts on the static page as it writes it (no SVG
//! text is parsed or spliced). Knows no tours: a walk is a polyline in page millimetres
//! with the time each vertex is reached.
//!
//! **How the page moves.** The static page stays as it is, but for the element whose
//! `id` is given (the glyph, [`crate::Label`]), which is hidden until the walk ends. Over
//! it a *pen* path (the walk's polyline, the glyph's stroke) is revealed by animating its
//! dash offset (a dash as long as the path, then a longer gap: offset `L` shows nothing,
//! offset 0 all of it; the offset's key times are the vertices' times, so each move takes
//! its share of the time, linearly along the move), with a disc on the first vertex (the
//! start). When the walk ends, the pen and the disc are hidden and the glyph shown: the
//! last picture is the static page exactly. Looped, the end holds for `hold` seconds
//! and the walk starts again. SMIL only: no script, no external resources; plays in
//! browsers (and Inkscape's preview shows the first picture).
//!
//! A **frame** at a fraction `f` of the walk is the same page with the pen's dash offset
//! and the visibilities set to their values at that time, as a still SVG (no SMIL) to
//! rasterise: the frames of a GIF or APNG ([`crate::frames`]) and the animation show the
//! same picture at the same time. At `f = 1` the frame is the static page itself.

use crate::marks::{Rgb, Stroke};
use crate::num::Num;
use crate::svg::{Lead, Markup, Overlay, cap_name, join_name};
use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use tourglyph_core::error::{Error, Result};

/// The most key times an animation writes: past this many vertices, the dash offset is
/// keyed at every k-th vertex (linear between), so that key times three decimals apart
/// stay increasing ([`crate::num`] writes three).
pub const MAX_KEYS: usize = 400;

/// A walk: the pen's polyline in page mm and when each vertex is reached.
#[derive(Clone, Debug, PartialEq)]
pub struct Walk {
    /// The vertices in walking order (a closed walk repeats its first vertex last).
    pub points: Vec<(f64, f64)>,
    /// The fraction of the walk's time (0 to 1, increasing) at which each vertex is
    /// reached; the first is 0, the last 1.
    pub times: Vec<f64>,
    /// How the pen strokes (the glyph's stroke).
    pub stroke: Stroke,
    /// The start marker's radius, mm, and colour.
    pub marker: (f64, Rgb),
}

/// How long the walk takes and whether it plays again.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// Seconds from the first vertex to the last.
    pub duration: f64,
    /// Seconds the finished picture holds before the walk starts again (looped).
    pub hold: f64,
    /// Play for ever (else once, the finished picture staying).
    pub looped: bool,
}

impl Walk {
    /// A walk through `points` with each segment taking the same time.
    pub fn even(points: Vec<(f64, f64)>, stroke: Stroke, marker: (f64, Rgb)) -> Walk {
        let n = points.len().saturating_sub(1).max(1) as f64;
        let times = (0..points.len()).map(|i| i as f64 / n).collect();
        Walk {
            points,
            times,
            stroke,
            marker,
        }
    }

    /// The length of the pen's path up to each vertex, mm.
    fn lengths(&self) -> Vec<f64> {
        let mut at = Vec::with_capacity(self.points.len());
        let mut s = 0.0;
        for (i, p) in self.points.iter().enumerate() {
            if i > 0 {
                let q = self.points[i - 1];
                s += ((p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1)).sqrt();
            }
            at.push(s);
        }
        at
    }

    /// The length of pen path drawn at fraction `f` of the walk's time.
    pub fn drawn(&self, f: f64) -> f64 {
        let at = self.lengths();
        let total = at.last().copied().unwrap_or(0.0);
        if f <= 0.0 || self.points.len() < 2 {
            return 0.0;
        }
        if f >= 1.0 {
            return total;
        }
        let k = self.times.partition_point(|&t| t <= f).max(1) - 1;
        let k = k.min(self.points.len() - 2);
        let (t0, t1) = (self.times[k], self.times[k + 1]);
        let u = if t1 > t0 { (f - t0) / (t1 - t0) } else { 1.0 };
        at[k] + u.clamp(0.0, 1.0) * (at[k + 1] - at[k])
    }

    /// The pen's `<path>` with its dash set (`offset`) and `inner` as its children.
    fn pen(&self, offset: f64, inner: &Markup) -> Markup {
        let total = self.lengths().last().copied().unwrap_or(0.0);
        let mut d = String::new();
        for (i, &(x, y)) in self.points.iter().enumerate() {
            let _ = write!(d, "{}{} {}", if i == 0 { 'M' } else { 'L' }, Num(x), Num(y));
        }
        let s = &self.stroke;
        let dashes = format!("{} {}", Num(total), Num(total + 1.0));
        let mut m = Markup::new();
        m.open(
            "path",
            &[
                ("d", &d),
                ("fill", &"none"),
                ("stroke", &s.color.hex()),
                ("stroke-width", &Num(s.width)),
                ("stroke-linejoin", &join_name(s.join)),
                ("stroke-linecap", &cap_name(s.cap)),
                ("stroke-miterlimit", &Num(s.miter_limit)),
                ("stroke-dasharray", &dashes),
                ("stroke-dashoffset", &Num(offset)),
            ],
        )
        .markup(inner)
        .close("path");
        m
    }

    /// The start marker, with `inner` as its children.
    fn marker(&self, inner: &Markup) -> Markup {
        let (x, y) = self.points.first().copied().unwrap_or((0.0, 0.0));
        let mut m = Markup::new();
        m.open(
            "circle",
            &[
                ("cx", &Num(x)),
                ("cy", &Num(y)),
                ("r", &Num(self.marker.0)),
                ("fill", &self.marker.1.hex()),
            ],
        )
        .markup(inner)
        .close("circle");
        m
    }
}

/// Key times and values (`value(t)` at each kept vertex time), as SMIL lists.
fn keyed(walk: &Walk, value: impl Fn(f64) -> f64, scale: f64) -> (String, String) {
    let n = walk.times.len();
    let step = n.div_ceil(MAX_KEYS).max(1);
    let mut keep: Vec<usize> = (0..n).step_by(step).collect();
    if keep.last() != Some(&(n - 1)) {
        keep.push(n - 1);
    }
    let (mut times, mut values) = (String::new(), String::new());
    for (j, &i) in keep.iter().enumerate() {
        let sep = if j == 0 { "" } else { ";" };
        let t = walk.times[i];
        let _ = write!(times, "{sep}{}", Num(t * scale));
        let _ = write!(values, "{sep}{}", Num(value(t)));
    }
    (times, values)
}

/// A walk drawn over a page, each walked glyph hidden until its walk ends (see the module
/// doc): the [`Overlay`] the SVG writer puts on the page as it writes it. All walks are in
/// step (same duration, same start), each pen and start marker drawn over the page in
/// the order the walks were given.
#[derive(Debug)]
pub struct Animation {
    /// Every labelled element is walked (a sheet, whose walks are added as its glyphs
    /// are drawn), else only those the walks name.
    every: bool,
    /// The glyph's visibility switch (hidden while walking, shown at the end) and the
    /// pen's and marker's (the reverse).
    show: Markup,
    hide: Markup,
    /// `dur` and how the animation repeats, as attribute values, and the walk's share of
    /// the whole time.
    dur: String,
    looped: bool,
    scale: f64,
    /// The walks, by their element's id, in drawing order.
    walks: Mutex<Vec<(String, Walk)>>,
    /// The ids of the elements hidden so far (a walk whose element the page lacks is an
    /// error, not a page without its glyph hidden).
    hidden: Mutex<Vec<String>>,
}

impl Animation {
    /// The animation of `walks`, each over the element of its id.
    pub fn of(walks: Vec<(String, Walk)>, timing: &Timing) -> Animation {
        let mut a = Animation::new(timing);
        a.every = false;
        a.walks = Mutex::new(walks);
        a
    }

    /// An animation over every labelled element of the page, the walks added as the
    /// elements are drawn ([`Animation::push`]).
    pub fn new(timing: &Timing) -> Animation {
        let d = timing.duration;
        let total_time = if timing.looped { d + timing.hold } else { d };
        let scale = d / total_time;
        let dur = format!("{}s", Num(total_time));
        // Shown while walking, hidden at the end (and the reverse for the glyph).
        let switch = |during: &str, after: &str| {
            let values = format!("{during};{after}");
            let times = format!("0;{}", if timing.looped { Num(scale) } else { Num(1.0) });
            let mut m = Markup::new();
            m.empty(
                "animate",
                &[
                    ("attributeName", &"visibility"),
                    ("values", &values),
                    ("keyTimes", &times),
                    ("calcMode", &"discrete"),
                    ("dur", &dur),
                    repeat(timing.looped),
                ],
            );
            m
        };
        Animation {
            every: true,
            hide: switch("visible", "hidden"),
            show: switch("hidden", "visible"),
            dur: dur.clone(),
            looped: timing.looped,
            scale,
            walks: Mutex::new(Vec::new()),
            hidden: Mutex::new(Vec::new()),
        }
    }

    /// Add the walk over the element `id` (drawn after the walks added before).
    pub fn push(&self, id: String, walk: Walk) {
        lock(&self.walks).push((id, walk));
    }
}

/// Played for ever, or once with the end kept.
fn repeat(looped: bool) -> (&'static str, &'static dyn std::fmt::Display) {
    if looped {
        ("repeatCount", &"indefinite")
    } else {
        ("fill", &"freeze")
    }
}

/// The value behind `m`, even if a thread panicked holding it (the lists stay whole).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The hidden glyph's lead: hidden from the start, `children` switching it.
fn hidden(children: Markup) -> Lead {
    Lead {
        attrs: vec![("visibility", "hidden".to_string())],
        children,
    }
}

impl Overlay for Animation {
    fn lead(&self, id: &str) -> Option<Lead> {
        if !self.every && !lock(&self.walks).iter().any(|(w, _)| w == id) {
            return None;
        }
        lock(&self.hidden).push(id.to_string());
        Some(hidden(self.show.clone()))
    }

    fn trailer(&self) -> Result<Markup> {
        let walks = std::mem::take(&mut *lock(&self.walks));
        if walks.is_empty() {
            return Err(Error::runtime("animation: no walk to animate"));
        }
        let hidden = lock(&self.hidden);
        let mut drawn = Markup::new();
        drawn.open("g", &[("id", &"walk")]);
        for (id, walk) in &walks {
            if walk.points.len() < 2 || walk.times.len() != walk.points.len() {
                return Err(Error::runtime("animation: a walk needs two vertices"));
            }
            if !hidden.contains(id) {
                return Err(Error::runtime(format!(
                    "animation: the page has no element '{id}'"
                )));
            }
            let len = walk.drawn(1.0);
            let (mut times, mut values) = keyed(walk, |t| len - walk.drawn(t), self.scale);
            if self.looped {
                // The end holds until the loop restarts.
                let _ = write!(times, ";1");
                let _ = write!(values, ";0");
            }
            let mut inner = Markup::new();
            inner
                .empty(
                    "animate",
                    &[
                        ("attributeName", &"stroke-dashoffset"),
                        ("values", &values),
                        ("keyTimes", &times),
                        ("dur", &self.dur),
                        repeat(self.looped),
                    ],
                )
                .markup(&self.hide);
            drawn.markup(&walk.pen(len, &inner));
            drawn.markup(&walk.marker(&self.hide));
        }
        drawn.close("g");
        Ok(drawn)
    }
}

/// The still picture of a walk at a fraction of its time (see the module doc), as the
/// [`Overlay`] of the static page: nothing once the fraction reaches 1, the page itself.
#[derive(Debug)]
pub struct Frame {
    id: String,
    walk: Walk,
    f: f64,
    /// The element was hidden (a walk whose element the page lacks is an error).
    hidden: AtomicBool,
}

impl Frame {
    /// The walk over the element `id` at fraction `f` of its time.
    pub fn new(id: String, walk: Walk, f: f64) -> Frame {
        Frame {
            id,
            walk,
            f,
            hidden: AtomicBool::new(false),
        }
    }
}

impl Overlay for Frame {
    fn lead(&self, id: &str) -> Option<Lead> {
        let lead = self.f < 1.0 && id == self.id;
        if lead {
            self.hidden.store(true, Ordering::Relaxed);
        }
        lead.then(|| hidden(Markup::new()))
    }

    fn trailer(&self) -> Result<Markup> {
        let mut drawn = Markup::new();
        if self.f >= 1.0 {
            return Ok(drawn);
        }
        if !self.hidden.load(Ordering::Relaxed) {
            let id = &self.id;
            return Err(Error::runtime(format!(
                "animation: the page has no element '{id}'"
            )));
        }
        let (w, len) = (&self.walk, self.walk.drawn(1.0));
        drawn
            .open("g", &[("id", &"walk")])
            .markup(&w.pen(len - w.drawn(self.f), &Markup::new()))
            .markup(&w.marker(&Markup::new()))
            .close("g");
        Ok(drawn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::svg::SvgWriter;
    use crate::{Backend, Cap, Join, Label, Paint, Path, Seg};
    use std::sync::Arc;

    fn walk() -> Walk {
        let stroke = Stroke {
            color: Rgb::BLACK,
            width: 1.0,
            join: Join::Round,
            cap: Cap::Round,
            miter_limit: 4.0,
        };
        // Three moves: 3 mm, 4 mm, 5 mm, a closed triangle.
        Walk::even(
            vec![(0.0, 0.0), (3.0, 0.0), (3.0, 4.0), (0.0, 0.0)],
            stroke,
            (0.5, Rgb::BLACK),
        )
    }

    /// A page holding the glyph `tour-1` (and an unlabelled mark), drawn with `overlay`.
    fn page(overlay: Option<Arc<dyn Overlay>>) -> Result<String> {
        let mut w = SvgWriter::new(Box::new(|_| Ok(Vec::<u8>::new()))).with_overlay(overlay);
        let glyph = Path {
            segs: vec![
                Seg::MoveTo(0.0, 0.0),
                Seg::LineTo(3.0, 0.0),
                Seg::LineTo(3.0, 4.0),
                Seg::Close,
            ],
        };
        let paint = Paint {
            stroke: Some(walk().stroke),
            fill: None,
        };
        let label = Label {
            id: "tour-1".into(),
            title: "t".into(),
        };
        w.begin_page(10.0, 10.0)?;
        w.mark(&glyph, &paint, None)?;
        w.mark(&glyph, &paint, Some(&label))?;
        w.end_page()?;
        w.finish()?;
        Ok(String::from_utf8(w.into_writers().concat()).unwrap())
    }

    fn animated(walks: Vec<(String, Walk)>, t: &Timing) -> Result<String> {
        page(Some(Arc::new(Animation::of(walks, t))))
    }

    fn frame(id: &str, f: f64) -> Result<String> {
        page(Some(Arc::new(Frame::new(id.into(), walk(), f))))
    }

    #[test]
    fn each_move_takes_its_share_of_the_time() {
        let w = walk();
        assert_eq!(w.drawn(0.0), 0.0);
        assert_eq!(w.drawn(1.0 / 3.0), 3.0);
        assert!((w.drawn(0.5) - 5.0).abs() < 1e-12, "{}", w.drawn(0.5));
        assert_eq!(w.drawn(2.0 / 3.0), 7.0);
        assert_eq!(w.drawn(1.0), 12.0);
    }

    #[test]
    fn the_animation_hides_the_glyph_until_the_end_and_parses() {
        let w = walk();
        let t = Timing {
            duration: 6.0,
            hold: 2.0,
            looped: true,
        };
        let one = |w: &Walk| vec![("tour-1".to_string(), w.clone())];
        let s = animated(one(&w), &t).unwrap();
        assert!(s.contains(r##"<path visibility="hidden" d="M0 0L3 0L3 4Z" fill="none" id="tour-1" stroke="#000000""##), "{s}");
        assert!(s.contains(r#"stroke-width="1"><animate attributeName="visibility" values="hidden;visible" keyTimes="0;0.75" calcMode="discrete" dur="8s" repeatCount="indefinite"/>
<title>t</title>
</path>"#), "{s}");
        // Only the labelled glyph is hidden, and the walk is drawn last.
        assert_eq!(s.matches("visibility=\"hidden\" d=").count(), 1, "{s}");
        assert!(s.ends_with("</g>\n</svg>\n"), "{s}");
        assert!(s.find("id=\"walk\"") > s.find("% captions"), "{s}");
        assert!(
            s.contains(r#"values="12;9;5;0;0" keyTimes="0;0.25;0.5;0.75;1""#),
            "{s}"
        );
        resvg::usvg::Tree::from_str(&s, &resvg::usvg::Options::default()).unwrap();
        // Once: frozen at the end.
        let once = Timing { looped: false, ..t };
        let s = animated(one(&w), &once).unwrap();
        assert!(
            s.contains(r#"values="12;9;5;0" keyTimes="0;0.333;0.667;1" dur="6s" fill="freeze""#),
            "{s}"
        );
        // No such element: an error, not a page without its glyph hidden.
        let other = vec![("tour-2".to_string(), w.clone())];
        assert!(animated(other, &t).is_err());
        assert!(animated(vec![], &t).is_err());
    }

    #[test]
    fn a_frame_is_a_still_page() {
        let s = frame("tour-1", 0.5).unwrap();
        assert!(!s.contains("<animate"), "{s}");
        assert!(
            s.contains(r#"stroke-dasharray="12 13" stroke-dashoffset="7""#),
            "{s}"
        );
        assert!(
            s.contains(r#"<path visibility="hidden" d="M0 0L3 0L3 4Z""#),
            "{s}"
        );
        resvg::usvg::Tree::from_str(&s, &resvg::usvg::Options::default()).unwrap();
        assert_eq!(frame("tour-1", 1.0).unwrap(), page(None).unwrap());
        assert!(frame("tour-2", 0.5).is_err());
    }
}
