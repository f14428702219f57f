//! `tourglyph list`: tours with their IDs, in ID order.

use super::args::ListArgs;
use super::common::{build_zdd, check_walk, explain_impossible, progress_bar, resolve};
use std::fmt::Write as _;
use std::io::Write;
use tourglyph::Result;
use tourglyph::engine::Flow;
use tourglyph::sample::Sampler;
use tourglyph::sinks::{Item, stream_progress};

/// Run `list`.
pub fn run(a: ListArgs) -> Result<()> {
    let mut r = resolve(&a.spec, Some(&a.sel))?;
    if explain_impossible(&r) {
        return Ok(());
    }
    if super::symmetric::applies(&r) {
        return super::symmetric::list(&a, r);
    }
    let zdd = build_zdd(&r, a.sel.force)?;
    r.fix_range(zdd.count());
    check_walk(zdd.count(), &r, &a.sel, "listing")?;
    let g = &r.graph;
    let board = g.board();
    let json = a.json;
    let walk = match &r.query.range {
        Some(rg) => rg.end.min(zdd.count()).saturating_sub(rg.start),
        None => zdd.count(),
    };
    let pb = progress_bar(walk as u64, a.spec.quiet, "listing");
    let mut out = tourglyph::output::stdout();
    // Per-cell text, made once: formatting is the hot loop when listing millions.
    let names: Vec<String> = (0..board.cells() as u32)
        .map(|c| board.algebraic(c))
        .collect();
    let pairs: Vec<String> = (0..board.cells() as u32)
        .map(|c| {
            let (row, col) = board.coords(c);
            format!("[{row},{col}]")
        })
        .collect();
    let format = |it: &Item| -> String {
        let cells = it.tour.cells(g);
        let mut s = String::with_capacity(16 + cells.len() * 8);
        if json {
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
    };
    if let (Some(k), Some(sym)) = (a.sel.sample, r.query.symmetry) {
        // Uniform over the symmetric tours: draw indices into their IDs.
        let pool = tourglyph::symmetric::ids(&zdd, g, sym)?;
        let mut sampler = Sampler::new(a.sel.seed);
        for i in sampler.ids(pool.len() as u128, k)? {
            let id = pool[i as usize];
            let tour = zdd
                .unrank(id)
                .ok_or_else(|| tourglyph::Error::runtime(format!("unrank({id}) failed")))?;
            let line = format(&Item {
                id,
                tour,
                orbit: None,
            });
            out.write_all(line.as_bytes())?;
        }
        return out.commit();
    }
    if let Some(k) = a.sel.sample {
        let mut sampler = Sampler::new(a.sel.seed);
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
        return out.commit();
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
        |done| {
            if let Some(pb) = &pb {
                pb.set_position(done as u64);
            }
        },
    )?;
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    out.commit()
}
