//! Closed tours of a shaped board ([`tourglyph_core::board_shape`]): one frontier diagram per
//! part, tuples of tours numbered in mixed radix (part 0 the most significant digit, as
//! the core module's design says), counted, unranked and drawn at random.
//!
//! Each part's graph is an ordinary leap graph whose vertices are the part's cells in
//! row-major order, so the frontier engine ([`crate::frontier`]) and the backtracking
//! cross-check ([`crate::backtrack`]) work on it unchanged; a shape that is the whole
//! rectangle is one part whose diagram is the board's, with today's IDs.

use crate::frontier::Zdd;
use crate::sample::Sampler;
use tourglyph_core::board_shape::{Shape, refusal};
use tourglyph_core::budget::Budget;
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::piece::Piece;
use tourglyph_core::tour::{Tour, TourKind};
use tourglyph_core::{error::Error, error::Result};

/// The closed tours of every part of a shape, as diagrams.
pub struct ShapeDiagrams {
    /// Each part's graph and diagram, in part order.
    pub parts: Vec<(LeapGraph, Zdd)>,
    total: u128,
}

/// The parts' graphs of `shape` for `piece`, refused (a runtime failure: the request is
/// well formed, the shape has no tour) with the first part's provable reason
/// ([`refusal`]).
pub fn part_graphs(shape: &Shape, piece: &Piece) -> Result<Vec<LeapGraph>> {
    let graphs = shape.part_graphs(piece)?;
    for (i, g) in graphs.iter().enumerate() {
        if let Some(why) = refusal(g, i) {
            return Err(Error::runtime(format!(
                "{why}; change the shape (its {} part(s) each need a closed tour)",
                graphs.len()
            )));
        }
    }
    Ok(graphs)
}

impl ShapeDiagrams {
    /// Build the diagram of every part of `shape` (refusing provable failures first),
    /// within `budget`.
    pub fn build(shape: &Shape, piece: &Piece, budget: &Budget) -> Result<ShapeDiagrams> {
        let graphs = part_graphs(shape, piece)?;
        let mut parts = Vec::with_capacity(graphs.len());
        let mut total: u128 = 1;
        for (i, g) in graphs.into_iter().enumerate() {
            let z = Zdd::build_with_budget(&g, TourKind::Closed, budget)?;
            if z.count() == 0 {
                return Err(Error::runtime(format!(
                    "part {} has no closed {piece} tour (its first cell is {}; the frontier engine found none): change the shape",
                    i + 1,
                    g.board().algebraic(g.cell_of(0))
                )));
            }
            total = total.checked_mul(z.count()).ok_or_else(|| {
                Error::runtime(
                    "the shape has more than 2^128 tuples of tours: IDs cannot number them; use a smaller shape",
                )
            })?;
            parts.push((g, z));
        }
        Ok(ShapeDiagrams { parts, total })
    }

    /// The number of tuples of tours (the product of the parts' counts).
    pub fn count(&self) -> u128 {
        self.total
    }

    /// Each part's count, in part order.
    pub fn part_counts(&self) -> Vec<u128> {
        self.parts.iter().map(|(_, z)| z.count()).collect()
    }

    /// The part IDs of tuple `id` (mixed radix, part 0 most significant).
    pub fn digits(&self, id: u128) -> Option<Vec<u128>> {
        if id >= self.total {
            return None;
        }
        let mut rest = id;
        let mut digits = vec![0u128; self.parts.len()];
        for (i, (_, z)) in self.parts.iter().enumerate().rev() {
            digits[i] = rest % z.count();
            rest /= z.count();
        }
        Some(digits)
    }

    /// The tuple ID of the part IDs `digits`.
    pub fn id_of(&self, digits: &[u128]) -> u128 {
        self.parts
            .iter()
            .zip(digits)
            .fold(0u128, |id, ((_, z), &d)| id * z.count() + d)
    }

    /// The tuple of tours `id`, one per part.
    pub fn unrank(&self, id: u128) -> Option<Vec<Tour>> {
        let digits = self.digits(id)?;
        self.parts
            .iter()
            .zip(digits)
            .map(|((_, z), d)| z.unrank(d))
            .collect()
    }

    /// A uniformly random tuple ID, drawn with `seed` (the sampler of `list --sample`).
    pub fn random_id(&self, seed: u64) -> u128 {
        Sampler::new(seed).below(self.total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tourglyph_core::Board;

    /// A plain backtracking oracle that shares nothing with the engine but the mask:
    /// the closed rook tours of each 4-connected component of `mask` (rows × cols),
    /// counted as directed cycles from the component's first cell, halved; their product.
    fn oracle(rows: usize, cols: usize, mask: &[bool]) -> u128 {
        let nb = |v: usize| {
            let (r, c) = (v / cols, v % cols);
            let mut out = Vec::new();
            if r > 0 {
                out.push(v - cols);
            }
            if r + 1 < rows {
                out.push(v + cols);
            }
            if c > 0 {
                out.push(v - 1);
            }
            if c + 1 < cols {
                out.push(v + 1);
            }
            out.into_iter().filter(|&w| mask[w]).collect::<Vec<_>>()
        };
        let mut comp = vec![usize::MAX; mask.len()];
        let mut product: u128 = 1;
        for s in 0..mask.len() {
            if !mask[s] || comp[s] != usize::MAX {
                continue;
            }
            let mut members = vec![s];
            comp[s] = s;
            let mut i = 0;
            while i < members.len() {
                for w in nb(members[i]) {
                    if comp[w] == usize::MAX {
                        comp[w] = s;
                        members.push(w);
                    }
                }
                i += 1;
            }
            let n = members.len();
            fn go(
                v: usize,
                len: usize,
                n: usize,
                start: usize,
                seen: &mut [bool],
                nb: &dyn Fn(usize) -> Vec<usize>,
            ) -> u128 {
                if len == n {
                    return u128::from(nb(v).contains(&start));
                }
                let mut total = 0;
                for w in nb(v) {
                    if !seen[w] {
                        seen[w] = true;
                        total += go(w, len + 1, n, start, seen, nb);
                        seen[w] = false;
                    }
                }
                total
            }
            let mut seen = vec![false; mask.len()];
            seen[s] = true;
            let directed = if n < 3 {
                0
            } else {
                go(s, 1, n, s, &mut seen, &nb)
            };
            product *= directed / 2;
        }
        product
    }

    fn family() -> Vec<String> {
        let mut v: Vec<String> = vec![
            // Rings (a hole), L-shapes, plus signs, a lozenge-ish octagon.
            "####\n#..#\n####".into(),
            "#####\n#...#\n#...#\n#####".into(),
            "######\n#....#\n#....#\n######".into(),
            "####\n####\n##..\n##..".into(),
            "##....\n##....\n######\n######".into(),
            "..##..\n..##..\n######\n######\n..##..\n..##..".into(),
            ".####.\n######\n######\n.####.".into(),
            "####\n####\n....\n####\n####".into(),
            "##.##\n##.##\n.....\n##.##\n##.##".into(),
            "###\n###".into(),
            "####\n#..#\n#..#\n####\n#..#\n####".into(),
        ];
        // Random polyominoes: grown cell by cell from a seed, up to 16 cells on 6x6.
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..60 {
            let (rows, cols) = (6usize, 6usize);
            let mut m = vec![false; rows * cols];
            m[(next() % 36) as usize] = true;
            let size = 6 + (next() % 11) as usize;
            while m.iter().filter(|&&b| b).count() < size {
                let v = (next() % 36) as usize;
                let (r, c) = (v / cols, v % cols);
                let touches = (r > 0 && m[v - cols])
                    || (r + 1 < rows && m[v + cols])
                    || (c > 0 && m[v - 1])
                    || (c + 1 < cols && m[v + 1]);
                if touches {
                    m[v] = true;
                }
            }
            let text: String = m
                .chunks(cols)
                .map(|row| {
                    row.iter()
                        .map(|&b| if b { '#' } else { '.' })
                        .collect::<String>()
                        + "\n"
                })
                .collect();
            v.push(text);
        }
        v
    }

    #[test]
    fn counts_equal_the_backtracking_oracle_on_the_family() {
        let mut positive = 0;
        for text in family() {
            let s = Shape::parse_text(&text).unwrap();
            assert!(s.len() <= 30, "{text}");
            let b = s.board();
            let mask: Vec<bool> = (0..b.cells() as u32).map(|c| s.contains(c)).collect();
            let want = oracle(b.rows as usize, b.cols as usize, &mask);
            let got = match ShapeDiagrams::build(&s, &Piece::rook(), &Budget::default()) {
                Ok(d) => d.count(),
                Err(e) => {
                    assert!(!e.is_usage(), "{text}: {e}");
                    0
                }
            };
            assert_eq!(got, want, "{text}");
            positive += usize::from(want > 0);
        }
        // The family is not all refusals.
        assert!(positive >= 10, "{positive}");
    }

    #[test]
    fn the_rectangle_as_a_shape_gives_todays_counts_and_ids() {
        for (r, c) in [(4, 4), (4, 5), (4, 6), (6, 6)] {
            let b = Board::new(r, c);
            let g = LeapGraph::new(b, &Piece::rook()).unwrap();
            let z = Zdd::build(&g, TourKind::Closed).unwrap();
            let d = ShapeDiagrams::build(&Shape::rectangle(b), &Piece::rook(), &Budget::default())
                .unwrap();
            assert_eq!(d.count(), z.count(), "{b}");
            let step = (z.count() / 50).max(1);
            let mut id = 0;
            while id < z.count() {
                let t = d.unrank(id).unwrap();
                assert_eq!(t.len(), 1);
                assert_eq!(t[0], z.unrank(id).unwrap(), "{b} {id}");
                assert_eq!(t[0].cells(&d.parts[0].0), z.unrank(id).unwrap().cells(&g));
                id += step;
            }
        }
    }

    #[test]
    fn tuple_ids_are_mixed_radix_part_zero_first() {
        // Two rings side by side: 1 tour each; a 4x4 square (6 tours) and a 2x4 (1 tour).
        let s = Shape::parse_text("####.##\n####.##\n####.##\n####.##").unwrap();
        let d = ShapeDiagrams::build(&s, &Piece::rook(), &Budget::default()).unwrap();
        assert_eq!(d.part_counts(), vec![6, 1]);
        let s = Shape::parse_text("####.####\n####.####\n####.####\n####.####").unwrap();
        let d = ShapeDiagrams::build(&s, &Piece::rook(), &Budget::default()).unwrap();
        assert_eq!(d.count(), 36);
        let z0 = &d.parts[0].1;
        let z1 = &d.parts[1].1;
        for id in 0..36u128 {
            let t = d.unrank(id).unwrap();
            assert_eq!(t[0], z0.unrank(id / 6).unwrap());
            assert_eq!(t[1], z1.unrank(id % 6).unwrap());
            assert_eq!(d.id_of(&d.digits(id).unwrap()), id);
        }
        assert!(d.unrank(36).is_none());
    }

    #[test]
    fn refusal_names_the_part_and_cell() {
        let s = Shape::parse_text("##..\n##..\n....\n###.").unwrap();
        let e = ShapeDiagrams::build(&s, &Piece::rook(), &Budget::default())
            .err()
            .unwrap();
        assert!(!e.is_usage());
        assert!(
            e.to_string()
                .starts_with("part 2 has no closed rook tour: cell a1 has 1 move(s)"),
            "{e}"
        );
    }
}
