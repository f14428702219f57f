//! A count-only engine for closed rook tours (Hamiltonian cycles of the grid) that keeps
//! one residue per frontier word in a dense array: no keys, no hashing, no sorting.
//!
//! The frontier is the plug word of [`super::transfer`] (Jacobsen 2007): `w + 1` digits
//! for a board whose narrow side is `w`, each `(`, `)` or no plug, balanced. Every
//! balanced word has a fixed slot, its dense rank ([`rank`], the minimal perfect hash of
//! Iwashita, Nakazawa, Kawahara, Uno and Minato, TCS-TR-A-13-64, 2013), and a cell
//! rewrites the slots in place ([`cell`]), so memory is one residue per balanced word
//! (the Motzkin number M(w + 1)) plus the two rank tables.
//!
//! Rows are swept in boustrophedon order: left to right, then right to left. Before cell
//! (r, c) of a left-to-right row, digit `c` is the edge coming from the left and digit
//! `c + 1` the edge coming from above; the cell writes its down edge at `c` and its
//! right edge at `c + 1`. Before cell (r, c) of a right-to-left row, digit `c` is the
//! edge from above and `c + 1` the edge from the right; the cell writes its left edge at
//! `c` and its down edge at `c + 1`. Either way the digits stay in left-to-right order
//! along the cut, a row ends with exactly the layout the next row starts from, and no
//! word ever has to be shifted.
//!
//! Counts are residues modulo 2^64 (wrapping additions) or modulo any P below 2^64
//! ([`arith`]); the exact count comes from several residues by the Chinese remainder
//! theorem ([`crate::count::crt`]).

pub mod arith;
pub mod blocks;
pub mod cell;
pub mod lowops;
pub mod rank;
pub mod vertex;

use crate::count::crt::Modulus;
use arith::{Arith, ModP, Wrapping};
use rank::Ranks;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use tourglyph_core::board::Board;
use tourglyph_core::{error::Error, error::Result};

/// The widest narrow side accepted: the residues of a board 26 wide take 205 GB (M(26)
/// words of 8 bytes on the vertex frontier); 22 wide takes 3.2 GB and 24 wide 26 GB.
pub const MAX_WIDTH: u32 = 26;

/// A progress callback: (cells done, cells in all).
pub type Progress<'a> = Option<&'a dyn Fn(usize, usize)>;

/// The number of closed rook tours of `board` modulo `m`.
///
/// ```
/// use tourglyph_core::Board;
/// use tourglyph_engine::count::{crt::Modulus, modular::count_mod};
/// assert_eq!(count_mod(Board::new(6, 6), Modulus::TwoTo64, None).unwrap(), 1072);
/// assert_eq!(count_mod(Board::new(6, 6), Modulus::Int(1000), None).unwrap(), 72);
/// ```
pub fn count_mod(board: Board, m: Modulus, progress: Progress<'_>) -> Result<u64> {
    vertex::count_mod(board, m, progress)
}

/// [`count_mod`] on the edge frontier of `w + 1` digits (the first dense counter, kept
/// as an independent oracle of [`vertex`]).
///
/// ```
/// use tourglyph_core::Board;
/// use tourglyph_engine::count::{crt::Modulus, modular::count_mod_edge};
/// assert_eq!(count_mod_edge(Board::new(6, 6), Modulus::TwoTo64, None).unwrap(), 1072);
/// ```
pub fn count_mod_edge(board: Board, m: Modulus, progress: Progress<'_>) -> Result<u64> {
    check_width(board)?;
    let (w, rows) = (board.rows.min(board.cols), board.rows.max(board.cols));
    if board.cells() % 2 == 1 || w < 2 {
        return Ok(0);
    }
    Ok(match m {
        Modulus::TwoTo64 => sweep(w, rows, Wrapping, progress),
        Modulus::Int(p) => sweep(w, rows, ModP(p), progress) % p,
    })
}

/// Refuse a board whose narrow side is above [`MAX_WIDTH`] (a usage error).
pub fn check_width(board: Board) -> Result<()> {
    let w = board.rows.min(board.cols);
    if w > MAX_WIDTH {
        return Err(Error::usage(format!(
            "the {board} board is too big to count: its narrow side is {w} and exact counting \
             handles narrow sides up to {MAX_WIDTH} (the frontier words grow about eightfold \
             per two columns: 3.2 GB a residue at 22, 26 GB at 24)"
        )));
    }
    Ok(())
}

/// Time (seconds, 2 threads on the reference machine) and peak memory (bytes) of one
/// residue of `board` by [`count_mod`] (the vertex frontier): about a nanosecond per
/// word and cell (18×18: M(18) = 6.5 M words, 324 cells, 3.1 s of CPU a residue with
/// one thread, `benches/dense.sh`).
pub fn estimate(board: Board) -> (f64, f64) {
    let (w, rows) = (board.rows.min(board.cols), board.rows.max(board.cols));
    let words = rank::motzkin(w) as f64;
    let cells = f64::from(w) * f64::from(rows);
    (words * cells * 1e-9, vertex::bytes(w))
}

/// Sweep a `rows × w` board (`w` the frontier), rows in boustrophedon order.
fn sweep<A: Arith>(w: u32, rows: u32, a: A, progress: Progress<'_>) -> u64 {
    let r = Ranks::new(w + 1);
    let low = lowops::LowPlan::new(&r);
    let v: Vec<AtomicU64> = std::iter::repeat_with(|| AtomicU64::new(0))
        .take(r.count as usize)
        .collect();
    v[r.rank(0)].store(1, Relaxed);
    let total = (w * rows) as usize;
    let mut done = 0;
    let mut black_minus_white = 0i32;
    for row in 0..rows {
        let forward = row % 2 == 0;
        let last_row = row + 1 == rows;
        for k in 0..w {
            let c = if forward { k } else { w - 1 - k };
            if last_row && k + 1 == w {
                // The last cell: its left-and-up (or up-and-right) plugs are the two ends
                // of the one remaining path, and nothing else is open.
                let closing = 1 | (2 << 2);
                return v[r.rank(closing << (2 * c))].load(Relaxed);
            }
            let out_lo = if forward { !last_row } else { c > 0 };
            let out_hi = if forward { c + 1 < w } else { !last_row };
            let cell = cell::Cell {
                c,
                out_lo,
                out_hi,
                sum: 2 * black_minus_white,
                flip: if forward { c } else { c + 1 },
            };
            cell::step(&r, &low, &v, cell, a);
            black_minus_white += if (row + c) % 2 == 0 { 1 } else { -1 };
            done += 1;
            if let Some(p) = progress {
                p(done, total);
            }
        }
    }
    unreachable!("the last cell returns")
}
