//! Draw one tour as a glyph, in SVG: the tour from the frontier engine, its geometry and
//! style from `tourglyph::layout`, the SVG from `tourglyph::draw`. The file is the same,
//! byte for byte, as `tourglyph glyph --board 6x6 --id 17 --style kufic -o -` writes.
//! (The command itself goes through `tourglyph::job::glyph::glyph`, which takes the flags'
//! words in a `GlyphRequest` and also writes PDF, PostScript, EPS and PNG; these are the
//! steps it takes for SVG.)
//!
//! Run it from the repository's root (with no argument the SVG goes to stdout):
//!
//! ```text
//! cargo run --release -p tourglyph --example glyph_svg -- g.svg
//! ```
//!
//! It prints `wrote g.svg (898 bytes)` on stderr (under 0.01 s); the file begins
//!
//! ```text
//! <?xml version="1.0" encoding="UTF-8"?>
//! <svg height="50mm" viewBox="0 0 50 50" width="50mm" xmlns="http://www.w3.org/200 …
//! <title>closed rook tour of 6x6, ID 17</title>
//! <desc>closed rook tour of 6x6, ID 17. Drawn by: tourglyph glyph --piece rook --b …
//! <g id="glyphs" inkscape:groupmode="layer" inkscape:label="glyphs">
//! <path d="M7.143 7.143L42.857 7.143L42.857 42.857L7.143 42.857L7.143 35.714L21.42 …
//! ```

use tourglyph::draw::Label;
use tourglyph::draw::svg::SvgWriter;
use tourglyph::engine::frontier::Zdd;
use tourglyph::layout::glyph::{glyph_data, reach};
use tourglyph::layout::grid::Grid;
use tourglyph::layout::style::Style;
use tourglyph::layout::{Sheet, SheetText};
use tourglyph::{Board, Error, LeapGraph, Piece, TourKind};

fn main() -> tourglyph::Result<()> {
    let out = std::env::args().nth(1);

    // 1. The tour: closed rook tour 17 of 6x6 (IDs as `tourglyph list` numbers them).
    let board: Board = "6x6".parse()?;
    let g = LeapGraph::new(board, &Piece::rook())?;
    let zdd = Zdd::build(&g, TourKind::Closed)?;
    let id = 17;
    let tour = zdd
        .unrank(id)
        .ok_or_else(|| Error::usage(format!("{board} has only {} tours", zdd.count())))?;

    // 2. The style: a built-in name (line, kufic, filled, arabesque, plotter, leaper) or
    //    the path of a TOML style file, as `--style` takes it. Its fields can be set here
    //    too (`style.stroke_width = 0.3;`): docs/guide.md, "Style keys".
    let style = Style::resolve("kufic")?;

    // 3. The geometry: the tour's polygon in cell units, its corners as the style says.
    let glyph = glyph_data(&tour, &g, &style);

    // 4. The page: one glyph 50 mm wide (the CLI's default `--size`), with the style's
    //    padding around it, and room for miter points that would poke out of the board.
    let mut grid = Grid::single(board, 50.0, style.padding)?;
    grid.spec.reach = reach(&style, g.piece(), tour.kind.is_closed());

    // 5. The backend: an SVG writer that asks for one writer a page (here one page, in
    //    memory). Title and description go into the SVG's <title> and <desc>; the label
    //    is the glyph path's id and <title>.
    let title = format!("closed rook tour of {board}, ID {id}");
    let desc = format!(
        "{title}. Drawn by: tourglyph glyph --piece rook --board {board} --id {id} --style kufic -o -"
    );
    let svg = SvgWriter::new(Box::new(|_page| Ok(Vec::new()))).with_meta(&title, &desc);
    let label = Label {
        id: format!("tour-{id}"),
        title,
    };

    // 6. The sheet places glyphs in the grid's slots and draws them on the backend.
    let mut sheet = Sheet::new(svg, grid, &style, SheetText::default());
    sheet.push_labelled(&glyph, "", Some(&label))?;
    let pages = sheet.finish()?.into_writers();
    let bytes = pages.concat();

    match out {
        Some(path) => {
            std::fs::write(&path, &bytes).map_err(|e| Error::runtime(format!("{path}: {e}")))?;
            eprintln!("wrote {path} ({} bytes)", bytes.len());
        }
        None => {
            use std::io::Write;
            std::io::stdout()
                .write_all(&bytes)
                .map_err(|e| Error::runtime(format!("standard output: {e}")))?;
        }
    }
    Ok(())
}
