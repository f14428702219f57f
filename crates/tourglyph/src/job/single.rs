//! One document made in memory (a glyph, a tile): its target opened before the work and
//! written when complete, its format, and the page opener of a one-page drawing; one
//! tour written as a glyph ([`write_glyph`], for `glyph`, `find -o` and `render --split`)
//! and the words of the command that draws it again ([`style_words`], [`turn_words`],
//! [`shell_word`]); the style with the [`Draw`] flags set over it ([`style_with`]), as
//! a format draws it ([`for_format`]), and the PNG options and G-code profile they give.

use super::request::{Draw, GlyphRequest, Motion};
use crate::output::{Opened, Target};
use std::sync::Arc;
use tourglyph_core::{Error, LeapGraph, Result, Tour};
use tourglyph_draw::gcode::GcodeProfile;
use tourglyph_draw::png::PngOptions;
use tourglyph_draw::svg::Overlay;
use tourglyph_draw::travel::Optimize;
use tourglyph_draw::{Backend, Destination, DocOptions, Format, GlyphData, Label};
use tourglyph_layout::grid::Grid;
use tourglyph_layout::style::Style;
use tourglyph_layout::{Sheet, SheetText};
use tourglyph_layout::{glyph::glyph_data, glyph::reach};

/// The flags of a redrawing command that give the same drawing style: `--style` unless
/// the default, each flag that overrides a key, and `--outline`; values quoted for a
/// POSIX shell. Shared by the glyph's `<desc>` and the `--split` files'.
pub(crate) fn style_words(style: &str, draw: &Draw) -> Vec<String> {
    let mut words = Vec::new();
    let mut flag = |f: &str, v: &str| {
        words.push(f.to_string());
        words.push(shell_word(v));
    };
    if style != GlyphRequest::default().style {
        flag("--style", style);
    }
    for (key, value) in draw.overrides() {
        match key {
            "outline" | "interlace" | "numbers" | "optimize" => {}
            "stroke_width" => flag("--width", &value),
            k => flag(&format!("--{}", k.replace('_', "-")), &value),
        }
    }
    if draw.outline {
        words.push("--outline".into());
    }
    if draw.interlace {
        words.push("--interlace".into());
    }
    if draw.numbers {
        words.push("--numbers".into());
    }
    if draw.optimize {
        words.push("--optimize".into());
    }
    words
}

/// `--start CELL` and `--reverse` as `m` sets them, for a redrawing command of a numbered
/// glyph (`numbered`), where they say where its numbers begin and which way they go.
pub(crate) fn turn_words(m: &Motion, numbered: bool) -> Vec<String> {
    let mut words = Vec::new();
    if numbered {
        if let Some(s) = &m.start {
            words.extend(["--start".into(), shell_word(s)]);
        }
        if m.reverse {
            words.push("--reverse".into());
        }
    }
    words
}

/// `s` as one word of a POSIX shell command: as it is when it holds only characters no
/// shell treats specially, else in single quotes.
pub(crate) fn shell_word(s: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "._/:,+-=@%".contains(c);
    if !s.is_empty() && s.chars().all(plain) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// Write one tour as a glyph on a page exactly its size (`size` mm for the larger side),
/// to `target` (a file atomically). Shared by `glyph`, `find -o` and `render --split`. `about` names the tour: its label (the
/// title goes into the document's metadata in every format; SVG also gives the glyph's
/// path the label's id and title) and a description (SVG `<desc>`; empty for none).
/// `out` is the format, its PNG options and its G-code profile (`None`: the default).
/// A numbered diagram is numbered along `walk`, the tour's cells (row, col) from its start
/// ([`super::single::walk_order`]), or else in `list`'s order.
#[allow(clippy::too_many_arguments)]
pub fn write_glyph(
    (tour, walk): (&Tour, Option<&[(u32, u32)]>),
    g: &LeapGraph,
    style: &Style,
    size: f64,
    out: (Format, PngOptions, Option<Arc<GcodeProfile>>),
    about: (Label, String),
    target: Target<'_>,
) -> Result<()> {
    write_glyph_as(
        (tour, walk),
        g,
        style,
        size,
        out,
        about,
        Svg::default(),
        target,
    )
}

/// How [`write_glyph_as`] writes an SVG page beyond the style: for an animation.
#[derive(Default)]
pub(crate) struct Svg {
    /// Text drawn as outlines: the page an animation's GIF or APNG frames are rasterised
    /// from, whose move numbers must show as a PNG page shows them (draw's document draws
    /// a PNG's text as outlines).
    pub text_as_paths: bool,
    /// The walk over the glyph, or a frame of it ([`tourglyph_draw::motion`]).
    pub overlay: Option<Arc<dyn Overlay>>,
}

/// [`write_glyph`], an SVG page written as `svg` says.
#[allow(clippy::too_many_arguments)]
pub(crate) fn write_glyph_as(
    (tour, walk): (&Tour, Option<&[(u32, u32)]>),
    g: &LeapGraph,
    style: &Style,
    size: f64,
    out: (Format, PngOptions, Option<Arc<GcodeProfile>>),
    about: (Label, String),
    svg: Svg,
    target: Target<'_>,
) -> Result<()> {
    let (format, png, gcode) = out;
    let style = for_format(style.clone(), format);
    let rook_plane = g.piece().is_rook() && !g.topology().is_torus();
    tourglyph_layout::bridge::check(&style, rook_plane, tour.kind.is_closed())?;
    let glyph = glyph_data(tour, g, &style);
    let mut grid = Grid::single(g.board(), size, style.padding)?;
    grid.spec.reach = reach(&style, g.piece(), tour.kind.is_closed());
    format.check_size(grid.width, grid.height, png)?;
    let out = Opened::open(target)?;
    let (label, desc) = about;
    let opts = DocOptions {
        title: label.title.clone(),
        desc,
        png,
        text_as_paths: svg.text_as_paths,
        overlay: svg.overlay,
        pdf_threads: Some(0),
        // One glyph, in the stroke colour: no palette colour taken.
        pens: tourglyph_layout::pens::pens(&style, &[]),
        gcode,
        ..DocOptions::default()
    };
    let doc = format.open(Destination::Stream(Vec::new()), opts)?;
    // A numbered diagram: the tour's cells along its walk, else in `list`'s order.
    let numbers = style.numbers.then(|| {
        let cells = match walk {
            Some(w) => w.to_vec(),
            None => tour.coords(g),
        };
        cells
            .into_iter()
            .map(|(r, c)| (c as i32, r as i32))
            .collect()
    });
    let doc = match style.optimize {
        true => draw(Optimize::new(doc), &glyph, grid, &style, &label, numbers)?.into_inner(),
        false => draw(doc, &glyph, grid, &style, &label, numbers)?,
    };
    let bytes = doc.into_writers().concat();
    out.finish(&bytes)
}

fn draw<B: Backend>(
    b: B,
    glyph: &GlyphData,
    grid: Grid,
    style: &Style,
    label: &Label,
    numbers: Option<Vec<(i32, i32)>>,
) -> Result<B> {
    let mut sheet = Sheet::new(b, grid, style, SheetText::default());
    if let Some(cells) = numbers {
        sheet.number_next(cells);
    }
    sheet.push_labelled(glyph, "", Some(label))?;
    sheet.finish()
}

/// The style `spec` (a built-in name or a TOML file) with the [`Draw`] flags set over it.
pub fn style_with(spec: &str, draw: &Draw) -> Result<Style> {
    let mut st = Style::resolve(spec)?;
    for (key, value) in draw.overrides() {
        let flag = match key {
            "stroke_width" => "--width".to_string(),
            k => format!("--{}", k.replace('_', "-")),
        };
        st.set_flag(&flag, key, &value)?;
    }
    Ok(st)
}

/// `style` as `format` draws it: a format of outlines (DXF, for cutters) draws each glyph's
/// filled outline, not pen strokes or an interlaced band, whatever the style says.
pub fn for_format(mut style: Style, format: Format) -> Style {
    if format.draws_outlines() {
        style.outline = true;
        style.plot = None;
        style.interlace = false;
    }
    style
}

/// The G-code profile `--gcode-profile` names, for a drawing in `format`: `None` (the
/// default profile) when not given; a usage error when given for another format.
pub fn gcode_profile(draw: &Draw, format: Format) -> Result<Option<Arc<GcodeProfile>>> {
    let Some(spec) = &draw.gcode_profile else {
        return Ok(None);
    };
    if format != Format::Gcode {
        return Err(Error::usage(format!(
            "--gcode-profile is for G-code, but this writes {}: name the file NAME.gcode, or drop --gcode-profile",
            format.name()
        )));
    }
    let p = GcodeProfile::resolve(spec)?;
    Ok(Some(Arc::new(p)))
}

/// PNG options from `--dpi` and `--force` (of a drawing of fixed size: the caller names
/// the flag that makes it smaller, if any, in `smaller`), or a preview's width.
pub fn png_options(draw: &Draw, force: bool) -> PngOptions {
    PngOptions {
        dpi: draw.dpi,
        force,
        smaller: None,
        width: draw.preview,
        paper: draw.preview.map(|_| tourglyph_draw::Rgb::WHITE),
    }
}

/// The tour's cells as (row, col) in the order it is walked and numbered: `typed` (the
/// cells as the user typed them, or as `find` printed them: the first is the start, the
/// second gives the direction) or else `list`'s order, turned as `m`'s `--start` (a closed
/// tour turned to begin there; an open one begins at whichever end is named) and
/// `--reverse` (the other way round) say.
pub fn walk_order(
    tour: &Tour,
    g: &LeapGraph,
    typed: Option<&[u32]>,
    m: &Motion,
) -> Result<Vec<(u32, u32)>> {
    let board = g.board();
    let mut cells = match typed {
        Some(t) => t.iter().map(|&c| board.coords(c)).collect(),
        None => tour.coords(g),
    };
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
    Ok(cells)
}
