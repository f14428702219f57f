//! How the server is set up: its options, its limits, and the checks made on them before
//! it listens.

use std::net::SocketAddr;
use std::time::Duration;
use tourglyph::{Error, Result};

pub use crate::cli::args::{DEFAULT_BIND, DEFAULT_PORT};
/// Requests served at once (more wait their turn); of these, only [`SHARES`] run work
/// at once.
pub const MAX_CONCURRENT: usize = 64;
/// Requests whose work runs at once, each with this part of the server's memory: as
/// many as the reference machine's cores, so that each runs at full speed.
pub const SHARES: u64 = 2;
pub use super::reply::ADMIT_WAIT;
/// The server is gone this long after SIGINT or SIGTERM, whatever it was doing.
pub const STOP_WITHIN: Duration = Duration::from_millis(1500);
/// Time a request may take before it is answered 408: the jobs' own budget (two minutes
/// of work on the reference machine, refused before the work: the CLI's rule) and half
/// as much again for a loaded machine, so that what the budget lets through is answered.
pub const REQUEST_TIMEOUT: Duration =
    Duration::from_secs(tourglyph::budget::DEFAULT_SECONDS as u64 * 3 / 2);
/// Largest request body (the API takes none).
pub const MAX_BODY: usize = 16 * 1024;
/// Largest total of a request's header names and values. hyper's own limit (its read
/// buffer, about 400 KiB of address and headers) holds or not depending on how the bytes
/// arrive; this one is checked on every request it passes, so the answer is always 431.
pub const MAX_HEADERS: usize = 64 * 1024;

/// How to serve.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The address to bind (default [`DEFAULT_BIND`]).
    pub bind: String,
    /// The port (default [`DEFAULT_PORT`]; 0 picks a free one).
    pub port: u16,
    /// Bytes of diagrams kept between glyph requests (default
    /// [`tourglyph::job::glyph::DEFAULT_CACHE_BYTES`]); a larger diagram is used and dropped.
    pub cache: u64,
    /// Bytes the whole server may hold for its requests' work and its cache (default
    /// [`default_memory`]).
    pub memory: u64,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            bind: DEFAULT_BIND.into(),
            port: DEFAULT_PORT,
            cache: tourglyph::job::glyph::DEFAULT_CACHE_BYTES,
            memory: default_memory(),
        }
    }
}

/// The server's memory without `--max-memory`: 4 GiB, or half of what the process may
/// have (the machine, `ulimit -v`, the control group) where that is less than 8 GiB. A server answers anyone who reaches it; the CLI's default
/// (three quarters of the machine) is for work its user asked for.
pub fn default_memory() -> u64 {
    let half = tourglyph::budget::process_memory().map_or(u64::MAX, |m| m / 2);
    half.min(4 << 30)
}

/// Bytes of the server's memory left for the requests' work once the cache has its
/// part: refused when less than a few MiB a share.
pub(super) fn work_memory(memory: u64, cache: u64) -> Result<u64> {
    let work = memory.saturating_sub(cache);
    if work / SHARES < 16 << 20 {
        return Err(Error::usage(format!(
            "--max-memory {} leaves too little for the requests' work beside --cache {}: give at least {} more, or a smaller --cache",
            tourglyph::budget::human_bytes(memory as f64),
            tourglyph::budget::human_bytes(cache as f64),
            tourglyph::budget::human_bytes(((16u64 << 20) * SHARES).saturating_sub(work) as f64),
        )));
    }
    Ok(work)
}

/// Check the options before serving: the memory they leave for the requests' work.
pub fn check(opts: &ServeOptions) -> Result<()> {
    work_memory(opts.memory, opts.cache).map(|_| ())
}

/// Parse `--cache SIZE` (as `--max-memory` takes sizes; 0 keeps no diagram).
pub fn parse_cache(s: &str) -> Result<u64> {
    if s.trim() == "0" {
        return Ok(0);
    }
    tourglyph::budget::parse_size(s)
        .map_err(|e| Error::usage(format!("--cache: {e}; 0 keeps no diagram between requests")))
}

/// The address to listen on; a warning (for stderr) when it is reachable from other
/// machines.
pub fn address(opts: &ServeOptions) -> Result<(SocketAddr, Option<String>)> {
    let ip: std::net::IpAddr = opts.bind.trim().parse().map_err(|_| {
        Error::usage(format!(
            "bad address '{}': give an IP address such as 127.0.0.1 (this machine only) or 0.0.0.0",
            opts.bind
        ))
    })?;
    let warn = (!ip.is_loopback()).then(|| {
        format!(
            "serving on {ip}, which other machines may reach: anyone who can reach it can make this machine draw; bind 127.0.0.1 to keep it local"
        )
    });
    Ok((SocketAddr::new(ip, opts.port), warn))
}
