//! A request resolved into library objects (leap graph, kind, query), and the refusals
//! made before any work: boards too large for the engines, walks over the limit, empty
//! selections, boards with no tour; the engines' budget (`--max-memory`).

use super::limits::budget;
use super::request::{Pick, Progress, Spec};
use tourglyph_core::error::{Estimate, Refusal};
use tourglyph_core::{Board, Error, LeapGraph, Piece, Result, TourKind};
use tourglyph_engine::{select::Query, select::parse_range};

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

/// Parse `--piece` and `--board`.
pub fn piece_board(piece: &str, board: &str) -> Result<(Piece, Board)> {
    Ok((piece.parse()?, board.parse()?))
}

/// Resolve the shared flags (`sel` for the commands that select tours: list, render).
pub fn resolve(spec: &Spec, sel: Option<&Pick>) -> Result<Resolved> {
    // A shaped board is drawn by `shape_board`'s jobs; a job that reached here with one
    // has no meaning for it.
    if spec.shape.given() {
        return Err(Error::usage(
            "this work is done on a board, not on a shape: give --board instead of --shape",
        ));
    }
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
        return Err(Error::refused_with(
            Refusal::Size,
            true,
            Estimate::none().with_cells(board.cells() as u64),
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
        if spec.classes && sel.is_some() {
            // Listing classes tests every tour; `count` finds their number by
            // Burnside's lemma instead (`count::torus_classes`).
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

/// Build the diagram within the memory limit and, unless `force`, the default time
/// budget.
pub fn build_zdd(r: &Resolved, force: bool) -> Result<tourglyph_engine::frontier::Zdd> {
    tourglyph_engine::frontier::Zdd::build_with_budget(&r.graph, r.kind, &budget(force))
}

/// Refuse, before it is built, a move graph of `piece` on `board` that the memory limit
/// cannot hold (boards of millions of cells; the graph takes about 8 bytes a cell and
/// 13 a move, see `benches/NOTES.md`, 2026-12-07).
pub fn check_graph_memory(board: Board, piece: &Piece) -> Result<()> {
    if board.cells() > tourglyph_core::graph::MAX_GRAPH_CELLS {
        // Past the graph's own limit: its usage error says so.
        return Ok(());
    }
    let bytes = board.cells() as f64 * (8.0 + 13.0 * piece.moves().len() as f64);
    budget(true).check(&format!("the {piece}'s move graph of {board}"), 0.0, bytes)
}
