//! Which moduli a count needs: a proven bound on the count ([`Need`], [`need`]) and the
//! fewest moduli of a width whose product exceeds it ([`plan_need`]).

use super::bound;
use super::modulus::Modulus;
use super::prime;
use super::width::Width;
use num_bigint::BigUint;
use tourglyph_core::board::Board;

/// What the moduli of a count must cover: a proven bound on the count. The product of
/// the moduli must exceed it, so that the residues fit one count only.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Need {
    /// The count is below 2^bits.
    Bits(u64),
    /// The count is at most 2^log2 (a proven bound's log2, already rounded up by its maker:
    /// [`bound::log2_bound`]). Planning on the bound itself rather than on whole bits can
    /// save a residue, or let the last one be narrower: 20×20 is bounded by 2^221.5, which
    /// 2^64, two primes below 2^63 and one below 2^32 exceed (2^221.99) but not 2^222.
    Log2(f64),
}

impl Need {
    /// True when a product of moduli `product` exceeds every count this allows.
    pub fn covered_by(self, product: &BigUint) -> bool {
        match self {
            Need::Bits(bits) => product.bits() > bits,
            Need::Log2(x) => {
                // product ∈ [2^(k−1), 2^k).
                let k = product.bits();
                if k == 0 || (k as f64) <= x {
                    return false;
                }
                if ((k - 1) as f64) > x {
                    return true;
                }
                // x ∈ [k − 1, k): compare log2(product) from its top 64 bits, rounded down
                // (the f64 conversion and log2 err by a few ulps; 1e-9 bits is far more).
                let shift = k.saturating_sub(64);
                let top = (product >> shift).iter_u64_digits().next().unwrap_or(0);
                #[allow(
                    clippy::disallowed_methods,
                    reason = "a lower bound, padded by 1e-9 bits, far above an ulp of log2"
                )]
                let low = (top as f64).log2() + shift as f64 - 1e-9;
                low > x
            }
        }
    }

    /// The bound in bits as a person reads it: `222`, or `221.5` for a fractional bound.
    pub fn text(self) -> String {
        match self {
            Need::Bits(bits) => bits.to_string(),
            Need::Log2(x) => format!("{:.1}", (x * 10.0).ceil() / 10.0),
        }
    }
}

/// The bound on the count of closed rook tours of `board` ([`bound::log2_bound`]) as a
/// [`Need`].
pub fn need(board: Board) -> Need {
    if board.cells() % 2 == 1 || board.rows < 2 || board.cols < 2 {
        return Need::Bits(1); // no tour: the count is 0
    }
    Need::Log2(bound::log2_bound(board))
}

/// Moduli whose product exceeds the proven bound on the count of closed rook tours of
/// `board` ([`plan_need`] in 64 bits).
pub fn plan(board: Board) -> Vec<Modulus> {
    plan_need(need(board), Width::W64)
}

/// Moduli for residues of `width` whose product exceeds the proven bound on the count of
/// closed rook tours of `board` ([`plan_need`]).
pub fn plan_width(board: Board, width: Width) -> Vec<Modulus> {
    plan_need(need(board), width)
}

/// Moduli whose product exceeds `need`, as few as suffice, each held by `width`: in 64
/// bits 2^64 first (wrapping additions, the fastest), then the largest primes below
/// 2^63; in 32 or 16 bits the largest primes below 2^32 or 2^16. Once one modulus more
/// would do, the last is the largest prime of the narrowest width that completes the
/// plan (16×16: 2^64, a prime below 2^63 and one below 2^16; 20×20: 2^64, two below 2^63
/// and one below 2^32), since a narrower residue is the faster one: one residue of 18×18
/// took 1.51 s modulo a prime below 2^63, 0.90 s below 2^32 and 0.71 s below 2^16 (2
/// threads, quiet). A residue's width is the narrowest holding its modulus
/// ([`Width::narrowest`]).
pub fn plan_need(need: Need, width: Width) -> Vec<Modulus> {
    // The moduli of `width` itself, enough of them: each holds more than bits − 1.01.
    let guess = match need {
        Need::Bits(b) => b as usize,
        Need::Log2(x) => x.max(1.0).ceil() as usize,
    };
    let enough = guess.div_ceil(width.bits() as usize - 2) + 1;
    let main: Vec<Modulus> = match width {
        Width::W64 => std::iter::once(Modulus::TwoTo64)
            .chain(
                prime::primes_below(1 << 63, enough)
                    .into_iter()
                    .map(Modulus::Int),
            )
            .collect(),
        w => prime::primes_below(1 << w.bits(), enough)
            .into_iter()
            .map(Modulus::Int)
            .collect(),
    };
    // The largest prime of each narrower width, narrowest first.
    let narrower: Vec<Modulus> = Width::ALL
        .into_iter()
        .filter(|&w| w < width)
        .map(|w| Modulus::Int(prime::primes_below(1 << w.bits(), 1)[0]))
        .collect();
    let mut out = Vec::new();
    let mut product = BigUint::from(1u8);
    for m in main {
        if need.covered_by(&product) {
            break;
        }
        if !out.is_empty() {
            if let Some(&last) = narrower
                .iter()
                .find(|n| need.covered_by(&(&product * n.value())))
            {
                out.push(last);
                return out;
            }
        }
        product *= m.value();
        out.push(m);
    }
    assert!(
        need.covered_by(&product),
        "a bound beyond the plan's moduli"
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_cover_the_need_with_their_width_and_a_narrower_last_modulus() {
        let needs = [1u64, 16, 17, 64, 65, 200, 222, 380]
            .map(Need::Bits)
            .into_iter()
            .chain([15.5, 64.0, 100.2, 134.7, 189.9, 221.5, 300.0].map(Need::Log2));
        for need in needs {
            for width in Width::ALL {
                let plan = plan_need(need, width);
                let at = format!("{need:?} in {width:?}: {plan:?}");
                let product: BigUint = plan.iter().map(|m| m.value()).product();
                assert!(need.covered_by(&product), "{at}");
                // As few as suffice: without the last modulus the product falls short.
                let (last, rest) = plan.split_last().unwrap();
                let short: BigUint = rest.iter().map(|m| m.value()).product();
                assert!(!need.covered_by(&short), "{at}: one modulus too many");
                // All but the last are of the width itself; the last is of the narrowest
                // width whose largest prime completes the plan.
                for m in rest {
                    assert_eq!(Width::narrowest(*m), width, "{at}");
                }
                let narrowest = Width::ALL
                    .into_iter()
                    .find(|w| {
                        let p = prime::primes_below(1 << w.bits().min(63), 1)[0];
                        *w == width || (!rest.is_empty() && need.covered_by(&(&short * p)))
                    })
                    .unwrap();
                assert_eq!(Width::narrowest(*last), narrowest, "{at}");
                for (i, m) in plan.iter().enumerate() {
                    assert!(width.holds(*m), "{at}");
                    if let Modulus::Int(p) = m {
                        assert!(prime::is_prime(*p), "{at}: {p}");
                    }
                    assert!(!plan[..i].contains(m), "{at}: {m} twice");
                }
            }
        }
        let p63 = |k: usize| Modulus::Int(prime::primes_below(1 << 63, 3)[k]);
        // 20×20's bound: three wide moduli and a 32-bit prime; on whole bits, a fourth wide.
        assert_eq!(
            plan_need(Need::Log2(221.5), Width::W64),
            vec![
                Modulus::TwoTo64,
                p63(0),
                p63(1),
                Modulus::Int(4_294_967_291)
            ]
        );
        assert_eq!(
            plan_need(Need::Bits(222), Width::W64),
            vec![Modulus::TwoTo64, p63(0), p63(1), p63(2)]
        );
        assert_eq!(
            plan_need(Need::Bits(20), Width::W16),
            vec![Modulus::Int(65_521), Modulus::Int(65_519)]
        );
    }

    #[test]
    fn a_fractional_need_is_covered_exactly_at_its_bound() {
        for k in [0u32, 10, 63, 64, 65, 200] {
            let two_k = BigUint::from(1u8) << k;
            let x = f64::from(k);
            // 2^k does not exceed 2^k; 2^(k + 1) does.
            assert!(!Need::Log2(x).covered_by(&two_k), "2^{k}");
            assert!(Need::Log2(x).covered_by(&(&two_k << 1)), "2^{k} · 2");
            // 3 · 2^k = 2^(k + 1.58496…).
            let three = &two_k * 3u8;
            assert!(Need::Log2(x + 1.58).covered_by(&three), "3 · 2^{k}");
            assert!(!Need::Log2(x + 1.59).covered_by(&three), "3 · 2^{k}");
            // Whole bits: below 2^k means 2^k itself covers.
            assert!(Need::Bits(u64::from(k)).covered_by(&two_k), "bits {k}");
            assert!(
                !Need::Bits(u64::from(k) + 1).covered_by(&two_k),
                "bits {k} + 1"
            );
        }
    }
}
