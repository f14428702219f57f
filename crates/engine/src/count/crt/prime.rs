//! Primes below 2^64 by the deterministic Miller–Rabin test.

/// `a · b mod m`.
pub fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

/// `a^e mod m`.
pub fn pow_mod(mut a: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1 % m;
    a %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, a, m);
        }
        a = mul_mod(a, a, m);
        e >>= 1;
    }
    r
}

/// True when `n` is prime. Miller–Rabin with the bases 2, 3, 5, 7, 11, 13, 17, 19, 23,
/// 29, 31 and 37, which decide every n below 3.3·10^24 (Sorenson and Webster, "Strong
/// pseudoprimes to twelve prime bases", Math. Comp. 86, 2017), so every u64.
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n % p == 0 {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'bases: for a in BASES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// The `k` largest primes below `limit`, decreasing.
pub fn primes_below(limit: u64, k: usize) -> Vec<u64> {
    let mut out = Vec::with_capacity(k);
    let mut n = limit;
    while out.len() < k && n > 2 {
        n -= 1;
        if is_prime(n) {
            out.push(n);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_trial_division() {
        let slow = |n: u64| n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| n % d != 0);
        for n in 0..5000 {
            assert_eq!(is_prime(n), slow(n), "{n}");
        }
        // Strong pseudoprimes to several small bases.
        for n in [
            3_215_031_751u64,
            2_152_302_898_747,
            3_474_749_660_383,
            341_550_071_728_321,
        ] {
            assert!(!is_prime(n), "{n}");
        }
    }

    #[test]
    fn largest_primes_below_two_to_the_63() {
        // 2^63 − 25 and 2^63 − 165 are the two largest primes below 2^63.
        assert_eq!(
            primes_below(1 << 63, 2),
            vec![(1u64 << 63) - 25, (1u64 << 63) - 165]
        );
        assert_eq!(primes_below(20, 3), vec![19, 17, 13]);
    }
}
