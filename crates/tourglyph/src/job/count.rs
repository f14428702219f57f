//! `count`: exact counts, with symmetry classes and the orbit histogram, as `count
//! --json`'s object or `count`'s text. (Counts spread over machines as residues stay in
//! the CLI: `cli/count/residues.rs`.)

use super::{Progress, Resolved, Spec, WALK_LIMIT, budget, explain_impossible, json_str, resolve};
use std::collections::BTreeMap;
use tourglyph_core::{Error, LeapGraph, Result};
use tourglyph_engine::{count::crt, count::leaper, count::transfer};
use tourglyph_engine::{frontier::Zdd, frontier::count_only_with_budget};
use tourglyph_engine::{select::Query, select::tally_progress};

/// What a count found.
pub struct Counted {
    /// The piece's name.
    pub piece: String,
    /// The board, `6x6`.
    pub board: String,
    /// Closed tours (else open).
    pub closed: bool,
    /// On the torus.
    pub torus: bool,
    /// The number of tours (exact, any size).
    pub tours: String,
    /// With classes: their number, and the number of classes per orbit size.
    pub classes: Option<(String, BTreeMap<u32, String>)>,
    /// With the crossing filter: the number of non-crossing tours.
    pub selected: Option<String>,
    /// With `--symmetry`: its word and the number of tours it fixes.
    pub symmetric: Option<(&'static str, String)>,
}

/// The figures of a count, before they are named.
struct Figures {
    tours: String,
    classes: Option<(String, BTreeMap<u32, String>)>,
    selected: Option<String>,
    symmetric: Option<(&'static str, String)>,
}

/// Count the tours `spec` names (`force` lifts the time budget); notices (why a board
/// has none) go to `progress`.
pub fn count(spec: &Spec, force: bool, progress: &dyn Progress) -> Result<Counted> {
    let r = resolve(spec, None)?;
    let g = &r.graph;
    let c = if explain_impossible(&r, progress) {
        Figures {
            tours: "0".into(),
            classes: spec.classes.then(|| ("0".to_string(), BTreeMap::new())),
            selected: None,
            symmetric: r.query.symmetry.map(|s| (s.word(), "0".to_string())),
        }
    } else if let Some(sym) = r.query.symmetry {
        symmetric_counts(&r, sym, spec, force, progress)?
    } else if r.kind.is_closed() && g.piece().is_rook() && !g.topology().is_torus() {
        // Closed rook tours (which never cross): the transfer-matrix counter, exact
        // on boards of any length, and Burnside's lemma for classes.
        transfer_counts(g, spec.classes, progress, force)?
    } else if spec.classes || spec.non_crossing {
        // Counts never depend on the orientation: enumerate on the narrower one.
        let t = narrow(g)?;
        let on = t.as_ref().unwrap_or(g);
        let zdd = diagram(on, r.kind, &r.query, force)?;
        enumerate_counts(&zdd, on, g.board(), &r.query, progress)?
    } else {
        Figures {
            tours: plain_count(g, r.kind, force, progress)?.to_string(),
            classes: None,
            selected: None,
            symmetric: None,
        }
    };
    Ok(Counted {
        piece: g.piece().name().to_string(),
        board: g.board().to_string(),
        closed: r.kind.is_closed(),
        torus: g.topology().is_torus(),
        tours: c.tours,
        classes: c.classes,
        selected: c.selected,
        symmetric: c.symmetric,
    })
}

impl Counted {
    /// `count --json`'s object, with its newline.
    pub fn json(&self) -> String {
        let c = self;
        let mut s = format!(
            "{{\"piece\":{},\"board\":\"{}\",\"closed\":{},\"tours\":{}",
            json_str(&c.piece),
            c.board,
            c.closed,
            c.tours
        );
        if c.torus {
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
        s += "}\n";
        s
    }

    /// `count`'s text: the number alone, or a line per figure.
    pub fn text(&self) -> String {
        let c = self;
        if c.classes.is_none() && c.selected.is_none() && c.symmetric.is_none() {
            return format!("{}\n", c.tours);
        }
        let mut s = format!("tours: {}\n", c.tours);
        if let Some((word, n)) = &c.symmetric {
            s += &format!("{word}: {n}\n");
        }
        if let Some(sel) = &c.selected {
            s += &format!("non-crossing: {sel}\n");
        }
        if let Some((classes, orbits)) = &c.classes {
            s += &format!("classes: {classes}\n");
            let parts: Vec<String> = orbits.iter().map(|(k, v)| format!("{k}:{v}")).collect();
            s += &format!("orbits: {}\n", parts.join(" "));
        }
        s
    }
}

/// Closed rook tours by the transfer matrix; classes by Burnside's lemma.
fn transfer_counts(
    g: &LeapGraph,
    classes: bool,
    progress: &dyn Progress,
    force: bool,
) -> Result<Figures> {
    let board = g.board();
    let w = board.rows.min(board.cols);
    if !classes && w >= DENSE_FROM && board.cells() % 2 == 0 {
        return dense_count(board, progress, force);
    }
    if w <= transfer::MAX_WIDTH {
        let (seconds, bytes) = transfer::estimate(board);
        budget(force).check(
            &format!("counting the closed rook tours of {board}"),
            seconds,
            bytes,
        )?;
    }
    let tick = |done: usize, total: usize| {
        progress.begin(total as u64, 0);
        progress.update(done as u64, 0);
    };
    let c = if classes {
        let c = transfer::count_rook_classes(board, Some(&tick))?;
        Figures {
            tours: c.tours.to_string(),
            classes: Some((
                c.classes.to_string(),
                c.orbits.iter().map(|(k, v)| (*k, v.to_string())).collect(),
            )),
            selected: None,
            symmetric: None,
        }
    } else {
        Figures {
            tours: transfer::count_rook_tours(board, Some(&tick))?.to_string(),
            classes: None,
            selected: None,
            symmetric: None,
        }
    };
    progress.end();
    Ok(c)
}

/// From this narrow side up, plain counts of closed rook tours use the dense modular
/// counter (faster and smaller than the transfer engine's exact words there, measured
/// with `benches/dense.sh` and `benches/count.sh`: 14×14 in 0.07 s against 0.25 s);
/// classes still need the transfer engine's half and quarter boards.
const DENSE_FROM: u32 = 14;

/// Closed rook tours by the dense counter: a residue per planned modulus, combined.
fn dense_count(
    board: tourglyph_core::Board,
    progress: &dyn Progress,
    force: bool,
) -> Result<Figures> {
    // Its one refusal: a board too big to count (a size, whatever its wording).
    tourglyph_engine::count::modular::check_width(board)
        .map_err(|e| Error::refused(tourglyph_core::error::Refusal::Size, true, e.to_string()))?;
    let bits = crt::bits_needed(board);
    let (seconds, bytes) = crt::estimate_exact(board, crt::plan_bits(bits).len());
    budget(force).check(
        &format!("counting the closed rook tours of {board}"),
        seconds,
        bytes,
    )?;
    let tick = |done: usize, total: usize| {
        progress.begin(total as u64, 0);
        progress.update(done as u64, 0);
    };
    let tours = crt::count_exact(board, bits, Some(&tick))?;
    progress.end();
    Ok(Figures {
        tours: tours.to_string(),
        classes: None,
        selected: None,
        symmetric: None,
    })
}

/// The number of tours on the narrower orientation: closed tours on the plane by the
/// vertex-at-a-time counter (`engine::cycles`: 9–17× faster than the edge-at-a-time DP on
/// knight 6×7, measured with `examples/leaper_widths.rs`), others by the count-only frontier DP.
pub fn plain_count(
    g: &LeapGraph,
    kind: tourglyph_core::TourKind,
    force: bool,
    progress: &dyn Progress,
) -> Result<u128> {
    let t = narrow(g)?;
    let on = t.as_ref().unwrap_or(g);
    if kind.is_closed() && !on.topology().is_torus() && leaper::fits(on) {
        let tick = |done: usize, total: usize, _held: u64| {
            progress.begin(total as u64, 0);
            progress.update(done as u64, 0);
        };
        let tours = leaper::count_with_progress(on, &budget(force), Some(&tick))?.tours;
        progress.end();
        return Ok(tours);
    }
    Ok(count_only_with_budget(on, kind, &budget(force))?.tours)
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

/// The diagram of `g`'s tours for the counts that walk them (refused first when `q`
/// asks for classes the board's group cannot give).
fn diagram(g: &LeapGraph, kind: tourglyph_core::TourKind, q: &Query, force: bool) -> Result<Zdd> {
    if q.classes {
        tourglyph_core::symmetry::check_classifiable(g)?;
    }
    Zdd::build_with_budget(g, kind, &budget(force))
}

/// Counts that need the tours themselves (the tours of `zdd`, on `g`): classes (by the
/// representative test) and the non-crossing filter; `asked` is the board as the user
/// gave it (for messages).
fn enumerate_counts(
    zdd: &Zdd,
    g: &LeapGraph,
    asked: tourglyph_core::Board,
    q: &Query,
    progress: &dyn Progress,
) -> Result<Figures> {
    let total = zdd.count();
    if total > WALK_LIMIT {
        return Err(Error::refused(
            tourglyph_core::error::Refusal::Time,
            true,
            format!(
                "{total} tours on {asked}: too many to examine one by one (the limit is {WALK_LIMIT}); {}",
                if q.non_crossing {
                    "--non-crossing needs every tour drawn and checked"
                } else if g.topology().is_torus() {
                    "classes on the torus are found by testing every tour"
                } else {
                    "classes by Burnside's lemma are counted for closed rook tours only"
                }
            ),
        ));
    }
    progress.begin(total as u64, 0);
    let q = Query {
        range: None,
        limit: None,
        ..q.clone()
    };
    let t = tally_progress(zdd, g, &q, |done| progress.update(done as u64, 0));
    progress.end();
    let classes = q.classes.then(|| {
        let orbits = t.orbits.iter().map(|(k, v)| (*k, v.to_string())).collect();
        (t.selected.to_string(), orbits)
    });
    let selected = q.non_crossing.then(|| {
        if q.classes {
            // Classes of non-crossing tours; the plain non-crossing count needs its own walk.
            let plain = tourglyph_engine::select::tally(
                zdd,
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
    Ok(Figures {
        tours: total.to_string(),
        classes,
        selected,
        symmetric: None,
    })
}

/// The closed rook tours of `board` (with Burnside's class figures) and those fixed by
/// `sym`, from the transfer matrix's fixed-tour counts, within the budget.
pub(super) fn burnside_symmetric(
    board: tourglyph_core::Board,
    sym: tourglyph_engine::symmetric_tours::Symmetry,
    force: bool,
) -> Result<(transfer::ClassCount, num_bigint::BigUint)> {
    if board.rows.min(board.cols) <= transfer::MAX_WIDTH {
        let (seconds, bytes) = transfer::estimate(board);
        budget(force).check(
            &format!("counting the symmetric closed rook tours of {board}"),
            seconds,
            bytes,
        )?;
    }
    let cc = transfer::count_rook_classes(board, None)?;
    let fixed = tourglyph_engine::symmetric_tours::from_class_count(board, sym, &cc)?;
    Ok((cc, fixed))
}

/// `count --symmetry`: closed rook tours from the fixed-tour counts of Burnside's lemma
/// (any board the transfer matrix counts), otherwise the diagram's tours filtered. Says
/// through `progress` why there are none when a theorem does.
fn symmetric_counts(
    r: &Resolved,
    sym: tourglyph_engine::symmetric_tours::Symmetry,
    spec: &Spec,
    force: bool,
    progress: &dyn Progress,
) -> Result<Figures> {
    let g = &r.graph;
    let board = g.board();
    let rook = r.kind.is_closed() && g.piece().is_rook();
    let c = if rook && !spec.classes && !spec.non_crossing {
        let (cc, fixed) = burnside_symmetric(board, sym, force)?;
        Figures {
            tours: cc.tours.to_string(),
            classes: None,
            selected: None,
            symmetric: Some((sym.word(), fixed.to_string())),
        }
    } else {
        let zdd = diagram(g, r.kind, &r.query, force)?;
        // The total and the plain non-crossing count; classes and the symmetric count
        // come from the walks below.
        let q = Query {
            symmetry: None,
            classes: false,
            ..r.query.clone()
        };
        let all = enumerate_counts(&zdd, g, g.board(), &q, progress)?;
        let t = tourglyph_engine::select::tally(
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
            let plain = tourglyph_engine::select::tally(
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
        Figures {
            classes,
            symmetric: Some((sym.word(), symmetric)),
            ..all
        }
    };
    if c.symmetric.as_ref().is_some_and(|(_, n)| n == "0") {
        if let Some(why) = sym.why_none(board).filter(|_| rook) {
            progress.note(&why);
        }
    }
    Ok(c)
}
