//! The one table of request keys: what to enumerate ([`Spec`]), which tours ([`Pick`])
//! and the style flags over a style ([`Draw`]). Each key appears once ([`KEYS`]), with
//! the field it sets, the kind of its value and the text parser of that kind, the front
//! doors that take it, and what the command line shows for it; the front doors only
//! translate through it:
//!
//! - the CLI declares its flags from it (`--non-crossing` for `non_crossing`, with its
//!   help, placeholder, default and conflicts) and reads clap's typed values back into
//!   [`Fields`];
//! - the server takes query parameters of the same names (`non_crossing=true`), parsed by
//!   [`Key::parse`], and lists the names it takes from the table;
//! - a gallery manifest takes TOML keys of the same names (`non_crossing = true`), typed
//!   by [`Key::kind`] and validated by [`Key::check`].
//!
//! A new selection filter is a field of [`Spec`] (or [`Pick`]), a row of [`KEYS`] and
//! its use where the request is resolved: every front door then takes it.

use super::request::{Draw, Pick, Spec};
use tourglyph_core::{Error, Result};

/// Everything the keys set: what to enumerate, which tours, how glyphs look.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Fields {
    /// What to enumerate.
    pub spec: Spec,
    /// Which tours.
    pub pick: Pick,
    /// The style flags over the style, and the PNG resolution.
    pub draw: Draw,
}

/// The part of a request a key belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// What to enumerate ([`Spec`]).
    Spec,
    /// Which tours ([`Pick`]).
    Pick,
    /// How glyphs look over their style ([`Draw`]).
    Draw,
    /// A shaped board in place of the board ([`Spec::shape`]).
    Shape,
}

/// The front doors that take a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Doors(u8);

impl Doors {
    /// The command line's flags.
    pub const CLI: Doors = Doors(1);
    /// The server's query parameters.
    pub const SERVE: Doors = Doors(2);
    /// The gallery manifests' TOML keys.
    pub const GALLERY: Doors = Doors(4);
    /// Every front door.
    pub const ALL: Doors = Doors(7);

    /// These doors and `other`.
    pub const fn and(self, other: Doors) -> Doors {
        Doors(self.0 | other.0)
    }

    /// True when `door` is among these.
    pub const fn has(self, door: Doors) -> bool {
        self.0 & door.0 == door.0
    }
}

/// The kind of a key's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// A switch: `--open`, `open=true`, `open = true`.
    Switch,
    /// A whole number from 0.
    Number,
    /// Text: as written, or parsed into its field's type as it is set.
    Text,
    /// A number with a fraction.
    Real,
}

/// A key's value, as a front door parsed it.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A switch's.
    Switch(bool),
    /// A whole number's.
    Number(u64),
    /// Text, as written.
    Text(String),
    /// A number with a fraction.
    Real(f64),
}

/// The field a key sets, by the type of the field.
#[derive(Clone, Copy)]
pub enum Field {
    /// A switch.
    Switch(fn(&mut Fields) -> &mut bool),
    /// Text with a default.
    Text(fn(&mut Fields) -> &mut String),
    /// Text, when given.
    MaybeText(fn(&mut Fields) -> &mut Option<String>),
    /// A whole number with a default.
    Number(fn(&mut Fields) -> &mut u64),
    /// A whole number, when given.
    MaybeNumber(fn(&mut Fields) -> &mut Option<u64>),
    /// A number with a fraction, with a default, and what to write instead of a bad
    /// value (`give a resolution in dots per inch, e.g. 300`).
    Real(fn(&mut Fields) -> &mut f64, &'static str),
    /// Text parsed into a typed field as it is set (the piece, the board, the symmetry):
    /// `set` parses and stores it (a bad value is the type's own one-line error), `get`
    /// writes the field back as text (`None`: not given).
    Parsed {
        /// Parse the text and store it.
        set: fn(&mut Fields, &str) -> Result<()>,
        /// The field as text.
        get: fn(&Fields) -> Option<String>,
    },
}

/// What the command line shows for a key (its clap argument).
#[derive(Clone, Copy)]
pub struct FlagHelp {
    /// The help line.
    pub help: &'static str,
    /// The value's placeholder in usage lines (`K` in `--limit <K>`).
    pub value_name: &'static str,
    /// The default, as written (shown in the help).
    pub default: Option<&'static str>,
    /// The values offered to shell completions and man pages (any text is accepted).
    pub offer: Option<fn() -> Vec<&'static str>>,
    /// Accept a negative number as the value (so that `--limit -1` is refused by the
    /// number's parser, not taken for a flag).
    pub negative_numbers: bool,
}

/// One key of the table.
#[derive(Clone, Copy)]
pub struct Key {
    /// The name in queries and manifests (`non_crossing`); the flag is
    /// [`Key::flag`] (`--non-crossing`).
    pub name: &'static str,
    /// The part of the request it sets.
    pub group: Group,
    /// The field it sets.
    pub field: Field,
    /// The front doors that take it.
    pub doors: Doors,
    /// Every request must give it.
    pub required: bool,
    /// The keys it does not combine with (the CLI refuses both).
    pub conflicts: &'static [&'static str],
    /// The keys it takes only with (the CLI refuses it alone).
    pub requires: &'static [&'static str],
    /// With [`Key::required`]: the keys that stand in for it (a shape for the board).
    pub required_unless: &'static [&'static str],
    /// A check of a text value as written, for the doors that refuse a bad value where it
    /// is written (a gallery manifest names the key and its line).
    pub check: Option<fn(&str) -> Result<()>>,
    /// What the command line shows for it.
    pub cli: FlagHelp,
}

/// The command line's presentation of a key without a default, an offer or negative
/// numbers.
const fn cli(help: &'static str, value_name: &'static str) -> FlagHelp {
    FlagHelp {
        help,
        value_name,
        default: None,
        offer: None,
        negative_numbers: false,
    }
}

/// A key of `group` setting `field`, taken by every door, optional, checked by nothing.
const fn key(name: &'static str, group: Group, field: Field, cli: FlagHelp) -> Key {
    Key {
        name,
        group,
        field,
        doors: Doors::ALL,
        required: false,
        conflicts: &[],
        requires: &[],
        required_unless: &[],
        check: None,
        cli,
    }
}

/// The keys that give a shaped board, any one of which stands in for `board`.
pub const SHAPE_SOURCES: &[&str] = &["shape", "shape_grid", "shape_text"];

/// The pieces known by name.
fn pieces() -> Vec<&'static str> {
    tourglyph_core::piece::NAMES.to_vec()
}

/// Every key, in the order the command line lists them (and the manifests' errors).
pub static KEYS: &[Key] = &[
    Key {
        ..key(
            "piece",
            Group::Spec,
            Field::Parsed {
                set: |f, s| {
                    f.spec.piece = s.parse()?;
                    Ok(())
                },
                get: |f| Some(f.spec.piece.to_string()),
            },
            FlagHelp {
                default: Some("rook"),
                offer: Some(pieces),
                ..cli(
                    "The piece: rook (one orthogonal step), knight, king, camel, zebra, giraffe, leaper:A,B",
                    "PIECE",
                )
            },
        )
    },
    Key {
        required: true,
        required_unless: SHAPE_SOURCES,
        ..key(
            "board",
            Group::Spec,
            Field::Parsed {
                set: |f, s| {
                    f.spec.board = Some(s.parse()?);
                    Ok(())
                },
                get: |f| f.spec.board.map(|b| b.to_string()),
            },
            cli("The board, ROWSxCOLS (e.g. 6x6)", "BOARD"),
        )
    },
    key(
        "open",
        Group::Spec,
        Field::Switch(|f| &mut f.spec.open),
        cli(
            "Open tours (Hamiltonian paths) instead of closed ones",
            "OPEN",
        ),
    ),
    key(
        "classes",
        Group::Spec,
        Field::Switch(|f| &mut f.spec.classes),
        cli(
            "One tour per symmetry class (its member with the smallest ID), with the orbit size",
            "CLASSES",
        ),
    ),
    key(
        "non_crossing",
        Group::Spec,
        Field::Switch(|f| &mut f.spec.non_crossing),
        cli(
            "Only tours whose drawn line never crosses itself (pieces whose moves can cross)",
            "NON_CROSSING",
        ),
    ),
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "torus",
            Group::Spec,
            Field::Switch(|f| &mut f.spec.torus),
            cli(
                "On the torus: the board's left and right edges are joined, and its top and bottom (closed rook tours, sides ≥ 3)",
                "TORUS",
            ),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "symmetry",
            Group::Spec,
            Field::Parsed {
                set: |f, s| {
                    f.spec.symmetry = Some(s.parse()?);
                    Ok(())
                },
                get: |f| f.spec.symmetry.map(|s| s.word().to_string()),
            },
            cli(
                "Only tours fixed by a symmetry: rot90 (quarter turn, square boards), rot180 (half turn), mirror (left-right or top-bottom) or any. No tour is fixed by a diagonal mirror (it would meet the tour in n ≥ 3 points; a mirror meets it in two). Closed rook tours on boards over 8x8 are found directly (on the quotient board) and numbered by their own order: --range, --shard and --sample then give indices",
                "SYM",
            ),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::GALLERY),
        conflicts: &["board", "shape_text", "shape_grid"],
        ..key(
            "shape",
            Group::Shape,
            Field::MaybeText(|f| &mut f.spec.shape.shape),
            cli(
                "A shaped board instead of --board: a text grid ('#' a cell, '.' none; ragged lines allowed), or a .png or .svg silhouette sampled onto --shape-board",
                "FILE",
            ),
        )
    },
    Key {
        conflicts: &["board", "shape_text"],
        ..key(
            "shape_grid",
            Group::Shape,
            Field::MaybeText(|f| &mut f.spec.shape.shape_grid),
            cli(
                "A shaped board instead of --board, written out: a text grid ('#' a cell, '.' none), lines separated by newlines (or \\n)",
                "GRID",
            ),
        )
    },
    Key {
        conflicts: &["board"],
        ..key(
            "shape_text",
            Group::Shape,
            Field::MaybeText(|f| &mut f.spec.shape.shape_text),
            cli(
                "Instead of --board: this text set in the bundled fonts (shaped, bidi; \"\\n\" between lines) and sampled onto cells, in 2x2 blocks unless --no-blocks",
                "TEXT",
            ),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::GALLERY),
        requires: &["shape_text"],
        ..key(
            "shape_font",
            Group::Shape,
            Field::MaybeText(|f| &mut f.spec.shape.shape_font),
            cli(
                "For --shape-text: a font file tried before the bundled fonts",
                "FILE",
            ),
        )
    },
    Key {
        requires: &["shape_text"],
        ..key(
            "cell_height",
            Group::Shape,
            Field::Number(|f| &mut f.spec.shape.cell_height),
            FlagHelp {
                default: Some("24"),
                ..cli("For --shape-text: rows of cells per line of text", "ROWS")
            },
        )
    },
    Key {
        requires: &["shape_text"],
        conflicts: &["blocks"],
        ..key(
            "no_blocks",
            Group::Shape,
            Field::Switch(|f| &mut f.spec.shape.no_blocks),
            cli(
                "For --shape-text: single cells, not 2x2 blocks (a part may then have no tour)",
                "NO_BLOCKS",
            ),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::GALLERY),
        requires: &["shape"],
        ..key(
            "shape_board",
            Group::Shape,
            Field::MaybeText(|f| &mut f.spec.shape.shape_board),
            cli(
                "For a --shape picture: the cells it is sampled onto, ROWSxCOLS",
                "RxC",
            ),
        )
    },
    key(
        "threshold",
        Group::Shape,
        Field::MaybeText(|f| &mut f.spec.shape.threshold),
        cli(
            "For a --shape picture or --shape-text: a cell is in when more than this share of it is dark (default 0.5 for a picture, 0.3 for text)",
            "THRESHOLD",
        ),
    ),
    key(
        "blocks",
        Group::Shape,
        Field::Switch(|f| &mut f.spec.shape.blocks),
        cli(
            "Take the shape in 2x2 blocks: every part then has a tour",
            "BLOCKS",
        ),
    ),
    key(
        "limit",
        Group::Pick,
        Field::MaybeNumber(|f| &mut f.pick.limit),
        FlagHelp {
            negative_numbers: true,
            ..cli("At most K tours (or classes)", "K")
        },
    ),
    Key {
        conflicts: &["shard"],
        check: Some(|s| tourglyph_engine::select::parse_range(s).map(drop)),
        ..key(
            "range",
            Group::Pick,
            Field::MaybeText(|f| &mut f.pick.range),
            cli("Tour IDs A to B−1 (half-open), e.g. 0..100", "A..B"),
        )
    },
    Key {
        doors: Doors::CLI,
        check: Some(|s| tourglyph_engine::sample::parse_shard(s).map(drop)),
        ..key(
            "shard",
            Group::Pick,
            Field::MaybeText(|f| &mut f.pick.shard),
            cli(
                "Shard K of N: the K-th of N equal ID ranges (1-based); the N outputs concatenate to the single-run output",
                "K/N",
            ),
        )
    },
    Key {
        conflicts: &["range", "shard", "limit"],
        ..key(
            "sample",
            Group::Pick,
            Field::MaybeNumber(|f| &mut f.pick.sample),
            cli(
                "K tours drawn uniformly at random (with repetition), in draw order; with --classes, K symmetry classes drawn uniformly, each as its representative",
                "K",
            ),
        )
    },
    key(
        "seed",
        Group::Pick,
        Field::Number(|f| &mut f.pick.seed),
        FlagHelp {
            default: Some("0"),
            ..cli("Seed for --sample", "SEED")
        },
    ),
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "outline",
            Group::Draw,
            Field::Switch(|f| &mut f.draw.outline),
            cli(
                "Draw each glyph as its filled outline (the region the stroke covers) instead of a stroke: a shape for cutters, plotters and font editors",
                "OUTLINE",
            ),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "stroke",
            Group::Draw,
            Field::MaybeText(|f| &mut f.draw.stroke),
            cli(
                "Glyph stroke colour: #rgb, #rrggbb, a CSS colour name, or none",
                "COLOR",
            ),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "fill",
            Group::Draw,
            Field::MaybeText(|f| &mut f.draw.fill),
            cli(
                "Fill of a closed tour's inside: #rgb, #rrggbb, a CSS colour name, or none",
                "COLOR",
            ),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "background",
            Group::Draw,
            Field::MaybeText(|f| &mut f.draw.background),
            cli(
                "Page background: #rgb, #rrggbb, a CSS colour name, or none (transparent)",
                "COLOR",
            ),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "width",
            Group::Draw,
            Field::MaybeText(|f| &mut f.draw.width),
            cli(
                "Stroke width as a fraction of the cell pitch (0 to 1; kufic is 0.5)",
                "W",
            ),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "cap",
            Group::Draw,
            Field::MaybeText(|f| &mut f.draw.cap),
            cli("Stroke cap: butt, round or square", "CAP"),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "join",
            Group::Draw,
            Field::MaybeText(|f| &mut f.draw.join),
            cli("Stroke join: miter, round or bevel", "JOIN"),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "corner",
            Group::Draw,
            Field::MaybeText(|f| &mut f.draw.corner),
            cli(
                "The line's corners: sharp, bevel (cut straight) or round (arcs of --corner-radius)",
                "CORNER",
            ),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "corner_radius",
            Group::Draw,
            Field::MaybeText(|f| &mut f.draw.corner_radius),
            cli(
                "With --corner round or bevel: the radius or cut, as a fraction of the cell pitch (0 to 0.5; default 0.3)",
                "R",
            ),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "padding",
            Group::Draw,
            Field::MaybeText(|f| &mut f.draw.padding),
            cli(
                "Empty space around each glyph, as a fraction of the cell pitch",
                "P",
            ),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "plot",
            Group::Draw,
            Field::MaybeText(|f| &mut f.draw.plot),
            cli(
                "Draw each glyph's band as pen strokes a plotter can draw: hatch (lines one pen width apart), concentric (rings one pen width apart) or none",
                "HOW",
            ),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "pen_width",
            Group::Draw,
            Field::MaybeText(|f| &mut f.draw.pen_width),
            cli(
                "With --plot: the pen's width in mm, the strokes' spacing (default 0.5)",
                "MM",
            ),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "hatch_angle",
            Group::Draw,
            Field::MaybeText(|f| &mut f.draw.hatch_angle),
            cli(
                "With --plot hatch: the lines' angle in degrees, counter-clockwise from horizontal (default 0)",
                "DEG",
            ),
        )
    },
    Key {
        doors: Doors::CLI,
        ..key(
            "optimize",
            Group::Draw,
            Field::Switch(|f| &mut f.draw.optimize),
            cli(
                "Draw each page's strokes in the order that shortens the pen's travel (nearest neighbour and 2-opt over the glyphs, each closed stroke begun nearest the pen)",
                "OPTIMIZE",
            ),
        )
    },
    Key {
        doors: Doors::CLI,
        ..key(
            "layers_by",
            Group::Draw,
            Field::MaybeText(|f| &mut f.draw.layers_by),
            cli(
                "SVG: one Inkscape layer per plotter pen: role (1 tours, 2 frames, 3 dots), color (a pen per stroke colour) or none",
                "HOW",
            ),
        )
    },
    Key {
        doors: Doors::CLI,
        ..key(
            "color_by",
            Group::Draw,
            Field::MaybeText(|f| &mut f.draw.color_by),
            cli(
                "Sheets: stroke each glyph in a colour of the palette by its orbit size (orbit, with --classes) or by its tour ID (tour), or all in the stroke colour (none); with --layers-by color, a pen a colour",
                "HOW",
            ),
        )
    },
    Key {
        doors: Doors::CLI,
        ..key(
            "palette",
            Group::Draw,
            Field::MaybeText(|f| &mut f.draw.palette),
            cli(
                "The colours of --color-by, separated by spaces or commas (default: #000000 #0072b2 #d55e00 #009e73 #cc79a7 #e69f00 #56b4e9)",
                "COLOURS",
            ),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "interlace",
            Group::Draw,
            Field::Switch(|f| &mut f.draw.interlace),
            cli(
                "Draw the line as an interlaced band (strapwork): at each crossing one strand passes over, the other under with a gap, alternately along the tour (style keys band_width, band_outline, band_outline_width, gap)",
                "INTERLACE",
            ),
        )
    },
    Key {
        doors: Doors::CLI,
        ..key(
            "numbers",
            Group::Draw,
            Field::Switch(|f| &mut f.draw.numbers),
            cli(
                "Write the move number in each cell, 1 to N from the tour's first cell: a numbered tour diagram (style keys numbers, numbers_only)",
                "NUMBERS",
            ),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "dpi",
            Group::Draw,
            Field::Real(
                |f| &mut f.draw.dpi,
                "give a resolution in dots per inch, e.g. 300",
            ),
            FlagHelp {
                default: Some("300"),
                ..cli("Resolution of PNG output, in dots per inch", "N")
            },
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "bridges",
            Group::Draw,
            Field::MaybeText(|f| &mut f.draw.bridges),
            cli(
                "With --outline or -o NAME.dxf: leave N bridges uncut across each closed tour's band, on its longest straight runs, so a stencil's inner island stays attached",
                "N",
            ),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "bridge_width",
            Group::Draw,
            Field::MaybeText(|f| &mut f.draw.bridge_width),
            cli(
                "With --bridges: each bridge's width in mm (default 1)",
                "MM",
            ),
        )
    },
    Key {
        doors: Doors::CLI.and(Doors::SERVE),
        ..key(
            "gcode_profile",
            Group::Draw,
            Field::MaybeText(|f| &mut f.draw.gcode_profile),
            cli(
                "With -o NAME.gcode: the machine, grbl-servo (pen on a servo, M3 S30/M5; the default), grbl-z (pen on the Z axis) or a TOML profile file (feeds, pen commands or Z heights, dwell, origin corner, units, header, footer)",
                "PROFILE",
            ),
        )
    },
];

/// The key named `name`.
pub fn find(name: &str) -> Option<&'static Key> {
    KEYS.iter().find(|k| k.name == name)
}

/// The keys of `group` that `door` takes, in the table's order.
pub fn of(group: Group, door: Doors) -> impl Iterator<Item = &'static Key> {
    KEYS.iter()
        .filter(move |k| k.group == group && k.doors.has(door))
}

/// The names of the keys of `group` that `door` takes, in the table's order.
pub fn names(group: Group, door: Doors) -> Vec<&'static str> {
    of(group, door).map(|k| k.name).collect()
}

/// A switch's value as a query writes it: `true` or `false`.
pub fn parse_switch(name: &str, v: &str) -> Result<bool> {
    match v {
        "false" => Ok(false),
        "true" => Ok(true),
        v => Err(Error::usage(format!(
            "bad value '{v}' for {name}: write true or false"
        ))),
    }
}

/// A whole number from 0 as a query writes it.
pub fn parse_number(name: &str, v: &str) -> Result<u64> {
    v.parse().map_err(|_| {
        Error::usage(format!(
            "bad value '{v}' for {name}: give a whole number from 0"
        ))
    })
}

impl Key {
    /// The command line's flag: `--non-crossing`.
    pub fn flag(&self) -> String {
        format!("--{}", self.name.replace('_', "-"))
    }

    /// The kind of its value.
    pub fn kind(&self) -> ValueKind {
        match self.field {
            Field::Switch(_) => ValueKind::Switch,
            Field::Text(_) | Field::MaybeText(_) | Field::Parsed { .. } => ValueKind::Text,
            Field::Number(_) | Field::MaybeNumber(_) => ValueKind::Number,
            Field::Real(..) => ValueKind::Real,
        }
    }

    /// Its value parsed from text as a query writes it (`true`, `12`, `6x6`); a bad value
    /// is a usage error naming the key and what to write.
    pub fn parse(&self, v: &str) -> Result<Value> {
        Ok(match self.field {
            Field::Switch(_) => Value::Switch(parse_switch(self.name, v)?),
            Field::Text(_) | Field::MaybeText(_) | Field::Parsed { .. } => {
                Value::Text(v.to_string())
            }
            Field::Number(_) | Field::MaybeNumber(_) => Value::Number(parse_number(self.name, v)?),
            Field::Real(_, hint) => {
                Value::Real(v.trim().parse::<f64>().map_err(|_| {
                    Error::usage(format!("bad value '{v}' for {}: {hint}", self.name))
                })?)
            }
        })
    }

    /// Set its field of `f` to `v`. A value of another kind is refused (no front door
    /// gives one: each types its values by [`Key::kind`]).
    pub fn set(&self, f: &mut Fields, v: Value) -> Result<()> {
        match (self.field, v) {
            (Field::Switch(at), Value::Switch(b)) => *at(f) = b,
            (Field::Text(at), Value::Text(s)) => *at(f) = s,
            (Field::MaybeText(at), Value::Text(s)) => *at(f) = Some(s),
            (Field::Parsed { set, .. }, Value::Text(s)) => set(f, &s)?,
            (Field::Number(at), Value::Number(n)) => *at(f) = n,
            (Field::MaybeNumber(at), Value::Number(n)) => *at(f) = Some(n),
            (Field::Real(at, _), Value::Real(x)) => *at(f) = x,
            (_, v) => {
                return Err(Error::usage(format!(
                    "bad value {v:?} for {}: it takes {:?}",
                    self.name,
                    self.kind()
                )));
            }
        }
        Ok(())
    }

    /// Its value in `f` (`None`: a field given only when set, not set).
    pub fn value(&self, f: &Fields) -> Option<Value> {
        let mut f = f.clone();
        match self.field {
            Field::Switch(at) => Some(Value::Switch(*at(&mut f))),
            Field::Text(at) => Some(Value::Text(at(&mut f).clone())),
            Field::MaybeText(at) => at(&mut f).clone().map(Value::Text),
            Field::Number(at) => Some(Value::Number(*at(&mut f))),
            Field::MaybeNumber(at) => at(&mut f).map(Value::Number),
            Field::Real(at, _) => Some(Value::Real(*at(&mut f))),
            Field::Parsed { get, .. } => get(&f).map(Value::Text),
        }
    }

    /// Check its value in `f` where it is text ([`Key::check`]); other values passed
    /// their kind's parser already.
    pub fn check_in(&self, f: &Fields) -> Result<()> {
        match (self.check, self.value(f)) {
            (Some(check), Some(Value::Text(s))) => check(&s),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_conflicts_name_keys() {
        for (i, k) in KEYS.iter().enumerate() {
            assert!(
                KEYS[..i].iter().all(|o| o.name != k.name),
                "{} twice",
                k.name
            );
            for c in k.conflicts {
                assert!(find(c).is_some(), "{}: conflicts with unknown {c}", k.name);
            }
            assert!(!k.cli.help.is_empty() && !k.cli.value_name.is_empty());
        }
    }

    /// The command line's defaults are the request's: a key set to its shown default
    /// leaves a default request as it is.
    #[test]
    fn shown_defaults_are_the_requests_defaults() {
        for k in KEYS {
            let Some(d) = k.cli.default else { continue };
            let mut f = Fields::default();
            k.set(&mut f, k.parse(d).unwrap()).unwrap();
            assert_eq!(f, Fields::default(), "{}", k.name);
        }
    }

    #[test]
    fn values_set_their_fields_and_read_back() {
        let mut f = Fields::default();
        for (name, text) in [
            ("piece", "knight"),
            ("board", "6x6"),
            ("non_crossing", "true"),
            ("symmetry", "rot90"),
            ("limit", "12"),
            ("range", "3..9"),
            ("seed", "7"),
            ("width", "0.3"),
            ("dpi", " 96"),
        ] {
            let k = find(name).unwrap();
            let v = k.parse(text).unwrap();
            k.set(&mut f, v.clone()).unwrap();
            assert_eq!(k.value(&f), Some(v), "{name}");
            k.check_in(&f).unwrap();
        }
        assert_eq!(f.spec.piece, tourglyph_core::Piece::knight());
        assert_eq!(f.spec.board, Some(tourglyph_core::Board::new(6, 6)));
        assert!(f.spec.non_crossing && !f.spec.open);
        assert_eq!(f.pick.limit, Some(12));
        assert_eq!(f.pick.range.as_deref(), Some("3..9"));
        assert_eq!((f.pick.seed, f.draw.dpi), (7, 96.0));
        assert_eq!(f.draw.width.as_deref(), Some("0.3"));
        assert!(
            find("board")
                .unwrap()
                .set(&mut f, Value::Switch(true))
                .is_err()
        );
    }

    #[test]
    fn bad_values_name_the_key_and_the_fix() {
        let e = |name: &str, v: &str| find(name).unwrap().parse(v).unwrap_err().to_string();
        assert_eq!(
            e("open", "yes"),
            "bad value 'yes' for open: write true or false"
        );
        assert_eq!(
            e("limit", "-1"),
            "bad value '-1' for limit: give a whole number from 0"
        );
        assert_eq!(
            e("dpi", "high"),
            "bad value 'high' for dpi: give a resolution in dots per inch, e.g. 300"
        );
        // The piece, the board and the symmetry are parsed as they are set, with their
        // types' own messages.
        let set = |name: &str, v: &str| {
            let k = find(name).unwrap();
            k.set(&mut Fields::default(), k.parse(v).unwrap())
                .unwrap_err()
                .to_string()
        };
        assert!(
            set("board", "6y6").starts_with("bad board '6y6'"),
            "{}",
            set("board", "6y6")
        );
        assert!(set("piece", "bishop").starts_with("unknown piece 'bishop'"));
        assert!(set("symmetry", "rot45").contains("rot45"));
    }

    #[test]
    fn doors_and_groups() {
        assert_eq!(
            names(Group::Spec, Doors::GALLERY),
            ["piece", "board", "open", "classes", "non_crossing"]
        );
        assert_eq!(
            names(Group::Pick, Doors::SERVE),
            ["limit", "range", "sample", "seed"]
        );
        assert_eq!(names(Group::Draw, Doors::GALLERY), Vec::<&str>::new());
        assert_eq!(find("non_crossing").unwrap().flag(), "--non-crossing");
    }
}
