//! The torus's symmetry group.
//!
//! Two tours are in one class on the torus when a translation (the tile shifted) and a
//! symmetry of the board (D4 on a square board, {identity, half turn, two mirrors} on an
//! oblong one) map one onto the other: a group of 8·m·n (or 4·m·n) elements, so every
//! orbit size divides that order.

use super::plane::Sym;
use crate::board::Board;
use crate::graph::LeapGraph;

/// The order of the `board` torus's group, 8·m·n on a square board and 4·m·n on an oblong
/// one (the count of [`group_cell_maps`] for sides of at least 3).
pub fn order(board: Board) -> usize {
    Sym::group(board).len() * board.cells()
}

/// The torus's symmetry group as cell permutations, the identity first: each symmetry
/// of the board followed by each translation (r, c) → (r + a mod m, c + b mod n).
/// Duplicates (none for sides ≥ 3) are dropped.
pub fn group_cell_maps(board: Board) -> Vec<Vec<u32>> {
    let mut out: Vec<Vec<u32>> = Vec::new();
    for &s in Sym::group(board) {
        for a in 0..board.rows {
            for b in 0..board.cols {
                let map: Vec<u32> = (0..board.cells() as u32)
                    .map(|cell| {
                        let (r, c) = board.coords(cell);
                        let (r2, c2) = s.apply(board, r, c);
                        board.cell((r2 + a) % board.rows, (c2 + b) % board.cols)
                    })
                    .collect();
                if !out.contains(&map) {
                    out.push(map);
                }
            }
        }
    }
    out
}

/// The torus's symmetry group as edge permutations of `g` (a torus graph), identity
/// first.
pub fn group_edge_maps(g: &LeapGraph) -> Vec<Vec<u32>> {
    group_cell_maps(g.board())
        .iter()
        .map(|cells| {
            g.edges()
                .iter()
                .map(|&(u, v)| {
                    g.edge_index(cells[u as usize], cells[v as usize])
                        .expect("the torus's symmetries map moves to moves")
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Topology;
    use crate::piece::Piece;

    #[test]
    fn group_orders() {
        for (rows, cols, want) in [(3, 3, 72), (3, 5, 60), (4, 4, 128)] {
            let b = Board::new(rows, cols);
            assert_eq!(group_cell_maps(b).len(), want);
            assert_eq!(order(b), want);
        }
        let g =
            LeapGraph::with_topology(Board::new(4, 5), &Piece::rook(), Topology::Torus).unwrap();
        for map in group_edge_maps(&g) {
            let mut m = map.clone();
            m.sort_unstable();
            assert_eq!(m, (0..g.edge_count() as u32).collect::<Vec<_>>());
        }
    }
}
