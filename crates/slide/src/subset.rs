//! Ranking k-subsets of the board's cells in colexicographic order.
//!
//! A puzzle state is a set of k occupied cells (the pieces are indistinguishable), kept as
//! a sorted array `c[0] < c[1] < … < c[k-1]` of cell numbers. Its colex rank is
//! `Σ C(c[i], i+1)`, a bijection onto `0 .. C(N, k)` (N = number of cells): this is the
//! "combinatorial number system". The rank lets the searches use dense arrays (one
//! distance per state, one bit per class) instead of hash maps, and makes every iteration
//! order deterministic.
//!
//! Colex order compares two sorted arrays from their largest element down; so does
//! [`colex_cmp`], which lets the symmetry code pick the least member of an orbit without
//! ranking its members.

use num_bigint::BigUint;
use std::cmp::Ordering;

/// Binomial coefficients and the colex rank/unrank of k-subsets of `0..cells`.
#[derive(Clone, Debug)]
pub struct Subsets {
    cells: usize,
    k: usize,
    /// `binom[m * (k + 1) + j]` = C(m, j) for m ≤ cells, j ≤ k, saturating at `u64::MAX`.
    binom: Vec<u64>,
}

impl Subsets {
    /// The k-subsets of `0..cells` (`1 ≤ k ≤ cells ≤ 256`).
    pub fn new(cells: usize, k: usize) -> Self {
        assert!(k >= 1 && k <= cells && cells <= 256, "bad subset shape");
        let w = k + 1;
        let mut binom = vec![0u64; (cells + 1) * w];
        for m in 0..=cells {
            binom[m * w] = 1;
            for j in 1..=k.min(m) {
                let a = binom[(m - 1) * w + j - 1];
                let b = if j < m { binom[(m - 1) * w + j] } else { 0 };
                binom[m * w + j] = a.saturating_add(b);
            }
        }
        Subsets { cells, k, binom }
    }

    /// Number of cells N.
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// Subset size k.
    pub fn k(&self) -> usize {
        self.k
    }

    /// C(m, j) (saturating at `u64::MAX`; exact whenever it is used to rank a subset of a
    /// space whose [`Subsets::total`] is exact).
    #[inline]
    pub fn binom(&self, m: usize, j: usize) -> u64 {
        if j > m {
            0
        } else {
            self.binom[m * (self.k + 1) + j]
        }
    }

    /// C(N, k), or `None` when it does not fit in a `u64`.
    pub fn total(&self) -> Option<u64> {
        let t = self.binom(self.cells, self.k);
        (t != u64::MAX).then_some(t)
    }

    /// C(N, k), exact.
    pub fn total_exact(&self) -> BigUint {
        binomial_big(self.cells as u64, self.k as u64)
    }

    /// Colex rank of a sorted subset.
    #[inline]
    pub fn rank(&self, sorted: &[u8]) -> u64 {
        debug_assert_eq!(sorted.len(), self.k);
        let w = self.k + 1;
        let mut r = 0u64;
        for (i, &c) in sorted.iter().enumerate() {
            // C(c, i+1) is 0 when c < i+1, which the table holds.
            r += self.binom[c as usize * w + i + 1];
        }
        r
    }

    /// The sorted subset of colex rank `r` (`r < C(N, k)`), written into `out`.
    pub fn unrank(&self, mut r: u64, out: &mut [u8]) {
        debug_assert_eq!(out.len(), self.k);
        let w = self.k + 1;
        let mut hi = self.cells; // exclusive bound: below the previous element
        for i in (0..self.k).rev() {
            // Largest c in [i, hi) with C(c, i+1) ≤ r (C(i, i+1) = 0 ≤ r always holds),
            // by binary search: C(·, i+1) is non-decreasing.
            let (mut lo, mut top) = (i, hi - 1);
            while lo < top {
                let mid = (lo + top).div_ceil(2);
                if self.binom[mid * w + i + 1] <= r {
                    lo = mid;
                } else {
                    top = mid - 1;
                }
            }
            out[i] = lo as u8;
            r -= self.binom[lo * w + i + 1];
            hi = lo;
        }
    }

    /// Step a sorted subset to the next one in colex order (rank + 1); false after the
    /// last one.
    pub fn advance(&self, s: &mut [u8]) -> bool {
        let k = s.len();
        for i in 0..k {
            let limit = if i + 1 < k {
                s[i + 1] as usize
            } else {
                self.cells
            };
            if (s[i] as usize) + 1 < limit {
                s[i] += 1;
                for (j, v) in s.iter_mut().enumerate().take(i) {
                    *v = j as u8;
                }
                return true;
            }
        }
        false
    }
}

/// Compare two sorted subsets of equal size in colex order (the order of their ranks).
#[inline]
pub fn colex_cmp(a: &[u8], b: &[u8]) -> Ordering {
    a.iter().rev().cmp(b.iter().rev())
}

/// C(n, k) as an exact big integer.
pub fn binomial_big(n: u64, k: u64) -> BigUint {
    if k > n {
        return BigUint::from(0u32);
    }
    let k = k.min(n - k);
    let mut acc = BigUint::from(1u32);
    for i in 0..k {
        acc *= n - i;
        acc /= i + 1;
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_unrank_and_advance_agree() {
        let s = Subsets::new(9, 3);
        assert_eq!(s.total(), Some(84));
        let mut cur = [0u8, 1, 2];
        let mut r = 0u64;
        loop {
            assert_eq!(s.rank(&cur), r);
            let mut back = [0u8; 3];
            s.unrank(r, &mut back);
            assert_eq!(back, cur);
            if !s.advance(&mut cur) {
                break;
            }
            r += 1;
        }
        assert_eq!(r + 1, 84);
    }

    #[test]
    fn colex_cmp_matches_rank_order() {
        let s = Subsets::new(8, 2);
        let all: Vec<[u8; 2]> = (0..28)
            .map(|r| {
                let mut o = [0u8; 2];
                s.unrank(r, &mut o);
                o
            })
            .collect();
        for (i, a) in all.iter().enumerate() {
            for (j, b) in all.iter().enumerate() {
                assert_eq!(colex_cmp(a, b), i.cmp(&j));
            }
        }
    }

    #[test]
    fn big_totals() {
        assert_eq!(binomial_big(64, 4), BigUint::from(635_376u32));
        assert_eq!(Subsets::new(64, 4).total_exact(), BigUint::from(635_376u32));
        // C(256, 128) is far beyond u64 and u128.
        let s = Subsets::new(256, 128);
        assert_eq!(s.total(), None);
        assert!(s.total_exact().bits() > 128);
        assert_eq!(binomial_big(256, 1), BigUint::from(256u32));
    }
}
