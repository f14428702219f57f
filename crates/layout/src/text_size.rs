//! Sizes of the text on a sheet: the title, the footer and the captions, scaled with the
//! page, and the title broken over lines before it is made smaller.
//!
//! Every function here measures text through a [`Measure`] (the width of a string at a
//! size), so the layout does not depend on how text is shaped or which font draws it.
//!
//! The rule: a style's sizes are its sizes on an A4 sheet. On a larger page the title and
//! the footer grow with the page's short side ([`page_scale`]: 1 up to A4's 210 mm, 2.83
//! on A1), so a 14 pt title becomes 40 pt on A1 and stays in proportion to the sheet. The
//! captions belong to the glyphs, not to the page: they grow with the cell pitch over
//! [`CAPTION_PITCH`] (the readable pitch of an A4 sheet), at most as much as the title, so
//! a caption keeps its size relative to the glyph it names.

use super::grid::MM_PER_PT;

/// The width in mm of `text` set at `size_pt` points.
pub type Measure<'a> = &'a dyn Fn(&str, f64) -> f64;

/// The measure of text shaped in `fonts` (the real advances of the glyphs that draw it).
/// Text the fonts cannot set measures 0 here: the backend refuses it when drawn, with
/// the error naming the character.
pub fn shaped(fonts: &tourglyph_draw::text::Fonts, text: &str, size_pt: f64) -> f64 {
    tourglyph_draw::text::width(fonts, text, size_pt * MM_PER_PT).unwrap_or(0.0)
}

/// [`shaped`] in the bundled fonts (Noto Sans, Noto Kufi Arabic).
pub fn bundled(text: &str, size_pt: f64) -> f64 {
    shaped(&tourglyph_draw::text::Fonts::bundled(), text, size_pt)
}

/// The short side of A4, mm: the page a style's sizes are meant for.
pub const A4_SHORT_SIDE: f64 = 210.0;

/// The cell pitch, mm, at which captions have the style's size (the smallest readable
/// pitch of the grid, [`super::grid::GridSpec::min_pitch`], which an A4 sheet of many
/// glyphs uses).
pub const CAPTION_PITCH: f64 = 2.5;

/// Line distance of a title of several lines, in font sizes.
pub const TITLE_LEADING: f64 = 1.2;

/// The largest share of the page's height a title's band may take: a longer title is
/// set smaller, in more lines, until it fits in this.
pub const TITLE_SHARE: f64 = 0.25;

/// How much larger than on A4 the title and footer are on a `width` × `height` mm page:
/// the short side over 210 mm, never less than 1.
pub fn page_scale(width: f64, height: f64) -> f64 {
    (width.min(height) / A4_SHORT_SIDE).max(1.0)
}

/// How much larger than the style's size captions are at cell pitch `pitch` mm on a page
/// of scale `page`: pitch over [`CAPTION_PITCH`], from 1 to `page`.
pub fn caption_scale(pitch: f64, page: f64) -> f64 {
    (pitch / CAPTION_PITCH).clamp(1.0, page.max(1.0))
}

/// A title set for the width it has.
#[derive(Clone, Debug, PartialEq)]
pub struct Title {
    /// Its lines, first to last.
    pub lines: Vec<String>,
    /// Font size, points.
    pub size_pt: f64,
}

impl Title {
    /// Height of the title band, mm: a line and a half of space for the first line (as
    /// the footer and captions have), [`TITLE_LEADING`] for each further line.
    pub fn band(&self) -> f64 {
        band(self.size_pt, self.lines.len())
    }
}

/// The band of `lines` title lines at `size_pt`, mm (see [`Title::band`]).
fn band(size_pt: f64, lines: usize) -> f64 {
    let extra = (lines.max(1) - 1) as f64 * TITLE_LEADING;
    size_pt * MM_PER_PT * (2.0 + extra)
}

/// Set `text` at `size_pt` in `room` mm, its band at most `max_band` mm high: on one line
/// if it fits; else broken at the space that makes the longer of two lines shortest, if
/// both then fit; else filled line by line at the spaces (a word wider than a line broken
/// between its characters), in as many lines as the band holds at `size_pt`, or at the
/// largest smaller size at which the band holds them all.
pub fn wrap_title(
    text: &str,
    size_pt: f64,
    room: f64,
    max_band: f64,
    measure: Measure<'_>,
) -> Title {
    let one = |size_pt| Title {
        lines: vec![text.to_string()],
        size_pt,
    };
    let w = measure(text, size_pt);
    if w <= room || room <= 0.0 {
        return one(size_pt);
    }
    let best = text
        .char_indices()
        .filter(|&(_, c)| c == ' ')
        .map(|(i, _)| {
            let (a, b) = (text[..i].trim_end(), text[i + 1..].trim_start());
            (measure(a, size_pt).max(measure(b, size_pt)), a, b)
        })
        .filter(|(_, a, b)| !a.is_empty() && !b.is_empty())
        .min_by(|x, y| x.0.total_cmp(&y.0));
    if let Some((longer, a, b)) = best {
        if longer <= room {
            return Title {
                lines: vec![a.to_string(), b.to_string()],
                size_pt,
            };
        }
    }
    // Several lines. Widths scale with the size: measure the pieces once, at 1 pt.
    let pieces = pieces(text, room / size_pt, measure);
    let space = measure(" ", 1.0);
    let fill = |size: f64| fill(&pieces, space, room / size);
    let fits = |size: f64| band(size, fill(size).len()) <= max_band;
    if fits(size_pt) || max_band <= 0.0 {
        return Title {
            lines: lines(text, &pieces, &fill(size_pt)),
            size_pt,
        };
    }
    // The largest size that fits, by bisection (more lines at a smaller size).
    let (mut lo, mut hi) = (0.0, size_pt);
    for _ in 0..40 {
        let mid = (lo + hi) / 2.0;
        if fits(mid) { lo = mid } else { hi = mid }
    }
    let size = lo.max(size_pt / 1e3);
    Title {
        lines: lines(text, &pieces, &fill(size)),
        size_pt: size,
    }
}

/// The pieces a title is filled from: (start byte, end byte, width at 1 pt, whether a
/// space precedes it). Words, and the characters of a word wider than `widest` at 1 pt.
fn pieces(text: &str, widest: f64, measure: Measure<'_>) -> Vec<(usize, usize, f64, bool)> {
    let mut out = vec![];
    let mut at = 0;
    for word in text.split(' ') {
        let (start, end) = (at, at + word.len());
        at = end + 1;
        if word.is_empty() {
            continue;
        }
        let spaced = start > 0;
        let w = measure(word, 1.0);
        if w <= widest {
            out.push((start, end, w, spaced));
            continue;
        }
        for (k, (i, c)) in word.char_indices().enumerate() {
            let s = start + i;
            out.push((
                s,
                s + c.len_utf8(),
                measure(&text[s..s + c.len_utf8()], 1.0),
                spaced && k == 0,
            ));
        }
    }
    out
}

/// Greedy lines of `pieces` in `room` (widths, `space` and `room` at 1 pt): each line
/// the index of its first piece.
fn fill(pieces: &[(usize, usize, f64, bool)], space: f64, room: f64) -> Vec<usize> {
    let mut starts = vec![];
    let mut used = 0.0;
    for (i, &(_, _, w, spaced)) in pieces.iter().enumerate() {
        let gap = if spaced { space } else { 0.0 };
        if starts.is_empty() || used + gap + w > room {
            starts.push(i);
            used = w;
        } else {
            used += gap + w;
        }
    }
    starts
}

/// The lines of `text` that start at the pieces `starts`: exact slices of it.
fn lines(text: &str, pieces: &[(usize, usize, f64, bool)], starts: &[usize]) -> Vec<String> {
    if pieces.is_empty() {
        return vec![text.to_string()];
    }
    starts
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            let last = starts.get(k + 1).map_or(pieces.len(), |&j| j) - 1;
            text[pieces[i].0..pieces[last].1].to_string()
        })
        .collect()
}

/// `size_pt`, or less if `text` at that size would be wider than `room` mm: a footer or
/// caption shrinks to the width it has rather than running off the page or into its
/// neighbour.
pub fn fit_size(text: &str, size_pt: f64, room: f64, measure: Measure<'_>) -> f64 {
    fit_size_of(&[text], size_pt, room, measure)
}

/// [`fit_size`] for texts drawn side by side, each measured (shaped) on its own, as drawn.
pub fn fit_size_of(parts: &[&str], size_pt: f64, room: f64, measure: Measure<'_>) -> f64 {
    let w: f64 = parts.iter().map(|t| measure(t, size_pt)).sum();
    if w > room && room > 0.0 {
        size_pt * room / w
    } else {
        size_pt
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A measure of 1 mm per character per point, for round numbers.
    fn mono(text: &str, size_pt: f64) -> f64 {
        text.chars().count() as f64 * size_pt
    }

    #[test]
    fn a_title_that_fits_stays_on_one_line() {
        let t = wrap_title("The 149 classes", 10.0, 200.0, 100.0, &mono);
        assert_eq!(t.lines, vec!["The 149 classes"]);
        assert_eq!(t.size_pt, 10.0);
    }

    #[test]
    fn a_long_title_wraps_before_it_shrinks() {
        // 35 characters at 10 pt = 350 mm in 200 mm: two lines of 17 and 17 fit.
        let t = wrap_title(
            "The 1,072 closed rook tours of 6x6",
            10.0,
            200.0,
            100.0,
            &mono,
        );
        assert_eq!(t.lines, vec!["The 1,072 closed", "rook tours of 6x6"]);
        assert_eq!(t.size_pt, 10.0);
        assert!((t.band() - 10.0 * MM_PER_PT * 3.2).abs() < 1e-9);
        // In 100 mm (10 characters) two lines are too long: four, at the size.
        let t = wrap_title(
            "The 1,072 closed rook tours of 6x6",
            10.0,
            100.0,
            100.0,
            &mono,
        );
        assert_eq!(t.lines, vec!["The 1,072", "closed", "rook tours", "of 6x6"]);
        assert_eq!(t.size_pt, 10.0);
        // No space to break at: broken between characters.
        let t = wrap_title("abcdefghij", 10.0, 50.0, 100.0, &mono);
        assert_eq!(
            (t.lines.clone(), t.size_pt),
            (vec!["abcde".into(), "fghij".into()], 10.0)
        );
    }

    #[test]
    fn a_very_long_title_takes_many_lines_then_a_smaller_size() {
        let text = "Kufic squares ".repeat(360);
        let text = text.trim();
        // 5,039 characters at 14 pt in 180 mm; the band at most 74 mm.
        let t = wrap_title(text, 14.0, 180.0, 74.0, &mono);
        assert!(
            t.lines.len() > 2 && t.band() <= 74.0,
            "{} lines",
            t.lines.len()
        );
        assert!(t.size_pt < 14.0 && t.size_pt > 0.5, "{}", t.size_pt);
        for l in &t.lines {
            assert!(mono(l, t.size_pt) <= 180.0 + 1e-9, "{l:?} too wide");
            assert!(!l.starts_with(' ') && !l.ends_with(' '), "{l:?}");
        }
        assert_eq!(t.lines.join(" "), text, "every word kept, in order");
        // A little smaller would be more lines than fit: the size is the largest.
        let bigger = wrap_title(text, t.size_pt * 1.05, 180.0, f64::INFINITY, &mono);
        assert!(
            bigger.band() > 74.0,
            "{} at {}",
            bigger.band(),
            bigger.size_pt
        );
        // At a size that fits, the lines are as many as needed and no smaller.
        let t = wrap_title(&text[..60], 14.0, 180.0, 74.0, &mono);
        assert_eq!(t.size_pt, 14.0);
        assert!(t.lines.len() > 2, "{:?}", t.lines);
    }

    #[test]
    fn scales_follow_the_page_and_the_pitch() {
        assert_eq!(page_scale(210.0, 297.0), 1.0);
        assert_eq!(page_scale(148.0, 210.0), 1.0);
        assert!((page_scale(841.0, 594.0) - 594.0 / 210.0).abs() < 1e-12);
        assert_eq!(caption_scale(2.5, 2.83), 1.0);
        assert_eq!(caption_scale(5.0, 2.83), 2.0);
        assert_eq!(caption_scale(20.0, 1.0), 1.0);
        assert_eq!(fit_size("abcd", 10.0, 20.0, &mono), 5.0);
        assert_eq!(fit_size("abcd", 10.0, 50.0, &mono), 10.0);
    }
}
