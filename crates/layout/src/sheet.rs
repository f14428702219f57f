//! A sheet: glyphs placed in a grid of slots, page after page, with a title, a footer
//! and page numbers, and captions under the glyphs; the text sized for the page
//! ([`sheet_layout`], the rule in [`crate::text_size`]). [`Sheet`] draws on any
//! [`Backend`] as the glyphs stream in.

use crate::grid::{self, Grid, GridSpec, MM_PER_PT};
use crate::page::PageSpec;
use crate::pens::{self, Role};
use crate::style::Style;
use crate::text_size::{self, Measure, Title, caption_scale, fit_size, page_scale, wrap_title};
use crate::{bridge, glyph, interlace, outline, plot};
use std::sync::Arc;
use tourglyph_core::board::Board;
use tourglyph_core::error::Result;
use tourglyph_draw::text::Fonts;
use tourglyph_draw::{Anchor, Backend, GlyphData, Label, Paint, Path, Pen, Text};

/// What can be computed for a glyph ahead of [`Sheet::push_full`], away from the sheet
/// (on worker threads): its outline when the style draws outlines, its pen strokes when
/// it plots ([`ahead`]).
#[derive(Clone, Debug, Default)]
pub struct Ahead {
    /// The outline ([`outline::outline`]), when the style draws outlines and does not plot.
    pub shape: Option<tourglyph_draw::region::FilledRegion>,
    /// The pen strokes ([`plot::pen_strokes`]), when the style plots.
    pub strokes: Option<plot::PenStrokes>,
}

/// [`Ahead`] for glyph `g` drawn in `style` at `scale` mm a cell (every slot of a grid
/// has its [`Grid::scale`]): what [`Sheet::push_full`] would compute itself.
pub fn ahead(g: &GlyphData, style: &Style, scale: f64) -> Ahead {
    Ahead {
        shape: (style.outline && style.plot.is_none()).then(|| outline::outline(g, style)),
        strokes: style
            .plot
            .is_some()
            .then(|| plot::pen_strokes(g, style, scale)),
    }
}

/// Band heights for a style at its own sizes: (caption, title, footer) in mm; 0 where
/// absent.
pub fn bands(style: &Style, captions: bool, title: bool) -> (f64, f64, f64) {
    let sizes = TextSizes::of_style(style, title.then_some(""));
    sizes.bands(captions)
}

/// A [`GridSpec`] for `count` glyphs of `board` in `style` at the style's own text sizes,
/// captions and title as asked. [`sheet_layout`] scales the text with the page.
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

/// The text sizes of a sheet (see [`crate::text_size`] for the rule).
#[derive(Clone, Debug, PartialEq)]
pub struct TextSizes {
    /// The title as set (no title: `None`).
    pub title: Option<Title>,
    /// Caption size, points (0: none).
    pub caption_pt: f64,
    /// Footer size, points (0: none).
    pub footer_pt: f64,
}

impl TextSizes {
    /// The style's own sizes, the title (if any) on one line.
    pub fn of_style(style: &Style, title: Option<&str>) -> TextSizes {
        TextSizes {
            title: title.filter(|_| style.title_size > 0.0).map(|t| Title {
                lines: vec![t.to_string()],
                size_pt: style.title_size,
            }),
            caption_pt: style.caption_size,
            footer_pt: style.footer_size,
        }
    }

    /// Band heights: (caption, title, footer) in mm; 0 where absent.
    pub fn bands(&self, captions: bool) -> (f64, f64, f64) {
        let cap = if captions && self.caption_pt > 0.0 {
            self.caption_pt * MM_PER_PT * 1.6
        } else {
            0.0
        };
        let title = self.title.as_ref().map_or(0.0, Title::band);
        let footer = if self.footer_pt > 0.0 {
            self.footer_pt * MM_PER_PT * 2.0
        } else {
            0.0
        };
        (cap, title, footer)
    }
}

/// Lay out a sheet with its text sized for the page ([`crate::text_size`]): `spec` gives the page,
/// board, count, columns and reach (its bands are replaced). The title and footer scale
/// with the page (a `poster` page: with the size it takes at the style's sizes); the
/// title wraps to as many lines as a quarter of the page holds before it shrinks; captions scale with the pitch the glyphs
/// get at the style's caption size, unless that would spread the sheet over more pages.
pub fn sheet_layout(
    style: &Style,
    spec: &GridSpec,
    captions: bool,
    title: Option<&str>,
    measure: Measure<'_>,
) -> Result<(Grid, TextSizes)> {
    let base = TextSizes::of_style(style, title);
    let with = |sizes: &TextSizes| {
        let (caption, title, footer) = sizes.bands(captions);
        Grid::new(&GridSpec {
            margin: style.margin,
            padding: style.padding,
            caption,
            title,
            footer,
            ..spec.clone()
        })
    };
    let (w, h) = match spec.page {
        PageSpec::Size { width, height } => (width, height),
        PageSpec::Poster => {
            let g = with(&base)?;
            (g.width, g.height)
        }
    };
    let k = page_scale(w, h);
    let room = w - 2.0 * style.margin;
    let max_band = h * text_size::TITLE_SHARE;
    let mut sizes = TextSizes {
        title: title
            .filter(|_| style.title_size > 0.0)
            .map(|t| wrap_title(t, style.title_size * k, room, max_band, measure)),
        caption_pt: style.caption_size,
        footer_pt: style.footer_size * k,
    };
    let first = with(&sizes)?;
    let c = caption_scale(first.pitch, k);
    if !(captions && c > 1.0) {
        return Ok((first, sizes));
    }
    sizes.caption_pt = style.caption_size * c;
    match with(&sizes) {
        Ok(g) if g.pages <= first.pages => Ok((g, sizes)),
        _ => {
            sizes.caption_pt = style.caption_size;
            Ok((first, sizes))
        }
    }
}

/// The pens of the sheet's parts, indexed as `Sheet::pen`'s roles, for glyphs taking the
/// palette colours `used` says.
fn role_pens(style: &Style, used: &[bool]) -> [Option<Pen>; 4] {
    [Role::Background, Role::Tours, Role::Frames, Role::Dots].map(|r| pens::pen(style, r, used))
}

/// Page furniture of a sheet.
#[derive(Clone, Debug)]
pub struct SheetText {
    /// Title at the top of every page. Default none.
    pub title: Option<String>,
    /// Footer text at the bottom left of every page; the bottom right says "page i of n".
    /// Default empty (page numbers only, on sheets of more than one page).
    pub footer: String,
    /// Text sizes from [`sheet_layout`]; `None`: the style's own sizes, the title on one
    /// line. Default `None`.
    pub sizes: Option<TextSizes>,
    /// The fonts titles, footers and captions are measured in (the backend's). Default:
    /// the bundled fonts.
    pub fonts: Arc<Fonts>,
}

impl Default for SheetText {
    fn default() -> Self {
        SheetText {
            title: None,
            footer: String::new(),
            sizes: None,
            fonts: Fonts::bundled(),
        }
    }
}

/// Draw what follows on `backend` with `pen`, if there is one.
fn use_pen<B: Backend>(backend: &mut B, pen: Option<&Pen>) -> Result<()> {
    match pen {
        Some(p) => backend.pen(p),
        None => Ok(()),
    }
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
    sizes: TextSizes,
    /// The next glyph's cells in walking order, to number ([`Sheet::number_next`]).
    numbers: Option<Vec<(i32, i32)>>,
    /// The pens of the background, the glyphs, the frames and the dots, when the style
    /// asks for layers ([`crate::pens`]).
    pens: [Option<Pen>; 4],
    /// The style in each palette colour, with its pen, when it colours glyphs
    /// ([`pens::tinted`]).
    tinted: Vec<(Style, Option<Pen>)>,
    /// The next glyph's palette colour when the style colours glyphs
    /// ([`Sheet::tint_next`]).
    tint: Option<usize>,
}

impl<'s, B: Backend> Sheet<'s, B> {
    /// A sheet drawing on `backend`.
    pub fn new(backend: B, grid: Grid, style: &'s Style, text: SheetText) -> Self {
        let sizes = text
            .sizes
            .clone()
            .unwrap_or_else(|| TextSizes::of_style(style, text.title.as_deref()));
        Sheet {
            backend,
            grid,
            style,
            text,
            next: 0,
            open: false,
            captions: Vec::new(),
            sizes,
            numbers: None,
            pens: role_pens(style, &[]),
            tinted: pens::tinted(style, &[]),
            tint: None,
        }
    }

    /// The glyphs to come take the palette colours `used` says ([`pens::used`]; the pens
    /// declared to the backend must be [`pens::pens`] of the same), so glyphs coloured by
    /// [`Sheet::tint_next`] go on their colours' pens. Without it, the sheet colours no
    /// glyph's pen by its tint.
    pub fn with_tints(mut self, used: &[bool]) -> Self {
        self.pens = role_pens(self.style, used);
        self.tinted = pens::tinted(self.style, used);
        self
    }

    /// Draw what follows with the pen of `role` (index into `pens`), if the style has one.
    fn pen(&mut self, role: usize) -> Result<()> {
        use_pen(&mut self.backend, self.pens[role].as_ref())
    }

    /// Number the next glyph's cells (glyph points (x, y) in walking order) when the style
    /// asks for numbers ([`crate::numbers`]); they are drawn with the page's captions.
    pub fn number_next(&mut self, cells: Vec<(i32, i32)>) {
        self.numbers = self.style.numbers.then_some(cells);
    }

    /// Stroke the next glyph, of tour `id` (`orbit`: its orbit size on a sheet of
    /// classes), in its palette colour when the style colours glyphs by orbit or by tour
    /// ([`pens::tint`]), on that colour's pen.
    pub fn tint_next(&mut self, id: u128, orbit: Option<u32>) {
        self.tint = pens::tint_index(self.style, id, orbit);
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
        self.pen(0)?;
        if let Some(bg) = st.background {
            let p = Paint {
                stroke: None,
                fill: Some(bg),
            };
            self.backend.path(&Path::rect(0.0, 0.0, w, h), &p)?;
        }
        let m = self.grid.spec.margin;
        let fonts = Arc::clone(&self.text.fonts);
        let measure = &|t: &str, pt: f64| text_size::shaped(&fonts, t, pt);
        if let Some(t) = &self.sizes.title {
            if self.grid.spec.title > 0.0 {
                let lead = t.size_pt * MM_PER_PT;
                for (i, line) in t.lines.iter().enumerate() {
                    self.backend.text(&Text {
                        x: w / 2.0,
                        y: m + lead * (1.0 + text_size::TITLE_LEADING * i as f64),
                        size_pt: fit_size(line, t.size_pt, w - 2.0 * m, measure),
                        color: st.caption_color,
                        anchor: Anchor::Middle,
                        text: line.clone(),
                    })?;
                }
            }
        }
        if self.grid.spec.footer > 0.0 {
            let footer_pt = self.sizes.footer_pt;
            let y = h - m - footer_pt * MM_PER_PT * 0.3;
            // The footer and the page number share the width between the margins, with a
            // gap of four spaces: both shrink alike when they do not fit.
            let number = format!("page {} of {}", page + 1, self.grid.pages);
            // Measured as drawn: the two texts apart, each shaped alone (the footer, the
            // same on every page, is shaped once).
            let footer = self.text.footer.as_str();
            let line: &[&str] = match (footer.is_empty(), self.grid.pages > 1) {
                (false, true) => &[footer, "    ", &number],
                (false, false) => &[footer],
                (true, _) => &[&number],
            };
            let size = text_size::fit_size_of(line, footer_pt, w - 2.0 * m, measure);
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
        self.push_full(g, &Ahead::default(), caption, None)
    }

    /// Draw the next glyph, with `caption` under it (empty for none) and `label` saying
    /// what it is where the format can hold it (SVG).
    pub fn push_labelled(
        &mut self,
        g: &GlyphData,
        caption: &str,
        label: Option<&Label>,
    ) -> Result<()> {
        self.push_full(g, &Ahead::default(), caption, label)
    }

    /// [`Sheet::push_labelled`] with what [`ahead`] computes for the glyph with this
    /// sheet's style and grid (e.g. on worker threads) already done; what `pre` lacks is
    /// computed here. (Tinting a glyph changes its colour only, never its outline or
    /// strokes.)
    pub fn push_full(
        &mut self,
        g: &GlyphData,
        pre: &Ahead,
        caption: &str,
        label: Option<&Label>,
    ) -> Result<()> {
        let s = self.open_slot()?;
        // The style with the glyph's own stroke colour (frames and dots keep theirs).
        let tinted = self.tint.take().and_then(|i| self.tinted.get(i));
        let st: &Style = tinted.map_or(self.style, |(st, _)| st);
        let board = self.grid.spec.board;
        if let Some((p, paint)) = glyph::frame(board, &s.place, st) {
            use_pen(&mut self.backend, self.pens[2].as_ref())?;
            self.backend.path(&p, &paint)?;
        }
        if let Some((p, paint)) = glyph::dots(board, &s.place, st) {
            use_pen(&mut self.backend, self.pens[3].as_ref())?;
            self.backend.path(&p, &paint)?;
        }
        let pen = match tinted {
            Some((_, p)) => p.as_ref(),
            None => self.pens[1].as_ref(),
        };
        use_pen(&mut self.backend, pen)?;
        let paint = glyph::paint(st, s.place.scale, g.closed);
        if self.numbers.is_some() && st.numbers_only {
            // The numbers alone, no line.
        } else if st.plot.is_some() {
            // Pen strokes over the inside's fill (if any), in the stroke colour.
            if paint.fill.is_some() {
                let inside = Paint {
                    stroke: None,
                    fill: paint.fill,
                };
                self.backend.glyph(g, &s.place, &inside, None)?;
            }
            let own;
            let strokes = match &pre.strokes {
                Some(p) => p,
                None => {
                    own = plot::pen_strokes(g, st, s.place.scale);
                    &own
                }
            };
            if let Some(pen) = plot::pen_paint(st).filter(|_| !strokes.is_empty()) {
                self.backend
                    .mark(&strokes.to_path(g, &s.place), &pen, label)?;
            }
        } else if st.interlace {
            // The inside first (a closed line's fill), then the band's two paths.
            if let Some(fill) = paint.fill {
                let inside = Paint {
                    stroke: None,
                    fill: Some(fill),
                };
                self.backend.glyph(g, &s.place, &inside, None)?;
            }
            let band = interlace::band(g, st);
            for (p, paint) in interlace::paths(&band, &s.place, st) {
                self.backend.path(&p, &paint)?;
            }
        } else if st.outline {
            // The inside first, then the stroke's region as a filled shape over it.
            if paint.fill.is_some() {
                let inside = Paint {
                    stroke: None,
                    fill: paint.fill,
                };
                self.backend.glyph(g, &s.place, &inside, None)?;
            }
            if let Some(stroke) = paint.stroke {
                let own;
                let shape = match &pre.shape {
                    Some(s) => s,
                    None => {
                        own = outline::outline(g, st);
                        &own
                    }
                };
                let cut;
                let shape = if st.bridges > 0 {
                    cut = bridge::bridged(g, st, shape.clone(), s.place.scale);
                    &cut
                } else {
                    shape
                };
                let ink = Paint {
                    stroke: None,
                    fill: Some(stroke.color),
                };
                self.backend.shape(shape, &s.place, &ink, label)?;
            }
        } else if paint.stroke.is_some() || paint.fill.is_some() {
            self.backend.glyph(g, &s.place, &paint, label)?;
        }
        if let Some(cells) = self.numbers.take() {
            self.captions
                .extend(crate::numbers::texts(&cells, &s.place, st));
        }
        self.close_slot(&s, caption);
        Ok(())
    }

    /// Draw the next slot with `draw` (handed the backend, the slot's place of cell
    /// (0, 0) and the style) instead of one polyline glyph, with `caption` under it: for
    /// drawings that are not one line ([`crate::tile`]).
    pub fn push_with(
        &mut self,
        caption: &str,
        draw: impl FnOnce(&mut B, &tourglyph_draw::Place, &Style) -> Result<()>,
    ) -> Result<()> {
        let s = self.open_slot()?;
        let st = self.style;
        self.pen(1)?;
        draw(&mut self.backend, &s.place, st)?;
        self.close_slot(&s, caption);
        Ok(())
    }

    /// The next slot, on a new page when it is the first of one.
    fn open_slot(&mut self) -> Result<grid::Slot> {
        let s = self.grid.slot(self.next);
        if s.index == 0 {
            if self.open {
                self.end_page()?;
            }
            self.begin_page(s.page)?;
        }
        Ok(s)
    }

    /// Queue `caption` under slot `s` (drawn with the page's captions) and move on.
    fn close_slot(&mut self, s: &grid::Slot, caption: &str) {
        if !caption.is_empty() && self.grid.spec.caption > 0.0 {
            let fonts = &self.text.fonts;
            self.captions.push(Text {
                x: s.caption.0,
                y: s.caption.1,
                size_pt: fit_size(caption, self.sizes.caption_pt, s.w, &|t: &str, pt: f64| {
                    text_size::shaped(fonts, t, pt)
                }),
                color: self.style.caption_color,
                anchor: Anchor::Middle,
                text: caption.to_string(),
            });
        }
        self.next += 1;
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
