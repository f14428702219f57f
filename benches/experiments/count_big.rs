//! Count closed rook tours (and, with `--classes`, symmetry classes) with the
//! transfer-matrix engine, printing the exact figures and the time taken to stderr.
//!
//! ```text
//! cargo run --release --example count_big -- 16x16 [--classes]
//! ```
//! Used by `benches/count.sh`; `RAYON_NUM_THREADS` sets the thread count.

use std::time::Instant;
use tourglyph::Board;
use tourglyph::{
    engine::count::transfer::count_rook_classes, engine::count::transfer::count_rook_tours,
};

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(board) = args.iter().find(|a| !a.starts_with("--")) else {
        eprintln!("usage: count_big ROWSxCOLS [--classes]");
        return std::process::ExitCode::from(2);
    };
    let board: Board = match board.parse() {
        Ok(b) => b,
        Err(e) => {
            eprintln!("count_big: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let t = Instant::now();
    let result = if args.iter().any(|a| a == "--classes") {
        count_rook_classes(board, None).map(|c| {
            let fixed: Vec<String> = c.fixed.iter().map(|(g, f)| format!("{g:?}={f}")).collect();
            format!(
                "{board} tours {} classes {} fixed {}",
                c.tours,
                c.classes,
                fixed.join(" ")
            )
        })
    } else {
        count_rook_tours(board, None).map(|n| format!("{board} tours {n}"))
    };
    match result {
        Ok(line) => {
            println!("{line}");
            eprintln!("seconds {:.3}", t.elapsed().as_secs_f64());
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("count_big: {e}");
            std::process::ExitCode::from(if e.is_usage() { 2 } else { 1 })
        }
    }
}
