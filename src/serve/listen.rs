//! Serving: listen, answer until SIGINT or SIGTERM, then stop the work in flight.

use super::admission::{POOL, pool_of};
use super::options::{STOP_WITHIN, ServeOptions, address, work_memory};
use super::oversized;
use super::routes::router;
use tourglyph::{Error, Result};

/// Serve until SIGINT or SIGTERM; `ready` is called with the URL once it listens.
pub fn run(opts: &ServeOptions, ready: impl FnOnce(&str)) -> Result<()> {
    let (addr, _) = address(opts)?;
    let work = work_memory(opts.memory, opts.cache)?;
    let _ = POOL.set(pool_of(work));
    tourglyph::job::glyph::set_cache_bytes(opts.cache);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::runtime(format!("cannot start the server: {e}")))?;
    let served = rt.block_on(async move {
        // Listen for the signals before the URL is out: a stop right after it is clean.
        let stop = stop_signal()?;
        let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| {
            Error::runtime(format!(
                "cannot listen on {addr}: {e}; choose another --port (0 picks a free one)"
            ))
        })?;
        let local = listener.local_addr()?;
        ready(&format!("http://{local}/"));
        let (stopping, stopped) = tokio::sync::oneshot::channel::<()>();
        let listener = oversized::Listener(listener);
        let server = axum::serve(listener, router()).with_graceful_shutdown(async {
            let _ = stopped.await;
        });
        let mut server = std::pin::pin!(server.into_future());
        tokio::select! {
            r = &mut server => return r.map_err(|e| Error::runtime(format!("the server failed: {e}"))),
            () = stop => {}
        }
        // Stopping: no new connection; the requests in flight have until the deadline
        // to be answered, then their handlers are dropped with the runtime, which
        // stops their work.
        let _ = stopping.send(());
        let _ = tokio::time::timeout(STOP_WITHIN / 2, server).await;
        Ok(())
    });
    // Blocking threads still running work are not waited for: their stop flags are
    // set as their requests are dropped, and the process ends with `run`.
    rt.shutdown_timeout(STOP_WITHIN / 4);
    served
}

/// A future that ends on SIGINT or SIGTERM (the handlers are installed at once).
fn stop_signal() -> Result<impl Future<Output = ()>> {
    use tokio::signal::unix::{SignalKind, signal};
    let handler =
        |kind| signal(kind).map_err(|e| Error::runtime(format!("cannot handle signals: {e}")));
    let mut int = handler(SignalKind::interrupt())?;
    let mut term = handler(SignalKind::terminate())?;
    Ok(async move {
        tokio::select! {
            _ = int.recv() => {}
            _ = term.recv() => {}
        }
    })
}
