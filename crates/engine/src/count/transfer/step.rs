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

use super::state::{self, CLOSE, NONE, OPEN};
use super::wide::Wide;
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

    /// True when no state is left.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

/// What one cell allows.
#[derive(Clone, Copy, Debug)]
pub struct TransferCell {
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
    /// A bound on the additions made (successors generated plus two per state).
    pub outputs: u64,
}

/// Chunks of roughly this many states are handed to one worker.
const CHUNK: usize = 1 << 15;

/// Buffers kept from cell to cell, so a sweep allocates (and the kernel zeroes pages)
/// only while layers grow. Every buffer is sized exactly (a counting pass comes first),
/// so a cell needs the layer, its successors (about 1.1 layers), the side list and the
/// next layer: about 3.5 × (8 + size of a count) bytes per state.
pub struct Workspace<const N: usize> {
    main_keys: Vec<u64>,
    main_counts: Vec<Wide<N>>,
    side: Vec<(u64, Wide<N>)>,
    spare: Layer<N>,
}

impl<const N: usize> Default for Workspace<N> {
    fn default() -> Self {
        Workspace {
            main_keys: Vec::new(),
            main_counts: Vec::new(),
            side: Vec::new(),
            spare: Layer {
                keys: Vec::new(),
                counts: Vec::new(),
            },
        }
    }
}

/// Apply cell `cell` to every state of `layer`, replacing it by the next layer.
pub fn step<const N: usize>(
    ws: &mut Workspace<N>,
    layer: &mut Layer<N>,
    cell: TransferCell,
) -> Stepped<N> {
    let table = Slots::new(cell);
    let bounds = chunk_bounds(&layer.keys);
    let nchunks = bounds.len() - 1;
    let lows: Vec<u64> = bounds[..nchunks]
        .iter()
        .map(|&i| layer.keys.get(i).map_or(0, |k| k & !15))
        .collect();

    // Count each chunk's successors, then expand into exactly sized slices.
    let sizes: Vec<(usize, usize)> = bounds
        .par_windows(2)
        .map(|b| table.count(&layer.keys[b[0]..b[1]]))
        .collect();
    let main_total: usize = sizes.iter().map(|s| s.0).sum();
    let side_total: usize = sizes.iter().map(|s| s.1).sum();
    ws.main_keys.resize(main_total, 0);
    ws.main_counts.resize(main_total, Wide::default());
    ws.side.resize(side_total, (0, Wide::default()));
    let mut jobs = Vec::with_capacity(nchunks);
    {
        let (mut mk, mut mc, mut sd) = (
            &mut ws.main_keys[..],
            &mut ws.main_counts[..],
            &mut ws.side[..],
        );
        for (t, &(m, s)) in sizes.iter().enumerate() {
            let (k, krest) = mk.split_at_mut(m);
            let (c, crest) = mc.split_at_mut(m);
            let (d, drest) = sd.split_at_mut(s);
            jobs.push((bounds[t]..bounds[t + 1], k, c, d));
            (mk, mc, sd) = (krest, crest, drest);
        }
    }
    let results: Vec<Stepped<N>> = jobs
        .into_par_iter()
        .map(|(r, k, c, d)| table.expand(&layer.keys[r.clone()], &layer.counts[r], k, c, d))
        .collect();
    let mut out = Stepped::default();
    for r in &results {
        out.closed.add(&r.closed);
        out.outputs += r.outputs;
    }

    // Equal keys are ordered by their estimates, so the floating-point sums (and so
    // everything) come out the same whatever the sort's internal order.
    ws.side
        .par_sort_unstable_by_key(|e| (e.0, e.1.estimate().to_bits()));

    // Merge each chunk's successors with the side entries in its key range: count the
    // distinct keys per top digit, then write them into their places in the next layer.
    let mut cuts: Vec<usize> = lows[1..]
        .iter()
        .map(|&lo| ws.side.partition_point(|e| e.0 < lo))
        .collect();
    cuts.insert(0, 0);
    cuts.push(ws.side.len());
    let mut moffs = vec![0];
    for s in &sizes {
        moffs.push(moffs.last().unwrap() + s.0);
    }
    let (mk, mc, side) = (&ws.main_keys[..], &ws.main_counts[..], &ws.side[..]);
    let part = |t: usize| {
        (
            &mk[moffs[t]..moffs[t + 1]],
            &mc[moffs[t]..moffs[t + 1]],
            &side[cuts[t]..cuts[t + 1]],
        )
    };
    let per_digit: Vec<[usize; 3]> = (0..nchunks)
        .into_par_iter()
        .map(|t| {
            let (k, c, s) = part(t);
            let mut n = [0usize; 3];
            let mut last = None;
            merge_walk(k, c, s, |key, _| {
                if last != Some(key) {
                    n[(key & 3) as usize] += 1;
                    last = Some(key);
                }
            });
            n
        })
        .collect();
    let total: usize = per_digit.iter().flatten().sum();
    let dst = &mut ws.spare;
    dst.keys.resize(total, 0);
    dst.counts.resize(total, Wide::default());
    let mut slots: Vec<Vec<(&mut [u64], &mut [Wide<N>])>> =
        (0..nchunks).map(|_| Vec::with_capacity(3)).collect();
    {
        let (mut kr, mut cr) = (&mut dst.keys[..], &mut dst.counts[..]);
        for d in 0..3 {
            for (t, n) in per_digit.iter().enumerate() {
                let (k, krest) = kr.split_at_mut(n[d]);
                let (c, crest) = cr.split_at_mut(n[d]);
                slots[t].push((k, c));
                (kr, cr) = (krest, crest);
            }
        }
    }
    let w = cell.w;
    slots.into_par_iter().enumerate().for_each(|(t, mut outs)| {
        let (k, c, s) = part(t);
        let mut fill = [0usize; 3];
        let mut last = None;
        merge_walk(k, c, s, |key, v| {
            let d = (key & 3) as usize;
            let (ok, oc) = &mut outs[d];
            if last == Some(key) {
                oc[fill[d] - 1].add(v);
            } else {
                ok[fill[d]] = state::rotate(key, w);
                oc[fill[d]] = *v;
                fill[d] += 1;
                last = Some(key);
            }
        });
    });

    std::mem::swap(layer, &mut ws.spare);
    if cell.frozen {
        sort_layer(layer);
    }
    out
}

/// Walk the union of a sorted main run and sorted side entries in key order (equal keys
/// adjacent, main first).
#[inline]
fn merge_walk<const N: usize>(
    keys: &[u64],
    counts: &[Wide<N>],
    side: &[(u64, Wide<N>)],
    mut f: impl FnMut(u64, &Wide<N>),
) {
    let (mut x, mut y) = (0, 0);
    while x < keys.len() || y < side.len() {
        if y == side.len() || (x < keys.len() && keys[x] <= side[y].0) {
            f(keys[x], &counts[x]);
            x += 1;
        } else {
            f(side[y].0, &side[y].1);
            y += 1;
        }
    }
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
/// | `(`, `(`| join; the `)` matching b becomes `(`  (side list)            |
/// | `)`, `)`| join; the `(` matching a becomes `)`  (side list)            |
/// | `(`, `)`| the path closes: only at the last cell with no other plug      |
///
/// `mask[a | b << 2]` has bit `low` set when the state has a successor with the same
/// prefix and low four bits `low`.
struct Slots {
    mask: [u16; 16],
    cell: TransferCell,
}

impl Slots {
    fn new(cell: TransferCell) -> Self {
        let mut mask = [0u16; 16];
        for (i, m) in mask.iter_mut().enumerate() {
            let (a, b) = (i as u64 & 3, i as u64 >> 2);
            *m = match (a, b) {
                (NONE, NONE) if cell.down && cell.right => 1 << (OPEN | CLOSE << 2),
                (NONE, NONE) => 0,
                (x, NONE) | (NONE, x) if x != 3 => {
                    (if cell.down { 1 << x } else { 0 })
                        | (if cell.right { 1 << (x << 2) } else { 0 })
                }
                (CLOSE, OPEN) => 1,
                _ => 0,
            };
        }
        Slots { mask, cell }
    }

    fn is_side(low: u64) -> bool {
        low == (OPEN | OPEN << 2) || low == (CLOSE | CLOSE << 2)
    }

    /// (successors with the group's prefix, side entries) of a chunk.
    fn count(&self, keys: &[u64]) -> (usize, usize) {
        let (mut main, mut side) = (0, 0);
        let mut i = 0;
        while i < keys.len() {
            let prefix = keys[i] & !15;
            let mut touched = 0u16;
            while i < keys.len() && keys[i] & !15 == prefix {
                let low = keys[i] & 15;
                touched |= self.mask[low as usize];
                side += usize::from(Self::is_side(low));
                i += 1;
            }
            main += touched.count_ones() as usize;
        }
        (main, side)
    }

    /// Expand a chunk into exactly sized outputs (from [`Self::count`]).
    fn expand<const N: usize>(
        &self,
        keys: &[u64],
        counts: &[Wide<N>],
        out_keys: &mut [u64],
        out_counts: &mut [Wide<N>],
        side: &mut [(u64, Wide<N>)],
    ) -> Stepped<N> {
        let TransferCell { w, c, .. } = self.cell;
        let mut res = Stepped::default();
        let mut acc = [Wide::<N>::default(); 10];
        let (mut o, mut s) = (0, 0);
        let mut i = 0;
        while i < keys.len() {
            let prefix = keys[i] & !15;
            let mut touched = 0u16;
            while i < keys.len() && keys[i] & !15 == prefix {
                let k = keys[i];
                let v = &counts[i];
                i += 1;
                let low = k & 15;
                let mut m = self.mask[low as usize];
                while m != 0 {
                    let slot = m.trailing_zeros() as usize;
                    m &= m - 1;
                    if touched & (1 << slot) == 0 {
                        acc[slot] = *v;
                        touched |= 1 << slot;
                    } else {
                        acc[slot].add(v);
                    }
                }
                if low == (OPEN | OPEN << 2) {
                    let p = state::partner_of_up_open(k, w, c);
                    side[s] = (state::with_digit(prefix, p, OPEN), *v);
                    s += 1;
                } else if low == (CLOSE | CLOSE << 2) {
                    let p = state::partner_of_left_close(k, w);
                    side[s] = (state::with_digit(prefix, p, CLOSE), *v);
                    s += 1;
                } else if low == (OPEN | CLOSE << 2) && self.cell.close && prefix == 0 {
                    // The two ends of the last path meet at the last cell.
                    res.closed.add(v);
                }
            }
            res.outputs += u64::from(touched.count_ones());
            while touched != 0 {
                let slot = touched.trailing_zeros();
                touched &= touched - 1;
                out_keys[o] = prefix | u64::from(slot);
                out_counts[o] = acc[slot as usize];
                o += 1;
            }
        }
        debug_assert_eq!((o, s), (out_keys.len(), side.len()));
        // Every addition made for this chunk, here and in the merge, is charged: at most
        // two per input state in the group tables, one per output in the merge.
        res.outputs += s as u64 + 2 * keys.len() as u64;
        res
    }
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
