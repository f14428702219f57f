//! `--symmetry` beyond the boards the diagram walks: the symmetric tours found directly
//! on quotient boards ([`tourglyph_engine::symmetric_tours::direct`]), numbered by their own order
//! (`index`, sorted by the ID rule); `--range`, `--shard`, `--limit` and `--sample` refer
//! to that order, and the global `id` is given too when the full diagram can be built.
//! Callers: [`super::list`], [`super::sheet`], [`super::glyph`] (`--random`) and the
//! CLI's `font`.

use super::json::{Pairs, coords_of, push_line};
use super::{Pick, Progress, Resolved, WALK_LIMIT, budget};
use rayon::prelude::*;
use std::fmt::Write as _;
use std::io::Write;
use tourglyph_core::error::{Estimate, Refusal};
use tourglyph_core::{Error, LeapGraph, Result, Tour, TourKind};
use tourglyph_engine::Flow;
use tourglyph_engine::frontier::Zdd;
use tourglyph_engine::select::Item;
use tourglyph_engine::symmetric_tours::Symmetry;
use tourglyph_engine::{symmetric_tours::direct, symmetric_tours::direct::Direct};

/// Boards with more cells than this find symmetric tours directly (the engine's plan).
pub use tourglyph_engine::count::plan::DIRECT_FROM_CELLS;

/// Global IDs are looked up when the board has at most this many cells (12×12: a
/// diagram of 1.7 M nodes, a second); beyond, building it costs more than the rest.
const ID_CELLS: usize = 144;

/// Tours formatted per parallel batch by [`list`].
const BATCH: usize = 4096;

/// True when the request should take the direct path.
pub fn applies(r: &Resolved) -> bool {
    !r.query.classes
        && !r.query.non_crossing
        && r.query
            .symmetry
            .is_some_and(|s| applies_to(&r.graph, r.kind, s))
}

/// The same test for `glyph --random --symmetry` (a graph and a symmetry): the engine's
/// plan decides ([`tourglyph_engine::count::plan::lists_directly`]).
pub fn applies_to(g: &LeapGraph, kind: TourKind, sym: Symmetry) -> bool {
    tourglyph_engine::count::plan::lists_directly(g, kind, sym)
}

/// Build the quotient diagrams within the budget (`force` lifts the time limit).
pub fn build(g: &LeapGraph, sym: Symmetry, force: bool) -> Result<Direct> {
    Direct::build(g, sym, &budget(force))
}

/// The selection as a [`direct::SymmetricPick`] over `total` symmetric tours (`--shard` resolved).
fn pick(sel: &Pick, r: &mut Resolved, total: u128) -> direct::SymmetricPick {
    r.fix_range(total);
    direct::SymmetricPick {
        range: r.query.range.clone(),
        limit: r.query.limit,
        sample: sel.sample.map(|k| (k, sel.seed)),
    }
}

/// How many tours `p` selects of `d`'s, known before any tour is made.
fn selected(p: &direct::SymmetricPick, d: &Direct) -> u128 {
    let n = match (&p.sample, &p.range) {
        (Some((k, _)), _) => u128::from(*k),
        (None, Some(rg)) => super::walk_len(Some(rg), d.count()),
        (None, None) => d.count(),
    };
    p.limit.map_or(n, |l| n.min(u128::from(l)))
}

/// The full diagram, to give global IDs, on boards small enough.
fn ids_diagram(g: &LeapGraph) -> Option<Zdd> {
    (g.board().cells() <= ID_CELLS)
        .then(|| Zdd::build_with_budget(g, TourKind::Closed, &budget(false)).ok())
        .flatten()
}

/// `list --json`'s object for one directly found tour.
#[derive(serde::Serialize)]
struct SymmetricLine<'a> {
    index: u128,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<u128>,
    cells: Pairs<'a>,
}

/// Write `list`'s lines of the directly found tours to `out` (flushed): `index`, the
/// global `id` when known, the cells. Why a theorem leaves no tour goes to `progress`.
pub fn list(
    sel: &Pick,
    json: bool,
    mut r: Resolved,
    out: &mut dyn Write,
    progress: &dyn Progress,
) -> Result<()> {
    let sym = r.query.symmetry.expect("applies");
    if let Some(why) = sym.why_none(r.graph.board()) {
        progress.note(&why);
        return Ok(());
    }
    let d = build(&r.graph, sym, sel.force)?;
    let p = pick(sel, &mut r, d.count());
    let n = selected(&p, &d);
    if n > WALK_LIMIT && !sel.force {
        return Err(too_long(n, sym, r.graph.board()));
    }
    let g = &r.graph;
    let board = g.board();
    let zdd = ids_diagram(g);
    // Per-cell names and coordinates made once, and lines formatted on the workers in
    // batches, written in index order (as `list` does for all tours).
    let names = super::cell_text::CellText::new(board).names;
    let coords = coords_of(board);
    let format = |i: u128, t: &Tour| -> Result<String> {
        t.validate(g)?;
        let id = zdd.as_ref().and_then(|z| z.rank(&t.edges));
        let cells = t.cells(g);
        if json {
            let mut buf = Vec::with_capacity(64 + cells.len() * 8);
            push_line(
                &mut buf,
                &SymmetricLine {
                    index: i,
                    id,
                    cells: Pairs {
                        coords: &coords,
                        cells: &cells,
                    },
                },
            );
            return Ok(String::from_utf8(buf).expect("JSON is UTF-8"));
        }
        let mut s = String::with_capacity(16 + cells.len() * 8);
        write!(s, "{i}").unwrap();
        if let Some(id) = id {
            write!(s, " (id {id})").unwrap();
        }
        s.push(':');
        for &c in &cells {
            s.push(' ');
            s.push_str(&names[c as usize]);
        }
        s.push('\n');
        Ok(s)
    };
    progress.begin(u64::try_from(n).unwrap_or(u64::MAX), 0);
    let mut done = 0u64;
    let mut batch: Vec<(u128, Tour)> = Vec::with_capacity(BATCH);
    let mut flush = |batch: &mut Vec<(u128, Tour)>| -> Result<()> {
        let lines: Vec<Result<String>> = batch.par_iter().map(|(i, t)| format(*i, t)).collect();
        done += batch.len() as u64;
        batch.clear();
        for l in lines {
            out.write_all(l?.as_bytes())?;
        }
        progress.update(done, 0);
        Ok(())
    };
    d.pick(&p, |i, t| {
        batch.push((i, t));
        if batch.len() == BATCH {
            flush(&mut batch)?;
        }
        Ok(Flow::Continue)
    })?;
    flush(&mut batch)?;
    progress.end();
    Ok(out.flush()?)
}

/// The refusal of a listing of `n` symmetric tours (over the walk limit).
pub(crate) fn too_long(n: u128, sym: Symmetry, board: tourglyph_core::Board) -> Error {
    Error::refused_with(
        Refusal::Time,
        true,
        Estimate::none()
            .with_tours(n)
            .with_cells(board.cells() as u64),
        format!(
            "listing {n} {}-symmetric tours of {board} would not finish in reasonable time; bound it with --limit K, --range A..B or --sample K, or add --force",
            sym.word(),
        ),
    )
}

/// The refusal of a selection of `n` symmetric tours over what a job holds (`None`: more
/// than `max`, the walk stopped there).
fn too_many(what: &str, n: Option<u128>, max: usize, sym: Symmetry) -> Error {
    let (estimate, n) = match n {
        Some(n) => (Estimate::none().with_tours(n), n.to_string()),
        None => {
            let over = Estimate::none().with_tours(max as u128 + 1);
            (over.at_least(true), format!("more than {max}"))
        }
    };
    Error::refused_with(
        Refusal::Size,
        true,
        estimate,
        format!(
            "{what} {n} {}-symmetric tours is more than the {max} it takes at once: bound it with --limit, --range or --sample",
            sym.word()
        ),
    )
}

/// The selected symmetric tours for a sheet and a font, each as an [`Item`] whose `id`
/// is its index among the symmetric tours; at most `max` (more is refused, before any
/// tour is made, naming `what`).
pub fn items(sel: &Pick, r: &mut Resolved, max: usize, what: &str) -> Result<Vec<Item>> {
    let sym = r.query.symmetry.expect("applies");
    if let Some(why) = sym.why_none(r.graph.board()) {
        return Err(Error::runtime(format!("nothing to draw: {why}")));
    }
    let d = build(&r.graph, sym, sel.force)?;
    let p = pick(sel, r, d.count());
    let n = selected(&p, &d);
    if n > max as u128 {
        return Err(too_many(what, Some(n), max, sym));
    }
    let mut v = Vec::new();
    let mut over = false;
    d.pick(&p, |i, tour| {
        if v.len() == max {
            over = true;
            return Ok(Flow::Stop);
        }
        v.push(Item {
            id: i,
            tour,
            orbit: None,
        });
        Ok(Flow::Continue)
    })?;
    if over {
        return Err(too_many(what, None, max, sym));
    }
    Ok(v)
}

/// `glyph --random --symmetry` on a big board: one uniform random symmetric tour from
/// `seed`, with its index and (on boards small enough) its global ID.
pub fn random(
    g: &LeapGraph,
    sym: Symmetry,
    seed: u64,
    force: bool,
) -> Result<(Tour, u128, Option<u128>)> {
    if let Some(why) = sym.why_none(g.board()) {
        return Err(Error::no_tour(why));
    }
    let d = build(g, sym, force)?;
    let (i, t) = d
        .sample(&mut tourglyph_engine::sample::Sampler::new(seed), 1)?
        .pop()
        .ok_or_else(|| Error::runtime("the sampler drew no tour"))?;
    let id = ids_diagram(g).and_then(|z| z.rank(&t.edges));
    Ok((t, i, id))
}
