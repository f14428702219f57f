//! Step 2 of `find` (the module's notes): the Warnsdorff search with backtracking under a
//! node budget, restarted with seeded tie-breaks, then a direct closed search, then an
//! exhaustive one on tiny boards.

use crate::find::warnsdorff::{Adj, Outcome, Problem, TieBreak, find_with_restarts, search_with};
use tourglyph_core::board::Board;

/// Boards up to this many cells get an exhaustive search when the budget runs out, so a
/// refusal there is a proof.
pub const EXHAUSTIVE_CELLS: usize = 40;
/// Nodes per search attempt, plus two per cell.
pub const BUDGET: u64 = 20_000;
/// Search attempts (seeded restarts; 3 on boards over 100 000 cells).
pub const ATTEMPTS: u32 = 30;

/// The search policy of step 2 (module doc): restarts, then a direct closed search, then
/// an exhaustive one on tiny boards. Returns the outcome and the nodes used.
pub(super) fn search_tour(
    board: Board,
    moves: &[(i64, i64)],
    closed: bool,
    start: u32,
    tie: TieBreak,
    seed: u64,
) -> (Outcome, u64) {
    let adj = Adj::new(board, moves);
    let n = board.cells();
    let p = Problem {
        board,
        moves: moves.to_vec(),
        start,
        closed,
        end: None,
        required: vec![],
        tie,
        // A tour needs n nodes at the very least: the budget grows with the board.
        budget: BUDGET + 2 * n as u64,
    };
    if !connected(&adj, n) {
        return (Outcome::None, 0);
    }
    let attempts = if n > 100_000 { 3 } else { ATTEMPTS };
    let r = find_with_restarts(&p, &adj, attempts, seed);
    let mut nodes = r.nodes;
    if !matches!(r.outcome, Outcome::Budget) {
        return (r.outcome, nodes);
    }
    if closed {
        // Few closed tours (3×10, 5×6): search for the cycle directly, from a corner and
        // from the start, going away from the start first.
        for s in [0, start] {
            let mut q = p.clone();
            q.start = s;
            q.tie = TieBreak::AwayFrom(s);
            q.budget = 2_000_000 + 4 * n as u64;
            let r = search_with(&q, &adj);
            nodes += r.nodes;
            if !matches!(r.outcome, Outcome::Budget) {
                return (r.outcome, nodes);
            }
        }
    }
    if n <= EXHAUSTIVE_CELLS {
        let mut q = p.clone();
        q.budget = u64::MAX;
        let r = search_with(&q, &adj);
        return (r.outcome, nodes + r.nodes);
    }
    (Outcome::Budget, nodes)
}

/// Is the move graph connected? (A camel never leaves its colour: no tour at all.)
fn connected(adj: &Adj, n: usize) -> bool {
    let mut seen = vec![false; n];
    let mut stack = vec![0u32];
    seen[0] = true;
    let mut count = 1;
    while let Some(v) = stack.pop() {
        for &w in adj.of(v) {
            if !std::mem::replace(&mut seen[w as usize], true) {
                count += 1;
                stack.push(w);
            }
        }
    }
    count == n
}
