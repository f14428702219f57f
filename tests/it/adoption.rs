//! Adoption: completions, the man page, and an example in every command's help.

use crate::common::{run, stdout};

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
