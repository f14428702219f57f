//! Symmetry classes: the group laws (property tests), the representative test against a
//! brute-force canonical form, and orbit–stabiliser (orbit sizes add up to the count).

use crate::reference::{self, A003763, A209077, KNIGHT_6X6_CLASSES};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use tourglyph::engine::frontier::Zdd;
use tourglyph::engine::{Flow, Found};
use tourglyph::symmetry::{ClassChecker, Sym};
use tourglyph::{Board, LeapGraph, Piece, Tour, TourKind};
use tourglyph::{engine::select::Query, engine::select::tally};

fn image(g: &LeapGraph, s: Sym, edges: &[u32]) -> Vec<u32> {
    let map = s.edge_map(g);
    let mut v: Vec<u32> = edges.iter().map(|&e| map[e as usize]).collect();
    v.sort_unstable();
    v
}

/// Brute force: a tour's class is the set of its images as sorted lists; the
/// representative is the least list; the orbit is the number of distinct images.
fn brute_classes(g: &LeapGraph, kind: TourKind) -> BTreeMap<Vec<u32>, usize> {
    let z = Zdd::build(g, kind).unwrap();
    let group = Sym::group(g.board());
    let mut classes = BTreeMap::new();
    z.for_each(0..z.count(), &mut |f: &Found<'_>| {
        let imgs: BTreeSet<Vec<u32>> = group.iter().map(|&s| image(g, s, f.edges)).collect();
        classes.insert(imgs.iter().next().unwrap().clone(), imgs.len());
        Flow::Continue
    });
    classes
}

#[test]
fn checker_matches_brute_force_and_orbits_add_up() {
    for (piece, board, kind, classes_want) in [
        (
            "rook",
            "4x4",
            TourKind::Closed,
            Some(reference::value(A209077, 4, 4)),
        ),
        (
            "rook",
            "6x6",
            TourKind::Closed,
            Some(reference::value(A209077, 6, 6)),
        ),
        ("rook", "4x6", TourKind::Closed, None),
        ("rook", "5x6", TourKind::Closed, None),
        ("knight", "6x6", TourKind::Closed, Some(KNIGHT_6X6_CLASSES)),
        ("king", "4x4", TourKind::Closed, None),
        ("rook", "4x5", TourKind::Open, None),
    ] {
        let g = LeapGraph::new(board.parse().unwrap(), &piece.parse::<Piece>().unwrap()).unwrap();
        let brute = brute_classes(&g, kind);
        let z = Zdd::build(&g, kind).unwrap();
        let c = ClassChecker::new(&g);
        let mut fast = BTreeMap::new();
        z.for_each(0..z.count(), &mut |f: &Found<'_>| {
            if let Some(o) = c.classify(f.bits) {
                fast.insert(f.edges.to_vec(), o as usize);
            }
            Flow::Continue
        });
        assert_eq!(fast, brute, "{piece} {board}");
        let orbit_sum: usize = fast.values().sum();
        assert_eq!(
            orbit_sum as u128,
            z.count(),
            "{piece} {board}: orbit sizes must add up"
        );
        if let Some(w) = classes_want {
            assert_eq!(fast.len() as u128, w, "{piece} {board}");
        }
    }
}

/// OEIS A209077: 580,717 classes of the 4,638,576 (A003763) 8×8 tours; orbit–stabiliser.
#[test]
fn eight_by_eight_classes() {
    let tours = reference::value(A003763, 8, 8);
    let g = LeapGraph::new(Board::new(8, 8), &Piece::rook()).unwrap();
    let z = Zdd::build(&g, TourKind::Closed).unwrap();
    assert_eq!(z.count(), tours);
    let t = tally(
        &z,
        &g,
        &Query {
            classes: true,
            ..Query::default()
        },
    );
    assert_eq!(u128::from(t.selected), reference::value(A209077, 8, 8));
    let sum: u64 = t.orbits.iter().map(|(o, n)| u64::from(*o) * n).sum();
    assert_eq!(u128::from(sum), tours);
}

fn sym() -> impl Strategy<Value = Sym> {
    prop::sample::select(Sym::D4.to_vec())
}

proptest! {
    /// D4 laws: identity, closure and associativity of composition, inverses.
    #[test]
    fn group_laws(a in sym(), b in sym(), c in sym()) {
        prop_assert_eq!(a.compose(Sym::Id), a);
        prop_assert_eq!(Sym::Id.compose(a), a);
        prop_assert_eq!(a.compose(b).compose(c), a.compose(b.compose(c)));
        prop_assert!(Sym::D4.iter().any(|&i| a.compose(i) == Sym::Id && i.compose(a) == Sym::Id));
    }

    /// Every element of a board's group permutes cells and edges, and maps tours to
    /// tours (validated), for any leaper on any small board.
    #[test]
    fn symmetries_map_tours_to_tours(rows in 2u32..7, cols in 2u32..7, p in 0usize..4, seed in 0u64..1000) {
        let piece = ["rook", "knight", "king", "leaper:1,3"][p].parse::<Piece>().unwrap();
        let g = LeapGraph::new(Board::new(rows, cols), &piece).unwrap();
        for &s in Sym::group(g.board()) {
            let cells: BTreeSet<u32> = (0..g.vertex_count() as u32).map(|c| s.apply_cell(g.board(), c)).collect();
            prop_assert_eq!(cells.len(), g.vertex_count());
            let map = s.edge_map(&g);
            let set: BTreeSet<u32> = map.iter().copied().collect();
            prop_assert_eq!(set.len(), g.edge_count());
        }
        if g.vertex_count() <= 30 && p != 1 {
            let z = Zdd::build(&g, TourKind::Closed).unwrap();
            if z.count() > 0 {
                let t = z.unrank(u128::from(seed) % z.count()).unwrap();
                for &s in Sym::group(g.board()) {
                    let img = Tour::from_edges(image(&g, s, &t.edges), TourKind::Closed);
                    prop_assert!(img.validate(&g).is_ok());
                    prop_assert!(z.rank(&img.edges).is_some());
                }
            }
        }
    }
}

/// `ClassChecker::representative` (used by class sampling) gives every tour the least of
/// its images, by brute force, and the orbit size of its class.
#[test]
fn representative_of_every_member_matches_brute_force() {
    for (piece, board, kind) in [
        ("rook", "6x6", TourKind::Closed),
        ("rook", "4x5", TourKind::Open),
        ("knight", "10x3", TourKind::Closed),
    ] {
        let g = LeapGraph::new(board.parse().unwrap(), &piece.parse::<Piece>().unwrap()).unwrap();
        let z = Zdd::build(&g, kind).unwrap();
        let c = ClassChecker::new(&g);
        let group = Sym::group(g.board());
        let mut seen = 0;
        z.for_each(0..z.count(), &mut |f: &Found<'_>| {
            let imgs: BTreeSet<Vec<u32>> = group.iter().map(|&s| image(&g, s, f.edges)).collect();
            let bits = tourglyph::symmetry::bitset(f.edges, c.words());
            let (rep, orbit) = c.representative(&bits);
            let rep = tourglyph::symmetry::edges_of(&rep);
            assert_eq!(&rep, imgs.iter().next().unwrap(), "{board} tour {}", f.id);
            assert_eq!(orbit as usize, imgs.len(), "{board} tour {}", f.id);
            assert_eq!(
                c.classify(&tourglyph::symmetry::bitset(&rep, c.words())),
                Some(orbit)
            );
            seen += 1;
            Flow::Continue
        });
        assert_eq!(seen, z.count(), "{board}");
    }
}
