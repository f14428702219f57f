//! Drawing a shaped board's tours (issue 30): one tuple as one glyph (`tourglyph shape
//! glyph`, `glyph --shape`) and sheets of them (`render --shape`), the same drawings both
//! ways; the tours come from [`super::shaped_board`].

use super::request::{GlyphRequest, SheetRequest};
use super::shaped_board::{
    Picked, ShapePick, ShapeRequest, ShapeTour, not_on_a_shape, pick, picked, tree_parts, tuple,
};
use super::{Draw, Opened, Target, single_format};
use crate::output::sheet_files::{SheetFiles, Written};
use crate::output::{check_stdout_pages, open_out_with};
use tourglyph_core::board_shape::Shape;
use tourglyph_core::{Error, Piece, Result};
use tourglyph_draw::png::PngOptions;
use tourglyph_draw::text::Fonts;
use tourglyph_draw::{Destination, DocOptions, Format, Label};
use tourglyph_engine::shape_diagrams::ShapeDiagrams;
use tourglyph_layout::glyph::reach;
use tourglyph_layout::grid::Grid;
use tourglyph_layout::grid::GridSpec;
use tourglyph_layout::page::PageSpec;
use tourglyph_layout::shape_glyph::{draw_shape_glyph, part_glyph};
use tourglyph_layout::{Sheet, SheetText, sheet_layout, text_size};

/// How the glyph looks and where it goes.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeDrawing {
    /// `svg`, `pdf`, `ps`, `eps` or `png`; `None`: from the file's extension.
    pub format: Option<String>,
    /// The glyph's size: `50mm`, `5cm`, `2in`.
    pub size: String,
    /// A built-in style name or the path of a TOML file.
    pub style: String,
    /// The style and raster flags over the style.
    pub draw: Draw,
    /// Write PNG images over 100 megapixels.
    pub force: bool,
}

impl Default for ShapeDrawing {
    fn default() -> Self {
        ShapeDrawing {
            format: None,
            size: "50mm".into(),
            style: "line".into(),
            draw: Draw::default(),
            force: false,
        }
    }
}

/// Draw `tour` as one glyph to `target`; returns its format.
pub fn tour_glyph(tour: &ShapeTour, d: &ShapeDrawing, target: Target<'_>) -> Result<Format> {
    let style = super::style_with(&d.style, &d.draw)?;
    let png = PngOptions {
        smaller: Some("--size"),
        ..super::png_options(&d.draw, d.force)
    };
    let format = single_format(d.format.as_deref(), &target)?;
    // A shape's parts are closed rook tours, drawn as the format draws them.
    tourglyph_layout::bridge::check(
        &super::single::for_format(style.clone(), format),
        true,
        true,
    )?;
    let size = super::request::parse_size(&d.size)?;
    let shape = &tour.shape;
    let parts: Vec<_> = tour
        .parts
        .iter()
        .map(|p| part_glyph(shape, p, &style))
        .collect();
    let mut grid = Grid::single(shape.board(), size, style.padding)?;
    grid.spec.reach = reach(&style, &Piece::rook(), true);
    format.check_size(grid.width, grid.height, png)?;
    let out = Opened::open(target)?;
    let title = format!(
        "closed tours of a shape of {} cells in {} ({}), {}",
        shape.len(),
        shape.board(),
        crate::describe::count(tour.parts.len() as u128, "part", "parts"),
        match tour.id {
            Some(id) => format!("ID {id}"),
            None => format!("{} method", tour.method.name()),
        }
    );
    let label = Label {
        id: tour
            .id
            .map_or("tour".to_string(), |id| format!("tour-{id}")),
        title: title.clone(),
    };
    let opts = DocOptions {
        title,
        desc: String::new(),
        png,
        pdf_threads: Some(0),
        ..DocOptions::default()
    };
    let doc = format.open(Destination::Stream(Vec::new()), opts)?;
    let mut sheet = Sheet::new(doc, grid, &style, SheetText::default());
    sheet.push_with("", |b, place, st| {
        draw_shape_glyph(b, place, st, shape, &parts, Some(&label))
    })?;
    let bytes = sheet.finish()?.into_writers().concat();
    out.finish(&bytes)?;
    Ok(format)
}

/// `glyph --shape`: the tour `req` picks (`--id`, or `--random --seed`, by the default
/// method of [`pick`]) drawn as `shape glyph` draws it; returns the tour
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
        req.motion != super::request::Motion::default(),
        "shape glyphs are drawn still",
    )?;
    let shape = ShapeRequest {
        piece: req.piece.clone(),
        ..shape.clone()
    };
    let choice = ShapePick {
        id: req.id.clone(),
        random: req.random,
        seed: req.seed,
        method: None,
        steps: None,
        force: req.force,
    };
    let t = pick(&shape, &choice)?;
    let d = ShapeDrawing {
        format: req.format.clone(),
        size: req.size.clone(),
        style: req.style.clone(),
        draw: req.draw.clone(),
        force: req.force,
    };
    let f = tour_glyph(&t, &d, target)?;
    Ok((t, f))
}

/// `render --shape`: a sheet of the tuples of tours the selection picks, each glyph drawn
/// in the shape's outline, captioned with its tuple ID; returns the format and the files
/// written. A `--sample K` of a shape too wide for the diagrams (over
/// [`EXACT_MAX_COLS`](super::shaped_board::EXACT_MAX_COLS) columns) and made of 2×2 blocks draws K tours around
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
    let png = PngOptions {
        smaller: Some("--page"),
        ..super::png_options(&a.draw, a.sel.force)
    };
    let format = Format::for_output(a.format.as_deref(), output)?;
    let style = super::single::for_format(style, format);
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
            let mut sheet = Sheet::new(
                format.open(Destination::Stream(&mut *w), doc)?,
                grid,
                &style,
                text,
            );
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
            let mut sheet = Sheet::new(
                format.open(Destination::Files(open), doc)?,
                grid,
                &style,
                text,
            );
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
                None => (tree_parts(self.shape, self.piece, id as u64)?, "seed"),
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

/// `render --shape … --split -o DIR`: one file per tuple of tours the selection picks,
/// each drawn as `glyph --shape` draws it (50 mm), named `PIECE-shape-BOARD-ID.EXT` by
/// the tuple's ID (the seed, for a sample drawn by the tree method), as the board's
/// files are named; returns the format and the files written.
pub fn shape_files(
    a: &SheetRequest,
    shape: &ShapeRequest,
    target: Target<'_>,
) -> Result<(Format, Written)> {
    use super::limits::budget;
    use super::shaped_board::{Method, ShapeTour};
    use crate::output::sheet_files::{MAX_SPLIT_FILES, SIZE_MM, check_dir, names};
    use tourglyph_core::error::{Estimate, Refusal};
    let Target::Path(dir, opts) = target else {
        return Err(Error::usage(
            "--split writes one file per tour into a folder: give -o DIR, not -o -",
        ));
    };
    let format = match &a.format {
        Some(f) => Format::parse(f)?,
        None => Format::Svg,
    };
    check_dir(dir, opts)?;
    let p = picked(&a.spec, &a.sel, shape)?;
    let n = p.chosen.len();
    let what = format!("--split of {n} tours of a shape in {}", p.shape.board());
    let seconds = tourglyph_draw::estimate::files(format, n);
    if n > MAX_SPLIT_FILES && !a.sel.force {
        let estimate = Estimate::none().with_seconds(seconds).with_tours(n as u128);
        return Err(Error::refused_with(
            Refusal::Size,
            true,
            estimate,
            format!(
                "{what} would write {n} files (the limit is {MAX_SPLIT_FILES}): select fewer with --limit, --range or --sample, or add --force"
            ),
        ));
    }
    budget(a.sel.force).check(&what, seconds, 0.0)?;
    let stem = format!("{}-shape-{}", p.piece, p.shape.board());
    let drawing = ShapeDrawing {
        format: Some(format.extension().to_string()),
        size: format!("{SIZE_MM}mm"),
        style: a.style.clone(),
        draw: a.draw.clone(),
        force: a.sel.force,
    };
    let mut files = Vec::with_capacity(n);
    for (k, name) in names(&stem, &p.chosen, format.extension())
        .into_iter()
        .enumerate()
    {
        let exact = p.d.is_some();
        let tour = ShapeTour {
            shape: p.shape.clone(),
            parts: p.parts(k)?,
            method: if exact { Method::Exact } else { Method::Tree },
            id: exact.then_some(p.chosen[k]),
            chain: None,
        };
        let path = dir.join(name);
        tour_glyph(&tour, &drawing, Target::Path(&path, opts))?;
        files.push(path);
    }
    let written = Written {
        files,
        removed: vec![],
    };
    Ok((format, written))
}
