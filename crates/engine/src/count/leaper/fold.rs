//! A bottom run's pairings met by many top pairings at once, end by end.
//!
//! [`super::pairings`] tests one top pairing `p` against one bottom pairing `q` of the
//! same `k` path ends: is `p ∪ q` one cycle? The join asks it of every distinct top
//! pairing against every bottom state of a run, `T · R` tests. Here the run's bottom
//! pairings are read as a trie instead, and the top pairings are carried down it.
//!
//! Take the highest end `h` and its bottom partner `x`. If `p` pairs them too, the two
//! close a cycle of their own, which is the tour only when they are the last two ends.
//! Otherwise `p`'s paths `y – h` and `x – z`, joined through the bottom's `h – x`, are
//! one path `y – z`: `p` *contracted* by `(h, x)` is a pairing of the other `k − 2`
//! ends, and `p ∪ q` is one cycle exactly when the contracted `p` and the rest of `q`
//! close into one. The bottom states of a run are sorted by their packed partners,
//! highest cell first, so those with the same `x` are consecutive, and within them
//! those with the same partner of the next highest end, and so on: a trie. Many top
//! pairings contract to the same pairing of the ends left, so each trie node holds the
//! distinct ones only; a contraction is a table lookup, the pairings of `m` ends being
//! numbered `0..(m − 1)!!` (`rank`).
//!
//! The sums go both ways in one descent: each top pairing's row, `Σ n(q)` over the
//! bottom states `q` it closes into one cycle, and each bottom state's column, `Σ a(p)`
//! over the top pairings that close it (`a` a weight given with each top pairing). For
//! a run of many bottom states where many top pairings merge this is far less work than
//! the pairs: knight 8×8's runs descended (those where it `pays`) make 2.3·10^8
//! contractions where they met 4.3·10^9 pairs.

use std::sync::OnceLock;

/// Most ends a run may have to be descended: the contractions of 14 ends take 1.8·10^6
/// entries (7 MB); of 16 ends they would take 3·10^7 (knight 8×8 has 2.9·10^7 pairs of
/// 16 ends in all: about 0.04 s at the join's planned rate of pair tests).
const MAX_ENDS: usize = 14;

/// Bottom states from which a run may be descended.
const MIN_STATES: usize = 32;

/// Pairs tested one by one in the time of a contraction (two at a time with AVX2,
/// against a table lookup and a merge).
const PAIRS_PER_CONTRACTION: u64 = 4;

/// Whether a run of `ends` path ends, `states` bottom states and `tops` distinct top
/// pairings is better joined by the descent than pair by pair ([`super::pairings`]):
/// where its contractions, at most ([`most_contractions`]), take less time than the
/// pairs.
pub(super) fn pays(ends: usize, states: usize, tops: usize) -> bool {
    ends <= MAX_ENDS
        && states >= MIN_STATES
        && PAIRS_PER_CONTRACTION * most_contractions(ends, states, tops) < (tops * states) as u64
}

/// No pairing: the contraction closes a cycle early.
const NONE: u32 = u32::MAX;

/// (m − 1)!!, the pairings of `m` ends (`m` even; 1 for `m ≤ 0`).
const fn pairings(m: usize) -> usize {
    let mut a = 1;
    let mut k = 1;
    while k < m {
        a *= k;
        k += 2;
    }
    a
}

/// The number of a pairing of `m` ends, given as each end's partner (`partner[i]` for
/// `i < m`, a pairing of `0..m`): the partner of the highest end, `y`, counted among
/// the ends below it (`c`, `0..m − 1`), then the pairing of the `m − 2` ends left, renumbered
/// in order: `c · (m − 3)!! + rank(rest)`.
fn rank(partner: &[u8], m: usize) -> u32 {
    let mut left: u32 = (1 << m) - 1;
    let mut r = 0usize;
    let mut size = m;
    while size > 0 {
        let h = 31 - left.leading_zeros();
        let y = u32::from(partner[h as usize]);
        let c = (left & ((1 << y) - 1)).count_ones() as usize;
        r += c * pairings(size - 2);
        left &= !(1 << h | 1 << y);
        size -= 2;
    }
    r as u32
}

/// The pairing of `m` ends numbered `r` ([`rank`]), each end's partner.
fn unrank(mut r: usize, m: usize) -> [u8; 16] {
    let mut partner = [0u8; 16];
    let mut left: Vec<u8> = (0..m as u8).collect();
    while let Some(h) = left.pop() {
        let below = pairings(left.len() - 1);
        let c = r / below;
        r %= below;
        let y = left.remove(c);
        partner[h as usize] = y;
        partner[y as usize] = h;
    }
    partner
}

/// At most how many contractions [`Fold::join`] makes for `tops` distinct top pairings
/// of `ends` ends against `states` bottom states: at depth `d` of the trie, each node
/// holds at most `min(tops, (ends − 2d − 1)!!)` pairings, each contracted once for
/// each of its children, of which there are at most `states` and at most
/// `(ends − 1)(ends − 3)…(ends − 2d − 1)` at that depth. Far below `tops · states`
/// where many top pairings merge (a big run of knight 8×8, 12 ends, 1,430 top pairings
/// and 700 bottom states: at most 1.9·10^5 contractions, for 10^6 pairs); above it where
/// few do, and there the pairs are tested one by one ([`pays`]).
fn most_contractions(ends: usize, states: usize, tops: usize) -> u64 {
    let mut sum = 0u64;
    let mut nodes = 1usize;
    let mut m = ends;
    while m > 2 {
        nodes = nodes.saturating_mul(m - 1).min(states);
        sum += (tops.min(pairings(m)) * nodes) as u64;
        m -= 2;
    }
    sum
}

/// The contractions of the pairings of every even number of ends up to [`MAX_ENDS`]:
/// `of[m][x · (m − 1)!! + r]` is pairing `r` of `m` ends contracted by the bottom's
/// pair (`m − 1`, `x`), as a pairing of the `m − 2` ends left renumbered in order, or
/// [`NONE`] where `r` pairs `m − 1` with `x` (a cycle closed).
struct Contractions {
    of: Vec<Vec<u32>>,
}

fn contractions() -> &'static Contractions {
    static TABLES: OnceLock<Contractions> = OnceLock::new();
    TABLES.get_or_init(|| Contractions {
        of: (0..=MAX_ENDS)
            .map(|m| {
                if m < 4 || m % 2 == 1 {
                    return Vec::new();
                }
                let n = pairings(m);
                let mut t = vec![NONE; (m - 1) * n];
                for r in 0..n {
                    let p = unrank(r, m);
                    let h = m - 1;
                    let y = p[h] as usize;
                    for x in 0..h {
                        if x == y {
                            continue;
                        }
                        let z = p[x] as usize;
                        // Ends other than h and x, renumbered: those above x move down.
                        let at = |e: usize| (e - usize::from(e > x)) as u8;
                        let mut q = [0u8; 16];
                        for e in (0..h).filter(|&e| e != x) {
                            let f = p[e] as usize;
                            let f = if e == y {
                                z
                            } else if e == z {
                                y
                            } else {
                                f
                            };
                            q[at(e) as usize] = at(f);
                        }
                        t[x * n + r] = rank(&q, m - 2);
                    }
                }
                t
            })
            .collect(),
    })
}

/// One level of the descent: its distinct pairings, their weights and rows, each
/// one's place in the next level (per bottom partner), and each pairing's place in
/// this level's entries (plus one; 0 where absent), by number.
#[derive(Default)]
struct Level {
    pairings: Vec<u32>,
    weights: Vec<u128>,
    rows: Vec<u128>,
    next: Vec<u32>,
    place: Vec<u32>,
}

/// The scratch of [`Fold::join`], kept by a worker from run to run.
#[derive(Default)]
pub(super) struct Fold {
    levels: Vec<Level>,
}

impl Fold {
    /// The top pairings `tops` (partners packed 4 bits a cell, read at the ends only,
    /// each with a weight `a`) joined with the bottom states `bottom` (partners packed
    /// the same way and sorted, each with its count `n`) over the path ends `ends`
    /// (cells, increasing; at most [`MAX_ENDS`]): `rows` gets each top pairing's `Σ n`
    /// over the bottom states that close it into one cycle, in order, and `columns[j]`
    /// adds each bottom state's `Σ a` over the top pairings that close it. Returns the
    /// contractions made, the measure of its work.
    pub(super) fn join<B>(
        &mut self,
        ends: &[u8],
        tops: impl Iterator<Item = (u64, u128)>,
        bottom: &[B],
        state: impl Fn(&B) -> (u64, u64) + Copy,
        rows: &mut Vec<u128>,
        columns: &mut [u128],
    ) -> u64 {
        let k = ends.len();
        debug_assert!(k >= 2 && k % 2 == 0 && k <= MAX_ENDS);
        let mut position = [0u8; 16];
        for (i, &e) in ends.iter().enumerate() {
            position[e as usize] = i as u8;
        }
        while self.levels.len() <= k / 2 {
            self.levels.push(Level::default());
        }
        let top = &mut self.levels[0];
        top.pairings.clear();
        top.weights.clear();
        let mut partner = [0u8; 16];
        for (p, a) in tops {
            for (i, &e) in ends.iter().enumerate() {
                partner[i] = position[((p >> (4 * e)) & 15) as usize];
            }
            top.pairings.push(rank(&partner, k));
            top.weights.push(a);
        }
        let t = top.pairings.len();
        let work = descend(
            &mut self.levels,
            (1 << k) - 1,
            ends,
            &position,
            bottom,
            state,
            columns,
        );
        rows.clear();
        rows.extend_from_slice(&self.levels[0].rows[..t]);
        work
    }
}

/// The pairings of `levels[0]` (of the ends `left`, positions into `ends`) against the
/// bottom states `bottom`, which agree on every end not in `left`: their rows, and
/// the bottom states' columns; the levels after it are scratch for the levels below.
/// Returns the contractions made.
#[allow(clippy::too_many_arguments)]
fn descend<B>(
    levels: &mut [Level],
    left: u32,
    ends: &[u8],
    position: &[u8; 16],
    bottom: &[B],
    state: impl Fn(&B) -> (u64, u64) + Copy,
    columns: &mut [u128],
) -> u64 {
    let m = left.count_ones() as usize;
    let (here, below) = levels.split_first_mut().expect("a level for each two ends");
    let t = here.pairings.len();
    here.rows.clear();
    here.rows.resize(t, 0);
    if m == 2 {
        // The last two ends, paired by both sides: one cycle, for each bottom state
        // (one, as states are distinct).
        let a = here.weights.iter().fold(0u128, |s, &a| s.wrapping_add(a));
        let mut n = 0u128;
        for (c, b) in columns.iter_mut().zip(bottom) {
            let count = state(b).1;
            *c = c.wrapping_add(a);
            n = n.wrapping_add(u128::from(count));
        }
        here.rows.fill(n);
        return 0;
    }
    let h = 31 - left.leading_zeros();
    let cell = 4 * u32::from(ends[h as usize]);
    let table = &contractions().of[m];
    let stride = pairings(m);
    let size = pairings(m - 2);
    let mut work = 0;
    let mut from = 0;
    while from < bottom.len() {
        let nibble = (state(&bottom[from]).0 >> cell) & 15;
        let mut to = from + 1;
        while to < bottom.len() && (state(&bottom[to]).0 >> cell) & 15 == nibble {
            to += 1;
        }
        let y = u32::from(position[nibble as usize]);
        let x = (left & ((1 << y) - 1)).count_ones() as usize;
        let contracted = &table[x * stride..(x + 1) * stride];
        // The distinct contracted pairings, for the level below.
        {
            let next = &mut below[0];
            if next.place.len() < size {
                next.place.resize(size, 0);
            }
            next.pairings.clear();
            next.weights.clear();
            here.next.clear();
            work += t as u64;
            for (&r, &a) in here.pairings.iter().zip(&here.weights) {
                let c = contracted[r as usize];
                if c == NONE {
                    here.next.push(NONE);
                    continue;
                }
                let slot = &mut next.place[c as usize];
                if *slot == 0 {
                    next.pairings.push(c);
                    next.weights.push(a);
                    *slot = next.pairings.len() as u32;
                } else {
                    let w = &mut next.weights[*slot as usize - 1];
                    *w = w.wrapping_add(a);
                }
                here.next.push(*slot - 1);
            }
            for &c in &next.pairings {
                next.place[c as usize] = 0;
            }
        }
        if !below[0].pairings.is_empty() {
            work += descend(
                below,
                left & !(1 << h | 1 << y),
                ends,
                position,
                &bottom[from..to],
                state,
                &mut columns[from..to],
            );
            let rows = &below[0].rows;
            for (row, &j) in here.rows.iter_mut().zip(&here.next) {
                if j != NONE {
                    *row = row.wrapping_add(rows[j as usize]);
                }
            }
        }
        from = to;
    }
    work
}

#[cfg(test)]
mod tests {
    use super::super::pairings::walked;
    use super::*;

    /// A xorshift step.
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// A random pairing of the cells `ends`, packed 4 bits a cell, `junk` elsewhere.
    fn packed(ends: &[u8], junk: u64, seed: &mut u64) -> u64 {
        let mut e = ends.to_vec();
        for i in (1..e.len()).rev() {
            e.swap(i, next(seed) as usize % (i + 1));
        }
        let mut p = junk;
        for pair in e.chunks(2) {
            let (a, b) = (u64::from(pair[0]), u64::from(pair[1]));
            p &= !(15 << (4 * a) | 15 << (4 * b));
            p |= b << (4 * a) | a << (4 * b);
        }
        p
    }

    fn bytes(p: u64) -> [u8; 16] {
        std::array::from_fn(|i| ((p >> (4 * i)) & 15) as u8)
    }

    /// Numbers name pairings one to one, and every contraction is the pairing the
    /// rule gives (checked by the cycle it leaves: a pair closing into one cycle with
    /// the contracted pairing does so with the whole).
    #[test]
    fn ranks_name_every_pairing_once() {
        for m in (2..=10).step_by(2) {
            let n = pairings(m);
            let mut seen = vec![false; n];
            for r in 0..n {
                let p = unrank(r, m);
                for e in 0..m {
                    assert_eq!(p[p[e] as usize] as usize, e, "{m} ends, pairing {r}");
                    assert_ne!(p[e] as usize, e);
                }
                let back = rank(&p, m) as usize;
                assert_eq!(back, r);
                assert!(!std::mem::replace(&mut seen[back], true));
            }
        }
        assert_eq!(pairings(12), 10_395);
        assert_eq!(contractions().of[14].len(), 13 * 135_135);
        // Every contraction of 4 to 8 ends: against every bottom pairing of the ends
        // left, the contracted pairing closes one cycle exactly when the whole does
        // with the bottom pair (m − 1, x) added; NONE exactly where it pairs them too.
        let one = |p: &[u8; 16], q: &[u8; 16], m: usize| walked(p, 0, m, &[*q], &[1]) == 1;
        for m in (4..=8).step_by(2) {
            let n = pairings(m);
            let table = &contractions().of[m];
            for r in 0..n {
                let p = unrank(r, m);
                for x in 0..m - 1 {
                    let c = table[x * n + r];
                    assert_eq!(c == NONE, p[m - 1] as usize == x, "{m} ends");
                    if c == NONE {
                        continue;
                    }
                    let contracted = unrank(c as usize, m - 2);
                    // End e of the m − 2 left is end back[e] of the m.
                    let back: Vec<usize> = (0..m - 1).filter(|&e| e != x).collect();
                    for s in 0..pairings(m - 2) {
                        let rest = unrank(s, m - 2);
                        let mut q = [0u8; 16];
                        (q[m - 1], q[x]) = (x as u8, (m - 1) as u8);
                        for e in 0..m - 2 {
                            q[back[e]] = back[rest[e] as usize] as u8;
                        }
                        assert_eq!(one(&p, &q, m), one(&contracted, &rest, m - 2), "{m} ends");
                    }
                }
            }
        }
    }

    /// Rows and columns by the descent equal those of the walk, pair by pair, on random
    /// runs of 2 to 14 ends placed anywhere among 16 cells, with junk in the other
    /// cells' fields, as many bottom states as there are pairings or far fewer.
    #[test]
    fn the_descent_agrees_with_the_walk() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut fold = Fold::default();
        let mut closed = 0;
        let mut bounded = 0;
        for round in 0..300 {
            let k = 2 * (1 + round % 7);
            let mut cells: Vec<u8> = (0..16).collect();
            for i in (1..16).rev() {
                cells.swap(i, next(&mut seed) as usize % (i + 1));
            }
            let mut ends = cells[..k].to_vec();
            ends.sort_unstable();
            let junk = next(&mut seed);
            let many = [3, 40, 400][round % 3];
            let mut bottom: Vec<(u64, u64)> = (0..many)
                .map(|_| (packed(&ends, junk, &mut seed), next(&mut seed) >> 20))
                .collect();
            bottom.sort_unstable_by_key(|b| b.0);
            bottom.dedup_by_key(|b| b.0);
            let tops: Vec<(u64, u128)> = (0..1 + round % 50)
                .map(|_| {
                    let p = packed(&ends, next(&mut seed), &mut seed);
                    (p, u128::from(next(&mut seed) >> 10))
                })
                .collect();
            let mut rows = Vec::new();
            let mut columns = vec![5u128; bottom.len()];
            let work = fold.join(
                &ends,
                tops.iter().copied(),
                &bottom,
                |&b| b,
                &mut rows,
                &mut columns,
            );
            // The bound the join plans by holds (for distinct top pairings, as the
            // join's are: the same pairing twice is two entries at the root).
            let mut distinct: Vec<Vec<u64>> = tops
                .iter()
                .map(|&(p, _)| ends.iter().map(|&e| (p >> (4 * e)) & 15).collect())
                .collect();
            distinct.sort_unstable();
            distinct.dedup();
            if distinct.len() == tops.len() {
                assert!(
                    work <= most_contractions(k, bottom.len(), tops.len()),
                    "{k} ends"
                );
                bounded += 1;
            }
            let qs: Vec<[u8; 16]> = bottom.iter().map(|b| bytes(b.0)).collect();
            let ns: Vec<u64> = bottom.iter().map(|b| b.1).collect();
            let mut expect = vec![5u128; bottom.len()];
            for (&(p, a), &row) in tops.iter().zip(&rows) {
                let p = bytes(p);
                let start = ends[0] as usize;
                assert_eq!(row, walked(&p, start, k, &qs, &ns), "{k} ends");
                for (j, q) in qs.iter().enumerate() {
                    if walked(&p, start, k, std::slice::from_ref(q), &[1]) == 1 {
                        expect[j] += a;
                        closed += 1;
                    }
                }
            }
            assert_eq!(rows.len(), tops.len());
            assert_eq!(columns, expect, "{k} ends");
        }
        assert!(closed > 1000, "{closed}");
        assert!(bounded > 100, "{bounded}");
    }
}
