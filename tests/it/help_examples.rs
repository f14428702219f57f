//! Every command's `--help` shows an example, and every example in every `--help` runs
//! (issue 13, defect 1: `glyph --help` gave an open tour without `--open`).
//!
//! The commands are read from `tourglyph --help`, the examples from each command's help:
//! the indented lines under `Example:` or `Examples:`. Each line runs as written, by
//! `sh -c`, with the built binary first on `PATH`, in a temporary folder that stands for
//! a checkout of the project (it holds a copy of the shipped `gallery/*.toml`, the
//! `gallery` command's default input) and with `HOME` inside it, so outputs land there.
//! The only preparation is the folder of each `> FILE` redirection, which a shell does
//! not create (`completions bash > ~/.local/share/bash-completion/completions/…`). Every
//! example finishes in a few seconds as written (the slowest, `gallery`, about 3 s), so
//! none is replaced by a bounded substitute.

use crate::common::{bin, run, stderr, stdout};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// `tourglyph ARGS --help`, as a user reading it in a pipe sees it (no terminal width).
fn help(args: &[&str]) -> String {
    let o = Command::new(bin())
        .args(args)
        .arg("--help")
        .env_remove("COLUMNS")
        .output()
        .expect("run tourglyph");
    assert!(o.status.success(), "{args:?} --help: {}", stderr(&o));
    stdout(&o)
}

/// The names under `Commands:` in the top-level help (clap's own `help` left out).
fn commands(top: &str) -> Vec<String> {
    top.lines()
        .skip_while(|l| l.trim_end() != "Commands:")
        .skip(1)
        .take_while(|l| l.starts_with(' '))
        // A command's line is indented two spaces; a wrapped description, more.
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&n| n != "help")
        .map(str::to_string)
        .collect()
}

/// The indented lines under `Example:` / `Examples:`.
fn examples(help: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in help.lines() {
        if matches!(line.trim_end(), "Example:" | "Examples:") {
            inside = true;
        } else if inside && line.starts_with("  ") && !line.trim().is_empty() {
            out.push(line.trim().to_string());
        } else {
            inside = false;
        }
    }
    out
}

/// The files an example writes: `-o FILE`, `--output FILE` and `> FILE`, with `~/` under
/// `home`, relative to `dir`.
fn outputs(example: &str, dir: &Path, home: &Path) -> Vec<PathBuf> {
    let words: Vec<&str> = example.split_whitespace().collect();
    words
        .windows(2)
        .filter(|w| matches!(w[0], "-o" | "--output" | ">"))
        .map(|w| match w[1].strip_prefix("~/") {
            Some(rest) => home.join(rest),
            None => dir.join(w[1]),
        })
        .collect()
}

/// A `serve` example runs until stopped: it must print its URL, then stop with exit 0 on
/// SIGTERM. `--port 8421` becomes `--port 0` (a free port: other runs may hold 8421) and
/// `--browser` is dropped (no browser is opened by a test).
fn serve_example(ex: &str, dir: &Path, path: &std::ffi::OsStr, home: &Path) -> Result<(), String> {
    use std::io::BufRead;
    let line = ex
        .replace("--port 8421", "--port 0")
        .replace(" --browser", "");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("exec {line}"))
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", home)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    let mut url = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut url)
        .map_err(|e| e.to_string())?;
    // SAFETY: kill takes two integers and touches no memory; the pid is our own child's,
    // not yet waited for, so it names no other process.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let status = child.wait().map_err(|e| e.to_string())?;
    if !url.starts_with("http://127.0.0.1:") || status.code() != Some(0) {
        return Err(format!("printed {url:?}, stopped with {status:?}"));
    }
    Ok(())
}

#[test]
fn every_help_example_runs() {
    let top = help(&[]);
    let names = commands(&top);
    assert!(
        names.len() >= 9 && names.iter().any(|n| n == "glyph"),
        "commands read from the top-level help: {names:?}"
    );
    let root = &crate::common::repo_root();
    let bin_dir = bin().parent().unwrap().to_path_buf();
    let path = std::env::join_paths(std::iter::once(bin_dir).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .unwrap();
    let mut ran = 0;
    let mut failed = Vec::new();
    for name in &names {
        let text = help(&[name.as_str()]);
        let list = examples(&text);
        assert!(
            !list.is_empty(),
            "`tourglyph {name} --help` shows no example"
        );
        for ex in list {
            assert!(
                ex.starts_with("tourglyph "),
                "`tourglyph {name} --help`: example line '{ex}' is not a tourglyph command \
                 (wrapped?)"
            );
            let dir = tempfile::tempdir().unwrap();
            let home = dir.path().join("home");
            std::fs::create_dir(&home).unwrap();
            let gallery = dir.path().join("gallery");
            std::fs::create_dir(&gallery).unwrap();
            for e in std::fs::read_dir(root.join("gallery")).unwrap() {
                let p = e.unwrap().path();
                if p.extension().is_some_and(|x| x == "toml") {
                    std::fs::copy(&p, gallery.join(p.file_name().unwrap())).unwrap();
                }
            }
            // The example shapes the `shape` command's examples read.
            let shapes = dir.path().join("examples/shapes");
            std::fs::create_dir_all(&shapes).unwrap();
            for e in std::fs::read_dir(root.join("examples/shapes")).unwrap() {
                let p = e.unwrap().path();
                std::fs::copy(&p, shapes.join(p.file_name().unwrap())).unwrap();
            }
            let files = outputs(&ex, dir.path(), &home);
            for f in &files {
                std::fs::create_dir_all(f.parent().unwrap()).unwrap();
            }
            let t = Instant::now();
            if name == "serve" {
                ran += 1;
                if let Err(e) = serve_example(&ex, dir.path(), &path, &home) {
                    failed.push(format!("{ex}: {e}"));
                }
                eprintln!("{:6.2} s  {ex}", t.elapsed().as_secs_f64());
                continue;
            }
            let o = Command::new("sh")
                .arg("-c")
                .arg(&ex)
                .current_dir(dir.path())
                .env("PATH", &path)
                .env("HOME", &home)
                .output()
                .expect("run sh");
            eprintln!("{:6.2} s  {ex}", t.elapsed().as_secs_f64());
            ran += 1;
            if !o.status.success() {
                failed.push(format!(
                    "{ex}: {:?}: {}",
                    o.status.code(),
                    stderr(&o).trim()
                ));
                continue;
            }
            for f in &files {
                let len = std::fs::metadata(f).map(|m| m.len()).unwrap_or(0);
                if len == 0 {
                    failed.push(format!("{ex}: wrote no {}", f.display()));
                }
            }
        }
    }
    eprintln!("{ran} examples of {} commands", names.len());
    assert!(
        failed.is_empty(),
        "help examples that fail:\n{}",
        failed.join("\n")
    );
}

#[test]
fn every_command_help_shows_an_example() {
    for cmd in [
        "count",
        "list",
        "render",
        "glyph",
        "find",
        "slide",
        "gallery",
        "completions",
        "man",
    ] {
        let o = run(&[cmd, "--help"]);
        assert!(o.status.success(), "{cmd}");
        let s = stdout(&o);
        assert!(
            s.contains("Example") && s.contains("tourglyph "),
            "{cmd} --help: {s}"
        );
    }
}
