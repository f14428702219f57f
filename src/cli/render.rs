//! `tourglyph render`: a sheet of glyphs (PDF, PostScript or SVG).
//!
//! Flags → style, format, page, graph, diagram and query; the number of glyphs is counted
//! first (cheaply without filters, by one enumeration with `--classes` or
//! `--non-crossing`), so the grid and the page count are known before the first glyph;
//! then tours stream in ID order (glyph geometry computed on the workers) into a
//! [`Sheet`] over the chosen backend, written to a temporary file and renamed.

use super::args::RenderArgs;
use super::common::{budget, build_zdd, check_walk, resolve};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::io::IsTerminal;
use tourglyph::budget::{free_space, human_bytes};
use tourglyph::engine::Flow;
use tourglyph::engine::frontier::Zdd;
use tourglyph::layout::glyph::reach;
use tourglyph::layout::grid::{Grid, GridSpec};
use tourglyph::layout::outline::outline;
use tourglyph::layout::page::PageSpec;
use tourglyph::layout::style::Style;
use tourglyph::layout::torus::SheetGlyph;
use tourglyph::layout::{Sheet, SheetText, sheet_layout, text};
use tourglyph::output::sheet_files::{SheetFiles, Written};
use tourglyph::output::{check_stdout_pages, open_out_with};
use tourglyph::render::estimate;
use tourglyph::render::pdf::{PdfOptions, PdfWriter};
use tourglyph::render::png::PngPage;
use tourglyph::render::ps::{PsOptions, PsWriter};
use tourglyph::render::shape::Shape;
use tourglyph::render::svg::SvgWriter;
use tourglyph::render::{Backend, Format, Label};
use tourglyph::sinks::{Item, Query, stream, tally};
use tourglyph::text::Fonts;
use tourglyph::{Error, LeapGraph, Result};

/// One glyph ready to place: its geometry, its outline (outline styles), its caption and
/// its label (SVG id and title).
type Drawn = (SheetGlyph, Option<Shape>, String, Option<Label>);

/// Run `render`; an SVG sheet says on stderr which files it wrote (unless `--quiet`).
pub fn run(a: RenderArgs) -> Result<()> {
    let quiet = a.spec.quiet;
    let (format, written) = sheet(a)?;
    if matches!(format, Format::Svg | Format::Png) && !quiet {
        if let Some(n) = written.notice() {
            eprintln!("tourglyph: {n}");
        }
    }
    Ok(())
}

/// Draw the sheet; returns its format and the files written (none for stdout) and
/// removed (the pages of an earlier SVG sheet of the same name).
pub fn sheet(a: RenderArgs) -> Result<(Format, Written)> {
    let style = super::common::style_with(&a.style, &a.draw)?;
    let png = super::common::png_options(&a.draw, a.sel.force);
    let format = match (&a.format, a.split) {
        (Some(f), _) => Format::parse(f)?,
        (None, true) => Format::Svg,
        (None, false) => Format::from_path(&a.output)?,
    };
    if a.split {
        super::split::check_dir(&a.output, a.out.options())?;
    }
    let page = PageSpec::parse(&a.page)?.landscape(a.landscape);
    if a.columns == Some(0) {
        return Err(Error::usage("--columns must be at least 1"));
    }
    let mut r = resolve(&a.spec, Some(&a.sel))?;
    // `--symmetry` on boards over 8x8: the symmetric tours found directly, no diagram of
    // all tours (captions give their index among the symmetric tours).
    let direct = super::symmetric::applies(&r);
    let zdd = match direct {
        true => None,
        false => Some(build_zdd(&r, a.sel.force)?),
    };
    // The selection's size first (a sample's is known before drawing it), then the cost.
    let planned = match &zdd {
        None => Some(Plan::Tours(super::symmetric::items(
            &a.sel,
            &mut r,
            MAX_IDS,
            "rendering",
        )?)),
        Some(zdd) => {
            r.fix_range(zdd.count());
            check_walk(zdd.count(), &r, &a.sel, "rendering")?;
            match a.sel.sample {
                Some(_) => None,
                None => Some(plan(zdd, &r.graph, &r.query)?),
            }
        }
    };
    let g = &r.graph;
    let count = match (&planned, &zdd) {
        (Some(p), _) => p.count(),
        (None, Some(z)) if z.count() == 0 => 0,
        (None, _) => a.sel.sample.unwrap_or(0),
    };
    if count == 0 {
        let why = r
            .graph
            .closed_tour_impossible()
            .filter(|_| r.kind.is_closed())
            .map_or(String::new(), |w| format!(": {w}"));
        return Err(Error::runtime(format!(
            "nothing to draw: the selection holds no tours{why}"
        )));
    }
    let zdd_ref = zdd.as_ref();
    if let (true, Some(Plan::Tours(items)), None) = (a.split, &planned, zdd_ref) {
        // Symmetric tours found directly: files named by their index.
        let job = super::split::Split {
            zdd: None,
            g,
            kind: r.kind,
            style: &style,
            format,
            png,
            dir: &a.output,
            opts: a.out.options(),
            force: a.sel.force,
        };
        job.write_items(items, r.query.symmetry.map_or("", |s| s.word()))?;
        return Ok((format, Written::default()));
    }
    if let (true, Some(zdd)) = (a.split, zdd_ref) {
        let ids = match planned {
            Some(Plan::Ids(ids, _)) => ids,
            Some(Plan::Stream(n)) => super::split::stream_ids(&r.query, n)?,
            Some(Plan::Tours(_)) => unreachable!("direct symmetric plans have no diagram"),
            None => tourglyph::sample::Sampler::new(a.sel.seed)
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
            dir: &a.output,
            opts: a.out.options(),
            force: a.sel.force,
        };
        job.write(&ids)?;
        return Ok((format, Written::default()));
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
        tourglyph::text::check(&fonts, t)?;
    }
    let (grid, sizes) = sheet_layout(
        &style,
        &spec,
        !a.no_captions,
        a.title.as_deref(),
        &|t: &str, pt: f64| text::shaped(&fonts, t, pt),
    )?;
    if matches!(format, Format::Svg | Format::Png) {
        check_stdout_pages(&a.output, grid.pages)?;
    }
    if format == Format::Png {
        tourglyph::render::png::pixels(grid.width, grid.height, png)?;
    }
    if format == Format::Eps && grid.pages > 1 {
        return Err(Error::usage(format!(
            "{}: an EPS file holds one page and this sheet takes {}: write .ps for all pages, or fit one page (--page poster, a larger --page, or fewer tours)",
            a.output.display(),
            grid.pages
        )));
    }
    check_cost(format, g.board(), count, grid.pages, &a.output, a.sel.force)?;
    let opts = a.out.options();
    let plan = match (planned, zdd_ref) {
        (Some(p), _) => p,
        (None, None) => unreachable!("the direct path always plans"),
        // Uniform random tours (or classes), in draw order (captions give their IDs).
        (None, Some(zdd)) if r.query.classes => {
            let (ids, orbits) = tourglyph::sample::Sampler::new(a.sel.seed)
                .classes(zdd, g, count)?
                .map(|it| (it.id, it.orbit.unwrap_or(0) as u8))
                .unzip();
            Plan::Ids(ids, orbits)
        }
        (None, Some(zdd)) => {
            let ids: Vec<u128> = match r.query.symmetry {
                // Uniform over the symmetric tours: indices into their IDs.
                Some(sym) => {
                    let pool = tourglyph::symmetric::ids(zdd, g, sym)?;
                    tourglyph::sample::Sampler::new(a.sel.seed)
                        .ids(pool.len() as u128, count)?
                        .map(|i| pool[i as usize])
                        .collect()
                }
                None => tourglyph::sample::Sampler::new(a.sel.seed)
                    .ids(zdd.count(), count)?
                    .collect(),
            };
            let orbits = vec![0; ids.len()];
            Plan::Ids(ids, orbits)
        }
    };
    let text = SheetText {
        title: a.title.clone(),
        footer: footer(
            g,
            &r.query,
            r.kind.is_closed(),
            count,
            a.no_captions,
            direct,
        ),
        sizes: Some(sizes),
        fonts: std::sync::Arc::clone(&fonts),
    };
    let what = format!("{} {} tour of {}", r.kind.word(), g.piece(), g.board());
    let desc = text.footer.clone();
    let pb = progress(count, grid.pages, a.spec.quiet);
    let title = a.title.clone().unwrap_or_default();
    let job = Job {
        zdd: zdd_ref,
        g,
        q: &r.query,
        style: &style,
        grid,
        text,
        captions: !a.no_captions,
        labels: (format == Format::Svg).then_some(what),
        pb: pb.as_ref(),
        plan,
    };
    let one_file = || Written {
        files: Vec::from_iter((a.output.as_os_str() != "-").then(|| a.output.clone())),
        removed: vec![],
    };
    let written = match format {
        Format::Pdf => {
            let out = open_out_with(&a.output, opts)?;
            let w = PdfWriter::new(
                out,
                PdfOptions {
                    title,
                    fonts,
                    ..PdfOptions::default()
                },
            );
            job.draw(w)?.into_inner().commit()?;
            one_file()
        }
        Format::Ps | Format::Eps => {
            let out = open_out_with(&a.output, opts)?;
            let eps = format == Format::Eps;
            let w = PsWriter::new(out, PsOptions { title, eps, fonts });
            job.draw(w)?.into_inner().commit()?;
            one_file()
        }
        Format::Svg => {
            // Before the first page: --no-clobber refuses an earlier sheet's files.
            let files = SheetFiles::plan(&a.output, job.grid.pages, opts)?;
            let paths = files.paths().to_vec();
            let name = if title.is_empty() { &desc } else { &title };
            let w = SvgWriter::new(Box::new(move |i| open_out_with(&paths[i], opts)))
                .with_meta(name, &desc)
                .with_text(fonts, a.text_as_paths);
            files.commit(job.draw(w)?.into_writers())?
        }
        Format::Png => {
            let files = SheetFiles::plan(&a.output, job.grid.pages, opts)?;
            let paths = files.paths().to_vec();
            let w = SvgWriter::new(Box::new(move |i| {
                Ok(PngPage::new(open_out_with(&paths[i], opts)?, png))
            }));
            let pages = job.draw(w)?.into_writers();
            files.commit(pages.into_iter().map(PngPage::into_inner).collect())?
        }
    };
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    Ok((format, written))
}

/// SVG sheets of more pages than this (one file each) need `--force`.
const MAX_SVG_FILES: u64 = 1000;

/// Refuse a sheet that would take too long, fill too many SVG files, or not fit on the
/// disk, before anything is written; `--force` lifts all three.
fn check_cost(
    format: Format,
    board: tourglyph::Board,
    count: u64,
    pages: u64,
    path: &std::path::Path,
    force: bool,
) -> Result<()> {
    let (seconds, bytes) = estimate::sheet(format, board.cells(), count);
    let size = human_bytes(bytes);
    let what = format!(
        "drawing {count} glyphs of {board} on {pages} pages (about {size} of {})",
        format.extension()
    );
    budget(force).check(&what, seconds, 0.0)?;
    if force {
        return Ok(());
    }
    if matches!(format, Format::Svg | Format::Png) && pages > MAX_SVG_FILES {
        return Err(Error::usage(format!(
            "{what} would write {pages} {} files, one a page (the limit is {MAX_SVG_FILES}): \
             use PDF or PostScript, a larger --page, fewer tours, or add --force",
            format.extension().to_uppercase()
        )));
    }
    if path.as_os_str() != "-" {
        let dir = path.parent().unwrap_or(std::path::Path::new("."));
        // The estimate is within 25 %: refuse only what surely does not fit.
        if let Some(free) = free_space(dir).filter(|&f| bytes * 0.75 > f as f64) {
            return Err(Error::runtime(format!(
                "{}: {what}, but only {} is free there: free some space, write elsewhere, or add --force",
                path.display(),
                human_bytes(free as f64)
            )));
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

/// Most IDs kept in memory (9 bytes each): beyond this a filtered selection is counted by
/// one pass and streamed by a second.
const MAX_IDS: usize = 8_000_000;

impl Plan {
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
        let walk = match &q.range {
            Some(r) => r.end.min(total).saturating_sub(r.start.min(total)),
            None => total,
        };
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

/// The footer: what the sheet shows.
fn footer(
    g: &LeapGraph,
    q: &Query,
    closed: bool,
    count: u64,
    no_captions: bool,
    index: bool,
) -> String {
    let kind = match (closed, q.symmetry) {
        (true, Some(s)) => format!("{}-symmetric closed", s.word()),
        (false, Some(s)) => format!("{}-symmetric open", s.word()),
        (true, None) => "closed".to_string(),
        (false, None) => "open".to_string(),
    };
    let board = if g.topology().is_torus() {
        format!("the {} torus", g.board())
    } else {
        g.board().to_string()
    };
    let what = if q.classes {
        format!(
            "{count} symmetry classes of {kind} {} tours of {board}",
            g.piece()
        )
    } else {
        format!("{count} {kind} {} tours of {board}", g.piece())
    };
    let caption = match (no_captions, q.classes, index) {
        (true, _, _) => "",
        (false, true, _) => " - caption: tour ID (orbit size)",
        (false, false, true) => " - caption: index among the symmetric tours",
        (false, false, false) => " - caption: tour ID",
    };
    format!("tourglyph: {what}{caption}")
}

/// A progress bar on stderr when it is a terminal (and not `--quiet`).
fn progress(total: u64, pages: u64, quiet: bool) -> Option<ProgressBar> {
    if quiet || !std::io::stderr().is_terminal() {
        return None;
    }
    let pb = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    pb.set_style(
        ProgressStyle::with_template(
            "drawing {wide_bar} {human_pos}/{human_len} glyphs  {msg}  ETA {eta}",
        )
        .expect("valid template"),
    );
    pb.set_message(format!("page 1/{pages}"));
    Some(pb)
}

/// Everything a sheet needs besides its backend.
struct Job<'a> {
    /// The diagram of all tours (`None` for symmetric tours found directly).
    zdd: Option<&'a Zdd>,
    g: &'a LeapGraph,
    q: &'a Query,
    style: &'a Style,
    grid: Grid,
    text: SheetText,
    captions: bool,
    /// Label each glyph (SVG: its path's id and title) as one of these tours: "closed
    /// rook tour of 6x6".
    labels: Option<String>,
    pb: Option<&'a ProgressBar>,
    plan: Plan,
}

/// IDs unranked and drawn per parallel batch.
const BATCH: usize = 4096;

impl Job<'_> {
    /// Stream the tours onto a sheet over `backend`; returns the finished backend.
    fn draw<B: Backend>(self, backend: B) -> Result<B> {
        let (g, style) = (self.g, self.style);
        let pages = self.grid.pages;
        let mut sheet = Sheet::new(backend, self.grid, style, self.text);
        let captions = self.captions;
        let labels = self.labels.as_deref();
        // Glyph geometry, and its outline when the style draws outlines, on the workers.
        // Symmetric tours found directly are numbered by index, not ID.
        let (prefix, word) = match self.zdd {
            Some(_) => ("tour", "ID"),
            None => ("index", "index"),
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
            let shape = match &glyph {
                SheetGlyph::Line(d) if style.outline => Some(outline(d, style)),
                _ => None,
            };
            (glyph, shape, caption, label)
        };
        let pb = self.pb;
        let mut last_page = 0;
        let mut place = |sheet: &mut Sheet<'_, B>,
                         glyph: &SheetGlyph,
                         shape: Option<&Shape>,
                         caption: &str,
                         label: Option<&Label>| {
            match glyph {
                SheetGlyph::Line(d) => sheet.push_full(d, shape, caption, label)?,
                // A torus tile in its frame (drawn as a stroke).
                SheetGlyph::Torus(_) => glyph.push(sheet, caption)?,
            }
            if let Some(pb) = pb {
                pb.set_position(sheet.drawn());
                if sheet.pages() != last_page {
                    last_page = sheet.pages();
                    pb.set_message(format!("page {last_page}/{pages}"));
                }
            }
            Ok::<_, Error>(())
        };
        match &self.plan {
            Plan::Stream(_) => {
                stream(
                    self.zdd.expect("a stream plan has a diagram"),
                    g,
                    self.q,
                    map,
                    |(glyph, shape, caption, label)| {
                        place(&mut sheet, &glyph, shape.as_ref(), &caption, label.as_ref())?;
                        Ok(Flow::Continue)
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
                        let (glyph, shape, caption, label) = d?;
                        place(&mut sheet, &glyph, shape.as_ref(), &caption, label.as_ref())?;
                    }
                }
            }
            Plan::Tours(items) => {
                for chunk in items.chunks(BATCH) {
                    let drawn: Vec<Drawn> = chunk.par_iter().map(map).collect();
                    for (glyph, shape, caption, label) in drawn {
                        place(&mut sheet, &glyph, shape.as_ref(), &caption, label.as_ref())?;
                    }
                }
            }
        }
        sheet.finish()
    }
}
