//! The counts this module answers, and what they cost: the number of closed rook tours
//! modulo m (by the vertex counter), and the exact number from a residue per modulus of
//! [`crt`]'s plan.

use super::{rank, vertex};
use crate::count::crt::{self, Modulus, Residue, Width};
use crate::count::progress::ProgressFn;
use num_bigint::BigUint;
use tourglyph_core::board::Board;
use tourglyph_core::error::Result;

/// The number of closed rook tours of `board` modulo `m`.
///
/// ```
/// use tourglyph_core::Board;
/// use tourglyph_engine::count::{crt::Modulus, modular::count_mod};
/// assert_eq!(count_mod(Board::new(6, 6), Modulus::TwoTo64, None).unwrap(), 1072);
/// assert_eq!(count_mod(Board::new(6, 6), Modulus::Int(1000), None).unwrap(), 72);
/// ```
pub fn count_mod(board: Board, m: Modulus, progress: ProgressFn<'_>) -> Result<u64> {
    vertex::count_mod(board, m, progress)
}

/// [`count_mod`] with each word's residue in `width` bits (a usage error when residues
/// modulo `m` do not fit).
pub fn count_mod_width(
    board: Board,
    m: Modulus,
    width: Width,
    progress: ProgressFn<'_>,
) -> Result<u64> {
    vertex::count_mod_width(board, m, width, progress)
}

/// Time (seconds, 2 threads on the reference machine) and peak memory (bytes) of one
/// residue of `board` by [`count_mod`] (the vertex frontier) in 64 bits
/// ([`estimate_width`]).
pub fn estimate(board: Board) -> (f64, f64) {
    estimate_width(board, Width::W64)
}

/// Time (seconds, 2 threads on the reference machine) and peak memory (bytes) of one
/// residue of `board` by [`count_mod_width`] in `width`: about a nanosecond per word
/// and cell (18×18: M(18) = 6.5 M words, 324 cells, 3.1 s of CPU a residue with one
/// thread, `benches/dense.sh`), and `width`'s bytes per word plus the tables.
pub fn estimate_width(board: Board, width: Width) -> (f64, f64) {
    let (w, rows) = (board.rows.min(board.cols), board.rows.max(board.cols));
    let words = rank::motzkin(w) as f64;
    let cells = f64::from(w) * f64::from(rows);
    (words * cells * 1e-9, vertex::bytes_width(w, width))
}

/// The widest residues whose count of `board` fits in `memory` bytes ([`estimate_width`]),
/// else the narrowest (whose run the memory budget then refuses, with its figure).
pub fn widest_fitting(board: Board, memory: u64) -> Width {
    Width::ALL
        .into_iter()
        .rev()
        .find(|&w| estimate_width(board, w).1 <= memory as f64)
        .unwrap_or(Width::W16)
}

/// The exact number of closed rook tours of `board`: one residue by [`count_mod`] for each
/// modulus of [`crt::plan_need`]`(need, Width::W64)`, combined by the Chinese remainder
/// theorem; `need` is [`crt::need`]`(board)`. `progress` is called after every cell of
/// every residue.
pub fn count_exact(board: Board, need: crt::Need, progress: ProgressFn<'_>) -> Result<BigUint> {
    count_exact_width(board, need, Width::W64, progress)
}

/// [`count_exact`] with residues of `width`: one for each modulus of
/// [`crt::plan_need`]`(need, width)`, each in the narrowest width holding its modulus.
pub fn count_exact_width(
    board: Board,
    need: crt::Need,
    width: Width,
    progress: ProgressFn<'_>,
) -> Result<BigUint> {
    let moduli = crt::plan_need(need, width);
    let mut lines = Vec::with_capacity(moduli.len());
    for (i, &m) in moduli.iter().enumerate() {
        let tick = |done: usize, total: usize| {
            if let Some(p) = progress {
                p(i * total + done, moduli.len() * total);
            }
        };
        lines.push(Residue::closed_rook(
            board,
            m,
            count_mod_width(board, m, Width::narrowest(m), Some(&tick))?,
        ));
    }
    crt::combine_need(board, need, &lines)
}

/// Time (seconds) and peak memory (bytes) of [`count_exact`] with `moduli` residues.
pub fn estimate_exact(board: Board, moduli: usize) -> (f64, f64) {
    let (seconds, bytes) = estimate(board);
    (seconds * moduli as f64, bytes)
}
