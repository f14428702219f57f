//! Text to positioned glyphs: the Unicode bidi algorithm (`unicode-bidi`) orders the runs,
//! each run is split where the font changes (per-character fallback through [`Fonts`])
//! and shaped with harfrust (the HarfBuzz port resvg already uses), so Arabic letters join
//! and mixed Arabic/Latin lines read correctly.
//!
//! A [`TextLine`] holds glyphs in visual order, left to right, positioned in em units from the
//! line's start; its width is the sum of the shaped advances, which is what centring,
//! wrapping and shrink-to-fit measure.
//!
//! Speed: a sheet's captions are tens of thousands of short digit strings. A string made
//! only of the [`SIMPLE`] characters is set from a table of their single shaped glyphs
//! when the font shapes every pair of them exactly as the two glyphs side by side (checked
//! once per [`Fonts`]: no kerning, no ligature among them); otherwise, and for everything
//! else, it is shaped in full. Either way the result is what the shaper gives.

use super::fonts::{Face, Fonts};
pub use super::line::{Glyph, TextLine};
use std::ops::Range;
use std::sync::Arc;
use tourglyph_core::{error::Error, error::Result};
use unicode_bidi::{BidiClass, BidiInfo, bidi_class};

/// The characters of the caption fast path.
pub const SIMPLE: &str = "0123456789 ()";

/// Most lines remembered; the memo is emptied when it is full (a page's captions are
/// shaped when measured and found again when drawn).
const CACHE_LINES: usize = 1 << 16;

/// True for a character that the shaper hides (Unicode's Default_Ignorable_Code_Point:
/// bidi controls, ZWJ/ZWNJ, variation selectors, the soft hyphen, tags …), so no font
/// needs a glyph for it. The ranges are those of Unicode 15's DerivedCoreProperties.txt.
pub fn is_ignorable(c: char) -> bool {
    matches!(c as u32,
        0xAD | 0x34F | 0x61C | 0x115F..=0x1160 | 0x17B4..=0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFF8 | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        | 0xE0000..=0xE0FFF)
}

/// True for a character refused in any text: C0 and C1 controls (and DEL), and the line
/// and paragraph separators (a text is one line).
pub fn is_refused(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')
}

/// Check that `text` can be drawn: no control character, every other character in one
/// of the fonts. The error (exit 2) names the character, its code and the fix.
pub fn check(fonts: &Fonts, text: &str) -> Result<()> {
    for c in text.chars() {
        if is_refused(c) {
            return Err(refused(text, c));
        }
        if !is_ignorable(c) && fonts.face_for(c).is_none() {
            return Err(uncovered(fonts, text, c));
        }
    }
    Ok(())
}

fn refused(text: &str, c: char) -> Error {
    Error::usage(format!(
        "the text \"{text}\" holds the control character U+{:04X}, which cannot be drawn: remove it",
        c as u32
    ))
}

fn uncovered(fonts: &Fonts, text: &str, c: char) -> Error {
    // The fix: the faces of the user's collection that have it, else any font that does.
    let others = fonts.collection_faces_with(c);
    let fix = match others.as_slice() {
        [] => "give a font that has it with --font FILE".to_string(),
        [(spec, family)] => format!("the collection's face {family} has it: give --font {spec}"),
        [(spec, _), ..] => {
            let all: Vec<String> = others.iter().map(|(s, f)| format!("{s} ({f})")).collect();
            format!(
                "faces of the collection have it ({}): give --font {spec}",
                all.join(", ")
            )
        }
    };
    Error::usage(format!(
        "'{c}' (U+{:04X}) in \"{text}\" is in none of the fonts ({}): {fix}",
        c as u32,
        fonts.names()
    ))
}

/// Shape `text` (one line) with `fonts`, through the per-[`Fonts`] memo.
pub fn shape(fonts: &Fonts, text: &str) -> Result<Arc<TextLine>> {
    if let Some(l) = simple(fonts, text) {
        return Ok(Arc::new(l));
    }
    if let Some(l) = fonts
        .cache
        .lines
        .lock()
        .ok()
        .and_then(|m| m.get(text).cloned())
    {
        return Ok(l);
    }
    let line = Arc::new(shape_uncached(fonts, text)?);
    if let Ok(mut m) = fonts.cache.lines.lock() {
        if m.len() >= CACHE_LINES {
            m.clear();
        }
        m.insert(text.to_string(), Arc::clone(&line));
    }
    Ok(line)
}

/// The fast path: `text` of [`SIMPLE`] characters only, set from the table.
fn simple(fonts: &Fonts, text: &str) -> Option<TextLine> {
    if text.is_empty() || !text.chars().all(|c| SIMPLE.contains(c)) {
        return None;
    }
    let table = fonts
        .cache
        .simple
        .get_or_init(|| simple_table(fonts))
        .as_ref()?;
    let mut glyphs = Vec::with_capacity(text.len());
    let mut x = 0.0f32;
    for (i, c) in text.char_indices() {
        let g = table.get(c as usize)?.as_ref()?;
        let i = i as u32;
        glyphs.push(Glyph {
            x: x + g.x,
            chars: i..i + 1,
            ..g.clone()
        });
        x += g.advance;
    }
    Some(TextLine {
        text: text.to_string(),
        glyphs,
        width: x,
    })
}

/// Each [`SIMPLE`] character shaped alone, if every pair of them shapes as the two
/// glyphs side by side (same glyphs, same advances, no offsets); else `None`.
fn simple_table(fonts: &Fonts) -> Option<Vec<Option<Glyph>>> {
    let mut table = Vec::new();
    for c in SIMPLE.chars() {
        let l = shape_uncached(fonts, &c.to_string()).ok()?;
        if l.glyphs.len() != 1 || l.glyphs[0].x != 0.0 || l.glyphs[0].y != 0.0 {
            return None;
        }
        table.push((c, l.glyphs[0].clone()));
    }
    for (a, ga) in &table {
        for (b, gb) in &table {
            let l = shape_uncached(fonts, &format!("{a}{b}")).ok()?;
            let ok = l.glyphs.len() == 2
                && (l.glyphs[0].face, l.glyphs[0].gid) == (ga.face, ga.gid)
                && (l.glyphs[1].face, l.glyphs[1].gid) == (gb.face, gb.gid)
                && l.glyphs[0].x == 0.0
                && l.glyphs[1].x == ga.advance
                && l.glyphs[0].y == 0.0
                && l.glyphs[1].y == 0.0
                && l.width == ga.advance + gb.advance;
            if !ok {
                return None;
            }
        }
    }
    let mut by_code = vec![None; 128];
    for (c, g) in table {
        by_code[c as usize] = Some(g);
    }
    Some(by_code)
}

/// True for a character that takes the font of the text around it when that font has
/// it: neutrals (spaces, punctuation, digits), marks and format characters. Strong
/// letters choose their own font.
fn follows(c: char) -> bool {
    !matches!(bidi_class(c), BidiClass::L | BidiClass::R | BidiClass::AL)
}

/// The face of each character of `text` (byte offset, face), in logical order: strong
/// letters take the first face that has them, neutrals, marks and format characters stay
/// in the face around them when it has them.
fn char_faces(fonts: &Fonts, text: &str) -> Result<Vec<(usize, usize)>> {
    let mut faces: Vec<(usize, usize)> = Vec::with_capacity(text.len());
    let mut current: Option<usize> = None;
    for (i, c) in text.char_indices() {
        let f = match current {
            Some(f)
                if (follows(c) || is_ignorable(c))
                    && (is_ignorable(c) || fonts.faces[f].glyph(c).is_some()) =>
            {
                f
            }
            _ if is_ignorable(c) => current.unwrap_or(0),
            _ => fonts.face_for(c).ok_or_else(|| uncovered(fonts, text, c))?,
        };
        current = Some(f);
        faces.push((i, f));
    }
    Ok(faces)
}

/// `text` cut into runs of one face each, in logical order: (byte range, face). SVG
/// names each run's face, so a viewer need not fall back per character itself.
pub fn face_runs(fonts: &Fonts, text: &str) -> Result<Vec<(Range<usize>, usize)>> {
    // Captions: when every SIMPLE character is found first in one face, a text of them
    // alone is one run of that face (what the walk below finds, without a font lookup a
    // character; a sheet sets hundreds of thousands of captions).
    if !text.is_empty() && text.chars().all(|c| SIMPLE.contains(c)) {
        let one = fonts.cache.simple_face.get_or_init(|| {
            let mut faces = SIMPLE.chars().map(|c| fonts.face_for(c));
            let first = faces.next().flatten()?;
            faces.all(|f| f == Some(first)).then_some(first)
        });
        if let Some(f) = *one {
            return Ok(vec![(0..text.len(), f)]);
        }
    }
    check(fonts, text)?;
    let mut runs: Vec<(Range<usize>, usize)> = Vec::new();
    for (i, f) in char_faces(fonts, text)? {
        let end = i + text[i..].chars().next().map_or(0, char::len_utf8);
        match runs.last_mut() {
            Some((r, pf)) if *pf == f => r.end = end,
            _ => runs.push((i..end, f)),
        }
    }
    Ok(runs)
}

/// True when `text`'s paragraph direction is right to left (its first strong character is
/// Arabic or Hebrew; Unicode bidi rules P2–P3), as [`shape`] sets it.
pub fn is_rtl(text: &str) -> bool {
    // ASCII has no strong right-to-left character (a caption's common case, cheaply).
    if text.is_ascii() {
        return false;
    }
    BidiInfo::new(text, None)
        .paragraphs
        .first()
        .is_some_and(|p| p.level.is_rtl())
}

/// Shape without the memo.
pub fn shape_uncached(fonts: &Fonts, text: &str) -> Result<TextLine> {
    check(fonts, text)?;
    let mut line = TextLine {
        text: text.to_string(),
        glyphs: Vec::new(),
        width: 0.0,
    };
    if text.is_empty() {
        return Ok(line);
    }
    let faces = char_faces(fonts, text)?;
    let face_at = |i: usize| {
        let k = faces.partition_point(|&(j, _)| j < i);
        faces[k].1
    };
    let bidi = BidiInfo::new(text, None);
    let mut x = 0.0f32;
    for para in &bidi.paragraphs {
        let (levels, runs) = bidi.visual_runs(para, para.range.clone());
        for run in runs {
            let rtl = levels[run.start].is_rtl();
            // Split the run where the face changes, logical order.
            let mut pieces: Vec<(Range<usize>, usize)> = Vec::new();
            for (i, c) in text[run.clone()].char_indices() {
                let i = run.start + i;
                let f = face_at(i);
                match pieces.last_mut() {
                    Some((r, pf)) if *pf == f => r.end = i + c.len_utf8(),
                    _ => pieces.push((i..i + c.len_utf8(), f)),
                }
            }
            if rtl {
                pieces.reverse();
            }
            for (r, f) in pieces {
                x = shape_piece(fonts, f, text, r, rtl, x, &mut line.glyphs)?;
            }
        }
    }
    line.width = x;
    Ok(line)
}

/// Shape `text[r]` in face `f`, appending glyphs placed from pen `x`; the new pen.
fn shape_piece(
    fonts: &Fonts,
    f: usize,
    text: &str,
    r: Range<usize>,
    rtl: bool,
    x: f32,
    out: &mut Vec<Glyph>,
) -> Result<f32> {
    let face: &Face = &fonts.faces[f];
    let font = face.font();
    let shaper = face.shaper.shaper(&font).build();
    let mut buf = harfrust::UnicodeBuffer::new();
    buf.push_str(&text[r.clone()]);
    buf.set_pre_context(&text[..r.start]);
    buf.set_post_context(&text[r.end..]);
    buf.set_direction(if rtl {
        harfrust::Direction::RightToLeft
    } else {
        harfrust::Direction::LeftToRight
    });
    buf.guess_segment_properties();
    let out_buf = shaper.shape(buf, harfrust::ShapeOptions::new());
    let infos = out_buf.glyph_infos();
    let pos = out_buf.glyph_positions();
    let em = f32::from(face.upem);
    // Cluster starts, to find each cluster's end.
    let mut starts: Vec<u32> = infos.iter().map(|g| g.cluster).collect();
    starts.sort_unstable();
    starts.dedup();
    let end_of = |s: u32| {
        let k = starts.partition_point(|&t| t <= s);
        starts.get(k).copied().unwrap_or((r.end - r.start) as u32)
    };
    let first = out.len();
    let mut x = x;
    for (gi, p) in infos.iter().zip(pos) {
        let s = gi.cluster;
        let e = end_of(s);
        let cluster = &text[r.start + s as usize..r.start + e as usize];
        if gi.glyph_id == 0 {
            if let Some(c) = cluster.chars().find(|&c| !is_ignorable(c)) {
                return Err(uncovered(fonts, text, c));
            }
        }
        let base = (r.start as u32) + s;
        let adv = p.x_advance as f32 / em;
        out.push(Glyph {
            face: f as u8,
            gid: gi.glyph_id as u16,
            x: x + p.x_offset as f32 / em,
            y: p.y_offset as f32 / em,
            advance: adv,
            chars: base..(r.start as u32) + e,
        });
        x += adv;
    }
    // What each glyph stands for. A cluster of as many glyphs as characters (a base and
    // its marks, a letter and a hidden format character) maps them one to one: first
    // each glyph to a character whose own glyph it is, then the rest in logical order
    // (the glyphs of a right-to-left run reversed). Otherwise (a ligature, or a character
    // drawn in several glyphs) the cluster's first glyph stands for all of it.
    let mut i = first;
    while i < out.len() {
        let c = out[i].chars.clone();
        let mut j = i;
        while j < out.len() && out[j].chars == c {
            j += 1;
        }
        let mut idx: Vec<usize> = (i..j).collect();
        if rtl {
            idx.reverse();
        }
        let chars: Vec<(usize, char)> = text[c.start as usize..c.end as usize]
            .char_indices()
            .collect();
        if chars.len() == idx.len() {
            let range = |k: usize, ch: char| {
                let a = c.start + k as u32;
                a..a + ch.len_utf8() as u32
            };
            let mut free_chars: Vec<bool> = vec![true; chars.len()];
            let mut done: Vec<bool> = vec![false; idx.len()];
            for (gi, &g) in idx.iter().enumerate() {
                let own = chars
                    .iter()
                    .enumerate()
                    .find(|&(ci, &(_, ch))| free_chars[ci] && face.glyph(ch) == Some(out[g].gid));
                if let Some((ci, &(k, ch))) = own {
                    free_chars[ci] = false;
                    done[gi] = true;
                    out[g].chars = range(k, ch);
                }
            }
            let mut rest = chars.iter().enumerate().filter(|(ci, _)| free_chars[*ci]);
            for (gi, &g) in idx.iter().enumerate() {
                if !done[gi] {
                    if let Some((_, &(k, ch))) = rest.next() {
                        out[g].chars = range(k, ch);
                    }
                }
            }
        } else {
            for &g in &idx[1..] {
                out[g].chars = c.start..c.start;
            }
        }
        i = j;
    }
    // The shaper hides format characters as zero-width blank glyphs: they are dropped, so
    // nothing is drawn for them and no blank glyph is mapped back to them.
    let mut k = 0;
    out.retain(|g| {
        let keep = k < first || {
            let t = &text[g.chars.start as usize..g.chars.end as usize];
            !(g.advance == 0.0 && !t.is_empty() && t.chars().all(is_ignorable))
        };
        k += 1;
        keep
    });
    Ok(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arabic_joins_and_runs_right_to_left() {
        let f = Fonts::bundled();
        let l = shape(&f, "كوفي").unwrap();
        // All four letters in Noto Kufi Arabic, in visual order: the last letter (ي)
        // leftmost, each in its joining form (different from the isolated forms).
        assert!(l.glyphs.iter().all(|g| g.face == 1), "{l:?}");
        assert_eq!(l.glyphs.len(), 4);
        assert_eq!(l.chars_of(&l.glyphs[0]), "ي");
        assert_eq!(l.chars_of(&l.glyphs[3]), "ك");
        let alone = shape(&f, "ي").unwrap();
        assert_ne!(alone.glyphs[0].gid, l.glyphs[0].gid, "final form expected");
        assert!(l.width > 0.5);
    }

    #[test]
    fn fallback_is_per_character_and_mixed_lines_keep_logical_text() {
        let f = Fonts::bundled();
        let l = shape(&f, "6×6 كوفي é").unwrap();
        let faces: Vec<u8> = l.glyphs.iter().map(|g| g.face).collect();
        assert!(faces.contains(&0) && faces.contains(&1), "{faces:?}");
        let mut all: Vec<&str> = l.glyphs.iter().map(|g| l.chars_of(g)).collect();
        all.sort();
        let mut want: Vec<String> = "6×6 كوفي é".chars().map(String::from).collect();
        want.sort();
        assert_eq!(all.join(""), want.join(""));
    }

    #[test]
    fn digit_fast_path_equals_full_shaping() {
        let f = Fonts::bundled();
        for s in ["0", "17", "580716 (8)", "1 2", "(4)"] {
            let fast = simple(&f, s).expect("fast path applies to Noto Sans digits");
            assert_eq!(fast, shape_uncached(&f, s).unwrap(), "{s}");
        }
    }

    #[test]
    fn uncovered_and_control_characters_are_usage_errors() {
        let f = Fonts::bundled();
        let e = shape(&f, "tours 漢").unwrap_err();
        assert!(
            e.is_usage() && e.to_string().contains("U+6F22") && e.to_string().contains("--font"),
            "{e}"
        );
        let e = shape(&f, "a\u{7}b").unwrap_err();
        assert!(e.is_usage() && e.to_string().contains("U+0007"), "{e}");
        let e = shape(&f, "a\u{85}b").unwrap_err();
        assert!(e.to_string().contains("U+0085"), "{e}");
        // Format characters go to the shaper and draw nothing: no glyph stands for them
        // alone, every visible character keeps its glyph.
        let t = "\u{202e}a\u{fe0f}b\u{200d}c\u{2066}";
        let l = shape(&f, t).unwrap();
        assert!(l.glyphs.iter().all(|g| g.gid != 0));
        let mapped: String = l.glyphs.iter().map(|g| l.chars_of(g)).collect();
        assert_eq!(l.glyphs.len(), 3, "{l:?}");
        // Each glyph stands for its own letter (the glyph of 'a' for "a", not for the
        // variation selector after it), in a right-to-left run too.
        for g in &l.glyphs {
            let want = f.faces[0].glyph(l.chars_of(g).chars().next().unwrap());
            assert_eq!(Some(g.gid), want, "{l:?}");
        }
        // A base and its mark in a right-to-left paragraph: each glyph maps to its own
        // character.
        let l = shape(&f, "*\u{300}ء").unwrap();
        let star = l.glyphs.iter().find(|g| l.chars_of(g) == "*").unwrap();
        assert_eq!(Some(star.gid), f.faces[0].glyph('*'), "{l:?}");
        for c in ['a', 'b', 'c'] {
            assert!(mapped.contains(c), "{mapped:?}");
        }
        assert!(
            !mapped.contains('\u{202e}') && !mapped.contains('\u{2066}'),
            "{mapped:?}"
        );
    }
}
