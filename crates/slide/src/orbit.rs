//! The dihedral group D4 acting on puzzle states, as the seed does: every state is
//! "renamed" to the least member of its orbit (here least in colex order, i.e. smallest
//! rank). The sliding moves commute with the symmetries (a symmetry maps rays to rays), so
//! the moves between classes are well defined.
//!
//! The number of classes comes from Burnside's lemma without enumerating states: a
//! symmetry g fixes a k-set of cells iff the set is a union of cycles of g's permutation
//! of the cells, so the count of fixed k-sets is `[y^k] Π_cycles (1 + y^len)`; averaged
//! over the 8 elements this is the seed's `[y^k] Z(D4)|_{x_j = 1 + y^j}`.

use super::subset::colex_cmp;
use num_bigint::BigUint;
use std::cmp::Ordering;
use tourglyph_core::Board;
use tourglyph_core::symmetry::Sym;

/// The 8 symmetries of an n×n board as cell permutations.
#[derive(Clone, Debug)]
pub struct Orbits {
    /// `maps[g][cell]`, identity first ([`Sym::D4`] order).
    maps: Vec<Vec<u8>>,
}

impl Orbits {
    /// The symmetries of the n×n board.
    pub fn new(n: u32) -> Self {
        let b = Board::new(n, n);
        let maps = Sym::D4
            .iter()
            .map(|&g| (0..n * n).map(|c| g.apply_cell(b, c) as u8).collect())
            .collect();
        Orbits { maps }
    }

    /// The image of a sorted state under symmetry `g`, sorted, written into `out`.
    #[inline]
    pub fn image(&self, g: usize, cells: &[u8], out: &mut [u8]) {
        let m = &self.maps[g];
        for (o, &c) in out.iter_mut().zip(cells) {
            *o = m[c as usize];
        }
        out.sort_unstable();
    }

    /// The least member of the orbit of `cells` (sorted), written into `out`.
    #[inline]
    pub fn canonical(&self, cells: &[u8], out: &mut [u8]) {
        out.copy_from_slice(cells);
        with_scratch(cells.len(), |tmp| {
            for g in 1..8 {
                self.image(g, cells, tmp);
                if colex_cmp(tmp, out) == Ordering::Less {
                    out.copy_from_slice(tmp);
                }
            }
        })
    }

    /// If `cells` is the least member of its orbit, its orbit size (1, 2, 4 or 8);
    /// otherwise `None`. Stops at the first smaller image.
    #[inline]
    pub fn orbit_if_least(&self, cells: &[u8]) -> Option<u32> {
        with_scratch(cells.len(), |tmp| {
            let mut stabiliser = 1;
            for g in 1..8 {
                self.image(g, cells, tmp);
                match colex_cmp(tmp, cells) {
                    Ordering::Less => return None,
                    Ordering::Equal => stabiliser += 1,
                    Ordering::Greater => {}
                }
            }
            Some(8 / stabiliser)
        })
    }

    /// Call `f(image)` for each of the 8 images of `cells` (with repeats), identity first.
    pub fn for_each_image(&self, cells: &[u8], mut f: impl FnMut(&[u8])) {
        with_scratch(cells.len(), |tmp| {
            for g in 0..8 {
                self.image(g, cells, tmp);
                f(tmp);
            }
        })
    }

    /// Number of classes of k-sets of cells under D4, by Burnside's lemma (no
    /// enumeration). Exact for any n and k.
    pub fn class_count(&self, k: usize) -> BigUint {
        let mut sum = BigUint::from(0u32);
        for m in &self.maps {
            sum += fixed_sets(&cycle_lengths(m), k);
        }
        sum / 8u32
    }
}

/// Run `f` on a zeroed scratch buffer of `k` bytes (on the stack when small).
#[inline]
fn with_scratch<R>(k: usize, f: impl FnOnce(&mut [u8]) -> R) -> R {
    if k <= 32 {
        let mut b = [0u8; 32];
        f(&mut b[..k])
    } else {
        f(&mut vec![0u8; k])
    }
}

/// Cycle lengths of a permutation.
fn cycle_lengths(perm: &[u8]) -> Vec<usize> {
    let mut seen = vec![false; perm.len()];
    let mut out = Vec::new();
    for s in 0..perm.len() {
        if seen[s] {
            continue;
        }
        let (mut c, mut len) = (s, 0);
        while !seen[c] {
            seen[c] = true;
            c = perm[c] as usize;
            len += 1;
        }
        out.push(len);
    }
    out
}

/// `[y^k] Π (1 + y^len)`: the k-sets that are unions of whole cycles.
fn fixed_sets(cycles: &[usize], k: usize) -> BigUint {
    let mut poly = vec![BigUint::from(0u32); k + 1];
    poly[0] = BigUint::from(1u32);
    for &len in cycles {
        for d in (len..=k).rev() {
            let add = poly[d - len].clone();
            poly[d] += add;
        }
    }
    poly.swap_remove(k)
}

#[cfg(test)]
mod tests {
    use super::super::subset::Subsets;
    use super::*;

    /// Orbit–stabiliser: over the least members, the orbit sizes add up to C(N, k), and
    /// the number of least members equals Burnside's count.
    fn check(n: u32, k: usize) {
        let o = Orbits::new(n);
        let s = Subsets::new((n * n) as usize, k);
        let mut x: Vec<u8> = (0..k as u8).collect();
        let (mut classes, mut sum) = (0u64, 0u64);
        loop {
            if let Some(orbit) = o.orbit_if_least(&x) {
                classes += 1;
                sum += orbit as u64;
                let mut c = vec![0u8; k];
                o.canonical(&x, &mut c);
                assert_eq!(c, x);
            }
            if !s.advance(&mut x) {
                break;
            }
        }
        assert_eq!(sum, s.total().unwrap(), "{n} {k}");
        assert_eq!(BigUint::from(classes), o.class_count(k), "{n} {k}");
    }

    #[test]
    fn burnside_matches_enumeration() {
        for (n, k) in [(2, 2), (3, 2), (3, 4), (4, 4), (5, 3), (6, 4), (7, 2)] {
            check(n, k);
        }
    }

    #[test]
    fn seed_class_count_8x8() {
        // The seed: 79,920 classes of four rooks on 8×8.
        assert_eq!(Orbits::new(8).class_count(4), BigUint::from(79_920u32));
    }

    #[test]
    fn canonical_is_constant_on_orbits() {
        let o = Orbits::new(6);
        let x = [1u8, 8, 20, 33];
        let mut c0 = [0u8; 4];
        o.canonical(&x, &mut c0);
        o.for_each_image(&x, |img| {
            let mut c = [0u8; 4];
            o.canonical(img, &mut c);
            assert_eq!(c, c0);
        });
    }
}
