//! `tourglyph styles [NAME]`: the built-in styles, one a line with what each looks like, or one of them as TOML with
//! every key (given back as `--style FILE`, it draws the same bytes).

use tourglyph::layout::style::{BUILTIN, Style, nearest_builtin, summary};
use tourglyph::output::write_file;
use tourglyph::{Error, Result};

/// Run `styles`.
pub fn run(name: Option<&str>) -> Result<()> {
    let text = match name {
        None => {
            // Each name, and what it looks like.
            let width = BUILTIN.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
            let mut s = String::new();
            for (n, src) in BUILTIN {
                s.push_str(&format!("{n:width$}  {}\n", summary(src)));
            }
            s
        }
        Some(n) => {
            if !BUILTIN.iter().any(|(b, _)| *b == n) {
                let names: Vec<&str> = BUILTIN.iter().map(|(b, _)| *b).collect();
                return Err(Error::usage(format!(
                    "unknown style '{n}'{}: the built-in styles are {}",
                    nearest_builtin(n),
                    names.join(", ")
                )));
            }
            Style::resolve(n)?.to_toml()
        }
    };
    write_file(
        std::path::Path::new("-"),
        text.as_bytes(),
        Default::default(),
    )
}
