//! Animated glyphs (issue 27): `glyph --animate` draws the tour being walked from its
//! first cell, as an animated SVG (SMIL), a GIF (`-o tour.gif`) or an animated PNG
//! (`-o tour.png --animate`).
//!
//! The walk follows the tour's cells as typed (`--tour`) or else as `list` prints them
//! (its first cell, its direction) unless `--start CELL` (a closed tour turned to begin there; an open one
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

use super::request::Motion;
use super::single::walk_order;
use super::{Opened, Target};
use std::sync::Arc;
use tourglyph_core::{Error, LeapGraph, Result, Tour};
use tourglyph_draw::frames::{self, Play};
use tourglyph_draw::motion::{Animation, Frame, Timing, Walk};
use tourglyph_draw::png::{PngOptions, svg_to_rgba};
use tourglyph_draw::svg::Overlay;
use tourglyph_draw::{Format, Place, Rgb};
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

/// What an animation is written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnimationKind {
    /// An animated SVG.
    Svg,
    /// A GIF.
    Gif,
    /// An animated PNG.
    Apng,
}

/// The name `--format` and a file's extension give an animated GIF.
pub const GIF: &str = "gif";

/// Whether `m` asks for an animation written to `target` (as `format`, if given), and
/// in what; usage errors for flags that need an animation and for formats that cannot
/// hold one. A `.gif` file, or the format `gif` (on standard output, the explorer's
/// `/api/glyph.gif`, or a file whose extension agrees or names no format), is an
/// animated GIF.
pub fn kind(
    m: &Motion,
    format: Option<&str>,
    target: &Target<'_>,
    numbered: bool,
) -> Result<Option<AnimationKind>> {
    let gif_named = format.is_some_and(|f| f.trim().eq_ignore_ascii_case(GIF));
    match target {
        Target::Writer(_) if gif_named => return Ok(Some(AnimationKind::Gif)),
        Target::Path(p, _) => {
            let ext = p.extension().and_then(|e| e.to_str());
            let gif_file = ext.is_some_and(|e| e.eq_ignore_ascii_case(GIF));
            if gif_named {
                // As `Format::for_output` holds a name to its format: another format's
                // extension disagrees; none, or one of no format, takes the GIF.
                let other = ext
                    .filter(|_| !gif_file)
                    .and_then(|e| Format::parse(e).ok());
                if let Some(named) = other {
                    return Err(Error::usage(format!(
                        "{}: the extension '.{}' is for {}, but --format gif writes an animated GIF: name the file {}, or drop --format",
                        p.display(),
                        ext.unwrap_or_default(),
                        named.name(),
                        p.with_extension(GIF).display()
                    )));
                }
                return Ok(Some(AnimationKind::Gif));
            }
            if gif_file {
                if let Some(f) = format {
                    return Err(Error::usage(format!(
                        "a .gif file is written as an animated GIF, not --format {f}: drop --format"
                    )));
                }
                return Ok(Some(AnimationKind::Gif));
            }
        }
        Target::Writer(_) => {}
    }
    if !m.animate {
        if let Some(flag) = unused_flag(m, numbered) {
            return Err(Error::usage(format!(
                "{flag} is for animations{}: add --animate{} (or write a .gif file)",
                numbered_too(flag).0,
                numbered_too(flag).1
            )));
        }
        return Ok(None);
    }
    let f = super::single_format(format, target)?;
    if f == Format::Svg {
        Ok(Some(AnimationKind::Svg))
    } else if f == Format::Png {
        Ok(Some(AnimationKind::Apng))
    } else {
        Err(Error::usage(format!(
            "--animate writes SVG, GIF or PNG, not {}: name the file .svg, .gif or .png",
            f.name()
        )))
    }
}

/// The first animation flag `m` sets that a still picture does not use: `--start` and
/// `--reverse` also turn the numbers of a numbered diagram (`numbered`).
fn unused_flag(m: &Motion, numbered: bool) -> Option<&'static str> {
    let set = [
        (m.duration.is_some(), "--duration"),
        (m.looped, "--loop"),
        (m.start.is_some() && !numbered, "--start"),
        (m.reverse && !numbered, "--reverse"),
        (m.fps.is_some(), "--fps"),
        (m.frames.is_some(), "--frames"),
    ];
    set.iter().find(|(on, _)| *on).map(|&(_, flag)| flag)
}

/// For the refusal of a flag that also turns numbers: what else it is for, and the other
/// flag that would use it.
fn numbered_too(flag: &str) -> (&'static str, &'static str) {
    match flag {
        "--start" | "--reverse" => (" and numbered diagrams", " or --numbers"),
        _ => ("", ""),
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

/// The walk's cells as (row, col), in walking order (`single::walk_order`); a closed walk ends
/// on its first cell again.
pub fn walk_cells(
    tour: &Tour,
    g: &LeapGraph,
    typed: Option<&[u32]>,
    m: &Motion,
) -> Result<Vec<(u32, u32)>> {
    let mut cells = walk_order(tour, g, typed, m)?;
    if tour.kind.is_closed() && !cells.is_empty() {
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

/// Draws the static page in SVG with an overlay over it, returning its bytes.
pub type DrawPage<'a> = dyn Fn(Arc<dyn Overlay>) -> Result<Vec<u8>> + 'a;

/// Write `tour` as an animation of `kind` to `target`: `page` draws the static glyph as
/// `glyph` writes it in SVG with an overlay over it (the caller draws it with
/// `write_glyph_as`, so that this module does not call back into [`super::glyph`]; `id`
/// is its label's): the walk, or each frame of it.
#[allow(clippy::too_many_arguments)]
pub fn write(
    kind: AnimationKind,
    m: &Motion,
    (tour, typed): (&Tour, Option<&[u32]>),
    g: &LeapGraph,
    style: &Style,
    size: f64,
    png: PngOptions,
    (page, id): (&DrawPage<'_>, String),
    target: Target<'_>,
) -> Result<()> {
    check_style(style)?;
    let timing = timing(m)?;
    let duration = timing.duration;
    let cells = walk_cells(tour, g, typed, m)?;
    // Where the glyph lies on it: the grid `write_glyph` draws on.
    let mut grid = Grid::single(g.board(), size, style.padding)?;
    grid.spec.reach = reach(style, g.piece(), tour.kind.is_closed());
    let walk = walk_at(&cells, &grid.slot(0).place, style)?;
    let moves = cells.len().saturating_sub(1);
    let bytes = match kind {
        AnimationKind::Svg => {
            if m.fps.is_some() || m.frames.is_some() {
                return Err(Error::usage(
                    "--fps and --frames are for GIF and PNG animations: an SVG plays smoothly; drop them",
                ));
            }
            page(Arc::new(Animation::of(vec![(id, walk)], &timing)))?
        }
        AnimationKind::Gif | AnimationKind::Apng => {
            Format::Png.check_size(grid.width, grid.height, png)?;
            let count = frame_count(m, duration, moves)?;
            let frame_svg = |f: f64| page(Arc::new(Frame::new(id.clone(), walk.clone(), f)));
            let (_, w, h) = svg_to_rgba(&frame_svg(0.0)?, png)?;
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
                let (rgba, _, _) = svg_to_rgba(&frame_svg(f)?, png)?;
                let ms = if i + 1 == count {
                    (HOLD * 1000.0) as u32
                } else {
                    step_ms
                };
                Ok((rgba, ms))
            };
            if kind == AnimationKind::Gif {
                frames::gif(&play, style.background, &colours(style), &mut frame)?
            } else {
                frames::apng(&play, &mut frame)?
            }
        }
    };
    Opened::open(target)?.finish(&bytes)
}

/// How long the walk takes (`--duration`) and whether it plays again (`--loop`).
fn timing(m: &Motion) -> Result<Timing> {
    let duration = match &m.duration {
        Some(d) => positive("--duration", d, 3600.0)?,
        None => DEFAULT_DURATION,
    };
    Ok(Timing {
        duration,
        hold: HOLD,
        looped: m.looped,
    })
}

/// The pen's walk through `cells` (row, col) of a glyph drawn at `place` in `style`: the
/// glyph's own stroke (round caps on an outlined band), a start disc sized to the cell,
/// each move an equal share of the time.
pub fn walk_at(cells: &[(u32, u32)], place: &Place, style: &Style) -> Result<Walk> {
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
    Ok(Walk::even(points, stroke, marker))
}

/// The most glyphs `render --animate` animates on its page.
pub const MAX_SHEET_WALKS: u64 = 400;

/// Whether `render`'s flags ask for an animated sheet: usage errors for the animation
/// flags without `--animate`, for the flags of GIF and PNG frames, and for outputs other
/// than one SVG file.
pub fn sheet_wanted(
    m: &Motion,
    format: Format,
    (split, split_layers): (bool, bool),
    numbered: bool,
) -> Result<bool> {
    if !m.animate {
        if let Some(flag) = unused_flag(m, numbered) {
            return Err(Error::usage(format!(
                "{flag} is for animations{}: add --animate{}",
                numbered_too(flag).0,
                numbered_too(flag).1
            )));
        }
        return Ok(false);
    }
    if m.fps.is_some() || m.frames.is_some() {
        return Err(Error::usage(
            "render --animate writes an animated SVG, which plays smoothly: drop --fps and --frames (GIF and PNG frames are glyph's)",
        ));
    }
    if split || split_layers {
        let flag = if split { "--split" } else { "--split-layers" };
        return Err(Error::usage(format!(
            "render --animate writes one animated SVG page, not the files of {flag}: drop one of them"
        )));
    }
    if format != Format::Svg {
        return Err(Error::usage(format!(
            "render --animate writes an animated SVG, not {}: name the output .svg (an animated GIF of one glyph: tourglyph glyph -o NAME.gif)",
            format.name()
        )));
    }
    Ok(true)
}

/// The animation `render --animate` puts over its page, timed by `m`: every glyph's
/// walk ([`walk_at`]) is added to it as the glyph is drawn
/// ([`tourglyph_draw::motion::Animation::new`]).
pub fn sheet_animation(m: &Motion) -> Result<Animation> {
    Ok(Animation::new(&timing(m)?))
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
