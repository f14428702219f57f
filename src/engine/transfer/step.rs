//! One cell of the transfer matrix, on sorted arrays, in parallel.
//!
//! A layer is the list of (state key, count) pairs sorted by key. Cell (r, c) reads only
//! the low four bits of a key (its left and up plugs, [`super::state`]), so a sorted layer
//! is a sequence of *groups* sharing every other bit. Most transitions only rewrite those
//! four bits, so a group's successors share its prefix and come out already sorted
//! (they are summed in a 10-slot table per group). The others — joining two `(` or two
//! `)` — also turn one distant bracket round; they go to a side list that is sorted and
//! merged back in. Rotating the keys for the next cell moves digit 0 to the top of the
//! profile, so splitting the merged output by that digit (a stable three-way partition)
//! leaves three runs that, laid end to end, are sorted for the next cell. No hash table,
//! and every pass reads and writes memory in order.
//!
//! The layer is cut into chunks at group boundaries; chunks are expanded and merged on
//! rayon's workers. The chunking depends only on the layer's length, never on the
//! thread count, and duplicate keys are summed in a fixed order, so every number —
//! the exact residues and their floating-point estimates — is the same whatever the
//! number of threads.

use super::bigcount::Wide;
use super::state::{self, CLOSE, NONE, OPEN};
use rayon::prelude::*;

/// States and their counts, sorted by key for the next cell.
pub struct Layer<const N: usize> {
    /// State keys, increasing.
    pub keys: Vec<u64>,
    /// The number of partial tours in each state (modulo 2^(64·N)).
    pub counts: Vec<Wide<N>>,
}

impl<const N: usize> Layer<N> {
    /// The layer before the first cell: the empty state, once.
    pub fn start() -> Self {
        Layer {
            keys: vec![0],
            counts: vec![Wide::one()],
        }
    }

    /// Number of states.
    pub fn len(&self) -> usize {
        self.keys.len()
    }
}

/// What one cell allows.
#[derive(Clone, Copy, Debug)]
pub struct Cell {
    /// Profile width (columns of the region).
    pub w: u32,
    /// The cell's column.
    pub c: u32,
    /// An edge may leave the cell downwards.
    pub down: bool,
    /// An edge may leave the cell to the right.
    pub right: bool,
    /// Joining a path's two ends here closes the tour (the last cell of a closed count);
    /// everywhere else it would close a cycle too early and is refused.
    pub close: bool,
    /// The keys have frozen plugs above the profile, so the rotated output must be fully
    /// re-sorted (the three-way partition sorts the profile only).
    pub frozen: bool,
}

/// What one cell adds up besides the next layer.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stepped<const N: usize> {
    /// Tours closed at this cell.
    pub closed: Wide<N>,
    /// Successor states generated (a bound on the additions made).
    pub outputs: u64,
}

/// Chunks of roughly this many states are handed to one worker.
const CHUNK: usize = 1 << 15;

/// Buffers kept from cell to cell, so a sweep allocates (and the kernel zeroes pages)
/// only while layers grow.
pub struct Workspace<const N: usize> {
    chunks: Vec<ChunkBufs<N>>,
    side: Vec<(u64, Wide<N>)>,
    spare: Layer<N>,
}

impl<const N: usize> Default for Workspace<N> {
    fn default() -> Self {
        Workspace {
            chunks: Vec::new(),
            side: Vec::new(),
            spare: Layer {
                keys: Vec::new(),
                counts: Vec::new(),
            },
        }
    }
}

/// One chunk's buffers: its expanded successors and its merged, split output.
#[derive(Default)]
struct ChunkBufs<const N: usize> {
    keys: Vec<u64>,
    counts: Vec<Wide<N>>,
    side: Vec<(u64, Wide<N>)>,
    closed: Wide<N>,
    outputs: u64,
    runs: [Run<N>; 3],
}

/// Apply cell `cell` to every state of `layer`, replacing it by the next layer.
pub fn step<const N: usize>(ws: &mut Workspace<N>, layer: &mut Layer<N>, cell: Cell) -> Stepped<N> {
    let bounds = chunk_bounds(&layer.keys);
    let nchunks = bounds.len() - 1;
    let lows: Vec<u64> = bounds[..nchunks]
        .iter()
        .map(|&i| layer.keys.get(i).map_or(0, |k| k & !15))
        .collect();
    if ws.chunks.len() < nchunks {
        ws.chunks.resize_with(nchunks, ChunkBufs::default);
    }
    let chunks = &mut ws.chunks[..nchunks];

    // Expand: successors of each chunk.
    chunks
        .par_iter_mut()
        .zip(bounds.par_windows(2))
        .for_each(|(buf, b)| {
            expand(
                &layer.keys[b[0]..b[1]],
                &layer.counts[b[0]..b[1]],
                cell,
                buf,
            )
        });

    let mut out = Stepped::default();
    let side = &mut ws.side;
    side.clear();
    for buf in chunks.iter() {
        out.closed.add(&buf.closed);
        out.outputs += buf.outputs;
        side.extend_from_slice(&buf.side);
    }
    // Equal keys are ordered by their estimates, so the floating-point sums (and so
    // everything) come out the same whatever the sort's internal order.
    side.par_sort_unstable_by_key(|e| (e.0, e.1.estimate().to_bits()));

    // Merge each chunk's main output with the side entries in its key range.
    let mut cuts: Vec<usize> = lows[1..]
        .iter()
        .map(|&lo| side.partition_point(|e| e.0 < lo))
        .collect();
    cuts.insert(0, 0);
    cuts.push(side.len());
    let side = &ws.side;
    chunks
        .par_iter_mut()
        .enumerate()
        .for_each(|(t, buf)| merge(buf, &side[cuts[t]..cuts[t + 1]], cell));

    assemble(chunks, &mut ws.spare);
    std::mem::swap(layer, &mut ws.spare);
    if cell.frozen {
        sort_layer(layer);
    }
    out
}

/// Chunk boundaries (indices into the layer), each at the start of a group; depends only
/// on the keys.
fn chunk_bounds(keys: &[u64]) -> Vec<usize> {
    let n = keys.len();
    let chunks = n.div_ceil(CHUNK).max(1);
    let mut b = vec![0];
    for t in 1..chunks {
        let mut i = (n * t / chunks).max(*b.last().unwrap());
        while i > 0 && i < n && keys[i] & !15 == keys[i - 1] & !15 {
            i += 1;
        }
        if i > *b.last().unwrap() && i < n {
            b.push(i);
        }
    }
    b.push(n);
    b
}

/// The plug DP transition (Jacobsen 2007; the cases of Knuth's SIMPATH for degree-2
/// vertices). `a` = left plug, `b` = up plug; the cell's down and right plugs are
/// written in their place:
///
/// | a, b    | successors                                                     |
/// |---------|----------------------------------------------------------------|
/// | –, –    | down `(` right `)`: a new path turning at this cell            |
/// | x, – / –, x | the path goes on: down x, or right x                       |
/// | `)`, `(`| the two paths join                                             |
/// | `(`, `(`| join; the `)` matching b becomes `(`                           |
/// | `)`, `)`| join; the `(` matching a becomes `)`                           |
/// | `(`, `)`| the path closes: only at the last cell with no other plug      |
fn expand<const N: usize>(keys: &[u64], counts: &[Wide<N>], cell: Cell, out: &mut ChunkBufs<N>) {
    out.keys.clear();
    out.counts.clear();
    out.side.clear();
    out.closed = Wide::default();
    out.outputs = 0;
    let Cell {
        w, c, down, right, ..
    } = cell;
    let mut acc = [Wide::<N>::default(); 10];
    let mut i = 0;
    while i < keys.len() {
        let prefix = keys[i] & !15;
        let mut touched = 0u16;
        let mut put = |low: u64, v: &Wide<N>, acc: &mut [Wide<N>; 10]| {
            let bit = 1u16 << low;
            if touched & bit == 0 {
                acc[low as usize] = *v;
                touched |= bit;
            } else {
                acc[low as usize].add(v);
            }
        };
        while i < keys.len() && keys[i] & !15 == prefix {
            let k = keys[i];
            let v = &counts[i];
            i += 1;
            let (a, b) = (k & 3, (k >> 2) & 3);
            match (a, b) {
                (NONE, NONE) => {
                    if down && right {
                        put(OPEN | CLOSE << 2, v, &mut acc);
                    }
                }
                (x, NONE) | (NONE, x) => {
                    if down {
                        put(x, v, &mut acc);
                    }
                    if right {
                        put(x << 2, v, &mut acc);
                    }
                }
                (CLOSE, OPEN) => put(0, v, &mut acc),
                (OPEN, OPEN) => {
                    let p = state::partner_of_up_open(k, w, c);
                    out.side.push((state::with_digit(prefix, p, OPEN), *v));
                }
                (CLOSE, CLOSE) => {
                    let p = state::partner_of_left_close(k, w);
                    out.side.push((state::with_digit(prefix, p, CLOSE), *v));
                }
                _ => {
                    // (OPEN, CLOSE): the two ends of one path meet.
                    if cell.close && prefix == 0 {
                        out.closed.add(v);
                    }
                }
            }
        }
        out.outputs += u64::from(touched.count_ones());
        while touched != 0 {
            let low = touched.trailing_zeros();
            touched &= touched - 1;
            out.keys.push(prefix | u64::from(low));
            out.counts.push(acc[low as usize]);
        }
    }
    out.outputs += out.side.len() as u64;
}

/// One sorted run of (key, count).
type Run<const N: usize> = (Vec<u64>, Vec<Wide<N>>);

/// Merge a chunk's sorted main output with its sorted side entries, summing equal keys,
/// rotating each key for the next cell and splitting by the digit that rotates to the
/// top of the profile.
fn merge<const N: usize>(buf: &mut ChunkBufs<N>, side: &[(u64, Wide<N>)], cell: Cell) {
    let ChunkBufs {
        keys, counts, runs, ..
    } = buf;
    for r in runs.iter_mut() {
        r.0.clear();
        r.1.clear();
    }
    let w = cell.w;
    let mut emit = |k: u64, v: &Wide<N>| {
        let run = &mut runs[(k & 3) as usize];
        let nk = state::rotate(k, w);
        if run.0.last() == Some(&nk) {
            run.1.last_mut().unwrap().add(v);
        } else {
            run.0.push(nk);
            run.1.push(*v);
        }
    };
    let (mut x, mut y) = (0, 0);
    while x < keys.len() || y < side.len() {
        if y == side.len() || (x < keys.len() && keys[x] <= side[y].0) {
            emit(keys[x], &counts[x]);
            x += 1;
        } else {
            emit(side[y].0, &side[y].1);
            y += 1;
        }
    }
}

/// Lay the runs end to end into `dst`: digit 0, then 1, then 2, chunks in order within
/// each; the copies run in parallel into disjoint slices.
fn assemble<const N: usize>(chunks: &[ChunkBufs<N>], dst: &mut Layer<N>) {
    let total: usize = chunks.iter().flat_map(|c| &c.runs).map(|r| r.0.len()).sum();
    dst.keys.resize(total, 0);
    dst.counts.resize(total, Wide::default());
    let mut jobs = Vec::with_capacity(chunks.len() * 3);
    let (mut kr, mut cr) = (&mut dst.keys[..], &mut dst.counts[..]);
    for d in 0..3 {
        for p in chunks {
            let n = p.runs[d].0.len();
            let (k, krest) = kr.split_at_mut(n);
            let (c, crest) = cr.split_at_mut(n);
            jobs.push((k, c, &p.runs[d]));
            kr = krest;
            cr = crest;
        }
    }
    jobs.into_par_iter().for_each(|(k, c, run)| {
        k.copy_from_slice(&run.0);
        c.copy_from_slice(&run.1);
    });
}

/// Sort a layer whose keys are distinct but out of order.
pub fn sort_layer<const N: usize>(layer: &mut Layer<N>) {
    let mut pairs: Vec<(u64, Wide<N>)> = layer
        .keys
        .iter()
        .copied()
        .zip(layer.counts.iter().copied())
        .collect();
    pairs.par_sort_unstable_by_key(|e| e.0);
    debug_assert!(pairs.windows(2).all(|p| p[0].0 < p[1].0));
    layer.keys = pairs.iter().map(|e| e.0).collect();
    layer.counts = pairs.into_iter().map(|e| e.1).collect();
}
