//! `list --symmetry rot90` beyond the boards the diagram walks: the quarter-turn-symmetric
//! tours found directly ([`crate::engine::quarter`]), numbered by their own order
//! (`index`, sorted by the ID rule); `--range`, `--shard`, `--limit` and `--sample` refer
//! to that order, and the global `id` is printed too when the full diagram can be built.

use super::{Pick, Progress, Resolved, budget};
use crate::engine::frontier::Zdd;
use crate::engine::quarter::quarter_turn_tours;
use crate::sample::Sampler;
use crate::symmetric::Symmetry;
use crate::{Result, TourKind};
use std::fmt::Write as _;
use std::io::Write;

/// Boards with more cells than this list quarter-turn-symmetric tours directly (smaller
/// ones filter the diagram's walk, which takes under a second there).
pub const DIRECT_FROM_CELLS: usize = 64;

/// Search steps allowed without `--force` (about a minute).
const MAX_NODES: u64 = 2_000_000_000;

/// Global IDs are looked up when the board has at most this many cells (12×12: a
/// diagram of 1.7 M nodes, a second); beyond, building it takes longer than the search.
const ID_CELLS: usize = 144;

/// True when `list` should take this path.
pub fn applies(r: &Resolved) -> bool {
    let g = &r.graph;
    r.query.symmetry == Some(Symmetry::Rot90)
        && r.kind == TourKind::Closed
        && g.piece().leaps() == [(0, 1)]
        && !g.topology().is_torus()
        && !r.query.classes
        && g.board().cells() > DIRECT_FROM_CELLS
}

/// Run `list` on the directly found tours.
pub fn list(
    sel: &Pick,
    json: bool,
    mut r: Resolved,
    out: &mut dyn Write,
    progress: &dyn Progress,
) -> Result<()> {
    let board = r.graph.board();
    if let Some(why) = Symmetry::Rot90.why_none(board) {
        progress.note(&why);
        return Ok(());
    }
    let nodes = if sel.force { u64::MAX } else { MAX_NODES };
    let tours = quarter_turn_tours(&r.graph, nodes)?;
    let total = tours.len() as u128;
    r.fix_range(total);
    let g = &r.graph;
    let zdd = if board.cells() <= ID_CELLS {
        Zdd::build_with_budget(g, TourKind::Closed, &budget(false)).ok()
    } else {
        None
    };
    let picks: Vec<usize> = match (sel.sample, &r.query.range) {
        (Some(k), _) if total > 0 => {
            let mut s = Sampler::new(sel.seed);
            (0..k).map(|_| s.below(total) as usize).collect()
        }
        (Some(_), _) => Vec::new(),
        (None, Some(rg)) => (rg.start.min(total) as usize..rg.end.min(total) as usize).collect(),
        (None, None) => (0..tours.len()).collect(),
    };
    let limit = r.query.limit.map_or(usize::MAX, |l| l as usize);
    for &i in picks.iter().take(limit) {
        let t = &tours[i];
        t.validate(g)?;
        let id = zdd.as_ref().and_then(|z| z.rank(&t.edges));
        let cells = t.cells(g);
        let mut s = String::new();
        if json {
            write!(s, "{{\"index\":{i}").unwrap();
            if let Some(id) = id {
                write!(s, ",\"id\":{id}").unwrap();
            }
            s.push_str(",\"cells\":[");
            for (k, &c) in cells.iter().enumerate() {
                let (row, col) = board.coords(c);
                if k > 0 {
                    s.push(',');
                }
                write!(s, "[{row},{col}]").unwrap();
            }
            s.push_str("]}\n");
        } else {
            write!(s, "{i}").unwrap();
            if let Some(id) = id {
                write!(s, " (id {id})").unwrap();
            }
            s.push(':');
            for &c in &cells {
                s.push(' ');
                s.push_str(&board.algebraic(c));
            }
            s.push('\n');
        }
        out.write_all(s.as_bytes())?;
    }
    Ok(out.flush()?)
}
