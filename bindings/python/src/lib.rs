//! `tourglyph._tourglyph`: the compiled half of the Python module `tourglyph`.
//!
//! A front door, as the command line is: Python's keyword arguments arrive as
//! `(key, text)` pairs named as the key table names them (`piece`, `board`, `open`,
//! `classes`, `range`, `stroke`, …) and are set through it ([`fields`]); each function
//! then builds one of the library's requests and runs its job. The Python half
//! (`python/tourglyph/__init__.py`) gives them their Pythonic shape: `count` returns an
//! `int`, `tours` a lazy iterator of `Tour` objects, `sheet(...).save(path)`.
//!
//! Long work runs on a thread of its own while the calling thread, detached from the
//! interpreter (the GIL released), waits for it in short slices and checks for signals
//! between them ([`interruptible`]): Ctrl-C raises `KeyboardInterrupt` at once, and the
//! work's stop flag (`budget::Work`) ends it at the engine's next budget check.
//! Errors become the exceptions of `tourglyph.errors`, by the library's kind of error,
//! with its one-line message ([`to_py`]).

#![forbid(unsafe_code)]

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyTuple};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tourglyph::budget::{Work, with_work};
use tourglyph::engine::Flow;
use tourglyph::error::Refusal;
use tourglyph::job::keys::{self, Fields};
use tourglyph::job::{FindRequest, GlyphRequest, OutOptions, SheetRequest, Silent, Target};
use tourglyph::{Error, Result};

/// How long the waiting thread sleeps between two checks for a signal: well under the
/// second within which Ctrl-C must answer.
const SIGNAL_SLICE: Duration = Duration::from_millis(50);
/// Tours handed to Python at a time by the walk of `tours` (one crossing of the channel
/// and of the GIL for this many).
const BATCH: usize = 4096;
/// Batches the walk may run ahead of the Python loop that reads them.
const AHEAD: usize = 4;

/// The request fields that `keys` set, each `(name, text)` parsed and set through the
/// key table as a query's parameters are: an unknown name is refused with the names the
/// table has.
fn fields(keys: &[(String, String)]) -> Result<Fields> {
    let mut f = Fields::default();
    for (name, text) in keys {
        let k = keys::find(name).ok_or_else(|| {
            let known: Vec<&str> = keys::KEYS.iter().map(|k| k.name).collect();
            Error::usage(format!(
                "unknown keyword '{name}': use one of {}",
                known.join(", ")
            ))
        })?;
        k.set(&mut f, k.parse(text)?)?;
    }
    Ok(f)
}

/// The library's error as the exception of `tourglyph.errors` of its kind, with its
/// one-line message (and, for a bad value, what and which value; for a refusal, its
/// kind and its estimate's figures).
fn to_py(py: Python<'_>, e: Error) -> PyErr {
    let made = (|| -> PyResult<PyErr> {
        let errors = py.import("tourglyph.errors")?;
        let message = e.to_string();
        let (class, extra): (&str, Vec<(&str, Py<PyAny>)>) = match &e {
            Error::BadValue { what, value, .. } => (
                "BadValueError",
                vec![
                    ("what", what.into_pyobject(py)?.into_any().unbind()),
                    ("value", value.into_pyobject(py)?.into_any().unbind()),
                ],
            ),
            Error::Usage(_) => ("UsageError", vec![]),
            Error::Refused {
                kind,
                usage,
                estimate,
                ..
            } => {
                let class = match (kind, usage) {
                    (Refusal::Size, true) => "TooLargeRequestError",
                    (Refusal::Time, true) => "TooLongRequestError",
                    (Refusal::Size, false) => "TooLargeError",
                    (Refusal::Time, false) => "TooLongError",
                };
                let figures = [
                    ("seconds", estimate.seconds.map(|s| s.to_string())),
                    ("bytes", estimate.bytes.map(|b| b.to_string())),
                    ("cells", estimate.cells.map(|c| c.to_string())),
                    ("tours", estimate.tours.map(|t| t.to_string())),
                ];
                let figures: Vec<(&str, String)> = figures
                    .into_iter()
                    .filter_map(|(k, v)| v.map(|v| (k, v)))
                    .collect();
                (
                    class,
                    vec![("figures", figures.into_pyobject(py)?.into_any().unbind())],
                )
            }
            Error::NoTour { .. } => ("NoTourError", vec![]),
            Error::File { path, .. } => (
                "FileError",
                vec![(
                    "filename",
                    path.display()
                        .to_string()
                        .into_pyobject(py)?
                        .into_any()
                        .unbind(),
                )],
            ),
            Error::Io(_) => ("FileError", vec![]),
            _ => ("TourglyphRuntimeError", vec![]),
        };
        let exc = errors.getattr(class)?.call1((message,))?;
        for (k, v) in extra {
            exc.setattr(k, v)?;
        }
        Ok(PyErr::from_value(exc))
    })();
    made.unwrap_or_else(|err| err)
}

/// Run `work` on a thread of its own, the GIL released, checking for signals every
/// [`SIGNAL_SLICE`]: a signal's exception (`KeyboardInterrupt` for Ctrl-C) is raised at
/// once and the work's stop flag set, which the engines poll at each budget check.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> Result<T> + Send + 'static,
) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    let share = Work {
        memory: tourglyph::job::budget(false).memory,
        stop: stop.clone(),
    };
    let (tx, rx) = std::sync::mpsc::channel();
    // Behind a lock, so that the detached thread may borrow it (a receiver is not `Sync`).
    let rx = Mutex::new(rx);
    std::thread::Builder::new()
        .name("tourglyph-work".into())
        .spawn(move || {
            let done =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| with_work(share, work)));
            // The caller may have gone (interrupted): nobody to tell.
            let _ = tx.send(done);
        })
        .map_err(|e| PyRuntimeError::new_err(format!("could not start a thread: {e}")))?;
    match wait(py, &rx) {
        Ok(Some(Ok(result))) => result.map_err(|e| to_py(py, e)),
        Ok(Some(Err(_)) | None) => Err(to_py(
            py,
            Error::runtime("tourglyph failed inside (a bug): please report the call that did this"),
        )),
        Err(e) => {
            stop.store(true, Ordering::Relaxed);
            Err(e)
        }
    }
}

/// The next message from `rx`, waited for with the GIL released in slices of
/// [`SIGNAL_SLICE`], checking for signals between them: `None` when the sender has
/// gone, a signal's exception (`KeyboardInterrupt`) at once.
fn wait<T: Send>(py: Python<'_>, rx: &Mutex<Receiver<T>>) -> PyResult<Option<T>> {
    loop {
        let got = py.detach(|| match rx.lock() {
            Ok(rx) => rx.recv_timeout(SIGNAL_SLICE),
            Err(_) => Err(RecvTimeoutError::Disconnected),
        });
        match got {
            Ok(message) => return Ok(Some(message)),
            Err(RecvTimeoutError::Disconnected) => return Ok(None),
            Err(RecvTimeoutError::Timeout) => py.check_signals()?,
        }
    }
}

/// Cell indices as the Python half reads them: little-endian `u32` each.
fn cell_bytes(cells: &[u32]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(cells.len() * 4);
    for c in cells {
        bytes.extend_from_slice(&c.to_le_bytes());
    }
    bytes
}

/// `count --json`'s object for the tours `keys` name (a board's or a shaped board's):
/// the Python half reads the exact counts from its `*_text` strings.
#[pyfunction]
#[pyo3(signature = (keys, force=false))]
fn count_json(py: Python<'_>, keys: Vec<(String, String)>, force: bool) -> PyResult<String> {
    let f = fields(&keys).map_err(|e| to_py(py, e))?;
    interruptible(py, move || {
        tourglyph::job::count::answer(&f.spec, force || f.pick.force, None, true, &Silent)
    })
}

/// One tour as the walk hands it to Python: its ID, its orbit size (with classes) and
/// its cells in tour order, little-endian `u32` each.
type Walked = (u128, Option<u32>, Vec<u8>);

/// The tours of a selection, walked on a thread of their own and read in batches.
#[pyclass(module = "tourglyph._tourglyph")]
struct TourWalk {
    /// The batches, or the walk's error; closed when the walk is over.
    batches: Mutex<Receiver<Result<Vec<Walked>>>>,
}

#[pymethods]
impl TourWalk {
    /// The next batch of `(id, orbit, cells)` tuples, or `None` when the walk is over;
    /// the walk's error is raised here. Signals are checked while it waits.
    fn next_batch<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        let batch = match wait(py, &self.batches)? {
            Some(Ok(batch)) => batch,
            Some(Err(e)) => return Err(to_py(py, e)),
            None => return Ok(None),
        };
        let list = PyList::empty(py);
        for (id, orbit, cells) in batch {
            // IDs past 2^64 (knight's tours of big boards) go through the slower path.
            let id = match u64::try_from(id) {
                Ok(small) => small.into_pyobject(py)?.into_any(),
                Err(_) => id.into_pyobject(py)?.into_any(),
            };
            let tuple = PyTuple::new(
                py,
                [
                    id,
                    orbit.into_pyobject(py)?.into_any(),
                    PyBytes::new(py, &cells).into_any(),
                ],
            )?;
            list.append(tuple)?;
        }
        Ok(Some(list))
    }
}

/// Start walking the tours `keys` select (`list`'s selection: classes, range, limit,
/// sample and seed), in `list`'s order. The walk stops when the Python side drops it.
#[pyfunction]
fn walk(py: Python<'_>, keys: Vec<(String, String)>) -> PyResult<TourWalk> {
    let f = fields(&keys).map_err(|e| to_py(py, e))?;
    let (tx, rx) = std::sync::mpsc::sync_channel(AHEAD);
    std::thread::Builder::new()
        .name("tourglyph-walk".into())
        .spawn(move || walk_into(f, tx))
        .map_err(|e| PyRuntimeError::new_err(format!("could not start a thread: {e}")))?;
    Ok(TourWalk {
        batches: Mutex::new(rx),
    })
}

/// The walk's thread: the tours into `tx` in batches, then its error if it failed.
fn walk_into(f: Fields, tx: SyncSender<Result<Vec<Walked>>>) {
    let map = |g: &tourglyph::LeapGraph, it: &tourglyph::engine::select::Item| -> Walked {
        (it.id, it.orbit, cell_bytes(&it.tour.cells(g)))
    };
    let mut batch = Vec::with_capacity(BATCH);
    let sent = tourglyph::job::list::each(&f.spec, &f.pick, &Silent, map, |t| {
        batch.push(t);
        if batch.len() == BATCH {
            let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
            // The Python side dropped the walk: stop.
            if tx.send(Ok(full)).is_err() {
                return Ok(Flow::Stop);
            }
        }
        Ok(Flow::Continue)
    });
    let _ = match sent {
        Ok(_) if batch.is_empty() => Ok(()),
        Ok(_) => tx.send(Ok(batch)),
        Err(e) => tx.send(Err(e)),
    };
}

/// One tour of the set `keys` name, at random with `seed` (`Tours::random`): its ID,
/// orbit and cells as the walk gives them.
#[pyfunction]
fn random_tour(py: Python<'_>, keys: Vec<(String, String)>, seed: u64) -> PyResult<Walked> {
    let f = fields(&keys).map_err(|e| to_py(py, e))?;
    interruptible(py, move || {
        let mut tours = if f.spec.open {
            tourglyph::Tours::open(f.spec.piece.clone(), require(&f)?)
        } else {
            tourglyph::Tours::closed(f.spec.piece.clone(), require(&f)?)
        };
        if f.spec.torus {
            tours = tours.on_torus();
        }
        if f.spec.classes {
            tours = tours.classes();
        }
        if f.pick.force {
            tours = tours.force();
        }
        let it = tours.random(seed)?;
        let g = tours.graph()?;
        Ok((it.id, it.orbit, cell_bytes(&it.tour.cells(&g))))
    })
}

/// The board `f` names (a shaped board has none here).
fn require(f: &Fields) -> Result<tourglyph::Board> {
    tourglyph::job::require_board(f.spec.board)
}

/// `find`'s tour (`tourglyph find --json`'s cells and whether it is closed) for the
/// piece and board `keys` name.
#[pyfunction]
#[pyo3(signature = (keys, closed, start=None, seed=None))]
fn find_tour(
    py: Python<'_>,
    keys: Vec<(String, String)>,
    closed: bool,
    start: Option<String>,
    seed: Option<u64>,
) -> PyResult<(Vec<u8>, bool)> {
    let f = fields(&keys).map_err(|e| to_py(py, e))?;
    interruptible(py, move || {
        let found = tourglyph::job::find::find(&find_request(&f, closed, start, seed))?;
        Ok((cell_bytes(&found.cells), found.closed))
    })
}

/// The find request of `f`'s piece and board.
fn find_request(f: &Fields, closed: bool, start: Option<String>, seed: Option<u64>) -> FindRequest {
    FindRequest {
        piece: f.spec.piece.clone(),
        board: f.spec.board,
        closed,
        start,
        seed,
        shape: f.spec.shape.clone(),
    }
}

/// `find -o PATH`: the tour `find_tour` finds drawn in `style` with the style keys of
/// `keys`, written to `path` in the format its extension names.
#[pyfunction]
#[pyo3(signature = (keys, closed, style, path, start=None, seed=None))]
fn find_write(
    py: Python<'_>,
    keys: Vec<(String, String)>,
    closed: bool,
    style: String,
    path: String,
    start: Option<String>,
    seed: Option<u64>,
) -> PyResult<()> {
    let f = fields(&keys).map_err(|e| to_py(py, e))?;
    interruptible(py, move || {
        let found = tourglyph::job::find::find(&find_request(&f, closed, start, seed))?;
        let target = Target::Path(Path::new(&path), OutOptions::default());
        found.draw(&style, &f.draw, target)
    })
}

/// The glyph request of `glyph`'s flags: the tour `keys` name (and `id`, or at random
/// with `seed`), in `style`, `size` wide, with the style keys of `keys`.
fn glyph_request(
    f: &Fields,
    id: Option<String>,
    random: bool,
    seed: u64,
    style: String,
    size: String,
) -> GlyphRequest {
    GlyphRequest {
        piece: f.spec.piece.clone(),
        board: f.spec.board,
        open: f.spec.open,
        torus: f.spec.torus,
        id,
        random,
        symmetry: f.spec.symmetry,
        seed,
        size,
        style,
        draw: f.draw.clone(),
        force: f.pick.force,
        shape: f.spec.shape.clone(),
        ..GlyphRequest::default()
    }
}

/// `tourglyph glyph`'s bytes in `format` (`svg`, `pdf`, `ps`, `eps`, `png`, `gcode`,
/// `dxf`, …) for the tour `keys` and `id` name (or the one at random with `seed`).
#[pyfunction]
#[pyo3(signature = (keys, id, random, seed, style, size, format))]
#[allow(clippy::too_many_arguments)]
fn glyph_bytes(
    py: Python<'_>,
    keys: Vec<(String, String)>,
    id: Option<String>,
    random: bool,
    seed: u64,
    style: String,
    size: String,
    format: String,
) -> PyResult<Py<PyBytes>> {
    let f = fields(&keys).map_err(|e| to_py(py, e))?;
    let bytes = interruptible(py, move || {
        let mut req = glyph_request(&f, id, random, seed, style, size);
        req.format = Some(format);
        let mut out = Vec::new();
        // A shaped board's glyph too: `job::glyph` sends it to the shaped drawing.
        tourglyph::job::glyph::glyph(&req, Target::Writer(&mut out))?;
        Ok(out)
    })?;
    Ok(PyBytes::new(py, &bytes).unbind())
}

/// The sheet request of `render`'s flags: the tours `keys` select, on `page` in `style`.
fn sheet_request(f: Fields, page: String, style: String, title: Option<String>) -> SheetRequest {
    SheetRequest {
        spec: f.spec,
        sel: f.pick,
        page,
        style,
        title,
        draw: f.draw,
        ..SheetRequest::default()
    }
}

/// `tourglyph render`'s bytes in `format` (one page for SVG and PNG).
#[pyfunction]
#[pyo3(signature = (keys, page, style, format, title=None))]
fn sheet_bytes(
    py: Python<'_>,
    keys: Vec<(String, String)>,
    page: String,
    style: String,
    format: String,
    title: Option<String>,
) -> PyResult<Py<PyBytes>> {
    let f = fields(&keys).map_err(|e| to_py(py, e))?;
    let bytes = interruptible(py, move || {
        let mut req = sheet_request(f, page, style, title);
        req.format = Some(format);
        let mut out = Vec::new();
        tourglyph::job::sheet::sheet(&req, Target::Writer(&mut out), &Silent)?;
        Ok(out)
    })?;
    Ok(PyBytes::new(py, &bytes).unbind())
}

/// `tourglyph render -o PATH`: the sheet written to `path` in the format its extension
/// names (complete or absent), every page; returns the files written.
#[pyfunction]
#[pyo3(signature = (keys, page, style, path, title=None))]
fn sheet_write(
    py: Python<'_>,
    keys: Vec<(String, String)>,
    page: String,
    style: String,
    path: String,
    title: Option<String>,
) -> PyResult<Vec<String>> {
    let f = fields(&keys).map_err(|e| to_py(py, e))?;
    interruptible(py, move || {
        let req = sheet_request(f, page, style, title);
        let target = Target::Path(Path::new(&path), OutOptions::default());
        let (_, written) = tourglyph::job::sheet::sheet(&req, target, &Silent)?;
        let mut files: Vec<String> = written
            .files
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        if files.is_empty() {
            files.push(path);
        }
        Ok(files)
    })
}

/// A tour's cells as `(row, col)` tuples: `cells` (little-endian `u32` cell indices, as
/// the walk gives them) looked up in `coords`, the board's tuple of each cell's
/// `(row, col)`, which the Python half makes once a board (`Tour.cells`).
#[pyfunction]
fn cells_list<'py>(
    py: Python<'py>,
    cells: &Bound<'py, PyBytes>,
    coords: &Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyList>> {
    let at = cells.as_bytes().chunks_exact(4).map(|b| {
        let c = u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize;
        coords.get_item(c)
    });
    let items = at.collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// The names the key table gives the request's fields, by group (`spec`, `pick`,
/// `draw`, `shape`), for the Python half's checks and help.
#[pyfunction]
fn key_names() -> Vec<(&'static str, &'static str)> {
    keys::KEYS
        .iter()
        .map(|k| {
            let group = match k.group {
                keys::Group::Spec => "spec",
                keys::Group::Pick => "pick",
                keys::Group::Draw => "draw",
                keys::Group::Shape => "shape",
            };
            (k.name, group)
        })
        .collect()
}

/// The module: its functions and the tour walk's class.
#[pymodule]
fn _tourglyph(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(count_json, m)?)?;
    m.add_function(wrap_pyfunction!(walk, m)?)?;
    m.add_function(wrap_pyfunction!(random_tour, m)?)?;
    m.add_function(wrap_pyfunction!(find_tour, m)?)?;
    m.add_function(wrap_pyfunction!(find_write, m)?)?;
    m.add_function(wrap_pyfunction!(glyph_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(sheet_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(sheet_write, m)?)?;
    m.add_function(wrap_pyfunction!(key_names, m)?)?;
    m.add_function(wrap_pyfunction!(cells_list, m)?)?;
    m.add_class::<TourWalk>()?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
