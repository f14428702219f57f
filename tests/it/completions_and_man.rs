//! Shell completions and man pages: `completions` for every shell it names (and a usage
//! error for one it does not), `man` and the page of every command it names in SEE ALSO.

use crate::common::{run, stderr, stdout};

#[test]
fn completions_and_man() {
    for shell in ["bash", "zsh", "fish"] {
        let o = run(&["completions", shell]);
        assert!(o.status.success(), "{shell}");
        let s = stdout(&o);
        for cmd in ["count", "render", "gallery", "slide"] {
            assert!(s.contains(cmd), "{shell} completion lacks {cmd}");
        }
    }
    let man = stdout(&run(&["man"]));
    assert!(
        man.contains(".TH tourglyph 1") && man.contains("render"),
        "{man}"
    );
    assert_eq!(run(&["completions", "tcsh"]).status.code(), Some(2));
}

/// Issue 13, defect 7: every page `tourglyph man` names in SEE ALSO (`tourglyph-render(1)`,
/// …) prints, as `tourglyph man render` or `tourglyph man tourglyph-render`: a roff page of
/// that command with each of its long flags; an unknown name is a one-line usage error.
#[test]
fn man_prints_every_command_page_it_names() {
    let main = stdout(&run(&["man"]));
    let named: Vec<String> = main
        .lines()
        .filter_map(|l| l.strip_prefix("tourglyph\\-")?.strip_suffix("(1)"))
        // roff writes a hyphen as `\-` (plot-stats).
        .map(|n| n.replace("\\-", "-"))
        .collect();
    for cmd in ["count", "render", "glyph", "man"] {
        assert!(
            named.iter().any(|n| n == cmd),
            "SEE ALSO lacks {cmd}: {named:?}"
        );
    }
    for name in &named {
        let o = run(&["man", name]);
        assert!(o.status.success(), "man {name}: {}", stderr(&o));
        let page = stdout(&o);
        assert!(
            page.contains(&format!(".TH tourglyph-{name} 1")) && page.contains(".SH NAME"),
            "man {name}: {page}"
        );
        assert_eq!(
            page,
            stdout(&run(&["man", &format!("tourglyph-{name}")])),
            "{name}"
        );
        // Every long flag the command's --help lists is on its page (roff writes - as \-).
        let help = stdout(&run(&[name, "--help"]));
        for flag in help
            .split(|c: char| c.is_whitespace() || c == ',' || c == '=' || c == '[')
            .filter(|w| w.starts_with("--") && w.len() > 2)
        {
            let roff = flag.replace('-', "\\-");
            assert!(page.contains(&roff), "man {name} lacks {flag}");
        }
    }
    let o = run(&["man", "bogus"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = stderr(&o);
    assert!(
        err.starts_with("tourglyph: ")
            && err.trim_end().lines().count() == 1
            && err.contains("render"),
        "{err}"
    );
}
