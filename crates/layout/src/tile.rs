//! Glyphs of tours on the torus: tiles that meet exactly.
//!
//! A tour's wrap-around edges (from one side of the board to the other) are drawn as two
//! half-segments, each from its cell's centre to the border of the glyph's box (half a
//! cell beyond the centres), with butt ends there. The tour then falls apart into open
//! pieces whose ends all lie on the box; laid edge to edge, each piece's end meets its
//! continuation in the next tile at the same point, with the same direction and width, so
//! the line runs on without a gap or an overlap.
//!
//! Points are kept in half-cell units (cell (r, c) is the point (2c, 2r), a box border
//! is an odd coordinate) so that they stay integers, as [`GlyphData`] needs; drawn with
//! half the cell pitch they land where the plane's glyphs do.

use super::glyph::corner;
use super::style::Style;
use tourglyph_core::graph::LeapGraph;
use tourglyph_core::torus::is_wrap;
use tourglyph_core::tour::Tour;
use tourglyph_draw::{Backend, Cap, Corner, GlyphData, Join, Paint, Path, Place, Rgb, Stroke};

/// The tile frame of `render --torus` sheets: light grey, thin.
pub const TILE_FRAME: Rgb = Rgb(200, 200, 200);

/// A torus tour's drawing: its pieces in half-cell units.
#[derive(Clone, Debug, PartialEq)]
pub struct TorusGlyph {
    /// Open pieces ending on the box, or one closed line when no edge wraps.
    pub pieces: Vec<GlyphData>,
    /// Board rows.
    pub rows: u32,
    /// Board columns.
    pub cols: u32,
}

/// The unit step (dx, dy) from cell a to its torus neighbour b.
fn step(g: &LeapGraph, a: u32, b: u32) -> (i32, i32) {
    let board = g.board();
    let (ra, ca) = board.coords(a);
    let (rb, cb) = board.coords(b);
    let d = |x: u32, y: u32, n: u32| -> i32 {
        if (x + 1) % n == y {
            1
        } else if (y + 1) % n == x {
            -1
        } else {
            0
        }
    };
    (d(ca, cb, board.cols), d(ra, rb, board.rows))
}

/// The torus glyph of `tour` (a closed tour of the torus graph `g`).
pub fn torus_glyph(tour: &Tour, g: &LeapGraph, style: &Style) -> TorusGlyph {
    let board = g.board();
    let cells = tour.cells(g);
    let n = cells.len();
    let at = |c: u32| -> (i32, i32) {
        let (r, col) = board.coords(c);
        (2 * col as i32, 2 * r as i32)
    };
    // Corner sizes are in cell pitches; points are in half cells.
    let corner = match corner(style) {
        Corner::Sharp => Corner::Sharp,
        Corner::Bevel(d) => Corner::Bevel(2.0 * d),
        Corner::Round(r) => Corner::Round(2.0 * r),
    };
    let wraps: Vec<usize> = (0..n)
        .filter(|&i| is_wrap(board, cells[i], cells[(i + 1) % n]))
        .collect();
    let pieces = if wraps.is_empty() {
        let pts: Vec<(i32, i32)> = cells.iter().map(|&c| at(c)).collect();
        vec![GlyphData::new(&pts, true, corner)]
    } else {
        // Each piece runs from just after one wrap step to the next one.
        wraps
            .iter()
            .enumerate()
            .map(|(k, &w)| {
                let end = wraps[(k + 1) % wraps.len()];
                let first = (w + 1) % n;
                let mut pts = Vec::new();
                let border = |from: u32, to: u32| {
                    let (x, y) = at(from);
                    let (dx, dy) = step(g, from, to);
                    (x + dx, y + dy)
                };
                pts.push(border(cells[first], cells[w]));
                let mut i = first;
                loop {
                    pts.push(at(cells[i]));
                    if i == end {
                        break;
                    }
                    i = (i + 1) % n;
                }
                pts.push(border(cells[end], cells[(end + 1) % n]));
                GlyphData::new(&pts, false, corner)
            })
            .collect()
    };
    TorusGlyph {
        pieces,
        rows: board.rows,
        cols: board.cols,
    }
}

impl TorusGlyph {
    /// The pieces as one path, the tile's cell (0, 0) centre at `at`.
    pub fn to_path(&self, at: &Place) -> Path {
        let half = Place {
            scale: at.scale / 2.0,
            ..*at
        };
        Path {
            segs: self
                .pieces
                .iter()
                .flat_map(|p| p.to_path(&half).segs)
                .collect(),
        }
    }

    /// How to paint it at cell pitch `pitch`: the style's stroke with butt caps (every
    /// end lies on the box, where the next tile's line goes on), no fill (a line that
    /// wraps around the torus has no inside).
    pub fn paint(style: &Style, pitch: f64) -> Paint {
        Paint {
            stroke: style.stroke.map(|color| Stroke {
                color,
                width: style.stroke_width * pitch,
                join: style.join,
                cap: Cap::Butt,
                miter_limit: style.miter_limit,
            }),
            fill: None,
        }
    }

    /// Draw the glyph `rows × cols` times edge to edge, tile (0, 0)'s cell (0, 0) at `at`:
    /// the style's dots in every tile, then the line of all tiles as one path (no frames:
    /// the tiles must join seamlessly).
    pub fn draw_repeat<B: Backend + ?Sized>(
        &self,
        b: &mut B,
        at: &Place,
        style: &Style,
        repeat: (u32, u32),
    ) -> tourglyph_core::Result<()> {
        let tiles: Vec<Place> = (0..repeat.0)
            .flat_map(|i| {
                (0..repeat.1).map(move |j| Place {
                    x: at.x + at.scale * f64::from(j * self.cols),
                    y: at.y + at.scale * f64::from(i * self.rows),
                    scale: at.scale,
                })
            })
            .collect();
        let board = tourglyph_core::board::Board::new(self.rows, self.cols);
        for tile in &tiles {
            if let Some((p, paint)) = super::glyph::dots(board, tile, style) {
                b.path(&p, &paint)?;
            }
        }
        let paint = Self::paint(style, at.scale);
        if paint.stroke.is_none() {
            return Ok(());
        }
        let segs = tiles.iter().flat_map(|t| self.to_path(t).segs).collect();
        b.path(&Path { segs }, &paint)
    }

    /// Draw one tile at `at`, in the light tile frame when `tile_frame` (sheets of
    /// `render --torus`), else in the style's own frame if it has one.
    pub fn draw_tile<B: Backend + ?Sized>(
        &self,
        b: &mut B,
        at: &Place,
        style: &Style,
        tile_frame: bool,
    ) -> tourglyph_core::Result<()> {
        let frame = if tile_frame {
            Some(self.tile_frame(at))
        } else {
            super::glyph::frame(
                tourglyph_core::board::Board::new(self.rows, self.cols),
                at,
                style,
            )
        };
        if let Some((p, paint)) = frame {
            b.path(&p, &paint)?;
        }
        self.draw_repeat(b, at, style, (1, 1))
    }

    /// The tile's box (half a cell outside the centres) as a light thin frame.
    pub fn tile_frame(&self, at: &Place) -> (Path, Paint) {
        let (x, y) = at.map(-0.5, -0.5);
        let p = Path::rect(
            x,
            y,
            at.scale * f64::from(self.cols),
            at.scale * f64::from(self.rows),
        );
        let paint = Paint {
            stroke: Some(Stroke {
                color: TILE_FRAME,
                width: 0.03 * at.scale,
                join: Join::Miter,
                cap: Cap::Butt,
                miter_limit: 4.0,
            }),
            fill: None,
        };
        (p, paint)
    }
}

/// A glyph of a sheet: one line on the plane, pieces in a tile frame on the torus.
#[derive(Clone, Debug, PartialEq)]
pub enum SheetGlyph {
    /// A tour of the plane board.
    Line(GlyphData),
    /// A tour of the torus.
    Torus(TorusGlyph),
}

impl SheetGlyph {
    /// The glyph of `tour` on `g`, whichever its topology.
    pub fn of(tour: &Tour, g: &LeapGraph, style: &Style) -> SheetGlyph {
        if g.topology().is_torus() {
            SheetGlyph::Torus(torus_glyph(tour, g, style))
        } else {
            SheetGlyph::Line(super::glyph::glyph_data(tour, g, style))
        }
    }

    /// Draw it in the sheet's next slot, with `caption`; a torus glyph in the light frame
    /// of its tile.
    pub fn push<B: Backend>(
        &self,
        sheet: &mut super::Sheet<'_, B>,
        caption: &str,
    ) -> tourglyph_core::Result<()> {
        match self {
            SheetGlyph::Line(g) => sheet.push(g, caption),
            SheetGlyph::Torus(t) => {
                sheet.push_with(caption, |b, at, st| t.draw_tile(b, at, st, true))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tourglyph_core::board::Board;
    use tourglyph_core::graph::Topology;
    use tourglyph_core::piece::Piece;
    use tourglyph_core::tour::TourKind;

    fn graph(m: u32, n: u32) -> LeapGraph {
        LeapGraph::with_topology(Board::new(m, n), &Piece::rook(), Topology::Torus).unwrap()
    }

    #[test]
    fn pieces_end_on_the_box_and_cover_every_edge() {
        let g = graph(3, 3);
        // A snake closed by the column wrap 6 → 0: one piece, from the top border above
        // cell 0 to the bottom border below cell 6.
        let t = Tour::from_cells(&g, &[0, 1, 2, 5, 8, 7, 4, 3, 6], TourKind::Closed).unwrap();
        let tg = torus_glyph(&t, &g, &Style::default());
        assert_eq!(tg.pieces.len(), 1);
        let p = &tg.pieces[0];
        assert!(!p.closed);
        assert_eq!(p.points[0], (0, -1));
        assert_eq!(*p.points.last().unwrap(), (0, 5));
        // Two wraps (row 0: 0 → 2 and column 1: 7 → 1): two pieces, ends on the box.
        let t = Tour::from_cells(&g, &[1, 0, 2, 5, 4, 3, 6, 8, 7], TourKind::Closed).unwrap();
        let tg = torus_glyph(&t, &g, &Style::default());
        assert!(tg.pieces.len() >= 2);
        for p in &tg.pieces {
            for &(x, y) in [p.points[0], *p.points.last().unwrap()].iter() {
                assert!(
                    x == -1 || x == 5 || y == -1 || y == 5,
                    "({x}, {y}) on the box"
                );
            }
        }
        // A tour without wrap edges is one closed line.
        let g4 = graph(4, 4);
        let ring: Vec<u32> = vec![0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 4];
        let t = Tour::from_cells(&g4, &ring, TourKind::Closed).unwrap();
        let tg = torus_glyph(&t, &g4, &Style::default());
        assert_eq!(tg.pieces.len(), 1);
        assert!(tg.pieces[0].closed);
        assert_eq!(
            TorusGlyph::paint(&Style::default(), 2.0)
                .stroke
                .unwrap()
                .cap,
            Cap::Butt
        );
    }
}
