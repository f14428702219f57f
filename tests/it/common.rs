//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// Path of the built `tourglyph` binary.
pub fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_tourglyph"))
}

/// Run the binary with arguments and the given thread count.
pub fn run(args: &[&str]) -> Output {
    Command::new(bin())
        .args(args)
        .output()
        .expect("run tourglyph")
}

/// Run with RAYON_NUM_THREADS set.
pub fn run_threads(args: &[&str], threads: usize) -> Output {
    Command::new(bin())
        .args(args)
        .env("RAYON_NUM_THREADS", threads.to_string())
        .output()
        .expect("run tourglyph")
}

/// stdout as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// stderr as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The shared reference folder beside the repository.
pub fn shared() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared")
}
