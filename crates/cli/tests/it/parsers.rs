//! Parsers under arbitrary input: board and piece specs, cells and cell lists, ranges and
//! shards never panic; they give a value or a usage error; valid values round-trip.

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
