//! Selections over the ID-ordered stream: ranges, limits, symmetry classes, the
//! non-crossing filter, counting. They compose without the engine knowing them.
//!
//! [`stream`] runs the per-tour work (class test, crossing test, and the caller's `map`,
//! e.g. JSON formatting or glyph geometry) on rayon's workers and hands the results to
//! `consume` in ID order, so output is byte-identical whatever the thread count.

use crate::frontier::Zdd;
use crate::{Flow, Found};
use std::collections::BTreeMap;
use std::ops::Range;
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::symmetry::ClassChecker;
use tourglyph_core::tour::Tour;
use tourglyph_core::{error::Error, error::Result};

/// What to select from the stream of all tours.
#[derive(Clone, Debug, Default)]
pub struct Query {
    /// Keep only class representatives (and report orbit sizes).
    pub classes: bool,
    /// Keep only tours whose drawing does not cross itself.
    pub non_crossing: bool,
    /// Tour IDs to look at (half-open); `None` for all.
    pub range: Option<Range<u128>>,
    /// Stop after this many selected tours.
    pub limit: Option<u64>,
    /// Keep only tours fixed by this symmetry ([`crate::symmetric_tours`]).
    pub symmetry: Option<crate::symmetric_tours::Symmetry>,
}

/// One selected tour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// Its ID.
    pub id: u128,
    /// The tour.
    pub tour: Tour,
    /// Orbit size (1, 2, 4 or 8) when classes were asked for.
    pub orbit: Option<u32>,
}

/// Parse `A..B` (half-open, A < B or A = B for an empty range).
pub fn parse_range(s: &str) -> Result<Range<u128>> {
    let bad = || {
        Error::bad_value(
            "range",
            s,
            format!(
                "bad range '{s}': write A..B with whole numbers A ≤ B (IDs A to B-1), e.g. 0..100"
            ),
        )
    };
    let (a, b) = s.trim().split_once("..").ok_or_else(bad)?;
    let num = |x: &str| -> Result<u128> {
        let x = x.trim();
        if x.is_empty() || !x.bytes().all(|c| c.is_ascii_digit()) {
            return Err(bad());
        }
        x.parse().map_err(|_| bad())
    };
    let (a, b) = (num(a)?, num(b)?);
    if a > b {
        return Err(Error::bad_value(
            "range",
            s,
            format!("bad range '{s}': the start {a} is after the end {b}; write A..B with A ≤ B"),
        ));
    }
    Ok(a..b)
}

/// Stream the selected tours, mapped on the workers by `map`, to `consume` in ID order.
/// Returns the number of tours consumed.
pub fn stream<T: Send>(
    zdd: &Zdd,
    g: &LeapGraph,
    q: &Query,
    map: impl Fn(&Item) -> T + Sync,
    consume: impl FnMut(T) -> Result<Flow>,
) -> Result<u64> {
    stream_progress(zdd, g, q, map, consume, |_| {})
}

/// [`stream`], reporting after each batch how many IDs of the range have been walked.
pub fn stream_progress<T: Send>(
    zdd: &Zdd,
    g: &LeapGraph,
    q: &Query,
    map: impl Fn(&Item) -> T + Sync,
    mut consume: impl FnMut(T) -> Result<Flow>,
    progress: impl FnMut(u128),
) -> Result<u64> {
    let checker = q.classes.then(|| ClassChecker::new(g));
    let sym = q
        .symmetry
        .map(|s| crate::symmetric_tours::Checker::new(g, s))
        .transpose()?;
    let range = q.range.clone().unwrap_or(0..zdd.count());
    let kind = zdd.kind();
    let mut taken = 0u64;
    let mut err = None;
    if q.limit == Some(0) {
        return Ok(0);
    }
    zdd.par_map_progress(
        range,
        |f: &Found<'_>| {
            if sym.as_ref().is_some_and(|s| !s.fixed(f.edges, f.bits)) {
                return None;
            }
            let orbit = match &checker {
                Some(c) => Some(c.classify(f.bits)?),
                None => None,
            };
            if q.non_crossing && tourglyph_core::crossing::crosses(g, f.edges) {
                return None;
            }
            let item = Item {
                id: f.id,
                tour: Tour {
                    edges: f.edges.to_vec(),
                    kind,
                },
                orbit,
            };
            Some(map(&item))
        },
        |_, t| match consume(t) {
            Ok(flow) => {
                taken += 1;
                if flow == Flow::Stop || q.limit.is_some_and(|l| taken >= l) {
                    Flow::Stop
                } else {
                    Flow::Continue
                }
            }
            Err(e) => {
                err = Some(e);
                Flow::Stop
            }
        },
        progress,
    );
    match err {
        Some(e) => Err(e),
        None => Ok(taken),
    }
}

/// Totals of a selection: tours seen and, with classes, the orbit histogram.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Selected tours (classes when classes were asked for).
    pub selected: u64,
    /// Orbit size → number of classes with it.
    pub orbits: BTreeMap<u32, u64>,
}

/// Count a selection without materialising tours.
pub fn tally(zdd: &Zdd, g: &LeapGraph, q: &Query) -> Tally {
    tally_progress(zdd, g, q, |_| {})
}

/// [`tally`] with a progress callback (IDs walked so far). A symmetry that does not
/// apply to the board (see [`crate::symmetric_tours::Checker::new`]) selects nothing.
pub fn tally_progress(zdd: &Zdd, g: &LeapGraph, q: &Query, progress: impl FnMut(u128)) -> Tally {
    let checker = q.classes.then(|| ClassChecker::new(g));
    let sym = match q
        .symmetry
        .map(|s| crate::symmetric_tours::Checker::new(g, s))
    {
        Some(Err(_)) => return Tally::default(),
        Some(Ok(c)) => Some(c),
        None => None,
    };
    let range = q.range.clone().unwrap_or(0..zdd.count());
    let mut t = Tally::default();
    zdd.par_map_progress(
        range,
        |f: &Found<'_>| {
            if sym.as_ref().is_some_and(|s| !s.fixed(f.edges, f.bits)) {
                return None;
            }
            if q.non_crossing && tourglyph_core::crossing::crosses(g, f.edges) {
                return None;
            }
            match &checker {
                Some(c) => c.classify(f.bits),
                None => Some(1),
            }
        },
        |_, orbit| {
            t.selected += 1;
            if q.classes {
                *t.orbits.entry(orbit).or_default() += 1;
            }
            if q.limit.is_some_and(|l| t.selected >= l) {
                Flow::Stop
            } else {
                Flow::Continue
            }
        },
        progress,
    );
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_range_with_newline_is_one_line_error() {
        let e = parse_range("1..\n2x").unwrap_err().to_string();
        assert!(e.starts_with("bad range '1..\\n2x': "), "{e}");
        let e = parse_range("9\r..3").unwrap_err().to_string();
        assert!(e.starts_with("bad range '9\\r..3': the start 9"), "{e}");
    }

    #[test]
    fn ranges() {
        assert_eq!(parse_range("0..5").unwrap(), 0..5);
        assert_eq!(parse_range("3..3").unwrap(), 3..3);
        let big = parse_range("18446744073709551616..18446744073709551620").unwrap();
        assert_eq!(big.start, 1u128 << 64);
        for bad in ["9..3", "3", "..4", "a..b", "-1..4", "1...4", ""] {
            assert!(parse_range(bad).unwrap_err().is_usage(), "{bad}");
        }
    }
}
