//! The `tourglyph` binary: parse, run, map errors to exit codes (0 success, 1 runtime
//! failure, 2 usage error; a broken pipe exits 0 quietly; SIGINT 130, SIGTERM 143 and
//! SIGHUP 129, after removing the output files still being written).

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    on_signals_remove_partial_outputs();
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

/// A thread that waits for SIGINT, SIGTERM or SIGHUP, removes the temporary files of the
/// outputs being written and exits with 128 + the signal number, as a shell reports it.
fn on_signals_remove_partial_outputs() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return; // without the handler, the default action still leaves no target file
    };
    std::thread::spawn(move || {
        if let Some(sig) = signals.forever().next() {
            tourglyph::output::abandon_pending(128 + sig);
        }
    });
}
