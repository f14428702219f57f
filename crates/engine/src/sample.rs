//! Uniform random tours and shard ranges.
//!
//! A uniform random tour is the tour with a uniform random ID: [`Zdd::unrank`] turns the
//! ID into the tour by the count-weighted descent through the diagram (at each node, take
//! the edge with probability count(hi) / count(node)). IDs are drawn from a PCG-64 stream
//! seeded by the user (O'Neill 2014), by rejection so that every ID is exactly equally
//! likely: the same seed gives the same tours on every machine.
//!
//! A uniform random symmetry class is drawn by rejection: a uniform tour lands in a class
//! with probability proportional to the class's orbit size, so the tour is kept with
//! probability 1 / (its orbit size), and its class representative is returned. Every
//! class then has the same chance, 1 / (orbit · N) · orbit = 1 / N per draw; a draw is
//! kept with probability classes / tours (at least 1/8).

use crate::frontier::Zdd;
use crate::select::Item;
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use std::ops::Range;
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::tour::Tour;
use tourglyph_core::{error::Error, error::Result};
use tourglyph_core::{symmetry::ClassChecker, symmetry::bitset, symmetry::edges_of};

/// A reproducible stream of uniform random tour IDs.
pub struct Sampler {
    rng: Pcg64,
}

impl Sampler {
    /// A stream seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Sampler {
            rng: Pcg64::seed_from_u64(seed),
        }
    }

    /// A uniform integer in `0..n` (n > 0), by rejection from the smallest covering
    /// power of two.
    pub fn below(&mut self, n: u128) -> u128 {
        assert!(n > 0, "empty range");
        let bits = 128 - (n - 1).leading_zeros();
        let mask = if bits == 128 {
            u128::MAX
        } else {
            (1u128 << bits) - 1
        };
        loop {
            let x =
                (u128::from(self.rng.next_u64()) << 64 | u128::from(self.rng.next_u64())) & mask;
            if x < n {
                return x;
            }
        }
    }

    /// `k` uniform random tours (with repetition) with their IDs.
    pub fn tours(&mut self, zdd: &Zdd, k: usize) -> Result<Vec<(u128, Tour)>> {
        Ok(self.stream(zdd, k as u64)?.collect())
    }

    /// `k` uniform random tours (with repetition) with their IDs, drawn one at a time
    /// (memory does not grow with `k`).
    pub fn stream<'a>(
        &'a mut self,
        zdd: &'a Zdd,
        k: u64,
    ) -> Result<impl Iterator<Item = (u128, Tour)> + 'a> {
        Ok(self
            .ids(zdd.count(), k)?
            .map(move |id| (id, zdd.unrank(id).expect("id below the count"))))
    }

    /// `k` uniform random IDs (with repetition) below `total`: the IDs [`Sampler::stream`]
    /// draws with the same seed, for callers that unrank them later.
    pub fn ids(&mut self, total: u128, k: u64) -> Result<impl Iterator<Item = u128> + '_> {
        if total == 0 {
            return Err(Error::runtime("no tours to sample from"));
        }
        Ok((0..k).map(move |_| self.below(total)))
    }

    /// `k` uniform random symmetry classes (with repetition), each as its representative
    /// (the member with the smallest ID) with its orbit size, drawn one at a time.
    pub fn classes<'a>(
        &'a mut self,
        zdd: &'a Zdd,
        g: &LeapGraph,
        k: u64,
    ) -> Result<impl Iterator<Item = Item> + 'a> {
        Ok(self
            .classes_of(zdd, g, k)?
            .map(|it| it.expect("the diagram unranks every ID below its count")))
    }

    /// [`Sampler::classes`] from any numbering of the tours by ID (the full diagram, or
    /// the halves): the same draws, so the same classes, from either.
    pub fn classes_of<'a>(
        &'a mut self,
        tours: &'a dyn Ranked,
        g: &LeapGraph,
        k: u64,
    ) -> Result<impl Iterator<Item = Result<Item>> + 'a> {
        if tours.count() == 0 {
            return Err(Error::runtime("no tours to sample from"));
        }
        let checker = ClassChecker::new(g);
        Ok((0..k).map(move |_| self.class(tours, &checker)))
    }

    /// One uniform random class: draw uniform tours until one is kept with probability
    /// 1 / (its orbit size), then return its class representative.
    fn class(&mut self, tours: &dyn Ranked, checker: &ClassChecker) -> Result<Item> {
        let total = tours.count();
        let lost = |what: &str| Error::runtime(format!("{what} (a bug)"));
        loop {
            let id = self.below(total);
            let tour = tours
                .unrank_id(id)?
                .ok_or_else(|| lost("an ID below the count has no tour"))?;
            let (rep, orbit) = checker.representative(&bitset(&tour.edges, checker.words()));
            if self.below(u128::from(orbit)) != 0 {
                continue;
            }
            let edges = edges_of(&rep);
            let id = tours
                .rank_edges(&edges)?
                .ok_or_else(|| lost("a symmetric image of a tour is not a tour"))?;
            return Ok(Item {
                id,
                tour: Tour {
                    edges,
                    kind: tour.kind,
                },
                orbit: Some(orbit),
            });
        }
    }
}

/// Tours numbered by ID (their rank in edge-list order): the full diagram
/// ([`Zdd`]), or the halves' IDs ([`crate::count::leaper::ids::Ids`]).
pub trait Ranked: Sync {
    /// Tours.
    fn count(&self) -> u128;
    /// The tour with ID `id`, `None` past the last.
    fn unrank_id(&self, id: u128) -> Result<Option<Tour>>;
    /// The ID of the tour with these edges, `None` when they are not one.
    fn rank_edges(&self, edges: &[u32]) -> Result<Option<u128>>;
}

impl Ranked for Zdd {
    fn count(&self) -> u128 {
        Zdd::count(self)
    }
    fn unrank_id(&self, id: u128) -> Result<Option<Tour>> {
        Ok(self.unrank(id))
    }
    fn rank_edges(&self, edges: &[u32]) -> Result<Option<u128>> {
        Ok(self.rank(edges))
    }
}

/// Parse `K/N` (1 ≤ K ≤ N) into shard K of N.
pub fn parse_shard(s: &str) -> Result<(u64, u64)> {
    let bad = || {
        Error::usage(format!(
            "bad shard '{s}': write K/N with 1 ≤ K ≤ N, e.g. 2/8 for the second of eight shards"
        ))
    };
    let (k, n) = s.trim().split_once('/').ok_or_else(bad)?;
    let num = |x: &str| -> Result<u64> {
        let x = x.trim();
        if x.is_empty() || !x.bytes().all(|c| c.is_ascii_digit()) {
            return Err(bad());
        }
        x.parse().map_err(|_| bad())
    };
    let (k, n) = (num(k)?, num(n)?);
    if k == 0 || n == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// The ID range of shard `k` of `n` (1-based) over `total` IDs: `[(k−1)·total/n,
/// k·total/n)`. The shards are disjoint, in order, and cover `0..total`, so their
/// outputs concatenate to the single-run output.
pub fn shard_range(total: u128, k: u64, n: u64) -> Range<u128> {
    let at = |i: u64| -> u128 {
        // total·i/n without overflow: total = q·n + r.
        let (q, r) = (total / u128::from(n), total % u128::from(n));
        q * u128::from(i) + r * u128::from(i) / u128::from(n)
    };
    at(k - 1)..at(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_shard_with_newline_is_one_line_error() {
        let e = parse_shard("1/\n0").unwrap_err().to_string();
        assert!(e.starts_with("bad shard '1/\\n0': "), "{e}");
    }

    #[test]
    fn shards_cover_in_order() {
        for total in [0u128, 1, 7, 1000, u128::MAX / 3] {
            for n in 1..=9u64 {
                let mut at = 0;
                for k in 1..=n {
                    let r = shard_range(total, k, n);
                    assert_eq!(r.start, at);
                    at = r.end;
                }
                assert_eq!(at, total);
            }
        }
        assert_eq!(parse_shard("2/8").unwrap(), (2, 8));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", ""] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn below_is_in_range_and_reproducible() {
        let mut a = Sampler::new(7);
        let mut b = Sampler::new(7);
        for n in [1u128, 2, 3, 1000, 1 << 70, u128::MAX] {
            let x = a.below(n);
            assert!(x < n);
            assert_eq!(x, b.below(n));
        }
    }
}
