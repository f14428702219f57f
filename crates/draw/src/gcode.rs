//! G-code for pen plotters and GRBL machines: one program a page, in the machine's units,
//! written through the `g-code` crate's emitter (the moves of strokes, byte for byte as it
//! writes them, by hand: see [`GcodeWriter`]).
//!
//! **What is drawn.** Every stroked path is drawn with the pen down, in the order the page
//! gives it (a glyph's centre line, a plot's hatch lines and rings, frames and dots); a
//! filled region ([`Backend::shape`], `--outline`) is drawn as its contours, the line a
//! drag knife or a laser would cut. Fills alone (a background, a closed tour's inside) and
//! text (captions, titles, footers) are not drawn: a pen cannot fill, and text would need a
//! single-line font. Curves (dots, round corners) are cut into straight moves within
//! [`TOLERANCE`] ([`crate::flatten`]).
//!
//! **The program.** A comment naming the page, the profile's `header`, `G21` (or `G20`)
//! and `G90`, the pen lifted; then for each stroke a travel to its start (`G0`, or `G1` at
//! the profile's `travel` feed), the pen lowered (the profile's `pen_down` commands, or a
//! `G1 Z` move at the `plunge` feed), a dwell (`G4 P`) when the profile asks for one, and
//! `G1` moves at the `feed` (given on the first move after the pen comes down). A stroke
//! that starts where the last one ended is drawn without lifting the pen. The page ends
//! with the pen lifted and the profile's `footer`.
//!
//! **Coordinates.** The page's millimetres (x right, y down from the top-left corner) are
//! placed with the machine's (0, 0) at the profile's `origin` corner, X to the right and Y
//! up, as G-code has them: with the origin at the bottom left every point of the page has
//! 0 ≤ X ≤ width and 0 ≤ Y ≤ height; at the top left, −height ≤ Y ≤ 0; and so on. Numbers
//! are written by [`crate::num`] (three decimals of a millimetre) and handed to the
//! emitter as exact decimals (which it writes with a point: `X10.`, `X12.5`); in inches
//! the same formatter writes tenths of an inch, so a coordinate keeps four decimals of an
//! inch (2.5 µm).
//!
//! **Profiles** ([`GcodeProfile`]) are TOML files of the keys the built-in ones show
//! (`templates/gcode/*.toml`): `grbl-servo` (pen on a servo, `M3 S30` down, `M5` up)
//! and `grbl-z` (pen or tool on the Z axis). Every command a profile gives (pen moves,
//! header, footer) is parsed by the `g-code` crate's parser, so a profile that is not
//! G-code is refused before anything is drawn.

use crate::backend::{Backend, PageOpener, PageWrite};
use crate::flatten::for_each_polyline;
use crate::marks::{GlyphData, Label, Paint, Path, Place, Text};
use crate::num::Num;
use crate::region::FilledRegion;
use crate::toml_value::{number, pick};
use g_code::emit::{Field, FormatOptions, Token, Value, format_gcode_io};
use rust_decimal::Decimal;
use std::borrow::Cow;
use std::path::Path as FsPath;
use std::str::FromStr;
use std::sync::Arc;
use toml::de::{DeTable, DeValue};
use tourglyph_core::error::{Error, Result};
use tourglyph_core::input::{MAX_TEXT_FILE, read_bounded};

/// How far (mm) a curve may be from the straight moves that draw it: a twentieth of the
/// finest pen (0.1 mm), below any plotter's repeatability.
pub const TOLERANCE: f64 = 0.005;

/// A built-in profile's entry: its name and its TOML source, `templates/gcode/NAME.toml`.
macro_rules! builtin {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!("../../../templates/gcode/", $name, ".toml")),
        )
    };
}

/// The built-in profiles: name and TOML source.
const BUILTIN: [(&str, &str); 2] = [builtin!("grbl-servo"), builtin!("grbl-z")];

/// The profile used when none is named.
pub const DEFAULT_PROFILE: &str = "grbl-servo";

/// The units a program is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Units {
    /// Millimetres (`G21`).
    Mm,
    /// Inches (`G20`).
    Inch,
}

/// Where the machine's (0, 0) lies on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The page's bottom-left corner (Y grows up the page).
    BottomLeft,
    /// The top-left corner.
    TopLeft,
    /// The top-right corner.
    TopRight,
    /// The bottom-right corner.
    BottomRight,
}

const UNITS: [(&str, Units); 2] = [("mm", Units::Mm), ("inch", Units::Inch)];
const ORIGINS: [(&str, Origin); 4] = [
    ("bottom-left", Origin::BottomLeft),
    ("top-left", Origin::TopLeft),
    ("top-right", Origin::TopRight),
    ("bottom-right", Origin::BottomRight),
];

/// One line of G-code, as the emitter's tokens.
type Line = Vec<Token<'static>>;

/// How the pen goes up and down.
#[derive(Clone, Debug, PartialEq)]
pub enum PenLift {
    /// Commands of the profile's own (`M3 S30` down, `M5` up): lines of G-code.
    Commands {
        /// Lifts the pen.
        up: Vec<Line>,
        /// Lowers the pen.
        down: Vec<Line>,
    },
    /// Z moves: `G0 Z<up>` lifts, `G1 Z<down> F<plunge>` lowers.
    Z {
        /// Z of the lifted pen, in the profile's units.
        up: f64,
        /// Z of the pen on the paper.
        down: f64,
        /// Feed of the lowering move, units a minute.
        plunge: f64,
    },
}

/// A machine's G-code dialect and settings (see the module doc and the built-in TOML
/// files for the keys).
#[derive(Clone, Debug, PartialEq)]
pub struct GcodeProfile {
    /// The name: a built-in's, or the file's stem.
    pub name: String,
    /// Millimetres or inches.
    pub units: Units,
    /// Where (0, 0) is.
    pub origin: Origin,
    /// Pen-down feed, units a minute.
    pub feed: f64,
    /// Pen-up feed, units a minute; `None`: rapid moves (`G0`).
    pub travel: Option<f64>,
    /// How the pen moves.
    pub pen: PenLift,
    /// Seconds to wait after each pen move (0: none).
    pub dwell: f64,
    /// Lines written at the start of each page, before the units.
    pub header: Vec<Line>,
    /// Lines written at the end of each page, the pen lifted.
    pub footer: Vec<Line>,
}

impl Default for GcodeProfile {
    fn default() -> Self {
        GcodeProfile::resolve(DEFAULT_PROFILE).expect("the built-in profiles parse")
    }
}

type Check<T> = std::result::Result<T, String>;

impl GcodeProfile {
    /// The built-in profiles' names.
    pub fn builtin_names() -> Vec<&'static str> {
        BUILTIN.iter().map(|(n, _)| *n).collect()
    }

    /// The TOML source of a built-in profile.
    pub fn builtin_source(name: &str) -> Option<&'static str> {
        BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
    }

    /// A built-in profile by name, or a profile file by path (anything with a `/`, a `\`
    /// or ending in `.toml`); errors are one line, usage errors (exit 2) for what the
    /// name or the file says.
    pub fn resolve(spec: &str) -> Result<GcodeProfile> {
        if let Some(src) = GcodeProfile::builtin_source(spec) {
            return GcodeProfile::parse(src, &format!("templates/gcode/{spec}.toml"), spec);
        }
        let looks_like_path = spec.contains('/') || spec.contains('\\') || spec.ends_with(".toml");
        if !looks_like_path {
            return Err(Error::usage(format!(
                "unknown G-code profile '{spec}'{}: use {} or the path of a .toml profile file",
                tourglyph_core::names::did_you_mean(spec, GcodeProfile::builtin_names()),
                GcodeProfile::builtin_names().join(", ")
            )));
        }
        let p = FsPath::new(spec);
        let src = match read_bounded(p, MAX_TEXT_FILE) {
            Ok(Some(src)) => src,
            Ok(None) => {
                return Err(Error::usage(format!(
                    "{}: too large for a G-code profile (over {MAX_TEXT_FILE} bytes): give a short TOML file of profile keys",
                    p.display()
                )));
            }
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                return Err(Error::usage(format!(
                    "{}: not UTF-8 text, so not a G-code profile: give a TOML file of profile keys (templates/gcode/grbl-servo.toml shows them)",
                    p.display()
                )));
            }
            Err(e) => {
                return Err(Error::runtime(format!(
                    "cannot read G-code profile '{spec}': {e}; give {} or the path of a .toml profile file",
                    GcodeProfile::builtin_names().join(", ")
                )));
            }
        };
        let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("custom");
        GcodeProfile::parse(&src, spec, stem)
    }

    /// Parse a profile from TOML source: every key is optional (the `grbl-servo` values
    /// stand for those left out, except that `z_up`/`z_down` replace its pen commands);
    /// `file` names it in errors, `name` is its name.
    pub fn parse(src: &str, file: &str, name: &str) -> Result<GcodeProfile> {
        let line_of = |offset: usize| src[..offset.min(src.len())].matches('\n').count() + 1;
        let table = DeTable::parse(src).map_err(|e| {
            let line = e.span().map_or(1, |s| line_of(s.start));
            let msg = e.message().trim().replace('\n', " ");
            Error::usage(format!("{file}:{line}: {msg}"))
        })?;
        let mut p = Draft::default();
        let mut entries: Vec<_> = table.get_ref().iter().collect();
        entries.sort_by_key(|(k, _)| k.span().start);
        for (key, value) in entries {
            let k: &str = key.get_ref();
            let line = line_of(key.span().start);
            let Some((_, set)) = KEYS.iter().find(|(n, _)| *n == k) else {
                let names: Vec<&str> = KEYS.iter().map(|(n, _)| *n).collect();
                return Err(Error::usage(format!(
                    "{file}:{line}: unknown key '{k}'{}: the keys are {}",
                    tourglyph_core::names::did_you_mean(k, names.iter().copied()),
                    names.join(", ")
                )));
            };
            set(&mut p, value.get_ref())
                .map_err(|why| Error::usage(format!("{file}:{line}: key '{k}': {why}")))?;
        }
        p.finish(name)
            .map_err(|why| Error::usage(format!("{file}: {why}")))
    }

    /// `(X, Y)` in the profile's units for page point `(x, y)` mm on a page of `w` × `h`
    /// mm (see the module doc).
    pub fn place(&self, (x, y): (f64, f64), (w, h): (f64, f64)) -> (f64, f64) {
        match self.origin {
            Origin::BottomLeft => (x, h - y),
            Origin::TopLeft => (x, -y),
            Origin::TopRight => (x - w, -y),
            Origin::BottomRight => (x - w, h - y),
        }
    }
}

/// A profile as its keys are read.
#[derive(Default)]
struct Draft {
    units: Option<Units>,
    origin: Option<Origin>,
    feed: Option<f64>,
    travel: Option<Option<f64>>,
    pen_up: Option<Vec<Line>>,
    pen_down: Option<Vec<Line>>,
    z_up: Option<f64>,
    z_down: Option<f64>,
    plunge: Option<f64>,
    dwell: Option<f64>,
    header: Option<Vec<Line>>,
    footer: Option<Vec<Line>>,
}

/// Setting a key of a [`Draft`].
type Set = fn(&mut Draft, &DeValue<'_>) -> Check<()>;

/// The keys a profile may hold, in the order the built-in files write them.
const KEYS: [(&str, Set); 12] = [
    ("units", |p, v| {
        p.units = Some(pick(v, &UNITS)?);
        Ok(())
    }),
    ("origin", |p, v| {
        p.origin = Some(pick(v, &ORIGINS)?);
        Ok(())
    }),
    ("feed", |p, v| {
        p.feed = Some(number(v, 0.001, 1e6)?);
        Ok(())
    }),
    ("travel", |p, v| {
        p.travel = Some(match v.as_str() {
            Some("rapid") => None,
            Some(_) => return Err("expected \"rapid\" or a feed in units a minute".into()),
            None => Some(number(v, 0.001, 1e6)?),
        });
        Ok(())
    }),
    ("pen_up", |p, v| {
        p.pen_up = Some(gcode(v, false)?);
        Ok(())
    }),
    ("pen_down", |p, v| {
        p.pen_down = Some(gcode(v, false)?);
        Ok(())
    }),
    ("z_up", |p, v| {
        p.z_up = Some(number(v, -1e4, 1e4)?);
        Ok(())
    }),
    ("z_down", |p, v| {
        p.z_down = Some(number(v, -1e4, 1e4)?);
        Ok(())
    }),
    ("plunge", |p, v| {
        p.plunge = Some(number(v, 0.001, 1e6)?);
        Ok(())
    }),
    ("dwell", |p, v| {
        p.dwell = Some(number(v, 0.0, 60.0)?);
        Ok(())
    }),
    ("header", |p, v| {
        p.header = Some(gcode(v, true)?);
        Ok(())
    }),
    ("footer", |p, v| {
        p.footer = Some(gcode(v, true)?);
        Ok(())
    }),
];

impl Draft {
    /// The profile, the default's values where a key was left out.
    fn finish(self, name: &str) -> Check<GcodeProfile> {
        let commands = self.pen_up.is_some() || self.pen_down.is_some();
        let z = self.z_up.is_some() || self.z_down.is_some() || self.plunge.is_some();
        let pen = match (commands, z) {
            (true, true) => {
                return Err(
                    "give the pen's moves either as commands (pen_up, pen_down) or as Z heights (z_up, z_down, plunge), not both"
                        .into(),
                );
            }
            (true, false) => match (self.pen_up, self.pen_down) {
                (Some(up), Some(down)) => PenLift::Commands { up, down },
                _ => return Err("give both pen_up and pen_down".into()),
            },
            (false, true) => match (self.z_up, self.z_down) {
                (Some(up), Some(down)) if up > down => PenLift::Z {
                    up,
                    down,
                    plunge: self.plunge.unwrap_or(500.0),
                },
                (Some(up), Some(down)) => {
                    return Err(format!(
                        "z_up ({up}) must be above z_down ({down}): the pen lifts to z_up"
                    ));
                }
                _ => return Err("give both z_up and z_down".into()),
            },
            (false, false) => PenLift::Commands {
                up: vec![servo("M5")],
                down: vec![servo("M3 S30")],
            },
        };
        Ok(GcodeProfile {
            name: name.to_string(),
            units: self.units.unwrap_or(Units::Mm),
            origin: self.origin.unwrap_or(Origin::BottomLeft),
            feed: self.feed.unwrap_or(3000.0),
            travel: self.travel.unwrap_or(None),
            pen,
            dwell: self.dwell.unwrap_or(0.15),
            header: self.header.unwrap_or_default(),
            footer: self.footer.unwrap_or_default(),
        })
    }
}

/// A built-in command line.
fn servo(text: &str) -> Line {
    parse_lines(text)
        .ok()
        .and_then(|mut l| l.pop())
        .unwrap_or_default()
}

/// G-code text (lines apart by newlines), parsed by the `g-code` crate; empty text only
/// when `may_be_empty`.
fn gcode(v: &DeValue<'_>, may_be_empty: bool) -> Check<Vec<Line>> {
    let text = v
        .as_str()
        .ok_or("expected G-code as a string, e.g. \"M3 S30\"")?;
    let lines = parse_lines(text)?;
    if lines.is_empty() && !may_be_empty {
        return Err("empty: give the G-code that moves the pen, e.g. \"M3 S30\"".into());
    }
    Ok(lines)
}

/// The lines of G-code `text`, each as tokens; an error quotes what the parser expected.
fn parse_lines(text: &str) -> Check<Vec<Line>> {
    if !text.is_ascii() {
        return Err("not ASCII: G-code is ASCII text".into());
    }
    let snippet = g_code::parse::snippet_parser(text).map_err(|e| {
        let expected: Vec<&str> = e.expected.tokens().collect();
        format!(
            "not G-code at line {}, column {}: expected {}",
            e.location.line,
            e.location.column,
            expected.join(" or ")
        )
    })?;
    let mut lines: Vec<Line> = Vec::new();
    for l in snippet.iter() {
        let mut line = Line::new();
        for t in l.iter_emit_tokens() {
            line.push(match t {
                Token::Field(f) => Token::Field(f.into_owned()),
                Token::Comment { is_inline, inner } => Token::Comment {
                    is_inline,
                    inner: Cow::Owned(inner.into_owned()),
                },
                // GRBL takes no letter without a value ("M3 S").
                Token::Flag(f) => {
                    return Err(format!(
                        "'{}' has no value: write a number after each letter, e.g. S30",
                        f.letter
                    ));
                }
            });
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    Ok(lines)
}

/// A field `letters` with an exact decimal value.
fn field(letters: &'static str, value: Decimal) -> Token<'static> {
    Token::Field(Field {
        letters: Cow::Borrowed(letters),
        value: Value::Rational(value),
    })
}

/// A command `G0`, `G1`, `M5`, ….
fn word(letters: &'static str, n: usize) -> Token<'static> {
    Token::Field(Field {
        letters: Cow::Borrowed(letters),
        value: Value::Integer(n),
    })
}

/// `x` as [`crate::num`] writes it, as an exact decimal.
fn decimal(x: f64) -> Decimal {
    Decimal::from_str(&Num(x).to_string()).unwrap_or_default()
}

/// Bytes of program built before they are handed to the page's writer.
const EMIT_BLOCK: usize = 1 << 16;

/// A coordinate in the machine's units, as the exact decimal [`decimal`] makes of it,
/// compared by value and written as the `g-code` crate's emitter writes that decimal
/// ([`Coord::write`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Coord {
    /// `r` thousandths (ten-thousandths for inches given in tenths), |r| < 10^15: what
    /// `crate::num` writes for the value (x·1000 rounded; exact for whole numbers).
    Units(i64),
    /// A value of 10^12 or more (or not a number) as the emitter's text: a page never has
    /// one, but nothing is left unwritten.
    Text([u8; 24], u8),
}

impl Coord {
    /// `x` (machine units, three decimals, or four for inches given in tenths: `tenths`).
    fn of(x: f64, tenths: bool) -> Coord {
        if x.is_finite() && x.abs() < 1e12 {
            let r = (x * 1000.0).round() as i64;
            if r.unsigned_abs() < 1_000_000_000_000_000 {
                return Coord::Units(r);
            }
        }
        let mut num = crate::num::Digits::default();
        crate::num::push(&mut num, x);
        let num = num.as_bytes();
        let (neg, body) = match num.split_first() {
            Some((b'-', rest)) => (true, rest),
            _ => (false, num),
        };
        let (int, frac) = match body.iter().position(|&b| b == b'.') {
            Some(k) => (&body[..k], &body[k + 1..]),
            None => (body, &[][..]),
        };
        // Tenths: the point one place to the left.
        let mut moved = [0u8; 8];
        let (int, frac): (&[u8], &[u8]) = match tenths {
            false => (int, frac),
            true => {
                let (i, last) = int.split_at(int.len().saturating_sub(1));
                let n = (last.len() + frac.len()).min(moved.len());
                moved[..last.len()].copy_from_slice(last);
                moved[last.len()..n].copy_from_slice(&frac[..n - last.len()]);
                (i, &moved[..n])
            }
        };
        let frac = &frac[..frac.iter().rposition(|&b| b != b'0').map_or(0, |k| k + 1)];
        let int: &[u8] = match int.iter().position(|&b| b != b'0') {
            Some(k) => &int[k..],
            None => b"0",
        };
        let mut text = Vec::with_capacity(24);
        let zero = int == b"0" && frac.is_empty();
        if neg && !zero {
            text.push(b'-');
        }
        text.extend_from_slice(int);
        text.push(b'.');
        text.extend_from_slice(frac);
        let mut c = [0u8; 24];
        let n = text.len().min(c.len());
        c[..n].copy_from_slice(&text[..n]);
        Coord::Text(c, n as u8)
    }

    /// Append the emitter's text for it: the decimal's shortest form, a point after a
    /// whole number (`10.`), `0.` for zero.
    fn write(&self, tenths: bool, b: &mut Vec<u8>) {
        let r = match *self {
            Coord::Units(r) => r,
            Coord::Text(t, n) => {
                b.extend_from_slice(&t[..usize::from(n)]);
                return;
            }
        };
        let (unit, width) = match tenths {
            false => (1000u64, 3),
            true => (10_000u64, 4),
        };
        let a = r.unsigned_abs();
        let (int, mut frac) = (a / unit, a % unit);
        if r < 0 {
            b.push(b'-');
        }
        let mut digits = [0u8; 20];
        let mut k = digits.len();
        let mut i = int;
        loop {
            k -= 1;
            digits[k] = b'0' + (i % 10) as u8;
            i /= 10;
            if i == 0 {
                break;
            }
        }
        b.extend_from_slice(&digits[k..]);
        b.push(b'.');
        if frac != 0 {
            let mut n = width;
            while frac % 10 == 0 {
                frac /= 10;
                n -= 1;
            }
            let mut f = [b'0'; 4];
            for j in (0..n).rev() {
                f[j] = b'0' + (frac % 10) as u8;
                frac /= 10;
            }
            b.extend_from_slice(&f[..n]);
        }
    }
}

/// The state of the page being written.
struct Page<W> {
    out: W,
    /// Page size, mm.
    size: (f64, f64),
    /// Where the pen is, as written (machine units); `None` before the first move.
    at: Option<(Coord, Coord)>,
    /// The pen is down.
    down: bool,
}

/// The profile's pen lifts, travel and feed as the emitter writes them, made once: a page
/// of hatched glyphs repeats them for every stroke.
struct Written {
    /// Lifting the pen (and the dwell after it).
    up: Vec<u8>,
    /// Lowering it (and the dwell).
    down: Vec<u8>,
    /// ` F<feed>` on the first pen-down move of a stroke.
    feed: Vec<u8>,
    /// The travel word (`G0`, or `G1` at the travel feed) and the feed field, if any.
    travel: (&'static [u8], Vec<u8>),
}

/// What follows a move's coordinates.
#[derive(Clone, Copy)]
enum Extra {
    None,
    /// The travel feed, if the profile gives one.
    Travel,
    /// The pen-down feed.
    Feed,
}

/// Writes each page as a G-code program ([`crate::document::Format::Gcode`]).
///
/// The program's lines go through the `g-code` crate's emitter, except the moves of a
/// stroke (`G0`/`G1 X… Y…`), hundreds of thousands a page: those are written here, byte for
/// byte as the emitter writes them (a test compares the two over many values), because the
/// emitter's formatting took three quarters of a hatched sheet's time.
pub struct GcodeWriter<'a, W: PageWrite> {
    open: PageOpener<'a, W>,
    profile: Arc<GcodeProfile>,
    title: String,
    page: Option<Page<W>>,
    done: Vec<W>,
    /// The program being built, written out a stroke at a time.
    buf: Vec<u8>,
    written: Written,
}

/// `lines` as the emitter writes them.
fn emitted(lines: &[Line]) -> Vec<u8> {
    let mut out = Vec::new();
    for line in lines {
        // Writing to a vector cannot fail.
        let _ = format_gcode_io(line, FormatOptions::default(), &mut out);
    }
    out
}

/// A field as the emitter writes it after another on a line (` F3000.`).
fn emitted_field(letters: &'static str, value: Decimal) -> Vec<u8> {
    let mut line = emitted(&[vec![word("G", 1), field(letters, value)]]);
    // "G1 F3000.\n" → " F3000."
    line.drain(..2);
    line.pop();
    line
}

impl<'a, W: PageWrite> GcodeWriter<'a, W> {
    /// A writer of programs for `profile`, asking `open` for the output of each page;
    /// `title` goes into each program's first comment.
    pub fn new(open: PageOpener<'a, W>, profile: Arc<GcodeProfile>, title: &str) -> Self {
        let p = &profile;
        let dwell: Vec<Line> = match p.dwell > 0.0 {
            true => vec![vec![word("G", 4), field("P", decimal(p.dwell))]],
            false => vec![],
        };
        let (mut up, mut down) = match &p.pen {
            PenLift::Commands { up, down } => (up.clone(), down.clone()),
            PenLift::Z { up, down, plunge } => (
                vec![vec![word("G", 0), field("Z", decimal(*up))]],
                vec![vec![
                    word("G", 1),
                    field("Z", decimal(*down)),
                    field("F", decimal(*plunge)),
                ]],
            ),
        };
        up.extend(dwell.iter().cloned());
        down.extend(dwell);
        let written = Written {
            up: emitted(&up),
            down: emitted(&down),
            feed: emitted_field("F", decimal(p.feed)),
            travel: match p.travel {
                Some(f) => (b"G1", emitted_field("F", decimal(f))),
                None => (b"G0", Vec::new()),
            },
        };
        GcodeWriter {
            open,
            profile,
            title: title.to_string(),
            page: None,
            done: Vec::new(),
            buf: Vec::new(),
            written,
        }
    }

    /// The page writers, in page order, after [`Backend::finish`].
    pub fn into_writers(self) -> Vec<W> {
        self.done
    }

    /// A length in the profile's units, as an exact decimal (see the module doc): what
    /// [`Coord::of`] writes, through the emitter's own types (the tests' reference).
    #[cfg(test)]
    fn coord(&self, mm: f64) -> Decimal {
        match self.profile.units {
            Units::Mm => decimal(mm),
            Units::Inch => {
                // Tenths of an inch to three decimals, then shifted one place: exact.
                let mut d = decimal(mm / 25.4 * 10.0);
                let _ = d.set_scale(d.scale() + 1);
                d.normalize()
            }
        }
    }

    /// A length in the profile's units, as written.
    fn coord_text(&self, mm: f64) -> Coord {
        match self.profile.units {
            Units::Mm => Coord::of(mm, false),
            Units::Inch => Coord::of(mm / 25.4 * 10.0, true),
        }
    }

    /// Lines through the emitter, after what is built.
    fn push_lines(&mut self, lines: &[Line]) {
        let more = emitted(lines);
        self.buf.extend_from_slice(&more);
    }

    fn pen_up(&mut self) {
        self.buf.extend_from_slice(&self.written.up);
    }

    fn pen_down(&mut self) {
        self.buf.extend_from_slice(&self.written.down);
    }

    /// A move `word X<x> Y<y>` and `extra` fields.
    fn move_to(&mut self, word: &[u8], (x, y): (Coord, Coord), extra: Extra) {
        let tenths = self.profile.units == Units::Inch;
        let extra: &[u8] = match extra {
            Extra::None => b"",
            Extra::Travel => &self.written.travel.1,
            Extra::Feed => &self.written.feed,
        };
        let b = &mut self.buf;
        b.extend_from_slice(word);
        b.extend_from_slice(b" X");
        x.write(tenths, b);
        b.extend_from_slice(b" Y");
        y.write(tenths, b);
        b.extend_from_slice(extra);
        b.push(b'\n');
    }

    /// Write what is built to the page.
    fn emit(&mut self) -> Result<()> {
        let page = self
            .page
            .as_mut()
            .ok_or_else(|| Error::runtime("gcode: drawing outside a page"))?;
        page.out.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }

    /// Draw `path` with the pen: each subpath a stroke.
    fn stroke(&mut self, path: &Path) -> Result<()> {
        let Some(size) = self.page.as_ref().map(|p| p.size) else {
            return Err(Error::runtime("gcode: drawing outside a page"));
        };
        let mut pts: Vec<(Coord, Coord)> = Vec::new();
        for_each_polyline(path, TOLERANCE, |points, closed| {
            self.stroke_one(points, closed, size, &mut pts)
        })
    }

    /// One subpath (`points` in mm, `closed`) of a page of `size`, with `pts` to hold its
    /// coordinates.
    fn stroke_one(
        &mut self,
        points: &[(f64, f64)],
        closed: bool,
        size: (f64, f64),
        pts: &mut Vec<(Coord, Coord)>,
    ) -> Result<()> {
        pts.clear();
        for &p in points {
            let (x, y) = self.profile.place(p, size);
            let q = (self.coord_text(x), self.coord_text(y));
            if pts.last() != Some(&q) {
                pts.push(q);
            }
        }
        if closed && pts.len() > 1 && pts.last() != Some(&pts[0]) {
            pts.push(pts[0]);
        }
        let Some(&first) = pts.first() else {
            return Ok(());
        };
        let (at, down) = self.page.as_ref().map_or((None, false), |p| (p.at, p.down));
        if !(down && at == Some(first)) {
            if down {
                self.pen_up();
            }
            self.move_to(self.written.travel.0, first, Extra::Travel);
            self.pen_down();
        }
        // The first pen-down move gives the feed (a travel at another feed may come
        // between); a lone point is a dot: the pen goes down and up again.
        for (i, &q) in pts.iter().enumerate().skip(1) {
            let extra = if i == 1 { Extra::Feed } else { Extra::None };
            self.move_to(b"G1", q, extra);
        }
        let last = *pts.last().unwrap_or(&first);
        if let Some(p) = self.page.as_mut() {
            p.at = Some(last);
            p.down = true;
        }
        // Handed on in blocks (the page's end writes the rest).
        if self.buf.len() >= EMIT_BLOCK {
            self.emit()?;
        }
        Ok(())
    }
}

/// A comment line (ASCII, one line).
fn comment(text: &str) -> Line {
    let clean: String = text
        .chars()
        .map(|c| match c {
            ' '..='~' => c,
            _ => '?',
        })
        .collect();
    vec![Token::Comment {
        is_inline: false,
        inner: Cow::Owned(clean),
    }]
}

impl<W: PageWrite> Backend for GcodeWriter<'_, W> {
    fn glyph(
        &mut self,
        glyph: &GlyphData,
        at: &Place,
        paint: &Paint,
        label: Option<&Label>,
    ) -> Result<()> {
        let _ = label;
        if paint.stroke.is_none() {
            return Ok(());
        }
        self.stroke(&glyph.to_path(at))
    }

    fn shape(
        &mut self,
        shape: &FilledRegion,
        at: &Place,
        paint: &Paint,
        label: Option<&Label>,
    ) -> Result<()> {
        let _ = (paint, label);
        self.stroke(&shape.to_path(at))
    }

    fn begin_page(&mut self, width: f64, height: f64) -> Result<()> {
        if self.page.is_some() {
            return Err(Error::runtime("gcode: page begun twice"));
        }
        let out = (self.open)(self.done.len())?;
        self.page = Some(Page {
            out,
            size: (width, height),
            at: None,
            down: false,
        });
        let p = &self.profile;
        let corner = ORIGINS
            .iter()
            .find(|(_, o)| *o == p.origin)
            .map_or("", |(n, _)| n);
        let mut head = vec![comment(&format!(
            "tourglyph G-code, page {}: {} x {} mm, profile {}, origin {corner}",
            self.done.len() + 1,
            Num(width),
            Num(height),
            p.name
        ))];
        if !self.title.is_empty() {
            head.push(comment(&self.title));
        }
        head.extend(p.header.iter().cloned());
        head.push(vec![word("G", if p.units == Units::Mm { 21 } else { 20 })]);
        head.push(vec![word("G", 90)]);
        self.push_lines(&head);
        self.pen_up();
        self.emit()
    }

    fn path(&mut self, path: &Path, paint: &Paint) -> Result<()> {
        if paint.stroke.is_none() {
            return Ok(());
        }
        self.stroke(path)
    }

    fn text(&mut self, _text: &Text) -> Result<()> {
        Ok(())
    }

    fn end_page(&mut self) -> Result<()> {
        if self.page.as_ref().is_some_and(|p| p.down) {
            self.pen_up();
        }
        let footer = self.profile.footer.clone();
        self.push_lines(&footer);
        self.emit()?;
        let mut p = self
            .page
            .take()
            .ok_or_else(|| Error::runtime("gcode: end_page without a page"))?;
        p.out.close()?;
        self.done.push(p.out);
        Ok(())
    }

    fn finish(&mut self) -> Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marks::{Cap, Join, Rgb, Stroke};

    fn pen() -> Paint {
        Paint {
            stroke: Some(Stroke {
                color: Rgb::BLACK,
                width: 0.5,
                join: Join::Round,
                cap: Cap::Round,
                miter_limit: 4.0,
            }),
            fill: None,
        }
    }

    fn program(profile: GcodeProfile, draw: impl FnOnce(&mut GcodeWriter<'_, Vec<u8>>)) -> String {
        let mut w = GcodeWriter::new(Box::new(|_| Ok(Vec::new())), Arc::new(profile), "t");
        w.begin_page(100.0, 50.0).unwrap();
        draw(&mut w);
        w.end_page().unwrap();
        w.finish().unwrap();
        String::from_utf8(w.into_writers().concat()).unwrap()
    }

    #[test]
    fn builtins_parse_and_differ() {
        let servo = GcodeProfile::resolve("grbl-servo").unwrap();
        let z = GcodeProfile::resolve("grbl-z").unwrap();
        assert!(matches!(servo.pen, PenLift::Commands { .. }));
        let PenLift::Z { up, down, plunge } = z.pen else {
            panic!("grbl-z moves Z: {:?}", z.pen);
        };
        assert_eq!((up, down, plunge), (3.0, 0.0, 500.0));
        assert_eq!(GcodeProfile::default(), servo);
    }

    #[test]
    fn a_square_with_the_servo_profile() {
        let g = program(GcodeProfile::default(), |w| {
            w.path(&Path::rect(10.0, 10.0, 5.0, 2.5), &pen()).unwrap();
            // A fill alone draws nothing.
            let fill = Paint {
                stroke: None,
                fill: Some(Rgb::BLACK),
            };
            w.path(&Path::rect(0.0, 0.0, 100.0, 50.0), &fill).unwrap();
        });
        let want = "\
;tourglyph G-code, page 1: 100 x 50 mm, profile grbl-servo, origin bottom-left
;t
G21
G90
M5
G4 P0.15
G0 X10. Y40.
M3 S30
G4 P0.15
G1 X15. Y40. F3000.
G1 X15. Y37.5
G1 X10. Y37.5
G1 X10. Y40.
M5
G4 P0.15
G0 X0 Y0
";
        assert_eq!(g, want);
    }

    #[test]
    fn z_profile_inches_and_travel_feed() {
        let src = "units = \"inch\"\norigin = \"top-left\"\ntravel = 5000\nz_up = 0.2\nz_down = -0.01\nplunge = 20\ndwell = 0\nfeed = 40\n";
        let p = GcodeProfile::parse(src, "p.toml", "p").unwrap();
        let g = program(p, |w| {
            w.path(&Path::rect(25.4, 12.7, 25.4, 0.0), &pen()).unwrap();
        });
        assert!(g.contains("\nG20\n"), "{g}");
        assert!(
            g.contains("\nG1 X1. Y-0.5 F5000.\nG1 Z-0.01 F20.\nG1 X2. Y-0.5 F40.\n"),
            "{g}"
        );
        assert!(g.ends_with("G0 Z0.2\n"), "{g}");
    }

    #[test]
    fn joined_strokes_keep_the_pen_down() {
        let g = program(GcodeProfile::default(), |w| {
            let a = Path {
                segs: vec![
                    crate::marks::Seg::MoveTo(0.0, 0.0),
                    crate::marks::Seg::LineTo(1.0, 0.0),
                    crate::marks::Seg::MoveTo(1.0, 0.0),
                    crate::marks::Seg::LineTo(1.0, 1.0),
                ],
            };
            w.path(&a, &pen()).unwrap();
        });
        assert_eq!(g.matches("M3 S30").count(), 1, "{g}");
    }

    #[test]
    fn bad_profiles_are_one_line_usage_errors() {
        for (src, want) in [
            ("feed = 0\n", "p.toml:1: key 'feed': 0 is out of range"),
            (
                "speed = 1\n",
                "p.toml:1: unknown key 'speed' (did you mean 'feed'?): the keys are units,",
            ),
            (
                "units = \"cm\"\n",
                "key 'units': expected one of \"mm\", \"inch\"",
            ),
            ("pen_down = \"M3 S\"\n", "key 'pen_down': 'S' has no value"),
            (
                "pen_down = \"M3 (S30\"\n",
                "key 'pen_down': not G-code at line 1",
            ),
            (
                "pen_down = \"M3 S30\"\n",
                "p.toml: give both pen_up and pen_down",
            ),
            (
                "z_up = 0\nz_down = 1\n",
                "z_up (0) must be above z_down (1)",
            ),
            (
                "pen_up = \"M5\"\npen_down = \"M3\"\nz_up = 1\nz_down = 0\n",
                "not both",
            ),
            ("travel = \"fast\"\n", "expected \"rapid\" or a feed"),
            ("header = \"G1 X\u{e9}\"\n", "not ASCII"),
            ("feed = \n", "p.toml:1:"),
        ] {
            let e = GcodeProfile::parse(src, "p.toml", "p").unwrap_err();
            let m = e.to_string();
            assert!(e.is_usage(), "{m}");
            assert!(m.contains(want), "{src}: {m}");
            assert!(!m.contains('\n'), "{m}");
        }
        let e = GcodeProfile::resolve("grbl").unwrap_err().to_string();
        assert_eq!(
            e,
            "unknown G-code profile 'grbl' (did you mean 'grbl-z'?): use grbl-servo, grbl-z or the path of a .toml profile file"
        );
    }

    #[test]
    fn coordinates_are_written_as_the_emitter_writes_them() {
        // The fast path (Coord::of) against the emitter's own formatting of the exact
        // decimal (GcodeWriter::coord), in millimetres and in inches, over values with
        // 0–4 decimals, signs, whole numbers, zero and rounding at the last place.
        let mut values = vec![
            0.0, -0.0, 0.0004, -0.0004, 0.0005, 10.0, -10.0, 1e-9, 1234.5,
        ];
        // Beyond the arithmetic path: through the formatter's text.
        values.extend([5e12, -7.25e13, 1.5e12 + 0.25, f64::NAN]);
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let v = (x >> 11) as f64 / (1u64 << 53) as f64;
            let scale = [1.0, 10.0, 1000.0, 0.01][(x & 3) as usize];
            let sign = if x & 4 == 0 { 1.0 } else { -1.0 };
            values.push(sign * v * scale);
            // Whole and half thousandths.
            values.push(sign * ((v * 1e6).round() / 1000.0));
            values.push(sign * ((v * 1e6).round() + 0.5) / 1000.0);
        }
        for units in [Units::Mm, Units::Inch] {
            let w = GcodeWriter::<Vec<u8>>::new(
                Box::new(|_| Ok(Vec::new())),
                Arc::new(GcodeProfile {
                    units,
                    ..GcodeProfile::default()
                }),
                "",
            );
            for &v in &values {
                let want = emitted_field("X", w.coord(v));
                let mut got = b" X".to_vec();
                w.coord_text(v).write(units == Units::Inch, &mut got);
                assert_eq!(
                    String::from_utf8_lossy(&got),
                    String::from_utf8_lossy(&want),
                    "{v} in {units:?}"
                );
            }
        }
    }
}
