//! Fixed slots: the sweep's layout of a [`LeaperOrder`]'s frontier, stepped on the packed key.
//!
//! The plan numbers the frontier in processing order, so each step renumbers the slots
//! after the ones leaving and with them every mate: the whole state is unpacked and
//! packed again (`state::successors`, kept as this module's oracle in the tests). Here a vertex keeps one slot from the
//! step that processes it to the step that processes its last neighbour (the lowest
//! slot free when it enters; a free slot holds 0), so mates keep their names and a step
//! reads the slots of the vertex's earlier neighbours, patches the at most five slots a
//! choice rewrites (the two ends joined, their mates, the vertex) and clears the slots
//! leaving (all saturated by then). The states are the plan's, one for one, in other
//! bits: the levels have the same widths.
//!
//! Slot values are the plan's (0: degree 0, 1: degree 2, 2 + j: a path end whose other
//! end is slot j), `bits` bits a slot, slot 0 lowest.

use super::order::LeaperOrder;
use super::word::Word;

/// One step on fixed slots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotStep {
    /// The vertex's slot (free, so 0, before the step).
    pub slot: u32,
    /// Slots of the vertex's earlier neighbours.
    pub earlier: Vec<u32>,
    /// For each earlier neighbour, its neighbours still unprocessed after this step.
    pub rest: Vec<u8>,
    /// Edges the vertex must take now: 2 less its later neighbours (at least 0).
    pub need: u8,
    /// Does the vertex stay on the frontier (has it a later neighbour)?
    pub stays: bool,
    /// Bits of the slots that leave after the step (cleared in every successor).
    pub leave: u128,
    /// Every slot held before the step at 1: the state of a saturated frontier.
    pub ones: u128,
    /// The valid choices of edges by pattern of the earlier neighbours' degrees
    /// ([`choices`]).
    choices: Vec<[u8; 2]>,
    /// Where each pattern's choices start in `choices` (one more entry than patterns).
    starts: Vec<u32>,
}

/// The fixed-slot steps of a plan.
#[derive(Clone, Debug)]
pub struct Layout {
    /// One step per vertex, in the plan's order.
    pub steps: Vec<SlotStep>,
    /// Bits per slot (the plan's).
    pub bits: u32,
    /// After each step, each vertex on the frontier and its slot.
    pub frontier: Vec<Vec<(u32, u32)>>,
}

impl Layout {
    /// The fixed slots of `plan`'s frontier: the same number of slots at most as its
    /// widest frontier, so the same key width.
    pub fn new(plan: &LeaperOrder) -> Layout {
        let bits = plan.bits;
        let at = |slot: u32| 1u128 << (slot * bits);
        // Slot of each plan position of the frontier before the step.
        let mut fixed: Vec<u32> = Vec::new();
        // The vertex of each plan position of the frontier before the step.
        let mut vertices: Vec<u32> = Vec::new();
        let mut frontier = Vec::with_capacity(plan.steps.len());
        let mut steps = Vec::with_capacity(plan.steps.len());
        for (step, &v) in plan.steps.iter().zip(&plan.order) {
            let slot = (0..).find(|s| !fixed.contains(s)).expect("a free slot");
            let earlier = step.earlier.iter().map(|&j| fixed[j]).collect();
            let mut next = vec![0; step.new_width];
            let mut next_vertices = vec![0; step.new_width];
            let mut leave = 0u128;
            for (j, &f) in fixed.iter().enumerate() {
                match step.remap[j] {
                    Some(k) => {
                        next[k] = f;
                        next_vertices[k] = vertices[j];
                    }
                    None => leave |= ((1u128 << bits) - 1) * at(f),
                }
            }
            if let Some(k) = step.remap[step.width] {
                next[k] = slot;
                next_vertices[k] = v;
            }
            frontier.push(
                next_vertices
                    .iter()
                    .copied()
                    .zip(next.iter().copied())
                    .collect(),
            );
            let need = 2u8.saturating_sub(step.later);
            let (choices, starts) = choices(&step.rest, need);
            steps.push(SlotStep {
                slot,
                earlier,
                rest: step.rest.clone(),
                need,
                choices,
                starts,
                stays: step.later > 0,
                leave,
                ones: fixed.iter().map(|&f| at(f)).sum(),
            });
            fixed = next;
            vertices = next_vertices;
        }
        Layout {
            steps,
            bits,
            frontier,
        }
    }
}

/// No neighbour: the first of a choice's pair for the empty choice, the second for a
/// single edge.
const NONE: u8 = u8::MAX;

/// The pattern digit of a slot value: 0 for degree 0, 1 for degree 2, 2 for degree 1.
#[inline]
fn digit(z: u8) -> usize {
    usize::from(z.min(2))
}

/// The choices of edges a step may take for each pattern of its earlier neighbours'
/// degrees (a base-3 number, earlier neighbour i its digit i, see [`digit`]): the
/// choices of pattern p are `choices[starts[p]..starts[p + 1]]`, each the indices into
/// `earlier` of the neighbours it joins ([`NONE`] for none).
///
/// A choice takes 0, 1 or 2 edges from the vertex, at least `need`, to earlier
/// neighbours of degree below 2; an earlier neighbour whose degree and unprocessed
/// neighbours cannot reach 2 without an edge from the vertex must be among them.
fn choices(rest: &[u8], need: u8) -> (Vec<[u8; 2]>, Vec<u32>) {
    let e = rest.len();
    let mut choices = Vec::new();
    let mut starts = vec![0u32];
    for p in 0..3usize.pow(e as u32) {
        let mut digits = p;
        let (mut open, mut forced, mut stuck) = (0u32, 0u32, false);
        for (i, &r) in rest.iter().enumerate() {
            let deg = [0, 2, 1][digits % 3];
            digits /= 3;
            if deg < 2 {
                open |= 1 << i;
            }
            if deg + r < 2 {
                forced |= 1 << i;
                stuck |= deg + r + 1 < 2;
            }
        }
        if !stuck && forced.count_ones() <= 2 {
            if need == 0 && forced == 0 {
                choices.push([NONE, NONE]);
            }
            for i in 0..e as u8 {
                if need <= 1 && open >> i & 1 == 1 && forced & !(1 << i) == 0 {
                    choices.push([i, NONE]);
                }
            }
            for i in 0..e as u8 {
                for j in i + 1..e as u8 {
                    let pair = 1 << i | 1 << j;
                    if open & pair == pair && forced & !pair == 0 {
                        choices.push([i, j]);
                    }
                }
            }
        }
        starts.push(choices.len() as u32);
    }
    (choices, starts)
}

/// The states after `step` from the packed state `s`, handed to `emit`; `last` is true
/// at the final step. Returns the number of choices that close the tour.
///
/// The earlier neighbours' slots are read once; their degrees pick the step's list of
/// valid choices (`choices`), so only cycles closing too early are left to refuse.
#[inline]
pub fn successors<K: Word>(
    step: &SlotStep,
    bits: u32,
    s: K,
    last: bool,
    mut emit: impl FnMut(K),
) -> u32 {
    let mask = K::from_u128((1u128 << bits) - 1);
    let get = |k: K, slot: u32| (k >> (slot * bits) & mask).low_u8();
    let set = |k: K, slot: u32, v: u32| {
        let sh = slot * bits;
        (k & !(mask << sh)) | K::from_u128(u128::from(v)) << sh
    };
    let e = &step.earlier;
    // A leaper has at most 8 moves.
    let mut val = [0u8; 8];
    let mut pattern = 0;
    for (i, &x) in e.iter().enumerate().rev() {
        let z = get(s, x);
        val[i] = z;
        pattern = pattern * 3 + digit(z);
    }
    let picks = &step.choices[step.starts[pattern] as usize..step.starts[pattern + 1] as usize];
    let clear = !K::from_u128(step.leave);
    let w = step.slot;
    let v_full = u32::from(step.stays);
    let mut done = 0;
    for &[i, j] in picks {
        if i == NONE {
            emit(s & clear);
            continue;
        }
        let (i, x) = (usize::from(i), e[usize::from(i)]);
        if j == NONE {
            let t = match val[i] {
                0 => set(set(s, x, 2 + w), w, 2 + x),
                z => {
                    let mate = u32::from(z) - 2;
                    set(set(set(s, x, 1), mate, 2 + w), w, 2 + mate)
                }
            };
            emit(t & clear);
            continue;
        }
        let (j, y) = (usize::from(j), e[usize::from(j)]);
        let t = match (val[i], val[j]) {
            (0, 0) => set(set(s, x, 2 + y), y, 2 + x),
            (0, z) | (z, 0) => {
                let (fresh, end) = if val[i] == 0 { (x, y) } else { (y, x) };
                let mate = u32::from(z) - 2;
                set(set(set(s, end, 1), fresh, 2 + mate), mate, 2 + fresh)
            }
            (zx, zy) => {
                let (mx, my) = (u32::from(zx) - 2, u32::from(zy) - 2);
                if mx == y {
                    // The cycle closes: the tour if nothing else is left open.
                    if last && set(set(s, x, 1), y, 1) == K::from_u128(step.ones) {
                        done += 1;
                    }
                    continue;
                }
                set(set(set(set(s, x, 1), y, 1), mx, 2 + my), my, 2 + mx)
            }
        };
        // At the last step of a whole board only closures count; a side's last
        // vertex is kept on the frontier (it stays) and its states are the result.
        if !last || step.stays {
            emit(set(t, w, v_full) & clear);
        }
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::leaper::state;
    use std::collections::BTreeMap;
    use tourglyph_core::{Board, LeapGraph, Piece};

    /// Level widths and closed tours of a plain sweep with `step(i, state, emit) -> closed`.
    fn sweep(
        n: usize,
        mut step: impl FnMut(usize, u128, &mut dyn FnMut(u128)) -> u32,
    ) -> (Vec<usize>, u128) {
        let mut cur = BTreeMap::from([(0u128, 1u128)]);
        let (mut widths, mut tours) = (Vec::new(), 0);
        for i in 0..n {
            widths.push(cur.len());
            let mut next = BTreeMap::new();
            for (&s, &c) in &cur {
                let d = step(i, s, &mut |t| *next.entry(t).or_insert(0) += c);
                tours += c * u128::from(d);
            }
            cur = next;
        }
        (widths, tours)
    }

    /// On fixed slots every level holds as many states as on the plan's renumbered
    /// slots (`state::successors`), and the tours are the same, for several pieces,
    /// boards and vertex orders (row-major and a column-first one, whose frontier
    /// leaves out of order).
    #[test]
    fn fixed_slots_step_the_plans_states() {
        let mut checked = 0;
        for (piece, board) in [
            ("knight", "6x5"),
            ("knight", "5x6"),
            ("king", "4x5"),
            ("zebra", "7x6"),
            ("rook", "5x4"),
            ("giraffe", "6x5"),
        ] {
            let b: Board = board.parse().unwrap();
            let g = LeapGraph::new(b, &piece.parse::<Piece>().unwrap()).unwrap();
            let n = g.vertex_count();
            let (rows, cols) = (b.rows, b.cols);
            let column_first: Vec<u32> = (0..n as u32)
                .map(|k| (k % rows) * cols + k / rows)
                .collect();
            for order in [(0..n as u32).collect::<Vec<_>>(), column_first] {
                let Some(p) = LeaperOrder::new(&g, &order) else {
                    continue;
                };
                let l = Layout::new(&p);
                let old = sweep(n, |i, s, emit| {
                    let mut a = [0u8; state::MAX_SLOTS];
                    state::unpack(s, p.steps[i].width, p.bits, &mut a);
                    state::successors(&p.steps[i], &a, p.bits, i + 1 == n, emit)
                });
                let new = sweep(n, |i, s, emit| {
                    successors(&l.steps[i], l.bits, s, i + 1 == n, emit)
                });
                assert_eq!(new, old, "{piece} {board}");
                checked += usize::from(old.1 > 0);
            }
        }
        assert!(checked >= 6, "{checked}");
    }
}
