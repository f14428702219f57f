//! Count the symmetric closed rook tours of a board three ways, for `benches/symmetric.sh`:
//! `direct` builds the quotient diagrams (`tourglyph::engine::symmetric_tours::direct`), `filter` walks
//! the diagram of all tours and keeps the fixed ones (what `--symmetry` does on boards up
//! to 8x8), `path` runs the quarter-turn path search (`engine::quarter`, rot90 only).
//!
//! ```text
//! cargo run --release --example symmetric_count -- 8x8 rot180 direct|filter|path
//! ```

use std::process::ExitCode;
use tourglyph::budget::Budget;
use tourglyph::engine::frontier::Zdd;
use tourglyph::engine::symmetric_tours::Symmetry;
use tourglyph::engine::symmetric_tours::direct::Direct;
use tourglyph::{Board, LeapGraph, Piece, Result, TourKind};
use tourglyph::{engine::select::Query, engine::select::tally};

fn count(board: &str, sym: &str, how: &str) -> Result<u128> {
    let board: Board = board.parse()?;
    let sym: Symmetry = sym.parse()?;
    let g = LeapGraph::new(board, &Piece::rook())?;
    let forced = Budget::new(tourglyph::budget::default_memory(), true);
    match how {
        "direct" => Ok(Direct::build(&g, sym, &forced)?.count()),
        "filter" => {
            let z = Zdd::build_with_budget(&g, TourKind::Closed, &forced)?;
            let q = Query {
                symmetry: Some(sym),
                ..Query::default()
            };
            Ok(u128::from(tally(&z, &g, &q).selected))
        }
        "path" => Ok(
            tourglyph::engine::symmetric_tours::quarter_turn::quarter_turn_tours(&g, u64::MAX)?
                .len() as u128,
        ),
        _ => Err(tourglyph::Error::usage(format!(
            "unknown method '{how}': use direct, filter or path"
        ))),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [board, sym, how] = args.as_slice() else {
        eprintln!("usage: symmetric_count ROWSxCOLS rot90|rot180|mirror|any direct|filter|path");
        return ExitCode::from(2);
    };
    match count(board, sym, how) {
        Ok(n) => {
            println!("{n}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("symmetric_count: {e}");
            ExitCode::from(if e.is_usage() { 2 } else { 1 })
        }
    }
}
