//! The glyph of a shaped board ([`tourglyph_core::board_shape`]): one closed line per part, in
//! the shape's own outline. Each part's tour is a polyline through cell centres in the
//! bounding board's cell units (the mapping of [`crate::glyph`]), so the parts sit where
//! their cells are; the frame, when the style has one, follows the shape's boundary (the
//! cell edges between a cell inside and one outside), and the dots mark the cells inside.

use crate::glyph::{corner, paint};
use crate::outline;
use crate::style::Style;
use tourglyph_core::board_shape::Shape;
use tourglyph_core::error::Result;
use tourglyph_draw::{Backend, Cap, GlyphData, Join, Label, Paint, Path, Place, Seg, Stroke};

/// The glyph data of one part's closed tour given as cells of the shape's board in
/// walking order.
pub fn part_glyph(shape: &Shape, cells: &[u32], style: &Style) -> GlyphData {
    let b = shape.board();
    let pts: Vec<(i32, i32)> = cells
        .iter()
        .map(|&c| {
            let (r, col) = b.coords(c);
            (col as i32, r as i32)
        })
        .collect();
    GlyphData::new(&pts, true, corner(style))
}

/// The outline of a shape's glyph (its parts' closed lines, as [`outline::outline`]
/// draws each): the parts' contours together, in one unit (the finest of theirs; the
/// units are powers of two, so each coarser part is scaled exactly). The parts cover
/// disjoint cells, so their regions do not overlap.
pub fn shape_outline(parts: &[GlyphData], style: &Style) -> tourglyph_draw::region::FilledRegion {
    let each: Vec<_> = parts.iter().map(|g| outline::outline(g, style)).collect();
    let unit = each
        .iter()
        .map(|s| s.unit)
        .max()
        .unwrap_or(outline::EXACT_UNIT);
    let mut contours = Vec::new();
    for s in each {
        let k = unit / s.unit;
        contours.extend(s.contours.into_iter().map(|c| {
            c.into_iter()
                .map(|(x, y)| (x * k, y * k))
                .collect::<Vec<_>>()
        }));
    }
    tourglyph_draw::region::FilledRegion { contours, unit }
}

/// The shape's boundary as closed loops of cell edges (cell (r, c) spans x c−½…c+½,
/// y r−½…r+½), each loop with the inside on its right in page coordinates (y down),
/// holes included, loops in order of their first edge; straight runs are merged.
pub fn boundary_loops(shape: &Shape) -> Vec<Vec<(i64, i64)>> {
    let b = shape.board();
    let (rows, cols) = (i64::from(b.rows), i64::from(b.cols));
    let inside = |r: i64, c: i64| {
        (0..rows).contains(&r)
            && (0..cols).contains(&c)
            && shape.contains(b.cell(r as u32, c as u32))
    };
    // Directed unit edges between lattice points (x, y), x in 0..=cols, y in 0..=rows
    // (point (x, y) is the corner at cell units (x − ½, y − ½)), keyed by their start.
    let w = cols + 1;
    let key = |x: i64, y: i64| (y * w + x) as usize;
    let mut out: Vec<Vec<(i64, i64)>> = vec![Vec::new(); ((rows + 1) * w) as usize];
    let mut count = 0usize;
    for r in 0..rows {
        for c in 0..cols {
            if !inside(r, c) {
                continue;
            }
            // Clockwise around the cell (y down): top, right, bottom, left.
            if !inside(r - 1, c) {
                out[key(c, r)].push((c + 1, r));
                count += 1;
            }
            if !inside(r, c + 1) {
                out[key(c + 1, r)].push((c + 1, r + 1));
                count += 1;
            }
            if !inside(r + 1, c) {
                out[key(c + 1, r + 1)].push((c, r + 1));
                count += 1;
            }
            if !inside(r, c - 1) {
                out[key(c, r + 1)].push((c, r));
                count += 1;
            }
        }
    }
    let mut loops = Vec::new();
    let mut start_at = 0usize;
    while count > 0 {
        while out[start_at].is_empty() {
            start_at += 1;
        }
        let (sx, sy) = (start_at as i64 % w, start_at as i64 / w);
        let mut pts = vec![(sx, sy)];
        let (mut x, mut y) = (sx, sy);
        loop {
            let (nx, ny) = out[key(x, y)].pop().expect("a boundary continues");
            count -= 1;
            (x, y) = (nx, ny);
            if (x, y) == (sx, sy) {
                break;
            }
            pts.push((x, y));
        }
        // Merge straight runs: keep only the corners.
        let n = pts.len();
        let corners: Vec<(i64, i64)> = (0..n)
            .filter(|&i| {
                let (a, p, q) = (pts[(i + n - 1) % n], pts[i], pts[(i + 1) % n]);
                (p.0 - a.0) * (q.1 - p.1) != (p.1 - a.1) * (q.0 - p.0)
            })
            .map(|i| pts[i])
            .collect();
        loops.push(corners);
    }
    loops
}

/// The frame along the shape's boundary, placed at `at`, with its paint; `None` when
/// the style has no frame.
pub fn shape_frame(shape: &Shape, at: &Place, style: &Style) -> Option<(Path, Paint)> {
    let color = style.frame?;
    let mut segs = Vec::new();
    for lp in boundary_loops(shape) {
        for (i, &(x, y)) in lp.iter().enumerate() {
            let (px, py) = at.map(x as f64 - 0.5, y as f64 - 0.5);
            segs.push(if i == 0 {
                Seg::MoveTo(px, py)
            } else {
                Seg::LineTo(px, py)
            });
        }
        segs.push(Seg::Close);
    }
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
    Some((Path { segs }, paint))
}

/// A dot at the centre of every cell inside, with its paint; `None` when the style has
/// no dots.
pub fn shape_dots(shape: &Shape, at: &Place, style: &Style) -> Option<(Path, Paint)> {
    let color = style.dots?;
    let r = style.dot_radius * at.scale;
    let b = shape.board();
    let mut segs: Vec<Seg> = Vec::new();
    for cell in shape.cells() {
        let (row, col) = b.coords(cell);
        let (x, y) = at.map(f64::from(col), f64::from(row));
        segs.extend(Path::circle(x, y, r).segs);
    }
    Some((
        Path { segs },
        Paint {
            stroke: None,
            fill: Some(color),
        },
    ))
}

/// Draw the shape's glyph at `at`: the frame along the shape, the dots, then each part's
/// closed line (filled outlines with `outline` styles, bridged as the style says, as
/// [`crate::Sheet`] draws one glyph). `label` goes on the first part's line.
pub fn draw_shape_glyph<B: Backend>(
    backend: &mut B,
    at: &Place,
    style: &Style,
    shape: &Shape,
    parts: &[GlyphData],
    label: Option<&Label>,
) -> Result<()> {
    if let Some((p, paint)) = shape_frame(shape, at, style) {
        backend.path(&p, &paint)?;
    }
    if let Some((p, paint)) = shape_dots(shape, at, style) {
        backend.path(&p, &paint)?;
    }
    for (i, g) in parts.iter().enumerate() {
        let label = if i == 0 { label } else { None };
        let pt = paint(style, at.scale, true);
        if style.outline {
            if pt.fill.is_some() {
                let inside = Paint {
                    stroke: None,
                    fill: pt.fill,
                };
                backend.glyph(g, at, &inside, None)?;
            }
            if let Some(stroke) = pt.stroke {
                let ink = Paint {
                    stroke: None,
                    fill: Some(stroke.color),
                };
                let shape = crate::bridge::bridged(g, style, outline::outline(g, style), at.scale);
                backend.shape(&shape, at, &ink, label)?;
            }
        } else if pt.stroke.is_some() || pt.fill.is_some() {
            backend.glyph(g, at, &pt, label)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ring_has_two_boundary_loops_of_four_corners() {
        let s = Shape::parse_text("####\n#..#\n####").unwrap();
        let loops = boundary_loops(&s);
        assert_eq!(loops.len(), 2);
        assert_eq!(loops[0], vec![(0, 0), (4, 0), (4, 3), (0, 3)]);
        assert_eq!(loops[1].len(), 4);
        // An L has six corners.
        let l = Shape::parse_text("#.\n##").unwrap();
        assert_eq!(boundary_loops(&l)[0].len(), 6);
    }
}
