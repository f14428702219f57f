//! Animated glyphs (issue 27): `glyph --animate` draws the tour being walked from its
//! first cell, as an animated SVG (SMIL), a GIF (`-o tour.gif`) or an animated PNG
//! (`-o tour.png --animate`).
//!
//! The walk follows the tour's cells as `list` prints them (its first cell, its
//! direction) unless `--start CELL` (a closed tour turned to begin there; an open one
//! begins at whichever end is named) and `--reverse` (the other way round) say otherwise;
//! a closed tour's walk ends back on its first cell. The picture underneath is the
//! static glyph exactly as `glyph` draws it (same style, same size): it is hidden while
//! a pen strokes the walk, move by move in equal time, from a marked start cell, and shown
//! when the walk ends ([`tourglyph_draw::motion`]), so the last picture is the static
//! glyph. GIF and APNG frames are still pictures of the same walk at evenly spaced times,
//! rasterised with resvg as `glyph -o x.png` is ([`tourglyph_draw::frames`]): one frame
//! per move by default (at most [`MAX_FRAMES`]), or `--frames N`, or `--fps` over the
//! duration; the last frame holds for [`HOLD`] seconds.
//!
//! Interlaced and pen-plot styles are refused for now: their glyph is several paths
//! with no one element to hide and show.

use super::{Opened, Target};
use tourglyph_core::{Error, LeapGraph, Result, Tour};
use tourglyph_draw::frames::{self, Play};
use tourglyph_draw::motion::{Timing, Walk, animated_svg, frame_svg};
use tourglyph_draw::png::{PngOptions, svg_to_rgba};
use tourglyph_draw::{Format, Rgb};
use tourglyph_layout::glyph::{paint, reach};
use tourglyph_layout::grid::Grid;
use tourglyph_layout::style::Style;

/// Default seconds the walk takes.
pub const DEFAULT_DURATION: f64 = 10.0;

/// Seconds the finished picture holds: the last frame of a GIF or APNG, and the end of a
/// looped SVG before the walk starts again.
pub const HOLD: f64 = 2.0;

/// The most frames drawn by default (one a move up to this).
pub const MAX_FRAMES: usize = 241;

/// The most frames `--frames` or `--fps` may ask for.
pub const FRAMES_LIMIT: usize = 2000;

/// The animation flags of `glyph`, as written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Motion {
    /// Animate (`--animate`); a `.gif` file is animated without it.
    pub animate: bool,
    /// Seconds the walk takes (`--duration`).
    pub duration: Option<String>,
    /// Play for ever (`--loop`).
    pub looped: bool,
    /// The cell the walk starts from (`--start`).
    pub start: Option<String>,
    /// Walk the tour the other way round (`--reverse`).
    pub reverse: bool,
    /// Frames a second of a GIF or APNG (`--fps`).
    pub fps: Option<String>,
    /// How many frames a GIF or APNG has (`--frames`).
    pub frames: Option<String>,
}

/// What an animation is written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An animated SVG.
    Svg,
    /// A GIF.
    Gif,
    /// An animated PNG.
    Apng,
}

/// Whether `m` asks for an animation written to `target` (as `format`, if given), and
/// in what; usage errors for flags that need an animation and for formats that cannot
/// hold one.
pub fn kind(m: &Motion, format: Option<&str>, target: &Target<'_>) -> Result<Option<Kind>> {
    let gif_file = matches!(target, Target::Path(p, _)
        if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("gif")));
    if gif_file {
        if let Some(f) = format {
            return Err(Error::usage(format!(
                "a .gif file is written as an animated GIF, not --format {f}: drop --format"
            )));
        }
        return Ok(Some(Kind::Gif));
    }
    if !m.animate {
        let set = [
            (m.duration.is_some(), "--duration"),
            (m.looped, "--loop"),
            (m.start.is_some(), "--start"),
            (m.reverse, "--reverse"),
            (m.fps.is_some(), "--fps"),
            (m.frames.is_some(), "--frames"),
        ];
        if let Some((_, flag)) = set.iter().find(|(on, _)| *on) {
            return Err(Error::usage(format!(
                "{flag} is for animations: add --animate (or write a .gif file)"
            )));
        }
        return Ok(None);
    }
    let f = super::single_format(format, target)?;
    if f == Format::Svg {
        Ok(Some(Kind::Svg))
    } else if f == Format::Png {
        Ok(Some(Kind::Apng))
    } else {
        Err(Error::usage(format!(
            "--animate writes SVG, GIF or PNG, not {}: name the file .svg, .gif or .png",
            f.name()
        )))
    }
}

/// A positive number of seconds or frames a second, as written.
fn positive(flag: &str, text: &str, max: f64) -> Result<f64> {
    match text.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x <= max => Ok(x),
        _ => Err(Error::usage(format!(
            "bad {flag} '{text}': give a number above 0 and at most {max}"
        ))),
    }
}

/// The walk's cells as (row, col), in walking order (a closed walk ends on its first
/// cell again), as `m`'s `--start` and `--reverse` turn the tour's own order.
pub fn walk_cells(tour: &Tour, g: &LeapGraph, m: &Motion) -> Result<Vec<(u32, u32)>> {
    let board = g.board();
    let mut cells = tour.coords(g);
    let closed = tour.kind.is_closed();
    if m.reverse {
        if closed {
            cells[1..].reverse();
        } else {
            cells.reverse();
        }
    }
    if let Some(s) = &m.start {
        let c = board.coords(board.parse_cell(s)?);
        let Some(i) = cells.iter().position(|&x| x == c) else {
            return Err(Error::usage(format!(
                "--start {s}: the tour does not visit that cell"
            )));
        };
        let name = |(r, c): (u32, u32)| board.algebraic(board.cell(r, c));
        if closed {
            cells.rotate_left(i);
        } else if i + 1 == cells.len() && i > 0 {
            cells.reverse();
        } else if i != 0 {
            return Err(Error::usage(format!(
                "--start {s}: an open tour starts at one of its ends, {} or {}",
                name(cells[0]),
                name(cells[cells.len() - 1])
            )));
        }
    }
    if closed && !cells.is_empty() {
        cells.push(cells[0]);
    }
    Ok(cells)
}

/// Refuse styles an animation cannot draw yet.
pub(super) fn check_style(style: &Style) -> Result<()> {
    if style.interlace {
        return Err(Error::usage(
            "--animate draws the plain line: an interlaced glyph cannot be animated yet; drop --interlace (or use another --style)",
        ));
    }
    if style.plot.is_some() {
        return Err(Error::usage(
            "--animate draws the plain line: pen strokes (--plot) cannot be animated; drop --plot",
        ));
    }
    if style.numbers && style.numbers_only {
        return Err(Error::usage(
            "--animate draws the line: numbers_only draws none; drop numbers_only",
        ));
    }
    if style.stroke.is_none() && !style.outline {
        return Err(Error::usage(
            "--animate draws the line: the style has no stroke colour; give --stroke",
        ));
    }
    Ok(())
}

/// Write `tour` as an animation of `kind` to `target`: `page`, the static glyph as
/// `glyph` writes it in SVG (the caller draws it with `write_glyph`, so that this module
/// does not call back into [`super::glyph`]; `id` is its label's), with the walk over it.
#[allow(clippy::too_many_arguments)]
pub fn write(
    kind: Kind,
    m: &Motion,
    tour: &Tour,
    g: &LeapGraph,
    style: &Style,
    size: f64,
    png: PngOptions,
    (page, id): (Vec<u8>, String),
    target: Target<'_>,
) -> Result<()> {
    check_style(style)?;
    let duration = match &m.duration {
        Some(d) => positive("--duration", d, 3600.0)?,
        None => DEFAULT_DURATION,
    };
    let cells = walk_cells(tour, g, m)?;
    let page = String::from_utf8(page).map_err(|_| Error::runtime("the page is not UTF-8"))?;
    // Where the glyph lies on it: the grid `write_glyph` draws on.
    let mut grid = Grid::single(g.board(), size, style.padding)?;
    grid.spec.reach = reach(style, g.piece(), tour.kind.is_closed());
    let place = grid.slot(0).place;
    let points: Vec<(f64, f64)> = cells
        .iter()
        .map(|&(r, c)| place.map(f64::from(c), f64::from(r)))
        .collect();
    let mut stroke = paint(style, place.scale, true)
        .stroke
        .ok_or_else(|| Error::usage("--animate draws the line: give --stroke"))?;
    if style.outline {
        stroke.cap = tourglyph_draw::Cap::Round;
    }
    let marker = ((0.18 * place.scale).max(0.75 * stroke.width), stroke.color);
    let walk = Walk::even(points, stroke, marker);
    let timing = Timing {
        duration,
        hold: HOLD,
        looped: m.looped,
    };
    let moves = cells.len().saturating_sub(1);
    let bytes = match kind {
        Kind::Svg => {
            if m.fps.is_some() || m.frames.is_some() {
                return Err(Error::usage(
                    "--fps and --frames are for GIF and PNG animations: an SVG plays smoothly; drop them",
                ));
            }
            animated_svg(&page, &id, &walk, &timing)?.into_bytes()
        }
        Kind::Gif | Kind::Apng => {
            Format::Png.check_size(grid.width, grid.height, png)?;
            let count = frame_count(m, duration, moves)?;
            let (_, w, h) = svg_to_rgba(frame_svg(&page, &id, &walk, 0.0)?.as_bytes(), png)?;
            let play = Play {
                width: w,
                height: h,
                count,
                looped: m.looped,
                dpi: png.dpi,
            };
            let step_ms = (duration * 1000.0 / (count - 1) as f64).round() as u32;
            let mut frame = |i: usize| -> Result<(Vec<u8>, u32)> {
                let f = i as f64 / (count - 1) as f64;
                let svg = frame_svg(&page, &id, &walk, f)?;
                let (rgba, _, _) = svg_to_rgba(svg.as_bytes(), png)?;
                let ms = if i + 1 == count {
                    (HOLD * 1000.0) as u32
                } else {
                    step_ms
                };
                Ok((rgba, ms))
            };
            if kind == Kind::Gif {
                frames::gif(&play, style.background, &colours(style), &mut frame)?
            } else {
                frames::apng(&play, &mut frame)?
            }
        }
    };
    Opened::open(target)?.finish(&bytes)
}

/// How many frames: `--frames`, else `--fps` over the duration, else one a move (and the
/// first), at most [`MAX_FRAMES`]; at least two.
fn frame_count(m: &Motion, duration: f64, moves: usize) -> Result<usize> {
    let limit = FRAMES_LIMIT as f64;
    let n = match (&m.frames, &m.fps) {
        (Some(_), Some(_)) => {
            return Err(Error::usage(
                "--frames and --fps both set the frame count: give one of them",
            ));
        }
        (Some(f), None) => match f.trim().parse::<usize>() {
            Ok(n) if (2..=FRAMES_LIMIT).contains(&n) => n,
            _ => {
                return Err(Error::usage(format!(
                    "bad --frames '{f}': give a whole number from 2 to {FRAMES_LIMIT}"
                )));
            }
        },
        (None, Some(f)) => {
            let fps = positive("--fps", f, 100.0)?;
            let n = (duration * fps).round() + 1.0;
            if n > limit {
                return Err(Error::usage(format!(
                    "--fps {f} over {duration} s is {n} frames, over the limit of {FRAMES_LIMIT}: lower --fps or --duration"
                )));
            }
            n.max(2.0) as usize
        }
        (None, None) => (moves + 1).clamp(2, MAX_FRAMES),
    };
    Ok(n)
}

/// The colours a glyph of `style` is drawn in (besides its background).
fn colours(style: &Style) -> Vec<Rgb> {
    let mut c: Vec<Rgb> = [style.stroke, style.fill, style.frame, style.dots]
        .into_iter()
        .flatten()
        .collect();
    c.dedup();
    c
}
