//! `tourglyph font`: a TrueType font of the selected tours ([`tourglyph::draw::ttf`]), one
//! glyph per tour at U+E000 + index, with `NAME.json` (codepoint → ID, cells) and a
//! specimen `NAME.pdf` beside `NAME.ttf`, the three written as a set, all or none
//! ([`write_files`]). The family is checked against the text faces (`--font FILE` first,
//! then the bundled ones) before any tour is drawn.

use super::args::FontArgs;
use super::common::{build_zdd, check_walk, pick, resolve};
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::path::Path;
use tourglyph::draw::text::Fonts;
use tourglyph::engine::Flow;
use tourglyph::engine::sample::Sampler;
use tourglyph::job::symmetric_tours;
use tourglyph::layout::glyph::glyph_data;
use tourglyph::layout::outline::outline;
use tourglyph::layout::style::Style;
use tourglyph::output::write_files;
use tourglyph::{Error, Result, Tour};
use tourglyph::{draw::ttf::FIRST, draw::ttf::FontGlyph, draw::ttf::MAX_GLYPHS};
use tourglyph::{engine::select::Item, engine::select::stream};
use tourglyph::{layout::specimen, layout::specimen::Entry};

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

/// Run `font`.
pub fn run(a: FontArgs, quiet: bool) -> Result<()> {
    let mut style = Style::resolve(&a.style)?;
    for (flag, key, v) in [
        ("--width", "stroke_width", &a.width),
        ("--cap", "cap", &a.cap),
        ("--join", "join", &a.join),
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
    if a.output.as_os_str() == "-" {
        return Err(Error::usage(
            "font writes three files (NAME.ttf, NAME.json, NAME.pdf): give -o NAME.ttf, not -o -",
        ));
    }
    check_font_name(&a.output)?;
    let family = a.family.trim();
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
    let fonts = Fonts::with_user(a.font.as_deref().or(style.font.as_deref()))?;
    tourglyph::draw::text::check(&fonts, family)?;
    let mut r = resolve(&a.spec, Some(&a.sel))?;
    // `--symmetry` on boards over 8x8: the symmetric tours found directly, numbered by
    // their index among them (the map's `index`, the glyph names `tour_14x14_rot90_I`).
    let direct = match symmetric_tours::applies(&r) {
        true => Some(symmetric_tours::items(
            &pick(&a.sel),
            &mut r,
            MAX_GLYPHS,
            "making a font of",
        )?),
        false => None,
    };
    let zdd = match direct {
        Some(_) => None,
        None => Some(build_zdd(&r, a.sel.force)?),
    };
    if let Some(zdd) = &zdd {
        r.fix_range(zdd.count());
        check_walk(zdd.count(), &r, &a.sel, "making a font of")?;
    }
    let g = &r.graph;
    let board = g.board();
    let too_many = |n: String| {
        Error::usage(format!(
            "a font holds at most {MAX_GLYPHS} tours (the Private Use codepoints U+E000 to U+F8FF), and this selection has {n}: narrow it with --classes, --range A..B or --limit {MAX_GLYPHS}"
        ))
    };
    let picked: Vec<(u128, Tour)> = match (a.sel.sample, &zdd, direct) {
        (_, _, Some(items)) => items.into_iter().map(|it| (it.id, it.tour)).collect(),
        (_, None, None) => unreachable!("a diagram unless the direct path"),
        (Some(k), Some(_), _) if k as usize > MAX_GLYPHS => {
            return Err(too_many(k.to_string()));
        }
        // Uniform over the symmetric tours, as `list --sample --symmetry` draws them.
        (Some(k), Some(zdd), _) => match r.query.symmetry {
            Some(sym) => {
                tourglyph::engine::symmetric_tours::sample_filtered(zdd, g, sym, a.sel.seed, k)?
            }
            None => Sampler::new(a.sel.seed).tours(zdd, k as usize)?,
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
        let total = zdd.as_ref().map(|z| z.count());
        if let Some(e) =
            tourglyph::job::empty_selection(&r, &pick(&a.sel), total, "nothing to put in a font")
        {
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
        let kind = match (zdd.is_none(), r.query.symmetry, r.kind.is_closed()) {
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
    let mut seen: FxHashMap<u128, u32> = FxHashMap::default();
    let names: Vec<String> = picked
        .iter()
        .map(|(id, _)| {
            let k = seen.entry(*id).or_insert(0);
            *k += 1;
            if *k == 1 {
                format!("{prefix}{id}")
            } else {
                format!("{prefix}{id}_{k}")
            }
        })
        .collect();
    let glyphs: Vec<FontGlyph> = picked
        .par_iter()
        .zip(names.par_iter())
        .map(|((_, t), name)| FontGlyph {
            name: name.clone(),
            shape: outline(&glyph_data(t, g, &style), &style),
        })
        .collect();
    let font = tourglyph::draw::ttf::build(&glyphs, board.rows, board.cols, family)?;
    let mut map = String::from("[\n");
    let id_key = if zdd.is_some() { "id" } else { "index" };
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
    let entries: Vec<Entry> = picked
        .iter()
        .map(|(id, _)| Entry {
            caption: id.to_string(),
        })
        .collect();
    // What the font holds, as a sheet's footer says it (one describer for every set).
    let title = format!(
        "{family}: {}",
        tourglyph::job::sheet::describe_selection(
            g,
            &r.query,
            r.kind.is_closed(),
            (
                picked.len() as u64,
                zdd.as_ref().map(|z| z.count()),
                a.sel.sample.map(|_| a.sel.seed),
            ),
        )
    );
    let pdf = specimen::pdf(&font, family, &entries, &title, fonts)?;
    let out: &Path = &a.output;
    let (json, spec) = (out.with_extension("json"), out.with_extension("pdf"));
    write_files(
        &[(out, &font), (&json, map.as_bytes()), (&spec, &pdf)],
        a.out.options(),
    )?;
    super::common::report_files(quiet, [out, &json, &spec]);
    Ok(())
}

/// Longest family name, in UTF-16 code units: the `name` table holds it twice (family and
/// full name) in UTF-16, with 16-bit offsets.
const MAX_FAMILY: usize = 10_000;
