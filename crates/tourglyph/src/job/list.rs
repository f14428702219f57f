//! `list`: tours with their IDs, in ID order (or in draw order for a sample), one line
//! each: `list --json`'s objects (`id`, `cells` as `[row, col]`, `orbit` with classes) or
//! `list`'s text (`ID (orbit K): a1 b1 …`).

use super::cell_text::CellText;
use super::request::{Pick, Progress, Resolved, Spec, explain_impossible};
use super::source::{TourOrigin, TourSource, WalkBudget, locate};
use std::fmt::Write as _;
use std::io::Write;
use tourglyph_core::{LeapGraph, Result};
use tourglyph_engine::Flow;
use tourglyph_engine::count::leaper::ids::Ids;
use tourglyph_engine::sample::Sampler;
use tourglyph_engine::{select::Item, select::stream_progress};

/// Write the lines of the tours `spec` and `sel` select to `out` (flushed), as JSON when
/// `json`; why the board has no tour goes to `progress` as a notice.
pub fn list(
    spec: &Spec,
    sel: &Pick,
    json: bool,
    out: &mut dyn Write,
    progress: &dyn Progress,
) -> Result<()> {
    let mut r = match TourSource::resolve(spec, Some(sel))? {
        TourSource::Shaped(shape) => {
            return super::shaped_board::list(spec, &shape, sel, json, out);
        }
        TourSource::Board(r) => r,
    };
    if explain_impossible(&r, progress) {
        return Ok(());
    }
    let walk = WalkBudget {
        sel,
        what: "listing",
        capped: false,
    };
    // Classes go by halves too (a sample of them), where the full diagram is too big.
    let zdd = match locate(&mut r, Some(walk), true, true, sel.force)? {
        TourOrigin::Symmetric => return super::symmetric_tours::list(sel, json, r, out, progress),
        TourOrigin::Halves(ids) if r.query.classes => {
            let items = super::halves::sample_classes(&ids, sel, &mut r, "listing")?;
            let format = formatter(&r.graph, json);
            for item in items {
                out.write_all(format(&item).as_bytes())?;
            }
            return Ok(out.flush()?);
        }
        TourOrigin::Halves(ids) => return by_halves(&ids, sel, r, json, out, progress),
        TourOrigin::Diagram(zdd) => zdd,
    };
    let g = &r.graph;
    let walk = super::walk_len(r.query.range.as_ref(), zdd.count());
    progress.begin(walk as u64, 0);
    let format = formatter(g, json);
    if let (Some(k), Some(sym)) = (sel.sample, r.query.symmetry) {
        // Uniform over the symmetric tours: draw indices into their IDs.
        for id in tourglyph_engine::symmetric_tours::sample_ids(&zdd, g, sym, sel.seed, k)? {
            let tour = zdd
                .unrank(id)
                .ok_or_else(|| tourglyph_core::Error::runtime(format!("unrank({id}) failed")))?;
            let line = format(&Item {
                id,
                tour,
                orbit: None,
            });
            out.write_all(line.as_bytes())?;
        }
        out.flush()?;
        progress.end();
        return Ok(());
    }
    if let Some(k) = sel.sample {
        let mut sampler = Sampler::new(sel.seed);
        if r.query.classes {
            for item in sampler.classes(&zdd, g, k)? {
                out.write_all(format(&item).as_bytes())?;
            }
        } else {
            for (id, tour) in sampler.stream(&zdd, k)? {
                let line = format(&Item {
                    id,
                    tour,
                    orbit: None,
                });
                out.write_all(line.as_bytes())?;
            }
        }
        out.flush()?;
        progress.end();
        return Ok(());
    }
    stream_progress(
        &zdd,
        g,
        &r.query,
        format,
        |line| {
            out.write_all(line.as_bytes())?;
            Ok(Flow::Continue)
        },
        |done| progress.update(done as u64, 0),
    )?;
    progress.end();
    Ok(out.flush()?)
}

/// The line of one tour: `list --json`'s object or `list`'s text.
fn formatter(g: &LeapGraph, json: bool) -> impl Fn(&Item) -> String + Sync + '_ {
    let CellText { names, pairs } = CellText::new(g.board());
    move |it: &Item| -> String {
        let cells = it.tour.cells(g);
        let mut s = String::with_capacity(16 + cells.len() * 8);
        if json {
            // Written by hand, not through serde_json: precomputed `[row,col]` text per cell
            // makes this line, the hot loop of a long listing, about twice as fast.
            write!(s, "{{\"id\":{},\"cells\":[", it.id).unwrap();
            for (k, &c) in cells.iter().enumerate() {
                if k > 0 {
                    s.push(',');
                }
                s.push_str(&pairs[c as usize]);
            }
            s.push(']');
            if let Some(o) = it.orbit {
                write!(s, ",\"orbit\":{o}").unwrap();
            }
            s.push_str("}\n");
        } else {
            write!(s, "{}", it.id).unwrap();
            if let Some(o) = it.orbit {
                write!(s, " (orbit {o})").unwrap();
            }
            s.push(':');
            for &c in &cells {
                s.push(' ');
                s.push_str(&names[c as usize]);
            }
            s.push('\n');
        }
        s
    }
}

/// [`list`] through the halves: the IDs of the range (or shard), or the sample's, each
/// unranked, in the order the diagram would give them.
fn by_halves(
    ids: &Ids,
    sel: &Pick,
    mut r: Resolved,
    json: bool,
    out: &mut dyn Write,
    progress: &dyn Progress,
) -> Result<()> {
    let total = ids.count();
    let sample = sel.sample.is_some();
    let chosen = super::halves::selected_ids(sel, &mut r, total, "listing")?;
    let format = formatter(&r.graph, json);
    if !sample {
        let range = r.query.range.clone().unwrap_or(0..total);
        progress.begin(super::walk_len(Some(&range), total) as u64, 0);
    }
    for (k, id) in chosen.enumerate() {
        let tour = ids
            .unrank(id)?
            .ok_or_else(|| tourglyph_core::Error::runtime(format!("unrank({id}) failed")))?;
        let item = Item {
            id,
            tour,
            orbit: None,
        };
        out.write_all(format(&item).as_bytes())?;
        if !sample {
            progress.update(k as u64 + 1, 0);
        }
    }
    progress.end();
    Ok(out.flush()?)
}
