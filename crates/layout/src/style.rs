//! Style templates: how glyphs look. Built-in styles live in `templates/styles/*.toml` and
//! are compiled into the binary; `--style` takes one of their names or a path to a TOML
//! file of the same form.
//!
//! A style file is a flat table of the keys of [`Style`] (every key optional; a missing
//! key keeps the default given on the field). An unknown key or a bad value is an error
//! that names the file, the line and the key.

use std::path::Path;
use toml::de::{DeTable, DeValue};
use tourglyph_core::input::MAX_TEXT_FILE;
use tourglyph_core::{error::Error, error::Result};
use tourglyph_draw::toml_value::{number, pick};
use tourglyph_draw::{Cap, DEFAULT_MITER_LIMIT, Join, Rgb};

/// A built-in style's entry: its name and its TOML source, `templates/styles/NAME.toml`.
macro_rules! builtin {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!("../../../templates/styles/", $name, ".toml")),
        )
    };
}

/// The built-in styles: (name, TOML source).
pub const BUILTIN: &[(&str, &str)] = &[
    builtin!("line"),
    builtin!("kufic"),
    builtin!("filled"),
    builtin!("arabesque"),
    builtin!("plotter"),
    builtin!("leaper"),
    builtin!("strapwork"),
    builtin!("diagram"),
    builtin!("plotter-bold"),
];

/// What a built-in style looks like, in one line: the first comment line of its TOML
/// source (`tourglyph styles` prints it beside the name).
pub fn summary(src: &str) -> &str {
    src.lines()
        .next()
        .and_then(|l| l.strip_prefix("# "))
        .unwrap_or("")
}

/// `" (did you mean 'NAME'?)"` for the built-in style nearest `name`, or `""`.
pub fn nearest_builtin(name: &str) -> String {
    tourglyph_core::names::did_you_mean(name, BUILTIN.iter().map(|(n, _)| *n))
}

/// Corner treatment of the glyph line (geometry; see [`tourglyph_draw::Corner`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CornerKind {
    /// Corners as they are.
    Sharp,
    /// Corners cut straight, `corner_radius` from the vertex.
    Bevel,
    /// Corners rounded with radius `corner_radius`.
    Round,
}

/// How a plotter's pen fills a glyph's band ([`crate::plot`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlotKind {
    /// Parallel lines one pen width apart, inside the band's edge.
    Hatch,
    /// Offsets of the band's edge one pen width apart, from the edge inwards.
    Concentric,
}

/// How a plotter's drawing is split into pens, one layer each ([`crate::pens`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayersBy {
    /// By what is drawn: `1 tours`, `2 frames`, `3 dots`.
    Role,
    /// By colour: one pen for each stroke colour the style draws with.
    Color,
}

/// Which glyphs of a sheet take which colour of the style's `palette` ([`crate::pens::tint`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorBy {
    /// By the size of the glyph's orbit under the board's symmetries (sheets of classes).
    Orbit,
    /// By the glyph's tour ID, around the palette.
    Tour,
}

/// Colourings, as style files write them.
const COLOR_BY: [(&str, Option<ColorBy>); 3] = [
    ("none", None),
    ("orbit", Some(ColorBy::Orbit)),
    ("tour", Some(ColorBy::Tour)),
];

/// The default palette of `color_by`: the Okabe–Ito colours that read on white paper
/// (their yellow left out), black first.
pub const DEFAULT_PALETTE: [Rgb; 7] = [
    Rgb(0x00, 0x00, 0x00),
    Rgb(0x00, 0x72, 0xb2),
    Rgb(0xd5, 0x5e, 0x00),
    Rgb(0x00, 0x9e, 0x73),
    Rgb(0xcc, 0x79, 0xa7),
    Rgb(0xe6, 0x9f, 0x00),
    Rgb(0x56, 0xb4, 0xe9),
];

/// Most colours a palette may hold.
pub const MAX_PALETTE: usize = 64;

/// Layer splits, as style files write them.
const LAYERS: [(&str, Option<LayersBy>); 3] = [
    ("none", None),
    ("role", Some(LayersBy::Role)),
    ("color", Some(LayersBy::Color)),
];

/// Plot names, as style files write them.
const PLOTS: [(&str, Option<PlotKind>); 3] = [
    ("none", None),
    ("hatch", Some(PlotKind::Hatch)),
    ("concentric", Some(PlotKind::Concentric)),
];

/// How a sheet of glyphs looks. Lengths marked "pitch" are fractions of the cell pitch
/// (the distance between neighbouring cell centres).
#[derive(Clone, Debug, PartialEq)]
pub struct Style {
    /// The style's name. Default: the file stem.
    pub name: String,
    /// Glyph stroke width, pitch. Default 0.1.
    pub stroke_width: f64,
    /// Glyph stroke colour, or `"none"`. Default `#000000`.
    pub stroke: Option<Rgb>,
    /// Fill of the inside of a closed tour (even-odd), or `"none"`. Default none.
    pub fill: Option<Rgb>,
    /// Page background, or `"none"` (transparent / paper). Default none.
    pub background: Option<Rgb>,
    /// Stroke join: `miter`, `round` or `bevel`. Default `round`.
    pub join: Join,
    /// Stroke cap (ends of open tours): `butt`, `round` or `square`. Default `round`.
    pub cap: Cap,
    /// Miter limit, 1 to 100: with `join = "miter"`, a corner whose point would reach
    /// more than this many half stroke widths from its vertex is bevelled instead (a
    /// right angle needs 1.42, a knight's sharpest turn 2.24, a giraffe's 4.13). The same
    /// in PDF, PostScript and SVG. The layout shrinks a glyph whose points would leave its
    /// slot. Default 4 (SVG's default).
    pub miter_limit: f64,
    /// Corner treatment: `sharp`, `bevel` or `round`. Default `sharp`.
    pub corner: CornerKind,
    /// Corner radius (or bevel cut), pitch, at most 0.5. Default 0.3.
    pub corner_radius: f64,
    /// Board frame colour, or `"none"`. Default none.
    pub frame: Option<Rgb>,
    /// Board frame width, pitch. Default 0.04.
    pub frame_width: f64,
    /// Cell dot colour, or `"none"`. Default none.
    pub dots: Option<Rgb>,
    /// Cell dot radius, pitch. Default 0.08.
    pub dot_radius: f64,
    /// Caption font size in points; 0 for no captions. Default 6.
    pub caption_size: f64,
    /// Caption, title and footer colour. Default `#000000`.
    pub caption_color: Rgb,
    /// Title font size in points. Default 14.
    pub title_size: f64,
    /// Footer font size in points; 0 for no footer. Default 6.
    pub footer_size: f64,
    /// Page margin in mm. Default 10.
    pub margin: f64,
    /// Empty space around each glyph inside its slot, pitch (half on each side).
    /// Default 1.
    pub padding: f64,
    /// Draw each glyph as its filled outline (the region its stroke covers, in the stroke
    /// colour, no stroke; see [`super::outline`]) instead of a stroke. Default false.
    pub outline: bool,
    /// A TrueType/OpenType font file to set text in before the bundled fonts (`--font`
    /// overrides it); a relative path is taken from the style file's folder; `""` for none.
    /// Default none.
    pub font: Option<std::path::PathBuf>,
    /// Draw each glyph's band (the region of [`Style::outline`]) as pen strokes a plotter
    /// can draw: `hatch`, `concentric`, or `none` (the glyph as the style draws it); see
    /// [`crate::plot`]. Default none.
    pub plot: Option<PlotKind>,
    /// The pen's width in mm, with `plot`: strokes are this wide and this far apart.
    /// Default 0.5.
    pub pen_width: f64,
    /// The hatch lines' angle in degrees, counter-clockwise from the page's x axis as
    /// seen, with `plot = "hatch"`. Default 0 (horizontal).
    pub hatch_angle: f64,
    /// Draw the line as an interlaced band (strapwork): at each crossing of the tour with
    /// itself one strand passes over, the other under with a gap, alternately along the
    /// tour (see [`crate::interlace`]). The band's inside is the `stroke` colour; corners
    /// are sharp (the style's `corner` is not applied). Default false.
    pub interlace: bool,
    /// Width of the interlaced band (inside, without its outline), pitch. Default 0.16.
    pub band_width: f64,
    /// Colour of the band's outline, or `"none"`. Default `#000000`.
    pub band_outline: Option<Rgb>,
    /// Width of the band's outline on each side, pitch. Default 0.035.
    pub band_outline_width: f64,
    /// Empty space between an over-strand's outline and the cut ends of the strand under
    /// it, pitch. Default 0.04.
    pub gap: f64,
    /// Write the move number in each cell, 1 to N from the tour's first cell (a numbered
    /// tour diagram; see [`crate::numbers`]): `steps`, or `none`.
    /// Default none.
    pub numbers: bool,
    /// With `numbers`: the numbers alone, no line. Default false.
    pub numbers_only: bool,
    /// Draw each page's strokes in the order that shortens the pen's travel (see
    /// `tourglyph_draw::travel`). Default false.
    pub optimize: bool,
    /// One layer per pen (SVG, [`crate::pens`]): `role` (`1 tours`, `2 frames`, `3 dots`),
    /// `color` (a pen for each colour), or `none` (one layer). Default none.
    pub layers_by: Option<LayersBy>,
    /// Stroke each glyph in a colour of `palette` chosen by `orbit` (the size of its
    /// orbit under the board's symmetries: sheets of `--classes`) or by `tour` (its ID),
    /// instead of `stroke`; with `layers_by = "color"` each colour is a pen of its own
    /// ([`crate::pens::tint`]). `none` for every glyph in `stroke`. Default none.
    pub color_by: Option<ColorBy>,
    /// The colours of `color_by`, written as one string of colours separated by spaces
    /// or commas (`"#000000 #0072b2 crimson"`), 1 to 64 of them. Default the Okabe–Ito
    /// colours without yellow (`#000000 #0072b2 #d55e00 #009e73 #cc79a7 #e69f00 #56b4e9`).
    pub palette: Vec<Rgb>,
    /// Bridges across a closed tour's outline band (`outline`, DXF), so that a stencil's
    /// inner island stays attached: this many strips left uncut, on the band's longest
    /// straight runs (see [`crate::bridge`]). Default 0.
    pub bridges: u32,
    /// Width of each bridge, mm. Default 1.
    pub bridge_width: f64,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            name: String::new(),
            stroke_width: 0.1,
            stroke: Some(Rgb::BLACK),
            fill: None,
            background: None,
            join: Join::Round,
            cap: Cap::Round,
            miter_limit: DEFAULT_MITER_LIMIT,
            corner: CornerKind::Sharp,
            corner_radius: 0.3,
            frame: None,
            frame_width: 0.04,
            dots: None,
            dot_radius: 0.08,
            caption_size: 6.0,
            caption_color: Rgb::BLACK,
            title_size: 14.0,
            footer_size: 6.0,
            margin: 10.0,
            padding: 1.0,
            outline: false,
            font: None,
            plot: None,
            pen_width: 0.5,
            hatch_angle: 0.0,
            interlace: false,
            band_width: 0.16,
            band_outline: Some(Rgb::BLACK),
            band_outline_width: 0.035,
            gap: 0.04,
            numbers: false,
            numbers_only: false,
            optimize: false,
            layers_by: None,
            color_by: None,
            palette: DEFAULT_PALETTE.to_vec(),
            bridges: 0,
            bridge_width: 1.0,
        }
    }
}

/// One key of a style file: how its value is read into a [`Style`] (`dir`: the style
/// file's folder) and how it is written back as a TOML value.
struct Key {
    name: &'static str,
    set: fn(&mut Style, &DeValue<'_>, &Path) -> Check<()>,
    get: fn(&Style) -> String,
}

/// Join names, as style files write them.
const JOINS: [(&str, Join); 3] = [
    ("miter", Join::Miter),
    ("round", Join::Round),
    ("bevel", Join::Bevel),
];
/// Cap names, as style files write them.
const CAPS: [(&str, Cap); 3] = [
    ("butt", Cap::Butt),
    ("round", Cap::Round),
    ("square", Cap::Square),
];
/// Corner names, as style files write them.
const CORNERS: [(&str, CornerKind); 3] = [
    ("sharp", CornerKind::Sharp),
    ("bevel", CornerKind::Bevel),
    ("round", CornerKind::Round),
];

/// The keys a style file may hold, in the order of [`Style`]'s fields: the one list the
/// parser ([`Style::merge`]), its error for an unknown key ([`keys`]) and the printer
/// ([`Style::to_toml`], `tourglyph styles NAME`) all read, so a key cannot be accepted
/// and not printed.
const TABLE: &[Key] = &[
    Key {
        name: "name",
        set: |st, v, _| {
            st.name = v.as_str().ok_or("expected a string")?.into();
            Ok(())
        },
        get: |st| quoted(&st.name),
    },
    Key {
        name: "stroke_width",
        set: |st, v, _| {
            st.stroke_width = length(v, 0.0, 1.0)?;
            Ok(())
        },
        get: |st| num(st.stroke_width),
    },
    Key {
        name: "stroke",
        set: |st, v, _| {
            st.stroke = colour(v)?;
            Ok(())
        },
        get: |st| quoted(&col(st.stroke)),
    },
    Key {
        name: "fill",
        set: |st, v, _| {
            st.fill = colour(v)?;
            Ok(())
        },
        get: |st| quoted(&col(st.fill)),
    },
    Key {
        name: "background",
        set: |st, v, _| {
            st.background = colour(v)?;
            Ok(())
        },
        get: |st| quoted(&col(st.background)),
    },
    Key {
        name: "join",
        set: |st, v, _| {
            st.join = pick(v, &JOINS)?;
            Ok(())
        },
        get: |st| quoted(name_of(&JOINS, st.join)),
    },
    Key {
        name: "cap",
        set: |st, v, _| {
            st.cap = pick(v, &CAPS)?;
            Ok(())
        },
        get: |st| quoted(name_of(&CAPS, st.cap)),
    },
    Key {
        name: "miter_limit",
        set: |st, v, _| {
            st.miter_limit = length(v, 1.0, 100.0)?;
            Ok(())
        },
        get: |st| num(st.miter_limit),
    },
    Key {
        name: "corner",
        set: |st, v, _| {
            st.corner = pick(v, &CORNERS)?;
            Ok(())
        },
        get: |st| quoted(name_of(&CORNERS, st.corner)),
    },
    Key {
        name: "corner_radius",
        set: |st, v, _| {
            st.corner_radius = length(v, 0.0, 0.5)?;
            Ok(())
        },
        get: |st| num(st.corner_radius),
    },
    Key {
        name: "frame",
        set: |st, v, _| {
            st.frame = colour(v)?;
            Ok(())
        },
        get: |st| quoted(&col(st.frame)),
    },
    Key {
        name: "frame_width",
        set: |st, v, _| {
            st.frame_width = length(v, 0.0, 1.0)?;
            Ok(())
        },
        get: |st| num(st.frame_width),
    },
    Key {
        name: "dots",
        set: |st, v, _| {
            st.dots = colour(v)?;
            Ok(())
        },
        get: |st| quoted(&col(st.dots)),
    },
    Key {
        name: "dot_radius",
        set: |st, v, _| {
            st.dot_radius = length(v, 0.0, 0.5)?;
            Ok(())
        },
        get: |st| num(st.dot_radius),
    },
    Key {
        name: "caption_size",
        set: |st, v, _| {
            st.caption_size = length(v, 0.0, 72.0)?;
            Ok(())
        },
        get: |st| num(st.caption_size),
    },
    Key {
        name: "caption_color",
        set: |st, v, _| {
            st.caption_color = colour(v)?.ok_or("expected a colour like \"#000000\"")?;
            Ok(())
        },
        get: |st| quoted(&st.caption_color.hex()),
    },
    Key {
        name: "title_size",
        set: |st, v, _| {
            st.title_size = length(v, 0.0, 144.0)?;
            Ok(())
        },
        get: |st| num(st.title_size),
    },
    Key {
        name: "footer_size",
        set: |st, v, _| {
            st.footer_size = length(v, 0.0, 72.0)?;
            Ok(())
        },
        get: |st| num(st.footer_size),
    },
    Key {
        name: "margin",
        set: |st, v, _| {
            st.margin = length(v, 0.0, 500.0)?;
            Ok(())
        },
        get: |st| num(st.margin),
    },
    Key {
        name: "padding",
        set: |st, v, _| {
            st.padding = length(v, 0.0, 20.0)?;
            Ok(())
        },
        get: |st| num(st.padding),
    },
    Key {
        name: "outline",
        set: |st, v, _| {
            st.outline = v.as_bool().ok_or("expected true or false")?;
            Ok(())
        },
        get: |st| st.outline.to_string(),
    },
    Key {
        // `""`: none (the bundled faces).
        name: "font",
        set: |st, v, dir| {
            let f = v
                .as_str()
                .ok_or("expected the path of a .ttf, .otf or .ttc file, or \"\" for none")?;
            st.font = (!f.is_empty()).then(|| dir.join(f));
            Ok(())
        },
        get: |st| {
            quoted(
                &st.font
                    .as_deref()
                    .map_or(String::new(), |f| f.display().to_string()),
            )
        },
    },
    Key {
        name: "plot",
        set: |st, v, _| {
            st.plot = pick(v, &PLOTS)?;
            Ok(())
        },
        get: |st| quoted(name_of(&PLOTS, st.plot)),
    },
    Key {
        name: "pen_width",
        set: |st, v, _| {
            st.pen_width = length(v, 0.05, 20.0)?;
            Ok(())
        },
        get: |st| num(st.pen_width),
    },
    Key {
        name: "hatch_angle",
        set: |st, v, _| {
            st.hatch_angle = length(v, -360.0, 360.0)?;
            Ok(())
        },
        get: |st| num(st.hatch_angle),
    },
    Key {
        name: "interlace",
        set: |st, v, _| {
            st.interlace = v.as_bool().ok_or("expected true or false")?;
            Ok(())
        },
        get: |st| st.interlace.to_string(),
    },
    Key {
        name: "band_width",
        set: |st, v, _| {
            st.band_width = length(v, 0.0, 1.0)?;
            Ok(())
        },
        get: |st| num(st.band_width),
    },
    Key {
        name: "band_outline",
        set: |st, v, _| {
            st.band_outline = colour(v)?;
            Ok(())
        },
        get: |st| quoted(&col(st.band_outline)),
    },
    Key {
        name: "band_outline_width",
        set: |st, v, _| {
            st.band_outline_width = length(v, 0.0, 0.5)?;
            Ok(())
        },
        get: |st| num(st.band_outline_width),
    },
    Key {
        name: "gap",
        set: |st, v, _| {
            st.gap = length(v, 0.0, 0.5)?;
            Ok(())
        },
        get: |st| num(st.gap),
    },
    Key {
        name: "numbers",
        set: |st, v, _| {
            st.numbers = pick(v, &NUMBERS)?;
            Ok(())
        },
        get: |st| quoted(name_of(&NUMBERS, st.numbers)),
    },
    Key {
        name: "numbers_only",
        set: |st, v, _| {
            st.numbers_only = v.as_bool().ok_or("expected true or false")?;
            Ok(())
        },
        get: |st| st.numbers_only.to_string(),
    },
    Key {
        name: "optimize",
        set: |st, v, _| {
            st.optimize = v.as_bool().ok_or("expected true or false")?;
            Ok(())
        },
        get: |st| st.optimize.to_string(),
    },
    Key {
        name: "layers_by",
        set: |st, v, _| {
            st.layers_by = pick(v, &LAYERS)?;
            Ok(())
        },
        get: |st| quoted(name_of(&LAYERS, st.layers_by)),
    },
    Key {
        name: "color_by",
        set: |st, v, _| {
            st.color_by = pick(v, &COLOR_BY)?;
            Ok(())
        },
        get: |st| quoted(name_of(&COLOR_BY, st.color_by)),
    },
    Key {
        name: "palette",
        set: |st, v, _| {
            st.palette = palette(v)?;
            Ok(())
        },
        get: |st| {
            let all: Vec<String> = st.palette.iter().map(|c| c.hex()).collect();
            quoted(&all.join(" "))
        },
    },
    Key {
        name: "bridges",
        set: |st, v, _| {
            let n = length(v, 0.0, 1000.0)?;
            if n.fract() != 0.0 {
                return Err(format!(
                    "{n} is not a whole number: give a count of bridges, e.g. 2"
                ));
            }
            st.bridges = n as u32;
            Ok(())
        },
        get: |st| st.bridges.to_string(),
    },
    Key {
        name: "bridge_width",
        set: |st, v, _| {
            st.bridge_width = length(v, 0.01, 100.0)?;
            Ok(())
        },
        get: |st| num(st.bridge_width),
    },
];

/// Names of the `numbers` key, as style files write them.
const NUMBERS: [(&str, bool); 2] = [("none", false), ("steps", true)];

/// The keys a style file may hold, in the order of [`Style`]'s fields.
pub fn keys() -> Vec<&'static str> {
    TABLE.iter().map(|k| k.name).collect()
}

/// A TOML string.
fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// A TOML number, as short as it reads back exactly.
fn num(x: f64) -> String {
    format!("{x}")
}

/// A colour as a style file writes it: `#rrggbb` or `none`.
fn col(c: Option<Rgb>) -> String {
    c.map_or_else(|| "none".to_string(), Rgb::hex)
}

/// The name of `x` among `names`.
fn name_of<T: PartialEq + Copy>(names: &[(&'static str, T)], x: T) -> &'static str {
    names.iter().find(|(_, v)| *v == x).map_or("", |(n, _)| n)
}

type Check<T> = std::result::Result<T, String>;

impl Style {
    /// A built-in style by name, or a style file by path (anything with a `/`, a `\` or
    /// ending in `.toml`).
    pub fn resolve(spec: &str) -> Result<Style> {
        if let Some((name, src)) = BUILTIN.iter().find(|(n, _)| *n == spec) {
            return Style::parse(src, &format!("templates/styles/{name}.toml"), name);
        }
        let looks_like_path = spec.contains('/') || spec.contains('\\') || spec.ends_with(".toml");
        if !looks_like_path {
            let names: Vec<&str> = BUILTIN.iter().map(|(n, _)| *n).collect();
            return Err(Error::usage(format!(
                "unknown style '{spec}'{}: use one of {} or the path of a .toml style file",
                nearest_builtin(spec),
                names.join(", ")
            )));
        }
        let p = Path::new(spec);
        let src = read_style_file(spec, p)?;
        let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("custom");
        Style::parse(&src, spec, stem)
    }

    /// Parse a style from TOML source; `file` names it in errors, `stem` is the default
    /// name.
    pub fn parse(src: &str, file: &str, stem: &str) -> Result<Style> {
        let mut st = Style {
            name: stem.to_string(),
            ..Style::default()
        };
        st.merge(src, file)?;
        Ok(st)
    }

    /// Set the keys of TOML source `src` over this style; `file` names it in errors.
    pub fn merge(&mut self, src: &str, file: &str) -> Result<()> {
        let st = self;
        let line_of = |offset: usize| src[..offset.min(src.len())].matches('\n').count() + 1;
        let table = DeTable::parse(src).map_err(|e| {
            let line = e.span().map_or(1, |s| line_of(s.start));
            let msg = e.message().trim().replace('\n', " ");
            Error::usage(format!("{file}:{line}: {msg}"))
        })?;
        let mut entries: Vec<_> = table.get_ref().iter().collect();
        entries.sort_by_key(|(k, _)| k.span().start);
        let dir = Path::new(file).parent().unwrap_or(Path::new(""));
        for (key, value) in entries {
            let k: &str = key.get_ref();
            let line = line_of(key.span().start);
            let Some(def) = TABLE.iter().find(|d| d.name == k) else {
                // The nearest key when one is near (`tourglyph styles line` prints them
                // all), else the whole list.
                let hint = match tourglyph_core::names::nearest(k, keys()) {
                    Some(n) => {
                        format!("did you mean '{n}'? (`tourglyph styles line` prints every key)")
                    }
                    None => format!("the keys are {}", keys().join(", ")),
                };
                return Err(Error::usage(format!(
                    "{file}:{line}: unknown key '{k}': {hint}"
                )));
            };
            (def.set)(st, value.get_ref(), dir)
                .map_err(|what| Error::usage(format!("{file}:{line}: key '{k}': {what}")))?;
        }
        Ok(())
    }

    /// Set one key from a command-line flag (`--stroke red` sets `stroke`): the value is
    /// read as a number when it is one, else as a string, and checked as in a style file;
    /// an error names the flag.
    pub fn set_flag(&mut self, flag: &str, key: &str, value: &str) -> Result<()> {
        let v = value.trim();
        let literal = match v.parse::<f64>() {
            // A number as written when TOML reads it (a message then quotes it as given),
            // else as TOML writes it: Rust reads `1.`, `.5` and `NaN`, which TOML does not
            // (its syntax error, naming line 1 of no file, would be the message).
            Ok(_) if toml::from_str::<toml::Table>(&format!("x = {v}")).is_ok() => v.to_string(),
            Ok(x) => toml::Value::Float(x).to_string(),
            Err(_) if value == "true" => value.to_string(),
            Err(_) => toml::Value::String(value.to_string()).to_string(),
        };
        let src = format!("{key} = {literal}\n");
        self.merge(&src, flag).map_err(|e| {
            let m = e.to_string();
            let prefix = format!("{flag}:1: key '{key}': ");
            let why = m.strip_prefix(&prefix).unwrap_or(&m);
            Error::usage(format!("{flag}: {why}"))
        })
    }

    /// The style as TOML, every key in the order of [`keys`]: given back to
    /// [`Style::parse`] it gives this style again.
    pub fn to_toml(&self) -> String {
        TABLE
            .iter()
            .map(|k| format!("{} = {}\n", k.name, (k.get)(self)))
            .collect()
    }
}

/// The text of a style file, refused past [`MAX_TEXT_FILE`] bytes.
fn read_style_file(spec: &str, p: &Path) -> Result<String> {
    match tourglyph_core::input::read_bounded(p, MAX_TEXT_FILE) {
        Ok(Some(src)) => Ok(src),
        Ok(None) => Err(Error::usage(format!(
            "{}: too large for a style file (over {MAX_TEXT_FILE} bytes): give a short TOML file of style keys",
            p.display()
        ))),
        // What the file holds is the request's fault, as a typo in it is (exit 2); a
        // file that cannot be read is the file system's (exit 1).
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData => Err(Error::usage(format!(
            "{}: not UTF-8 text, so not a style file: give a TOML file of style keys (`tourglyph styles kufic` prints one)",
            p.display()
        ))),
        Err(e) => Err(Error::runtime(format!(
            "cannot read style file '{spec}': {e}; give a built-in style name or the path of a .toml style file"
        ))),
    }
}

/// A length within [lo, hi] ([`number`]), NaN refused as no length.
fn length(v: &DeValue<'_>, lo: f64, hi: f64) -> Check<f64> {
    if let DeValue::Float(f) = v
        && f.as_str()
            .replace('_', "")
            .parse::<f64>()
            .is_ok_and(f64::is_nan)
    {
        return Err(format!(
            "nan is not a length: use a number from {lo} to {hi}"
        ));
    }
    number(v, lo, hi).map_err(String::from)
}

/// `"#rrggbb"`, `"#rgb"`, a CSS colour name or `"none"`.
fn colour(v: &DeValue<'_>) -> Check<Option<Rgb>> {
    match v.as_str() {
        Some("none") => Ok(None),
        Some(s) => one_colour(s)
            .map(Some)
            .ok_or_else(|| {
                format!(
                    "bad colour \"{s}\": write \"#rrggbb\", \"#rgb\", a CSS colour name (\"crimson\") or \"none\""
                )
            }),
        None => Err("expected a colour string like \"#000000\" or \"none\"".into()),
    }
}

/// A colour as style files write one: `#rrggbb`, `#rgb` or a CSS colour name.
fn one_colour(s: &str) -> Option<Rgb> {
    Rgb::parse(s).or_else(|| tourglyph_draw::css::named(s))
}

/// A palette: colours separated by spaces or commas, each as [`colour`] reads one
/// ("none" is not a colour here).
fn palette(v: &DeValue<'_>) -> Check<Vec<Rgb>> {
    let s = v
        .as_str()
        .ok_or("expected a string of colours like \"#000000 #0072b2 crimson\"")?;
    let mut out = Vec::new();
    for word in s.split([' ', ',', '\t']).filter(|w| !w.is_empty()) {
        let c = one_colour(word).ok_or_else(|| {
                format!(
                    "bad colour \"{word}\" in the palette: write \"#rrggbb\", \"#rgb\" or a CSS colour name, separated by spaces"
                )
            })?;
        out.push(c);
    }
    if out.is_empty() {
        return Err("an empty palette: give at least one colour, e.g. \"#000000 #0072b2\"".into());
    }
    if out.len() > MAX_PALETTE {
        return Err(format!(
            "{} colours: a palette holds at most {MAX_PALETTE}",
            out.len()
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_past_f64_range_echoes_what_was_written() {
        let e = Style::parse("stroke_width = 1e400\n", "x.toml", "x").unwrap_err();
        assert!(e.to_string().contains("1e400 is out of range"), "{e}");
        let e = Style::parse("stroke_width = -1_000\n", "x.toml", "x").unwrap_err();
        assert!(e.to_string().contains("-1000 is out of range"), "{e}");
        let e = Style::parse("stroke_width = nan\n", "x.toml", "x").unwrap_err();
        assert!(e.to_string().contains("nan is not a length"), "{e}");
    }

    #[test]
    fn style_file_of_unbounded_size_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.toml");
        let line = "# a comment line to pad the file\n";
        let n = (MAX_TEXT_FILE as usize) / line.len() + 1;
        std::fs::write(&big, line.repeat(n)).unwrap();
        let e = Style::resolve(big.to_str().unwrap()).unwrap_err();
        assert!(e.is_usage(), "{e}");
        assert!(e.to_string().contains("too large for a style file"), "{e}");
        let small = dir.path().join("small.toml");
        std::fs::write(&small, line.repeat(100) + "stroke_width = 0.3\n").unwrap();
        assert_eq!(
            Style::resolve(small.to_str().unwrap())
                .unwrap()
                .stroke_width,
            0.3
        );
        // Not text: what the file holds is at fault, as a typo would be (exit 2); a file
        // that cannot be read at all is the file system's (exit 1).
        let bad = dir.path().join("bad.toml");
        std::fs::write(&bad, b"name = \"\xff\"\n").unwrap();
        let e = Style::resolve(bad.to_str().unwrap()).unwrap_err();
        assert!(e.is_usage() && e.to_string().contains("not UTF-8"), "{e}");
        let missing = dir.path().join("missing.toml");
        assert!(
            !Style::resolve(missing.to_str().unwrap())
                .unwrap_err()
                .is_usage()
        );
    }

    #[test]
    fn style_key_or_colour_with_newline_is_one_line_error() {
        let e = Style::parse("\"wid\\nth\" = 1\n", "s.toml", "s").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("s.toml:1: unknown key 'wid\\nth'"),
            "{e}"
        );
        let e = Style::parse("stroke = \"#\\r12\"\n", "s.toml", "s").unwrap_err();
        assert!(e.to_string().contains("bad colour \"#\\r12\""), "{e}");
        let e = Style::resolve("kufic\n").unwrap_err();
        assert!(e.to_string().starts_with("unknown style 'kufic\\n'"), "{e}");
    }

    #[test]
    fn numbers_rust_reads_and_toml_does_not_get_the_keys_message() {
        // Issue 56, item 21: `--width 1.` said "--width: --width:1: invalid fraction,
        // expected digits" (TOML's syntax error for the line the flag became).
        let mut st = Style::resolve("line").unwrap();
        st.set_flag("--width", "stroke_width", "1.").unwrap();
        assert_eq!(st.stroke_width, 1.0);
        st.set_flag("--width", "stroke_width", ".5").unwrap();
        assert_eq!(st.stroke_width, 0.5);
        for (v, says) in [
            ("NaN", "nan is not a length"),
            ("2.", "out of range"),
            ("1e400", "out of range"),
        ] {
            let e = st
                .set_flag("--width", "stroke_width", v)
                .unwrap_err()
                .to_string();
            assert!(e.starts_with("--width: ") && e.contains(says), "{v}: {e}");
            assert!(!e.contains(":1:") && !e.contains("expected `"), "{v}: {e}");
        }
    }

    #[test]
    fn builtins_parse_and_differ() {
        let all: Vec<Style> = BUILTIN
            .iter()
            .map(|(n, _)| Style::resolve(n).unwrap())
            .collect();
        for (i, a) in all.iter().enumerate() {
            assert_eq!(a.name, BUILTIN[i].0);
            for b in &all[i + 1..] {
                assert_ne!(a, b);
            }
        }
        let k = Style::resolve("kufic").unwrap();
        assert_eq!(k.stroke_width, 0.5);
        assert_eq!((k.join, k.cap), (Join::Miter, Cap::Square));
        assert!(Style::resolve("filled").unwrap().fill.is_some());
        assert_eq!(
            Style::resolve("arabesque").unwrap().corner,
            CornerKind::Round
        );
        let p = Style::resolve("plotter").unwrap();
        assert!(p.fill.is_none() && p.background.is_none());
    }

    #[test]
    fn builtins_round_trip_through_toml() {
        for (n, _) in BUILTIN {
            let st = Style::resolve(n).unwrap();
            let back = Style::parse(&st.to_toml(), "x.toml", "x").unwrap();
            assert_eq!(back, st, "{n}");
        }
        let odd = Style {
            stroke_width: 0.123_456_789,
            outline: true,
            ..Style::default()
        };
        assert_eq!(
            Style::parse(&odd.to_toml(), "o.toml", "o").unwrap().name,
            ""
        );
        assert_eq!(Style::parse(&odd.to_toml(), "o.toml", "o").unwrap(), odd);
    }

    #[test]
    fn flags_set_keys_and_name_themselves_in_errors() {
        let mut st = Style::resolve("kufic").unwrap();
        st.set_flag("--stroke", "stroke", "Crimson").unwrap();
        assert_eq!(st.stroke, Some(Rgb(220, 20, 60)));
        st.set_flag("--fill", "fill", "#abc").unwrap();
        assert_eq!(st.fill, Some(Rgb(0xaa, 0xbb, 0xcc)));
        st.set_flag("--background", "background", "none").unwrap();
        st.set_flag("--width", "stroke_width", "0.25").unwrap();
        assert_eq!(st.stroke_width, 0.25);
        st.set_flag("--cap", "cap", "butt").unwrap();
        assert_eq!(st.cap, Cap::Butt);
        let e = st.set_flag("--width", "stroke_width", "2").unwrap_err();
        assert!(e.is_usage());
        assert!(
            e.to_string().starts_with("--width: 2 is out of range"),
            "{e}"
        );
        let e = st.set_flag("--stroke", "stroke", "bluish\"x").unwrap_err();
        assert!(e.to_string().starts_with("--stroke: bad colour"), "{e}");
        let e = st.set_flag("--join", "join", "sharp").unwrap_err();
        assert!(e.to_string().starts_with("--join: expected one of"), "{e}");
    }

    #[test]
    fn errors_name_file_line_and_key() {
        let e = Style::parse("stroke_width = 0.2\n\nwidht = 3\n", "my.toml", "my").unwrap_err();
        assert!(e.is_usage());
        let m = e.to_string();
        assert!(m.starts_with("my.toml:3: unknown key 'widht'"), "{m}");
        let e = Style::parse("# c\njoin = \"sharp\"\n", "s.toml", "s").unwrap_err();
        assert!(
            e.to_string().starts_with("s.toml:2: key 'join': expected"),
            "{e}"
        );
        let e = Style::parse("stroke = \"#12\"\n", "s.toml", "s").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("s.toml:1: key 'stroke': bad colour"),
            "{e}"
        );
        let e = Style::parse("stroke_width = 2\n", "s.toml", "s").unwrap_err();
        assert!(e.to_string().contains("out of range"), "{e}");
        let e = Style::parse("a = 1\nmargin = \n", "s.toml", "s").unwrap_err();
        assert!(e.to_string().starts_with("s.toml:2:"), "{e}");
        let e = Style::resolve("gothic").unwrap_err();
        assert!(e.to_string().contains("kufic"), "{e}");
        let ok = Style::parse("stroke_width = 1\nfill = \"none\"\n", "s.toml", "s").unwrap();
        assert_eq!(ok.stroke_width, 1.0);
        assert_eq!(ok.name, "s");
    }
}
