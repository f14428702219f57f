//! Admission: each request's work reserves a share of the server's memory before it runs
//! and stops when its request is dropped.

use super::options::{ADMIT_WAIT, SHARES, default_memory, work_memory};
use super::reply::Failure;
use tourglyph::{Error, Result};

/// The memory shares of the requests' work: [`SHARES`] of them, in MiB permits.
pub(super) struct Pool {
    permits: std::sync::Arc<tokio::sync::Semaphore>,
    /// Permits (MiB) one request's work reserves.
    share: u32,
}

/// The server's pool, set by [`run`](super::listen::run) (a router served otherwise gets
/// the default's).
pub(super) static POOL: std::sync::OnceLock<Pool> = std::sync::OnceLock::new();

fn pool() -> &'static Pool {
    POOL.get_or_init(|| {
        let work = work_memory(default_memory(), tourglyph::job::glyph::DEFAULT_CACHE_BYTES)
            .unwrap_or(1 << 30);
        pool_of(work)
    })
}

pub(super) fn pool_of(work: u64) -> Pool {
    let share = u32::try_from((work / SHARES) >> 20).unwrap_or(u32::MAX >> 4);
    Pool {
        permits: std::sync::Arc::new(tokio::sync::Semaphore::new(
            share as usize * SHARES as usize,
        )),
        share,
    }
}

/// Sets its request's stop flag when dropped: when the answer is complete, or when the
/// request's future is dropped (its client left, its time ran out, the server stops).
pub(super) struct StopOnDrop(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Reserve a share of the server's memory for a request's work (waiting at most
/// [`ADMIT_WAIT`]), and wrap `job` to run within it: the share is the engines' memory
/// limit, the work stops when the returned guard is dropped, and the share is given
/// back (and the freed memory to the system) when the work has ended.
pub(super) async fn admit<T>(
    job: impl FnOnce() -> T + Send + 'static,
) -> std::result::Result<(impl FnOnce() -> T + Send + 'static, StopOnDrop), Failure> {
    use std::sync::{Arc, atomic::AtomicBool};
    let pool = pool();
    let permits = pool.permits.clone();
    let permit = match tokio::time::timeout(ADMIT_WAIT, permits.acquire_many_owned(pool.share))
        .await
    {
        Ok(Ok(p)) => p,
        _ => {
            return Err(Failure::busy(format!(
                "the server is busy: its memory ({} for work) is taken by the {SHARES} requests it is serving; try again in a few seconds, or run the work with the CLI",
                tourglyph::budget::human_bytes(f64::from(pool.share) * SHARES as f64 * 1048576.0)
            )));
        }
    };
    let stop = Arc::new(AtomicBool::new(false));
    let work = tourglyph::budget::Work {
        memory: u64::from(pool.share) << 20,
        stop: stop.clone(),
    };
    let run = move || {
        let out = tourglyph::budget::with_work(work, job);
        tourglyph::budget::release_free_memory();
        drop(permit);
        out
    };
    Ok((run, StopOnDrop(stop)))
}

/// Run `job` on a blocking thread, within a share of the server's memory ([`admit`]).
pub(super) async fn blocking<T: Send + 'static>(
    job: impl FnOnce() -> Result<T> + Send + 'static,
) -> std::result::Result<T, Failure> {
    let (job, _stop) = admit(job).await?;
    match tokio::task::spawn_blocking(job).await {
        Ok(r) => Ok(r?),
        Err(e) => Err(Failure::from(Error::Io(std::io::Error::other(format!(
            "the job failed: {e}"
        ))))),
    }
}
