//! How big a level-by-level construction is heading to be, projected from the widths
//! of its levels so far ([`projected`]) and, for the open sweeps of leapers whose moves
//! span two rows or more, the shape of the sweep ([`Shape`]).

use super::state::FrontierPlan;
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::tour::TourKind;

/// Where a level-by-level construction is heading: `done` units built, `widths` the
/// states of the levels so far (the last one the current level `i`) of `levels`.
///
/// Without a `shape`, or until the frontier has filled and half a row has passed, the
/// work done plus the current width for every level left. After that the widths grow by
/// a factor per level, measured over the last row since the frontier filled: measured
/// on open knight sweeps (6 wide: 1.3 per cell on and on; 5 wide: the widest level 85%
/// of the way), the growth holds, its logarithm halving row after row, until the
/// frontier's reach meets the last rows (`shape.peak`), then the width holds. That sees
/// a hopeless run as soon as its growth shows (open knight 6×6 at edge 34 of 80, 1.6 M
/// states in, against edge 61 and 43 M states with the width alone), and projects the
/// open knight 5×7 run (9.9 M states) at 4.2·10^7.
#[allow(
    clippy::disallowed_methods,
    reason = "a projection for the budget, printed only rounded far coarser than an ulp"
)]
pub(super) fn projected(done: usize, widths: &[u64], levels: usize, shape: Option<&Shape>) -> f64 {
    let i = widths.len() - 1;
    let done = done as f64;
    let width = widths[i] as f64;
    let flat = done + width * (levels - i - 1) as f64;
    let Some(sh) = shape else {
        return flat;
    };
    if i < sh.filled + sh.row / 2 {
        return flat;
    }
    let from = sh.filled.max(i.saturating_sub(sh.row));
    if from >= i || widths[from] == 0 || width == 0.0 {
        return flat;
    }
    let mut log_growth = ((width / widths[from] as f64).ln() / (i - from) as f64).max(0.0);
    let mut ahead = 0.0;
    let mut w = width;
    for k in i + 1..levels {
        if k < sh.peak {
            w *= log_growth.exp();
        }
        if (k - i) % sh.row == 0 {
            log_growth /= 2.0;
        }
        ahead += w;
    }
    (done + ahead).max(flat)
}

/// What the projection knows of a plane board's sweep: levels per row, the level where
/// the frontier first reaches its full size, and the level after which it stops growing
/// (a frontier's reach before the end).
pub(super) struct Shape {
    row: usize,
    filled: usize,
    peak: usize,
}

impl Shape {
    /// The shape of the sweep of `plan` over `g`, for leapers whose moves span two rows
    /// or more. `None` for the others, projected without growth: on the torus the wrap
    /// edges bring far rows in at once, and the widths of a rook's or king's frontier (one
    /// row deep) grow fast over the first rows and then level off (open rook 10×10: 0.1 s
    /// into it a growth projection says 3 min, for a count of a few seconds). Closed
    /// tours too are projected without growth: their widths level off sooner than the
    /// open sweeps the growth is fitted to (closed knight 8×6: 2 min projected at edge
    /// 61 of 116 for a count of about 20 s), and the halves count them on most boards.
    pub(super) fn of(g: &LeapGraph, plan: &FrontierPlan, kind: TourKind) -> Option<Shape> {
        if g.topology().is_torus() || kind != TourKind::Open {
            return None;
        }
        let m = plan.levels.len();
        let b = g.board();
        let row = ((m * b.cols as usize) / g.vertex_count().max(1)).max(1);
        let full = plan.levels.iter().map(|l| l.width).max().unwrap_or(0);
        let filled = plan.levels.iter().position(|l| l.width == full)?;
        let depth = g
            .piece()
            .leaps()
            .iter()
            .map(|&(a, b)| a.max(b) as usize)
            .max()
            .unwrap_or(1);
        if depth < 2 {
            return None;
        }
        Some(Shape {
            row,
            filled,
            peak: m.saturating_sub(depth * row),
        })
    }
}
