//! The `tourglyph` binary: parse, run, map errors to exit codes (0 success, 1 runtime
//! failure, 2 usage error; a broken pipe exits 0 quietly).

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let parsed = match cli::args::Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            // clap prints help/version to stdout (exit 0) and usage errors to stderr (2).
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match cli::run(parsed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tourglyph: {e:#}");
            ExitCode::from(if e.is_usage() { 2 } else { 1 })
        }
    }
}
