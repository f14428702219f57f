//! `tourglyph count`: a thin caller of [`tourglyph::job::count`], or of
//! [`tourglyph::job::residues`] for a count spread over many machines as residues.

use super::args::CountArgs;
use super::common::Bar;
use std::io::Write;
use tourglyph::Result;
use tourglyph::job::residues::ResidueRequest;

/// Run `count`.
pub fn run(a: CountArgs, quiet: bool) -> Result<()> {
    let mut out = tourglyph::output::stdout();
    if let Some(shape) = a.shape.request()? {
        if a.modulus.is_some() || a.plan_moduli || a.residue_bits.is_some() || !a.combine.is_empty()
        {
            return Err(tourglyph::Error::usage(
                "--modulus, --plan-moduli, --combine and --residue-bits count a board's tours: drop them with --shape",
            ));
        }
        let c = tourglyph::job::shape_board::count(&a.spec.0, &shape, a.force)?;
        out.write_all(if a.json { c.json() } else { c.text() }.as_bytes())?;
        return out.commit();
    }
    if a.modulus.is_some() || a.plan_moduli || !a.combine.is_empty() {
        let req = ResidueRequest {
            spec: a.spec.0,
            force: a.force,
            modulus: a.modulus,
            plan_moduli: a.plan_moduli,
            combine: a.combine,
            json: a.json,
            residue_bits: a.residue_bits,
        };
        tourglyph::job::residues::residues(&req, &mut out, &Bar::ids(quiet, "counting"))?;
        return out.commit();
    }
    let bar = Bar::steps(quiet, "counting");
    let c = tourglyph::job::count::count_with(&a.spec.0, a.force, a.residue_bits, &bar)?;
    let text = if a.json { c.json() } else { c.text() };
    out.write_all(text.as_bytes())?;
    out.commit()
}
