//! Where a request's tours come from, decided once for every command: the one place
//! that reads a request and chooses among a shaped board's tuples ([`TourSource::Shaped`],
//! [`super::shaped_board`]) and a board ([`TourSource::Board`]: the request resolved into
//! leap graph, kind and query, with the refusals made before any work: boards too large
//! for the engines, wrong combinations of flags); on a board, among the symmetric tours
//! found directly on quotient boards ([`TourOrigin::Symmetric`], [`super::symmetric_tours`]),
//! closed leaper tours by ID through the halves ([`TourOrigin::Halves`], [`super::halves`])
//! and the frontier diagram of all tours ([`TourOrigin::Diagram`]) ([`locate`]). The budget
//! of a walk is checked here too, once, whatever the command ([`locate`] with a
//! [`WalkBudget`]): an unbounded listing is refused by the count before the walk is started.
//!
//! What a source offers: its count ([`count_with`], by the counter the engine's plan
//! chooses: transfer matrix, dense residues, leaper counters, the torus, Burnside's
//! lemma), its tours in ID order from a range ([`for_each`]) and one drawn at random
//! ([`sample_one`]). (Single tours on boards beyond enumeration, by construction, are
//! `find`'s; one tour by ID is `glyph`'s, through the same [`locate`].)

use super::counters::{self, Counted, burnside_symmetric, plain_count};
use super::halves::{self, Route};
use super::limits::budget;
use super::request::{
    MAX_ENGINE_CELLS, Pick, Progress, Resolved, Silent, Spec, WALK_LIMIT, check_walk, impossible,
    require_board,
};
use super::shaped_board::{ShapeRequest, shape_of};
use super::symmetric_tours;
use std::ops::Range;
use std::sync::Arc;
use tourglyph_core::error::{Estimate, Refusal};
use tourglyph_core::{Board, Error, LeapGraph, Piece, Result, TourKind};
use tourglyph_engine::Flow;
use tourglyph_engine::count::crt;
use tourglyph_engine::count::leaper::ids::Ids;
use tourglyph_engine::frontier::Zdd;
use tourglyph_engine::sample::Sampler;
use tourglyph_engine::select::{Item, Query, parse_range, stream};

/// Where a request's tours come from: a shaped board or a board.
pub enum TourSource {
    /// A shaped board (a text grid, a picture, text set in the fonts): the tuples of its
    /// parts' tours.
    Shaped(ShapeRequest),
    /// A board (plane or torus), the request resolved.
    Board(Resolved),
}

impl TourSource {
    /// The shaped board `spec` names, if it names one (its keys checked). A job that
    /// checks its own flags between the shape and the board asks this first, then
    /// [`resolve`]s the board; others ask [`TourSource::resolve`].
    pub fn shape(spec: &Spec) -> Result<Option<ShapeRequest>> {
        shape_of(spec)
    }

    /// The source of `spec`'s tours (`sel` for the commands that select tours).
    pub fn resolve(spec: &Spec, sel: Option<&Pick>) -> Result<TourSource> {
        Ok(match shape_of(spec)? {
            Some(shape) => TourSource::Shaped(shape),
            None => TourSource::Board(resolve(spec, sel)?),
        })
    }
}

/// Where a board's tours come from, once [`locate`]d.
pub enum TourOrigin {
    /// The tours a symmetry fixes, found directly on quotient boards (no diagram of all
    /// tours; they are numbered by their index among the symmetric tours).
    Symmetric,
    /// Closed leaper tours by ID through the halves, where the full diagram is too big.
    Halves(Arc<Ids>),
    /// The frontier diagram of all tours.
    Diagram(Zdd),
}

/// A walk over a board's tours that [`locate`] checks before it starts: its selection,
/// the work in words (`listing`, `rendering`), and whether the job holds at most a
/// fixed number of tours (a sheet, a font: `capped`; the cap refuses a larger
/// selection) or takes every tour it is given (a listing).
#[derive(Clone, Copy)]
pub struct WalkBudget<'a> {
    /// The selection.
    pub sel: &'a Pick,
    /// The work, e.g. `listing`.
    pub what: &'a str,
    /// The job holds at most a fixed number of tours.
    pub capped: bool,
}

/// Locate `r`'s tours: the symmetric tours found directly where the engine's plan
/// lists them so and the job takes tours numbered by their index among them (`direct`),
/// else the halves where the full diagram is too big for a request they
/// serve (`classes_by_halves`: classes are sampled through the halves too), else the
/// diagram (the one built while the halves' route tried it, or built here within the
/// budget; `force` lifts the time limit). With a `walk`, its budget is checked before
/// the work: over the diagram the walk's length ([`check_walk`], after `--shard` is
/// turned into a range); an unbounded listing of symmetric tours (unless forced) or of
/// tours by halves by their count, before the quotient diagrams or the halves are built.
pub fn locate(
    r: &mut Resolved,
    walk: Option<WalkBudget<'_>>,
    direct: bool,
    classes_by_halves: bool,
    force: bool,
) -> Result<TourOrigin> {
    let unbounded_listing = |r: &Resolved| {
        walk.filter(|w| {
            !w.capped
                && w.sel.sample.is_none()
                && r.query.range.is_none()
                && r.query.limit.is_none()
                && r.shard.is_none()
        })
    };
    if direct && symmetric_tours::applies(r) {
        if unbounded_listing(r).is_some_and(|w| !w.sel.force) {
            // Burnside's counts take a fraction of the quotient diagrams' time, so an
            // unbounded listing is refused by them first.
            let sym = r.query.symmetry.expect("applies");
            let board = r.graph.board();
            if let Some(n) = burnside_symmetric(board, sym, false, false, &Silent)
                .ok()
                .map(|(_, n)| u128::try_from(n).unwrap_or(u128::MAX))
                .filter(|&n| n > WALK_LIMIT)
            {
                return Err(symmetric_tours::too_long(n, sym, board));
            }
        }
        return Ok(TourOrigin::Symmetric);
    }
    let plain = !r.query.non_crossing
        && r.query.symmetry.is_none()
        && (classes_by_halves || !r.query.classes);
    Ok(match halves::route(&r.graph, r.kind, plain)? {
        Route::Halves => {
            if let Some(w) = unbounded_listing(r).filter(|_| !r.query.classes) {
                // All tours: refused (unless forced) before the halves are built, by
                // the count, which is much cheaper.
                let total = count_plain(&r.graph, r.kind, force, &Silent)?;
                check_walk(total, r, w.sel, w.what)?;
            }
            TourOrigin::Halves(halves::ids(&r.graph, force)?)
        }
        route => {
            let zdd = match route {
                // Built while the route was tried: not built again.
                Route::Diagram(Some(z)) => z,
                _ => build_zdd(r, force)?,
            };
            if let Some(w) = walk {
                r.fix_range(zdd.count());
                check_walk(zdd.count(), r, w.sel, w.what)?;
            }
            TourOrigin::Diagram(zdd)
        }
    })
}

/// Count the tours `spec` names (`force` lifts the time budget); notices (why a board
/// has none) go to `progress`.
pub fn count(spec: &Spec, force: bool, progress: &dyn Progress) -> Result<Counted> {
    count_with(spec, force, None, progress)
}

/// [`count`] with the dense counter's residues in `residue_bits` (16, 32 or 64;
/// `--residue-bits`), by default the widest that fits the memory budget
/// ([`counters::default_width`]).
pub fn count_with(
    spec: &Spec,
    force: bool,
    residue_bits: Option<u32>,
    progress: &dyn Progress,
) -> Result<Counted> {
    let width = residue_bits.map(crt::Width::from_bits).transpose()?;
    let r = resolve(spec, None)?;
    count_resolved(&r, force, width, progress)
}

/// Call `f` with each of `r`'s tours whose ID is in `ids`, in ID order, until it says
/// [`Flow::Stop`]; the number of tours given (`force` lifts the time limit of building
/// the diagram or the halves).
pub fn for_each(
    r: &mut Resolved,
    ids: Range<u128>,
    force: bool,
    mut f: impl FnMut(Item) -> Flow,
) -> Result<u64> {
    if impossible(r).is_some() {
        return Ok(0);
    }
    let zdd = match locate(r, None, false, false, force)? {
        // Too big for the full diagram: the tours by ID through the halves.
        TourOrigin::Halves(index) => {
            let mut given = 0;
            for id in ids.start..ids.end.min(index.count()) {
                let tour = index
                    .unrank(id)?
                    .ok_or_else(|| Error::runtime(format!("unrank({id}) failed")))?;
                given += 1;
                let item = Item {
                    id,
                    tour,
                    orbit: None,
                };
                if f(item) == Flow::Stop {
                    break;
                }
            }
            return Ok(given);
        }
        TourOrigin::Diagram(zdd) => zdd,
        TourOrigin::Symmetric => unreachable!("not located directly"),
    };
    r.query.range = Some(ids.start.min(zdd.count())..ids.end.min(zdd.count()));
    stream(&zdd, &r.graph, &r.query, Item::clone, |item| Ok(f(item)))
}

/// One of `r`'s tours (one class, with classes) drawn uniformly at random, the same for
/// the same `seed`; `None` when there is none.
pub fn sample_one(r: &mut Resolved, seed: u64, force: bool) -> Result<Option<Item>> {
    let mut sampler = Sampler::new(seed);
    // Classes too go by halves where the full diagram is too big (a uniform class drawn
    // from the tours by ID, as `list --classes --sample` draws them).
    Ok(match locate(r, None, false, true, force)? {
        TourOrigin::Halves(index) if r.query.classes => sampler
            .classes_of(index.as_ref(), &r.graph, 1)?
            .next()
            .transpose()?,
        TourOrigin::Halves(index) => match sampler.ids(index.count(), 1)?.next() {
            Some(id) => index.unrank(id)?.map(|tour| Item {
                id,
                tour,
                orbit: None,
            }),
            None => None,
        },
        TourOrigin::Diagram(zdd) => {
            if r.query.classes {
                sampler.classes(&zdd, &r.graph, 1)?.next()
            } else {
                let first = sampler.stream(&zdd, 1)?.next();
                first.map(|(id, tour)| Item {
                    id,
                    tour,
                    orbit: None,
                })
            }
        }
        TourOrigin::Symmetric => unreachable!("not located directly"),
    })
}

/// The plain number of `kind` tours of `g` ([`counters::plain_count`]), read from the
/// tours by ID this process keeps when it has them.
pub fn count_plain(
    g: &LeapGraph,
    kind: TourKind,
    force: bool,
    progress: &dyn Progress,
) -> Result<u128> {
    let kept = halves::kept(g).map(|ids| ids.count());
    plain_count(g, kind, force, kept, progress)
}

/// The count of a resolved board's tours (the dense counter's residues in `width`).
pub fn count_resolved(
    r: &Resolved,
    force: bool,
    width: Option<crt::Width>,
    progress: &dyn Progress,
) -> Result<Counted> {
    // The tours by ID this process keeps (the explorer's server) know the count.
    let kept = halves::kept(&r.graph).map(|ids| ids.count());
    counters::counted(r, force, width, kept, progress)
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
    let (piece, board) = (spec.piece.clone(), require_board(spec.board)?);
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
    let symmetry = match spec.symmetry {
        Some(sym) => {
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

/// Build the diagram within the memory limit and, unless `force`, the default time
/// budget.
pub fn build_zdd(r: &Resolved, force: bool) -> Result<Zdd> {
    Zdd::build_with_budget(&r.graph, r.kind, &budget(force))
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
