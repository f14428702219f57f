//! Numbered tour diagrams (issue 27): the move number written in each cell, 1 to N from
//! the tour's first cell along its order (the notation of Euler's, Jaenisch's and
//! Jelliss's diagrams), centred in the cell, sized to it, in the caption colour and the
//! document's fonts (text, so a PDF's numbers can be extracted and an SVG's are `<text>`).

use crate::style::Style;
use tourglyph_draw::{Anchor, Place, Text};

/// Points per millimetre.
const PT_PER_MM: f64 = 72.0 / 25.4;

/// The advance of a digit of the bundled Noto Sans, in em.
const DIGIT_EM: f64 = 0.572;

/// The height of a digit of the bundled Noto Sans above the baseline, in em.
const DIGIT_HEIGHT_EM: f64 = 0.714;

/// The size in points of numbers of `digits` digits in cells `pitch` mm apart: the
/// widest fills at most 70 % of the cell's width, and a digit at most 40 % of its height.
pub fn size_pt(pitch: f64, digits: usize) -> f64 {
    let by_width = 0.7 * pitch / (DIGIT_EM * digits.max(1) as f64);
    let by_height = 0.4 * pitch / DIGIT_HEIGHT_EM;
    by_width.min(by_height) * PT_PER_MM
}

/// The numbers of the walk through `cells` (glyph points (x, y), in walking order), each
/// centred on its cell placed by `at`.
pub fn texts(cells: &[(i32, i32)], at: &Place, style: &Style) -> Vec<Text> {
    let digits = cells.len().to_string().len();
    let size = size_pt(at.scale, digits);
    // The digits' middle on the cell centre.
    let drop = size / PT_PER_MM * DIGIT_HEIGHT_EM / 2.0;
    cells
        .iter()
        .enumerate()
        .map(|(k, &(x, y))| {
            let (px, py) = at.map(f64::from(x), f64::from(y));
            Text {
                x: px,
                y: py + drop,
                size_pt: size,
                color: style.caption_color,
                anchor: Anchor::Middle,
                text: (k + 1).to_string(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_fit_their_cells() {
        // Two digits in a 10 mm cell: 4 mm tall digits (40 %), 2 × 0.572 em wide.
        let s = size_pt(10.0, 2) / PT_PER_MM;
        assert!(s * DIGIT_HEIGHT_EM <= 4.0 + 1e-9 && 2.0 * DIGIT_EM * s <= 7.0 + 1e-9);
        // Three digits are set smaller than two.
        assert!(size_pt(10.0, 3) < size_pt(10.0, 2));
        let at = Place {
            x: 5.0,
            y: 5.0,
            scale: 10.0,
        };
        let t = texts(&[(0, 0), (1, 2), (2, 1)], &at, &Style::default());
        let words: Vec<&str> = t.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(words, ["1", "2", "3"]);
        assert_eq!(t[1].x, 15.0);
        // One digit in a 10 mm cell is 4 mm tall: its baseline 2 mm below the centre.
        assert!((t[1].y - 27.0).abs() < 1e-9, "{}", t[1].y);
    }
}
