//! Small conveniences (issue 13, defect 9): `glyph -o -` writes SVG, and algebraic cells
//! take capitals (`E4`) as boards (`6X6`) and pages (`A3`) do.

use crate::common::{run, stderr, stdout};

#[test]
fn glyph_to_stdout_is_svg() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.svg");
    let o = run(&["glyph", "--board", "6x6", "--id", "17", "-o", "-"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let f = run(&[
        "glyph",
        "--board",
        "6x6",
        "--id",
        "17",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(f.status.success(), "{}", stderr(&f));
    assert!(stdout(&o).contains("<svg"));
    assert_eq!(
        o.stdout,
        std::fs::read(&file).unwrap(),
        "the same SVG as -o g.svg"
    );
    // --format still chooses.
    let o = run(&[
        "glyph", "--board", "6x6", "--id", "17", "-o", "-", "--format", "pdf",
    ]);
    assert!(o.status.success() && o.stdout.starts_with(b"%PDF"));
}

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
