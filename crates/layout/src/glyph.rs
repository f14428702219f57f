//! Glyph geometry: a tour becomes a polyline through the cell centres, in cell units
//! (cell (row r, col c) is the point (c, r)), with the corner treatment of its style; plus
//! the optional board frame and cell dots, and the paint a style gives a glyph.

use super::style::{CornerKind, Style};
use tourglyph_core::board::Board;
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::piece::Piece;
use tourglyph_core::tour::Tour;
use tourglyph_draw::{Cap, Corner, GlyphData, Join, Paint, Path, Place, Seg, Stroke};

/// The glyph of `tour`: its cells in printing order as integer points, closed for a closed
/// tour, corners treated as `style` says.
pub fn glyph_data(tour: &Tour, g: &LeapGraph, style: &Style) -> GlyphData {
    let pts: Vec<(i32, i32)> = tour
        .coords(g)
        .into_iter()
        .map(|(r, c)| (c as i32, r as i32))
        .collect();
    GlyphData::new(&pts, tour.kind.is_closed(), corner(style))
}

/// The geometric corner treatment a style asks for.
pub fn corner(style: &Style) -> Corner {
    match style.corner {
        CornerKind::Sharp => Corner::Sharp,
        CornerKind::Bevel => Corner::Bevel(style.corner_radius),
        CornerKind::Round => Corner::Round(style.corner_radius),
    }
}

/// How to paint a glyph of cell pitch `pitch` mm; the inside is filled only for a closed
/// line (even-odd, so a crossing tour gets a chequered inside).
pub fn paint(style: &Style, pitch: f64, closed: bool) -> Paint {
    Paint {
        stroke: style.stroke.map(|color| Stroke {
            color,
            width: style.stroke_width * pitch,
            join: style.join,
            cap: style.cap,
            miter_limit: style.miter_limit,
        }),
        fill: if closed { style.fill } else { None },
    }
}

/// The largest miter ratio (1/sin(θ/2), θ the angle between the two sides at a corner)
/// among the corners a tour of `piece` can turn that a miter limit of `limit` leaves
/// pointed; 1 when there are none. Corners beyond the limit are bevelled and reach no
/// further than half the stroke width. Corner treatment (bevel, round) only blunts corners.
#[allow(
    clippy::disallowed_methods,
    reason = "the reach spaces the grid, an output byte pinned as the platform computes it (scripts/fixed-outputs.sh); a correctly rounded replacement could move a last digit"
)]
pub fn miter_reach(piece: &Piece, limit: f64) -> f64 {
    let moves = piece.moves();
    let mut worst = 1.0f64;
    for &(a0, a1) in &moves {
        for &(b0, b1) in &moves {
            let (a, b) = ((a0 as f64, a1 as f64), (b0 as f64, b1 as f64));
            let (la, lb) = (a.0.hypot(a.1), b.0.hypot(b.1));
            // u1 + u2 has length 2·sin(θ/2) for unit directions u1 in, u2 out.
            let sum = (a.0 / la + b.0 / lb).hypot(a.1 / la + b.1 / lb);
            if sum > 1e-9 {
                let ratio = 2.0 / sum;
                if ratio <= limit {
                    worst = worst.max(ratio);
                }
            }
        }
    }
    worst
}

/// How far a glyph's ink can reach beyond its outermost cell centres, in pitches: half
/// the stroke width, times the largest pointed miter ([`miter_reach`]) with miter joins
/// and √2 for the corners of square caps on open tours; the frame's outer edge; the dots;
/// the move numbers.
pub fn reach(style: &Style, piece: &Piece, closed: bool) -> f64 {
    let mut r = 0.0f64;
    if style.stroke.is_some() {
        let mut k = 1.0f64;
        if style.join == Join::Miter {
            k = k.max(miter_reach(piece, style.miter_limit));
        }
        if !closed && style.cap == Cap::Square {
            k = k.max(std::f64::consts::SQRT_2);
        }
        r = style.stroke_width / 2.0 * k;
    }
    if style.interlace {
        // The band's outer edge, with the same miter reach as a stroke of its width.
        let k = if style.join == Join::Miter {
            miter_reach(piece, style.miter_limit)
        } else {
            1.0
        };
        r = crate::interlace::half_outer(style) * k;
    }
    if style.frame.is_some() {
        // The frame is a rectangle with miter joins half a cell outside the centres.
        r = r.max(0.5 + style.frame_width / 2.0 * std::f64::consts::SQRT_2);
    }
    if style.dots.is_some() {
        r = r.max(style.dot_radius);
    }
    if style.numbers {
        // Move numbers are centred in their cells, at most 40 % of a cell tall
        // ([`crate::numbers::size_pt`]).
        r = r.max(0.2);
    }
    r
}

/// The board's outline (cell edges, half a cell outside the centres), placed at `at`, with
/// its paint; `None` when the style has no frame.
pub fn frame(board: Board, at: &Place, style: &Style) -> Option<(Path, Paint)> {
    let color = style.frame?;
    let (x, y) = at.map(-0.5, -0.5);
    let p = Path::rect(
        x,
        y,
        at.scale * f64::from(board.cols),
        at.scale * f64::from(board.rows),
    );
    let paint = Paint {
        stroke: Some(Stroke {
            color,
            width: style.frame_width * at.scale,
            join: Join::Miter,
            cap: Cap::Butt,
            miter_limit: style.miter_limit,
        }),
        fill: None,
    };
    Some((p, paint))
}

/// A dot at every cell centre (one path of circles), with its paint; `None` when the style
/// has no dots.
pub fn dots(board: Board, at: &Place, style: &Style) -> Option<(Path, Paint)> {
    let color = style.dots?;
    let r = style.dot_radius * at.scale;
    let mut segs: Vec<Seg> = Vec::with_capacity(board.cells() * 6);
    for row in 0..board.rows {
        for col in 0..board.cols {
            let (x, y) = at.map(f64::from(col), f64::from(row));
            segs.extend(Path::circle(x, y, r).segs);
        }
    }
    Some((
        Path { segs },
        Paint {
            stroke: None,
            fill: Some(color),
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tourglyph_core::piece::Piece;
    use tourglyph_core::tour::TourKind;

    #[test]
    fn ring_glyph() {
        let g = LeapGraph::new(Board::new(2, 3), &Piece::rook()).unwrap();
        let t = Tour::from_cells(&g, &[0, 1, 2, 5, 4, 3], TourKind::Closed).unwrap();
        let gd = glyph_data(&t, &g, &Style::default());
        assert!(gd.closed);
        assert_eq!(gd.points, vec![(0, 0), (2, 0), (2, 1), (0, 1)]);
        let st = Style {
            corner: CornerKind::Round,
            corner_radius: 0.3,
            fill: Some(tourglyph_draw::Rgb::WHITE),
            ..Style::default()
        };
        assert_eq!(glyph_data(&t, &g, &st).corner, Corner::Round(0.3));
        assert!(paint(&st, 4.0, true).fill.is_some());
        assert!(paint(&st, 4.0, false).fill.is_none());
        assert_eq!(paint(&st, 4.0, true).stroke.unwrap().width, 0.4);
    }

    #[test]
    fn reach_counts_pointed_miters_only() {
        let kufic = Style::resolve("kufic").unwrap();
        // A rook turns square corners: √2 half widths.
        let rook = reach(&kufic, &Piece::rook(), true);
        assert!((rook - 0.25 * 2f64.sqrt()).abs() < 1e-9, "{rook}");
        // A giraffe's sharpest corner (ratio √17 ≈ 4.12) is bevelled under the limit of
        // 4 and pointed under a limit of 10.
        let g = Piece::leaper(1, 4).unwrap();
        assert!(miter_reach(&g, 4.0) < 4.0);
        assert!((miter_reach(&g, 10.0) - 17f64.sqrt()).abs() < 1e-9);
        let loose = Style {
            miter_limit: 10.0,
            ..kufic.clone()
        };
        assert!(reach(&loose, &g, true) > 1.0, "past the slot's edge");
        assert!(reach(&kufic, &g, true) <= 1.0);
    }

    #[test]
    fn frame_and_dots_cover_the_board() {
        let st = Style {
            frame: Some(tourglyph_draw::Rgb::BLACK),
            dots: Some(tourglyph_draw::Rgb::BLACK),
            ..Style::default()
        };
        let at = Place {
            x: 10.0,
            y: 10.0,
            scale: 2.0,
        };
        let (f, _) = frame(Board::new(2, 3), &at, &st).unwrap();
        assert_eq!(f, Path::rect(9.0, 9.0, 6.0, 4.0));
        let (d, _) = dots(Board::new(2, 3), &at, &st).unwrap();
        assert_eq!(
            d.segs
                .iter()
                .filter(|s| matches!(s, Seg::MoveTo(..)))
                .count(),
            6
        );
        assert!(frame(Board::new(2, 3), &at, &Style::default()).is_none());
    }
}
