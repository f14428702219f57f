//! The specimen sheet of a font of tours, laid out as a [`FontSheet`] that the draw
//! crate's document writes (as PDF, with the font embedded whole): every glyph typed
//! through the font itself, with its tour ID and codepoint under it. The title and
//! captions are set in the faces of the sheets (a `--font FILE` first, then Noto Sans and
//! Noto Kufi Arabic), so a family named in any script those faces cover reads as given
//! (the caller refuses one they do not, see [`tourglyph_draw::text::check`]). A long
//! title wraps, as a sheet's does ([`crate::text_size::wrap_title`]). A4 pages, as many
//! as needed.

use crate::{text_size::TITLE_LEADING, text_size::TITLE_SHARE, text_size::wrap_title};
use std::sync::Arc;
use tourglyph_core::error::Result;
use tourglyph_draw::font_sheet::{FontSheet, FontSheetText, PlacedGlyph, RunX, SheetPage};
use tourglyph_draw::text::Fonts;
use tourglyph_draw::ttf::FIRST;

const PT_PER_MM: f32 = 72.0 / 25.4;
/// A4, mm.
const PAGE: (f32, f32) = (210.0, 297.0);
const MARGIN: f32 = 15.0;
/// Smallest glyph the sheet draws, mm: below it the pages multiply instead.
const MIN_GLYPH: f32 = 14.0;
const CAPTION_PT: f32 = 5.0;
/// The title's size, points.
const TITLE_PT: f32 = 11.0;
/// The title band of a one-line title, mm; each further line adds its leading.
const TITLE_BAND: f32 = 12.0;

/// One entry of the sheet: its caption (the tour ID).
pub struct SpecimenEntry {
    /// The caption.
    pub caption: String,
}

/// The grid of a sheet of `n` glyphs: (columns, rows per page, glyph size in mm).
fn grid(n: usize, title_band: f32) -> (usize, usize, f32) {
    let w = PAGE.0 - 2.0 * MARGIN;
    let h = PAGE.1 - 2.0 * MARGIN - title_band;
    // Each slot: the glyph, and a caption band of 40 % of it.
    let fits = |size: f32| {
        let cols = (w / size).floor().max(1.0) as usize;
        let rows = (h / (size * 1.4)).floor().max(1.0) as usize;
        (cols, rows)
    };
    let mut size = w;
    while size > MIN_GLYPH {
        let (c, r) = fits(size);
        if c * r >= n {
            return (c, r, size);
        }
        size *= 0.97;
    }
    let (c, r) = fits(MIN_GLYPH);
    (c, r, MIN_GLYPH)
}

/// The specimen of `font` (a TrueType font whose glyph i + 1 is entry i), titled `title`
/// (which starts with `family`), its text to be set in `fonts`: A4 pages of a
/// [`FontSheet`], which the document module writes ([`tourglyph_draw::Format::write_font_sheet`]).
pub fn sheet<'a>(
    font: &'a [u8],
    family: &str,
    entries: &[SpecimenEntry],
    title: &str,
    fonts: &Arc<Fonts>,
) -> Result<FontSheet<'a>> {
    // The title set for the page's width: as on one page, then, when the sheet takes
    // more, with the page numbers of its last page.
    let room = PAGE.0 - 2.0 * MARGIN;
    let measure = |t: &str, pt: f64| crate::text_size::shaped(fonts, t, pt);
    let fit = |head: &str| {
        wrap_title(
            head,
            f64::from(TITLE_PT),
            f64::from(room),
            f64::from(PAGE.1) * TITLE_SHARE,
            &measure,
        )
    };
    let layout = |set: &crate::text_size::Title| {
        let lead = set.size_pt as f32 * TITLE_LEADING as f32 / PT_PER_MM;
        let band = TITLE_BAND + (set.lines.len() - 1) as f32 * lead;
        let (cols, rows, size) = grid(entries.len().max(1), band);
        let pages = entries.len().div_ceil(cols * rows).max(1);
        (lead, band, cols, rows, size, pages)
    };
    let mut set = fit(title);
    let mut laid = layout(&set);
    if laid.5 > 1 {
        set = fit(&format!("{title} - page {0} of {0}", laid.5));
        laid = layout(&set);
    }
    let (lead, title_band, cols, rows, size, page_count) = laid;
    let title_pt = set.size_pt as f32;
    let per_page = cols * rows;
    let chars = (0..entries.len())
        .filter_map(|i| char::from_u32(FIRST + i as u32).map(|ch| (i as u16 + 1, ch)))
        .collect();
    let ph = PAGE.1 * PT_PER_MM;
    let mut pages = Vec::with_capacity(page_count);
    for p in 0..page_count {
        let (mut lines, mut glyphs) = (Vec::new(), Vec::new());
        let mut say = |text: &str, x: RunX, y: f32, pt: f32| {
            lines.push(FontSheetText {
                text: text.to_string(),
                x,
                y,
                pt,
            })
        };
        // Title, top left (in points, y up), in the lines set for the page's width.
        let head = if page_count > 1 {
            format!("{title} - page {} of {page_count}", p + 1)
        } else {
            title.to_string()
        };
        let heads = if set.lines.len() == 1 {
            vec![head]
        } else {
            wrap_title(
                &head,
                f64::from(title_pt),
                f64::from(room),
                f64::INFINITY,
                &measure,
            )
            .lines
        };
        // The family first, shaped on its own: a name in a right-to-left script stays
        // one run at the start of the (left-to-right) title, not the start of a
        // right-to-left paragraph. A line that is all family is the family's; the line
        // where it ends is drawn as the family's end, then the rest.
        let x = MARGIN * PT_PER_MM;
        let mut left = family;
        for (i, line) in heads.iter().enumerate() {
            let y = ph - MARGIN * PT_PER_MM - title_pt - i as f32 * lead * PT_PER_MM;
            match line.strip_prefix(left).filter(|_| !left.is_empty()) {
                Some(rest) => {
                    say(left, RunX::Start(x), y, title_pt);
                    say(rest, RunX::After, y, title_pt);
                    left = "";
                }
                None => {
                    say(line, RunX::Start(x), y, title_pt);
                    if let Some(more) = left.strip_prefix(line.as_str()) {
                        left = more.trim_start();
                    }
                }
            }
        }
        let slot_w = (PAGE.0 - 2.0 * MARGIN) / cols as f32;
        let glyph_pt = size * 0.85 * PT_PER_MM;
        let first = p * per_page;
        for (k, e) in entries.iter().enumerate().skip(first).take(per_page) {
            let i = k - first;
            let (col, row) = ((i % cols) as f32, (i / cols) as f32);
            // Slot top-left, mm from the page's top-left.
            let sx = MARGIN + col * slot_w;
            let sy = MARGIN + title_band + row * size * 1.4;
            // The em square (advance = em) centred in the slot; its baseline 80 % down.
            let gx = sx + (slot_w - size * 0.85) / 2.0;
            let base_y = sy + size * 0.075 + size * 0.85 * 0.8;
            let cap = format!("{} U+{:04X}", e.caption, FIRST as usize + k);
            let cx = sx + slot_w / 2.0;
            let cy = sy + size * 1.0 + CAPTION_PT / PT_PER_MM;
            say(
                &cap,
                RunX::Middle(cx * PT_PER_MM),
                ph - cy * PT_PER_MM,
                CAPTION_PT,
            );
            glyphs.push(PlacedGlyph {
                gid: (k + 1) as u16,
                x: gx * PT_PER_MM,
                y: ph - base_y * PT_PER_MM,
                pt: glyph_pt,
            });
        }
        pages.push(SheetPage { glyphs, lines });
    }
    Ok(FontSheet {
        font,
        ps_name: tourglyph_draw::ttf::ps_name(family),
        chars,
        size: (PAGE.0 * PT_PER_MM, ph),
        pages,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_fits_or_pages() {
        let (c, r, s) = grid(149, 12.0);
        assert!(c * r >= 149 && s >= MIN_GLYPH, "{c} {r} {s}");
        let (c, r, s) = grid(1072, 12.0);
        assert_eq!(s, MIN_GLYPH);
        assert!(c * r < 1072);
        assert_eq!(grid(1, 12.0).0, 1);
    }
}
