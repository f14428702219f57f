//! Dense ranks of balanced plug words, with no stored keys.
//!
//! A frontier word has `len` digits, two bits each (0 no plug, 1 `(`, 2 `)`), and is
//! balanced (a Motzkin word). After Iwashita, Nakazawa, Kawahara, Uno and Minato
//! ("Efficient computation of the number of paths in a grid graph with minimal perfect
//! hash functions", TCS-TR-A-13-64, Hokkaido University, 2013), a word is cut into a low
//! part (digits `0..h`) and a high part (digits `h..len`). The low part read left to
//! right never closes more than it opened and leaves `e` brackets open; the high part
//! read right to left never opens more than it closed and leaves `e` brackets to close;
//! the word is balanced exactly when both hold with the same `e`. So the balanced words
//! are, for each valid high part, a block of all the valid low parts with its `e`:
//!
//! `rank(word) = offset[high] + index[low]`
//!
//! where `index[low]` is the low part's position among the low parts with the same `e`
//! and `offset[high]` the start of the high part's block. Two table look-ups and an
//! addition give a minimal perfect hash of the balanced words onto `0..count`, in
//! increasing order of (e, high, index), and no key is stored beside a count.

use rayon::prelude::*;

/// An invalid entry in either table.
const INVALID32: u32 = u32::MAX;
const INVALID64: u64 = u64::MAX;
/// The high table keeps `e` in its top byte and the offset below.
const OFFSET_BITS: u32 = 56;
const OFFSET_MASK: u64 = (1 << OFFSET_BITS) - 1;

/// The rank tables of the balanced words of one length.
pub struct Ranks {
    /// Digits in a word.
    pub len: u32,
    /// Digits in the low part.
    pub h: u32,
    /// `index << 8 | e` for a valid low part, [`INVALID32`] otherwise.
    lo: Vec<u32>,
    /// `e << 56 | offset` for a valid high part, [`INVALID64`] otherwise.
    hi: Vec<u64>,
    /// The valid high parts, by `e` then increasing, with their offsets and `e`.
    pub highs: Vec<(u64, u64, u8)>,
    /// The valid low parts of each `e`, in index order: by [`alternating`] sum, then
    /// increasing.
    pub lows: Vec<Vec<u32>>,
    /// `sum_start[e][a + h]`: the index of the first low part of `e` whose alternating
    /// sum is at least `a`, for a in −h..=h + 1.
    pub sum_start: Vec<Vec<u32>>,
    /// Number of balanced words.
    pub count: u64,
}

/// Depth change and validity of scanning a part: `Some(e)` when valid.
fn scan(part: u64, digits: u32, reverse: bool) -> Option<u8> {
    let mut depth = 0i32;
    for k in 0..digits {
        let i = if reverse { digits - 1 - k } else { k };
        match (part >> (2 * i)) & 3 {
            0 => {}
            1 if !reverse => depth += 1,
            2 if reverse => depth += 1,
            1 | 2 => {
                depth -= 1;
                if depth < 0 {
                    return None;
                }
            }
            _ => return None,
        }
    }
    Some(depth as u8)
}

impl Ranks {
    /// Tables for words of `len` digits (at most 31).
    pub fn new(len: u32) -> Self {
        assert!((2..=31).contains(&len), "word length {len} out of range");
        let h = len / 2;
        let hl = len - h;
        let mut lo = vec![INVALID32; 1 << (2 * h)];
        let mut lows: Vec<Vec<u32>> = vec![Vec::new(); h as usize + 1];
        for part in 0..1u64 << (2 * h) {
            if let Some(e) = scan(part, h, false) {
                lows[e as usize].push(part as u32);
            }
        }
        let mut sum_start = Vec::with_capacity(lows.len());
        for (e, bucket) in lows.iter_mut().enumerate() {
            bucket.sort_by_key(|&p| (alternating(u64::from(p), 0), p));
            for (k, &p) in bucket.iter().enumerate() {
                lo[p as usize] = ((k as u32) << 8) | e as u32;
            }
            let starts = (-(h as i32)..=h as i32 + 1)
                .map(|a| bucket.partition_point(|&p| alternating(u64::from(p), 0) < a) as u32)
                .collect();
            sum_start.push(starts);
        }
        let mut hi = vec![INVALID64; 1 << (2 * hl)];
        // Blocks in order of (e, high part): the blocks of one `e` share their layout and
        // lie together, so a sweep over them streams through memory.
        let mut valid: Vec<(u8, u64)> = (0..1u64 << (2 * hl))
            .filter_map(|part| scan(part, hl, true).map(|e| (e, part)))
            .filter(|&(e, _)| lows.get(e as usize).is_some_and(|l| !l.is_empty()))
            .collect();
        valid.sort_unstable();
        let mut highs = Vec::with_capacity(valid.len());
        let mut count = 0u64;
        for (e, part) in valid {
            hi[part as usize] = (u64::from(e) << OFFSET_BITS) | count;
            highs.push((part, count, e));
            count += lows[e as usize].len() as u64;
        }
        Ranks {
            len,
            h,
            lo,
            hi,
            highs,
            lows,
            sum_start,
            count,
        }
    }

    /// The indices, inside a block of `e`, of the low parts whose alternating sum is
    /// `a` (empty when `a` is out of −h..=h).
    #[inline]
    pub fn with_sum(&self, e: u8, a: i32) -> std::ops::Range<usize> {
        let h = self.h as i32;
        if a < -h || a > h {
            return 0..0;
        }
        let st = &self.sum_start[e as usize];
        st[(a + h) as usize] as usize..st[(a + h + 1) as usize] as usize
    }

    /// The rank of a balanced word (unchecked: the word must be balanced).
    #[inline(always)]
    pub fn rank(&self, word: u64) -> usize {
        let l = self.lo[(word & ((1 << (2 * self.h)) - 1)) as usize];
        let h = self.hi[(word >> (2 * self.h)) as usize];
        debug_assert!(l != INVALID32 && h != INVALID64 && (l & 255) as u64 == h >> OFFSET_BITS);
        ((h & OFFSET_MASK) + u64::from(l >> 8)) as usize
    }

    /// The rank of `word`, or `None` when it is not balanced.
    #[inline(always)]
    pub fn rank_checked(&self, word: u64) -> Option<usize> {
        let l = self.lo[(word & ((1 << (2 * self.h)) - 1)) as usize];
        let h = self.hi[(word >> (2 * self.h)) as usize];
        (l != INVALID32 && h != INVALID64 && u64::from(l & 255) == h >> OFFSET_BITS)
            .then(|| ((h & OFFSET_MASK) + u64::from(l >> 8)) as usize)
    }

    /// The index of a valid low part among those with its `e`, and `e`.
    #[inline]
    pub fn low(&self, low: u64) -> Option<(u32, u8)> {
        let l = self.lo[low as usize];
        (l != INVALID32).then_some((l >> 8, (l & 255) as u8))
    }

    /// The offset of a valid high part's block and its `e`.
    #[inline]
    pub fn high(&self, high: u64) -> Option<(usize, u8)> {
        let h = self.hi[high as usize];
        (h != INVALID64).then_some(((h & OFFSET_MASK) as usize, (h >> OFFSET_BITS) as u8))
    }

    /// Bytes the tables take.
    pub fn bytes(len: u32) -> f64 {
        let h = len / 2;
        // Both tables, and about as much again for the lists of valid parts.
        (4.0 * 4u64.pow(h) as f64 + 8.0 * 4u64.pow(len - h) as f64) * 1.5
    }
}

/// The alternating sum Σ (−1)^j over the plugs of `part` (digits with a bracket), digit
/// `j` of `part` being digit `first + j` of the word. The checkerboard colouring fixes it
/// for every word with partial tours (the cells' `low_sum`).
#[inline]
pub fn alternating(part: u64, first: u32) -> i32 {
    let plugs = (part | (part >> 1)) & 0x5555_5555_5555_5555;
    let even = (plugs & 0x1111_1111_1111_1111).count_ones() as i32;
    let odd = (plugs & 0x4444_4444_4444_4444).count_ones() as i32;
    if first % 2 == 0 {
        even - odd
    } else {
        odd - even
    }
}

/// Number of balanced words of `len` digits: the Motzkin number M(len), by
/// (n + 2)·M(n) = (2n + 1)·M(n − 1) + 3(n − 1)·M(n − 2).
pub fn motzkin(len: u32) -> u128 {
    let (mut a, mut b) = (1u128, 1u128); // M(0), M(1)
    if len == 0 {
        return 1;
    }
    for n in 2..=u128::from(len) {
        let c = ((2 * n + 1) * b + 3 * (n - 1) * a) / (n + 2);
        (a, b) = (b, c);
    }
    b
}

/// Run `f(index, word)` over every balanced word, in parallel over blocks of high parts.
pub(super) fn for_each_word(r: &Ranks, f: impl Fn(usize, u64) + Sync) {
    let per = (r.highs.len() / 256).max(1);
    r.highs.par_chunks(per).for_each(|chunk| {
        for &(high, offset, e) in chunk {
            let base = high << (2 * r.h);
            for (k, &low) in r.lows[e as usize].iter().enumerate() {
                f(offset as usize + k, base | u64::from(low));
            }
        }
    });
}

/// Entries listed by the alternating sum ([`alternating`]) of their words' low parts, so
/// that a block visits only those its colour balance lets be nonzero
/// (the cells' `low_sum`).
pub(super) struct BySum<T> {
    items: Vec<T>,
    /// `start[a + h]`: the first entry with sum at least `a`, for a in −h..=h + 1.
    start: Vec<u32>,
    h: i32,
}

impl<T> BySum<T> {
    pub(super) fn new(mut list: Vec<(i32, T)>, h: u32) -> Self {
        let h = h as i32;
        list.sort_by_key(|e| e.0);
        let start = (-h..=h + 1)
            .map(|a| list.partition_point(|e| e.0 < a) as u32)
            .collect();
        BySum {
            items: list.into_iter().map(|e| e.1).collect(),
            start,
            h,
        }
    }

    /// The entries with sum `a`.
    pub(super) fn get(&self, a: i32) -> &[T] {
        if a < -self.h || a > self.h {
            return &[];
        }
        let i = (a + self.h) as usize;
        &self.items[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Balanced test by a plain depth scan.
    fn balanced(word: u64, len: u32) -> bool {
        scan(word, len, false) == Some(0)
    }

    #[test]
    fn ranks_are_a_bijection_onto_the_balanced_words() {
        for len in 2..=9 {
            let r = Ranks::new(len);
            let mut seen = vec![false; r.count as usize];
            let mut n = 0u64;
            for w in 0..(1u64 << (2 * len)) {
                let got = r.rank_checked(w);
                assert_eq!(
                    got.is_some(),
                    balanced(w, len),
                    "word {w:b} of length {len}"
                );
                if let Some(i) = got {
                    assert!(!seen[i], "rank {i} given twice");
                    seen[i] = true;
                    n += 1;
                }
            }
            assert_eq!(n, r.count);
            assert_eq!(u128::from(r.count), motzkin(len));
        }
    }

    #[test]
    fn blocks_follow_the_listing_order() {
        let r = Ranks::new(7);
        let mut next = 0;
        for &(high, offset, e) in &r.highs {
            assert_eq!(offset, next);
            for (k, &low) in r.lows[e as usize].iter().enumerate() {
                let w = (high << (2 * r.h)) | u64::from(low);
                assert_eq!(r.rank(w), (offset as usize) + k);
            }
            next += r.lows[e as usize].len() as u64;
        }
        assert_eq!(next, r.count);
    }

    #[test]
    fn sum_starts_bound_the_runs_of_each_sum() {
        let r = Ranks::new(9);
        for (e, bucket) in r.lows.iter().enumerate() {
            let starts = &r.sum_start[e];
            for (k, &p) in bucket.iter().enumerate() {
                let a = alternating(u64::from(p), 0);
                let i = (a + r.h as i32) as usize;
                assert!(starts[i] as usize <= k && k < starts[i + 1] as usize);
            }
        }
        // ( ) ( at digits 0..3 from digit 0: +1 −1 +1; from digit 1: −1 +1 −1.
        assert_eq!(alternating(0b01_10_01, 0), 1);
        assert_eq!(alternating(0b01_10_01, 1), -1);
    }

    #[test]
    fn motzkin_numbers() {
        // OEIS A001006.
        let m: Vec<u128> = (0..=10).map(motzkin).collect();
        assert_eq!(m, [1, 1, 2, 4, 9, 21, 51, 127, 323, 835, 2188]);
        assert_eq!(motzkin(21), 142_547_559);
    }
}
