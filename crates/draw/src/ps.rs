//! PostScript backend, written by hand: DSC 3.0 (`%!PS-Adobe-3.0`, `%%Pages`, `%%Page`,
//! `%%BoundingBox`, `%%DocumentMedia`), one prolog (`templates/prolog.ps`) and compact
//! glyph calls.
//!
//! The prolog sets each page to millimetres with the origin top-left and y down, as the
//! [`Backend`] trait draws, and defines `G`, which draws a glyph from its integer corner
//! points (`[0 0 5 0 5 1 …] 12.5 30 G`) under the current glyph state (`scale radius closed
//! GS`), rounding corners with `arct`. The current paint is a procedure `pt`, redefined
//! only when the paint changes. So the 1,072-glyph 6×6 poster costs about a hundred bytes
//! per glyph. Every page saves and restores the VM and sets its own media size, so pages
//! are independent, as DSC asks.
//!
//! With [`PsOptions::eps`] the document is Encapsulated PostScript (EPSF 3.0, Adobe
//! Technical Note 5002): `%!PS-Adobe-3.0 EPSF-3.0`, exactly one page, a `%%BoundingBox`
//! and `%%HiResBoundingBox` around the ink ([`super::bounds`]), and neither
//! `setpagedevice` nor `showpage`, which would disturb the document it is placed in. The
//! page is held until [`Backend::finish`], when its bounds are known.
//!
//! The writer's drawing methods are named after the operators they emit, as pdf-writer's
//! are (the prolog binds `m`, `l`, `c`, `h` to `moveto`, `lineto`, `curveto`, `closepath`).
//!
//! Text is shaped ([`crate::text`]) and set in the bundled faces (and a `--font`),
//! embedded once in the setup as Type 42 subsets ([`crate::text::ps_font`]: why and how),
//! showing glyphs by code, so the text can be searched and extracted (`ps2pdf`, then
//! `pdftotext`). A line is one `T` call (`X Y S [/F0_0 (codes) [DX DY] (codes) …] T`),
//! with its text in a comment above (`% text: …`) unless the string shows it as it is; a
//! text known before the first page (a title, the footer) is defined once in the setup
//! (`/L0 […] def`, its comment above it), and drawn `X Y S L0 T`.
//! Captions, thousands a page, cost a few bytes more than their digits: those of a page
//! are drawn together by `CB` calls, each naming a grid (start, steps, columns) and the
//! captions' strings in order, centred by the interpreter (`stringwidth`: the font's own
//! advances, which are the shaped ones, else the caption is a `T` line).
//!
//! Pages are streamed, so the fonts hold the glyphs chosen before the first page: the
//! captions' characters and the texts given in [`PsOptions::texts`]. A line needing any
//! other glyph is drawn as outlines instead: each glyph defined once on the page as a
//! procedure (`/g0_36 {…} def`), the line one `TL` call placing them. An EPS holds its
//! page until the end, so its fonts hold exactly the glyphs it shows.

use super::bounds::Bounds;
use super::num;
use super::ops::PathOps;
use super::{Backend, Cap, Corner, GlyphData, Join, Label, Paint, Path, Place, Rgb, Seg, Text};
use crate::text::Fonts;
use crate::text::ps_font::{PsFonts, PsRun};
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::sync::Arc;
use tourglyph_core::{error::Error, error::Result};

/// The prolog, kept in `templates/prolog.ps`.
pub const PROLOG: &str = include_str!("../../../templates/prolog.ps");
/// Points per millimetre.
const PT_PER_MM: f64 = 72.0 / 25.4;

/// Document-level options.
#[derive(Clone, Debug)]
pub struct PsOptions {
    /// `%%Title:`. Default: empty, no title comment.
    pub title: String,
    /// Write Encapsulated PostScript (one page, tight bounding box, no page device
    /// operators). Default false.
    pub eps: bool,
    /// The fonts text is set in. Default: the bundled fonts.
    pub fonts: Arc<Fonts>,
    /// The texts the document will show besides captions (titles, footers), known before
    /// the first page: their glyphs go into the embedded fonts, and each is defined once
    /// in the setup. Text needing other glyphs is drawn as outlines. Default: none.
    pub texts: Vec<String>,
    /// For EPS, the bounding box (page mm, `(x0, y0, x1, y1)`, y down) instead of the
    /// ink's: a tile's box is the tile, so copies placed edge to edge line up. Default:
    /// `None`, the ink.
    pub eps_box: Option<(f64, f64, f64, f64)>,
}

impl Default for PsOptions {
    fn default() -> Self {
        PsOptions {
            title: String::new(),
            eps: false,
            fonts: Fonts::bundled(),
            texts: Vec::new(),
            eps_box: None,
        }
    }
}

/// A DSC `<text>` value of at most about 200 characters (DSC lines end at 255): printable
/// ASCII as it is; a text starting with `(` or holding anything else is written as a
/// PostScript string, parentheses and backslashes escaped, other bytes (UTF-8) in octal,
/// so nothing is lost.
fn dsc_text(text: &str) -> String {
    let plain = text.bytes().all(|b| (b' '..=b'~').contains(&b));
    if plain && !text.starts_with('(') {
        return text.chars().take(200).collect();
    }
    let mut s = String::from("(");
    for c in text.chars() {
        let mut e = String::new();
        let mut b = [0u8; 4];
        for &x in c.encode_utf8(&mut b).as_bytes() {
            match x {
                b'(' | b')' | b'\\' => {
                    e.push('\\');
                    e.push(char::from(x));
                }
                b' '..=b'~' => e.push(char::from(x)),
                _ => e.push_str(&format!("\\{x:03o}")),
            }
        }
        if s.len() + e.len() > 200 {
            break;
        }
        s.push_str(&e);
    }
    s.push(')');
    s
}

/// Writes a DSC 3.0 PostScript document, page by page.
pub struct PsWriter<W: Write> {
    out: W,
    opts: PsOptions,
    buf: Vec<u8>,
    pages: u32,
    in_page: bool,
    paint: Option<Paint>,
    text_color: Option<Rgb>,
    gstate: Option<(f64, f64, bool)>,
    /// Page size in mm (EPS: the page held until `finish`).
    size: (f64, f64),
    /// Ink bounds of the page (EPS only).
    ink: Bounds,
    /// Glyph procedures defined on the current page (the outline fallback): (face, glyph).
    defined: HashSet<(u8, u16)>,
    /// The embedded fonts.
    pfonts: PsFonts,
    /// The texts defined in the setup (`/L0 […] def`): text → number.
    lines: HashMap<String, usize>,
    /// Captions waiting to be drawn together (`CB`).
    caps: Vec<Caption>,
    /// The captions' size (mm per em) and font as the page has them (`TZ`).
    cap_font: Option<(f64, (u8, u16))>,
}

/// A caption waiting for [`PsWriter::flush_captions`]: centred at `x`, baseline `y`.
struct Caption {
    x: f64,
    y: f64,
    size: f64,
    font: (u8, u16),
    codes: Vec<u8>,
}

impl<W: Write> PsWriter<W> {
    /// A writer over `out`.
    pub fn new(out: W, opts: PsOptions) -> Self {
        PsWriter {
            out,
            buf: Vec::with_capacity(1 << 16),
            pages: 0,
            in_page: false,
            paint: None,
            text_color: None,
            gstate: None,
            size: (0.0, 0.0),
            ink: Bounds::default(),
            defined: HashSet::new(),
            pfonts: PsFonts::new(Arc::clone(&opts.fonts)),
            lines: HashMap::new(),
            caps: Vec::new(),
            cap_font: None,
            opts,
        }
    }

    /// The underlying writer, after [`Backend::finish`].
    pub fn into_inner(self) -> W {
        self.out
    }

    /// `pt`: paint the current path with the current paint.
    pub fn pt(&mut self) {
        self.op("pt");
    }

    fn rgb(&mut self, c: Rgb) {
        for v in [c.0, c.1, c.2] {
            self.num(f64::from(v) / 255.0);
        }
    }

    /// Redefine `pt` when the paint changes.
    fn set_paint(&mut self, p: &Paint) {
        if self.paint.as_ref() == Some(p) {
            return;
        }
        self.paint = Some(*p);
        self.buf.extend_from_slice(b"/pt {");
        if let Some(f) = p.fill {
            self.buf.extend_from_slice(b"gsave ");
            self.rgb(f);
            self.buf.extend_from_slice(b"setrgbcolor eofill grestore ");
        }
        match p.stroke {
            Some(s) => {
                self.rgb(s.color);
                self.buf.extend_from_slice(b"setrgbcolor ");
                self.num(s.width);
                let j = match s.join {
                    Join::Miter => 0.0,
                    Join::Round => 1.0,
                    Join::Bevel => 2.0,
                };
                let c = match s.cap {
                    Cap::Butt => 0.0,
                    Cap::Round => 1.0,
                    Cap::Square => 2.0,
                };
                self.buf.extend_from_slice(b"setlinewidth ");
                self.num(j);
                self.buf.extend_from_slice(b"setlinejoin ");
                self.num(c);
                self.buf.extend_from_slice(b"setlinecap ");
                self.num(s.miter_limit);
                self.buf.extend_from_slice(b"setmiterlimit stroke");
            }
            None => self.buf.extend_from_slice(b"newpath"),
        }
        self.buf.extend_from_slice(b"} def\n");
    }

    /// `/gF_G {…} bind def`: the outline of glyph G of face F as a procedure, in font
    /// units (whole numbers, which keeps it short) under a scale to em.
    fn define_glyph(&mut self, fonts: &Fonts, face: u8, gid: u16) -> Result<()> {
        let f = &fonts.faces[usize::from(face)];
        let em = f64::from(f.upem);
        // `1 UPEM div`, exact whatever the units per em (1/2048 has no short decimal).
        writeln!(self.buf, "/g{face}_{gid} {{")?;
        writeln!(self.buf, "1 {} div dup scale", f.upem)?;
        let u = |v: f64| (v * em).round();
        for s in crate::text::glyph_paths::outline(f, gid) {
            match s {
                Seg::MoveTo(x, y) => self.m(u(x), u(y)),
                Seg::LineTo(x, y) => self.l(u(x), u(y)),
                Seg::CubicTo(a, b, c, d, x, y) => self.c(u(a), u(b), u(c), u(d), u(x), u(y)),
                Seg::Close => self.h(),
            }
        }
        self.buf.extend_from_slice(b"} bind def\n");
        Ok(())
    }

    /// The bounding box in points, PostScript's way up: the page, or for EPS the ink
    /// (within the page; all zero when nothing is drawn).
    fn bbox(&self, width: f64, height: f64) -> (f64, f64, f64, f64) {
        let (wp, hp) = (width * PT_PER_MM, height * PT_PER_MM);
        if !self.opts.eps {
            return (0.0, 0.0, wp, hp);
        }
        match self.opts.eps_box.or(self.ink.rect) {
            None => (0.0, 0.0, 0.0, 0.0),
            Some((x0, y0, x1, y1)) => {
                let cx = |x: f64| (x * PT_PER_MM).clamp(0.0, wp);
                let cy = |y: f64| ((height - y) * PT_PER_MM).clamp(0.0, hp);
                (cx(x0), cy(y1), cx(x1), cy(y0))
            }
        }
    }

    fn header(&mut self, width: f64, height: f64) -> Result<()> {
        let fonts = Arc::clone(&self.opts.fonts);
        // The glyphs the fonts hold: an EPS has drawn its page; a document to stream
        // gives its captions' characters and the texts it knows.
        let mut known = Vec::new();
        if !self.opts.eps {
            for c in crate::text::shaping::SIMPLE.chars() {
                let line = crate::text::shape(&fonts, &c.to_string())?;
                self.pfonts.add(&line);
            }
            for t in &self.opts.texts {
                // A text that cannot be shaped is refused where it is drawn.
                if let Ok(line) = crate::text::shape(&fonts, t) {
                    self.pfonts.add(&line);
                    known.push((t.clone(), line));
                }
            }
        }
        let (resources, names) = self.pfonts.setup()?;
        let mut setup = Vec::new();
        writeln!(setup, "%%BeginSetup")?;
        writeln!(setup, "tg begin")?;
        setup.extend_from_slice(&resources);
        for (t, line) in known {
            if self.lines.contains_key(&t) {
                continue;
            }
            if let Some(runs) = self.pfonts.runs(&line) {
                let k = self.lines.len();
                writeln!(setup, "% text: {}", comment_text(&t))?;
                write!(setup, "/L{k} ")?;
                write_runs(&mut setup, &runs)?;
                writeln!(setup, " def")?;
                self.lines.insert(t, k);
            }
        }
        writeln!(setup, "end")?;
        writeln!(setup, "%%EndSetup")?;
        let (wp, hp) = (width * PT_PER_MM, height * PT_PER_MM);
        let (x0, y0, x1, y1) = self.bbox(width, height);
        let mut h = Vec::new();
        if self.opts.eps {
            writeln!(h, "%!PS-Adobe-3.0 EPSF-3.0")?;
        } else {
            writeln!(h, "%!PS-Adobe-3.0")?;
        }
        writeln!(h, "%%Creator: tourglyph")?;
        if !self.opts.title.is_empty() {
            writeln!(h, "%%Title: {}", dsc_text(&self.opts.title))?;
        }
        if self.opts.eps {
            writeln!(h, "%%Pages: 1")?;
        } else {
            writeln!(h, "%%Pages: (atend)")?;
        }
        writeln!(
            h,
            "%%BoundingBox: {} {} {} {}",
            x0.floor(),
            y0.floor(),
            x1.ceil(),
            y1.ceil()
        )?;
        writeln!(
            h,
            "%%HiResBoundingBox: {} {} {} {}",
            num::Num(x0),
            num::Num(y0),
            num::Num(x1),
            num::Num(y1)
        )?;
        if !self.opts.eps {
            writeln!(
                h,
                "%%DocumentMedia: sheet {} {} 0 () ()",
                num::Num(wp),
                num::Num(hp)
            )?;
        }
        for (i, n) in names.iter().enumerate() {
            let lead = if i == 0 {
                "%%DocumentSuppliedResources:"
            } else {
                "%%+"
            };
            writeln!(h, "{lead} font {n}")?;
        }
        writeln!(h, "%%LanguageLevel: 2")?;
        writeln!(h, "%%EndComments")?;
        writeln!(h, "%%BeginProlog")?;
        h.extend_from_slice(PROLOG.as_bytes());
        writeln!(h, "%%EndProlog")?;
        self.out.write_all(&h)?;
        self.out.write_all(&setup)?;
        Ok(())
    }
}

impl<W: Write> PsWriter<W> {
    /// Emit `path` painted with `paint` (bounds already taken).
    fn draw_path(&mut self, path: &Path, paint: &Paint) -> Result<()> {
        self.set_paint(paint);
        for s in &path.segs {
            match *s {
                Seg::MoveTo(x, y) => self.m(x, y),
                Seg::LineTo(x, y) => self.l(x, y),
                Seg::CubicTo(a, b, c, d, x, y) => self.c(a, b, c, d, x, y),
                Seg::Close => self.h(),
            }
        }
        self.pt();
        Ok(())
    }
}

impl<W: Write> PsWriter<W> {
    /// Draw `line` (of `t`) as glyph outlines, from `x` at `size` mm per em: each glyph
    /// defined once on the page, the line one `TL` call (for glyphs the fonts lack).
    fn outlines(
        &mut self,
        t: &Text,
        line: &crate::text::TextLine,
        (x, size): (f64, f64),
    ) -> Result<()> {
        self.flush_captions()?;
        let fonts = Arc::clone(&self.opts.fonts);
        writeln!(self.buf, "% text: {}", comment_text(&t.text))?;
        for g in &line.glyphs {
            if self.defined.insert((g.face, g.gid)) {
                self.define_glyph(&fonts, g.face, g.gid)?;
            }
        }
        self.num(x);
        self.num(t.y);
        self.num(size);
        self.buf.push(b'[');
        for (i, g) in line.glyphs.iter().enumerate() {
            if i > 0 && i % 8 == 0 {
                self.buf.push(b'\n');
            }
            self.num(f64::from(g.x));
            self.num(-f64::from(g.y));
            write!(self.buf, "/g{}_{} ", g.face, g.gid)?;
        }
        self.buf.extend_from_slice(b"] ");
        self.op("TL");
        Ok(())
    }

    /// Draw the captions waiting (all of one size and font) as `CB` calls, each a block of
    /// them on a grid: rows of `n` captions `dx` apart, rows `dy` apart, in order.
    fn flush_captions(&mut self) -> Result<()> {
        if self.caps.is_empty() {
            return Ok(());
        }
        let caps = std::mem::take(&mut self.caps);
        let (size, font) = (caps[0].size, caps[0].font);
        if self.cap_font != Some((size, font)) {
            self.cap_font = Some((size, font));
            self.num(size);
            write!(self.buf, "/{} ", PsFonts::name(font.0, font.1))?;
            self.op("TZ");
        }
        const EPS: f64 = 1e-6;
        let near = |c: &Caption, x: f64, y: f64| (c.x - x).abs() < EPS && (c.y - y).abs() < EPS;
        let mut i = 0;
        while i < caps.len() {
            let (x0, y0) = (caps[i].x, caps[i].y);
            // The first row: its step and length.
            let mut n = 1;
            let mut dx = 0.0;
            if let Some(c) = caps.get(i + 1) {
                if (c.y - y0).abs() < EPS && (c.x - x0).abs() > EPS {
                    dx = c.x - x0;
                    n = 2;
                    while caps
                        .get(i + n)
                        .is_some_and(|c| near(c, x0 + n as f64 * dx, y0))
                    {
                        n += 1;
                    }
                }
            }
            // Further rows like it, the last one maybe shorter.
            let mut end = i + n;
            let mut dy = 0.0;
            if let Some(c) = caps.get(end) {
                if (c.x - x0).abs() < EPS && (c.y - y0).abs() > EPS {
                    dy = c.y - y0;
                    let mut r = 1;
                    loop {
                        let start = i + r * n;
                        let mut k = 0;
                        while k < n
                            && caps
                                .get(start + k)
                                .is_some_and(|c| near(c, x0 + k as f64 * dx, y0 + r as f64 * dy))
                        {
                            k += 1;
                        }
                        end = start + k;
                        if k < n {
                            break;
                        }
                        r += 1;
                    }
                }
            }
            for v in [x0, y0, dx, dy, n as f64] {
                self.num(v);
            }
            self.buf.push(b'[');
            let mut width = 0;
            for c in &caps[i..end] {
                let s = ps_string(&c.codes);
                if width > 0 && width + s.len() > 200 {
                    self.buf.push(b'\n');
                    width = 0;
                }
                width += s.len();
                self.buf.extend_from_slice(&s);
            }
            self.buf.extend_from_slice(b"] ");
            self.op("CB");
            i = end;
        }
        Ok(())
    }
}

/// `text` for a `% text:` comment: at most 200 bytes (DSC lines end at 255), whole
/// characters.
fn comment_text(text: &str) -> String {
    let mut shown = String::new();
    for c in text.chars() {
        if shown.len() + c.len_utf8() > 200 {
            break;
        }
        shown.push(c);
    }
    shown
}

/// The array of a `T` line: `[/F0_0 (codes) [DX DY] (codes) …]`, a font name where the
/// font changes, a move where a run does not start where the last one left the pen;
/// lines kept under DSC's 255 characters.
fn write_runs(out: &mut Vec<u8>, runs: &[PsRun]) -> Result<()> {
    out.push(b'[');
    let mut font = None;
    let mut width = 1;
    for r in runs {
        let mut e = Vec::new();
        if font != Some(r.font) {
            font = Some(r.font);
            write!(e, "/{} ", PsFonts::name(r.font.0, r.font.1))?;
        }
        if let Some((x, y)) = r.at {
            e.push(b'[');
            num::push(&mut e, f64::from(x));
            e.push(b' ');
            num::push(&mut e, f64::from(y));
            e.extend_from_slice(b"] ");
        }
        e.extend_from_slice(&ps_string(&r.codes));
        if width > 1 && width + e.len() > 200 {
            out.push(b'\n');
            width = 0;
        }
        width += e.len();
        out.extend_from_slice(&e);
    }
    out.push(b']');
    Ok(())
}

/// `codes` as a PostScript string: printable ASCII as it is (parentheses too when they
/// balance), backslashes and other parentheses escaped, other bytes in octal; a long
/// string is continued on the next line (`\` and a newline, which the string does not
/// hold), whose next line never starts with a `%` (written `\\045` there).
fn ps_string(codes: &[u8]) -> Vec<u8> {
    let mut depth = 0i32;
    let balanced = codes.iter().all(|&b| {
        match b {
            b'(' => depth += 1,
            b')' => depth -= 1,
            _ => {}
        }
        depth >= 0
    }) && depth == 0;
    let mut s = Vec::with_capacity(codes.len() + 2);
    s.push(b'(');
    let mut width = 1;
    for &b in codes {
        if width >= 160 {
            s.extend_from_slice(b"\\\n");
            width = 0;
        }
        let before = s.len();
        match b {
            // A line must not start with `%` (DSC would read a comment).
            b'%' if width == 0 => s.extend_from_slice(b"\\045"),
            b'(' | b')' if balanced => s.push(b),
            b'(' | b')' | b'\\' => {
                s.push(b'\\');
                s.push(b);
            }
            b' '..=b'~' => s.push(b),
            _ => s.extend_from_slice(format!("\\{b:03o}").as_bytes()),
        }
        width += s.len() - before;
    }
    s.push(b')');
    s
}

impl<W: Write> PathOps for PsWriter<W> {
    fn buf(&mut self) -> &mut Vec<u8> {
        &mut self.buf
    }
}

impl<W: Write> Backend for PsWriter<W> {
    fn begin_page(&mut self, width: f64, height: f64) -> Result<()> {
        if self.in_page {
            return Err(Error::runtime("ps: page begun twice"));
        }
        if self.opts.eps && self.pages > 0 {
            return Err(Error::usage(
                "an EPS file holds one page and this drawing has more: write .ps (one file, all pages), or fit it on one page (e.g. a larger --page)",
            ));
        }
        self.size = (width, height);
        if self.pages == 0 && !self.opts.eps {
            self.header(width, height)?;
        }
        self.pages += 1;
        self.in_page = true;
        self.paint = None;
        self.text_color = None;
        self.gstate = None;
        self.cap_font = None;
        self.defined.clear();
        let (wp, hp) = (width * PT_PER_MM, height * PT_PER_MM);
        let n = self.pages;
        writeln!(self.buf, "%%Page: {n} {n}")?;
        if !self.opts.eps {
            // (An EPS has one box, the ink's, in its header.)
            writeln!(
                self.buf,
                "%%PageBoundingBox: 0 0 {} {}",
                wp.ceil(),
                hp.ceil()
            )?;
        }
        writeln!(self.buf, "%%BeginPageSetup")?;
        if !self.opts.eps {
            writeln!(
                self.buf,
                "<< /PageSize [{} {}] >> setpagedevice",
                num::Num(wp),
                num::Num(hp)
            )?;
        }
        writeln!(self.buf, "userdict /pgsave save put tg begin")?;
        writeln!(self.buf, "{} {} BP", num::Num(width), num::Num(height))?;
        writeln!(self.buf, "%%EndPageSetup")?;
        Ok(())
    }

    fn path(&mut self, path: &Path, paint: &Paint) -> Result<()> {
        self.flush_captions()?;
        if self.opts.eps {
            self.ink.path(path, paint);
        }
        self.draw_path(path, paint)
    }

    fn glyph(
        &mut self,
        g: &GlyphData,
        at: &Place,
        paint: &Paint,
        _label: Option<&Label>,
    ) -> Result<()> {
        self.flush_captions()?;
        if self.opts.eps {
            self.ink.path(&g.to_path(at), paint);
        }
        let r = match g.corner {
            Corner::Sharp => 0.0,
            Corner::Round(r) => r,
            // The prolog knows sharp and round corners; bevels go the long way.
            Corner::Bevel(_) => return self.draw_path(&g.to_path(at), paint),
        };
        if g.points.len() < 2 {
            return self.draw_path(&g.to_path(at), paint);
        }
        self.set_paint(paint);
        let st = (at.scale, r, g.closed);
        if self.gstate != Some(st) {
            self.gstate = Some(st);
            self.num(at.scale);
            self.num(r);
            self.op(if g.closed { "true GS" } else { "false GS" });
        }
        self.buf.push(b'[');
        for (i, &(x, y)) in g.points.iter().enumerate() {
            // Sixteen points to a line keeps lines under DSC's 255 characters.
            if i > 0 {
                self.buf.push(if i % 16 == 0 { b'\n' } else { b' ' });
            }
            write!(self.buf, "{x} {y}")?;
        }
        self.buf.extend_from_slice(b"] ");
        self.num(at.x);
        self.num(at.y);
        self.op("G");
        Ok(())
    }

    fn text(&mut self, t: &Text) -> Result<()> {
        let fonts = Arc::clone(&self.opts.fonts);
        let line = crate::text::shape(&fonts, &t.text)?;
        if line.glyphs.is_empty() {
            return Ok(());
        }
        if self.opts.eps {
            let w = f64::from(line.width) * (t.size_pt / PT_PER_MM);
            self.ink.text(t, w);
        }
        if self.text_color != Some(t.color) {
            self.flush_captions()?;
            self.text_color = Some(t.color);
            self.buf.extend_from_slice(b"/tc {");
            self.rgb(t.color);
            self.buf.extend_from_slice(b"} def\n");
        }
        let size = t.size_pt / PT_PER_MM;
        let w = f64::from(line.width) * size;
        let x = match t.anchor {
            super::Anchor::Start => t.x,
            super::Anchor::Middle => t.x - w / 2.0,
            super::Anchor::End => t.x - w,
        };
        let Some(runs) = self.pfonts.runs(&line) else {
            return self.outlines(t, &line, (x, size));
        };
        // A caption: centred, one run from the line's start, as wide as the font's own
        // advances say (the interpreter centres it with `stringwidth`).
        let last = line.glyphs.last().expect("not empty");
        let face = &fonts.faces[usize::from(last.face)];
        let natural = last.x + face.advance(last.gid) / f32::from(face.upem);
        if t.anchor == super::Anchor::Middle
            && runs.len() == 1
            && runs[0].at.is_none()
            && (natural - line.width).abs() < 1e-4
        {
            let run = runs.into_iter().next().expect("one run");
            if self
                .caps
                .last()
                .is_some_and(|c| c.size != size || c.font != run.font)
            {
                self.flush_captions()?;
            }
            self.caps.push(Caption {
                x: t.x,
                y: t.y,
                size,
                font: run.font,
                codes: run.codes,
            });
            return Ok(());
        }
        self.flush_captions()?;
        if let Some(&k) = self.lines.get(&t.text) {
            // Its text is in a comment above its definition.
            self.num(x);
            self.num(t.y);
            self.num(size);
            write!(self.buf, "L{k} ")?;
            self.op("T");
            return Ok(());
        }
        // The text in a comment, unless the string shows it as it is (a page number).
        if !(runs.len() == 1 && runs[0].codes == t.text.as_bytes()) {
            writeln!(self.buf, "% text: {}", comment_text(&t.text))?;
        }
        self.num(x);
        self.num(t.y);
        self.num(size);
        write_runs(&mut self.buf, &runs)?;
        self.buf.push(b' ');
        self.op("T");
        Ok(())
    }

    fn end_page(&mut self) -> Result<()> {
        if !self.in_page {
            return Err(Error::runtime("ps: end_page without a page"));
        }
        self.flush_captions()?;
        self.in_page = false;
        if self.opts.eps {
            // Held until `finish` writes the header with the ink's bounding box.
            self.buf
                .extend_from_slice(b"end pgsave restore\n%%PageTrailer\n");
            return Ok(());
        }
        self.buf
            .extend_from_slice(b"end pgsave restore showpage\n%%PageTrailer\n");
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }

    fn finish(&mut self) -> Result<()> {
        if self.in_page {
            self.end_page()?;
        }
        if self.pages == 0 {
            return Err(Error::runtime("ps: a document needs at least one page"));
        }
        if self.opts.eps {
            let (w, h) = self.size;
            self.header(w, h)?;
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        writeln!(self.out, "%%Trailer")?;
        if !self.opts.eps {
            writeln!(self.out, "%%Pages: {}", self.pages)?;
        }
        writeln!(self.out, "%%EOF")?;
        self.out.flush()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{dsc_text, ps_string};

    #[test]
    fn strings_keep_balanced_parentheses_and_escape_the_rest() {
        assert_eq!(ps_string(b"1072 (8)"), b"(1072 (8))");
        assert_eq!(ps_string(b"a)b("), b"(a\\)b\\()");
        assert_eq!(ps_string(b"\\\x80\x01"), b"(\\\\\\200\\001)");
        let long = ps_string(&[b'%'; 400]);
        assert!(
            long.split(|&b| b == b'\n')
                .all(|l| l.len() < 255 && !l.starts_with(b"%"))
        );
    }

    #[test]
    fn dsc_title_starting_with_a_parenthesis_is_a_balanced_string() {
        assert_eq!(dsc_text("Closed rook tours"), "Closed rook tours");
        assert_eq!(dsc_text("(6x6) tours"), "(\\(6x6\\) tours)");
        assert_eq!(dsc_text("(a\\b"), "(\\(a\\\\b)");
        assert_eq!(dsc_text("é"), "(\\303\\251)");
        assert_eq!(dsc_text("6×6 (a)"), "(6\\303\\2276 \\(a\\))");
        assert_eq!(dsc_text(&"x".repeat(1000)).len(), 200);
    }
}
