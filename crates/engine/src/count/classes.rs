//! Symmetry classes of closed rook tours on big square boards by Burnside's lemma, every
//! term from a counter as lean as the dense one: the total from the dense counter's
//! residues ([`modular::count_exact_width`]), the half turn's and the mirrors' fixed
//! tours from the half board swept by the same counter and glued to its image
//! ([`modular::fixed`], residues and the Chinese remainder theorem like the total), the
//! quarter turn's and both mirrors' from the small quarter board swept exactly
//! ([`transfer::quarter_fixed`]), the diagonal mirrors' zero (no tour of a board larger
//! than 2×2 is fixed by one). The sums and the orbit sizes are checked as for the
//! transfer matrix's classes ([`transfer::classes_from_fixed`]): a sum of fixed counts
//! that is not a multiple of 8 is an error, not a figure. After Wynn 2014
//! (arXiv:1402.0545), whose table ends at 20×20.

use super::crt::{self, Width};
use super::modular::{self, fixed};
use super::transfer::{self, ClassCount};
use num_bigint::BigUint;
use tourglyph_core::board::Board;
use tourglyph_core::symmetry::Sym;
use tourglyph_core::{error::Error, error::Result};

/// The narrowest side from which square boards count their classes this way; smaller
/// ones take the transfer matrix's (exact words, cheaper there).
pub const DENSE_CLASSES_FROM: u32 = 14;

/// Does [`count_rook_classes_dense`] count the classes of `board`? Square boards of even
/// side from [`DENSE_CLASSES_FROM`] to [`modular::MAX_WIDTH`].
pub fn applies(board: Board) -> bool {
    board.is_square()
        && board.rows % 2 == 0
        && (DENSE_CLASSES_FROM..=modular::MAX_WIDTH).contains(&board.rows)
}

/// Where a run of [`count_rook_classes_dense`] is: the phase and its progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The total, residue by residue.
    Total,
    /// The half board's fixed counts, residue by residue.
    Half,
    /// The quarter board's sweep.
    Quarter,
}

/// A progress callback: (phase, cells done, cells in all of the phase).
pub type Progress<'a> = Option<&'a dyn Fn(Phase, usize, usize)>;

/// The costs of [`count_rook_classes_dense`] before it runs: seconds (2 threads on the
/// reference machine) and peak bytes, each phase's and in all.
#[derive(Clone, Copy, Debug)]
pub struct Estimate {
    /// The total's residues (none when the total is given).
    pub total: (f64, f64),
    /// The half board's residues.
    pub half: (f64, f64),
    /// The quarter board's sweep.
    pub quarter: (f64, f64),
}

impl Estimate {
    /// Seconds in all and the largest peak of the phases (they run one after another).
    pub fn sum(&self) -> (f64, f64) {
        let phases = [self.total, self.half, self.quarter];
        (
            phases.iter().map(|p| p.0).sum(),
            phases.iter().map(|p| p.1).fold(0.0, f64::max),
        )
    }
}

/// What [`count_rook_classes_dense`] will cost on `board` with residues of `width`
/// (`total_given`: the total is read, not counted), and the moduli of each count:
/// `(estimate, total's moduli, half board's moduli)`. Runs the bounds (a 2-factor
/// sweep of the board and of its half: seconds at 24 wide).
pub fn estimate(board: Board, width: Width, total_given: bool) -> (Estimate, usize, usize) {
    let n = board.rows;
    let total_moduli = if total_given {
        0
    } else {
        crt::plan_width(board, width).len()
    };
    let half_moduli = crt::plan_bits_width(fixed::half_bits(n, n / 2), width).len();
    let (ts, tb) = modular::estimate_width(board, width);
    let (hs, hb) = fixed::half_estimate(n, n / 2, width);
    let e = Estimate {
        total: (ts * total_moduli as f64, if total_given { 0.0 } else { tb }),
        half: (hs * half_moduli as f64, hb),
        quarter: transfer::quarter_estimate(board),
    };
    (e, total_moduli, half_moduli)
}

/// The closed rook tours of the square `board` (even side up to [`modular::MAX_WIDTH`];
/// the plan takes this way from [`DENSE_CLASSES_FROM`] on, [`applies`]), their fixed
/// counts and their classes by Burnside's lemma, each fixed count exact. `total`, when
/// given, is the board's total (rebuilt from residue files, say) and is not counted
/// again. Residues of `width` bits for the dense sweeps.
///
/// ```
/// use tourglyph_core::Board;
/// use tourglyph_engine::count::{classes::count_rook_classes_dense, crt::Width};
/// let c = count_rook_classes_dense(Board::new(14, 14), None, Width::W64, None).unwrap();
/// assert_eq!(c.classes.to_string(), "7015812452562871283559623");
/// ```
pub fn count_rook_classes_dense(
    board: Board,
    total: Option<BigUint>,
    width: Width,
    progress: Progress<'_>,
) -> Result<ClassCount> {
    if !board.is_square() || board.rows % 2 == 1 || board.rows > modular::MAX_WIDTH {
        return Err(Error::usage(format!(
            "the dense class count takes square boards of even side up to {}, not {board}",
            modular::MAX_WIDTH
        )));
    }
    let n = board.rows;
    let phase = |ph: Phase| {
        move |done: usize, all: usize| {
            if let Some(p) = progress {
                p(ph, done, all);
            }
        }
    };
    let tours = match total {
        Some(t) => t,
        None => {
            let tick = phase(Phase::Total);
            modular::count_exact_width(board, crt::bits_needed(board), width, Some(&tick))?
        }
    };
    let tick = phase(Phase::Half);
    let half = fixed::half_exact(n, n / 2, fixed::half_bits(n, n / 2), width, Some(&tick))?;
    let tick = phase(Phase::Quarter);
    let (rot90, both) = transfer::quarter_fixed(board, Some(&tick))?;
    // Conjugate symmetries fix equally many tours: the transpose maps the mirror between
    // rows to the one between columns, and the quarter turn to its inverse. No tour of a
    // board larger than 2×2 is fixed by a diagonal mirror (`transfer::burnside`).
    let fixed: Vec<(Sym, BigUint)> = Sym::group(board)
        .iter()
        .map(|&g| {
            let v = match g {
                Sym::Id => tours.clone(),
                Sym::Rot90 | Sym::Rot270 => rot90.clone(),
                Sym::Rot180 => half.rot180.clone(),
                Sym::FlipRows | Sym::FlipCols => half.mirror.clone(),
                // The 2×2 board's one tour, the ring, is fixed by every symmetry.
                Sym::Transpose | Sym::AntiTranspose if n == 2 => tours.clone(),
                Sym::Transpose | Sym::AntiTranspose => BigUint::ZERO,
            };
            (g, v)
        })
        .collect();
    transfer::classes_from_fixed(board, fixed, both)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_big_even_squares_apply() {
        assert!(applies(Board::new(14, 14)));
        assert!(applies(Board::new(24, 24)));
        assert!(!applies(Board::new(12, 12)));
        assert!(!applies(Board::new(15, 15)));
        assert!(!applies(Board::new(14, 16)));
        assert!(!applies(Board::new(28, 28)));
        for bad in [(14, 16), (15, 15), (28, 28)] {
            let b = Board::new(bad.0, bad.1);
            assert!(count_rook_classes_dense(b, None, Width::W64, None).is_err(), "{b}");
        }
    }

    /// Timing of the phases on one board (`TG_CLASSES_SIDE`, default 20): `cargo test
    /// --release -p tourglyph-engine phases_of_one_board -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement, minutes at 20×20 and up"]
    fn phases_of_one_board() {
        let n: u32 = std::env::var("TG_CLASSES_SIDE").map_or(20, |s| s.parse().unwrap());
        let what = std::env::var("TG_CLASSES_PHASE").unwrap_or_else(|_| "quarter".into());
        let board = Board::new(n, n);
        let t = std::time::Instant::now();
        match what.as_str() {
            "quarter" => {
                let (rot90, both) = transfer::quarter_fixed(board, None).unwrap();
                println!("{board} rot90 {rot90} both {both}");
            }
            "half" => {
                let bits = fixed::half_bits(n, n / 2);
                let m = crt::plan_bits_width(bits, Width::W64);
                println!("{board} half bits {bits}, moduli {m:?}");
                let f = fixed::half_mod_width(n, n / 2, m[0], Width::W64, None).unwrap();
                println!("{board} one residue mod {}: {f:?}", m[0]);
            }
            _ => {
                let c = count_rook_classes_dense(board, None, Width::W64, None).unwrap();
                println!("{board} {c:?}");
            }
        }
        println!("{board} {what}: {:.2} s", t.elapsed().as_secs_f64());
    }
}
