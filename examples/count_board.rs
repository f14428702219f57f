//! Count tours with the engine the plan picks, exactly: `cargo run --release --example count_board`.
use tourglyph::{Piece, Tours};

fn main() -> tourglyph::Result<()> {
    for (piece, board) in [("rook", "8x8"), ("rook", "12x12"), ("knight", "6x6")] {
        let tours = Tours::closed(piece.parse::<Piece>()?, board.parse()?);
        println!("{piece} {board}: {} closed tours", tours.count()?);
    }
    // One per symmetry class: the 4,638,576 tours of 8×8 fall into 580,717 classes.
    let classes = Tours::closed(Piece::rook(), "8x8".parse()?).classes();
    println!("rook 8x8: {} classes", classes.count()?);
    Ok(())
}
