//! A solution as one self-contained animated SVG: the pieces slide one move after another
//! and the play loops, with a move counter; SMIL only (`<animateTransform>`, `<animate>`),
//! no script, no external resources.
//!
//! Timeline (seconds): the start position holds for `hold_start`, then move j (from 0)
//! slides during `[hold_start + j·step, hold_start + j·step + slide]` with `step = slide +
//! pause`, and the goal holds for `hold_end` before the loop restarts. Every piece's
//! `animateTransform` has the same key times: 0, the start and end of each slide, 1.
//! Without SMIL the picture shows the start position. Bytes are deterministic: numbers go
//! through one fixed-precision formatter.

use super::draw::silhouette;
use super::sliding::Move;
use super::{Puzzle, replay};
use std::fmt::Write;
use tourglyph_core::error::Result;
use tourglyph_draw::svg::Markup;

/// Timing and size; every field has the documented default.
#[derive(Clone, Debug)]
pub struct AnimOptions {
    /// Square side in SVG user units (px) (default 48).
    pub cell: f64,
    /// Seconds one slide takes (default 0.6).
    pub slide: f64,
    /// Seconds between slides (default 0.4).
    pub pause: f64,
    /// Seconds the start position holds (default 1.5).
    pub hold_start: f64,
    /// Seconds the goal holds before the loop restarts (default 2.5).
    pub hold_end: f64,
}

impl Default for AnimOptions {
    fn default() -> Self {
        AnimOptions {
            cell: 48.0,
            slide: 0.6,
            pause: 0.4,
            hold_start: 1.5,
            hold_end: 2.5,
        }
    }
}

impl AnimOptions {
    /// Length of one loop in seconds for `moves` moves.
    pub fn duration(&self, moves: usize) -> f64 {
        let m = moves as f64;
        self.hold_start + m * self.slide + (m - 1.0).max(0.0) * self.pause + self.hold_end
    }

    /// Start and end (seconds) of move j's slide.
    pub fn slide_window(&self, j: usize) -> (f64, f64) {
        let s = self.hold_start + j as f64 * (self.slide + self.pause);
        (s, s + self.slide)
    }
}

/// Format a number with at most 4 decimals, trailing zeros dropped, never `-0`.
pub fn num(v: f64) -> String {
    let r = (v * 10_000.0).round() / 10_000.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let mut s = format!("{r:.4}");
    while s.ends_with('0') {
        s.pop();
    }
    if s.ends_with('.') {
        s.pop();
    }
    s
}

/// The animated SVG of solution `moves` of `p`. Fails on an illegal move.
pub fn animated_svg(p: &Puzzle, moves: &[Move], opt: &AnimOptions) -> Result<String> {
    let states = replay(p, moves)?;
    let g = p.geometry();
    let n = p.n as f64;
    let cell = opt.cell;
    let margin = cell * 0.5;
    let header = cell * 0.9;
    let (bx, by) = (margin, margin + header);
    let w = 2.0 * margin + n * cell;
    let h = by + n * cell + margin;
    let dur = opt.duration(moves.len());
    let total = format!("{}s", num(dur));
    let t = |sec: f64| num(sec / dur);
    let at = |c: u8| {
        let (r, col) = g.coords(c);
        (bx + (col as f64 + 0.5) * cell, by + (r as f64 + 0.5) * cell)
    };
    let title = format!(
        "Sliding {}s on {}x{}: {} moves",
        p.piece,
        p.n,
        p.n,
        moves.len()
    );

    let mut o = Markup::document();
    o.open(
        "svg",
        &[
            ("xmlns", &"http://www.w3.org/2000/svg"),
            ("width", &num(w)),
            ("height", &num(h)),
            ("viewBox", &format!("0 0 {} {}", num(w), num(h))),
        ],
    )
    .newline();
    o.open("title", &[]).text(&title).close("title").newline();
    o.empty(
        "rect",
        &[
            ("width", &num(w)),
            ("height", &num(h)),
            ("fill", &"#ffffff"),
        ],
    )
    .newline();
    o.open(
        "text",
        &[
            ("x", &num(margin)),
            ("y", &num(margin + cell * 0.45)),
            ("font-family", &"sans-serif"),
            ("font-size", &num(cell * 0.36)),
            ("fill", &"#000000"),
        ],
    )
    .text(&title)
    .close("text")
    .newline();
    // The board.
    o.empty(
        "rect",
        &[
            ("x", &num(bx)),
            ("y", &num(by)),
            ("width", &num(n * cell)),
            ("height", &num(n * cell)),
            ("fill", &"#f0d9b5"),
        ],
    )
    .newline();
    let mut d = String::new();
    for r in 0..p.n {
        for c in 0..p.n {
            if (r + c) % 2 == 1 {
                let _ = write!(
                    d,
                    "M{} {}h{}v{}h-{}z",
                    num(bx + c as f64 * cell),
                    num(by + r as f64 * cell),
                    num(cell),
                    num(cell),
                    num(cell)
                );
            }
        }
    }
    if !d.is_empty() {
        o.empty("path", &[("d", &d), ("fill", &"#b58863")])
            .newline();
    }
    let mut goal = String::new();
    let half = cell * 0.42;
    for &c in &p.to {
        let (x, y) = at(c);
        let _ = write!(
            goal,
            "M{} {}h{}v{}h-{}z",
            num(x - half),
            num(y - half),
            num(2.0 * half),
            num(2.0 * half),
            num(2.0 * half)
        );
    }
    o.empty(
        "path",
        &[
            ("d", &goal),
            ("fill", &"none"),
            ("stroke", &"#2e8b57"),
            ("stroke-width", &num(cell * 0.06)),
        ],
    )
    .newline();
    o.empty(
        "rect",
        &[
            ("x", &num(bx)),
            ("y", &num(by)),
            ("width", &num(n * cell)),
            ("height", &num(n * cell)),
            ("fill", &"none"),
            ("stroke", &"#000000"),
            ("stroke-width", &"1"),
        ],
    )
    .newline();

    // Visible from its slide's start to the next slide's start (discrete opacity).
    let shown = |j: usize| -> (f64, Option<f64>) {
        let start = opt.slide_window(j).0;
        let end = (j + 1 < moves.len()).then(|| opt.slide_window(j + 1).0);
        (start, end)
    };
    let blink = |o: &mut Markup, from: f64, to: Option<f64>| {
        let (values, times) = match (from > 0.0, to) {
            (true, Some(e)) => ("0;1;0".to_string(), format!("0;{};{}", t(from), t(e))),
            (true, None) => ("0;1".to_string(), format!("0;{}", t(from))),
            (false, Some(e)) => ("1;0".to_string(), format!("0;{}", t(e))),
            (false, None) => ("1".to_string(), "0".to_string()),
        };
        o.empty(
            "animate",
            &[
                ("attributeName", &"opacity"),
                ("values", &values),
                ("keyTimes", &times),
                ("calcMode", &"discrete"),
                ("dur", &total),
                ("repeatCount", &"indefinite"),
            ],
        );
    };

    // The trail of the current move, under the pieces.
    o.open(
        "g",
        &[
            ("stroke", &"#c0392b"),
            ("stroke-width", &num(cell * 0.1)),
            ("stroke-linecap", &"round"),
            ("fill", &"#c0392b"),
        ],
    )
    .newline();
    for (j, m) in moves.iter().enumerate() {
        let ((x1, y1), (x2, y2)) = (at(m.from), at(m.to));
        let (from, to) = shown(j);
        o.open("g", &[("opacity", &"0")])
            .empty(
                "line",
                &[
                    ("x1", &num(x1)),
                    ("y1", &num(y1)),
                    ("x2", &num(x2)),
                    ("y2", &num(y2)),
                ],
            )
            .empty(
                "circle",
                &[
                    ("cx", &num(x1)),
                    ("cy", &num(y1)),
                    ("r", &num(cell * 0.1)),
                    ("stroke", &"none"),
                ],
            );
        blink(&mut o, from, to);
        o.close("g").newline();
    }
    o.close("g").newline();

    // The pieces: piece i starts on start cell i and follows the moves.
    let shape = silhouette(p.piece);
    let mut outline = String::new();
    for (j, &(dx, dy)) in shape.iter().enumerate() {
        let _ = write!(
            outline,
            "{}{} {}",
            if j == 0 { "M" } else { "L" },
            num(dx * cell),
            num(dy * cell)
        );
    }
    outline.push('z');
    let mut times = vec![0.0];
    for j in 0..moves.len() {
        let (s, e) = opt.slide_window(j);
        times.push(s);
        times.push(e);
    }
    times.push(dur);
    let key_times: Vec<String> = times.iter().map(|&x| t(x)).collect();
    let key_times = key_times.join(";");
    let mut pos: Vec<u8> = states[0].clone();
    let mut tracks: Vec<Vec<u8>> = pos.iter().map(|&c| vec![c]).collect();
    for m in moves {
        let i = pos.iter().position(|&c| c == m.from).expect("legal move");
        for (k, tr) in tracks.iter_mut().enumerate() {
            // Before the slide: where it was; after: where it is.
            tr.push(pos[k]);
            tr.push(if k == i { m.to } else { pos[k] });
        }
        pos[i] = m.to;
    }
    for tr in &mut tracks {
        let last = *tr.last().expect("non-empty");
        tr.push(last);
    }
    for (i, tr) in tracks.iter().enumerate() {
        let values: Vec<String> = tr
            .iter()
            .map(|&c| {
                let (x, y) = at(c);
                format!("{},{}", num(x), num(y))
            })
            .collect();
        let (x0, y0) = at(tr[0]);
        o.open(
            "g",
            &[
                ("id", &format!("piece{i}")),
                ("transform", &format!("translate({},{})", num(x0), num(y0))),
            ],
        )
        .empty(
            "animateTransform",
            &[
                ("attributeName", &"transform"),
                ("type", &"translate"),
                ("values", &values.join(";")),
                ("keyTimes", &key_times),
                ("dur", &total),
                ("repeatCount", &"indefinite"),
            ],
        )
        .empty(
            "path",
            &[
                ("d", &outline),
                ("fill", &"#222222"),
                ("stroke", &"#ffffff"),
                ("stroke-width", &num(cell * 0.03)),
            ],
        )
        .close("g")
        .newline();
    }

    // The move counter.
    let (cx, cy) = (w - margin, margin + cell * 0.45);
    for j in 0..=moves.len() {
        let label = if j == 0 {
            "start".to_string()
        } else {
            let m = moves[j - 1];
            format!(
                "move {j}/{}: {}-{}",
                moves.len(),
                g.algebraic(m.from),
                g.algebraic(m.to)
            )
        };
        let (from, to) = if j == 0 {
            (0.0, (!moves.is_empty()).then(|| opt.slide_window(0).0))
        } else {
            shown(j - 1)
        };
        o.open(
            "text",
            &[
                ("x", &num(cx)),
                ("y", &num(cy)),
                ("text-anchor", &"end"),
                ("font-family", &"sans-serif"),
                ("font-size", &num(cell * 0.36)),
                ("fill", &"#c0392b"),
                ("opacity", &if j == 0 { "1" } else { "0" }),
            ],
        )
        .text(&label);
        blink(&mut o, from, to);
        o.close("text").newline();
    }
    o.close("svg").newline();
    Ok(o.into_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.00001), "0");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(1.0 / 3.0), "0.3333");
    }
}
