//! Boards of 3 or 4 rows (after turning the board so the short side is the rows).
//!
//! Three rows are too few for the edge exchange of [`super::grid`] across a vertical
//! border (no two knight moves of the two sides fit in two columns each), so these boards
//! grow by Schwenk's extension instead (A. J. Schwenk, "Which rectangular chessboards have
//! a knight's tour?", Mathematics Magazine 64, 1991, where 3×n tours are extended to
//! 3×(n+4)): an edge x–y in the last two columns is replaced by x → P → y, where P is a
//! Hamiltonian path of a new m×p block whose ends are a move from x and y; P contains the
//! same edge shifted by p columns, so the step repeats. The kit (the edge and P) is found
//! by exhaustive search on the tiny block at first use.
//!
//! A tour from a start square in the middle of a long strip uses a short block around the
//! start with an open tour from it (searched) holding the kit's edge on both sides, and
//! grows the strip both ways (the left way is the mirror image). A closed 3×n tour
//! (n even ≥ 10) is a closed 3×10 or 3×12 tour grown to the right. Linear time.

use super::failure::ConstructionFailure;
use super::links::Links;
use crate::{
    find::warnsdorff::Adj, find::warnsdorff::Outcome, find::warnsdorff::Problem,
    find::warnsdorff::TieBreak, find::warnsdorff::find_with_restarts,
    find::warnsdorff::search_with,
};
use std::sync::OnceLock;
use tourglyph_core::board::Board;
use tourglyph_core::piece::Piece;

/// The extension kit for m rows: one or two edges in the last two columns, each replaced
/// by a path through the new block (two paths cover the block between them).
#[derive(Clone, Debug)]
pub struct Kit {
    /// Width of the added block.
    pub width: u32,
    /// The edges, each as (row, columns back from the border: 0 or 1) for its ends x, y.
    pub edges: Vec<[(u32, u32); 2]>,
    /// For each edge, the path that replaces it: local cells of an m×width block
    /// (row-major), from the cell next to x to the cell next to y.
    pub paths: Vec<Vec<u32>>,
}

fn find_kit(m: u32) -> Option<Kit> {
    let moves = Piece::knight().moves();
    let km = |a: (i64, i64), b: (i64, i64)| moves.contains(&(b.0 - a.0, b.1 - a.1));
    let pt = |(r, back): (u32, u32)| (i64::from(r), -1 - i64::from(back));
    // Edges within the two columns before the border (columns -2, -1).
    let mut edges = Vec::new();
    for r1 in 0..m {
        for r2 in 0..m {
            for (b1, b2) in [(0u32, 1u32), (1, 0)] {
                if km(pt((r1, b1)), pt((r2, b2))) && (r1, b1) < (r2, b2) {
                    edges.push([(r1, b1), (r2, b2)]);
                }
            }
        }
    }
    // Edge sets: single edges, then disjoint pairs.
    let mut sets: Vec<Vec<[(u32, u32); 2]>> = edges.iter().map(|&e| vec![e]).collect();
    for i in 0..edges.len() {
        for j in i + 1..edges.len() {
            let (a, b) = (edges[i], edges[j]);
            if !a.iter().any(|x| b.contains(x)) {
                sets.push(vec![a, b]);
            }
        }
    }
    for p in 2..=8u32 {
        let b = Board::new(m, p);
        let adj = Adj::new(b, &moves);
        let inside = |v: u32| (i64::from(v / p), i64::from(v % p));
        let shifted = |(r, back): (u32, u32)| r * p + (p - 1 - back);
        let near = |x: (i64, i64)| -> Vec<u32> {
            (0..b.cells() as u32)
                .filter(|&v| km(x, inside(v)))
                .collect()
        };
        for set in &sets {
            let required: Vec<(u32, u32)> =
                set.iter().map(|e| (shifted(e[0]), shifted(e[1]))).collect();
            let ends: Vec<(Vec<u32>, Vec<u32>)> = set
                .iter()
                .map(|e| (near(pt(e[0])), near(pt(e[1]))))
                .collect();
            // Choices of (s, t) per edge.
            let mut choices: Vec<Vec<(u32, u32)>> = vec![vec![]];
            for (xs, ys) in &ends {
                let mut next = Vec::new();
                for c in &choices {
                    for &s in xs {
                        for &t in ys {
                            let used: Vec<u32> = c.iter().flat_map(|&(a, b)| [a, b]).collect();
                            if s != t && !used.contains(&s) && !used.contains(&t) {
                                let mut c2 = c.clone();
                                c2.push((s, t));
                                next.push(c2);
                            }
                        }
                    }
                }
                choices = next;
            }
            for c in choices {
                // Two paths s1…t1, s2…t2 are one path s1…t1 ⇢ s2…t2 over a virtual jump.
                let (graph, mut req, end) = if c.len() == 1 {
                    (None, required.clone(), c[0].1)
                } else {
                    let mut r = required.clone();
                    r.push((c[0].1, c[1].0));
                    (Some(adj.with_edge(c[0].1, c[1].0)), r, c[1].1)
                };
                req.sort_unstable();
                let prob = Problem {
                    board: b,
                    moves: moves.clone(),
                    start: c[0].0,
                    closed: false,
                    end: Some(end),
                    required: req,
                    tie: TieBreak::Roth,
                    budget: 1_000_000,
                };
                let out = search_with(&prob, graph.as_ref().unwrap_or(&adj)).outcome;
                if let Outcome::Found(path) = out {
                    let paths = if c.len() == 1 {
                        vec![path]
                    } else {
                        let k = path.iter().position(|&v| v == c[0].1).expect("jump") + 1;
                        vec![path[..k].to_vec(), path[k..].to_vec()]
                    };
                    // The jump must really be the split point.
                    if c.len() == 2 && paths[1].first() != Some(&c[1].0) {
                        continue;
                    }
                    return Some(Kit {
                        width: p,
                        edges: set.clone(),
                        paths,
                    });
                }
            }
        }
    }
    None
}

/// The kit for 3 or 4 rows (computed once).
pub fn kit(m: u32) -> Option<&'static Kit> {
    static KITS: [OnceLock<Option<Kit>>; 2] = [OnceLock::new(), OnceLock::new()];
    let i = match m {
        3 => 0,
        4 => 1,
        _ => return None,
    };
    KITS[i].get_or_init(|| find_kit(m)).as_ref()
}

/// Grow by `times` blocks. `right`: the edges sit in the two columns before `border` and
/// blocks go right; otherwise the mirror image (edges in the two columns from `border`,
/// blocks go left).
fn grow(links: &mut Links, kit: &Kit, mut border: u32, times: u32, right: bool) {
    let cols = links.board().cols;
    let p = kit.width;
    for _ in 0..times {
        for (e, path) in kit.edges.iter().zip(&kit.paths) {
            let cell = |(r, back): (u32, u32)| {
                r * cols
                    + if right {
                        border - 1 - back
                    } else {
                        border + back
                    }
            };
            let (x, y) = (cell(e[0]), cell(e[1]));
            let cells: Vec<u32> = path
                .iter()
                .map(|&v| {
                    (v / p) * cols
                        + if right {
                            border + v % p
                        } else {
                            border - 1 - v % p
                        }
                })
                .collect();
            links.insert_path(x, y, &cells);
        }
        if right {
            border += p;
        } else {
            border -= p;
        }
    }
}

/// Build a tour on a board of 3 or 4 rows: closed (3×n, n even ≥ 10) or open from
/// `start`. `Err` when the start block cannot be found (the caller then reports honestly).
pub fn build(
    board: Board,
    closed: bool,
    start: u32,
    tie: TieBreak,
) -> Result<Links, ConstructionFailure> {
    let (m, n) = (board.rows, board.cols);
    let kit = kit(m).ok_or_else(|| format!("no extension kit for {m} rows"))?;
    let p = kit.width;
    let sc = if closed { 0 } else { start % n };
    let moves = Piece::knight().moves();
    let seed = match tie {
        TieBreak::Seeded(s) => s,
        _ => 0,
    };
    // Candidate start blocks [c0, c0 + w0): both remainders multiples of p.
    let wmin = if closed { 10 } else { 5 };
    let mut plans = Vec::new();
    for k in (0..=sc / p).rev().take(3) {
        let c0 = if closed { 0 } else { k * p };
        for w0 in wmin..wmin + 3 * p {
            if c0 + w0 > n || c0 + w0 <= sc || (n - c0 - w0) % p != 0 {
                continue;
            }
            if closed && w0 % 2 == 1 {
                continue;
            }
            plans.push((c0, w0));
        }
        if closed {
            break;
        }
    }
    plans.sort_by_key(|&(c0, w0)| (w0, std::cmp::Reverse(c0)));
    plans.truncate(8);
    // A seed also picks the start block's size, for variety where a block has few tours.
    if seed != 0 && !plans.is_empty() {
        let k = (seed % plans.len() as u64) as usize;
        plans.rotate_left(k);
    }
    let mut last = String::from("no start block fits");
    for (c0, w0) in plans {
        let b = Board::new(m, w0);
        let adj = Adj::new(b, &moves);
        let mut required = Vec::new();
        for e in &kit.edges {
            if c0 + w0 < n {
                let cell = |(r, back): (u32, u32)| r * w0 + (w0 - 1 - back);
                required.push((cell(e[0]), cell(e[1])));
            }
            if c0 > 0 {
                let cell = |(r, back): (u32, u32)| r * w0 + back;
                required.push((cell(e[0]), cell(e[1])));
            }
        }
        let local = if closed {
            0
        } else {
            (start / n) * w0 + (sc - c0)
        };
        let prob = Problem {
            board: b,
            moves: moves.clone(),
            start: local,
            closed,
            end: None,
            required,
            tie,
            budget: 200_000,
        };
        let found = match find_with_restarts(&prob, &adj, 8, seed).outcome {
            Outcome::Found(t) => Some(t),
            _ if closed => {
                let mut q = prob.clone();
                q.tie = TieBreak::AwayFrom(local);
                q.budget = 2_000_000;
                match search_with(&q, &adj).outcome {
                    Outcome::Found(t) => Some(t),
                    _ => None,
                }
            }
            _ => None,
        };
        let Some(t) = found else {
            last = format!("no tour of the {m}x{w0} start block with the extension edges");
            continue;
        };
        let mut links = Links::new(board);
        let cells: Vec<u32> = t.iter().map(|&v| (v / w0) * n + c0 + v % w0).collect();
        links.add_walk(&cells, closed);
        grow(&mut links, kit, c0 + w0, (n - c0 - w0) / p, true);
        grow(&mut links, kit, c0, c0 / p, false);
        return Ok(links);
    }
    Err(last.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kits_exist() {
        for m in [3, 4] {
            let k = kit(m).expect("kit");
            let cells: usize = k.paths.iter().map(Vec::len).sum();
            assert_eq!(cells as u32, m * k.width);
            eprintln!("kit for {m} rows: {k:?}");
        }
    }
}
