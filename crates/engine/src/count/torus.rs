//! Closed rook tours of the torus (Hamiltonian cycles of C_m × C_n), counted on the
//! cylinder with the seam fixed.
//!
//! The frontier diagram sweeps the torus as a graph: the wrap edges of row 0 put the
//! whole bottom row in its frontier from the start (about `2·cols + 1` slots, see
//! `tourglyph_core::torus`), its states must fit 128 bits, and one map holds them all
//! (8×8 in 86 s and 454 MB; 12 columns at most). This counter cuts the torus open
//! along the seam between its last row and its first instead:
//!
//! 1. **The seam is fixed.** A tour uses some set S of the `n` vertical edges that cross
//!    the seam. For each S the rest is a tour problem on the cylinder C_n × P_m (the rows
//!    still wrap around): every column of S has a stub above its top cell and one below
//!    its bottom cell, stub above and stub below being the two ends of the same seam
//!    edge. The cells are swept row by row; the state is the pairing of the open ends:
//!    the `n` edges going down from the row being swept, the edge going right from the
//!    last cell, the row's own wrap edge (chosen at column 0, closed at column n − 1),
//!    and the top stubs, whose paths may already have come back up to another top stub.
//!    A path whose two ends meet closes a cycle, which only the last cell of a board
//!    with an empty seam may do; with a seam, the last row's down edges are the bottom
//!    stubs, and a final state counts when its paths, joined stub above to stub below,
//!    make one cycle.
//! 2. **Seams come in classes.** Turning the columns of the torus (c → c + k) and
//!    mirroring them (c → −c) map tours to tours and seams to seams, so the count for S
//!    depends only on S up to the dihedral group of the `n` columns: 78 classes of the
//!    1,024 seams of 10 columns. Each class is swept once and counted times its size.
//! 3. **The seam is a least-crossed boundary.** The seams with many columns carry many
//!    stubs, whose pairings multiply the states (on 9×9 the full seam alone peaked at
//!    2.95 million states, the others at 0.8 million or less). But any of the m row
//!    boundaries of a tour could be the seam: turning the rows maps the tours whose
//!    boundary b has some property onto those whose boundary 0 has it. So with c_b the
//!    number of times a tour crosses boundary b, μ its least and t the number of
//!    boundaries crossed μ times, every tour is counted once by
//!    Σ_b [c_b = μ] / t, and the number of tours is m · Σ [c_0 = μ] / t over the tours.
//!    The sweep of a seam of k columns drops a state as soon as a row boundary is
//!    crossed fewer than k times and counts in the state's top byte the boundaries
//!    crossed exactly k times (t); the full seam dies out within a few rows. On 9×9
//!    the largest level falls from 2.95 to 1.17 million states (the total made stays
//!    about the same: the tie counts split the middle seams' states).
//! 4. **Residues.** Dividing by t needs a field, so a state's number of ways is kept
//!    modulo primes below 2^63 (each above m), as many as cover a proven bound: a
//!    Hamiltonian cycle of a 4-regular graph of N vertices, followed from a given
//!    vertex, has 4 choices for its first step, at most 3 for each of the next N − 2 and
//!    none for the last, and is followed in two directions, so there are at most
//!    2·3^(N−2) of them ([`need`]). The exact count is rebuilt by the Chinese remainder
//!    theorem ([`crt::combine_need`]).
//! 5. **A step in two sequential passes.** A cell's step scatters the successors of
//!    every state into buckets by a hash of their state (about 2^14 states a bucket),
//!    then sums each bucket in a map that stays in cache, buckets in parallel: 9×9 in
//!    14 s where one map of the whole level took 44 s (its inserts were cache misses).
//!
//! The sweep runs along the longer side, so the frontier is as narrow as the board
//! allows: [`MAX_WIDTH`] columns at most (a state holds, for each of its `2·width + 2`
//! slots, the slot at the other end of its path, in 5 bits).

use crate::count::crt::prime::{mul_mod, pow_mod};
use crate::count::crt::{self, Modulus, Need, Residue};
use crate::count::modular::arith::{Arith, ModP};
use crate::count::progress::ProgressFn;
use num_bigint::BigUint;
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use tourglyph_core::board::Board;
use tourglyph_core::error::{Error, Result};

/// The widest frontier (the narrower side of the torus) this counter sweeps: a state's
/// `2·w + 2` slots of 5 bits must fit its 128 bits.
pub const MAX_WIDTH: u32 = 11;

/// The longest sweep (the longer side): a state counts its ties in a byte.
pub const MAX_LENGTH: u32 = 255;

/// What a count found, with what it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TorusCounted {
    /// The number of closed rook tours of the torus.
    pub tours: BigUint,
    /// The residues it was rebuilt from, one per modulus of the plan.
    pub residues: Vec<(Modulus, u64)>,
}

/// The proven bound on the number of Hamiltonian cycles of the `board` torus: below
/// 2^bits for 2·3^(N−2) < 2^bits (see the module's notes).
pub fn need(board: Board) -> Need {
    let cells = board.cells() as u32;
    let bound = BigUint::from(2u8) * BigUint::from(3u8).pow(cells.saturating_sub(2));
    Need::Bits(bound.bits())
}

/// The moduli of a count of the `board` torus: the largest primes below 2^63, as few as
/// cover [`need`].
pub fn plan(board: Board) -> Vec<Modulus> {
    let need = need(board);
    let Need::Bits(bits) = need else {
        unreachable!("the torus bound is in whole bits")
    };
    // Each prime holds more than 62 bits.
    let enough = bits as usize / 62 + 1;
    let mut product = BigUint::from(1u8);
    let mut out = Vec::new();
    for p in crt::prime::primes_below(1 << 63, enough) {
        if need.covered_by(&product) {
            break;
        }
        product *= p;
        out.push(Modulus::Int(p));
    }
    out
}

/// Refuse a torus too wide for this counter (its narrower side above [`MAX_WIDTH`]),
/// naming the limit.
pub fn check(board: Board) -> Result<()> {
    let (w, long) = (board.rows.min(board.cols), board.rows.max(board.cols));
    if w > MAX_WIDTH {
        return Err(Error::usage(format!(
            "the {board} torus is too wide to count: its narrower side is {w}, and the torus counter's frontier holds {MAX_WIDTH} columns at most"
        )));
    }
    if long > MAX_LENGTH {
        return Err(Error::usage(format!(
            "the {board} torus is too long to count: its longer side is {long}, and the torus counter sweeps {MAX_LENGTH} rows at most"
        )));
    }
    Ok(())
}

/// Time (seconds, two threads on the reference machine) and peak memory (bytes) of
/// [`count`] on the `board` torus: a model fitted to runs of `count --torus` measured
/// under a load average of about 1.9 from other users: per row swept, 0.094 s at 8
/// columns, 1.58 s at 9 and 14.3 s at 10, so about 12.4 times more per column; peak memory 27 MB, 188 MB and 698 MB, about 5.1 times
/// more per column and little more with the length.
#[allow(
    clippy::disallowed_methods,
    reason = "an estimate for the budget, not a count: powf's rounding is of no account"
)]
pub fn estimate(board: Board) -> (f64, f64) {
    let (n, m) = (board.rows.min(board.cols), board.rows.max(board.cols));
    let wider = f64::from(n) - 8.0;
    let seconds = f64::from(m) * 0.094 * 12.4f64.powf(wider);
    let bytes = (27e6 * 5.1f64.powf(wider)).max(10e6);
    (seconds, bytes)
}

/// The number of closed rook tours of the `board` torus (both sides at least 3, as
/// `tourglyph_core::torus::check` asks), exact.
///
/// ```
/// use tourglyph_core::Board;
/// use tourglyph_engine::count::torus;
/// // OEIS A222199: 4×4 and 6×6.
/// assert_eq!(torus::count(Board::new(4, 4), None).unwrap().tours, 1344u32.into());
/// assert_eq!(torus::count(Board::new(6, 6), None).unwrap().tours, 3273360u32.into());
/// ```
pub fn count(board: Board, progress: ProgressFn<'_>) -> Result<TorusCounted> {
    count_with(board, &plan(board), progress)
}

/// Seam classes swept by an earlier run, and where to record the classes swept now, so
/// that a long count (11×11: hours) can stop and go on across sessions. A class's record
/// is its least seam, the primes of its sweep (up to four) and its count modulo each,
/// before its size and the rows multiply it.
pub struct Resume<'a> {
    /// (least seam, primes, residues) of the classes swept before.
    pub done: &'a [(u32, Vec<u64>, Vec<u64>)],
    /// Called, from the caller's thread, with each class as soon as it is swept.
    pub record: &'a Record<'a>,
}

/// What [`Resume::record`] is called with: a class's least seam, the primes of its sweep
/// and its residues modulo each.
pub type Record<'a> = dyn Fn(u32, &[u64], &[u64]) + 'a;

/// [`count`] with the given moduli (their product must cover [`need`]).
pub fn count_with(
    board: Board,
    moduli: &[Modulus],
    progress: ProgressFn<'_>,
) -> Result<TorusCounted> {
    let none = Resume {
        done: &[],
        record: &|_, _, _| {},
    };
    count_resumable(board, moduli, &none, progress)
}

/// [`count_with`], taking the classes in `resume.done` from there instead of sweeping
/// them, and handing each class it sweeps to `resume.record`.
pub fn count_resumable(
    board: Board,
    moduli: &[Modulus],
    resume: &Resume<'_>,
    progress: ProgressFn<'_>,
) -> Result<TorusCounted> {
    check(board)?;
    // The frontier runs across the narrower side; the sweep along the longer.
    let (n, m) = (board.rows.min(board.cols), board.rows.max(board.cols));
    let lanes: Vec<u64> = moduli
        .iter()
        .map(|&q| match q {
            Modulus::Int(p) if p > u64::from(m) && p < 1 << 63 && crt::prime::is_prime(p) => Ok(p),
            q => Err(Error::usage(format!(
                "the torus counter divides by numbers up to {m}: it takes primes from {} to 2^63, not {q}",
                m + 1
            ))),
        })
        .collect::<Result<_>>()?;
    // Up to four residues a sweep (each state carries them all); a long torus's bound
    // needs more (4×60: 7 primes), which further sweeps take four at a time.
    let mut sums = Vec::with_capacity(lanes.len());
    for group in lanes.chunks(LANES) {
        sums.extend(match group.len() {
            1 => sweep_all::<1>(m, n, group, resume, progress),
            2 => sweep_all::<2>(m, n, group, resume, progress),
            3 => sweep_all::<3>(m, n, group, resume, progress),
            _ => sweep_all::<4>(m, n, group, resume, progress),
        });
    }
    let residues: Vec<(Modulus, u64)> = moduli.iter().copied().zip(sums).collect();
    let rs: Vec<Residue> = residues
        .iter()
        .map(|&(modulus, residue)| Residue {
            set: crt::ResidueSet {
                torus: true,
                ..crt::ResidueSet::closed_rook(board)
            },
            modulus,
            residue,
        })
        .collect();
    let tours = crt::combine_need(board, need(board), &rs)?;
    Ok(TorusCounted { tours, residues })
}

/// The most residues one sweep carries.
const LANES: usize = 4;

/// Every seam class of an `m`-row sweep across `n` columns, modulo each lane's prime:
/// the count ([`count_seam`] for each class, times the class's size, summed, times
/// `m`). The classes are swept one after the other, each on every thread; a class in
/// `resume.done` with these primes is taken from there.
fn sweep_all<const L: usize>(
    m: u32,
    n: u32,
    lanes: &[u64],
    resume: &Resume<'_>,
    progress: ProgressFn<'_>,
) -> Vec<u64> {
    let moduli: [u64; L] = lanes.try_into().expect("one lane per modulus");
    // 1/t modulo each prime, t = 1..=m (each prime exceeds m).
    let inverses: Vec<[u64; L]> = (0..=m)
        .map(|t| {
            let mut inv = [0u64; L];
            if t > 0 {
                for i in 0..L {
                    inv[i] = pow_mod(u64::from(t), moduli[i] - 2, moduli[i]);
                }
            }
            inv
        })
        .collect();
    let classes = seam_classes(n);
    let total = classes.len();
    let mut sums = [0u64; L];
    for (done, &(seam, size)) in classes.iter().enumerate() {
        let before = resume
            .done
            .iter()
            .find(|(s, primes, _)| *s == seam && primes.as_slice() == lanes)
            .and_then(|(_, _, r)| <[u64; L]>::try_from(r.as_slice()).ok());
        let v = before.unwrap_or_else(|| {
            let v = count_seam::<L>(m, n, seam, &moduli, &inverses);
            (resume.record)(seam, lanes, &v);
            v
        });
        add_lanes(&mut sums, &mul_lanes(&v, &[size; L], &moduli), &moduli);
        if let Some(p) = progress {
            p(done + 1, total);
        }
    }
    // Every row boundary is the seam of m translates of the board: m times the tours
    // counted with boundary 0 as a least-crossed one, weighted by 1 / ties.
    mul_lanes(&sums, &[u64::from(m); L], &moduli).to_vec()
}

/// `v · w` lane by lane.
#[inline(always)]
fn mul_lanes<const L: usize>(v: &[u64; L], w: &[u64; L], moduli: &[u64; L]) -> [u64; L] {
    let mut out = [0u64; L];
    for i in 0..L {
        out[i] = mul_mod(v[i], w[i], moduli[i]);
    }
    out
}

/// The seams (bit c: the seam edge of column c is used) up to turning and mirroring
/// the `n` columns: each class's least member and its size, least member first.
fn seam_classes(n: u32) -> Vec<(u32, u64)> {
    let full = (1u32 << n) - 1;
    let turn = |s: u32, k: u32| ((s << k) | (s >> ((n - k) % n))) & full;
    let mirror = |s: u32| (0..n).fold(0, |acc, c| acc | (((s >> c) & 1) << ((n - c) % n)));
    let mut sizes: std::collections::BTreeMap<u32, u64> = Default::default();
    for s in 0..=full {
        let least = (0..n)
            .flat_map(|k| [turn(s, k), turn(mirror(s), k)])
            .min()
            .expect("n ≥ 1");
        *sizes.entry(least).or_default() += 1;
    }
    sizes.into_iter().collect()
}

/// `acc += v` lane by lane, modulo primes below 2^63.
#[inline(always)]
fn add_lanes<const L: usize>(acc: &mut [u64; L], v: &[u64; L], moduli: &[u64; L]) {
    for i in 0..L {
        acc[i] = ModP(moduli[i]).add(acc[i], v[i]);
    }
}

/// Bits per slot of a state: the slot's partner (the other end of its path) plus one,
/// 0 for an empty slot.
const FIELD: u32 = 5;

/// The most slots a state holds: 24 fields of 5 bits, below the tie count's byte.
const MAX_SLOTS: u32 = 24;

/// Slot `i` of a state: its partner's slot plus one, or 0 when empty.
#[inline(always)]
fn field(s: u128, i: u32) -> u32 {
    ((s >> (FIELD * i)) & 31) as u32
}

/// The state with slot `i` emptied.
#[inline(always)]
fn clear(s: u128, i: u32) -> u128 {
    s & !(31u128 << (FIELD * i))
}

/// The state with slots `x` and `y` (both empty) made the two ends of one path.
#[inline(always)]
fn link(s: u128, x: u32, y: u32) -> u128 {
    s | (u128::from(y + 1) << (FIELD * x)) | (u128::from(x + 1) << (FIELD * y))
}

/// Where a cell's down edge stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Down {
    /// Free to use (rows above the last).
    Free,
    /// Used: the last row's cell under a seam edge (its bottom stub).
    Forced,
    /// Absent: the last row's other cells.
    Absent,
}

/// The lowest bit of every slot's field.
const FIRST_BITS: u128 = {
    let mut b = 0u128;
    let mut i = 0;
    while i < MAX_SLOTS {
        b |= 1 << (FIELD * i);
        i += 1;
    }
    b
};

/// The occupied slots of a state: the lowest bit of each occupied slot's field.
#[inline(always)]
fn occupied(s: u128) -> u128 {
    (s | (s >> 1) | (s >> 2) | (s >> 3) | (s >> 4)) & FIRST_BITS
}

/// States per bucket of a step's scatter: a bucket's map of 2^14 states (about 40
/// bytes each) stays within a core's L2 cache.
const BUCKET: usize = 1 << 14;

/// The bucket of a state among 2^`bits`: the top bits of a multiplicative hash (the
/// maps' FxHash takes their slots from other bits).
#[inline(always)]
fn bucket_of(t: u128, bits: u32) -> usize {
    if bits == 0 {
        return 0;
    }
    let h = ((t as u64) ^ ((t >> 64) as u64).rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> (64 - bits)) as usize
}

/// One cell of the sweep: column `c` of `n`, where its down edge stands, whether it is
/// the board's last, and the seam.
#[derive(Clone, Copy)]
struct Cell {
    c: u32,
    n: u32,
    last: bool,
    down: Down,
    seam: u32,
}

impl Cell {
    /// The states after this cell from state `s`: `emit(Some(t))` for each, and
    /// `emit(None)` when the cell closes the tour.
    #[inline(always)]
    fn successors(self, s: u128, mut emit: impl FnMut(Option<u128>)) {
        let Cell {
            c,
            n,
            last,
            down,
            seam,
        } = self;
        let (right_slot, wrap_slot) = (n, n + 1);
        let right = c < n - 1;
        let wrap_out = c == 0;
        // The ends coming in (slot, partner): from above, from the left, and round the
        // row's wrap edge at its last column.
        let mut ins = [(0u32, 0u32); 3];
        let mut i = 0;
        let mut base = s;
        for (slot, here) in [(c, true), (right_slot, c > 0), (wrap_slot, c == n - 1)] {
            let f = field(s, slot);
            if here && f != 0 {
                ins[i] = (slot, f - 1);
                i += 1;
                base = clear(base, slot);
            }
        }
        match i {
            2 => {
                if down == Down::Forced {
                    return;
                }
                let ((_, px), (y, py)) = (ins[0], ins[1]);
                if px == y {
                    // The two ends of one path: a cycle closes. It is the tour if this
                    // is the last cell, nothing else is open and no path runs through
                    // the seam.
                    if last && seam == 0 && base == 0 {
                        emit(None);
                    }
                } else {
                    emit(Some(link(clear(clear(base, px), py), px, py)));
                }
            }
            1 => {
                // The path goes on through one of the cell's outgoing edges.
                let (_, p) = ins[0];
                let on = clear(base, p);
                if down != Down::Absent {
                    emit(Some(link(on, c, p)));
                }
                if down != Down::Forced {
                    if right {
                        emit(Some(link(on, right_slot, p)));
                    }
                    if wrap_out {
                        emit(Some(link(on, wrap_slot, p)));
                    }
                }
            }
            0 => {
                // A new path: two of the cell's outgoing edges.
                if down != Down::Absent {
                    if right {
                        emit(Some(link(base, c, right_slot)));
                    }
                    if wrap_out {
                        emit(Some(link(base, c, wrap_slot)));
                    }
                }
                if down != Down::Forced && right && wrap_out {
                    emit(Some(link(base, right_slot, wrap_slot)));
                }
            }
            _ => {} // three edges in: degree 3
        }
    }
}

/// Some states of a level with their residues (a level is a list of parts, each state
/// in one of them).
type Part<const L: usize> = Vec<(u128, [u64; L])>;

/// Where a state keeps its tie count: the number of row boundaries swept so far, the
/// seam included, that the tour crosses as often as the seam (bits 120 to 127, above
/// the slots' 24 fields).
const TIES_SHIFT: u32 = 120;

/// The down-edge slots `0..n`, one bit each (their fields' lowest).
fn down_bits(n: u32) -> u128 {
    FIRST_BITS & ((1u128 << (FIELD * n)) - 1)
}

/// The sweep of one seam: modulo each lane's prime, the sum over the tours whose seam
/// crossings are exactly the columns of `seam` and whose other row boundaries are each
/// crossed at least as often, of 1 / (the number of boundaries crossed as few times as
/// the seam).
///
/// Slots of a state: `0..n` the down edges of the cells just swept (column c's), `n`
/// the right edge of the last cell, `n + 1` the row's wrap edge (from column 0 round to
/// column n − 1), and `n + 2 + j` the top stub of the j-th column of the seam. Each
/// occupied slot holds its partner's slot, so a pairing has exactly one state and a
/// cell's step changes three or four fields, with no renumbering. The top byte counts
/// the ties ([`TIES_SHIFT`]).
fn count_seam<const L: usize>(
    m: u32,
    n: u32,
    seam: u32,
    moduli: &[u64; L],
    inverses: &[[u64; L]],
) -> [u64; L] {
    let k = seam.count_ones();
    debug_assert!(n + 2 + k <= MAX_SLOTS && m < 256);
    let columns: Vec<u32> = (0..n).filter(|c| (seam >> c) & 1 == 1).collect();
    let downs = down_bits(n);
    let slot_bits = (1u128 << TIES_SHIFT) - 1;
    // Each top stub's path starts as the up edge of its column's first cell; the seam
    // ties with itself.
    let mut start = 1u128 << TIES_SHIFT;
    for (j, &c) in columns.iter().enumerate() {
        start = link(start, c, n + 2 + j as u32);
    }
    // A level: its states in parts, each state in one part.
    let mut level: Vec<Part<L>> = vec![vec![(start, [1; L])]];
    let mut closed = [0u64; L];
    for r in 0..m {
        for c in 0..n {
            let cell = Cell {
                c,
                n,
                last: r == m - 1 && c == n - 1,
                down: if r < m - 1 {
                    Down::Free
                } else if (seam >> c) & 1 == 1 {
                    Down::Forced
                } else {
                    Down::Absent
                },
                seam,
            };
            // After a row's last cell, its down edges are the crossings of the boundary
            // below it (the seam itself below the last row).
            let boundary = c == n - 1 && r < m - 1;
            let held: usize = level.iter().map(Vec::len).sum();
            // Successors are scattered by a hash of their state into buckets of about
            // BUCKET states each, then each bucket is summed in a map small enough to
            // stay in cache: two sequential passes over memory instead of an insert at
            // a random place of one map of the whole level (9×9 in a third of the time).
            let buckets = (2 * held / BUCKET).next_power_of_two().max(1);
            let bits = buckets.trailing_zeros();
            let step = |part: &[(u128, [u64; L])]| {
                let mut out: Vec<Part<L>> = vec![Vec::new(); buckets];
                let mut closed = [0u64; L];
                for &(s, ref v) in part {
                    cell.successors(s & slot_bits, |t| match t {
                        Some(t) => {
                            let mut t = t | (s & !slot_bits);
                            if boundary {
                                let crossings = (occupied(t) & downs).count_ones();
                                if crossings < k {
                                    return; // the seam is not a least-crossed boundary
                                }
                                if crossings == k {
                                    t += 1 << TIES_SHIFT;
                                }
                            }
                            out[bucket_of(t, bits)].push((t, *v));
                        }
                        None => {
                            let w = mul_lanes(v, &inverses[(s >> TIES_SHIFT) as usize], moduli);
                            add_lanes(&mut closed, &w, moduli);
                        }
                    });
                }
                (out, closed)
            };
            let scattered: Vec<(Vec<Part<L>>, [u64; L])> =
                level.par_iter().map(|p| step(p)).collect();
            drop(level);
            let mut columns_of: Vec<Vec<Part<L>>> = (0..buckets).map(|_| Vec::new()).collect();
            for (out, c) in scattered {
                add_lanes(&mut closed, &c, moduli);
                for (j, b) in out.into_iter().enumerate() {
                    if !b.is_empty() {
                        columns_of[j].push(b);
                    }
                }
            }
            let gather = |ins: Vec<Part<L>>| {
                let len: usize = ins.iter().map(Vec::len).sum();
                let mut sums: FxHashMap<u128, [u64; L]> =
                    FxHashMap::with_capacity_and_hasher(len, Default::default());
                for b in ins {
                    for (t, v) in b {
                        let e = sums.entry(t).or_insert([0; L]);
                        add_lanes(e, &v, moduli);
                    }
                }
                sums.into_iter().collect::<Vec<_>>()
            };
            level = columns_of.into_par_iter().map(gather).collect();
        }
    }
    if seam == 0 {
        return closed;
    }
    let mut total = [0u64; L];
    for &(s, ref v) in level.iter().flatten() {
        if one_cycle(s & slot_bits, n, &columns) {
            let w = mul_lanes(v, &inverses[(s >> TIES_SHIFT) as usize], moduli);
            add_lanes(&mut total, &w, moduli);
        }
    }
    total
}

/// True when the paths of a final state, their ends joined stub above to stub below
/// across the seam, make a single cycle. The j-th seam column's top stub is slot
/// `n + 2 + j`, its bottom stub the last row's down edge, slot `columns[j]`.
fn one_cycle(s: u128, n: u32, columns: &[u32]) -> bool {
    let k = columns.len();
    // The seam edge from each stub to the other end of the same edge.
    let mut across = [u32::MAX; MAX_SLOTS as usize];
    for (j, &c) in columns.iter().enumerate() {
        let top = n + 2 + j as u32;
        across[top as usize] = c;
        across[c as usize] = top;
    }
    // Follow path, seam edge, path, … from the first top stub until back at it.
    let first = n + 2;
    let mut at = first;
    for step in 1..=k {
        let f = field(s, at);
        if f == 0 {
            return false;
        }
        at = across[(f - 1) as usize];
        if at == u32::MAX {
            return false;
        }
        if at == first {
            return step == k;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontier::count_only;
    use tourglyph_core::torus;
    use tourglyph_core::{Piece, tour::TourKind};

    /// Every torus up to 30 cells, both orientations, against the frontier DP on the
    /// torus graph (itself tested against backtracking in `it::torus`).
    #[test]
    fn counts_equal_the_frontier_dp() {
        for a in 3..=6u32 {
            for b in a..=8u32 {
                if a * b > 30 {
                    continue;
                }
                let g = torus::graph(Board::new(a, b), &Piece::rook(), TourKind::Closed).unwrap();
                let want = BigUint::from(count_only(&g, TourKind::Closed).unwrap().tours);
                assert_eq!(
                    count(Board::new(a, b), None).unwrap().tours,
                    want,
                    "{a}x{b}"
                );
                assert_eq!(
                    count(Board::new(b, a), None).unwrap().tours,
                    want,
                    "{b}x{a}"
                );
            }
        }
    }

    /// OEIS A216588 (C_4 × C_n, n = 3…24) and A222199 (C_n × C_n, n = 3…7).
    #[test]
    fn published_figures() {
        let a216588: [u64; 22] = [
            126,
            1344,
            2930,
            28060,
            55230,
            538744,
            969378,
            10066228,
            16284862,
            186362560,
            265582226,
            3447630284,
            4238980734,
            64031790664,
            66561185858,
            1197008258212,
            1031815027710,
            22548844488592,
            15830131853490,
            428115681210300,
            240803790623806,
            8188893146929816,
        ];
        for (i, want) in a216588.into_iter().enumerate() {
            let b = Board::new(4, i as u32 + 3);
            assert_eq!(count(b, None).unwrap().tours, want.into(), "{b}");
        }
        for (n, want) in [
            (3, 48u64),
            (4, 1344),
            (5, 23580),
            (6, 3273360),
            (7, 257165468),
        ] {
            let b = Board::new(n, n);
            assert_eq!(count(b, None).unwrap().tours, want.into(), "{b}");
        }
    }

    /// A count resumed from the records of an interrupted one: the classes recorded are
    /// not swept again (a record changed on purpose changes the count), and the count is
    /// the same.
    #[test]
    fn a_count_resumes_from_its_records() {
        let b = Board::new(5, 7);
        let moduli = plan(b);
        let log = std::cell::RefCell::new(Vec::new());
        let record =
            |s: u32, p: &[u64], r: &[u64]| log.borrow_mut().push((s, p.to_vec(), r.to_vec()));
        let none = Resume {
            done: &[],
            record: &record,
        };
        let full = count_resumable(b, &moduli, &none, None).unwrap();
        assert_eq!(full.tours, count(b, None).unwrap().tours);
        let all = log.take();
        assert_eq!(all.len(), seam_classes(5).len());
        let half = &all[..all.len() / 2];
        let again = Resume {
            done: half,
            record: &record,
        };
        assert_eq!(count_resumable(b, &moduli, &again, None).unwrap(), full);
        assert_eq!(
            log.take(),
            all[all.len() / 2..].to_vec(),
            "only the rest is swept"
        );
        let mut wrong = half.to_vec();
        wrong[0].2[0] = (wrong[0].2[0] + 1) % wrong[0].1[0];
        let wrong = Resume {
            done: &wrong,
            record: &record,
        };
        assert_ne!(
            count_resumable(b, &moduli, &wrong, None).unwrap().tours,
            full.tours
        );
    }

    /// Long tori, whose bound needs more primes than one sweep carries: C_4 × C_50
    /// (six primes, two sweeps) against the frontier DP's 128-bit count, and C_4 × C_24
    /// with seven primes forced against A216588.
    #[test]
    fn long_tori_take_more_than_one_sweep() {
        let b = Board::new(4, 50);
        assert!(plan(b).len() > LANES, "{:?}", plan(b));
        let g = torus::graph(Board::new(50, 4), &Piece::rook(), TourKind::Closed).unwrap();
        let want = BigUint::from(count_only(&g, TourKind::Closed).unwrap().tours);
        assert_eq!(count(b, None).unwrap().tours, want);
        let seven: Vec<Modulus> = crt::prime::primes_below(1 << 63, 7)
            .into_iter()
            .map(Modulus::Int)
            .collect();
        let c = count_with(Board::new(4, 24), &seven, None).unwrap();
        assert_eq!(c.tours, 8188893146929816u64.into());
        assert_eq!(c.residues.len(), 7);
    }

    /// A sweep of one small prime (no CRT) gives the count modulo that prime, as the
    /// planned sweep of three large primes does; the plan's residues rebuild the count.
    #[test]
    fn residues_agree_lane_by_lane() {
        let b = Board::new(5, 6);
        let all = count(b, None).unwrap();
        for &(q, r) in &all.residues {
            assert_eq!(BigUint::from(r), &all.tours % q.value(), "{q}");
        }
        // One small modulus does not cover the bound: refused, not wrong.
        assert!(count_with(b, &[Modulus::Int(1_000_003)], None).is_err());
        for p in [1_000_003u64, 65521] {
            let none = Resume {
                done: &[],
                record: &|_, _, _| {},
            };
            let one = sweep_all::<1>(6, 5, &[p], &none, None);
            assert_eq!(BigUint::from(one[0]), &all.tours % p, "modulo {p}");
        }
    }

    /// The seam classes partition the 2^n seams, and their least members are least.
    #[test]
    fn seam_classes_cover_every_seam_once() {
        for n in 3..=10 {
            let classes = seam_classes(n);
            assert_eq!(classes.iter().map(|c| c.1).sum::<u64>(), 1 << n, "{n}");
        }
        // Bracelets of 10 beads in two colours: 78 (OEIS A000029).
        assert_eq!(seam_classes(10).len(), 78);
        assert_eq!(
            seam_classes(4),
            vec![(0, 1), (1, 4), (3, 4), (5, 2), (7, 4), (15, 1)]
        );
    }

    /// The bound holds the published counts (A222199 to 10×10), and the plan covers it.
    #[test]
    fn bound_covers_and_is_refused_when_short() {
        for (n, tours) in [(3u32, 48u64), (8, 171785923808), (10, 196554899918485160)] {
            let b = Board::new(n, n);
            let Need::Bits(bits) = need(b) else {
                unreachable!()
            };
            assert!(u64::from(64 - tours.leading_zeros()) <= bits, "{b}");
            let product: BigUint = plan(b).iter().map(|q| q.value()).product();
            assert!(need(b).covered_by(&product), "{b}");
        }
        assert!(check(Board::new(12, 12)).is_err());
        assert!(check(Board::new(11, 40)).is_ok());
    }
}
