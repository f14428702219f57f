//! PDF backend: typst's `pdf-writer` for the objects, flate compression (`miniz_oxide`),
//! streamed page by page over any `io::Write`.
//!
//! Each page's content stream is handed to a small pool of compression threads as soon as
//! the page ends; finished pages are written strictly in page order (a bounded pipeline,
//! so memory stays flat however many pages), and the byte offset of every object is kept
//! for the cross-reference table written by [`Backend::finish`]. Objects get their ids
//! from one bump allocator in the order they are written.
//!
//! Every page starts with a `cm` that makes user space millimetres with the origin
//! top-left and y down, as the [`Backend`] trait draws. A glyph is drawn under a second
//! `cm` (scale and offset) from its small integer corner points, so a glyph costs little
//! more than its corner list. Text is shaped ([`crate::text`]) and drawn from glyph IDs in
//! embedded font subsets ([`PdfFonts`]), positioned with `TJ` adjustments and `Ts` rises
//! exactly as the shaper placed them.
//!
//! The content writer's methods are named after the operators they emit (`m`, `l`, `c`,
//! `h`, `S`, …), mirroring pdf-writer's `Content`, but write numbers with the crate's one
//! formatter ([`super::num`]).
//!
//! No dates, no document ID: the same input gives the same bytes, whatever the number of
//! compression threads.

use super::ops::PathOps;
use super::{Anchor, Backend, Cap, GlyphData, Join, Label, Paint, Path, Place, Rgb, Seg, Text};
use crate::text::Fonts;
use crate::text::pdf_font::PdfFonts;
use pdf_writer::{Chunk, Filter, Name, Rect, Ref, Settings, TextStr};
use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use tourglyph_core::{error::Error, error::Result};

/// Points per millimetre, written in full in each page's matrix.
const PT_PER_MM: f64 = 72.0 / 25.4;
const PT_PER_MM_TEXT: &str = "2.8346457";

/// Document options; `Default` gives the documented defaults.
#[derive(Clone, Debug)]
pub struct PdfOptions {
    /// `/Title` of the document information dictionary. Default: empty (no title).
    pub title: String,
    /// Flate level 0–10. Default 3: measured on the 580,717-glyph 8×8 classes sheet,
    /// level 6 makes the file 7 % smaller (14.2 vs 15.3 MB) for about a third more
    /// compression time; miniz's level 1 is a different, greedy mode that doubles the size.
    pub level: u8,
    /// Compression threads; 0 compresses on the calling thread. Default: the available
    /// parallelism, at most 4.
    pub threads: usize,
    /// The fonts text is set in. Default: the bundled fonts.
    pub fonts: Arc<Fonts>,
}

impl Default for PdfOptions {
    fn default() -> Self {
        PdfOptions {
            title: String::new(),
            level: 3,
            threads: std::thread::available_parallelism()
                .map_or(1, |n| n.get())
                .min(4),
            fonts: Fonts::bundled(),
        }
    }
}

/// `x` rounded as the number formatter writes it.
fn round3(x: f64) -> f64 {
    let r = (x * 1000.0).round() / 1000.0;
    if r == 0.0 { 0.0 } else { r }
}

/// A writer that counts what went through it (for xref offsets).
struct Counting<W> {
    inner: W,
    pos: u64,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.pos += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

type Job = (Vec<u8>, SyncSender<Vec<u8>>);

/// A fixed pool of compression threads fed through one queue.
struct Pool {
    jobs: Option<SyncSender<Job>>,
    workers: Vec<JoinHandle<()>>,
    level: u8,
}

impl Pool {
    fn new(threads: usize, level: u8) -> Pool {
        if threads == 0 {
            return Pool {
                jobs: None,
                workers: vec![],
                level,
            };
        }
        let (tx, rx) = sync_channel::<Job>(threads * 2);
        let rx = Arc::new(Mutex::new(rx));
        let workers = (0..threads)
            .map(|_| {
                let rx = Arc::clone(&rx);
                std::thread::spawn(move || {
                    loop {
                        let job = match rx.lock() {
                            Ok(r) => r.recv(),
                            Err(_) => return,
                        };
                        let Ok((data, back)) = job else { return };
                        let z = miniz_oxide::deflate::compress_to_vec_zlib(&data, level);
                        let _ = back.send(z);
                    }
                })
            })
            .collect();
        Pool {
            jobs: Some(tx),
            workers,
            level,
        }
    }

    /// Compress `data`; the result arrives on the returned receiver.
    fn submit(&self, data: Vec<u8>) -> Receiver<Vec<u8>> {
        let (tx, rx) = sync_channel(1);
        match &self.jobs {
            Some(j) => {
                if let Err(e) = j.send((data, tx)) {
                    // Workers gone (cannot happen while the pool lives): compress here.
                    let (data, tx) = e.0;
                    let _ = tx.send(miniz_oxide::deflate::compress_to_vec_zlib(
                        &data, self.level,
                    ));
                }
            }
            None => {
                let _ = tx.send(miniz_oxide::deflate::compress_to_vec_zlib(
                    &data, self.level,
                ));
            }
        }
        rx
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.jobs = None;
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }
}

/// A finished page waiting for its compressed content.
struct Pending {
    content: Ref,
    page: Ref,
    size: (f32, f32),
    data: Receiver<Vec<u8>>,
    /// The fonts the page uses: (face, font object).
    fonts: Vec<(usize, Ref)>,
}

/// Graphics state already set in the current page's content stream.
#[derive(Clone, Default)]
struct State {
    w: Option<f64>,
    stroke: Option<Rgb>,
    fill: Option<Rgb>,
    join: Option<Join>,
    cap: Option<Cap>,
    miter: Option<f64>,
    /// Face and size (mm) of text.
    font: Option<(usize, f64)>,
    /// Text rise, mm.
    rise: Option<f64>,
}

/// Writes a PDF document page by page.
pub struct PdfWriter<W: Write> {
    out: Counting<W>,
    opts: PdfOptions,
    /// Byte offset of each object, by id (index 0 unused).
    offsets: Vec<u64>,
    catalog: Ref,
    pages: Ref,
    info: Ref,
    fonts: PdfFonts,
    /// Faces used on the current page, with their font objects.
    page_fonts: Vec<(usize, Ref)>,
    page_refs: Vec<Ref>,
    content: Vec<u8>,
    size: Option<(f64, f64)>,
    st: State,
    /// The open glyph transform: (scale, origin x, origin y) as written, and the state
    /// to return to at its `Q`.
    frame: Option<(f64, f64, f64, State)>,
    pool: Pool,
    pending: VecDeque<Pending>,
    started: bool,
}

impl<W: Write> PdfWriter<W> {
    /// A writer over `out`.
    pub fn new(out: W, opts: PdfOptions) -> Self {
        let pool = Pool::new(opts.threads, opts.level);
        let fonts = PdfFonts::new(Arc::clone(&opts.fonts));
        PdfWriter {
            out: Counting { inner: out, pos: 0 },
            opts,
            offsets: vec![0; 4],
            catalog: Ref::new(1),
            pages: Ref::new(2),
            info: Ref::new(3),
            fonts,
            page_fonts: Vec::new(),
            page_refs: Vec::new(),
            content: Vec::with_capacity(1 << 16),
            size: None,
            st: State::default(),
            frame: None,
            pool,
            pending: VecDeque::new(),
            started: false,
        }
    }

    /// The underlying writer, after [`Backend::finish`].
    pub fn into_inner(self) -> W {
        // The pool's drop joins its threads.
        let PdfWriter { out, .. } = self;
        out.inner
    }

    fn alloc(&mut self) -> Ref {
        self.offsets.push(0);
        Ref::new((self.offsets.len() - 1) as i32)
    }

    fn settings() -> Settings {
        Settings { pretty: false }
    }

    /// Write one indirect object held alone in `chunk`, recording its offset.
    fn emit(&mut self, id: Ref, chunk: &Chunk) -> Result<()> {
        self.offsets[id.get() as usize] = self.out.pos;
        self.out.write_all(chunk.as_bytes())?;
        Ok(())
    }

    fn start(&mut self) -> Result<()> {
        self.started = true;
        self.out.write_all(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")?;
        Ok(())
    }

    /// Write finished pages from the front of the queue: all of them when `all`, else
    /// those already compressed and any beyond the in-flight bound.
    fn drain(&mut self, all: bool) -> Result<()> {
        let bound = 2 * self.opts.threads + 2;
        while let Some(front) = self.pending.front() {
            let data = if all || self.pending.len() > bound {
                front.data.recv().ok()
            } else {
                match front.data.try_recv() {
                    Ok(d) => Some(d),
                    Err(_) => break,
                }
            };
            let p = self.pending.pop_front().expect("front exists");
            let data = data.ok_or_else(|| Error::runtime("pdf: a compression thread failed"))?;
            let mut c = Chunk::with_settings(Self::settings());
            c.stream(p.content, &data).filter(Filter::FlateDecode);
            self.emit(p.content, &c)?;
            let mut c = Chunk::with_settings(Self::settings());
            {
                let mut page = c.page(p.page);
                page.media_box(Rect::new(0.0, 0.0, p.size.0, p.size.1));
                page.parent(self.pages);
                page.contents(p.content);
                let mut res = page.resources();
                let mut fonts = res.fonts();
                for (f, r) in &p.fonts {
                    fonts.pair(Name(PdfFonts::name(*f).as_bytes()), *r);
                }
            }
            self.emit(p.page, &c)?;
        }
        Ok(())
    }

    /// `q`: save the graphics state.
    pub fn q(&mut self) {
        self.op("q");
    }

    /// `Q`: restore the graphics state.
    #[allow(non_snake_case)]
    pub fn Q(&mut self) {
        self.op("Q");
    }

    /// `cm`: concatenate a matrix to the current transform.
    pub fn cm(&mut self, a: f64, b: f64, c: f64, d: f64, e: f64, f: f64) {
        for v in [a, b, c, d, e, f] {
            self.num(v);
        }
        self.op("cm");
    }

    /// `w`: line width (in current user units), only when it changes.
    pub fn w(&mut self, width: f64) {
        if self.st.w != Some(width) {
            self.st.w = Some(width);
            self.num(width);
            self.op("w");
        }
    }

    /// `RG`: stroke colour, only when it changes.
    #[allow(non_snake_case)]
    pub fn RG(&mut self, c: Rgb) {
        if self.st.stroke != Some(c) {
            self.st.stroke = Some(c);
            self.rgb(c);
            self.op("RG");
        }
    }

    /// `rg`: fill colour (also text), only when it changes.
    pub fn rg(&mut self, c: Rgb) {
        if self.st.fill != Some(c) {
            self.st.fill = Some(c);
            self.rgb(c);
            self.op("rg");
        }
    }

    fn rgb(&mut self, c: Rgb) {
        for v in [c.0, c.1, c.2] {
            self.num(f64::from(v) / 255.0);
        }
    }

    /// `j` and `J`: line join and cap, only when they change.
    pub fn j(&mut self, join: Join, cap: Cap) {
        if self.st.join != Some(join) {
            self.st.join = Some(join);
            self.op(match join {
                Join::Miter => "0 j",
                Join::Round => "1 j",
                Join::Bevel => "2 j",
            });
        }
        if self.st.cap != Some(cap) {
            self.st.cap = Some(cap);
            self.op(match cap {
                Cap::Butt => "0 J",
                Cap::Round => "1 J",
                Cap::Square => "2 J",
            });
        }
    }

    /// `M`: miter limit, only when it changes.
    #[allow(non_snake_case)]
    pub fn M(&mut self, limit: f64) {
        if self.st.miter != Some(limit) {
            self.st.miter = Some(limit);
            self.num(limit);
            self.op("M");
        }
    }

    /// Leave the glyph transform, if one is open.
    fn close_frame(&mut self) {
        if let Some((_, _, _, st)) = self.frame.take() {
            self.Q();
            self.st = st;
        }
    }

    /// Move the glyph transform so glyph point (0, 0) lands on (x, y) mm at `scale` mm
    /// per unit: a full `q … cm` the first time, then a translation in glyph units
    /// relative to the last origin as written (so rounding never accumulates).
    fn move_frame(&mut self, scale: f64, x: f64, y: f64) {
        match &self.frame {
            Some((s, fx, fy, _)) if *s == scale => {
                let (fx, fy) = (*fx, *fy);
                let dx = round3((x - fx) / scale);
                let dy = round3((y - fy) / scale);
                if dx != 0.0 || dy != 0.0 {
                    self.cm(1.0, 0.0, 0.0, 1.0, dx, dy);
                }
                if let Some(f) = &mut self.frame {
                    f.1 = fx + dx * scale;
                    f.2 = fy + dy * scale;
                }
            }
            _ => {
                self.close_frame();
                let saved = self.st.clone();
                self.q();
                let (rx, ry) = (round3(x), round3(y));
                self.cm(scale, 0.0, 0.0, scale, rx, ry);
                self.frame = Some((scale, rx, ry, saved));
            }
        }
    }

    /// Set colours and stroke parameters for `paint`; `unit` is mm per user unit.
    fn set_paint(&mut self, paint: &Paint, unit: f64) {
        if let Some(f) = paint.fill {
            self.rg(f);
        }
        if let Some(s) = paint.stroke {
            self.RG(s.color);
            self.w(s.width / unit);
            self.j(s.join, s.cap);
            self.M(s.miter_limit);
        }
    }

    /// `B*`, `f*`, `S` or `n`: paint the current path (even-odd fill).
    fn paint_op(&mut self, paint: &Paint) {
        self.op(match (paint.fill.is_some(), paint.stroke.is_some()) {
            (true, true) => "B*",
            (true, false) => "f*",
            (false, true) => "S",
            (false, false) => "n",
        });
    }

    fn segs(&mut self, segs: &[Seg]) {
        for s in segs {
            match *s {
                Seg::MoveTo(x, y) => self.m(x, y),
                Seg::LineTo(x, y) => self.l(x, y),
                Seg::CubicTo(a, b, c, d, x, y) => self.c(a, b, c, d, x, y),
                Seg::Close => self.h(),
            }
        }
    }
}

impl<W: Write> PathOps for PdfWriter<W> {
    fn buf(&mut self) -> &mut Vec<u8> {
        &mut self.content
    }
}

impl<W: Write> Backend for PdfWriter<W> {
    fn begin_page(&mut self, width: f64, height: f64) -> Result<()> {
        if self.size.is_some() {
            return Err(Error::runtime("pdf: page begun twice"));
        }
        if !self.started {
            self.start()?;
        }
        self.size = Some((width, height));
        self.st = State::default();
        self.frame = None;
        self.content.clear();
        // User space: mm, origin top-left, y down.
        let k = PT_PER_MM_TEXT;
        self.content
            .extend_from_slice(format!("{k} 0 0 -{k} 0 ").as_bytes());
        self.num(height * PT_PER_MM);
        self.op("cm");
        Ok(())
    }

    fn path(&mut self, path: &Path, paint: &Paint) -> Result<()> {
        self.close_frame();
        self.set_paint(paint, 1.0);
        self.segs(&path.segs);
        self.paint_op(paint);
        Ok(())
    }

    fn glyph(
        &mut self,
        g: &GlyphData,
        at: &Place,
        paint: &Paint,
        _label: Option<&Label>,
    ) -> Result<()> {
        if at.scale.is_nan() || at.scale <= 0.0 {
            return self.path(&g.to_path(at), paint);
        }
        self.move_frame(at.scale, at.x, at.y);
        self.set_paint(paint, at.scale);
        if g.corner == super::Corner::Sharp {
            // The common case: small integers, written directly.
            for (i, &(x, y)) in g.points.iter().enumerate() {
                self.num(f64::from(x));
                self.num(f64::from(y));
                self.op(if i == 0 { "m" } else { "l" });
            }
            if g.closed {
                self.h();
            }
        } else {
            let o = g.outline();
            self.segs(&o);
        }
        self.paint_op(paint);
        Ok(())
    }

    fn shape(
        &mut self,
        s: &crate::region::FilledRegion,
        at: &Place,
        paint: &Paint,
        _label: Option<&Label>,
    ) -> Result<()> {
        let scale = at.scale / f64::from(s.unit.max(1));
        if s.contours.is_empty() {
            return Ok(());
        }
        if scale.is_nan() || scale <= 0.0 {
            return self.path(&s.to_path(at), paint);
        }
        // One transform to 1/unit glyph units: the contours are written as integers.
        self.move_frame(scale, at.x, at.y);
        self.set_paint(paint, scale);
        for c in &s.contours {
            for (i, &(x, y)) in c.iter().enumerate() {
                self.num(f64::from(x));
                self.num(f64::from(y));
                self.op(if i == 0 { "m" } else { "l" });
            }
            self.h();
        }
        self.paint_op(paint);
        Ok(())
    }

    fn text(&mut self, t: &Text) -> Result<()> {
        self.close_frame();
        let line = crate::text::shape(self.fonts.fonts(), &t.text)?;
        if line.glyphs.is_empty() {
            return Ok(());
        }
        let size = t.size_pt / PT_PER_MM;
        let w = f64::from(line.width) * size;
        let x = match t.anchor {
            Anchor::Start => t.x,
            Anchor::Middle => t.x - w / 2.0,
            Anchor::End => t.x - w,
        };
        self.rg(t.color);
        self.content.extend_from_slice(b"BT 1 0 0 -1 ");
        self.num(x);
        self.num(t.y);
        self.op("Tm");
        let offsets = &mut self.offsets;
        let mut alloc = || {
            offsets.push(0);
            Ref::new((offsets.len() - 1) as i32)
        };
        let page_fonts = &mut self.page_fonts;
        let ops = self.fonts.show(
            &line,
            size,
            (&mut self.st.font, &mut self.st.rise),
            &mut alloc,
            &mut |f, r| {
                if !page_fonts.iter().any(|&(pf, _)| pf == f) {
                    page_fonts.push((f, r));
                }
            },
        );
        self.content.extend_from_slice(&ops);
        self.content.extend_from_slice(b" ET\n");
        Ok(())
    }

    fn end_page(&mut self) -> Result<()> {
        self.close_frame();
        let (w, h) = self
            .size
            .take()
            .ok_or_else(|| Error::runtime("pdf: end_page without a page"))?;
        let content = self.alloc();
        let page = self.alloc();
        self.page_refs.push(page);
        let data = std::mem::replace(&mut self.content, Vec::with_capacity(1 << 16));
        let rx = self.pool.submit(data);
        self.pending.push_back(Pending {
            content,
            page,
            size: ((w * PT_PER_MM) as f32, (h * PT_PER_MM) as f32),
            data: rx,
            fonts: std::mem::take(&mut self.page_fonts),
        });
        self.drain(false)
    }

    fn finish(&mut self) -> Result<()> {
        if self.size.is_some() {
            self.end_page()?;
        }
        if self.page_refs.is_empty() {
            return Err(Error::runtime("pdf: a document needs at least one page"));
        }
        self.drain(true)?;
        let offsets = &mut self.offsets;
        let mut alloc = || {
            offsets.push(0);
            Ref::new((offsets.len() - 1) as i32)
        };
        for (r, c) in self.fonts.write(self.opts.level, &mut alloc)? {
            self.emit(r, &c)?;
        }
        let mut c = Chunk::with_settings(Self::settings());
        c.pages(self.pages)
            .kids(self.page_refs.iter().copied())
            .count(self.page_refs.len() as i32);
        self.emit(self.pages, &c)?;
        let mut c = Chunk::with_settings(Self::settings());
        c.indirect(self.catalog)
            .start::<pdf_writer::writers::Catalog>()
            .pages(self.pages);
        self.emit(self.catalog, &c)?;
        let mut c = Chunk::with_settings(Self::settings());
        {
            let mut info = c.indirect(self.info).dict();
            info.pair(Name(b"Creator"), TextStr("tourglyph"));
            if !self.opts.title.is_empty() {
                info.pair(Name(b"Title"), TextStr(&self.opts.title));
            }
        }
        self.emit(self.info, &c)?;
        // Cross-reference table: ids are dense, 0 is the free-list head.
        let xref = self.out.pos;
        let n = self.offsets.len();
        let mut t = Vec::with_capacity(20 * n + 128);
        write!(t, "xref\n0 {n}\n0000000000 65535 f\r\n")?;
        for &off in &self.offsets[1..] {
            write!(t, "{off:010} 00000 n\r\n")?;
        }
        write!(
            t,
            "trailer\n<< /Size {n} /Root {} 0 R /Info {} 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            self.catalog.get(),
            self.info.get()
        )?;
        self.out.write_all(&t)?;
        self.out.flush()?;
        Ok(())
    }
}
