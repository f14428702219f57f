//! The binary's command layer: parse flags into plain data ([`args`]), resolve them into
//! library objects and run (one module per command), map errors to exit codes.

pub mod args;
mod common;
mod count;
mod find;
mod gallery;
mod glyph;
mod list;
mod render;
mod slide;

use args::{Cli, Command};
use tourglyph::Result;

/// Run one parsed command line.
pub fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Count(a) => count::run(a),
        Command::List(a) => list::run(a),
        Command::Render(a) => render::run(a),
        Command::Glyph(a) => glyph::run(a),
        Command::Find(a) => find::run(a),
        Command::Slide(a) => slide::run(a),
        Command::Gallery(a) => gallery::run(a),
        Command::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut cmd, "tourglyph", &mut std::io::stdout());
            Ok(())
        }
        Command::Man => {
            let cmd = <Cli as clap::CommandFactory>::command();
            let mut out = std::io::stdout().lock();
            clap_mangen::Man::new(cmd).render(&mut out)?;
            std::io::Write::flush(&mut out)?;
            Ok(())
        }
    }
}
