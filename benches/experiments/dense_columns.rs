//! Time the dense rook-tour counter column by column: one sweep modulo `P` (default 2^64)
//! on an n×n board, timed through the progress callback, then the mean time of a cell of
//! each column (the time before a row's first cell includes the previous row's end), in
//! wall time and in the process's CPU time (user + system, all threads: steadier than
//! the wall time on a shared machine).
//!
//! ```text
//! cargo run --release --example dense_columns -- 18x18 [P]
//! ```
//! `RAYON_NUM_THREADS` sets the thread count.

use std::cell::RefCell;
use std::time::Instant;
use tourglyph::Board;
use tourglyph::{engine::count::crt::Modulus, engine::count::modular};

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = args.first().map(|b| b.parse::<Board>());
    let Some(Ok(board)) = parsed else {
        eprintln!("usage: dense_columns ROWSxCOLS [MODULUS]");
        return std::process::ExitCode::from(2);
    };
    let m = match args.get(1).map(|s| Modulus::parse(s)) {
        None => Modulus::TwoTo64,
        Some(Ok(m)) => m,
        Some(Err(e)) => {
            eprintln!("dense_columns: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let w = board.rows.min(board.cols) as usize;
    // Wall and CPU seconds per column, cells per column, and the times of the last call.
    let per = RefCell::new((vec![(0f64, 0f64); w], vec![0u32; w], Instant::now(), cpu()));
    let start = Instant::now();
    let tick = |done: usize, _total: usize| {
        let mut p = per.borrow_mut();
        let (now, cpu_now) = (Instant::now(), cpu());
        let c = (done - 1) % w;
        p.0[c].0 += (now - p.2).as_secs_f64();
        p.0[c].1 += cpu_now - p.3;
        p.1[c] += 1;
        (p.2, p.3) = (now, cpu_now);
    };
    let cpu_start = cpu();
    (per.borrow_mut().2, per.borrow_mut().3) = (Instant::now(), cpu_start);
    let residue = match modular::count_mod(board, m, Some(&tick)) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("dense_columns: {e}");
            return std::process::ExitCode::from(1);
        }
    };
    let total = start.elapsed().as_secs_f64();
    let total_cpu = cpu() - cpu_start;
    let (secs, cells, _, _) = per.into_inner();
    println!("{board} modulo {m}: residue {residue}, {total:.3} s wall, {total_cpu:.3} s CPU");
    println!("column  wall ms/cell  CPU ms/cell  CPU share");
    for c in 0..w {
        if cells[c] > 0 {
            let n = f64::from(cells[c]);
            println!(
                "{c:6} {:13.2} {:12.2} {:9.1}%",
                1e3 * secs[c].0 / n,
                1e3 * secs[c].1 / n,
                100.0 * secs[c].1 / total_cpu
            );
        }
    }
    std::process::ExitCode::SUCCESS
}

/// Seconds of CPU time (user and system) used by the process so far.
fn cpu() -> f64 {
    let mut u = std::mem::MaybeUninit::<libc::rusage>::uninit();
    // SAFETY: getrusage fills the struct it is given and returns 0 on success.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, u.as_mut_ptr()) } != 0 {
        return 0.0;
    }
    // SAFETY: initialised by the successful call above.
    let u = unsafe { u.assume_init() };
    let t = |v: libc::timeval| v.tv_sec as f64 + v.tv_usec as f64 * 1e-6;
    t(u.ru_utime) + t(u.ru_stime)
}
