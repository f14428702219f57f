//! `tourglyph serve`: a thin caller of the explorer server (`crate::serve`, behind the
//! cargo feature `serve`, on by default). A binary built without it keeps the command,
//! its flags and its manual page, and answers it with a usage error saying so.

use super::args::ServeArgs;
use tourglyph::Result;

/// Run `serve` in a binary built without the server: a usage error saying so.
#[cfg(not(feature = "serve"))]
pub fn run(_: ServeArgs, _: Option<&str>) -> Result<()> {
    Err(tourglyph::Error::usage(
        "serve: this binary was built without the explorer server (the cargo feature `serve`, on by default): rebuild it with the feature, e.g. cargo build --release -p tourglyph-cli --features serve",
    ))
}

/// Run `serve`: the URL on stdout once it listens; a warning on stderr when the address
/// lets other machines in.
#[cfg(feature = "serve")]
pub fn run(a: ServeArgs, max_memory: Option<&str>) -> Result<()> {
    use crate::{serve::ServeOptions, serve::address};
    use std::io::Write;
    let cache = match &a.cache {
        Some(c) => crate::serve::parse_cache(c)?,
        None => tourglyph::job::glyph::DEFAULT_CACHE_BYTES,
    };
    // `--max-memory` (a global flag) bounds the whole server here.
    let memory = match &max_memory {
        Some(m) => tourglyph::budget::parse_size(m)?,
        None => crate::serve::default_memory(),
    };
    let opts = ServeOptions {
        bind: a.bind,
        port: a.port,
        cache,
        memory,
    };
    crate::serve::check(&opts)?;
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
#[cfg(feature = "serve")]
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
