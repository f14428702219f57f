//! Gluing folded boards back into symmetric tours: the one home of the rules that decide,
//! from the exits of a half or quarter board and the pairing of their paths, whether the
//! part and its images under a symmetry close into one tour. Both the sorted exact
//! counter ([`super::transfer::burnside`]) and the dense residue counter
//! ([`super::modular::fixed`]) sweep the part and then ask these predicates of each of
//! its final states (after Wynn 2014, "Enumeration of nonisomorphic Hamiltonian cycles
//! on square grid graphs", arXiv:1402.0545, section 3).
//!
//! A state is a word of plug digits along the part's boundary: 0 no plug, 1 the left end
//! `(` of a path, 2 its right end `)` (the frontier word of Jacobsen 2007). Words are
//! at most [`MAX_DIGITS`] long; the predicates allocate nothing, so the dense counter can
//! ask them of every one of its billions of final words.

/// No plug at this position.
pub const NONE: u64 = 0;
/// The left end of a path: `(`.
pub const OPEN: u64 = 1;
/// The right end of a path: `)`.
pub const CLOSE: u64 = 2;

/// The longest word the predicates take (the quarter board of a 62×62 board).
pub const MAX_DIGITS: usize = 64;

/// Not paired (a position with no plug).
const UNPAIRED: u8 = u8::MAX;

/// Pair up a balanced word of plug digits: `partner[k]` is the index of the plug matched
/// with plug `k`, or `usize::MAX` where there is no plug. `None` if the word is not
/// balanced (a bug upstream).
pub fn pairing(word: &[u64]) -> Option<Vec<usize>> {
    let p = pairs(word)?;
    Some(
        p[..word.len()]
            .iter()
            .map(|&x| {
                if x == UNPAIRED {
                    usize::MAX
                } else {
                    x as usize
                }
            })
            .collect(),
    )
}

/// [`pairing`] into a fixed array (no allocation): `UNPAIRED` where there is no plug.
fn pairs(word: &[u64]) -> Option<[u8; MAX_DIGITS]> {
    assert!(word.len() <= MAX_DIGITS, "a word of {} digits", word.len());
    let mut partner = [UNPAIRED; MAX_DIGITS];
    let mut stack = [0u8; MAX_DIGITS];
    let mut depth = 0;
    for (k, &d) in word.iter().enumerate() {
        match d {
            OPEN => {
                stack[depth] = k as u8;
                depth += 1;
            }
            CLOSE => {
                if depth == 0 {
                    return None;
                }
                depth -= 1;
                let o = stack[depth];
                partner[o as usize] = k as u8;
                partner[k] = o;
            }
            NONE => {}
            _ => return None,
        }
    }
    (depth == 0).then_some(partner)
}

/// Does the top half of a tour, whose exits through the axis are `word` (the bottom side
/// of the top half, left to right) paired as the word's brackets say, close into one
/// tour fixed by σ, where σ maps the crossing edge at position j to the one at σ(j)?
/// σ is j ↦ w − 1 − j for the half turn and the identity for the mirror between the two
/// halves. True when the exits are σ-symmetric and the pairing P joined with its image
/// σPσ (the bottom half) forms a single cycle.
pub fn half_cycle(word: &[u64], sigma: &impl Fn(usize) -> usize) -> bool {
    let mut used = 0;
    let mut first = usize::MAX;
    for (j, &d) in word.iter().enumerate() {
        if d != NONE {
            if word[sigma(j)] == NONE {
                return false;
            }
            used += 1;
            first = first.min(j);
        }
    }
    if used == 0 {
        return false;
    }
    let Some(p) = pairs(word) else {
        return false;
    };
    // Walk: top half from x to p(x), cross, bottom half from y to σ(p(σ(y))), cross.
    let n = word.len();
    let mut x = first;
    let mut ends = 0;
    loop {
        let y = p[x] as usize;
        x = sigma(p[sigma(y)] as usize);
        ends += 2;
        if x == first || ends > n {
            break;
        }
    }
    ends == used
}

/// The exits of a word packed two bits a digit (digit `j` at bits `2j`, at most 32
/// digits): bit `2j` set when digit `j` holds a plug.
#[inline]
pub fn exits_packed(word: u64, len: usize) -> u64 {
    debug_assert!(len <= 32);
    (word | (word >> 1)) & 0x5555_5555_5555_5555 & (u64::MAX >> (64 - 2 * len).min(63))
}

/// What [`half_cycle`] needs of the exits alone, from [`exits_packed`] of a word of `len`
/// digits, before any pairing: symmetric under the half turn's σ (`turn`); under the
/// mirror's (the identity) the pairing glued to itself closes each path into a cycle of
/// its own, so one cycle needs exactly one path, two exits. A word that fails this never
/// glues, and the dense counter skips it without decoding it.
#[inline]
pub fn half_exits_may_close(exits: u64, len: usize, turn: bool) -> bool {
    if exits == 0 {
        return false;
    }
    if turn {
        // Bit 2j ↦ bit 2(len − 1 − j): reversed, bit 2j lands at 63 − 2j.
        exits.reverse_bits() >> (65 - 2 * len) == exits
    } else {
        exits.count_ones() == 2
    }
}

/// Does the quadrant pairing on `word` (B_0..B_{k−1}, then R_{k−1}..R_0) close into one
/// quarter-turn-symmetric cycle?
///
/// Copies Q_q = ρ^q(Q₀), q mod 4, meet along four half-axes; axis q separates Q_q and
/// Q_{q+1} and its edge c is ρ^q(R_c) = ρ^{q+1}(B_c). A walker inside Q_q that entered
/// by the copy of exit E_c follows the copied path to its other end F_d = P(E_c) and
/// leaves: by axis q into Q_{q+1} as its B_d if F = R, or by axis q−1 into Q_{q−1} as its
/// R_d if F = B. One cycle iff the walk crosses every used axis edge (4 per exit pair
/// B_c, R_c) before coming back.
pub fn quarter_cycle(word: &[u64], k: usize) -> bool {
    let b_idx = |c: usize| c;
    let r_idx = |c: usize| 2 * k - 1 - c;
    let Some(first) = (0..k).find(|&c| word[b_idx(c)] != NONE) else {
        return false;
    };
    if (0..k).any(|c| (word[b_idx(c)] != NONE) != (word[r_idx(c)] != NONE)) {
        return false;
    }
    let used = (0..k).filter(|&c| word[b_idx(c)] != NONE).count();
    let Some(p) = pairs(word) else {
        return false;
    };
    // State: (quadrant mod 4, entered by a B exit?, column/row index).
    let start = (1u8, true, first);
    let mut s = start;
    let mut crossings = 0;
    loop {
        let (q, by_b, c) = s;
        let y = p[if by_b { b_idx(c) } else { r_idx(c) }] as usize;
        s = if y < k {
            ((q + 3) % 4, false, y)
        } else {
            ((q + 1) % 4, true, 2 * k - 1 - y)
        };
        crossings += 1;
        if s == start || crossings > 4 * k {
            break;
        }
    }
    crossings == 4 * used
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_gluing() {
        let turn = |n: usize| move |j: usize| n - 1 - j;
        let id = |j: usize| j;
        // One path between the two outer exits: glued to itself, one cycle either way.
        assert!(half_cycle(&[1, 0, 0, 2], &turn(4)));
        assert!(half_cycle(&[1, 0, 0, 2], &id));
        // Two nested paths ( ( ) ): mirror gives two cycles; the half turn
        // maps pair (0,3) to (0,3) and (1,2) to (1,2): also two cycles.
        assert!(!half_cycle(&[1, 1, 2, 2], &turn(4)));
        assert!(!half_cycle(&[1, 1, 2, 2], &id));
        // ( ) ( ) is its own mirror image: two cycles under both.
        assert!(!half_cycle(&[1, 2, 1, 2], &turn(4)));
        // ( ) ( ( ) ) turned is ( ( ) ) ( ): glued, one cycle 0→1→2→5→4→3→0; the
        // mirror glues it to itself: three cycles.
        assert!(half_cycle(&[1, 2, 1, 1, 2, 2], &turn(6)));
        assert!(!half_cycle(&[1, 2, 1, 1, 2, 2], &id));
        // Asymmetric exits never glue under the turn.
        assert!(!half_cycle(&[1, 2, 0, 0], &turn(4)));
        // No exit at all, or an unbalanced word: no tour.
        assert!(!half_cycle(&[0, 0, 0, 0], &id));
        assert!(!half_cycle(&[2, 0, 0, 1], &turn(4)));
    }

    /// The shortcut on exits agrees with the walk on every balanced word of up to 9
    /// digits: it never drops a word that glues.
    #[test]
    fn exits_shortcut_keeps_every_gluing_word() {
        for len in 1..=9usize {
            let turn = move |j: usize| len - 1 - j;
            let same = |j: usize| j;
            for word in 0..1u64 << (2 * len) {
                let digits: Vec<u64> = (0..len).map(|j| (word >> (2 * j)) & 3).collect();
                if digits.contains(&3) || pairing(&digits).is_none() {
                    continue;
                }
                let exits = exits_packed(word, len);
                if half_cycle(&digits, &turn) {
                    assert!(half_exits_may_close(exits, len, true), "{digits:?}");
                }
                if half_cycle(&digits, &same) {
                    assert!(half_exits_may_close(exits, len, false), "{digits:?}");
                }
                // The mirror's shortcut is exact: two exits always glue.
                assert_eq!(
                    half_exits_may_close(exits, len, false),
                    half_cycle(&digits, &same),
                    "{digits:?}"
                );
            }
        }
    }

    #[test]
    fn quarter_gluing_on_two_by_two() {
        // k = 1: the single quadrant cell exits down and right: the 2×2 ring.
        assert!(quarter_cycle(&[1, 2], 1));
        assert!(!quarter_cycle(&[0, 0], 1));
    }

    #[test]
    fn pairing_matches_brackets() {
        assert_eq!(
            pairing(&[1, 0, 1, 2, 2]).unwrap(),
            vec![4, usize::MAX, 3, 2, 0]
        );
        assert!(pairing(&[2, 1]).is_none());
        assert!(pairing(&[1, 1, 2]).is_none());
    }
}
