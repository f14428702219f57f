//! `tourglyph man [COMMAND]`: the manual page of tourglyph, or of one of its commands
//! (`tourglyph-render(1)` and the others its SEE ALSO list names), in roff (clap_mangen).

use super::args::Cli;
use clap::CommandFactory;
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
    // The footer's source names the program and version on every page (a command alone
    // has no version of its own).
    clap_mangen::Man::new(page)
        .source(format!("tourglyph {}", env!("CARGO_PKG_VERSION")))
        .render(&mut out)?;
    out.commit()
}
