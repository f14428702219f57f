//! `tourglyph glyph`: one tour as a glyph, on a page exactly its size (SVG by default, PDF
//! or PostScript by extension or `--format`), to take into a design tool.
//!
//! The tour is `--id N` (unranked by the frontier diagram), `--tour CELLS` (the user's own,
//! validated: the error names the first illegal step), or `--random --seed S` (uniform:
//! a uniform ID in [0, count) from a PCG seeded with S, unranked).

use super::args::GlyphArgs;
use rand_core::{Rng, SeedableRng};
use tourglyph::engine::frontier::Zdd;
use tourglyph::layout::glyph::glyph_data;
use tourglyph::layout::grid::Grid;
use tourglyph::layout::style::Style;
use tourglyph::layout::{Sheet, SheetText};
use tourglyph::output::{OutOptions, open_out_with};
use tourglyph::render::pdf::{PdfOptions, PdfWriter};
use tourglyph::render::ps::{PsOptions, PsWriter};
use tourglyph::render::svg::SvgWriter;
use tourglyph::render::{Backend, Format, GlyphData};
use tourglyph::{Board, Error, LeapGraph, Piece, Result, Tour, TourKind};

/// Run `glyph`.
pub fn run(a: GlyphArgs) -> Result<()> {
    let style = Style::resolve(&a.style)?;
    let format = match &a.format {
        Some(f) => Format::parse(f)?,
        None => Format::from_path(&a.output)?,
    };
    let size = parse_size(&a.size)?;
    let piece: Piece = a.piece.parse()?;
    let board: Board = a.board.parse()?;
    let kind = if a.open {
        TourKind::Open
    } else {
        TourKind::Closed
    };
    if a.torus {
        let g = tourglyph::torus::graph(board, &piece, kind)?;
        let (tour, title) = pick(&a, &g, kind)?;
        let tile = super::torus::TileArgs::parse(&a, format)?;
        return super::torus::write_tile(
            &tour,
            &g,
            &style,
            size,
            format,
            title,
            &tile,
            &a.output,
            a.out.options(),
        );
    }
    let g = LeapGraph::new(board, &piece)?;
    let (tour, title) = pick(&a, &g, kind)?;
    write_glyph(
        &tour,
        &g,
        &style,
        size,
        format,
        title,
        &a.output,
        a.out.options(),
    )
}

/// Write one tour as a glyph on a page exactly its size (`size` mm for the larger side),
/// atomically. Shared by `glyph` and `find -o`.
pub fn write_glyph(
    tour: &Tour,
    g: &LeapGraph,
    style: &Style,
    size: f64,
    format: Format,
    title: String,
    path: &std::path::Path,
    opts: OutOptions,
) -> Result<()> {
    let style = style.clone();
    let glyph = glyph_data(tour, g, &style);
    let grid = Grid::single(g.board(), size, style.padding)?;
    let out = open_out_with(path, opts)?;
    match format {
        Format::Pdf => draw(
            PdfWriter::new(
                out,
                PdfOptions {
                    title,
                    threads: 0,
                    ..PdfOptions::default()
                },
            ),
            &glyph,
            grid,
            &style,
        )?
        .into_inner()
        .commit(),
        Format::Ps => draw(
            PsWriter::new(out, PsOptions { title }),
            &glyph,
            grid,
            &style,
        )?
        .into_inner()
        .commit(),
        Format::Svg => {
            let mut out = Some(out);
            let w = SvgWriter::new(Box::new(move |_| {
                out.take()
                    .ok_or_else(|| Error::runtime("svg: one glyph is one page"))
            }));
            for o in draw(w, &glyph, grid, &style)?.into_writers() {
                o.commit()?;
            }
            Ok(())
        }
    }
}

fn draw<B: Backend>(b: B, glyph: &GlyphData, grid: Grid, style: &Style) -> Result<B> {
    let mut sheet = Sheet::new(b, grid, style, SheetText::default());
    sheet.push(glyph, "")?;
    sheet.finish()
}

/// The tour asked for, and a title naming it.
fn pick(a: &GlyphArgs, g: &LeapGraph, kind: TourKind) -> Result<(Tour, String)> {
    let what = format!(
        "{} {} tour of {}{}",
        kind.word(),
        g.piece(),
        g.board(),
        if g.topology().is_torus() {
            " (torus)"
        } else {
            ""
        }
    );
    if let Some(cells) = &a.tour {
        let cells = g.board().parse_cells(cells)?;
        let t = Tour::from_cells(g, &cells, kind).map_err(|e| {
            if kind.is_closed() && e.to_string().contains("closing step") {
                Error::usage(format!("{e}; for an open tour add --open"))
            } else {
                e
            }
        })?;
        return Ok((t, format!("a {what}")));
    }
    let zdd = || Zdd::build_with_budget(g, kind, &super::common::budget(a.force));
    if let Some(id) = &a.id {
        let id: u128 = id.trim().parse().map_err(|_| {
            Error::usage(format!(
                "bad tour ID '{id}': give a whole number from 0 (see `tourglyph count`)"
            ))
        })?;
        let z = zdd()?;
        let t = z.unrank(id).ok_or_else(|| {
            let n = z.count();
            let ids = if n == 0 {
                "none".to_string()
            } else {
                format!("IDs 0 to {}", n - 1)
            };
            Error::usage(format!(
                "no tour with ID {id}: {} has {n} {} {} tours ({ids})",
                g.board(),
                kind.word(),
                g.piece()
            ))
        })?;
        return Ok((t, format!("{what}, ID {id}")));
    }
    if let (true, Some(sym)) = (a.random, &a.symmetry) {
        return random_symmetric(a, g, sym, &what, zdd()?);
    }
    if a.random {
        let z = zdd()?;
        let n = z.count();
        if n == 0 {
            return Err(Error::runtime(format!(
                "no {what} exists to pick at random"
            )));
        }
        let id = uniform_below(n, a.seed);
        let t = z
            .unrank(id)
            .ok_or_else(|| Error::runtime(format!("unrank({id}) failed below count {n}")))?;
        return Ok((t, format!("{what}, ID {id}")));
    }
    Err(Error::usage(
        "say which tour: --id N, --tour CELLS, or --random [--seed S]",
    ))
}

/// `--random --symmetry`: a uniform choice among the tours the symmetry fixes, found by
/// filtering the diagram's walk (refused beyond the walk limit).
fn random_symmetric(
    a: &GlyphArgs,
    g: &LeapGraph,
    sym: &str,
    what: &str,
    z: Zdd,
) -> Result<(Tour, String)> {
    let sym: tourglyph::symmetric::Symmetry = sym.parse()?;
    sym.elements(g.board())?;
    if z.count() > super::common::WALK_LIMIT && !a.force {
        return Err(Error::usage(format!(
            "{} tours of {}: too many to search for symmetric ones (the limit is {}); add --force",
            z.count(),
            g.board(),
            super::common::WALK_LIMIT
        )));
    }
    let ids = tourglyph::symmetric::ids(&z, g, sym)?;
    if ids.is_empty() {
        let why = sym
            .why_none(g.board())
            .unwrap_or_else(|| format!("no {what} is fixed by {}", sym.word()));
        return Err(Error::runtime(why));
    }
    let id = ids[uniform_below(ids.len() as u128, a.seed) as usize];
    let t = z
        .unrank(id)
        .ok_or_else(|| Error::runtime(format!("unrank({id}) failed")))?;
    Ok((t, format!("{what}, {} symmetric, ID {id}", sym.word())))
}

/// A uniform integer in [0, n) from a PCG seeded with `seed` (rejection sampling on the
/// smallest power of two ≥ n, so every value is equally likely).
pub fn uniform_below(n: u128, seed: u64) -> u128 {
    assert!(n > 0);
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let bits = 128 - (n - 1).leading_zeros();
    loop {
        let x = (u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64());
        let x = if bits == 0 { 0 } else { x >> (128 - bits) };
        if x < n {
            return x;
        }
    }
}

/// `50mm`, `2in`, `5cm`, or a bare number of mm.
fn parse_size(s: &str) -> Result<f64> {
    let t = s.trim().to_ascii_lowercase();
    let (num, unit) = if let Some(n) = t.strip_suffix("mm") {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix("cm") {
        (n, 10.0)
    } else if let Some(n) = t.strip_suffix("in") {
        (n, 25.4)
    } else {
        (t.as_str(), 1.0)
    };
    match num.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && (x * unit).is_finite() => Ok(x * unit),
        _ => Err(Error::usage(format!(
            "bad size '{s}': write a length like 50mm, 5cm or 2in"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("50mm").unwrap(), 50.0);
        assert_eq!(parse_size("2in").unwrap(), 50.8);
        assert_eq!(parse_size("5cm").unwrap(), 50.0);
        assert_eq!(parse_size("40").unwrap(), 40.0);
        for bad in ["", "0mm", "-3mm", "abc", "5 furlongs"] {
            assert!(parse_size(bad).unwrap_err().is_usage(), "{bad}");
        }
    }

    #[test]
    fn uniform_is_in_range_seeded_and_spread() {
        assert_eq!(uniform_below(1, 7), 0);
        let a: Vec<u128> = (0..200).map(|s| uniform_below(6, s)).collect();
        assert!(a.iter().all(|&x| x < 6));
        let mut hist = [0u32; 6];
        for &x in &a {
            hist[x as usize] += 1;
        }
        // 200 draws over 6 values: each should appear (expected 33).
        assert!(hist.iter().all(|&h| h > 10), "{hist:?}");
        assert_eq!(uniform_below(1072, 5), uniform_below(1072, 5));
        let big = 1u128 << 100;
        assert!(uniform_below(big + 3, 1) < big + 3);
    }
}
