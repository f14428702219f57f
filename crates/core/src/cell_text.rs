//! Long cell sequences as text, fast: `find` prints tours of up to 25 million cells
//! (5000×5000) on one line, algebraically (`a8 b6 …`) or as JSON (`[[0,0],[1,2],…]`).
//!
//! Every cell name is made of two parts that depend on the row alone or the column alone
//! (algebraic: file letters and rank digits; JSON: `[row,` and `col]`), so both are
//! formatted once per row and once per column into fixed-width table entries. Each cell
//! then costs two fixed-size copies into a chunk buffer, which is written out whole when
//! it is full (a few MiB: one write call per chunk, memory independent of the tour's
//! length). `Board::coords` divides by the column count; the divisions here use Lemire's
//! multiply-and-shift instead ("Faster remainder by direct computation", Lemire, Kaser and
//! Kurz, Software: Practice and Experience 49 (2019)), exact for every 32-bit cell number.
//!
//! The bytes are the ones `write!` with `Board::algebraic` would give, a test checks it.

use crate::board::Board;
use std::io::{self, Write};

/// Width of a table entry: a separator, at most 6 rank digits (sides up to 100,000) or
/// 5 JSON digits with brackets, or at most 4 file letters; the rest is padding.
const W: usize = 16;
/// Bytes gathered before each write.
const CHUNK: usize = 1 << 22;

/// Names of rows or columns, each padded to [`W`] bytes, with their true lengths.
struct Table {
    entries: Vec<[u8; W]>,
    lens: Vec<u8>,
}

impl Table {
    /// The table of `n` names, `name(i)` for each index.
    fn new(n: u32, mut name: impl FnMut(u32) -> String) -> Table {
        let mut entries = Vec::with_capacity(n as usize);
        let mut lens = Vec::with_capacity(n as usize);
        for i in 0..n {
            let s = name(i);
            let b = s.as_bytes();
            assert!(b.len() <= W, "cell name part '{s}' longer than {W} bytes");
            let mut e = [0u8; W];
            e[..b.len()].copy_from_slice(b);
            entries.push(e);
            lens.push(b.len() as u8);
        }
        Table { entries, lens }
    }
}

/// Row and column of cell numbers of one board, without a division instruction.
#[derive(Clone, Copy)]
struct Coords {
    cols: u32,
    /// ⌈2^64 / cols⌉ (Lemire et al.): `v / cols` is the high half of `m · v` (128-bit).
    m: u64,
}

impl Coords {
    fn new(cols: u32) -> Coords {
        Coords {
            cols,
            m: (u64::MAX / u64::from(cols)).wrapping_add(1),
        }
    }

    #[inline]
    fn get(self, v: u32) -> (usize, usize) {
        // cols = 1: m wraps to 0 and the quotient is v itself.
        let r = if self.cols == 1 {
            v
        } else {
            ((u128::from(self.m) * u128::from(v)) >> 64) as u32
        };
        (r as usize, (v - r * self.cols) as usize)
    }
}

/// Appends cells to a chunk buffer as the concatenation of a row part and a column part,
/// writing the buffer out whenever it holds [`CHUNK`] bytes.
struct Chunks<'w, Wr: Write> {
    w: &'w mut Wr,
    buf: Vec<u8>,
    pos: usize,
}

impl<'w, Wr: Write> Chunks<'w, Wr> {
    fn new(w: &'w mut Wr, total: usize) -> Self {
        // Small outputs get a small buffer; 2·W bytes of slack for the fixed-size copies.
        let size = total.min(CHUNK) + 2 * W;
        Chunks {
            w,
            buf: vec![0; size],
            pos: 0,
        }
    }

    /// Append `len` bytes of `entry` (the whole entry is copied; the tail is overwritten
    /// by what follows).
    #[inline]
    fn put(&mut self, entry: &[u8; W], len: u8) {
        self.buf[self.pos..self.pos + W].copy_from_slice(entry);
        self.pos += usize::from(len);
    }

    /// Write the buffer out when another cell might not fit.
    #[inline]
    fn spill(&mut self) -> io::Result<()> {
        if self.pos + 2 * W > self.buf.len() {
            self.w.write_all(&self.buf[..self.pos])?;
            self.pos = 0;
        }
        Ok(())
    }

    fn put_slice(&mut self, s: &[u8]) -> io::Result<()> {
        self.w.write_all(&self.buf[..self.pos])?;
        self.pos = 0;
        self.w.write_all(s)
    }

    /// The cells, each as a lead part (`first` for the first cell, `rest` for the others,
    /// which starts with the separator) and a tail part. The lead is indexed by the
    /// column when `file_first` (algebraic: file, then rank), else by the row (JSON).
    fn cells(
        &mut self,
        board: Board,
        cells: &[u32],
        [first, rest, tail]: [&Table; 3],
        file_first: bool,
    ) -> io::Result<()> {
        let at = Coords::new(board.cols);
        for (k, &v) in cells.iter().enumerate() {
            let (r, c) = at.get(v);
            let (a, b) = if file_first { (c, r) } else { (r, c) };
            let lead = if k == 0 { first } else { rest };
            self.put(&lead.entries[a], lead.lens[a]);
            self.put(&tail.entries[b], tail.lens[b]);
            self.spill()?;
        }
        Ok(())
    }
}

/// Write `cells` as algebraic names (`a1` bottom-left) separated by spaces, and a newline.
/// Cells must be on `board`.
pub fn write_algebraic(w: &mut impl Write, board: Board, cells: &[u32]) -> io::Result<()> {
    let files = Table::new(board.cols, |c| file_letters(board, c));
    let spaced = Table::new(board.cols, |c| format!(" {}", file_letters(board, c)));
    let ranks = Table::new(board.rows, |r| (board.rows - r).to_string());
    let mut out = Chunks::new(w, cells.len() * 8 + 1);
    out.cells(board, cells, [&files, &spaced, &ranks], true)?;
    out.put_slice(b"\n")
}

/// The file letters of column `c` (`a`…`z`, `aa`, …), as [`Board::algebraic`] names them.
fn file_letters(board: Board, c: u32) -> String {
    let name = board.algebraic(board.cell(0, c));
    name.trim_end_matches(|ch: char| ch.is_ascii_digit())
        .to_string()
}

/// Write `{"cells":[[row,col],…],"closed":BOOL}` and a newline. Cells must be on `board`.
pub fn write_json(w: &mut impl Write, board: Board, cells: &[u32], closed: bool) -> io::Result<()> {
    let first = Table::new(board.rows, |r| format!("[{r},"));
    let rest = Table::new(board.rows, |r| format!(",[{r},"));
    let cols = Table::new(board.cols, |c| format!("{c}]"));
    w.write_all(b"{\"cells\":[")?;
    let mut out = Chunks::new(w, cells.len() * 12 + 1);
    out.cells(board, cells, [&first, &rest, &cols], false)?;
    out.put_slice(format!("],\"closed\":{closed}}}\n").as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write as _;

    /// The straightforward formatting these functions replace.
    fn plain_algebraic(board: Board, cells: &[u32]) -> String {
        let names: Vec<String> = cells.iter().map(|&v| board.algebraic(v)).collect();
        names.join(" ") + "\n"
    }

    fn plain_json(board: Board, cells: &[u32], closed: bool) -> String {
        let mut s = String::from("{\"cells\":[");
        for (i, &v) in cells.iter().enumerate() {
            let (r, c) = board.coords(v);
            if i > 0 {
                s.push(',');
            }
            write!(s, "[{r},{c}]").unwrap();
        }
        writeln!(s, "],\"closed\":{closed}}}").unwrap();
        s
    }

    fn text(f: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> String {
        let mut v = Vec::new();
        f(&mut v).unwrap();
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn same_bytes_as_the_plain_formatting() {
        // Narrow, wide (two- and three-letter files), one column, one row, the largest
        // side; cells in a scrambled order, sequences longer than one chunk.
        let boards = [
            Board::new(8, 8),
            Board::new(1, 1),
            Board::new(5, 1),
            Board::new(1, 30),
            Board::new(3, 800),
            Board::new(1000, 1000),
            Board::new(2, 100_000),
            Board::new(100_000, 3),
        ];
        for b in boards {
            let n = b.cells() as u64;
            let mut cells: Vec<u32> = (0..n).map(|i| (i * 7919 % n) as u32).collect();
            if n > 1 {
                cells.push((n - 1) as u32);
            }
            assert_eq!(
                text(|w| write_algebraic(w, b, &cells)),
                plain_algebraic(b, &cells),
                "{b}"
            );
            for closed in [false, true] {
                assert_eq!(
                    text(|w| write_json(w, b, &cells, closed)),
                    plain_json(b, &cells, closed),
                    "{b}"
                );
            }
        }
        assert_eq!(text(|w| write_algebraic(w, Board::new(3, 3), &[])), "\n");
    }

    #[test]
    fn division_by_multiplication_is_exact() {
        for cols in [1u32, 2, 3, 7, 26, 641, 5000, 99_999, 100_000, u32::MAX] {
            let at = Coords::new(cols);
            for v in [0u32, 1, cols - 1, cols, u32::MAX - 1, u32::MAX]
                .into_iter()
                .chain((0..2000).map(|i| i * 2_147_483 + 13))
            {
                let (r, c) = at.get(v);
                assert_eq!((r as u32, c as u32), (v / cols, v % cols), "{v} / {cols}");
            }
        }
    }
}
