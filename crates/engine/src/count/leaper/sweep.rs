//! One sweep over the cells in the vertex order: the levels of frontier states, sharded by
//! a hash of their keys and merged on rayon's workers, with the budget checked against
//! the work projected from the levels so far.

use super::counted::{LeaperCounted, SweepProgressFn};
use super::mirror::mirrors;
use super::order::{LeaperOrder, depth};
use super::slots;
use super::word::{Count, Word};
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::sync::Mutex;
use tourglyph_core::budget::Budget;
use tourglyph_core::error::Result;
use tourglyph_core::graph::LeapGraph;

/// Input groups of a level (a power of two): four per worker, for rayon to balance.
fn groups() -> usize {
    (4 * rayon::current_num_threads()).next_power_of_two()
}

/// Output shards of a level of `width` states (a power of two): about one per
/// [`PER_SHARD`] states, at least one per input group of the next level and at most
/// [`MAX_SHARDS`].
fn shards(width: usize, groups: usize) -> usize {
    (width / PER_SHARD)
        .next_power_of_two()
        .clamp(groups, MAX_SHARDS)
}

/// States of a level per output shard: a shard's successors (about twice as many) are
/// summed in a map of some 500 kB, which stays in the worker's cache (1 MB of L2 here)
/// from one shard to the next as each worker reuses its own; with smaller shards the
/// scatter writes to too many buffers at once. From 16384 to 262144 states a shard,
/// knight 8×8's count takes the same time (`benches/NOTES.md` has the measurements).
const PER_SHARD: usize = 16384;

/// Levels from this width free their scatter buffers when done: kept, the buffers of a
/// wide level stay resident in the allocator's heap beside the next level's, and keeping
/// every level's saves neither time nor page faults (`benches/NOTES.md`): the shards
/// change in number as the levels widen, and the buffers with them.
const RETAIN_BELOW: usize = 1 << 20;

/// The most output shards: each input group scatters into one buffer per shard.
const MAX_SHARDS: usize = 4096;

/// Bytes per state held: the current level and the next one's shard buffers and maps.
const BYTES_PER_STATE: f64 = 160.0;

/// The states still to step after the last of `widths`, and the widest level ahead (one per cell so far, the last
/// one the current level), on a board of `cells` cells `cols` wide whose frontier is `depth` rows deep,
/// and whether they are only lower bounds.
///
/// Until the frontier has filled and swept one more row, the current width times the
/// cells left: a lower bound (the growth of a filling frontier says little of the rows
/// ahead; projected from it, the one sweep of open knight's tours of 8×8 was refused at
/// cell 24 of 65 as 6.2·10^8 states, 3 min and 2.1 GiB; forced with `--max-memory 16G`,
/// it was refused at cell 30 as 8.4·10^11 states and 19 GiB, after 68 s and a peak of
/// 14.5 GiB). After that the states grow by a factor per row while rows still enter
/// the frontier's reach; on knight sweeps (6×8 from row 3: ×26, ×15, ×10, ×1.9 a row;
/// 8×8 from row 3: ×242, ×32), the growth holds for about
/// `depth` rows with falling factors and then levels off, the widest levels no later
/// than `depth` rows before the end. So: the last row's factor g, then √g, … for
/// `depth` rows but not past that peak, then flat. That overestimates the narrow boards
/// a little and refuses the hopeless ones as soon as their growth shows (8×8 at row 3,
/// after a fraction of a second).
///
/// A side's cut rows (`kept_from`, [`LeaperOrder::kept_from`]) never leave the frontier, so
/// they do not level off: once the first `cols` of them are swept, the states ahead
/// grow cell by cell at the geometric mean of the last `cols` cells' growth, to the
/// end (knight 9×8's bottom side grew ×13.9 over its first kept row, where the rule
/// above reads its last row as flat; `benches/NOTES.md` has the widths).
fn projected(
    widths: &[u64],
    cells: usize,
    cols: usize,
    depth: usize,
    kept_from: Option<usize>,
) -> (f64, f64, bool) {
    let i = widths.len() - 1;
    let width = widths[i] as f64;
    let left = cells - i - 1;
    if kept_from.is_some_and(|k| i >= k + cols && widths[i - cols] > 0) {
        #[allow(
            clippy::disallowed_methods,
            reason = "an estimate: it reaches output only as a refusal's 3 significant digits"
        )]
        let per_cell = (width / widths[i - cols] as f64)
            .max(1.0)
            .powf(1.0 / cols as f64);
        let (mut ahead, mut w) = (0.0, width);
        for _ in 0..left {
            w *= per_cell;
            ahead += w;
        }
        return (ahead, w, false);
    }
    if i < (depth + 1) * cols || widths[i - cols] == 0 {
        return (width * left as f64, width, true);
    }
    let growth = (width / widths[i - cols] as f64).max(1.0);
    let rows_growing = (cells / cols)
        .saturating_sub(depth + 1 + i / cols)
        .min(depth);
    // Row k ahead grows by growth^(1/2^(k-1)): ×g, ×√g, … (the factors fall fast).
    let mut per_row = vec![width; rows_growing + 1];
    let mut f = growth;
    for k in 1..=rows_growing {
        per_row[k] = per_row[k - 1] * f;
        f = f.sqrt();
    }
    let work = (1..=left)
        .map(|k| per_row[k.div_ceil(cols).min(rows_growing)])
        .sum();
    (work, per_row[rows_growing.min(left.div_ceil(cols))], false)
}

/// The shard of a key: the top bits of a multiplicative hash (`shift`: 64 less log2 of
/// the shards) with other constants than the maps' own, so that the keys of one shard
/// still spread over their map.
#[inline]
fn shard(t: u128, shift: u32) -> usize {
    let x = (t as u64 ^ (t >> 64) as u64 ^ (t >> 93) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (x >> shift) as usize
}

/// Levels narrower than this are stepped on the calling thread: handing them to rayon's
/// workers costs more than the work.
const PARALLEL_FROM: usize = 4096;

/// One input group's successors, by output shard.
type Scatter<K, C> = Vec<Vec<(K, C)>>;

/// The sweep over the cells of `p`, with keys `K` and counts `C`: [`sweep_sharded`]
/// with the last level sharded by the whole key.
pub(super) fn sweep<K: Word, C: Count>(
    g: &LeapGraph,
    p: &LeaperOrder,
    budget: &Budget,
    progress: SweepProgressFn<'_>,
    part: &str,
) -> Result<(LeaperCounted, Level<K, C>)> {
    sweep_sharded(g, p, budget, progress, part, |t| t, None)
}

/// The sweep over the cells of `p`, with keys `K` and counts `C`, its last level
/// sharded by a hash of `last_key` of each key (as a `u128`): the halves shard it by
/// the degrees of the cut's cells alone, so that the states of one degree vector end
/// in one shard ([`super::halves`]).
///
/// With `mirror` (a symmetry of the plan's graph, on its vertices), each level where
/// the cells processed are mapped onto themselves holds one state of each pair of
/// mirror images, counted for both ([`super::mirror`]): each successor of such a level
/// is replaced by the lesser of it and its image, by `last_key` first at the last
/// level (so that the pair's degree vectors there shard as one).
///
/// A level is held in shards by a hash of the key ([`shards`]). The shards are cut into
/// [`groups`]; each group's successors are scattered by output shard, then each output
/// shard is summed by key in its worker's map. The maps are kept for the whole sweep,
/// the scatter buffers and the shards while the number of shards stays the same (the
/// scatter buffers only below [`RETAIN_BELOW`] states), so most levels allocate
/// little. The count and the widths do not depend on the groups, the shards or the
/// workers: sums do not depend on the order of additions.
pub(super) fn sweep_sharded<K: Word, C: Count>(
    g: &LeapGraph,
    p: &LeaperOrder,
    budget: &Budget,
    progress: SweepProgressFn<'_>,
    part: &str,
    last_key: impl Fn(u128) -> u128 + Sync,
    mirror: Option<&dyn Fn(u32) -> u32>,
) -> Result<(LeaperCounted, Level<K, C>)> {
    let layout = slots::Layout::new(p);
    let bits = layout.bits;
    let mirrors = mirror.map_or_else(Vec::new, |m| mirrors(&layout, &p.order, m));
    let workers = rayon::current_num_threads();
    let n_groups = groups();
    let mut cur: Vec<Vec<(K, C)>> = vec![vec![(K::default(), C::from_u128(1))]];
    let mut scatter: Vec<Scatter<K, C>> = Vec::new();
    // One map per worker, and one for the calling thread.
    let maps: Vec<Mutex<FxHashMap<K, C>>> = (0..=workers).map(|_| Mutex::default()).collect();
    let mut tours = C::default();
    let mut widths = Vec::with_capacity(layout.steps.len());
    // Successors per state at the level before.
    let mut per_state = 1.0;
    for (i, step) in layout.steps.iter().enumerate() {
        let width: usize = cur.iter().map(Vec::len).sum();
        widths.push(width as u64);
        if let Some(f) = progress {
            f(i, p.steps.len(), width as u64);
        }
        check_budget(
            g,
            p.steps.len(),
            budget,
            &widths,
            p.kept_from,
            part,
            K::STATES_PER_SECOND,
        )?;
        let last = i + 1 == layout.steps.len();
        let parallel = width >= PARALLEL_FROM;
        let n_out = shards(width, n_groups);
        let shift = 64 - n_out.trailing_zeros();
        let used = n_groups.min(cur.len());
        // Buffers kept across a change of shards would each keep the capacity of a
        // level where it held another part of the keys: drop them and start afresh.
        if scatter.first().is_some_and(|o| o.len() != n_out) {
            scatter.clear();
        }
        scatter.resize_with(used, Vec::new);
        // Room for the successors expected in each buffer (as many per state as at the
        // level before), so that they do not double past their need as they grow.
        let expect = (width as f64 * per_state / (used * n_out) as f64 * 1.1) as usize;
        for o in &mut scatter {
            o.resize_with(n_out, Vec::new);
            for b in o.iter_mut() {
                b.reserve(expect);
            }
        }
        // Successors of each input group, sorted into output shards; the tours closed.
        let fold = mirrors.get(i).and_then(Option::as_ref);
        let generate = |(gi, out): (usize, &mut Scatter<K, C>)| {
            let mut closed = C::default();
            for inp in &cur[gi * cur.len() / used..(gi + 1) * cur.len() / used] {
                for &(s, c) in inp {
                    let d = slots::successors(step, bits, s, last, |t| {
                        let (t, key) = match (fold, last) {
                            (Some(m), true) => {
                                let (t, k) = m.canonical_by(t.to_u128(), &last_key);
                                (K::from_u128(t), k)
                            }
                            (Some(m), false) => {
                                let t = m.canonical(t.to_u128());
                                (K::from_u128(t), t)
                            }
                            (None, true) => (t, last_key(t.to_u128())),
                            (None, false) => (t, t.to_u128()),
                        };
                        out[shard(key, shift)].push((t, c));
                    });
                    for _ in 0..d {
                        closed = closed.add(c);
                    }
                }
            }
            closed
        };
        let closed = if parallel {
            scatter
                .par_iter_mut()
                .enumerate()
                .map(generate)
                .reduce(C::default, C::add)
        } else {
            scatter
                .iter_mut()
                .enumerate()
                .map(generate)
                .fold(C::default(), C::add)
        };
        tours = tours.add(closed);
        // Each output shard summed by key, in the map of the worker that takes it.
        let merge = |(k, next): (usize, &mut Vec<(K, C)>)| {
            let me = rayon::current_thread_index().unwrap_or(workers);
            let mut m = maps[me].lock().unwrap_or_else(|e| e.into_inner());
            m.clear();
            m.reserve(scatter.iter().map(|o| o[k].len()).sum::<usize>() / 2);
            for o in &scatter {
                for &(t, c) in &o[k] {
                    let e = m.entry(t).or_default();
                    *e = e.add(c);
                }
            }
            next.clear();
            next.extend(m.drain());
        };
        let emitted: usize = scatter.iter().flatten().map(Vec::len).sum();
        per_state = emitted as f64 / width.max(1) as f64;
        if cur.len() != n_out {
            cur = vec![Vec::new(); n_out];
        }
        if parallel {
            cur.par_iter_mut().enumerate().for_each(merge);
        } else {
            cur.iter_mut().enumerate().for_each(merge);
        }
        if width >= RETAIN_BELOW {
            scatter.clear();
        } else {
            for o in &mut scatter {
                o.iter_mut().for_each(Vec::clear);
            }
        }
    }
    Ok((
        LeaperCounted {
            tours: tours.to_u128(),
            widths,
        },
        cur,
    ))
}

/// [`sweep`] with the narrowest words that hold `p`'s keys and a count below
/// `2^log2_bound` (`u64` or `u128` each): wrapping counts give the count modulo
/// 2^BITS, exact below the bound; `u64` words halve the memory traffic.
pub(super) fn sweep_in_words(
    g: &LeapGraph,
    p: &LeaperOrder,
    log2_bound: f64,
    budget: &Budget,
    progress: SweepProgressFn<'_>,
    part: &str,
) -> Result<LeaperCounted> {
    let small_counts = log2_bound < 63.0;
    let small_keys = p.bits as usize * p.max_width() <= 64;
    Ok(match (small_keys, small_counts) {
        (true, true) => sweep::<u64, u64>(g, p, budget, progress, part)?.0,
        (true, false) => sweep::<u64, u128>(g, p, budget, progress, part)?.0,
        (false, true) => sweep::<u128, u64>(g, p, budget, progress, part)?.0,
        (false, false) => sweep::<u128, u128>(g, p, budget, progress, part)?.0,
    })
}

/// The states of a level, in shards: keys on the fixed slots of [`slots::Layout`], and
/// their counts.
pub(crate) type Level<K, C> = Vec<Vec<(K, C)>>;

/// Refuse the sweep when the work projected from the levels so far (`widths`, the last
/// one the current level), at `rate` states a second, breaks `budget`.
fn check_budget(
    g: &LeapGraph,
    n: usize,
    budget: &Budget,
    widths: &[u64],
    kept_from: Option<usize>,
    part: &str,
    rate: f64,
) -> Result<()> {
    let i = widths.len() - 1;
    let width = widths[i];
    let done: u64 = widths.iter().sum();
    let (ahead, peak, at_least) =
        projected(widths, n, g.board().cols as usize, depth(g), kept_from);
    let work = done as f64 + ahead;
    // The widest level ahead is a projection: it may refuse a run without --force,
    // but with --force only what is held now counts against the memory limit.
    let held = if budget.seconds.is_some() {
        peak.max(width as f64)
    } else {
        width as f64
    };
    let what = || {
        let (piece, board, cell) = (g.piece(), g.board_name(), i + 1);
        if at_least {
            format!(
                "counting {part} {piece} tours of {board} (at least {work:.2e} frontier states: the frontier is still filling at cell {cell} of {n})"
            )
        } else {
            format!(
                "counting {part} {piece} tours of {board} (about {work:.2e} frontier states, projected from cell {cell} of {n})"
            )
        }
    };
    let (seconds, bytes) = (work / rate, held * BYTES_PER_STATE);
    // Time first: a run too long for the budget is refused as such (--force), even
    // when its projected memory is beyond the machine too.
    Budget {
        memory: u64::MAX,
        ..*budget
    }
    .check_estimate(&what(), seconds, bytes, at_least)?;
    budget.check_estimate(&what(), seconds, bytes, at_least)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::leaper::order::row_major;
    use tourglyph_core::{Board, Piece};

    /// While the frontier fills, the projection is a lower bound and the refusal says
    /// "at least"; once the frontier is full and has swept a row, it is an estimate.
    #[test]
    fn a_filling_frontier_is_refused_with_a_lower_bound() {
        let g = LeapGraph::new(Board::new(8, 8), &Piece::knight()).unwrap();
        let tight = Budget {
            memory: 1,
            seconds: Some(120.0),
        };
        let refusal = |widths: &[u64]| {
            check_budget(&g, 64, &tight, widths, None, "the closed", 1e8)
                .unwrap_err()
                .to_string()
        };
        let filling = refusal(&[1, 1, 2, 4]);
        assert!(
            filling.contains("(at least 2.48e2 frontier states: the frontier is still filling at cell 4 of 64) needs at least"),
            "{filling}"
        );
        // Knight's frontier: 2 rows deep, full from cell 24 of 8 wide.
        let widths: Vec<u64> = (0..30).map(|k| 1 << k.min(20)).collect();
        let full = refusal(&widths);
        assert!(
            full.contains("projected from cell 30 of 64) needs about"),
            "{full}"
        );
    }

    /// A side's cut rows grow to the end: projected from a whole kept row, the bottom
    /// side of knight 9×8 (48 cells, kept from cell 32; widths measured on it) reaches
    /// past the width it really had at the next cell, where the whole-board rule read
    /// it as flat; and the top side (40 cells, kept from 24), projected from cell 32,
    /// ends within a factor of two of its real last width, so knight 8×8, whose side it
    /// is, is not refused for it.
    #[test]
    fn a_sides_kept_rows_are_projected_to_grow_to_the_end() {
        let bottom: [u64; 42] = [
            1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 4, 8, 32, 128, 256, 512, 528, 1233, 2460, 7406, 23760,
            64282, 93583, 109693, 124411, 256125, 381676, 692736, 1240064, 2517208, 4692690,
            4511073, 3969876, 6476674, 13154800, 25206810, 34764906, 38600281, 46117909, 55013683,
            55013683, 70721464,
        ];
        let (_, side, _) = projected(&bottom[..41], 48, 8, 2, Some(32));
        let (_, flat, _) = projected(&bottom[..41], 48, 8, 2, None);
        assert!(
            side > 7.0e7 && flat < 7.0e7,
            "side {side:.3e}, flat {flat:.3e}"
        );
        let top: [u64; 40] = [
            1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 4, 8, 32, 128, 256, 512, 528, 1233, 2460, 7406, 23760,
            64282, 93583, 109693, 124411, 182553, 335204, 683241, 820999, 925045, 1140877, 1270304,
            1270304, 1780531, 3891752, 6909807, 8266975, 8952073, 10759266, 14069617,
        ];
        let (_, last, _) = projected(&top[..33], 40, 8, 2, Some(24));
        let real = top[39] as f64;
        assert!(
            last > real / 2.0 && last < real * 2.0,
            "{last:.3e} against {real:.3e}"
        );
    }

    /// The four word widths give the same levels and count (the 64-bit ones are the
    /// count modulo 2^64, exact here: 1,067,638 closed knight's tours of 6×7).
    #[test]
    fn every_word_width_counts_the_same() {
        let g = LeapGraph::new(Board::new(7, 6), &Piece::knight()).unwrap();
        let p = LeaperOrder::new(&g, &row_major(&g)).unwrap();
        let b = Budget::default();
        let wide = sweep::<u128, u128>(&g, &p, &b, None, "the closed")
            .unwrap()
            .0;
        assert_eq!(wide.tours, 1_067_638);
        for other in [
            sweep::<u64, u64>(&g, &p, &b, None, "the closed").unwrap().0,
            sweep::<u64, u128>(&g, &p, &b, None, "the closed")
                .unwrap()
                .0,
            sweep::<u128, u64>(&g, &p, &b, None, "the closed")
                .unwrap()
                .0,
        ] {
            assert_eq!(other, wide);
        }
    }
}
