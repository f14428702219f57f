//! `tourglyph serve`: a thin caller of [`crate::serve`].

use super::args::ServeArgs;
use crate::{serve::ServeOptions, serve::address};
use std::io::Write;
use tourglyph::Result;

/// Run `serve`: the URL on stdout once it listens; a warning on stderr when the address
/// lets other machines in.
pub fn run(a: ServeArgs) -> Result<()> {
    let cache = match &a.cache {
        Some(c) => crate::serve::parse_cache(c)?,
        None => tourglyph::job::glyph::DEFAULT_CACHE_BYTES,
    };
    let opts = ServeOptions {
        bind: a.bind,
        port: a.port,
        cache,
    };
    if let (_, Some(warning)) = address(&opts)? {
        eprintln!("tourglyph: warning: {warning}");
    }
    crate::serve::run(&opts, |url| {
        let mut out = std::io::stdout();
        let _ = writeln!(out, "{url}");
        let _ = out.flush();
        if a.browser {
            open_browser(url);
        }
    })
}

/// Open `url` in the default browser (`xdg-open`, or `open` on macOS); a failure is a
/// notice, not an error: the URL is printed anyway.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    let spawned = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = spawned {
        eprintln!("tourglyph: cannot open a browser ({opener}: {e}): open {url} yourself");
    }
}
