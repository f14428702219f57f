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
    let r = match TourSource::resolve(spec, Some(sel))? {
        TourSource::Shaped(shape) => {
            return super::shaped_board::list(spec, &shape, sel, json, out);
        }
        TourSource::Board(r) => r,
    };
    let g = r.graph.clone();
    let format = formatter(&g, json);
    let write = |line: String| -> Result<Flow> {
        out.write_all(line.as_bytes())?;
        Ok(Flow::Continue)
    };
    match walk(r, sel, progress, format, write)? {
        Walked::Tours => Ok(out.flush()?),
        Walked::Symmetric(r) => super::symmetric_tours::list(sel, json, *r, out, progress),
    }
}

/// The tours `spec` and `sel` select, in the order [`list`] writes them (ID order; draw
/// order for a sample), each turned into a `T` by `map` with the leap graph it is read
/// through (on the walk's workers where the walk is parallel) and handed to `sink` until
/// it says [`Flow::Stop`]: `list`'s walk for a library caller that wants the tours, not
/// their lines (the Python module's `tourglyph.tours`). Tours a symmetry fixes and shaped
/// boards are listed by [`list`] alone (their lines carry an index and a tuple ID that an
/// [`Item`] does not hold): refused here, with the command that lists them.
pub fn each<T: Send>(
    spec: &Spec,
    sel: &Pick,
    progress: &dyn Progress,
    map: impl Fn(&LeapGraph, &Item) -> T + Sync,
    sink: impl FnMut(T) -> Result<Flow>,
) -> Result<()> {
    let refused = |what: &str, flag: &str| {
        tourglyph_core::Error::usage(format!(
            "{what} are listed one line each, not as tours by ID: run `tourglyph list {flag} --json`, or count them"
        ))
    };
    let r = match TourSource::resolve(spec, Some(sel))? {
        TourSource::Shaped(_) => {
            return Err(refused("the tours of a shaped board", "--shape-grid GRID"));
        }
        TourSource::Board(r) => r,
    };
    let g = r.graph.clone();
    match walk(r, sel, progress, |item| map(&g, item), sink)? {
        Walked::Tours => Ok(()),
        Walked::Symmetric(_) => Err(refused("the tours a symmetry fixes", "--symmetry S")),
    }
}

/// What [`walk`] did: walked the tours, or left them to the symmetric lister.
enum Walked {
    /// The tours went to the sink (none when the board has none).
    Tours,
    /// The tours a symmetry fixes: found on quotient boards, listed by their own lister
    /// (boxed: the request is large beside the other variant's nothing).
    Symmetric(Box<Resolved>),
}

/// The walk of [`list`] and [`each`]: every selected tour through `map` into `sink`.
fn walk<T: Send>(
    mut r: Resolved,
    sel: &Pick,
    progress: &dyn Progress,
    map: impl Fn(&Item) -> T + Sync,
    mut sink: impl FnMut(T) -> Result<Flow>,
) -> Result<Walked> {
    if explain_impossible(&r, progress) {
        return Ok(Walked::Tours);
    }
    let walk = WalkBudget {
        sel,
        what: "listing",
        capped: false,
    };
    // Classes go by halves too (a sample of them), where the full diagram is too big.
    let zdd = match locate(&mut r, Some(walk), true, true, sel.force)? {
        TourOrigin::Symmetric => return Ok(Walked::Symmetric(Box::new(r))),
        TourOrigin::Halves(ids) if r.query.classes => {
            let items = super::halves::sample_classes(&ids, sel, &mut r, "listing")?;
            for item in items {
                if sink(map(&item))? == Flow::Stop {
                    break;
                }
            }
            return Ok(Walked::Tours);
        }
        TourOrigin::Halves(ids) => {
            by_halves(&ids, sel, r, &map, &mut sink, progress)?;
            return Ok(Walked::Tours);
        }
        TourOrigin::Diagram(zdd) => zdd,
    };
    let g = &r.graph;
    let walk = super::walk_len(r.query.range.as_ref(), zdd.count());
    progress.begin(walk as u64, 0);
    if let (Some(k), Some(sym)) = (sel.sample, r.query.symmetry) {
        // Uniform over the symmetric tours: draw indices into their IDs.
        for id in tourglyph_engine::symmetric_tours::sample_ids(&zdd, g, sym, sel.seed, k)? {
            let tour = zdd
                .unrank(id)
                .ok_or_else(|| tourglyph_core::Error::runtime(format!("unrank({id}) failed")))?;
            let item = Item {
                id,
                tour,
                orbit: None,
            };
            if sink(map(&item))? == Flow::Stop {
                break;
            }
        }
        progress.end();
        return Ok(Walked::Tours);
    }
    if let Some(k) = sel.sample {
        let mut sampler = Sampler::new(sel.seed);
        if r.query.classes {
            for item in sampler.classes(&zdd, g, k)? {
                if sink(map(&item))? == Flow::Stop {
                    break;
                }
            }
        } else {
            for (id, tour) in sampler.stream(&zdd, k)? {
                let item = Item {
                    id,
                    tour,
                    orbit: None,
                };
                if sink(map(&item))? == Flow::Stop {
                    break;
                }
            }
        }
        progress.end();
        return Ok(Walked::Tours);
    }
    stream_progress(&zdd, g, &r.query, map, sink, |done| {
        progress.update(done as u64, 0)
    })?;
    progress.end();
    Ok(Walked::Tours)
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

/// [`walk`] through the halves: the IDs of the range (or shard), or the sample's, each
/// unranked, in the order the diagram would give them.
fn by_halves<T>(
    ids: &Ids,
    sel: &Pick,
    mut r: Resolved,
    map: &impl Fn(&Item) -> T,
    sink: &mut impl FnMut(T) -> Result<Flow>,
    progress: &dyn Progress,
) -> Result<()> {
    let total = ids.count();
    let sample = sel.sample.is_some();
    let chosen = super::halves::selected_ids(sel, &mut r, total, "listing")?;
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
        if sink(map(&item))? == Flow::Stop {
            break;
        }
        if !sample {
            progress.update(k as u64 + 1, 0);
        }
    }
    progress.end();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::job::request::Silent;
    use tourglyph_core::Board;

    /// `each` hands over the tours `list` writes, in the same order: the 1,072 of 6x6, a
    /// sample of classes and a range, each line rebuilt from the item equal to `list`'s.
    #[test]
    fn each_gives_the_tours_list_writes() {
        let spec = Spec {
            board: Some(Board::new(6, 6)),
            ..Spec::default()
        };
        let classes = Spec {
            classes: true,
            ..spec.clone()
        };
        for (spec, sel) in [
            (&spec, Pick::default()),
            (
                &classes,
                Pick {
                    sample: Some(7),
                    seed: 3,
                    ..Pick::default()
                },
            ),
            (
                &spec,
                Pick {
                    range: Some("100..140".into()),
                    limit: Some(9),
                    ..Pick::default()
                },
            ),
        ] {
            let mut lines = Vec::new();
            list(spec, &sel, true, &mut lines, &Silent).unwrap();
            let g = LeapGraph::new(Board::new(6, 6), &spec.piece).unwrap();
            let format = formatter(&g, true);
            let mut mine = String::new();
            each(
                spec,
                &sel,
                &Silent,
                |_, item| format(item),
                |line| {
                    mine.push_str(&line);
                    Ok(Flow::Continue)
                },
            )
            .unwrap();
            assert!(!mine.is_empty());
            assert_eq!(mine, String::from_utf8(lines).unwrap());
        }
    }

    #[test]
    fn each_stops_when_told_and_refuses_shaped_boards() {
        let spec = Spec {
            board: Some(Board::new(6, 6)),
            ..Spec::default()
        };
        let mut n = 0;
        each(
            &spec,
            &Pick::default(),
            &Silent,
            |_, it| it.id,
            |_| {
                n += 1;
                Ok(if n == 5 { Flow::Stop } else { Flow::Continue })
            },
        )
        .unwrap();
        assert_eq!(n, 5);
        let shaped = Spec {
            board: None,
            shape: crate::job::ShapeKeys {
                shape_grid: Some("####\n####".into()),
                ..Default::default()
            },
            ..spec
        };
        let e = each(
            &shaped,
            &Pick::default(),
            &Silent,
            |_, it| it.id,
            |_| Ok(Flow::Continue),
        )
        .unwrap_err();
        assert!(
            e.is_usage() && e.to_string().contains("--shape-grid"),
            "{e}"
        );
    }
}
