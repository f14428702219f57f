//! One set of conventions for every command (issue 24, defects 13, 14, 17, 18 and 20):
//! `-q` everywhere, a notice naming every file written, the exit-status rule written down
//! once (README and man pages), links followed, completions that offer values.

use crate::common::{bin, run, stderr, stdout};
use std::path::Path;
use std::process::{Command, Output};

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(bin())
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run tourglyph")
}

/// Every command that writes files names each of them on stderr, in one notice, and says
/// nothing with `-q` (before or after the command's name); data stays on stdout.
#[test]
fn every_command_names_the_files_it_writes_unless_quiet() {
    let dir = tempfile::tempdir().unwrap();
    let gal = dir.path().join("gal");
    std::fs::create_dir(&gal).unwrap();
    std::fs::write(
        gal.join("few.toml"),
        "title = \"Few\"\nboard = \"4x4\"\nformats = [\"pdf\"]\n",
    )
    .unwrap();
    let cases: &[(&[&str], &[&str])] = &[
        (&["render", "--board", "4x4", "-o", "r.pdf"], &["r.pdf"]),
        (&["render", "--board", "4x4", "-o", "r.ps"], &["r.ps"]),
        (&["render", "--board", "4x4", "-o", "r.svg"], &["r.svg"]),
        (
            &["render", "--board", "4x4", "--split", "--mkdir", "-o", "s"],
            &["s/rook-4x4-0.svg", "s/rook-4x4-5.svg"],
        ),
        (
            &["glyph", "--board", "4x4", "--id", "1", "-o", "g.eps"],
            &["g.eps"],
        ),
        (&["find", "--board", "6x6", "-o", "f.pdf"], &["f.pdf"]),
        (&["slide", "--board", "4x4", "-o", "p.svg"], &["p.svg"]),
        (
            &["font", "--board", "4x4", "-o", "t.ttf"],
            &["t.ttf", "t.json", "t.pdf"],
        ),
        (
            &["gallery", "gal"],
            &["gal/out/few.pdf", "gal/out/few.png", "gal/out/index.html"],
        ),
    ];
    for (args, files) in cases {
        let o = run_in(dir.path(), args);
        let err = stderr(&o);
        assert!(o.status.success(), "{args:?}: {err}");
        for f in *files {
            assert!(dir.path().join(f).is_file(), "{args:?} did not write {f}");
            assert!(
                err.lines()
                    .any(|l| l.starts_with("tourglyph: wrote ") && l.contains(f)),
                "{args:?}: the notice does not name {f}: {err}"
            );
        }
        for quiet in [
            [&["-q"][..], args].concat(),
            [args, &["--quiet"][..]].concat(),
        ] {
            let o = run_in(dir.path(), &quiet);
            assert!(o.status.success(), "{quiet:?}: {}", stderr(&o));
            assert_eq!(stderr(&o), "", "{quiet:?}");
        }
    }
    // The commands that write no file take -q too.
    for args in [
        &["count", "-q", "--board", "4x4"][..],
        &["list", "-q", "--board", "4x4", "--limit", "1"],
        &["find", "-q", "--board", "6x6"],
        &["slide", "-q", "--board", "4x4"],
        &["styles", "-q"],
        &["man", "-q", "glyph"],
        &["completions", "-q", "bash"],
        &["serve", "-q", "--help"],
    ] {
        let o = run(args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{args:?}");
        assert!(!o.stdout.is_empty(), "{args:?}");
    }
}

/// A dangling symbolic link given to -o stays a link; the file is written where it points.
#[test]
fn a_dangling_link_is_followed() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("g.svg");
    std::os::unix::fs::symlink("real/g.svg", &link).unwrap();
    std::fs::create_dir(dir.path().join("real")).unwrap();
    let o = run_in(
        dir.path(),
        &["glyph", "--board", "4x4", "--id", "1", "-o", "g.svg"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    let svg = std::fs::read_to_string(dir.path().join("real/g.svg")).unwrap();
    assert!(svg.starts_with("<?xml") || svg.starts_with("<svg"), "{svg}");
}

/// Shell completions offer the pieces, styles and formats the library knows.
#[test]
fn completions_offer_pieces_styles_and_formats() {
    let bash = stdout(&run(&["completions", "bash"]));
    let offered = |flag: &str| -> Vec<String> {
        bash.split(&format!("{flag})\n"))
            .skip(1)
            .map(|arm| {
                let line = arm.lines().next().unwrap_or_default();
                line.split("compgen -W \"")
                    .nth(1)
                    .and_then(|w| w.split('"').next())
                    .unwrap_or_default()
                    .to_string()
            })
            .collect()
    };
    let styles: Vec<&str> = tourglyph::layout::style::BUILTIN
        .iter()
        .map(|(n, _)| *n)
        .collect();
    for (flag, want) in [
        ("--piece", tourglyph::piece::NAMES.join(" ")),
        ("--style", styles.join(" ")),
        ("--format", "pdf ps eps svg png gcode dxf".to_string()),
    ] {
        let arms = offered(flag);
        assert!(!arms.is_empty(), "no completion arm for {flag}");
        assert!(arms.contains(&want), "{flag}: {arms:?}");
    }
    // Values outside the lists are still accepted, and parsed by the library.
    let o = run(&["count", "--piece", "leaper:1,2", "--board", "4x5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&["count", "--piece", "KNIGHT", "--board", "4x5"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// Man pages: examples in EXAMPLES, one whole command a line (no EXTRA), and an EXIT
/// STATUS section with a row per row of the rule.
#[test]
fn man_pages_have_examples_and_exit_status() {
    for page in ["render", "glyph", "count"] {
        let roff = stdout(&run(&["man", page]));
        assert!(!roff.contains(".SH EXTRA"), "{page}");
        let ex = roff
            .split(".SH EXAMPLES\n.nf\n")
            .nth(1)
            .and_then(|s| s.split("\n.fi\n").next())
            .unwrap_or_else(|| panic!("{page}: no EXAMPLES"));
        let help = stdout(&run(&[page, "--help"]));
        let want: Vec<String> = help
            .lines()
            .skip_while(|l| !l.starts_with("Example"))
            .skip(1)
            .map(|l| l.trim().replace('-', "\\-"))
            .filter(|l| !l.is_empty())
            .collect();
        assert_eq!(ex.lines().collect::<Vec<_>>(), want, "{page}");
        let status = roff.split(".SH \"EXIT STATUS\"\n").nth(1).unwrap_or("");
        assert_eq!(
            status.matches(".TP\n").count(),
            tourglyph::error::EXIT_STATUS.len(),
            "{page}"
        );
    }
    assert!(stdout(&run(&["man"])).contains(".SH \"EXIT STATUS\""));
}

/// The guide's exit-status table is the rule the code holds (`EXIT_STATUS`).
#[test]
fn the_guides_exit_status_table_is_the_rule() {
    let guide = std::fs::read_to_string(crate::common::repo_root().join("docs/guide.md")).unwrap();
    let rows: Vec<String> = guide
        .lines()
        .map(str::trim)
        .skip_while(|l| *l != "| exit | fault |")
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(str::to_string)
        .collect();
    let want: Vec<String> = tourglyph::error::EXIT_STATUS
        .iter()
        .map(|(s, f)| format!("| {s} | {} |", f.replace('|', "\\|")))
        .collect();
    assert_eq!(rows, want);
}

/// GitHub's anchor of a Markdown heading: lower case, letters, digits, `-` and `_` kept,
/// spaces made `-`, the rest dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code blocks) and its `<a id>`s.
fn anchors(md: &str) -> Vec<String> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in md.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.push(anchor(line.trim_start_matches('#')));
        }
    }
    // Anchors set by hand: `<a id="…"></a>`.
    for at in md.split("<a id=\"").skip(1) {
        out.push(at[..at.find('"').unwrap()].to_string());
    }
    out
}

/// Every link into the README or the guide names a heading that is there, and every
/// message that sends the reader to a section of the guide (`docs/guide.md, "Galleries
/// in CI"`) names one (issue 56, item 22: a message pointed to a README section that had
/// moved to the guide).
#[test]
fn links_and_messages_name_sections_that_exist() {
    let root = crate::common::repo_root();
    let read = |p: &str| std::fs::read_to_string(root.join(p)).unwrap();
    let (readme, guide) = (read("README.md"), read("docs/guide.md"));
    let heads = |file: &str| match file {
        "README.md" | "../README.md" => anchors(&readme),
        "docs/guide.md" | "guide.md" => anchors(&guide),
        other => panic!("a link into {other}"),
    };
    let mut checked = 0;
    for (name, text, own) in [
        ("README.md", &readme, "README.md"),
        ("docs/guide.md", &guide, "docs/guide.md"),
    ] {
        for link in text.split("](").skip(1) {
            let target = &link[..link.find(')').unwrap_or(0)];
            let Some((file, frag)) = target.split_once('#') else {
                continue;
            };
            let file = if file.is_empty() { own } else { file };
            if !file.ends_with(".md") || file.contains("://") {
                continue;
            }
            assert!(
                heads(file).iter().any(|a| a == frag),
                "{name}: the link {target} names no heading of {file}"
            );
            checked += 1;
        }
    }
    assert!(checked > 10, "only {checked} links checked");
    let guide_heads = anchors(&guide);
    let mut named = 0;
    for dir in ["src", "crates/tourglyph/src"] {
        let mut stack = vec![root.join(dir)];
        while let Some(p) = stack.pop() {
            if p.is_dir() {
                stack.extend(std::fs::read_dir(&p).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            let src = std::fs::read_to_string(&p).unwrap_or_default();
            for at in src.split("docs/guide.md, \\\"").skip(1) {
                let section = &at[..at.find("\\\"").unwrap()];
                assert!(
                    guide_heads.contains(&anchor(section)),
                    "{}: names the guide's section \"{section}\", which it lacks",
                    p.display()
                );
                named += 1;
            }
        }
    }
    assert!(named > 0, "no message names a section of the guide");
}
