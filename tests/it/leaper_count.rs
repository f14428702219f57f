//! The closed knight's tours of 8×8 counted through the binary. The leaper counter's
//! cross-checks through the library (against the frontier engine, one sweep against the
//! halves, the published counts) are the engine's tests: `crates/engine/tests/cross_checks`.

use crate::reference::{A001230, value};

/// The closed knight's tours of 8×8 (OEIS A001230: 13,267,364,410,532, McKay 1997):
/// `count --piece knight --board 8x8`, without `--force`, through the binary: the
/// default budget lets it run (`benches/knight_8x8.sh` prints its time and peak;
/// `benches/NOTES.md` has the figures measured along the way).
#[test]
fn closed_knight_count_of_8x8_matches_a001230() {
    let o = crate::common::run(&["count", "--piece", "knight", "--board", "8x8"]);
    assert!(o.status.success(), "{}", crate::common::stderr(&o));
    assert_eq!(
        crate::common::stdout(&o),
        format!("{}\n", value(A001230, 8, 8))
    );
}
