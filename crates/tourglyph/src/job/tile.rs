//! `glyph --torus`: one tile of a tour on the torus, optionally repeated R×C times edge
//! to edge (`--repeat`), or as an SVG `<pattern>` fill (`--pattern`).

use super::{Opened, Target};
use tourglyph_core::{Board, Error, LeapGraph, Result, Tour};
use tourglyph_draw::{Backend, Destination, DocOptions, Format, Place};
use tourglyph_layout::grid::Grid;
use tourglyph_layout::style::Style;
use tourglyph_layout::{Sheet, SheetText};
use tourglyph_layout::{tile::TorusGlyph, tile::torus_glyph};

/// Most tiles along one side of a repeat.
pub const MAX_REPEAT: u32 = 100;

/// How a tile is laid out.
pub struct TileArgs {
    /// Tiles down and across.
    pub repeat: (u32, u32),
    /// An SVG `<pattern>` instead of copies.
    pub pattern: bool,
    /// Resolution and size limit of a PNG.
    pub png: tourglyph_draw::png::PngOptions,
}

impl TileArgs {
    /// From `--repeat` (as written) and `--pattern`, for a tile drawn in `format` (`png`:
    /// the glyph's raster options).
    pub fn parse(
        repeat: Option<&str>,
        pattern: bool,
        png: tourglyph_draw::png::PngOptions,
        format: Format,
    ) -> Result<TileArgs> {
        let repeat = match repeat {
            None => (1, 1),
            Some(s) => parse_repeat(s)?,
        };
        if pattern && !format.holds_patterns() {
            return Err(Error::usage(
                "--pattern writes an SVG <pattern>: give an .svg output or --format svg, or drop --pattern",
            ));
        }
        Ok(TileArgs {
            repeat,
            pattern,
            png,
        })
    }
}

/// `RxC`, both from 1 to [`MAX_REPEAT`].
fn parse_repeat(s: &str) -> Result<(u32, u32)> {
    let bad = || {
        Error::usage(format!(
            "bad repeat '{s}': write RxC, tiles down and across, each from 1 to {MAX_REPEAT}, e.g. 4x4"
        ))
    };
    let (r, c) = s.trim().split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let side = |p: &str| -> Result<u32> {
        match p.trim().parse::<u32>() {
            Ok(v) if (1..=MAX_REPEAT).contains(&v) => Ok(v),
            _ => Err(bad()),
        }
    };
    Ok((side(r)?, side(c)?))
}

/// Write the tile (repeated as asked) on a page `size` mm wide to `target` (a file
/// atomically). `about` is the document's title and (SVG `<desc>`) description.
#[allow(clippy::too_many_arguments)]
pub fn write_tile(
    tour: &Tour,
    g: &LeapGraph,
    style: &Style,
    size: f64,
    format: Format,
    about: (String, String),
    tile: &TileArgs,
    target: Target<'_>,
) -> Result<()> {
    let (title, desc) = about;
    let tg = torus_glyph(tour, g, style);
    let b = g.board();
    let (rr, rc) = tile.repeat;
    let repeated = tile.repeat != (1, 1);
    // Repeats and patterns draw with padding 0, so that the tiles join at the page's
    // edges too.
    let padding = if repeated || tile.pattern {
        0.0
    } else {
        style.padding
    };
    let whole = Board::new(b.rows * rr, b.cols * rc);
    let grid = Grid::single(whole, size, padding)?;
    if !tile.pattern {
        // Refused before the target is opened when too many pixels.
        format.check_size(grid.width, grid.height, tile.png)?;
    }
    let out = Opened::open(target)?;
    if tile.pattern {
        let mut bytes = Vec::new();
        let pitch = size / f64::from(whole.cols);
        let at = Place {
            x: pitch / 2.0,
            y: pitch / 2.0,
            scale: pitch,
        };
        let mut paths = Vec::new();
        if let Some(d) = tourglyph_layout::glyph::dots(b, &at, style) {
            paths.push(d);
        }
        if style.stroke.is_some() {
            paths.push((tg.to_path(&at), TorusGlyph::paint(style, pitch)));
        }
        let tile_mm = (pitch * f64::from(b.cols), pitch * f64::from(b.rows));
        tourglyph_draw::pattern::write_pattern(
            &mut bytes,
            tile_mm,
            &paths,
            (grid.width, grid.height),
            (&title, &desc),
        )?;
        return out.finish(&bytes);
    }
    // A tile's EPS box is the tile (the R×C tiles), not its ink: copies placed edge to
    // edge line up. A PNG is the SVG of the tile rasterised by resvg, as `glyph -o x.png`
    // does.
    let at = grid.slot(0).place;
    let (x0, y0) = (at.x - at.scale / 2.0, at.y - at.scale / 2.0);
    let opts = DocOptions {
        title,
        desc,
        png: tile.png,
        eps_box: Some((
            x0,
            y0,
            x0 + at.scale * f64::from(whole.cols),
            y0 + at.scale * f64::from(whole.rows),
        )),
        pdf_threads: Some(0),
        ..DocOptions::default()
    };
    let doc = format.open(Destination::Stream(Vec::new()), opts)?;
    let bytes = draw(doc, &tg, grid, style, tile.repeat)?
        .into_writers()
        .concat();
    out.finish(&bytes)
}

fn draw<B: Backend>(
    b: B,
    tg: &TorusGlyph,
    grid: Grid,
    style: &Style,
    repeat: (u32, u32),
) -> Result<B> {
    let mut sheet = Sheet::new(b, grid, style, SheetText::default());
    sheet.push_with("", |b, at, st| {
        if repeat == (1, 1) {
            tg.draw_tile(b, at, st, false)
        } else {
            tg.draw_repeat(b, at, st, repeat)
        }
    })?;
    sheet.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats() {
        assert_eq!(parse_repeat("4x3").unwrap(), (4, 3));
        for bad in ["0x2", "4", "x", "101x1", "2x-1", ""] {
            let e = parse_repeat(bad).unwrap_err();
            assert!(e.is_usage() && e.to_string().contains("RxC"), "{bad}: {e}");
        }
    }
}
