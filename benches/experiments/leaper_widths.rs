//! Count the closed tours of a leaper with the vertex-at-a-time counter and print the
//! frontier states held before each cell (the level widths), the total and the time.
//!
//! ```text
//! cargo run --release --example leaper_widths -- 6x8 [knight] [--old]
//! ```
//! `--max-memory-gb N` stops when a level would need more (default 2 GiB); `--old` counts with the edge-at-a-time frontier engine instead and prints its widest
//! level and states stepped. `RAYON_NUM_THREADS` sets the thread count.

use std::time::Instant;
use tourglyph::budget::Budget;
use tourglyph::{Board, LeapGraph, Piece, TourKind};
use tourglyph::{engine::count::leaper, engine::frontier};

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let plain: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|&(i, a)| !a.starts_with("--") && (i == 0 || args[i - 1] != "--max-memory-gb"))
        .map(|(_, a)| a)
        .collect();
    let (Some(board), piece) = (plain.first(), plain.get(1)) else {
        eprintln!("usage: leaper_widths ROWSxCOLS [PIECE] [--old]");
        return std::process::ExitCode::from(2);
    };
    let parsed = board
        .parse::<Board>()
        .map_err(|e| e.to_string())
        .and_then(|b| {
            let p = piece
                .map_or(Ok(Piece::knight()), |p| p.parse::<Piece>())
                .map_err(|e| e.to_string())?;
            LeapGraph::new(b, &p).map_err(|e| e.to_string())
        });
    let g = match parsed {
        Ok(g) => g,
        Err(e) => {
            eprintln!("leaper_widths: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let gb: f64 = args
        .iter()
        .position(|a| a == "--max-memory-gb")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    let budget = Budget::new((gb * f64::from(1u32 << 30)) as u64, true);
    let t = Instant::now();
    if args.iter().any(|a| a == "--old") {
        match frontier::count_only_with_budget(&g, TourKind::Closed, &budget) {
            Ok(c) => println!(
                "{} tours; widest level {} states; {} states stepped; {:.2} s",
                c.tours,
                c.max_width,
                c.states,
                t.elapsed().as_secs_f64()
            ),
            Err(e) => {
                eprintln!("leaper_widths: {e}");
                return std::process::ExitCode::from(1);
            }
        }
        return std::process::ExitCode::SUCCESS;
    }
    let report = |i: usize, _: usize, w: u64| {
        eprintln!("cell {i}: {w} states, {:.1} s", t.elapsed().as_secs_f64())
    };
    let verbose = args.iter().any(|a| a == "--verbose");
    match leaper::count_with_progress(
        &g,
        &budget,
        verbose.then_some(&report as &dyn Fn(usize, usize, u64)),
    ) {
        Ok(c) => {
            let b = g.board();
            for (r, row) in c.widths.chunks(b.cols as usize).enumerate() {
                let w: Vec<String> = row.iter().map(u64::to_string).collect();
                println!("row {r}: {}", w.join(" "));
            }
            println!(
                "{} tours; widest level {} states; {} states stepped; {:.2} s",
                c.tours,
                c.widths.iter().max().unwrap_or(&0),
                c.states(),
                t.elapsed().as_secs_f64()
            );
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("leaper_widths: {e}");
            std::process::ExitCode::from(1)
        }
    }
}
