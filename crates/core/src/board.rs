//! Boards (`ROWSxCOLS`) and cells.
//!
//! Cells are numbered row-major, `r * cols + c`, row 0 at the top, as the guide's "Tour IDs" (docs/guide.md) fixes:
//! tour IDs depend on it. A cell is written either algebraically (`a1` is the bottom-left cell;
//! files `a`…`z`, then `aa`, `ab`, …, in either case; ranks from 1 at the bottom) or as `ROW,COL`
//! (0-based, row 0 at the top, as in JSON output).

use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

/// The largest side accepted anywhere. Engines impose tighter limits of their own.
pub const MAX_SIDE: u32 = 100_000;

/// An m×n board: `rows` ranks by `cols` files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Number of rows (ranks), ≥ 1.
    pub rows: u32,
    /// Number of columns (files), ≥ 1.
    pub cols: u32,
}

impl Board {
    /// A board of `rows` × `cols` cells. Panics on a zero side; use [`str::parse`] for
    /// user input.
    pub fn new(rows: u32, cols: u32) -> Self {
        assert!(
            rows > 0 && cols > 0,
            "a board needs at least one row and one column"
        );
        Board { rows, cols }
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// True when rows == cols (the symmetry group is then D4).
    pub fn is_square(&self) -> bool {
        self.rows == self.cols
    }

    /// Cell number of (row, col).
    #[inline]
    pub fn cell(&self, row: u32, col: u32) -> u32 {
        row * self.cols + col
    }

    /// (row, col) of a cell number.
    #[inline]
    pub fn coords(&self, cell: u32) -> (u32, u32) {
        (cell / self.cols, cell % self.cols)
    }

    /// The same board turned a quarter: rows and columns exchanged.
    pub fn transposed(&self) -> Board {
        Board {
            rows: self.cols,
            cols: self.rows,
        }
    }

    /// Parse one cell, algebraic (`e4`) or `ROW,COL`, and check it is on this board.
    pub fn parse_cell(&self, text: &str) -> Result<u32> {
        let t = text.trim();
        let (row, col) = if let Some((r, c)) = t.split_once(',') {
            let r: u32 = r.trim().parse().map_err(|_| bad_cell(text))?;
            let c: u32 = c.trim().parse().map_err(|_| bad_cell(text))?;
            (r, c)
        } else {
            // Files in either case (`E4` as `e4`), as boards (`6X6`) and pages (`A3`) are.
            let letters: String = t.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
            let digits = &t[letters.len()..];
            let letters = letters.to_ascii_lowercase();
            if letters.is_empty()
                || digits.is_empty()
                || !digits.bytes().all(|b| b.is_ascii_digit())
            {
                return Err(bad_cell(text));
            }
            // Bijective base 26: a..z = 1..26, aa = 27, …
            let mut file: u64 = 0;
            for ch in letters.bytes() {
                file = file * 26 + u64::from(ch - b'a' + 1);
                if file > u64::from(MAX_SIDE) {
                    return Err(off_board(text, self));
                }
            }
            let rank: u64 = digits.parse().map_err(|_| off_board(text, self))?;
            if rank == 0 || rank > u64::from(self.rows) || file > u64::from(self.cols) {
                return Err(off_board(text, self));
            }
            (self.rows - rank as u32, (file - 1) as u32)
        };
        if row >= self.rows || col >= self.cols {
            return Err(off_board(text, self));
        }
        Ok(self.cell(row, col))
    }

    /// Parse a list of cells separated by spaces or semicolons.
    pub fn parse_cells(&self, text: &str) -> Result<Vec<u32>> {
        let cells: Result<Vec<u32>> = text
            .split(|c: char| c == ';' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .map(|s| self.parse_cell(s))
            .collect();
        let cells = cells?;
        if cells.is_empty() {
            return Err(Error::usage(
                "empty cell list: give cells like 'a1 b3 c2' or '0,0; 2,1'",
            ));
        }
        Ok(cells)
    }

    /// Algebraic name of a cell (`a1` is bottom-left).
    pub fn algebraic(&self, cell: u32) -> String {
        let (r, c) = self.coords(cell);
        let mut file = String::new();
        let mut f = c + 1;
        while f > 0 {
            let d = (f - 1) % 26;
            file.insert(0, (b'a' + d as u8) as char);
            f = (f - 1) / 26;
        }
        format!("{file}{}", self.rows - r)
    }
}

fn bad_cell(text: &str) -> Error {
    Error::bad_value(
        "cell",
        text,
        format!(
            "bad cell '{text}': write it algebraically (e4, a1 is bottom-left) or as ROW,COL (0-based, row 0 at the top)"
        ),
    )
}

fn off_board(text: &str, b: &Board) -> Error {
    Error::bad_value("cell", text, format!("cell '{text}' is off the {b} board"))
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl FromStr for Board {
    type Err = Error;

    /// Parse `ROWSxCOLS` (`6x6`, `4X8`; `×` accepted too).
    fn from_str(s: &str) -> Result<Self> {
        let bad = || {
            Error::bad_value(
                "board",
                s,
                format!(
                    "bad board '{s}': write ROWSxCOLS with both sides from 1 to {MAX_SIDE}, e.g. 6x6"
                ),
            )
        };
        let t = s.trim();
        let (r, c) = t.split_once(['x', 'X', '×']).ok_or_else(bad)?;
        let side = |p: &str| -> Result<u32> {
            let p = p.trim();
            if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            match p.parse::<u32>() {
                Ok(v) if (1..=MAX_SIDE).contains(&v) => Ok(v),
                _ => Err(bad()),
            }
        };
        Ok(Board {
            rows: side(r)?,
            cols: side(c)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_board_or_cell_with_newline_is_one_line_error() {
        let e = "3\tby\n4".parse::<Board>().unwrap_err();
        assert!(e.to_string().starts_with("bad board '3\\tby\\n4': "), "{e}");
        let b = Board::new(3, 3);
        for text in ["a\n1", "9,\r9"] {
            let e = b.parse_cell(text).unwrap_err().to_string();
            assert!(!e.contains(['\n', '\r']), "{e}");
        }
        let e = b.parse_cell("c\u{1b}").unwrap_err().to_string();
        assert!(e.contains("'c\\u{1b}'"), "{e}");
    }

    #[test]
    fn parses_boards() {
        assert_eq!("6x6".parse::<Board>().unwrap(), Board::new(6, 6));
        assert_eq!("4X8".parse::<Board>().unwrap(), Board::new(4, 8));
        for bad in [
            "6by6",
            "0x5",
            "3x",
            "x3",
            "",
            "-1x4",
            "3x4x5",
            "99999999999x2",
            "3 x",
        ] {
            let e = bad.parse::<Board>().unwrap_err();
            assert!(e.is_usage(), "{bad}");
            assert!(e.to_string().contains("ROWSxCOLS"), "{bad}: {e}");
        }
    }

    #[test]
    fn cells_round_trip() {
        let b = Board::new(8, 30);
        for cell in 0..b.cells() as u32 {
            let name = b.algebraic(cell);
            assert_eq!(b.parse_cell(&name).unwrap(), cell, "{name}");
            let (r, c) = b.coords(cell);
            assert_eq!(b.parse_cell(&format!("{r},{c}")).unwrap(), cell);
        }
        assert_eq!(b.parse_cell("a1").unwrap(), b.cell(7, 0));
        assert_eq!(b.parse_cell("aa8").unwrap(), b.cell(0, 26));
        assert!(b.parse_cell("a9").is_err());
        assert!(b.parse_cell("8,0").is_err());
        assert!(b.parse_cell("e").is_err());
        assert_eq!(b.parse_cells("a1; b3 c2").unwrap().len(), 3);
    }

    #[test]
    fn algebraic_cells_take_capitals() {
        let b = Board::new(8, 30);
        for cell in 0..b.cells() as u32 {
            let name = b.algebraic(cell);
            assert_eq!(
                b.parse_cell(&name.to_ascii_uppercase()).unwrap(),
                cell,
                "{name}"
            );
        }
        assert_eq!(b.parse_cell("E4").unwrap(), b.parse_cell("e4").unwrap());
        assert_eq!(b.parse_cell("Ab8").unwrap(), b.parse_cell("ab8").unwrap());
        assert_eq!(
            b.parse_cells("A1; B3 c2").unwrap(),
            b.parse_cells("a1 b3 c2").unwrap()
        );
        for bad in ["É4", "E", "4E", "E4x"] {
            assert!(b.parse_cell(bad).unwrap_err().is_usage(), "{bad}");
        }
    }
}
