//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
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

/// Run an outside tool, panicking with an install hint when it is missing: the validator
/// tests must fail, never skip, on a machine without the validators (CI installs them).
pub fn tool(name: &str, args: &[&str]) -> Output {
    Command::new(name).args(args).output().unwrap_or_else(|e| {
        panic!("cannot run `{name}` ({e}): install it (apt-get install qpdf ghostscript poppler-utils) — these tests need it")
    })
}

/// A path as `&str` for a tool's argument list.
pub fn arg(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// `qpdf --check` must pass (exit 0: no errors, no warnings).
pub fn qpdf_check(p: &Path) {
    let o = tool("qpdf", &["--check", arg(p)]);
    assert!(
        o.status.success(),
        "qpdf --check {}: {}{}",
        p.display(),
        stdout(&o),
        stderr(&o)
    );
}

/// The page count qpdf reads from a PDF.
pub fn qpdf_pages(p: &Path) -> u64 {
    let o = tool("qpdf", &["--show-npages", arg(p)]);
    assert!(
        o.status.success(),
        "qpdf --show-npages {}: {}",
        p.display(),
        stderr(&o)
    );
    stdout(&o)
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("qpdf --show-npages {}: {}", p.display(), stdout(&o)))
}

/// `pdftotext` (poppler, a second PDF parser) must read the PDF: exit 0 and no `Error`
/// printed (poppler reports broken content streams as "Syntax Error" and goes on).
/// Returns the text in content-stream order (`-raw`).
pub fn pdftotext_check(p: &Path) -> String {
    let o = tool("pdftotext", &["-raw", arg(p), "-"]);
    assert!(
        o.status.success() && !stderr(&o).contains("Error"),
        "pdftotext {}: {}",
        p.display(),
        stderr(&o)
    );
    stdout(&o)
}

/// Ghostscript in batch mode, sandboxed (`-q -dSAFER -dBATCH -dNOPAUSE`), with `args`.
pub fn gs(args: &[&str]) -> Output {
    let mut all = vec!["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE"];
    all.extend_from_slice(args);
    tool("gs", &all)
}

/// Ghostscript must run the PostScript file to the end: exit 0 and no `Error` printed.
/// And the file must keep DSC 3.0's line limit of 255 characters, which some spoolers
/// and PostScript-to-PDF converters enforce.
pub fn gs_check(p: &Path) {
    let data = std::fs::read(p).unwrap();
    if let Some((i, line)) = data
        .split(|&b| b == b'\n')
        .enumerate()
        .find(|(_, l)| l.len() > 255)
    {
        panic!(
            "{}: line {} has {} characters (DSC allows 255)",
            p.display(),
            i + 1,
            line.len()
        );
    }
    let o = gs(&["-sDEVICE=nullpage", arg(p)]);
    let err = stderr(&o) + &stdout(&o);
    assert!(
        o.status.success() && !err.contains("Error"),
        "gs {}: {err}",
        p.display()
    );
}

/// Parse an SVG document with usvg (resvg's parser), panicking with its error.
pub fn svg_tree(data: &[u8]) -> resvg::usvg::Tree {
    resvg::usvg::Tree::from_data(data, &resvg::usvg::Options::default())
        .unwrap_or_else(|e| panic!("SVG does not parse: {e}"))
}

/// Near misses for the parsers: up to `max` pieces of the grammars (board, piece, cell,
/// range, shard, page, colour and TOML syntax), with the characters and numbers at their
/// edges (NUL, a line separator, a non-ASCII letter, 2^128).
pub fn near_miss(max: usize) -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    const PIECES: &[&str] = &[
        "0",
        "1",
        "6",
        "9",
        "x",
        "X",
        "×",
        ",",
        ";",
        " ",
        "\n",
        ".",
        "..",
        "/",
        "-",
        "+",
        "a",
        "aa",
        "e",
        "z",
        "#",
        "f",
        "=",
        "\"",
        "'",
        "[",
        "]",
        "{",
        "}",
        "mm",
        "in",
        "a4",
        "leaper:",
        "knight",
        "rook",
        "title",
        "board",
        "stroke_width",
        "é",
        "\u{0}",
        "\u{2028}",
        "99999999999999999999999",
        "340282366920938463463374607431768211456",
    ];
    prop::collection::vec(prop::sample::select(PIECES), 0..max).prop_map(|v| v.concat())
}
