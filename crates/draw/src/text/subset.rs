//! What the PDF and PostScript font writers share: a face cut down to the glyphs a
//! document uses (typst's `subsetter`, glyphs renumbered in order of first use by its
//! [`subsetter::GlyphRemapper`]), and the subset tag (`ABCDEF+`) derived from the subset's
//! bytes (FNV-1a), so the same document gives the same bytes.

use super::fonts::Face;
use tourglyph_core::{error::Error, error::Result};

/// The TrueType (or CFF OpenType) file of `face` (its face of a collection) holding only
/// the glyphs `remap` has seen, renumbered as it numbers them.
pub fn subset(face: &Face, remap: &subsetter::GlyphRemapper, what: &str) -> Result<Vec<u8>> {
    subsetter::subset(face.data(), face.index, remap).map_err(|e| {
        Error::runtime(format!(
            "{what}: cannot subset the font {} ({e:?}): try another --font",
            face.family
        ))
    })
}

/// Six capital letters from the subset's bytes (FNV-1a, 64 bits): the same subset always
/// gets the same tag.
pub fn tag(data: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    (0..6)
        .map(|i| char::from(b'A' + ((h >> (i * 8)) % 26) as u8))
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn tags_are_six_capitals_and_follow_the_data() {
        let a = super::tag(b"abc");
        assert_eq!(a.len(), 6);
        assert!(a.chars().all(|c| c.is_ascii_uppercase()));
        assert_eq!(a, super::tag(b"abc"));
        assert_ne!(a, super::tag(b"abd"));
    }
}
