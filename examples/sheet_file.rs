//! The poster: every closed rook tour of 6×6 on one A1 sheet, as the README's first command
//! draws it: `cargo run --release --example sheet_file` writes poster.pdf.
use tourglyph::{Piece, Tours};

fn main() -> tourglyph::Result<()> {
    Tours::closed(Piece::rook(), "6x6".parse()?)
        .sheet()
        .style("kufic")
        .page("a1")
        .title("The 1,072 closed rook tours of 6×6")
        .write("poster.pdf")
}
