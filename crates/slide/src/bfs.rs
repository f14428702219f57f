//! Breadth-first search over raw states, on a dense distance table indexed by colex rank.
//!
//! The seed's BFS keeps a dictionary of parents; here every state of the C(n², k) has a
//! slot in a `u16` distance array (`UNSEEN` until reached), the queue is one layer of
//! ranks at a time, in discovery order, and the optimal path is recovered afterwards by
//! walking back from the goal through [`Geometry::for_each_move_into`] to a predecessor
//! one layer nearer the start (the first in a fixed order). Everything is deterministic:
//! same input, same path.

use super::sliding::{Geometry, Move, apply};
use super::subset::Subsets;
use tourglyph_core::{error::Error, error::Result};

/// Distance value of a state not reached.
pub const UNSEEN: u16 = u16::MAX;

/// The distances from one start state.
#[derive(Clone, Debug)]
pub struct Distances {
    /// `dist[rank]`: moves from the start, or [`UNSEEN`].
    pub dist: Vec<u16>,
    /// The states reached, one bit per rank (the search's hot table: 1/16 the size of
    /// `dist`, so it stays in cache far longer).
    pub seen: Vec<u64>,
    /// Number of states reached (the start included).
    pub reachable: u64,
    /// The largest distance.
    pub farthest: u32,
}

impl Distances {
    /// Distance of a state, if reached.
    #[inline]
    pub fn get(&self, rank: u64) -> Option<u32> {
        let d = self.dist[rank as usize];
        (d != UNSEEN).then_some(d as u32)
    }

    /// True when the state was reached.
    #[inline]
    pub fn reached(&self, rank: u64) -> bool {
        self.seen[(rank >> 6) as usize] >> (rank & 63) & 1 == 1
    }
}

/// Allocate a `len`-element vector filled with `v`, failing cleanly when memory is short.
pub(crate) fn alloc<T: Clone>(len: usize, v: T, what: &str) -> Result<Vec<T>> {
    let mut out = Vec::new();
    out.try_reserve_exact(len).map_err(|_| {
        Error::runtime(format!(
            "out of memory: cannot allocate the {what} ({len} entries); try a smaller board or fewer pieces"
        ))
    })?;
    out.resize(len, v);
    Ok(out)
}

/// BFS from the sorted state `start` over all states reachable by sliding moves.
///
/// Each layer is a bitset over ranks, expanded in increasing rank order: consecutive
/// states then share their high cells, so most successors (a move of one of the lower
/// pieces changes the rank only a little) land near each other in the `seen` bitset and
/// the distance table. A successor is ranked, tested against `seen`, and only on discovery
/// written to the distance table and the next layer. The order of expansion does not show
/// in the result: the distances are those of any BFS, and the path is recovered from them.
pub fn distances(g: &Geometry, s: &Subsets, start: &[u8]) -> Result<Distances> {
    let total = s
        .total()
        .ok_or_else(|| Error::usage("the state space is too large to search"))?;
    let words = total.div_ceil(64) as usize;
    let mut dist = alloc(total as usize, UNSEEN, "distance table")?;
    let mut seen = alloc(words, 0u64, "visited set")?;
    let mut layer = alloc(words, 0u64, "BFS layer")?;
    let next = alloc(words, 0u64, "BFS layer")?;
    let r0 = s.rank(start);
    dist[r0 as usize] = 0;
    seen[(r0 >> 6) as usize] |= 1 << (r0 & 63);
    layer[(r0 >> 6) as usize] |= 1 << (r0 & 63);
    let mut t = Tables {
        dist,
        seen,
        layer,
        next,
    };
    // Fixed-size buffers for the usual piece counts let the compiler unroll the
    // per-successor work (copy, re-sort, rank); any other count runs on vectors.
    let (reachable, farthest) = match s.k() {
        1 => layers(g, s, &mut t, [0u8; 1]),
        2 => layers(g, s, &mut t, [0u8; 2]),
        3 => layers(g, s, &mut t, [0u8; 3]),
        4 => layers(g, s, &mut t, [0u8; 4]),
        5 => layers(g, s, &mut t, [0u8; 5]),
        6 => layers(g, s, &mut t, [0u8; 6]),
        7 => layers(g, s, &mut t, [0u8; 7]),
        8 => layers(g, s, &mut t, [0u8; 8]),
        k => layers(g, s, &mut t, vec![0u8; k]),
    }?;
    Ok(Distances {
        dist: t.dist,
        seen: t.seen,
        reachable,
        farthest,
    })
}

/// The search's tables: distances, the visited set, the current and next layers.
struct Tables {
    dist: Vec<u16>,
    seen: Vec<u64>,
    layer: Vec<u64>,
    next: Vec<u64>,
}

/// The layer loop of [`distances`] on state buffers of type `B` (k bytes); returns
/// (reachable, farthest).
#[inline(always)]
fn layers<B: AsRef<[u8]> + AsMut<[u8]> + Clone>(
    g: &Geometry,
    s: &Subsets,
    t: &mut Tables,
    buf: B,
) -> Result<(u64, u32)> {
    let Tables {
        dist,
        seen,
        layer,
        next,
    } = t;
    let (mut reachable, mut d, mut found) = (1u64, 0u16, 1u64);
    let mut cells = buf.clone();
    let mut succ = buf;
    while found > 0 {
        if d == UNSEEN - 1 {
            return Err(Error::runtime(
                "a distance exceeds 65534 moves: the search cannot record it",
            ));
        }
        found = 0;
        for (w, slot) in layer.iter_mut().enumerate() {
            let mut bits = *slot;
            if bits == 0 {
                continue;
            }
            *slot = 0;
            while bits != 0 {
                let x = ((w as u64) << 6) | bits.trailing_zeros() as u64;
                bits &= bits - 1;
                s.unrank(x, cells.as_mut());
                let cells = cells.as_ref();
                g.for_each_move(cells, |m| {
                    let succ = succ.as_mut();
                    succ.copy_from_slice(cells);
                    apply(succ, m);
                    let y = s.rank(succ);
                    let (yw, bit) = ((y >> 6) as usize, 1u64 << (y & 63));
                    if seen[yw] & bit == 0 {
                        seen[yw] |= bit;
                        next[yw] |= bit;
                        dist[y as usize] = d + 1;
                        found += 1;
                    }
                });
            }
        }
        reachable += found;
        std::mem::swap(layer, next);
        if found > 0 {
            d += 1;
        }
    }
    Ok((reachable, d as u32))
}

/// One shortest sequence of moves from the search's start to `goal` (sorted), or `None`
/// when the goal was not reached.
pub fn path_to(g: &Geometry, s: &Subsets, dd: &Distances, goal: &[u8]) -> Option<Vec<Move>> {
    let mut d = dd.get(s.rank(goal))?;
    let mut cur = goal.to_vec();
    let mut prev = cur.clone();
    let mut moves = Vec::with_capacity(d as usize);
    while d > 0 {
        let mut found = None;
        g.for_each_move_into(&cur, |m| {
            if found.is_some() {
                return;
            }
            prev.copy_from_slice(&cur);
            apply(
                &mut prev,
                Move {
                    from: m.to,
                    to: m.from,
                },
            );
            if dd.get(s.rank(&prev)) == Some(d - 1) {
                found = Some(m);
            }
        });
        let m = found.expect("a state at distance d > 0 has a predecessor at d - 1");
        apply(
            &mut cur,
            Move {
                from: m.to,
                to: m.from,
            },
        );
        moves.push(m);
        d -= 1;
    }
    moves.reverse();
    Some(moves)
}

#[cfg(test)]
mod tests {
    use super::super::sliding::Slider;
    use super::*;

    #[test]
    fn path_replays_to_goal() {
        let g = Geometry::new(6, Slider::Rook);
        let s = Subsets::new(36, 4);
        let start = [0u8, 5, 30, 35];
        let goal = [14u8, 15, 20, 21];
        let dd = distances(&g, &s, &start).unwrap();
        let p = path_to(&g, &s, &dd, &goal).unwrap();
        assert_eq!(p.len() as u32, dd.get(s.rank(&goal)).unwrap());
        let mut cur = start.to_vec();
        for m in &p {
            assert!(g.is_legal(&cur, *m));
            apply(&mut cur, *m);
        }
        assert_eq!(cur, goal);
        assert_eq!(
            dd.dist.iter().filter(|&&v| v != UNSEEN).count() as u64,
            dd.reachable
        );
    }
}
