//! Do two pairings of the same path ends close into one cycle?
//!
//! The join of [`super::halves`] asks it of every top state against every bottom state
//! of a degree vector: the top's paths pair the ends (cells) one way, `p`, the bottom's
//! another, `q`, and the union is one cycle through all `2k` ends exactly when, from
//! one end `s`, the map R = q∘p (along a top path, then a bottom path) first returns to
//! `s` after `k` steps. With SSSE3 the pairings are 16-lane byte vectors and R, R², R⁴…
//! are byte shuffles, so the test is a few shuffles and no dependent loads (with AVX2,
//! two bottom pairings a shuffle); elsewhere it walks.

/// Σ `ns[i]` over the bottom pairings `qs[i]` that close the top pairing `p` into one
/// cycle through its `ends` ends, of which `start` is one. Cells that are not ends may
/// hold any value below 16 in `p` and the `qs`.
#[inline]
pub fn one_cycle_sum(p: &[u8; 16], start: usize, ends: usize, qs: &[[u8; 16]], ns: &[u64]) -> u128 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, checked just above.
            #[allow(unsafe_code)]
            return unsafe { shuffled::one_cycle_sum_avx2(p, start, ends, qs, ns) };
        }
        if std::arch::is_x86_feature_detected!("ssse3") {
            // SAFETY: the CPU has SSSE3, checked just above.
            #[allow(unsafe_code)]
            return unsafe { shuffled::one_cycle_sum(p, start, ends, qs, ns) };
        }
    }
    walked(p, start, ends, qs, ns)
}

/// [`one_cycle_sum`], and `a` added to `columns[j]` for each bottom pairing `qs[j]`
/// that closes `p` into one cycle: for a join that sums by bottom pairing as well as
/// by top pairing.
#[inline]
pub fn one_cycle_sum_columns(
    p: &[u8; 16],
    start: usize,
    ends: usize,
    qs: &[[u8; 16]],
    ns: &[u64],
    a: u128,
    columns: &mut [u128],
) -> u128 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, checked just above.
            #[allow(unsafe_code)]
            return unsafe {
                shuffled::one_cycle_sum_columns_avx2(p, start, ends, qs, ns, a, columns)
            };
        }
    }
    walked_columns(p, start, ends, qs, ns, a, columns)
}

/// [`one_cycle_sum_columns`] by walking the cycle through `start`.
pub fn walked_columns(
    p: &[u8; 16],
    start: usize,
    ends: usize,
    qs: &[[u8; 16]],
    ns: &[u64],
    a: u128,
    columns: &mut [u128],
) -> u128 {
    let mut sum = 0u128;
    for ((q, &n), c) in qs.iter().zip(ns).zip(columns) {
        if walked(p, start, ends, std::slice::from_ref(q), &[1]) == 1 {
            sum = sum.wrapping_add(u128::from(n));
            *c = c.wrapping_add(a);
        }
    }
    sum
}

/// [`one_cycle_sum`] by walking the cycle through `start`.
pub fn walked(p: &[u8; 16], start: usize, ends: usize, qs: &[[u8; 16]], ns: &[u64]) -> u128 {
    let mut sum = 0u128;
    for (q, &n) in qs.iter().zip(ns) {
        let mut x = start;
        let mut len = 0;
        loop {
            x = q[p[x] as usize & 15] as usize & 15;
            len += 2;
            if x == start {
                break;
            }
        }
        if len == ends {
            sum = sum.wrapping_add(u128::from(n));
        }
    }
    sum
}

/// A middle edge as the join links through it: the shifts of its two cells' 4-bit
/// fields in a packed pairing, and whether each cell is a path end (else a lone cell,
/// its own far end).
pub type Link = (u32, u32, bool, bool);

/// `visit(i, linked)` for each pairing `p(i)`, `i < n` (partners packed 4 bits a cell),
/// linked through the edges of `plan` in turn where none closes a cycle: each edge
/// pairs up the far ends of its two cells. The fields of cells that are no longer ends
/// are left as they were. With AVX2, four pairings at a time (one run's pairings all
/// go through the same edges), the last quad filled out with the last pairing.
#[inline]
pub fn link_all(p: impl Fn(usize) -> u64, n: usize, plan: &[Link], visit: impl FnMut(usize, u64)) {
    #[cfg(target_arch = "x86_64")]
    {
        // Every run four at a time, however short: a quad filled out with copies of
        // the last pairing costs less than even one pairing linked alone. Knight 8×8's
        // join links 12% of its 3.2·10^8 top states in runs of fewer than four or in
        // the last `n % 4` of a run; linked one at a time, the count took 0.8 s more
        // (0.3 s with only runs of one linked alone).
        if n > 0 && std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, checked just above.
            #[allow(unsafe_code)]
            unsafe {
                shuffled::link_all(p, n, plan, visit)
            };
            return;
        }
    }
    link_each(p, 0..n, plan, visit);
}

/// [`link_all`] one pairing at a time, for `range`.
#[inline]
fn link_each(
    p: impl Fn(usize) -> u64,
    range: std::ops::Range<usize>,
    plan: &[Link],
    mut visit: impl FnMut(usize, u64),
) {
    'pairing: for i in range {
        let mut p = p(i);
        for &(x, y, ex, ey) in plan {
            // Link the path ends (or lone cells) x and y: their far ends pair up.
            // Cells are 4-bit fields of `p`, named by their shifts.
            let px = (p >> x) as u32 & 15;
            if ex && ey && 4 * px == y {
                continue 'pairing;
            }
            let fx = if ex { 4 * px } else { x };
            let fy = if ey { 4 * ((p >> y) as u32 & 15) } else { y };
            p &= !(15 << fx | 15 << fy);
            p |= u64::from(fy / 4) << fx | u64::from(fx / 4) << fy;
        }
        visit(i, p);
    }
}

#[cfg(target_arch = "x86_64")]
// SSSE3 and AVX2: the one module of this crate with unsafe code.
#[allow(unsafe_code)]
mod shuffled {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8, _mm_setr_epi8,
        _mm_shuffle_epi8,
    };

    /// [`super::link_all`] four pairings at a time (`n ≥ 1`), the last quad filled out
    /// with copies of pairing `n − 1` whose lanes are not visited: the same steps as
    /// [`super::link_each`] in 64-bit lanes, with shifts by each lane's own amount where
    /// a far end differs from lane to lane.
    #[target_feature(enable = "avx2")]
    pub unsafe fn link_all(
        p: impl Fn(usize) -> u64,
        n: usize,
        plan: &[super::Link],
        mut visit: impl FnMut(usize, u64),
    ) {
        use std::arch::x86_64::{
            __m256i, _mm_cvtsi32_si128, _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_pd,
            _mm256_cmpeq_epi64, _mm256_movemask_pd, _mm256_or_si256, _mm256_set_epi64x,
            _mm256_set1_epi64x, _mm256_setzero_si256, _mm256_slli_epi64, _mm256_sllv_epi64,
            _mm256_srl_epi64, _mm256_srli_epi64, _mm256_storeu_si256,
        };
        let f15 = _mm256_set1_epi64x(15);
        // The 4-bit field at shift `x` of each lane.
        let field = |v: __m256i, x: u32| {
            _mm256_and_si256(_mm256_srl_epi64(v, _mm_cvtsi32_si128(x as i32)), f15)
        };
        let lane = |k: usize| p(k.min(n - 1)) as i64;
        for q in 0..n.div_ceil(4) {
            let i = 4 * q;
            let mut v = _mm256_set_epi64x(lane(i + 3), lane(i + 2), lane(i + 1), lane(i));
            let mut dead = _mm256_setzero_si256();
            for &(x, y, ex, ey) in plan {
                let sx = _mm256_set1_epi64x(i64::from(x));
                let sy = _mm256_set1_epi64x(i64::from(y));
                // The far ends' shifts: 4 × the partner named, or the cell itself.
                let fx = if ex {
                    _mm256_slli_epi64::<2>(field(v, x))
                } else {
                    sx
                };
                if ex && ey {
                    dead = _mm256_or_si256(dead, _mm256_cmpeq_epi64(fx, sy));
                }
                let fy = if ey {
                    _mm256_slli_epi64::<2>(field(v, y))
                } else {
                    sy
                };
                let clear = _mm256_or_si256(_mm256_sllv_epi64(f15, fx), _mm256_sllv_epi64(f15, fy));
                let set = _mm256_or_si256(
                    _mm256_sllv_epi64(_mm256_srli_epi64::<2>(fy), fx),
                    _mm256_sllv_epi64(_mm256_srli_epi64::<2>(fx), fy),
                );
                v = _mm256_or_si256(_mm256_andnot_si256(clear, v), set);
            }
            let mut out = [0u64; 4];
            // SAFETY: `out` is 32 bytes; unaligned stores are allowed.
            unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), v) };
            let dead = _mm256_movemask_pd(_mm256_castsi256_pd(dead));
            for (k, &o) in out.iter().enumerate().take(n - i) {
                if dead & (1 << k) == 0 {
                    visit(i + k, o);
                }
            }
        }
    }

    /// `f::<K>(args)` for K = ends / 2 from 2 to 8; `one` for two ends (the top path and
    /// the bottom path always make one cycle), 0 for none.
    macro_rules! by_half_ends {
        ($ends:expr, $one:expr, $f:ident($($a:expr),*)) => {
            match $ends / 2 {
                0 => 0,
                1 => $one,
                2 => $f::<2>($($a),*),
                3 => $f::<3>($($a),*),
                4 => $f::<4>($($a),*),
                5 => $f::<5>($($a),*),
                6 => $f::<6>($($a),*),
                7 => $f::<7>($($a),*),
                _ => $f::<8>($($a),*),
            }
        };
    }

    /// Whether the orbit of `start` under R has length `K` (2 ≤ K ≤ 8): R^K fixes it and
    /// R^(K/ℓ) does not, for each prime ℓ dividing K. `fixes` answers a bit per pairing
    /// tested side by side (no branch on the answer: it is data, mispredicted half the
    /// time).
    #[inline(always)]
    fn orbit_is<const K: usize, V: Copy>(
        r: V,
        after: impl Fn(V, V) -> V,
        fixes: impl Fn(V) -> u32,
    ) -> u32 {
        let r2 = after(r, r);
        match K {
            2 => fixes(r2) & !fixes(r),
            3 => fixes(after(r2, r)) & !fixes(r),
            4 => fixes(after(r2, r2)) & !fixes(r2),
            5 => fixes(after(after(r2, r2), r)) & !fixes(r),
            6 => {
                let r3 = after(r2, r);
                fixes(after(r3, r3)) & !fixes(r3) & !fixes(r2)
            }
            7 => {
                let r4 = after(r2, r2);
                fixes(after(r4, after(r2, r))) & !fixes(r)
            }
            _ => {
                let r4 = after(r2, r2);
                fixes(after(r4, r4)) & !fixes(r4)
            }
        }
    }

    /// A ∘ B: lane i of the result is `A[B[i]]`.
    #[inline]
    #[target_feature(enable = "ssse3")]
    fn after(a: __m128i, b: __m128i) -> __m128i {
        _mm_shuffle_epi8(a, b)
    }

    /// [`super::one_cycle_sum`] with byte shuffles: the orbit of `start` under R has
    /// length k exactly when R^k fixes it and R^(k/ℓ) does not, for each prime ℓ
    /// dividing k (k ≤ 8).
    #[target_feature(enable = "ssse3")]
    pub unsafe fn one_cycle_sum(
        p: &[u8; 16],
        start: usize,
        ends: usize,
        qs: &[[u8; 16]],
        ns: &[u64],
    ) -> u128 {
        // One loop per k, so that the test is straight-line code inside it.
        by_half_ends!(ends, all(ns), sum(p, start, qs, ns))
    }

    /// [`one_cycle_sum`] two bottom pairings at a time: AVX2's byte shuffle works in
    /// each 128-bit half, so the two halves test two pairings side by side.
    #[target_feature(enable = "avx2")]
    pub unsafe fn one_cycle_sum_avx2(
        p: &[u8; 16],
        start: usize,
        ends: usize,
        qs: &[[u8; 16]],
        ns: &[u64],
    ) -> u128 {
        by_half_ends!(ends, all(ns), sum2(p, start, qs, ns))
    }

    /// Every count: the sum when each pairing closes one cycle.
    fn all(ns: &[u64]) -> u128 {
        ns.iter().fold(0, |s, &n| s.wrapping_add(u128::from(n)))
    }

    /// [`super::one_cycle_sum_columns`] two bottom pairings a shuffle, as [`sum2`].
    #[target_feature(enable = "avx2")]
    pub unsafe fn one_cycle_sum_columns_avx2(
        p: &[u8; 16],
        start: usize,
        ends: usize,
        qs: &[[u8; 16]],
        ns: &[u64],
        a: u128,
        columns: &mut [u128],
    ) -> u128 {
        by_half_ends!(
            ends,
            super::walked_columns(p, start, ends, qs, ns, a, columns),
            columns2(p, start, qs, ns, a, columns)
        )
    }

    /// The sum and the columns for `K` = ends / 2 (2 ≤ K ≤ 8), two pairings at a time
    /// ([`pairs2`]) and without a branch on the answers (half of them taken,
    /// unpredictably); an odd last one by the walk.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn columns2<const K: usize>(
        p: &[u8; 16],
        start: usize,
        qs: &[[u8; 16]],
        ns: &[u64],
        a: u128,
        columns: &mut [u128],
    ) -> u128 {
        let mut sum = 0u128;
        let t = pairs2::<K>(p, start, qs, |i, two| {
            for k in 2 * i..2 * i + 2 {
                let m = u128::from((two >> (k - 2 * i)) & 1).wrapping_neg();
                sum = sum.wrapping_add(u128::from(ns[k]) & m);
                columns[k] = columns[k].wrapping_add(a & m);
            }
        });
        sum.wrapping_add(super::walked_columns(
            p,
            start,
            2 * K,
            &qs[t..],
            &ns[t..],
            a,
            &mut columns[t..],
        ))
    }

    /// [`sum`] two pairings at a time ([`pairs2`]); an odd last one goes to [`sum`].
    #[inline]
    #[target_feature(enable = "avx2")]
    fn sum2<const K: usize>(p: &[u8; 16], start: usize, qs: &[[u8; 16]], ns: &[u64]) -> u128 {
        let (mut lo, mut hi) = (0u64, 0u64);
        let t = pairs2::<K>(p, start, qs, |i, two| {
            for (k, &n) in ns[2 * i..2 * i + 2].iter().enumerate() {
                let m = u64::from((two >> k) & 1).wrapping_neg();
                let (l, carry) = lo.overflowing_add(n & m);
                lo = l;
                hi = hi.wrapping_add(u64::from(carry));
            }
        });
        let paired = u128::from(hi) << 64 | u128::from(lo);
        paired.wrapping_add(sum::<K>(p, start, &qs[t..], &ns[t..]))
    }

    /// The bottom pairings two at a time, `K` = ends / 2 (2 ≤ K ≤ 8): AVX2's byte
    /// shuffle works in each 128-bit half, so the two halves test `qs[2i]` and
    /// `qs[2i + 1]` side by side, and `each(i, two)` gets the answers in bits 0 and 1 of
    /// `two`. Returns the index of the odd last pairing (or `qs.len()`), left to the
    /// caller.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn pairs2<const K: usize>(
        p: &[u8; 16],
        start: usize,
        qs: &[[u8; 16]],
        mut each: impl FnMut(usize, u32),
    ) -> usize {
        use std::arch::x86_64::{
            __m256i, _mm256_and_si256, _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8,
            _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_set1_epi8, _mm256_shuffle_epi8,
        };
        let low = _mm256_set1_epi8(15);
        // SAFETY: `p` is 16 bytes; unaligned loads are allowed.
        let p1 = unsafe { _mm_loadu_si128(p.as_ptr().cast()) };
        let pv = _mm256_and_si256(_mm256_broadcastsi128_si256(p1), low);
        let id = _mm256_broadcastsi128_si256(_mm_setr_epi8(
            0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        ));
        // Bit `start` of each half: bits 0 and 1 of the result say whether lane
        // `start` of the first and of the second pairing is `start`.
        let fixes = |x: __m256i| {
            let m = _mm256_movemask_epi8(_mm256_cmpeq_epi8(x, id)) as u32;
            (m >> start) & 1 | (m >> (start + 15)) & 2
        };
        let after = |a: __m256i, b: __m256i| _mm256_shuffle_epi8(a, b);
        let pairs = qs.len() / 2;
        for i in 0..pairs {
            // SAFETY: qs[2i] and qs[2i + 1] are 32 contiguous bytes.
            let qv = _mm256_and_si256(
                unsafe { _mm256_loadu_si256(qs.as_ptr().add(2 * i).cast()) },
                low,
            );
            each(i, orbit_is::<K, _>(after(qv, pv), after, fixes));
        }
        2 * pairs
    }

    /// The sum for `K` = ends / 2 (2 ≤ K ≤ 8).
    #[inline]
    #[target_feature(enable = "ssse3")]
    fn sum<const K: usize>(p: &[u8; 16], start: usize, qs: &[[u8; 16]], ns: &[u64]) -> u128 {
        let low = _mm_set1_epi8(15);
        // SAFETY: `p` is 16 bytes; unaligned loads are allowed.
        let pv = low_nibbles(unsafe { _mm_loadu_si128(p.as_ptr().cast()) }, low);
        let id = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        let bit = 1i32 << start;
        // 1 where lane `start` of x is `start`, else 0.
        let fixes = |x: __m128i| ((_mm_movemask_epi8(_mm_cmpeq_epi8(x, id)) & bit) >> start) as u32;
        let (mut lo, mut hi) = (0u64, 0u64);
        for (q, &n) in qs.iter().zip(ns) {
            // SAFETY: as for `p`.
            let qv = low_nibbles(unsafe { _mm_loadu_si128(q.as_ptr().cast()) }, low);
            let one = u64::from(orbit_is::<K, _>(after(qv, pv), |a, b| after(a, b), fixes) & 1);
            let m = one.wrapping_neg();
            let (l, carry) = lo.overflowing_add(n & m);
            lo = l;
            hi = hi.wrapping_add(u64::from(carry));
        }
        u128::from(hi) << 64 | u128::from(lo)
    }

    /// The low four bits of every lane (a shuffle index with bit 7 set would give 0).
    #[inline]
    #[target_feature(enable = "ssse3")]
    fn low_nibbles(x: __m128i, low: __m128i) -> __m128i {
        std::arch::x86_64::_mm_and_si128(x, low)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A xorshift step.
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// `v` in a random order.
    fn shuffle(v: &mut [usize], seed: &mut u64) {
        for i in (1..v.len()).rev() {
            v.swap(i, next(seed) as usize % (i + 1));
        }
    }

    /// A random pairing of the cells in `ends` (others hold junk below 16).
    fn pairing(ends: &[usize], seed: &mut u64) -> [u8; 16] {
        let mut e = ends.to_vec();
        shuffle(&mut e, seed);
        let mut p = [0u8; 16];
        for x in p.iter_mut() {
            *x = (next(seed) % 16) as u8;
        }
        for pair in e.chunks(2) {
            p[pair[0]] = pair[1] as u8;
            p[pair[1]] = pair[0] as u8;
        }
        p
    }

    /// Four pairings at a time link as one at a time: on random words (any 4-bit
    /// fields) through random plans of up to 8 edges, the same pairings are visited
    /// with the same results, for every length from 0 to 11 (the tails of a quad).
    #[test]
    fn four_at_a_time_link_as_one() {
        let mut seed = 0x2545_f491_4f6c_dd1d;
        let mut visited = 0;
        for _ in 0..2000 {
            let ps: Vec<u64> = (0..11).map(|_| next(&mut seed)).collect();
            let edges = (next(&mut seed) % 9) as usize;
            let plan: Vec<Link> = (0..edges)
                .map(|_| {
                    let r = next(&mut seed);
                    (
                        4 * (r % 16) as u32,
                        4 * ((r >> 8) % 16) as u32,
                        r >> 16 & 1 == 1,
                        r >> 17 & 1 == 1,
                    )
                })
                .collect();
            for n in 0..=ps.len() {
                let (mut one, mut all) = (Vec::new(), Vec::new());
                link_each(|i| ps[i], 0..n, &plan, |i, p| one.push((i, p)));
                link_all(|i| ps[i], n, &plan, |i, p| all.push((i, p)));
                assert_eq!(all, one, "{plan:?}");
                visited += one.len();
            }
        }
        // Some pairings close a cycle and some do not.
        assert!(visited > 10_000 && visited < 2000 * 66, "{visited}");
    }

    /// The shuffled test agrees with the walk on random pairings of 2 to 16 ends, and
    /// both find single cycles and split ones (a count by hand for 4 ends: of the three
    /// pairings, two close a given one into one cycle).
    #[test]
    fn shuffles_agree_with_the_walk() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        let mut ones = 0;
        for k in 1..=8 {
            for _ in 0..300 {
                let mut cells: Vec<usize> = (0..16).collect();
                shuffle(&mut cells, &mut seed);
                let ends = &cells[..2 * k];
                let p = pairing(ends, &mut seed);
                let qs: Vec<[u8; 16]> = (0..20).map(|_| pairing(ends, &mut seed)).collect();
                let ns: Vec<u64> = (0..20).map(|i| 1u64 << i).collect();
                let walk = walked(&p, ends[0], 2 * k, &qs, &ns);
                assert_eq!(one_cycle_sum(&p, ends[0], 2 * k, &qs, &ns), walk, "k {k}");
                // With the columns, by the walk and by the shuffles: the same sum, and
                // the same pairings given the column's count (an odd number of them
                // too: the last one alone).
                for len in [19, 20] {
                    let (mut shuffled, mut walk_columns) = (vec![1u128; len], vec![1u128; len]);
                    let (q, n) = (&qs[..len], &ns[..len]);
                    let w = walked(&p, ends[0], 2 * k, q, n);
                    let sum = one_cycle_sum_columns(&p, ends[0], 2 * k, q, n, 7, &mut shuffled);
                    let walk = walked_columns(&p, ends[0], 2 * k, q, n, 7, &mut walk_columns);
                    assert_eq!((sum, walk), (w, w), "k {k}, {len} pairings");
                    assert_eq!(shuffled, walk_columns, "k {k}, {len} pairings");
                    let by_columns: u128 = shuffled
                        .iter()
                        .zip(n)
                        .map(|(&c, &n)| (c - 1) / 7 * u128::from(n))
                        .sum();
                    assert_eq!(by_columns, w, "k {k}");
                }
                #[cfg(target_arch = "x86_64")]
                #[allow(unsafe_code)]
                if std::arch::is_x86_feature_detected!("avx2") {
                    // Both vector paths, and odd lengths for the one of two at a time.
                    for len in [19, 20] {
                        let (q, n) = (&qs[..len], &ns[..len]);
                        let w = walked(&p, ends[0], 2 * k, q, n);
                        // SAFETY: the CPU has AVX2 (and so SSSE3), checked just above.
                        let (two, one) = unsafe {
                            (
                                shuffled::one_cycle_sum_avx2(&p, ends[0], 2 * k, q, n),
                                shuffled::one_cycle_sum(&p, ends[0], 2 * k, q, n),
                            )
                        };
                        assert_eq!((two, one), (w, w), "k {k}, {len} pairings");
                    }
                }
                ones += walk.count_ones();
            }
        }
        assert!(ones > 1000, "{ones}");
        let p = {
            let mut p = [0u8; 16];
            (p[0], p[1], p[2], p[3]) = (1, 0, 3, 2);
            p
        };
        let qs = [
            [2, 3, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [1, 0, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        ];
        assert_eq!(one_cycle_sum(&p, 0, 4, &qs, &[1, 10, 100]), 101);
    }
}
