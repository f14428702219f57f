//! Closed tours counted by halves: the board cut in two between rows `h − 1` and `h`,
//! each half's path systems counted by how they meet the cut, and the two joined. The
//! idea is McKay's ("Knight's tours of an 8×8 chessboard", ANU TR-CS-97-03, 1997); the
//! halves are counted here with the vertex-at-a-time frontier of [`super::plan`] and
//! [`super::state`].
//!
//! Leaps that span at most two rows cross the cut in three kinds: from row `h − 2` to
//! row `h` (*lower* edges), from row `h − 1` to row `h + 1` (*upper* edges) and from
//! row `h − 1` to row `h` (*middle* edges). The two rows `J` = {`h − 1`, `h`} meet
//! every crossing edge.
//!
//! - **The top side** takes the edges inside rows `< h` and the lower edges, and sweeps
//!   rows `0..=h` with the cells of `J` kept on the frontier to the end
//!   ([`Plan::build`]): every other cell ends at degree 2 and no cycle closes. A
//!   final state gives each cell of `J` a degree 0–2 and pairs up the ends of its paths.
//! - **The bottom side** is the top side of the board turned half round, cut at
//!   `rows − h` (the upper edges become its lower ones); when `rows = 2h` it is the top
//!   side's own states, turned.
//! - **The join** takes each top state with each set of middle edges that keeps the
//!   degrees of `J` at most 2 and closes no cycle, finds the bottom states whose degrees
//!   bring every cell of `J` to exactly 2 by their degree vector, and keeps those whose
//!   pairing alternates with the top's around a single cycle through all the path ends.
//!
//! A tour is the union of its edges on each side, so it is counted once: by its top
//! state, its middle edges and its bottom state. The sides are small where a single
//! sweep is wide in the middle of the board (knight 8×8: 1.9·10^7 final states a side,
//! 14 s, against a projected 1.6·10^11 states stepped in one sweep); the cost moves to
//! the join (8×8: 1.5·10^11 pairs of a top and a bottom pairing, 196 s, tested by byte
//! shuffles in [`super::pairings`]), which is estimated from a sample before it runs.

use super::pairings;
use super::plan::Plan;
use super::slots::Layout;
use super::{Counted, Progress, depth, sweep};
use crate::budget::Budget;
use crate::error::Result;
use crate::graph::LeapGraph;
use rayon::prelude::*;
use rustc_hash::FxHashMap;

/// Widest cut: the two rows of `J` hold at most 16 cells (a 4-bit cell index).
const MAX_COLS: usize = 8;

/// Join pairs (a top state with middle edges against one bottom state) per second on
/// the reference machine, 2 threads: knight 8×8 joins 1.52·10^11 pairs in 196 s
/// (7.8·10^8 a second, quiet); a little less here, for a machine under some load.
const PAIRS_PER_SECOND: f64 = 6.0e8;

/// Degree vectors looked up per second (8×8: 9.0·10^7 of them, a small part of its join).
const LOOKUPS_PER_SECOND: f64 = 5.0e7;

/// Groups of top states (one degree vector each) in the sample that estimates the join.
const SAMPLE: usize = 4096;

/// Bytes held per state of a side in the join: the top's cut and count, the bottom's
/// partners and count, and the index.
const JOIN_BYTES_PER_STATE: f64 = 80.0;

/// The cut row for `g` when this counter applies: a board at least 4 rows deep and at
/// most [`MAX_COLS`] wide, not a torus, whose leaps span two rows (the knight's; one
/// sweep is a little faster for leaps of one row: king 8×8 in 0.027 s against 0.035 s)
/// and whose half sweeps fit 128-bit states.
pub fn cut(g: &LeapGraph) -> Option<usize> {
    let b = g.board();
    let (rows, cols) = (b.rows as usize, b.cols as usize);
    // Leaps of one row cross a cut only between its two rows, where one sweep's
    // frontier is already narrow: the halves pay off for leaps of two rows.
    if g.topology().is_torus() || rows < 4 || cols > MAX_COLS || depth(g) != 2 {
        return None;
    }
    let h = rows / 2;
    (side_plan(g, h).is_some() && side_plan(g, rows - h).is_some()).then_some(h)
}

/// The sweep of the top side cut at `h`: rows `0..=h` in row-major order, the edges
/// inside rows `< h` and those from row `h − 2` to row `h`, the cells of rows `h − 1`
/// and `h` kept.
fn side_plan(g: &LeapGraph, h: usize) -> Option<Plan> {
    let cols = g.board().cols as usize;
    let row = |v: u32| v as usize / cols;
    let order: Vec<u32> = (0..((h + 1) * cols) as u32).collect();
    let edge = |u: u32, v: u32| {
        let (a, b) = (row(u).min(row(v)), row(u).max(row(v)));
        b < h || (a + 2 == h && b == h)
    };
    Plan::build(g, &order, edge, |v| row(v) + 1 == h || row(v) == h)
}

/// A side's final state over the cells of `J` (row `h − 1` then row `h`, left to
/// right): 2 bits of degree and 4 bits of path-end partner per cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cut {
    degrees: u32,
    partners: u64,
}

/// The closed tours of `g`, counted by halves cut at row `h` (from [`cut`]).
pub fn count(g: &LeapGraph, h: usize, budget: &Budget, progress: Progress<'_>) -> Result<Counted> {
    let rows = g.board().rows as usize;
    let j = 2 * g.board().cols as usize;
    let mut widths = Vec::new();
    let top = side(g, h, budget, progress, &mut widths)?;
    let bottom: Vec<(Cut, u128)> = if rows == 2 * h {
        top.iter().map(|&(c, n)| (turn(c, j), n)).collect()
    } else {
        side(g, rows - h, budget, progress, &mut widths)?
            .into_iter()
            .map(|(c, n)| (turn(c, j), n))
            .collect()
    };
    let join = Join::new(middle_edges(g, h), j, bottom);
    let mut top = top;
    top.sort_unstable_by_key(|&(c, _)| c.degrees);
    // The board's mirror image in its middle column maps the bottom states and the
    // middle edges onto themselves, so a top group and its mirror image meet the same
    // number of tours: join one of each pair, twice.
    let cols = g.board().cols as usize;
    let groups: Vec<(&[(Cut, u128)], u128)> = top
        .chunk_by(|a, b| a.0.degrees == b.0.degrees)
        .filter_map(|run| {
            let (d, m) = (run[0].0.degrees, mirror(run[0].0.degrees, cols));
            (d <= m).then_some((run, if d < m { 2 } else { 1 }))
        })
        .collect();
    // Estimate the join from an evenly spread sample of the groups.
    let stride = (groups.len() / SAMPLE).max(1);
    let (mut sampled, mut sample) = (0, Tally::default());
    for &(g, times) in groups.iter().step_by(stride) {
        sampled += g.len();
        sample = sample.add(join.group(g, false).times(times));
    }
    let joined: usize = groups.iter().map(|(g, _)| g.len()).sum();
    let scale = joined as f64 / sampled.max(1) as f64;
    // The budget is for the whole run: the halves stepped, then the join.
    let halves = widths.iter().sum::<u64>() as f64 / super::STATES_PER_SECOND;
    let seconds = halves
        + scale
            * (sample.pairs as f64 / PAIRS_PER_SECOND + sample.lookups as f64 / LOOKUPS_PER_SECOND);
    budget.check(
        &format!(
            "joining the halves of the closed {} tours of {} (about {:.1e} pairs)",
            g.piece(),
            g.board_name(),
            scale * sample.pairs as f64
        ),
        seconds,
        (top.len() + join.partners.len()) as f64 * JOIN_BYTES_PER_STATE,
    )?;
    let total = groups
        .par_iter()
        .map(|&(g, times)| join.group(g, true).times(times))
        .reduce(Tally::default, Tally::add);
    Ok(Counted {
        tours: total.tours,
        widths,
    })
}

/// The same cut seen from the board turned half round: cell `i` of `J` is cell
/// `j − 1 − i` there.
fn turn(c: Cut, j: usize) -> Cut {
    let mut t = Cut {
        degrees: 0,
        partners: 0,
    };
    for i in 0..j {
        let k = j - 1 - i;
        t.degrees |= ((c.degrees >> (2 * i)) & 3) << (2 * k);
        let p = ((c.partners >> (4 * i)) & 15) as usize;
        t.partners |= ((j - 1 - p) as u64) << (4 * k);
    }
    t
}

/// The degrees of a cut's mirror image in the board's middle column.
fn mirror(degrees: u32, cols: usize) -> u32 {
    let mut m = 0;
    for i in 0..2 * cols {
        let (r, c) = (i / cols, i % cols);
        m |= ((degrees >> (2 * i)) & 3) << (2 * (r * cols + cols - 1 - c));
    }
    m
}

/// The middle edges as pairs of indices into `J`.
fn middle_edges(g: &LeapGraph, h: usize) -> Vec<(usize, usize)> {
    let cols = g.board().cols as usize;
    let first = (h - 1) * cols;
    let mut out = Vec::new();
    for u in first..first + cols {
        for &v in g.neighbours(u as u32) {
            let v = v as usize;
            if v / cols == h {
                out.push((u - first, v - first));
            }
        }
    }
    out.sort_unstable();
    out
}

/// The final states of the top side cut at `h`, as cuts, with their counts; the side's
/// level widths are added to `widths`.
fn side(
    g: &LeapGraph,
    h: usize,
    budget: &Budget,
    progress: Progress<'_>,
    widths: &mut Vec<u64>,
) -> Result<Vec<(Cut, u128)>> {
    let p = side_plan(g, h).expect("cut() checked the plan");
    let (counted, last) = sweep::<u128, u128>(g, &p, budget, progress, "half of ")?;
    widths.extend(counted.widths);
    // The cells of J are the last 2·cols of the order, and never leave the frontier:
    // each keeps the fixed slot it took when it was processed.
    let layout = Layout::new(&p);
    let j = 2 * g.board().cols as usize;
    let first = p.steps.len() - j;
    let slot_of: Vec<u32> = (0..j).map(|i| layout.steps[first + i].slot).collect();
    let mut cell_of = [0u8; 128];
    for (i, &s) in slot_of.iter().enumerate() {
        cell_of[s as usize] = i as u8;
    }
    let mask = (1u128 << p.bits) - 1;
    Ok(last
        .into_iter()
        .flatten()
        .map(|(s, n)| {
            let mut c = Cut {
                degrees: 0,
                partners: 0,
            };
            for (i, &slot) in slot_of.iter().enumerate() {
                let z = ((s >> (slot * p.bits)) & mask) as usize;
                let (d, m) = match z {
                    0 => (0, 0),
                    1 => (2, 0),
                    _ => (1, u64::from(cell_of[z - 2])),
                };
                c.degrees |= d << (2 * i);
                c.partners |= m << (4 * i);
            }
            (c, n)
        })
        .collect())
}

/// Tours found, and the work done finding them.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    tours: u128,
    lookups: u64,
    pairs: u64,
}

impl Tally {
    /// The tours counted `k` times (the work done once).
    fn times(self, k: u128) -> Tally {
        Tally {
            tours: self.tours.wrapping_mul(k),
            ..self
        }
    }

    fn add(self, o: Tally) -> Tally {
        Tally {
            tours: self.tours.wrapping_add(o.tours),
            lookups: self.lookups + o.lookups,
            pairs: self.pairs + o.pairs,
        }
    }
}

/// The bottom states by degree vector, and the middle edges.
struct Join {
    middle: Vec<(usize, usize)>,
    /// Cells in `J`.
    j: usize,
    /// Each bottom degree vector's range in `partners` and `counts`.
    index: FxHashMap<u32, (usize, usize)>,
    /// Bottom states' path-end partners, by cell, sorted by degree vector.
    partners: Vec<[u8; 16]>,
    counts: Vec<u128>,
}

impl Join {
    fn new(middle: Vec<(usize, usize)>, j: usize, mut bottom: Vec<(Cut, u128)>) -> Join {
        bottom.sort_unstable_by_key(|&(c, _)| c.degrees);
        let mut index = FxHashMap::default();
        let mut start = 0;
        for run in bottom.chunk_by(|a, b| a.0.degrees == b.0.degrees) {
            index.insert(run[0].0.degrees, (start, start + run.len()));
            start += run.len();
        }
        let partners = bottom.iter().map(|&(c, _)| unpack(c, j).1).collect();
        let counts = bottom.iter().map(|&(_, n)| n).collect();
        Join {
            middle,
            j,
            index,
            partners,
            counts,
        }
    }

    /// The tours through the top states of one degree vector; with `walk` false only
    /// the work is tallied (the pairs are counted, not walked).
    fn group(&self, states: &[(Cut, u128)], walk: bool) -> Tally {
        // The group's degrees, and each state's partners unpacked once for all the sets
        // of middle edges.
        let (top, _) = unpack(states[0].0, self.j);
        let tops: Vec<([u8; 16], u128)> = states
            .iter()
            .map(|&(c, n)| (unpack(c, self.j).1, n))
            .collect();
        let mut t = Tally::default();
        let mut picked = Vec::with_capacity(self.middle.len());
        let mut d = top;
        self.edges(0, &mut d, &mut picked, (&top, &tops, walk), &mut t);
        t
    }

    /// Decide middle edges `k..` by degrees alone: without edge k, then with it where
    /// both ends have room.
    fn edges(
        &self,
        k: usize,
        d: &mut [u8; 16],
        picked: &mut Vec<(usize, usize)>,
        states: Group<'_>,
        t: &mut Tally,
    ) {
        let Some(&(x, y)) = self.middle.get(k) else {
            self.meet(d, picked, states, t);
            return;
        };
        self.edges(k + 1, d, picked, states, t);
        if d[x] < 2 && d[y] < 2 {
            d[x] += 1;
            d[y] += 1;
            picked.push((x, y));
            self.edges(k + 1, d, picked, states, t);
            picked.pop();
            d[x] -= 1;
            d[y] -= 1;
        }
    }

    /// With the middle edges `picked` (the degrees are then `d`): the bottom states that
    /// complete every cell to degree 2, against each top state whose paths the edges
    /// join without closing a cycle, where the two pairings make one cycle.
    fn meet(
        &self,
        d: &[u8; 16],
        picked: &[(usize, usize)],
        (top, states, walk): Group<'_>,
        t: &mut Tally,
    ) {
        let mut want = 0u32;
        let mut ends = 0;
        let mut start = usize::MAX;
        for (i, &di) in d[..self.j].iter().enumerate() {
            want |= u32::from(2 - di) << (2 * i);
            if di == 1 {
                ends += 1;
                start = start.min(i);
            }
        }
        t.lookups += 1;
        let Some(&(from, to)) = self.index.get(&want) else {
            return;
        };
        if ends == 0 {
            return;
        }
        let (qs, ns) = (&self.partners[from..to], &self.counts[from..to]);
        'top: for &(mut p, n) in states {
            let mut dt = *top;
            for &(x, y) in picked {
                // Link the path ends (or lone cells) x and y: their far ends pair up.
                if dt[x] == 1 && dt[y] == 1 && p[x] as usize == y {
                    continue 'top;
                }
                let fx = if dt[x] == 0 { x } else { p[x] as usize };
                let fy = if dt[y] == 0 { y } else { p[y] as usize };
                p[fx] = fy as u8;
                p[fy] = fx as u8;
                dt[x] += 1;
                dt[y] += 1;
            }
            t.pairs += qs.len() as u64;
            if !walk {
                continue;
            }
            let sum = pairings::one_cycle_sum(&p, start, ends, qs, ns);
            t.tours = t.tours.wrapping_add(sum.wrapping_mul(n));
        }
    }
}

/// A group of top states in the join: their degrees, each one's partners and count, and
/// whether to walk the pairs (else only count them).
type Group<'a> = (&'a [u8; 16], &'a [([u8; 16], u128)], bool);

/// A cut's degrees and partners, a cell each.
fn unpack(c: Cut, j: usize) -> ([u8; 16], [u8; 16]) {
    let mut d = [0u8; 16];
    let mut p = [0u8; 16];
    for i in 0..j {
        d[i] = ((c.degrees >> (2 * i)) & 3) as u8;
        p[i] = ((c.partners >> (4 * i)) & 15) as u8;
    }
    (d, p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Piece};

    /// Turning the cut twice gives it back, and a turned cut's partners are partners.
    #[test]
    fn turning_a_cut_is_an_involution() {
        let c = Cut {
            // cells 0 and 5 are the ends of a path (cell 5 names cell 0 by a 0 nibble),
            // cell 3 saturated, the rest lone.
            degrees: 1 | 2 << (2 * 3) | 1 << (2 * 5),
            partners: 5,
        };
        let t = turn(c, 12);
        assert_eq!(turn(t, 12), c);
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
            crate::graph::Topology::Torus,
        )
        .unwrap();
        assert_eq!(super::cut(&torus), None);
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
}
