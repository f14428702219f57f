//! One pass over all C(n², k) states in colex order that finds the symmetry classes: a
//! state is a class's representative iff it is the least member of its orbit. The pass
//! counts the classes (a check on Burnside's count), the classes reached from the start,
//! and optionally builds a [`ClassIndex`] numbering the classes 0, 1, 2, … in rank order,
//! for the class graph.

use super::bfs::{Distances, alloc};
use super::orbit::Orbits;
use super::subset::Subsets;
use crate::error::Result;

/// The representatives' ranks as a bitset, with a per-word count of the representatives
/// before it: the class number of a representative is one look-up and one popcount.
#[derive(Clone, Debug)]
pub struct ClassIndex {
    bits: Vec<u64>,
    before: Vec<u64>,
}

impl ClassIndex {
    /// Class number of the representative of rank `r`.
    #[inline]
    pub fn index(&self, r: u64) -> u64 {
        let w = (r >> 6) as usize;
        let mask = (1u64 << (r & 63)) - 1;
        self.before[w] + (self.bits[w] & mask).count_ones() as u64
    }

    /// True when rank `r` is a class representative.
    #[inline]
    pub fn is_rep(&self, r: u64) -> bool {
        self.bits[(r >> 6) as usize] >> (r & 63) & 1 == 1
    }

    /// The representatives' ranks, in increasing order (= class number order).
    pub fn reps(&self) -> impl Iterator<Item = u64> + '_ {
        self.bits.iter().enumerate().flat_map(|(w, &word)| {
            let mut b = word;
            std::iter::from_fn(move || {
                if b == 0 {
                    return None;
                }
                let t = b.trailing_zeros() as u64;
                b &= b - 1;
                Some(((w as u64) << 6) | t)
            })
        })
    }
}

/// What the pass finds.
#[derive(Clone, Debug)]
pub struct Census {
    /// Number of classes (by enumeration).
    pub classes: u64,
    /// Classes with a member reached from the start.
    pub reachable_classes: u64,
    /// Sum of the orbit sizes of the reached classes (equals the raw reachable count when
    /// the reached set is closed under the symmetries, e.g. for the symmetric start).
    pub reachable_orbit_sum: u64,
    /// The class numbering, when asked for.
    pub index: Option<ClassIndex>,
}

/// Enumerate all states once; `index` asks for the class numbering.
pub fn census(s: &Subsets, o: &Orbits, dd: &Distances, index: bool) -> Result<Census> {
    let total = dd.dist.len() as u64;
    let words = total.div_ceil(64) as usize;
    let mut bits = if index {
        alloc(words, 0u64, "class bitset")?
    } else {
        Vec::new()
    };
    let k = s.k();
    let mut x: Vec<u8> = (0..k as u8).collect();
    let (mut classes, mut reached, mut orbit_sum) = (0u64, 0u64, 0u64);
    let mut r = 0u64;
    loop {
        if let Some(orbit) = o.orbit_if_least(&x) {
            classes += 1;
            let mut hit = false;
            o.for_each_image(&x, |img| hit |= dd.get(s.rank(img)).is_some());
            if hit {
                reached += 1;
                orbit_sum += orbit as u64;
            }
            if index {
                bits[(r >> 6) as usize] |= 1 << (r & 63);
            }
        }
        if !s.advance(&mut x) {
            break;
        }
        r += 1;
    }
    let index = index.then(|| {
        let mut before = Vec::with_capacity(bits.len());
        let mut acc = 0u64;
        for w in &bits {
            before.push(acc);
            acc += w.count_ones() as u64;
        }
        ClassIndex { bits, before }
    });
    Ok(Census {
        classes,
        reachable_classes: reached,
        reachable_orbit_sum: orbit_sum,
        index,
    })
}
