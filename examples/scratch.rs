use tourglyph::engine::dfs;
use tourglyph::engine::frontier::{Zdd, count_only};
use tourglyph::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let piece: Piece = args[1].parse().unwrap();
    let board: Board = args[2].parse().unwrap();
    let kind = if args.len() > 3 {
        TourKind::Open
    } else {
        TourKind::Closed
    };
    let g = LeapGraph::new(board, &piece).unwrap();
    let t = std::time::Instant::now();
    let c = count_only(&g, kind).unwrap();
    println!(
        "count_only {} width {} in {:?}",
        c.tours,
        c.max_width,
        t.elapsed()
    );
    let t = std::time::Instant::now();
    let z = Zdd::build(&g, kind).unwrap();
    println!(
        "zdd {} nodes {:?} in {:?}",
        z.count(),
        z.stats(),
        t.elapsed()
    );
    if g.vertex_count() <= 30 {
        let t = std::time::Instant::now();
        let d = dfs::all_tours(&g, kind);
        println!("dfs {} in {:?}", d.len(), t.elapsed());
    }
}
