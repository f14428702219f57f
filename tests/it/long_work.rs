//! Long work says so, and too long work is refused early (issue 56, items 13 and 23):
//! the notice of a tour index being built, on stderr whether or not it is a terminal;
//! knight 9×8's count refused by the default budget, under a process memory limit so
//! that a regression fails instead of swapping.

use crate::common::{bounded, run, stderr, stdout};
use std::time::Instant;

/// CPU seconds a 9×8 run may take before `ulimit -t` ends it: a refusal come too late
/// dies of it instead of passing slowly (the refusal comes after about 20 s on the clock).
const CPU_SECONDS: u64 = 240;

#[test]
fn building_a_tour_index_says_so_once_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("walk.svg");
    let o = run(&[
        "glyph",
        "--piece",
        "knight",
        "--board",
        "6x8",
        "--random",
        "--seed",
        "3",
        "-o",
        svg.to_str().unwrap(),
    ]);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    let notices: Vec<&str> = err.lines().filter(|l| l.contains("tour index")).collect();
    assert_eq!(notices.len(), 1, "{err}");
    assert!(
        notices[0].contains("building the 6×8 knight tour index, about ")
            && notices[0].contains(" s in all (")
            && notices[0].contains(" s so far), once per process"),
        "{err}"
    );
    // Many tours in one process: the index is built once.
    let o = run(&[
        "list", "--piece", "knight", "--board", "6x8", "--sample", "3", "--seed", "1",
    ]);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert_eq!(err.matches("tour index").count(), 1, "{err}");
    assert!(!stdout(&o).contains("tour index"));
    assert_eq!(stdout(&o).lines().count(), 3);
    // -q: nothing but warnings and errors.
    let o = run(&[
        "-q", "list", "--piece", "knight", "--board", "6x8", "--sample", "1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stderr(&o).contains("tour index"), "{}", stderr(&o));
}

/// Knight 9×8 with the default budget: refused (one line) within a minute, under a
/// 6 GiB address-space limit, whatever the machine's memory.
#[test]
fn knight_9x8_is_refused_early_by_the_default_budget() {
    let start = Instant::now();
    let o = bounded(
        6 << 20,
        CPU_SECONDS,
        &["count", "--piece", "knight", "--board", "9x8"],
    );
    let secs = start.elapsed().as_secs_f64();
    let err = stderr(&o);
    // Refused from its estimate, on time (2) or memory (1): not killed, not an
    // allocation failure.
    assert!(
        matches!(o.status.code(), Some(1 | 2)),
        "{:?} after {secs:.1} s: {err}",
        o.status
    );
    assert!(err.starts_with("tourglyph: counting"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("9x8"), "{err}");
    assert!(secs < 60.0, "refused after {secs:.1} s: {err}");
}

/// Knight 9×8 with an 18 GiB budget is refused from its second side's projection once
/// one of the side's two cut rows is swept (cell 41 of 48, about 3.2 GB held), not at
/// cell 44 after 8.3 GB, as when the side's last row was read as flat. The 12 GiB
/// address-space limit makes a sweep that runs on fail rather than swap.
#[test]
fn knight_9x8s_second_side_is_refused_from_its_cut_rows() {
    let o = bounded(
        12 << 20,
        CPU_SECONDS,
        &[
            "count",
            "--piece",
            "knight",
            "--board",
            "9x8",
            "--max-memory",
            "18G",
        ],
    );
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("half of the closed knight tours of 9x8")
            && err.contains("projected from cell 41 of 48"),
        "{err}"
    );
}
