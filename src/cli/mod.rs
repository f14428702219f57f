//! The binary's command layer: parse flags into plain data ([`args`]), resolve them into
//! library objects and run (one module per command), map errors to exit codes.

pub mod args;
mod common;
mod count;
mod find;
mod font;
mod gallery;
mod glyph;
mod list;
mod man;
mod render;
mod slide;
mod split;
mod styles;
mod symmetric;
mod torus;

use args::{Cli, Command};
use std::path::Path;
use tourglyph::Result;
use tourglyph::output::write_file;

/// Run one parsed command line.
pub fn run(cli: Cli) -> Result<()> {
    common::set_max_memory(cli.max_memory.as_deref())?;
    match cli.command {
        Command::Count(a) => count::run(a),
        Command::List(a) => list::run(a),
        Command::Render(a) => render::run(a),
        Command::Glyph(a) => glyph::run(a),
        Command::Find(a) => find::run(a),
        Command::Slide(a) => slide::run(a),
        Command::Gallery(a) => gallery::run(a),
        Command::Font(a) => font::run(a),
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
