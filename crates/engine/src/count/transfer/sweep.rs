//! The sweep: run the transfer matrix cell by cell over a rectangular region.
//!
//! A [`Region`] is `rows × cols` cells swept row by row, the frontier running along a
//! row (`cols + 1` plugs, so callers put the narrow side there). Three kinds:
//!
//! - a whole board: no edge may leave it, and the tour closes at the last cell;
//! - a half board (`bottom_exits`): paths may leave through the bottom side; what is
//!   kept is the final layer, each state a set of exits and their pairing;
//! - a quarter board (`bottom_exits` and `right_exits`): also through the right side,
//!   the right exits kept as frozen plugs ([`super::state`]).
//!
//! Memory is two layers at a time, so it is bounded by the number of frontier states of
//! one cut, whatever the number of rows.

use super::state;
use super::step::{self, Layer, TransferCell};
use super::wide::Wide;

/// A rectangle to sweep and the sides paths may leave it by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// Rows swept.
    pub rows: u32,
    /// Columns: the frontier has `cols + 1` plugs.
    pub cols: u32,
    /// Edges may leave the bottom row downwards.
    pub bottom_exits: bool,
    /// Edges may leave the last column to the right.
    pub right_exits: bool,
    /// At most one edge leaves to the right: states with a second frozen right exit are
    /// dropped as it freezes (the both-mirror count needs one exit on each side, and the
    /// quarter board then has far fewer states).
    pub one_right_exit: bool,
}

impl Region {
    /// A whole board: closed tours only.
    pub fn board(rows: u32, cols: u32) -> Self {
        Region {
            rows,
            cols,
            bottom_exits: false,
            right_exits: false,
            one_right_exit: false,
        }
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// Bits a key needs: two per profile plug, two per frozen right exit.
    pub fn key_bits(&self) -> u32 {
        2 * (self.cols + 1) + if self.right_exits { 2 * self.rows } else { 0 }
    }
}

/// What a sweep leaves.
pub struct Swept<const N: usize> {
    /// Closed tours (whole boards only).
    pub closed: Wide<N>,
    /// The states after the last row, keys as [`state::boundary`] reads them.
    pub finals: Layer<N>,
    /// Successor states generated over the whole sweep: a bound on the number of
    /// additions that built any one count (for [`super::wide::fits`]).
    pub additions: u64,
    /// Largest layer (states at one cut).
    pub max_states: usize,
}

/// Sweep `region`, calling `tick` after every cell.
pub fn sweep<const N: usize>(region: Region, tick: &mut dyn FnMut()) -> Swept<N> {
    assert!(region.key_bits() <= 64, "frontier too wide for a u64 key");
    let Region {
        rows,
        cols,
        bottom_exits,
        right_exits,
        one_right_exit,
    } = region;
    let mut layer = Layer::<N>::start();
    let mut ws = step::Workspace::default();
    let mut closed = Wide::default();
    let mut additions = 0u64;
    let mut max_states = 1;
    for r in 0..rows {
        for c in 0..cols {
            let last_row = r + 1 == rows;
            let last_col = c + 1 == cols;
            let cell = TransferCell {
                w: cols,
                c,
                down: !last_row || bottom_exits,
                right: !last_col || right_exits,
                close: last_row && last_col && !bottom_exits && !right_exits,
                frozen: right_exits,
            };
            let s = step::step(&mut ws, &mut layer, cell);
            closed.add(&s.closed);
            additions += s.outputs;
            max_states = max_states.max(layer.len());
            tick();
        }
        if right_exits {
            freeze_right_exit(&mut layer, cols, one_right_exit);
        }
    }
    Swept {
        closed,
        finals: layer,
        additions,
        max_states,
    }
}

/// At the end of a row with right exits: the row's exit (profile digit 0 once rotated)
/// becomes frozen plug 0 and the older frozen plugs move up one, so the next row starts
/// with no plug on its left. With `one`, a state that would then hold two frozen exits
/// is dropped.
fn freeze_right_exit<const N: usize>(layer: &mut Layer<N>, cols: u32, one: bool) {
    let p = 2 * (cols + 1);
    for k in layer.keys.iter_mut() {
        let frozen = *k >> p;
        let profile = *k ^ (frozen << p);
        let exit = profile & 3;
        *k = (((frozen << 2) | exit) << p) | (profile & !3);
    }
    if one {
        let keep: Vec<bool> = layer
            .keys
            .iter()
            .map(|&k| {
                let frozen = k >> p;
                ((frozen | (frozen >> 1)) & 0x5555_5555_5555_5555).count_ones() <= 1
            })
            .collect();
        let mut i = 0;
        layer.keys.retain(|_| {
            i += 1;
            keep[i - 1]
        });
        let mut j = 0;
        layer.counts.retain(|_| {
            j += 1;
            keep[j - 1]
        });
    }
    step::sort_layer(layer);
    debug_assert!(layer.keys.iter().all(|&k| state::digit(k, 0) == 0));
}
