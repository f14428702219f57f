//! The plug pair a cell reads and writes, and the bracket matching of plug words: a word
//! has two bits a digit (0 no plug, 1 `(`, 2 `)`), and a cell of either counter rewrites
//! two neighbouring digits, turning a distant bracket round when it joins two paths.

/// Bits of the pair (lo digit first) at digits c, c + 1.
pub(super) const fn pair(lo: u64, hi: u64) -> u64 {
    lo | (hi << 2)
}
pub(super) const NO_PLUG: u64 = pair(0, 0);
pub(super) const NEW_PATH: u64 = pair(1, 2);
pub(super) const JOIN_PATHS: u64 = pair(2, 1);
pub(super) const OPEN_LO: u64 = pair(1, 0);
pub(super) const OPEN_HI: u64 = pair(0, 1);
pub(super) const CLOSE_LO: u64 = pair(2, 0);
pub(super) const CLOSE_HI: u64 = pair(0, 2);
pub(super) const OPEN_OPEN: u64 = pair(1, 1);
pub(super) const CLOSE_CLOSE: u64 = pair(2, 2);

/// The word `w` after the join at digits `c`, `c + 1`: both cleared, and digit `q` (the
/// partner bracket) set to `d`.
#[inline]
pub(super) fn join_target(w: u64, c: u32, q: u32, d: u64) -> u64 {
    (w & !(15u64 << (2 * c)) & !(3u64 << (2 * q))) | (d << (2 * q))
}

/// Digit of the `)` matching the `(` at digit `at`, looking at digits below `len` only.
pub(super) fn partner_right(w: u64, at: u32, len: u32) -> Option<u32> {
    let mut depth = 0i32;
    for q in at..len {
        match (w >> (2 * q)) & 3 {
            1 => depth += 1,
            2 => {
                depth -= 1;
                if depth == 0 {
                    return Some(q);
                }
            }
            _ => {}
        }
    }
    None
}

/// Digit of the `(` matching the `)` at digit `at`.
pub(super) fn partner_left(w: u64, at: u32) -> Option<u32> {
    let mut depth = 0i32;
    for q in (0..=at).rev() {
        match (w >> (2 * q)) & 3 {
            2 => depth += 1,
            1 => {
                depth -= 1;
                if depth == 0 {
                    return Some(q);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partners_match_brackets() {
        // ( ( ) ( ) )  digits 0..6
        let w: u64 = [1u64, 1, 2, 1, 2, 2]
            .iter()
            .enumerate()
            .map(|(i, d)| d << (2 * i))
            .sum();
        assert_eq!(partner_right(w, 0, 6), Some(5));
        assert_eq!(partner_right(w, 1, 6), Some(2));
        assert_eq!(partner_right(w, 3, 6), Some(4));
        assert_eq!(
            partner_right(w, 0, 5),
            None,
            "its ) is past the digits looked at"
        );
        assert_eq!(partner_left(w, 5), Some(0));
        assert_eq!(partner_left(w, 4), Some(3));
    }
}
