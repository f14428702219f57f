//! `font`: a TrueType font of the selected tours ([`tourglyph_draw::ttf`]), one glyph
//! per tour at U+E000 + index, with `NAME.json` (codepoint → ID, cells) and a specimen
//! `NAME.pdf` beside `NAME.ttf`, the three written as a set, all or none
//! ([`crate::output::write_files`]). The family is checked against the text faces (the
//! request's font file first, then the bundled ones) before any tour is drawn.

use super::source::{TourOrigin, TourSource, WalkBudget, locate};
use super::{Pick, Spec, symmetric_tours};
use crate::output::OutOptions;
use crate::output::write_files;
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::path::{Path, PathBuf};
use tourglyph_core::{Error, Result, Tour};
use tourglyph_draw::Format;
use tourglyph_draw::text::Fonts;
use tourglyph_draw::{ttf::FIRST, ttf::FontGlyph, ttf::MAX_GLYPHS};
use tourglyph_engine::Flow;
use tourglyph_engine::sample::Sampler;
use tourglyph_engine::{select::Item, select::stream};
use tourglyph_layout::glyph::glyph_data;
use tourglyph_layout::outline::outline;
use tourglyph_layout::style::Style;
use tourglyph_layout::{specimen, specimen::SpecimenEntry};

/// A font, as `font`'s flags give it.
#[derive(Clone, Debug, PartialEq)]
pub struct FontRequest {
    /// Which tours.
    pub spec: Spec,
    /// Which of them.
    pub pick: Pick,
    /// A built-in style name or the path of a TOML file, whose stroke gives the glyph
    /// outlines.
    pub style: String,
    /// Stroke width over the style's, as a fraction of the cell pitch, as written.
    pub width: Option<String>,
    /// Stroke cap over the style's, as written.
    pub cap: Option<String>,
    /// Stroke join over the style's, as written.
    pub join: Option<String>,
    /// The font's family name.
    pub family: String,
    /// A font file to set the specimen's title and captions in, before the bundled fonts.
    pub font: Option<PathBuf>,
}

impl Default for FontRequest {
    fn default() -> Self {
        FontRequest {
            spec: Spec::default(),
            pick: Pick::default(),
            style: "kufic".into(),
            width: None,
            cap: None,
            join: None,
            family: "Tourglyph".into(),
            font: None,
        }
    }
}

/// A font made in memory: the TrueType file, its JSON map and its specimen PDF.
pub struct FontFiles {
    /// The font (`NAME.ttf`).
    pub ttf: Vec<u8>,
    /// The map, codepoint → ID and cells (`NAME.json`).
    pub map: String,
    /// The specimen (`NAME.pdf`).
    pub specimen: Vec<u8>,
}

/// Make the font `req` asks for and write it to `out` (`NAME.ttf`) with its map
/// (`NAME.json`) and specimen (`NAME.pdf`) beside it, as a set; returns the three paths.
/// The style and the file name are checked before any work.
pub fn font(req: &FontRequest, out: &Path, opts: OutOptions) -> Result<[PathBuf; 3]> {
    let style = outline_style(req)?;
    if out.as_os_str() == "-" {
        return Err(Error::usage(
            "font writes three files (NAME.ttf, NAME.json, NAME.pdf): give -o NAME.ttf, not -o -",
        ));
    }
    check_font_name(out)?;
    let f = make(req, &style)?;
    let (json, spec) = (out.with_extension("json"), out.with_extension("pdf"));
    write_files(
        &[
            (out, &f.ttf),
            (&json, f.map.as_bytes()),
            (&spec, &f.specimen),
        ],
        opts,
    )?;
    Ok([out.to_path_buf(), json, spec])
}

/// Make the font `req` asks for, in memory.
pub fn files(req: &FontRequest) -> Result<FontFiles> {
    make(req, &outline_style(req)?)
}

/// The style whose stroke outlines the glyphs, with the request's width, cap and join.
fn outline_style(req: &FontRequest) -> Result<Style> {
    let mut style = Style::resolve(&req.style)?;
    for (flag, key, v) in [
        ("--width", "stroke_width", &req.width),
        ("--cap", "cap", &req.cap),
        ("--join", "join", &req.join),
    ] {
        if let Some(v) = v {
            style.set_flag(flag, key, v)?;
        }
    }
    if style.stroke.is_none() {
        return Err(Error::usage(format!(
            "style '{}' has no stroke, so its glyphs have no outline: use a style with a stroke (kufic, line, …)",
            style.name
        )));
    }
    Ok(style)
}

/// Make the font with `style`: the family checked, the tours selected, drawn and mapped.
fn make(req: &FontRequest, style: &Style) -> Result<FontFiles> {
    let family = req.family.trim();
    if family.is_empty() || family.chars().any(char::is_control) {
        return Err(Error::usage(
            "--family: give a font family name of printable characters",
        ));
    }
    let long = family.encode_utf16().count();
    if long > MAX_FAMILY {
        return Err(Error::usage(format!(
            "--family is {long} characters long, and a font's name table holds at most {MAX_FAMILY}: give a shorter name"
        )));
    }
    // Before any work: the specimen sets the family in these faces (exit 2 naming a
    // character none of them has, never a `?`).
    let fonts = Fonts::with_user(req.font.as_deref().or(style.font.as_deref()))?;
    tourglyph_draw::text::check(&fonts, family)?;
    let mut r = match TourSource::resolve(&req.spec, Some(&req.pick))? {
        TourSource::Shaped(shape) => return make_shape(req, style, &shape, family, fonts),
        TourSource::Board(r) => r,
    };
    // `--symmetry` on boards over 8x8: the symmetric tours found directly, numbered by
    // their index among them (the map's `index`, the glyph names `tour_14x14_rot90_I`);
    // closed leaper tours too many for the full diagram: by ID through the halves.
    let walk = WalkBudget {
        sel: &req.pick,
        what: "making a font of",
        capped: true,
    };
    let (direct, halves, zdd) = match locate(&mut r, Some(walk), true, false, req.pick.force)? {
        TourOrigin::Symmetric => {
            let items = symmetric_tours::items(&req.pick, &mut r, MAX_GLYPHS, "making a font of")?;
            (Some(items), None, None)
        }
        TourOrigin::Halves(ids) => (None, Some(ids), None),
        TourOrigin::Diagram(zdd) => (None, None, Some(zdd)),
    };
    let too_many = |n: String| {
        Error::usage(format!(
            "a font holds at most {MAX_GLYPHS} tours (the Private Use codepoints U+E000 to U+F8FF), and this selection has {n}: narrow it with --classes, --range A..B or --limit {MAX_GLYPHS}"
        ))
    };
    let by_index = direct.is_some();
    // Tours of the board, where a diagram or the halves know them.
    let total = zdd
        .as_ref()
        .map(|z| z.count())
        .or(halves.as_ref().map(|h| h.count()));
    let by_halves = match (&halves, req.pick.sample) {
        (Some(_), Some(k)) if k as usize > MAX_GLYPHS => return Err(too_many(k.to_string())),
        (Some(ids), _) => Some(super::halves::picked(
            ids,
            &req.pick,
            &mut r,
            "making a font of",
            MAX_GLYPHS,
            &too_many,
        )?),
        (None, _) => None,
    };
    let g = &r.graph;
    let board = g.board();
    let picked: Vec<(u128, Tour)> = match (req.pick.sample, &zdd, direct) {
        (_, _, Some(items)) => items.into_iter().map(|it| (it.id, it.tour)).collect(),
        (_, None, None) => by_halves
            .expect("a diagram or the halves unless the direct path")
            .into_iter()
            .map(|it| (it.id, it.tour))
            .collect(),
        (Some(k), Some(_), _) if k as usize > MAX_GLYPHS => {
            return Err(too_many(k.to_string()));
        }
        // Uniform over the symmetric tours, as `list --sample --symmetry` draws them.
        (Some(k), Some(zdd), _) => match r.query.symmetry {
            Some(sym) => {
                tourglyph_engine::symmetric_tours::sample_filtered(zdd, g, sym, req.pick.seed, k)?
            }
            None => Sampler::new(req.pick.seed).tours(zdd, k as usize)?,
        },
        (None, Some(zdd), _) => {
            let mut v = Vec::new();
            let mut over = false;
            stream(
                zdd,
                g,
                &r.query,
                |it: &Item| (it.id, it.tour.clone()),
                |t| {
                    if v.len() == MAX_GLYPHS {
                        over = true;
                        return Ok(Flow::Stop);
                    }
                    v.push(t);
                    Ok(Flow::Continue)
                },
            )?;
            if over {
                return Err(too_many(format!("more than {MAX_GLYPHS}")));
            }
            v
        }
    };
    if picked.is_empty() {
        if let Some(e) = super::empty_selection(&r, &req.pick, total, "nothing to put in a font") {
            return Err(e);
        }
        return Err(Error::runtime(
            "nothing to put in a font: the selection holds no tours",
        ));
    }
    let piece = g.piece().to_string();
    let torus = g.topology().is_torus();
    let prefix = {
        let p: String = piece
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        let torus = if torus { "torus_" } else { "" };
        let kind = match (by_index, r.query.symmetry, r.kind.is_closed()) {
            (true, Some(s), _) => format!("{}_", s.word()),
            (_, _, true) => String::new(),
            (_, _, false) => "open_".to_string(),
        };
        if piece == "rook" {
            format!("tour_{torus}{board}_{kind}")
        } else {
            format!("tour_{p}_{torus}{board}_{kind}")
        }
    };
    let ids: Vec<u128> = picked.iter().map(|(id, _)| *id).collect();
    let names = glyph_names(&prefix, &ids);
    let glyphs: Vec<FontGlyph> = picked
        .par_iter()
        .zip(names.par_iter())
        .map(|((_, t), name)| FontGlyph {
            name: name.clone(),
            shape: outline(&glyph_data(t, g, style), style),
        })
        .collect();
    let font = tourglyph_draw::ttf::build(&glyphs, board.rows, board.cols, family)?;
    let mut map = String::from("[\n");
    let id_key = if by_index { "index" } else { "id" };
    for (i, (id, t)) in picked.iter().enumerate() {
        let cells: Vec<[u32; 2]> = t.coords(g).into_iter().map(|(r, c)| [r, c]).collect();
        let mut row = serde_json::json!({
            "codepoint": format!("U+{:04X}", FIRST as usize + i),
            "glyph": names[i],
            id_key: u64::try_from(*id).map_or_else(|_| serde_json::Value::from(id.to_string()), serde_json::Value::from),
            "cells": cells,
        });
        if torus {
            row["torus"] = serde_json::Value::Bool(true);
        }
        map.push_str(&row.to_string());
        map.push_str(if i + 1 < picked.len() { ",\n" } else { "\n" });
    }
    map.push_str("]\n");
    let entries: Vec<SpecimenEntry> = picked
        .iter()
        .map(|(id, _)| SpecimenEntry {
            caption: id.to_string(),
        })
        .collect();
    // What the font holds, as a sheet's footer says it (one describer for every set).
    let title = format!(
        "{family}: {}",
        crate::describe::describe_selection(
            g,
            &r.query,
            r.kind.is_closed(),
            (
                picked.len() as u64,
                total,
                req.pick.sample.map(|_| req.pick.seed),
            ),
        )
    );
    let sheet = specimen::sheet(&font, family, &entries, &title, &fonts)?;
    let pdf = Format::Pdf.write_font_sheet(&sheet, fonts)?;
    Ok(FontFiles {
        ttf: font,
        map,
        specimen: pdf,
    })
}

/// [`make`] on a shaped board: one glyph per tuple of tours the selection picks (by
/// tuple ID, as `list --shape` numbers them), each the outline of the tuple's closed
/// lines in the em box of the shape's bounding board; the map gives each glyph's
/// `id` and its `parts` (each part's cells as `[row, col]` in walking order).
fn make_shape(
    req: &FontRequest,
    style: &Style,
    shape: &super::shaped_board::ShapeRequest,
    family: &str,
    fonts: std::sync::Arc<Fonts>,
) -> Result<FontFiles> {
    use super::shaped_board::{diagrams, ids, tuple};
    let (s, d) = diagrams(&req.spec, shape, req.pick.force)?;
    let chosen: Vec<u128> = ids(d.count(), &req.pick)?.take(MAX_GLYPHS + 1).collect();
    if chosen.len() > MAX_GLYPHS {
        return Err(Error::usage(format!(
            "a font holds at most {MAX_GLYPHS} tours (the Private Use codepoints U+E000 to U+F8FF), and this selection has more: narrow it with --range A..B, --limit {MAX_GLYPHS} or --sample K"
        )));
    }
    if chosen.is_empty() {
        return Err(Error::usage(format!(
            "nothing to put in a font: the selection holds none of the shape's {} tuples of tours (IDs 0 to {})",
            d.count(),
            d.count() - 1
        )));
    }
    let b = s.board();
    let piece = req.spec.piece.clone();
    let prefix = {
        let p: String = piece
            .to_string()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        match piece.is_rook() {
            true => format!("shape_{b}_"),
            false => format!("shape_{p}_{b}_"),
        }
    };
    let names = glyph_names(&prefix, &chosen);
    let tuples: Vec<Vec<Vec<u32>>> = chosen.iter().map(|&id| tuple(&d, id)).collect();
    let glyphs: Vec<FontGlyph> = tuples
        .par_iter()
        .zip(names.par_iter())
        .map(|(parts, name)| {
            let parts: Vec<_> = parts
                .iter()
                .map(|p| tourglyph_layout::shape_glyph::part_glyph(&s, p, style))
                .collect();
            FontGlyph {
                name: name.clone(),
                shape: tourglyph_layout::shape_glyph::shape_outline(&parts, style),
            }
        })
        .collect();
    let font = tourglyph_draw::ttf::build(&glyphs, b.rows, b.cols, family)?;
    let mut map = String::from("[\n");
    for (i, (id, parts)) in chosen.iter().zip(&tuples).enumerate() {
        let parts: Vec<Vec<[u32; 2]>> = parts
            .iter()
            .map(|p| {
                p.iter()
                    .map(|&c| b.coords(c))
                    .map(|(r, c)| [r, c])
                    .collect()
            })
            .collect();
        let row = serde_json::json!({
            "codepoint": format!("U+{:04X}", FIRST as usize + i),
            "glyph": names[i],
            "id": u64::try_from(*id).map_or_else(|_| serde_json::Value::from(id.to_string()), serde_json::Value::from),
            "parts": parts,
        });
        map.push_str(&row.to_string());
        map.push_str(if i + 1 < chosen.len() { ",\n" } else { "\n" });
    }
    map.push_str("]\n");
    let entries: Vec<SpecimenEntry> = chosen
        .iter()
        .map(|id| SpecimenEntry {
            caption: id.to_string(),
        })
        .collect();
    let what = match req.pick.sample {
        Some(k) => format!("{k} drawn at random (seed {}) of", req.pick.seed),
        None => format!("{} of", chosen.len()),
    };
    let title = format!(
        "{family}: {what} {} closed {piece} tour tuples of a shape of {} cells in {b} ({})",
        d.count(),
        s.len(),
        crate::describe::count(d.parts.len() as u128, "part", "parts")
    );
    let sheet = specimen::sheet(&font, family, &entries, &title, &fonts)?;
    let pdf = Format::Pdf.write_font_sheet(&sheet, fonts)?;
    Ok(FontFiles {
        ttf: font,
        map,
        specimen: pdf,
    })
}

/// Glyph names `PREFIX` + ID, a repeated ID (a sample) numbered `_2`, `_3`, ….
fn glyph_names(prefix: &str, ids: &[u128]) -> Vec<String> {
    let mut seen: FxHashMap<u128, u32> = FxHashMap::default();
    ids.iter()
        .map(|id| {
            let k = seen.entry(*id).or_insert(0);
            *k += 1;
            if *k == 1 {
                format!("{prefix}{id}")
            } else {
                format!("{prefix}{id}_{k}")
            }
        })
        .collect()
}

/// A font's file name ends in `.ttf`, the format it is (TrueType): refuse another
/// extension (`-o x.woff` would hold TrueType under a WOFF name), or none.
fn check_font_name(out: &Path) -> Result<()> {
    let ext = out.extension().and_then(|e| e.to_str()).unwrap_or("");
    if ext.eq_ignore_ascii_case("ttf") {
        return Ok(());
    }
    let fix = out.with_extension("ttf");
    Err(Error::usage(match ext {
        "" => format!(
            "{}: no extension: font writes a TrueType font (.ttf): name the file {}",
            out.display(),
            fix.display()
        ),
        "json" | "pdf" => format!(
            "{}: the map and the specimen are written beside the font as NAME.json and NAME.pdf: name the font {}",
            out.display(),
            fix.display()
        ),
        e => format!(
            "{}: the extension '.{e}' is not TrueType, which font writes (.ttf): name the file {}",
            out.display(),
            fix.display()
        ),
    }))
}

/// Longest family name, in UTF-16 code units: the `name` table holds it twice (family and
/// full name) in UTF-16, with 16-bit offsets.
const MAX_FAMILY: usize = 10_000;
