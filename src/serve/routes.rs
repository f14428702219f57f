//! The explorer's routes: each endpoint parses its query through [`super::params`] and
//! answers the bytes the CLI writes for the same flags.

use super::admission::{admit, blocking};
use super::options::{MAX_BODY, MAX_CONCURRENT, MAX_HEADERS, REQUEST_TIMEOUT};
use super::oversized::HEADERS_TOO_LARGE;
use super::page;
use super::params::{self, Params};
use super::reply::{Failure, json_error};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::io::Write;
use tokio::sync::mpsc;
use tourglyph::{Error, Result};
use tourglyph::{job::Silent, job::Target};

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
            .layer(axum::middleware::from_fn(headers_within_limit))
            .layer(RequestBodyLimitLayer::new(MAX_BODY))
            .layer(TimeoutLayer::with_status_code(
                StatusCode::REQUEST_TIMEOUT,
                REQUEST_TIMEOUT,
            ))
            .layer(ConcurrencyLimitLayer::new(MAX_CONCURRENT)),
    )
}

/// 431, and the connection closed, for headers over [`MAX_HEADERS`]; else the route.
async fn headers_within_limit(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let size: usize = req
        .headers()
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len() + 4)
        .sum();
    if size <= MAX_HEADERS {
        return next.run(req).await;
    }
    let mut r = json_error(
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
        HEADERS_TOO_LARGE,
    );
    r.headers_mut().insert(
        axum::http::header::CONNECTION,
        axum::http::HeaderValue::from_static("close"),
    );
    r
}

/// The query's pairs, or a 400 naming what is wrong with it.
type Pairs = std::result::Result<Query<Vec<(String, String)>>, QueryRejection>;

fn pairs(q: Pairs, takes: &[params::Take]) -> std::result::Result<Params, Failure> {
    let Query(p) = q.map_err(|e| Error::usage(format!("bad query: {}", e.body_text())))?;
    Ok(Params::new(p, takes)?)
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
