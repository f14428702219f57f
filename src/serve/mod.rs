//! `tourglyph serve`: the explorer, a local web server over the [`tourglyph::job`] API.
//!
//! One axum [`Router`](axum::Router): `/` (the page, compiled in), `/api/count`,
//! `/api/tours` (NDJSON, streamed), `/api/glyph.{svg,pdf,ps,png,gcode,dxf,gif}`
//! (`animate=true` and the animation keys for a walked glyph; `.gif` always animated),
//! `/api/sheet.{pdf,ps,svg,png,gcode,dxf}` (G-code and DXF for plotters and cutters: a
//! sheet of one page, as on stdout), and `/api/orbit` (a tour's symmetry class, for the
//! glyph view). Each endpoint answers exactly the bytes the CLI writes for the same flags
//! (query parameters are named as the flags), and an error as `{"error": "…"}` with the
//! CLI's message in the explorer's words ([`reply`]). Diagrams are kept between glyph
//! requests within `--cache` bytes ([`tourglyph::job::glyph::Cache`]). The work runs on
//! tokio's blocking threads, never on the async workers. Limits are tower layers: request
//! body size, requests at once, time per request. Memory is one budget for the whole server
//! (`serve --max-memory`, default [`default_memory`]): each request's work reserves a share
//! of it ([`SHARES`](options::SHARES) at once) before it runs, holds it until the work has
//! ended (not merely until the answer), and runs with its share as the engines' memory
//! limit; a request that finds no share free within [`ADMIT_WAIT`](reply::ADMIT_WAIT) is
//! answered 503. A request whose client leaves or whose time runs out stops its work: the
//! engines poll its stop flag at their budget checks ([`tourglyph::budget::with_work`]).
//! SIGINT and SIGTERM stop the server within [`STOP_WITHIN`](options::STOP_WITHIN): it
//! accepts no new connection, stops the work in flight, and [`run`] returns.

// The module's parts: its options and their checks, the admission of each request's work
// into a share of the server's memory, the routes, and the listening loop.
mod admission;
mod listen;
mod options;
mod oversized;
mod page;
pub mod params;
pub mod reply;
mod routes;

pub use listen::run;
pub use options::{ServeOptions, address, check, default_memory, parse_cache};
