//! Joins listed by target block, so that a pass over the targets in parallel writes each
//! target from one thread only, with plain loads and stores (no atomic additions), and
//! adds into a target while it is in cache.

use crate::count::modular::rank::Ranks;

/// Entries `(target, item)` grouped by target: the number (in [`Ranks::highs`]) of the
/// target block and what to add into it.
pub struct ByTarget<T> {
    list: Vec<(u32, T)>,
    /// The start of each target's entries in `list`, and the end.
    starts: Vec<u32>,
}

impl<T: Ord + Copy> ByTarget<T> {
    /// Group `list` by target.
    pub fn new(mut list: Vec<(u32, T)>) -> Self {
        list.sort_unstable();
        let mut starts: Vec<u32> = (0..list.len())
            .filter(|&k| k == 0 || list[k].0 != list[k - 1].0)
            .map(|k| k as u32)
            .collect();
        starts.push(list.len() as u32);
        ByTarget { list, starts }
    }

    /// The number of targets.
    pub fn targets(&self) -> usize {
        self.starts.len() - 1
    }

    /// The entries of target `g` (counted among the targets, from 0).
    pub fn group(&self, g: usize) -> &[(u32, T)] {
        &self.list[self.starts[g] as usize..self.starts[g + 1] as usize]
    }
}

/// The number (in [`Ranks::highs`]) of the block at offset `off`: offsets increase along
/// the list.
pub fn number(r: &Ranks, off: usize) -> u32 {
    r.highs
        .binary_search_by_key(&(off as u64), |&(_, o, _)| o)
        .expect("a block's offset") as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_grouped_by_target() {
        let t = ByTarget::new(vec![(5, 1u32), (2, 7), (5, 0), (9, 3)]);
        assert_eq!(t.targets(), 3);
        assert_eq!(t.group(0), &[(2, 7)]);
        assert_eq!(t.group(1), &[(5, 0), (5, 1)]);
        assert_eq!(t.group(2), &[(9, 3)]);
        assert_eq!(ByTarget::<u32>::new(vec![]).targets(), 0);
        let r = Ranks::new(8);
        for (i, &(_, off, _)) in r.highs.iter().enumerate() {
            assert_eq!(number(&r, off as usize), i as u32);
        }
    }
}
