//! `count --modulus P`, `count --plan-moduli` and `count --combine FILES…`: a count
//! spread over many machines as independent residues
//! ([`tourglyph_engine::count::crt`]).
//!
//! A residue is of the set of tours the selection flags name (piece, board, closed or
//! open, torus, symmetry, classes, non-crossing), and its line names that set
//! ([`ResidueSet`]), so that `--combine` joins residues of the set asked for only.

use super::counters::{default_width, ticker};
use super::limits::budget;
use super::request::{Progress, Resolved, Silent, Spec, explain_impossible};
use super::source::{count_plain, count_with, resolve};
use crate::describe;
use num_bigint::BigUint;
use std::io::Write;
use std::path::PathBuf;
use tourglyph_core::{Board, Error, Result};
use tourglyph_engine::count::crt::{ResidueSet, Width};
use tourglyph_engine::count::{modular, torus};
use tourglyph_engine::{count::crt, count::crt::Modulus, count::crt::Residue};

/// A count as residues, as `count`'s flags give it: exactly one of `modulus`,
/// `plan_moduli` and `combine` asks for something.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResidueRequest {
    /// What to count: the set of tours its selection flags name.
    pub spec: Spec,
    /// Count even when the estimate says it cannot finish in reasonable time.
    pub force: bool,
    /// The count modulo P, as written (2 to 2^64, `2^64` for wrapping sums).
    pub modulus: Option<String>,
    /// The moduli whose residues determine the count of closed rook tours.
    pub plan_moduli: bool,
    /// Residue files (the JSON lines of `modulus` with `json`) to rebuild the count from.
    pub combine: Vec<PathBuf>,
    /// A residue as its JSON line (for `combine`), the planned moduli or a combined
    /// count as JSON.
    pub json: bool,
    /// Bits of each word's residue (16, 32 or 64; `--residue-bits`): for `modulus`, the
    /// narrowest holding P when `None`; for `plan_moduli`, the widest whose count fits
    /// the memory budget when `None`.
    pub residue_bits: Option<u32>,
}

/// The set of tours `r` asks for, as a residue line names it.
fn set_of(r: &Resolved) -> ResidueSet {
    ResidueSet {
        piece: r.graph.piece().name().to_string(),
        board: r.graph.board().to_string(),
        closed: r.kind.is_closed(),
        torus: r.graph.topology().is_torus(),
        symmetry: r.query.symmetry,
        classes: r.query.classes,
        non_crossing: r.query.non_crossing,
    }
}

/// A set in words, "the rot180-symmetric tours of the closed rook tours of 6×6" (the
/// board as written when it does not read as one).
fn words(set: &ResidueSet) -> String {
    match set.board.parse::<Board>() {
        Ok(board) => describe::TourSet {
            piece: set.piece.clone(),
            board,
            torus: set.torus,
            closed: set.closed,
            total: None,
            classes: set.classes,
            non_crossing: set.non_crossing,
            symmetry: set.symmetry,
        }
        .set(),
        Err(_) => format!("the tours of the board '{}'", set.board),
    }
}

/// True for the set the dense modular counter counts: every closed rook tour of the
/// plane (the plan says which tours those are: one home for "which engine counts what").
fn plain_closed_rook(r: &Resolved) -> bool {
    tourglyph_engine::count::plan::closed_rook(&r.graph, r.kind)
        && !r.graph.topology().is_torus()
        && r.query.symmetry.is_none()
        && !r.query.classes
        && !r.query.non_crossing
}

/// Answer `req` on `out` (one line a residue, modulus or count); progress and notices
/// (why a board has no tour, which set a residue is of) go to `progress`.
pub fn residues(req: &ResidueRequest, out: &mut dyn Write, progress: &dyn Progress) -> Result<()> {
    let r = resolve(&req.spec, None)?;
    let set = set_of(&r);
    if r.query.symmetry.is_some() && r.query.non_crossing && !r.query.classes {
        return Err(Error::usage(
            "--symmetry with --non-crossing has no count of its own (`count` gives each \
             apart): give the residue flags one of them, or add --classes",
        ));
    }
    let width = req.residue_bits.map(Width::from_bits).transpose()?;
    if let Some(m) = &req.modulus {
        let m = Modulus::parse(m)?;
        let residue = residue_of(&r, req, m, width, progress)?;
        if req.json {
            let line = Residue {
                set,
                modulus: m,
                residue,
            };
            writeln!(out, "{}", line.to_json())?;
        } else {
            // The number alone on stdout, as `count` prints its count; the set on stderr.
            writeln!(out, "{residue}")?;
            progress.note(&format!("the count of {} modulo {m}", words(&set)));
        }
        return Ok(());
    }
    // `--classes --combine FILES`: the total from the files, the fixed counts here.
    let classes_of_total = r.query.classes && !req.combine.is_empty();
    let closed_rook = tourglyph_engine::count::plan::closed_rook(&r.graph, r.kind);
    if !closed_rook {
        return Err(Error::usage(format!(
            "--plan-moduli and --combine are for closed rook tours, of the plane or the torus \
             (the bound that decides the moduli is theirs), not {}; --modulus P gives the \
             residue of any set",
            words(&set)
        )));
    }
    if r.query.non_crossing {
        return Err(Error::usage(
            "--plan-moduli and --combine count all closed rook tours (none crosses itself): \
             drop --non-crossing",
        ));
    }
    if r.query.classes && !classes_of_total {
        return Err(Error::usage(
            "--plan-moduli plans the count of all tours: drop --classes (--classes \
             --combine FILES takes the total from the files and counts the classes here)",
        ));
    }
    let board = r.graph.board();
    let torus = r.graph.topology().is_torus();
    if classes_of_total && (torus || r.query.symmetry.is_some()) {
        return Err(Error::usage(
            "--classes --combine counts the classes of the closed rook tours of the plane \
             from their total: drop --torus and --symmetry",
        ));
    }
    // A proven bound on the count: the tours a symmetry fixes are some of them.
    let need = if torus {
        torus::need(board)
    } else {
        crt::need(board)
    };
    if req.plan_moduli {
        // The dense counter's width where it counts the residues; 64 bits otherwise
        // (the other sets reduce an exact count: any modulus does).
        let width = width.unwrap_or_else(|| {
            if plain_closed_rook(&r) {
                default_width(board)
            } else {
                Width::W64
            }
        });
        let moduli = crt::plan_need(need, width);
        if req.json {
            let list: Vec<String> = moduli.iter().map(|m| format!("\"{m}\"")).collect();
            writeln!(
                out,
                "{{{},\"moduli\":[{}]}}",
                set.json_members(),
                list.join(",")
            )?;
        } else {
            for m in moduli {
                writeln!(out, "{m}")?;
            }
        }
        return Ok(());
    }
    // The lines must be of the set asked for (with --classes, of all the tours).
    let want = ResidueSet {
        classes: false,
        ..set.clone()
    };
    let mut lines = Vec::new();
    for path in &req.combine {
        let text = std::fs::read_to_string(path).map_err(|e| Error::file(path, e))?;
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let at = format!("{}:{}", path.display(), i + 1);
            let residue = Residue::parse(line, &at)?;
            if residue.set != want {
                let hint = if residue.set.classes {
                    " (--classes --combine takes residues of all the tours, counted \
                     without --classes)"
                } else {
                    ""
                };
                return Err(Error::usage(format!(
                    "{at}: a residue of {}, not of {} asked for: combine residues of one set, \
                     each counted with the same flags{hint}",
                    words(&residue.set),
                    words(&want)
                )));
            }
            lines.push(residue);
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
    let count = crt::combine_need(board, need, &lines)?;
    if classes_of_total {
        let c = super::counters::classes_of_total(&r, count, req.force, width, progress)?;
        let text = if req.json { c.json() } else { c.text() };
        out.write_all(text.as_bytes())?;
        return Ok(());
    }
    if req.json {
        writeln!(
            out,
            "{{{},\"tours\":{count},\"tours_text\":\"{count}\"}}",
            want.json_members()
        )?;
    } else {
        writeln!(out, "{count}")?;
    }
    Ok(())
}

/// The count of `r`'s set modulo `m`: all closed rook tours of the plane by the dense
/// counter with residues of `width`, any other set by its exact count.
fn residue_of(
    r: &Resolved,
    req: &ResidueRequest,
    m: Modulus,
    width: Option<Width>,
    progress: &dyn Progress,
) -> Result<u64> {
    let reduce = |n: &BigUint| -> u64 {
        u64::try_from(n % m.value()).expect("a residue is below its modulus, at most 2^64")
    };
    if !plain_closed_rook(r) {
        if r.query.symmetry.is_none() && !r.query.classes && !r.query.non_crossing {
            // A plain count of another piece or kind, or of the torus.
            if explain_impossible(r, progress) {
                return Ok(0);
            }
            if !r.graph.topology().is_torus() {
                let n = count_plain(&r.graph, r.kind, req.force, &Silent)?;
                return Ok(reduce(&BigUint::from(n)));
            }
        }
        // The figure of the set in the count job's answer.
        let c = count_with(&req.spec, req.force, req.residue_bits, progress)?;
        let figure = if let Some((classes, _)) = &c.classes {
            classes
        } else if let Some((_, fixed)) = &c.symmetric {
            fixed
        } else {
            // Closed rook tours never cross: then the count has no separate figure.
            c.selected.as_ref().unwrap_or(&c.tours)
        };
        return Ok(reduce(figure));
    }
    if explain_impossible(r, progress) {
        return Ok(0);
    }
    let board = r.graph.board();
    let width = width.unwrap_or_else(|| Width::narrowest(m));
    modular::check_width(board)?;
    width.check(m)?;
    let (seconds, bytes) = modular::estimate_width(board, width);
    budget(req.force).check(
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
