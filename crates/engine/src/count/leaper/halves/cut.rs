//! The cut's geometry and its symmetries: where the board is cut ([`cut`], [`open_cut`])
//! and the sweep of a side ([`side_plan`]), the middle edges and their groups, a side's
//! final state over the cut's cells ([`Cut`]), and the half turn and the mirror in the
//! middle column that map cuts onto cuts.

use crate::count::leaper::order::{LeaperOrder, depth, kept_last};
use tourglyph_core::graph::LeapGraph;

/// Widest cut: the two rows of `J` hold at most 16 cells (a 4-bit cell index).
const MAX_COLS: usize = 8;

/// Widest cut of the open tours: the two rows of `J` and the apex, at most 16 cells.
const MAX_OPEN_COLS: usize = 7;

/// The cut row for `g` when this counter applies: a board at least 4 rows deep and at
/// most 8 wide, not a torus, whose leaps span two rows (the knight's; for leaps of one
/// row one sweep is faster) and whose half sweeps fit 128-bit states.
pub fn cut(g: &LeapGraph) -> Option<usize> {
    let b = g.board();
    let (rows, cols) = (b.rows as usize, b.cols as usize);
    // Leaps of one row cross a cut only between its two rows, where one sweep's
    // frontier is already narrow: the halves pay off for leaps of two rows.
    if g.topology().is_torus() || rows < 4 || cols > MAX_COLS || depth(g) != 2 {
        return None;
    }
    let h = rows / 2;
    // The join picks middle edges as bits of a u32 (the king has 22 on 8 columns).
    (middle_edges(g, h).len() <= 32
        && side_plan(g, h, false).is_some()
        && side_plan(g, rows - h, false).is_some())
    .then_some(h)
}

/// The cut row for the open tours of `g`: as [`cut`], on boards at most 7 wide (the
/// apex is a 17th cell of the cut past that; 4 bits name a cell) whose half sweeps with
/// the apex fit 128-bit states.
pub fn open_cut(g: &LeapGraph) -> Option<usize> {
    let rows = g.board().rows as usize;
    let h = cut(g)?;
    (g.board().cols as usize <= MAX_OPEN_COLS
        && side_plan(g, h, true).is_some()
        && side_plan(g, rows - h, true).is_some())
    .then_some(h)
}

/// The sweep of the top side cut at `h`: rows `0..h − 1` in row-major order, then the
/// cells of rows `h − 1` and `h`, kept, in the order of [`kept_last`]; the edges inside
/// rows `< h` and those from row `h − 2` to row `h`. For open tours (`open`), with the
/// apex ([`LeaperOrder::build_with_apex`]) first and kept, joined to the cells of rows `< h`:
/// the bottom side, the board turned, takes the apex's edges to rows `≥ h`, so each is
/// on one side, and the half turn maps one side's apex edges onto the other's. With
/// the plan, the step of each cell of the cut ([`cut_steps`]).
pub(super) fn side_plan(g: &LeapGraph, h: usize, open: bool) -> Option<(LeaperOrder, Vec<usize>)> {
    let cols = g.board().cols as usize;
    let row = |v: u32| v as usize / cols;
    let edge = |u: u32, v: u32| {
        let (a, b) = (row(u).min(row(v)), row(u).max(row(v)));
        b < h || (a + 2 == h && b == h)
    };
    let kept = |v: u32| row(v) + 1 == h || row(v) == h;
    let (order, cut) = kept_order(g, h + 1, edge);
    let plan = if open {
        LeaperOrder::build_with_apex(g, &order, edge, kept, |v| row(v) < h)
    } else {
        LeaperOrder::build(g, &order, edge, kept)
    }?;
    Some((plan, cut_steps(&order, &cut, open)))
}

/// The middle edges in groups, by index: the connected parts of the graph they make on
/// the cut's cells, each in the order of its edges, in the order of their first edges.
/// An edge's room depends only on the edges of its group picked, so the sets of middle
/// edges are every way of taking one choice from each group: the knight's 12 on 8
/// columns make 4 paths of 3 edges (its 9.0·10^7 sets found by a search of all 12 edges
/// at once took 3.3% of knight 8×8's count).
pub(super) fn edge_groups(middle: &[(usize, usize)]) -> Vec<Vec<usize>> {
    // Each cell's group: the least cell it is joined to, found by relabelling until
    // nothing changes (at most 16 cells).
    let mut label: Vec<usize> = (0..32).collect();
    loop {
        let mut changed = false;
        for &(x, y) in middle {
            let l = label[x].min(label[y]);
            for c in [x, y] {
                if label[c] != l {
                    label[c] = l;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for (k, &(x, _)) in middle.iter().enumerate() {
        match groups.iter_mut().find(|(l, _)| *l == label[x]) {
            Some((_, g)) => g.push(k),
            None => groups.push((label[x], vec![k])),
        }
    }
    groups.into_iter().map(|(_, g)| g).collect()
}

/// The cells of rows `0..rows − 2` in row-major order, and those of the last two rows
/// (the cut's cells, in their order: row by row, left to right).
pub(super) fn kept_rows(cols: usize, rows: usize) -> (Vec<u32>, Vec<u32>) {
    let first = ((rows - 2) * cols) as u32;
    (
        (0..first).collect(),
        (first..(rows * cols) as u32).collect(),
    )
}

/// A sweep's order of the first `rows` rows whose last two are kept (on the edges
/// `edge` accepts): the rows above them row by row, then theirs in [`kept_last`]'s
/// order; and the kept cells in the cut's order ([`kept_rows`]).
pub(in crate::count::leaper) fn kept_order(
    g: &LeapGraph,
    rows: usize,
    edge: impl Fn(u32, u32) -> bool,
) -> (Vec<u32>, Vec<u32>) {
    let (first, cut) = kept_rows(g.board().cols as usize, rows);
    let last = kept_last(g, &first, &cut, edge);
    (first.into_iter().chain(last).collect(), cut)
}

/// The step of a sweep of `order` at which each cell of `cut` comes, in `cut`'s order,
/// then the apex's (step 0, before `order`) when `apex`.
pub(in crate::count::leaper) fn cut_steps(order: &[u32], cut: &[u32], apex: bool) -> Vec<usize> {
    let shift = usize::from(apex);
    cut.iter()
        .map(|&v| {
            shift
                + order
                    .iter()
                    .position(|&u| u == v)
                    .expect("the cut's cells are in the order")
        })
        .chain(apex.then_some(0))
        .collect()
}

/// The cells of the cut: the `2·cols` of `J`, and the apex (cell `2·cols`) when the
/// tours are open.
pub(super) fn cut_cells(g: &LeapGraph, open: bool) -> usize {
    2 * g.board().cols as usize + usize::from(open)
}

/// A side's final state over the cells of `J` (row `h − 1` then row `h`, left to
/// right): 2 bits of degree and 4 bits of path-end partner per cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(in crate::count::leaper) struct Cut {
    pub(in crate::count::leaper) degrees: u32,
    pub(in crate::count::leaper) partners: u64,
}

/// The same cut of `n` cells seen from the board turned half round: cell `i` of `J`
/// (`i < j`) is cell `j − 1 − i` there; the apex (cell `j`, when `n > j`) is itself.
pub(in crate::count::leaper) fn turn(c: Cut, j: usize, n: usize) -> Cut {
    let turned = turned_cells(j);
    let mut t = Cut {
        degrees: 0,
        partners: 0,
    };
    for i in 0..n {
        let k = turned[i];
        t.degrees |= ((c.degrees >> (2 * i)) & 3) << (2 * k);
        let p = ((c.partners >> (4 * i)) & 15) as usize;
        t.partners |= (turned[p] as u64) << (4 * k);
    }
    t
}

/// Each cell of a cut with `j` cells in `J`, seen from the board turned half round
/// (as [`turn`] moves them).
pub(super) fn turned_cells(j: usize) -> [usize; 16] {
    std::array::from_fn(|i| if i < j { j - 1 - i } else { i })
}

/// The degrees of a cut's mirror image in the board's middle column (the apex, past
/// the cells of `J`, is itself).
pub(in crate::count::leaper) fn mirror(degrees: u32, cols: usize) -> u32 {
    // 2 bits a cell of J; what lies past them (the apex) stays.
    let past = 4 * cols as u32;
    let mut m = if past < 32 {
        degrees >> past << past
    } else {
        0
    };
    for i in 0..2 * cols {
        m |= ((degrees >> (2 * i)) & 3) << (2 * mirror_cell(i, cols));
    }
    m
}

/// Cell `i` of `J` (two rows `cols` wide, row-major) after the mirror in the board's
/// middle column.
pub(in crate::count::leaper) fn mirror_cell(i: usize, cols: usize) -> usize {
    i / cols * cols + cols - 1 - i % cols
}

/// Each cell of a cut's image in the board's middle column, `cols` wide (the apex,
/// past the cells of J, is its own image).
pub(super) fn mirror_cells(cols: usize) -> [usize; 16] {
    let mut cell: [usize; 16] = std::array::from_fn(|i| i);
    for (i, c) in cell.iter_mut().enumerate().take(2 * cols) {
        *c = mirror_cell(i, cols);
    }
    cell
}

/// The middle edges as pairs of indices into `J`.
pub(super) fn middle_edges(g: &LeapGraph, h: usize) -> Vec<(usize, usize)> {
    let cols = g.board().cols as usize;
    let first = (h - 1) * cols;
    let mut out = Vec::new();
    for u in first..first + cols {
        for &v in g.neighbours(u as u32) {
            let v = v as usize;
            if v / cols == h {
                out.push((u - first, v - first));
            }
        }
    }
    out.sort_unstable();
    out
}

/// Each vertex of `g` (a board's cells, row-major, and the apex past them) after the
/// mirror in the board's middle column (the apex is its own image).
pub(super) fn board_mirror(g: &LeapGraph) -> impl Fn(u32) -> u32 + use<> {
    let cols = g.board().cols as usize;
    let cells = g.vertex_count() as u32;
    move |v: u32| {
        if v < cells {
            mirror_cell(v as usize, cols) as u32
        } else {
            v
        }
    }
}

/// The path ends (cells of degree 1) of degree vector `degrees` of `n` cells moved by
/// `cell` (a symmetry of the cut): each end's partner field's shift and its image's, in
/// increasing order of the ends; how many there are.
pub(super) fn moved_ends(degrees: u32, n: usize, cell: &[usize; 16]) -> ([(u32, u32); 16], usize) {
    let mut ends = [(0u32, 0u32); 16];
    let mut count = 0;
    for i in ends_of(degrees, n) {
        ends[count] = (4 * i as u32, 4 * cell[i] as u32);
        count += 1;
    }
    (ends, count)
}

/// Partners `p`'s path-end fields (`ends`, from [`moved_ends`]) moved by `cell`: each
/// end's partner's image, at the end's image; 0 in every other field.
#[inline]
pub(super) fn moved(p: u64, ends: &[(u32, u32)], cell: &[usize; 16]) -> u64 {
    let mut m = 0u64;
    for &(at, to) in ends {
        m |= (cell[((p >> at) & 15) as usize] as u64) << to;
    }
    m
}

/// The path ends (cells of degree 1) of a degree vector of `n` cells, increasing.
fn ends_of(degrees: u32, n: usize) -> impl Iterator<Item = usize> {
    (0..n).filter(move |&i| (degrees >> (2 * i)) & 3 == 1)
}

/// [`ends_of`], as bytes.
pub(super) fn end_cells(degrees: u32, n: usize) -> Vec<u8> {
    ends_of(degrees, n).map(|i| i as u8).collect()
}

/// 3^i.
pub(super) const POW3: [usize; 16] = {
    let mut p = [1usize; 16];
    let mut i = 1;
    while i < 16 {
        p[i] = 3 * p[i - 1];
        i += 1;
    }
    p
};

/// A degree vector (2 bits a cell) in base 3 (a digit a cell).
pub(super) fn base3(degrees: u32, j: usize) -> usize {
    (0..j)
        .map(|i| ((degrees >> (2 * i)) & 3) as usize * POW3[i])
        .sum()
}

/// A degree vector of `n` cells seen from the board turned half round (see [`turn`]).
pub(super) fn turn_degrees(degrees: u32, j: usize, n: usize) -> u32 {
    turn(
        Cut {
            degrees,
            partners: 0,
        },
        j,
        n,
    )
    .degrees
}

/// Partners packed 4 bits a cell (as in [`Cut`]), a byte a cell.
pub(super) fn unpack_partners(p: u64) -> [u8; 16] {
    let mut out = [0u8; 16];
    for (i, x) in out.iter_mut().enumerate() {
        *x = ((p >> (4 * i)) & 15) as u8;
    }
    out
}

/// A degree vector (2 bits a cell), a byte a cell.
pub(super) fn cells(degrees: u32, j: usize) -> [u8; 16] {
    let mut d = [0u8; 16];
    for (i, x) in d.iter_mut().enumerate().take(j) {
        *x = ((degrees >> (2 * i)) & 3) as u8;
    }
    d
}
