//! A TrueType font of tours (`write-fonts`, the fontations project): one glyph per tour,
//! its outline (`tourglyph_layout::outline`), mapped to Private Use codepoints from
//! U+E000 in selection order; plus a specimen sheet (`tourglyph_layout::specimen`).
//!
//! Metrics: 1000 units per em, every glyph as wide as the em (advance 1000), ascender 800,
//! descender −200; the board's box is centred in the em square. A quarter pitch is a whole
//! number `q` of font units (`q = ⌊1000 / (4 · max(rows, cols))⌋`), so an exact (Kufic)
//! outline keeps its integer geometry in the font: cell (r, c)'s centre is at quarter
//! units (4c + 2, 4r + 2) from the box's top-left corner. Contours are lines only; outer
//! contours run clockwise and holes counter-clockwise (y up), as TrueType wants.

use crate::region::FilledRegion;
use kurbo::BezPath;
use tourglyph_core::{error::Error, error::Result};
use write_fonts::FontBuilder;
use write_fonts::tables::cmap::Cmap;
use write_fonts::tables::glyf::{Bbox, GlyfLocaBuilder, Glyph, SimpleGlyph};
use write_fonts::tables::head::{Flags, Head, MacStyle};
use write_fonts::tables::hhea::Hhea;
use write_fonts::tables::hmtx::{Hmtx, LongMetric};
use write_fonts::tables::maxp::Maxp;
use write_fonts::tables::name::{Name, NameRecord};
use write_fonts::tables::os2::{Os2, SelectionFlags};
use write_fonts::tables::post::Post;
use write_fonts::types::{FWord, Fixed, GlyphId, LongDateTime, NameId, Tag, UfWord};

/// The first codepoint (U+E000, the start of the Private Use Area).
pub const FIRST: u32 = 0xE000;
/// Glyphs a font can hold: the 6,400 codepoints of the BMP's Private Use Area.
pub const MAX_GLYPHS: usize = 6400;
/// Font units per em.
pub const UPM: u16 = 1000;
const ASCENDER: i16 = 800;
const DESCENDER: i16 = -200;
/// `created` and `modified` in `head`: a fixed date, 2024-01-01 (seconds since 1904-01-01:
/// 120 years, 30 of them leap), so the same tours give the same bytes.
const FIXED_DATE: i64 = (120 * 365 + 30) * 86_400;

/// One glyph of the font.
#[derive(Clone, Debug)]
pub struct FontGlyph {
    /// Its PostScript glyph name (`tour_6x6_17`).
    pub name: String,
    /// Its outline.
    pub shape: FilledRegion,
}

/// Where a board's glyph box goes in the em: quarter-pitch size and the box's corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EmBox {
    /// Font units per quarter pitch.
    pub q: i32,
    /// Left edge of the box.
    pub x0: i32,
    /// Top edge of the box (y up).
    pub y1: i32,
}

impl EmBox {
    /// The box of a `rows` × `cols` board, centred in the em square.
    pub fn new(rows: u32, cols: u32) -> EmBox {
        let side = 4 * rows.max(cols).max(1) as i32;
        let q = (i32::from(UPM) / side).max(1);
        let x0 = (i32::from(UPM) - 4 * cols as i32 * q) / 2;
        let y0 = i32::from(DESCENDER) + (i32::from(UPM) - 4 * rows as i32 * q) / 2;
        EmBox {
            q,
            x0,
            y1: y0 + 4 * rows as i32 * q,
        }
    }

    /// A shape point (1/unit glyph units, y down) in font units (y up).
    pub fn map(&self, unit: i32, (x, y): (i32, i32)) -> (i32, i32) {
        // Quarter units from the box corner: 4·(x / unit) + 2.
        let f = |v: i32| {
            let num =
                i64::from(v) * 4 * i64::from(self.q) + 2 * i64::from(self.q) * i64::from(unit);
            (num as f64 / f64::from(unit)).round() as i32
        };
        (self.x0 + f(x), self.y1 - f(y))
    }
}

/// The glyph outline of `shape` in font units; empty contours and collapsed points dropped.
fn glyph_of(shape: &FilledRegion, em: &EmBox) -> Result<Glyph> {
    let mut path = BezPath::new();
    let mut any = false;
    for c in &shape.contours {
        let mut pts: Vec<(i32, i32)> = c.iter().map(|&p| em.map(shape.unit, p)).collect();
        pts.dedup();
        while pts.len() > 1 && pts.first() == pts.last() {
            pts.pop();
        }
        if pts.len() < 3 {
            continue;
        }
        any = true;
        for (i, &(x, y)) in pts.iter().enumerate() {
            let p = (f64::from(x), f64::from(y));
            if i == 0 {
                path.move_to(p);
            } else {
                path.line_to(p);
            }
        }
        path.close_path();
    }
    if !any {
        return Ok(Glyph::Empty);
    }
    SimpleGlyph::from_bezpath(&path)
        .map(Glyph::Simple)
        .map_err(|e| Error::runtime(format!("font: a glyph outline is malformed: {e:?}")))
}

/// The `.notdef` glyph: a hollow box.
fn notdef() -> Result<Glyph> {
    let mut p = BezPath::new();
    let (a, b, c, d) = (100.0, 0.0, 900.0, 700.0);
    p.move_to((a, b));
    p.line_to((a, d));
    p.line_to((c, d));
    p.line_to((c, b));
    p.close_path();
    p.move_to((a + 80.0, b + 80.0));
    p.line_to((c - 80.0, b + 80.0));
    p.line_to((c - 80.0, d - 80.0));
    p.line_to((a + 80.0, d - 80.0));
    p.close_path();
    SimpleGlyph::from_bezpath(&p)
        .map(Glyph::Simple)
        .map_err(|e| Error::runtime(format!("font: .notdef: {e:?}")))
}

/// Most characters of a PostScript font name (the OpenType `name` table's ID 6 and the
/// PDF font's `/BaseFont`, a PDF name of at most 127 bytes).
pub const MAX_PS_NAME: usize = 63;

/// The PostScript name of a font named `family`: its ASCII letters, digits and hyphens,
/// at most [`MAX_PS_NAME`] of them (`Tourglyph` when none is left).
pub fn ps_name(family: &str) -> String {
    let name: String = family
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(MAX_PS_NAME)
        .collect();
    if name.is_empty() {
        "Tourglyph".to_string()
    } else {
        name
    }
}

/// A TrueType font of `glyphs` (glyph `i` at U+E000 + i, glyph ID i + 1) for a
/// `rows` × `cols` board, named `family`.
pub fn build(glyphs: &[FontGlyph], rows: u32, cols: u32, family: &str) -> Result<Vec<u8>> {
    if glyphs.len() > MAX_GLYPHS {
        return Err(Error::usage(format!(
            "a font holds at most {MAX_GLYPHS} tours (the Private Use codepoints U+E000 to U+F8FF); the selection has {}: narrow it with --classes, --range or --limit",
            glyphs.len()
        )));
    }
    let em = EmBox::new(rows, cols);
    let mut all = vec![notdef()?];
    for g in glyphs {
        all.push(glyph_of(&g.shape, &em)?);
    }
    let err = |what: &str, e: &dyn std::fmt::Debug| Error::runtime(format!("font: {what}: {e:?}"));
    let mut gl = GlyfLocaBuilder::new();
    let mut bbox: Option<Bbox> = None;
    let (mut max_points, mut max_contours) = (0u16, 0u16);
    let mut metrics = Vec::with_capacity(all.len());
    let (mut min_lsb, mut min_rsb, mut max_extent) = (i16::MAX, i16::MAX, i16::MIN);
    for g in &all {
        gl.add_glyph(g).map_err(|e| err("glyf", &e))?;
        let lsb = match g {
            Glyph::Simple(s) => {
                bbox = Some(bbox.map_or(s.bbox, |b| b.union(s.bbox)));
                max_contours = max_contours.max(s.contours.len() as u16);
                let pts: usize = s.contours.iter().map(|c| c.len()).sum();
                max_points = max_points.max(pts as u16);
                min_lsb = min_lsb.min(s.bbox.x_min);
                min_rsb = min_rsb.min(UPM as i16 - s.bbox.x_max);
                max_extent = max_extent.max(s.bbox.x_max);
                s.bbox.x_min
            }
            _ => 0,
        };
        metrics.push(LongMetric::new(UPM, lsb));
    }
    let (glyf, loca, loca_format) = gl.build();
    let bbox = bbox.unwrap_or_default();
    let mut head = Head::new(
        Fixed::from_f64(1.0),
        0,
        Flags::BASELINE_AT_Y_0 | Flags::LSB_AT_X_0,
        UPM,
        LongDateTime::new(FIXED_DATE),
        LongDateTime::new(FIXED_DATE),
        bbox.x_min,
        bbox.y_min,
        bbox.x_max,
        bbox.y_max,
        MacStyle::empty(),
        8,
        loca_format as i16,
    );
    head.font_direction_hint = 2;
    let n = all.len() as u16;
    let hhea = Hhea::new(
        FWord::new(ASCENDER),
        FWord::new(DESCENDER),
        FWord::new(0),
        UfWord::new(UPM),
        FWord::new(min_lsb.min(0)),
        FWord::new(min_rsb.min(0)),
        FWord::new(max_extent.max(0)),
        1,
        0,
        0,
        n,
    );
    let hmtx = Hmtx::new(metrics, vec![]);
    let mut maxp = Maxp::new(n);
    maxp.max_points = Some(max_points);
    maxp.max_contours = Some(max_contours);
    maxp.max_composite_points = Some(0);
    maxp.max_composite_contours = Some(0);
    maxp.max_zones = Some(1);
    maxp.max_twilight_points = Some(0);
    maxp.max_storage = Some(0);
    maxp.max_function_defs = Some(0);
    maxp.max_instruction_defs = Some(0);
    maxp.max_stack_elements = Some(0);
    maxp.max_size_of_instructions = Some(0);
    maxp.max_component_elements = Some(0);
    maxp.max_component_depth = Some(0);
    let last = FIRST + glyphs.len().saturating_sub(1) as u32;
    let os2 = Os2 {
        x_avg_char_width: UPM as i16,
        us_weight_class: 400,
        us_width_class: 5,
        fs_type: 0,
        y_subscript_x_size: 650,
        y_subscript_y_size: 600,
        y_subscript_y_offset: 75,
        y_superscript_x_size: 650,
        y_superscript_y_size: 600,
        y_superscript_y_offset: 350,
        y_strikeout_size: 50,
        y_strikeout_position: 300,
        ach_vend_id: Tag::new(b"NONE"),
        fs_selection: SelectionFlags::REGULAR | SelectionFlags::USE_TYPO_METRICS,
        us_first_char_index: FIRST as u16,
        us_last_char_index: last.min(0xFFFF) as u16,
        s_typo_ascender: ASCENDER,
        s_typo_descender: DESCENDER,
        s_typo_line_gap: 0,
        us_win_ascent: bbox.y_max.max(ASCENDER) as u16,
        us_win_descent: (-bbox.y_min.min(DESCENDER)) as u16,
        // Private Use Area (bit 60: range 2, bit 28).
        ul_unicode_range_2: 1 << 28,
        ul_code_page_range_1: Some(0),
        ul_code_page_range_2: Some(0),
        sx_height: Some(0),
        s_cap_height: Some(ASCENDER),
        us_default_char: Some(0),
        us_break_char: Some(0x20),
        us_max_context: Some(0),
        ..Default::default()
    };
    let ps_name = ps_name(family);
    let names = [
        (1u16, family.to_string()),
        (2, "Regular".to_string()),
        (3, format!("{ps_name};tourglyph")),
        (4, family.to_string()),
        (5, "Version 1.000".to_string()),
        (6, ps_name),
    ];
    let mut records: Vec<NameRecord> = names
        .into_iter()
        .map(|(id, s)| NameRecord::new(3, 1, 0x409, NameId::new(id), s.into()))
        .collect();
    records.sort();
    let name = Name::new(records);
    let order: Vec<&str> = std::iter::once(".notdef")
        .chain(glyphs.iter().map(|g| g.name.as_str()))
        .collect();
    let mut post = Post::new_v2(order);
    post.underline_position = FWord::new(-100);
    post.underline_thickness = FWord::new(50);
    let cmap = Cmap::from_mappings(glyphs.iter().enumerate().map(|(i, _)| {
        let ch = char::from_u32(FIRST + i as u32).expect("Private Use codepoints are chars");
        (ch, GlyphId::new(i as u32 + 1))
    }))
    .map_err(|e| err("cmap", &e))?;
    let mut fb = FontBuilder::new();
    fb.add_table(&head).map_err(|e| err("head", &e))?;
    fb.add_table(&hhea).map_err(|e| err("hhea", &e))?;
    fb.add_table(&maxp).map_err(|e| err("maxp", &e))?;
    fb.add_table(&os2).map_err(|e| err("OS/2", &e))?;
    fb.add_table(&hmtx).map_err(|e| err("hmtx", &e))?;
    fb.add_table(&cmap).map_err(|e| err("cmap", &e))?;
    fb.add_table(&loca).map_err(|e| err("loca", &e))?;
    fb.add_table(&glyf).map_err(|e| err("glyf", &e))?;
    fb.add_table(&name).map_err(|e| err("name", &e))?;
    fb.add_table(&post).map_err(|e| err("post", &e))?;
    Ok(fb.build())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn em_box_is_centred_and_integral() {
        let e = EmBox::new(6, 6);
        assert_eq!(e.q, 41);
        // 984 units wide, 8 on each side.
        assert_eq!(e.x0, 8);
        assert_eq!(e.y1, -200 + 8 + 984);
        // The centre of cell (0, 0) at quarter units (2, 2) from the top-left corner.
        assert_eq!(e.map(4, (0, 0)), (8 + 82, e.y1 - 82));
        assert_eq!(e.map(1024, (1024, 0)), (8 + 6 * 41, e.y1 - 82));
    }

    #[test]
    fn ps_name_is_short_and_valid() {
        assert_eq!(ps_name("Kufi Tours 2"), "KufiTours2");
        assert_eq!(ps_name("كوفي"), "Tourglyph");
        assert_eq!(ps_name(&"Ab ".repeat(2000)).len(), MAX_PS_NAME);
    }
}
