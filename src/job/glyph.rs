//! `glyph`: one tour as a glyph, on a page exactly its size (SVG by default, PDF,
//! PostScript, EPS or PNG by extension or format), to take into a design tool.
//!
//! The tour is given by its ID (unranked by the frontier diagram), by its cells (the
//! user's own, validated: the error names the first illegal step), or drawn at random
//! with a seed (uniform: the first tour `list --sample 1 --seed S` draws). Written to
//! stdout or a writer, the format is SVG unless asked. On the torus, the tour is drawn as
//! a tile ([`super::tile`]).

use super::{Draw, Opened, Target, single_format};
use crate::engine::frontier::Zdd;
use crate::layout::glyph::{glyph_data, reach};
use crate::layout::grid::Grid;
use crate::layout::style::Style;
use crate::layout::{Sheet, SheetText};
use crate::render::pdf::{PdfOptions, PdfWriter};
use crate::render::png::{PngOptions, PngPage, pixels};
use crate::render::ps::{PsOptions, PsWriter};
use crate::render::svg::SvgWriter;
use crate::render::{Backend, Format, GlyphData, Label};
use crate::sample::Sampler;
use crate::{Board, Error, LeapGraph, Piece, Result, Tour, TourKind};
use std::sync::{Arc, Mutex};

/// One glyph, as `glyph`'s flags give it.
#[derive(Clone, Debug, PartialEq)]
pub struct GlyphRequest {
    /// The piece as written.
    pub piece: String,
    /// The board as written.
    pub board: String,
    /// An open tour.
    pub open: bool,
    /// A tour on the torus, drawn as a tile.
    pub torus: bool,
    /// With `torus`: the tile drawn R×C times, as written (`4x4`).
    pub repeat: Option<String>,
    /// With `torus` and SVG: the tile as an SVG `<pattern>`.
    pub pattern: bool,
    /// The tour's ID, as written.
    pub id: Option<String>,
    /// The user's own tour: cells separated by spaces or semicolons.
    pub tour: Option<String>,
    /// A uniformly random tour, drawn with `seed`.
    pub random: bool,
    /// With `random`: among the tours this symmetry fixes, as written.
    pub symmetry: Option<String>,
    /// Seed for `random`.
    pub seed: u64,
    /// `svg`, `pdf`, `ps`, `eps` or `png`; `None`: from the file's extension (SVG on a
    /// writer or stdout).
    pub format: Option<String>,
    /// The glyph's size: `50mm`, `5cm`, `2in`.
    pub size: String,
    /// A built-in style name or the path of a TOML file.
    pub style: String,
    /// The style and raster flags over the style.
    pub draw: Draw,
    /// Build the diagram even when the estimate says it cannot finish in reasonable time
    /// (and write PNG images over 100 megapixels).
    pub force: bool,
}

impl Default for GlyphRequest {
    fn default() -> Self {
        GlyphRequest {
            piece: "rook".into(),
            board: String::new(),
            open: false,
            torus: false,
            repeat: None,
            pattern: false,
            id: None,
            tour: None,
            random: false,
            symmetry: None,
            seed: 0,
            format: None,
            size: "50mm".into(),
            style: "line".into(),
            draw: Draw::default(),
            force: false,
        }
    }
}

/// Draw the glyph `a` asks for to `target`; returns its format.
pub fn glyph(a: &GlyphRequest, target: Target<'_>) -> Result<Format> {
    let style = super::style_with(&a.style, &a.draw)?;
    let png = super::png_options(&a.draw, a.force);
    let format = single_format(a.format.as_deref(), &target)?;
    let size = parse_size(&a.size)?;
    let piece: Piece = a.piece.parse()?;
    let board: Board = a.board.parse()?;
    let kind = if a.open {
        TourKind::Open
    } else {
        TourKind::Closed
    };
    if a.torus {
        let g = crate::torus::graph(board, &piece, kind)?;
        let (tour, title, _) = pick(a, &g, kind)?;
        let tile = super::tile::TileArgs::parse(a, format)?;
        super::tile::write_tile(&tour, &g, &style, size, format, title, &tile, target)?;
        return Ok(format);
    }
    let g = LeapGraph::new(board, &piece)?;
    let (tour, title, id) = pick(a, &g, kind)?;
    // How to draw this very picture again, for the SVG's description.
    let desc = format!("{title}. Drawn by: {}", redraw(a, &tour, &g, id));
    let label = Label {
        id: id.map_or("tour".to_string(), |id| format!("tour-{id}")),
        title,
    };
    write_glyph(&tour, &g, &style, size, format, png, (label, desc), target)?;
    Ok(format)
}

/// The command that draws the same SVG again (to stdout): `tourglyph glyph` with the tour (its ID, or
/// its cells written canonically, so `A1 …` and `a1 …` draw the same bytes) and every flag
/// that changes the picture (style, colours, width, joins, caps, padding, outline, size),
/// each value quoted for a POSIX shell where it needs it.
fn redraw(a: &GlyphRequest, tour: &Tour, g: &LeapGraph, id: Option<u128>) -> String {
    let mut words: Vec<String> = vec!["tourglyph".into(), "glyph".into()];
    let flag = |words: &mut Vec<String>, f: &str, v: &str| {
        words.push(f.to_string());
        words.push(shell_word(v));
    };
    flag(&mut words, "--piece", &g.piece().to_string());
    flag(&mut words, "--board", &g.board().to_string());
    if a.open {
        words.push("--open".into());
    }
    match (a.random, id) {
        // The same draw again (its title names the draw: ID, symmetry, index).
        (true, _) => {
            words.push("--random".into());
            flag(&mut words, "--seed", &a.seed.to_string());
            if let Some(s) = &a.symmetry {
                flag(&mut words, "--symmetry", s);
            }
        }
        (false, Some(id)) => flag(&mut words, "--id", &id.to_string()),
        (false, None) => flag(&mut words, "--tour", &tour.algebraic(g)),
    }
    if a.style != GlyphRequest::default().style {
        flag(&mut words, "--style", &a.style);
    }
    for (key, value) in a.draw.overrides() {
        match key {
            "outline" => {}
            "stroke_width" => flag(&mut words, "--width", &value),
            k => flag(&mut words, &format!("--{k}"), &value),
        }
    }
    if a.size != GlyphRequest::default().size {
        flag(&mut words, "--size", &a.size);
    }
    if a.draw.outline {
        words.push("--outline".into());
    }
    // To stdout, whose format is SVG: the same bytes whatever the file was called.
    words.extend(["-o".into(), "-".into()]);
    words.join(" ")
}

/// `s` as one word of a POSIX shell command: as it is when it holds only characters no
/// shell treats specially, else in single quotes.
pub(super) fn shell_word(s: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "._/:,+-=@%".contains(c);
    if !s.is_empty() && s.chars().all(plain) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// Write one tour as a glyph on a page exactly its size (`size` mm for the larger side),
/// to `target` (a file atomically). Shared by `glyph`, `find -o` and `render --split`. `about` names the tour: its label (the
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
    target: Target<'_>,
) -> Result<()> {
    let style = style.clone();
    let glyph = glyph_data(tour, g, &style);
    let mut grid = Grid::single(g.board(), size, style.padding)?;
    grid.spec.reach = reach(&style, g.piece(), tour.kind.is_closed());
    if format == Format::Png {
        pixels(grid.width, grid.height, png)?;
    }
    let out = Opened::open(target)?;
    let (label, desc) = about;
    let title = label.title.clone();
    let mut bytes = Vec::new();
    match format {
        Format::Pdf => {
            let opts = PdfOptions {
                title,
                threads: 0,
                ..PdfOptions::default()
            };
            draw(
                PdfWriter::new(&mut bytes, opts),
                &glyph,
                grid,
                &style,
                &label,
            )?
            .into_inner();
        }
        Format::Ps | Format::Eps => {
            let opts = PsOptions {
                title,
                eps: format == Format::Eps,
                ..PsOptions::default()
            };
            draw(
                PsWriter::new(&mut bytes, opts),
                &glyph,
                grid,
                &style,
                &label,
            )?
            .into_inner();
        }
        Format::Svg => {
            let w = SvgWriter::new(one_page("svg")).with_meta(&title, &desc);
            for page in draw(w, &glyph, grid, &style, &label)?.into_writers() {
                bytes = page;
            }
        }
        Format::Png => {
            let w = SvgWriter::new(Box::new(move |_| Ok(PngPage::new(Vec::new(), png))));
            for page in draw(w, &glyph, grid, &style, &label)?.into_writers() {
                bytes = page.into_inner();
            }
        }
    }
    out.finish(&bytes)
}

/// The page opener of a one-page drawing made in memory (`what` names the format).
pub(super) fn one_page(what: &'static str) -> crate::render::svg::PageOpener<Vec<u8>> {
    let mut first = true;
    Box::new(move |_| {
        if std::mem::take(&mut first) {
            Ok(Vec::new())
        } else {
            Err(Error::runtime(format!("{what}: one glyph is one page")))
        }
    })
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
fn pick(a: &GlyphRequest, g: &LeapGraph, kind: TourKind) -> Result<(Tour, String, Option<u128>)> {
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
    let zdd = || diagram(g, kind, a.force);
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
        let s: crate::symmetric::Symmetry = sym.parse()?;
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
        let z = zdd()?;
        return random_symmetric(a, g, sym, &what, &z);
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
    a: &GlyphRequest,
    g: &LeapGraph,
    sym: &str,
    what: &str,
    z: &Zdd,
) -> Result<(Tour, String, Option<u128>)> {
    let sym: crate::symmetric::Symmetry = sym.parse()?;
    sym.elements(g.board())?;
    if z.count() > super::WALK_LIMIT && !a.force {
        return Err(Error::refused(
            crate::error::Refusal::Time,
            true,
            format!(
                "{} tours of {}: too many to search for symmetric ones (the limit is {}); add --force",
                z.count(),
                g.board(),
                super::WALK_LIMIT
            ),
        ));
    }
    let ids = crate::symmetric::ids(z, g, sym)?;
    if ids.is_empty() {
        let why = sym
            .why_none(g.board())
            .unwrap_or_else(|| format!("no {what} is fixed by {}", sym.word()));
        return Err(Error::runtime(why));
    }
    // The sampler of `list --sample` over the symmetric tours' own order.
    let i = crate::sample::Sampler::new(a.seed)
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

/// Diagrams kept for the next glyph of the same kind (a server draws many in a row).
const KEPT: usize = 2;

/// The diagram of `kind` tours of `g`, built once per process for the last [`KEPT`]
/// kinds asked for (a diagram is a pure function of piece, board, topology and kind).
fn diagram(g: &LeapGraph, kind: TourKind, force: bool) -> Result<Arc<Zdd>> {
    type Key = (String, String, bool, bool);
    static KEEP: Mutex<Vec<(Key, Arc<Zdd>)>> = Mutex::new(Vec::new());
    let key = (
        g.piece().to_string(),
        g.board().to_string(),
        g.topology().is_torus(),
        kind.is_closed(),
    );
    let kept = KEEP.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, z)) = kept.iter().find(|(k, _)| *k == key) {
        return Ok(z.clone());
    }
    drop(kept); // build without holding the lock: other kinds go on meanwhile
    let z = Arc::new(Zdd::build_with_budget(g, kind, &super::budget(force))?);
    let mut kept = KEEP.lock().unwrap_or_else(|e| e.into_inner());
    if !kept.iter().any(|(k, _)| *k == key) {
        if kept.len() == KEPT {
            kept.remove(0);
        }
        kept.push((key, z.clone()));
    }
    Ok(z)
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
