//! A line drawn as it is walked: an animated SVG (SMIL) and still frames of the same walk,
//! made from a finished static SVG page and the walk's pen line. Knows no tours: a walk
//! is a polyline in page millimetres with the time each vertex is reached.
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
use crate::svg::{Markup, cap_name, join_name};
use std::fmt::Write as _;
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

/// The position of the element with `id="{id}"` in `page`: the end of its start tag's
/// name (`<path`), where attributes can be added.
fn find_element(page: &str, id: &str) -> Result<usize> {
    let attr = format!(" id=\"{id}\"");
    let at = page
        .find(&attr)
        .ok_or_else(|| Error::runtime(format!("animation: the page has no element '{id}'")))?;
    let open = page[..at]
        .rfind('<')
        .ok_or_else(|| Error::runtime("animation: malformed page"))?;
    let name_end = page[open..]
        .find([' ', '>', '/'])
        .map(|k| open + k)
        .ok_or_else(|| Error::runtime("animation: malformed page"))?;
    Ok(name_end)
}

/// `page` with `attrs` added to the element `id` and `children` put first inside it (the
/// element must not be empty-tagged: the SVG backend gives a labelled glyph a `<title>`).
fn edit_element(page: &str, id: &str, attrs: &str, children: &str) -> Result<String> {
    let name_end = find_element(page, id)?;
    let tag_end = page[name_end..]
        .find('>')
        .map(|k| name_end + k)
        .ok_or_else(|| Error::runtime("animation: malformed page"))?;
    if page[..tag_end].ends_with('/') {
        return Err(Error::runtime(format!(
            "animation: the element '{id}' has no children"
        )));
    }
    let mut out = String::with_capacity(page.len() + attrs.len() + children.len());
    out.push_str(&page[..name_end]);
    out.push_str(attrs);
    out.push_str(&page[name_end..=tag_end]);
    out.push_str(children);
    out.push_str(&page[tag_end + 1..]);
    Ok(out)
}

/// `page` with `extra` put last, before `</svg>`.
fn append(page: &str, extra: &str) -> Result<String> {
    let end = page
        .rfind("</svg>")
        .ok_or_else(|| Error::runtime("animation: the page has no </svg>"))?;
    Ok(format!("{}{extra}{}", &page[..end], &page[end..]))
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

/// The animated page: `page` (a static SVG page holding the element `id`) drawn as
/// `walk` walks it, timed by `timing` (see the module doc).
pub fn animated_svg(page: &str, id: &str, walk: &Walk, timing: &Timing) -> Result<String> {
    animated_svg_many(page, &[(id, walk)], timing)
}

/// The animated page of several glyphs at once (a sheet, `render --animate`): each
/// element `id` of `page` hidden while its `walk` walks it, all walks in step (same
/// duration, same start), each pen and start marker drawn over the page in the order
/// given. One walk gives exactly [`animated_svg`]'s page.
pub fn animated_svg_many(page: &str, walks: &[(&str, &Walk)], timing: &Timing) -> Result<String> {
    if walks.is_empty() {
        return Err(Error::runtime("animation: no walk to animate"));
    }
    let d = timing.duration;
    let total_time = if timing.looped { d + timing.hold } else { d };
    let scale = d / total_time;
    let dur = format!("{}s", Num(total_time));
    // Played for ever, or once with the end kept.
    let repeat: (&str, &dyn std::fmt::Display) = if timing.looped {
        ("repeatCount", &"indefinite")
    } else {
        ("fill", &"freeze")
    };
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
                repeat,
            ],
        );
        m
    };
    let hide = switch("visible", "hidden");
    let show = switch("hidden", "visible");
    let mut page = page.to_string();
    let mut drawn = Markup::new();
    drawn.open("g", &[("id", &"walk")]);
    for &(id, walk) in walks {
        if walk.points.len() < 2 || walk.times.len() != walk.points.len() {
            return Err(Error::runtime("animation: a walk needs two vertices"));
        }
        let len = walk.drawn(1.0);
        let (mut times, mut values) = keyed(walk, |t| len - walk.drawn(t), scale);
        if timing.looped {
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
                    ("dur", &dur),
                    repeat,
                ],
            )
            .markup(&hide);
        page = edit_element(&page, id, r#" visibility="hidden""#, show.as_str())?;
        drawn.markup(&walk.pen(len, &inner));
        drawn.markup(&walk.marker(&hide));
    }
    drawn.close("g").newline();
    append(&page, drawn.as_str())
}

/// The still picture of the walk at fraction `f` of its time (see the module doc): the
/// static page itself once `f` reaches 1.
pub fn frame_svg(page: &str, id: &str, walk: &Walk, f: f64) -> Result<String> {
    if f >= 1.0 {
        return Ok(page.to_string());
    }
    let len = walk.drawn(1.0);
    let page = edit_element(page, id, r#" visibility="hidden""#, "")?;
    let mut drawn = Markup::new();
    drawn
        .open("g", &[("id", &"walk")])
        .markup(&walk.pen(len - walk.drawn(f), &Markup::new()))
        .markup(&walk.marker(&Markup::new()))
        .close("g")
        .newline();
    append(&page, drawn.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Cap, Join};

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

    const PAGE: &str = r#"<svg viewBox="0 0 10 10"><g id="glyphs"><path d="M0 0L3 0L3 4Z" id="tour-1"><title>t</title></path></g></svg>"#;

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
        let s = animated_svg(PAGE, "tour-1", &w, &t).unwrap();
        assert!(s.contains(r#"<path visibility="hidden" d="M0 0L3 0L3 4Z" id="tour-1"><animate attributeName="visibility" values="hidden;visible" keyTimes="0;0.75" calcMode="discrete" dur="8s" repeatCount="indefinite"/><title>"#), "{s}");
        assert!(
            s.contains(r#"values="12;9;5;0;0" keyTimes="0;0.25;0.5;0.75;1""#),
            "{s}"
        );
        resvg::usvg::Tree::from_str(&s, &resvg::usvg::Options::default()).unwrap();
        // Once: frozen at the end.
        let once = Timing { looped: false, ..t };
        let s = animated_svg(PAGE, "tour-1", &w, &once).unwrap();
        assert!(
            s.contains(r#"values="12;9;5;0" keyTimes="0;0.333;0.667;1" dur="6s" fill="freeze""#),
            "{s}"
        );
        // No such element: an error, not a page without its glyph hidden.
        assert!(animated_svg(PAGE, "tour-2", &w, &t).is_err());
    }

    #[test]
    fn a_frame_is_a_still_page() {
        let w = walk();
        let s = frame_svg(PAGE, "tour-1", &w, 0.5).unwrap();
        assert!(!s.contains("<animate"), "{s}");
        assert!(
            s.contains(r#"stroke-dasharray="12 13" stroke-dashoffset="7""#),
            "{s}"
        );
        assert_eq!(frame_svg(PAGE, "tour-1", &w, 1.0).unwrap(), PAGE);
    }
}
