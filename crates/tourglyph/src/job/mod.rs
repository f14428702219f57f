//! Jobs: one request API for every caller (the CLI, the gallery, the server).
//!
//! A request is plain data, as the flags or a URL's query give it: a [`Spec`] (piece,
//! board, open, classes, non-crossing, torus, symmetry), a [`Pick`] (limit, range, shard,
//! sample, seed, force) and, for drawings, a style with its [`Draw`] flags, a page and a
//! format. A job resolves it into library objects (graph, diagram, query, layout), refuses
//! work that cannot finish or fit before anything is written, and writes the result to a
//! file or to any `io::Write`:
//!
//! - [`count`]: `count`'s figures, as its JSON object or its text;
//! - [`list`]: `list`'s lines (JSON or text), streamed;
//! - [`sheet`]: a sheet of glyphs (PDF, PostScript, EPS, SVG, PNG), or one file a tour
//!   ([`split`]);
//! - [`glyph`]: one tour as a glyph (a torus tile: [`tile`]);
//! - [`symmetric`]: `--symmetry` on big boards, the symmetric tours found directly on
//!   quotient boards (for `list`, `sheet`, `glyph --random` and the CLI's `font`).
//!
//! Jobs sit above the pipeline (engine → sinks → layout → render) and only call into it;
//! nothing below calls a job. Progress and notices go through [`Progress`], which a
//! caller may ignore ([`Silent`]).

pub mod count;
pub mod glyph;
pub mod list;
pub mod sheet;
pub mod split;
pub mod symmetric_tours;
pub mod tile;

use std::sync::OnceLock;
use tourglyph_core::budget::Budget;
use tourglyph_core::error::Refusal;
use tourglyph_core::{Board, Error, LeapGraph, Piece, Result, TourKind};
use tourglyph_engine::{select::Query, select::parse_range};

/// Walks larger than this many tour IDs are refused without `--limit`, `--range` or
/// `--force`: about a minute of work on this kind of machine, and more output than anyone
/// reads.
pub const WALK_LIMIT: u128 = 100_000_000;

/// Boards for the enumeration engines stop here: beyond it the leap graph alone takes
/// seconds and hundreds of megabytes, and no frontier is narrow enough to matter.
pub const MAX_ENGINE_CELLS: usize = 1_000_000;

/// What to enumerate (the flags shared by `count`, `list` and `render`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The piece as written: `rook`, `knight`, `leaper:1,3`, …
    pub piece: String,
    /// The board as written: `6x6`.
    pub board: String,
    /// Open tours (Hamiltonian paths) instead of closed ones.
    pub open: bool,
    /// One tour per symmetry class, with its orbit size.
    pub classes: bool,
    /// Only tours whose drawn line never crosses itself.
    pub non_crossing: bool,
    /// On the torus (closed rook tours).
    pub torus: bool,
    /// Only tours fixed by this symmetry, as written (`rot90`, `rot180`, `mirror`, `any`).
    pub symmetry: Option<String>,
}

impl Default for Spec {
    fn default() -> Self {
        Spec {
            piece: "rook".into(),
            board: String::new(),
            open: false,
            classes: false,
            non_crossing: false,
            torus: false,
            symmetry: None,
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
    /// Empty space around each glyph, as a fraction of the cell pitch.
    pub padding: Option<String>,
    /// Resolution of PNG output, in dots per inch.
    pub dpi: f64,
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
            padding: None,
            dpi: 300.0,
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
            ("padding", &self.padding),
        ] {
            if let Some(x) = val {
                v.push((key, x.clone()));
            }
        }
        if self.outline {
            v.push(("outline", "true".to_string()));
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
    /// board has no tour, the files an SVG sheet wrote.
    fn note(&self, _msg: &str) {}
}

/// Progress nobody watches.
pub struct Silent;

impl Progress for Silent {}

/// Where a drawing goes.
pub enum Target<'a> {
    /// A file (`-` for stdout), written under a temporary name and renamed when complete;
    /// an SVG sheet of several pages is one file a page, and replaces an earlier run's.
    Path(&'a std::path::Path, crate::output::OutOptions),
    /// A writer, written as `-o -` writes to stdout (an SVG or PNG sheet must fit one
    /// page).
    Writer(&'a mut dyn std::io::Write),
}

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

/// Parse `--piece` and `--board`.
pub fn piece_board(piece: &str, board: &str) -> Result<(Piece, Board)> {
    Ok((piece.parse()?, board.parse()?))
}

/// Resolve the shared flags (`sel` for the commands that select tours: list, render).
pub fn resolve(spec: &Spec, sel: Option<&Pick>) -> Result<Resolved> {
    let (piece, board) = piece_board(&spec.piece, &spec.board)?;
    let range = match sel.and_then(|s| s.range.as_deref()) {
        Some(r) => Some(parse_range(r)?),
        None => None,
    };
    let shard = match sel.and_then(|s| s.shard.as_deref()) {
        Some(s) => Some(tourglyph_engine::sample::parse_shard(s)?),
        None => None,
    };
    if let Some(s) = sel {
        if s.sample.is_some() && spec.non_crossing {
            return Err(Error::usage(
                "--sample draws from all tours (or, with --classes, all classes); it does not combine with --non-crossing",
            ));
        }
    }
    if board.cells() > MAX_ENGINE_CELLS {
        return Err(Error::refused(
            Refusal::Size,
            true,
            format!(
                "board {board} has {} cells; count, list and render work on boards of at most {MAX_ENGINE_CELLS} cells (`tourglyph find` finds single tours on larger boards)",
                board.cells()
            ),
        ));
    }
    let kind = if spec.open {
        TourKind::Open
    } else {
        TourKind::Closed
    };
    if spec.symmetry.is_none() && !spec.torus && (sel.is_some() || spec.open) {
        // The frontier diagram (list, render) or the count-only sweep (open tours, on the
        // narrower side): a board too wide for it is refused before its graph is built.
        let b = match sel {
            None if board.cols > board.rows => board.transposed(),
            _ => board,
        };
        tourglyph_engine::frontier::check_width(b, &piece, spec.open)?;
    }
    let symmetry = match &spec.symmetry {
        Some(s) => {
            let sym: tourglyph_engine::symmetric_tours::Symmetry = s.parse()?;
            if spec.torus {
                return Err(Error::usage(
                    "--symmetry is for plane boards; on the torus --classes already identifies translations, turns and mirrors: drop --symmetry or --torus",
                ));
            }
            sym.elements(board)?;
            Some(sym)
        }
        None => None,
    };
    let graph = if spec.torus {
        if spec.non_crossing {
            return Err(Error::usage(
                "--non-crossing is for pieces whose moves can cross; rook tours on the torus never do: drop it",
            ));
        }
        if spec.classes {
            tourglyph_core::torus::check_classes(board)?;
        }
        tourglyph_core::torus::graph(board, &piece, kind)?
    } else {
        LeapGraph::new(board, &piece)?
    };
    if spec.classes && sel.is_some() && !spec.torus {
        // list and render test each tour (count of closed rook tours needs no test).
        tourglyph_core::symmetry::check_classifiable(&graph)?;
    }
    Ok(Resolved {
        graph,
        kind,
        query: Query {
            classes: spec.classes,
            non_crossing: spec.non_crossing,
            range,
            limit: sel.and_then(|s| s.limit),
            symmetry,
        },
        shard,
    })
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
    let refuse = |msg: String| Err(Error::refused(Refusal::Time, true, msg));
    if let Some(k) = sel.sample {
        if u128::from(k) > WALK_LIMIT && !sel.force {
            return refuse(format!(
                "{what} {k} random tours would not finish in reasonable time (the limit is \
                 {WALK_LIMIT}); ask for fewer, or add --force"
            ));
        }
        if r.query.symmetry.is_none() {
            return Ok(());
        }
        // Sampling symmetric tours walks every tour to find them (below).
    }
    let walk = walk_len(r.query.range.as_ref(), total);
    if let (Some(sym), true) = (r.query.symmetry, walk > WALK_LIMIT && !sel.force) {
        // Symmetric tours are rare: even --limit may need the whole walk to find them.
        return refuse(format!(
            "{what} {}-symmetric tours means finding them among {walk} tours of {}, \
             which would not finish in reasonable time (here they are found by filtering the \
             walk of every tour; closed rook tours on boards over 8x8 are found directly); count \
             them with `tourglyph count --symmetry`, or add --force",
            sym.word(),
            r.graph.board_name()
        ));
    }
    if walk > WALK_LIMIT && sel.limit.is_none() && !sel.force {
        return refuse(format!(
            "{what} all {total} tours of {} would not finish in reasonable time; \
             bound it with --limit K or --range A..B, or add --force",
            r.graph.board_name()
        ));
    }
    Ok(())
}

/// Build the diagram within the memory limit and, unless `force`, the default time
/// budget.
pub fn build_zdd(r: &Resolved, force: bool) -> Result<tourglyph_engine::frontier::Zdd> {
    tourglyph_engine::frontier::Zdd::build_with_budget(&r.graph, r.kind, &budget(force))
}

/// The memory limit, set once per process (default: three quarters of the machine's).
static MAX_MEMORY: OnceLock<u64> = OnceLock::new();

/// Set the memory limit of every job from `--max-memory` (call once, before any job runs).
pub fn set_max_memory(flag: Option<&str>) -> Result<()> {
    let bytes = match flag {
        Some(s) => tourglyph_core::budget::parse_size(s)?,
        None => tourglyph_core::budget::default_memory(),
    };
    let _ = MAX_MEMORY.set(bytes);
    Ok(())
}

/// The engines' budget: the memory limit, and the default time limit unless `force`.
pub fn budget(force: bool) -> Budget {
    let memory = *MAX_MEMORY.get_or_init(tourglyph_core::budget::default_memory);
    Budget::new(memory, force)
}

/// Escape a string for JSON.
pub fn json_str(s: &str) -> String {
    serde_json::to_string(s).expect("strings serialise")
}

/// The style `spec` (a built-in name or a TOML file) with the [`Draw`] flags set over it.
pub fn style_with(spec: &str, draw: &Draw) -> Result<tourglyph_layout::style::Style> {
    let mut st = tourglyph_layout::style::Style::resolve(spec)?;
    for (key, value) in draw.overrides() {
        let flag = match key {
            "stroke_width" => "--width".to_string(),
            k => format!("--{k}"),
        };
        st.set_flag(&flag, key, &value)?;
    }
    Ok(st)
}

/// PNG options from `--dpi` and `--force` (of a drawing of fixed size: the caller names
/// the flag that makes it smaller, if any, in `smaller`).
pub fn png_options(draw: &Draw, force: bool) -> tourglyph_draw::png::PngOptions {
    tourglyph_draw::png::PngOptions {
        dpi: draw.dpi,
        force,
        smaller: None,
    }
}

/// A [`Target`] opened for one document made in memory (a glyph, a tile): a file (or
/// stdout) committed when complete, or the caller's writer.
enum Opened<'a> {
    /// A file or stdout.
    Out(crate::output::Out),
    /// The caller's writer.
    Writer(&'a mut dyn std::io::Write),
}

impl<'a> Opened<'a> {
    /// Open the target (a file is created now: `--no-clobber` refuses before any work).
    fn open(target: Target<'a>) -> Result<Opened<'a>> {
        Ok(match target {
            Target::Path(p, opts) => Opened::Out(crate::output::open_out_with(p, opts)?),
            Target::Writer(w) => Opened::Writer(w),
        })
    }

    /// Write the document and finish: a file is renamed into place, a writer flushed.
    fn finish(self, bytes: &[u8]) -> Result<()> {
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
fn single_format(format: Option<&str>, target: &Target<'_>) -> Result<tourglyph_draw::Format> {
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
