//! `tourglyph glyph`: one tour as a glyph, on a page exactly its size (SVG by default, PDF
//! or PostScript by extension or `--format`), to take into a design tool.
//!
//! The tour is `--id N` (unranked by the frontier diagram), `--tour CELLS` (the user's own,
//! validated: the error names the first illegal step), or `--random --seed S` (uniform:
//! the first tour `list --sample 1 --seed S` draws). `-o -` writes SVG unless `--format`.

use super::args::GlyphArgs;
use tourglyph::engine::frontier::Zdd;
use tourglyph::layout::glyph::{glyph_data, reach};
use tourglyph::layout::grid::Grid;
use tourglyph::layout::style::Style;
use tourglyph::layout::{Sheet, SheetText};
use tourglyph::output::{OutOptions, open_out_with};
use tourglyph::render::pdf::{PdfOptions, PdfWriter};
use tourglyph::render::png::{PngOptions, PngPage, pixels};
use tourglyph::render::ps::{PsOptions, PsWriter};
use tourglyph::render::svg::SvgWriter;
use tourglyph::render::{Backend, Format, GlyphData, Label};
use tourglyph::sample::Sampler;
use tourglyph::{Board, Error, LeapGraph, Piece, Result, Tour, TourKind};

/// Run `glyph`.
pub fn run(a: GlyphArgs) -> Result<()> {
    let style = super::common::style_with(&a.style, &a.draw)?;
    let png = super::common::png_options(&a.draw, a.force);
    let format = match &a.format {
        Some(f) => Format::parse(f)?,
        // A single glyph on stdout is for a design tool or a browser: SVG.
        None if a.output.as_os_str() == "-" => Format::Svg,
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
        let (tour, title, _) = pick(&a, &g, kind)?;
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
    let (tour, title, id) = pick(&a, &g, kind)?;
    // How to draw this very tour again, for the SVG's description.
    let open = if a.open { " --open" } else { "" };
    let which = match (id, &a.tour) {
        (Some(id), _) => format!("--id {id}"),
        // The tour's own cells, written canonically (so `A1 …` and `a1 …` draw the same bytes).
        (None, Some(_)) => format!("--tour '{}'", tour.algebraic(&g)),
        (None, None) => String::new(),
    };
    let desc = format!(
        "{title}. Drawn by: tourglyph glyph --piece {} --board {}{open} {which}",
        g.piece(),
        g.board()
    );
    let label = Label {
        id: id.map_or("tour".to_string(), |id| format!("tour-{id}")),
        title,
    };
    write_glyph(
        &tour,
        &g,
        &style,
        size,
        format,
        png,
        (label, desc),
        &a.output,
        a.out.options(),
    )
}

/// Write one tour as a glyph on a page exactly its size (`size` mm for the larger side),
/// atomically. Shared by `glyph`, `find -o` and `render --split`. `about` names the tour: its label (the
/// title goes into the document's metadata in every format; SVG also gives the glyph's
/// path the label's id and title) and a description (SVG `<desc>`; empty for none).
#[allow(clippy::too_many_arguments)]
pub fn write_glyph(
    tour: &Tour,
    g: &LeapGraph,
    style: &Style,
    size: f64,
    format: Format,
    png: PngOptions,
    about: (Label, String),
    path: &std::path::Path,
    opts: OutOptions,
) -> Result<()> {
    let style = style.clone();
    let glyph = glyph_data(tour, g, &style);
    let mut grid = Grid::single(g.board(), size, style.padding)?;
    grid.spec.reach = reach(&style, g.piece(), tour.kind.is_closed());
    if format == Format::Png {
        pixels(grid.width, grid.height, png)?;
    }
    let out = open_out_with(path, opts)?;
    let (label, desc) = about;
    let title = label.title.clone();
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
            &label,
        )?
        .into_inner()
        .commit(),
        Format::Ps | Format::Eps => draw(
            PsWriter::new(
                out,
                PsOptions {
                    title,
                    eps: format == Format::Eps,
                    ..PsOptions::default()
                },
            ),
            &glyph,
            grid,
            &style,
            &label,
        )?
        .into_inner()
        .commit(),
        Format::Svg => {
            let mut out = Some(out);
            let w = SvgWriter::new(Box::new(move |_| {
                out.take()
                    .ok_or_else(|| Error::runtime("svg: one glyph is one page"))
            }))
            .with_meta(&title, &desc);
            for o in draw(w, &glyph, grid, &style, &label)?.into_writers() {
                o.commit()?;
            }
            Ok(())
        }
        Format::Png => {
            let mut out = Some(PngPage::new(out, png));
            let w = SvgWriter::new(Box::new(move |_| {
                out.take()
                    .ok_or_else(|| Error::runtime("png: one glyph is one page"))
            }));
            for o in draw(w, &glyph, grid, &style, &label)?.into_writers() {
                o.into_inner().commit()?;
            }
            Ok(())
        }
    }
}

fn draw<B: Backend>(
    b: B,
    glyph: &GlyphData,
    grid: Grid,
    style: &Style,
    label: &Label,
) -> Result<B> {
    let mut sheet = Sheet::new(b, grid, style, SheetText::default());
    sheet.push_labelled(glyph, "", Some(label))?;
    sheet.finish()
}

/// The tour asked for, a title naming it, and its ID when known (not for `--tour`).
fn pick(a: &GlyphArgs, g: &LeapGraph, kind: TourKind) -> Result<(Tour, String, Option<u128>)> {
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
        let article = if what.starts_with('o') { "an" } else { "a" };
        return Ok((t, format!("{article} {what}"), None));
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
        return Ok((t, format!("{what}, ID {id}"), Some(id)));
    }
    if let (true, Some(sym)) = (a.random, &a.symmetry) {
        // Boards over 8x8: drawn from the symmetric tours found directly.
        let s: tourglyph::symmetric::Symmetry = sym.parse()?;
        s.elements(g.board())?;
        if super::symmetric::applies_to(g, kind, s) {
            let (t, i, id) = super::symmetric::random(g, s, a.seed, a.force)?;
            let id_text = id.map_or(String::new(), |id| format!(", ID {id}"));
            return Ok((
                t,
                format!("{what}, {} symmetric, index {i}{id_text}", s.word()),
                id,
            ));
        }
        return random_symmetric(a, g, sym, &what, zdd()?);
    }
    if a.random {
        let z = zdd()?;
        if z.count() == 0 {
            return Err(Error::runtime(format!(
                "no {what} exists to pick at random"
            )));
        }
        // The sampler of `list --sample` and `render --sample`: one seed, one tour.
        let (id, t) = Sampler::new(a.seed)
            .stream(&z, 1)?
            .next()
            .ok_or_else(|| Error::runtime("the sampler drew no tour"))?;
        return Ok((t, format!("{what}, ID {id}"), Some(id)));
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
) -> Result<(Tour, String, Option<u128>)> {
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
    // The sampler of `list --sample` over the symmetric tours' own order.
    let i = tourglyph::sample::Sampler::new(a.seed)
        .ids(ids.len() as u128, 1)?
        .next()
        .ok_or_else(|| Error::runtime("the sampler drew no tour"))?;
    let id = ids[i as usize];
    let t = z
        .unrank(id)
        .ok_or_else(|| Error::runtime(format!("unrank({id}) failed")))?;
    Ok((
        t,
        format!("{what}, {} symmetric, ID {id}", sym.word()),
        Some(id),
    ))
}

/// `50mm`, `2in`, `5cm`, or a bare number of mm.
pub fn parse_size(s: &str) -> Result<f64> {
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
}
