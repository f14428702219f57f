//! A sheet drawn: a sheet of glyphs (PDF, PostScript, EPS, SVG or PNG), or one file a
//! tour ([`super::split`], the other way of writing a sheet), as a [`SheetRequest`]
//! asks; the drawing `render` ([`super::sheet`]), `gallery` ([`super::gallery`]: each
//! format, and a preview of page 1) and [`crate::Tours`] share.
//!
//! Request → style, format, page, tour source ([`super::source`]) and query; the number
//! of glyphs is counted first (cheaply without filters, by one enumeration with classes
//! or the crossing filter), so the grid and the page count are known before the first
//! glyph; then tours stream in ID order (glyph geometry computed on the workers) into a
//! [`Sheet`] over the chosen backend, written to a file (under a temporary name, renamed
//! when complete) or to any writer.

use super::request::SheetRequest;
use super::source::{TourOrigin, TourSource, WalkBudget, locate, resolve};
use super::{Opened, Progress, Target, budget};
use crate::describe::describe_selection;
use crate::output::sheet_files::{SheetFiles, Written};
use crate::output::{check_stdout_pages, open_out_with};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use tourglyph_core::error::{Estimate, Refusal};
use tourglyph_core::{Error, LeapGraph, Result};
use tourglyph_core::{budget::free_space, budget::human_bytes};
use tourglyph_draw::PageWrite;
use tourglyph_draw::estimate;
use tourglyph_draw::motion::Animation;
use tourglyph_draw::svg::Overlay;
use tourglyph_draw::text::Fonts;
use tourglyph_draw::travel::Optimize;
use tourglyph_draw::{Backend, Destination, DocOptions, Document, Format, Label, Pen};
use tourglyph_engine::Flow;
use tourglyph_engine::frontier::Zdd;
use tourglyph_engine::{select::Item, select::Query, select::stream, select::tally};
use tourglyph_layout::glyph::reach;
use tourglyph_layout::page::PageSpec;
use tourglyph_layout::style::Style;
use tourglyph_layout::tile::SheetGlyph;
use tourglyph_layout::{Ahead, Sheet, SheetText, ahead, sheet_layout, text_size};
use tourglyph_layout::{grid::Grid, grid::GridSpec};

/// A glyph drawn on a worker: its geometry, what the sheet would otherwise compute on its
/// own thread (outline, pen strokes: [`Ahead`]), caption, label, and its cells in walking
/// order when the style numbers them ([`tourglyph_layout::numbers`]).
type Drawn = (
    SheetGlyph,
    Ahead,
    String,
    Option<Label>,
    Option<Result<Vec<(i32, i32)>>>,
    Option<Result<Vec<(u32, u32)>>>,
    // The tour's ID and orbit size, for a style that colours glyphs by them.
    (u128, Option<u32>),
);

/// Draw the sheet, only its first `pages` pages when given (a preview: the layout, the
/// title and the footers are the whole sheet's, and the cost is estimated from the
/// glyphs and pages drawn); returns its format and the files written (none for stdout)
/// and removed (the pages of an earlier SVG sheet of the same name).
pub fn sheet_pages(
    a: &SheetRequest,
    target: Target<'_>,
    progress: &dyn Progress,
    pages: Option<u64>,
) -> Result<(Format, Written)> {
    // A shaped board's sheet is drawn whole (it holds at most
    // `shape_board::MAX_SHAPE_GLYPHS` glyphs), a preview's too.
    if let Some(shape) = TourSource::shape(&a.spec)? {
        return match a.split {
            true => super::shaped_drawing::shape_files(a, &shape, target),
            false => super::shaped_drawing::render(a, &shape, target),
        };
    }
    let dash = PathBuf::from("-");
    let (output, opts): (&Path, _) = match &target {
        Target::Path(p, o) => (p, *o),
        Target::Writer(_) => (&dash, Default::default()),
    };
    let mut style = super::style_with(&a.style, &a.draw)?;
    if a.split_layers && style.layers_by.is_none() {
        style.layers_by = Some(tourglyph_layout::style::LayersBy::Role);
    }
    if style.color_by == Some(tourglyph_layout::style::ColorBy::Orbit) && !a.spec.classes {
        return Err(Error::usage(
            "color_by = \"orbit\" colours each glyph by its orbit size, which a sheet of symmetry classes knows: add --classes, or colour by tour (--color-by tour)",
        ));
    }
    // One file per glyph (--split) is of a fixed size; a sheet fits its --page.
    let png = tourglyph_draw::png::PngOptions {
        smaller: (!a.split).then_some("--page"),
        ..super::png_options(&a.draw, a.sel.force)
    };
    let format = match (&a.format, a.split) {
        // --split writes into the folder -o names.
        (Some(f), true) => Format::parse(f)?,
        (None, true) => Format::Svg,
        (f, false) => Format::for_output(f.as_deref(), output)?,
    };
    if a.split {
        crate::output::sheet_files::check_dir(output, opts)?;
    }
    if a.split_layers {
        check_split_layers(a, format, output)?;
    }
    let animate =
        super::animate::sheet_wanted(&a.motion, format, (a.split, a.split_layers), style.numbers)?;
    let gcode = super::gcode_profile(&a.draw, format)?;
    let style = super::single::for_format(style, format);
    if animate {
        super::animate::check_style(&style)?;
    }
    let page = PageSpec::parse(&a.page)?.landscape(a.landscape);
    if a.columns == Some(0) {
        return Err(Error::usage("--columns must be at least 1"));
    }
    let mut r = resolve(&a.spec, Some(&a.sel))?;
    let rook_plane = r.graph.piece().is_rook() && !r.graph.topology().is_torus();
    tourglyph_layout::bridge::check(&style, rook_plane, r.kind.is_closed())?;
    // `--symmetry` on boards over 8x8: the symmetric tours found directly, no diagram of
    // all tours (captions give their index among the symmetric tours).
    // Closed leaper tours too many for the full diagram: by ID through the halves
    // (classes too, a sample of them).
    let walk = WalkBudget {
        sel: &a.sel,
        what: "rendering",
        capped: true,
    };
    let (direct, halves, zdd) = match locate(&mut r, Some(walk), true, true, a.sel.force)? {
        TourOrigin::Symmetric => (true, None, None),
        TourOrigin::Halves(ids) => (false, Some(ids), None),
        TourOrigin::Diagram(zdd) => (false, None, Some(zdd)),
    };
    // The selection's size first (a sample's is known before drawing it), then the cost.
    let planned =
        match (&zdd, &halves) {
            (None, Some(ids)) if r.query.classes => Some(Plan::Tours(
                super::halves::sample_classes(ids, &a.sel, &mut r, "rendering")?,
            )),
            (None, Some(ids)) => Some(Plan::Tours(super::halves::picked(
                ids,
                &a.sel,
                &mut r,
                "rendering",
                MAX_HALVES_TOURS,
                &|n| too_many_by_halves(&n),
            )?)),
            (None, None) => Some(Plan::Tours(crate::job::symmetric_tours::items(
                &a.sel,
                &mut r,
                MAX_IDS,
                "rendering",
            )?)),
            (Some(zdd), _) => match a.sel.sample {
                Some(_) => None,
                None => Some(plan(zdd, &r.graph, &r.query)?),
            },
        };
    let g = &r.graph;
    if animate && g.topology().is_torus() {
        return Err(Error::usage(
            "--animate draws tours of the plane board: torus tiles cannot be animated yet; drop --torus",
        ));
    }
    // Tours of the board, where a diagram or the halves know them.
    let total = zdd
        .as_ref()
        .map(Zdd::count)
        .or(halves.as_ref().map(|h| h.count()));
    let count = match (&planned, &zdd) {
        (Some(p), _) => p.count(),
        (None, Some(z)) if z.count() == 0 => 0,
        (None, _) => a.sel.sample.unwrap_or(0),
    };
    if count == 0 {
        // The selection flags' fault (exit 2), or the set's (exit 1).
        if let Some(e) = super::empty_selection(&r, &a.sel, total, "nothing to draw") {
            return Err(e);
        }
        let why = super::impossible(&r).map_or(String::new(), |w| format!(": {w}"));
        return Err(Error::no_tour(format!(
            "nothing to draw: the selection holds no tours{why}"
        )));
    }
    let zdd_ref = zdd.as_ref();
    if let (true, Some(Plan::Tours(items)), None) = (a.split, &planned, zdd_ref) {
        // Symmetric tours found directly: files named by their index; tours by halves:
        // by their ID.
        let job = super::split::Split {
            zdd: None,
            g,
            kind: r.kind,
            style: &style,
            format,
            png,
            gcode: gcode.clone(),
            dir: output,
            opts,
            force: a.sel.force,
            style_words: super::single::style_words(&a.style, &a.draw),
            turn: &a.motion,
        };
        let files = match halves {
            Some(_) => job.write_tours(items)?,
            None => job.write_items(items, r.query.symmetry.map_or("", |s| s.word()))?,
        };
        return Ok((
            format,
            Written {
                files,
                removed: vec![],
            },
        ));
    }
    if let (true, Some(zdd)) = (a.split, zdd_ref) {
        let ids = match planned {
            Some(Plan::Ids(ids, _)) => ids,
            Some(Plan::Stream(n)) => super::split::stream_ids(&r.query, n)?,
            Some(Plan::Tours(_)) => unreachable!("direct symmetric plans have no diagram"),
            None => tourglyph_engine::sample::Sampler::new(a.sel.seed)
                .ids(zdd.count(), count)?
                .collect(),
        };
        let job = super::split::Split {
            zdd: Some(zdd),
            g,
            kind: r.kind,
            style: &style,
            format,
            png,
            gcode: gcode.clone(),
            dir: output,
            opts,
            force: a.sel.force,
            style_words: super::single::style_words(&a.style, &a.draw),
            turn: &a.motion,
        };
        let files = job.write(&ids)?;
        return Ok((
            format,
            Written {
                files,
                removed: vec![],
            },
        ));
    }
    let spec = GridSpec {
        page,
        board: g.board(),
        count,
        columns: a.columns,
        reach: reach(&style, g.piece(), r.kind.is_closed()),
        ..GridSpec::default()
    };
    let fonts = Fonts::with_user(a.font.as_deref().or(style.font.as_deref()))?;
    if let Some(t) = &a.title {
        // Before anything is drawn: a character no font has is a usage error (exit 2).
        tourglyph_draw::text::check(&fonts, t)?;
    }
    let (grid, sizes) = sheet_layout(
        &style,
        &spec,
        !a.no_captions,
        a.title.as_deref(),
        &|t: &str, pt: f64| text_size::shaped(&fonts, t, pt),
    )?;
    // What is drawn: every page, or the first `pages` of them.
    let shown = pages.map_or(grid.pages, |p| p.max(1).min(grid.pages));
    let drawn = match shown < grid.pages {
        true => count.min(shown * u64::from(grid.columns) * u64::from(grid.rows)),
        false => count,
    };
    if format.file_per_page() {
        check_stdout_pages(output, shown, format.extension())?;
    }
    format.check_size(grid.width, grid.height, png)?;
    if animate && (shown > 1 || drawn > super::animate::MAX_SHEET_WALKS) {
        return Err(Error::usage(format!(
            "render --animate animates one page of at most {} glyphs, and this sheet has {} on {}: select fewer tours (--sample, --range) or a larger --page",
            super::animate::MAX_SHEET_WALKS,
            crate::describe::count(u128::from(drawn), "glyph", "glyphs"),
            crate::describe::count(u128::from(shown), "page", "pages"),
        )));
    }
    if format.single_page() && shown > 1 {
        return Err(Error::usage(format!(
            "{}: an EPS file holds one page and this sheet takes {}: write .ps for all pages, or fit one page (--page poster, a larger --page, or fewer tours)",
            output.display(),
            grid.pages
        )));
    }
    check_cost(format, g.board(), drawn, shown, output, a.sel.force)?;
    let plan = match (planned, zdd_ref) {
        (Some(p), _) => p,
        (None, None) => unreachable!("the direct path always plans"),
        // Uniform random tours (or classes), in draw order (captions give their IDs).
        (None, Some(zdd)) if r.query.classes => {
            let (ids, orbits) = tourglyph_engine::sample::Sampler::new(a.sel.seed)
                .classes(zdd, g, count)?
                .map(|it| (it.id, it.orbit.unwrap_or(0) as u8))
                .unzip();
            Plan::Ids(ids, orbits)
        }
        (None, Some(zdd)) => {
            let ids: Vec<u128> = match r.query.symmetry {
                // Uniform over the symmetric tours: indices into their IDs.
                Some(sym) => {
                    tourglyph_engine::symmetric_tours::sample_ids(zdd, g, sym, a.sel.seed, count)?
                }
                None => tourglyph_engine::sample::Sampler::new(a.sel.seed)
                    .ids(zdd.count(), count)?
                    .collect(),
            };
            let orbits = vec![0; ids.len()];
            Plan::Ids(ids, orbits)
        }
    };
    let plan = plan.first(drawn);
    let used = plan.tints(&r.query, &style);
    let text = SheetText {
        title: a.title.clone(),
        footer: footer(
            g,
            &r.query,
            r.kind.is_closed(),
            (count, total, a.sel.sample.map(|_| a.sel.seed)),
            a.no_captions,
            direct,
        ),
        sizes: Some(sizes),
        fonts: std::sync::Arc::clone(&fonts),
    };
    let what = format!("{} {} tour of {}", r.kind.word(), g.piece(), g.board());
    let desc = text.footer.clone();
    let texts = known_texts(&text, grid.pages);
    progress.begin(drawn, shown);
    let title = a.title.clone().unwrap_or_default();
    // `render --animate`: every glyph's walk, added as the glyph is drawn, over the page.
    let animation = match animate {
        true => Some(std::sync::Arc::new(super::animate::sheet_animation(
            &a.motion,
        )?)),
        false => None,
    };
    let job = Job {
        zdd: zdd_ref,
        by_index: direct,
        g,
        q: &r.query,
        style: &style,
        grid,
        text,
        captions: !a.no_captions,
        labels: format.carries_labels().then_some(what),
        progress,
        plan,
        count: drawn,
        motion: animation.as_deref().map(|an| (&a.motion, an)),
        turn: &a.motion,
        used: &used,
    };
    let pens = tourglyph_layout::pens::pens(&style, &used);
    let plotting: Vec<Pen> = pens.iter().filter(|p| p.plots()).cloned().collect();
    let doc = DocOptions {
        title,
        desc,
        fonts,
        texts,
        text_as_paths: a.text_as_paths,
        png,
        pens,
        split_pens: a.split_layers,
        gcode,
        overlay: animation
            .clone()
            .map(|an| an as std::sync::Arc<dyn Overlay>),
        ..DocOptions::default()
    };
    let written = match target {
        target if animate => {
            // The page in memory, every glyph's walk over it, then written whole.
            let mut page = Vec::new();
            let doc = format.open(Destination::Stream(&mut page), doc)?;
            job.draw_doc(doc)?.into_writers();
            let file = match &target {
                Target::Path(p, _) if p.as_os_str() != "-" => Some(p.to_path_buf()),
                _ => None,
            };
            Opened::open(target)?.finish(&page)?;
            Written {
                files: Vec::from_iter(file),
                removed: vec![],
            }
        }
        Target::Writer(w) => {
            // An SVG or PNG sheet on a writer is one page, checked above.
            let doc = format.open(Destination::Stream(&mut *w), doc)?;
            job.draw_doc(doc)?.into_writers();
            w.flush()?;
            Written::default()
        }
        Target::Path(path, out) if a.split_layers => {
            let paths = split_layer_paths(path, shown, &plotting);
            let open = {
                let paths = paths.clone();
                Box::new(move |i: usize| open_out_with(&paths[i], out))
            };
            let files = job
                .draw_doc(format.open(Destination::Files(open), doc)?)?
                .into_writers();
            for f in files {
                f.commit()?;
            }
            Written {
                files: paths,
                removed: vec![],
            }
        }
        Target::Path(path, out) => {
            // Before the first page: --no-clobber refuses an earlier sheet's files.
            let pages = match format.file_per_page() {
                true => Some(SheetFiles::plan(path, shown, out)?),
                false => None,
            };
            let paths = pages
                .as_ref()
                .map_or_else(|| vec![path.to_path_buf()], |p| p.paths().to_vec());
            let open = Box::new(move |i: usize| open_out_with(&paths[i], out));
            let files = job
                .draw_doc(format.open(Destination::Files(open), doc)?)?
                .into_writers();
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
    progress.end();
    Ok((format, written))
}

/// Refuse `--split-layers` where it cannot write one SVG file a pen: another format, the
/// files of `--split`, standard output.
fn check_split_layers(a: &SheetRequest, format: Format, output: &Path) -> Result<()> {
    if a.split {
        return Err(Error::usage(
            "--split-layers splits a sheet's pages by pen, --split writes one file a tour: give one of them",
        ));
    }
    if format != Format::Svg {
        return Err(Error::usage(format!(
            "--split-layers writes one SVG file a pen, not {}: name the output .svg (or give --format svg)",
            format.name()
        )));
    }
    if output.as_os_str() == "-" {
        return Err(Error::usage(
            "--split-layers writes one file a pen, which stdout cannot hold: write to a file, -o NAME.svg",
        ));
    }
    Ok(())
}

/// The files of `--split-layers` for a sheet written as `NAME.svg` of `pages` pages drawn
/// by the plotting `pens`: `NAME-PEN.svg` for one page, `NAME-PAGE-PEN.svg` for more, in
/// page order and within a page in pen order (`PEN` the pen's label as a file name:
/// `1-tours`; `PAGE` from 1). They sit beside `NAME.svg`, which is not written.
pub fn split_layer_paths(path: &Path, pages: u64, pens: &[Pen]) -> Vec<PathBuf> {
    let stem = path
        .file_stem()
        .map_or_else(|| "sheet".to_string(), |s| s.to_string_lossy().into_owned());
    let mut out = Vec::new();
    for p in 1..=pages {
        for pen in pens {
            let name = match pages {
                1 => format!("{stem}-{}.svg", pen.slug()),
                _ => format!("{stem}-{p}-{}.svg", pen.slug()),
            };
            out.push(path.with_file_name(name));
        }
    }
    out
}

/// The texts a sheet of `pages` pages shows besides captions, known before it is drawn
/// (for the PostScript fonts, which are written before the first page): the title's lines,
/// the footer and a page number (the others differ from it only in digits).
fn known_texts(text: &SheetText, pages: u64) -> Vec<String> {
    let mut texts = Vec::new();
    match text.sizes.as_ref().and_then(|s| s.title.as_ref()) {
        Some(t) => texts.extend(t.lines.iter().cloned()),
        None => texts.extend(text.title.iter().cloned()),
    }
    texts.push(text.footer.clone());
    texts.push(format!("page 1 of {pages}"));
    texts.retain(|t| !t.is_empty());
    texts
}

/// SVG sheets of more pages than this (one file each) need `--force`.
const MAX_SVG_FILES: u64 = 1000;

/// Refuse a sheet that would take too long, fill too many SVG files, or not fit on the
/// disk, before anything is written; `--force` lifts all three.
fn check_cost(
    format: Format,
    board: tourglyph_core::Board,
    count: u64,
    pages: u64,
    path: &Path,
    force: bool,
) -> Result<()> {
    let (seconds, bytes) = estimate::sheet(format, board.cells(), count);
    let size = human_bytes(bytes);
    let what = format!(
        "drawing {} of {board} on {} (about {size} of {})",
        crate::describe::count(u128::from(count), "glyph", "glyphs"),
        crate::describe::count(u128::from(pages), "page", "pages"),
        format.extension()
    );
    budget(force).check(&what, seconds, 0.0)?;
    if force {
        return Ok(());
    }
    let estimate = Estimate::none()
        .with_seconds(seconds)
        .with_bytes(bytes)
        .with_tours(u128::from(count));
    if format.file_per_page() && pages > MAX_SVG_FILES {
        return Err(Error::refused_with(
            Refusal::Size,
            true,
            estimate,
            format!(
                "{what} would write {pages} {} files, one a page (the limit is {MAX_SVG_FILES}): \
                 use PDF or PostScript, a larger --page, fewer tours, or add --force",
                format.extension().to_uppercase()
            ),
        ));
    }
    if path.as_os_str() != "-" {
        let dir = path.parent().unwrap_or(Path::new("."));
        // The estimate is within 25 %: refuse only what surely does not fit.
        if let Some(free) = free_space(dir).filter(|&f| bytes * 0.75 > f as f64) {
            return Err(Error::refused_with(
                Refusal::Size,
                false,
                estimate,
                format!(
                    "{}: {what}, but only {} is free there: free some space, write elsewhere, or add --force",
                    path.display(),
                    human_bytes(free as f64)
                ),
            ));
        }
    }
    Ok(())
}

/// The selection, known before the first glyph is drawn.
enum Plan {
    /// `n` tours of the plain stream (no filter: counted without enumerating).
    Stream(u64),
    /// The selected IDs (and orbit sizes, 0 without classes), collected by one filtering
    /// pass; drawing then unranks them instead of filtering a second time.
    Ids(Vec<u128>, Vec<u8>),
    /// Symmetric tours found directly, each with its index among them as its `id`.
    Tours(Vec<Item>),
}

/// Most tours drawn by halves (each unranked and held before drawing: about 300 bytes
/// a tour of 8×8).
const MAX_HALVES_TOURS: usize = 100_000;

/// The refusal of a selection of more than [`MAX_HALVES_TOURS`] tours by halves.
fn too_many_by_halves(n: &str) -> Error {
    Error::usage(format!(
        "rendering {n} tours by halves: at most {MAX_HALVES_TOURS} tours of a board this big are drawn at once; narrow the selection with --range A..B, --limit K or --sample K"
    ))
}

/// Most IDs kept in memory (9 bytes each): beyond this a filtered selection is counted by
/// one pass and streamed by a second.
const MAX_IDS: usize = 8_000_000;

impl Plan {
    /// The first `n` tours of the plan.
    fn first(self, n: u64) -> Plan {
        let n_ = usize::try_from(n).unwrap_or(usize::MAX);
        match self {
            Plan::Stream(k) => Plan::Stream(k.min(n)),
            Plan::Ids(mut ids, mut orbits) => {
                ids.truncate(n_);
                orbits.truncate(n_);
                Plan::Ids(ids, orbits)
            }
            Plan::Tours(mut items) => {
                items.truncate(n_);
                Plan::Tours(items)
            }
        }
    }

    /// The palette colours its glyphs take in `style` ([`tourglyph_layout::pens::used`]):
    /// a plain stream's IDs run on from its range's start; a filtered stream's are not
    /// known before drawing (every colour).
    fn tints(&self, q: &Query, style: &Style) -> Vec<bool> {
        use tourglyph_layout::pens::used;
        match self {
            Plan::Stream(n) if !(q.classes || q.non_crossing) => {
                let start = q.range.as_ref().map_or(0, |r| r.start);
                // Past the palette's length the colours come round again.
                let k = (*n).min(style.palette.len() as u64);
                used(style, Some((0..u128::from(k)).map(|i| (start + i, None))))
            }
            Plan::Stream(_) => used(style, None::<[(u128, Option<u32>); 0]>),
            Plan::Ids(ids, orbits) => used(
                style,
                Some(
                    ids.iter()
                        .zip(orbits)
                        .map(|(&id, &o)| (id, (o > 0).then_some(u32::from(o)))),
                ),
            ),
            Plan::Tours(items) => used(style, Some(items.iter().map(|it| (it.id, it.orbit)))),
        }
    }

    fn count(&self) -> u64 {
        match self {
            Plan::Stream(n) => *n,
            Plan::Ids(ids, _) => ids.len() as u64,
            Plan::Tours(items) => items.len() as u64,
        }
    }
}

/// What the sheet will hold.
fn plan(zdd: &Zdd, g: &LeapGraph, q: &Query) -> Result<Plan> {
    if !(q.classes || q.non_crossing) {
        let total = zdd.count();
        let walk = super::walk_len(q.range.as_ref(), total);
        let n = u64::try_from(walk).unwrap_or(u64::MAX);
        return Ok(Plan::Stream(q.limit.map_or(n, |l| l.min(n))));
    }
    {
        let (mut ids, mut orbits) = (Vec::new(), Vec::new());
        let mut full = false;
        stream(
            zdd,
            g,
            q,
            |it: &Item| (it.id, it.orbit.unwrap_or(0) as u8),
            |(id, o)| {
                if ids.len() == MAX_IDS {
                    full = true;
                    return Ok(Flow::Stop);
                }
                ids.push(id);
                orbits.push(o);
                Ok(Flow::Continue)
            },
        )?;
        if !full {
            return Ok(Plan::Ids(ids, orbits));
        }
    }
    Ok(Plan::Stream(tally(zdd, g, q).selected))
}

/// The footer: what the sheet shows, out of what ([`crate::describe`]; `total`: the
/// number of tours of the board and kind, when a diagram knows it; `sample`: the seed of a
/// random selection; `index`: captions are indices among the symmetric tours found
/// directly).
fn footer(
    g: &LeapGraph,
    q: &Query,
    closed: bool,
    (count, total, sample): (u64, Option<u128>, Option<u64>),
    no_captions: bool,
    index: bool,
) -> String {
    let what = describe_selection(g, q, closed, (count, total, sample));
    let caption = match (no_captions, q.classes, index) {
        (true, _, _) => "",
        (false, true, _) => "caption: tour ID (orbit size)",
        (false, false, true) => "caption: index among the symmetric tours",
        (false, false, false) => "caption: tour ID",
    };
    let dash = if caption.is_empty() {
        ""
    } else {
        crate::describe::DASH
    };
    format!("tourglyph: {what}{dash}{caption}")
}

/// Everything a sheet needs besides its backend.
struct Job<'a> {
    /// The diagram of all tours (`None` for symmetric tours found directly, and for
    /// tours by halves).
    zdd: Option<&'a Zdd>,
    /// The tours are numbered by their index among the symmetric tours found directly,
    /// not by ID.
    by_index: bool,
    g: &'a LeapGraph,
    q: &'a Query,
    style: &'a Style,
    grid: Grid,
    text: SheetText,
    captions: bool,
    /// Label each glyph (SVG: its path's id and title) as one of these tours: "closed
    /// rook tour of 6x6".
    labels: Option<String>,
    progress: &'a dyn Progress,
    plan: Plan,
    /// Glyphs to draw (fewer than the plan's stream holds for a preview).
    count: u64,
    /// `render --animate`: the walks' flags, and the animation each drawn glyph's walk
    /// is added to.
    motion: Option<(&'a super::request::Motion, &'a Animation)>,
    /// `--start` and `--reverse`: where each numbered glyph's numbers begin, and which way.
    turn: &'a super::request::Motion,
    /// The palette colours the glyphs take ([`Plan::tints`]), whose pens the document
    /// declares.
    used: &'a [bool],
}

/// IDs unranked and drawn per parallel batch.
const BATCH: usize = 4096;

impl Job<'_> {
    /// [`Job::draw`] on a document, its strokes in the order that shortens the pen's
    /// travel when the style asks for it ([`Optimize`]).
    fn draw_doc<'d, W: PageWrite>(self, doc: Document<'d, W>) -> Result<Document<'d, W>> {
        match self.style.optimize {
            true => Ok(self.draw(Optimize::new(doc))?.into_inner()),
            false => self.draw(doc),
        }
    }

    /// Stream the tours onto a sheet over `backend`; returns the finished backend.
    fn draw<B: Backend>(self, backend: B) -> Result<B> {
        let (g, style) = (self.g, self.style);
        let mut sheet = Sheet::new(backend, self.grid, style, self.text).with_tints(self.used);
        let scale = sheet.grid().scale();
        let captions = self.captions;
        let labels = self.labels.as_deref();
        // The walks' flags alone (the collector stays on this thread).
        let walk_flags = self.motion.map(|(m, _)| m);
        let turn = self.turn;
        // Glyph geometry, and its outline or pen strokes when the style draws them, on the
        // workers.
        // Symmetric tours found directly are numbered by index, not ID.
        let (prefix, word) = match self.by_index {
            false => ("tour", "ID"),
            true => ("index", "index"),
        };
        let map = |it: &Item| -> Drawn {
            let caption = match (captions, it.orbit) {
                (false, _) => String::new(),
                (true, Some(o)) => format!("{} ({o})", it.id),
                (true, None) => it.id.to_string(),
            };
            let label = labels.map(|what| Label {
                id: format!("{prefix}-{}", it.id),
                title: format!("{what}, {word} {}", it.id),
            });
            let glyph = SheetGlyph::of(&it.tour, g, style);
            let pre = match &glyph {
                SheetGlyph::Line(d) => ahead(d, style, scale),
                SheetGlyph::Torus(_) => Ahead::default(),
            };
            let cells = style.numbers.then(|| {
                super::single::walk_order(&it.tour, g, None, turn)
                    .map(|w| w.into_iter().map(|(r, c)| (c as i32, r as i32)).collect())
            });
            let walk = walk_flags.map(|m| super::animate::walk_cells(&it.tour, g, None, m));
            (glyph, pre, caption, label, cells, walk, (it.id, it.orbit))
        };
        let progress = self.progress;
        let motion = self.motion;
        let mut last_page = 0;
        let mut place = |sheet: &mut Sheet<'_, B>,
                         glyph: &SheetGlyph,
                         pre: &Ahead,
                         caption: &str,
                         label: Option<&Label>,
                         cells: Option<Result<Vec<(i32, i32)>>>,
                         walk: Option<Result<Vec<(u32, u32)>>>,
                         (id, orbit): (u128, Option<u32>)| {
            if let Some(c) = cells {
                sheet.number_next(c?);
            }
            sheet.tint_next(id, orbit);
            match glyph {
                SheetGlyph::Line(d) => sheet.push_full(d, pre, caption, label)?,
                // A torus tile in its frame (drawn as a stroke).
                SheetGlyph::Torus(_) => glyph.push(sheet, caption)?,
            }
            let page = if sheet.pages() != last_page {
                last_page = sheet.pages();
                last_page
            } else {
                0
            };
            if let (Some(walk), Some((_, animation))) = (walk, motion) {
                let id = label
                    .ok_or_else(|| Error::runtime("animation: the glyph carries no label"))?
                    .id
                    .clone();
                let place = sheet.grid().slot(sheet.drawn() - 1).place;
                let walk = super::animate::walk_at(&walk?, &place, style)?;
                animation.push(id, walk);
            }
            progress.update(sheet.drawn(), page);
            Ok::<_, Error>(())
        };
        match &self.plan {
            Plan::Stream(_) => {
                stream(
                    self.zdd.expect("a stream plan has a diagram"),
                    g,
                    self.q,
                    map,
                    |(glyph, pre, caption, label, cells, walk, tint)| {
                        let l = label.as_ref();
                        place(&mut sheet, &glyph, &pre, &caption, l, cells, walk, tint)?;
                        Ok(match sheet.drawn() < self.count {
                            true => Flow::Continue,
                            false => Flow::Stop,
                        })
                    },
                )?;
            }
            Plan::Ids(ids, orbits) => {
                let zdd = self.zdd.expect("an ID plan has a diagram");
                for (ids, orbits) in ids.chunks(BATCH).zip(orbits.chunks(BATCH)) {
                    let drawn: Vec<Result<Drawn>> = ids
                        .par_iter()
                        .zip(orbits.par_iter())
                        .map(|(&id, &o)| {
                            let tour = zdd.unrank(id).ok_or_else(|| {
                                Error::runtime(format!("tour ID {id} vanished between passes"))
                            })?;
                            let item = Item {
                                id,
                                tour,
                                orbit: (o > 0).then_some(u32::from(o)),
                            };
                            Ok(map(&item))
                        })
                        .collect();
                    for d in drawn {
                        let (glyph, pre, caption, label, cells, walk, tint) = d?;
                        let l = label.as_ref();
                        place(&mut sheet, &glyph, &pre, &caption, l, cells, walk, tint)?;
                    }
                }
            }
            Plan::Tours(items) => {
                for chunk in items.chunks(BATCH) {
                    let drawn: Vec<Drawn> = chunk.par_iter().map(map).collect();
                    for (glyph, pre, caption, label, cells, walk, tint) in drawn {
                        let l = label.as_ref();
                        place(&mut sheet, &glyph, &pre, &caption, l, cells, walk, tint)?;
                    }
                }
            }
        }
        sheet.finish()
    }
}
