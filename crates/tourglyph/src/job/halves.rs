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

/// The halves for a request on `g` of `kind` tours (`plain`: no classes, crossing filter
/// or symmetry), when they serve it (see the module's notes): `None` for the full
/// diagram.
pub fn ids_for(
    g: &LeapGraph,
    kind: TourKind,
    plain: bool,
    force: bool,
) -> Result<Option<Arc<Ids>>> {
    if !plain || !kind.is_closed() || g.topology().is_torus() || ids::applies(g).is_none() {
        return Ok(None);
    }
    type Kept = Option<(String, Option<Arc<Ids>>)>;
    static KEPT: Mutex<Kept> = Mutex::new(None);
    let key = format!("{} {}", g.piece(), g.board());
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((k, ids)) = kept.as_ref() {
        if *k == key {
            return Ok(ids.clone());
        }
    }
    let budget = super::budget(force);
    let trial = Budget {
        memory: budget.memory.min(TRY_MEMORY),
        seconds: Some(TRY_SECONDS),
    };
    let ids = match Zdd::build_with_budget(g, kind, &trial) {
        Ok(_) => None,
        Err(Error::Refused { .. }) => {
            Some(Arc::new(Ids::build(g, &budget)?.expect("the halves apply")))
        }
        Err(e) => return Err(e),
    };
    *kept = Some((key, ids.clone()));
    Ok(ids)
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
