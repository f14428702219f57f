//! Classes of closed rook tours on the torus by Burnside's lemma, where the tours are too
//! many to test one by one.
//!
//! The torus's group G (`tourglyph_core::symmetry::torus`: each symmetry of the board
//! followed by each translation, 8·m·n or 4·m·n elements) has
//! (1/|G|) Σ_σ Fix(σ) classes. Fix(identity) is the count of [`crate::count::torus`];
//! every other Fix(σ) is a count on the quotient of the torus by ⟨σ⟩, which has at most
//! half the cells. Let σ ≠ id and C a tour with σ(C) = C. σ maps the cycle C onto itself,
//! so it acts on C as a rotation or as a reflection of the cycle:
//!
//! - **Turned** (σ acts on C as a rotation). No power of σ other than the identity fixes
//!   a cell (it would fix every cell of C), so every cell orbit has σ's order k. Number
//!   the cells of each orbit x₀, σx₀, σ²x₀, … (the sheet of σʲx₀ is j) and give the
//!   quotient graph Q (one vertex per orbit, one edge per edge orbit) the voltage
//!   sheet(y) − sheet(x) on the edge orbit of (x, y). C/σ is a Hamiltonian cycle of Q,
//!   and a Hamiltonian cycle of Q lifts to a single cycle of the torus exactly when its
//!   voltages add up to a generator of Z_k (Gross and Tucker 1977, the lifts of closed
//!   walks in a regular covering). So Fix(σ) counts those cycles of Q
//!   ([`voltage::Sweep`]).
//! - **Reflected** (σ acts on C as a reflection). Then σ² fixes every cell: σ is an
//!   involution, and a reflection of a cycle fixes two of its points (cells, or edges
//!   whose ends it swaps), or one of each when the cycle is odd. Every cell σ fixes is on
//!   C, so σ fixes at most two cells, and C is a path P through one cell of each orbit
//!   from one fixed point to the other, closed by σ(P). In Q, P is a Hamiltonian path
//!   between two *terminals*: the fixed cells, and the orbits {u, σu} with u next to σu.
//!   An apex z joined to the terminals turns these paths into Hamiltonian cycles of
//!   Q + z: z is joined to both fixed cells when σ fixes two, to the one fixed cell (an
//!   edge every cycle must use) and every orbit {u, σu} when it fixes one, and to every
//!   orbit {u, σu} when it fixes none. Each such path lifts to exactly one tour.
//!
//! Any other σ (a power that fixes some cells but not all, or an involution fixing
//! three or more cells, such as a mirror through a line of cells) fixes no tour. Fix is a
//! class function, so it is computed once per conjugacy class (the elements are named by
//! the images of three cells, which fix an affine map of the torus). The quotients by a
//! half turn or a translation of order 2 are the largest: half the cells, with a
//! frontier about as wide as the torus's narrower side.

use super::{torus, voltage};
use crate::count::progress::ProgressFn;
use num_bigint::BigUint;
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use tourglyph_core::board::Board;
use tourglyph_core::error::{Error, Result};
use tourglyph_core::symmetry::{Sym, torus::group_cell_maps};
use tourglyph_core::{Piece, TourKind};

/// Burnside's figures for the closed rook tours of a torus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classes {
    /// The number of tours (the identity's fixed count).
    pub tours: BigUint,
    /// The number of classes up to translations and the board's symmetries.
    pub classes: BigUint,
    /// The order of the group.
    pub order: usize,
    /// The fixed counts added up over each coset of the translations, by the board
    /// symmetry that the translations follow, in `Sym::group` order; under `Sym::Id`
    /// the translations other than the identity.
    pub fixed: Vec<(Sym, BigUint)>,
}

/// The widest frontier (vertices of a quotient at once) that the fixed counts sweep.
/// Measured on the reference machine (all of a torus's fixed counts, two threads):
/// 10×10 2.2 s and 129 MB (its half turns sweep 12 wide), 9×12 16 s and 535 MB, 11×12
/// 22 s and 518 MB; the states grow about threefold a vertex of width.
pub const MAX_QUOTIENT_WIDTH: u32 = 14;

/// The fixed counts of a torus, planned: every quotient's sweep chosen and its width
/// checked, nothing counted yet.
pub struct TorusClassPlan {
    board: Board,
    /// Each group element's conjugacy class (the identity's is 0).
    class: Vec<usize>,
    /// One representative per class but the identity's, with its sweeps, the widest
    /// first (so that the threads finish together).
    sweeps: Vec<(usize, Vec<voltage::Sweep>)>,
}

impl TorusClassPlan {
    /// Plan the fixed counts of the `board` torus: refused, before anything is counted,
    /// where the torus counter refuses and when a quotient's sweep would be wider than
    /// [`MAX_QUOTIENT_WIDTH`].
    pub fn new(board: Board) -> Result<TorusClassPlan> {
        torus::check(board)?;
        let maps = group_cell_maps(board);
        if maps.len() != Sym::group(board).len() * board.cells() {
            return Err(Error::runtime(format!(
                "internal error: the {board} torus's group has repeated elements"
            )));
        }
        let class = conjugacy_classes(board, &maps);
        let g = tourglyph_core::torus::graph(board, &Piece::rook(), TourKind::Closed)?;
        let mut reps: Vec<usize> = Vec::new();
        let mut seen = FxHashSet::default();
        for (i, &c) in class.iter().enumerate().skip(1) {
            if seen.insert(c) {
                reps.push(i);
            }
        }
        let mut sweeps: Vec<(usize, Vec<voltage::Sweep>)> = reps
            .par_iter()
            .map(|&i| sweeps(board, g.edges(), &maps[i]).map(|s| (i, s)))
            .collect::<Result<_>>()?;
        let width = |s: &[voltage::Sweep]| s.iter().map(voltage::Sweep::widest).max().unwrap_or(0);
        sweeps.sort_by_key(|(i, s)| (std::cmp::Reverse(width(s)), *i));
        let widest = sweeps.first().map_or(0, |(_, s)| width(s));
        if widest > MAX_QUOTIENT_WIDTH {
            return Err(Error::usage(format!(
                "classes on the {board} torus need a fixed-tour sweep {widest} cells wide on a quotient of the torus, and it sweeps {MAX_QUOTIENT_WIDTH} at most: count the tours without --classes"
            )));
        }
        Ok(TorusClassPlan {
            board,
            class,
            sweeps,
        })
    }

    /// The number of tours fixed by each element of the torus's group, in the order of
    /// `tourglyph_core::symmetry::torus::group_cell_maps` (its symmetries of the board,
    /// each followed by every translation), with 0 for the identity (whose count is the
    /// torus counter's).
    pub fn fixed_counts(&self, progress: ProgressFn<'_>) -> Result<Vec<u128>> {
        let mut got: FxHashMap<usize, u128> = FxHashMap::default();
        let chunk = 2 * rayon::current_num_threads().max(1);
        let total = self.sweeps.len();
        for (done, part) in self.sweeps.chunks(chunk).enumerate() {
            let counts: Vec<Result<u128>> = part.par_iter().map(|(_, s)| sum(s)).collect();
            for ((i, _), n) in part.iter().zip(counts) {
                got.insert(self.class[*i], n?);
            }
            if let Some(p) = progress {
                p((done * chunk + part.len()).min(total), total);
            }
        }
        Ok(self
            .class
            .iter()
            .enumerate()
            .map(|(i, c)| if i == 0 { 0 } else { got[c] })
            .collect())
    }

    /// Burnside's class count: the total by [`torus::count`] (`count_progress` sees its
    /// seams), every other fixed count by [`TorusClassPlan::fixed_counts`] (`progress` sees its
    /// conjugacy classes).
    pub fn classes(
        &self,
        count_progress: ProgressFn<'_>,
        progress: ProgressFn<'_>,
    ) -> Result<Classes> {
        let board = self.board;
        let fixed = self.fixed_counts(progress)?;
        let tours = torus::count(board, count_progress)?.tours;
        let order = fixed.len();
        let others: BigUint = fixed.iter().map(|&f| BigUint::from(f)).sum();
        let sum = &tours + others;
        let (classes, rest) = (&sum / order, &sum % order);
        if rest != BigUint::ZERO {
            return Err(Error::runtime(format!(
                "internal error: the fixed-tour counts of the {board} torus add up to {sum}, which {order} (the group's order) does not divide"
            )));
        }
        let cells = board.cells();
        let fixed = Sym::group(board)
            .iter()
            .enumerate()
            .map(|(i, &s)| {
                let coset = &fixed[i * cells..(i + 1) * cells];
                (s, coset.iter().map(|&f| BigUint::from(f)).sum())
            })
            .collect();
        Ok(Classes {
            tours,
            classes,
            order,
            fixed,
        })
    }
}

/// The sum of the sweeps' counts (an element's fixed count), failing at 2^128.
fn sum(sweeps: &[voltage::Sweep]) -> Result<u128> {
    sweeps.iter().try_fold(0u128, |acc, s| {
        acc.checked_add(s.count()?).ok_or_else(voltage::overflow)
    })
}

/// Each group element's conjugacy class (an index; the identity's is 0). An element is
/// named by the images of three cells not on one line, which fix it among the torus's
/// affine maps; conjugates are named from three images each.
fn conjugacy_classes(board: Board, maps: &[Vec<u32>]) -> Vec<usize> {
    let probe = [
        board.cell(0, 0) as usize,
        board.cell(0, 1) as usize,
        board.cell(1, 0) as usize,
    ];
    let name = |f: &dyn Fn(usize) -> u32| -> [u32; 3] { probe.map(f) };
    let index: FxHashMap<[u32; 3], usize> = maps
        .iter()
        .enumerate()
        .map(|(i, m)| (name(&|x| m[x]), i))
        .collect();
    // Inverses: the cell each probe cell comes from.
    let inverse: Vec<Vec<u32>> = maps
        .iter()
        .map(|m| {
            let mut inv = vec![0u32; m.len()];
            for (x, &y) in m.iter().enumerate() {
                inv[y as usize] = x as u32;
            }
            inv
        })
        .collect();
    let mut class = vec![usize::MAX; maps.len()];
    let mut next = 0;
    for e in 0..maps.len() {
        if class[e] != usize::MAX {
            continue;
        }
        for g in 0..maps.len() {
            // g ∘ e ∘ g⁻¹
            let c = name(&|x| maps[g][maps[e][inverse[g][x] as usize] as usize]);
            let j = *index
                .get(&c)
                .expect("the group is closed under conjugation");
            class[j] = next;
        }
        next += 1;
    }
    class
}

/// The cell orbits of the permutation `map`: each cell's orbit, its sheet (j for
/// σʲ(x₀), x₀ the least cell of its orbit) and the orbits' sizes.
fn orbits(map: &[u32]) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let n = map.len();
    let (mut orbit, mut sheet, mut sizes) = (vec![u32::MAX; n], vec![0u32; n], Vec::new());
    for c in 0..n {
        if orbit[c] != u32::MAX {
            continue;
        }
        let id = sizes.len() as u32;
        let (mut x, mut j) = (c, 0u32);
        loop {
            orbit[x] = id;
            sheet[x] = j;
            j += 1;
            x = map[x] as usize;
            if x == c {
                break;
            }
        }
        sizes.push(j);
    }
    (orbit, sheet, sizes)
}

/// Orders of the quotient's vertices to try (see [`voltage::Sweep::new`]): the orbits
/// sorted by their least cell in row-major, column-major and both diagonal orders, after
/// the apex `first` if there is one.
fn hints(board: Board, orbit: &[u32], v: usize, first: Option<u32>) -> Vec<Vec<u32>> {
    let (m, n) = (board.rows, board.cols);
    // The diagonals modulo gcd(m, n) are lines of the torus: a translation along a
    // diagonal keeps them.
    let g = num_integer::gcd(m, n);
    let keys: [&dyn Fn(u32, u32) -> u32; 6] = [
        &|r, c| r * n + c,
        &|r, c| c * m + r,
        &|r, c| (r + c) * m + r,
        &|r, c| (r + n - 1 - c) * m + r,
        &|r, c| ((r + c) % g) * m * n + r * n + c,
        &|r, c| ((r + n - c) % g) * m * n + r * n + c,
    ];
    keys.iter()
        .map(|key| {
            let mut least = vec![u32::MAX; v];
            for (x, &o) in orbit.iter().enumerate() {
                let (r, c) = board.coords(x as u32);
                least[o as usize] = least[o as usize].min(key(r, c));
            }
            let mut order: Vec<u32> = (0..v as u32).collect();
            order.sort_by_key(|&o| (least[o as usize], o));
            first.into_iter().chain(order).collect()
        })
        .collect()
}

/// The sweeps whose counts add up to the number of tours `map` fixes: one on the
/// quotient for the tours it turns, one with an apex for those it reflects (none when
/// it can fix no tour).
fn sweeps(board: Board, edges: &[(u32, u32)], map: &[u32]) -> Result<Vec<voltage::Sweep>> {
    let (orbit, sheet, sizes) = orbits(map);
    let k = sizes[0];
    assert!(
        sizes.iter().any(|&s| s > 1),
        "the identity's fixed count is the count itself"
    );
    let mut out = Vec::new();
    if sizes.iter().all(|&s| s == k) {
        let hints = hints(board, &orbit, sizes.len(), None);
        out.push(turned(
            edges,
            &orbit,
            &sheet,
            sizes.len() as u32,
            k,
            &hints,
        )?);
    }
    let fixed_cells = sizes.iter().filter(|&&s| s == 1).count();
    if sizes.iter().all(|&s| s <= 2) && fixed_cells <= 2 {
        let z = sizes.len() as u32;
        let hints = hints(board, &orbit, sizes.len(), Some(z));
        out.push(reflected(edges, map, &orbit, &sizes, &hints)?);
    }
    Ok(out)
}

/// Tours on which σ (every orbit of size k) acts as a rotation: Hamiltonian cycles of
/// the quotient whose voltages generate Z_k.
fn turned(
    edges: &[(u32, u32)],
    orbit: &[u32],
    sheet: &[u32],
    v: u32,
    k: u32,
    hints: &[Vec<u32>],
) -> Result<voltage::Sweep> {
    let mut seen = FxHashSet::default();
    let mut arcs = Vec::new();
    for &(x, y) in edges {
        let (o1, o2) = (orbit[x as usize], orbit[y as usize]);
        let d = (sheet[y as usize] + k - sheet[x as usize]) % k;
        // One key per edge orbit: from the smaller orbit; a loop's two directions agree.
        let key = match o1.cmp(&o2) {
            std::cmp::Ordering::Less => (o1, o2, d),
            std::cmp::Ordering::Greater => (o2, o1, (k - d) % k),
            std::cmp::Ordering::Equal => (o1, o1, d.min((k - d) % k)),
        };
        if seen.insert(key) {
            arcs.push(voltage::Arc {
                u: key.0,
                v: key.1,
                volt: key.2,
                required: false,
            });
        }
    }
    voltage::Sweep::new(v, &arcs, k, None, hints)
}

/// Tours on which the involution σ (fixing at most two cells) acts as a reflection:
/// Hamiltonian paths of the quotient between terminals, as cycles through an apex.
fn reflected(
    edges: &[(u32, u32)],
    map: &[u32],
    orbit: &[u32],
    sizes: &[u32],
    hints: &[Vec<u32>],
) -> Result<voltage::Sweep> {
    let v = sizes.len() as u32;
    let z = v;
    let mut seen = FxHashSet::default();
    let mut arcs = Vec::new();
    let mut swapped = vec![false; sizes.len()];
    for &(x, y) in edges {
        let (o1, o2) = (orbit[x as usize], orbit[y as usize]);
        if o1 == o2 {
            // An edge {u, σu}: σ swaps its ends.
            swapped[o1 as usize] = true;
            continue;
        }
        let (sx, sy) = (map[x as usize], map[y as usize]);
        let key = (x.min(y), x.max(y)).min((sx.min(sy), sx.max(sy)));
        if seen.insert(key) {
            arcs.push(voltage::Arc {
                u: o1,
                v: o2,
                volt: 0,
                required: false,
            });
        }
    }
    let apex = |o: usize, required: bool| voltage::Arc {
        u: z,
        v: o as u32,
        volt: 0,
        required,
    };
    let fixed: Vec<usize> = (0..sizes.len()).filter(|&o| sizes[o] == 1).collect();
    match fixed.len() {
        2 => arcs.extend(fixed.iter().map(|&f| apex(f, false))),
        1 | 0 => {
            arcs.extend(fixed.iter().map(|&f| apex(f, true)));
            arcs.extend(
                (0..sizes.len())
                    .filter(|&o| swapped[o])
                    .map(|o| apex(o, false)),
            );
        }
        _ => unreachable!("σ fixes at most two cells here"),
    }
    voltage::Sweep::new(v + 1, &arcs, 1, Some(z), hints)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontier::Zdd;
    use tourglyph_core::symmetry::torus::group_edge_maps;

    /// Every element's fixed count equals the number of listed tours (by the frontier
    /// diagram) it maps to themselves (by the group's edge maps), on small tori of both
    /// parities and shapes (square tori have quarter turns and diagonal mirrors); and
    /// Burnside's class count is an integer.
    #[test]
    fn fixed_counts_match_the_listed_tours() {
        let mut nonzero = 0;
        for (m, n) in [
            (3, 3),
            (3, 4),
            (4, 4),
            (3, 5),
            (4, 5),
            (5, 5),
            (3, 6),
            (4, 6),
        ] {
            let board = Board::new(m, n);
            let g = tourglyph_core::torus::graph(board, &Piece::rook(), TourKind::Closed).unwrap();
            let zdd = Zdd::build(&g, TourKind::Closed).unwrap();
            let all: Vec<Vec<u32>> = (0..zdd.count())
                .map(|id| zdd.unrank(id).unwrap().edges)
                .collect();
            let plan = TorusClassPlan::new(board).unwrap();
            let fast = plan.fixed_counts(None).unwrap();
            for (i, map) in group_edge_maps(&g).iter().enumerate().skip(1) {
                let brute = all
                    .iter()
                    .filter(|t| {
                        let mut img: Vec<u32> = t.iter().map(|&e| map[e as usize]).collect();
                        img.sort_unstable();
                        img == **t
                    })
                    .count() as u128;
                assert_eq!(fast[i], brute, "{board}: element {i}");
                nonzero += usize::from(brute > 0);
            }
            let c = plan.classes(None, None).unwrap();
            assert_eq!(c.tours, BigUint::from(all.len()), "{board}");
            assert_eq!(c.order, fast.len());
        }
        assert!(nonzero > 100, "only {nonzero} elements fix a tour");
    }
}
