//! `count`: the number of tours a request names, as `count --json`'s object or
//! `count`'s text, on a board (the tour source's count, [`super::source::count_with`])
//! or on a shaped board (a count per part and the tuples, as `shape count` gives them).
//! (Counts spread over machines as residues are the job of [`super::residues`].)

use super::request::{Progress, Spec};
use super::source::{TourSource, count_with};
use tourglyph_core::{Error, Result};

pub use super::counters::Counted;
pub use super::source::count;

/// `count`'s answer, one JSON object (`json`) or its text, with the dense counter's
/// residues in `residue_bits` (`--residue-bits`) on a board.
pub fn answer(
    spec: &Spec,
    force: bool,
    residue_bits: Option<u32>,
    json: bool,
    progress: &dyn Progress,
) -> Result<String> {
    if let Some(shape) = TourSource::shape(spec)? {
        if residue_bits.is_some() {
            return Err(Error::usage(
                "--residue-bits counts a board's tours: drop it with a shape",
            ));
        }
        let c = super::shaped_board::count(spec, &shape, force)?;
        if json {
            return Ok(c.json());
        }
        // The number alone on stdout; what it counts on stderr.
        progress.note(&c.sentence());
        return Ok(c.text());
    }
    let c = count_with(spec, force, residue_bits, progress)?;
    Ok(if json { c.json() } else { c.text() })
}
