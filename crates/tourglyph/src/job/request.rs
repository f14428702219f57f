//! The request API's shared types, plain data as the flags, a URL's query or a manifest
//! give them: what to enumerate ([`Spec`]), which tours ([`Pick`]), how glyphs look over
//! their style ([`Draw`]) and move ([`Motion`]) and who watches the work ([`Progress`])
//! (where a drawing goes is `crate::output::Target`); the requests of the jobs
//! that draw or find on a board or a shaped board ([`SheetRequest`], [`GlyphRequest`],
//! [`FindRequest`]). Every front door names their fields through one table
//! ([`super::keys`]). And the request once resolved ([`Resolved`]: graph, kind, query),
//! with the checks every source of tours makes on it: walks over [`WALK_LIMIT`],
//! selections that select nothing, boards with no tour. This module imports no other of
//! the crate: every job, every source of tours and the output module stand on it.

use std::path::PathBuf;
use tourglyph_core::error::{Estimate, Refusal};
use tourglyph_core::{Board, Error, LeapGraph, Piece, Result, TourKind};
use tourglyph_engine::select::Query;
use tourglyph_engine::symmetric_tours::Symmetry;

/// What to enumerate (the flags shared by `count`, `list` and `render`), typed: the
/// front doors parse the piece, the board and the symmetry through the key table
/// ([`super::keys`]) before any job sees them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The piece: `rook` by default.
    pub piece: Piece,
    /// The board; `None` when a shape stands in for it.
    pub board: Option<Board>,
    /// Open tours (Hamiltonian paths) instead of closed ones.
    pub open: bool,
    /// One tour per symmetry class, with its orbit size.
    pub classes: bool,
    /// Only tours whose drawn line never crosses itself.
    pub non_crossing: bool,
    /// On the torus (closed rook tours).
    pub torus: bool,
    /// Only tours fixed by this symmetry.
    pub symmetry: Option<Symmetry>,
    /// A shaped board in place of `board` (issue 30), when one of its sources is given.
    pub shape: ShapeKeys,
}

/// A shaped board as the front doors give it, every value as written: a text grid's
/// file (`shape`) or its text (`shape_grid`: typed into the explorer, or written in a
/// manifest), a picture's file sampled onto `shape_board`, or `shape_text` set in the
/// fonts. The job turns it into a shape request
/// (`tourglyph::job::shaped_board::shape_of`, asked by the tour source), the one place that
/// decides the defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeKeys {
    /// A text grid (`#` a cell, `.` none) or a `.png`/`.svg` picture: its file.
    pub shape: Option<String>,
    /// A text grid itself (`#` a cell, `.` none; lines separated by newlines).
    pub shape_grid: Option<String>,
    /// Text set in the fonts and sampled onto cells.
    pub shape_text: Option<String>,
    /// For `shape_text`: a font file tried before the bundled fonts.
    pub shape_font: Option<String>,
    /// For `shape_text`: rows of cells per line of text.
    pub cell_height: u64,
    /// For `shape_text`: single cells, not 2×2 blocks.
    pub no_blocks: bool,
    /// For a picture: the cells it is sampled onto, `ROWSxCOLS`.
    pub shape_board: Option<String>,
    /// For a picture or text: the share of a cell that must be dark, as written.
    pub threshold: Option<String>,
    /// Take the shape in 2×2 blocks.
    pub blocks: bool,
}

impl Default for ShapeKeys {
    fn default() -> Self {
        ShapeKeys {
            shape: None,
            shape_grid: None,
            shape_text: None,
            shape_font: None,
            cell_height: 24,
            no_blocks: false,
            shape_board: None,
            threshold: None,
            blocks: false,
        }
    }
}

impl ShapeKeys {
    /// True when a shape is given (a file, a grid or a text).
    pub fn given(&self) -> bool {
        self.shape.is_some() || self.shape_grid.is_some() || self.shape_text.is_some()
    }
}

impl Default for Spec {
    fn default() -> Self {
        Spec {
            piece: Piece::rook(),
            board: None,
            open: false,
            classes: false,
            non_crossing: false,
            torus: false,
            symmetry: None,
            shape: ShapeKeys::default(),
        }
    }
}

/// Which tours of the enumeration (the flags shared by `list` and `render`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pick {
    /// At most K tours (or classes).
    pub limit: Option<u64>,
    /// Tour IDs `A..B`, as written.
    pub range: Option<String>,
    /// Shard `K/N`, as written.
    pub shard: Option<String>,
    /// K tours (or classes) drawn uniformly at random.
    pub sample: Option<u64>,
    /// Seed for `sample`.
    pub seed: u64,
    /// Do the work even when the estimate says it cannot finish in reasonable time.
    pub force: bool,
}

/// How glyphs look over the style, and how images are rasterised (`--stroke`, `--width`,
/// `--outline`, …, `--dpi`); every value as written.
#[derive(Clone, Debug, PartialEq)]
pub struct Draw {
    /// Draw each glyph as its filled outline.
    pub outline: bool,
    /// Stroke colour.
    pub stroke: Option<String>,
    /// Fill of a closed tour's inside.
    pub fill: Option<String>,
    /// Page background.
    pub background: Option<String>,
    /// Stroke width as a fraction of the cell pitch.
    pub width: Option<String>,
    /// Stroke cap.
    pub cap: Option<String>,
    /// Stroke join.
    pub join: Option<String>,
    /// Corner geometry: `sharp`, `bevel` or `round` (style key `corner`).
    pub corner: Option<String>,
    /// Corner radius or bevel cut, as a fraction of the pitch (style key `corner_radius`).
    pub corner_radius: Option<String>,
    /// Empty space around each glyph, as a fraction of the cell pitch.
    pub padding: Option<String>,
    /// Resolution of PNG output, in dots per inch.
    pub dpi: f64,
    /// PNG output as a preview this many pixels wide on white paper, instead of an image
    /// at `dpi` (a gallery's).
    pub preview: Option<u32>,
    /// Pen strokes for plotters: `hatch`, `concentric` or `none`.
    pub plot: Option<String>,
    /// The pen's width in mm.
    pub pen_width: Option<String>,
    /// The hatch lines' angle in degrees.
    pub hatch_angle: Option<String>,
    /// Draw the line as an interlaced band (style key `interlace`).
    pub interlace: bool,
    /// Write the move numbers in the cells (style key `numbers = "steps"`).
    pub numbers: bool,
    /// Order each page's strokes to shorten the pen's travel (style key `optimize`).
    pub optimize: bool,
    /// One layer per pen: `role`, `color` or `none` (style key `layers_by`).
    pub layers_by: Option<String>,
    /// Colour each glyph of a sheet from the palette: `orbit`, `tour` or `none` (style
    /// key `color_by`).
    pub color_by: Option<String>,
    /// The colours of `color_by`, separated by spaces or commas (style key `palette`).
    pub palette: Option<String>,
    /// Bridges across a closed tour's outline band (style key `bridges`).
    pub bridges: Option<String>,
    /// Width of each bridge in mm (style key `bridge_width`).
    pub bridge_width: Option<String>,
    /// G-code output: the machine profile, a built-in name (`grbl-servo`, `grbl-z`) or
    /// the path of a TOML profile file; `None`: `grbl-servo`.
    pub gcode_profile: Option<String>,
}

impl Default for Draw {
    fn default() -> Self {
        Draw {
            outline: false,
            stroke: None,
            fill: None,
            background: None,
            width: None,
            cap: None,
            join: None,
            corner: None,
            corner_radius: None,
            padding: None,
            dpi: 300.0,
            preview: None,
            plot: None,
            pen_width: None,
            hatch_angle: None,
            interlace: false,
            numbers: false,
            optimize: false,
            layers_by: None,
            color_by: None,
            palette: None,
            bridges: None,
            bridge_width: None,
            gcode_profile: None,
        }
    }
}

impl Draw {
    /// The style keys these flags set, as (key, value) in the order of the style's keys.
    pub fn overrides(&self) -> Vec<(&'static str, String)> {
        let mut v = Vec::new();
        for (key, val) in [
            ("stroke_width", &self.width),
            ("stroke", &self.stroke),
            ("fill", &self.fill),
            ("background", &self.background),
            ("join", &self.join),
            ("cap", &self.cap),
            ("corner", &self.corner),
            ("corner_radius", &self.corner_radius),
            ("padding", &self.padding),
            ("plot", &self.plot),
            ("pen_width", &self.pen_width),
            ("hatch_angle", &self.hatch_angle),
            ("layers_by", &self.layers_by),
            ("color_by", &self.color_by),
            ("palette", &self.palette),
            ("bridges", &self.bridges),
            ("bridge_width", &self.bridge_width),
        ] {
            if let Some(x) = val {
                v.push((key, x.clone()));
            }
        }
        if self.outline {
            v.push(("outline", "true".to_string()));
        }
        if self.interlace {
            v.push(("interlace", "true".to_string()));
        }
        if self.numbers {
            v.push(("numbers", "steps".to_string()));
        }
        if self.optimize {
            v.push(("optimize", "true".to_string()));
        }
        v
    }
}

/// Told how far a job has got, and its notices; every method does nothing by default.
pub trait Progress: Sync {
    /// Work of `total` units begins (or its size becomes known); `pages` for a sheet,
    /// else 0. May be called again with a new total.
    fn begin(&self, _total: u64, _pages: u64) {}
    /// `done` units are done; `page` is the sheet's current page (0 when not a sheet).
    fn update(&self, _done: u64, _page: u64) {}
    /// The work is over.
    fn end(&self) {}
    /// A notice for the user (the CLI prints it on stderr after `tourglyph: `): why a
    /// board has no tour, the files an SVG sheet wrote, a gallery that failed.
    fn note(&self, _msg: &str) {}
}

/// Progress nobody watches.
pub struct Silent;

impl Progress for Silent {}

/// The animation flags of `glyph`, as written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Motion {
    /// Animate (`--animate`); a `.gif` file is animated without it.
    pub animate: bool,
    /// Seconds the walk takes (`--duration`).
    pub duration: Option<String>,
    /// Play for ever (`--loop`).
    pub looped: bool,
    /// The cell the walk starts from (`--start`).
    pub start: Option<String>,
    /// Walk the tour the other way round (`--reverse`).
    pub reverse: bool,
    /// Frames a second of a GIF or APNG (`--fps`).
    pub fps: Option<String>,
    /// How many frames a GIF or APNG has (`--frames`).
    pub frames: Option<String>,
}

/// A sheet, as `render`'s flags give it.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetRequest {
    /// What to draw.
    pub spec: Spec,
    /// Which tours.
    pub sel: Pick,
    /// `pdf`, `ps`, `eps`, `svg` or `png`; `None`: from the output file's extension (SVG
    /// with `split`).
    pub format: Option<String>,
    /// `a4`, `poster`, `WxHmm`, …
    pub page: String,
    /// Turn the page a quarter.
    pub landscape: bool,
    /// Glyphs per row (default: fill the page with square cells).
    pub columns: Option<u32>,
    /// A built-in style name or the path of a TOML file.
    pub style: String,
    /// A title on each page.
    pub title: Option<String>,
    /// No captions (tour IDs) under the glyphs.
    pub no_captions: bool,
    /// The style and raster flags over the style.
    pub draw: Draw,
    /// One file per selected tour into the folder the target names.
    pub split: bool,
    /// A font file to set titles and captions in, before the bundled fonts.
    pub font: Option<PathBuf>,
    /// SVG: draw text as outlines (paths) instead of editable text.
    pub text_as_paths: bool,
    /// SVG: one file a page and plotter pen (`sheet_drawing::split_layer_paths` names
    /// them), the style's layers by role unless it says otherwise.
    pub split_layers: bool,
    /// SVG: each glyph drawn as its tour is walked, all in step (`--animate` and its
    /// flags, [`super::animate`]); one page of at most
    /// [`super::animate::MAX_SHEET_WALKS`] glyphs.
    pub motion: Motion,
}

impl Default for SheetRequest {
    fn default() -> Self {
        SheetRequest {
            spec: Spec::default(),
            sel: Pick::default(),
            format: None,
            page: "a4".into(),
            landscape: false,
            columns: None,
            style: "line".into(),
            title: None,
            no_captions: false,
            draw: Draw::default(),
            split: false,
            font: None,
            text_as_paths: false,
            split_layers: false,
            motion: Motion::default(),
        }
    }
}

/// One glyph, as `glyph`'s flags give it.
#[derive(Clone, Debug, PartialEq)]
pub struct GlyphRequest {
    /// The piece.
    pub piece: Piece,
    /// The board; `None` when a shape stands in for it.
    pub board: Option<Board>,
    /// An open tour.
    pub open: bool,
    /// A tour on the torus, drawn as a tile.
    pub torus: bool,
    /// With `torus`: the tile drawn R×C times, as written (`4x4`).
    pub repeat: Option<String>,
    /// With `torus` and SVG: the tile as an SVG `<pattern>`.
    pub pattern: bool,
    /// The tour's ID, as written.
    pub id: Option<String>,
    /// The user's own tour: cells separated by spaces or semicolons.
    pub tour: Option<String>,
    /// A uniformly random tour, drawn with `seed`.
    pub random: bool,
    /// With `random`: among the tours this symmetry fixes.
    pub symmetry: Option<Symmetry>,
    /// Seed for `random`.
    pub seed: u64,
    /// `svg`, `pdf`, `ps`, `eps` or `png`; `None`: from the file's extension (SVG on a
    /// writer or stdout).
    pub format: Option<String>,
    /// The glyph's size: `50mm`, `5cm`, `2in`.
    pub size: String,
    /// A built-in style name or the path of a TOML file.
    pub style: String,
    /// The style and raster flags over the style.
    pub draw: Draw,
    /// Build the diagram even when the estimate says it cannot finish in reasonable time
    /// (and write PNG images over 100 megapixels).
    pub force: bool,
    /// The animation flags ([`super::animate`]): none set, a still glyph.
    pub motion: Motion,
    /// A shaped board in place of `board` ([`super::shaped_board`]).
    pub shape: ShapeKeys,
}

impl GlyphRequest {
    /// What the glyph is a tour of, as a [`Spec`]: the piece, the board or
    /// the shape.
    pub fn spec(&self) -> Spec {
        Spec {
            piece: self.piece.clone(),
            board: self.board,
            open: self.open,
            torus: self.torus,
            symmetry: self.symmetry,
            shape: self.shape.clone(),
            ..Spec::default()
        }
    }
}

impl Default for GlyphRequest {
    fn default() -> Self {
        GlyphRequest {
            piece: Piece::rook(),
            board: None,
            open: false,
            torus: false,
            repeat: None,
            pattern: false,
            id: None,
            tour: None,
            random: false,
            symmetry: None,
            seed: 0,
            format: None,
            size: "50mm".into(),
            style: "line".into(),
            draw: Draw::default(),
            force: false,
            motion: Motion::default(),
            shape: ShapeKeys::default(),
        }
    }
}

/// One tour to find, as `find`'s flags give it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FindRequest {
    /// The piece (default the knight).
    pub piece: Piece,
    /// The board; `None` when a shape stands in for it.
    pub board: Option<Board>,
    /// A closed tour (the last cell is a move from the first).
    pub closed: bool,
    /// The start cell as written: algebraic (`e4`) or `ROW,COL`.
    pub start: Option<String>,
    /// Randomise tie-breaks reproducibly.
    pub seed: Option<u64>,
    /// A shaped board in place of `board` (`tourglyph::job::shaped_board::find`).
    pub shape: ShapeKeys,
}

impl FindRequest {
    /// What the tour is of, as a [`Spec`]: the piece, the board or the shape.
    pub fn spec(&self) -> Spec {
        Spec {
            piece: self.piece.clone(),
            board: self.board,
            shape: self.shape.clone(),
            ..Spec::default()
        }
    }
}

impl Default for FindRequest {
    fn default() -> Self {
        FindRequest {
            piece: Piece::knight(),
            board: None,
            closed: false,
            start: None,
            seed: None,
            shape: ShapeKeys::default(),
        }
    }
}

/// `50mm`, `2in`, `5cm`, or a bare number of mm.
pub fn parse_size(s: &str) -> Result<f64> {
    let t = s.trim().to_ascii_lowercase();
    let (num, unit) = if let Some(n) = t.strip_suffix("mm") {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix("cm") {
        (n, 10.0)
    } else if let Some(n) = t.strip_suffix("in") {
        (n, 25.4)
    } else {
        (t.as_str(), 1.0)
    };
    match num.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && (x * unit).is_finite() => Ok(x * unit),
        _ => Err(Error::usage(format!(
            "bad size '{s}': write a length like 50mm, 5cm or 2in"
        ))),
    }
}

/// Walks larger than this many tour IDs are refused without `--limit`, `--range` or
/// `--force`: about a minute of work on this kind of machine, and more output than anyone
/// reads.
pub const WALK_LIMIT: u128 = 100_000_000;

/// Boards for the enumeration engines stop here: beyond it the leap graph alone takes
/// seconds and hundreds of megabytes, and no frontier is narrow enough to matter.
pub const MAX_ENGINE_CELLS: usize = 1_000_000;

/// What the enumeration flags resolve to.
pub struct Resolved {
    /// The leap graph.
    pub graph: LeapGraph,
    /// Closed or open.
    pub kind: TourKind,
    /// Classes, crossing filter, range, limit.
    pub query: Query,
    /// `--shard K/N`, turned into a range by [`Resolved::fix_range`].
    pub shard: Option<(u64, u64)>,
}

impl Resolved {
    /// Once the number of tours is known, turn `--shard` into the query's range.
    pub fn fix_range(&mut self, total: u128) {
        if let Some((k, n)) = self.shard {
            self.query.range = Some(tourglyph_engine::sample::shard_range(total, k, n));
        }
    }
}

/// The board of a request made on a board, or the usage error for none given (a
/// library caller that built the request without one; the front doors require it).
pub fn require_board(board: Option<Board>) -> Result<Board> {
    board.ok_or_else(|| Error::usage("no board given: give --board ROWSxCOLS, e.g. 6x6"))
}

/// How many of `total` tours `range` (or all, without one) takes.
pub fn walk_len(range: Option<&std::ops::Range<u128>>, total: u128) -> u128 {
    range.map_or(total, |r| {
        r.end.min(total).saturating_sub(r.start.min(total))
    })
}

/// Why a board has no tour of the kind asked for, when the move graph's connectivity or
/// degrees (or, for closed tours, the colours) say so.
pub fn impossible(r: &Resolved) -> Option<String> {
    r.graph
        .no_tour(!r.kind.is_closed())
        .or_else(|| closed_impossible(r))
}

/// Why a closed tour cannot exist by the colours (`None` for open tours).
fn closed_impossible(r: &Resolved) -> Option<String> {
    (r.kind == TourKind::Closed)
        .then(|| r.graph.closed_tour_impossible())
        .flatten()
}

/// A usage error when the selection flags alone select no tour of a set of `total` (when
/// known): `--limit 0`, `--sample 0`, or a range (or shard) empty or past the last ID;
/// `None` otherwise (a set with no tour, a filter that keeps none, is the caller's
/// runtime failure). `what` is the work, e.g. `nothing to draw`.
pub fn empty_selection(r: &Resolved, sel: &Pick, total: Option<u128>, what: &str) -> Option<Error> {
    for (flag, v) in [("--limit", sel.limit), ("--sample", sel.sample)] {
        if v == Some(0) {
            return Some(Error::usage(format!(
                "{what}: {flag} 0 selects no tour: give {flag} 1 or more"
            )));
        }
    }
    let range = r.query.range.clone()?;
    let flag = match (&sel.range, &sel.shard) {
        (Some(s), _) => format!("--range {s}"),
        (None, Some(s)) => format!("--shard {s}"),
        (None, None) => return None,
    };
    let end = total.map_or(range.end, |t| range.end.min(t));
    if range.start < end {
        return None;
    }
    let fix = match total {
        Some(0) => return None,
        Some(t) => format!(
            "{} has {t} {} {} tours (IDs 0 to {}); give a range within them",
            r.graph.board(),
            r.kind.word(),
            r.graph.piece(),
            t - 1
        ),
        None => "give a range A..B with A < B".to_string(),
    };
    Some(Error::usage(format!(
        "{what}: {flag} selects no tour: {fix}"
    )))
}

/// Tell `progress` why a board has no tour, if it has none (`no closed tour: WHY`, or
/// the sentence `find` gives for a move graph in pieces).
pub fn explain_impossible(r: &Resolved, progress: &dyn Progress) -> bool {
    let why = r
        .graph
        .no_tour(!r.kind.is_closed())
        .or_else(|| closed_impossible(r).map(|w| format!("no closed tour: {w}")));
    match why {
        Some(why) => {
            progress.note(&why);
            true
        }
        None => false,
    }
}

/// Refuse a walk over more IDs than [`WALK_LIMIT`] unless bounded or forced.
pub fn check_walk(total: u128, r: &Resolved, sel: &Pick, what: &str) -> Result<()> {
    let refuse = |tours: u128, msg: String| {
        Err(Error::refused_with(
            Refusal::Time,
            true,
            Estimate::none().with_tours(tours),
            msg,
        ))
    };
    if let Some(k) = sel.sample {
        if u128::from(k) > WALK_LIMIT && !sel.force {
            return refuse(
                u128::from(k),
                format!(
                    "{what} {k} random tours would not finish in reasonable time (the limit is \
                 {WALK_LIMIT}); ask for fewer, or add --force"
                ),
            );
        }
        if r.query.symmetry.is_none() {
            return Ok(());
        }
        // Sampling symmetric tours walks every tour to find them (below).
    }
    let walk = walk_len(r.query.range.as_ref(), total);
    if let (Some(sym), true) = (r.query.symmetry, walk > WALK_LIMIT && !sel.force) {
        // Symmetric tours are rare: even --limit may need the whole walk to find them.
        return refuse(
            walk,
            format!(
                "{what} {}-symmetric tours means finding them among {walk} tours of {}, \
             which would not finish in reasonable time (here they are found by filtering the \
             walk of every tour; closed rook tours on boards over 8x8 are found directly); count \
             them with `tourglyph count --symmetry`, or add --force",
                sym.word(),
                r.graph.board_name()
            ),
        );
    }
    if walk > WALK_LIMIT && sel.limit.is_none() && !sel.force {
        return refuse(
            walk,
            format!(
                "{what} all {total} tours of {} would not finish in reasonable time; \
             bound it with --limit K or --range A..B, or add --force",
                r.graph.board_name()
            ),
        );
    }
    Ok(())
}
