//! A shaped line ([`TextLine`], its [`Glyph`]s in visual order, in em units) and the memo of
//! lines each [`Fonts`](super::Fonts) keeps: what fonts and shaping
//! ([`super::shaping`]) share, at the bottom of [`crate::text`] (it uses neither).

use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex, OnceLock};

/// One positioned glyph.
#[derive(Clone, Debug, PartialEq)]
pub struct Glyph {
    /// Index of the face in [`Fonts::faces`](super::Fonts::faces).
    pub face: u8,
    /// Glyph ID in that face.
    pub gid: u16,
    /// Pen x of the glyph's origin (offsets applied), em, from the line's start.
    pub x: f32,
    /// Vertical offset, em, up.
    pub y: f32,
    /// The glyph's advance, em.
    pub advance: f32,
    /// The source text this glyph stands for (a byte range of [`TextLine::text`]): the whole
    /// cluster on the cluster's first glyph (a ligature maps to all its characters),
    /// empty on the others.
    pub chars: Range<u32>,
}

/// A shaped line.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TextLine {
    /// The text, as given.
    pub text: String,
    /// Glyphs in visual order.
    pub glyphs: Vec<Glyph>,
    /// The advance of the whole line, em.
    pub width: f32,
}

impl TextLine {
    /// The characters glyph `g` stands for.
    pub fn chars_of(&self, g: &Glyph) -> &str {
        &self.text[g.chars.start as usize..g.chars.end as usize]
    }
}

/// Per-[`Fonts`](super::Fonts) memo: recent lines, and the fast-path table ([`super::shaping`]).
#[derive(Default)]
pub(crate) struct Cache {
    /// Lines shaped lately, by their text.
    pub(crate) lines: Mutex<HashMap<String, Arc<TextLine>>>,
    /// The fast path's glyphs, by ASCII code.
    pub(crate) simple: OnceLock<Option<Vec<Option<Glyph>>>>,
    /// The one face every [`super::shaping::SIMPLE`] character is found in, if there is one.
    pub(crate) simple_face: OnceLock<Option<usize>>,
}

impl std::fmt::Debug for Cache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Cache")
    }
}
