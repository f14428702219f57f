//! Layout: tours become glyph geometry ([`glyph`]), styled ([`style`]), placed on pages
//! ([`page`], [`grid`]); a [`Sheet`] draws them, page by page, on any [`Backend`] as
//! they stream in.

pub mod glyph;
pub mod grid;
pub mod page;
pub mod style;
pub mod torus;

use crate::board::Board;
use crate::error::Result;
use crate::render::{Anchor, Backend, GlyphData, Paint, Path, Text};
use grid::{Grid, GridSpec, MM_PER_PT};
use style::Style;

/// Band heights for a style: (caption, title, footer) in mm; 0 where absent.
pub fn bands(style: &Style, captions: bool, title: bool) -> (f64, f64, f64) {
    let cap = if captions && style.caption_size > 0.0 {
        style.caption_size * MM_PER_PT * 1.6
    } else {
        0.0
    };
    let title = if title && style.title_size > 0.0 {
        style.title_size * MM_PER_PT * 2.0
    } else {
        0.0
    };
    let footer = if style.footer_size > 0.0 {
        style.footer_size * MM_PER_PT * 2.0
    } else {
        0.0
    };
    (cap, title, footer)
}

/// A [`GridSpec`] for `count` glyphs of `board` in `style`, captions and title as asked.
pub fn grid_spec(style: &Style, board: Board, count: u64, captions: bool, title: bool) -> GridSpec {
    let (caption, title, footer) = bands(style, captions, title);
    GridSpec {
        board,
        count,
        margin: style.margin,
        padding: style.padding,
        caption,
        title,
        footer,
        ..GridSpec::default()
    }
}

/// `size_pt`, or less if `text` set in Helvetica at that size would be wider than `room`
/// mm: a title, footer or caption shrinks to the width it has rather than running off the
/// page or into its neighbour.
pub fn fit_size(text: &str, size_pt: f64, room: f64) -> f64 {
    let w = crate::render::helvetica::width(text, size_pt * MM_PER_PT);
    if w > room && room > 0.0 {
        size_pt * room / w
    } else {
        size_pt
    }
}

/// Page furniture of a sheet.
#[derive(Clone, Debug, Default)]
pub struct SheetText {
    /// Title at the top of every page. Default none.
    pub title: Option<String>,
    /// Footer text at the bottom left of every page; the bottom right says "page i of n".
    /// Default empty (page numbers only, on sheets of more than one page).
    pub footer: String,
}

/// Draws glyphs into grid slots, opening and closing pages as they fill.
pub struct Sheet<'s, B: Backend> {
    backend: B,
    grid: Grid,
    style: &'s Style,
    text: SheetText,
    next: u64,
    open: bool,
    /// Captions of the current page, drawn after its glyphs so that backends see one
    /// run of glyphs (PDF keeps one glyph transform open across it).
    captions: Vec<Text>,
}

impl<'s, B: Backend> Sheet<'s, B> {
    /// A sheet drawing on `backend`.
    pub fn new(backend: B, grid: Grid, style: &'s Style, text: SheetText) -> Self {
        Sheet {
            backend,
            grid,
            style,
            text,
            next: 0,
            open: false,
            captions: Vec::new(),
        }
    }

    /// The layout.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Glyphs drawn so far.
    pub fn drawn(&self) -> u64 {
        self.next
    }

    /// Pages begun so far.
    pub fn pages(&self) -> u64 {
        if self.next == 0 {
            u64::from(self.open)
        } else {
            self.grid.slot(self.next - 1).page + 1
        }
    }

    fn begin_page(&mut self, page: u64) -> Result<()> {
        let (w, h) = (self.grid.width, self.grid.height);
        self.backend.begin_page(w, h)?;
        self.open = true;
        let st = self.style;
        if let Some(bg) = st.background {
            let p = Paint {
                stroke: None,
                fill: Some(bg),
            };
            self.backend.path(&Path::rect(0.0, 0.0, w, h), &p)?;
        }
        let m = self.grid.spec.margin;
        if let Some(t) = &self.text.title {
            if self.grid.spec.title > 0.0 {
                self.backend.text(&Text {
                    x: w / 2.0,
                    y: m + st.title_size * MM_PER_PT,
                    size_pt: fit_size(t, st.title_size, w - 2.0 * m),
                    color: st.caption_color,
                    anchor: Anchor::Middle,
                    text: t.clone(),
                })?;
            }
        }
        if self.grid.spec.footer > 0.0 {
            let y = h - m - st.footer_size * MM_PER_PT * 0.3;
            // The footer and the page number share the width between the margins, with a
            // gap of four spaces: both shrink alike when they do not fit.
            let number = format!("page {} of {}", page + 1, self.grid.pages);
            let line = match (self.text.footer.is_empty(), self.grid.pages > 1) {
                (false, true) => format!("{}    {number}", self.text.footer),
                (false, false) => self.text.footer.clone(),
                (true, _) => number.clone(),
            };
            let size = fit_size(&line, st.footer_size, w - 2.0 * m);
            if !self.text.footer.is_empty() {
                self.backend.text(&Text {
                    x: m,
                    y,
                    size_pt: size,
                    color: st.caption_color,
                    anchor: Anchor::Start,
                    text: self.text.footer.clone(),
                })?;
            }
            if self.grid.pages > 1 {
                self.backend.text(&Text {
                    x: w - m,
                    y,
                    size_pt: size,
                    color: st.caption_color,
                    anchor: Anchor::End,
                    text: number,
                })?;
            }
        }
        Ok(())
    }

    /// Draw the next glyph, with `caption` under it (empty for none).
    pub fn push(&mut self, g: &GlyphData, caption: &str) -> Result<()> {
        let s = self.grid.slot(self.next);
        if s.index == 0 {
            if self.open {
                self.end_page()?;
            }
            self.begin_page(s.page)?;
        }
        let st = self.style;
        let board = self.grid.spec.board;
        if let Some((p, paint)) = glyph::frame(board, &s.place, st) {
            self.backend.path(&p, &paint)?;
        }
        if let Some((p, paint)) = glyph::dots(board, &s.place, st) {
            self.backend.path(&p, &paint)?;
        }
        let paint = glyph::paint(st, s.place.scale, g.closed);
        if paint.stroke.is_some() || paint.fill.is_some() {
            self.backend.glyph(g, &s.place, &paint)?;
        }
        if !caption.is_empty() && self.grid.spec.caption > 0.0 {
            self.captions.push(Text {
                x: s.caption.0,
                y: s.caption.1,
                size_pt: fit_size(caption, st.caption_size, s.w),
                color: st.caption_color,
                anchor: Anchor::Middle,
                text: caption.to_string(),
            });
        }
        self.next += 1;
        Ok(())
    }

    /// Draw the next slot with `draw` (handed the backend, the slot's place of cell
    /// (0, 0) and the style) instead of one polyline glyph, with `caption` under it: for
    /// drawings that are not one line ([`torus`]).
    pub fn push_with(
        &mut self,
        caption: &str,
        draw: impl FnOnce(&mut B, &crate::render::Place, &Style) -> Result<()>,
    ) -> Result<()> {
        let s = self.grid.slot(self.next);
        if s.index == 0 {
            if self.open {
                self.end_page()?;
            }
            self.begin_page(s.page)?;
        }
        let st = self.style;
        draw(&mut self.backend, &s.place, st)?;
        if !caption.is_empty() && self.grid.spec.caption > 0.0 {
            self.captions.push(Text {
                x: s.caption.0,
                y: s.caption.1,
                size_pt: fit_size(caption, st.caption_size, s.w),
                color: st.caption_color,
                anchor: Anchor::Middle,
                text: caption.to_string(),
            });
        }
        self.next += 1;
        Ok(())
    }

    fn end_page(&mut self) -> Result<()> {
        for t in std::mem::take(&mut self.captions) {
            self.backend.text(&t)?;
        }
        self.backend.end_page()?;
        self.open = false;
        Ok(())
    }

    /// Close the last page (an empty sheet still gets one page) and finish the document.
    pub fn finish(mut self) -> Result<B> {
        if !self.open {
            self.begin_page(0)?;
        }
        self.end_page()?;
        self.backend.finish()?;
        Ok(self.backend)
    }
}
