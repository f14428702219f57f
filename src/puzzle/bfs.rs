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
use crate::error::{Error, Result};

/// Distance value of a state not reached.
pub const UNSEEN: u16 = u16::MAX;

/// The distances from one start state.
#[derive(Clone, Debug)]
pub struct Distances {
    /// `dist[rank]`: moves from the start, or [`UNSEEN`].
    pub dist: Vec<u16>,
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
pub fn distances(g: &Geometry, s: &Subsets, start: &[u8]) -> Result<Distances> {
    let total = s
        .total()
        .ok_or_else(|| Error::usage("the state space is too large to search"))?;
    let mut dist = alloc(total as usize, UNSEEN, "distance table")?;
    let k = s.k();
    let r0 = s.rank(start);
    dist[r0 as usize] = 0;
    let mut layer = vec![r0];
    let mut next = Vec::new();
    let (mut reachable, mut d) = (1u64, 0u16);
    let mut cells = vec![0u8; k];
    let mut succ = vec![0u8; k];
    while !layer.is_empty() {
        if d == UNSEEN - 1 {
            return Err(Error::runtime(
                "a distance exceeds 65534 moves: the search cannot record it",
            ));
        }
        for &x in &layer {
            s.unrank(x, &mut cells);
            g.for_each_move(&cells, |m| {
                succ.copy_from_slice(&cells);
                apply(&mut succ, m);
                let y = s.rank(&succ);
                let slot = &mut dist[y as usize];
                if *slot == UNSEEN {
                    *slot = d + 1;
                    next.push(y);
                }
            });
        }
        reachable += next.len() as u64;
        std::mem::swap(&mut layer, &mut next);
        next.clear();
        if !layer.is_empty() {
            d += 1;
        }
    }
    Ok(Distances {
        dist,
        reachable,
        farthest: d as u32,
    })
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
