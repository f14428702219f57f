//! The states below a row boundary, for tour IDs by rows ([`super::ids`]).

use super::halves::{Cut, Swept, cut_steps, final_cuts, kept_order, turn};
use super::order::LeaperOrder;
use tourglyph_core::budget::Budget;
use tourglyph_core::error::{Error, Result};
use tourglyph_core::graph::LeapGraph;

/// The states below boundary `b` (at least two rows below it): the path systems of the
/// edges inside rows `>= b` that cover every cell of rows `>= b + 2` and leave their
/// path ends in rows `b` and `b + 1`, each as a cut over those two rows' cells (cell
/// `(b + r, c)` is index `r·cols + c`) with its count. Swept on the board turned half
/// round, whose top rows they are (a leaper's moves are the same turned), with the two
/// rows kept on the frontier to the end.
pub(super) fn below(g: &LeapGraph, b: usize, budget: &Budget) -> Result<Vec<(Cut, u128)>> {
    let cols = g.board().cols as usize;
    let rows = g.board().rows as usize;
    let t = rows - b;
    let row = |v: u32| v as usize / cols;
    let edge = |u: u32, v: u32| row(u).max(row(v)) < t;
    // The rows above the two kept ones row by row, then those two in the order that
    // keeps the sweep narrow, as the halves' sides.
    let (order, cut) = kept_order(g, t, edge);
    let p = LeaperOrder::build(g, &order, edge, |v| row(v) + 2 >= t).ok_or_else(|| {
        Error::runtime(format!(
            "tour IDs by halves: the bottom {t} rows of {} do not fit 128-bit states",
            g.board_name()
        ))
    })?;
    let part = format!("the bottom {t} rows of the closed");
    Ok(final_cuts(
        g,
        &p,
        &cut_steps(&order, &cut, false),
        budget,
        None,
        &mut Swept::default(),
        &part,
    )?
    .cuts()
    .into_iter()
    .map(|(c, n)| (turn(c, 2 * cols, 2 * cols), u128::from(n)))
    .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;
    use tourglyph_core::{Board, Piece};

    /// The bottom states of knight 6×5, 5×6 and 6×6 three rows from the bottom are
    /// those of every subset of the edges inside those rows, checked one
    /// by one (degrees at most 2, rows `>= b + 2` at degree 2, no cycle; the path ends'
    /// pairing read by walking each path). The sweep once dropped the states whose last
    /// cell took two edges (it counted only closures at its last step).
    #[test]
    fn below_is_every_path_system_of_the_rows_below() {
        for (rows, cols, b) in [(6, 5, 3), (5, 6, 2), (6, 6, 3)] {
            let g = LeapGraph::new(Board::new(rows, cols), &Piece::knight()).unwrap();
            let (n, first) = ((rows * cols) as usize, b * cols as usize);
            let edges: Vec<(usize, usize)> = g
                .edges()
                .iter()
                .map(|&(u, v)| (u as usize, v as usize))
                .filter(|&(u, _)| u >= first)
                .collect();
            assert!(edges.len() <= 26, "{} edges", edges.len());
            let mut want: FxHashMap<(u32, u64), u128> = FxHashMap::default();
            'sets: for set in 0u64..1 << edges.len() {
                let mut deg = vec![0usize; n];
                let mut adj = vec![[0usize; 2]; n];
                for (i, &(u, v)) in edges.iter().enumerate() {
                    if set >> i & 1 == 1 {
                        if deg[u] == 2 || deg[v] == 2 {
                            continue 'sets;
                        }
                        adj[u][deg[u]] = v;
                        adj[v][deg[v]] = u;
                        deg[u] += 1;
                        deg[v] += 1;
                    }
                }
                if (first + 2 * cols as usize..n).any(|x| deg[x] != 2) {
                    continue;
                }
                let (mut degrees, mut partners) = (0u32, 0u64);
                let mut seen = vec![false; n];
                for x in first..first + 2 * cols as usize {
                    degrees |= (deg[x] as u32) << (2 * (x - first));
                    if deg[x] == 1 && !seen[x] {
                        let (mut prev, mut at) = (x, adj[x][0]);
                        seen[x] = true;
                        while deg[at] == 2 {
                            seen[at] = true;
                            let next = if adj[at][0] == prev {
                                adj[at][1]
                            } else {
                                adj[at][0]
                            };
                            (prev, at) = (at, next);
                        }
                        seen[at] = true;
                        partners |= ((at - first) as u64) << (4 * (x - first));
                        partners |= ((x - first) as u64) << (4 * (at - first));
                    }
                }
                // A cell of degree 2 not on a path is on a cycle.
                if (first..n).any(|x| deg[x] > 0 && !seen[x]) {
                    continue;
                }
                *want.entry((degrees, partners)).or_default() += 1;
            }
            let j = 2 * cols as usize;
            let got: FxHashMap<(u32, u64), u128> = below(&g, b, &Budget::default())
                .unwrap()
                .into_iter()
                .map(|(c, k)| {
                    // Partners are read at path ends only.
                    let ends = (0..j)
                        .filter(|&i| (c.degrees >> (2 * i)) & 3 == 1)
                        .fold(0u64, |a, i| a | 15 << (4 * i));
                    ((c.degrees, c.partners & ends), k)
                })
                .collect();
            assert!(
                want.len() > 100,
                "{rows}x{cols} at {b}: {} states",
                want.len()
            );
            assert_eq!(got, want, "{rows}x{cols} at {b}");
        }
    }
}
