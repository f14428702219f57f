//! Count the closed rook tours of a torus with the frontier DP on the torus graph (the
//! torus's counter before `count::torus`), printing the count; the baseline of
//! `benches/torus.sh`.
//!
//! ```text
//! cargo run --release --example torus_frontier -- 8x8
//! ```

use tourglyph::engine::frontier::count_only;
use tourglyph::{Board, Piece, TourKind};

fn main() -> std::process::ExitCode {
    let Some(arg) = std::env::args().nth(1) else {
        eprintln!("usage: torus_frontier ROWSxCOLS");
        return std::process::ExitCode::from(2);
    };
    let board: Board = match arg.parse() {
        Ok(b) => b,
        Err(e) => {
            eprintln!("torus_frontier: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    // The narrower side across, as the plan turned it.
    let board = if board.cols > board.rows {
        board.transposed()
    } else {
        board
    };
    let counted = tourglyph::torus::graph(board, &Piece::rook(), TourKind::Closed)
        .and_then(|g| count_only(&g, TourKind::Closed));
    match counted {
        Ok(c) => {
            println!("{}", c.tours);
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("torus_frontier: {e}");
            std::process::ExitCode::from(1)
        }
    }
}
