//! Joins whose far bracket is in the other half, by table: the unmatched brackets of a
//! low part (its `e` open `(`) pair with the unmatched `)` of the high part innermost
//! first: the m-th unmatched `(` of the low part from the top with the m-th unmatched
//! `)` of the high part from the bottom. A join that turns such a bracket round lands
//! on a word found by two look-ups, with no scan and no rank.

use crate::count::modular::rank::Ranks;

/// No such block or low part.
const NONE: u32 = u32::MAX;

/// The digits (of the part, increasing) of the unmatched brackets of a low part (`(`,
/// scanning up) or a high part (`)`, scanning down).
pub fn unmatched(part: u64, digits: u32, low: bool) -> Vec<u32> {
    let (open, close) = if low { (1, 2) } else { (2, 1) };
    let mut stack = Vec::new();
    let order: Vec<u32> = if low {
        (0..digits).collect()
    } else {
        (0..digits).rev().collect()
    };
    for q in order {
        match (part >> (2 * q)) & 3 {
            d if d == open => stack.push(q),
            d if d == close => {
                stack.pop();
            }
            _ => {}
        }
    }
    stack.sort_unstable();
    stack
}

/// `high[i][m]`: the offset of the block of high part `i` (in [`Ranks::highs`] order)
/// with its m-th unmatched `)` from the bottom turned into `(`; `low[e][k][m]`: the
/// index of low part `k` of `e` with its m-th unmatched `(` from the top turned into
/// `)` (m from 1; stride h + 1).
pub struct Flips {
    high: Vec<u64>,
    low: Vec<Vec<u32>>,
    stride: usize,
}

impl Flips {
    /// Build both tables.
    pub fn new(r: &Ranks) -> Self {
        let stride = r.h as usize + 1;
        let hl = r.len - r.h;
        let mut high = vec![u64::MAX; r.highs.len() * stride];
        for (i, &(hp, _, _)) in r.highs.iter().enumerate() {
            let u = unmatched(hp, hl, false);
            for (m, &q) in u.iter().enumerate() {
                let t = (hp & !(3u64 << (2 * q))) | (1u64 << (2 * q));
                if let (Some((o, _)), true) = (r.high(t), m + 1 < stride) {
                    high[i * stride + m + 1] = o as u64;
                }
            }
        }
        let low = r
            .lows
            .iter()
            .map(|lows| {
                let mut t = vec![NONE; lows.len() * stride];
                for (k, &lw) in lows.iter().enumerate() {
                    let p = unmatched(u64::from(lw), r.h, true);
                    for (j, &q) in p.iter().enumerate() {
                        let m = p.len() - j;
                        let x = (u64::from(lw) & !(3u64 << (2 * q))) | (2u64 << (2 * q));
                        t[k * stride + m] = r.low(x).map_or(NONE, |(i, _)| i);
                    }
                }
                t
            })
            .collect();
        Flips { high, low, stride }
    }

    /// The block offset of high part number `i` with its m-th unmatched `)` turned round,
    /// or `None` when there is no such block.
    pub fn high(&self, i: usize, m: usize) -> Option<usize> {
        (m < self.stride)
            .then(|| self.high[i * self.stride + m])
            .filter(|&o| o != u64::MAX)
            .map(|o| o as usize)
    }

    /// The index of low part `k` of `e` with its m-th unmatched `(` turned round.
    #[inline]
    pub fn low(&self, e: u8, k: usize, m: usize) -> usize {
        self.low[e as usize][k * self.stride + m] as usize
    }
}
