//! Symmetry classes of tours.
//!
//! A tour is the representative of its class iff its ID is the smallest among its images
//! under the board's group ([`super::plane`], or [`super::torus`] on the torus); because
//! the ID order is the lexicographic order of sorted edge lists, that is decided by
//! comparing edge sets, no ranking needed: of two equal-size sets, the smaller (in ID
//! order) is the one holding the least element of their symmetric difference. The orbit
//! size is the group order over the stabiliser's order.
//!
//! [`ClassChecker`] does this per tour in a few dozen table look-ups: a tour is a bitset of
//! edges, and each symmetry maps it byte by byte through a precomputed table.

use super::{plane, torus};
use crate::error::{Error, Result};
use crate::graph::LeapGraph;

/// The most edges a [`ClassChecker`] handles (a tour bitset of 16 words).
pub const MAX_CLASS_EDGES: usize = 1024;

/// Refuse a board whose tours are too large for [`ClassChecker`] (a usage error naming
/// the limit), before any work.
pub fn check_classifiable(g: &LeapGraph) -> Result<()> {
    if g.edge_count() > MAX_CLASS_EDGES {
        return Err(Error::usage(format!(
            "--classes works on boards of at most {MAX_CLASS_EDGES} {} moves (edges); {} has {}: \
             drop --classes, or take a smaller board",
            g.piece(),
            g.board(),
            g.edge_count()
        )));
    }
    Ok(())
}

/// Decides, per tour, whether it represents its class, and the orbit size.
#[derive(Clone, Debug)]
pub struct ClassChecker {
    words: usize,
    bytes: usize,
    /// For each non-identity symmetry s, byte position k and byte value x:
    /// `tables[((s * bytes + k) * 256 + x) * words ..][..words]` is the image bitset.
    tables: Vec<u64>,
    group_order: u32,
    others: usize,
}

impl ClassChecker {
    /// Tables for the symmetry group of `g`'s board: [`plane::group_edge_maps`], or on the
    /// torus [`torus::group_edge_maps`] (the board's symmetries and the translations).
    pub fn new(g: &LeapGraph) -> Self {
        let group = if g.topology().is_torus() {
            torus::group_edge_maps(g)
        } else {
            plane::group_edge_maps(g)
        };
        Self::from_edge_maps(g, &group)
    }

    /// Tables for a group given as edge permutations of `g`, the identity first.
    pub fn from_edge_maps(g: &LeapGraph, group: &[Vec<u32>]) -> Self {
        let e = g.edge_count();
        let words = e.div_ceil(64).max(1);
        let bytes = words * 8;
        let others = group.len() - 1;
        let mut tables = vec![0u64; others * bytes * 256 * words];
        for (si, map) in group[1..].iter().enumerate() {
            for k in 0..bytes {
                for x in 0..256usize {
                    let base = ((si * bytes + k) * 256 + x) * words;
                    for bit in 0..8 {
                        let edge = k * 8 + bit;
                        if x >> bit & 1 == 1 && edge < e {
                            let img = map[edge] as usize;
                            tables[base + img / 64] |= 1 << (img % 64);
                        }
                    }
                }
            }
        }
        ClassChecker {
            words,
            bytes,
            tables,
            group_order: group.len() as u32,
            others,
        }
    }

    /// Number of 64-bit words in a tour bitset.
    pub fn words(&self) -> usize {
        self.words
    }

    /// Order of the symmetry group (8 or 4; on an m×n torus 8mn or 4mn).
    pub fn group_order(&self) -> u32 {
        self.group_order
    }

    /// `Some(orbit size)` when the tour (as an edge bitset of [`words`](Self::words) words)
    /// is its class's representative, else `None`.
    pub fn classify(&self, tour: &[u64]) -> Option<u32> {
        debug_assert_eq!(tour.len(), self.words);
        let mut img = [0u64; 16];
        let mut stabiliser = 1;
        let w = self.words;
        for s in 0..self.others {
            self.image(s, tour, &mut img);
            match compare_sets(tour, &img[..w]) {
                std::cmp::Ordering::Greater => return None,
                std::cmp::Ordering::Equal => stabiliser += 1,
                std::cmp::Ordering::Less => {}
            }
        }
        Some(self.group_order / stabiliser)
    }

    /// The representative of the tour's class (its image that comes first in ID order, as
    /// an edge bitset) and the orbit size, for any member of the class.
    pub fn representative(&self, tour: &[u64]) -> (Vec<u64>, u32) {
        debug_assert_eq!(tour.len(), self.words);
        let w = self.words;
        let mut img = [0u64; 16];
        let mut best = tour.to_vec();
        let mut stabiliser = 1;
        for s in 0..self.others {
            self.image(s, tour, &mut img);
            match compare_sets(&img[..w], tour) {
                std::cmp::Ordering::Equal => stabiliser += 1,
                _ if compare_sets(&img[..w], &best) == std::cmp::Ordering::Less => {
                    best.copy_from_slice(&img[..w]);
                }
                _ => {}
            }
        }
        (best, self.group_order / stabiliser)
    }

    /// The image of `tour` under the `s`-th non-identity symmetry, into `img[..words]`.
    fn image(&self, s: usize, tour: &[u64], img: &mut [u64; 16]) {
        let w = self.words;
        assert!(
            w <= img.len(),
            "boards with more than {MAX_CLASS_EDGES} edges are not classified (check_classifiable)"
        );
        img[..w].fill(0);
        for (k, byte) in tour
            .iter()
            .flat_map(|word| word.to_le_bytes())
            .enumerate()
            .filter(|(_, b)| *b != 0)
        {
            let base = ((s * self.bytes + k) * 256 + byte as usize) * w;
            for (i, t) in self.tables[base..base + w].iter().enumerate() {
                img[i] |= t;
            }
        }
    }
}

/// Compare two equal-size edge sets in ID order (lexicographic order of sorted lists).
pub fn compare_sets(a: &[u64], b: &[u64]) -> std::cmp::Ordering {
    for (x, y) in a.iter().zip(b) {
        let d = x ^ y;
        if d != 0 {
            let low = d & d.wrapping_neg();
            return if x & low != 0 {
                std::cmp::Ordering::Less
            } else {
                std::cmp::Ordering::Greater
            };
        }
    }
    std::cmp::Ordering::Equal
}

/// Edge list → bitset of `words` words.
pub fn bitset(edges: &[u32], words: usize) -> Vec<u64> {
    let mut b = vec![0u64; words];
    for &e in edges {
        b[e as usize / 64] |= 1 << (e % 64);
    }
    b
}

/// Bitset → increasing edge list (the inverse of [`bitset`]).
pub fn edges_of(bits: &[u64]) -> Vec<u32> {
    let mut edges = Vec::new();
    for (w, &word) in bits.iter().enumerate() {
        let mut x = word;
        while x != 0 {
            edges.push(w as u32 * 64 + x.trailing_zeros());
            x &= x - 1;
        }
    }
    edges
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_lists_round_trip_through_bitsets() {
        let edges = vec![0u32, 3, 63, 64, 130];
        assert_eq!(edges_of(&bitset(&edges, 3)), edges);
        assert!(edges_of(&[0, 0]).is_empty());
    }

    #[test]
    fn compare_matches_lexicographic_lists() {
        let a = [1u32, 5, 9];
        let b = [1u32, 6, 7];
        assert_eq!(
            compare_sets(&bitset(&a, 1), &bitset(&b, 1)),
            a.as_slice().cmp(b.as_slice())
        );
        assert_eq!(
            compare_sets(&bitset(&b, 1), &bitset(&a, 1)),
            std::cmp::Ordering::Greater
        );
    }
}
