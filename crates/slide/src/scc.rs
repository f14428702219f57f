//! Strongly connected components of the class graph.
//!
//! The class graph has one vertex per symmetry class and an arc \[x\] → \[y\] whenever a
//! sliding move takes x to y (well defined because moves commute with the symmetries).
//! It is built once in CSR form, then split by Tarjan's algorithm (R. Tarjan, "Depth-first
//! search and linear graph algorithms", SIAM J. Comput. 1(2), 1972), run with an explicit
//! stack so that a long path of classes cannot overflow the call stack.

use super::bfs::alloc;
use super::classes::ClassMap;
use super::sliding::{Geometry, apply};
use super::subset::Subsets;
use tourglyph_core::{error::Error, error::Result};

/// A directed graph in compressed sparse row form.
#[derive(Clone, Debug, Default)]
pub struct Csr {
    /// Arcs of vertex v: `targets[offsets[v]..offsets[v+1]]`, sorted, without repeats.
    pub offsets: Vec<u64>,
    /// Arc heads.
    pub targets: Vec<u32>,
}

impl Csr {
    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// True when there are no vertices.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The out-neighbours of `v`.
    pub fn arcs(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// A graph from adjacency lists (sorted and deduplicated here).
    pub fn from_lists(lists: &[Vec<u32>]) -> Csr {
        let mut g = Csr {
            offsets: vec![0],
            targets: Vec::new(),
        };
        for l in lists {
            let mut l = l.clone();
            l.sort_unstable();
            l.dedup();
            g.targets.extend_from_slice(&l);
            g.offsets.push(g.targets.len() as u64);
        }
        g
    }
}

/// The class graph: vertices are the class numbers of `map`; the arcs of class c are
/// the classes of the successors of its representative.
pub fn class_graph(g: &Geometry, s: &Subsets, map: &ClassMap) -> Result<Csr> {
    let k = s.k();
    let mut csr = Csr {
        offsets: vec![0],
        targets: Vec::new(),
    };
    let (mut x, mut y) = (vec![0u8; k], vec![0u8; k]);
    let mut arcs: Vec<u32> = Vec::new();
    for &r in &map.reps {
        s.unrank(r, &mut x);
        arcs.clear();
        g.for_each_move(&x, |m| {
            y.copy_from_slice(&x);
            apply(&mut y, m);
            arcs.push(map.class[s.rank(&y) as usize]);
        });
        arcs.sort_unstable();
        arcs.dedup();
        csr.targets.try_reserve(arcs.len()).map_err(|_| {
            Error::runtime("out of memory while building the class graph; drop --analyze")
        })?;
        csr.targets.extend_from_slice(&arcs);
        csr.offsets.push(csr.targets.len() as u64);
    }
    Ok(csr)
}

/// The components: `comp[v]` numbers v's component (in the order Tarjan completes them,
/// sinks first), `sizes[c]` is component c's size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Components {
    /// Component of each vertex.
    pub comp: Vec<u32>,
    /// Size of each component.
    pub sizes: Vec<u64>,
}

/// The summary the CLI prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SccStats {
    /// Number of components.
    pub count: u64,
    /// Size of the largest.
    pub largest: u64,
    /// Components of one vertex.
    pub singletons: u64,
}

impl Components {
    /// Count, largest size, number of singletons.
    pub fn stats(&self) -> SccStats {
        SccStats {
            count: self.sizes.len() as u64,
            largest: self.sizes.iter().copied().max().unwrap_or(0),
            singletons: self.sizes.iter().filter(|&&s| s == 1).count() as u64,
        }
    }
}

/// Tarjan's algorithm with an explicit stack.
pub fn tarjan(g: &Csr) -> Result<Components> {
    const NONE: u32 = u32::MAX;
    let n = g.len();
    let mut order = alloc(n, NONE, "component table")?; // discovery index
    let mut low = alloc(n, 0u32, "component table")?;
    let mut comp = alloc(n, NONE, "component table")?;
    let mut stack: Vec<u32> = Vec::new(); // Tarjan's stack
    let mut call: Vec<(u32, u64)> = Vec::new(); // (vertex, next arc position)
    let mut sizes = Vec::new();
    let mut next = 0u32;
    for root in 0..n {
        if order[root] != NONE {
            continue;
        }
        order[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root as u32);
        call.push((root as u32, g.offsets[root]));
        while let Some(&mut (v, ref mut pos)) = call.last_mut() {
            let v = v as usize;
            if *pos < g.offsets[v + 1] {
                let w = g.targets[*pos as usize] as usize;
                *pos += 1;
                if order[w] == NONE {
                    order[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w as u32);
                    call.push((w as u32, g.offsets[w]));
                } else if comp[w] == NONE {
                    // w is still on Tarjan's stack.
                    low[v] = low[v].min(order[w]);
                }
                continue;
            }
            call.pop();
            if low[v] == order[v] {
                let id = sizes.len() as u32;
                let mut size = 0u64;
                loop {
                    let w = stack.pop().expect("v is on the stack") as usize;
                    comp[w] = id;
                    size += 1;
                    if w == v {
                        break;
                    }
                }
                sizes.push(size);
            }
            if let Some(&(u, _)) = call.last() {
                let u = u as usize;
                low[u] = low[u].min(low[v]);
            }
        }
    }
    Ok(Components { comp, sizes })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Components by brute force: u and v share one iff each reaches the other.
    fn brute(g: &Csr) -> Vec<Vec<bool>> {
        let n = g.len();
        let mut reach = vec![vec![false; n]; n];
        for (s, row) in reach.iter_mut().enumerate() {
            let mut todo = vec![s];
            row[s] = true;
            while let Some(v) = todo.pop() {
                for &w in g.arcs(v) {
                    if !row[w as usize] {
                        row[w as usize] = true;
                        todo.push(w as usize);
                    }
                }
            }
        }
        reach
    }

    fn check(g: &Csr) {
        let c = tarjan(g).unwrap();
        let reach = brute(g);
        for (u, from_u) in reach.iter().enumerate() {
            for (v, from_v) in reach.iter().enumerate() {
                assert_eq!(c.comp[u] == c.comp[v], from_u[v] && from_v[u], "{u} {v}");
            }
        }
        assert_eq!(c.sizes.iter().sum::<u64>(), g.len() as u64);
    }

    #[test]
    fn small_graphs() {
        // Two cycles joined one way, a tail, a self-loop.
        check(&Csr::from_lists(&[
            vec![1],
            vec![2],
            vec![0, 3],
            vec![4],
            vec![3, 5],
            vec![5],
        ]));
        check(&Csr::from_lists(&[vec![], vec![0], vec![1]]));
        // A pseudo-random graph.
        let mut state = 12345u64;
        let lists: Vec<Vec<u32>> = (0..60)
            .map(|_| {
                (0..2)
                    .map(|_| {
                        state = state
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        ((state >> 33) % 60) as u32
                    })
                    .collect()
            })
            .collect();
        check(&Csr::from_lists(&lists));
    }

    #[test]
    fn deep_path_needs_no_recursion() {
        let n = 200_000u32;
        let lists: Vec<Vec<u32>> = (0..n)
            .map(|v| if v + 1 < n { vec![v + 1] } else { vec![] })
            .collect();
        let c = tarjan(&Csr::from_lists(&lists)).unwrap();
        assert_eq!(c.stats().singletons, n as u64);
    }
}
