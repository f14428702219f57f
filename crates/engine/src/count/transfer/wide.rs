//! Counts as fixed-width integers modulo 2^(64·N), with a floating-point shadow that
//! proves the final result fits.
//!
//! The transfer-matrix DP only ever adds counts, so it is a ring computation: done
//! modulo any M it yields the true count modulo M. With M = 2^(64·N) the residue *is*
//! the count as soon as the count is below M — intermediate values may wrap freely
//! (the idea behind counting modulo several primes and reconstructing by the Chinese
//! remainder theorem; one power of two needs no reconstruction at all).
//!
//! To know the count is below M without knowing it, each count carries an `f64`
//! estimate summed alongside. All terms are non-negative, so there is no cancellation:
//! an addition multiplies the relative error by at most (1 + 2⁻⁵³), and a value built by
//! at most A additions is within a factor exp(A·2⁻⁵³) of the truth (Higham, *Accuracy and
//! Stability of Numerical Algorithms*, §4.2). [`fits`] applies that bound; the caller
//! reruns with more limbs when it fails. No wide multiplication is needed anywhere.

use num_bigint::BigUint;

/// A count modulo 2^(64·N) with its floating-point estimate.
#[derive(Clone, Copy, Debug)]
pub struct Wide<const N: usize> {
    limbs: [u64; N],
    est: f64,
}

impl<const N: usize> Default for Wide<N> {
    fn default() -> Self {
        Wide {
            limbs: [0; N],
            est: 0.0,
        }
    }
}

impl<const N: usize> Wide<N> {
    /// The count 1.
    pub fn one() -> Self {
        let mut limbs = [0; N];
        limbs[0] = 1;
        Wide { limbs, est: 1.0 }
    }

    /// Add `other`, wrapping modulo 2^(64·N).
    #[inline(always)]
    pub fn add(&mut self, other: &Self) {
        let mut carry = false;
        for (a, &b) in self.limbs.iter_mut().zip(&other.limbs) {
            let (s, c1) = a.overflowing_add(b);
            let (s, c2) = s.overflowing_add(carry as u64);
            *a = s;
            carry = c1 | c2;
        }
        self.est += other.est;
    }

    /// The estimate of the true (unreduced) count.
    pub fn estimate(&self) -> f64 {
        self.est
    }

    /// The residue modulo 2^(64·N) as a big integer.
    pub fn residue(&self) -> BigUint {
        let bytes: Vec<u8> = self.limbs.iter().flat_map(|l| l.to_le_bytes()).collect();
        BigUint::from_bytes_le(&bytes)
    }
}

/// True when a count whose estimate is `est`, computed with at most `additions` additions
/// along any path, is certainly below 2^(64·limbs), so its residue is exact.
#[allow(
    clippy::disallowed_methods,
    reason = "exp padded by four ulps stays a bound; powi of 2 is exact however it is expanded"
)]
pub fn fits(est: f64, additions: u64, limbs: usize) -> bool {
    // exp(A·u) − 1 for u = 2⁻⁵³, with room to spare for the final rounding.
    let growth = (additions as f64 * f64::EPSILON).exp() * (1.0 + 4.0 * f64::EPSILON);
    let bound = est * growth;
    bound.is_finite() && bound < 2f64.powi(64 * limbs as i32)
}

/// Limbs to try first for a count of about `bits` bits.
pub fn limbs_for_bits(bits: f64) -> usize {
    ((bits.max(1.0) / 64.0).ceil() as usize).max(1)
}

/// A guess of the bit length of the number of rook tours of a `rows × cols` board, from
/// the growth constant of Hamiltonian cycles on the square lattice (about 1.472 per cell,
/// Jacobsen 2007) with a boundary correction fitted to A003763, plus a margin. Only a
/// starting point: [`fits`] decides.
pub fn guess_bits(rows: u32, cols: u32) -> f64 {
    let cells = f64::from(rows) * f64::from(cols);
    0.56 * cells - 0.8 * f64::from(rows + cols) + 4.0
}

#[cfg(test)]
#[allow(clippy::disallowed_methods, reason = "test arithmetic")]
mod tests {
    use super::*;

    #[test]
    fn carries_propagate_and_wrap() {
        let mut a = Wide::<2> {
            limbs: [u64::MAX, 0],
            est: u64::MAX as f64,
        };
        a.add(&Wide::one());
        assert_eq!(a.residue(), BigUint::from(1u128 << 64));
        let mut b = Wide::<1> {
            limbs: [u64::MAX],
            est: 0.0,
        };
        b.add(&Wide::one());
        assert_eq!(b.residue(), BigUint::from(0u32), "wraps modulo 2^64");
    }

    #[test]
    fn fit_check_is_conservative() {
        assert!(fits(1e18, 1000, 1));
        assert!(!fits(2f64.powi(64), 0, 1));
        assert!(fits(2f64.powi(64), 0, 2));
        // A huge number of additions widens the error bound.
        assert!(!fits(2f64.powi(63) * 1.9, 1 << 52, 1));
    }
}
