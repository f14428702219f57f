//! A sweep's levels held up to a mirror symmetry of its graph: one state of each pair
//! of mirror images, counted for both.
//!
//! Where the cells processed so far are mapped onto themselves by a symmetry of the
//! sweep's graph (its edges and kept cells), so is its frontier, and the multiset of
//! frontier states at that level: each state's image is a state, as often. The
//! sweep can then keep the lesser of each pair ([`SlotMirror::canonical`]), counted as
//! the pair's *orbit weight*: the two counts summed for a pair, the count itself for a
//! state that is its own image. The weights carry through the steps that follow as
//! counts do: the states from a kept state are, up to the symmetry, those from its
//! image, so the level after holds, for each of its pairs, the orbit weight again
//! (states that reach no final state may be weighed wrongly, since the sweep's early
//! refusals depend on its order, but they die before the end). At the last level a
//! pair's states are counted half its weight each, a state its own image its weight.
//!
//! On knight 8×8's side cut at row 4 (rows 0–2 row by row, then the kept rows 3 and 4)
//! the levels after row 2 hold half the states at first (124,411 where there were
//! 248,207; 1.27 million where there were 2.57) and 0.67–0.76 of them over the last
//! five, as the descendants of a pair's two states merge with the rows above leaving
//! the frontier (14.1 million at the last where there were 18.5): 6.2·10^7 states
//! stepped where 9.3·10^7 were.

use super::slots::Layout;

/// The mirror image of a level's packed states: each frontier slot's image slot, and
/// each slot value's image (a path end names its mate's slot: 2 + j).
#[derive(Clone, Debug)]
pub(crate) struct SlotMirror {
    /// Each frontier slot's shift and its image's.
    slots: Vec<(u32, u32)>,
    /// Each slot value's image: 0 and 1 themselves, 2 + j to 2 + (j's image).
    value: Vec<u8>,
    mask: u128,
    /// The slots' fields moved as a whole: each shift (left, in bits; negative right) and
    /// the fields that take it.
    moves: Vec<(i32, u128)>,
}

impl SlotMirror {
    /// The image of state `t`.
    #[inline]
    pub(crate) fn image(&self, t: u128) -> u128 {
        let mut m = 0u128;
        for &(from, to) in &self.slots {
            let z = (t >> from) & self.mask;
            m |= u128::from(self.value[z as usize]) << to;
        }
        m
    }

    /// The image of `k`, a function of a state whose slots' fields depend on their
    /// values' kinds alone (0, 1, a path end), as the degree key does.
    #[inline]
    pub(crate) fn image_of_fields(&self, k: u128) -> u128 {
        let mut m = 0u128;
        for &(d, mask) in &self.moves {
            let f = k & mask;
            m |= if d >= 0 { f << d } else { f >> -d };
        }
        m
    }

    /// The state kept for `t` and its image, so that both are kept as one: the lesser by
    /// `(key, state)`, with its key; `key` a function of the kinds of the slots' values
    /// ([`SlotMirror::image_of_fields`]), so that the image is made only where it is
    /// kept or the keys tie. At knight 8×8's last level (the key its degree vector) the
    /// last step, the unfolding and the join's setup took 2.34–2.46 s where they took
    /// 2.76–2.96 s with the image made for every successor (`count_phases`, three
    /// alternating runs).
    #[inline]
    pub(crate) fn canonical_by(&self, t: u128, key: impl Fn(u128) -> u128) -> (u128, u128) {
        let kt = key(t);
        let km = self.image_of_fields(kt);
        if km > kt {
            return (t, kt);
        }
        let m = self.image(t);
        if km < kt || m < t { (m, km) } else { (t, kt) }
    }

    /// The state kept for `t` and its image, so that both are kept as one: the lesser.
    #[inline]
    pub(crate) fn canonical(&self, t: u128) -> u128 {
        t.min(self.image(t))
    }
}

/// For each step of `layout`, the mirror of the states it leaves where the cells
/// processed up to it (`order`, the plan's) are mapped onto themselves by `image` (a
/// symmetry of the sweep's graph, mapping kept cells to kept cells), else `None`. The
/// last step is included; the first is not (its level holds one state).
pub(crate) fn mirrors(
    layout: &Layout,
    order: &[u32],
    image: impl Fn(u32) -> u32,
) -> Vec<Option<SlotMirror>> {
    let bits = layout.bits;
    let vertices = (order.iter())
        .map(|&v| v.max(image(v)) as usize + 1)
        .max()
        .unwrap_or(0);
    let mut done = vec![false; vertices];
    // Cells processed whose image is not yet.
    let mut unmatched = 0i64;
    let mut slot_of = vec![u32::MAX; vertices];
    let mut out = Vec::with_capacity(order.len());
    for (i, &v) in order.iter().enumerate() {
        done[v as usize] = true;
        let w = image(v);
        if w != v {
            unmatched += if done[w as usize] { -1 } else { 1 };
        }
        if i == 0 || unmatched != 0 {
            out.push(None);
            continue;
        }
        let frontier = &layout.frontier[i];
        for &(u, s) in frontier {
            slot_of[u as usize] = s;
        }
        let mut value: Vec<u8> = (0..1u32 << bits).map(|z| z.min(1) as u8).collect();
        let slots = frontier
            .iter()
            .map(|&(u, s)| {
                let t = slot_of[image(u) as usize];
                assert!(
                    t != u32::MAX,
                    "the frontier of a mirrored set of cells is mirrored"
                );
                value[2 + s as usize] = (2 + t) as u8;
                (s * bits, t * bits)
            })
            .collect();
        for &(u, _) in frontier {
            slot_of[u as usize] = u32::MAX;
        }
        let mask = (1u128 << bits) - 1;
        let mut moves: Vec<(i32, u128)> = Vec::new();
        for &(from, to) in &slots {
            let d = to as i32 - from as i32;
            match moves.iter_mut().find(|(e, _)| *e == d) {
                Some((_, m)) => *m |= mask << from,
                None => moves.push((d, mask << from)),
            }
        }
        out.push(Some(SlotMirror {
            slots,
            value,
            mask,
            moves,
        }));
    }
    out
}
