//! `tourglyph count`: a thin caller of [`tourglyph::job::count`]; counts spread over many
//! machines as residues ([`residues`]).

mod residues;

use super::args::CountArgs;
use super::common::{Bar, spec};
use std::io::Write;
use tourglyph::Result;
use tourglyph::job::count::plain_count;

/// Run `count`.
pub fn run(a: CountArgs, quiet: bool) -> Result<()> {
    if a.modulus.is_some() || a.plan_moduli || !a.combine.is_empty() {
        return residues::run(&a, quiet);
    }
    let bar = Bar::steps(quiet, "counting");
    let c = tourglyph::job::count::count(&spec(&a.spec), a.force, &bar)?;
    let mut out = tourglyph::output::stdout();
    let text = if a.json { c.json() } else { c.text() };
    out.write_all(text.as_bytes())?;
    out.commit()
}
