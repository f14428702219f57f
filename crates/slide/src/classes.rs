//! One pass over all C(n², k) states in colex order that finds the symmetry classes: a
//! state is a class's representative iff it is the least member of its orbit. The pass
//! counts the classes (a check on Burnside's count) and the classes reached from the
//! start, and optionally numbers the classes 0, 1, 2, … in the order of their
//! representatives, recording the class of every state (a [`ClassMap`]) for the class
//! graph.

use super::bfs::{Distances, alloc};
use super::orbit::Orbits;
use super::subset::Subsets;
use tourglyph_core::{error::Error, error::Result};

/// The class number of every state, by rank, and the representatives' ranks.
#[derive(Clone, Debug)]
pub struct ClassMap {
    /// `class[rank]`: the number of the state's class.
    pub class: Vec<u32>,
    /// `reps[c]`: the rank of class c's representative (increasing).
    pub reps: Vec<u64>,
}

/// What the pass finds.
#[derive(Clone, Debug)]
pub struct Census {
    /// Number of classes (by enumeration).
    pub classes: u64,
    /// Classes with a member reached from the start.
    pub reachable_classes: u64,
    /// Sum of the orbit sizes of the reached classes (equals the raw reachable count when
    /// the reached set is closed under the symmetries, e.g. for the symmetric start).
    pub reachable_orbit_sum: u64,
    /// The class numbering, when asked for.
    pub map: Option<ClassMap>,
}

/// Enumerate all states once; `numbering` asks for the [`ClassMap`] (4 bytes a state).
pub fn census(s: &Subsets, o: &Orbits, dd: &Distances, numbering: bool) -> Result<Census> {
    let total = dd.dist.len() as u64;
    let mut class = if numbering {
        alloc(total as usize, u32::MAX, "class table")?
    } else {
        Vec::new()
    };
    let mut reps = Vec::new();
    let k = s.k();
    let mut x: Vec<u8> = (0..k as u8).collect();
    let (mut classes, mut reached, mut orbit_sum) = (0u64, 0u64, 0u64);
    let mut r = 0u64;
    loop {
        if let Some(orbit) = o.orbit_if_least(&x) {
            if numbering && classes >= u32::MAX as u64 {
                return Err(Error::runtime(
                    "too many classes for the component analysis",
                ));
            }
            let mut hit = false;
            o.for_each_image(&x, |img| {
                let ri = s.rank(img);
                hit |= dd.reached(ri);
                if numbering {
                    class[ri as usize] = classes as u32;
                }
            });
            if numbering {
                reps.push(r);
            }
            if hit {
                reached += 1;
                orbit_sum += orbit as u64;
            }
            classes += 1;
        }
        if !s.advance(&mut x) {
            break;
        }
        r += 1;
    }
    Ok(Census {
        classes,
        reachable_classes: reached,
        reachable_orbit_sum: orbit_sum,
        map: numbering.then_some(ClassMap { class, reps }),
    })
}
