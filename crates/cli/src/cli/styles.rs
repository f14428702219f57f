//! `tourglyph styles [NAME]`: the built-in styles, one a line, or one of them as TOML with
//! every key (given back as `--style FILE`, it draws the same bytes).

use tourglyph::layout::style::{BUILTIN, Style};
use tourglyph::output::write_file;
use tourglyph::{Error, Result};

/// Run `styles`.
pub fn run(name: Option<&str>) -> Result<()> {
    let text = match name {
        None => {
            let mut s = String::new();
            for (n, _) in BUILTIN {
                s.push_str(n);
                s.push('\n');
            }
            s
        }
        Some(n) => {
            if !BUILTIN.iter().any(|(b, _)| *b == n) {
                let names: Vec<&str> = BUILTIN.iter().map(|(b, _)| *b).collect();
                return Err(Error::usage(format!(
                    "unknown style '{n}': the built-in styles are {}",
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
