//! Closed leaper tours by ID through the halves
//! ([`tourglyph_engine::count::leaper::ids`]) where the full diagram is too big: the
//! same IDs, the same sampler, for `glyph --id` and `--random` and for `list`'s
//! `--range`, `--shard`, `--limit` and `--sample`.
//!
//! The halves serve a plain request (closed tours of the plane, no classes, crossing
//! filter or symmetry) on a board they apply to (a leaper whose moves span two rows and
//! never one, on a board at most 8 wide and at least 4 deep) when the full diagram does
//! not fit [`TRY_SECONDS`] and [`TRY_MEMORY`]; the diagram is tried first within them,
//! as it lists many tours faster (knight 6×6, 5×8, 6×7 stay on it; 6×8, 7×8, 8×8 go by
//! halves). Built once per process and kept (the last board asked for).

use std::sync::{Arc, Mutex};
use tourglyph_core::budget::Budget;
use tourglyph_core::{Error, LeapGraph, Result, TourKind};
use tourglyph_engine::count::leaper::ids::{self, Ids};
use tourglyph_engine::frontier::Zdd;

/// Seconds of work the full diagram may be projected at before the halves take over.
pub const TRY_SECONDS: f64 = 15.0;

/// Bytes the full diagram may be projected at before the halves take over.
pub const TRY_MEMORY: u64 = 2 << 30;

/// Whether a request on `g` of `kind` tours (`plain`: no classes, crossing filter or
/// symmetry) goes through the halves (see the module's notes): the full diagram tried
/// within [`TRY_SECONDS`] and [`TRY_MEMORY`] first; the answer is kept for the process.
pub fn applies(g: &LeapGraph, kind: TourKind, plain: bool) -> Result<bool> {
    if !plain || !kind.is_closed() || g.topology().is_torus() || ids::applies(g).is_none() {
        return Ok(false);
    }
    static TRIED: Mutex<Vec<(String, bool)>> = Mutex::new(Vec::new());
    let key = format!("{} {}", g.piece(), g.board());
    if let Some(&(_, a)) = lock(&TRIED).iter().find(|(k, _)| *k == key) {
        return Ok(a);
    }
    let trial = Budget {
        memory: super::budget(false).memory.min(TRY_MEMORY),
        seconds: Some(TRY_SECONDS),
    };
    let halves = match Zdd::build_with_budget(g, kind, &trial) {
        Ok(_) => false,
        Err(Error::Refused { .. }) => true,
        Err(e) => return Err(e),
    };
    lock(&TRIED).push((key, halves));
    Ok(halves)
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

/// [`applies`], then [`ids()`].
pub fn ids_for(
    g: &LeapGraph,
    kind: TourKind,
    plain: bool,
    force: bool,
) -> Result<Option<Arc<Ids>>> {
    if !applies(g, kind, plain)? {
        return Ok(None);
    }
    ids(g, force).map(Some)
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
