//! The binary's command layer: parse flags into plain data ([`args`]; the request table's
//! flags from the table itself, [`keys`]), translate them into the library's requests and
//! call its jobs ([`tourglyph::job`], one module per command), report the files written,
//! map errors to exit codes.
//!
//! One convention for every command: data on stdout; on stderr, progress bars (on a
//! terminal), then a notice naming the files a command wrote (`tourglyph: wrote 3 files:
//! t.ttf, t.json, t.pdf`; a gallery, a line per gallery and one for its index), both
//! silenced by the global `-q/--quiet`; warnings and errors always.

pub mod args;
mod common;
mod count;
mod find;
mod font;
mod gallery;
mod glyph;
mod keys;
mod list;
mod man;
mod offer;
mod plot_stats;
mod render;
mod serve;
mod shape;
mod slide;
mod styles;

use args::{Cli, Command};
use std::path::Path;
use tourglyph::Result;
use tourglyph::output::write_file;

/// Run one parsed command line.
pub fn run(cli: Cli) -> Result<()> {
    tourglyph::job::set_max_memory(cli.max_memory.as_deref())?;
    let quiet = cli.quiet;
    if !quiet {
        tourglyph::job::set_notices(|msg| eprintln!("tourglyph: {msg}"));
    }
    match cli.command {
        Command::Count(a) => count::run(a, quiet),
        Command::List(a) => list::run(a, quiet),
        Command::Render(a) => render::run(a, quiet),
        Command::Glyph(a) => glyph::run(a, quiet),
        Command::Find(a) => find::run(a, quiet),
        Command::Slide(a) => slide::run(a, quiet),
        Command::Gallery(a) => gallery::run(a, quiet),
        Command::Serve(a) => serve::run(a, cli.max_memory.as_deref()),
        Command::Font(a) => font::run(a, quiet),
        Command::Shape(a) => shape::run(a, quiet),
        Command::PlotStats(a) => plot_stats::run(a),
        Command::Styles { name } => styles::run(name.as_deref()),
        Command::Completions { shell } => {
            // Into memory first: clap_complete panics on a failed write (a closed pipe).
            let mut cmd = <Cli as clap::CommandFactory>::command();
            let mut buf = Vec::new();
            clap_complete::generate(shell, &mut cmd, "tourglyph", &mut buf);
            write_file(Path::new("-"), &buf, Default::default())
        }
        Command::Man { page } => man::run(page.as_deref()),
    }
}
