//! `count --modulus P`, `count --plan-moduli` and `count --combine FILES…`: a count
//! spread over many machines as independent residues ([`tourglyph::engine::count::crt`]).

use super::super::args::CountArgs;
use super::super::common::{Resolved, budget, explain_impossible, progress_bar, resolve};
use super::plain_count;
use std::io::Write;
use tourglyph::engine::count::modular;
use tourglyph::{Error, Result};
use tourglyph::{engine::count::crt, engine::count::crt::Modulus, engine::count::crt::Residue};

/// Run `count` with one of the residue flags.
pub fn run(a: &CountArgs, quiet: bool) -> Result<()> {
    let r = resolve(&a.spec, None)?;
    if a.spec.classes || a.spec.non_crossing {
        return Err(Error::usage(
            "--modulus, --plan-moduli and --combine count all tours: drop --classes and --non-crossing",
        ));
    }
    let rook_closed = r.kind.is_closed() && r.graph.piece().is_rook();
    let mut out = tourglyph::output::stdout();
    if let Some(m) = &a.modulus {
        let m = Modulus::parse(m)?;
        let residue = residue_of(&r, rook_closed, m, a, quiet)?;
        if a.json {
            let line = Residue {
                piece: r.graph.piece().name().to_string(),
                board: r.graph.board().to_string(),
                modulus: m,
                residue,
            };
            writeln!(out, "{}", line.to_json())?;
        } else {
            writeln!(out, "{residue}")?;
        }
        return out.commit();
    }
    if !rook_closed {
        return Err(Error::usage(
            "--plan-moduli and --combine are for closed rook tours (the bound that decides \
             the moduli is theirs); --modulus P works for every piece",
        ));
    }
    let board = r.graph.board();
    if a.plan_moduli {
        for m in crt::plan(board) {
            writeln!(out, "{m}")?;
        }
        return out.commit();
    }
    let mut lines = Vec::new();
    for path in &a.combine {
        let text = std::fs::read_to_string(path).map_err(|e| Error::file(path, e))?;
        for (i, line) in text.lines().enumerate() {
            if !line.trim().is_empty() {
                lines.push(Residue::parse(
                    line,
                    &format!("{}:{}", path.display(), i + 1),
                )?);
            }
        }
    }
    let count = crt::combine(board, &lines)?;
    if a.json {
        writeln!(
            out,
            "{{\"piece\":\"rook\",\"board\":\"{board}\",\"closed\":true,\"tours\":{count}}}"
        )?;
    } else {
        writeln!(out, "{count}")?;
    }
    out.commit()
}

/// The count modulo `m`: closed rook tours by the dense counter, anything else by the
/// exact count.
fn residue_of(
    r: &Resolved,
    rook_closed: bool,
    m: Modulus,
    a: &CountArgs,
    quiet: bool,
) -> Result<u64> {
    if explain_impossible(r) {
        return Ok(0);
    }
    let board = r.graph.board();
    if !rook_closed {
        let n = plain_count(&r.graph, r.kind, a.force, &tourglyph::job::Silent)?;
        return Ok(match m {
            Modulus::TwoTo64 => n as u64,
            Modulus::Int(p) => (n % u128::from(p)) as u64,
        });
    }
    modular::check_width(board)?;
    let (seconds, bytes) = modular::estimate(board);
    budget(a.force).check(
        &format!("counting the closed rook tours of {board} modulo {m}"),
        seconds,
        bytes,
    )?;
    let pb = progress_bar(1, quiet, "counting");
    let tick = |done: usize, total: usize| {
        if let Some(pb) = &pb {
            pb.set_length(total as u64);
            pb.set_position(done as u64);
        }
    };
    let v = modular::count_mod(board, m, Some(&tick))?;
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    Ok(v)
}
