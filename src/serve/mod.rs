//! `tourglyph serve`: the explorer, a local web server over the [`tourglyph::job`] API.
//!
//! One axum [`Router`]: `/` (the page, compiled in), `/api/count`, `/api/tours`
//! (NDJSON, streamed), `/api/glyph.{svg,pdf,ps,png,gcode,dxf,gif}`
//! (`animate=true` and the animation keys for a walked glyph; `.gif` always animated),
//! `/api/sheet.{pdf,ps,svg,png,gcode,dxf}` (G-code and DXF for plotters and cutters: a sheet
//! of one page, as on stdout), and
//! `/api/orbit` (a tour's symmetry class, for the glyph view). Each endpoint answers
//! exactly the bytes the CLI writes for the same flags (query parameters are named as the
//! flags), and an error as `{"error": "…"}` with the CLI's message in the explorer's
//! words ([`reply`]). Diagrams are kept between glyph requests within `--cache` bytes
//! ([`tourglyph::job::glyph::Cache`]). The work runs on tokio's blocking threads, never on the async workers.
//! Limits are tower layers: request body size, requests at once, time per request.
//! Memory is one budget for the whole server (`serve --max-memory`, default
//! [`default_memory`]): each request's work reserves a share of it ([`SHARES`] at once)
//! before it runs, holds it until the work has ended (not merely until the answer), and
//! runs with its share as the engines' memory limit; a request that finds no share free
//! within [`ADMIT_WAIT`] is answered 503. A request whose client leaves or whose time
//! runs out stops its work: the engines poll its stop flag at their budget checks
//! ([`tourglyph::budget::with_work`]). SIGINT and SIGTERM stop the server within
//! [`STOP_WITHIN`]: it accepts no new connection, stops the work in flight, and [`run`]
//! returns.

mod oversized;
mod page;
pub mod params;
pub mod reply;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use params::Params;
use reply::{Failure, json_error};
use std::io::Write;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::sync::mpsc;
use tourglyph::{Error, Result};
use tourglyph::{job::Silent, job::Target};

pub use crate::cli::args::{DEFAULT_BIND, DEFAULT_PORT};
/// Requests served at once (more wait their turn); of these, only [`SHARES`] run work
/// at once.
pub const MAX_CONCURRENT: usize = 64;
/// Requests whose work runs at once, each with this part of the server's memory: as
/// many as the reference machine's cores, so that each runs at full speed.
pub const SHARES: u64 = 2;
pub use reply::ADMIT_WAIT;
/// The server is gone this long after SIGINT or SIGTERM, whatever it was doing.
pub const STOP_WITHIN: Duration = Duration::from_millis(1500);
/// Time a request may take before it is answered 408: the jobs' own budget (two minutes
/// of work on the reference machine, refused before the work: the CLI's rule) and half
/// as much again for a loaded machine, so that what the budget lets through is answered.
pub const REQUEST_TIMEOUT: Duration =
    Duration::from_secs(tourglyph::budget::DEFAULT_SECONDS as u64 * 3 / 2);
/// Largest request body (the API takes none).
pub const MAX_BODY: usize = 16 * 1024;

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

/// The memory shares of the requests' work: [`SHARES`] of them, in MiB permits.
struct Pool {
    permits: std::sync::Arc<tokio::sync::Semaphore>,
    /// Permits (MiB) one request's work reserves.
    share: u32,
}

/// The server's pool, set by [`run`] (a router served otherwise gets the default's).
static POOL: std::sync::OnceLock<Pool> = std::sync::OnceLock::new();

/// Bytes of the server's memory left for the requests' work once the cache has its
/// part: refused when less than a few MiB a share.
fn work_memory(memory: u64, cache: u64) -> Result<u64> {
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

fn pool() -> &'static Pool {
    POOL.get_or_init(|| {
        let work = work_memory(default_memory(), tourglyph::job::glyph::DEFAULT_CACHE_BYTES)
            .unwrap_or(1 << 30);
        pool_of(work)
    })
}

fn pool_of(work: u64) -> Pool {
    let share = u32::try_from((work / SHARES) >> 20).unwrap_or(u32::MAX >> 4);
    Pool {
        permits: std::sync::Arc::new(tokio::sync::Semaphore::new(
            share as usize * SHARES as usize,
        )),
        share,
    }
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

/// The explorer's routes, with the limits as layers.
pub fn router() -> Router {
    use tower::limit::ConcurrencyLimitLayer;
    use tower_http::limit::RequestBodyLimitLayer;
    use tower_http::timeout::TimeoutLayer;
    let api = Router::new()
        .route("/", get(page::index))
        .route("/explorer.js", get(page::script))
        .route("/explorer.css", get(page::css))
        .route("/api/count", get(count))
        .route("/api/tours", get(tours))
        .route("/api/orbit", get(orbit))
        .route("/api/glyph.svg", get(|q| glyph(q, "svg")))
        .route("/api/glyph.pdf", get(|q| glyph(q, "pdf")))
        .route("/api/glyph.ps", get(|q| glyph(q, "ps")))
        .route("/api/glyph.png", get(|q| glyph(q, "png")))
        .route("/api/glyph.gcode", get(|q| glyph(q, "gcode")))
        .route("/api/glyph.dxf", get(|q| glyph(q, "dxf")))
        .route("/api/glyph.gif", get(|q| glyph(q, "gif")))
        .route("/api/sheet.svg", get(|q| sheet(q, "svg")))
        .route("/api/sheet.pdf", get(|q| sheet(q, "pdf")))
        .route("/api/sheet.ps", get(|q| sheet(q, "ps")))
        .route("/api/sheet.png", get(|q| sheet(q, "png")))
        .route("/api/sheet.gcode", get(|q| sheet(q, "gcode")))
        .route("/api/sheet.dxf", get(|q| sheet(q, "dxf")))
        .fallback(not_found);
    api.layer(
        tower::ServiceBuilder::new()
            .layer(RequestBodyLimitLayer::new(MAX_BODY))
            .layer(TimeoutLayer::with_status_code(
                StatusCode::REQUEST_TIMEOUT,
                REQUEST_TIMEOUT,
            ))
            .layer(ConcurrencyLimitLayer::new(MAX_CONCURRENT)),
    )
}

/// The query's pairs, or a 400 naming what is wrong with it.
type Pairs = std::result::Result<Query<Vec<(String, String)>>, QueryRejection>;

fn pairs(q: Pairs, takes: &[params::Take]) -> std::result::Result<Params, Failure> {
    let Query(p) = q.map_err(|e| Error::usage(format!("bad query: {}", e.body_text())))?;
    Ok(Params::new(p, takes)?)
}

/// Sets its request's stop flag when dropped: when the answer is complete, or when the
/// request's future is dropped (its client left, its time ran out, the server stops).
struct StopOnDrop(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Reserve a share of the server's memory for a request's work (waiting at most
/// [`ADMIT_WAIT`]), and wrap `job` to run within it: the share is the engines' memory
/// limit, the work stops when the returned guard is dropped, and the share is given
/// back (and the freed memory to the system) when the work has ended.
async fn admit<T>(
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
async fn blocking<T: Send + 'static>(
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

fn bytes(content_type: &'static str, body: Vec<u8>) -> Response {
    ([(CONTENT_TYPE, content_type)], body).into_response()
}

/// The `Content-Type` of a drawing in `format` (a route's extension).
fn content_type(format: &str) -> &'static str {
    if format == "gif" {
        // An animated glyph (not a drawing format of the sheets).
        return "image/gif";
    }
    tourglyph::draw::Format::parse(format).map_or("application/octet-stream", |f| f.mime())
}

/// `/api/count`: `count --json`'s object.
async fn count(q: Pairs) -> std::result::Result<Response, Failure> {
    let p = pairs(q, params::COUNT)?;
    let cli = p.cli_command("count");
    let spec = p.spec()?;
    let c = blocking(move || tourglyph::job::count::answer(&spec, false, None, true, &Silent))
        .await
        .map_err(|f| f.with_cli(&cli))?;
    Ok(bytes("application/json", c.into_bytes()))
}

/// `/api/glyph.*`: `glyph … -o -`'s bytes.
async fn glyph(q: Pairs, format: &'static str) -> std::result::Result<Response, Failure> {
    let p = pairs(q, params::GLYPH)?;
    let cli = p.cli_command(&format!("glyph.{format}"));
    let req = p.glyph(format)?;
    let body = blocking(move || {
        let mut out = Vec::new();
        tourglyph::job::glyph::glyph(&req, Target::Writer(&mut out))?;
        Ok(out)
    })
    .await
    .map_err(|f| f.with_cli(&cli))?;
    Ok(bytes(content_type(format), body))
}

/// `/api/orbit`: the symmetry class of the glyph `id` names, `{"id":…,"orbit":…,
/// "class":…}` (the glyph view's facts; the CLI shows it with `list --classes`).
async fn orbit(q: Pairs) -> std::result::Result<Response, Failure> {
    let p = pairs(q, params::ORBIT)?;
    let req = p.glyph("svg")?;
    let o = blocking(move || tourglyph::job::glyph::orbit(&req)).await?;
    Ok(bytes("application/json", o.json().into_bytes()))
}

/// `/api/sheet.*`: `render … -o -`'s bytes, streamed as they are drawn (a sheet may be
/// large; a client that goes away stops the drawing).
async fn sheet(q: Pairs, format: &'static str) -> std::result::Result<Response, Failure> {
    let p = pairs(q, params::SHEET)?;
    let cli = p.cli_command(&format!("sheet.{format}"));
    let req = p.sheet(format)?;
    streamed(content_type(format), move |w| {
        tourglyph::job::sheet::sheet(&req, Target::Writer(w), &Silent).map(|_| ())
    })
    .await
    .map_err(|f| f.with_cli(&cli))
}

/// Bytes of a streamed answer sent at a time.
const CHUNK: usize = 64 * 1024;

/// What a streamed job sends: a chunk of its output, or the error that ended it.
type Msg = Result<Bytes>;

/// A writer that sends what it is given, in chunks, to a streamed answer; a closed
/// connection fails the next write as a broken pipe, which stops the job.
struct ChunkWriter {
    tx: mpsc::Sender<Msg>,
    buf: Vec<u8>,
}

impl ChunkWriter {
    fn send(&mut self) -> std::io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let chunk = Bytes::from(std::mem::take(&mut self.buf));
        self.tx
            .blocking_send(Ok(chunk))
            .map_err(|_| std::io::Error::from(std::io::ErrorKind::BrokenPipe))
    }
}

impl Write for ChunkWriter {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(b);
        if self.buf.len() >= CHUNK {
            self.send()?;
        }
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.send()
    }
}

/// `/api/tours`: `list --json`'s lines, streamed.
async fn tours(q: Pairs) -> std::result::Result<Response, Failure> {
    let p = pairs(q, params::TOURS)?;
    let cli = p.cli_command("tours");
    let (spec, pick) = (p.spec()?, p.pick()?);
    streamed("application/x-ndjson", move |w| {
        tourglyph::job::list::list(&spec, &pick, true, w, &Silent)
    })
    .await
    .map_err(|f| f.with_cli(&cli))
}

/// Run `job` on a blocking thread, its output streamed as the answer's body. An error
/// before the first chunk is an error answer (the jobs check everything before they
/// write); one after it cuts the stream short.
async fn streamed(
    content_type: &'static str,
    job: impl FnOnce(&mut dyn Write) -> Result<()> + Send + 'static,
) -> std::result::Result<Response, Failure> {
    use tokio_stream::StreamExt;
    let (tx, mut rx) = mpsc::channel::<Msg>(4);
    let (run, stop) = admit(move || {
        let mut w = ChunkWriter {
            tx: tx.clone(),
            buf: Vec::new(),
        };
        let r = job(&mut w).and_then(|_| Ok(w.flush()?));
        if let Err(e) = r {
            if !e.is_broken_pipe() {
                let _ = tx.blocking_send(Err(e));
            }
        }
    })
    .await?;
    tokio::task::spawn_blocking(run);
    let first = match rx.recv().await {
        Some(Err(e)) => return Err(Failure::from(e)),
        first => first,
    };
    let rest = tokio_stream::wrappers::ReceiverStream::new(rx);
    // The stop guard lives as long as the body: a body dropped unfinished stops the work.
    let stream = tokio_stream::iter(first).chain(rest).map(move |m| {
        let _ = &stop;
        m.map_err(|e| std::io::Error::other(e.to_string()))
    });
    Ok(([(CONTENT_TYPE, content_type)], Body::from_stream(stream)).into_response())
}

/// Any other path: 404.
async fn not_found(uri: axum::http::Uri) -> Response {
    json_error(
        StatusCode::NOT_FOUND,
        &format!(
            "no such page: {}: the explorer is at / and the API under /api/ (count, tours, glyph.svg, sheet.pdf, …)",
            uri.path()
        ),
    )
}
