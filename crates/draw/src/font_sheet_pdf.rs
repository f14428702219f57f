//! A [`FontSheet`] as PDF (pdf-writer): the sheet's font embedded whole as a CIDFontType2
//! (Type0, Identity-H, glyph IDs as character codes, a ToUnicode map back to the
//! characters each glyph stands for), its glyphs typed through it, and the lines of text
//! shaped and set in the sheets' fonts, embedded as subsets like every other text
//! tourglyph writes ([`PdfFonts`]). Every stream is flate-compressed; no dates, no
//! document ID.

use crate::font_sheet::{FontSheet, RunX};
use crate::text::pdf_font::PdfFonts;
use crate::text::{Fonts, shape};
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str};
use std::sync::Arc;
use tourglyph_core::error::Result;

/// Flate level of every stream.
const LEVEL: u8 = 6;

/// The PDF of `sheet`, its text set in `fonts`.
pub fn write(sheet: &FontSheet<'_>, fonts: Arc<Fonts>) -> Result<Vec<u8>> {
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
    let base = Name(sheet.ps_name.as_bytes());
    let page_ids: Vec<(Ref, Ref)> = sheet.pages.iter().map(|_| (alloc(), alloc())).collect();

    pdf.catalog(catalog).pages(pages);
    pdf.pages(pages)
        .kids(page_ids.iter().map(|p| p.0))
        .count(page_ids.len() as i32);
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
    let font = sheet.font;
    let packed = miniz_oxide::deflate::compress_to_vec_zlib(font, LEVEL);
    pdf.stream(file, &packed)
        .filter(Filter::FlateDecode)
        .pair(Name(b"Length1"), font.len() as i32);
    let mut cmap = UnicodeCmap::new(Name(b"Tourglyph-UCS"), info);
    for &(gid, ch) in &sheet.chars {
        cmap.pair(gid, ch);
    }
    // Compressed, like every other stream (the CMap's own `%%EOF` line stays inside it).
    let cmap = miniz_oxide::deflate::compress_to_vec_zlib(&cmap.finish(), LEVEL);
    pdf.stream(tounicode, &cmap).filter(Filter::FlateDecode);

    let (pw, ph) = sheet.size;
    for (page, &(page_id, content_id)) in sheet.pages.iter().zip(&page_ids) {
        // The page's text: runs shaped in the sheets' fonts, each at (x, y) in points
        // from the bottom left, and the faces it sets.
        let mut words: Vec<u8> = Vec::new();
        let mut faces: Vec<(usize, Ref)> = Vec::new();
        let mut state = (None, None);
        // Where the last run ended, points.
        let mut end = 0.0f32;
        for run in &page.lines {
            let line = shape(text.fonts(), &run.text)?;
            let width = line.width * run.pt;
            let x = match run.x {
                RunX::Start(x) => x,
                RunX::Middle(x) => x - width / 2.0,
                RunX::After => end,
            };
            end = x + width;
            words.extend_from_slice(format!("BT 1 0 0 1 {x:.2} {:.2} Tm ", run.y).as_bytes());
            let ops = text.show(
                &line,
                f64::from(run.pt),
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
        }
        let mut c = Content::new();
        for g in &page.glyphs {
            c.begin_text();
            c.set_font(Name(b"F1"), g.pt);
            c.next_line(g.x, g.y);
            c.show(Str(&g.gid.to_be_bytes()));
            c.end_text();
        }
        let mut content = c.finish().to_vec();
        content.push(b'\n');
        content.extend_from_slice(&words);
        let data = miniz_oxide::deflate::compress_to_vec_zlib(&content, LEVEL);
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
    for (_, chunk) in text.write(LEVEL, &mut alloc)? {
        pdf.extend(&chunk);
    }
    Ok(pdf.finish())
}
