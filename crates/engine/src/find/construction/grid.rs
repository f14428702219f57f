//! Divide and conquer on boards whose sides are both at least 5.
//!
//! After Parberry ("An efficient algorithm for the Knight's tour problem", Discrete
//! Applied Mathematics 73, 1997) and Lin & Wei ("Optimal algorithms for constructing
//! knight's tours on arbitrary n×m chessboards", Discrete Applied Mathematics 146, 2005):
//! cut the board into blocks of 5 to 10 rows and columns, give every block a closed tour,
//! and join neighbouring blocks' cycles by exchanging two edges (an edge a–b of one cycle
//! and c–d of the other with a–c and b–d knight moves become a–c and b–d). Parberry uses
//! fixed "structured" base tours whose corner edges are known to glue; here the base tours
//! are found at run time by Warnsdorff search ([`crate::find::warnsdorff`]) and the
//! exchange edges are looked for along each shared border (the test suite checks every
//! block pairing the tilings use).
//!
//! The tiling obeys parity: a closed tour needs an even number of cells in every block, so
//! if the board has an even number of columns all column widths are even (6, 8, 10) and
//! the row heights are free (5 to 9), and otherwise the other way round. For an open tour
//! on an odd×odd board, one block — the one holding the start — is odd×odd and gets an
//! open tour from the start instead; every other band is even, so every other block has a
//! closed tour, and the path absorbs the cycles by the same exchange.
//!
//! Work and memory are linear in the number of cells: each block is searched once per
//! size, placed once, and each exchange scans one border.

use super::failure::ConstructionFailure;
use super::links::{KNIGHT, Links, NONE};
use crate::{
    find::warnsdorff::Adj, find::warnsdorff::Outcome, find::warnsdorff::Problem,
    find::warnsdorff::TieBreak, find::warnsdorff::find_with_restarts,
};
use std::collections::BTreeMap;
use tourglyph_core::board::Board;
use tourglyph_core::piece::Piece;

/// Parts of an even length from {6, 8, 10}.
fn split_even(len: u32) -> Vec<u32> {
    debug_assert!(len == 0 || (len >= 6 && len % 2 == 0));
    let mut out = Vec::new();
    let mut rem = len;
    while rem > 12 {
        out.push(8);
        rem -= 8;
    }
    match rem {
        0 => {}
        12 => out.extend([6, 6]),
        r => out.push(r),
    }
    out
}

/// Parts of any length ≥ 5 from 5..=9.
fn split_any(len: u32) -> Vec<u32> {
    debug_assert!(len >= 5);
    let mut out = Vec::new();
    let mut rem = len;
    while rem > 14 {
        out.push(8);
        rem -= 8;
    }
    if rem <= 9 {
        out.push(rem);
    } else {
        out.extend([rem / 2, rem - rem / 2]);
    }
    out
}

/// Ways to cut an odd length so that an odd part of 5..=11 holds position `at` and every
/// other part is even: (parts, index of the odd part), best first.
fn split_around(len: u32, at: u32) -> Vec<(Vec<u32>, usize)> {
    let ok_even = |x: u32| x == 0 || (x >= 6 && x % 2 == 0);
    let mut out = Vec::new();
    for h in [7u32, 9, 5, 11] {
        for t in (0..=at).rev().step_by(1) {
            if t + h <= at || t + h > len || !ok_even(t) || !ok_even(len - t - h) {
                continue;
            }
            let mut parts = split_even(t);
            let idx = parts.len();
            parts.push(h);
            parts.extend(split_even(len - t - h));
            out.push((parts, idx));
        }
    }
    out
}

/// Offsets of parts.
fn starts(parts: &[u32]) -> Vec<u32> {
    let mut s = Vec::with_capacity(parts.len() + 1);
    let mut x = 0;
    for &p in parts {
        s.push(x);
        x += p;
    }
    s.push(x);
    s
}

/// A closed tour of an h×w block (h, w ≥ 5, hw even), by search; `None` if the search
/// budget runs out (does not happen for the block sizes used, which the tests check).
pub fn block_cycle(h: u32, w: u32, tie: TieBreak) -> Option<Vec<u32>> {
    let b = Board::new(h, w);
    let moves = Piece::knight().moves();
    let adj = Adj::new(b, &moves);
    let seed = match tie {
        TieBreak::Seeded(s) => s,
        _ => 0,
    };
    for start in [0, b.cell(h / 2, w / 2)] {
        let p = Problem {
            board: b,
            moves: moves.clone(),
            start,
            closed: true,
            end: None,
            required: vec![],
            tie,
            budget: 20_000,
        };
        if let Outcome::Found(t) = find_with_restarts(&p, &adj, 40, seed).outcome {
            return Some(t);
        }
        // Few closed tours (5×6): a direct closed search, farthest from the start first.
        let mut q = p.clone();
        q.tie = TieBreak::AwayFrom(start);
        q.budget = 2_000_000;
        if let Outcome::Found(t) = crate::find::warnsdorff::search_with(&q, &adj).outcome {
            return Some(t);
        }
    }
    None
}

/// An open tour of an h×w block from `start`, by search.
fn block_path(h: u32, w: u32, start: u32, tie: TieBreak) -> Option<Vec<u32>> {
    let b = Board::new(h, w);
    let moves = Piece::knight().moves();
    let adj = Adj::new(b, &moves);
    let seed = match tie {
        TieBreak::Seeded(s) => s,
        _ => 0,
    };
    let p = Problem {
        board: b,
        moves,
        start,
        closed: false,
        end: None,
        required: vec![],
        tie,
        budget: 20_000,
    };
    match find_with_restarts(&p, &adj, 40, seed).outcome {
        Outcome::Found(t) => Some(t),
        _ => None,
    }
}

/// Union-find over blocks.
struct Pieces(Vec<u32>);

impl Pieces {
    fn find(&mut self, mut x: u32) -> u32 {
        while self.0[x as usize] != x {
            let up = self.0[self.0[x as usize] as usize];
            self.0[x as usize] = up;
            x = up;
        }
        x
    }
}

/// The tiling and its pieces while gluing.
struct Tiling<'a> {
    links: &'a mut Links,
    rows: Vec<u32>,
    cols: Vec<u32>,
    /// Band index of each row / column.
    row_band: Vec<u32>,
    col_band: Vec<u32>,
    pieces: Pieces,
}

impl Tiling<'_> {
    fn block_of(&self, v: u32) -> u32 {
        let cols = self.cols[self.cols.len() - 1];
        let (r, c) = (v / cols, v % cols);
        self.row_band[r as usize] * (self.cols.len() as u32 - 1) + self.col_band[c as usize]
    }

    fn piece(&mut self, v: u32) -> u32 {
        let b = self.block_of(v);
        self.pieces.find(b)
    }

    /// Join the pieces of blocks (bi, bj) and the block across `side` (0: right, 1: below)
    /// by an edge exchange on their shared border. False if no exchange exists.
    fn glue(&mut self, bi: usize, bj: usize, side: u8) -> bool {
        let q = self.cols.len() - 1;
        let (oi, oj) = if side == 0 {
            (bi, bj + 1)
        } else {
            (bi + 1, bj)
        };
        let pa = self.pieces.find((bi * q + bj) as u32);
        let pb = self.pieces.find((oi * q + oj) as u32);
        if pa == pb {
            return true;
        }
        let board_cols = self.cols[q];
        // Cells of the A block within two lines of the border, from the middle outwards.
        let (lo, hi, line) = if side == 0 {
            (self.rows[bi], self.rows[bi + 1], self.cols[bj + 1])
        } else {
            (self.cols[bj], self.cols[bj + 1], self.rows[bi + 1])
        };
        let mid = (lo + hi) / 2;
        let mut along: Vec<u32> = (lo..hi).collect();
        along.sort_by_key(|&x| (x.abs_diff(mid), x));
        for &x in &along {
            for back in [1u32, 2] {
                let a = if side == 0 {
                    x * board_cols + (line - back)
                } else {
                    (line - back) * board_cols + x
                };
                if let Some((b, c, d)) = self.find_exchange(a, pa, pb) {
                    self.links.swap(a, b, c, d);
                    self.pieces.0[pb as usize] = pa;
                    return true;
                }
            }
        }
        false
    }

    /// An exchange a–b, c–d with c–d in piece `pb` (a–b is in `pa`).
    fn find_exchange(&mut self, a: u32, pa: u32, pb: u32) -> Option<(u32, u32, u32)> {
        let _ = pa;
        let nba = self.links.nb(a);
        for k in 0..KNIGHT.len() {
            let Some(c) = self.links.step(a, k) else {
                continue;
            };
            if self.piece(c) != pb {
                continue;
            }
            for d in self.links.nb(c) {
                if d == NONE {
                    continue;
                }
                for b in nba {
                    if b != NONE && self.links.is_move(b, d) {
                        return Some((b, c, d));
                    }
                }
            }
        }
        None
    }
}

/// A tiling: row parts, column parts, and the odd×odd block holding the start (if any).
type Plan = (Vec<u32>, Vec<u32>, Option<(usize, usize)>);

/// Build the tour on `board` (both sides ≥ 5): closed, or open from `start` on an
/// odd×odd board. Blocks are searched with `tie` (seeded ties give other tours).
pub fn build(
    board: Board,
    closed: bool,
    start: u32,
    tie: TieBreak,
) -> Result<Links, ConstructionFailure> {
    let (m, n) = (board.rows, board.cols);
    let odd = m % 2 == 1 && n % 2 == 1;
    if closed && odd {
        return Err("no closed tour on an odd×odd board".into());
    }
    let (sr, sc) = board.coords(start);
    // Candidate tilings: (row parts, col parts, special block).
    let mut plans: Vec<Plan> = Vec::new();
    if !odd {
        if n % 2 == 0 {
            plans.push((split_any(m), split_even(n), None));
        } else {
            plans.push((split_even(m), split_any(n), None));
        }
    } else {
        let rs = split_around(m, sr);
        let cs = split_around(n, sc);
        for (rp, ri) in rs.iter().take(3) {
            for (cp, ci) in cs.iter().take(3) {
                plans.push((rp.clone(), cp.clone(), Some((*ri, *ci))));
            }
        }
    }
    let mut last_err = ConstructionFailure::from("no tiling");
    let mut cycles: BTreeMap<(u32, u32), Vec<u32>> = BTreeMap::new();
    for (rp, cp, special) in plans {
        match try_plan(board, &rp, &cp, special, start, tie, &mut cycles) {
            Ok(l) => return Ok(l),
            Err(e) => last_err = e,
        }
    }
    Err(last_err)
}

fn try_plan(
    board: Board,
    rp: &[u32],
    cp: &[u32],
    special: Option<(usize, usize)>,
    start: u32,
    tie: TieBreak,
    cycles: &mut BTreeMap<(u32, u32), Vec<u32>>,
) -> Result<Links, ConstructionFailure> {
    let rows = starts(rp);
    let cols = starts(cp);
    let (p, q) = (rp.len(), cp.len());
    let (sr, sc) = board.coords(start);
    // The special block's path first: it is the part most likely to fail.
    let mut path = None;
    if let Some((i, j)) = special {
        let (h, w) = (rp[i], cp[j]);
        let local = (sr - rows[i]) * w + (sc - cols[j]);
        path =
            Some(block_path(h, w, local, tie).ok_or_else(|| {
                format!("no open tour of the {h}x{w} block from its cell {local}")
            })?);
    }
    let mut links = Links::new(board);
    for i in 0..p {
        for j in 0..q {
            let (h, w) = (rp[i], cp[j]);
            let (r0, c0) = (rows[i], cols[j]);
            let to_global = |v: &u32| (r0 + v / w) * board.cols + (c0 + v % w);
            if special == Some((i, j)) {
                let cells: Vec<u32> = path.as_ref().expect("path").iter().map(to_global).collect();
                links.add_walk(&cells, false);
            } else {
                let cycle = match cycles.entry((h, w)) {
                    std::collections::btree_map::Entry::Occupied(e) => e.into_mut(),
                    std::collections::btree_map::Entry::Vacant(e) => e.insert(
                        block_cycle(h, w, tie)
                            .or_else(|| block_cycle(h, w, TieBreak::Roth))
                            .ok_or_else(|| format!("no closed tour found for a {h}x{w} block"))?,
                    ),
                };
                let cells: Vec<u32> = cycle.iter().map(to_global).collect();
                links.add_walk(&cells, true);
            }
        }
    }
    let band = |parts: &[u32]| -> Vec<u32> {
        parts
            .iter()
            .enumerate()
            .flat_map(|(i, &len)| std::iter::repeat_n(i as u32, len as usize))
            .collect()
    };
    let mut t = Tiling {
        links: &mut links,
        row_band: band(rp),
        col_band: band(cp),
        rows,
        cols,
        pieces: Pieces((0..(p * q) as u32).collect()),
    };
    // Join each band left to right, then the bands top to bottom (any column will do).
    for i in 0..p {
        for j in 0..q.saturating_sub(1) {
            t.glue(i, j, 0);
        }
    }
    for i in 0..p.saturating_sub(1) {
        for j in 0..q {
            if t.glue(i, j, 1) {
                break;
            }
        }
    }
    // Anything still apart (a band split by a failed join): try every border.
    for i in 0..p {
        for j in 0..q {
            if j + 1 < q {
                t.glue(i, j, 0);
            }
            if i + 1 < p {
                t.glue(i, j, 1);
            }
        }
    }
    let root = t.pieces.find(0);
    for b in 0..(p * q) as u32 {
        if t.pieces.find(b) != root {
            return Err(ConstructionFailure::from(format!(
                "could not join the blocks of the {}x{} tiling {:?} x {:?}",
                board.rows, board.cols, rp, cp
            )));
        }
    }
    Ok(links)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_cover() {
        for len in (6..200).step_by(2) {
            let p = split_even(len);
            assert_eq!(p.iter().sum::<u32>(), len);
            assert!(p.iter().all(|&x| [6, 8, 10].contains(&x)), "{len}: {p:?}");
        }
        for len in 5..200 {
            let p = split_any(len);
            assert_eq!(p.iter().sum::<u32>(), len);
            assert!(p.iter().all(|&x| (5..=9).contains(&x)), "{len}: {p:?}");
        }
        for len in (5..120).step_by(2) {
            for at in 0..len {
                let opts = split_around(len, at);
                assert!(!opts.is_empty(), "{len} at {at}");
                for (p, i) in opts {
                    assert_eq!(p.iter().sum::<u32>(), len);
                    let s = starts(&p);
                    assert!(s[i] <= at && at < s[i + 1]);
                    assert!(p[i] % 2 == 1);
                    assert!(p.iter().enumerate().all(|(k, &x)| k == i || x % 2 == 0));
                }
            }
        }
    }
}
