//! Closed rook tours of shapes made of 2×2 blocks, however large: the walk around a
//! spanning tree of the blocks.
//!
//! The blocks are the aligned 2×2 squares of the shape's bounding board (rows 2i, 2i+1,
//! columns 2j, 2j+1); a shape is *made of blocks* when its cells are exactly a union of
//! them. Each block alone is a 4-cycle; for every edge of a spanning tree of the blocks
//! (two blocks side by side) the two facing sides of the two 4-cycles are exchanged for
//! the two edges across, which joins the two cycles into one. A tree's n − 1 edges join
//! the n cycles of a connected part into one closed tour through every cell (the
//! classical construction behind "every grid graph made of 2×2 blocks is Hamiltonian").
//!
//! The tree is a uniform random spanning tree of each part's blocks, drawn by Wilson's
//! algorithm: loop-erased random walks to the growing tree (D. B. Wilson, "Generating
//! random spanning trees more quickly than the cover time", STOC 1996). Uniform trees
//! give varied, balanced glyphs, but the tours are **not** uniform among the tours of the
//! shape: only tours that follow some tree of blocks can come out, with the probability
//! of their tree. The walk is seeded (PCG-64), so a seed gives the same tour everywhere.
//!
//! Cost: Wilson's algorithm takes time proportional to the mean hitting time of the
//! block graph; a 1000×1000 board (250,000 blocks) takes well under a second. Memory is a
//! few words per cell.

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use tourglyph_core::board::Board;
use tourglyph_core::board_shape::Shape;

/// Is `shape` made of aligned 2×2 blocks? Returns the block mask (rows/2 × cols/2,
/// row-major) when it is.
pub fn block_mask(shape: &Shape) -> Option<Vec<bool>> {
    let b = shape.board();
    if b.rows % 2 == 1 || b.cols % 2 == 1 {
        return None;
    }
    let (br, bc) = (b.rows / 2, b.cols / 2);
    let mut mask = vec![false; (br * bc) as usize];
    for i in 0..br {
        for j in 0..bc {
            let cells = [
                b.cell(2 * i, 2 * j),
                b.cell(2 * i, 2 * j + 1),
                b.cell(2 * i + 1, 2 * j),
                b.cell(2 * i + 1, 2 * j + 1),
            ];
            let inside = cells.iter().filter(|&&c| shape.contains(c)).count();
            match inside {
                0 => {}
                4 => mask[(i * bc + j) as usize] = true,
                _ => return None,
            }
        }
    }
    Some(mask)
}

/// A uniform integer below `n` (n ≥ 1), by rejection: no modulo bias.
pub(crate) fn below(rng: &mut Pcg64, n: u32) -> u32 {
    let zone = u32::MAX - u32::MAX % n;
    loop {
        let x = rng.next_u32();
        if x < zone {
            return x % n;
        }
    }
}

/// For each block, its tree parent (`u32::MAX` for a part's root and for blocks outside):
/// a uniform random spanning tree of each connected part of the blocks (Wilson's
/// algorithm), rooted at the part's first block.
pub fn wilson_tree(rows: u32, cols: u32, mask: &[bool], seed: u64) -> Vec<u32> {
    let n = (rows * cols) as usize;
    let mut rng = Pcg64::seed_from_u64(seed);
    let neighbours = |v: u32, out: &mut [u32; 4]| -> u32 {
        let (r, c) = (v / cols, v % cols);
        let mut k = 0;
        let mut add = |w: u32| {
            if mask[w as usize] {
                out[k as usize] = w;
                k += 1;
            }
        };
        if r > 0 {
            add(v - cols);
        }
        if c > 0 {
            add(v - 1);
        }
        if c + 1 < cols {
            add(v + 1);
        }
        if r + 1 < rows {
            add(v + cols);
        }
        k
    };
    // Roots: the first block of each part (a flood fill).
    let mut in_tree = vec![false; n];
    let mut part_seen = vec![false; n];
    let mut stack = Vec::new();
    let mut nb = [0u32; 4];
    for s in 0..n as u32 {
        if !mask[s as usize] || part_seen[s as usize] {
            continue;
        }
        in_tree[s as usize] = true;
        part_seen[s as usize] = true;
        stack.push(s);
        while let Some(v) = stack.pop() {
            let k = neighbours(v, &mut nb);
            for &w in &nb[..k as usize] {
                if !std::mem::replace(&mut part_seen[w as usize], true) {
                    stack.push(w);
                }
            }
        }
    }
    let mut next = vec![u32::MAX; n];
    for s in 0..n as u32 {
        if !mask[s as usize] {
            continue;
        }
        // The loop-erased walk: `next` keeps only the last exit from each block, which
        // erases the loops.
        let mut u = s;
        while !in_tree[u as usize] {
            let k = neighbours(u, &mut nb);
            let w = nb[below(&mut rng, k) as usize];
            next[u as usize] = w;
            u = w;
        }
        let mut u = s;
        while !in_tree[u as usize] {
            in_tree[u as usize] = true;
            u = next[u as usize];
        }
    }
    next
}

/// The closed tours around the tree `parent` (from [`wilson_tree`]) of the blocks of
/// `board` (rows/2 × cols/2 blocks): for each cell of the board, its two neighbours on
/// its part's tour (`[u32::MAX; 2]` for cells outside).
pub fn tour_links(board: Board, mask: &[bool], parent: &[u32]) -> Vec<[u32; 2]> {
    let bc = board.cols / 2;
    let mut links = vec![[u32::MAX; 2]; board.cells()];
    // The four corners of block v: top left, top right, bottom right, bottom left.
    let corners = |v: u32| {
        let (i, j) = (v / bc, v % bc);
        [
            board.cell(2 * i, 2 * j),
            board.cell(2 * i, 2 * j + 1),
            board.cell(2 * i + 1, 2 * j + 1),
            board.cell(2 * i + 1, 2 * j),
        ]
    };
    // Each block's own 4-cycle, as a bit per side: 0 top, 1 right, 2 bottom, 3 left.
    let mut sides = vec![0u8; mask.len()];
    for (v, &m) in mask.iter().enumerate() {
        if m {
            sides[v] = 0b1111;
        }
    }
    let mut across: Vec<(u32, u32)> = Vec::new();
    for (v, &p) in parent.iter().enumerate() {
        if p == u32::MAX || !mask[v] {
            continue;
        }
        let v = v as u32;
        let (a, b) = (v.min(p), v.max(p));
        let (ca, cb) = (corners(a), corners(b));
        if b == a + 1 {
            // Side by side: a's right side and b's left side go; top and bottom join.
            sides[a as usize] &= !0b0010;
            sides[b as usize] &= !0b1000;
            across.push((ca[1], cb[0]));
            across.push((ca[2], cb[3]));
        } else {
            // a above b: a's bottom side and b's top side go.
            sides[a as usize] &= !0b0100;
            sides[b as usize] &= !0b0001;
            across.push((ca[3], cb[0]));
            across.push((ca[2], cb[1]));
        }
    }
    let mut link = |x: u32, y: u32| {
        for (p, q) in [(x, y), (y, x)] {
            let l = &mut links[p as usize];
            if l[0] == u32::MAX {
                l[0] = q;
            } else {
                l[1] = q;
            }
        }
    };
    for (v, &s) in sides.iter().enumerate() {
        let c = corners(v as u32);
        for side in 0..4 {
            if s & (1 << side) != 0 {
                link(c[side], c[(side + 1) % 4]);
            }
        }
    }
    for (x, y) in across {
        link(x, y);
    }
    links
}

/// The cells of each closed tour of `links` ([`tour_links`]) in walking order, one list
/// per tour, tours in order of their first cell, each starting at its first cell and
/// going first to its smaller neighbour.
pub fn walk(links: &[[u32; 2]]) -> Vec<Vec<u32>> {
    let mut seen = vec![false; links.len()];
    let mut tours = Vec::new();
    for s in 0..links.len() as u32 {
        if seen[s as usize] || links[s as usize][0] == u32::MAX {
            continue;
        }
        let mut t = vec![s];
        seen[s as usize] = true;
        let (mut prev, mut cur) = (s, links[s as usize][0].min(links[s as usize][1]));
        while cur != s {
            seen[cur as usize] = true;
            t.push(cur);
            let [x, y] = links[cur as usize];
            let nxt = if x == prev { y } else { x };
            prev = cur;
            cur = nxt;
        }
        tours.push(t);
    }
    tours
}

/// One closed rook tour per part of `shape` (made of blocks: [`block_mask`]) around a
/// uniform random spanning tree of its blocks, seeded: each tour's cells in walking
/// order (board cells of the shape's board). `None` when the shape is not made of blocks.
pub fn tree_tours(shape: &Shape, seed: u64) -> Option<Vec<Vec<u32>>> {
    let mask = block_mask(shape)?;
    let b = shape.board();
    let parent = wilson_tree(b.rows / 2, b.cols / 2, &mask, seed);
    Some(walk(&tour_links(b, &mask, &parent)))
}

/// Is every list of `tours` a closed rook tour (each step and the closing step one cell
/// orthogonally), and do they together visit every cell of `shape` exactly once?
/// The validity test of the sampled tours, shared by the tests and the benchmark.
pub fn valid_cover(shape: &Shape, tours: &[Vec<u32>]) -> bool {
    let b = shape.board();
    let mut seen = vec![false; b.cells()];
    let step = |x: u32, y: u32| {
        let ((r1, c1), (r2, c2)) = (b.coords(x), b.coords(y));
        r1.abs_diff(r2) + c1.abs_diff(c2) == 1
    };
    for t in tours {
        if t.len() < 4 {
            return false;
        }
        for (i, &c) in t.iter().enumerate() {
            if !shape.contains(c) || std::mem::replace(&mut seen[c as usize], true) {
                return false;
            }
            if !step(c, t[(i + 1) % t.len()]) {
                return false;
            }
        }
    }
    (0..b.cells() as u32).all(|c| seen[c as usize] == shape.contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tree_tours_are_one_cycle_per_part() {
        let s = Shape::parse_text(
            "####..##\n####..##\n##......\n##......\n......##\n##..####\n##..####",
        )
        .unwrap();
        // 7 rows: not made of blocks.
        assert!(tree_tours(&s, 1).is_none());
        let s = Shape::parse_text(
            "####..##\n####..##\n##......\n##......\n......##\n......##\n##..####\n##..####",
        )
        .unwrap();
        for seed in 0..20 {
            let t = tree_tours(&s, seed).unwrap();
            assert_eq!(t.len(), 4, "four parts");
            assert!(valid_cover(&s, &t));
        }
    }

    #[test]
    fn trees_vary_with_the_seed_and_repeat_with_it() {
        let s = Shape::rectangle(Board::new(20, 20));
        let a = tree_tours(&s, 7).unwrap();
        assert_eq!(a, tree_tours(&s, 7).unwrap());
        assert_ne!(a, tree_tours(&s, 8).unwrap());
        assert!(valid_cover(&s, &a));
        assert_eq!(a.len(), 1);
    }

    #[test]
    fn wilson_trees_are_uniform_on_a_2x2_block_square() {
        // The 2x2 block grid (a 4-cycle of blocks) has 4 spanning trees, each the cycle
        // less one edge: each must come out about 1/4 of the time.
        let mask = vec![true; 4];
        let mut seen = std::collections::BTreeMap::new();
        for seed in 0..4000 {
            let p = wilson_tree(2, 2, &mask, seed);
            *seen.entry(p).or_insert(0u32) += 1;
        }
        // Rooted at block 0 the parent arrays name the trees one to one.
        assert_eq!(seen.len(), 4, "{seen:?}");
        for (p, &k) in &seen {
            assert!((850..1150).contains(&k), "{p:?}: {k}");
        }
    }

    #[test]
    fn valid_cover_catches_broken_tours() {
        let s = Shape::rectangle(Board::new(4, 4));
        let mut t = tree_tours(&s, 3).unwrap();
        assert!(valid_cover(&s, &t));
        t[0].swap(1, 2);
        assert!(!valid_cover(&s, &t));
        let mut t = tree_tours(&s, 3).unwrap();
        t[0].pop();
        assert!(!valid_cover(&s, &t));
    }
}
