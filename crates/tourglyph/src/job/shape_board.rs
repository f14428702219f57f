//! A shaped board on the ordinary commands (issue 30): `count`, `list`, `glyph` and
//! `render` take `--shape FILE` (or `--shape-text TEXT`) in place of `--board`, and reuse
//! [`super::shape`]'s loading, diagrams, tuple IDs and glyphs: the same numbers and
//! drawings as `tourglyph shape count|tour|glyph`.
//!
//! A shape's tours are tuples of closed tours, one per part, numbered in mixed radix
//! ([`tourglyph_core::shape`]); the selection flags (`--range`, `--limit`, `--shard`,
//! `--sample K --seed S`) pick tuple IDs as they pick tour IDs on a board. What has no
//! meaning on a shape yet (open tours, classes, the crossing filter, the torus, a
//! symmetry, `--split`, animation, your own `--tour`) is refused with a one-line usage
//! error naming the flag.

use super::drawing::{FindRequest, GlyphRequest, SheetRequest};
use super::shape::{ShapeCount, ShapeDrawing, ShapePick, ShapeRequest, ShapeTour};
use super::{Pick, ShapeKeys, Spec, Target};
use crate::output::sheet_files::{SheetFiles, Written};
use crate::output::{check_stdout_pages, open_out_with};
use std::fmt::Write as _;
use std::io::Write;
use tourglyph_core::shape::Shape;
use tourglyph_core::{Error, Piece, Result};
use tourglyph_draw::text::Fonts;
use tourglyph_draw::{DocOptions, Format, Label, Sink};
use tourglyph_engine::sample::{Sampler, parse_shard, shard_range};
use tourglyph_engine::select::parse_range;
use tourglyph_engine::shape::ShapeDiagrams;
use tourglyph_layout::glyph::reach;
use tourglyph_layout::grid::GridSpec;
use tourglyph_layout::page::PageSpec;
use tourglyph_layout::shape_glyph::{draw_shape_glyph, part_glyph};
use tourglyph_layout::{Sheet, SheetText, sheet_layout, text_size};

/// The most glyphs `render --shape` draws on one sheet (and IDs it lists without a
/// stream): enough for a poster of small shapes.
pub const MAX_SHAPE_GLYPHS: u128 = 100_000;

/// The shaped board `spec` gives in place of its board (`None`: none is given): the one
/// place that turns the front doors' shape keys ([`ShapeKeys`]) into a shape request and
/// decides their defaults (a text is taken in 2×2 blocks unless `no_blocks`; a cell is
/// in when more than 0.3 of it is dark for a text, 0.5 for a picture).
pub fn shape_of(spec: &Spec) -> Result<Option<ShapeRequest>> {
    let k: &ShapeKeys = &spec.shape;
    if !k.given() {
        if k.blocks || k.threshold.is_some() {
            return Err(Error::usage(
                "--blocks and --threshold take a shape: add --shape FILE, --shape-grid GRID or --shape-text TEXT",
            ));
        }
        return Ok(None);
    }
    let sources = [&k.shape, &k.shape_grid, &k.shape_text];
    if sources.iter().filter(|s| s.is_some()).count() > 1 {
        return Err(Error::usage(
            "give one shape: --shape FILE, --shape-grid GRID or --shape-text TEXT",
        ));
    }
    if !spec.board.is_empty() {
        return Err(Error::usage(
            "--board and a shape exclude each other: give one of them",
        ));
    }
    if k.shape_text.is_none() && (k.no_blocks || k.shape_font.is_some()) {
        return Err(Error::usage(
            "--no-blocks and --shape-font are for --shape-text: drop them, or add --shape-text TEXT",
        ));
    }
    if k.shape.is_none() && k.shape_board.is_some() {
        return Err(Error::usage(
            "--shape-board samples a --shape picture: drop it, or give --shape FILE.png|svg",
        ));
    }
    let threshold = match &k.threshold {
        // Its range is checked where a picture is sampled.
        Some(t) => match t.trim().parse::<f64>() {
            Ok(x) => x,
            Err(_) => {
                return Err(Error::usage(format!(
                    "bad --threshold '{t}': give the share of a cell that must be dark, from 0 up to 1 (e.g. 0.5)"
                )));
            }
        },
        None if k.shape_text.is_some() => 0.3,
        None => 0.5,
    };
    let cell_height = u32::try_from(k.cell_height).map_err(|_| {
        Error::usage(format!(
            "--cell-height {} is too many rows: give at most a few hundred",
            k.cell_height
        ))
    })?;
    let lines = |t: &String| t.replace("\\n", "\n");
    Ok(Some(ShapeRequest {
        file: k.shape.clone().unwrap_or_default(),
        board: k.shape_board.clone(),
        threshold,
        blocks: k.blocks || (k.shape_text.is_some() && !k.no_blocks),
        piece: spec.piece.clone(),
        text: k.shape_text.as_ref().map(lines),
        font: k.shape_font.clone(),
        cell_height,
        grid: k.shape_grid.as_ref().map(lines),
    }))
}

/// The usage error for a flag that has no meaning on a shape.
fn not_on_a_shape(flag: &str, why: &str) -> Error {
    Error::usage(format!(
        "{flag} does not apply to a shaped board ({why}): drop {flag}, or give --board instead of a shape"
    ))
}

/// `shape` with the piece of `spec`, refusing what a shape cannot take yet.
pub fn request(spec: &Spec, shape: &ShapeRequest) -> Result<ShapeRequest> {
    if spec.open {
        return Err(not_on_a_shape(
            "--open",
            "its tours are closed, one per part",
        ));
    }
    if spec.classes {
        return Err(not_on_a_shape(
            "--classes",
            "a shape has no symmetry group of its own",
        ));
    }
    if spec.non_crossing {
        return Err(not_on_a_shape(
            "--non-crossing",
            "the crossing filter runs on board enumerations only",
        ));
    }
    if spec.torus {
        return Err(not_on_a_shape("--torus", "a shape is cut from the plane"));
    }
    if spec.symmetry.is_some() {
        return Err(not_on_a_shape(
            "--symmetry",
            "a shape has no symmetry group of its own",
        ));
    }
    Ok(ShapeRequest {
        piece: spec.piece.clone(),
        ..shape.clone()
    })
}

/// `count --shape`: a count per part and the tuples (as `shape count`).
pub fn count(spec: &Spec, shape: &ShapeRequest, force: bool) -> Result<ShapeCount> {
    super::shape::count(&request(spec, shape)?, force)
}

/// The tuple IDs `sel` picks among `total`: a sample (with repetition, in draw order)
/// or the range, shard and limit (in ID order).
pub(crate) fn ids(total: u128, sel: &Pick) -> Result<Box<dyn Iterator<Item = u128>>> {
    if let Some(k) = sel.sample {
        if sel.range.is_some() || sel.shard.is_some() {
            return Err(Error::usage(
                "--sample draws from all the shape's tours: drop --range and --shard",
            ));
        }
        // The draws of `Sampler::ids`, one at a time: memory does not grow with K.
        let mut s = Sampler::new(sel.seed);
        return Ok(Box::new((0..k).map(move |_| s.below(total))));
    }
    let mut range = match &sel.range {
        Some(r) => parse_range(r)?,
        None => 0..total,
    };
    if let Some(s) = &sel.shard {
        let (k, n) = parse_shard(s)?;
        let sh = shard_range(total, k, n);
        range = range.start.max(sh.start)..range.end.min(sh.end);
    }
    range.end = range.end.min(total);
    range.start = range.start.min(range.end);
    let limit = sel.limit.map_or(u128::MAX, u128::from);
    let end = range.end.min(range.start.saturating_add(limit));
    Ok(Box::new(range.start..end))
}

/// Each part's tour of tuple `id`, as board cells in walking order.
pub(crate) fn tuple(d: &ShapeDiagrams, id: u128) -> Vec<Vec<u32>> {
    let tours = d.unrank(id).expect("an ID below the count");
    d.parts
        .iter()
        .zip(&tours)
        .map(|((g, _), t)| t.cells(g).into_iter().map(|v| g.cell_of(v)).collect())
        .collect()
}

/// The shape and its diagrams for `spec` and `shape`.
pub(crate) fn diagrams(
    spec: &Spec,
    shape: &ShapeRequest,
    force: bool,
) -> Result<(Shape, ShapeDiagrams)> {
    let req = request(spec, shape)?;
    let s = super::shape::load(&req)?;
    let piece: Piece = req.piece.parse()?;
    let d = super::shape::diagrams(&s, &piece, force)?;
    Ok((s, d))
}

/// `list --shape`: one line a tuple of tours, in ID order (draw order for a sample):
/// `{"id":N,"parts":[[[row,col],…],…]}` with `json`, else `N: a1 b1 … | c3 …` (the parts
/// separated by `|`).
pub fn list(
    spec: &Spec,
    shape: &ShapeRequest,
    sel: &Pick,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let (s, d) = diagrams(spec, shape, sel.force)?;
    let b = s.board();
    for id in ids(d.count(), sel)? {
        let parts = tuple(&d, id);
        let mut line = String::new();
        if json {
            write!(line, "{{\"id\":{id},\"parts\":[").unwrap();
            for (i, p) in parts.iter().enumerate() {
                line.push_str(if i > 0 { ",[" } else { "[" });
                for (k, &c) in p.iter().enumerate() {
                    let (r, col) = b.coords(c);
                    write!(line, "{}[{r},{col}]", if k > 0 { "," } else { "" }).unwrap();
                }
                line.push(']');
            }
            line.push_str("]}\n");
        } else {
            write!(line, "{id}:").unwrap();
            push_parts(&mut line, b, &parts);
            line.push('\n');
        }
        out.write_all(line.as_bytes())?;
    }
    Ok(out.flush()?)
}

/// Each part's cells algebraically after a space, the parts separated by ` |`.
fn push_parts(line: &mut String, b: tourglyph_core::Board, parts: &[Vec<u32>]) {
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            line.push_str(" |");
        }
        for &c in p {
            line.push(' ');
            line.push_str(&b.algebraic(c));
        }
    }
}

/// `find --shape`: one closed tour of each part of the shape, found as `shape tour
/// --random --seed S` finds it (seed 0 unless given): around a random spanning tree of
/// the 2×2 blocks on a shape wider than [`super::shape::EXACT_MAX_COLS`] columns that is
/// made of blocks (the rook), else by the diagrams. `--start` is refused (each part's
/// tour starts at its first cell); `--closed` changes nothing (the tours are closed).
pub fn find(req: &FindRequest, shape: &ShapeRequest) -> Result<ShapeTour> {
    if req.start.is_some() {
        return Err(not_on_a_shape(
            "--start",
            "each part's tour starts at its first cell",
        ));
    }
    let shape = ShapeRequest {
        piece: req.piece.clone(),
        ..shape.clone()
    };
    let pick = ShapePick {
        random: true,
        seed: req.seed.unwrap_or(0),
        ..ShapePick::default()
    };
    super::shape::pick(&shape, &pick)
}

/// `find --shape`'s cells: [`ShapeTour::json`] when `json`, else each part's cells
/// algebraically on one line, the parts separated by `|`.
pub fn write_found(t: &ShapeTour, json: bool, out: &mut dyn Write) -> Result<()> {
    let text = match json {
        true => t.json(),
        false => {
            let mut line = String::new();
            push_parts(&mut line, t.shape.board(), &t.parts);
            line.remove(0);
            line.push('\n');
            line
        }
    };
    out.write_all(text.as_bytes())?;
    Ok(out.flush()?)
}

/// `glyph --shape`: the tour `req` picks (`--id`, or `--random --seed`, by the default
/// method of [`super::shape::pick`]) drawn as `shape glyph` draws it; returns the tour
/// and the format.
pub fn glyph(
    req: &GlyphRequest,
    shape: &ShapeRequest,
    target: Target<'_>,
) -> Result<(ShapeTour, Format)> {
    let refuse = |flag: &str, on: bool, why: &str| match on {
        true => Err(not_on_a_shape(flag, why)),
        false => Ok(()),
    };
    refuse("--open", req.open, "its tours are closed, one per part")?;
    refuse("--torus", req.torus, "a shape is cut from the plane")?;
    refuse(
        "--tour",
        req.tour.is_some(),
        "pick a tuple with --id or --random",
    )?;
    refuse(
        "--symmetry",
        req.symmetry.is_some(),
        "a shape has no symmetry group of its own",
    )?;
    refuse(
        "--animate",
        req.motion != super::animate::Motion::default(),
        "shape glyphs are drawn still",
    )?;
    let shape = ShapeRequest {
        piece: req.piece.clone(),
        ..shape.clone()
    };
    let pick = ShapePick {
        id: req.id.clone(),
        random: req.random,
        seed: req.seed,
        method: None,
        steps: None,
        force: req.force,
    };
    let t = super::shape::pick(&shape, &pick)?;
    let d = ShapeDrawing {
        format: req.format.clone(),
        size: req.size.clone(),
        style: req.style.clone(),
        draw: req.draw.clone(),
        force: req.force,
    };
    let f = super::shape::glyph(&t, &d, target)?;
    Ok((t, f))
}

/// `render --shape`: a sheet of the tuples of tours the selection picks, each glyph drawn
/// in the shape's outline, captioned with its tuple ID; returns the format and the files
/// written. A `--sample K` of a shape too wide for the diagrams (over
/// [`super::shape::EXACT_MAX_COLS`] columns) and made of 2×2 blocks draws K tours around
/// random spanning trees instead, seeds S to S+K−1, captioned with their seeds (the tree
/// method of `shape glyph --random`: not uniform).
pub fn render(
    a: &SheetRequest,
    shape: &ShapeRequest,
    target: Target<'_>,
) -> Result<(Format, Written)> {
    if a.split_layers {
        return Err(not_on_a_shape(
            "--split-layers",
            "a shape's sheet has one layer",
        ));
    }
    let dash = std::path::PathBuf::from("-");
    let output = match &target {
        Target::Path(p, _) => *p,
        Target::Writer(_) => dash.as_path(),
    };
    let style = super::style_with(&a.style, &a.draw)?;
    let png = tourglyph_draw::png::PngOptions {
        smaller: Some("--page"),
        ..super::png_options(&a.draw, a.sel.force)
    };
    let format = Format::for_output(a.format.as_deref(), output)?;
    let style = super::style::for_format(style, format);
    // A shape's parts are closed rook tours.
    tourglyph_layout::bridge::check(&style, true, true)?;
    let page = PageSpec::parse(&a.page)?.landscape(a.landscape);
    if a.columns == Some(0) {
        return Err(Error::usage("--columns must be at least 1"));
    }
    let Picked {
        shape: s,
        piece,
        d,
        chosen,
    } = picked(&a.spec, &a.sel, shape)?;
    let count = chosen.len() as u64;
    let spec = GridSpec {
        page,
        board: s.board(),
        count,
        columns: a.columns,
        reach: reach(&style, &Piece::rook(), true),
        ..GridSpec::default()
    };
    let fonts = Fonts::with_user(a.font.as_deref().or(style.font.as_deref()))?;
    if let Some(t) = &a.title {
        tourglyph_draw::text::check(&fonts, t)?;
    }
    let (grid, sizes) = sheet_layout(
        &style,
        &spec,
        !a.no_captions,
        a.title.as_deref(),
        &|t: &str, pt: f64| text_size::shaped(&fonts, t, pt),
    )?;
    if format.file_per_page() {
        check_stdout_pages(output, grid.pages, format.extension())?;
    }
    format.check_size(grid.width, grid.height, png)?;
    if format.single_page() && grid.pages > 1 {
        return Err(Error::usage(format!(
            "{}: an EPS file holds one page and this sheet takes {}: write .ps for all pages, or fit one page (a larger --page, or fewer tours)",
            output.display(),
            grid.pages
        )));
    }
    let parts = s.parts(&piece).len();
    let what = format!(
        "closed {piece} tours of a shape of {} cells in {} ({})",
        s.len(),
        s.board(),
        crate::describe::count(parts as u128, "part", "parts"),
    );
    let footer = match (&d, a.sel.sample) {
        (None, Some(k)) => format!(
            "{k} {what}, each around a random spanning tree of its 2x2 blocks (seeds {} to {}; not uniform)",
            a.sel.seed,
            a.sel.seed.wrapping_add(k.saturating_sub(1))
        ),
        (Some(d), Some(k)) => format!(
            "{} drawn at random (seed {}) of {} {what}",
            crate::describe::count(u128::from(k), "tuple", "tuples"),
            a.sel.seed,
            d.count()
        ),
        (Some(d), None) => format!("{count} of {} {what}", d.count()),
        (None, None) => unreachable!("the tree method draws a sample"),
    };
    let text = SheetText {
        title: a.title.clone(),
        footer: footer.clone(),
        sizes: Some(sizes),
        fonts: std::sync::Arc::clone(&fonts),
    };
    let doc = DocOptions {
        title: a.title.clone().unwrap_or_default(),
        desc: footer,
        fonts,
        text_as_paths: a.text_as_paths,
        png,
        ..DocOptions::default()
    };
    let glyphs = Glyphs {
        chosen: &chosen,
        d: d.as_ref(),
        piece: &piece,
        shape: &s,
        style: &style,
        labels: format.carries_labels(),
        what: &what,
        captions: !a.no_captions,
    };
    let written = match target {
        Target::Writer(w) => {
            let mut sheet =
                Sheet::new(format.open(Sink::Stream(&mut *w), doc)?, grid, &style, text);
            glyphs.draw(&mut sheet)?;
            sheet.finish()?.into_writers();
            w.flush()?;
            Written::default()
        }
        Target::Path(path, out) => {
            let pages = match format.file_per_page() {
                true => Some(SheetFiles::plan(path, grid.pages, out)?),
                false => None,
            };
            let paths = pages
                .as_ref()
                .map_or_else(|| vec![path.to_path_buf()], |p| p.paths().to_vec());
            let open = Box::new(move |i: usize| open_out_with(&paths[i], out));
            let mut sheet = Sheet::new(format.open(Sink::Files(open), doc)?, grid, &style, text);
            glyphs.draw(&mut sheet)?;
            let files = sheet.finish()?.into_writers();
            match pages {
                Some(pages) => pages.commit(files)?,
                None => {
                    for f in files {
                        f.commit()?;
                    }
                    Written {
                        files: Vec::from_iter(
                            (path.as_os_str() != "-").then(|| path.to_path_buf()),
                        ),
                        removed: vec![],
                    }
                }
            }
        }
    };
    Ok((format, written))
}

/// The tuples of tours a selection picks on a shape, for a sheet or one file each.
pub(crate) struct Picked {
    /// The shape.
    pub shape: Shape,
    /// The piece.
    pub piece: Piece,
    /// The parts' diagrams (`None`: the tree method, `chosen` are seeds).
    pub d: Option<ShapeDiagrams>,
    /// Tuple IDs, or seeds of the tree method.
    pub chosen: Vec<u128>,
}

impl Picked {
    /// Each part's tour (board cells in walking order) of the `k`-th chosen tuple.
    pub fn parts(&self, k: usize) -> Result<Vec<Vec<u32>>> {
        let id = self.chosen[k];
        match &self.d {
            Some(d) => Ok(tuple(d, id)),
            None => super::shape::tree_parts(&self.shape, &self.piece, id as u64),
        }
    }
}

/// The tuples `sel` picks on `shape` with the piece of `spec`, at most
/// [`MAX_SHAPE_GLYPHS`]. A `--sample K` of a shape too wide for the diagrams (over
/// [`super::shape::EXACT_MAX_COLS`] columns) and made of 2×2 blocks picks K seeds of the
/// tree method instead, S to S+K−1 (not uniform).
pub(crate) fn picked(spec: &Spec, sel: &Pick, shape: &ShapeRequest) -> Result<Picked> {
    let req = request(spec, shape)?;
    let s = super::shape::load(&req)?;
    let piece: Piece = req.piece.parse()?;
    let tree = sel.sample.is_some()
        && sel.range.is_none()
        && sel.shard.is_none()
        && piece.is_rook()
        && s.board().cols > super::shape::EXACT_MAX_COLS
        && tourglyph_engine::blocks::block_mask(&s).is_some();
    let (d, chosen) = match tree {
        true => {
            let k = u128::from(sel.sample.unwrap_or(0));
            if k > MAX_SHAPE_GLYPHS {
                return Err(Error::usage(format!(
                    "--sample {k} is more than the {MAX_SHAPE_GLYPHS} glyphs a shape's sheet holds: give a smaller --sample"
                )));
            }
            let seeds = (0..k as u64).map(|i| u128::from(sel.seed.wrapping_add(i)));
            (None, seeds.collect::<Vec<u128>>())
        }
        false => {
            let d = super::shape::diagrams(&s, &piece, sel.force)?;
            let chosen: Vec<u128> = ids(d.count(), sel)?
                .take(MAX_SHAPE_GLYPHS as usize + 1)
                .collect();
            if chosen.is_empty() {
                return Err(Error::usage(format!(
                    "nothing to draw: the selection holds none of the shape's {} tuples of tours (IDs 0 to {})",
                    d.count(),
                    d.count() - 1
                )));
            }
            if chosen.len() as u128 > MAX_SHAPE_GLYPHS {
                return Err(Error::usage(format!(
                    "the selection holds more than {MAX_SHAPE_GLYPHS} of the shape's tours: narrow it with --range A..B, --limit K or --sample K"
                )));
            }
            (Some(d), chosen)
        }
    };
    Ok(Picked {
        shape: s,
        piece,
        d,
        chosen,
    })
}

/// The glyphs of a shape's sheet.
struct Glyphs<'a> {
    /// Tuple IDs (exact), or seeds (`d` is `None`: the tree method).
    chosen: &'a [u128],
    d: Option<&'a ShapeDiagrams>,
    piece: &'a Piece,
    shape: &'a Shape,
    style: &'a tourglyph_layout::style::Style,
    labels: bool,
    what: &'a str,
    captions: bool,
}

impl Glyphs<'_> {
    /// Push every chosen tuple's glyph onto `sheet`, in order.
    fn draw<B: tourglyph_draw::Backend>(&self, sheet: &mut Sheet<'_, B>) -> Result<()> {
        for &id in self.chosen {
            let (tours, word) = match self.d {
                Some(d) => (tuple(d, id), "ID"),
                None => (
                    super::shape::tree_parts(self.shape, self.piece, id as u64)?,
                    "seed",
                ),
            };
            let parts: Vec<_> = tours
                .iter()
                .map(|p| part_glyph(self.shape, p, self.style))
                .collect();
            let label = self.labels.then(|| Label {
                id: format!("tour-{id}"),
                title: format!("{}, {word} {id}", self.what),
            });
            let caption = match self.captions {
                true => id.to_string(),
                false => String::new(),
            };
            sheet.push_with(&caption, |b, place, st| {
                draw_shape_glyph(b, place, st, self.shape, &parts, label.as_ref())
            })?;
        }
        Ok(())
    }
}
