//! Resolution shared by the commands: flags → graph, tour kind, query; progress bars;
//! a small JSON writer for exact integers of any size.

use super::args::{DrawFlags, Selection, TourSpec};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::OnceLock;
use tourglyph::budget::Budget;
use tourglyph::sinks::{Query, parse_range};
use tourglyph::{Board, Error, LeapGraph, Piece, Result, TourKind};

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
            self.query.range = Some(tourglyph::sample::shard_range(total, k, n));
        }
    }
}

/// Parse `--piece` and `--board`.
pub fn piece_board(piece: &str, board: &str) -> Result<(Piece, Board)> {
    Ok((piece.parse()?, board.parse()?))
}

/// Resolve the shared flags.
pub fn resolve(spec: &TourSpec, sel: Option<&Selection>) -> Result<Resolved> {
    let (piece, board) = piece_board(&spec.piece, &spec.board)?;
    let range = match sel.and_then(|s| s.range.as_deref()) {
        Some(r) => Some(parse_range(r)?),
        None => None,
    };
    let shard = match sel.and_then(|s| s.shard.as_deref()) {
        Some(s) => Some(tourglyph::sample::parse_shard(s)?),
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
        return Err(Error::usage(format!(
            "board {board} has {} cells; count, list and render work on boards of at most {MAX_ENGINE_CELLS} cells              (`tourglyph find` finds single tours on larger boards)",
            board.cells()
        )));
    }
    let kind = if spec.open {
        TourKind::Open
    } else {
        TourKind::Closed
    };
    let symmetry = match &spec.symmetry {
        Some(s) => {
            let sym: tourglyph::symmetric::Symmetry = s.parse()?;
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
            tourglyph::torus::check_classes(board)?;
        }
        tourglyph::torus::graph(board, &piece, kind)?
    } else {
        LeapGraph::new(board, &piece)?
    };
    if spec.classes && sel.is_some() && !spec.torus {
        // list and render test each tour (count of closed rook tours needs no test).
        tourglyph::symmetry::check_classifiable(&graph)?;
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

/// Print why a board has no closed tour, if it has none (on stderr).
pub fn explain_impossible(r: &Resolved) -> bool {
    if r.kind == TourKind::Closed {
        if let Some(why) = r.graph.closed_tour_impossible() {
            eprintln!("tourglyph: no closed tour: {why}");
            return true;
        }
    }
    false
}

/// Refuse a walk over more IDs than [`WALK_LIMIT`] unless bounded or forced.
pub fn check_walk(total: u128, r: &Resolved, sel: &Selection, what: &str) -> Result<()> {
    if let Some(k) = sel.sample {
        if u128::from(k) > WALK_LIMIT && !sel.force {
            return Err(Error::usage(format!(
                "{what} {k} random tours would not finish in reasonable time (the limit is \
                 {WALK_LIMIT}); ask for fewer, or add --force"
            )));
        }
        if r.query.symmetry.is_none() {
            return Ok(());
        }
        // Sampling symmetric tours walks every tour to find them (below).
    }
    let walk = match &r.query.range {
        Some(rg) => rg.end.min(total).saturating_sub(rg.start),
        None => total,
    };
    if let (Some(sym), true) = (r.query.symmetry, walk > WALK_LIMIT && !sel.force) {
        // Symmetric tours are rare: even --limit may need the whole walk to find them.
        return Err(Error::usage(format!(
            "{what} {}-symmetric tours means finding them among {walk} tours of {}, \
             which would not finish in reasonable time (here they are found by filtering the \
             walk of every tour; closed rook tours on boards over 8x8 are found directly); count \
             them with `tourglyph count --symmetry`, or add --force",
            sym.word(),
            r.graph.board_name()
        )));
    }
    if walk > WALK_LIMIT && sel.limit.is_none() && !sel.force {
        return Err(Error::usage(format!(
            "{what} all {total} tours of {} would not finish in reasonable time; \
             bound it with --limit K or --range A..B, or add --force",
            r.graph.board_name()
        )));
    }
    Ok(())
}

/// A progress bar on stderr when it is a terminal (and not `--quiet`).
pub fn progress_bar(total: u64, quiet: bool, what: &str) -> Option<ProgressBar> {
    if quiet || !std::io::stderr().is_terminal() || total == 0 {
        return None;
    }
    let pb = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    pb.set_style(
        ProgressStyle::with_template(
            "{msg} {wide_bar} {human_pos}/{human_len} IDs  {per_sec}  ETA {eta}",
        )
        .expect("valid template"),
    );
    pb.set_message(what.to_string());
    Some(pb)
}

/// Build the diagram within the memory of `--max-memory` and, unless `force`, the
/// default time budget.
pub fn build_zdd(r: &Resolved, force: bool) -> Result<tourglyph::engine::frontier::Zdd> {
    tourglyph::engine::frontier::Zdd::build_with_budget(&r.graph, r.kind, &budget(force))
}

/// `--max-memory`, parsed once per run (default: three quarters of the machine's memory).
static MAX_MEMORY: OnceLock<u64> = OnceLock::new();

/// Set the memory limit from `--max-memory` (call once, before any command runs).
pub fn set_max_memory(flag: Option<&str>) -> Result<()> {
    let bytes = match flag {
        Some(s) => tourglyph::budget::parse_size(s)?,
        None => tourglyph::budget::default_memory(),
    };
    let _ = MAX_MEMORY.set(bytes);
    Ok(())
}

/// The engines' budget: `--max-memory` bytes, and the default time limit unless `force`.
pub fn budget(force: bool) -> Budget {
    let memory = *MAX_MEMORY.get_or_init(tourglyph::budget::default_memory);
    Budget::new(memory, force)
}

/// Escape a string for JSON.
pub fn json_str(s: &str) -> String {
    serde_json::to_string(s).expect("strings serialise")
}

/// `--style` with the style flags (`--stroke`, `--width`, `--outline`, …) set over it.
pub fn style_with(spec: &str, draw: &DrawFlags) -> Result<tourglyph::layout::style::Style> {
    let mut st = tourglyph::layout::style::Style::resolve(spec)?;
    for (key, value) in draw.overrides() {
        let flag = match key {
            "stroke_width" => "--width".to_string(),
            k => format!("--{k}"),
        };
        st.set_flag(&flag, key, &value)?;
    }
    Ok(st)
}

/// PNG options from `--dpi` and `--force`.
pub fn png_options(draw: &DrawFlags, force: bool) -> tourglyph::render::png::PngOptions {
    tourglyph::render::png::PngOptions {
        dpi: draw.dpi,
        force,
    }
}
