//! One glyph as SVG bytes, the file `tourglyph glyph --board 6x6 --id 17 --style kufic -o -`
//! writes: `cargo run --release --example glyph_svg > tour17.svg`.
use std::io::Write;
use tourglyph::{Format, Piece, Tours};

fn main() -> tourglyph::Result<()> {
    let tours = Tours::closed(Piece::rook(), "6x6".parse()?);
    let svg = tours.glyph(17).style("kufic").to_bytes(Format::Svg)?;
    std::io::stdout().write_all(&svg)?;
    Ok(())
}
