//! `tourglyph man [COMMAND]`: the manual page of tourglyph, or of one of its commands
//! (`tourglyph-render(1)` and the others its SEE ALSO list names), in roff (clap_mangen
//! for the sections clap knows; EXAMPLES, from each command's help, and EXIT STATUS, from
//! [`tourglyph::error::EXIT_STATUS`], written here).

use super::args::Cli;
use clap::CommandFactory;
use std::io::Write;
use tourglyph::error::EXIT_STATUS;
use tourglyph::{Error, Result};

/// Print the page of `name` (a command, with or without the `tourglyph-` prefix), or of
/// tourglyph itself.
pub fn run(name: Option<&str>) -> Result<()> {
    let mut cmd = Cli::command();
    // Built, the commands carry their full names (`tourglyph-render`, usage `tourglyph
    // render`), the global flags, and clap's `help` command, which the main page lists too.
    cmd.build();
    let page = match name {
        None => cmd,
        Some(n) => {
            let short = n.strip_prefix("tourglyph-").unwrap_or(n);
            match cmd.find_subcommand(short) {
                Some(sub) => sub.clone(),
                None => {
                    let names: Vec<&str> = cmd.get_subcommands().map(|s| s.get_name()).collect();
                    return Err(Error::usage(format!(
                        "no manual page '{n}': name a command ({}), or none for the main page",
                        names.join(", ")
                    )));
                }
            }
        }
    };
    let mut out = tourglyph::output::stdout();
    out.write_all(roff(&page)?.as_bytes())?;
    out.commit()
}

/// The page of `cmd`: clap_mangen's sections but its EXTRA (the help's examples, which
/// it fills and wraps mid-command), then EXAMPLES, one command a line, and EXIT STATUS.
fn roff(cmd: &clap::Command) -> Result<String> {
    // The footer's source names the program and version on every page (a command alone
    // has no version of its own).
    let man = clap_mangen::Man::new(cmd.clone())
        .source(format!("tourglyph {}", env!("CARGO_PKG_VERSION")));
    let mut w: Vec<u8> = Vec::new();
    man.render_title(&mut w)?;
    man.render_name_section(&mut w)?;
    man.render_synopsis_section(&mut w)?;
    man.render_description_section(&mut w)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut w)?;
    }
    if cmd.get_subcommands().any(|s| !s.is_hide_set()) {
        man.render_subcommands_section(&mut w)?;
    }
    let mut page = String::from_utf8_lossy(&w).into_owned();
    let examples = examples(cmd);
    if !examples.is_empty() {
        page.push_str(".SH EXAMPLES\n.nf\n");
        for e in examples {
            page.push_str(&escape(&e));
            page.push('\n');
        }
        page.push_str(".fi\n");
    }
    page.push_str(".SH \"EXIT STATUS\"\n");
    for (status, fault) in EXIT_STATUS {
        page.push_str(&format!(
            ".TP\n\\fB{}\\fR\n{}\n",
            status,
            escape(&fault.replace('`', ""))
        ));
    }
    if cmd.get_version().is_some() {
        let mut w: Vec<u8> = Vec::new();
        man.render_version_section(&mut w)?;
        page.push_str(&String::from_utf8_lossy(&w));
    }
    Ok(page)
}

/// The example commands of a command's help (the lines after `Examples:`), each whole.
pub fn examples(cmd: &clap::Command) -> Vec<String> {
    let Some(help) = cmd.get_after_help() else {
        return vec![];
    };
    help.to_string()
        .lines()
        .skip_while(|l| !l.starts_with("Example"))
        .skip(1)
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// Text as a roff line: backslashes and hyphens escaped, a leading control character
/// made plain.
fn escape(text: &str) -> String {
    let s = text.replace('\\', "\\e").replace('-', "\\-");
    if s.starts_with(['.', '\'']) {
        format!("\\&{s}")
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_have_whole_examples_and_the_exit_statuses() {
        let mut cmd = Cli::command();
        cmd.build();
        let render = cmd.find_subcommand("render").unwrap();
        let page = roff(render).unwrap();
        assert!(!page.contains("EXTRA"), "{page}");
        let ex = page.split(".SH EXAMPLES\n.nf\n").nth(1).unwrap();
        let ex = ex.split(".fi\n").next().unwrap();
        assert_eq!(
            ex.lines().next().unwrap(),
            "tourglyph render \\-\\-board 6x6 \\-o poster.pdf"
        );
        assert_eq!(ex.lines().count(), examples(render).len());
        let status = page.split(".SH \"EXIT STATUS\"\n").nth(1).unwrap();
        assert_eq!(status.matches(".TP\n").count(), EXIT_STATUS.len());
        assert!(status.contains("\\fB2\\fR\nFlags missing"), "{status}");
        assert_eq!(escape(".x \\ -"), "\\&.x \\e \\-");
    }
}
