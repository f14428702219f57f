//! A URL's query → the library's requests, with the CLI's flag names and its messages.
//! The request table's keys ([`tourglyph::job::keys`]: `piece`, `board`, `open`,
//! `classes`, `non_crossing`, `torus`, `symmetry`, the selection `limit`, `range`,
//! `sample`, `seed`, the style flags `outline`, `stroke`, …, `dpi`) are named, parsed and
//! set through the table; the endpoints' own parameters (`id`, `random`, `style`, `page`,
//! …) are listed once here ([`OWN`]) with their kind. Booleans are `true` or `false`.
//!
//! Style and G-code profile names are the built-in ones only: a server never reads a file
//! of its machine.

use std::collections::BTreeMap;
use tourglyph::job::GlyphRequest;
use tourglyph::job::SheetRequest;
use tourglyph::job::keys::{self, Doors, Fields, Group, ValueKind};
use tourglyph::layout::style::BUILTIN;
use tourglyph::{Error, Result};
use tourglyph::{job::Draw, job::Pick, job::Spec};

/// What an endpoint takes besides the keys of the spec, which every endpoint takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Take {
    /// The request table's keys of a group that the server takes.
    Group(Group),
    /// One parameter: a key of the table, or one of [`OWN`].
    Key(&'static str),
}

/// The endpoints' own parameters (not keys of the request table), with their kind.
pub const OWN: &[(&str, ValueKind)] = &[
    ("id", ValueKind::Text),
    ("random", ValueKind::Switch),
    ("style", ValueKind::Text),
    ("size", ValueKind::Text),
    ("repeat", ValueKind::Text),
    ("pattern", ValueKind::Switch),
    ("page", ValueKind::Text),
    ("landscape", ValueKind::Switch),
    ("columns", ValueKind::Number),
    ("title", ValueKind::Text),
    ("no_captions", ValueKind::Switch),
    ("text_as_paths", ValueKind::Switch),
    ("animate", ValueKind::Switch),
    ("duration", ValueKind::Text),
    ("loop", ValueKind::Switch),
    ("start", ValueKind::Text),
    ("reverse", ValueKind::Switch),
    ("fps", ValueKind::Text),
    ("frames", ValueKind::Text),
];

/// The names an endpoint taking `takes` takes, in the order its messages list them: the
/// spec's keys, then `takes` expanded.
pub fn names(takes: &[Take]) -> Vec<&'static str> {
    let mut names = keys::names(Group::Spec, Doors::SERVE);
    for t in takes {
        match t {
            Take::Group(g) => names.extend(keys::names(*g, Doors::SERVE)),
            Take::Key(k) => names.push(k),
        }
    }
    names
}

/// The kind of the parameter `name` (`None`: no endpoint takes it).
pub fn kind(name: &str) -> Option<ValueKind> {
    keys::find(name)
        .filter(|k| k.doors.has(Doors::SERVE))
        .map(|k| k.kind())
        .or_else(|| OWN.iter().find(|(n, _)| *n == name).map(|(_, k)| *k))
}

/// A query's parameters, each given at most once.
pub struct Params {
    map: BTreeMap<String, String>,
}

impl Params {
    /// Check the pairs against the names an endpoint taking `takes` takes ([`names`]): an
    /// unknown name or one given twice is refused.
    pub fn new(pairs: Vec<(String, String)>, takes: &[Take]) -> Result<Params> {
        let names = names(takes);
        let mut map = BTreeMap::new();
        for (k, v) in pairs {
            if !names.contains(&k.as_str()) {
                return Err(Error::usage(format!(
                    "unknown parameter '{k}'{}: this endpoint takes {}",
                    tourglyph::names::did_you_mean(&k, names.iter().copied()),
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
        self.str(k).map_or(Ok(false), |v| keys::parse_switch(k, v))
    }

    fn number(&self, k: &str) -> Result<Option<u64>> {
        self.str(k).map(|v| keys::parse_number(k, v)).transpose()
    }

    /// The request table's keys of `group` that the query gives, parsed and set through
    /// the table (in its order) over the defaults.
    fn fields(&self, group: Group) -> Result<Fields> {
        let mut f = Fields::default();
        for k in keys::of(group, Doors::SERVE) {
            if let Some(v) = self.str(k.name) {
                k.set(&mut f, k.parse(v)?)?;
            }
        }
        Ok(f)
    }

    /// What to enumerate; `board` is required, or a shape in its place (`shape_grid`, a
    /// text grid typed into the page, or `shape_text`), when the endpoint takes one.
    pub fn spec(&self) -> Result<Spec> {
        let shape = self.fields(Group::Shape)?.spec.shape;
        if self.str("board").is_none() && !shape.given() {
            return Err(Error::usage(
                "say which board: board=ROWSxCOLS (e.g. board=6x6)",
            ));
        }
        Ok(Spec {
            shape,
            ..self.fields(Group::Spec)?.spec
        })
    }

    /// The style and raster flags (`dpi` as `--dpi` parses it: a number); a G-code
    /// profile by a built-in name only.
    pub fn draw(&self) -> Result<Draw> {
        let draw = self.fields(Group::Draw)?.draw;
        if let Some(p) = &draw.gcode_profile {
            let names = tourglyph::draw::gcode::GcodeProfile::builtin_names();
            if !names.contains(&p.as_str()) {
                return Err(Error::usage(format!(
                    "unknown G-code profile '{p}'{}: the server writes for the built-in profiles {}",
                    tourglyph::names::did_you_mean(p, names.iter().copied()),
                    names.join(", ")
                )));
            }
        }
        Ok(draw)
    }

    /// Which tours (never forced: the budgets hold).
    pub fn pick(&self) -> Result<Pick> {
        let pick = self.fields(Group::Pick)?.pick;
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
            "unknown style '{s}'{}: the server draws the built-in styles {}",
            tourglyph::layout::style::nearest_builtin(s),
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
            shape: spec.shape,
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
            seed: self.fields(Group::Pick)?.pick.seed,
            format: Some(format.to_string()),
            size: self.str("size").unwrap_or("50mm").to_string(),
            style: self.style()?,
            draw: self.draw()?,
            force: false,
            motion: tourglyph::job::Motion {
                animate: self.flag("animate")?,
                duration: self.str("duration").map(str::to_string),
                looped: self.flag("loop")?,
                start: self.str("start").map(str::to_string),
                reverse: self.flag("reverse")?,
                fps: self.str("fps").map(str::to_string),
                frames: self.str("frames").map(str::to_string),
            },
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
            split_layers: false,
            motion: Default::default(),
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

/// What `/api/glyph.*` takes.
pub const GLYPH: &[Take] = &[
    Take::Group(Group::Shape),
    Take::Key("id"),
    Take::Key("random"),
    Take::Key("seed"),
    Take::Key("style"),
    Take::Key("size"),
    Take::Key("repeat"),
    Take::Key("pattern"),
    Take::Group(Group::Draw),
    Take::Key("animate"),
    Take::Key("duration"),
    Take::Key("loop"),
    Take::Key("start"),
    Take::Key("reverse"),
    Take::Key("fps"),
    Take::Key("frames"),
];
/// What `/api/sheet.*` takes.
pub const SHEET: &[Take] = &[
    Take::Group(Group::Shape),
    Take::Group(Group::Pick),
    Take::Key("style"),
    Take::Key("page"),
    Take::Key("landscape"),
    Take::Key("columns"),
    Take::Key("title"),
    Take::Key("no_captions"),
    Take::Key("text_as_paths"),
    Take::Group(Group::Draw),
];
/// What `/api/tours` takes.
pub const TOURS: &[Take] = &[Take::Group(Group::Shape), Take::Group(Group::Pick)];
/// What `/api/orbit` takes.
pub const ORBIT: &[Take] = &[Take::Key("id")];
/// What `/api/count` takes.
pub const COUNT: &[Take] = &[Take::Group(Group::Shape)];

#[cfg(test)]
mod tests {
    use super::*;

    /// Every parameter an endpoint names is a key of the table the server takes, or one
    /// of its own, and none is named twice.
    #[test]
    fn every_parameter_has_one_kind() {
        for takes in [GLYPH, SHEET, TOURS, ORBIT, COUNT] {
            let names = names(takes);
            for (i, n) in names.iter().enumerate() {
                assert!(kind(n).is_some(), "{n}");
                assert!(!names[..i].contains(n), "{n} twice");
            }
        }
        for (n, _) in OWN {
            assert!(keys::find(n).is_none(), "{n} is a key of the table");
        }
    }

    #[test]
    fn unknown_and_repeated_parameters_are_refused() {
        let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
            v.iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        };
        let e = Params::new(pairs(&[("board", "4x4"), ("limit", "2")]), COUNT)
            .err()
            .unwrap();
        assert_eq!(
            e.to_string(),
            "unknown parameter 'limit': this endpoint takes piece, board, open, classes, non_crossing, torus, symmetry, shape_grid, shape_text, cell_height, no_blocks, threshold, blocks"
        );
        // A mistyped name: the nearest (issue 56).
        let e = Params::new(pairs(&[("board", "4x4"), ("boadr", "2")]), COUNT)
            .err()
            .unwrap();
        assert!(
            e.to_string()
                .starts_with("unknown parameter 'boadr' (did you mean 'board'?): "),
            "{e}"
        );
        let e = Params::new(pairs(&[("board", "4x4"), ("board", "5x5")]), COUNT)
            .err()
            .unwrap();
        assert_eq!(e.to_string(), "parameter 'board' given twice: give it once");
        let p = Params::new(
            pairs(&[("board", "4x4"), ("non_crossing", "true"), ("seed", "3")]),
            TOURS,
        )
        .unwrap();
        let spec = p.spec().unwrap();
        assert!(spec.non_crossing && spec.piece == tourglyph::Piece::rook());
        assert_eq!(spec.board, Some(tourglyph::Board::new(4, 4)));
        assert_eq!(p.pick().unwrap().seed, 3);
        let p = Params::new(pairs(&[("board", "4x4"), ("open", "yes")]), COUNT).unwrap();
        assert_eq!(
            p.spec().unwrap_err().to_string(),
            "bad value 'yes' for open: write true or false"
        );
    }
}
