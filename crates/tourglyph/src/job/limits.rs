//! The process's limits and notices, set once by the front door before any job runs: the
//! memory limit every engine's budget takes (`--max-memory`), and where notices of long
//! work go. Imports nothing of the crate, so that every tour source can reach them.

use std::sync::OnceLock;
use tourglyph_core::Result;
use tourglyph_core::budget::Budget;

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

/// Where notices of long work go (the CLI's stderr), set once per process; none by
/// default (a library caller, the tests).
static NOTICES: OnceLock<fn(&str)> = OnceLock::new();

/// Send every job's notices of long work that has no progress of its own (building a
/// board's tour index) to `notice` (call once, before any job runs).
pub fn set_notices(notice: fn(&str)) {
    let _ = NOTICES.set(notice);
}

/// Give `msg` to the notices' sink, if one is set ([`set_notices`]).
pub(crate) fn notice(msg: &str) {
    if let Some(f) = NOTICES.get() {
        f(msg);
    }
}

/// The engines' budget: the memory limit (or the share of the work this thread runs,
/// [`tourglyph_core::budget::with_work`], when smaller), and the default time limit unless `force`.
pub fn budget(force: bool) -> Budget {
    let memory = *MAX_MEMORY.get_or_init(tourglyph_core::budget::default_memory);
    // Work run for a caller with a share of a shared budget (the server's request):
    // the smaller of the two.
    let memory = tourglyph_core::budget::work_memory().map_or(memory, |w| w.min(memory));
    Budget::new(memory, force)
}
