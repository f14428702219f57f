//! A torus count that can stop and go on (engine `count::torus::count_resumable`): each
//! seam class's residues are appended to FILE as one JSON line as soon as the class is
//! swept, and a later run with the same FILE sweeps only the classes missing. For counts
//! that take longer than a session (11×11):
//!
//!     cargo run --release -p tourglyph-bench --example torus_resume -- 11x11 docs/records/a222199-11x11.jsonl
//!
//! A line cut short by a kill is dropped when the file is read again.
use std::cell::RefCell;
use std::io::Write;
use tourglyph::Board;
use tourglyph::engine::count::torus;

/// The numbers after `"key":` (one, or a bracketed list) in a record line.
fn field(line: &str, key: &str) -> Option<Vec<u64>> {
    let at = line.find(&format!("\"{key}\":"))? + key.len() + 3;
    let rest = &line[at..];
    let text = if let Some(list) = rest.strip_prefix('[') {
        &list[..list.find(']')?]
    } else {
        &rest[..rest.find([',', '}'])?]
    };
    text.split(',').map(|x| x.trim().parse().ok()).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [board_arg, path] = &args[..] else {
        eprintln!("usage: torus_resume MxN FILE");
        std::process::exit(2);
    };
    let sides: Vec<u32> = board_arg
        .split('x')
        .filter_map(|x| x.parse().ok())
        .collect();
    let [rows, cols] = sides[..] else {
        eprintln!("torus_resume: the board is MxN, such as 11x11, not {board_arg}");
        std::process::exit(2);
    };
    let board = Board::new(rows, cols);
    let name = format!("\"board\":\"{board}\"");
    // The complete lines recorded so far; a partial last line is cut off.
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    let mut done = Vec::new();
    for line in text[..complete].lines() {
        let parsed = (|| {
            let seam = *field(line, "seam")?.first()?;
            Some((
                seam as u32,
                field(line, "primes")?,
                field(line, "residues")?,
            ))
        })();
        match parsed {
            Some(rec) if line.contains(&name) => done.push(rec),
            _ => {
                eprintln!(
                    "torus_resume: {path} holds a line that is not a record of {board}: {line}"
                );
                std::process::exit(2);
            }
        }
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|f| {
            f.set_len(complete as u64)?;
            Ok(f)
        })
        .unwrap_or_else(|e| {
            eprintln!("torus_resume: cannot write {path}: {e}");
            std::process::exit(1);
        });
    let file = RefCell::new(file);
    let t = std::time::Instant::now();
    let record = |seam: u32, primes: &[u64], residues: &[u64]| {
        let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let line = format!(
            "{{{name},\"seam\":{seam},\"primes\":[{}],\"residues\":[{}],\"seconds\":{:.0}}}\n",
            list(primes),
            list(residues),
            t.elapsed().as_secs_f64()
        );
        let mut f = file.borrow_mut();
        if let Err(e) = f.write_all(line.as_bytes()).and_then(|()| f.flush()) {
            eprintln!("torus_resume: cannot write {path}: {e}");
            std::process::exit(1);
        }
    };
    let progress =
        |d: usize, n: usize| eprintln!("{d}/{n} seam classes, {:.0} s", t.elapsed().as_secs_f64());
    eprintln!("{} seam classes recorded before", done.len());
    let resume = torus::Resume {
        done: &done,
        record: &record,
    };
    match torus::count_resumable(board, &torus::plan(board), &resume, Some(&progress)) {
        Ok(c) => println!("{}", c.tours),
        Err(e) => {
            eprintln!("torus_resume: {e}");
            std::process::exit(1);
        }
    }
}
