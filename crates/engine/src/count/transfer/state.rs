//! The frontier state: a word of plugs, packed two bits a plug into a `u64`.
//!
//! # The cut
//!
//! Cells of a `rows × w` region are processed in row-major order. Just before cell
//! (r, c), the cut between processed and unprocessed cells is crossed by `w + 1` edges,
//! the *profile positions* `j = 0..=w`:
//!
//! - `j < c`: the edge down from cell (r, j);
//! - `j = c`: the edge from (r, c − 1) into (r, c) (none when c = 0);
//! - `j > c`: the edge down from cell (r − 1, j − 1).
//!
//! A *plug* is a position whose edge the partial tour uses. The used edges above the cut
//! form vertex-disjoint paths (every processed cell has degree exactly 2, so the pattern
//! is Hamiltonian), and each path has both ends at plugs. Paths cannot cross in the
//! plane, so the pairing of plugs is a balanced-parenthesis word: digit 1 marks the
//! left end `(` of a path, 2 its right end `)`, 0 a position with no plug. This is the
//! transfer-matrix state of Jacobsen (2007) and the "plug DP" of the programming-contest
//! literature; Knuth's SIMPATH keeps the same information as a `mate[]` table.
//!
//! Regions that may be left on their right side (the quarter-board of the quarter-turn
//! count, [`super::burnside`]) also keep *frozen* plugs: the edges leaving the region to
//! the right from rows already done. They lie after position `w` along the boundary, the
//! exit of row r − 1 first, so the word stays balanced across both parts.
//!
//! # The packing
//!
//! The profile is stored *rotated*: position `j` at digit `(j − c) mod (w + 1)`, bits
//! `2·digit`. The two plugs that cell (r, c) reads — left `j = c` and up `j = c + 1` — are
//! then always digits 0 and 1, the low four bits, and moving to the next cell is one
//! rotation ([`rotate`]). Frozen plug `i` (the exit of row r − 1 − i) sits at bits
//! `2(w + 1) + 2i`. Because the low four bits are the only ones a cell looks at, states
//! sorted by key come in runs sharing all other digits, which is what lets
//! [`super::step`] work on sorted arrays instead of hash tables.

/// The digits (no plug, `(`, `)`) and the pairing of a word: shared with the gluing of
/// folded boards ([`crate::count::glue`]), their one home.
pub use crate::count::glue::{CLOSE, NONE, OPEN, pairing};

/// Mask of the two bits of digit `i`.
#[inline]
pub fn mask(i: u32) -> u64 {
    3u64 << (2 * i)
}

/// Digit `i` of `key`.
#[inline]
pub fn digit(key: u64, i: u32) -> u64 {
    (key >> (2 * i)) & 3
}

/// `key` with digit `i` replaced by `v`.
#[inline]
pub fn with_digit(key: u64, i: u32, v: u64) -> u64 {
    (key & !mask(i)) | (v << (2 * i))
}

/// The key of the same state at the next cell: digits rotate down by one, digit 0 (the
/// plug just written below the cell) becoming the top profile digit `w`. Frozen digits
/// (bits from `2(w + 1)` up) stay where they are.
#[inline]
pub fn rotate(key: u64, w: u32) -> u64 {
    let p = 2 * (w + 1);
    let frozen = if p >= 64 { 0 } else { key >> p << p };
    let profile = key ^ frozen;
    frozen | (profile >> 2) | ((profile & 3) << (2 * w))
}

/// Digit index of the `(` matching the `)` at digit 0 (profile position `c`): scan
/// positions `c − 1, c − 2, …, 0`, which sit at digits `w, w − 1, …, w + 1 − c`.
#[inline]
pub fn partner_of_left_close(key: u64, w: u32) -> u32 {
    let mut depth = 1u32;
    let mut i = w;
    loop {
        match digit(key, i) {
            CLOSE => depth += 1,
            OPEN => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
        i -= 1;
    }
}

/// Digit index of the `)` matching the `(` at digit 1 (profile position `c + 1`): scan
/// positions `c + 2, …, w` (digits `2, …, w − c`) and then the frozen plugs (digits
/// `w + 1, w + 2, …`), which continue the word to the right.
#[inline]
pub fn partner_of_up_open(key: u64, w: u32, c: u32) -> u32 {
    let mut depth = 1u32;
    let mut i = 2;
    let last_profile = w - c;
    loop {
        if i > last_profile && i <= w {
            // Past position w: jump to the frozen part.
            i = w + 1;
        }
        match digit(key, i) {
            OPEN => depth += 1,
            CLOSE => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
        i += 1;
    }
}

/// The plugs of a finished region's state, in boundary order (left to right along the
/// bottom, then up the right side), decoded from a key taken after the last row.
///
/// Returns `(bottom, right)`: `bottom[j]` is the digit of the edge leaving column `j`
/// downwards, `right[i]` the digit of the edge leaving row `rows − 1 − i` to the right
/// (empty unless the region had right exits).
pub fn boundary(key: u64, w: u32, rows: u32, right_exits: bool) -> (Vec<u64>, Vec<u64>) {
    let bottom = (0..w).map(|j| digit(key, j + 1)).collect();
    let right = if right_exits {
        (0..rows).map(|i| digit(key, w + 1 + i)).collect()
    } else {
        Vec::new()
    };
    (bottom, right)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pack profile positions (a slice of digits, position j first) for cell c.
    fn pack(pos: &[u64], c: u32) -> u64 {
        let p = pos.len() as u32;
        pos.iter()
            .enumerate()
            .fold(0, |k, (j, &d)| with_digit(k, (j as u32 + p - c) % p, d))
    }

    #[test]
    fn rotation_moves_to_the_next_cell() {
        let pos = [1, 0, 2, 1, 2];
        let w = 4;
        for c in 0..w {
            assert_eq!(rotate(pack(&pos, c), w), pack(&pos, c + 1));
        }
        // Frozen digits are untouched.
        let frozen = 0b10_01u64 << (2 * (w + 1));
        assert_eq!(rotate(pack(&pos, 1) | frozen, w), pack(&pos, 2) | frozen);
    }

    #[test]
    fn partners_are_found_by_depth() {
        // positions: ( ( ) ( ) )   w = 5, c = 0: left = pos 0, up = pos 1.
        let pos = [1, 1, 2, 1, 2, 2];
        let w = 5;
        let k = pack(&pos, 0);
        // The ( at position 1 matches the ) at position 2 = digit 2.
        assert_eq!(partner_of_up_open(k, w, 0), 2);
        // c = 5: left = position 5 `)`, matched by position 0 = digit (0 - 5) mod 6 = 1.
        let k = pack(&pos, 5);
        assert_eq!(partner_of_left_close(k, w), 1);
    }

    #[test]
    fn up_partner_can_be_frozen() {
        // w = 2, c = 1: positions 0..=2 = [0, 0, (] and one frozen `)`.
        let w = 2;
        let k = pack(&[0, 0, 1], 1) | (CLOSE << (2 * (w + 1)));
        assert_eq!(partner_of_up_open(k, w, 1), w + 1);
    }
}
