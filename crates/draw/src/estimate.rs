//! What a sheet will cost before it is drawn: time and bytes, per format.
//!
//! Fitted to `render` runs on the reference machine (2 cores): bytes per glyph grow with
//! the board's cells (PostScript 131 B a glyph on 6×6, 234 B on 12×12; compressed PDF
//! about an eighth of that; SVG about four times, with its attributes and one file per
//! page), and so does the time (about 200,000 8×8 glyphs a second to PDF or PostScript,
//! 4.6 times fewer to SVG). Within 25 % on the boards measured (`benches/render.sh`).
//! Each format's figures are among its facts ([`crate::document`]).

use crate::document::Format;

/// Estimated (seconds, bytes) to draw `glyphs` glyphs of a board of `cells` cells.
pub fn sheet(format: Format, cells: usize, glyphs: u64) -> (f64, f64) {
    let ps_bytes = 80.0 + 1.3 * cells as f64;
    let cost = format.cost();
    let per_glyph = (cost.glyph_bytes)(ps_bytes);
    let g = glyphs as f64;
    let seconds = g * (cells as f64 + 16.0) / cost.cells_per_second;
    (seconds, g * per_glyph + 4096.0)
}

/// Estimated seconds to write `files` files of one glyph each (`render --split`): nearly
/// all of it the sync that makes each file atomic, and a PNG's raster.
pub fn files(format: Format, files: usize) -> f64 {
    files as f64 * format.cost().file_seconds
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_track_the_measured_sheets() {
        // Measured: (format, cells, glyphs, bytes written), SVG with each glyph's id and
        // title (issue 13).
        for (f, cells, n, bytes) in [
            (Format::Pdf, 36, 1072, 18_377.0),
            (Format::Ps, 36, 1072, 141_025.0),
            (Format::Svg, 36, 1072, 691_889.0),
            (Format::Pdf, 64, 20_000, 417_193.0),
            (Format::Ps, 64, 20_000, 3_417_408.0),
            (Format::Svg, 64, 20_000, 15_957_376.0),
            (Format::Ps, 144, 2000, 468_081.0),
            (Format::Svg, 144, 2000, 1_869_796.0),
        ] {
            let (_, est) = sheet(f, cells, n);
            let r = est / bytes;
            assert!(
                (0.7..1.35).contains(&r),
                "{f:?} {cells} cells: {est} vs {bytes}"
            );
        }
        let (s, _) = sheet(Format::Pdf, 64, 580_717);
        assert!(
            (1.0..10.0).contains(&s),
            "8x8 classes: {s} s (measured 3.2 s)"
        );
    }
}
