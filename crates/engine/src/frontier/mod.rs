//! The frontier-based ZDD engine.
//!
//! A zero-suppressed decision diagram (Minato 1993) of all tours of one kind of a leap
//! graph, built top-down by the frontier method: Knuth's SIMPATH (TAOCP 7.1.4, and the
//! program SIMPATH of 2008) and its generalisation by Kawahara, Inoue, Iwashita and Minato,
//! "Frontier-based search for enumerating all constrained subgraphs with compressed
//! representation" (IEICE Trans. Fundamentals, 2017). Level i of the diagram decides edge i
//! (edges in increasing (u, v) order, the order tour IDs are defined on); a node is a
//! frontier state — the degrees and the path partners (`mate[]`) of the frontier vertices,
//! defined precisely in `state`. Nodes with equal states are shared, so the diagram
//! holds every tour in space proportional to (edges × distinct states per level).
//!
//! Cost: building visits each (level, state) once and does O(frontier width) work for
//! each of its two children; memory is 28 bytes per node (children, variable, count) plus
//! one level's hash table. The frontier width of a rook board laid out row-major is
//! `cols + 1`, so states per level grow like c^cols: 10×10 is a few million nodes.
//! [`count_only`] runs the same transition with counts instead of nodes and keeps only two
//! levels, so counting needs memory for one level's states alone.
//!
//! Because taking an edge (the hi branch) puts a smaller edge number earlier in the sorted
//! edge list, the hi-first depth-first order of the diagram is exactly the ID order; a
//! node's count splits the ID range between its hi and lo children. That gives rank,
//! unrank, uniform sampling and range enumeration in O(edges) per tour.

mod board_checks;
mod counting;
mod diagram;
mod projection;
mod state;

pub use board_checks::check_width;
pub use counting::{CountOnly, STATES_PER_SECOND, count_only, count_only_with_budget, count_plan};
pub use diagram::{BYTES_PER_NODE, NODES_PER_SECOND, Zdd};
pub use state::{FrontierPlan, FrontierStep, Level};
