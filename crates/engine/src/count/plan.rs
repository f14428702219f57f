//! Which counter answers a count: the one home of the choice among the engines.
//!
//! [`CountPlan::new`] looks at the board, the piece, the kind of tour (open or closed), the
//! torus and what is asked (a symmetry, classes, the non-crossing filter) and returns its
//! decision as a value: the [`Counter`] to run and the graph to run it on. The caller
//! (the `count` job) runs what the plan says and keeps no rule of its own. The boards
//! that have no tour at all (a theorem or the leap graph says so) are answered before the
//! plan is asked.
//!
//! | asked | piece, kind, board | counter |
//! |---|---|---|
//! | a symmetry or classes (not both), without the non-crossing filter | closed tours of another piece on a plane board the halves cut ([`leaper::halves::cut`]) whose group [`leaper_classes::applies`] to | [`Counter::LeaperClasses`] |
//! | a symmetry alone | closed rook tours | [`Counter::SymmetricBurnside`] |
//! | a symmetry (with classes or the non-crossing filter, or another piece or kind) | any | [`Counter::SymmetricWalk`] |
//! | classes | closed rook tours of a square board of even side from [`classes::DENSE_CLASSES_FROM`] (to 26) | [`Counter::DenseClasses`] |
//! | anything else | closed rook tours of the plane, no classes, narrow side ≥ [`DENSE_FROM`], an even number of cells | [`Counter::ModularCrt`] |
//! | | closed rook tours of the plane, otherwise | [`Counter::Transfer`] |
//! | classes | closed rook tours of a torus of more than [`TORUS_WALK_CELLS`] cells | [`Counter::TorusClasses`] |
//! | classes or the non-crossing filter | other pieces, open tours, the smaller tori | [`Counter::Walk`] |
//! | a plain count | closed tours of the plane whose frontier fits the leaper counter | [`Counter::Leaper`] (by halves where [`leaper::halves::cut`] allows it) |
//! | a plain count | open tours of the plane whose frontier, with the apex, fits the leaper counter | [`Counter::LeaperOpen`] |
//! | a plain count | closed rook tours of the torus | [`Counter::Torus`] |
//! | | otherwise (open tours, frontiers too wide) | [`Counter::Frontier`] |
//!
//! The counters that sweep a frontier ([`Counter::Walk`], [`Counter::Leaper`],
//! [`Counter::Frontier`]) run on the board turned a quarter when it has more columns
//! than rows ([`CountPlan::turned`]): their cost grows with the number of columns, and every
//! count is the same on both orientations.
//!
//! The commands that list, draw or sample the tours a symmetry fixes (`list`, `render`,
//! `glyph --random`, `font`) ask [`lists_directly`]: the closed rook tours of plane
//! boards of more than [`DIRECT_FROM_CELLS`] cells are found directly on quotient
//! boards (`symmetric_tours::direct`), numbered by their own order; the others are the
//! diagram's tours through the symmetry filter, numbered by their global IDs.

use crate::count::{classes, leaper, leaper_classes};
use crate::select::Query;
use crate::symmetric_tours::{Symmetry, direct};
use tourglyph_core::error::Result;
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::tour::TourKind;

/// From this narrow side up, plain counts of closed rook tours use the dense modular
/// counter (faster and smaller than the transfer engine's exact words there: 14×14 in
/// under a third of the time, `benches/NOTES.md`); classes still need the transfer
/// engine's half and quarter boards.
pub const DENSE_FROM: u32 = 14;

/// Boards with more cells than this list symmetric tours found directly on quotient
/// boards (smaller ones filter the diagram's walk, which takes under a second there, and
/// number them by global ID).
pub const DIRECT_FROM_CELLS: usize = 64;

/// The engine that answers a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    /// Closed rook tours and those a symmetry fixes, from the fixed-tour counts that
    /// Burnside's lemma gives the transfer matrix (`transfer::count_rook_classes`), or
    /// the dense counter on the boards [`classes::applies`] to
    /// (`classes::count_rook_classes_dense`), then `symmetric_tours::from_class_count`.
    SymmetricBurnside,
    /// The frontier diagram of the board as asked, every tour walked through the
    /// symmetry filter (and the class and non-crossing tests when asked).
    SymmetricWalk,
    /// Closed rook tours by the transfer matrix (`count::transfer`), and their classes by
    /// Burnside's lemma when asked.
    Transfer,
    /// Closed rook tours by the dense modular counter, a residue per modulus of the plan
    /// joined by the Chinese remainder theorem (`modular::count_exact`).
    ModularCrt,
    /// Closed rook tours of a big square board and their classes by Burnside's lemma,
    /// every fixed count from the dense counter's residues or the quarter board's exact
    /// sweep (`classes::count_rook_classes_dense`).
    DenseClasses,
    /// The frontier diagram, every tour walked: classes by the representative test, the
    /// non-crossing filter.
    Walk,
    /// Closed tours of a leaper counted a vertex at a time (`count::leaper`): by halves
    /// cut at row `h` when `halves` is `Some(h)`, else in one sweep.
    Leaper {
        /// The row the board is cut at ([`leaper::halves::cut`]), if it is.
        halves: Option<usize>,
    },
    /// Open tours of a leaper counted with an apex vertex joined to every cell
    /// (`count::leaper::open`): by halves with the apex in the cut where they apply
    /// (`leaper::halves::open_cut`), else in one vertex-at-a-time sweep.
    LeaperOpen,
    /// Closed tours of a leaper other than the rook, the tours a symmetry fixes and
    /// their classes by Burnside's lemma (`count::leaper_classes`): the total by
    /// [`Counter::Leaper`]'s counter on the plan's graph, each fixed count on a quotient
    /// of the board as asked.
    LeaperClasses {
        /// The row the plan's graph is cut at ([`leaper::halves::cut`]).
        halves: Option<usize>,
    },
    /// The count-only frontier DP (`frontier::count_only_with_budget`).
    Frontier,
    /// Closed rook tours of the torus on the cylinder, the seam fixed
    /// (`count::torus`): one sweep per class of seams, residues joined by CRT.
    Torus,
    /// Closed rook tours of the torus and their classes by Burnside's lemma
    /// (`count::torus_classes`): the total by [`Counter::Torus`]'s counter, every other
    /// fixed count on a quotient of the torus.
    TorusClasses,
}

/// The most cells of a torus whose classes are found by walking its tours (all 3,273,360
/// of 6×6 in about 12 s), which also gives how many classes have each orbit size;
/// Burnside's lemma gives the number of classes alone, on bigger tori.
pub const TORUS_WALK_CELLS: usize = 36;

/// Boards of pieces other than the rook with at least this many cells list the tours a
/// turn fixes directly on quotient boards: knight 8×8's diagram, which the filter walks,
/// is 9.2 GiB; its quotient by the half turn holds 2,432,932 tours.
pub const DIRECT_LEAPER_FROM_CELLS: usize = 64;

/// A decision: the counter, and the graph it runs on.
#[derive(Clone, Debug)]
pub struct CountPlan {
    /// The engine to run.
    pub counter: Counter,
    /// The board turned a quarter (its graph), when the counter runs on it rather than
    /// on the board as asked.
    pub turned: Option<LeapGraph>,
}

impl CountPlan {
    /// The counter for a count of the `kind` tours of `g` with what `q` asks (its
    /// symmetry, classes and non-crossing filter; its range and limit play no part).
    pub fn new(g: &LeapGraph, kind: TourKind, q: &Query) -> Result<CountPlan> {
        let on_board = |counter| CountPlan {
            counter,
            turned: None,
        };
        // One or the other: the classes of the symmetric tours are the walk's.
        let asks_classes = q.symmetry.is_some() != q.classes;
        if asks_classes && !q.non_crossing && kind.is_closed() && !g.piece().is_rook() {
            // Knight 8×8: 1,658,420,855,433 classes in under a minute, where the diagram
            // the walk needs is 9.2 GiB.
            let turned = turned(g)?;
            let on = turned.as_ref().unwrap_or(g);
            let halves = leaper::halves::cut(on);
            if halves.is_some() && leaper_classes::applies(g) {
                return Ok(CountPlan {
                    counter: Counter::LeaperClasses { halves },
                    turned,
                });
            }
        }
        if q.symmetry.is_some() {
            let burnside = closed_rook(g, kind) && !q.classes && !q.non_crossing;
            return Ok(on_board(if burnside {
                Counter::SymmetricBurnside
            } else {
                Counter::SymmetricWalk
            }));
        }
        if closed_rook(g, kind) && !g.topology().is_torus() {
            // Closed rook tours (which never cross): exact on boards of any length, and
            // Burnside's lemma for classes.
            let b = g.board();
            if q.classes && classes::applies(b) {
                return Ok(on_board(Counter::DenseClasses));
            }
            let dense = !q.classes && b.rows.min(b.cols) >= DENSE_FROM && b.cells() % 2 == 0;
            return Ok(on_board(if dense {
                Counter::ModularCrt
            } else {
                Counter::Transfer
            }));
        }
        if closed_rook(g, kind)
            && q.classes
            && !q.non_crossing
            && g.board().cells() > TORUS_WALK_CELLS
        {
            // On the torus (the plane's closed rook tours were answered above).
            return Ok(on_board(Counter::TorusClasses));
        }
        if q.classes || q.non_crossing {
            return Ok(CountPlan {
                counter: Counter::Walk,
                turned: turned(g)?,
            });
        }
        CountPlan::plain(g, kind)
    }

    /// The counter for the plain number of the `kind` tours of `g` (no symmetry, classes
    /// or filter): closed tours of the plane by the leaper counter where its frontier
    /// fits (9–17× faster than the edge-at-a-time DP on knight 6×7, measured with
    /// `benches/experiments/leaper_widths.rs`), the others by the count-only frontier DP;
    /// both on the narrower orientation.
    pub fn plain(g: &LeapGraph, kind: TourKind) -> Result<CountPlan> {
        if closed_rook(g, kind) && g.topology().is_torus() {
            // The torus counter sweeps along the longer side itself.
            return Ok(CountPlan {
                counter: Counter::Torus,
                turned: None,
            });
        }
        let turned = turned(g)?;
        let on = turned.as_ref().unwrap_or(g);
        let counter = if kind.is_closed() && !on.topology().is_torus() && leaper::fits(on) {
            Counter::Leaper {
                halves: leaper::halves::cut(on),
            }
        } else if !kind.is_closed() && leaper::open::fits(on) {
            // Knight 6×6: 3,318,960 open tours in a fraction of a second, where the
            // frontier DP's projection is 2 minutes and 1.8 GiB.
            Counter::LeaperOpen
        } else {
            Counter::Frontier
        };
        Ok(CountPlan { counter, turned })
    }

    /// The graph the counter runs on: the turned board's, or `g` (the board as asked).
    pub fn graph<'a>(&'a self, g: &'a LeapGraph) -> &'a LeapGraph {
        self.turned.as_ref().unwrap_or(g)
    }
}

/// Are the `kind` tours of `g` that `symmetry` fixes listed from the quotient boards
/// (`symmetric_tours::direct`) rather than from the diagram's walk? (Classes and the
/// non-crossing filter always walk the diagram: the caller asks only without them.)
pub fn lists_directly(g: &LeapGraph, kind: TourKind, symmetry: Symmetry) -> bool {
    let from = if g.piece().is_rook() {
        DIRECT_FROM_CELLS + 1
    } else {
        DIRECT_LEAPER_FROM_CELLS
    };
    direct::supported(g, symmetry) && kind == TourKind::Closed && g.board().cells() >= from
}

/// Closed rook tours: the tours the transfer matrix, the dense counter and Burnside's
/// fixed-tour counts know (and the ones the quarter-turn and mirror theorems speak of).
pub fn closed_rook(g: &LeapGraph, kind: TourKind) -> bool {
    kind.is_closed() && g.piece().is_rook()
}

/// The graph of the board turned a quarter when it has more columns than rows (the
/// frontier engines' cost grows with the number of columns), else `None`. Mirroring in
/// the diagonal maps tours to tours, crossings to crossings and symmetry classes to
/// classes of the same orbit size, so every count is the same on both orientations.
fn turned(g: &LeapGraph) -> Result<Option<LeapGraph>> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use tourglyph_core::{Board, Piece};

    fn plane(piece: &str, rows: u32, cols: u32) -> LeapGraph {
        LeapGraph::new(Board::new(rows, cols), &piece.parse::<Piece>().unwrap()).unwrap()
    }

    fn asked(classes: bool, non_crossing: bool, symmetry: Option<Symmetry>) -> Query {
        Query {
            classes,
            non_crossing,
            symmetry,
            ..Query::default()
        }
    }

    /// The decision table of the module's docs, row by row.
    #[test]
    fn the_table() {
        let plain = Query::default();
        let counter = |g: &LeapGraph, kind, q: &Query| CountPlan::new(g, kind, q).unwrap().counter;
        let closed = TourKind::Closed;
        let open = TourKind::Open;
        let rot = Some(Symmetry::Rot180);
        let rook = plane("rook", 6, 6);
        assert_eq!(
            counter(&rook, closed, &asked(false, false, rot)),
            Counter::SymmetricBurnside
        );
        for q in [asked(true, false, rot), asked(false, true, rot)] {
            assert_eq!(counter(&rook, closed, &q), Counter::SymmetricWalk);
        }
        assert_eq!(
            counter(&plane("knight", 6, 6), closed, &asked(false, false, rot)),
            Counter::LeaperClasses { halves: Some(3) }
        );
        assert_eq!(
            counter(&plane("knight", 6, 6), closed, &asked(true, false, None)),
            Counter::LeaperClasses { halves: Some(3) }
        );
        // With the non-crossing filter, or a group the quotients do not answer (the
        // king's mirrors of an even side): the walk.
        assert_eq!(
            counter(&plane("knight", 6, 6), closed, &asked(true, true, None)),
            Counter::Walk
        );
        assert_eq!(
            counter(&plane("king", 4, 6), closed, &asked(false, false, rot)),
            Counter::SymmetricWalk
        );
        assert_eq!(
            counter(&rook, open, &asked(false, false, rot)),
            Counter::SymmetricWalk
        );
        assert_eq!(counter(&rook, closed, &plain), Counter::Transfer);
        assert_eq!(
            counter(&rook, closed, &asked(true, false, None)),
            Counter::Transfer
        );
        let big = plane("rook", DENSE_FROM, 40);
        assert_eq!(counter(&big, closed, &plain), Counter::ModularCrt);
        assert_eq!(
            counter(&big, closed, &asked(true, false, None)),
            Counter::Transfer
        );
        let square = plane("rook", 20, 20);
        assert_eq!(
            counter(&square, closed, &asked(true, false, None)),
            Counter::DenseClasses
        );
        assert_eq!(
            counter(&plane("rook", 12, 12), closed, &asked(true, false, None)),
            Counter::Transfer
        );
        let odd = plane("rook", DENSE_FROM + 1, DENSE_FROM + 1);
        assert_eq!(counter(&odd, closed, &plain), Counter::Transfer);
        assert_eq!(
            counter(&rook, open, &asked(true, false, None)),
            Counter::Walk
        );
        assert_eq!(counter(&rook, open, &plain), Counter::LeaperOpen);
        // Open tours past the apex sweep's 128-bit counts: the frontier DP.
        assert_eq!(
            counter(&plane("rook", 30, 30), open, &plain),
            Counter::Frontier
        );
        let knight = plane("knight", 6, 8);
        assert_eq!(
            counter(&knight, closed, &asked(false, true, None)),
            Counter::Walk
        );
        assert_eq!(counter(&knight, open, &plain), Counter::LeaperOpen);
        // 6×8 runs as 8×6: cut between its rows 3 and 4.
        let p = CountPlan::new(&knight, closed, &plain).unwrap();
        assert_eq!(p.counter, Counter::Leaper { halves: Some(4) });
        assert_eq!(p.graph(&knight).board(), Board::new(8, 6));
        assert_eq!(
            counter(&plane("camel", 10, 6), closed, &plain),
            Counter::Leaper { halves: None }
        );
    }

    /// The torus: plain counts by the torus counter; classes by the walk up to
    /// [`TORUS_WALK_CELLS`] cells, by Burnside's lemma above.
    #[test]
    fn the_torus() {
        let kind = TourKind::Closed;
        let torus =
            |m, n| tourglyph_core::torus::graph(Board::new(m, n), &Piece::rook(), kind).unwrap();
        let g = torus(4, 4);
        let p = CountPlan::new(&g, kind, &Query::default()).unwrap();
        assert_eq!(p.counter, Counter::Torus);
        let classes = asked(true, false, None);
        for (m, n, want) in [
            (4, 4, Counter::Walk),
            (6, 6, Counter::Walk),
            (5, 8, Counter::TorusClasses),
            (10, 10, Counter::TorusClasses),
        ] {
            assert_eq!(
                CountPlan::new(&torus(m, n), kind, &classes)
                    .unwrap()
                    .counter,
                want,
                "{m}x{n}"
            );
        }
    }

    /// Symmetric tours are listed directly for closed rook tours of plane boards above
    /// 64 cells, and for the turns of other pieces from 64 cells.
    #[test]
    fn symmetric_listing() {
        let (closed, open) = (TourKind::Closed, TourKind::Open);
        let rot = Symmetry::Rot180;
        assert!(lists_directly(&plane("rook", 10, 10), closed, rot));
        assert!(!lists_directly(&plane("rook", 8, 8), closed, rot));
        assert!(!lists_directly(&plane("rook", 10, 10), open, rot));
        assert!(lists_directly(&plane("knight", 10, 10), closed, rot));
        assert!(lists_directly(&plane("knight", 8, 8), closed, rot));
        assert!(!lists_directly(&plane("knight", 6, 8), closed, rot));
        assert!(!lists_directly(
            &plane("knight", 8, 8),
            closed,
            Symmetry::Mirror
        ));
        assert!(!lists_directly(
            &plane("rook", 10, 12),
            closed,
            Symmetry::Rot90
        ));
    }
}
