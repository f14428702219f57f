//! The symmetric tours of a board found directly, on quotient boards
//! ([`crate::symmetric_tours::quotient`]), numbered by their own order (the ID rule): count, list
//! a range, find a tour's index, sample uniformly.
//!
//! `rot90` and `rot180` are one quotient each. `mirror` is the union of the tours fixed by
//! the top-bottom mirror and those fixed by the left-right one; `any` adds the half turn
//! (the quarter turn's tours are among the half turn's, and no tour is fixed by a
//! diagonal mirror on boards of side 3 or more). The tours of two of these parts are
//! fixed by both mirrors, so they lie in every part: with K those tours (a quotient of
//! their own) and k parts, |union| = Σ|part| − (k − 1)|K|, and a tour's index is
//! Σ before_part(tour) − (k − 1) before_K(tour), where before counts a part's tours
//! ahead of it ([`Quotient::before`]).
//!
//! A uniform sample of a union is drawn by rejection: a uniform pick among all parts'
//! tours, kept when no earlier part holds it, so every tour of the union has the same
//! chance.

use super::Symmetry;
use crate::Flow;
use crate::sample::Sampler;
use crate::{
    symmetric_tours::quotient::Fixed, symmetric_tours::quotient::Quotient,
    symmetric_tours::quotient::applies,
};
use std::ops::Range;
use tourglyph_core::budget::Budget;
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::symmetry::Sym;
use tourglyph_core::tour::Tour;
use tourglyph_core::{error::Error, error::Result};

/// Which of the symmetric tours a command takes, by their indices: `--range A..B`
/// (then at most `--limit K`), or `--sample K --seed S`.
#[derive(Clone, Debug, Default)]
pub struct SymmetricPick {
    /// Indices A..B.
    pub range: Option<Range<u128>>,
    /// At most this many.
    pub limit: Option<u64>,
    /// K uniform random tours from seed S.
    pub sample: Option<(u64, u64)>,
}

/// The tours of a board fixed by a [`Symmetry`], built on quotient boards.
pub struct Direct {
    parts: Vec<Quotient>,
    /// The tours fixed by both mirrors, when there are several parts.
    both: Option<Quotient>,
}

/// True when `g`'s tours with `symmetry` can be found on quotient boards: closed rook
/// tours of a plane board whose sides are at least 3; for other pieces, the half or
/// quarter turn where its quotient holds one part ([`applies`]: knight 8×8's half turn).
pub fn supported(g: &LeapGraph, symmetry: Symmetry) -> bool {
    let b = g.board();
    let plane = !g.topology().is_torus() && b.rows >= 3 && b.cols >= 3;
    if g.piece().is_rook() {
        return plane && (symmetry != Symmetry::Rot90 || b.is_square());
    }
    plane
        && match symmetry {
            Symmetry::Rot180 => applies(g, Fixed::By(Sym::Rot180)),
            Symmetry::Rot90 => b.is_square() && applies(g, Fixed::By(Sym::Rot90)),
            Symmetry::Mirror | Symmetry::Any => false,
        }
}

impl Direct {
    /// Build the quotient diagrams of `symmetry` on `g` within `budget`.
    pub fn build(g: &LeapGraph, symmetry: Symmetry, budget: &Budget) -> Result<Direct> {
        if !supported(g, symmetry) {
            return Err(Error::usage(format!(
                "the symmetric tours of {} with the {} are found directly only for closed rook tours of a plane board with sides of at least 3, and the half and quarter turns of other pieces",
                g.board(),
                g.piece()
            )));
        }
        let fixers: Vec<Fixed> = match symmetry {
            Symmetry::Rot90 => vec![Fixed::By(Sym::Rot90)],
            Symmetry::Rot180 => vec![Fixed::By(Sym::Rot180)],
            Symmetry::Mirror => vec![Fixed::By(Sym::FlipRows), Fixed::By(Sym::FlipCols)],
            Symmetry::Any => vec![
                Fixed::By(Sym::Rot180),
                Fixed::By(Sym::FlipRows),
                Fixed::By(Sym::FlipCols),
            ],
        };
        // A part whose symmetry fixes a cell has no tours (sides ≥ 3: `Symmetry::why_none`).
        let parts = fixers
            .into_iter()
            .filter(|&f| applies(g, f))
            .map(|f| Quotient::build(g, f, budget))
            .collect::<Result<Vec<_>>>()?;
        let both = if parts.len() > 1 && applies(g, Fixed::BothMirrors) {
            Some(Quotient::build(g, Fixed::BothMirrors, budget)?)
        } else {
            None
        };
        Ok(Direct { parts, both })
    }

    /// (k − 1)·x for the k parts.
    fn shared(&self, x: u128) -> u128 {
        x * (self.parts.len().max(1) as u128 - 1)
    }

    /// The number of symmetric tours.
    pub fn count(&self) -> u128 {
        let sum: u128 = self.parts.iter().map(Quotient::count).sum();
        sum - self.shared(self.both.as_ref().map_or(0, Quotient::count))
    }

    /// The index of a symmetric tour (its position among them in ID order), or `None`
    /// when it is not one of them.
    pub fn index(&self, tour: &Tour) -> Option<u128> {
        self.parts
            .iter()
            .any(|p| p.index(tour).is_some())
            .then(|| self.rank_member(&tour.edges))
    }

    /// The index of `edges`, known to be one of the symmetric tours (a part's tour): the
    /// tours before it, without [`Direct::index`]'s membership test.
    fn rank_member(&self, edges: &[u32]) -> u128 {
        let sum: u128 = self.parts.iter().map(|p| p.before(edges)).sum();
        sum - self.shared(self.both.as_ref().map_or(0, |k| k.before(edges)))
    }

    /// The symmetric tour of index `i`. One part: an unrank; a union: found by
    /// bisection on each part's tours with [`Direct::index`].
    pub fn tour(&self, i: u128) -> Option<Tour> {
        if i >= self.count() {
            return None;
        }
        if let [p] = self.parts.as_slice() {
            return p.tour(i);
        }
        // The union's i-th tour is some part's j-th: the smallest j (over the parts)
        // whose tour has union index ≥ i, found by bisection (indices grow with j).
        for p in &self.parts {
            let (mut lo, mut hi) = (0u128, p.count());
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                let t = p.tour(mid).expect("below the count");
                if self.rank_member(&t.edges) < i {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            if let Some(t) = p.tour(lo) {
                if self.rank_member(&t.edges) == i {
                    return Some(t);
                }
            }
        }
        None
    }

    /// Hand the symmetric tours with indices in `range` to `f` in order (with their
    /// indices); `f` may stop the walk.
    pub fn for_each(&self, range: Range<u128>, mut f: impl FnMut(u128, Tour) -> Flow) -> Flow {
        let end = range.end.min(self.count());
        if range.start >= end {
            return Flow::Continue;
        }
        if let [p] = self.parts.as_slice() {
            return p.for_each(range.start..end, f);
        }
        // Merge the parts from the first tour at or after the start.
        let first = self.tour(range.start).expect("below the count");
        let mut at: Vec<u128> = self.parts.iter().map(|p| p.before(&first.edges)).collect();
        let mut next: Vec<Option<Tour>> = self
            .parts
            .iter()
            .zip(&at)
            .map(|(p, &j)| p.tour(j))
            .collect();
        for i in range.start..end {
            let Some(k0) = (0..next.len())
                .filter(|&k| next[k].is_some())
                .min_by(|&a, &b| {
                    next[a]
                        .as_ref()
                        .unwrap()
                        .edges
                        .cmp(&next[b].as_ref().unwrap().edges)
                })
            else {
                break;
            };
            let tour = next[k0].take().expect("some");
            for (k, p) in self.parts.iter().enumerate() {
                if k == k0 || next[k].as_ref().is_some_and(|t| t.edges == tour.edges) {
                    at[k] += 1;
                    next[k] = p.tour(at[k]);
                }
            }
            if f(i, tour) == Flow::Stop {
                return Flow::Stop;
            }
        }
        Flow::Continue
    }

    /// The tours `pick` selects, with their indices, handed to `f` in order (draw order
    /// for a sample); `f` may stop.
    pub fn pick(
        &self,
        pick: &SymmetricPick,
        mut f: impl FnMut(u128, Tour) -> Result<Flow>,
    ) -> Result<()> {
        if let Some((k, seed)) = pick.sample {
            for (i, t) in self.sample(&mut Sampler::new(seed), k)? {
                if f(i, t)? == Flow::Stop {
                    break;
                }
            }
            return Ok(());
        }
        let range = pick.range.clone().unwrap_or(0..u128::MAX);
        let mut left = pick.limit.unwrap_or(u64::MAX);
        let mut err = None;
        self.for_each(range, |i, t| {
            if left == 0 {
                return Flow::Stop;
            }
            left -= 1;
            match f(i, t) {
                Ok(flow) => flow,
                Err(e) => {
                    err = Some(e);
                    Flow::Stop
                }
            }
        });
        err.map_or(Ok(()), Err)
    }

    /// `k` uniform random symmetric tours (with repetition), with their indices, drawn
    /// from `sampler`. With one part these are the tours of the indices
    /// [`Sampler::ids`] draws.
    pub fn sample(&self, sampler: &mut Sampler, k: u64) -> Result<Vec<(u128, Tour)>> {
        let total: u128 = self.parts.iter().map(Quotient::count).sum();
        if total == 0 {
            return Err(Error::runtime("no symmetric tours to sample from"));
        }
        let mut out = Vec::new();
        while (out.len() as u64) < k {
            let mut r = sampler.below(total);
            let mut part = 0;
            while r >= self.parts[part].count() {
                r -= self.parts[part].count();
                part += 1;
            }
            let t = self.parts[part].tour(r).expect("below the count");
            if self.parts[..part].iter().any(|p| p.index(&t).is_some()) {
                continue; // an earlier part holds it: drawn there
            }
            let i = if self.parts.len() == 1 {
                r
            } else {
                self.rank_member(&t.edges)
            };
            out.push((i, t));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontier::Zdd;
    use tourglyph_core::board::Board;
    use tourglyph_core::piece::Piece;
    use tourglyph_core::tour::TourKind;

    /// Every symmetry on small boards (both sides even, one odd, square and oblong): the
    /// direct set is the filter's, in ID order; `tour(i)`, `index` and a range starting
    /// in the middle agree with the walk; samples are members with their right indices.
    #[test]
    fn direct_sets_equal_the_filter_with_indices_and_ranges() {
        let mut unions = 0;
        for (m, n) in [
            (3, 4),
            (4, 4),
            (4, 5),
            (4, 6),
            (6, 6),
            (5, 6),
            (4, 8),
            (6, 8),
        ] {
            let g = LeapGraph::new(Board::new(m, n), &Piece::rook()).unwrap();
            let z = Zdd::build(&g, TourKind::Closed).unwrap();
            for sym in [
                Symmetry::Rot90,
                Symmetry::Rot180,
                Symmetry::Mirror,
                Symmetry::Any,
            ] {
                if !supported(&g, sym) {
                    continue;
                }
                let d = Direct::build(&g, sym, &Budget::default()).unwrap();
                let checker = crate::symmetric_tours::Checker::new(&g, sym).unwrap();
                let mut want = Vec::new();
                z.for_each(0..z.count(), &mut |f: &crate::Found<'_>| {
                    if checker.fixed(f.edges, f.bits) {
                        want.push(f.edges.to_vec());
                    }
                    Flow::Continue
                });
                let mut got = Vec::new();
                d.for_each(0..u128::MAX, |i, t| {
                    assert_eq!(i, got.len() as u128);
                    got.push(t.edges);
                    Flow::Continue
                });
                assert_eq!(got, want, "{m}x{n} {}", sym.word());
                assert_eq!(d.count(), want.len() as u128);
                for (i, w) in want.iter().enumerate() {
                    let t = d.tour(i as u128).unwrap();
                    assert_eq!(&t.edges, w);
                    assert_eq!(d.index(&t), Some(i as u128));
                }
                let mid = want.len() as u128 / 3;
                let mut from_mid = Vec::new();
                d.for_each(mid..mid + 5, |i, t| {
                    from_mid.push((i, t.edges));
                    Flow::Continue
                });
                let expect: Vec<(u128, Vec<u32>)> = (mid..(mid + 5).min(want.len() as u128))
                    .map(|i| (i, want[i as usize].clone()))
                    .collect();
                assert_eq!(from_mid, expect, "{m}x{n} {} from {mid}", sym.word());
                if !want.is_empty() {
                    let mut s = Sampler::new(3);
                    for (i, t) in d.sample(&mut s, 20).unwrap() {
                        assert_eq!(want[i as usize], t.edges);
                    }
                }
                unions += usize::from(d.parts.len() > 1 && d.both.is_some());
            }
        }
        assert!(
            unions >= 6,
            "unions with tours fixed by both mirrors: {unions}"
        );
    }
}
