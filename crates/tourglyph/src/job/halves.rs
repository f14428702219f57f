//! Closed leaper tours by ID through the halves
//! ([`tourglyph_engine::count::leaper::ids`]) where the full diagram is too big: the
//! same IDs, the same sampler, for `glyph --id` and `--random` and for `list`'s
//! `--range`, `--shard`, `--limit` and `--sample`.
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

use std::sync::{Arc, Mutex};
use tourglyph_core::budget::Budget;
use tourglyph_core::{Error, LeapGraph, Result, TourKind};
use tourglyph_engine::count::leaper::ids::{self, Ids};
use tourglyph_engine::frontier::Zdd;

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
    let key = format!("{} {}", g.piece(), g.board());
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

/// The halves of `g`'s closed tours, built within the budget (`force`: no time limit)
/// and kept for the process (the last board asked for).
pub fn ids(g: &LeapGraph, force: bool) -> Result<Arc<Ids>> {
    static KEPT: Mutex<Option<(String, Arc<Ids>)>> = Mutex::new(None);
    let key = format!("{} {}", g.piece(), g.board());
    let mut kept = lock(&KEPT);
    if let Some((k, ids)) = kept.as_ref() {
        if *k == key {
            return Ok(ids.clone());
        }
    }
    *kept = None;
    let ids = Arc::new(Ids::build(g, &super::budget(force))?.ok_or_else(|| {
        Error::usage(format!(
            "tour IDs by halves do not apply to the {} tours of {}",
            g.piece(),
            g.board()
        ))
    })?);
    *kept = Some((key, ids.clone()));
    Ok(ids)
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
