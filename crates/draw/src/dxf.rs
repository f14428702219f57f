//! DXF for laser cutters, CNC routers and CAD (the `dxf` crate): one drawing a page,
//! AutoCAD 2000 (`AC1015`), every line a closed or open `LWPOLYLINE` in millimetres
//! (`$INSUNITS` 4), on one layer per pen.
//!
//! **Why AC1015 with LWPOLYLINE** rather than R12's `POLYLINE`/`VERTEX`/`SEQEND`: one entity
//! a contour, its closed flag on the entity (cutter software such as LightBurn, and
//! LibreCAD, read a closed LWPOLYLINE as one closed cut), `$INSUNITS` (R12 has no units, so
//! a cutter must guess inches or mm), and every CAD program since 2000 reads it.
//!
//! **What is drawn.** A glyph's filled outline ([`Backend::shape`]; a job writing DXF draws
//! outlines, see [`crate::Format::draws_outlines`]) is one closed polyline a contour: the
//! outer boundary and each hole as its own contour, so a cutter cuts the band out and
//! leaves the island inside as a separate part. A glyph drawn as a line (a torus tile) is
//! its centre line; other stroked paths are the frames and the dots; fills alone and text
//! are not written (no cutter cuts them).
//!
//! **Layers (pens).** `tours` (the glyphs), `frames`, `dots`, each with its own ACI colour,
//! so a cutter can give each its own power and speed and a plotter its own pen. A backend
//! knows no tours: the layer is told by how a thing is drawn (a glyph or an outline is a
//! tour; a stroked path with curves is a dot; any other stroked path a frame).
//!
//! **Coordinates.** Page millimetres (y down) with y turned up, as DXF has them: page point
//! (x, y) is DXF (x, height − y), so the drawing sits in the first quadrant with the page's
//! bottom-left corner at the origin. Numbers are rounded as [`crate::num`] writes them
//! (three decimals of a mm) before the crate writes them. Dates and GUIDs in the header,
//! which the crate fills with the time and random numbers, are fixed: the same command
//! writes the same bytes.

use crate::backend::{Backend, PageOpener, PageWrite};
use crate::flatten::{Polyline, polylines};
use crate::marks::{GlyphData, Label, Paint, Path, Place, Seg, Text};
use crate::region::FilledRegion;
use dxf::entities::{Entity, EntityType, LwPolyline};
use dxf::enums::{AcadVersion, Units};
use dxf::tables::Layer;
use dxf::{Color, Drawing, LwPolylineVertex};
use tourglyph_core::error::{Error, Result};

/// How far (mm) a curve may be from the straight pieces that draw it.
pub const TOLERANCE: f64 = 0.005;

/// The layers, one a pen: name and ACI colour (7 black or white, 1 red, 5 blue).
pub const LAYERS: [(&str, u8); 3] = [("tours", 7), ("frames", 1), ("dots", 5)];

/// The layer of the glyphs.
const TOURS: &str = "tours";
/// The layer of stroked paths with no curve.
const FRAMES: &str = "frames";
/// The layer of stroked paths with curves.
const DOTS: &str = "dots";

/// Writes each page as a DXF drawing ([`crate::document::Format::Dxf`]).
pub struct DxfWriter<'a, W: PageWrite> {
    open: PageOpener<'a, W>,
    /// The page's drawing (boxed: a drawing's tables are large) and its height, mm.
    page: Option<Box<(Drawing, f64)>>,
    done: Vec<W>,
}

impl<'a, W: PageWrite> DxfWriter<'a, W> {
    /// A writer that asks `open` for the output of each page in turn.
    pub fn new(open: PageOpener<'a, W>) -> Self {
        DxfWriter {
            open,
            page: None,
            done: Vec::new(),
        }
    }

    /// The page writers, in page order, after [`Backend::finish`].
    pub fn into_writers(self) -> Vec<W> {
        self.done
    }

    /// Add `lines` (page mm) to the page's drawing on `layer`.
    fn add(&mut self, lines: Vec<Polyline>, layer: &str) -> Result<()> {
        let page = self
            .page
            .as_mut()
            .ok_or_else(|| Error::runtime("dxf: drawing outside a page"))?;
        let (drawing, height) = &mut **page;
        for l in lines {
            let vertices: Vec<LwPolylineVertex> = l
                .points
                .iter()
                .map(|&(x, y)| LwPolylineVertex {
                    x: round(x),
                    y: round(*height - y),
                    ..LwPolylineVertex::default()
                })
                .collect();
            if vertices.len() < 2 {
                continue;
            }
            let mut poly = LwPolyline {
                vertices,
                ..LwPolyline::default()
            };
            poly.set_is_closed(l.closed);
            let mut e = Entity::new(EntityType::LwPolyline(poly));
            e.common.layer = layer.to_string();
            drawing.add_entity(e);
        }
        Ok(())
    }
}

/// `x` rounded as [`crate::num`] writes it (three decimals).
fn round(x: f64) -> f64 {
    let s = crate::num::Num(x).to_string();
    s.parse().unwrap_or(0.0)
}

/// A new drawing: AC1015, millimetres, the three layers, fixed dates and GUIDs.
fn drawing() -> Drawing {
    use chrono::TimeZone;
    let mut d = Drawing::new();
    d.header.version = AcadVersion::R2000;
    d.header.default_drawing_units = Units::Millimeters;
    // The crate's epoch (1900-01-01 in each zone) is written as the same Julian day in
    // every time zone; the time of day would make every file differ.
    if let Some(t) = chrono::Local.with_ymd_and_hms(1900, 1, 1, 0, 0, 0).single() {
        d.header.creation_date = t;
        d.header.update_date = t;
    }
    let utc = chrono::Utc.with_ymd_and_hms(1900, 1, 1, 0, 0, 0).single();
    if let Some(t) = utc {
        d.header.creation_date_universal = t;
        d.header.update_date_universal = t;
    }
    d.header.fingerprint_guid = uuid::Uuid::nil();
    d.header.version_guid = uuid::Uuid::nil();
    for (name, color) in LAYERS {
        d.add_layer(Layer {
            name: name.to_string(),
            color: Color::from_index(color),
            ..Layer::default()
        });
    }
    d
}

/// `text` (a DXF file as the crate writes it) with a handle and an owner in each table's
/// head. The `dxf` crate (0.6.2) writes a `TABLE` head without its handle (group 5; its
/// generator has "TODO: assign and write table handles"), which the DXF reference for
/// AutoCAD 2000 asks for, with the owner (group 330) 0; `ezdxf audit` then reports
/// "invalid table head handle" for each table and gives it one. Here each head gets a new
/// handle above every handle in the file (groups 5 and 105, and `$HANDSEED`), in the order
/// the tables come, and `$HANDSEED` moves past them.
fn table_handles(text: &str) -> String {
    let lines: Vec<&str> = text.split("\r\n").collect();
    let pair = |k: usize| (lines[k].trim(), lines.get(k + 1).copied().unwrap_or(""));
    let hex = |v: &str| u64::from_str_radix(v.trim(), 16).ok();
    let mut top = 0;
    let mut seed_at = None;
    let mut k = 0;
    while k + 1 < lines.len() {
        match pair(k) {
            ("5" | "105", v) => top = top.max(hex(v).unwrap_or(0)),
            ("9", "$HANDSEED") if k + 3 < lines.len() => {
                seed_at = Some(k + 3);
                top = top.max(hex(lines[k + 3]).unwrap_or(0));
            }
            _ => {}
        }
        k += 2;
    }
    let tables = (0..lines.len().saturating_sub(1))
        .step_by(2)
        .filter(|&k| pair(k) == ("0", "TABLE"))
        .count() as u64;
    let mut next = top + 1;
    let mut out = String::with_capacity(text.len() + 32 * tables as usize);
    let mut k = 0;
    while k < lines.len() {
        let line = match Some(k) == seed_at {
            true => format!("{:X}", top + 1 + tables),
            false => lines[k].to_string(),
        };
        out.push_str(&line);
        if k + 1 < lines.len() {
            out.push_str("\r\n");
        }
        // After a table head's name (`0 TABLE`, `2 NAME`): its handle and owner.
        if k % 2 == 1 && k >= 3 && lines[k - 1].trim() == "2" && pair(k - 3) == ("0", "TABLE") {
            out.push_str(&format!("  5\r\n{next:X}\r\n330\r\n0\r\n"));
            next += 1;
        }
        k += 1;
    }
    out
}

impl<W: PageWrite> Backend for DxfWriter<'_, W> {
    fn glyph(
        &mut self,
        glyph: &GlyphData,
        at: &Place,
        paint: &Paint,
        label: Option<&Label>,
    ) -> Result<()> {
        let _ = label;
        if paint.stroke.is_none() {
            return Ok(());
        }
        self.add(polylines(&glyph.to_path(at), TOLERANCE), TOURS)
    }

    fn shape(
        &mut self,
        shape: &FilledRegion,
        at: &Place,
        paint: &Paint,
        label: Option<&Label>,
    ) -> Result<()> {
        let _ = (paint, label);
        self.add(polylines(&shape.to_path(at), TOLERANCE), TOURS)
    }

    fn begin_page(&mut self, _width: f64, height: f64) -> Result<()> {
        if self.page.is_some() {
            return Err(Error::runtime("dxf: page begun twice"));
        }
        self.page = Some(Box::new((drawing(), height)));
        Ok(())
    }

    fn path(&mut self, path: &Path, paint: &Paint) -> Result<()> {
        if paint.stroke.is_none() {
            return Ok(());
        }
        let curved = path.segs.iter().any(|s| matches!(s, Seg::CubicTo(..)));
        let layer = if curved { DOTS } else { FRAMES };
        self.add(polylines(path, TOLERANCE), layer)
    }

    fn text(&mut self, _text: &Text) -> Result<()> {
        Ok(())
    }

    fn end_page(&mut self) -> Result<()> {
        let (drawing, _) = *self
            .page
            .take()
            .ok_or_else(|| Error::runtime("dxf: end_page without a page"))?;
        let mut text = Vec::new();
        drawing
            .save(&mut text)
            .map_err(|e| Error::runtime(format!("dxf: {e}")))?;
        let text = String::from_utf8(text).map_err(|e| Error::runtime(format!("dxf: {e}")))?;
        let mut out = (self.open)(self.done.len())?;
        out.write_all(table_handles(&text).as_bytes())?;
        out.close()?;
        self.done.push(out);
        Ok(())
    }

    fn finish(&mut self) -> Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marks::{Cap, Join, Rgb, Stroke};

    fn page(draw: impl FnOnce(&mut DxfWriter<'_, Vec<u8>>)) -> Vec<u8> {
        let mut w = DxfWriter::new(Box::new(|_| Ok(Vec::new())));
        w.begin_page(100.0, 50.0).unwrap();
        draw(&mut w);
        w.end_page().unwrap();
        w.finish().unwrap();
        w.into_writers().concat()
    }

    #[test]
    fn every_table_head_has_its_own_handle_below_the_seed() {
        let ink = Paint {
            stroke: None,
            fill: Some(Rgb::BLACK),
        };
        let shape = FilledRegion {
            contours: vec![vec![(0, 0), (8, 0), (8, 8), (0, 8)]],
            unit: 4,
        };
        let at = Place {
            x: 1.0,
            y: 1.0,
            scale: 2.0,
        };
        let bytes = page(|w| w.shape(&shape, &at, &ink, None).unwrap());
        let text = String::from_utf8(bytes.clone()).unwrap();
        let lines: Vec<&str> = text.split("\r\n").collect();
        let pairs: Vec<(&str, &str)> = lines.chunks_exact(2).map(|p| (p[0].trim(), p[1])).collect();
        let hex = |v: &str| u64::from_str_radix(v.trim(), 16).unwrap();
        let mut heads = Vec::new();
        for (k, p) in pairs.iter().enumerate() {
            if *p == ("0", "TABLE") {
                assert_eq!(pairs[k + 1].0, "2", "{:?}", &pairs[k..k + 4]);
                assert_eq!(pairs[k + 2].0, "5", "{:?}", &pairs[k..k + 4]);
                assert_eq!(pairs[k + 3], ("330", "0"), "{:?}", &pairs[k..k + 4]);
                heads.push(hex(pairs[k + 2].1));
            }
        }
        assert!(heads.len() >= 7, "{heads:?}");
        let mut all: Vec<u64> = pairs
            .iter()
            .filter(|p| p.0 == "5" || p.0 == "105")
            .map(|p| p.1)
            .filter(|v| !v.is_empty())
            .map(hex)
            .collect();
        let seed = pairs
            .iter()
            .position(|p| *p == ("9", "$HANDSEED"))
            .map(|k| hex(pairs[k + 1].1))
            .unwrap();
        // The seed's own group 5 is not a handle.
        all.retain(|&h| h != seed);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n, "a handle used twice");
        assert!(all.iter().all(|&h| h < seed), "{all:?} seed {seed:X}");
        // The crate still reads it.
        let d = Drawing::load(&mut bytes.as_slice()).unwrap();
        assert_eq!(d.entities().count(), 1);
    }

    #[test]
    fn a_shape_with_a_hole_reads_back_as_two_closed_contours() {
        let shape = FilledRegion {
            contours: vec![
                vec![(0, 0), (8, 0), (8, 8), (0, 8)],
                vec![(2, 2), (2, 6), (6, 6), (6, 2)],
            ],
            unit: 4,
        };
        let at = Place {
            x: 10.0,
            y: 10.0,
            scale: 5.0,
        };
        let ink = Paint {
            stroke: None,
            fill: Some(Rgb::BLACK),
        };
        let bytes = page(|w| w.shape(&shape, &at, &ink, None).unwrap());
        let d = Drawing::load(&mut bytes.as_slice()).unwrap();
        assert_eq!(d.header.version, AcadVersion::R2000);
        assert_eq!(d.header.default_drawing_units, Units::Millimeters);
        let polys: Vec<&LwPolyline> = d
            .entities()
            .filter_map(|e| match &e.specific {
                EntityType::LwPolyline(p) => {
                    assert_eq!(e.common.layer, "tours");
                    Some(p)
                }
                _ => None,
            })
            .collect();
        assert_eq!(polys.len(), 2);
        assert!(polys.iter().all(|p| p.is_closed()));
        // Outer 10 × 10 mm, hole 5 × 5 mm, y turned up (so the signs flip).
        let area = |p: &LwPolyline| {
            let v = &p.vertices;
            (0..v.len())
                .map(|i| {
                    let (a, b) = (&v[i], &v[(i + 1) % v.len()]);
                    a.x * b.y - b.x * a.y
                })
                .sum::<f64>()
                / 2.0
        };
        assert_eq!(area(polys[0]), -100.0);
        assert_eq!(area(polys[1]), 25.0);
        // The first vertex: page (10, 10) is DXF (10, 40).
        assert_eq!(
            (polys[0].vertices[0].x, polys[0].vertices[0].y),
            (10.0, 40.0)
        );
    }

    #[test]
    fn pens_go_to_their_layers_and_the_bytes_do_not_change() {
        let pen = Paint {
            stroke: Some(Stroke {
                color: Rgb::BLACK,
                width: 0.2,
                join: Join::Miter,
                cap: Cap::Butt,
                miter_limit: 4.0,
            }),
            fill: None,
        };
        let draw = |w: &mut DxfWriter<'_, Vec<u8>>| {
            w.path(&Path::rect(1.0, 1.0, 10.0, 10.0), &pen).unwrap();
            w.path(&Path::circle(5.0, 5.0, 0.5), &pen).unwrap();
            let fill = Paint {
                stroke: None,
                fill: Some(Rgb::BLACK),
            };
            w.path(&Path::rect(0.0, 0.0, 100.0, 50.0), &fill).unwrap();
        };
        let a = page(draw);
        std::thread::sleep(std::time::Duration::from_millis(1100));
        let b = page(draw);
        assert_eq!(a, b, "dates or GUIDs moved a byte");
        let d = Drawing::load(&mut a.as_slice()).unwrap();
        let layers: Vec<&str> = d.entities().map(|e| e.common.layer.as_str()).collect();
        assert_eq!(layers, ["frames", "dots"]);
        let names: Vec<&str> = d.layers().map(|l| l.name.as_str()).collect();
        for (n, _) in LAYERS {
            assert!(names.contains(&n), "{names:?}");
        }
    }
}
