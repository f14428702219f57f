//! The symmetric tours of a frontier diagram, found by filtering the walk of every tour
//! with [`Checker::fixed`](super::symmetry::Checker::fixed): their IDs, and uniform
//! samples of them (`--sample`, `glyph --random`).

use super::symmetry::Symmetry;
use crate::Flow;
use crate::frontier::Zdd;
use crate::sample::Sampler;
use crate::select::{Query, stream};
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::tour::Tour;
use tourglyph_core::{error::Error, error::Result};

/// The IDs of the tours of `zdd` (a diagram of `g`) fixed by `symmetry`, increasing: the
/// pool that `--sample` and `glyph --random` draw from uniformly. Walks every tour.
pub fn ids(zdd: &Zdd, g: &LeapGraph, symmetry: Symmetry) -> Result<Vec<u128>> {
    let mut out = Vec::new();
    stream(
        zdd,
        g,
        &Query {
            symmetry: Some(symmetry),
            ..Default::default()
        },
        |it| it.id,
        |id| {
            out.push(id);
            Ok(Flow::Continue)
        },
    )?;
    Ok(out)
}

/// The IDs of `k` uniform random tours (with repetition) of `zdd` fixed by `symmetry`:
/// indices into [`ids`] drawn from `seed` (the draws of `list --sample`).
pub fn sample_ids(
    zdd: &Zdd,
    g: &LeapGraph,
    symmetry: Symmetry,
    seed: u64,
    k: u64,
) -> Result<Vec<u128>> {
    let pool = ids(zdd, g, symmetry)?;
    let mut sampler = Sampler::new(seed);
    Ok(sampler
        .ids(pool.len() as u128, k)?
        .map(|i| pool[i as usize])
        .collect())
}

/// [`sample_ids`] with the tours.
pub fn sample_filtered(
    zdd: &Zdd,
    g: &LeapGraph,
    symmetry: Symmetry,
    seed: u64,
    k: u64,
) -> Result<Vec<(u128, Tour)>> {
    sample_ids(zdd, g, symmetry, seed, k)?
        .into_iter()
        .map(|id| {
            let t = zdd
                .unrank(id)
                .ok_or_else(|| Error::runtime(format!("unrank({id}) failed")))?;
            Ok((id, t))
        })
        .collect()
}
