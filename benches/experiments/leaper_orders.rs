//! The states the vertex-at-a-time counter (`engine::count::leaper`) steps on knight
//! 6×6, 6×7 and 6×8 (6 columns) for a few vertex orders, with the count (the same for
//! every order) and the widest frontier. Cells are ordered by a·row + b·column (row-major is
//! a = columns, b = 1; smaller a sweeps a slanted front), ties by row.
//!
//! ```text
//! cargo run --release --example leaper_orders
//! ```

use std::collections::HashMap;
use tourglyph::{Board, LeapGraph, Piece};
use tourglyph::{engine::count::leaper::order::LeaperOrder, engine::count::leaper::slots};

/// Tours, states stepped and widest frontier of `order` (`None`: it does not fit 128 bits).
fn run(g: &LeapGraph, order: &[u32]) -> Option<(u128, u64, usize)> {
    let p = LeaperOrder::new(g, order)?;
    let l = slots::Layout::new(&p);
    let mut cur: HashMap<u128, u128> = HashMap::from([(0, 1)]);
    let (mut tours, mut states) = (0u128, 0u64);
    let n = l.steps.len();
    for (i, step) in l.steps.iter().enumerate() {
        states += cur.len() as u64;
        let mut next = HashMap::new();
        for (&s, &c) in &cur {
            let d = slots::successors(step, l.bits, s, i + 1 == n, |t| {
                *next.entry(t).or_insert(0) += c;
            });
            tours += c * u128::from(d);
        }
        cur = next;
    }
    Some((tours, states, p.max_width()))
}

fn main() {
    for board in ["6x6", "7x6", "8x6"] {
        let b: Board = board.parse().expect("a board");
        let g = LeapGraph::new(b, &Piece::knight()).expect("a knight graph");
        let (rows, cols) = (b.rows, b.cols);
        for (a, c) in [(cols, 1), (5, 1), (4, 1), (3, 1), (2, 1), (5, 2), (3, 2)] {
            let mut cells: Vec<(u32, u32)> = (0..rows)
                .flat_map(|y| (0..cols).map(move |x| (y, x)))
                .collect();
            cells.sort_by_key(|&(y, x)| (a * y + c * x, y));
            let order: Vec<u32> = cells.iter().map(|&(y, x)| y * cols + x).collect();
            match run(&g, &order) {
                Some((tours, states, width)) => println!(
                    "{board} {a}*row+{c}*col: {tours} tours, {states} states, widest frontier {width}"
                ),
                None => println!("{board} {a}*row+{c}*col: frontier too wide"),
            }
        }
    }
}
