//! Issue 56, item 17: format names and file extensions. A `--format` that agrees with
//! the file's extension is accepted (`glyph --format gif -o g.gif`), G-code's usual
//! extensions `.nc` and `.ngc` name G-code, and the `--format` help lists every format
//! the command writes (read from the format table, so it cannot drift).

use crate::common::{arg, run, stderr, tmp};
use tourglyph::draw::Format;

const GLYPH: [&str; 5] = ["glyph", "--board", "4x4", "--id", "0"];

fn glyph(extra: &[&str]) -> std::process::Output {
    let mut a = GLYPH.to_vec();
    a.extend_from_slice(extra);
    run(&a)
}

#[test]
fn a_format_that_agrees_with_the_extension_is_accepted() {
    let d = tmp();
    let plain = d.path().join("plain.gif");
    let named = d.path().join("named.gif");
    let o = glyph(&["-o", arg(&plain)]);
    assert!(o.status.success(), "{}", stderr(&o));
    for f in ["gif", "GIF"] {
        let o = glyph(&["--format", f, "-o", arg(&named)]);
        assert!(
            o.status.success(),
            "--format {f} -o named.gif: {}",
            stderr(&o)
        );
        assert_eq!(
            std::fs::read(&named).unwrap(),
            std::fs::read(&plain).unwrap(),
            "--format {f} writes the GIF the extension alone writes"
        );
    }
    // On stdout, as the explorer's /api/glyph.gif.
    let o = glyph(&["--format", "gif", "-o", "-"]);
    assert!(o.status.success(), "--format gif -o -: {}", stderr(&o));
    assert!(o.stdout.starts_with(b"GIF89a"), "not a GIF on stdout");
    // Still refused where they disagree, in one line naming the fix.
    let o = glyph(&["--format", "png", "-o", arg(&named)]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.contains("drop --format"), "{e}");
    let o = glyph(&["--format", "gif", "-o", arg(&d.path().join("x.svg"))]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.contains("x.gif") && e.contains("drop --format"), "{e}");
}

#[test]
fn nc_and_ngc_files_are_g_code() {
    let d = tmp();
    let want = d.path().join("g.gcode");
    let o = glyph(&["-o", arg(&want)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let want = std::fs::read(&want).unwrap();
    for ext in ["nc", "ngc", "NC"] {
        let p = d.path().join(format!("g.{ext}"));
        for extra in [vec![], vec!["--format", "gcode"]] {
            let mut a = extra.clone();
            a.extend(["-o", arg(&p)]);
            let o = glyph(&a);
            assert!(o.status.success(), "{a:?}: {}", stderr(&o));
            assert_eq!(std::fs::read(&p).unwrap(), want, "{a:?}");
        }
    }
    let r = d.path().join("sheet.ngc");
    let o = run(&["render", "--board", "4x4", "-o", arg(&r)]);
    assert!(o.status.success(), "render -o sheet.ngc: {}", stderr(&o));
    assert!(std::fs::read_to_string(&r).unwrap().contains("G1"));
    // Another format's name for a G-code file is the usual refusal.
    let o = glyph(&["--format", "svg", "-o", arg(&d.path().join("x.nc"))]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("'.nc' is for G-code"), "{}", stderr(&o));
}

/// The help paragraph of `--format` in `tourglyph CMD --help`.
fn format_help(cmd: &str) -> String {
    let o = run(&[cmd, "--help"]);
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    let mut lines = text
        .lines()
        .skip_while(|l| !l.contains("--format <FORMAT>"));
    let mut s = lines.next().unwrap_or_default().to_string();
    for l in lines.take_while(|l| !l.trim_start().starts_with('-') && !l.trim().is_empty()) {
        s.push(' ');
        s.push_str(l.trim());
    }
    s
}

#[test]
fn format_help_names_every_format_the_command_writes() {
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_ascii_alphanumeric())
            .map(str::to_string)
            .collect()
    };
    for (cmd, extra) in [("glyph", vec!["gif"]), ("render", vec![])] {
        let help = format_help(cmd);
        let w = words(&help);
        for f in Format::ALL.iter().map(|f| f.extension()).chain(extra) {
            assert!(
                w.iter().any(|x| x == f),
                "{cmd} --help: --format does not name {f}: {help}"
            );
        }
    }
}
