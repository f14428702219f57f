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
    let mut spec = a.spec.0;
    spec.shape = a.shape.0;
    if spec.shape.given()
        && (a.modulus.is_some()
            || a.plan_moduli
            || a.residue_bits.is_some()
            || !a.combine.is_empty())
    {
        return Err(tourglyph::Error::usage(
            "--modulus, --plan-moduli, --combine and --residue-bits count a board's tours: drop them with --shape",
        ));
    }
    if a.modulus.is_some() || a.plan_moduli || !a.combine.is_empty() {
        let req = ResidueRequest {
            spec,
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
    let text = tourglyph::job::count::answer(&spec, a.force, a.residue_bits, a.json, &bar)?;
    out.write_all(text.as_bytes())?;
    out.commit()
}
