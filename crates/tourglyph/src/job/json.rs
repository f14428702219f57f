//! The jobs' JSON through serde_json: a value as one compact line, and the two kinds of
//! field serde_json cannot write from a plain Rust value with the bytes the outputs have
//! (a number past `u128`, or with a fixed count of decimals; a number as a string).

use serde::ser::{Error as _, Serialize, Serializer};
use serde_json::value::RawValue;
use std::fmt::Display;

/// `value` as compact JSON, with its newline.
pub(super) fn line<T: Serialize + ?Sized>(value: &T) -> String {
    let mut s = serde_json::to_string(value).expect("the jobs' JSON values serialise");
    s.push('\n');
    s
}

/// `value` as compact JSON with its newline, appended to `buf` (a line of a long list,
/// written into a buffer sized for it).
pub(super) fn push_line<T: Serialize + ?Sized>(buf: &mut Vec<u8>, value: &T) {
    serde_json::to_writer(&mut *buf, value).expect("the jobs' JSON values serialise");
    buf.push(b'\n');
}

/// A JSON number written with exactly its `Display` digits: a `BigUint` count (serde_json
/// has no integer type past `u128`), or a length formatted to fixed decimals (`{:.3}`,
/// which serde_json's shortest float digits do not give). Written as a raw value, which
/// serde_json checks is valid JSON: a non-finite float is an error, not `NaN`.
pub(super) struct Digits<T>(pub T);

impl<T: Display> Serialize for Digits<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        RawValue::from_string(self.0.to_string())
            .map_err(|e| S::Error::custom(format!("{} is not a JSON number: {e}", self.0)))?
            .serialize(s)
    }
}

/// A JSON string of a value's `Display` text: a count again as a string (`tours_text`),
/// for readers whose numbers are doubles, or a board's name.
pub(super) struct Text<T>(pub T);

impl<T: Display> Serialize for Text<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

/// Each cell's `(row, col)` on `board`, indexed by cell: the table [`Pairs`] reads, made
/// once for a listing's lines.
pub(super) fn coords_of(board: tourglyph_core::Board) -> Vec<(u32, u32)> {
    (0..board.cells() as u32).map(|c| board.coords(c)).collect()
}

/// Cells as `[row, col]` pairs, in order, from a per-cell table of coordinates.
pub(super) struct Pairs<'a> {
    /// Each cell's `(row, col)`, indexed by cell.
    pub coords: &'a [(u32, u32)],
    /// The cells.
    pub cells: &'a [u32],
}

impl Serialize for Pairs<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.cells.iter().map(|&c| self.coords[c as usize]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    #[test]
    fn digits_are_written_as_given() {
        let big: BigUint = BigUint::from(u128::MAX) * 1000u32 + 7u32;
        assert_eq!(
            serde_json::to_string(&Digits(&big)).unwrap(),
            big.to_string()
        );
        assert_eq!(
            serde_json::to_string(&Digits(format!("{:.3}", 2.5))).unwrap(),
            "2.500"
        );
        assert_eq!(serde_json::to_string(&Digits(25.0)).unwrap(), "25");
        assert_eq!(serde_json::to_string(&Digits(0.3)).unwrap(), "0.3");
        assert!(serde_json::to_string(&Digits(f64::NAN)).is_err());
        assert!(serde_json::to_string(&Digits(f64::INFINITY)).is_err());
    }

    #[test]
    fn text_is_an_escaped_string() {
        assert_eq!(serde_json::to_string(&Text(12u128)).unwrap(), "\"12\"");
        assert_eq!(serde_json::to_string(&Text("a\"b")).unwrap(), "\"a\\\"b\"");
    }

    #[test]
    fn pairs_and_lines() {
        let coords = [(0, 0), (0, 1), (1, 0), (1, 1)];
        let p = Pairs {
            coords: &coords,
            cells: &[0, 1, 3, 2],
        };
        assert_eq!(line(&p), "[[0,0],[0,1],[1,1],[1,0]]\n");
        let mut buf = b"x".to_vec();
        push_line(&mut buf, &p);
        assert_eq!(buf, b"x[[0,0],[0,1],[1,1],[1,0]]\n");
    }
}
