//! A URL's query → the library's requests, with the CLI's flag names (`piece`, `board`,
//! `open`, `classes`, `non_crossing`, `torus`, `symmetry`, `style`, the style flags
//! `outline`, `stroke`, `fill`, `background`, `width`, `cap`, `join`, `padding`, `dpi`,
//! `range`, `limit`, `sample`, `seed`, `page`, `id`, `random`, …) and its messages.
//! Booleans are `true` or `false`.
//!
//! Style names are the built-in ones only: a server never reads a file of its machine.

use std::collections::BTreeMap;
use tourglyph::job::glyph::GlyphRequest;
use tourglyph::job::sheet::SheetRequest;
use tourglyph::layout::style::BUILTIN;
use tourglyph::{Error, Result};
use tourglyph::{job::Draw, job::Pick, job::Spec};

/// The parameters every endpoint takes.
const COMMON: &[&str] = &[
    "piece",
    "board",
    "open",
    "classes",
    "non_crossing",
    "torus",
    "symmetry",
];
/// The selection's.
const PICK: &[&str] = &["range", "limit", "sample", "seed"];

/// A query's parameters, each given at most once.
pub struct Params {
    map: BTreeMap<String, String>,
}

impl Params {
    /// Check the pairs against the names `allowed` (besides `COMMON`): an unknown name or
    /// one given twice is refused.
    pub fn new(pairs: Vec<(String, String)>, allowed: &[&str]) -> Result<Params> {
        let mut map = BTreeMap::new();
        for (k, v) in pairs {
            if !COMMON.contains(&k.as_str()) && !allowed.contains(&k.as_str()) {
                let mut names: Vec<&str> = COMMON.to_vec();
                names.extend_from_slice(allowed);
                return Err(Error::usage(format!(
                    "unknown parameter '{k}': this endpoint takes {}",
                    names.join(", ")
                )));
            }
            if map.insert(k.clone(), v).is_some() {
                return Err(Error::usage(format!(
                    "parameter '{k}' given twice: give it once"
                )));
            }
        }
        Ok(Params { map })
    }

    /// The request as the CLI command that does the same work (`count` as `tourglyph
    /// count … --json`, a glyph as `tourglyph glyph … -o glyph.svg`): the parameters as
    /// flags, values quoted for a POSIX shell where they need it.
    pub fn cli_command(&self, endpoint: &str) -> String {
        let (command, tail) = match endpoint.split_once('.') {
            Some(("glyph", ext)) => ("glyph", format!("-o glyph.{ext}")),
            Some((_, ext)) => ("render", format!("-o sheet.{ext}")),
            None if endpoint == "tours" => ("list", "--json".to_string()),
            None => ("count", "--json".to_string()),
        };
        let mut words = vec!["tourglyph".to_string(), command.to_string()];
        for (k, v) in &self.map {
            let flag = format!("--{}", k.replace('_', "-"));
            match v.as_str() {
                "true" => words.push(flag),
                "false" => {}
                v => {
                    words.push(flag);
                    words.push(shell_word(v));
                }
            }
        }
        words.push(tail);
        words.join(" ")
    }

    fn str(&self, k: &str) -> Option<&str> {
        self.map.get(k).map(String::as_str)
    }

    fn flag(&self, k: &str) -> Result<bool> {
        match self.str(k) {
            None | Some("false") => Ok(false),
            Some("true") => Ok(true),
            Some(v) => Err(Error::usage(format!(
                "bad value '{v}' for {k}: write true or false"
            ))),
        }
    }

    fn number(&self, k: &str) -> Result<Option<u64>> {
        self.str(k)
            .map(|v| {
                v.parse().map_err(|_| {
                    Error::usage(format!(
                        "bad value '{v}' for {k}: give a whole number from 0"
                    ))
                })
            })
            .transpose()
    }

    /// What to enumerate; `board` is required.
    pub fn spec(&self) -> Result<Spec> {
        let board = self
            .str("board")
            .ok_or_else(|| Error::usage("say which board: board=ROWSxCOLS (e.g. board=6x6)"))?;
        Ok(Spec {
            piece: self.str("piece").unwrap_or("rook").to_string(),
            board: board.to_string(),
            open: self.flag("open")?,
            classes: self.flag("classes")?,
            non_crossing: self.flag("non_crossing")?,
            torus: self.flag("torus")?,
            symmetry: self.str("symmetry").map(str::to_string),
        })
    }

    /// The style and raster flags (`dpi` as `--dpi` parses it: a number).
    pub fn draw(&self) -> Result<Draw> {
        let s = |k: &str| self.str(k).map(str::to_string);
        let dpi = match self.str("dpi") {
            None => Draw::default().dpi,
            Some(v) => v.trim().parse::<f64>().map_err(|_| {
                Error::usage(format!(
                    "bad value '{v}' for dpi: give a resolution in dots per inch, e.g. 300"
                ))
            })?,
        };
        Ok(Draw {
            outline: self.flag("outline")?,
            stroke: s("stroke"),
            fill: s("fill"),
            background: s("background"),
            width: s("width"),
            cap: s("cap"),
            join: s("join"),
            padding: s("padding"),
            dpi,
        })
    }

    /// Which tours (never forced: the budgets hold).
    pub fn pick(&self) -> Result<Pick> {
        let pick = Pick {
            limit: self.number("limit")?,
            range: self.str("range").map(str::to_string),
            shard: None,
            sample: self.number("sample")?,
            seed: self.number("seed")?.unwrap_or(0),
            force: false,
        };
        if pick.sample.is_some() && (pick.range.is_some() || pick.limit.is_some()) {
            return Err(Error::usage(
                "sample draws from all tours: it does not combine with range or limit",
            ));
        }
        Ok(pick)
    }

    /// A built-in style's name (default `line`).
    pub fn style(&self) -> Result<String> {
        let s = self.str("style").unwrap_or("line");
        if BUILTIN.iter().any(|(n, _)| *n == s) {
            return Ok(s.to_string());
        }
        let names: Vec<&str> = BUILTIN.iter().map(|(n, _)| *n).collect();
        Err(Error::usage(format!(
            "unknown style '{s}': the server draws the built-in styles {}",
            names.join(", ")
        )))
    }

    /// `glyph`'s request, in `format`.
    pub fn glyph(&self, format: &str) -> Result<GlyphRequest> {
        let spec = self.spec()?;
        if spec.classes || spec.non_crossing {
            return Err(Error::usage(
                "a glyph is one tour: classes and non_crossing do not apply (give id=N)",
            ));
        }
        let random = self.flag("random")?;
        let id = self.str("id").map(str::to_string);
        if random && id.is_some() {
            return Err(Error::usage("give id=N or random=true, not both"));
        }
        // As the CLI's flags require: symmetry with random, repeat and pattern with torus.
        if spec.symmetry.is_some() && !random {
            return Err(Error::usage(
                "symmetry picks a random symmetric tour: add random=true (or drop symmetry)",
            ));
        }
        let repeat = self.str("repeat").map(str::to_string);
        let pattern = self.flag("pattern")?;
        if (repeat.is_some() || pattern) && !spec.torus {
            return Err(Error::usage(
                "repeat and pattern draw torus tiles: add torus=true (or drop them)",
            ));
        }
        Ok(GlyphRequest {
            piece: spec.piece,
            board: spec.board,
            open: spec.open,
            torus: spec.torus,
            repeat,
            pattern,
            id,
            tour: None,
            random,
            symmetry: spec.symmetry,
            seed: self.number("seed")?.unwrap_or(0),
            format: Some(format.to_string()),
            size: self.str("size").unwrap_or("50mm").to_string(),
            style: self.style()?,
            draw: self.draw()?,
            force: false,
        })
    }

    /// `render`'s request, in `format`.
    pub fn sheet(&self, format: &str) -> Result<SheetRequest> {
        let columns = match self.number("columns")? {
            Some(c) => Some(u32::try_from(c).map_err(|_| {
                Error::usage(format!(
                    "columns={c} is too many: give at most {}",
                    u32::MAX
                ))
            })?),
            None => None,
        };
        Ok(SheetRequest {
            spec: self.spec()?,
            sel: self.pick()?,
            format: Some(format.to_string()),
            page: self.str("page").unwrap_or("a4").to_string(),
            landscape: self.flag("landscape")?,
            columns,
            style: self.style()?,
            title: self.str("title").map(str::to_string),
            no_captions: self.flag("no_captions")?,
            draw: self.draw()?,
            split: false,
            font: None,
            text_as_paths: self.flag("text_as_paths")?,
        })
    }
}

/// `v` as one word of a POSIX shell: as it is when it holds only safe characters,
/// else in single quotes.
fn shell_word(v: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "._,:+-/=@%".contains(c);
    if !v.is_empty() && v.chars().all(safe) {
        v.to_string()
    } else {
        format!("'{}'", v.replace('\'', "'\\''"))
    }
}

/// The names `/api/glyph.*` takes besides `COMMON`.
pub const GLYPH: &[&str] = &[
    "id",
    "random",
    "seed",
    "style",
    "size",
    "repeat",
    "pattern",
    "outline",
    "stroke",
    "fill",
    "background",
    "width",
    "cap",
    "join",
    "padding",
    "dpi",
];
/// The names `/api/sheet.*` takes besides `COMMON`.
pub const SHEET: &[&str] = &[
    "range",
    "limit",
    "sample",
    "seed",
    "style",
    "page",
    "landscape",
    "columns",
    "title",
    "no_captions",
    "text_as_paths",
    "outline",
    "stroke",
    "fill",
    "background",
    "width",
    "cap",
    "join",
    "padding",
    "dpi",
];
/// The names `/api/tours` takes besides `COMMON`.
pub const TOURS: &[&str] = PICK;
/// The names `/api/orbit` takes besides `COMMON`.
pub const ORBIT: &[&str] = &["id"];
/// The names `/api/count` takes besides `COMMON`.
pub const COUNT: &[&str] = &[];
