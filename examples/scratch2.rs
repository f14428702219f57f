use tourglyph::engine::frontier::Zdd;
use tourglyph::engine::{Flow, Found};
use tourglyph::symmetry::ClassChecker;
use tourglyph::*;
fn main() {
    let g = LeapGraph::new("8x8".parse().unwrap(), &Piece::rook()).unwrap();
    let z = Zdd::build(&g, TourKind::Closed).unwrap();
    let t = std::time::Instant::now();
    let mut n = 0u64;
    z.for_each(0..z.count(), &mut |f: &Found| {
        n += f.edges.len() as u64;
        Flow::Continue
    });
    println!("walk {:?} {}", t.elapsed(), n);
    let c = ClassChecker::new(&g);
    let t = std::time::Instant::now();
    let mut k = 0u64;
    z.for_each(0..z.count(), &mut |f: &Found| {
        if c.classify(f.bits).is_some() {
            k += 1
        };
        Flow::Continue
    });
    println!("walk+classify {:?} {}", t.elapsed(), k);
    let t = std::time::Instant::now();
    let mut k = 0u64;
    z.for_each(0..z.count(), &mut |f: &Found| {
        let tt = Tour {
            edges: f.edges.to_vec(),
            kind: TourKind::Closed,
        };
        k += tt.cells(&g)[1] as u64;
        Flow::Continue
    });
    println!("walk+cells {:?} {}", t.elapsed(), k);
}
