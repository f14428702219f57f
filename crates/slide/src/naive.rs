//! The seed's plain breadth-first search, transcribed: a queue of states, a hash map of
//! parents and distances keyed by the sorted cell tuple, and optionally the seed's
//! renaming of every state to the least member of its D4 orbit.
//!
//! It shares only the move generator with the fast search ([`super::bfs`]), so the two
//! cross-check each other in the tests, and the benchmark uses it as the baseline.

use super::orbit::Orbits;
use super::sliding::{Geometry, apply};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// What the plain search finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plain {
    /// States (or classes, when renamed) reached, the start included.
    pub reachable: u64,
    /// Largest distance.
    pub farthest: u32,
    /// Distance to the goal (or its class), if reached.
    pub goal: Option<u32>,
}

/// BFS from `start` to `goal` (both sorted); with `orbits`, every state is renamed to the
/// least member of its orbit as in the seed.
pub fn bfs(g: &Geometry, start: &[u8], goal: &[u8], orbits: Option<&Orbits>) -> Plain {
    let rename = |x: &[u8]| -> Vec<u8> {
        match orbits {
            Some(o) => {
                let mut c = vec![0u8; x.len()];
                o.canonical(x, &mut c);
                c
            }
            None => x.to_vec(),
        }
    };
    let root = rename(start);
    let target = rename(goal);
    let mut dist: FxHashMap<Vec<u8>, u32> = FxHashMap::default();
    dist.insert(root.clone(), 0);
    let mut queue = VecDeque::from([root]);
    let mut farthest = 0;
    while let Some(v) = queue.pop_front() {
        let d = dist[&v];
        farthest = farthest.max(d);
        g.for_each_move(&v, |m| {
            let mut w = v.clone();
            apply(&mut w, m);
            let w = rename(&w);
            if !dist.contains_key(&w) {
                dist.insert(w.clone(), d + 1);
                queue.push_back(w);
            }
        });
    }
    Plain {
        reachable: dist.len() as u64,
        farthest,
        goal: dist.get(&target).copied(),
    }
}
