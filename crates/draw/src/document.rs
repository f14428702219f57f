//! Output formats and the documents they open: the one place that knows, format by
//! format, its names (for `--format`, file extensions and messages), its MIME type,
//! whether its pages share a file, what it can hold (labels, patterns, pixels), what it
//! costs ([`crate::estimate`]), and which backend draws it.
//!
//! A caller picks a [`Format`] (from a name or a file's extension), opens a [`Document`]
//! over a [`Destination`] with the [`DocOptions`] it has, draws on it as on any [`Backend`], and
//! takes back its writers ([`Document::into_writers`]). Adding a format is a variant, a
//! row of facts and an arm of [`Format::open`] here, and its backend.
//!
//! Each format but PostScript and EPS is built with the cargo feature of its name (`pdf`,
//! `svg`, `png`, `gcode`, `dxf`): a format whose feature is off is still parsed and
//! named, and [`Format::open`] refuses it with a usage error that names the feature.

use crate::backend::{Backend, PageOpener, PageWrite};
#[cfg(feature = "dxf")]
use crate::dxf::DxfWriter;
use crate::font_sheet::FontSheet;
#[cfg(feature = "gcode")]
use crate::gcode::{GcodeProfile, GcodeWriter};
use crate::marks::{GlyphData, Label, Paint, Path, Place, Text};
#[cfg(feature = "pdf")]
use crate::pdf::{PdfOptions, PdfWriter};
use crate::pen::Pen;
#[cfg(feature = "png")]
use crate::png::{PngOptions, PngPage};
use crate::ps::{PsOptions, PsWriter};
use crate::region::FilledRegion;
#[cfg(feature = "svg")]
use crate::svg::SvgWriter;
use crate::text::Fonts;
use std::marker::PhantomData;
use std::path::Path as FsPath;
use std::sync::Arc;
use tourglyph_core::{error::Error, error::Result};

/// An output format, one backend each (hyperfine's `Format` enum).
///
/// Outside this module a format is asked, never matched: the enum is non-exhaustive, so
/// a new format breaks no caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// PDF 1.7 with flate-compressed content streams.
    Pdf,
    /// PostScript, DSC 3.0.
    Ps,
    /// Encapsulated PostScript (EPSF 3.0): one page, a tight bounding box, no page-device
    /// operators, for placing in another document.
    Eps,
    /// SVG 1.1, one file per page.
    Svg,
    /// PNG, one file per page, rasterised from the SVG page ([`crate::png`]).
    Png,
    /// G-code for pen plotters and GRBL machines, one program per page
    /// ([`crate::gcode`]).
    Gcode,
    /// DXF (AutoCAD 2000) for laser cutters and CNC routers: each glyph's outline as
    /// closed polylines in mm, one drawing per page ([`crate::dxf`]).
    Dxf,
}

/// What a format is, as callers ask it.
struct Facts {
    /// The name in messages.
    name: &'static str,
    /// The usual file extension, without the dot; also the name `--format` takes.
    extension: &'static str,
    /// Other extensions in common use for the format, taken as names of it too.
    also: &'static [&'static str],
    /// The MIME type (an HTTP answer's `Content-Type`).
    mime: &'static str,
    /// Each page a file of its own.
    file_per_page: bool,
    /// A file holds one page, and there are no files of pages beside it.
    single_page: bool,
    /// A glyph's [`Label`] is kept in the file.
    labels: bool,
    /// A tile can be a fill pattern.
    patterns: bool,
    /// Pages are pixels.
    #[cfg_attr(
        not(feature = "png"),
        expect(dead_code, reason = "read by `check_size`, built with `png`")
    )]
    raster: bool,
    /// Glyphs are drawn as their outlines (the region a stroke covers), whatever the style.
    outlines: bool,
    /// What drawing in the format costs.
    cost: Cost,
    /// The cargo feature that builds the format's backend (`None`: always built).
    feature: Option<&'static str>,
    /// This build has the format's backend.
    built: bool,
}

/// What drawing in a format costs, fitted to `render` runs on the reference machine
/// (2 cores; [`crate::estimate`] says how).
pub(crate) struct Cost {
    /// Bytes a glyph takes, from the bytes PostScript takes for it.
    pub(crate) glyph_bytes: fn(f64) -> f64,
    /// Board cells drawn a second.
    pub(crate) cells_per_second: f64,
    /// Seconds to write one file of one glyph (`render --split`).
    pub(crate) file_seconds: f64,
}

/// Per file: about 10 ms, nearly all of it the sync that makes each file atomic (32,675
/// 6x8 SVG files took 325 s on the reference machine).
const FILE_SECONDS: f64 = 0.01;

const PDF: Facts = Facts {
    name: "PDF",
    extension: "pdf",
    also: &[],
    mime: "application/pdf",
    file_per_page: false,
    single_page: false,
    labels: false,
    patterns: false,
    raster: false,
    outlines: false,
    cost: Cost {
        // Compressed: about an eighth of PostScript.
        glyph_bytes: |ps| ps / 7.0,
        cells_per_second: 12.8e6,
        file_seconds: FILE_SECONDS,
    },
    feature: Some("pdf"),
    built: cfg!(feature = "pdf"),
};

const PS: Facts = Facts {
    name: "PostScript",
    extension: "ps",
    also: &[],
    mime: "application/postscript",
    file_per_page: false,
    single_page: false,
    labels: false,
    patterns: false,
    raster: false,
    outlines: false,
    cost: Cost {
        glyph_bytes: |ps| ps,
        cells_per_second: 12.8e6,
        file_seconds: FILE_SECONDS,
    },
    feature: None,
    built: true,
};

const EPS: Facts = Facts {
    name: "EPS",
    extension: "eps",
    also: &[],
    mime: "application/postscript",
    single_page: true,
    ..PS
};

const SVG: Facts = Facts {
    name: "SVG",
    extension: "svg",
    also: &[],
    mime: "image/svg+xml",
    file_per_page: true,
    single_page: false,
    labels: true,
    patterns: true,
    raster: false,
    outlines: false,
    cost: Cost {
        // About four times PostScript, with its attributes and one file per page; 4.6
        // times slower.
        glyph_bytes: |ps| ps * 4.0,
        cells_per_second: 2.8e6,
        file_seconds: FILE_SECONDS,
    },
    feature: Some("svg"),
    built: cfg!(feature = "svg"),
};

const PNG: Facts = Facts {
    name: "PNG",
    extension: "png",
    also: &[],
    mime: "image/png",
    file_per_page: true,
    single_page: false,
    labels: false,
    patterns: false,
    raster: true,
    outlines: false,
    cost: Cost {
        // Rasterised from SVG: the bytes depend on the resolution, not the glyphs (the
        // pixel limit guards the size); about a tenth of the SVG speed.
        glyph_bytes: |ps| ps,
        cells_per_second: 0.28e6,
        // The raster adds about 30 ms a file.
        file_seconds: 0.04,
    },
    feature: Some("png"),
    built: cfg!(feature = "png"),
};

const GCODE: Facts = Facts {
    name: "G-code",
    extension: "gcode",
    also: &["nc", "ngc"],
    mime: "text/x-gcode",
    file_per_page: true,
    single_page: false,
    labels: false,
    patterns: false,
    raster: false,
    outlines: false,
    cost: Cost {
        // Text like PostScript's, a line a corner (about as many bytes as PostScript's
        // path operators), one file per page.
        glyph_bytes: |ps| ps * 1.5,
        cells_per_second: 2.8e6,
        file_seconds: FILE_SECONDS,
    },
    feature: Some("gcode"),
    built: cfg!(feature = "gcode"),
};

const DXF: Facts = Facts {
    name: "DXF",
    extension: "dxf",
    also: &[],
    mime: "image/vnd.dxf",
    file_per_page: true,
    single_page: false,
    labels: false,
    patterns: false,
    raster: false,
    outlines: true,
    cost: Cost {
        // Group codes and values a line each: about six times PostScript's bytes, built
        // in memory a page at a time.
        glyph_bytes: |ps| ps * 6.0,
        cells_per_second: 1.0e6,
        file_seconds: FILE_SECONDS,
    },
    feature: Some("dxf"),
    built: cfg!(feature = "dxf"),
};

impl Format {
    /// Every format, in the order messages list them.
    pub const ALL: [Format; 7] = [
        Format::Pdf,
        Format::Ps,
        Format::Eps,
        Format::Svg,
        Format::Png,
        Format::Gcode,
        Format::Dxf,
    ];

    fn facts(self) -> &'static Facts {
        match self {
            Format::Pdf => &PDF,
            Format::Ps => &PS,
            Format::Eps => &EPS,
            Format::Svg => &SVG,
            Format::Png => &PNG,
            Format::Gcode => &GCODE,
            Format::Dxf => &DXF,
        }
    }

    /// Parse `pdf`, `ps`, `eps`, `svg`, `png`, `gcode` or `dxf` (as given to `--format`),
    /// or another extension in use for one (`nc` and `ngc` for G-code).
    pub fn parse(s: &str) -> Result<Format> {
        let name = s.trim().to_ascii_lowercase();
        Format::ALL
            .into_iter()
            .find(|f| f.extension() == name || f.facts().also.contains(&name.as_str()))
            .ok_or_else(|| {
                let near = Format::ALL.map(|f| f.extension());
                let hint = tourglyph_core::names::did_you_mean(s, near);
                Error::usage(format!("unknown format '{s}'{hint}: use {}", one_of("")))
            })
    }

    /// The format named by a file's extension; `-` (stdout) and unknown extensions are
    /// usage errors that name the fix (`--format`).
    pub fn from_path(p: &FsPath) -> Result<Format> {
        if p.as_os_str() == "-" {
            let all: Vec<&str> = Format::ALL.iter().map(|f| f.extension()).collect();
            return Err(Error::usage(format!(
                "writing to stdout (-o -): say which format with --format {}",
                all.join("|")
            )));
        }
        match p.extension().and_then(|e| e.to_str()) {
            Some(e) => Format::parse(e).map_err(|_| {
                Error::usage(format!(
                    "{}: unknown extension '.{e}': name the file {}, or give --format",
                    p.display(),
                    one_of(".")
                ))
            }),
            None => Err(Error::usage(format!(
                "{}: no extension to tell the format: name the file {}, or give --format",
                p.display(),
                one_of(".")
            ))),
        }
    }

    /// The format to write to `path`: `format` (as given to `--format`) when given, else
    /// the one the extension names ([`Format::from_path`]). The one place that holds a
    /// file name to its format: a name whose extension is another format's (`--format
    /// svg -o x.pdf`) is a usage error; a name with no extension, or one of no format
    /// (`-o drawing.out`, `/dev/stdout`), takes the format given.
    pub fn for_output(format: Option<&str>, path: &FsPath) -> Result<Format> {
        let Some(f) = format else {
            return Format::from_path(path);
        };
        let f = Format::parse(f)?;
        let ext = path.extension().and_then(|e| e.to_str());
        match ext.and_then(|e| Format::parse(e).ok()) {
            Some(named) if named != f => Err(Error::usage(format!(
                "{}: the extension '.{}' is for {}, but --format {} writes {}: name the file {}, or drop --format",
                path.display(),
                ext.unwrap_or_default(),
                named.name(),
                f.extension(),
                f.name(),
                path.with_extension(f.extension()).display()
            ))),
            _ => Ok(f),
        }
    }

    /// The format's name in messages: `PDF`, `PostScript`, `EPS`, `SVG`, `PNG`.
    pub fn name(self) -> &'static str {
        self.facts().name
    }

    /// The usual file extension, without the dot.
    pub fn extension(self) -> &'static str {
        self.facts().extension
    }

    /// The MIME type, for an HTTP answer's `Content-Type`.
    pub fn mime(self) -> &'static str {
        self.facts().mime
    }

    /// True when each page is a file of its own (SVG, PNG): a sheet of n pages writes n
    /// files, and standard output holds one page.
    pub fn file_per_page(self) -> bool {
        self.facts().file_per_page
    }

    /// True when a file holds one page and no more are written beside it (EPS, a figure
    /// for another document): a drawing of more pages is refused.
    pub fn single_page(self) -> bool {
        self.facts().single_page
    }

    /// True when the file keeps what each glyph is (its [`Label`]: SVG gives the path an
    /// `id` and a `<title>`); the others ignore labels, so callers need not make them.
    pub fn carries_labels(self) -> bool {
        self.facts().labels
    }

    /// True when the format can hold a tile as a fill pattern (SVG's `<pattern>`,
    /// [`crate::pattern`]).
    pub fn holds_patterns(self) -> bool {
        self.facts().patterns
    }

    /// True when glyphs are drawn in this format as their filled outlines whatever the
    /// style (DXF: the contours a cutter cuts); a job turns the style's `outline` on.
    pub fn draws_outlines(self) -> bool {
        self.facts().outlines
    }

    /// True when this build has the format's backend: PostScript and EPS always, each
    /// other format when its cargo feature is on (as it is by default). [`Format::open`]
    /// refuses a format that is not built.
    pub fn built(self) -> bool {
        self.facts().built
    }

    /// The refusal of a format this build lacks, naming the feature that brings it.
    fn not_built(self) -> Error {
        Error::usage(format!(
            "{} output is not in this build: build tourglyph-draw with the feature `{}`",
            self.name(),
            self.facts().feature.unwrap_or_default()
        ))
    }

    /// Refuse, before anything is opened, a page of `width` × `height` mm the format
    /// cannot hold: a PNG of more pixels than the limit at `png`'s resolution, unless
    /// forced ([`crate::png::pixels`]). Vector formats hold any size. Built with the
    /// feature `png`, the one format with a size limit.
    #[cfg(feature = "png")]
    pub fn check_size(self, width: f64, height: f64, png: PngOptions) -> Result<()> {
        if self.facts().raster {
            crate::png::pixels(width, height, png)?;
        }
        Ok(())
    }

    /// What drawing in the format costs ([`crate::estimate`]).
    pub(crate) fn cost(self) -> &'static Cost {
        &self.facts().cost
    }

    /// A [`FontSheet`] (a whole font typed on pages, its text set in `fonts`) in this
    /// format: PDF, the format that embeds the font whole. The others are a usage error,
    /// as a format this build lacks is.
    pub fn write_font_sheet(self, sheet: &FontSheet<'_>, fonts: Arc<Fonts>) -> Result<Vec<u8>> {
        match self {
            #[cfg(feature = "pdf")]
            Format::Pdf => crate::font_sheet_pdf::write(sheet, fonts),
            #[cfg(not(feature = "pdf"))]
            Format::Pdf => {
                let _unread = (sheet, fonts);
                Err(self.not_built())
            }
            _ => {
                let _unread = (sheet, fonts);
                Err(Error::usage(format!(
                    "a font sheet is written as PDF, not {}",
                    self.name()
                )))
            }
        }
    }

    /// Open a document in this format over `to`, set up as `opts` says (each format
    /// takes what it can hold). A one-file format opens its file now (`Destination::Files` is
    /// asked for file 0); a format of one file per page opens each as its page begins.
    /// A format this build lacks ([`Format::built`]) is a usage error naming its feature.
    pub fn open<'a, W: PageWrite + 'a>(
        self,
        to: Destination<'a, W>,
        opts: DocOptions,
    ) -> Result<Document<'a, W>> {
        let DocOptions {
            title,
            desc,
            fonts,
            texts,
            text_as_paths,
            #[cfg(feature = "png")]
            png,
            eps_box,
            pdf_threads,
            pens,
            split_pens,
            #[cfg(feature = "gcode")]
            gcode,
            #[cfg(feature = "svg")]
            overlay,
        } = opts;
        let inner = match self {
            #[cfg(feature = "pdf")]
            Format::Pdf => {
                let defaults = PdfOptions::default();
                let opts = PdfOptions {
                    title,
                    fonts,
                    threads: pdf_threads.unwrap_or(defaults.threads),
                    ..defaults
                };
                Inner::Pdf(PdfWriter::new(to.one()?, opts))
            }
            Format::Ps | Format::Eps => {
                let opts = PsOptions {
                    title,
                    eps: self == Format::Eps,
                    fonts,
                    texts,
                    eps_box,
                };
                Inner::Ps(PsWriter::new(to.one()?, opts), PhantomData)
            }
            #[cfg(feature = "svg")]
            Format::Svg => {
                // The <title> is the title, else the description.
                let name = if title.is_empty() { &desc } else { &title };
                let svg = SvgWriter::new(to.pages(self)).with_pens(pens, split_pens);
                let svg = svg.with_meta(name, &desc).with_overlay(overlay);
                Inner::Svg(svg.with_text(fonts, text_as_paths))
            }
            // The SVG page rasterised, no title, no description. Its text is drawn as the
            // outlines of the glyphs the shaper chose (the fonts given, `--font` first;
            // Arabic joined, right to left), the very glyphs PDF and PostScript place:
            // resvg would otherwise lay `<text>` out itself, with only the fonts loaded
            // into it and no per-character fallback, and without fonts draws none.
            #[cfg(feature = "png")]
            Format::Png => {
                let mut open = to.pages(self);
                let svg = SvgWriter::new(Box::new(move |i| Ok(PngPage::new(open(i)?, png))));
                Inner::Png(svg.with_text(fonts, true).with_overlay(overlay))
            }
            #[cfg(feature = "gcode")]
            Format::Gcode => {
                let profile = gcode.unwrap_or_default();
                Inner::Gcode(GcodeWriter::new(to.pages(self), profile, &title))
            }
            #[cfg(feature = "dxf")]
            Format::Dxf => Inner::Dxf(DxfWriter::new(to.pages(self))),
            // A format whose feature is off, refused. The tuple takes the options that only
            // formats not built would read, which would otherwise be unused variables.
            #[allow(
                unreachable_patterns,
                reason = "reached only in a build without some format's feature"
            )]
            _ => {
                let _unread = (desc, text_as_paths, pdf_threads, pens, split_pens);
                return Err(self.not_built());
            }
        };
        Ok(Document(inner))
    }
}

/// The extensions, `pdf, ps, eps, svg or png`, each after `dot`.
fn one_of(dot: &str) -> String {
    let all: Vec<String> = Format::ALL
        .iter()
        .map(|f| format!("{dot}{}", f.extension()))
        .collect();
    match all.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Where a document's bytes go.
pub enum Destination<'a, W> {
    /// One writer for the whole document (standard output, an HTTP answer, a drawing made
    /// in memory); in a format of one file per page it holds one page, and a second is an
    /// error (callers check the page count first).
    Stream(W),
    /// Files opened as they are needed: file 0 when a one-file document opens, file `i`
    /// as page `i` begins in a format of one file per page.
    Files(PageOpener<'a, W>),
}

impl<'a, W: 'a> Destination<'a, W> {
    /// The one writer of a one-file document.
    fn one(self) -> Result<W> {
        match self {
            Destination::Stream(w) => Ok(w),
            Destination::Files(mut open) => open(0),
        }
    }

    /// The writer of each page, in a `format` of one file per page.
    #[allow(
        dead_code,
        reason = "unused in a build whose formats all write one file (PostScript, PDF)"
    )]
    fn pages(self, format: Format) -> PageOpener<'a, W> {
        match self {
            Destination::Stream(w) => {
                let mut w = Some(w);
                Box::new(move |_| {
                    w.take().ok_or_else(|| {
                        let name = format.name();
                        Error::runtime(format!(
                            "{name}: a stream holds one page, and {name} writes a file a page"
                        ))
                    })
                })
            }
            Destination::Files(open) => open,
        }
    }
}

/// What a document says about itself and how it sets text; each format takes what it
/// can hold. `Default`: no title, the bundled fonts, the backends' defaults.
#[derive(Clone, Debug)]
pub struct DocOptions {
    /// The title: PDF `/Title`, PostScript `%%Title:`, SVG `<title>` (the description
    /// when this is empty). Default: empty.
    pub title: String,
    /// What the drawing shows and how to draw it again: SVG `<desc>`. Default: empty.
    pub desc: String,
    /// The fonts text is set in (PDF, PostScript, SVG, PNG). Default: the bundled fonts.
    pub fonts: Arc<Fonts>,
    /// The texts shown besides captions, known before the first page (PostScript embeds
    /// their glyphs up front, [`PsOptions::texts`]). Default: none.
    pub texts: Vec<String>,
    /// SVG text drawn as outlines, for design tools that lack the fonts (a PNG's text is
    /// always outlines). Default false.
    pub text_as_paths: bool,
    /// PNG resolution and size limit (feature `png`). Default: [`PngOptions::default`].
    #[cfg(feature = "png")]
    pub png: PngOptions,
    /// The EPS bounding box instead of the ink's ([`PsOptions::eps_box`]). Default: `None`.
    pub eps_box: Option<(f64, f64, f64, f64)>,
    /// PDF compression threads, 0 for the calling thread ([`PdfOptions::threads`]).
    /// Default `None`: the PDF backend's default.
    pub pdf_threads: Option<usize>,
    /// A plotter's pens, each a layer of its own where the format has layers (SVG,
    /// [`crate::pen`]). Default: none (one layer).
    pub pens: Vec<Pen>,
    /// SVG: one file a page and plotting pen ([`SvgWriter::with_pens`]). Default false.
    pub split_pens: bool,
    /// The machine G-code is written for (feature `gcode`). Default `None`: the built-in
    /// `grbl-servo` ([`crate::gcode::DEFAULT_PROFILE`]).
    #[cfg(feature = "gcode")]
    pub gcode: Option<Arc<GcodeProfile>>,
    /// SVG and PNG: what each page carries over its drawing, an animation or a frame of
    /// one ([`crate::svg::Overlay`], [`crate::motion`]). Default `None`.
    #[cfg(feature = "svg")]
    pub overlay: Option<Arc<dyn crate::svg::Overlay>>,
}

impl Default for DocOptions {
    fn default() -> Self {
        DocOptions {
            title: String::new(),
            desc: String::new(),
            fonts: Fonts::bundled(),
            texts: Vec::new(),
            text_as_paths: false,
            #[cfg(feature = "png")]
            png: PngOptions::default(),
            eps_box: None,
            pdf_threads: None,
            pens: Vec::new(),
            split_pens: false,
            #[cfg(feature = "gcode")]
            gcode: None,
            #[cfg(feature = "svg")]
            overlay: None,
        }
    }
}

/// A document open in some format ([`Format::open`]): a [`Backend`] like any other.
pub struct Document<'a, W: PageWrite>(Inner<'a, W>);

/// The backend of each format, over the destination's writers (`'a`: what a page opener
/// borrows). One a document, so a variant's size does not matter.
#[allow(
    clippy::large_enum_variant,
    reason = "one a document; PostScript outweighs a lone small backend (DXF)"
)]
enum Inner<'a, W: PageWrite> {
    #[cfg(feature = "pdf")]
    Pdf(PdfWriter<W>),
    /// PostScript and EPS; the marker names `'a` for a build whose formats all write one
    /// file (PostScript and PDF alone), where no other variant borrows.
    Ps(PsWriter<W>, PhantomData<&'a ()>),
    #[cfg(feature = "svg")]
    Svg(SvgWriter<'a, W>),
    #[cfg(feature = "png")]
    Png(SvgWriter<'a, PngPage<W>>),
    #[cfg(feature = "gcode")]
    Gcode(GcodeWriter<'a, W>),
    #[cfg(feature = "dxf")]
    Dxf(DxfWriter<'a, W>),
}

impl<W: PageWrite> Document<'_, W> {
    fn backend(&mut self) -> &mut dyn Backend {
        match &mut self.0 {
            #[cfg(feature = "pdf")]
            Inner::Pdf(b) => b,
            Inner::Ps(b, _) => b,
            #[cfg(feature = "svg")]
            Inner::Svg(b) => b,
            #[cfg(feature = "png")]
            Inner::Png(b) => b,
            #[cfg(feature = "gcode")]
            Inner::Gcode(b) => b,
            #[cfg(feature = "dxf")]
            Inner::Dxf(b) => b,
        }
    }

    /// The writers, after [`Backend::finish`], to commit or flush, in the order they were
    /// opened: the one file of a PDF or PostScript document, the pages of SVG, PNG,
    /// G-code and DXF.
    pub fn into_writers(self) -> Vec<W> {
        match self.0 {
            #[cfg(feature = "pdf")]
            Inner::Pdf(b) => vec![b.into_inner()],
            Inner::Ps(b, _) => vec![b.into_inner()],
            #[cfg(feature = "svg")]
            Inner::Svg(b) => b.into_writers(),
            #[cfg(feature = "png")]
            Inner::Png(b) => b
                .into_writers()
                .into_iter()
                .map(PngPage::into_inner)
                .collect(),
            #[cfg(feature = "gcode")]
            Inner::Gcode(b) => b.into_writers(),
            #[cfg(feature = "dxf")]
            Inner::Dxf(b) => b.into_writers(),
        }
    }
}

impl<W: PageWrite> Backend for Document<'_, W> {
    fn glyph(
        &mut self,
        glyph: &GlyphData,
        at: &Place,
        paint: &Paint,
        label: Option<&Label>,
    ) -> Result<()> {
        self.backend().glyph(glyph, at, paint, label)
    }

    fn shape(
        &mut self,
        shape: &FilledRegion,
        at: &Place,
        paint: &Paint,
        label: Option<&Label>,
    ) -> Result<()> {
        self.backend().shape(shape, at, paint, label)
    }

    fn mark(&mut self, path: &Path, paint: &Paint, label: Option<&Label>) -> Result<()> {
        self.backend().mark(path, paint, label)
    }

    fn pen(&mut self, pen: &Pen) -> Result<()> {
        self.backend().pen(pen)
    }

    fn begin_page(&mut self, width: f64, height: f64) -> Result<()> {
        self.backend().begin_page(width, height)
    }

    fn path(&mut self, path: &Path, paint: &Paint) -> Result<()> {
        self.backend().path(path, paint)
    }

    fn text(&mut self, text: &Text) -> Result<()> {
        self.backend().text(text)
    }

    fn end_page(&mut self) -> Result<()> {
        self.backend().end_page()
    }

    fn finish(&mut self) -> Result<()> {
        self.backend().finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_format_with_newline_is_one_line_error() {
        let e = Format::parse("p\ndf").unwrap_err().to_string();
        assert!(e.starts_with("unknown format 'p\\ndf'"), "{e}");
        let e = Format::from_path(FsPath::new("a\nb.g\tif"))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("a\\nb.g\\tif: unknown extension '.g\\tif'"),
            "{e}"
        );
        let e = Format::from_path(FsPath::new("a\nb"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("a\\nb: no extension"), "{e}");
    }

    #[test]
    fn formats_from_names_and_paths() {
        assert_eq!(Format::parse("PDF").unwrap(), Format::Pdf);
        assert!(Format::parse("gif").unwrap_err().is_usage());
        assert_eq!(Format::parse("png").unwrap(), Format::Png);
        assert_eq!(
            Format::from_path(FsPath::new("a/b.svg")).unwrap(),
            Format::Svg
        );
        assert_eq!(Format::from_path(FsPath::new("x.ps")).unwrap(), Format::Ps);
        // G-code's other usual extensions.
        for ext in ["nc", "NGC", "gcode"] {
            assert_eq!(Format::parse(ext).unwrap(), Format::Gcode, "{ext}");
        }
        let p = FsPath::new("plot.nc");
        assert_eq!(Format::for_output(Some("gcode"), p).unwrap(), Format::Gcode);
        assert!(Format::for_output(Some("svg"), p).unwrap_err().is_usage());
        for bad in ["-", "poster", "poster.gif"] {
            let e = Format::from_path(FsPath::new(bad)).unwrap_err();
            assert!(e.is_usage() && e.to_string().contains("--format"), "{e}");
        }
        let e = Format::from_path(FsPath::new("-")).unwrap_err().to_string();
        for f in Format::ALL {
            assert!(e.contains(f.extension()), "{e}");
        }
    }

    #[test]
    fn a_given_format_must_agree_with_the_extension() {
        let out = |f: &str, p: &str| Format::for_output(Some(f), FsPath::new(p));
        assert_eq!(out("svg", "x.svg").unwrap(), Format::Svg);
        assert_eq!(out("PDF", "x.Pdf").unwrap(), Format::Pdf);
        // No extension, or none of a format: the format given.
        for p in ["-", "x", "/dev/stdout", "x.out"] {
            assert_eq!(out("eps", p).unwrap(), Format::Eps, "{p}");
        }
        for (f, p) in [
            ("svg", "x.pdf"),
            ("ps", "x.eps"),
            ("eps", "a/x.ps"),
            ("png", "x.svg"),
        ] {
            let e = out(f, p).unwrap_err();
            assert!(e.is_usage(), "{e}");
            let want = FsPath::new(p).with_extension(f);
            assert!(
                e.to_string()
                    .contains(&format!("name the file {}", want.display())),
                "{e}"
            );
        }
        assert_eq!(
            out("svg", "x.pdf").unwrap_err().to_string(),
            "x.pdf: the extension '.pdf' is for PDF, but --format svg writes SVG: name the file x.svg, or drop --format"
        );
        assert_eq!(
            Format::for_output(None, FsPath::new("x.ps")).unwrap(),
            Format::Ps
        );
    }

    #[test]
    fn messages_list_every_format() {
        let e = |r: Result<Format>| r.unwrap_err().to_string();
        assert_eq!(
            e(Format::parse("gif")),
            "unknown format 'gif': use pdf, ps, eps, svg, png, gcode or dxf"
        );
        assert_eq!(
            e(Format::from_path(FsPath::new("-"))),
            "writing to stdout (-o -): say which format with --format pdf|ps|eps|svg|png|gcode|dxf"
        );
        assert_eq!(
            e(Format::from_path(FsPath::new("x.gif"))),
            "x.gif: unknown extension '.gif': name the file .pdf, .ps, .eps, .svg, .png, .gcode or .dxf, or give --format"
        );
        assert_eq!(
            e(Format::from_path(FsPath::new("x"))),
            "x: no extension to tell the format: name the file .pdf, .ps, .eps, .svg, .png, .gcode or .dxf, or give --format"
        );
    }

    #[test]
    fn every_format_has_its_own_name_and_extension() {
        for (i, a) in Format::ALL.into_iter().enumerate() {
            assert_eq!(Format::parse(a.extension()).unwrap(), a);
            assert!(a.mime().contains('/'), "{a:?}");
            for b in &Format::ALL[i + 1..] {
                assert_ne!(a.extension(), b.extension());
                assert_ne!(a.name(), b.name());
            }
        }
    }

    /// Draw one page with a rectangle on `doc` and take back its writers.
    fn one_page<W: PageWrite>(mut doc: Document<'_, W>) -> Vec<W> {
        doc.begin_page(20.0, 10.0).unwrap();
        let paint = Paint {
            stroke: None,
            fill: Some(crate::marks::Rgb::BLACK),
        };
        doc.path(&Path::rect(1.0, 1.0, 5.0, 5.0), &paint).unwrap();
        doc.end_page().unwrap();
        doc.finish().unwrap();
        doc.into_writers()
    }

    #[test]
    fn a_stream_and_a_file_hold_the_same_document() {
        let opts = || DocOptions {
            title: "a title".into(),
            pdf_threads: Some(0),
            #[cfg(feature = "png")]
            png: PngOptions {
                dpi: 30.0,
                ..PngOptions::default()
            },
            ..DocOptions::default()
        };
        for f in Format::ALL.into_iter().filter(|f| f.built()) {
            let stream = one_page(f.open(Destination::Stream(Vec::new()), opts()).unwrap());
            let files = Destination::Files(Box::new(|_| Ok(Vec::new())));
            let files = one_page(f.open(files, opts()).unwrap());
            assert_eq!(stream, files, "{f:?}");
            assert_eq!(stream.len(), 1);
            assert!(!stream[0].is_empty(), "{f:?}");
        }
    }

    #[test]
    fn a_stream_holds_one_page_of_a_format_of_files() {
        for f in Format::ALL
            .into_iter()
            .filter(|f| f.built() && f.file_per_page())
        {
            let mut doc = f
                .open(Destination::Stream(Vec::new()), DocOptions::default())
                .unwrap();
            doc.begin_page(10.0, 10.0).unwrap();
            doc.end_page().unwrap();
            // Refused when the second page begins (G-code, which streams, opens its file
            // then) or when it ends (SVG, PNG and DXF, built in memory).
            let e = match doc.begin_page(10.0, 10.0) {
                Err(e) => e,
                Ok(()) => doc.end_page().unwrap_err(),
            };
            let e = e.to_string();
            assert!(e.contains("a stream holds one page"), "{e}");
        }
    }

    #[test]
    fn a_document_of_files_opens_one_file_or_one_a_page() {
        for f in Format::ALL
            .into_iter()
            .filter(|f| f.built() && !f.single_page())
        {
            let opened = std::rc::Rc::new(std::cell::Cell::new(0));
            let count = std::rc::Rc::clone(&opened);
            let open = Box::new(move |i: usize| {
                count.set(count.get().max(i + 1));
                Ok(Vec::new())
            });
            let mut doc = f
                .open(Destination::Files(open), DocOptions::default())
                .unwrap();
            for _ in 0..3 {
                doc.begin_page(10.0, 10.0).unwrap();
                doc.end_page().unwrap();
            }
            doc.finish().unwrap();
            let files = doc.into_writers();
            let want = if f.file_per_page() { 3 } else { 1 };
            assert_eq!((files.len(), opened.get()), (want, want), "{f:?}");
        }
    }

    #[cfg(not(feature = "pdf"))]
    #[test]
    fn a_format_not_built_is_named_and_refused_when_opened() {
        assert_eq!(Format::parse("pdf").unwrap(), Format::Pdf);
        assert!(!Format::Pdf.built() && Format::Ps.built() && Format::Eps.built());
        let Err(e) = Format::Pdf.open(Destination::Stream(Vec::new()), DocOptions::default())
        else {
            panic!("PDF opened in a build without the feature `pdf`");
        };
        assert!(e.is_usage(), "{e}");
        assert_eq!(
            e.to_string(),
            "PDF output is not in this build: build tourglyph-draw with the feature `pdf`"
        );
    }

    #[test]
    fn a_font_sheet_is_written_as_pdf_alone() {
        let sheet = FontSheet {
            font: &[],
            ps_name: "Empty".into(),
            chars: vec![],
            size: (100.0, 100.0),
            pages: vec![],
        };
        for f in Format::ALL.into_iter().filter(|&f| f != Format::Pdf) {
            let e = f.write_font_sheet(&sheet, Fonts::bundled()).unwrap_err();
            assert!(e.is_usage() && e.to_string().contains("PDF"), "{f:?}: {e}");
        }
    }
}
