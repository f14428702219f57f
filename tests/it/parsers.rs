//! Parsers under arbitrary input: board and piece specs, cells and cell lists, ranges and
//! shards never panic; they give a value or a usage error; valid values round-trip; and
//! through the binary, cells are read in either case.

use crate::common::{run, stderr, stdout};
use proptest::prelude::*;
use tourglyph::engine::sample::parse_shard;
use tourglyph::engine::select::parse_range;
use tourglyph::{Board, Piece};

/// Near misses: strings built from the pieces the grammars use.
fn near_miss() -> impl Strategy<Value = String> {
    crate::common::near_miss(8)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn board_spec_never_panics(s in any::<String>(), t in near_miss()) {
        for x in [s, t] {
            match x.parse::<Board>() {
                Ok(b) => {
                    prop_assert!(b.rows >= 1 && b.cols >= 1);
                    prop_assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
                }
                Err(e) => prop_assert!(e.is_usage()),
            }
        }
    }

    #[test]
    fn piece_spec_never_panics(s in any::<String>(), t in near_miss()) {
        for x in [s, t] {
            match x.parse::<Piece>() {
                Ok(p) => prop_assert_eq!(p.name().parse::<Piece>().unwrap(), p),
                Err(e) => prop_assert!(e.is_usage()),
            }
        }
    }

    #[test]
    fn cells_never_panic(s in any::<String>(), t in near_miss(), r in 1u32..40, c in 1u32..40) {
        let b = Board::new(r, c);
        for x in [s, t] {
            match b.parse_cells(&x) {
                Ok(cells) => prop_assert!(cells.iter().all(|&z| (z as usize) < b.cells())),
                Err(e) => prop_assert!(e.is_usage()),
            }
        }
    }

    #[test]
    fn ranges_and_shards_never_panic(s in any::<String>(), t in near_miss()) {
        for x in [s, t] {
            if let Ok(r) = parse_range(&x) {
                prop_assert!(r.start <= r.end);
            }
            if let Ok((k, n)) = parse_shard(&x) {
                prop_assert!(1 <= k && k <= n);
            }
        }
    }
}

/// Issue 13, defect 9: algebraic cells take capitals (`E4`), as boards (`6X6`) and pages
/// (`A3`) do, in `--start` and in `--tour`.
#[test]
fn algebraic_cells_take_capitals() {
    let lower = run(&["find", "--board", "8x8", "--closed", "--start", "e4"]);
    let upper = run(&["find", "--board", "8x8", "--closed", "--start", "E4"]);
    assert!(upper.status.success(), "{}", stderr(&upper));
    assert_eq!(stdout(&upper), stdout(&lower));
    assert!(stdout(&upper).starts_with("e4 "), "{}", stdout(&upper));
    let tour = "a1 a2 a3 b3 c3 d3 d2 c2 b2 b1 c1 d1";
    let glyph = |t: &str| {
        let o = run(&["glyph", "--board", "3x4", "--open", "--tour", t, "-o", "-"]);
        assert!(o.status.success(), "{t}: {}", stderr(&o));
        o.stdout
    };
    assert_eq!(glyph(&tour.to_uppercase()), glyph(tour));
    assert_eq!(glyph("A1 a2 A3 b3 C3 d3 D2 c2 B2 b1 C1 d1"), glyph(tour));
}
