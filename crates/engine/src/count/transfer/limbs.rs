//! Sweeps run with the fewest 64-bit limbs that hold their counts: a first guess from
//! the board, and a rerun with more limbs when the floating-point shadow shows that a
//! count might have wrapped ([`run_plan`]); the limb counts compiled in and the dispatch
//! to them ([`SweptAny`]).

use super::burnside;
use super::sweep::{self, Region, Swept};
use super::wide::{Wide, fits, guess_bits, limbs_for_bits};
use crate::count::progress::ProgressFn;
use num_bigint::BigUint;
use tourglyph_core::{error::Error, error::Result};

/// Counts are computed with at most this many 64-bit limbs (960 bits, about 289 digits:
/// a 4×700 board). The floating-point shadow of [`wide`](super::wide) stays below `f64::MAX`
/// up to there.
pub const MAX_LIMBS: usize = 15;

/// The sweeps to run.
pub(super) struct Plan {
    pub(super) sweeps: Vec<Region>,
}

/// One count read off a set of sweeps, with the additions that built it.
struct Value<const N: usize> {
    count: Wide<N>,
    additions: u64,
}

impl<const N: usize> Swept<N> {
    fn total(&self) -> Value<N> {
        Value {
            count: self.closed,
            additions: self.additions,
        }
    }
}

/// Run every sweep of `plan` with the fewest limbs that hold the results, then read the
/// results off with `read`. Starts from a guess and retries with more limbs when the
/// floating-point shadow shows a result might have wrapped.
pub(super) fn run_plan(
    plan: &Plan,
    progress: ProgressFn<'_>,
    read: impl Fn(&[SweptAny]) -> Vec<ValueAny>,
) -> Result<Vec<BigUint>> {
    let biggest = plan.sweeps[0];
    let limbs = limbs_for_bits(guess_bits(biggest.rows, biggest.cols));
    run_plan_from(plan, progress, read, size_for(limbs).unwrap_or(MAX_LIMBS))
}

/// [`run_plan`] starting from `limbs` limbs.
fn run_plan_from(
    plan: &Plan,
    progress: ProgressFn<'_>,
    read: impl Fn(&[SweptAny]) -> Vec<ValueAny>,
    mut limbs: usize,
) -> Result<Vec<BigUint>> {
    let total_cells: usize = plan.sweeps.iter().map(Region::cells).sum();
    loop {
        let mut done = 0;
        let mut tick = || {
            done += 1;
            if let Some(p) = progress {
                p(done, total_cells);
            }
        };
        let swept = dispatch(limbs, &plan.sweeps, &mut tick);
        let values = read(&swept);
        let mut need = limbs;
        for v in &values {
            if !fits(v.est, v.additions, limbs) {
                #[allow(
                    clippy::disallowed_methods,
                    reason = "only how many limbs the rerun tries: the count is exact either way"
                )]
                let bits = v.est.log2() + 2.0;
                need = need.max(limbs_for_bits(bits)).max(limbs + 1);
            }
        }
        if need == limbs {
            return Ok(values.into_iter().map(|v| v.residue).collect());
        }
        // Too large to count exactly: the fix is in the request (a residue), exit 2.
        limbs = size_for(need).ok_or_else(|| {
            Error::refused_with(
                tourglyph_core::error::Refusal::Size,
                true,
                tourglyph_core::error::Estimate::none().with_bits((64 * need) as f64),
                format!(
                    "the count needs more than {} bits, where exact counting stops (about {} digits): count the tours modulo a number instead, with --modulus P (e.g. --modulus 2^64)",
                    64 * MAX_LIMBS,
                    (64.0 * MAX_LIMBS as f64 * std::f64::consts::LOG10_2) as u32
                ),
            )
        })?;
    }
}

/// A count with the limb count erased: its residue, estimate and additions.
pub(super) struct ValueAny {
    pub(super) residue: BigUint,
    pub(super) est: f64,
    pub(super) additions: u64,
}

impl<const N: usize> From<Value<N>> for ValueAny {
    fn from(v: Value<N>) -> Self {
        ValueAny {
            residue: v.count.residue(),
            est: v.count.estimate(),
            additions: v.additions,
        }
    }
}

/// The limb counts the engine is compiled for, the sweep result with its limb count
/// erased, and the dispatch from a run-time limb count to the compiled sweep.
macro_rules! limb_sizes {
    ($($n:literal => $v:ident),* $(,)?) => {
        /// Limb counts compiled in, increasing.
        const SIZES: &[usize] = &[$($n),*];

        /// A sweep result with the limb count erased.
        pub(super) enum SweptAny {
            $(
                #[doc = concat!(stringify!($n), " limbs.")]
                $v(Swept<$n>),
            )*
        }

        /// Run the sweeps with `limbs` limbs (one of [`SIZES`]).
        fn dispatch(limbs: usize, sweeps: &[Region], tick: &mut dyn FnMut()) -> Vec<SweptAny> {
            match limbs {
                $($n => sweeps
                    .iter()
                    .map(|&r| SweptAny::$v(sweep::sweep::<$n>(r, &mut *tick)))
                    .collect(),)*
                _ => unreachable!("limb count {limbs} is not compiled in"),
            }
        }

        impl SweptAny {
            /// The closed tours of a whole-board sweep.
            pub(super) fn total(&self) -> ValueAny {
                match self {
                    $(SweptAny::$v(s) => s.total().into(),)*
                }
            }

            /// Fix of the half turn (`turn`) or the mirror between rows, from a
            /// half-board sweep of width `w` and `h` rows.
            pub(super) fn half(&self, w: u32, h: u32, turn: bool) -> ValueAny {
                let sigma = move |j: usize| if turn { w as usize - 1 - j } else { j };
                match self {
                    $(SweptAny::$v(s) => {
                        let (count, additions) = burnside::glue_half(s, w, h, sigma);
                        Value { count, additions }.into()
                    })*
                }
            }

            /// Tours fixed by both mirrors, from a quarter-board sweep.
            pub(super) fn corner(&self, rows: u32, cols: u32) -> ValueAny {
                match self {
                    $(SweptAny::$v(s) => {
                        let (count, additions) = burnside::glue_corner(s, rows, cols);
                        Value { count, additions }.into()
                    })*
                }
            }

            /// Fix of the quarter turn from the k×k quarter-board sweep.
            pub(super) fn quarter(&self, k: u32) -> ValueAny {
                match self {
                    $(SweptAny::$v(s) => {
                        let (count, additions) = burnside::glue_quarter(s, k);
                        Value { count, additions }.into()
                    })*
                }
            }
        }
    };
}

limb_sizes!(
    1 => L1, 2 => L2, 3 => L3, 4 => L4, 5 => L5, 6 => L6, 8 => L8,
    10 => L10, 12 => L12, 15 => L15,
);

/// The smallest compiled limb count holding `limbs`.
fn size_for(limbs: usize) -> Option<usize> {
    SIZES.iter().copied().find(|&s| s >= limbs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_few_limbs_are_detected_and_widened() {
        // 14×14 has an 85-bit count: starting from one limb must notice the wrap.
        let plan = Plan {
            sweeps: vec![Region::board(14, 14)],
        };
        let got = run_plan_from(&plan, None, |s| vec![s[0].total()], 1).unwrap();
        assert_eq!(got[0].to_string(), "56126499620491437281263608");
    }

    #[test]
    fn limb_sizes_cover_every_request() {
        assert_eq!(size_for(7), Some(8));
        assert_eq!(size_for(MAX_LIMBS), Some(MAX_LIMBS));
        assert_eq!(size_for(MAX_LIMBS + 1), None);
    }
}
