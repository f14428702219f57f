//! The grid of glyph slots on a page: how many columns and rows, the cell pitch, where
//! each glyph and its caption go, and how many pages it takes. Knowing the number of
//! glyphs up front, it picks the largest pitch that puts them all on one page, or, when
//! that would be too small to read, fills each page with slots of a readable size.
//!
//! A slot is the glyph's board area (`cols + padding` by `rows + padding` pitches, the
//! padding split evenly around the board) with the caption band below it. A glyph never
//! leaves its board area: when its ink reaches further than half a cell plus half the
//! padding beyond the outermost cell centres ([`GridSpec::reach`], e.g. a sharp miter),
//! it is drawn smaller, centred in the area.

use super::page::{MAX_SIDE_MM, MIN_SIDE_MM, PageSpec};
use tourglyph_core::board::Board;
use tourglyph_core::{error::Error, error::Result};
use tourglyph_draw::Place;

/// Millimetres per point.
pub const MM_PER_PT: f64 = 25.4 / 72.0;

/// The smallest cell pitch `--columns` may ask for, in mm: a tenth of a millimetre is
/// about the finest line a printer draws, and it keeps the rows of a page countable.
pub const MIN_COLUMN_PITCH: f64 = 0.1;

/// The most room, in mm, between a glyph's ink ([`GridSpec::reach`] below its lowest cell
/// centres) and the top of its caption band: a caption sits just under its glyph, however
/// much padding a sparse page leaves below it. A dense page (cells of 2.5 mm with the
/// default padding) leaves less than this, so its captions stay where the band puts them.
pub const CAPTION_GAP: f64 = 2.5;

/// What the grid must hold; `Default` gives the documented defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct GridSpec {
    /// The page. Default A4.
    pub page: PageSpec,
    /// The board every glyph is drawn on. Default 6×6.
    pub board: Board,
    /// Number of glyphs. Default 1.
    pub count: u64,
    /// Glyphs per row; `None` picks (see the module doc). Default `None`.
    pub columns: Option<u32>,
    /// Page margin, mm. Default 10.
    pub margin: f64,
    /// Empty space around each board, in pitches. Default 1.
    pub padding: f64,
    /// Height of the caption band under each glyph, mm (0 for none). Default 3.
    pub caption: f64,
    /// Height of the title band at the top, mm (0 for none). Default 0.
    pub title: f64,
    /// Height of the footer band at the bottom, mm (0 for none). Default 4.
    pub footer: f64,
    /// Smallest cell pitch, mm, when glyphs are chosen to fill pages. Default 2.5 (a 6×6
    /// glyph 17.5 mm wide with its padding).
    pub min_pitch: f64,
    /// Cell pitch of a poster, mm. Default 3.
    pub poster_pitch: f64,
    /// How far the glyphs' ink reaches beyond their outermost cell centres, in pitches
    /// ([`super::glyph::reach`]); past `padding / 2 + 0.5` the glyph is shrunk to stay in
    /// its board area. Default 0.
    pub reach: f64,
}

impl Default for GridSpec {
    fn default() -> Self {
        GridSpec {
            page: PageSpec::Size {
                width: 210.0,
                height: 297.0,
            },
            board: Board::new(6, 6),
            count: 1,
            columns: None,
            margin: 10.0,
            padding: 1.0,
            caption: 3.0,
            title: 0.0,
            footer: 4.0,
            min_pitch: 2.5,
            poster_pitch: 3.0,
            reach: 0.0,
        }
    }
}

/// Where glyph `i` of a sheet goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slot {
    /// Page index, from 0.
    pub page: u64,
    /// Index on its page, from 0.
    pub index: u64,
    /// Top-left corner of the board area, mm.
    pub x: f64,
    /// Top-left corner of the board area, mm.
    pub y: f64,
    /// Width and height of the board area (padding included), mm.
    pub w: f64,
    /// Height of the board area, mm.
    pub h: f64,
    /// The glyph's placement (cell (r, c) at glyph point (c, r)).
    pub place: Place,
    /// Caption anchor: centre x and baseline y, mm.
    pub caption: (f64, f64),
}

/// A computed layout.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// Page width, mm.
    pub width: f64,
    /// Page height, mm.
    pub height: f64,
    /// Glyphs per row.
    pub columns: u32,
    /// Rows per page.
    pub rows: u32,
    /// Cell pitch, mm.
    pub pitch: f64,
    /// Number of pages.
    pub pages: u64,
    /// The spec it was made from.
    pub spec: GridSpec,
    x0: f64,
    y0: f64,
}

impl Grid {
    /// Lay out `spec`.
    pub fn new(spec: &GridSpec) -> Result<Grid> {
        let n = spec.count.max(1);
        let bw = f64::from(spec.board.cols) + spec.padding;
        let bh = f64::from(spec.board.rows) + spec.padding;
        let cap = spec.caption;
        let bands = spec.title + spec.footer;
        let (width, height, columns, rows, pitch) = match spec.page {
            PageSpec::Poster => {
                let p = spec.poster_pitch;
                let cols = spec.columns.map(u64::from).unwrap_or_else(|| {
                    // A roughly square block of slots.
                    let ratio = (p * bh + cap) / (p * bw);
                    ((n as f64 * ratio).sqrt().ceil() as u64).clamp(1, n)
                });
                let rows = n.div_ceil(cols);
                let w = cols as f64 * p * bw + 2.0 * spec.margin;
                let h = rows as f64 * (p * bh + cap) + 2.0 * spec.margin + bands;
                if w > MAX_SIDE_MM || h > MAX_SIDE_MM {
                    return Err(Error::usage(format!(
                        "a poster of {n} glyphs would be {:.0} x {:.0} mm, larger than the {MAX_SIDE_MM} mm a page side may be: use a page size (e.g. --page a3) to spread them over pages",
                        w, h
                    )));
                }
                (w, h, cols as u32, rows as u32, p)
            }
            PageSpec::Size { width, height } => {
                let uw = width - 2.0 * spec.margin;
                let uh = height - 2.0 * spec.margin - bands;
                let too_small = || {
                    Error::usage(format!(
                        "the page ({width:.0} x {height:.0} mm) leaves no room for a glyph: use a larger --page, fewer --columns, or a style with a smaller margin"
                    ))
                };
                if uw <= 0.0 || uh <= 0.0 {
                    return Err(too_small());
                }
                // Pitch for c columns and r rows.
                let fit = |c: u64, r: u64| {
                    let pw = uw / (c as f64 * bw);
                    let ph = (uh - r as f64 * cap) / (r as f64 * bh);
                    pw.min(ph)
                };
                let (c, r) = match spec.columns {
                    Some(c) => {
                        let c = u64::from(c.max(1));
                        let p = uw / (c as f64 * bw);
                        if p < MIN_COLUMN_PITCH {
                            let most = (uw / (MIN_COLUMN_PITCH * bw)).floor().max(1.0);
                            return Err(Error::usage(format!(
                                "--columns {c} makes a cell {p:.2e} mm wide on this page: at most {most} columns fit at {MIN_COLUMN_PITCH} mm a cell; use fewer columns or a larger --page"
                            )));
                        }
                        let r = ((uh / (p * bh + cap)).floor() as u64).max(1);
                        (c, r)
                    }
                    None => {
                        // All on one page at the largest pitch?
                        let mut best = (0.0f64, 1u64);
                        let top = n.min((uw / (spec.min_pitch * 0.25 * bw)).ceil() as u64 + 1);
                        for c in 1..=top.max(1) {
                            let p = fit(c, n.div_ceil(c));
                            if p > best.0 {
                                best = (p, c);
                            }
                        }
                        if best.0 >= spec.min_pitch {
                            (best.1, n.div_ceil(best.1))
                        } else {
                            let p = spec.min_pitch;
                            let c = ((uw / (p * bw)).floor() as u64).max(1);
                            let r = ((uh / (p * bh + cap)).floor() as u64).max(1);
                            (c, r)
                        }
                    }
                };
                let r = r.min(n.div_ceil(c)).max(1);
                let p = fit(c, r);
                if p.is_nan() || p <= 0.0 {
                    return Err(too_small());
                }
                (width, height, c as u32, r as u32, p)
            }
        };
        let per_page = u64::from(columns) * u64::from(rows);
        let pages = n.div_ceil(per_page);
        let grid_w = f64::from(columns) * pitch * bw;
        let x0 = (width - grid_w) / 2.0;
        let y0 = spec.margin + spec.title;
        Ok(Grid {
            width,
            height,
            columns,
            rows,
            pitch,
            pages,
            spec: spec.clone(),
            x0,
            y0,
        })
    }

    /// A page holding exactly one glyph `size` mm wide (no margin, caption or bands); both
    /// sides of the page must lie within [`MIN_SIDE_MM`] and [`MAX_SIDE_MM`].
    pub fn single(board: Board, size: f64, padding: f64) -> Result<Grid> {
        let bw = f64::from(board.cols) + padding;
        let bh = f64::from(board.rows) + padding;
        let pitch = size / bw;
        let height = pitch * bh;
        let side = MIN_SIDE_MM..=MAX_SIDE_MM;
        if !(side.contains(&size) && side.contains(&height)) {
            return Err(Error::usage(format!(
                "bad glyph size {size} mm: the page would be {size:.2} x {height:.2} mm, and a page side must be from {MIN_SIDE_MM:.2} mm (3 pt) to {MAX_SIDE_MM} mm"
            )));
        }
        let spec = GridSpec {
            page: PageSpec::Size {
                width: size,
                height: pitch * bh,
            },
            board,
            count: 1,
            columns: Some(1),
            margin: 0.0,
            padding,
            caption: 0.0,
            title: 0.0,
            footer: 0.0,
            ..GridSpec::default()
        };
        Ok(Grid {
            width: size,
            height: pitch * bh,
            columns: 1,
            rows: 1,
            pitch,
            pages: 1,
            spec,
            x0: 0.0,
            y0: 0.0,
        })
    }

    /// Glyphs per page.
    pub fn per_page(&self) -> u64 {
        u64::from(self.columns) * u64::from(self.rows)
    }

    /// Where glyph `i` (from 0) goes.
    pub fn slot(&self, i: u64) -> Slot {
        let per = self.per_page();
        let (page, index) = (i / per, i % per);
        let (row, col) = (
            index / u64::from(self.columns),
            index % u64::from(self.columns),
        );
        let s = &self.spec;
        let w = self.pitch * (f64::from(s.board.cols) + s.padding);
        let h = self.pitch * (f64::from(s.board.rows) + s.padding);
        let x = self.x0 + col as f64 * w;
        let y = self.y0 + row as f64 * (h + s.caption);
        let scale = self.scale();
        // The board's centre at the area's centre.
        let (cx, cy) = (
            (f64::from(s.board.cols) - 1.0) / 2.0,
            (f64::from(s.board.rows) - 1.0) / 2.0,
        );
        let place = Place {
            x: x + w / 2.0 - scale * cx,
            y: y + h / 2.0 - scale * cy,
            scale,
        };
        // The caption band starts at most CAPTION_GAP under the glyph's ink, not a
        // padding's width below it: on a sparse page the padding is many millimetres.
        let reach = if s.reach.is_finite() {
            s.reach.max(0.0)
        } else {
            0.5
        };
        let ink = place.y + scale * (2.0 * cy + reach);
        let band = (y + h).min(ink + CAPTION_GAP);
        Slot {
            page,
            index,
            x,
            y,
            w,
            h,
            place,
            caption: (x + w / 2.0, band + s.caption * 0.55),
        }
    }

    /// Millimetres a cell at every slot: the pitch, shrunk to fit what reaches past the
    /// board ([`Grid::shrink`]).
    pub fn scale(&self) -> f64 {
        self.pitch * self.shrink()
    }

    /// The factor (at most 1) by which glyphs are drawn smaller so that ink reaching
    /// [`GridSpec::reach`] pitches beyond the outermost centres stays in the board area:
    /// from the board's centre, (n − 1)/2 + reach must fit in (n − 1)/2 + padding/2 + 0.5,
    /// across and down.
    pub fn shrink(&self) -> f64 {
        let s = &self.spec;
        let room = s.padding / 2.0 + 0.5;
        if s.reach.is_nan() || s.reach <= room {
            return 1.0;
        }
        let fit = |n: u32| {
            let half = (f64::from(n) - 1.0) / 2.0;
            (half + room) / (half + s.reach)
        };
        fit(s.board.cols).min(fit(s.board.rows))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(page: &str, n: u64) -> GridSpec {
        GridSpec {
            page: PageSpec::parse(page).unwrap(),
            count: n,
            ..GridSpec::default()
        }
    }

    /// Slots never overlap, stay inside the margins, and pages are filled in order.
    fn check(g: &Grid, n: u64) {
        let m = g.spec.margin - 1e-9;
        let mut last = (0, 0.0f64, 0.0f64);
        for i in 0..n {
            let s = g.slot(i);
            assert!(s.x >= m && s.y >= m, "{i}: {s:?}");
            assert!(s.x + s.w <= g.width - m + 1e-6, "{i}: {s:?}");
            assert!(
                s.y + s.h + g.spec.caption <= g.height - m - g.spec.footer + 1e-6,
                "{i}: {s:?} {g:?}"
            );
            assert!(s.page < g.pages);
            if s.page == last.0 && i > 0 {
                assert!(
                    s.y > last.2 + 1e-9 || (s.y == last.2 && s.x > last.1),
                    "{i}"
                );
            }
            last = (s.page, s.x, s.y);
        }
        assert_eq!(g.slot(n - 1).page, g.pages - 1);
    }

    #[test]
    fn classes_fit_one_a3_page() {
        let g = Grid::new(&a("a3", 149)).unwrap();
        assert_eq!(g.pages, 1);
        assert!(g.pitch > 2.5);
        check(&g, 149);
    }

    #[test]
    fn poster_paginates_on_a4_and_fits_on_poster() {
        let g = Grid::new(&a("a4", 1072)).unwrap();
        assert!(g.pages > 1);
        assert!(g.pitch >= 2.5);
        check(&g, 1072);
        let p = Grid::new(&a("poster", 1072)).unwrap();
        assert_eq!(p.pages, 1);
        assert!(p.per_page() >= 1072);
        check(&p, 1072);
        let c = Grid::new(&GridSpec {
            columns: Some(4),
            ..a("a4", 30)
        })
        .unwrap();
        assert_eq!(c.columns, 4);
        check(&c, 30);
    }

    #[test]
    fn tiny_page_is_a_usage_error() {
        assert!(Grid::new(&a("15x15mm", 3)).unwrap_err().is_usage());
        assert!(Grid::new(&a("poster", 10_000_000)).unwrap_err().is_usage());
        let s = Grid::single(Board::new(6, 6), 50.0, 1.0).unwrap();
        assert_eq!((s.width, s.height), (50.0, 50.0));
        assert!((s.slot(0).place.x - s.pitch).abs() < 1e-12);
    }

    /// Issue 56: on a sparse page (a 4×4 sheet on A4: large cells, so a wide padding)
    /// each caption sits just under its glyph, not a padding's width below it; and on a
    /// dense one.
    #[test]
    fn captions_sit_just_under_their_glyphs() {
        let sizes = [
            ("a4", 6, Board::new(4, 4)),
            ("a4", 1, Board::new(6, 6)),
            ("a4", 1072, Board::new(6, 6)),
        ];
        for (page, n, board) in sizes {
            let g = Grid::new(&GridSpec {
                board,
                ..a(page, n)
            })
            .unwrap();
            for i in 0..n {
                let s = g.slot(i);
                // The ink's bottom: the lowest cell centres (the spec's reach is 0).
                let (_, ink) = s.place.map(0.0, f64::from(board.rows) - 1.0);
                let below = s.caption.1 - ink;
                assert!(
                    below > 0.0 && below <= CAPTION_GAP + g.spec.caption * 0.55 + 1e-9,
                    "{page} {n}: caption {below:.1} mm below the glyph (pitch {:.1} mm)",
                    g.pitch
                );
            }
        }
    }

    #[test]
    fn far_reaching_ink_shrinks_the_glyph_into_its_area() {
        let mut g = Grid::single(Board::new(5, 8), 90.0, 1.0).unwrap();
        let before = g.slot(0);
        // Up to padding/2 + 1/2 = 1 pitch the glyph is placed as before (only the caption
        // band, under the ink, moves).
        g.spec.reach = 1.0;
        let s = g.slot(0);
        assert_eq!(
            (s.x, s.y, s.w, s.h),
            (before.x, before.y, before.w, before.h)
        );
        assert_eq!(s.place, before.place);
        g.spec.reach = 1.5;
        let s = g.slot(0);
        assert!(s.place.scale < before.place.scale);
        // The ink's extent, reach pitches beyond the outer centres, ends at the area's
        // edge on the tighter side (rows) and inside it on the other.
        let ink = |n: f64| (n - 1.0 + 2.0 * 1.5) * s.place.scale;
        assert!((ink(5.0) - s.h).abs() < 1e-9, "{} vs {}", ink(5.0), s.h);
        assert!(ink(8.0) < s.w);
        let (x0, y0) = s.place.map(-1.5, -1.5);
        assert!(x0 >= s.x - 1e-9 && (y0 - s.y).abs() < 1e-9);
    }
}
