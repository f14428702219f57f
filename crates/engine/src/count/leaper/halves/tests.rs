//! The halves against their oracles: the join against the join with the sides' roles
//! swapped, the narrow words against the wide ones, the folded and reordered sweeps
//! against the plain ones, and the cut's geometry.

use super::cut::{
    Cut, base3, board_mirror, cut, cut_cells, cut_steps, edge_groups, kept_rows, middle_edges,
    side_plan, turn, unpack_partners,
};
use super::join::{Join, RunIndex, Sums, Tally, Turning, sums_fit_64_bits};
use super::side::{cut_slots, cuts_of, degree_key, sides, turned};
use super::weights::{Weighed, top_weights};
use crate::count::leaper::order::LeaperOrder;
use crate::count::leaper::pairings;
use crate::count::leaper::sweep::sweep_sharded;
use crate::count::leaper::word::{Sat32, U96};
use rayon::prelude::*;
use tourglyph_core::budget::Budget;
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::{Board, Piece};

/// The top states' weights, joined state by state with the mirror's saving, equal
/// the weights of the join with the sides' roles swapped (every state tested
/// against every bottom pairing it meets) on knight 6×6, 5×8 (sides of 2 and 3
/// rows), 6×7 and 6×8, and Σ count · weight is the number of tours.
#[test]
fn weights_agree_with_the_swapped_join() {
    for (r, c, tours) in [
        (6, 6, 9_862u128),
        (5, 8, 44_202),
        (7, 6, 1_067_638),
        (6, 8, 55_488_142),
    ] {
        let g = LeapGraph::new(Board::new(r, c), &Piece::knight()).unwrap();
        let h = cut(&g).unwrap();
        let b = Budget::default();
        let key = |w: &Weighed| (w.degrees, w.partners);
        let mut new = top_weights(&g, h, &b, &|_| 0.0).unwrap();
        let mut old = top_weights_swapped(&g, h);
        new.sort_unstable_by_key(key);
        old.sort_unstable_by_key(key);
        assert_eq!(new.len(), old.len(), "{r}x{c}");
        assert!(new == old, "{r}x{c}: the weights differ");
        let total: u128 = new.iter().map(|w| w.count * w.weight).sum();
        assert_eq!(total, tours, "{r}x{c}");
    }
}

/// The bottom runs turned from the top as the join reaches them
/// ([`Join::bottom_states`]), sorted, are the top side's cuts each turned whole
/// ([`turn`]) and sorted whole by (degrees, partners), every field of every state
/// (junk in the fields of cells not at a path end included), and so is the side
/// turned by [`turned`]; unsorted, the same states; and each turned state's source
/// is the top state that turns into it (knight 6×6, 8×5 and 6×8's closed sides,
/// 6×6's and 8×5's open ones).
#[test]
fn the_top_turned_run_by_run_is_the_top_turned() {
    for (r, c, open) in [
        (6, 6, false),
        (8, 5, false),
        (6, 8, false),
        (6, 6, true),
        (8, 5, true),
    ] {
        let g = LeapGraph::new(Board::new(r, c), &Piece::knight()).unwrap();
        let h = cut(&g).unwrap();
        let (j, n) = (2 * c as usize, cut_cells(&g, open));
        let (top, bottom, _) = sides(&g, h, open, &Budget::default(), None, None).unwrap();
        assert!(bottom.is_none(), "{r}x{c}");
        let mut whole: Vec<(Cut, u64)> = (top.cuts().into_iter())
            .map(|(c, count)| (turn(c, j, n), count))
            .collect();
        whole.sort_unstable_by_key(|&(c, _)| (c.degrees, c.partners));
        assert!(turned(&top, j, n).cuts() == whole, "{r}x{c}");
        let join = Join::new(middle_edges(&g, h), c as usize, n, top, None);
        let top = &join.top;
        assert!(join.bottom.is_empty(), "{r}x{c}");
        // The runs, laid end to end, sorted (with the sources) and unsorted.
        let (mut states, mut sources, mut unsorted) = (vec![], vec![], vec![]);
        let mut turning = Turning::default();
        for &(d, from, to) in &join.bottom_runs {
            let (run, from_top) = join.bottom_states((d, from, to), true, &mut turning);
            states.extend(run.iter().map(|s| {
                (
                    Cut {
                        degrees: d,
                        partners: s.partners,
                    },
                    s.count,
                )
            }));
            sources.extend_from_slice(from_top);
            let (run, _) = join.bottom_states((d, from, to), false, &mut turning);
            let mut run: Vec<(u64, u64)> = run.iter().map(|s| (s.partners, s.count)).collect();
            run.sort_unstable();
            unsorted.extend(run);
        }
        assert!(join.bottom_runs.len() > 10, "{r}x{c}");
        assert!(states == whole, "{r}x{c}");
        let fields: Vec<(u64, u64)> = whole.iter().map(|&(c, n)| (c.partners, n)).collect();
        assert!(unsorted == fields, "{r}x{c}");
        // Each top state's degrees, by index.
        let mut degrees = vec![0; top.states.len()];
        for &(d, from, to) in &top.runs {
            degrees[from..to].fill(d);
        }
        for (&(Cut { partners, .. }, count), &k) in states.iter().zip(&sources) {
            let t = top.states[k as usize];
            let c = Cut {
                degrees: degrees[k as usize],
                partners: t.partners,
            };
            assert_eq!((turn(c, j, n).partners, t.count), (partners, count));
        }
    }
}

/// Of two pairs of runs that the half turn maps onto each other, the join links the
/// smaller top run (`turn_key`): every top state linked with the factor 2 lies in
/// a run no larger than the bottom run it meets, no top run skipped is smaller than
/// the bottom run, and some are larger (knight 6×8 and 8×6, closed; 6×6 open).
#[test]
fn the_half_turn_links_the_smaller_run() {
    for (r, c, open) in [(8, 6, false), (6, 8, false), (6, 6, true)] {
        let g = LeapGraph::new(Board::new(r, c), &Piece::knight()).unwrap();
        let h = cut(&g).unwrap();
        let n = cut_cells(&g, open);
        let (top, bottom, _) = sides(&g, h, open, &Budget::default(), None, None).unwrap();
        let join = Join::new(middle_edges(&g, h), c as usize, n, top, bottom);
        assert!(join.turned, "{r}x{c}");
        // Each top run's size, by state.
        let mut size = vec![0; join.top.states.len()];
        for &(_, from, to) in &join.top.runs {
            size[from..to].fill(to - from);
        }
        let (mut twice, mut larger_skipped) = (0, 0);
        for &(d, from, to) in &join.bottom_runs {
            let Some(m) = join.meeting(d, to - from) else {
                continue;
            };
            let mut visit = |i: usize, _, _, times| {
                if times == 2 {
                    let (top, bottom) = (size[i], to - from);
                    assert!(top <= bottom, "{r}x{c}: {top} linked for {bottom}");
                    twice += 1;
                }
            };
            join.each_link(
                &m.leaves,
                m.key,
                m.end_mask,
                &mut Tally::default(),
                &mut visit,
            );
            // The leaves' top runs skipped (their pair is joined turned): none
            // smaller than the bottom run, and some larger.
            for &(code, _) in &m.leaves {
                if let Some(k) = join.top_index.get(code as usize) {
                    let (_, tfrom, tto) = join.top.runs[k];
                    let (top, bottom) = (tto - tfrom, to - from);
                    if join.top_runs[k].key > m.key {
                        assert!(top >= bottom, "{r}x{c}: {top} skipped for {bottom}");
                        larger_skipped += usize::from(top > bottom);
                    }
                }
            }
        }
        assert!(
            twice > 1000 && larger_skipped > 100,
            "{r}x{c}: {twice} {larger_skipped}"
        );
    }
}

/// The join's pairings summed in 64 bits count what they count summed in 128, with
/// the same work (knight 8×6, the top turned; 7×6, a bottom of its own; 6×6 open),
/// and the count is the published one; a side whose counts could carry a sum past
/// 64 bits is summed in 128.
#[test]
fn narrow_sums_count_as_the_wide_ones() {
    for (r, c, open, tours) in [
        (8, 6, false, 55_488_142u128),
        (7, 6, false, 1_067_638),
        (6, 6, true, 3_318_960),
    ] {
        let g = LeapGraph::new(Board::new(r, c), &Piece::knight()).unwrap();
        let h = cut(&g).unwrap();
        let (top, bottom, _) = sides(&g, h, open, &Budget::default(), None, None).unwrap();
        let cols = c as usize;
        let n = cut_cells(&g, open);
        let mut join = Join::new(middle_edges(&g, h), cols, n, top, bottom);
        assert!(join.narrow_sums, "{r}x{c}");
        let runs: Vec<(u32, usize, usize, u128)> = (join.bottom_runs.iter())
            .map(|&(d, from, to)| (d, from, to, 1))
            .collect();
        let narrow = join.run_all(&runs, true);
        join.narrow_sums = false;
        let wide = join.run_all(&runs, true);
        // Every run joined (no mirror saving): the half turn's saving alone.
        assert_eq!(narrow.tours, tours, "{r}x{c}");
        assert_eq!(
            (
                narrow.tours,
                narrow.links,
                narrow.pairs,
                narrow.contractions
            ),
            (wide.tours, wide.links, wide.pairs, wide.contractions),
            "{r}x{c}"
        );
        // A top state counted 2^62 times could make a sum of 2^64 or more.
        join.top.states[0].count = 1 << 62;
        assert!(!sums_fit_64_bits(&join.top, join.middle.len()), "{r}x{c}");
    }
}

/// The weights summed in 64 bits are those summed in 128 (knight 6×8 and 7×6:
/// both boards take the 64-bit sums in [`top_weights`]).
#[test]
fn narrow_weights_are_the_wide_ones() {
    for (r, c) in [(6, 8), (7, 6)] {
        let g = LeapGraph::new(Board::new(r, c), &Piece::knight()).unwrap();
        let h = cut(&g).unwrap();
        let (top, bottom, _) = sides(&g, h, false, &Budget::default(), None, None).unwrap();
        let cols = c as usize;
        let join = Join::new(middle_edges(&g, h), cols, 2 * cols, top, bottom);
        assert!(join.weights_fit_64_bits(), "{r}x{c}");
        let wide = join.weights::<u128>();
        assert!(wide.iter().filter(|&&w| w > 0).count() > 1000, "{r}x{c}");
        assert!(join.weights::<u64>() == wide, "{r}x{c}");
    }
}

/// A side swept with 96-bit keys and saturating 32-bit counts ends in the states,
/// and the counts, of the side swept with `u128` keys and counts (knight 6×6, 8×5,
/// 7×6 and 8×8's 4-row sides; 5×8's 3-row side).
#[test]
fn narrow_sides_are_the_wide_ones() {
    for (r, c, h) in [(6, 6, 3), (5, 8, 3), (6, 7, 3), (8, 5, 4), (8, 5, 3)] {
        let g = LeapGraph::new(Board::new(r, c), &Piece::knight()).unwrap();
        let (p, cut) = side_plan(&g, h, false).unwrap();
        assert!(p.bits * p.max_width() as u32 <= U96::BITS, "{r}x{c}");
        let b = Budget::default();
        let by_degrees = degree_key(p.bits, &cut_slots(&p, &cut));
        let m = board_mirror(&g);
        let narrow =
            sweep_sharded::<U96, Sat32>(&g, &p, &b, None, "the closed", by_degrees, Some(&m))
                .unwrap();
        let wide =
            sweep_sharded::<u128, u128>(&g, &p, &b, None, "the closed", by_degrees, Some(&m))
                .unwrap();
        assert_eq!(narrow.0.widths, wide.0.widths, "{r}x{c}");
        let key = |x: &(Cut, u64)| (x.0.degrees, x.0.partners, x.1);
        let unfold = Some(c as usize);
        let mut narrow = cuts_of(&p, &cut, narrow.1, unfold).cuts();
        let mut wide = cuts_of(&p, &cut, wide.1, unfold).cuts();
        narrow.sort_unstable_by_key(key);
        wide.sort_unstable_by_key(key);
        assert!(narrow.len() > 100, "{r}x{c}");
        assert!(narrow == wide, "{r}x{c}");
    }
}

/// A side swept up to the board's mirror image ends in the cuts, with the counts, of
/// the side swept whole, and steps fewer states (knight 6×6, 5×8, 7×6 and 8×5 closed,
/// 6×6 and 7×5 open: 3- and 4-row sides, cuts of 10 to 16 cells, and the apex). Each
/// folded level that kept one state of a pair too many or too few, or counted it
/// once where it stands for two, would change a count here.
#[test]
fn folded_sides_are_the_whole_ones() {
    for (r, c, h, open) in [
        (6, 6, 3, false),
        (5, 8, 3, false),
        (7, 6, 3, false),
        (8, 5, 4, false),
        (6, 6, 3, true),
        (7, 5, 3, true),
    ] {
        let g = LeapGraph::new(Board::new(r, c), &Piece::knight()).unwrap();
        let (p, cut) = side_plan(&g, h, open).unwrap();
        let b = Budget::default();
        let by_degrees = degree_key(p.bits, &cut_slots(&p, &cut));
        let m = board_mirror(&g);
        let key = |x: &(Cut, u64)| (x.0.degrees, x.0.partners, x.1);
        let sweep = |mirror: Option<&dyn Fn(u32) -> u32>| {
            let (counted, last) =
                sweep_sharded::<u128, u128>(&g, &p, &b, None, "the closed", by_degrees, mirror)
                    .unwrap();
            let mut cuts = cuts_of(&p, &cut, last, mirror.map(|_| c as usize)).cuts();
            cuts.sort_unstable_by_key(key);
            (counted.states(), cuts)
        };
        let (whole_states, whole) = sweep(None);
        let (folded_states, folded) = sweep(Some(&m));
        assert!(whole.len() > 100, "{r}x{c}");
        assert!(folded == whole, "{r}x{c} open {open}");
        assert!(
            4 * folded_states < 3 * whole_states,
            "{r}x{c}: {folded_states} states stepped folded against {whole_states}"
        );
    }
}

/// A side swept with its kept rows in [`kept_last`]'s order ends in the cuts, with
/// the counts, of the side swept row by row, and steps fewer states (knight 6×8, 8×6
/// and 7×7 closed, 6×6 open). With its cut cells' steps taken as
/// if row by row, or with row by row's order, this fails.
///
/// [`kept_last`]: crate::count::leaper::order::kept_last
#[test]
fn the_kept_rows_in_order_are_the_rows_in_order_with_fewer_states() {
    for (r, c, h, open) in [
        (6, 8, 3, false),
        (8, 6, 4, false),
        (7, 7, 3, false),
        (6, 6, 3, true),
    ] {
        let g = LeapGraph::new(Board::new(r, c), &Piece::knight()).unwrap();
        let cols = c as usize;
        let row = |v: u32| v as usize / cols;
        let edge = |u: u32, v: u32| {
            let (a, b) = (row(u).min(row(v)), row(u).max(row(v)));
            b < h || (a + 2 == h && b == h)
        };
        let kept = |v: u32| row(v) + 1 == h || row(v) == h;
        let order: Vec<u32> = (0..((h + 1) * cols) as u32).collect();
        let by_rows = if open {
            LeaperOrder::build_with_apex(&g, &order, edge, kept, |v| row(v) < h)
        } else {
            LeaperOrder::build(&g, &order, edge, kept)
        }
        .unwrap();
        let (_, cut) = kept_rows(cols, h + 1);
        let by_rows_cut = cut_steps(&order, &cut, open);
        let (p, p_cut) = side_plan(&g, h, open).unwrap();
        assert_ne!(p_cut, by_rows_cut, "{r}x{c}");
        let b = Budget::default();
        let key = |x: &(Cut, u64)| (x.0.degrees, x.0.partners, x.1);
        let sharded = |p: &LeaperOrder, cut: &[usize]| {
            let by_degrees = degree_key(p.bits, &cut_slots(p, cut));
            let (counted, last) =
                sweep_sharded::<u128, u128>(&g, p, &b, None, "the closed", by_degrees, None)
                    .unwrap();
            (counted, cuts_of(p, cut, last, None).cuts())
        };
        let (old, mut old_cuts) = sharded(&by_rows, &by_rows_cut);
        let (new, mut new_cuts) = sharded(&p, &p_cut);
        old_cuts.sort_unstable_by_key(key);
        new_cuts.sort_unstable_by_key(key);
        assert!(old_cuts.len() > 100, "{r}x{c}");
        assert!(old_cuts == new_cuts, "{r}x{c}");
        assert!(
            10 * new.states() < 9 * old.states(),
            "{r}x{c}: {} states against {} row by row",
            new.states(),
            old.states()
        );
    }
}

/// The run index finds each run of knight 6×6's top side (cut at 3) by its degree
/// vector, and no run for every other vector of the 3^12, read one by one against
/// a map from vector to run.
#[test]
fn the_run_index_finds_the_runs_and_nothing_else() {
    let g = LeapGraph::new(Board::new(6, 6), &Piece::knight()).unwrap();
    let (top, _, _) = sides(&g, 3, false, &Budget::default(), None, None).unwrap();
    let index = RunIndex::new(&top.runs, 12);
    let by_code: std::collections::HashMap<usize, usize> = top
        .runs
        .iter()
        .enumerate()
        .map(|(r, &(d, _, _))| (base3(d, 12), r))
        .collect();
    assert!(by_code.len() > 1000, "{}", by_code.len());
    for code in 0..3usize.pow(12) {
        assert_eq!(index.get(code), by_code.get(&code).copied(), "{code}");
    }
}

/// Turning the cut twice gives it back, and a turned cut's partners are partners.
#[test]
fn turning_a_cut_is_an_involution() {
    let c = Cut {
        // cells 0 and 5 are the ends of a path (cell 5 names cell 0 by a 0 nibble),
        // cell 3 saturated, the rest lone.
        degrees: 1 | 2 << (2 * 3) | 1 << (2 * 5),
        partners: 5,
    };
    let t = turn(c, 12, 12);
    assert_eq!(turn(t, 12, 12), c);
    assert_eq!((t.degrees >> (2 * 11)) & 3, 1);
    assert_eq!((t.partners >> (4 * 11)) & 15, 6);
    assert_eq!((t.degrees >> (2 * 8)) & 3, 2);
}

/// The cut applies to leaps of one or two rows on boards 4 rows deep or more and at
/// most 8 wide, off the torus; it is the middle of the board.
#[test]
fn where_the_cut_applies() {
    let cut = |piece: &str, r, c| {
        cut(&LeapGraph::new(Board::new(r, c), &piece.parse().unwrap()).unwrap())
    };
    assert_eq!(cut("knight", 8, 8), Some(4));
    assert_eq!(cut("knight", 7, 6), Some(3));
    assert_eq!(cut("knight", 4, 3), Some(2));
    assert_eq!(cut("king", 8, 8), None);
    assert_eq!(cut("knight", 3, 8), None);
    assert_eq!(cut("knight", 8, 9), None);
    assert_eq!(cut("camel", 8, 8), None);
    assert_eq!(cut("zebra", 8, 8), None);
    let torus = LeapGraph::with_topology(
        Board::new(8, 6),
        &Piece::knight(),
        tourglyph_core::graph::Topology::Torus,
    )
    .unwrap();
    assert_eq!(super::cut(&torus), None);
}

/// The knight's middle edges on 8 columns fall into four groups that share no cell
/// ([`edge_groups`]), each a path of three edges on four cells.
#[test]
fn the_knights_middle_edges_make_four_paths() {
    let g = LeapGraph::new(Board::new(8, 8), &Piece::knight()).unwrap();
    let m = middle_edges(&g, 4);
    let groups = edge_groups(&m);
    assert_eq!(groups.len(), 4, "{groups:?}");
    let mut all: Vec<usize> = groups.concat();
    all.sort_unstable();
    assert_eq!(all, (0..12).collect::<Vec<_>>());
    for group in &groups {
        // Three edges on four cells, joined: a path (no cell in two groups).
        let mut cells: Vec<usize> = group.iter().flat_map(|&k| [m[k].0, m[k].1]).collect();
        cells.sort_unstable();
        cells.dedup();
        assert_eq!((group.len(), cells.len()), (3, 4), "{group:?}");
        for other in groups.iter().filter(|o| *o != group) {
            assert!(
                other
                    .iter()
                    .all(|&k| !cells.contains(&m[k].0) && !cells.contains(&m[k].1))
            );
        }
    }
}

/// The knight's middle edges on a board 6 wide: (h − 1, c) to (h, c ± 2).
#[test]
fn middle_edges_of_the_knight() {
    let g = LeapGraph::new(Board::new(8, 6), &Piece::knight()).unwrap();
    let m = middle_edges(&g, 4);
    assert_eq!(m.len(), 8);
    assert!(
        m.iter()
            .all(|&(x, y)| x < 6 && y >= 6 && (x as i32 - (y as i32 - 6)).abs() == 2)
    );
}

/// [`top_weights`] as first written, for the tests: the join with the sides' roles
/// swapped, each top state tested by the walk against the bottom pairings it meets
/// (no mirror saving, no byte shuffles, no budget).
fn top_weights_swapped(g: &LeapGraph, h: usize) -> Vec<Weighed> {
    let cols = g.board().cols as usize;
    let (top, bottom, _) = sides(g, h, false, &Budget::default(), None, None).unwrap();
    let bottom = bottom.unwrap_or_else(|| turned(&top, 2 * cols, 2 * cols));
    // Swapped: the join's "top" is the bottom side, its runs the top side's (and
    // given: the half turn's saving is not taken).
    let join = Join::new(middle_edges(g, h), cols, 2 * cols, bottom, Some(top));
    join.bottom_runs
        .par_iter()
        .flat_map_iter(|&(degrees, from, to)| {
            let w = join.weigh(degrees, from, to);
            join.bottom[from..to]
                .iter()
                .zip(w)
                .map(move |(s, weight)| Weighed {
                    degrees,
                    partners: s.partners,
                    count: u128::from(s.count),
                    weight,
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

impl Join {
    /// Each bottom state of `from..to` (the run of degree vector `degrees`) weighed by
    /// the top states it meets: the number of (top edge set, middle edges) that close it
    /// into one tour.
    fn weigh(&self, degrees: u32, from: usize, to: usize) -> Vec<u128> {
        let mut out = vec![0u128; to - from];
        let mut linked = Sums::<u128>::default();
        let Some((start, ends)) = self.meet(degrees, to - from, &mut Tally::default(), &mut linked)
        else {
            return out;
        };
        let mut turning = Turning::default();
        let (bottom, _) = self.bottom_states((degrees, from, to), false, &mut turning);
        let qs: Vec<[u8; 16]> = bottom.iter().map(|s| unpack_partners(s.partners)).collect();
        // In key order, so that the sums do not depend on the map's.
        let mut linked: Vec<(u64, u128)> = linked.pairs().collect();
        linked.sort_unstable();
        for (key, a) in linked {
            // State by state, by the walk (not the byte shuffles the join uses).
            let p = unpack_partners(key);
            for (o, q) in out.iter_mut().zip(&qs) {
                let closed = pairings::walked(&p, start, ends, std::slice::from_ref(q), &[1]) * a;
                *o = o.wrapping_add(closed);
            }
        }
        out
    }
}
