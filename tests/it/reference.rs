//! Published figures the tests check the engines against, transcribed once, each table
//! with its source. The suite reads nothing outside the repository: a figure a test needs
//! is added here, with its source, and the test takes it from here.
//!
//! Conventions: a rook tour is a Hamiltonian cycle of the grid of cells (one-step
//! orthogonal moves) counted as an undirected edge set. OEIS indexes grids by points,
//! which are our cells: an "m X n grid graph" there is our m×n board.

#![allow(dead_code)]

/// A published count of tours on a `rows`×`cols` board, in decimal: the largest
/// (18×18 and up) do not fit in a `u128`.
#[derive(Clone, Copy, Debug)]
pub struct Figure {
    pub rows: u32,
    pub cols: u32,
    pub count: &'static str,
}

impl Figure {
    /// The count as a number; for the figures that fit in a `u128`.
    pub fn value(&self) -> u128 {
        self.count.parse().unwrap_or_else(|_| {
            panic!(
                "{}x{}: {} does not fit in a u128",
                self.rows, self.cols, self.count
            )
        })
    }

    /// The board as the CLI writes it, `ROWSxCOLS`.
    pub fn board(&self) -> String {
        format!("{}x{}", self.rows, self.cols)
    }

    /// Cells on the board.
    pub fn cells(&self) -> u32 {
        self.rows * self.cols
    }
}

const fn f(rows: u32, cols: u32, count: &'static str) -> Figure {
    Figure { rows, cols, count }
}

/// The figure for `rows`×`cols` in `table`, which must hold it.
pub fn lookup(table: &[Figure], rows: u32, cols: u32) -> Figure {
    *table
        .iter()
        .find(|x| x.rows == rows && x.cols == cols)
        .unwrap_or_else(|| panic!("no {rows}x{cols} figure in the table"))
}

/// The figure for `rows`×`cols` in `table`, as a number.
pub fn value(table: &[Figure], rows: u32, cols: u32) -> u128 {
    lookup(table, rows, cols).value()
}

/// Closed rook tours of the 2n×2n board: OEIS A003763 (Jacobsen 2007 for the larger
/// terms).
pub const A003763: &[Figure] = &[
    f(2, 2, "1"),
    f(4, 4, "6"),
    f(6, 6, "1072"),
    f(8, 8, "4638576"),
    f(10, 10, "467260456608"),
    f(12, 12, "1076226888605605706"),
    f(14, 14, "56126499620491437281263608"),
    f(16, 16, "65882516522625836326159786165530572"),
    f(18, 18, "1733926377888966183927790794055670829347983946"),
    f(
        20,
        20,
        "1020460427390768793543026965678152831571073052662428097106",
    ),
];

/// Closed rook tours of the 2n×2n board up to rotations and reflections: OEIS A209077
/// (Wynn 2014, arXiv:1402.0545, for 10×10 and beyond; its table, and the sequence, end
/// at 20×20).
pub const A209077: &[Figure] = &[
    f(2, 2, "1"),
    f(4, 4, "2"),
    f(6, 6, "149"),
    f(8, 8, "580717"),
    f(10, 10, "58407763266"),
    f(12, 12, "134528361351329451"),
    f(14, 14, "7015812452562871283559623"),
    f(16, 16, "8235314565328229583744138065519908"),
    f(18, 18, "216740797236120772990979350241355889872437894"),
    f(
        20,
        20,
        "127557553423846099192878370713500303677609606263171680998",
    ),
];

/// Closed rook tours of the 2n×2n board fixed by both mirrors (and so by the half turn):
/// OEIS A238818 (Wynn 2014; to 20×20).
pub const A238818: &[Figure] = &[
    f(4, 4, "2"),
    f(6, 6, "6"),
    f(8, 8, "40"),
    f(10, 10, "488"),
    f(12, 12, "13782"),
    f(14, 14, "757626"),
    f(16, 16, "95835196"),
    f(18, 18, "24236840344"),
    f(20, 20, "13996574799274"),
];

/// Closed rook tours of the 4×n board, n = 2, 3, …: OEIS A006864 (4×6 = 37 is also the
/// figure of the rook-tour essay, seed 000).
pub const A006864: &[Figure] = &[
    f(4, 2, "1"),
    f(4, 3, "2"),
    f(4, 4, "6"),
    f(4, 5, "14"),
    f(4, 6, "37"),
    f(4, 7, "92"),
    f(4, 8, "236"),
    f(4, 9, "596"),
    f(4, 10, "1517"),
    f(4, 11, "3846"),
    f(4, 12, "9770"),
];

/// Closed rook tours of the m×n board, terms of the table OEIS A321172.
pub const A321172: &[Figure] = &[
    f(3, 4, "2"),
    f(3, 6, "4"),
    f(5, 6, "154"),
    f(6, 8, "32675"),
    f(8, 10, "681728204"),
];

/// Closed knight's tours as undirected cycles: OEIS A001230 (8×8 is a count only, far
/// beyond enumeration here).
pub const A001230: &[Figure] = &[f(6, 6, "9862"), f(8, 8, "13267364410532")];

/// Closed knight's tours of 6×6 up to the 8 symmetries of the square: 1,245 (G. P.
/// Jelliss, "Closed knight's tours of the 6 by 6 board": 5 with quaternary symmetry, 17
/// with binary, 1,223 asymmetric; 5·2 + 17·4 + 1223·8 = 9,862).
pub const KNIGHT_6X6_CLASSES: u128 = 1_245;

/// Closed knight's tours of the 6×n board: OEIS A175881.
pub const A175881: &[Figure] = &[
    f(6, 5, "8"),
    f(6, 6, "9862"),
    f(6, 7, "1067638"),
    f(6, 8, "55488142"),
];

/// Open knight's tours (Hamiltonian paths) counted as directed sequences, so each
/// undirected path twice: OEIS A165134.
pub const A165134_DIRECTED: &[Figure] = &[f(5, 5, "1728"), f(6, 6, "6637920")];

/// Open rook tours (Hamiltonian paths, undirected) of the n×n board: OEIS A120443.
pub const A120443: &[Figure] = &[
    f(4, 4, "276"),
    f(5, 5, "4324"),
    f(6, 6, "229348"),
    f(7, 7, "13535280"),
    f(8, 8, "3023313284"),
];

/// Schwenk (1991), "Which rectangular chessboards have a knight's tour?": with m ≤ n,
/// the m×n board has a closed knight's tour unless m and n are both odd, m is 1, 2 or 4,
/// or m = 3 and n is 4, 6 or 8.
pub fn schwenk_closed_tour_exists(rows: u32, cols: u32) -> bool {
    let (m, n) = (rows.min(cols), rows.max(cols));
    !(m % 2 == 1 && n % 2 == 1 || matches!(m, 1 | 2 | 4) || m == 3 && matches!(n, 4 | 6 | 8))
}

/// Brazeal's sliding-pieces puzzle on 8×8 as analysed in seed 002 (the sliding-rooks
/// essay): four pieces start in the corners, the goal is the four centre squares.
pub mod slide {
    /// Configurations of four pieces on 8×8 up to the board's 8 symmetries (of
    /// C(64, 4) = 635,376).
    pub const CLASSES: u64 = 79_920;
    /// Four rooks: fewest moves to the goal.
    pub const ROOKS_MIN_MOVES: u64 = 25;
    /// Four rooks: moves from the start to the farthest reachable configuration.
    pub const ROOKS_FARTHEST: u64 = 32;
    /// Four rooks: configurations reachable from the start.
    pub const ROOKS_REACHABLE: u64 = 218_412;
    /// Four rooks: classes reachable from the start.
    pub const ROOKS_REACHABLE_CLASSES: u64 = 27_467;
    /// Four queens: fewest moves to the goal.
    pub const QUEENS_MIN_MOVES: u64 = 12;
    /// Four queens: classes reachable from the start.
    pub const QUEENS_REACHABLE_CLASSES: u64 = 77_766;
    /// Four queens: the classes they cannot reach, each a strongly connected component
    /// of its own.
    pub const QUEENS_SINGLETONS: u64 = 2_154;
}
