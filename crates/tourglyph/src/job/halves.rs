//! Closed leaper tours by ID through the halves
//! ([`tourglyph_engine::count::leaper::ids`]) where the full diagram is too big: the
//! same IDs, the same sampler, for `glyph --id` and `--random`, and for the
//! `--range`, `--shard`, `--limit` and `--sample` of `list`, `render` (and its
//! `--split`) and `font` ([`selected_ids`], [`picked`]).
//!
//! The halves serve a plain request (closed tours of the plane, no classes, crossing
//! filter or symmetry) on a board they apply to (a leaper whose moves span two rows and
//! never one, on a board at most 8 wide and at least 4 deep) when the full diagram does
//! not fit [`TRY_SECONDS`] and [`TRY_MEMORY`]; the diagram is tried first within them,
//! as it lists many tours faster (knight 6×6 stays on it; 5×8 and 6×7, whose diagrams
//! took 25 s and 27 s to build on the 2-core test machine, went by halves there, as do
//! 6×8, 7×8 and 8×8 everywhere). Both ways give the same IDs (tested), so the route
//! changes no output byte. A diagram built in the trial is handed to the caller
//! ([`Route`]), not built again. Built once per process and kept (the last board asked for).

use super::request::{Pick, Resolved, check_walk};
use rayon::prelude::*;
use std::sync::{Arc, Mutex};
use tourglyph_core::budget::Budget;
use tourglyph_core::{Error, LeapGraph, Result, TourKind};
use tourglyph_engine::count::leaper::ids::{self, Ids};
use tourglyph_engine::frontier::Zdd;
use tourglyph_engine::sample::Sampler;
use tourglyph_engine::select::Item;

/// Seconds of work the full diagram may be projected at before the halves take over.
pub const TRY_SECONDS: f64 = 15.0;

/// Bytes the full diagram may be projected at before the halves take over.
pub const TRY_MEMORY: u64 = 2 << 30;

/// Where a request's tours come from (see the module's notes).
pub enum Route {
    /// The full diagram: the one just built while trying it, or `None` when the caller
    /// builds its own (or finds it kept: a board tried before in this process, or a
    /// request the halves do not serve).
    Diagram(Option<Zdd>),
    /// The halves ([`ids()`]).
    Halves,
}

/// Where a request on `g` of `kind` tours (`plain`: no classes, crossing filter or
/// symmetry) goes: the full diagram tried within [`TRY_SECONDS`] and [`TRY_MEMORY`]
/// first, and kept for the caller when it fits; the decision is kept for the process.
pub fn route(g: &LeapGraph, kind: TourKind, plain: bool) -> Result<Route> {
    if !plain || !kind.is_closed() || g.topology().is_torus() || ids::applies(g).is_none() {
        return Ok(Route::Diagram(None));
    }
    static TRIED: Mutex<Vec<(String, bool)>> = Mutex::new(Vec::new());
    let key = key(g);
    if let Some(&(_, halves)) = lock(&TRIED).iter().find(|(k, _)| *k == key) {
        return Ok(if halves {
            Route::Halves
        } else {
            Route::Diagram(None)
        });
    }
    let trial = Budget {
        memory: super::budget(false).memory.min(TRY_MEMORY),
        seconds: Some(TRY_SECONDS),
    };
    let route = match Zdd::build_with_budget(g, kind, &trial) {
        Ok(z) => Route::Diagram(Some(z)),
        Err(Error::Refused { .. }) => Route::Halves,
        Err(e) => return Err(e),
    };
    lock(&TRIED).push((key, matches!(route, Route::Halves)));
    Ok(route)
}

/// What the process keeps a board's route and tours under: its piece and board.
fn key(g: &LeapGraph) -> String {
    format!("{} {}", g.piece(), g.board())
}

/// The tours by ID of the board kept by [`ids()`] (the last one asked for).
static KEPT: Mutex<Option<(String, Arc<Ids>)>> = Mutex::new(None);

/// The kept tours by ID of `g`'s closed tours, if [`ids()`] has built them (this process
/// keeps them), without building them: the count reads its total from them.
pub fn kept(g: &LeapGraph) -> Option<Arc<Ids>> {
    let key = key(g);
    // Not while they are being built (the lock is held then): the caller counts itself.
    let kept = KEPT.try_lock().ok()?;
    kept.as_ref()
        .filter(|(k, _)| *k == key)
        .map(|(_, ids)| ids.clone())
}

/// The halves of `g`'s closed tours, built within the budget (`force`: no time limit)
/// and kept for the process (the last board asked for).
pub fn ids(g: &LeapGraph, force: bool) -> Result<Arc<Ids>> {
    let key = key(g);
    let mut kept = lock(&KEPT);
    if let Some((k, ids)) = kept.as_ref() {
        if *k == key {
            return Ok(ids.clone());
        }
    }
    *kept = None;
    // Said whether or not stderr is a terminal: the build takes seconds to minutes
    // (8×8 knight: about half a minute) and shows no progress of its own.
    let what = format!(
        "building the {} {} tour index",
        crate::describe::board(g.board()),
        g.piece()
    );
    let planned = |so_far: f64, ahead: f64| {
        super::limits::notice(&format!(
            "{what}, about {} in all ({} so far), once per process (the explorer's server \
             keeps it; `list --sample K` draws many tours in one process)",
            tourglyph_core::budget::human_seconds(so_far + ahead),
            tourglyph_core::budget::human_seconds(so_far)
        ));
    };
    let ids = Arc::new(
        Ids::build_planned(g, &super::budget(force), &planned)?.ok_or_else(|| {
            Error::usage(format!(
                "tour IDs by halves do not apply to the {} tours of {}",
                g.piece(),
                g.board()
            ))
        })?,
    );
    *kept = Some((key, ids.clone()));
    Ok(ids)
}

/// The IDs a plain selection picks among `total` tours, in the diagram's order: a
/// sample's in draw order (the diagram's sampler, so the same IDs), else the range or
/// shard from its start, at most `--limit` of them. Refused as `check_walk` refuses a
/// walk too long for `what` ("listing").
pub fn selected_ids(
    sel: &Pick,
    r: &mut Resolved,
    total: u128,
    what: &str,
) -> Result<Box<dyn Iterator<Item = u128>>> {
    r.fix_range(total);
    check_walk(total, r, sel, what)?;
    if let Some(k) = sel.sample {
        let ids: Vec<u128> = Sampler::new(sel.seed).ids(total, k)?.collect();
        return Ok(Box::new(ids.into_iter()));
    }
    let range = r.query.range.clone().unwrap_or(0..total);
    let end = range.end.min(total);
    let end = r
        .query
        .limit
        .map_or(end, |l| end.min(range.start.saturating_add(u128::from(l))));
    Ok(Box::new(range.start..end.max(range.start)))
}

/// The tours a plain selection picks ([`selected_ids`]), unranked in parallel, in its
/// order; refused (usage) past `max` of them, with `too_many(n)`'s message.
pub fn picked(
    ids: &Ids,
    sel: &Pick,
    r: &mut Resolved,
    what: &str,
    max: usize,
    too_many: &dyn Fn(String) -> Error,
) -> Result<Vec<Item>> {
    let chosen: Vec<u128> = selected_ids(sel, r, ids.count(), what)?
        .take(max + 1)
        .collect();
    if chosen.len() > max {
        return Err(too_many(format!("more than {max}")));
    }
    chosen
        .into_par_iter()
        .map(|id| {
            let tour = ids
                .unrank(id)?
                .ok_or_else(|| Error::runtime(format!("unrank({id}) failed")))?;
            Ok(Item {
                id,
                tour,
                orbit: None,
            })
        })
        .collect()
}

/// `--classes` through the halves: `--sample K` draws `K` uniform random symmetry
/// classes, each as its representative with its orbit size (the diagram's sampler, so
/// the same classes on a board both serve); any other selection of classes is refused,
/// as listing them needs the full diagram.
pub fn sample_classes(ids: &Ids, sel: &Pick, r: &mut Resolved, what: &str) -> Result<Vec<Item>> {
    let Some(k) = sel.sample else {
        return Err(Error::usage(format!(
            "{what} the symmetry classes of the closed {} tours of {} in order needs the full diagram of its {} tours, too big here: draw uniform random classes with --classes --sample K",
            r.graph.piece(),
            r.graph.board(),
            ids.count()
        )));
    };
    r.fix_range(ids.count());
    check_walk(ids.count(), r, sel, what)?;
    Sampler::new(sel.seed)
        .classes_of(ids, &r.graph, k)?
        .collect()
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// No tour with ID `id` among the `n` closed tours of `g`.
pub fn no_such_id(g: &LeapGraph, id: u128, n: u128) -> Error {
    Error::usage(format!(
        "no tour with ID {id}: {} has {n} closed {} tours (IDs 0 to {})",
        g.board(),
        g.piece(),
        n.saturating_sub(1)
    ))
}
