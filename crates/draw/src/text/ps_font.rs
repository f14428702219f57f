//! Fonts in PostScript: each face that draws text is embedded once, as a subset
//! ([`super::subset`], shared with the PDF fonts) in Type 42 fonts (Adobe Technical Note
//! 5012: the TrueType tables in an `/sfnts` array of hex strings, each under 65,535 bytes
//! and cut only where a table or, inside `glyf`, a glyph starts), defined once in the
//! document's setup (`%%BeginResource: font …`).
//!
//! Glyphs, not characters: text is shaped ([`crate::text::shaping`]) into glyph IDs, and each
//! glyph drawn for one text gets a code of a simple font's `/Encoding`, whose name in
//! `/CharStrings` leads to its glyph in the subset. A face has as many of these fonts
//! (parts: `/F0_0`, `/F0_1` …, 256 codes each) as its glyphs need; they share one
//! `/sfnts` array. A glyph for one printable ASCII character keeps that character's code,
//! so captions read as they are: `(1072 (8))`.
//!
//! Text comes back out through the glyph names: a glyph standing for one character is
//! named `uniXXXX` (the Adobe Glyph List's form), from which Ghostscript's pdfwrite writes
//! the PDF's `ToUnicode` entries, so `ps2pdf` then `pdftotext` gives the words back.
//! Names are the robust way: Ghostscript 10 ignores a `/GlyphNames2Unicode` dictionary in
//! `/FontInfo` for a Type 42 font and for a CIDFontType 2 (keyed by CID), and reads
//! nothing from `uXXXX`, `uniXXXXYYYY` or suffixed names (`uni0643.init`): all tried with
//! `ps2pdf` and `pdftotext`. So two glyphs standing for the same character (an Arabic
//! letter's joining forms) go into different parts, each as `uniXXXX`. A Latin
//! f-ligature takes its Glyph List name (`fi`: read back as U+FB01 `ﬁ`); any other glyph
//! standing for several characters, or for none, is named `gN` (N its glyph ID), at a
//! control code, and gives no text back.
//!
//! Pages are streamed (a sheet may hold half a million glyphs), so the fonts are written
//! before the first page and their glyphs chosen first: the captions' characters
//! ([`crate::text::shaping::SIMPLE`]) and the texts the job knows in advance, titles and footers
//! ([`PsFonts::add`]); then [`PsFonts::setup`] freezes the set. A line needing any other
//! glyph is drawn as outlines by the writer, as is text in a face without TrueType
//! outlines (a CFF-based OpenType `--font`: Type 42 holds `glyf` outlines only). An EPS
//! file holds its one page until the end, so it embeds exactly the glyphs it shows.

use super::TextLine;
use super::fonts::{Face, Fonts};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use skrifa::MetadataProvider;
use skrifa::instance::{LocationRef, Size};
use std::io::Write;
use std::sync::Arc;
use tourglyph_core::error::Result;

/// Longest `/sfnts` string, in bytes of the font (one zero byte is added to each, as
/// Technical Note 5012 asks; strings must stay under 65,535 bytes).
const CHUNK: usize = 65_532;

/// One simple font over a face's subset: the glyph and name of each of its 256 codes.
struct Part {
    slots: Vec<Option<(u16, String)>>,
    names: HashSet<String>,
}

impl Part {
    fn new() -> Part {
        Part {
            slots: vec![None; 256],
            names: HashSet::default(),
        }
    }
}

/// One face as used in the document.
struct Used {
    remap: subsetter::GlyphRemapper,
    parts: Vec<Part>,
    /// The part and code of each glyph drawn for a text.
    codes: HashMap<(u16, String), (u16, u8)>,
}

/// A run of a shaped line: glyphs of one font set side by side at their own advances.
#[derive(Clone, Debug, PartialEq)]
pub struct PsRun {
    /// The face and the part of it.
    pub font: (u8, u16),
    /// Where the run starts, em from the line's start (x right, y up); `None` where the
    /// previous run left the pen (or the line's start, for the first run).
    pub at: Option<(f32, f32)>,
    /// The codes shown.
    pub codes: Vec<u8>,
}

/// The faces a PostScript document sets text in, and what of each.
pub struct PsFonts {
    fonts: Arc<Fonts>,
    used: Vec<Option<Used>>,
    /// True once the fonts are written: no glyph can be added.
    frozen: bool,
}

impl PsFonts {
    /// Nothing used yet.
    pub fn new(fonts: Arc<Fonts>) -> PsFonts {
        let n = fonts.faces.len();
        PsFonts {
            fonts,
            used: (0..n).map(|_| None).collect(),
            frozen: false,
        }
    }

    /// The PostScript name of part `part` of face `face`, as the pages call it.
    pub fn name(face: u8, part: u16) -> String {
        format!("F{face}_{part}")
    }

    /// The glyph name of `gid` drawn for `text`: `uniXXXX` for one character, the Adobe
    /// Glyph List's name of a Latin f-ligature, else `gN`, which gives no text back.
    fn glyph_name(gid: u16, text: &str) -> String {
        let mut cs = text.chars();
        match (cs.next(), cs.next()) {
            (Some(c), None) if (c as u32) <= 0xFFFF => format!("uni{:04X}", c as u32),
            _ if matches!(text, "ff" | "fi" | "fl" | "ffi" | "ffl") => text.to_string(),
            _ => format!("g{gid}"),
        }
    }

    /// The part and code of glyph `gid` of face `f` drawn for `text`, given one if the
    /// fonts are not written yet; `None` when it has none (a face without TrueType
    /// outlines, or a glyph first asked for after the fonts were written).
    pub fn code(&mut self, f: usize, gid: u16, text: &str) -> Option<(u16, u8)> {
        if let Some(u) = self.used.get(f)?.as_ref() {
            if let Some(&c) = u.codes.get(&(gid, text.to_string())) {
                return Some(c);
            }
        }
        if self.frozen || !self.fonts.faces[f].is_truetype() {
            return None;
        }
        let u = self.used[f].get_or_insert_with(|| {
            let mut remap = subsetter::GlyphRemapper::new();
            remap.remap(0);
            Used {
                remap,
                parts: Vec::new(),
                codes: HashMap::default(),
            }
        });
        let name = Self::glyph_name(gid, text);
        // Printable ASCII keeps its code; other glyphs take the codes ASCII leaves free
        // first, so the ASCII codes stay for their characters. An unnamed glyph takes a
        // control code first: where pdfwrite finds no name it reads the code as WinAnsi,
        // which gives nothing for those (and `€` for 0x80).
        let ascii = match text.as_bytes() {
            [b] if (0x20..0x7F).contains(b) => Some(*b),
            _ => None,
        };
        let wanted: Vec<u8> = match ascii {
            Some(b) => vec![b],
            None if name.starts_with('g') => (0x01..0x20)
                .chain([0x7F, 0x00])
                .chain(0x80..=0xFF)
                .chain(0x21..0x7F)
                .chain([0x20])
                .collect(),
            None => (0x80..=0xFFu8)
                .chain(0x01..0x20)
                .chain([0x7F, 0x00])
                .chain(0x21..0x7F)
                .chain([0x20])
                .collect(),
        };
        let mut at = None;
        for (i, p) in u.parts.iter().enumerate() {
            if p.names.contains(&name) {
                continue;
            }
            if let Some(&c) = wanted.iter().find(|&&c| p.slots[usize::from(c)].is_none()) {
                at = Some((i, c));
                break;
            }
        }
        let (i, c) = match at {
            Some(a) => a,
            None => {
                if u.parts.len() > usize::from(u16::MAX) {
                    return None;
                }
                u.parts.push(Part::new());
                (u.parts.len() - 1, wanted[0])
            }
        };
        u.remap.remap(gid);
        let p = &mut u.parts[i];
        p.slots[usize::from(c)] = Some((gid, name.clone()));
        p.names.insert(name);
        let code = (i as u16, c);
        u.codes.insert((gid, text.to_string()), code);
        Some(code)
    }

    /// Give every glyph of `line` a code while the fonts are not written (a text the job
    /// knows before the first page).
    pub fn add(&mut self, line: &TextLine) {
        for g in &line.glyphs {
            self.code(usize::from(g.face), g.gid, line.chars_of(g));
        }
    }

    /// `line` as runs of codes, or `None` when a glyph of it has no code (it is then drawn
    /// as outlines). A run breaks where the font changes or a glyph is not where the
    /// previous one's advance (the font's own, `hmtx`) leaves the pen.
    pub fn runs(&mut self, line: &TextLine) -> Option<Vec<PsRun>> {
        let mut runs: Vec<PsRun> = Vec::new();
        let mut pen = (0.0f32, 0.0f32);
        for g in &line.glyphs {
            let (part, code) = self.code(usize::from(g.face), g.gid, line.chars_of(g))?;
            let font = (g.face, part);
            let face = &self.fonts.faces[usize::from(g.face)];
            let moved = (g.x - pen.0).abs() > 1e-4 || (g.y - pen.1).abs() > 1e-4;
            match runs.last_mut() {
                Some(r) if r.font == font && !moved => r.codes.push(code),
                _ => runs.push(PsRun {
                    font,
                    at: moved.then_some((g.x, g.y)),
                    codes: vec![code],
                }),
            }
            pen = (g.x + face.advance(g.gid) / f32::from(face.upem), g.y);
        }
        Some(runs)
    }

    /// The document's fonts, one `%%BeginResource: font` section a face, to go in the
    /// setup (with the `tg` dictionary current: it gets the fonts' names), and the
    /// resources' names for `%%DocumentSuppliedResources`. No glyph can be added after.
    pub fn setup(&mut self) -> Result<(Vec<u8>, Vec<String>)> {
        self.frozen = true;
        let mut out = Vec::new();
        let mut names = Vec::new();
        for (f, u) in self.used.iter().enumerate() {
            let Some(u) = u else { continue };
            let face = &self.fonts.faces[f];
            let sub = super::subset::subset(face, &u.remap, "ps")?;
            let base = format!("{}+{}", super::subset::tag(&sub), face.ps_name);
            writeln!(out, "%%BeginResource: font {base}")?;
            writeln!(out, "/S{f} [")?;
            sfnts(&mut out, &sub);
            writeln!(out, "] def")?;
            let (bbox, k) = bbox(face);
            for (i, p) in u.parts.iter().enumerate() {
                let name = if i == 0 {
                    base.clone()
                } else {
                    format!("{base}-{i}")
                };
                writeln!(out, "/{} /{name} <<", Self::name(f as u8, i as u16))?;
                writeln!(
                    out,
                    "/FontType 42 /FontMatrix [1 0 0 1 0 0] /PaintType 0 /FontName /{name}"
                )?;
                write!(out, "/FontBBox [")?;
                for v in bbox {
                    crate::num::push(&mut out, f64::from(v) * k);
                    out.push(b' ');
                }
                writeln!(out, "]")?;
                // The encoding: runs of unused codes as `N {/.notdef} repeat`.
                write!(out, "/Encoding [")?;
                let mut free = 0;
                let mut line = 0;
                for s in &p.slots {
                    match s {
                        None => free += 1,
                        Some((_, n)) => {
                            if free > 0 {
                                write!(out, "{free} {{/.notdef}} repeat ")?;
                                free = 0;
                            }
                            line += 1;
                            write!(out, "/{n}{}", if line % 12 == 0 { "\n" } else { " " })?;
                        }
                    }
                }
                if free > 0 {
                    write!(out, "{free} {{/.notdef}} repeat")?;
                }
                writeln!(out, "]")?;
                write!(out, "/CharStrings << /.notdef 0")?;
                for (k, (gid, n)) in p.slots.iter().flatten().enumerate() {
                    let g = u.remap.get(*gid).unwrap_or(0);
                    write!(out, "{}/{n} {g}", if k % 10 == 9 { "\n" } else { " " })?;
                }
                writeln!(out, " >>")?;
                writeln!(out, "/sfnts S{f} >> definefont def")?;
                names.push(name);
            }
            writeln!(out, "%%EndResource")?;
        }
        Ok((out, names))
    }
}

/// The face's bounding box in font units, and the factor to em.
fn bbox(face: &Face) -> ([f32; 4], f64) {
    let font = face.font();
    let m = font.metrics(Size::unscaled(), LocationRef::default());
    let b = m.bounds.unwrap_or_default();
    (
        [b.x_min, b.y_min, b.x_max, b.y_max],
        1.0 / f64::from(face.upem),
    )
}

/// The table directory of a TrueType/OpenType file: (tag, offset, length) of each table.
fn tables(data: &[u8]) -> Vec<([u8; 4], usize, usize)> {
    let u16_at = |o: usize| {
        data.get(o..o + 2)
            .map(|b| usize::from(u16::from_be_bytes([b[0], b[1]])))
    };
    let u32_at = |o: usize| {
        data.get(o..o + 4)
            .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize)
    };
    let n = u16_at(4).unwrap_or(0);
    (0..n)
        .filter_map(|i| {
            let r = 12 + 16 * i;
            let tag = data.get(r..r + 4)?.try_into().ok()?;
            Some((tag, u32_at(r + 8)?, u32_at(r + 12)?))
        })
        .collect()
}

/// Where the `/sfnts` strings may be cut: the start of every table and of every glyph in
/// `glyf` (from `loca`), even offsets only, sorted, with the end of the data.
fn cuts(data: &[u8]) -> Vec<usize> {
    let t = tables(data);
    let find = |tag: &[u8; 4]| t.iter().find(|(x, ..)| x == tag).map(|&(_, o, l)| (o, l));
    let mut cuts: Vec<usize> = t.iter().map(|&(_, o, _)| o).collect();
    if let (Some((glyf, _)), Some((loca, loca_len)), Some((head, _))) =
        (find(b"glyf"), find(b"loca"), find(b"head"))
    {
        let long = data.get(head + 50..head + 52) == Some(&[0, 1][..]);
        let step = if long { 4 } else { 2 };
        for i in 0..loca_len / step {
            let o = loca + i * step;
            let Some(b) = data.get(o..o + step) else {
                break;
            };
            let v = if long {
                u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize
            } else {
                2 * usize::from(u16::from_be_bytes([b[0], b[1]]))
            };
            cuts.push(glyf + v);
        }
    }
    cuts.retain(|&c| c > 0 && c < data.len() && c % 2 == 0);
    cuts.push(data.len());
    cuts.sort_unstable();
    cuts.dedup();
    cuts
}

/// The `/sfnts` strings of `data`, in hex, 64 bytes a line: each as long as it may be
/// under [`CHUNK`], cut only at [`cuts`], with the zero byte Technical Note 5012 adds.
fn sfnts(out: &mut Vec<u8>, data: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let cuts = cuts(data);
    let mut start = 0;
    while start < data.len() {
        // The farthest cut within reach; inside a table longer than a string (a subset's
        // are not: its glyphs are few), where it must.
        let end = cuts
            .iter()
            .copied()
            .filter(|&c| c > start)
            .take_while(|&c| c - start <= CHUNK)
            .last()
            .unwrap_or((start + CHUNK).min(data.len()));
        out.push(b'<');
        for (i, &b) in data[start..end].iter().enumerate() {
            if i > 0 && i % 64 == 0 {
                out.push(b'\n');
            }
            out.push(HEX[usize::from(b >> 4)]);
            out.push(HEX[usize::from(b & 15)]);
        }
        out.extend_from_slice(b"00>\n");
        start = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sfnts_strings_are_short_and_cut_at_tables_or_glyphs() {
        // 2,000 glyphs of Noto Sans: a `glyf` table far longer than one string.
        let fonts = Fonts::bundled();
        let mut remap = subsetter::GlyphRemapper::new();
        for g in 0..2000 {
            remap.remap(g);
        }
        let data = &crate::text::subset::subset(&fonts.faces[0], &remap, "test").unwrap();
        let cuts = cuts(data);
        let mut out = Vec::new();
        sfnts(&mut out, data);
        let text = String::from_utf8(out).unwrap();
        let mut at = 0;
        let mut n = 0;
        for s in text.split('>').filter(|s| s.contains('<')) {
            let hex: String = s.chars().filter(|c| c.is_ascii_hexdigit()).collect();
            let len = hex.len() / 2 - 1;
            assert!(len + 1 < 65_535, "a string of {} bytes", len + 1);
            assert!(hex.ends_with("00"));
            at += len;
            assert!(
                cuts.contains(&at),
                "cut at {at}, not a table or glyph start"
            );
            n += 1;
        }
        assert_eq!(at, data.len());
        assert!(n > data.len() / CHUNK, "{n} strings");
        assert!(text.lines().all(|l| l.len() < 255));
    }

    #[test]
    fn ascii_keeps_its_code_and_joining_forms_get_parts() {
        let fonts = Fonts::bundled();
        let mut p = PsFonts::new(Arc::clone(&fonts));
        let one = crate::text::shape(&fonts, "1").unwrap();
        let g = &one.glyphs[0];
        assert_eq!(p.code(0, g.gid, "1"), Some((0, b'1')));
        // Two glyphs for one character: not both uni0628 in one font.
        let a = p.code(1, 10, "\u{628}").unwrap();
        let b = p.code(1, 11, "\u{628}").unwrap();
        assert_ne!(a.0, b.0);
        // A ligature is unnamed, at a control code; an f-ligature has its name.
        assert_eq!(p.code(1, 12, "\u{644}\u{627}"), Some((0, 0x01)));
        assert_eq!(p.code(0, 700, "fi"), Some((0, 0x80)));
        assert_eq!(PsFonts::glyph_name(700, "fi"), "fi");
        p.setup().unwrap();
        assert_eq!(p.code(0, 40, "x"), None, "frozen");
        assert_eq!(p.code(0, g.gid, "1"), Some((0, b'1')));
    }
}
