//! Fonts in a PDF: each face that draws text is embedded once, as a subset (typst's
//! `subsetter`), in a Type0 font over a CIDFontType2 with `Identity-H` encoding.
//!
//! A CID stands for one glyph drawn for one text: CIDs are numbered in order of first
//! use, so a content stream can be written before the subset exists, and a glyph drawn
//! for two texts (a mirrored bracket in a right-to-left run, a glyph both alone and after
//! a mark) gets two CIDs. A `CIDToGIDMap` stream maps each CID to its glyph in the subset
//! (the subsetter's remapper numbers glyphs in order of first use too). The `ToUnicode`
//! CMap maps every CID to its text (a ligature to all of its characters), so text
//! extraction gives the words back. The subset and its tag come from [`super::subset`],
//! shared with the PostScript fonts ([`super::ps_font`]).

use super::TextLine;
use super::fonts::Fonts;
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Chunk, Filter, Name, Rect, Ref, Str};
use rustc_hash::FxHashMap as HashMap;
use skrifa::MetadataProvider;
use skrifa::instance::{LocationRef, Size};
use std::sync::Arc;
use tourglyph_core::error::Result;

/// One face as used in the document so far.
struct Used {
    /// The Type0 font object.
    font: Ref,
    remap: subsetter::GlyphRemapper,
    /// The CIDs of each glyph drawn: (text, CID).
    cids: HashMap<u16, Vec<(String, u16)>>,
    /// The glyph of each CID (in the full font).
    gids: Vec<u16>,
    /// Advance of each CID, 1/1000 em.
    widths: Vec<f32>,
    /// The text of each CID (empty when it stands for none).
    unicode: Vec<String>,
}

/// The faces a PDF document uses, and what of each.
pub struct PdfFonts {
    fonts: Arc<Fonts>,
    used: Vec<Option<Used>>,
}

impl PdfFonts {
    /// Nothing used yet.
    pub fn new(fonts: Arc<Fonts>) -> PdfFonts {
        let n = fonts.faces.len();
        PdfFonts {
            fonts,
            used: (0..n).map(|_| None).collect(),
        }
    }

    /// The fonts.
    pub fn fonts(&self) -> &Arc<Fonts> {
        &self.fonts
    }

    /// The resource name of face `f` (`/F0`, `/F1` …).
    pub fn name(f: usize) -> String {
        format!("T{f}")
    }

    /// The font object of face `f`, if it is used.
    pub fn font_ref(&self, f: usize) -> Option<Ref> {
        self.used.get(f)?.as_ref().map(|u| u.font)
    }

    /// The CID of glyph `gid` of face `f`, drawn for `text`; `alloc` gives the font object
    /// its id the first time the face is used. Also returns the CID's advance in 1/1000 em.
    pub fn cid(
        &mut self,
        f: usize,
        gid: u16,
        text: &str,
        alloc: &mut dyn FnMut() -> Ref,
    ) -> (u16, f32) {
        let face = &self.fonts.faces[f];
        let used = self.used[f].get_or_insert_with(|| {
            let remap = subsetter::GlyphRemapper::new();
            Used {
                font: alloc(),
                remap,
                // .notdef, CID 0.
                cids: HashMap::default(),
                gids: vec![0],
                widths: vec![face.advance(0) * 1000.0 / f32::from(face.upem)],
                unicode: vec![String::new()],
            }
        });
        if let Some(&(_, cid)) = used
            .cids
            .get(&gid)
            .and_then(|v| v.iter().find(|(t, _)| t == text))
        {
            return (cid, used.widths[usize::from(cid)]);
        }
        if used.gids.len() > usize::from(u16::MAX) {
            // CIDs run out (65,536 glyph-and-text pairs in one face): reuse the glyph's
            // first CID, whose text may then differ.
            if let Some(&(_, cid)) = used.cids.get(&gid).and_then(|v| v.first()) {
                return (cid, used.widths[usize::from(cid)]);
            }
            return (0, used.widths[0]);
        }
        let cid = used.gids.len() as u16;
        used.remap.remap(gid);
        used.gids.push(gid);
        used.widths
            .push(face.advance(gid) * 1000.0 / f32::from(face.upem));
        used.unicode.push(text.to_string());
        used.cids
            .entry(gid)
            .or_default()
            .push((text.to_string(), cid));
        (cid, used.widths[usize::from(cid)])
    }

    /// The text operators that show `line` at `size`, to go between `BT` (with the text
    /// matrix set at the line's start) and `ET`: `TJ` arrays of CIDs with the pen's
    /// adjustments, and `Tf` or `Ts` where the face and size or the rise differ from
    /// `state` (which is updated: they are graphics state and outlast `ET`). `set` is
    /// told of each face a `Tf` sets, for the page's resources; `alloc` gives a face's
    /// font object its id the first time it is used.
    pub fn show(
        &mut self,
        line: &TextLine,
        size: f64,
        state: (&mut Option<(usize, f64)>, &mut Option<f64>),
        alloc: &mut dyn FnMut() -> Ref,
        set: &mut dyn FnMut(usize, Ref),
    ) -> Vec<u8> {
        let (font, rise_now) = state;
        // Pen position as PDF keeps it, em from the line's start.
        let mut pen = 0.0f32;
        let mut open = false;
        let mut ops: Vec<u8> = Vec::with_capacity(16 + 8 * line.glyphs.len());
        for g in &line.glyphs {
            let f = usize::from(g.face);
            let (cid, width) = self.cid(f, g.gid, line.chars_of(g), alloc);
            let rise = f64::from(g.y) * size;
            if *font != Some((f, size)) || *rise_now != Some(rise) {
                if open {
                    ops.extend_from_slice(b"] TJ ");
                    open = false;
                }
                if *font != Some((f, size)) {
                    *font = Some((f, size));
                    set(f, self.font_ref(f).expect("face in use"));
                    ops.push(b'/');
                    ops.extend_from_slice(PdfFonts::name(f).as_bytes());
                    ops.push(b' ');
                    crate::num::push(&mut ops, size);
                    ops.extend_from_slice(b" Tf ");
                }
                if *rise_now != Some(rise) {
                    *rise_now = Some(rise);
                    crate::num::push(&mut ops, rise);
                    ops.extend_from_slice(b" Ts ");
                }
            }
            if !open {
                ops.push(b'[');
                open = true;
            }
            let delta = g.x - pen;
            if delta.abs() > 1e-5 {
                crate::num::push(&mut ops, -f64::from(delta) * 1000.0);
            }
            const HEX: &[u8; 16] = b"0123456789ABCDEF";
            ops.push(b'<');
            for k in [12, 8, 4, 0] {
                ops.push(HEX[usize::from((cid >> k) & 15)]);
            }
            ops.push(b'>');
            pen = g.x + width / 1000.0;
        }
        if open {
            ops.extend_from_slice(b"] TJ");
        }
        ops
    }

    /// Every used face's objects: the Type0 font, its CIDFont, descriptor, subset font
    /// file and ToUnicode CMap, each with its id (`alloc` gives new ones), to be written
    /// in this order.
    pub fn write(&self, level: u8, alloc: &mut dyn FnMut() -> Ref) -> Result<Vec<(Ref, Chunk)>> {
        let mut out = Vec::new();
        let mut emit = |r: Ref, c: Chunk| -> Result<()> {
            out.push((r, c));
            Ok(())
        };
        for (f, u) in self.used.iter().enumerate() {
            let Some(u) = u else { continue };
            let face = &self.fonts.faces[f];
            let sub = super::subset::subset(face, &u.remap, "pdf")?;
            let base = format!("{}+{}", super::subset::tag(&sub), face.ps_name);
            let (cid_font, desc, file, cmap, map) = (alloc(), alloc(), alloc(), alloc(), alloc());
            let mut c = Chunk::new();
            c.type0_font(u.font)
                .base_font(Name(base.as_bytes()))
                .encoding_predefined(Name(b"Identity-H"))
                .descendant_font(cid_font)
                .to_unicode(cmap);
            emit(u.font, c)?;

            let info = SystemInfo {
                registry: Str(b"Adobe"),
                ordering: Str(b"Identity"),
                supplement: 0,
            };
            let mut c = Chunk::new();
            {
                let mut cf = c.cid_font(cid_font);
                cf.subtype(CidFontType::Type2)
                    .base_font(Name(base.as_bytes()))
                    .system_info(info)
                    .font_descriptor(desc)
                    .cid_to_gid_map_stream(map);
                cf.widths()
                    .consecutive(0, u.widths.iter().map(|w| (w * 1000.0).round() / 1000.0));
            }
            emit(cid_font, c)?;

            // CIDToGIDMap: the subset glyph of each CID, two bytes big-endian.
            let mut m = Vec::with_capacity(2 * u.gids.len());
            for &g in &u.gids {
                m.extend_from_slice(&u.remap.get(g).unwrap_or(0).to_be_bytes());
            }
            let z = miniz_oxide::deflate::compress_to_vec_zlib(&m, level);
            let mut c = Chunk::new();
            c.stream(map, &z).filter(Filter::FlateDecode);
            emit(map, c)?;

            let font = face.font();
            let m = font.metrics(Size::unscaled(), LocationRef::default());
            let k = 1000.0 / f32::from(face.upem);
            let b = m.bounds.unwrap_or_default();
            let mut c = Chunk::new();
            c.font_descriptor(desc)
                .name(Name(base.as_bytes()))
                .flags(FontFlags::NON_SYMBOLIC)
                .bbox(Rect::new(
                    b.x_min * k,
                    b.y_min * k,
                    b.x_max * k,
                    b.y_max * k,
                ))
                .italic_angle(m.italic_angle)
                .ascent(m.ascent * k)
                .descent(m.descent * k)
                .cap_height(m.cap_height.unwrap_or(m.ascent) * k)
                .stem_v(80.0)
                .font_file2(file);
            emit(desc, c)?;

            let z = miniz_oxide::deflate::compress_to_vec_zlib(&sub, level);
            let mut c = Chunk::new();
            c.stream(file, &z)
                .filter(Filter::FlateDecode)
                .pair(Name(b"Length1"), sub.len() as i32);
            emit(file, c)?;

            let mut cm = UnicodeCmap::new(Name(b"Custom"), info);
            for (cid, s) in u.unicode.iter().enumerate() {
                if !s.is_empty() {
                    cm.pair_with_multiple(cid as u16, s.chars());
                }
            }
            let data = cm.finish();
            let z = miniz_oxide::deflate::compress_to_vec_zlib(data.as_slice(), level);
            let mut c = Chunk::new();
            c.stream(cmap, &z).filter(Filter::FlateDecode);
            emit(cmap, c)?;
        }
        Ok(out)
    }
}
