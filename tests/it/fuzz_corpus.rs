//! The fuzz corpora and crash regressions of `fuzz/`, replayed on stable through the same
//! harnesses the fuzz targets call (`tourglyph::fuzzing`), and random bytes through every
//! harness. A harness panics when a parser breaks one of its invariants.

use proptest::prelude::*;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use tourglyph::fuzzing::TARGETS;

fn fuzz_dir() -> PathBuf {
    crate::common::repo_root().join("fuzz")
}

/// Every file of `fuzz/<kind>/<target>/`, which must exist and hold at least one file.
fn inputs(kind: &str, target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = fuzz_dir().join(kind).join(target);
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut files: Vec<(PathBuf, Vec<u8>)> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            let data = std::fs::read(&p).unwrap();
            (p, data)
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{} holds no input", dir.display());
    files
}

/// Run every input of `fuzz/<kind>/` through its target's harness; name the files that
/// fail.
fn replay(kind: &str) {
    let mut failed = vec![];
    let mut count = 0;
    for &(target, run) in TARGETS {
        for (path, data) in inputs(kind, target) {
            count += 1;
            if catch_unwind(AssertUnwindSafe(|| run(&data))).is_err() {
                failed.push(path.display().to_string());
            }
        }
    }
    assert!(failed.is_empty(), "harness failed on {failed:#?}");
    assert!(count >= TARGETS.len());
}

#[test]
fn corpus_replays_clean() {
    replay("corpus");
}

#[test]
fn regressions_replay_clean() {
    replay("regressions");
}

#[test]
fn every_harness_has_a_fuzz_target() {
    let mut on_disk: Vec<String> = std::fs::read_dir(fuzz_dir().join("fuzz_targets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter_map(|p| Some(p.file_stem()?.to_str()?.to_string()))
        .collect();
    on_disk.sort();
    let mut names: Vec<String> = TARGETS.iter().map(|(n, _)| n.to_string()).collect();
    names.sort();
    assert_eq!(on_disk, names);
}

/// Text made of the pieces the grammars are built from.
fn near_miss() -> impl Strategy<Value = Vec<u8>> {
    crate::common::near_miss(12).prop_map(String::into_bytes)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn harnesses_take_any_bytes(
        bytes in prop::collection::vec(any::<u8>(), 0..64),
        text in near_miss(),
        head in prop::collection::vec(0u8..8, 3),
    ) {
        // The cell harness reads a board and a mode from its first three bytes.
        let headed: Vec<u8> = head.iter().copied().chain(text.iter().copied()).collect();
        for &(_, run) in TARGETS {
            run(&bytes);
            run(&text);
            run(&headed);
        }
    }
}
