//! The specimen sheet of a font of tours: a PDF (pdf-writer) that types every glyph through
//! the font itself, embedded whole as a CIDFontType2 (Type0, Identity-H, glyph IDs as
//! character codes, a ToUnicode map back to the Private Use codepoints), with each
//! glyph's tour ID and codepoint under it. The title and captions are shaped and set in
//! the faces of the sheets (a `--font FILE` first, then Noto Sans and Noto Kufi Arabic),
//! embedded as subsets like every other text tourglyph writes, so a family named in any
//! script those faces cover reads as given (the caller refuses one they do not, see
//! [`tourglyph_draw::text::check`]). A long title wraps, as a sheet's does
//! ([`crate::text_size::wrap_title`]). A4 pages, as many as needed.

use crate::{text_size::TITLE_LEADING, text_size::TITLE_SHARE, text_size::wrap_title};
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str};
use std::sync::Arc;
use tourglyph_core::error::Result;
use tourglyph_draw::text::pdf_font::PdfFonts;
use tourglyph_draw::text::{Fonts, shape};
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
pub struct Entry {
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

/// The specimen PDF of `font` (a TrueType font whose glyph i + 1 is entry i), titled
/// `title` (which starts with `family`), its text set in `fonts`.
pub fn pdf(
    font: &[u8],
    family: &str,
    entries: &[Entry],
    title: &str,
    fonts: Arc<Fonts>,
) -> Result<Vec<u8>> {
    let mut pdf = Pdf::new();
    let mut next = 1;
    let mut alloc = || {
        let r = Ref::new(next);
        next += 1;
        r
    };
    let (catalog, pages, type0, cid, descriptor, file, tounicode) = (
        alloc(),
        alloc(),
        alloc(),
        alloc(),
        alloc(),
        alloc(),
        alloc(),
    );
    let mut text = PdfFonts::new(fonts);
    let base = tourglyph_draw::ttf::ps_name(family);
    let base = Name(base.as_bytes());
    // The title set for the page's width: as on one page, then, when the sheet takes
    // more, with the page numbers of its last page.
    let room = PAGE.0 - 2.0 * MARGIN;
    let measure = |t: &str, pt: f64| crate::text_size::shaped(text.fonts(), t, pt);
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
    let page_ids: Vec<(Ref, Ref)> = (0..page_count).map(|_| (alloc(), alloc())).collect();

    pdf.catalog(catalog).pages(pages);
    pdf.pages(pages)
        .kids(page_ids.iter().map(|p| p.0))
        .count(page_count as i32);
    pdf.type0_font(type0)
        .base_font(base)
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid)
        .to_unicode(tounicode);
    let info = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };
    {
        let mut c = pdf.cid_font(cid);
        c.subtype(CidFontType::Type2)
            .base_font(base)
            .system_info(info)
            .font_descriptor(descriptor)
            .default_width(1000.0)
            .cid_to_gid_map_predefined(Name(b"Identity"));
        c.finish();
    }
    pdf.font_descriptor(descriptor)
        .name(base)
        .flags(FontFlags::SYMBOLIC)
        .bbox(Rect::new(0.0, -200.0, 1000.0, 800.0))
        .italic_angle(0.0)
        .ascent(800.0)
        .descent(-200.0)
        .cap_height(800.0)
        .stem_v(80.0)
        .font_file2(file);
    let packed = miniz_oxide::deflate::compress_to_vec_zlib(font, 6);
    pdf.stream(file, &packed)
        .filter(Filter::FlateDecode)
        .pair(Name(b"Length1"), font.len() as i32);
    let mut cmap = UnicodeCmap::new(Name(b"Tourglyph-UCS"), info);
    for i in 0..entries.len() {
        if let Some(ch) = char::from_u32(FIRST + i as u32) {
            cmap.pair(i as u16 + 1, ch);
        }
    }
    // Compressed, like every other stream (the CMap's own `%%EOF` line stays inside it).
    let cmap = miniz_oxide::deflate::compress_to_vec_zlib(&cmap.finish(), 6);
    pdf.stream(tounicode, &cmap).filter(Filter::FlateDecode);

    let (pw, ph) = (PAGE.0 * PT_PER_MM, PAGE.1 * PT_PER_MM);
    let faces_of_text = Arc::clone(text.fonts());
    for (p, &(page_id, content_id)) in page_ids.iter().enumerate() {
        let mut c = Content::new();
        // The page's text: lines shaped in the bundled faces, each at (x, y) in points
        // from the bottom left, and the faces it sets.
        let mut words: Vec<u8> = Vec::new();
        let mut faces: Vec<(usize, Ref)> = Vec::new();
        let mut state = (None, None);
        // `centred`: x is the line's middle, else its start. Gives the line's width, pt.
        let mut say = |line: &str, x: f32, y: f32, pt: f32, centred: bool| -> Result<f32> {
            let line = shape(text.fonts(), line)?;
            let x = if centred {
                x - line.width * pt / 2.0
            } else {
                x
            };
            words.extend_from_slice(format!("BT 1 0 0 1 {x:.2} {y:.2} Tm ").as_bytes());
            let ops = text.show(
                &line,
                f64::from(pt),
                (&mut state.0, &mut state.1),
                &mut alloc,
                &mut |f, r| {
                    if !faces.iter().any(|&(g, _)| g == f) {
                        faces.push((f, r));
                    }
                },
            );
            words.extend_from_slice(&ops);
            words.extend_from_slice(b" ET\n");
            Ok(line.width * pt)
        };
        // Title, top left (in points, y up), in the lines set for the page's width.
        let head = if page_count > 1 {
            format!("{title} - page {} of {page_count}", p + 1)
        } else {
            title.to_string()
        };
        let lines = if set.lines.len() == 1 {
            vec![head]
        } else {
            let measure = |t: &str, pt: f64| crate::text_size::shaped(&faces_of_text, t, pt);
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
        for (i, line) in lines.iter().enumerate() {
            let y = ph - MARGIN * PT_PER_MM - title_pt - i as f32 * lead * PT_PER_MM;
            match line.strip_prefix(left).filter(|_| !left.is_empty()) {
                Some(rest) => {
                    let w = say(left, x, y, title_pt, false)?;
                    say(rest, x + w, y, title_pt, false)?;
                    left = "";
                }
                None => {
                    say(line, x, y, title_pt, false)?;
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
            let gid = (k + 1) as u16;
            c.begin_text();
            c.set_font(Name(b"F1"), glyph_pt);
            c.next_line(gx * PT_PER_MM, ph - base_y * PT_PER_MM);
            c.show(Str(&gid.to_be_bytes()));
            c.end_text();
            let cap = format!("{} U+{:04X}", e.caption, FIRST as usize + k);
            let cx = sx + slot_w / 2.0;
            let cy = sy + size * 1.0 + CAPTION_PT / PT_PER_MM;
            say(&cap, cx * PT_PER_MM, ph - cy * PT_PER_MM, CAPTION_PT, true)?;
        }
        let mut content = c.finish().to_vec();
        content.push(b'\n');
        content.extend_from_slice(&words);
        let data = miniz_oxide::deflate::compress_to_vec_zlib(&content, 6);
        pdf.stream(content_id, &data).filter(Filter::FlateDecode);
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, pw, ph))
            .parent(pages)
            .contents(content_id);
        {
            let mut resources = page.resources();
            let mut fonts = resources.fonts();
            fonts.pair(Name(b"F1"), type0);
            for &(f, r) in &faces {
                fonts.pair(Name(PdfFonts::name(f).as_bytes()), r);
            }
        }
        page.finish();
    }
    for (_, chunk) in text.write(6, &mut alloc)? {
        pdf.extend(&chunk);
    }
    Ok(pdf.finish())
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
