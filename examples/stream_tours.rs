//! Walk a set of tours in ID order into a closure: `cargo run --release --example stream_tours`.
use tourglyph::{Piece, Tours, engine::Flow};

fn main() -> tourglyph::Result<()> {
    // The symmetry classes of closed knight's tours of 6×6 among IDs 0 to 99, with orbits.
    let tours = Tours::closed(Piece::knight(), "6x6".parse()?).classes();
    let g = tours.graph()?;
    let n = tours.for_each(0..100, |item| {
        let cells = item.tour.algebraic(&g);
        println!("{} (orbit {}): {cells}", item.id, item.orbit.unwrap_or(1));
        Flow::Continue
    })?;
    println!("{n} classes");
    Ok(())
}
