//! One manifest read and checked: its keys through the request table, its own keys, and
//! every error mapped to the line of its key ([`ManifestError`]).

use crate::job::keys::{self, Doors, Fields, Group, Key, Value, ValueKind};
use crate::job::{Pick, Spec};
use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Visitor};
use std::fmt;
use std::path::Path;
use std::sync::LazyLock;
use tourglyph_draw::Format;
use tourglyph_layout::page::PageSpec;
use tourglyph_layout::{style::BUILTIN, style::Style};

/// One gallery, as written in its manifest. Defaults are given per field.
///
/// What to draw and which tours are the keys of the request table
/// ([`crate::job::keys`]) that galleries take (`piece`, `board`, `open`, `classes`,
/// `non_crossing`, `limit`, `range`, `sample`, `seed`), under the names the CLI's flags
/// and the server's query parameters have; the other keys are the gallery's own.
#[derive(Debug, Clone, PartialEq)]
pub struct Manifest {
    /// Title printed on each page and in the index (required).
    pub title: String,
    /// What to draw: the piece (default `rook`), the board (`ROWSxCOLS`, required), open
    /// tours, classes, non-crossing tours (default false).
    pub spec: Spec,
    /// Which tours: at most `limit`, IDs `range` (`A..B`), `sample` uniformly random
    /// tours with `seed` (default: all; seed 0). Never forced: see [`Manifest::force`].
    pub pick: Pick,
    /// Style name or TOML file, relative to the manifest's folder (default `line`).
    pub style: String,
    /// Page size (default `a4`).
    pub page: String,
    /// Glyphs per row (default: fill the page).
    pub columns: Option<u32>,
    /// Output formats, any of `pdf`, `ps`, `svg` (default `["pdf"]`).
    pub formats: Vec<String>,
    /// Output base name (default: the manifest's file stem).
    pub name: Option<String>,
    /// A TrueType/OpenType font to set the title and captions in, before the bundled
    /// fonts (`--font`); relative to the manifest's folder (default: none).
    pub font: Option<String>,
    /// Draw what the time, page and disk budgets would refuse (`--force`; default false).
    pub force: bool,
}

/// The keys of a manifest besides the request table's (in their order after them).
const OWN: [&str; 7] = [
    "style", "page", "columns", "formats", "name", "font", "force",
];

/// Every key a manifest takes, in the order its errors list them: `title`, the request
/// table's keys that galleries take, then the gallery's own.
fn fields() -> &'static [&'static str] {
    static FIELDS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
        let table = keys::KEYS.iter().filter(|k| k.doors.has(Doors::GALLERY));
        ["title"]
            .into_iter()
            .chain(table.map(|k| k.name))
            .chain(OWN)
            .collect()
    });
    FIELDS.as_slice()
}

/// A manifest's key, named.
enum Slot {
    /// `title`.
    Title,
    /// A key of the request table.
    Key(&'static Key),
    /// One of [`OWN`], by its index.
    Own(usize),
}

/// Names a manifest's key as it is read (an unknown one is refused where it is written).
struct SlotSeed;

impl<'de> DeserializeSeed<'de> for SlotSeed {
    type Value = Slot;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Slot, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl Visitor<'_> for SlotSeed {
    type Value = Slot;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("field identifier")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Slot, E> {
        if v == "title" {
            return Ok(Slot::Title);
        }
        if let Some(i) = OWN.iter().position(|o| *o == v) {
            return Ok(Slot::Own(i));
        }
        match keys::find(v).filter(|k| k.doors.has(Doors::GALLERY)) {
            Some(k) => Ok(Slot::Key(k)),
            // serde's words, with the nearest key when one is near.
            None => match tourglyph_core::names::nearest(v, fields().iter().copied()) {
                Some(n) => Err(E::custom(format_args!(
                    "unknown field `{v}` (did you mean '{n}'?), expected one of `{}`",
                    fields().join("`, `")
                ))),
                None => Err(E::unknown_field(v, fields())),
            },
        }
    }
}

/// Reads a manifest's keys in the order written: the table's through the table, each
/// value typed by its key (a wrong type is refused where it is written, in serde's words).
struct ManifestVisitor;

impl<'de> Visitor<'de> for ManifestVisitor {
    type Value = Manifest;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("struct Manifest")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Manifest, A::Error> {
        fn once<T, E: de::Error>(slot: &mut Option<T>, v: T, name: &'static str) -> Result<(), E> {
            match slot.replace(v) {
                Some(_) => Err(E::duplicate_field(name)),
                None => Ok(()),
            }
        }
        let mut title = None;
        let mut f = Fields::default();
        let mut given: Vec<&'static str> = vec![];
        let (mut style, mut page, mut columns, mut formats) = (None, None, None, None);
        let (mut name, mut font, mut force) = (None, None, None);
        while let Some(slot) = map.next_key_seed(SlotSeed)? {
            match slot {
                Slot::Title => once(&mut title, map.next_value::<String>()?, "title")?,
                Slot::Key(k) => {
                    if given.contains(&k.name) {
                        return Err(de::Error::duplicate_field(k.name));
                    }
                    map.next_value_seed(SetSeed { key: k, f: &mut f })?;
                    given.push(k.name);
                }
                Slot::Own(0) => once(&mut style, map.next_value::<String>()?, OWN[0])?,
                Slot::Own(1) => once(&mut page, map.next_value::<String>()?, OWN[1])?,
                Slot::Own(2) => once(&mut columns, map.next_value::<Option<u32>>()?, OWN[2])?,
                Slot::Own(3) => once(&mut formats, map.next_value::<Vec<String>>()?, OWN[3])?,
                Slot::Own(4) => once(&mut name, map.next_value::<Option<String>>()?, OWN[4])?,
                Slot::Own(5) => once(&mut font, map.next_value::<Option<String>>()?, OWN[5])?,
                Slot::Own(_) => once(&mut force, map.next_value::<bool>()?, OWN[6])?,
            }
        }
        let title = title.ok_or_else(|| de::Error::missing_field("title"))?;
        let table = keys::KEYS.iter().filter(|k| k.doors.has(Doors::GALLERY));
        if let Some(k) = table.filter(|k| k.required).find(|k| {
            !given.contains(&k.name) && !k.required_unless.iter().any(|o| given.contains(o))
        }) {
            return Err(de::Error::missing_field(k.name));
        }
        Ok(Manifest {
            title,
            spec: f.spec,
            pick: f.pick,
            style: style.unwrap_or_else(|| "line".into()),
            page: page.unwrap_or_else(|| "a4".into()),
            columns: columns.flatten(),
            formats: formats.unwrap_or_else(|| vec!["pdf".into()]),
            name: name.flatten(),
            font: font.flatten(),
            force: force.unwrap_or(false),
        })
    }
}

/// A key's value read and set into the fields, typed by the key's kind and parsed as it
/// is set (a board, a piece): an error is the value's, at the value's line.
struct SetSeed<'a> {
    key: &'static Key,
    f: &'a mut Fields,
}

impl<'de> DeserializeSeed<'de> for SetSeed<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let v = match self.key.kind() {
            ValueKind::Switch => Value::Switch(bool::deserialize(d)?),
            ValueKind::Number => Value::Number(u64::deserialize(d)?),
            ValueKind::Text => Value::Text(String::deserialize(d)?),
            ValueKind::Real => Value::Real(f64::deserialize(d)?),
        };
        self.key.set(self.f, v).map_err(de::Error::custom)
    }
}

impl<'de> Deserialize<'de> for Manifest {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Manifest, D::Error> {
        d.deserialize_struct("Manifest", fields(), ManifestVisitor)
    }
}

/// A manifest error: file, 1-based line, the key concerned (when known) and the message.
/// Shown on one line: control characters in the key and the message are escaped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManifestError {
    /// The manifest's path as given.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// The key, when the error concerns one.
    pub key: Option<String>,
    /// What is wrong and how to fix it.
    pub msg: String,
}

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: ", self.file, self.line)?;
        if let Some(k) = &self.key {
            write!(f, "key '{}': ", tourglyph_core::error::one_line(k))?;
        }
        f.write_str(&tourglyph_core::error::one_line(&self.msg))
    }
}

impl std::error::Error for ManifestError {}

/// The 1-based line on which `key` is assigned at the top level (1 when absent).
fn key_line(src: &str, key: &str) -> usize {
    src.lines()
        .position(|l| {
            let t = l.trim_start();
            t.strip_prefix(key)
                .or_else(|| t.strip_prefix(&format!("\"{key}\"")))
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map_or(1, |i| i + 1)
}

/// The first name quoted in backticks in a serde message (`unknown field `x``).
fn backticked(msg: &str) -> Option<String> {
    let a = msg.find('`')?;
    let b = msg[a + 1..].find('`')?;
    Some(msg[a + 1..a + 1 + b].to_string())
}

impl Manifest {
    /// Parse and validate a manifest's text; `file` names it in errors and `stem` is the
    /// default output name. Its paths are relative to the working directory.
    pub fn parse(src: &str, file: &str, stem: &str) -> Result<Manifest, ManifestError> {
        Manifest::parse_in(src, file, stem, Path::new(""))
    }

    /// The style to draw with: a built-in name, or the style file's path from `dir`, the
    /// manifest's folder.
    pub fn style_in(&self, dir: &Path) -> String {
        if BUILTIN.iter().any(|(n, _)| *n == self.style) {
            return self.style.clone();
        }
        dir.join(&self.style).to_string_lossy().into_owned()
    }

    /// [`Manifest::parse`] of a manifest in folder `dir`, which its paths are relative to.
    pub fn parse_in(
        src: &str,
        file: &str,
        stem: &str,
        dir: &Path,
    ) -> Result<Manifest, ManifestError> {
        let m = Manifest::parse_only(src, file, stem, dir);
        match m {
            Err(_) if is_style(src, file, stem) => Err(ManifestError {
                file: file.to_string(),
                line: 1,
                key: None,
                msg: "a style file, not a gallery manifest (it has no title and board): \
                          keep style files in a styles/ folder beside the manifests (gallery reads \
                          only the *.toml files of the folder itself as manifests) and name one \
                          as style = \"styles/NAME.toml\""
                    .to_string(),
            }),
            m => m,
        }
    }

    fn parse_only(
        src: &str,
        file: &str,
        stem: &str,
        dir: &Path,
    ) -> Result<Manifest, ManifestError> {
        let err = |line: usize, key: Option<&str>, msg: String| ManifestError {
            file: file.to_string(),
            line,
            key: key.map(str::to_string),
            msg,
        };
        let mut m: Manifest = toml::from_str(src).map_err(|e| {
            let msg = e.message().trim().to_string();
            let line = e.span().map_or(1, |s| {
                src[..s.start.min(src.len())].matches('\n').count() + 1
            });
            // A syntax error (the text is not TOML: "unclosed array, expected `]`")
            // names no key: its backticks hold what the parser expected.
            if toml::from_str::<toml::Table>(src).is_err() {
                return err(line, None, format!("not valid TOML: {msg}"));
            }
            // A type error names no key in its message; the span's line holds it.
            let key = backticked(&msg).or_else(|| {
                let l = src.lines().nth(line - 1).unwrap_or("");
                l.split_once('=')
                    .map(|(k, _)| k.trim().trim_matches('"').to_string())
            });
            let line = match (&key, msg.starts_with("missing field")) {
                (_, true) => 1,
                (Some(k), false) if e.span().is_none() => key_line(src, k),
                _ => line,
            };
            err(line, key.as_deref(), msg)
        })?;
        let at =
            |key: &str, e: tourglyph_core::Error| err(key_line(src, key), Some(key), e.to_string());
        // How to draw, then which tours (the piece and the board were parsed as they
        // were read): each check where its key is written.
        Style::resolve(&m.style_in(dir)).map_err(|e| at("style", e))?;
        PageSpec::parse(&m.page).map_err(|e| at("page", e))?;
        let f = Fields {
            pick: m.pick.clone(),
            ..Fields::default()
        };
        keys::of(Group::Pick, Doors::GALLERY)
            .try_for_each(|k| k.check_in(&f).map_err(|e| at(k.name, e)))?;
        if m.columns == Some(0) {
            return Err(at(
                "columns",
                tourglyph_core::Error::usage("must be at least 1"),
            ));
        }
        if m.formats.is_empty() {
            return Err(at(
                "formats",
                tourglyph_core::Error::usage("list at least one of \"pdf\", \"ps\", \"svg\""),
            ));
        }
        for f in &m.formats {
            Format::parse(f).map_err(|e| at("formats", e))?;
        }
        let name = m.name.clone().unwrap_or_else(|| stem.to_string());
        if name.is_empty()
            || name.starts_with('.')
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
        {
            return Err(at(
                "name",
                tourglyph_core::Error::usage(format!(
                    "bad output name '{name}': use letters, digits, '-', '_' and '.' only"
                )),
            ));
        }
        m.name = Some(name);
        Ok(m)
    }

    /// The output base name (set by [`Manifest::parse`]).
    pub fn name(&self) -> &str {
        self.name.as_deref().unwrap_or("gallery")
    }

    /// The validated formats, deduplicated, in the order written.
    pub fn formats(&self) -> Vec<Format> {
        let mut out: Vec<Format> = vec![];
        for f in &self.formats {
            if let Ok(f) = Format::parse(f) {
                if !out.contains(&f) {
                    out.push(f);
                }
            }
        }
        out
    }
}

/// True when `src` holds no `title` or `board` and reads as a style file.
fn is_style(src: &str, file: &str, stem: &str) -> bool {
    let keys = toml::from_str::<toml::Table>(src).ok();
    let manifest_keys = keys.is_some_and(|t| t.contains_key("title") || t.contains_key("board"));
    !manifest_keys && Style::parse(src, file, stem).is_ok()
}
