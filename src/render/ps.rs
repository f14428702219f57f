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
//! Text is shaped ([`crate::text`]) and drawn as glyph outlines: each glyph a page uses is
//! defined once on that page as a procedure (`/g0_36 {…} def`), and a line is one `TL`
//! call placing them; the text itself is kept in a comment (`% text: …`) above the call.
//! No font resource is needed, so any interpreter draws any script the fonts cover.

use super::bounds::Bounds;
use super::num;
use super::ops::PathOps;
use super::{Backend, Cap, Corner, GlyphData, Join, Label, Paint, Path, Place, Rgb, Seg, Text};
use crate::error::{Error, Result};
use crate::text::Fonts;
use std::collections::HashSet;
use std::io::Write;
use std::sync::Arc;

/// The prolog, kept in `templates/`.
pub const PROLOG: &str = include_str!("../../templates/prolog.ps");
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
}

impl Default for PsOptions {
    fn default() -> Self {
        PsOptions {
            title: String::new(),
            eps: false,
            fonts: Fonts::bundled(),
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
    /// Glyph procedures defined on the current page: (face, glyph).
    defined: HashSet<(u8, u16)>,
    /// Glyph procedures defined once for the document in its setup (the captions'
    /// digits, space and parentheses): (face, glyph).
    setup: HashSet<(u8, u16)>,
}

impl<W: Write> PsWriter<W> {
    /// A writer over `out`.
    pub fn new(out: W, opts: PsOptions) -> Self {
        PsWriter {
            out,
            opts,
            buf: Vec::with_capacity(1 << 16),
            pages: 0,
            in_page: false,
            paint: None,
            text_color: None,
            gstate: None,
            size: (0.0, 0.0),
            ink: Bounds::default(),
            defined: HashSet::new(),
            setup: HashSet::new(),
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
        for s in crate::text::outline::outline(f, gid) {
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
        match self.ink.rect {
            None => (0.0, 0.0, 0.0, 0.0),
            Some((x0, y0, x1, y1)) => {
                let cx = |x: f64| (x * PT_PER_MM).clamp(0.0, wp);
                let cy = |y: f64| ((height - y) * PT_PER_MM).clamp(0.0, hp);
                (cx(x0), cy(y1), cx(x1), cy(y0))
            }
        }
    }

    fn header(&mut self, width: f64, height: f64) -> Result<()> {
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
        writeln!(h, "%%LanguageLevel: 2")?;
        writeln!(h, "%%EndComments")?;
        writeln!(h, "%%BeginProlog")?;
        h.extend_from_slice(PROLOG.as_bytes());
        writeln!(h, "%%EndProlog")?;
        self.out.write_all(&h)?;
        // The glyphs of captions (digits, space, parentheses), defined once for all pages.
        // Written through `buf` (define_glyph writes there), which for EPS holds the page
        // until now: set it aside and give it back.
        let fonts = Arc::clone(&self.opts.fonts);
        let held = std::mem::take(&mut self.buf);
        writeln!(self.buf, "%%BeginSetup")?;
        writeln!(self.buf, "tg begin")?;
        for c in crate::text::shape::SIMPLE.chars() {
            if let Some(f) = fonts.face_for(c) {
                let gid = fonts.faces[f].glyph(c).unwrap_or(0);
                if self.setup.insert((f as u8, gid)) {
                    self.define_glyph(&fonts, f as u8, gid)?;
                }
            }
        }
        writeln!(self.buf, "end")?;
        writeln!(self.buf, "%%EndSetup")?;
        self.out.write_all(&self.buf)?;
        self.buf = held;
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

impl<W: Write> super::ops::PathOps for PsWriter<W> {
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
        self.defined = self.setup.clone();
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
            self.text_color = Some(t.color);
            self.buf.extend_from_slice(b"/tc {");
            self.rgb(t.color);
            self.buf.extend_from_slice(b"} def\n");
        }
        // The text, for readers of the file (a comment line: under DSC's 255 characters).
        let mut shown = String::new();
        for c in t.text.chars() {
            if shown.len() + c.len_utf8() > 200 {
                break;
            }
            shown.push(c);
        }
        writeln!(self.buf, "% text: {shown}")?;
        for g in &line.glyphs {
            if self.defined.insert((g.face, g.gid)) {
                self.define_glyph(&fonts, g.face, g.gid)?;
            }
        }
        let size = t.size_pt / PT_PER_MM;
        let w = f64::from(line.width) * size;
        let x = match t.anchor {
            super::Anchor::Start => t.x,
            super::Anchor::Middle => t.x - w / 2.0,
            super::Anchor::End => t.x - w,
        };
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

    fn end_page(&mut self) -> Result<()> {
        if !self.in_page {
            return Err(Error::runtime("ps: end_page without a page"));
        }
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
    use super::dsc_text;

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
