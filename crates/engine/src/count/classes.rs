//! Symmetry classes of closed rook tours on big square boards by Burnside's lemma, every
//! term from a counter as lean as the dense one: the total from the dense counter's
//! residues ([`modular::count_exact_width`]), the half turn's and the mirrors' fixed
//! tours from the half board swept by the same counter and glued to its image
//! ([`modular::fixed`], residues and the Chinese remainder theorem like the total), the
//! quarter turn's from the quarter board with its seam, the quotient of the board by the
//! turn ([`crate::symmetric_tours::quotient`], exact; zero by a theorem unless the side
//! is 2 mod 4), both mirrors' from the small quarter board swept exactly
//! ([`transfer::both_mirrors_fixed`]), the diagonal mirrors' zero (no tour of a board
//! larger than 2×2 is fixed by one).
//!
//! Why the quotient for the quarter turn: on 22×22 it counts the 43,911,490,791,183,200
//! quarter-turn-symmetric tours in 19 s and 1.1 GB, where the transfer matrix's 11×11
//! quarter board with every right exit frozen took 146 s and 8.5 GB (measured on the
//! 2-core machine under load). The sums and the orbit sizes are checked as for the
//! transfer matrix's classes ([`transfer::classes_from_fixed`]): a sum of fixed counts
//! that is not a multiple of 8 is an error, not a figure. After Wynn 2014
//! (arXiv:1402.0545), whose table ends at 20×20.

use super::crt::{self, Width};
use super::modular::{self, fixed};
use super::transfer::{self, ClassCount};
use crate::symmetric_tours::quotient::{Fixed, Quotient};
use num_bigint::BigUint;
use tourglyph_core::board::Board;
use tourglyph_core::budget::Budget;
use tourglyph_core::symmetry::Sym;
use tourglyph_core::{error::Error, error::Result};
use tourglyph_core::{graph::LeapGraph, piece::Piece};

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
    /// The quarter turn's fixed tours on the quotient board.
    Quarter,
    /// Both mirrors' fixed tours on the quarter board.
    Corner,
}

/// A progress callback: (phase, cells done, cells in all of the phase).
pub type PhaseProgressFn<'a> = Option<&'a dyn Fn(Phase, usize, usize)>;

/// The costs of [`count_rook_classes_dense`] before it runs: seconds (2 threads on the
/// reference machine) and peak bytes, each phase's and in all.
#[derive(Clone, Copy, Debug)]
pub struct ClassesCost {
    /// The total's residues (none when the total is given).
    pub total: (f64, f64),
    /// The half board's residues.
    pub half: (f64, f64),
    /// The quarter turn's quotient board.
    pub quarter: (f64, f64),
    /// The both-mirror quarter board.
    pub corner: (f64, f64),
}

impl ClassesCost {
    /// Seconds in all and the largest peak of the phases (they run one after another).
    pub fn sum(&self) -> (f64, f64) {
        let phases = [self.total, self.half, self.quarter, self.corner];
        (
            phases.iter().map(|p| p.0).sum(),
            phases.iter().map(|p| p.1).fold(0.0, f64::max),
        )
    }
}

/// What [`count_rook_classes_dense`] will cost on `board` with residues of `width`
/// (`total_given`: the total is read, not counted), and the moduli of each count:
/// `(estimate, total's moduli, half board's moduli)`. The moduli are guessed from the
/// bounds' growth, 0.6 bits a cell and 8 more (20×20: 221.5 and 119 bits for the whole
/// board and its half, 22×22: 5 moduli, 24×24: 6), so that a refusal comes at once:
/// the bounds themselves are 2-factor sweeps, 20 s at 22 wide.
#[allow(
    clippy::disallowed_methods,
    reason = "a guess for the estimate only: the counts use the proven bounds"
)]
pub fn estimate(board: Board, width: Width, total_given: bool) -> (ClassesCost, usize, usize) {
    let n = board.rows;
    let guess = |cells: u32| (0.6 * f64::from(cells) + 8.0).ceil() as u64;
    let total_moduli = if total_given {
        0
    } else {
        crt::plan_need(crt::Need::Bits(guess(n * n)), width).len()
    };
    let half_moduli = crt::plan_need(crt::Need::Bits(guess(n * n / 2)), width).len();
    let (ts, tb) = modular::estimate_width(board, width);
    let (hs, hb) = fixed::half_estimate(n, n / 2, width);
    let e = ClassesCost {
        total: (ts * total_moduli as f64, if total_given { 0.0 } else { tb }),
        half: (hs * half_moduli as f64, hb),
        quarter: quarter_estimate(n),
        corner: transfer::both_mirrors_estimate(board),
    };
    (e, total_moduli, half_moduli)
}

/// Time (seconds on the reference machine) and peak bytes of the quarter turn's quotient
/// board on the n×n board: nothing unless n ≡ 2 (mod 4); from 22×22's 19 s and 1.1 GB,
/// about 80 times the time and (guessed generously) 10 times the memory per 4 of the
/// side (`benches/NOTES.md`).
#[allow(
    clippy::disallowed_methods,
    reason = "an estimate for the budget, printed only rounded far coarser than an ulp"
)]
pub fn quarter_estimate(n: u32) -> (f64, f64) {
    if n % 4 != 2 {
        return (0.0, 0.0);
    }
    let steps = (f64::from(n) - 22.0) / 4.0;
    (20.0 * 80f64.powf(steps), 1.1e9 * 10f64.powf(steps))
}

/// The tours of the n×n board fixed by the quarter turn: 0 unless n ≡ 2 (mod 4) (the turn
/// moves each cell N/4 steps along the tour and swaps the colours, so N/4 is odd), else
/// the Hamiltonian cycles of the quotient board that lift to one tour, within `budget`.
fn quarter_turn_fixed(board: Board, budget: &Budget) -> Result<BigUint> {
    let n = board.rows;
    if n % 4 != 2 {
        return Ok(BigUint::ZERO);
    }
    if n == 2 {
        return Ok(BigUint::from(1u8)); // the ring
    }
    let g = LeapGraph::new(board, &Piece::rook())?;
    Ok(BigUint::from(
        Quotient::build(&g, Fixed::By(Sym::Rot90), budget)?.count(),
    ))
}

/// The closed rook tours of the square `board` (even side up to [`modular::MAX_WIDTH`];
/// the plan takes this way from [`DENSE_CLASSES_FROM`] on, [`applies`]), their fixed
/// counts and their classes by Burnside's lemma, each fixed count exact. `total`, when
/// given, is the board's total (rebuilt from residue files, say) and is not counted
/// again. Residues of `width` bits for the dense sweeps; the quotient board of the
/// quarter turn is built within `budget`.
///
/// ```
/// use tourglyph_core::Board;
/// use tourglyph_engine::count::{classes::count_rook_classes_dense, crt::Width};
/// let budget = tourglyph_core::budget::Budget::default();
/// let c = count_rook_classes_dense(Board::new(14, 14), None, Width::W64, &budget, None).unwrap();
/// assert_eq!(c.classes.to_string(), "7015812452562871283559623");
/// ```
pub fn count_rook_classes_dense(
    board: Board,
    total: Option<BigUint>,
    width: Width,
    budget: &Budget,
    progress: PhaseProgressFn<'_>,
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
            modular::count_exact_width(board, crt::need(board), width, Some(&tick))?
        }
    };
    let tick = phase(Phase::Half);
    let half = fixed::half_exact(n, n / 2, fixed::half_need(n, n / 2), width, Some(&tick))?;
    let tick = phase(Phase::Quarter);
    tick(0, 1);
    let rot90 = quarter_turn_fixed(board, budget)?;
    tick(1, 1);
    let tick = phase(Phase::Corner);
    let both = transfer::both_mirrors_fixed(board, Some(&tick))?;
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
            let budget = Budget::default();
            let got = count_rook_classes_dense(b, None, Width::W64, &budget, None);
            assert!(got.is_err(), "{b}");
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
            "corner" => {
                let both = transfer::both_mirrors_fixed(board, None).unwrap();
                println!("{board} both mirrors {both}");
            }
            "quarter" => {
                let budget = Budget::new(16 << 30, true);
                let rot90 = quarter_turn_fixed(board, &budget).unwrap();
                println!("{board} rot90 by the quotient {rot90}");
            }
            "half" => {
                let need = fixed::half_need(n, n / 2);
                let m = crt::plan_need(need, Width::W64);
                println!("{board} half bound 2^{}, moduli {m:?}", need.text());
                let f = fixed::half_mod_width(n, n / 2, m[0], Width::W64, None).unwrap();
                println!("{board} one residue mod {}: {f:?}", m[0]);
            }
            _ => {
                let budget = Budget::new(16 << 30, true);
                let c = count_rook_classes_dense(board, None, Width::W64, &budget, None).unwrap();
                println!("{board} {c:?}");
            }
        }
        println!("{board} {what}: {:.2} s", t.elapsed().as_secs_f64());
    }
}
