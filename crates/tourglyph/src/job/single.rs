//! One document made in memory (a glyph, a tile): its target opened before the work and
//! written when complete, its format, and the page opener of a one-page drawing; one
//! tour written as a glyph ([`write_glyph`], for `glyph`, `find -o` and `render --split`)
//! and the words of the command that draws it again ([`style_words`], [`turn_words`],
//! [`shell_word`]).

use super::request::{Draw, GlyphRequest, Target};
use std::sync::Arc;
use tourglyph_core::{LeapGraph, Result, Tour};
use tourglyph_draw::gcode::GcodeProfile;
use tourglyph_draw::png::PngOptions;
use tourglyph_draw::travel::Optimize;
use tourglyph_draw::{Backend, DocOptions, Format, GlyphData, Label, Sink};
use tourglyph_layout::grid::Grid;
use tourglyph_layout::style::Style;
use tourglyph_layout::{Sheet, SheetText};
use tourglyph_layout::{glyph::glyph_data, glyph::reach};

/// A [`Target`] opened for one document made in memory (a glyph, a tile): a file (or
/// stdout) committed when complete, or the caller's writer.
pub(crate) enum Opened<'a> {
    /// A file or stdout.
    Out(crate::output::Out),
    /// The caller's writer.
    Writer(&'a mut dyn std::io::Write),
}

impl<'a> Opened<'a> {
    /// Open the target (a file is created now: `--no-clobber` refuses before any work).
    pub(crate) fn open(target: Target<'a>) -> Result<Opened<'a>> {
        Ok(match target {
            Target::Path(p, opts) => Opened::Out(crate::output::open_out_with(p, opts)?),
            Target::Writer(w) => Opened::Writer(w),
        })
    }

    /// Write the document and finish: a file is renamed into place, a writer flushed.
    pub(crate) fn finish(self, bytes: &[u8]) -> Result<()> {
        use std::io::Write;
        match self {
            Opened::Out(mut o) => {
                o.write_all(bytes)?;
                o.commit()
            }
            Opened::Writer(w) => {
                w.write_all(bytes)?;
                Ok(w.flush()?)
            }
        }
    }
}

/// The format of a single drawing: as asked, else SVG on stdout or a writer, else from
/// the file's extension.
pub(crate) fn single_format(format: Option<&str>, target: &Target<'_>) -> Result<Format> {
    use tourglyph_draw::Format;
    match (format, target) {
        (Some(f), Target::Path(p, _)) => Format::for_output(Some(f), p),
        (Some(f), Target::Writer(_)) => Format::parse(f),
        // A single glyph on stdout is for a design tool or a browser: SVG.
        (None, Target::Writer(_)) => Ok(Format::Svg),
        (None, Target::Path(p, _)) if p.as_os_str() == "-" => Ok(Format::Svg),
        (None, Target::Path(p, _)) => Format::from_path(p),
    }
}

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
pub(crate) fn turn_words(m: &super::request::Motion, numbered: bool) -> Vec<String> {
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
/// ([`super::animate::walk_order`]), or else in `list`'s order.
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
    write_glyph_as((tour, walk), g, style, size, out, about, false, target)
}

/// [`write_glyph`], an SVG's text drawn as outlines when `text_as_paths`: the page an
/// animation's GIF or APNG frames are rasterised from, whose move numbers must show as a
/// PNG page shows them (draw's document draws a PNG's text as outlines).
#[allow(clippy::too_many_arguments)]
pub(crate) fn write_glyph_as(
    (tour, walk): (&Tour, Option<&[(u32, u32)]>),
    g: &LeapGraph,
    style: &Style,
    size: f64,
    out: (Format, PngOptions, Option<Arc<GcodeProfile>>),
    about: (Label, String),
    text_as_paths: bool,
    target: Target<'_>,
) -> Result<()> {
    let (format, png, gcode) = out;
    let style = super::style::for_format(style.clone(), format);
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
        text_as_paths,
        pdf_threads: Some(0),
        // One glyph, in the stroke colour: no palette colour taken.
        pens: tourglyph_layout::pens::pens(&style, &[]),
        gcode,
        ..DocOptions::default()
    };
    let doc = format.open(Sink::Stream(Vec::new()), opts)?;
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
