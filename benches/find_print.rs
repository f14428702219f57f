//! Printing a long tour (`find --board 5000x5000`, 25 million cells): the table-driven
//! formatter of `tourglyph::cell_text` against the formatting it replaced (`write!` per
//! cell through a 64 KiB `BufWriter`, kept below as the baseline) and against finding the
//! tour, all in the same run, into `io::sink()`. Prints the median of a few runs of each
//! and the ratios.
//!
//! Run: `cargo bench --bench find_print` (about a minute; `FIND_PRINT_BOARD=1000x1000` for
//! a quicker run). Goal (issue 13, defect 10): printing well under a second, so the whole
//! command stays under 2.5 s.

use std::hint::black_box;
use std::io::{self, BufWriter, Write};
use std::time::{Duration, Instant};
use tourglyph::{Board, Piece};
use tourglyph::{engine::find::construction::Request, engine::find::construction::find};

/// Runs per case (median reported).
const RUNS: usize = 5;

/// Median wall time of `RUNS` runs of `f`.
fn median(mut f: impl FnMut()) -> Duration {
    let mut t: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let c = Instant::now();
            f();
            c.elapsed()
        })
        .collect();
    t.sort();
    t[RUNS / 2]
}

/// The algebraic printing `find` used before (one `write!` per rank).
fn old_algebraic(w: &mut impl Write, board: Board, cells: &[u32]) -> io::Result<()> {
    let files: Vec<String> = (0..board.cols)
        .map(|c| {
            let name = board.algebraic(c);
            name.trim_end_matches(|ch: char| ch.is_ascii_digit())
                .to_string()
        })
        .collect();
    for (i, &v) in cells.iter().enumerate() {
        let (r, c) = board.coords(v);
        if i > 0 {
            w.write_all(b" ")?;
        }
        w.write_all(files[c as usize].as_bytes())?;
        write!(w, "{}", board.rows - r)?;
    }
    w.write_all(b"\n")
}

/// The JSON printing `find` used before (one `write!` per cell).
fn old_json(w: &mut impl Write, board: Board, cells: &[u32], closed: bool) -> io::Result<()> {
    w.write_all(b"{\"cells\":[")?;
    for (i, &v) in cells.iter().enumerate() {
        let (r, c) = board.coords(v);
        if i > 0 {
            w.write_all(b",")?;
        }
        write!(w, "[{r},{c}]")?;
    }
    writeln!(w, "],\"closed\":{closed}}}")
}

/// A sink that counts bytes, so each case can show how much it wrote.
#[derive(Default)]
struct Count(u64);

impl Write for Count {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        self.0 += b.len() as u64;
        black_box(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is read from the command line.
    let board: Board = std::env::var("FIND_PRINT_BOARD")
        .unwrap_or_else(|_| "5000x5000".into())
        .parse()
        .expect("FIND_PRINT_BOARD: a board such as 5000x5000");
    let req = Request {
        board,
        piece: Piece::knight(),
        closed: false,
        start: None,
        seed: None,
    };
    let cells = find(&req).expect("an open tour").cells;
    println!(
        "find_print: {} cells of {board}, median of {RUNS} runs",
        cells.len()
    );

    let t_find = median(|| {
        black_box(find(&req).unwrap());
    });
    let run = |print: &dyn Fn(&mut BufWriter<Count>) -> io::Result<()>| {
        let mut bytes = 0;
        let t = median(|| {
            // As `find` prints: through a 64 KiB buffer over the output.
            let mut w = BufWriter::with_capacity(1 << 16, Count::default());
            print(&mut w).unwrap();
            bytes = w.into_inner().ok().unwrap().0;
        });
        (t, bytes)
    };
    let (old_t, old_tb) = run(&|w| old_algebraic(w, board, &cells));
    let (new_t, new_tb) = run(&|w| tourglyph::cell_text::write_algebraic(w, board, &cells));
    let (old_j, old_jb) = run(&|w| old_json(w, board, &cells, false));
    let (new_j, new_jb) = run(&|w| tourglyph::cell_text::write_json(w, board, &cells, false));
    assert_eq!(
        (old_tb, old_jb),
        (new_tb, new_jb),
        "the two formatters differ in size"
    );

    let s = |d: Duration| d.as_secs_f64();
    println!("{:<36} {:>8.3} s", "baseline: find the tour", s(t_find));
    for (what, old, new, bytes) in [
        ("text", old_t, new_t, new_tb),
        ("--json", old_j, new_j, new_jb),
    ] {
        println!(
            "{:<36} {:>8.3} s  ({bytes} bytes)",
            format!("print {what}, old (write! per cell)"),
            s(old)
        );
        println!(
            "{:<36} {:>8.3} s  {:.1}x faster than old, {:.2} of find's time",
            format!("print {what}, cell_text"),
            s(new),
            s(old) / s(new),
            s(new) / s(t_find)
        );
    }
}
