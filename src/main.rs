//! The `tourglyph` binary: parse, run, map errors to exit codes (0 success, 1 runtime
//! failure, 2 usage error; a broken pipe exits 0 quietly; SIGINT 130, SIGTERM 143 and
//! SIGHUP 129, after removing the output files still being written; `serve` stops
//! cleanly on SIGINT and SIGTERM and exits 0).

#![forbid(unsafe_code)]

mod cli;
#[cfg(feature = "serve")]
mod serve;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    tourglyph::budget::keep_freed_memory();
    let parsed = match cli::args::Cli::try_parse() {
        Ok(c) => c,
        Err(e)
            if e.use_stderr()
                && e.kind() != clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand =>
        {
            eprintln!("tourglyph: {}", fold_clap_error(&e));
            return ExitCode::from(2);
        }
        Err(e) => {
            // Help and version on stdout (0); the help for a bare `tourglyph` on stderr (2).
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    // `serve` stops on SIGINT and SIGTERM itself, after the requests in flight.
    if !matches!(parsed.command, cli::args::Command::Serve(_)) {
        on_signals_remove_partial_outputs();
    }
    match cli::run(parsed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            // A failed command leaves no empty folder that its --mkdir made.
            tourglyph::output::remove_made_folders();
            eprintln!("tourglyph: {e:#}");
            ExitCode::from(e.exit_status())
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

/// A clap usage error on one line: its message (lines up to `Usage:`, tips dropped,
/// joined), the name clap suggests for a mistyped one, and where to read more, e.g. `the following required arguments were not
/// provided: --board <BOARD> (see 'tourglyph count --help')`.
fn fold_clap_error(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let text = e.render().to_string();
    // A value the key table's own parser refused (a board, a piece, a symmetry: an error
    // with no clap context) says the fix itself, as it does at the other front doors.
    if e.kind() == ErrorKind::ValueValidation && e.get(ContextKind::InvalidArg).is_none() {
        let line = text.lines().next().unwrap_or_default();
        return line.strip_prefix("error: ").unwrap_or(line).to_string();
    }
    let parts: Vec<&str> = text
        .lines()
        .take_while(|l| !l.starts_with("Usage:"))
        .map(str::trim)
        .filter(|l| !(l.is_empty() || l.starts_with("tip:") || l.starts_with("For more")))
        .collect();
    let msg = parts.join(" ");
    let msg = msg.strip_prefix("error: ").unwrap_or(&msg);
    // clap's own suggestion (its tip, dropped above), as every refusal gives it.
    let near = [
        ContextKind::SuggestedArg,
        ContextKind::SuggestedSubcommand,
        ContextKind::SuggestedValue,
    ]
    .into_iter()
    .find_map(|k| match e.get(k) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) => v.last().cloned(),
        _ => None,
    });
    let msg = match near {
        Some(n) => format!("{msg} (did you mean '{n}'?)"),
        None => msg.to_string(),
    };
    let cmd = <cli::args::Cli as clap::CommandFactory>::command();
    let sub = std::env::args()
        .skip(1)
        .find(|a| cmd.get_subcommands().any(|s| s.get_name() == a.as_str()));
    match sub {
        Some(s) => format!("{msg} (see 'tourglyph {s} --help')"),
        None => format!("{msg} (see 'tourglyph --help')"),
    }
}
