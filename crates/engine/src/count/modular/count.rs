//! The counts this module answers, and what they cost: the number of closed rook tours
//! modulo m (by the vertex counter), and the exact number from a residue per modulus of
//! [`crt`]'s plan.

use super::limits::Progress;
use super::{rank, vertex};
use crate::count::crt::{self, Modulus, Residue};
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
pub fn count_mod(board: Board, m: Modulus, progress: Progress<'_>) -> Result<u64> {
    vertex::count_mod(board, m, progress)
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

/// The exact number of closed rook tours of `board`: one residue by [`count_mod`] for each
/// modulus of [`crt::plan_bits`]`(bits)`, combined by the Chinese remainder theorem;
/// `bits` is [`crt::bits_needed`]`(board)`. `progress` is called after every cell of every
/// residue.
pub fn count_exact(board: Board, bits: u64, progress: Progress<'_>) -> Result<BigUint> {
    let moduli = crt::plan_bits(bits);
    let mut lines = Vec::with_capacity(moduli.len());
    for (i, &m) in moduli.iter().enumerate() {
        let tick = |done: usize, total: usize| {
            if let Some(p) = progress {
                p(i * total + done, moduli.len() * total);
            }
        };
        lines.push(Residue {
            piece: "rook".into(),
            board: board.to_string(),
            modulus: m,
            residue: count_mod(board, m, Some(&tick))?,
        });
    }
    crt::combine_bits(board, bits, &lines)
}

/// Time (seconds) and peak memory (bytes) of [`count_exact`] with `moduli` residues.
pub fn estimate_exact(board: Board, moduli: usize) -> (f64, f64) {
    let (seconds, bytes) = estimate(board);
    (seconds * moduli as f64, bytes)
}
