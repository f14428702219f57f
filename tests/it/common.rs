//! Helpers shared by the integration tests, and the outside validators.
//!
//! Validators: every output is read back in pure Rust ([`readback`]: lopdf for PDF, the
//! DSC structure of PostScript, usvg for SVG), and also by the outside tool for its
//! format (qpdf, poppler, Ghostscript) where that tool is installed. A missing tool is
//! skipped with one line on stderr naming it, or fails the test when
//! `TOURGLYPH_REQUIRE_TOOLS=1` (CI).

#![allow(dead_code)]

use crate::readback;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository's root (the workspace): README.md, gallery/ and fuzz/ live there.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

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

/// Set to `1` (CI's `.ci/run` does), a validator that is not installed fails the test
/// instead of being skipped.
pub const REQUIRE_TOOLS: &str = "TOURGLYPH_REQUIRE_TOOLS";

/// True when [`REQUIRE_TOOLS`] is set to anything but empty or `0`.
pub fn tools_required() -> bool {
    std::env::var_os(REQUIRE_TOOLS).is_some_and(|v| !v.is_empty() && v != "0")
}

/// The Debian package that provides an outside tool, for the install hint.
fn package(name: &str) -> &str {
    match name {
        "gs" => "ghostscript",
        "pdftotext" | "pdftoppm" | "pdfinfo" | "pdffonts" => "poppler-utils",
        "unshare" => "util-linux",
        other => other,
    }
}

/// Run the binary under `ulimit -v KB -t SECONDS` (the guard: an old, late refusal dies
/// of it instead of passing slowly).
pub fn bounded(kb: u64, seconds: u64, args: &[&str]) -> Output {
    let mut line = format!("ulimit -v {kb}; ulimit -t {seconds}; exec \"$0\"");
    for a in args {
        line.push_str(&format!(" '{a}'"));
    }
    Command::new("sh")
        .arg("-c")
        .arg(line)
        .arg(bin())
        .output()
        .expect("run tourglyph under sh")
}

/// True when `name` is an executable file in a folder of `PATH`.
pub fn installed(name: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let Some(path) = std::env::var_os("PATH") else {
        return false;
    };
    std::env::split_paths(&path).any(|dir| {
        std::fs::metadata(dir.join(name))
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    })
}

/// Headless Chromium's command where it is installed; else the skip line (a failure
/// under [`REQUIRE_TOOLS`]) naming what the test does `instead`, and `None`.
pub fn chromium(instead: &str) -> Option<&'static str> {
    let found = ["chromium", "chromium-browser"]
        .into_iter()
        .find(|c| installed(c));
    if found.is_none() {
        skip("chromium", "not installed", instead);
    }
    found
}

/// Tools already reported as skipped, per test (libtest names each test's thread after
/// the test), so a test prints one line per missing tool however often it validates.
static SKIPPED: std::sync::Mutex<Vec<(String, String)>> = std::sync::Mutex::new(Vec::new());

/// `name` cannot run here. Under [`REQUIRE_TOOLS`] the test fails with an install hint;
/// otherwise one line on stderr names the tool and what the test did `instead`, written
/// past libtest's output capture so that a plain `cargo test` shows it.
pub fn skip(name: &str, why: &str, instead: &str) {
    if tools_required() {
        let fix = if why == "not installed" {
            format!(": install it (apt-get install {})", package(name))
        } else {
            String::new()
        };
        panic!("{name} {why}, and {REQUIRE_TOOLS} is set{fix}");
    }
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    let mut seen = SKIPPED.lock().unwrap_or_else(|p| p.into_inner());
    let key = (test, name.to_string());
    if !seen.contains(&key) {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr().lock(),
            "{}: skipped {name} ({why}): {instead}",
            key.0
        );
        seen.push(key);
    }
}

/// Run an outside tool when it is installed. When it is not, [`skip`] says so (or fails
/// the test under [`REQUIRE_TOOLS`]) and the caller gets `None` and does `instead`.
pub fn tool(name: &str, args: &[&str], instead: &str) -> Option<Output> {
    if !installed(name) {
        skip(name, "not installed", instead);
        return None;
    }
    Some(
        Command::new(name)
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("cannot run `{name}` ({e})")),
    )
}

/// Every name in a folder (hidden ones, such as temporary files, too), sorted.
pub fn file_names(dir: impl AsRef<Path>) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// A temporary folder, removed when dropped.
pub fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().expect("temp dir")
}

/// Write `text` to the file `name` in `dir`; its path, for an argument list.
pub fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

/// Inked pixels of a raster (alpha at least half), row-major.
pub fn inked(p: &resvg::tiny_skia::Pixmap) -> Vec<bool> {
    p.data().chunks(4).map(|c| c[3] >= 128).collect()
}

/// A path as `&str` for a tool's argument list.
pub fn arg(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// A PDF must be valid: lopdf reads it back whole ([`readback::pdf`]), and `qpdf
/// --check` passes (exit 0: no errors, no warnings) where qpdf is installed.
pub fn qpdf_check(p: &Path) {
    readback::pdf(p);
    let Some(o) = tool("qpdf", &["--check", arg(p)], "checked with lopdf only") else {
        return;
    };
    assert!(
        o.status.success(),
        "qpdf --check {}: {}{}",
        p.display(),
        stdout(&o),
        stderr(&o)
    );
}

/// The page count of a PDF: lopdf's, which must equal qpdf's where qpdf is installed.
pub fn qpdf_pages(p: &Path) -> u64 {
    let pages = readback::pdf(p).get_pages().len() as u64;
    let Some(o) = tool(
        "qpdf",
        &["--show-npages", arg(p)],
        "pages counted by lopdf only",
    ) else {
        return pages;
    };
    assert!(
        o.status.success(),
        "qpdf --show-npages {}: {}",
        p.display(),
        stderr(&o)
    );
    let by_qpdf: u64 = stdout(&o)
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("qpdf --show-npages {}: {}", p.display(), stdout(&o)));
    assert_eq!(
        by_qpdf,
        pages,
        "{}: qpdf and lopdf count different pages",
        p.display()
    );
    pages
}

/// The text of a PDF as each available reader sees it, in content-stream order: the
/// strings its content streams show (lopdf), and `pdftotext -raw` (poppler, which must
/// read the PDF: exit 0 and no `Error` printed, as poppler reports broken content streams
/// as "Syntax Error" and goes on) where poppler is installed.
pub fn pdf_texts(p: &Path) -> Vec<String> {
    let mut texts = vec![readback::pdf_text(&readback::pdf(p))];
    if let Some(o) = tool(
        "pdftotext",
        &["-raw", arg(p), "-"],
        "text read by lopdf only",
    ) {
        assert!(
            o.status.success() && !stderr(&o).contains("Error"),
            "pdftotext {}: {}",
            p.display(),
            stderr(&o)
        );
        texts.push(stdout(&o));
    }
    texts
}

/// Ghostscript in batch mode, sandboxed (`-q -dSAFER -dBATCH -dNOPAUSE`), with `args`,
/// when it is installed; `None` (after [`skip`]) when it is not.
pub fn gs(args: &[&str], instead: &str) -> Option<Output> {
    let mut all = vec!["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE"];
    all.extend_from_slice(args);
    tool("gs", &all, instead)
}

/// A PostScript file must keep DSC 3.0's structure ([`readback::dsc`]: header, page
/// comments that match `%%Pages:`, trailer, the 255-character line limit that some
/// spoolers and PostScript-to-PDF converters enforce, balanced syntax), and Ghostscript,
/// where it is installed, must run it to the end: exit 0 and no `Error` printed.
pub fn gs_check(p: &Path) {
    readback::dsc(p);
    let Some(o) = gs(
        &["-sDEVICE=nullpage", arg(p)],
        "checked the DSC structure only",
    ) else {
        return;
    };
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
