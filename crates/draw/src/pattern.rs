//! A seamless tile as an SVG `<pattern>`: the tile's paths are defined once, in a
//! pattern the size of the tile (`patternUnits="userSpaceOnUse"`), and a rectangle the
//! size of the page is filled with it. A design tool keeps the pattern as a swatch that
//! fills any shape. Units are millimetres, as in the [`svg`](super::svg) backend.

use super::num::Num;
use super::svg::{add_meta, path_element};
use super::{Paint, Path};
use std::io::Write;
use svg::Node;
use svg::node::element::{Definitions, Element, Rectangle};
use tourglyph_core::error::Result;

/// The id of the pattern element.
pub const PATTERN_ID: &str = "tile";

/// Write an SVG document of `page` (width, height) mm filled with a pattern whose tile is
/// `tile` (width, height) mm and holds `paths` (in tile coordinates, the tile's top-left
/// corner at (0, 0)), under the document title and description `about`.
pub fn write_pattern(
    w: &mut dyn Write,
    tile: (f64, f64),
    paths: &[(Path, Paint)],
    page: (f64, f64),
    about: (&str, &str),
) -> Result<()> {
    let mut pattern = Element::new("pattern");
    pattern.assign("id", PATTERN_ID);
    pattern.assign("patternUnits", "userSpaceOnUse");
    pattern.assign("x", "0");
    pattern.assign("y", "0");
    pattern.assign("width", Num(tile.0).to_string());
    pattern.assign("height", Num(tile.1).to_string());
    for (p, paint) in paths {
        // The sheet's own path element: the same paint attributes, miter limit included.
        let e = path_element(p, paint);
        pattern.append(e);
    }
    let doc = svg::Document::new()
        .set("width", format!("{}mm", Num(page.0)))
        .set("height", format!("{}mm", Num(page.1)))
        .set("viewBox", format!("0 0 {} {}", Num(page.0), Num(page.1)));
    let doc = add_meta(doc, about.0, about.1)
        .add(Definitions::new().add(pattern))
        .add(
            Rectangle::new()
                .set("x", 0)
                .set("y", 0)
                .set("width", Num(page.0).to_string())
                .set("height", Num(page.1).to_string())
                .set("fill", format!("url(#{PATTERN_ID})")),
        );
    w.write_all(b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")?;
    svg::write(&mut *w, &doc)?;
    w.write_all(b"\n")?;
    Ok(())
}
