//! Gallery manifests: one TOML file per gallery (`gallery/*.toml`) saying what to draw
//! (piece, board, selection), how (style, page, columns) and in which formats.
//!
//! Paths in a manifest (`style`, `font`) are relative to the manifest's folder. Style
//! files live apart, in a subfolder (`gallery/styles/`): the manifests are the `*.toml`
//! files of the folder itself, and a style file found among them is named as one, with
//! where it belongs.
//!
//! [`Manifest::parse`] reads and validates one manifest. Every error is a
//! [`ManifestError`] naming the file, the line and the key, e.g.
//! `gallery/bad.toml:4: key 'style': unknown style 'kuffic' …`: toml's error spans give the
//! line of a syntax or type error; a value that parses as TOML but is wrong (an unknown
//! style, a bad board) is mapped to the line where its key is written.

pub mod index;

use serde::Deserialize;
use std::fmt;
use std::path::Path;
use std::str::FromStr;
use tourglyph_core::board::Board;
use tourglyph_core::piece::Piece;
use tourglyph_draw::Format;
use tourglyph_engine::select::parse_range;
use tourglyph_layout::page::PageSpec;
use tourglyph_layout::{style::BUILTIN, style::Style};

/// One gallery, as written in its manifest. Defaults are given per field.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Title printed on each page and in the index (required).
    pub title: String,
    /// The piece (default `rook`).
    #[serde(default = "default_piece")]
    pub piece: String,
    /// The board, `ROWSxCOLS` (required).
    pub board: String,
    /// Open tours instead of closed ones (default false).
    #[serde(default)]
    pub open: bool,
    /// One tour per symmetry class (default false).
    #[serde(default)]
    pub classes: bool,
    /// Only non-crossing tours (default false).
    #[serde(default)]
    pub non_crossing: bool,
    /// At most this many tours (default: all).
    pub limit: Option<u64>,
    /// Tour IDs `A..B` (default: all).
    pub range: Option<String>,
    /// This many uniformly random tours (default: none).
    pub sample: Option<u64>,
    /// Seed for `sample` (default 0).
    #[serde(default)]
    pub seed: u64,
    /// Style name or TOML file, relative to the manifest's folder (default `line`).
    #[serde(default = "default_style")]
    pub style: String,
    /// Page size (default `a4`).
    #[serde(default = "default_page")]
    pub page: String,
    /// Glyphs per row (default: fill the page).
    pub columns: Option<u32>,
    /// Output formats, any of `pdf`, `ps`, `svg` (default `["pdf"]`).
    #[serde(default = "default_formats")]
    pub formats: Vec<String>,
    /// Output base name (default: the manifest's file stem).
    pub name: Option<String>,
    /// A TrueType/OpenType font to set the title and captions in, before the bundled
    /// fonts (`--font`); relative to the manifest's folder (default: none).
    pub font: Option<String>,
    /// Draw what the time, page and disk budgets would refuse (`--force`; default false).
    #[serde(default)]
    pub force: bool,
}

fn default_piece() -> String {
    "rook".into()
}
fn default_style() -> String {
    "line".into()
}
fn default_page() -> String {
    "a4".into()
}
fn default_formats() -> Vec<String> {
    vec!["pdf".into()]
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
        Piece::from_str(&m.piece).map_err(|e| at("piece", e))?;
        Board::from_str(&m.board).map_err(|e| at("board", e))?;
        Style::resolve(&m.style_in(dir)).map_err(|e| at("style", e))?;
        PageSpec::parse(&m.page).map_err(|e| at("page", e))?;
        if let Some(r) = &m.range {
            parse_range(r).map_err(|e| at("range", e))?;
        }
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

/// Escape text for HTML element content and attribute values.
pub fn html_escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            _ => o.push(c),
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(src: &str) -> Result<Manifest, ManifestError> {
        Manifest::parse(src, "g/x.toml", "x")
    }

    #[test]
    fn manifest_key_or_name_with_newline_is_one_line_error() {
        let e = parse("title = \"T\"\nboard = \"4x4\"\nname = \"a\\nb\"\n").unwrap_err();
        assert_eq!((e.line, e.key.as_deref()), (3, Some("name")), "{e}");
        assert!(e.to_string().contains("bad output name 'a\\nb'"), "{e}");
        let e = parse("title = \"T\"\nboard = \"4x4\"\n\"col\\nour\" = 3\n").unwrap_err();
        assert_eq!(e.key.as_deref(), Some("col\nour"), "{e}");
        let shown = e.to_string();
        assert!(!shown.contains('\n'), "{shown}");
        assert!(
            shown.starts_with("g/x.toml:3: key 'col\\nour': "),
            "{shown}"
        );
    }

    #[test]
    fn defaults_and_name() {
        let m = parse("title = \"T\"\nboard = \"4x4\"\n").unwrap();
        assert_eq!(m.piece, "rook");
        assert_eq!(m.style, "line");
        assert_eq!(m.name(), "x");
        assert_eq!(m.formats(), vec![Format::Pdf]);
    }

    #[test]
    fn errors_name_line_and_key() {
        let e = parse("title = \"T\"\nboard = \"4x4\"\n\nstyle = \"nope\"\n").unwrap_err();
        assert_eq!((e.line, e.key.as_deref()), (4, Some("style")), "{e}");
        let e = parse("title = \"T\"\nboard = \"4y4\"\n").unwrap_err();
        assert_eq!((e.line, e.key.as_deref()), (2, Some("board")), "{e}");
        let e = parse("title = \"T\"\nboard = \"4x4\"\ncolour = 3\n").unwrap_err();
        assert_eq!((e.line, e.key.as_deref()), (3, Some("colour")), "{e}");
        assert!(
            e.to_string().starts_with("g/x.toml:3: key 'colour': "),
            "{e}"
        );
        let e = parse("title = \"T\"\nboard = \"4x4\"\nlimit = \"many\"\n").unwrap_err();
        assert_eq!((e.line, e.key.as_deref()), (3, Some("limit")), "{e}");
        let e = parse("title = \"T\"\nformats = [\"gif\"]\nboard = \"4x4\"\n").unwrap_err();
        assert_eq!((e.line, e.key.as_deref()), (2, Some("formats")), "{e}");
    }

    #[test]
    fn paths_are_the_manifests_and_style_files_are_named() {
        let m = Manifest::parse_in(
            "title = \"T\"\nboard = \"4x4\"\nstyle = \"kufic\"\n",
            "g/x.toml",
            "x",
            Path::new("g"),
        )
        .unwrap();
        assert_eq!(m.style_in(Path::new("g")), "kufic");
        assert!(!m.force);
        let e = Manifest::parse_in(
            "title = \"T\"\nboard = \"4x4\"\nstyle = \"styles/none.toml\"\n",
            "g/x.toml",
            "x",
            Path::new("g"),
        )
        .unwrap_err();
        assert!(e.msg.contains("g/styles/none.toml"), "{e}");
        let e = parse("stroke_width = 0.2\n").unwrap_err();
        assert!(
            e.msg.contains("a style file") && e.msg.contains("styles/"),
            "{e}"
        );
        let e = parse("board = \"4x4\"\n").unwrap_err();
        assert!(e.msg.starts_with("missing field"), "{e}");
    }

    #[test]
    fn escapes_html() {
        assert_eq!(html_escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
