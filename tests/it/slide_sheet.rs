//! `slide -o` draws the solution's frame sheet through the glyph backends: every format
//! is valid (`common::qpdf_check`, `common::gs_check`, usvg) and deterministic.

use crate::common::{gs_check, qpdf_check, run, stderr, svg_tree};

#[test]
fn frame_sheet_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    for ext in ["pdf", "ps", "svg"] {
        let p = dir.path().join(format!("s.{ext}"));
        let o = run(&["slide", "--board", "8x8", "-o", p.to_str().unwrap()]);
        assert!(o.status.success(), "{ext}: {}", stderr(&o));
        let bytes = std::fs::read(&p).unwrap();
        let again = dir.path().join(format!("t.{ext}"));
        run(&["slide", "--board", "8x8", "-o", again.to_str().unwrap()]);
        assert_eq!(
            bytes,
            std::fs::read(&again).unwrap(),
            "{ext} not deterministic"
        );
        match ext {
            "pdf" => qpdf_check(&p),
            "ps" => gs_check(&p),
            _ => {
                svg_tree(&bytes);
            }
        }
    }
}
