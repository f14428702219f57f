//! `count --modulus P`, `count --plan-moduli` and `count --combine FILES…`: a count
//! spread over many machines as independent residues
//! ([`tourglyph_engine::count::crt`]).

use super::count::{plain_count, ticker};
use super::{Progress, Resolved, Silent, Spec, budget, explain_impossible, resolve};
use std::io::Write;
use std::path::PathBuf;
use tourglyph_core::{Error, Result};
use tourglyph_engine::count::crt::Width;
use tourglyph_engine::count::modular;
use tourglyph_engine::{count::crt, count::crt::Modulus, count::crt::Residue};

/// A count as residues, as `count`'s flags give it: exactly one of `modulus`,
/// `plan_moduli` and `combine` asks for something.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResidueRequest {
    /// What to count (all tours: no classes, no crossing filter).
    pub spec: Spec,
    /// Count even when the estimate says it cannot finish in reasonable time.
    pub force: bool,
    /// The count modulo P, as written (2 to 2^64, `2^64` for wrapping sums).
    pub modulus: Option<String>,
    /// The moduli whose residues determine the count of closed rook tours.
    pub plan_moduli: bool,
    /// Residue files (the JSON lines of `modulus` with `json`) to rebuild the count from.
    pub combine: Vec<PathBuf>,
    /// A residue as its JSON line (for `combine`), a combined count as JSON.
    pub json: bool,
    /// Bits of each word's residue (16, 32 or 64; `--residue-bits`): for `modulus`, the
    /// narrowest holding P when `None`; for `plan_moduli`, the widest whose count fits
    /// the memory budget when `None`.
    pub residue_bits: Option<u32>,
}

/// Answer `req` on `out` (one line a residue, modulus or count); progress and notices
/// (why a board has no tour) go to `progress`.
pub fn residues(req: &ResidueRequest, out: &mut dyn Write, progress: &dyn Progress) -> Result<()> {
    let r = resolve(&req.spec, None)?;
    // `--classes --combine FILES`: the total from the files, the fixed counts here.
    let classes_of_total = req.spec.classes && !req.combine.is_empty() && req.modulus.is_none();
    if (req.spec.classes && !classes_of_total) || req.spec.non_crossing {
        return Err(Error::usage(
            "--modulus and --plan-moduli count all tours: drop --classes and --non-crossing \
             (--classes works with --combine: the total from the files, the fixed counts here)",
        ));
    }
    // Closed rook tours count by the dense counter modulo m; the plan says which tours
    // those are (one home for "which engine counts what").
    let rook_closed = tourglyph_engine::count::plan::closed_rook(&r.graph, r.kind);
    let width = req.residue_bits.map(Width::from_bits).transpose()?;
    if let Some(m) = &req.modulus {
        let m = Modulus::parse(m)?;
        let width = width.unwrap_or_else(|| Width::narrowest(m));
        let residue = residue_of(&r, rook_closed, m, width, req.force, progress)?;
        if req.json {
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
        return Ok(());
    }
    if !rook_closed {
        return Err(Error::usage(
            "--plan-moduli and --combine are for closed rook tours (the bound that decides \
             the moduli is theirs); --modulus P works for every piece",
        ));
    }
    let board = r.graph.board();
    if req.plan_moduli {
        let width = width.unwrap_or_else(|| super::count::default_width(board));
        for m in crt::plan_width(board, width) {
            writeln!(out, "{m}")?;
        }
        return Ok(());
    }
    let mut lines = Vec::new();
    for path in &req.combine {
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
    if classes_of_total && !tourglyph_engine::count::classes::applies(board) {
        return Err(Error::usage(format!(
            "--classes with --combine counts the fixed tours of square boards of even side from \
             {} to {} on the dense counter, not {board}: count the classes of {board} without \
             --combine",
            tourglyph_engine::count::classes::DENSE_CLASSES_FROM,
            modular::MAX_WIDTH
        )));
    }
    let count = crt::combine(board, &lines)?;
    if classes_of_total {
        let c = super::count::classes_of_total(&r, count, req.force, width, progress)?;
        let text = if req.json { c.json() } else { c.text() };
        out.write_all(text.as_bytes())?;
        return Ok(());
    }
    if req.json {
        writeln!(
            out,
            "{{\"piece\":\"rook\",\"board\":\"{board}\",\"closed\":true,\"tours\":{count}}}"
        )?;
    } else {
        writeln!(out, "{count}")?;
    }
    Ok(())
}

/// The count modulo `m`: closed rook tours by the dense counter with residues of `width`,
/// anything else by the exact count.
fn residue_of(
    r: &Resolved,
    rook_closed: bool,
    m: Modulus,
    width: Width,
    force: bool,
    progress: &dyn Progress,
) -> Result<u64> {
    if explain_impossible(r, progress) {
        return Ok(0);
    }
    let board = r.graph.board();
    if !rook_closed {
        let n = plain_count(&r.graph, r.kind, force, &Silent)?;
        return Ok(match m {
            Modulus::TwoTo64 => n as u64,
            Modulus::Int(p) => (n % u128::from(p)) as u64,
        });
    }
    modular::check_width(board)?;
    width.check(m)?;
    let (seconds, bytes) = modular::estimate_width(board, width);
    budget(force).check(
        &format!(
            "counting the closed rook tours of {board} modulo {m} ({}-bit residues)",
            width.bits()
        ),
        seconds,
        bytes,
    )?;
    let tick = ticker(progress);
    let v = modular::count_mod_width(board, m, width, Some(&tick))?;
    progress.end();
    Ok(v)
}
