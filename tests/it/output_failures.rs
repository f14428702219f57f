//! Failure tests through the binary:
//! - a signal mid-render leaves no file and exits 128 + n;
//! - a full disk (a small tmpfs, `/dev/full`) gives one line naming the file and leaves
//!   the old file or nothing;
//! - a closed pipe exits 0 quietly;
//! - output conventions (missing folder, `--mkdir`, `--no-clobber`, replace, links, devices).

use super::common::{bin, file_names as entries, installed, run, skip, stderr};
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// stderr is one line starting `tourglyph: ` with no panic or backtrace in it.
fn one_line_error(err: &str) {
    assert!(err.starts_with("tourglyph: "), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(
        !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
        "{err}"
    );
}

/// Start `args` with `dir` as working folder, wait until `ready(dir)` holds (the render
/// is under way), send `sig`, and return the exit code.
fn interrupt(args: &[&str], dir: &Path, ready: impl Fn(&Path) -> bool, sig: i32) -> Option<i32> {
    let mut child = Command::new(bin())
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while !ready(dir) {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the render ended before it could be interrupted"
        );
        assert!(t.elapsed() < Duration::from_secs(60), "never got under way");
        std::thread::sleep(Duration::from_millis(5));
    }
    // SAFETY: sending a signal to our own child process.
    assert_eq!(unsafe { libc::kill(child.id() as i32, sig) }, 0);
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(!err.contains("panicked"), "{err}");
    status.code()
}

/// True once a temporary file with content is in `dir`.
fn temp_with_bytes(dir: &Path) -> bool {
    std::fs::read_dir(dir).unwrap().any(|e| {
        let e = e.unwrap();
        e.file_name().to_string_lossy().ends_with(".tmp") && e.metadata().unwrap().len() > 0
    })
}

#[test]
fn sigint_mid_render_leaves_no_file_and_exits_130() {
    let dir = tempfile::tempdir().unwrap();
    // 4.6 million glyphs: tens of seconds of work, interrupted once bytes are written.
    let args = ["render", "--board", "8x8", "--force", "-q", "-o", "big.pdf"];
    let code = interrupt(&args, dir.path(), temp_with_bytes, libc::SIGINT);
    assert_eq!(code, Some(130));
    assert!(entries(dir.path()).is_empty(), "{:?}", entries(dir.path()));
}

#[test]
fn sigterm_mid_svg_sheet_removes_every_page_and_exits_143() {
    let dir = tempfile::tempdir().unwrap();
    // An SVG sheet of thousands of pages: stop it after several page files exist.
    let args = ["render", "--board", "8x8", "--force", "-q", "-o", "big.svg"];
    let pages = |d: &Path| std::fs::read_dir(d).unwrap().count() >= 5;
    let code = interrupt(&args, dir.path(), pages, libc::SIGTERM);
    assert_eq!(code, Some(143));
    assert!(entries(dir.path()).is_empty(), "{:?}", entries(dir.path()));
}

#[test]
fn sigint_mid_split_removes_the_folders_mkdir_made() {
    // 4.6 million glyph files into `new/split`, which --mkdir creates (both levels);
    // interrupted once the folder exists, nothing of it is left.
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "render",
        "--board",
        "8x8",
        "--force",
        "-q",
        "--split",
        "--mkdir",
        "-o",
        "new/split",
    ];
    let made = |d: &Path| d.join("new/split").is_dir();
    let code = interrupt(&args, dir.path(), made, libc::SIGINT);
    assert_eq!(code, Some(130));
    assert!(entries(dir.path()).is_empty(), "{:?}", entries(dir.path()));
    // A folder that was there before stays, and so do the files already in it.
    std::fs::create_dir(dir.path().join("kept")).unwrap();
    std::fs::write(dir.path().join("kept/note.txt"), "mine").unwrap();
    let args = [
        "render",
        "--board",
        "8x8",
        "--force",
        "-q",
        "--split",
        "--mkdir",
        "-o",
        "kept/split",
    ];
    let code = interrupt(
        &args,
        dir.path(),
        |d: &Path| d.join("kept/split").is_dir(),
        libc::SIGINT,
    );
    assert_eq!(code, Some(130));
    assert_eq!(entries(dir.path().join("kept")), ["note.txt"]);
}

/// Run `script` (sh) in a private mount namespace where a small tmpfs may be mounted on
/// the empty folder `$M` (a fresh folder, not `/tmp`: mounting over `/tmp` would hide a
/// checkout that lives there, binary included). Root mounts directly, others through a
/// user namespace. Returns the output and `$M`; `None`, after `common::skip` has said so
/// (or failed the test under `TOURGLYPH_REQUIRE_TOOLS=1`), where `unshare` is missing or
/// neither way may mount.
fn in_mount_namespace(script: &str) -> Option<(std::process::Output, String)> {
    const INSTEAD: &str = "full-disk test not run";
    if !installed("unshare") {
        skip("unshare", "not installed", INSTEAD);
        return None;
    }
    let m = tempfile::tempdir().unwrap();
    let mp = m.path().to_str().unwrap().to_string();
    for flags in [&["-m"][..], &["-r", "-m"][..]] {
        let probe = Command::new("unshare")
            .args(flags)
            .args([
                "sh",
                "-c",
                "mount -t tmpfs -o size=4k none \"$M\" && echo ok",
            ])
            .env("M", &mp)
            .output();
        if probe.is_ok_and(|o| o.status.success()) {
            let out = Command::new("unshare")
                .args(flags)
                .args(["sh", "-c", script])
                .env("TG", bin())
                .env("M", &mp)
                .output()
                .unwrap();
            return Some((out, mp));
        }
    }
    skip(
        "unshare",
        "cannot mount a tmpfs here: run the tests as root, or allow user namespaces",
        INSTEAD,
    );
    None
}

#[test]
fn full_disk_mid_write_names_the_file_and_keeps_the_old_one() {
    // A 64 KiB tmpfs holding an old poster; the new PostScript poster (140 KB) fills it.
    let script = r#"
        mount -t tmpfs -o size=64k none "$M" || exit 99
        echo old > "$M/poster.ps"
        "$TG" render --board 6x6 --force -o "$M/poster.ps" 2>"$M/err"
        code=$?
        cat "$M/err" >&2
        echo "exit=$code"
        ls -A "$M"
        cat "$M/poster.ps"
    "#;
    let Some((out, mp)) = in_mount_namespace(script) else {
        return;
    };
    let (o, e) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    let mut lines = o.lines();
    assert_eq!(lines.next(), Some("exit=1"), "{o}\n{e}");
    // The temporary file is gone; the old poster and the captured error remain.
    assert_eq!(lines.next(), Some("err"), "{o}");
    assert_eq!(lines.next(), Some("poster.ps"), "{o}");
    assert_eq!(lines.next(), Some("old"), "{o}");
    one_line_error(&e);
    assert!(
        e.starts_with(&format!(
            "tourglyph: {mp}/poster.ps: No space left on device"
        )),
        "{e}"
    );
}

#[test]
fn full_disk_is_refused_before_writing_when_the_estimate_cannot_fit() {
    let script = r#"
        mount -t tmpfs -o size=16k none "$M" || exit 99
        "$TG" render --board 6x6 -o "$M/poster.ps"
        echo "exit=$?"
        ls -A "$M"
    "#;
    let Some((out, _)) = in_mount_namespace(script) else {
        return;
    };
    let (o, e) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(o.trim(), "exit=1", "{e}");
    one_line_error(&e);
    assert!(e.contains("is free there") && e.contains("--force"), "{e}");
}

#[test]
fn dev_full_names_the_file_or_standard_output() {
    let o = run(&[
        "render",
        "--board",
        "6x6",
        "--format",
        "pdf",
        "-o",
        "/dev/full",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    one_line_error(&e);
    assert!(
        e.starts_with("tourglyph: /dev/full: No space left on device"),
        "{e}"
    );
    use std::os::unix::fs::FileTypeExt;
    assert!(
        std::fs::metadata("/dev/full")
            .unwrap()
            .file_type()
            .is_char_device()
    );

    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let o = Command::new(bin())
        .args(["list", "--board", "6x6"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    one_line_error(&e);
    assert!(
        e.starts_with("tourglyph: standard output: No space left"),
        "{e}"
    );
}

#[test]
fn closed_pipe_exits_zero_quietly_for_every_printing_command() {
    for args in [
        &["list", "--board", "8x8", "--json", "--limit", "200000"][..],
        &["list", "--board", "6x6", "--sample", "100000"],
        &["find", "--board", "400x400", "--json"],
        &["man"],
        &["completions", "bash"],
        &["render", "--board", "6x6", "--format", "ps", "-o", "-"],
    ] {
        let mut child = Command::new(bin())
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Close the reading end before the command writes (as `| head -0` does): every
        // command here then meets the closed pipe on its first write, however little it
        // prints (reading a line first let `man` finish within the pipe's buffer).
        drop(child.stdout.take());
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{args:?}");
    }
}

#[test]
fn output_conventions() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let at = |p: &str| d.join(p).to_string_lossy().into_owned();
    let glyph = |out: &str, extra: &[&str]| {
        let mut a = vec!["glyph", "--board", "4x4", "--id", "1", "-o"];
        a.push(out);
        a.extend_from_slice(extra);
        run(&a)
    };
    // A missing folder: refused, nothing created; --mkdir creates it.
    let o = glyph(&at("new/dir/g.svg"), &[]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    one_line_error(&e);
    assert!(e.contains("does not exist") && e.contains("--mkdir"), "{e}");
    assert!(!d.join("new").exists());
    assert!(glyph(&at("new/dir/g.svg"), &["--mkdir"]).status.success());
    let first = std::fs::read(d.join("new/dir/g.svg")).unwrap();
    // Replace by default; --no-clobber keeps the file and says so.
    std::fs::write(d.join("old.svg"), b"old").unwrap();
    assert!(glyph(&at("old.svg"), &[]).status.success());
    assert_eq!(std::fs::read(d.join("old.svg")).unwrap(), first);
    std::fs::write(d.join("old.svg"), b"old").unwrap();
    let o = glyph(&at("old.svg"), &["--no-clobber"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("already exists"), "{}", stderr(&o));
    assert_eq!(std::fs::read(d.join("old.svg")).unwrap(), b"old");
    // A link is followed: the file behind it is replaced, the link stays.
    std::os::unix::fs::symlink(d.join("old.svg"), d.join("link.svg")).unwrap();
    assert!(glyph(&at("link.svg"), &[]).status.success());
    assert!(
        std::fs::symlink_metadata(d.join("link.svg"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read(d.join("old.svg")).unwrap(), first);
    // A folder as the output: a usage error.
    let o = glyph(&at("new"), &["--format", "svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is a folder"), "{}", stderr(&o));
    // A device is written in place, not replaced.
    assert!(glyph("/dev/null", &["--format", "pdf"]).status.success());
    use std::os::unix::fs::FileTypeExt;
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    // No temporary file is left anywhere.
    assert_eq!(entries(d), ["link.svg", "new", "old.svg"]);
}
