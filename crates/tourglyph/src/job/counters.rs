//! The counters: exact counts, with symmetry classes and the orbit histogram
//! ([`Counted`], written as `count --json`'s object or `count`'s text). Which engine
//! counts what is the engine's plan ([`tourglyph_engine::count::plan`]); this module
//! runs what it says, within the budget. The tour source counts through it
//! ([`super::source::count_with`]), as do the refusals that need a count before a walk
//! and the residues of a count spread over machines ([`super::residues`]).

use super::json::{Digits, Text};
use super::limits::budget;
use super::request::{Progress, Resolved, WALK_LIMIT, explain_impossible};
use num_bigint::BigUint;
use serde::Serialize;
use std::collections::BTreeMap;
use tourglyph_core::{Error, LeapGraph, Result};
use tourglyph_engine::count::leaper_classes;
use tourglyph_engine::count::plan::{CountPlan, Counter, closed_rook};
use tourglyph_engine::count::torus_classes;
use tourglyph_engine::count::transfer;
use tourglyph_engine::{count::classes, count::crt, count::leaper, count::modular, count::torus};
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
    pub tours: BigUint,
    /// With classes: their number, and the number of classes per orbit size.
    /// (Burnside's lemma on the torus gives no orbit sizes).
    pub classes: Option<(BigUint, Option<BTreeMap<u32, BigUint>>)>,
    /// With the crossing filter: the number of non-crossing tours.
    pub selected: Option<BigUint>,
    /// With `--symmetry`: its word and the number of tours it fixes.
    pub symmetric: Option<(&'static str, BigUint)>,
    /// With classes counted by Burnside's lemma: the tours each kind of symmetry fixes,
    /// by key (`rot90`, `rot180`, `mirror_rows`, `mirror_cols`, `both_mirrors`,
    /// `diagonal`; the quarter turn and the diagonal on square boards only).
    pub fixed: Option<Vec<(&'static str, BigUint)>>,
}

/// The figures of a count, before they are named.
struct Figures {
    tours: BigUint,
    classes: Option<(BigUint, Option<BTreeMap<u32, BigUint>>)>,
    selected: Option<BigUint>,
    symmetric: Option<(&'static str, BigUint)>,
    fixed: Option<Vec<(&'static str, BigUint)>>,
}

/// An engine's count as a [`BigUint`], whatever integer type the engine counts in.
trait Number {
    fn number(&self) -> BigUint;
}

impl Number for u64 {
    fn number(&self) -> BigUint {
        BigUint::from(*self)
    }
}

impl Number for u128 {
    fn number(&self) -> BigUint {
        BigUint::from(*self)
    }
}

impl Number for BigUint {
    fn number(&self) -> BigUint {
        self.clone()
    }
}

impl Figures {
    /// The number of tours alone.
    fn tours(n: impl Number) -> Figures {
        Figures {
            tours: n.number(),
            classes: None,
            selected: None,
            symmetric: None,
            fixed: None,
        }
    }

    /// A class count's figures: tours, classes, orbit sizes and the fixed counts.
    fn classes(c: &transfer::ClassCount, board: tourglyph_core::Board) -> Figures {
        Figures {
            tours: c.tours.number(),
            classes: Some((
                c.classes.number(),
                Some(c.orbits.iter().map(|(k, v)| (*k, v.number())).collect()),
            )),
            selected: None,
            symmetric: None,
            fixed: Some(fixed_keys(c, board)),
        }
    }
}

/// A symmetry's key in `count --json`'s `fixed` object (the one home of those names;
/// `Id` stands for the translations on the torus).
fn fixed_key(s: tourglyph_core::symmetry::Sym) -> &'static str {
    use tourglyph_core::symmetry::Sym;
    match s {
        Sym::Id => "translations",
        Sym::Rot90 => "rot90",
        Sym::Rot180 => "rot180",
        Sym::Rot270 => "rot270",
        Sym::FlipRows => "mirror_rows",
        Sym::FlipCols => "mirror_cols",
        Sym::Transpose => "diagonal",
        Sym::AntiTranspose => "antidiagonal",
    }
}

/// The fixed counts of `c` by JSON key: `rot90` (square boards), `rot180`,
/// `mirror_rows` (the mirror that reverses the rows), `mirror_cols`, `both_mirrors`,
/// `diagonal` (the main diagonal's mirror, square boards; the anti-diagonal's is
/// conjugate to it and fixes as many).
fn fixed_keys(
    c: &transfer::ClassCount,
    board: tourglyph_core::Board,
) -> Vec<(&'static str, BigUint)> {
    use tourglyph_core::symmetry::Sym;
    let fix = |g: Sym| {
        let n = c.fixed.iter().find(|(s, _)| *s == g);
        (fixed_key(g), n.map_or(BigUint::ZERO, |(_, v)| v.number()))
    };
    let mut out = Vec::new();
    if board.is_square() {
        out.push(fix(Sym::Rot90));
    }
    out.push(fix(Sym::Rot180));
    out.push(fix(Sym::FlipRows));
    out.push(fix(Sym::FlipCols));
    out.push(("both_mirrors", c.both_mirrors.number()));
    if board.is_square() {
        out.push(fix(Sym::Transpose));
    }
    out
}

/// The figures of the tours `r` names, counted by the counter the engine's plan chooses
/// (`force` lifts the time budget; the dense counter's residues in `width`); `kept`: the
/// number of closed tours the process's tours by ID already know (the halves'), which a
/// leaper count reads instead of counting. Why a board has none goes to `progress`.
pub fn counted(
    r: &Resolved,
    force: bool,
    width: Option<crt::Width>,
    kept: Option<u128>,
    progress: &dyn Progress,
) -> Result<Counted> {
    let g = &r.graph;
    let c = if explain_impossible(r, progress) {
        Figures {
            tours: BigUint::ZERO,
            classes: r
                .query
                .classes
                .then(|| (BigUint::ZERO, Some(BTreeMap::new()))),
            selected: None,
            symmetric: r.query.symmetry.map(|s| (s.word(), BigUint::ZERO)),
            fixed: None,
        }
    } else {
        let plan = CountPlan::new(g, r.kind, &r.query)?;
        run(&plan, r, force, width, kept, progress)?
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
        fixed: c.fixed,
    })
}

/// Run the counter `plan` chose for `r` (the dense counter's residues in `width`).
fn run(
    plan: &CountPlan,
    r: &Resolved,
    force: bool,
    width: Option<crt::Width>,
    kept: Option<u128>,
    progress: &dyn Progress,
) -> Result<Figures> {
    let g = &r.graph;
    let on = plan.graph(g);
    match plan.counter {
        Counter::SymmetricBurnside | Counter::SymmetricWalk => {
            let sym = r.query.symmetry.expect("the plan saw a symmetry");
            symmetric_counts(plan.counter, r, sym, force, progress)
        }
        Counter::Transfer => transfer_counts(g, r.query.classes, progress, force),
        Counter::ModularCrt => dense_count(g.board(), width, progress, force),
        Counter::DenseClasses => {
            let c = dense_classes(g.board(), None, width, progress, force)?;
            Ok(Figures::classes(&c, g.board()))
        }
        Counter::Walk => {
            // Counts never depend on the orientation: enumerate on the narrower one.
            let zdd = diagram(on, r.kind, &r.query, force)?;
            enumerate_counts(&zdd, on, g.board(), &r.query, progress)
        }
        Counter::Torus => Ok(Figures::tours(torus_count(g.board(), force, progress)?)),
        Counter::TorusClasses => torus_class_counts(g.board(), force, progress),
        Counter::LeaperClasses { halves } => {
            leaper_class_counts(plan, r, halves, force, kept, progress)
        }
        Counter::Leaper { .. } | Counter::LeaperOpen | Counter::Frontier => Ok(Figures::tours(
            run_plain(plan, g, r.kind, force, kept, progress)?,
        )),
    }
}

impl Counted {
    /// `count --json`'s object, with its newline. Each count (`tours`, `symmetric`,
    /// `non_crossing`, `classes`) is a JSON number and again a string (`tours_text`, …):
    /// readers whose numbers are doubles (JavaScript, jq 1.6) round past 2^53, so a
    /// script reads the string.
    pub fn json(&self) -> String {
        let c = self;
        let (classes, orbits) = match &c.classes {
            Some((n, orbits)) => (Some(n), orbits.as_ref()),
            None => (None, None),
        };
        super::json::line(&CountedJson {
            piece: &c.piece,
            board: &c.board,
            closed: c.closed,
            tours: Digits(&c.tours),
            tours_text: Text(&c.tours),
            torus: c.torus,
            symmetry: c.symmetric.as_ref().map(|(word, _)| *word),
            symmetric: c.symmetric.as_ref().map(|(_, n)| Digits(n)),
            symmetric_text: c.symmetric.as_ref().map(|(_, n)| Text(n)),
            non_crossing: c.selected.as_ref().map(Digits),
            non_crossing_text: c.selected.as_ref().map(Text),
            classes: classes.map(Digits),
            classes_text: classes.map(Text),
            orbits: orbits.map(|o| NumberMap(o.iter().map(|(k, v)| (*k, v)).collect())),
            fixed: c
                .fixed
                .as_ref()
                .map(|f| NumberMap(f.iter().map(|(k, v)| (*k, v)).collect())),
        })
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
            if let Some(orbits) = orbits {
                let parts: Vec<String> = orbits.iter().map(|(k, v)| format!("{k}:{v}")).collect();
                s += &format!("orbits: {}\n", parts.join(" "));
            }
        }
        if let Some(fixed) = &c.fixed {
            let parts: Vec<String> = fixed.iter().map(|(k, v)| format!("{k} {v}")).collect();
            s += &format!("fixed: {}\n", parts.join(", "));
        }
        s
    }
}

/// `count --json`'s object: each count a number, and again a string (`…_text`).
#[derive(Serialize)]
struct CountedJson<'a> {
    piece: &'a str,
    board: &'a str,
    closed: bool,
    tours: Digits<&'a BigUint>,
    tours_text: Text<&'a BigUint>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    torus: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    symmetry: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    symmetric: Option<Digits<&'a BigUint>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    symmetric_text: Option<Text<&'a BigUint>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    non_crossing: Option<Digits<&'a BigUint>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    non_crossing_text: Option<Text<&'a BigUint>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    classes: Option<Digits<&'a BigUint>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    classes_text: Option<Text<&'a BigUint>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    orbits: Option<NumberMap<'a, u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fixed: Option<NumberMap<'a, &'static str>>,
}

/// An object of counts by key (`orbits` by orbit size, `fixed` by symmetry), in order.
struct NumberMap<'a, K>(Vec<(K, &'a BigUint)>);

impl<K: Serialize> Serialize for NumberMap<'_, K> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, Digits(*v))))
    }
}

/// Refuse (unless `force`) a transfer-matrix count of `board`'s `what` over the budget;
/// boards wider than the matrix takes are refused by the count itself.
fn transfer_budget(board: tourglyph_core::Board, what: &str, force: bool) -> Result<()> {
    if board.rows.min(board.cols) <= transfer::MAX_WIDTH {
        let (seconds, bytes) = transfer::estimate(board);
        budget(force).check(&format!("counting the {what} of {board}"), seconds, bytes)?;
    }
    Ok(())
}

/// Closed rook tours by the transfer matrix; classes by Burnside's lemma.
fn transfer_counts(
    g: &LeapGraph,
    classes: bool,
    progress: &dyn Progress,
    force: bool,
) -> Result<Figures> {
    let board = g.board();
    transfer_budget(board, "closed rook tours", force)?;
    let tick = ticker(progress);
    let c = if classes {
        Figures::classes(&transfer::count_rook_classes(board, Some(&tick))?, board)
    } else {
        Figures::tours(transfer::count_rook_tours(board, Some(&tick))?)
    };
    progress.end();
    Ok(c)
}

/// The width of the residues when none is asked for: the widest whose count of `board`
/// fits the memory budget (`--max-memory`), else 16 bits.
pub fn default_width(board: tourglyph_core::Board) -> crt::Width {
    modular::widest_fitting(board, budget(false).memory)
}

/// Closed rook tours by the dense counter: a residue per planned modulus of `width`
/// (by default the widest that fits the memory budget), combined.
fn dense_count(
    board: tourglyph_core::Board,
    width: Option<crt::Width>,
    progress: &dyn Progress,
    force: bool,
) -> Result<Figures> {
    // Its one refusal: a board too big to count (a size, whatever its wording).
    modular::check_width(board).map_err(|e| {
        let cells = tourglyph_core::error::Estimate::none().with_cells(board.cells() as u64);
        Error::refused_with(
            tourglyph_core::error::Refusal::Size,
            true,
            cells,
            e.to_string(),
        )
    })?;
    let width = width.unwrap_or_else(|| default_width(board));
    let need = crt::need(board);
    let moduli = crt::plan_need(need, width).len();
    let (seconds, bytes) = modular::estimate_width(board, width);
    budget(force).check(
        &format!("counting the closed rook tours of {board}"),
        seconds * moduli as f64,
        bytes,
    )?;
    let tick = ticker(progress);
    let tours = modular::count_exact_width(board, need, width, Some(&tick))?;
    progress.end();
    Ok(Figures::tours(tours))
}

/// The plain number of tours (no symmetry, classes or filter), by the counter of
/// [`CountPlan::plain`]: closed tours of the plane by the vertex-at-a-time leaper counter,
/// others by the count-only frontier DP, on the narrower orientation (`kept`: the
/// number the process's tours by ID already know, as for [`counted`]).
pub fn plain_count(
    g: &LeapGraph,
    kind: tourglyph_core::TourKind,
    force: bool,
    kept: Option<u128>,
    progress: &dyn Progress,
) -> Result<u128> {
    run_plain(&CountPlan::plain(g, kind)?, g, kind, force, kept, progress)
}

/// Run a plain count's counter: the leaper counter or the count-only frontier DP, as
/// `plan` says.
fn run_plain(
    plan: &CountPlan,
    g: &LeapGraph,
    kind: tourglyph_core::TourKind,
    force: bool,
    kept: Option<u128>,
    progress: &dyn Progress,
) -> Result<u128> {
    let on = plan.graph(g);
    let tick = |done: usize, total: usize, _held: u64| {
        progress.begin(total as u64, 0);
        progress.update(done as u64, 0);
    };
    let counted = match plan.counter {
        Counter::Leaper { halves } => {
            // The tours by ID this process keeps (the explorer's server) know the count.
            if let Some(n) = kept.filter(|_| kind.is_closed()) {
                return Ok(n);
            }
            leaper::count_at_cut(on, halves, &budget(force), Some(&tick))?
        }
        Counter::LeaperOpen => leaper::open::count(on, &budget(force), Some(&tick))?,
        Counter::Torus => {
            let n = torus_count(g.board(), force, progress)?;
            return u128::try_from(&n).map_err(|_| {
                Error::usage(format!(
                    "{n} tours on the {} torus: more than this command numbers (2^128); `count --torus` gives the number",
                    g.board()
                ))
            });
        }
        _ => return Ok(count_only_with_budget(on, kind, &budget(force))?.tours),
    };
    progress.end();
    Ok(counted.tours)
}

/// A counter's progress callback (steps done, steps in all) reported to `progress`.
pub fn ticker(progress: &dyn Progress) -> impl Fn(usize, usize) + '_ {
    move |done: usize, total: usize| {
        progress.begin(total as u64, 0);
        progress.update(done as u64, 0);
    }
}

/// Closed rook tours of the `board` torus by the torus counter (refused, unless
/// `force`, over the budget).
fn torus_count(
    board: tourglyph_core::Board,
    force: bool,
    progress: &dyn Progress,
) -> Result<BigUint> {
    torus::check(board)?;
    torus_budget(board, force)?;
    let tick = ticker(progress);
    let c = torus::count(board, Some(&tick))?;
    progress.end();
    Ok(c.tours)
}

/// Refuse (unless `force`) counting the closed rook tours of the `board` torus over the
/// budget, by the torus counter's estimate.
fn torus_budget(board: tourglyph_core::Board, force: bool) -> Result<()> {
    let (seconds, bytes) = torus::estimate(board);
    budget(force).check(
        &format!("counting the closed rook tours of the {board} torus"),
        seconds,
        bytes,
    )
}

/// Classes of the closed rook tours of the `board` torus by Burnside's lemma (refused,
/// unless `force`, when the total's count is over the budget; the fixed counts on the
/// quotients are limited by their width instead).
fn torus_class_counts(
    board: tourglyph_core::Board,
    force: bool,
    progress: &dyn Progress,
) -> Result<Figures> {
    // A quotient too wide is refused at once, before the total's budget.
    let plan = torus_classes::TorusClassPlan::new(board)?;
    torus_budget(board, force)?;
    let tick = ticker(progress);
    let c = plan.classes(Some(&tick), Some(&tick))?;
    progress.end();
    Ok(Figures {
        tours: c.tours.number(),
        classes: Some((c.classes.number(), None)),
        selected: None,
        symmetric: None,
        fixed: Some(
            c.fixed
                .iter()
                .map(|(s, n)| (fixed_key(*s), n.number()))
                .collect(),
        ),
    })
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
        return Err(Error::refused_with(
            tourglyph_core::error::Refusal::Time,
            true,
            tourglyph_core::error::Estimate::none().with_tours(total),
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
        let orbits = t.orbits.iter().map(|(k, v)| (*k, v.number())).collect();
        (t.selected.number(), Some(orbits))
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
            plain.selected.number()
        } else {
            t.selected.number()
        }
    });
    Ok(Figures {
        tours: total.number(),
        classes,
        selected,
        symmetric: None,
        fixed: None,
    })
}

/// The closed rook tours of `board` (with Burnside's class figures) and those fixed by
/// `sym`, from the fixed-tour counts of the transfer matrix or, with `dense` on the
/// boards [`classes::applies`] to, of the dense counter, within the budget. (Listings
/// ask without `dense`, for a quick refusal of an unbounded listing: the transfer matrix
/// refuses boards over 18×18 at once, where the dense counter would count for minutes.)
pub fn burnside_symmetric(
    board: tourglyph_core::Board,
    sym: tourglyph_engine::symmetric_tours::Symmetry,
    force: bool,
    dense: bool,
    progress: &dyn Progress,
) -> Result<(transfer::ClassCount, BigUint)> {
    let cc = if dense && classes::applies(board) {
        dense_classes(board, None, None, progress, force)?
    } else {
        transfer_budget(board, "symmetric closed rook tours", force)?;
        transfer::count_rook_classes(board, None)?
    };
    let fixed = tourglyph_engine::symmetric_tours::from_class_count(board, sym, &cc)?;
    Ok((cc, fixed))
}

/// `count --classes --combine FILES`: the classes of the closed rook tours of `r`'s board
/// (one [`classes::applies`] to) whose total `tours` was rebuilt from residue files, the
/// fixed counts counted here (residues of `width`).
pub fn classes_of_total(
    r: &Resolved,
    tours: BigUint,
    force: bool,
    width: Option<crt::Width>,
    progress: &dyn Progress,
) -> Result<Counted> {
    let g = &r.graph;
    let board = g.board();
    let c = dense_classes(board, Some(tours), width, progress, force)?;
    let f = Figures::classes(&c, board);
    Ok(Counted {
        piece: g.piece().name().to_string(),
        board: board.to_string(),
        closed: true,
        torus: false,
        tours: f.tours,
        classes: f.classes,
        selected: None,
        symmetric: None,
        fixed: f.fixed,
    })
}

/// Classes of closed rook tours of a big square board by Burnside's lemma on the dense
/// counter ([`classes::count_rook_classes_dense`]), residues in `width` (by default the
/// widest that fits the memory budget), within the budget; `total`, when given, is the
/// board's total (from residue files) and is not counted again.
pub fn dense_classes(
    board: tourglyph_core::Board,
    total: Option<BigUint>,
    width: Option<crt::Width>,
    progress: &dyn Progress,
    force: bool,
) -> Result<transfer::ClassCount> {
    let width = width.unwrap_or_else(|| default_width(board));
    let (e, _, _) = classes::estimate(board, width, total.is_some());
    let (seconds, bytes) = e.sum();
    budget(force).check(
        &format!("counting the symmetry classes of the closed rook tours of {board}"),
        seconds,
        bytes,
    )?;
    let tick = |_: classes::Phase, done: usize, all: usize| {
        progress.begin(all as u64, 0);
        progress.update(done as u64, 0);
    };
    let c = classes::count_rook_classes_dense(board, total, width, &budget(force), Some(&tick))?;
    progress.end();
    Ok(c)
}

/// Closed tours of a piece other than the rook with their classes, or with the tours a
/// symmetry fixes ([`Counter::LeaperClasses`]): the total by the leaper counter (cut at
/// `halves`), the fixed counts on quotient boards, Burnside's lemma.
fn leaper_class_counts(
    plan: &CountPlan,
    r: &Resolved,
    halves: Option<usize>,
    force: bool,
    kept: Option<u128>,
    progress: &dyn Progress,
) -> Result<Figures> {
    let g = &r.graph;
    let total_plan = CountPlan {
        counter: Counter::Leaper { halves },
        turned: plan.turned.clone(),
    };
    let total = run_plain(&total_plan, g, r.kind, force, kept, progress)?;
    let c = leaper_classes::classes(g, total, &budget(force))?;
    let Some(sym) = r.query.symmetry else {
        return Ok(Figures::classes(&c, g.board()));
    };
    let n = tourglyph_engine::symmetric_tours::from_class_count(g.board(), sym, &c)?;
    Ok(Figures {
        symmetric: Some((sym.word(), n)),
        ..Figures::tours(c.tours)
    })
}

/// `count --symmetry` by the plan's `counter`: closed rook tours from the fixed-tour
/// counts of Burnside's lemma (any board the transfer matrix counts), otherwise the
/// diagram's tours filtered. Says through `progress` why there are none when a theorem
/// does.
fn symmetric_counts(
    counter: Counter,
    r: &Resolved,
    sym: tourglyph_engine::symmetric_tours::Symmetry,
    force: bool,
    progress: &dyn Progress,
) -> Result<Figures> {
    let g = &r.graph;
    let board = g.board();
    let c = if counter == Counter::SymmetricBurnside {
        let (cc, fixed) = burnside_symmetric(board, sym, force, true, progress)?;
        Figures {
            tours: cc.tours.number(),
            classes: None,
            selected: None,
            symmetric: Some((sym.word(), fixed.number())),
            fixed: None,
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
            let orbits = t.orbits.iter().map(|(k, v)| (*k, v.number())).collect();
            (t.selected.number(), Some(orbits))
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
            plain.selected.number()
        } else {
            t.selected.number()
        };
        Figures {
            classes,
            symmetric: Some((sym.word(), symmetric)),
            ..all
        }
    };
    if c.symmetric
        .as_ref()
        .is_some_and(|(_, n)| *n == BigUint::ZERO)
    {
        if let Some(why) = sym.why_none(board).filter(|_| closed_rook(g, r.kind)) {
            progress.note(&why);
        }
    }
    Ok(c)
}
