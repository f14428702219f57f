//! Output validity under stress: random tours of random boards (every piece, open and
//! closed), drawn as sheets of 1 to 12 glyphs in every built-in style (corners,
//! background and `--outline` varied too), on random pages (sizes, landscape, columns, captions on and off)
//! or on a page of one glyph's size as `glyph` draws it, under hostile titles, captions and
//! footers, in all three formats; every file is read back in pure Rust (lopdf for PDF,
//! the DSC structure of PostScript, usvg for SVG) and by the outside validators where
//! they are installed (qpdf and pdftotext for PDF, Ghostscript for PostScript), and
//! checked for semantic facts: the page count the grid predicted, the number of paths in
//! the SVG, and every title, footer and caption read back whole from the PDF by each
//! reader (none ran off the page).
//!
//! Texts are random Unicode (all planes, combining marks, bidi controls, Arabic, Greek,
//! Cyrillic, RTL/LTR mixes): a sheet whose texts the fonts can draw must validate; one
//! holding a control character or a character no font has must fail in every format with
//! the usage error that names the character's U+ code, never a panic and never a `?`.
//!
//! Tours are uniform samples of the frontier diagram where it is cheap to build, else the
//! seeded single-tour finder's; a case whose piece has no tour of its kind on its board is
//! rejected (and a new one drawn). A failing case shrinks to the smallest sheet that fails.
//!
//! `STRESS_CASES=N` runs N cases instead of [`DEFAULT_CASES`] (a longer soak); run with
//! `--nocapture` to see the figures. A validator that is not installed is skipped with one
//! line naming it, or fails the test under `TOURGLYPH_REQUIRE_TOOLS=1` (CI).

use crate::common::{gs_check, installed, pdf_texts, qpdf_check, qpdf_pages, skip, svg_tree};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};
use std::cell::Cell;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;
use tourglyph::draw::text::Fonts;
use tourglyph::engine::frontier::Zdd;
use tourglyph::engine::sample::Sampler;
use tourglyph::layout::glyph::glyph_data;
use tourglyph::layout::grid::Grid;
use tourglyph::layout::page::PageSpec;
use tourglyph::layout::style::{BUILTIN, CornerKind, Style};
use tourglyph::layout::{Sheet, SheetText, grid_spec};
use tourglyph::{Board, Error, LeapGraph, Piece, Tour, TourKind};
use tourglyph::{draw::Backend, draw::Format, draw::GlyphData, draw::Rgb};
use tourglyph::{draw::Destination, draw::DocOptions};
use tourglyph::{engine::find::construction::Request, engine::find::construction::find};

/// Points per millimetre.
const PT_PER_MM: f64 = 72.0 / 25.4;

/// Cases of a plain `cargo test` run (each is one sheet in each of the three formats).
const DEFAULT_CASES: u32 = 128;

/// One sheet to draw: what proptest generates and shrinks.
#[derive(Clone, Debug)]
struct Case {
    /// Piece name as the CLI takes it (`rook`, …, `leaper:A,B`).
    piece: String,
    rows: u32,
    cols: u32,
    closed: bool,
    /// Seed of the sampler or the finder.
    seed: u64,
    /// Glyphs on the sheet.
    glyphs: usize,
    /// A built-in style name.
    style: &'static str,
    /// The style's corner treatment replaced (the built-ins have no bevel).
    corner: Option<CornerKind>,
    /// A page background added to the style.
    background: bool,
    /// Glyphs drawn as filled outlines (`--outline`).
    outline: bool,
    /// Draw one glyph on a page its own size (`glyph`, `find -o`), this many mm wide,
    /// instead of a sheet.
    single: Option<f64>,
    /// Page as `--page` takes it.
    page: String,
    landscape: bool,
    columns: Option<u32>,
    captions: bool,
    title: Option<String>,
    footer: String,
    /// Caption texts, used in turn.
    labels: Vec<String>,
    /// PDF compression threads (0: on the calling thread).
    pdf_threads: usize,
}

impl Case {
    /// The smallest case: one open rook tour of 2×2 in `line` on a poster, no title,
    /// footer or captions; regression tests change what they need.
    fn small() -> Case {
        Case {
            piece: "rook".into(),
            rows: 2,
            cols: 2,
            closed: false,
            seed: 0,
            glyphs: 1,
            style: "line",
            corner: None,
            background: false,
            outline: false,
            single: None,
            page: "poster".into(),
            landscape: false,
            columns: None,
            captions: false,
            title: None,
            footer: String::new(),
            labels: vec![String::new()],
            pdf_threads: 0,
        }
    }
}

/// Characters that need care in some format: PostScript and PDF string delimiters and
/// escape, the PostScript comment sign, XML markup and quotes, control characters,
/// characters XML 1.0 cannot hold, and non-ASCII up to emoji, combining marks and
/// bidirectional overrides.
const NASTY: &[char] = &[
    '(',
    ')',
    '\\',
    '%',
    '<',
    '>',
    '&',
    '"',
    '\'',
    '\0',
    '\u{1}',
    '\u{8}',
    '\t',
    '\n',
    '\r',
    '\u{b}',
    '\u{c}',
    '\u{1b}',
    '\u{7f}',
    '\u{85}',
    '\u{a0}',
    '\u{ad}',
    '\u{301}',
    '\u{2028}',
    '\u{202e}',
    '\u{feff}',
    '\u{fffe}',
    '\u{ffff}',
    'é',
    '×',
    '€',
    '♞',
    '🐴',
    '\u{10ffff}',
];

/// Characters the bundled fonts draw, or format characters the shaper takes: Latin,
/// Greek, Cyrillic and Arabic letters, combining marks, bidi controls, ZWJ/ZWNJ,
/// variation selectors.
fn drawable() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => prop::char::range(' ', '~'),
        1 => prop::sample::select(vec!['é', '—', '×', '€', '½', '\u{a0}', '\u{ad}', '\u{feff}']),
        1 => prop::char::range('\u{391}', '\u{3a9}'),
        1 => prop::char::range('\u{410}', '\u{44f}'),
        3 => prop::char::range('\u{621}', '\u{64a}'),
        1 => prop::char::range('\u{300}', '\u{36f}'),
        1 => prop::sample::select(vec![
            '\u{200c}', '\u{200d}', '\u{200e}', '\u{200f}', '\u{202a}', '\u{202b}', '\u{202c}',
            '\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}', '\u{fe0f}',
        ]),
    ]
}

/// A short text: mostly [`drawable`] characters; one in five a hostile mix of [`NASTY`]
/// characters, printable ASCII and any Unicode scalar (most of which no font has).
fn text() -> impl Strategy<Value = String> {
    let hostile = prop_oneof![
        4 => prop::sample::select(NASTY),
        3 => prop::char::range(' ', '~'),
        2 => any::<char>(),
    ];
    prop_oneof![
        4 => prop::collection::vec(drawable(), 0..32),
        1 => prop::collection::vec(hostile, 0..32),
    ]
    .prop_map(|v| v.into_iter().collect())
}

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => Just("rook".to_string()),
        1 => prop::sample::select(vec!["knight", "king", "camel", "zebra", "giraffe"])
            .prop_map(String::from),
        1 => (0u32..=3, 1u32..=5).prop_map(|(a, b)| format!("leaper:{a},{b}")),
    ]
}

fn page() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "a5", "a4", "a3", "a2", "a1", "a0", "letter", "legal", "tabloid"
        ])
        .prop_map(String::from),
        Just("poster".to_string()),
        (2u32..=600, 2u32..=600).prop_map(|(w, h)| format!("{w}x{h}mm")),
        (1u32..=24, 1u32..=24).prop_map(|(w, h)| format!("{w}x{h}in")),
    ]
}

fn case() -> impl Strategy<Value = Case> {
    let styles: Vec<&'static str> = BUILTIN.iter().map(|(n, _)| *n).collect();
    (
        (
            piece(),
            2u32..=16,
            2u32..=16,
            any::<bool>(),
            any::<u64>(),
            1usize..=12,
            prop::sample::select(styles),
            prop::option::of(prop::sample::select(vec![
                CornerKind::Sharp,
                CornerKind::Bevel,
                CornerKind::Round,
            ])),
            any::<bool>(),
            prop::option::weighted(
                0.15,
                prop_oneof![
                    3 => 5.0..300.0f64,
                    1 => 0.0001..2.0f64,
                    1 => 1000.0..6000.0f64,
                ],
            ),
        ),
        (
            page(),
            any::<bool>(),
            prop::option::of(prop_oneof![3 => 1u32..=8, 1 => 9u32..=40]),
            any::<bool>(),
            prop::option::of(text()),
            text(),
            prop::collection::vec(text(), 1..=12),
            0usize..=2,
            prop::bool::weighted(0.3),
        ),
    )
        .prop_map(
            |(
                (piece, rows, cols, closed, seed, glyphs, style, corner, background, single),
                (page, landscape, columns, captions, title, footer, labels, pdf_threads, outline),
            )| Case {
                piece,
                rows,
                cols,
                closed,
                seed,
                glyphs: if single.is_some() { 1 } else { glyphs },
                style,
                corner,
                background,
                outline,
                single,
                page,
                landscape,
                columns,
                captions,
                title,
                footer,
                labels,
                pdf_threads,
            },
        )
}

/// True when the frontier diagram of `g` is cheap to build (milliseconds): rook boards up
/// to 8 columns, small boards for the other pieces.
fn diagram_is_cheap(g: &LeapGraph) -> bool {
    let b = g.board();
    if g.piece().is_rook() {
        b.cols <= 8
    } else {
        b.cells() <= 20 && b.cols <= 5
    }
}

/// `k` tours of `g` (repeated in turn if fewer distinct ones were found), uniform from the
/// frontier diagram where it is cheap, else from the seeded finder, and whether they were
/// sampled; `None` when there is no tour of this kind.
fn tours(g: &LeapGraph, closed: bool, k: usize, seed: u64) -> Option<(Vec<Tour>, bool)> {
    let kind = if closed {
        TourKind::Closed
    } else {
        TourKind::Open
    };
    let mut out = Vec::with_capacity(k);
    if diagram_is_cheap(g) {
        let z = Zdd::build(g, kind).expect("a cheap diagram builds");
        if z.count() == 0 {
            return None;
        }
        let drawn = Sampler::new(seed).tours(&z, k).expect("sampling");
        out.extend(drawn.into_iter().map(|(_, t)| t));
        return Some((out, true));
    }
    for i in 0..k as u64 {
        let req = Request {
            board: g.board(),
            piece: g.piece().clone(),
            closed,
            start: None,
            seed: Some(seed.wrapping_add(i)),
        };
        match find(&req) {
            Ok(f) => out.push(Tour::from_cells(g, &f.cells, kind).expect("a found tour")),
            Err(_) if i == 0 => return None,
            Err(_) => break,
        }
    }
    let n = out.len();
    for i in n..k {
        out.push(out[i % n].clone());
    }
    Some((out, false))
}

/// Everything a sheet needs, format aside.
struct Job {
    case: Case,
    style: Style,
    grid: Grid,
    glyphs: Vec<GlyphData>,
    /// The tours were sampled from the frontier diagram (else found).
    sampled: bool,
}

impl Job {
    /// The job for `c`; `Err` rejects the case (no tour of its kind, or a page too small
    /// for any glyph, which is a usage error).
    fn new(c: &Case) -> Result<Job, TestCaseError> {
        let piece: Piece = c.piece.parse().expect("piece name");
        let g = match LeapGraph::new(Board::new(c.rows, c.cols), &piece) {
            Ok(g) => g,
            Err(e) => return Err(TestCaseError::reject(e.to_string())),
        };
        let mut style = Style::resolve(c.style).expect("built-in style");
        if let Some(k) = c.corner {
            style.corner = k;
        }
        if c.background {
            style.background = Some(Rgb(0xf4, 0xee, 0xdc));
        }
        style.outline = c.outline;
        let Some((tours, sampled)) = tours(&g, c.closed, c.glyphs, c.seed) else {
            return Err(TestCaseError::reject("no tour"));
        };
        let glyphs: Vec<GlyphData> = tours.iter().map(|t| glyph_data(t, &g, &style)).collect();
        let mut spec = grid_spec(
            &style,
            g.board(),
            glyphs.len() as u64,
            c.captions,
            c.title.is_some(),
        );
        spec.page = PageSpec::parse(&c.page)
            .expect("page name")
            .landscape(c.landscape);
        spec.columns = c.columns;
        let grid = match c.single {
            Some(mm) => Grid::single(g.board(), mm, style.padding),
            None => Grid::new(&spec),
        };
        let grid = match grid {
            Ok(g) => g,
            Err(e) if e.is_usage() => return Err(TestCaseError::reject(e.to_string())),
            Err(e) => panic!("grid: {e}"),
        };
        Ok(Job {
            case: c.clone(),
            style,
            grid,
            glyphs,
            sampled,
        })
    }

    /// Title band text, footer and captions as the sheet draws them (`glyph` and
    /// `find -o` draw none: their title goes only into the document's metadata).
    fn text(&self) -> SheetText {
        let c = &self.case;
        match c.single {
            Some(_) => SheetText::default(),
            None => SheetText {
                title: c.title.clone(),
                footer: c.footer.clone(),
                ..SheetText::default()
            },
        }
    }

    /// The texts the sheet draws: title, footer, captions.
    fn texts(&self) -> Vec<String> {
        let (spec, text) = (&self.grid.spec, self.text());
        let mut out: Vec<String> = text
            .title
            .into_iter()
            .filter(|_| spec.title > 0.0)
            .collect();
        if spec.footer > 0.0 {
            out.push(text.footer);
        }
        if spec.caption > 0.0 && self.case.captions && self.case.single.is_none() {
            let labels = &self.case.labels;
            out.extend((0..self.glyphs.len()).map(|i| labels[i % labels.len()].clone()));
        }
        out
    }

    /// Draw the sheet on `backend`, as the CLI does.
    fn draw<B: Backend>(&self, backend: B) -> Result<B, Error> {
        let c = &self.case;
        let text = self.text();
        let mut sheet = Sheet::new(backend, self.grid.clone(), &self.style, text);
        for (i, g) in self.glyphs.iter().enumerate() {
            let caption = if c.captions && c.single.is_none() {
                c.labels[i % c.labels.len()].as_str()
            } else {
                ""
            };
            sheet.push(g, caption)?;
        }
        sheet.finish()
    }

    /// Write the sheet in `format` into `dir`, opened as the CLI opens it
    /// ([`Format::open`]); returns the files (one per page for SVG).
    fn write(&self, format: Format, dir: &Path) -> Result<Vec<PathBuf>, Error> {
        let ext = format.extension();
        let paths: Vec<PathBuf> = if format.file_per_page() {
            (1..=self.grid.pages)
                .map(|i| dir.join(format!("sheet-{i}.{ext}")))
                .collect()
        } else {
            vec![dir.join(format!("sheet.{ext}"))]
        };
        let open = paths.clone();
        let files = Destination::Files(Box::new(move |i: usize| {
            let p = &open[i];
            std::fs::File::create(p)
                .map(BufWriter::new)
                .map_err(|e| Error::file(p, e))
        }));
        let opts = DocOptions {
            title: self.case.title.clone().unwrap_or_default(),
            pdf_threads: Some(self.case.pdf_threads),
            ..DocOptions::default()
        };
        let written = self.draw(format.open(files, opts)?)?.into_writers();
        assert_eq!(written.len(), paths.len(), "{format:?} files written");
        for mut w in written {
            w.flush()?;
        }
        Ok(paths)
    }

    /// Paths usvg should find on SVG page `page`: the background, and per glyph its
    /// frame, its dots and its line (every built-in style strokes or fills the line); an
    /// outline glyph is its inside (a filled closed tour) and its outline (when not empty).
    fn svg_paths(&self, page: u64) -> usize {
        let st = &self.style;
        let line = |g: &GlyphData| {
            if st.interlace {
                // The inside's fill, then the band's outline and its inside (two strokes),
                // and the same two again for the patches where crossings crowd.
                let two = usize::from(st.band_outline.is_some() && st.band_outline_width > 0.0)
                    + usize::from(st.stroke.is_some() && st.band_width > 0.0);
                let patched = !tourglyph::layout::interlace::band(g, st).patches.is_empty();
                usize::from(g.closed && st.fill.is_some()) + two * (1 + usize::from(patched))
            } else if st.outline {
                usize::from(g.closed && st.fill.is_some())
                    + usize::from(
                        !tourglyph::layout::outline::outline(g, st)
                            .contours
                            .is_empty(),
                    )
            } else {
                1
            }
        };
        let furniture = usize::from(st.frame.is_some()) + usize::from(st.dots.is_some());
        let glyphs: usize = (0..self.glyphs.len())
            .filter(|&i| self.grid.slot(i as u64).page == page)
            .map(|i| furniture + line(&self.glyphs[i]))
            .sum();
        usize::from(st.background.is_some()) + glyphs
    }
}

/// Path nodes in a usvg group, nested groups included.
fn count_paths(g: &resvg::usvg::Group) -> usize {
    g.children()
        .iter()
        .map(|n| match n {
            resvg::usvg::Node::Path(_) => 1,
            resvg::usvg::Node::Group(g) => count_paths(g),
            _ => 0,
        })
        .sum()
}

/// `%%Pages:` of a DSC document's trailer, and the number of `%%Page:` comments.
fn ps_pages(p: &Path) -> (Option<u64>, u64) {
    let text = String::from_utf8_lossy(&std::fs::read(p).expect("read PS")).into_owned();
    let trailer = text
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("%%Pages: "))
        .and_then(|n| n.trim().parse().ok());
    let pages = text.lines().filter(|l| l.starts_with("%%Page: ")).count() as u64;
    (trailer, pages)
}

/// Figures of a run.
#[derive(Default)]
struct Tally {
    /// Sheets validated per format (PDF, PS, SVG).
    sheets: [Cell<u64>; 3],
    pages: Cell<u64>,
    rejected: Cell<u64>,
    /// Sheets refused for a text that cannot be drawn (counted per format).
    refused: Cell<u64>,
    /// Sheets of sampled tours and of found tours.
    sampled: Cell<u64>,
    found: Cell<u64>,
}

fn bump(c: &Cell<u64>, by: u64) {
    c.set(c.get() + by);
}

/// Draw `c` in the three formats and check every file.
fn check_case(c: &Case, tally: &Tally) -> Result<(), TestCaseError> {
    let job = Job::new(c).inspect_err(|_| bump(&tally.rejected, 1))?;
    bump(
        if job.sampled {
            &tally.sampled
        } else {
            &tally.found
        },
        1,
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let pages = job.grid.pages;
    // PDF's architectural limits on a page side (ISO 32000-1, Annex C), which the other
    // formats' consumers share in practice: 3 pt to 14,400 pt.
    let (w, h) = (job.grid.width * PT_PER_MM, job.grid.height * PT_PER_MM);
    prop_assert!(
        (3.0..=14_400.0).contains(&w.min(h)) && (3.0..=14_400.0).contains(&w.max(h)),
        "page {w} x {h} pt"
    );
    // The texts' verdict, found independently of the drawing: the first character that
    // cannot be drawn, if any.
    let fonts = Fonts::bundled();
    let refused = job
        .texts()
        .iter()
        .find_map(|t| tourglyph::draw::text::check(&fonts, t).err());
    for (k, format) in [Format::Pdf, Format::Ps, Format::Svg]
        .into_iter()
        .enumerate()
    {
        let sub = dir.path().join(format.extension());
        std::fs::create_dir(&sub).expect("mkdir");
        let files = match (job.write(format, &sub), &refused) {
            (Ok(files), None) => files,
            (Err(e), Some(_)) => {
                let m = e.to_string();
                prop_assert!(
                    e.is_usage()
                        && m.contains("U+")
                        && (m.contains("--font") || m.contains("control character")),
                    "{format:?}: {m}"
                );
                bump(&tally.refused, 1);
                continue;
            }
            (Ok(_), Some(r)) => {
                return Err(TestCaseError::fail(format!(
                    "{format:?} drew a text that should be refused ({r})"
                )));
            }
            (Err(e), None) => return Err(TestCaseError::fail(format!("{format:?}: {e}"))),
        };
        match format {
            Format::Pdf => {
                qpdf_check(&files[0]);
                prop_assert_eq!(qpdf_pages(&files[0]), pages, "PDF pages");
                // Every text reads back, by every reader: none ran off the page, no character was lost
                // or replaced. A left-to-right text reads back whole (compared without
                // white space, which pdftotext lays out anew); one with right-to-left
                // characters, marks or format characters may come back reordered, so
                // each of its visible characters must be in the page's text.
                let squeeze = |s: &str| s.split_whitespace().collect::<String>();
                let plain = |t: &str| t.chars().all(|c| c == ' ' || c.is_ascii_graphic());
                for text in pdf_texts(&files[0]) {
                    for t in job.texts() {
                        if plain(&t) {
                            prop_assert!(
                                squeeze(&text).contains(&squeeze(&t)),
                                "{t:?} not in the PDF's text {text:?}"
                            );
                        } else {
                            for c in t.chars().filter(|&c| {
                                !c.is_whitespace()
                                    && !tourglyph::draw::text::shaping::is_ignorable(c)
                            }) {
                                prop_assert!(
                                    text.contains(c),
                                    "{c:?} (U+{:04X}) of {t:?} not in the PDF's text {text:?}",
                                    c as u32
                                );
                            }
                        }
                    }
                }
            }
            Format::Ps => {
                gs_check(&files[0]);
                prop_assert_eq!(ps_pages(&files[0]), (Some(pages), pages), "PS pages");
            }
            Format::Svg => {
                for (i, f) in files.iter().enumerate() {
                    let tree = svg_tree(&std::fs::read(f).expect("read SVG"));
                    prop_assert_eq!(
                        count_paths(tree.root()),
                        job.svg_paths(i as u64),
                        "paths on SVG page {}",
                        i + 1
                    );
                }
            }
            _ => unreachable!("the stress test draws PDF, PS and SVG sheets"),
        }
        bump(&tally.sheets[k], 1);
    }
    bump(&tally.pages, pages);
    Ok(())
}

/// Say up front which validators this run goes without (or fail under
/// `TOURGLYPH_REQUIRE_TOOLS=1`), even if every case were rejected.
fn require_validators() {
    for name in ["qpdf", "gs", "pdftotext"] {
        if !installed(name) {
            skip(name, "not installed", "read back in pure Rust only");
        }
    }
}

#[test]
fn stress_every_format_validates() {
    require_validators();
    let cases = std::env::var("STRESS_CASES")
        .ok()
        .map(|v| v.parse().expect("STRESS_CASES is a number"))
        .unwrap_or(DEFAULT_CASES);
    let config = Config {
        cases,
        max_global_rejects: cases * 20,
        failure_persistence: None,
        ..Config::default()
    };
    let clock = Instant::now();
    let tally = Tally::default();
    let result = TestRunner::new(config).run(&case(), |c| check_case(&c, &tally));
    let [pdf, ps, svg] = tally.sheets.each_ref().map(Cell::get);
    eprintln!(
        "stress: {cases} cases in {:.1} s ({} rejected; {} sheets refused for their text; tours sampled for {}, found for {}): sheets validated pdf {pdf}, ps {ps}, svg {svg}; {} pages each",
        clock.elapsed().as_secs_f64(),
        tally.rejected.get(),
        tally.refused.get(),
        tally.sampled.get(),
        tally.found.get(),
        tally.pages.get()
    );
    match result {
        Ok(()) => {}
        Err(TestError::Fail(why, c)) => panic!("minimal failing case: {c:#?}\n{why}"),
        Err(TestError::Abort(why)) => panic!("aborted: {why}"),
    }
}

/// Check one case that must not be rejected (a regression test).
fn check(c: Case) {
    if let Err(e) = check_case(&c, &Tally::default()) {
        panic!("{c:#?}\n{e}");
    }
}

/// Bug: a title wider than the page ran off it (the pages of a poster of one 2×2 glyph are
/// 29 mm wide, this title 33 mm at 14 pt); now it is set smaller to fit between the margins.
#[test]
fn title_wider_than_the_page() {
    check(Case {
        title: Some("((%(%%(((((M".into()),
        ..Case::small()
    });
}

/// Bug: a footer wider than the page ran off its right edge; now it is set smaller to fit,
/// together with the page number beside it (on a 30 mm page of 3 pages, the page number
/// alone left no room for the footer).
#[test]
fn footer_wider_than_the_page() {
    check(Case {
        footer: "(%(%(au%%((%(%((".into(),
        ..Case::small()
    });
    check(Case {
        rows: 16,
        cols: 16,
        glyphs: 12,
        page: "30x200mm".into(),
        footer: "tourglyph: open rook tours".into(),
        ..Case::small()
    });
}

/// Bug: a caption wider than the page ran off it (36 mm of 6 pt capitals under a 2×2 glyph
/// on a 29 mm poster; any caption wider than its slot also ran into its neighbours); now
/// each caption is set smaller to fit its slot.
#[test]
fn caption_wider_than_the_page() {
    check(Case {
        captions: true,
        labels: vec!["WWWWWWWWWWWWWWWWWW".into()],
        ..Case::small()
    });
}

/// Bug: a glyph page of 0.0001 mm (`glyph --size 0.0001mm`, or `--page 0.0001x0.0001mm`
/// with a margin-free style) was written as `PageSize [0 0]`, which Ghostscript refuses
/// ("/configurationerror in --setpagedevice--"), and an SVG of size 0; a tall board's glyph
/// page could exceed 5080 mm. A page side must now be from 3 pt (PDF's smallest page) to
/// 5080 mm, else it is a usage error.
#[test]
fn glyph_page_smaller_than_3pt() {
    for (rows, cols, size) in [(7, 4, 0.0001), (6, 6, 1.0), (2, 16, 1.2), (16, 2, 1000.0)] {
        let e = Grid::single(Board::new(rows, cols), size, 1.0).unwrap_err();
        assert!(e.is_usage(), "{e}");
    }
    assert!(PageSpec::parse("0.0001x0.0001mm").unwrap_err().is_usage());
    // The smallest glyph page that is allowed validates.
    check(Case {
        rows: 7,
        cols: 4,
        single: Some(1.1),
        ..Case::small()
    });
}
