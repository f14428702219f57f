//! `slide -o` draws the solution's frame sheet through the glyph backends: every format
//! is valid (qpdf, Ghostscript, resvg's parser) and deterministic.

use crate::common::{run, stderr};

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
        let check = match ext {
            "pdf" => std::process::Command::new("qpdf")
                .arg("--check")
                .arg(&p)
                .output(),
            "ps" => Ok(crate::common::gs(&[
                "-sDEVICE=nullpage",
                p.to_str().unwrap(),
            ])),
            _ => {
                let opt = resvg::usvg::Options::default();
                resvg::usvg::Tree::from_data(&bytes, &opt).expect("SVG parses");
                continue;
            }
        };
        let c = check.expect("qpdf and gs are installed (.ci/run installs them)");
        assert!(
            c.status.success(),
            "{ext}: {}",
            String::from_utf8_lossy(&c.stderr)
        );
    }
}
