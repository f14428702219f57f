//! `tourglyph count`: exact counts, with symmetry classes and the orbit histogram; and
//! counts spread over many machines as residues ([`residues`]).

mod residues;

use super::args::CountArgs;
use super::common::{WALK_LIMIT, budget, explain_impossible, json_str, progress_bar, resolve};
use std::collections::BTreeMap;
use std::io::Write;
use tourglyph::engine::frontier::{Zdd, count_only_with_budget};
use tourglyph::engine::{residue, transfer};
use tourglyph::sinks::{Query, tally_progress};
use tourglyph::{Error, LeapGraph, Result};

/// What `count` found.
struct Counted {
    tours: String,
    classes: Option<(String, BTreeMap<u32, String>)>,
    selected: Option<String>,
    /// With `--symmetry`: its word and the number of tours it fixes.
    symmetric: Option<(&'static str, String)>,
}

/// Run `count`.
pub fn run(a: CountArgs) -> Result<()> {
    if a.modulus.is_some() || a.plan_moduli || !a.combine.is_empty() {
        return residues::run(&a);
    }
    let r = resolve(&a.spec, None)?;
    let g = &r.graph;
    let c = if explain_impossible(&r) {
        Counted {
            tours: "0".into(),
            classes: a.spec.classes.then(|| ("0".to_string(), BTreeMap::new())),
            selected: None,
            symmetric: r.query.symmetry.map(|s| (s.word(), "0".to_string())),
        }
    } else if let Some(sym) = r.query.symmetry {
        symmetric_counts(&r, sym, &a)?
    } else if r.kind.is_closed() && g.piece().leaps() == [(0, 1)] && !g.topology().is_torus() {
        // Closed rook tours (which never cross): the transfer-matrix counter, exact
        // on boards of any length, and Burnside's lemma for classes.
        transfer_counts(g, a.spec.classes, a.spec.quiet, a.force)?
    } else if a.spec.classes || a.spec.non_crossing {
        // Counts never depend on the orientation: enumerate on the narrower one.
        let t = narrow(g)?;
        let on = t.as_ref().unwrap_or(g);
        enumerate_counts(on, g.board(), r.kind, &r.query, a.spec.quiet, a.force)?
    } else {
        Counted {
            tours: plain_count(g, r.kind, a.force)?.to_string(),
            classes: None,
            selected: None,
            symmetric: None,
        }
    };
    let mut out = tourglyph::output::stdout();
    if a.json {
        let mut s = format!(
            "{{\"piece\":{},\"board\":\"{}\",\"closed\":{},\"tours\":{}",
            json_str(g.piece().name()),
            g.board(),
            r.kind.is_closed(),
            c.tours
        );
        if g.topology().is_torus() {
            s += ",\"torus\":true";
        }
        if let Some((word, n)) = &c.symmetric {
            s += &format!(",\"symmetry\":\"{word}\",\"symmetric\":{n}");
        }
        if let Some(sel) = &c.selected {
            s += &format!(",\"non_crossing\":{sel}");
        }
        if let Some((classes, orbits)) = &c.classes {
            s += &format!(",\"classes\":{classes},\"orbits\":{{");
            let parts: Vec<String> = orbits.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
            s += &parts.join(",");
            s += "}";
        }
        s += "}";
        writeln!(out, "{s}")?;
    } else if c.classes.is_none() && c.selected.is_none() && c.symmetric.is_none() {
        writeln!(out, "{}", c.tours)?;
    } else {
        writeln!(out, "tours: {}", c.tours)?;
        if let Some((word, n)) = &c.symmetric {
            writeln!(out, "{word}: {n}")?;
        }
        if let Some(sel) = &c.selected {
            writeln!(out, "non-crossing: {sel}")?;
        }
        if let Some((classes, orbits)) = &c.classes {
            writeln!(out, "classes: {classes}")?;
            let parts: Vec<String> = orbits.iter().map(|(k, v)| format!("{k}:{v}")).collect();
            writeln!(out, "orbits: {}", parts.join(" "))?;
        }
    }
    out.commit()
}

/// Closed rook tours by the transfer matrix; classes by Burnside's lemma.
fn transfer_counts(g: &LeapGraph, classes: bool, quiet: bool, force: bool) -> Result<Counted> {
    let board = g.board();
    let w = board.rows.min(board.cols);
    if !classes && w >= DENSE_FROM && board.cells() % 2 == 0 {
        return dense_count(board, quiet, force);
    }
    if w <= transfer::MAX_WIDTH {
        let (seconds, bytes) = transfer::estimate(board);
        budget(force).check(
            &format!("counting the closed rook tours of {board}"),
            seconds,
            bytes,
        )?;
    }
    let pb = progress_bar(1, quiet, "counting");
    let tick = |done: usize, total: usize| {
        if let Some(pb) = &pb {
            pb.set_length(total as u64);
            pb.set_position(done as u64);
        }
    };
    let c = if classes {
        let c = transfer::count_rook_classes(board, Some(&tick))?;
        Counted {
            tours: c.tours.to_string(),
            classes: Some((
                c.classes.to_string(),
                c.orbits.iter().map(|(k, v)| (*k, v.to_string())).collect(),
            )),
            selected: None,
            symmetric: None,
        }
    } else {
        Counted {
            tours: transfer::count_rook_tours(board, Some(&tick))?.to_string(),
            classes: None,
            selected: None,
            symmetric: None,
        }
    };
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    Ok(c)
}

/// From this narrow side up, plain counts of closed rook tours use the dense modular
/// counter (faster and smaller than the transfer engine's exact words there, measured
/// with `benches/dense.sh` and `benches/count.sh`: 14×14 in 0.07 s against 0.25 s);
/// classes still need the transfer engine's half and quarter boards.
const DENSE_FROM: u32 = 14;

/// Closed rook tours by the dense counter: a residue per planned modulus, combined.
fn dense_count(board: tourglyph::Board, quiet: bool, force: bool) -> Result<Counted> {
    tourglyph::engine::dense::check_width(board)?;
    let (seconds, bytes) = residue::estimate_exact(board);
    budget(force).check(
        &format!("counting the closed rook tours of {board}"),
        seconds,
        bytes,
    )?;
    let pb = progress_bar(1, quiet, "counting");
    let tick = |done: usize, total: usize| {
        if let Some(pb) = &pb {
            pb.set_length(total as u64);
            pb.set_position(done as u64);
        }
    };
    let tours = residue::count_exact(board, Some(&tick))?;
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    Ok(Counted {
        tours: tours.to_string(),
        classes: None,
        selected: None,
        symmetric: None,
    })
}

/// The number of tours, by the count-only frontier DP on the narrower orientation.
fn plain_count(g: &LeapGraph, kind: tourglyph::TourKind, force: bool) -> Result<u128> {
    let t = narrow(g)?;
    Ok(count_only_with_budget(t.as_ref().unwrap_or(g), kind, &budget(force))?.tours)
}

/// The graph of the board turned a quarter when it has more columns than rows (the
/// frontier engines' cost grows with the number of columns), else `None`. Mirroring in
/// the diagonal maps tours to tours, crossings to crossings and symmetry classes to
/// classes of the same orbit size, so every count is the same on both orientations.
fn narrow(g: &LeapGraph) -> Result<Option<LeapGraph>> {
    let b = g.board();
    if b.cols <= b.rows {
        return Ok(None);
    }
    Ok(Some(LeapGraph::with_topology(
        b.transposed(),
        g.piece(),
        g.topology(),
    )?))
}

/// Counts that need the tours themselves: classes (by the representative test) and the
/// non-crossing filter; `asked` is the board as the user gave it (for messages).
fn enumerate_counts(
    g: &LeapGraph,
    asked: tourglyph::Board,
    kind: tourglyph::TourKind,
    q: &Query,
    quiet: bool,
    force: bool,
) -> Result<Counted> {
    if q.classes {
        tourglyph::symmetry::check_classifiable(g)?;
    }
    let zdd = Zdd::build_with_budget(g, kind, &budget(force))?;
    let total = zdd.count();
    if total > WALK_LIMIT {
        return Err(Error::usage(format!(
            "{total} tours on {asked}: too many to examine one by one (the limit is {WALK_LIMIT}); {}",
            if q.non_crossing {
                "--non-crossing needs every tour drawn and checked"
            } else if g.topology().is_torus() {
                "classes on the torus are found by testing every tour"
            } else {
                "classes by Burnside's lemma are counted for closed rook tours only"
            }
        )));
    }
    let pb = progress_bar(total as u64, quiet, "classifying");
    let q = Query {
        range: None,
        limit: None,
        ..q.clone()
    };
    let t = tally_progress(&zdd, g, &q, |done| {
        if let Some(pb) = &pb {
            pb.set_position(done as u64);
        }
    });
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    let classes = q.classes.then(|| {
        let orbits = t.orbits.iter().map(|(k, v)| (*k, v.to_string())).collect();
        (t.selected.to_string(), orbits)
    });
    let selected = q.non_crossing.then(|| {
        if q.classes {
            // Classes of non-crossing tours; the plain non-crossing count needs its own walk.
            let plain = tourglyph::sinks::tally(
                &zdd,
                g,
                &Query {
                    classes: false,
                    ..q.clone()
                },
            );
            plain.selected.to_string()
        } else {
            t.selected.to_string()
        }
    });
    Ok(Counted {
        tours: total.to_string(),
        classes,
        selected,
        symmetric: None,
    })
}

/// `count --symmetry`: closed rook tours from the fixed-tour counts of Burnside's lemma
/// (any board the transfer matrix counts), otherwise the diagram's tours filtered. Says
/// on stderr why there are none when a theorem does.
fn symmetric_counts(
    r: &super::common::Resolved,
    sym: tourglyph::symmetric::Symmetry,
    a: &CountArgs,
) -> Result<Counted> {
    let g = &r.graph;
    let board = g.board();
    let rook = r.kind.is_closed() && g.piece().leaps() == [(0, 1)];
    let c = if rook && !a.spec.classes && !a.spec.non_crossing {
        if board.rows.min(board.cols) <= transfer::MAX_WIDTH {
            let (seconds, bytes) = transfer::estimate(board);
            budget(a.force).check(
                &format!("counting the symmetric closed rook tours of {board}"),
                seconds,
                bytes,
            )?;
        }
        let cc = transfer::count_rook_classes(board, None)?;
        Counted {
            tours: cc.tours.to_string(),
            classes: None,
            selected: None,
            symmetric: Some((
                sym.word(),
                tourglyph::symmetric::from_class_count(board, sym, &cc)?.to_string(),
            )),
        }
    } else {
        let q = Query {
            symmetry: None,
            ..r.query.clone()
        };
        let all = enumerate_counts(g, g.board(), r.kind, &q, a.spec.quiet, a.force)?;
        let zdd = Zdd::build_with_budget(g, r.kind, &budget(a.force))?;
        let t = tourglyph::sinks::tally(
            &zdd,
            g,
            &Query {
                range: None,
                limit: None,
                ..r.query.clone()
            },
        );
        let classes = r.query.classes.then(|| {
            let orbits = t.orbits.iter().map(|(k, v)| (*k, v.to_string())).collect();
            (t.selected.to_string(), orbits)
        });
        let symmetric = if r.query.classes || r.query.non_crossing {
            let plain = tourglyph::sinks::tally(
                &zdd,
                g,
                &Query {
                    symmetry: r.query.symmetry,
                    ..Query::default()
                },
            );
            plain.selected.to_string()
        } else {
            t.selected.to_string()
        };
        Counted {
            classes,
            symmetric: Some((sym.word(), symmetric)),
            ..all
        }
    };
    if c.symmetric.as_ref().is_some_and(|(_, n)| n == "0") {
        if let Some(why) = sym.why_none(board).filter(|_| rook) {
            eprintln!("tourglyph: {why}");
        }
    }
    Ok(c)
}
