//! One tour by its ID, and one at random: `cargo run --release --example tour_by_id`.
use tourglyph::{Piece, Tours};

fn main() -> tourglyph::Result<()> {
    let rook = Tours::closed(Piece::rook(), "6x6".parse()?);
    let (tour, g) = (rook.tour(17)?, rook.graph()?);
    println!("rook 6x6, ID 17: {}", tour.algebraic(&g));
    // Knight 6×8: its 55 million tours by ID through the halves, built in seconds.
    let knight = Tours::closed(Piece::knight(), "6x8".parse()?);
    let (item, g) = (knight.random(2026)?, knight.graph()?);
    println!("knight 6x8, ID {}: {}", item.id, item.tour.algebraic(&g));
    Ok(())
}
