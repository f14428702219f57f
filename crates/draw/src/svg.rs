//! SVG backend (the `svg` crate): one document per page.
//!
//! Each page has its physical size in mm and a `viewBox` in mm, so user units are
//! millimetres. Paths go into an Inkscape layer `glyphs`; text goes into a second layer
//! whose label starts with `%` (`% captions`), which pen-plotter tools such as AxiDraw's
//! skip, so a plot draws only the glyphs. A page is built in memory and written at
//! [`Backend::end_page`] to the writer the page opener hands out (one file per page).
//!
//! Told its pens ([`SvgWriter::with_pens`], a plotter's drawing), a page puts each pen's
//! marks on a layer of its own instead (`1 tours`, `2 frames`, …, [`crate::pen`]), the
//! pen's colour on the layer's group, in the order declared, each page holding the
//! layers of the pens it draws with; split, it writes one document a page and pen, each
//! holding that pen's layer only (pens that do not plot are left out).
//!
//! Text stays editable `<text>`, its `font-family` naming the fonts of [`crate::text`]
//! (the bundled Noto Sans and Noto Kufi Arabic, a `--font` first), or, with
//! [`SvgWriter::with_text`]'s `as_paths`, is drawn as the shaped glyphs' outlines for
//! design tools that lack the fonts. Either way the text is shaped first, so a character
//! that cannot be drawn is the same error in every format.

use super::num::{self, Num};
use super::{Anchor, Backend, Cap, GlyphData, Join, Label, Paint, Path, Place, Seg, Text};
use crate::backend::{PageOpener, PageWrite};
use crate::pen::Pen;
use crate::text::Fonts;
use std::collections::HashMap;
use std::sync::Arc;
use svg::Node;
use svg::node::Blob;
use svg::node::element::{Description, Element, Group, Title};
use tourglyph_core::{error::Error, error::Result};

const INKSCAPE: &str = "http://www.inkscape.org/namespaces/inkscape";
/// Millimetres per point.
const MM_PER_PT: f64 = 25.4 / 72.0;

struct Page {
    width: f64,
    height: f64,
    glyphs: Group,
    captions: Group,
    /// The layer of each declared pen, in the order declared.
    pens: Vec<Group>,
    /// The pen drawing now (an index into the declared pens), if any.
    pen: Option<usize>,
    /// Something was drawn outside every pen (on the `glyphs` layer).
    loose: bool,
    /// How often each label id was used on this page, so a repeat gets `-2`, `-3`, ….
    ids: HashMap<String, u32>,
}

/// Writes each page as a standalone SVG document.
pub struct SvgWriter<'a, W: PageWrite> {
    open: PageOpener<'a, W>,
    page: Option<Page>,
    done: Vec<W>,
    meta: Option<(String, String)>,
    fonts: Arc<Fonts>,
    as_paths: bool,
    /// The pens, each a layer (none: one `glyphs` layer).
    pens: Vec<Pen>,
    /// One document a page and plotting pen.
    split: bool,
    /// What each page carries over its drawing (an animation), if anything.
    overlay: Option<Arc<dyn Overlay>>,
}

/// What a page carries over its drawing, put in as [`SvgWriter`] writes the page (not
/// spliced into its text afterwards): a walk drawn over the page, or a still frame of one
/// ([`crate::motion`]). Asked for each labelled element as it is drawn, and for the
/// page's last markup once its drawing is done.
pub trait Overlay: Send + Sync + std::fmt::Debug {
    /// For the labelled element whose id is `id`: attributes written first in its start
    /// tag and markup put first inside it. `None` leaves it as drawn.
    fn lead(&self, id: &str) -> Option<Lead>;
    /// Markup put last on the page, before `</svg>` (empty: nothing), or why the page
    /// cannot carry the overlay.
    fn trailer(&self) -> Result<Markup>;
}

/// What an [`Overlay`] puts on one labelled element.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lead {
    /// Attributes, in this order, before the element's own.
    pub attrs: Vec<(&'static str, String)>,
    /// Markup before the element's own children (its `<title>`).
    pub children: Markup,
}

impl<'a, W: PageWrite> SvgWriter<'a, W> {
    /// A writer that asks `open` for the output of each page in turn.
    pub fn new(open: PageOpener<'a, W>) -> Self {
        SvgWriter {
            open,
            page: None,
            done: Vec::new(),
            meta: None,
            fonts: Fonts::bundled(),
            as_paths: false,
            pens: Vec::new(),
            split: false,
            overlay: None,
        }
    }

    /// Put `overlay` over every page as it is written.
    pub fn with_overlay(mut self, overlay: Option<Arc<dyn Overlay>>) -> Self {
        self.overlay = overlay;
        self
    }

    /// Draw each of `pens` on a layer of its own, in this order, on every page
    /// ([`Backend::pen`] says which draws what follows); with `split`, write one document
    /// a page and plotting pen (page `p`'s pen `k` is the writer numbered `p · n + k`, `n`
    /// the number of plotting pens), each holding that pen's layer alone.
    pub fn with_pens(mut self, pens: Vec<Pen>, split: bool) -> Self {
        self.pens = pens;
        self.split = split;
        self
    }

    /// Give every page a document `<title>` and `<desc>` (what it shows, how to draw it
    /// again), so a file taken into a design tool still says what it is.
    pub fn with_meta(mut self, title: &str, desc: &str) -> Self {
        self.meta = Some((title.to_string(), desc.to_string()));
        self
    }

    /// Set text in `fonts` (default: the bundled fonts), as outlines when `as_paths`.
    pub fn with_text(mut self, fonts: Arc<Fonts>, as_paths: bool) -> Self {
        self.fonts = fonts;
        self.as_paths = as_paths;
        self
    }

    /// The page writers, in page order, after [`Backend::finish`].
    pub fn into_writers(self) -> Vec<W> {
        self.done
    }

    fn page(&mut self) -> Result<&mut Page> {
        self.page
            .as_mut()
            .ok_or_else(|| Error::runtime("svg: drawing outside a page"))
    }
}

/// SVG path data for `path`, numbers written by the shared formatter.
pub fn path_data(path: &Path) -> String {
    let mut d = Vec::with_capacity(path.segs.len() * 12);
    push_path_data(&mut d, path);
    // Only ASCII letters, digits, '-', '.' and spaces were written.
    String::from_utf8(d).unwrap_or_default()
}

/// Append `path`'s SVG path data to `d` (what [`path_data`] returns).
fn push_path_data(d: &mut Vec<u8>, path: &Path) {
    let two = |d: &mut Vec<u8>, x: f64, y: f64| {
        num::push(d, x);
        d.push(b' ');
        num::push(d, y);
    };
    for s in &path.segs {
        match *s {
            Seg::MoveTo(x, y) => {
                d.push(b'M');
                two(d, x, y);
            }
            Seg::LineTo(x, y) => {
                d.push(b'L');
                two(d, x, y);
            }
            Seg::CubicTo(a, b, c, e, x, y) => {
                d.push(b'C');
                two(d, a, b);
                d.push(b' ');
                two(d, c, e);
                d.push(b' ');
                two(d, x, y);
            }
            Seg::Close => d.push(b'Z'),
        }
    }
}

/// The `path` element `e` (no `d` yet: its other attributes, children) with `path` as
/// its `d`, serialized now, as the `svg` crate would write it: a page of a big sheet
/// holds hundreds of thousands of subpaths, and the crate would keep each path's data as
/// a string in a hash map, then copy it three times to escape it while writing. `d` is
/// the first attribute the crate writes (it sorts them by name, and every other name a
/// path element gets here sorts after it), and path data needs no escaping (letters,
/// digits, `-`, `.`, spaces), so the bytes are the crate's.
fn path_blob(path: &Path, e: &Element) -> Blob {
    Blob::new(path_string(path, e, ""))
}

/// [`path_blob`]'s text, `lead` (attributes, each ` name="value"`) written before `d`.
fn path_string(path: &Path, e: &Element, lead: &str) -> String {
    debug_assert!(e.get_attributes().keys().all(|k| k.as_str() > "d"));
    let rest = e.to_string();
    let rest = rest.strip_prefix("<path").unwrap_or(&rest);
    let mut out = Vec::with_capacity(path.segs.len() * 12 + rest.len() + lead.len() + 16);
    out.extend_from_slice(b"<path");
    out.extend_from_slice(lead.as_bytes());
    out.extend_from_slice(b" d=\"");
    push_path_data(&mut out, path);
    out.push(b'"');
    out.extend_from_slice(rest.as_bytes());
    String::from_utf8(out).unwrap_or_default()
}

/// A labelled path with an overlay's `lead`: its attributes first, then `e`'s (which has
/// no children yet); inside, the lead's markup, then the label's `<title>` as
/// [`path_blob`] writes it (the title on a line of its own).
fn led_path_blob(path: &Path, e: &Element, lead: &Lead, title: &str) -> Blob {
    let mut attrs = String::new();
    for (key, value) in &lead.attrs {
        push_attribute(&mut attrs, key, value);
    }
    let bare = path_string(path, e, &attrs);
    let start = bare.strip_suffix("/>").unwrap_or(&bare);
    let title = Title::new(xml_chars(title)).to_string();
    Blob::new(format!(
        "{start}>{}\n{title}\n</path>",
        lead.children.as_str()
    ))
}

/// `doc` with a document `<title>` and, unless empty, a `<desc>`.
pub(super) fn add_meta(doc: svg::Document, title: &str, desc: &str) -> svg::Document {
    let doc = doc.add(Title::new(xml_chars(title)));
    if desc.is_empty() {
        return doc;
    }
    doc.add(Description::new().add(svg::node::Text::new(xml_chars(desc))))
}

/// Metadata text (document and glyph titles, descriptions) kept XML: characters XML 1.0
/// forbids become `?`. (Drawn text never gets here with them: shaping refuses control
/// characters with a usage error.)
fn xml_chars(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\t' | '\n' | '\r' => c,
            '\0'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => '?',
            _ => c,
        })
        .collect()
}

pub(crate) fn join_name(j: Join) -> &'static str {
    match j {
        Join::Miter => "miter",
        Join::Round => "round",
        Join::Bevel => "bevel",
    }
}

pub(crate) fn cap_name(c: Cap) -> &'static str {
    match c {
        Cap::Butt => "butt",
        Cap::Round => "round",
        Cap::Square => "square",
    }
}

/// A `path` element for `path` painted with `paint`.
pub(crate) fn path_element(path: &Path, paint: &Paint) -> Element {
    let mut e = paint_element(paint);
    e.assign("d", path_data(path));
    e
}

/// A `path` element painted with `paint`, without its data.
fn paint_element(paint: &Paint) -> Element {
    let mut e = Element::new("path");
    match paint.fill {
        Some(c) => {
            e.assign("fill", c.hex());
            e.assign("fill-rule", "evenodd");
        }
        None => e.assign("fill", "none"),
    }
    if let Some(s) = paint.stroke {
        e.assign("stroke", s.color.hex());
        e.assign("stroke-width", Num(s.width).to_string());
        e.assign("stroke-linejoin", join_name(s.join));
        e.assign("stroke-linecap", cap_name(s.cap));
        e.assign("stroke-miterlimit", Num(s.miter_limit).to_string());
    }
    e
}

impl<W: PageWrite> SvgWriter<'_, W> {
    /// `doc` with the overlay's last markup, if any, put last.
    fn overlaid(&self, doc: svg::Document) -> Result<svg::Document> {
        let Some(o) = &self.overlay else {
            return Ok(doc);
        };
        let trailer = o.trailer()?;
        Ok(match trailer.as_str() {
            "" => doc,
            t => doc.add(Blob::new(t)),
        })
    }

    /// Write `doc` to the next writer the opener hands out.
    fn write(&mut self, doc: &svg::Document) -> Result<()> {
        let mut w = (self.open)(self.done.len())?;
        w.write_all(XML_DECLARATION.as_bytes())?;
        svg::write(&mut w, doc)?;
        w.write_all(b"\n")?;
        w.close()?;
        self.done.push(w);
        Ok(())
    }

    /// A glyph's path (its stroke, or its outline), carrying `label` as its unique id and
    /// a `<title>`.
    fn labelled(&mut self, path: &Path, paint: &Paint, label: Option<&Label>) -> Result<()> {
        let mut e = paint_element(paint);
        let pens = &self.pens;
        let page = self
            .page
            .as_mut()
            .ok_or_else(|| Error::runtime("svg: drawing outside a page"))?;
        page.name_pen(&mut e, pens, paint);
        let Some(l) = label else {
            page.layer().append(path_blob(path, &e));
            return Ok(());
        };
        let id = unique_id(&mut page.ids, &l.id);
        let lead = self.overlay.as_ref().and_then(|o| o.lead(&id));
        e.assign("id", id);
        let blob = match lead {
            Some(lead) => led_path_blob(path, &e, &lead, &l.title),
            None => {
                e.append(Title::new(xml_chars(&l.title)));
                path_blob(path, &e)
            }
        };
        page.layer().append(blob);
        Ok(())
    }
}

impl Page {
    /// On a pen's layer, a mark that only fills names the pen's colour as its stroke, at
    /// width 0 (nothing is drawn round it; without it the mark would take the layer's
    /// stroke): tools that sort paths into pens by stroke colour (`vpype read --attr
    /// stroke`) then put it with its pen.
    fn name_pen(&self, e: &mut Element, pens: &[Pen], paint: &Paint) {
        if paint.stroke.is_some() {
            return;
        }
        if let Some(c) = self.pen.and_then(|i| pens[i].color) {
            e.assign("stroke", c.hex());
            e.assign("stroke-width", "0");
        }
    }

    /// The group marks go to now: the current pen's layer, else `glyphs`.
    fn layer(&mut self) -> &mut Group {
        match self.pen {
            Some(i) => &mut self.pens[i],
            None => {
                self.loose = true;
                &mut self.glyphs
            }
        }
    }
}

/// An Inkscape layer.
fn layer(id: &str, label: &str) -> Group {
    Group::new()
        .set("id", id)
        .set("inkscape:groupmode", "layer")
        .set("inkscape:label", label)
}

/// The layer of `pen`, its colour on the group.
fn pen_layer(pen: &Pen) -> Group {
    let g = layer(&format!("layer-{}", pen.slug()), &pen.label());
    match pen.color {
        Some(c) => g.set("stroke", c.hex()),
        None => g,
    }
}

/// `id` made unique on its page: the first use as it is, then `id-2`, `id-3`, ….
fn unique_id(ids: &mut HashMap<String, u32>, id: &str) -> String {
    let n = ids.entry(id.to_string()).or_insert(0);
    *n += 1;
    if *n == 1 {
        id.to_string()
    } else {
        format!("{id}-{n}")
    }
}

impl<W: PageWrite> Backend for SvgWriter<'_, W> {
    fn glyph(
        &mut self,
        glyph: &GlyphData,
        at: &Place,
        paint: &Paint,
        label: Option<&Label>,
    ) -> Result<()> {
        self.labelled(&glyph.to_path(at), paint, label)
    }

    fn shape(
        &mut self,
        shape: &crate::region::FilledRegion,
        at: &Place,
        paint: &Paint,
        label: Option<&Label>,
    ) -> Result<()> {
        if shape.contours.is_empty() {
            return Ok(());
        }
        self.labelled(&shape.to_path(at), paint, label)
    }

    fn mark(&mut self, path: &Path, paint: &Paint, label: Option<&Label>) -> Result<()> {
        self.labelled(path, paint, label)
    }

    fn pen(&mut self, pen: &Pen) -> Result<()> {
        // Told no pens (a PNG page): one layer.
        if self.pens.is_empty() {
            return Ok(());
        }
        let i = self.pens.iter().position(|p| p == pen).ok_or_else(|| {
            Error::runtime(format!("svg: pen '{}' was not declared", pen.label()))
        })?;
        self.page()?.pen = Some(i);
        Ok(())
    }

    fn begin_page(&mut self, width: f64, height: f64) -> Result<()> {
        if self.page.is_some() {
            return Err(Error::runtime("svg: page begun twice"));
        }
        self.page = Some(Page {
            width,
            height,
            glyphs: layer("glyphs", "glyphs"),
            captions: layer("captions", "% captions"),
            pens: self.pens.iter().map(pen_layer).collect(),
            pen: None,
            loose: false,
            ids: HashMap::new(),
        });
        Ok(())
    }

    fn path(&mut self, path: &Path, paint: &Paint) -> Result<()> {
        let mut e = paint_element(paint);
        let pens = &self.pens;
        let page = self
            .page
            .as_mut()
            .ok_or_else(|| Error::runtime("svg: drawing outside a page"))?;
        page.name_pen(&mut e, pens, paint);
        page.layer().append(path_blob(path, &e));
        Ok(())
    }

    fn text(&mut self, t: &Text) -> Result<()> {
        // Shaped in every case: what cannot be drawn is refused as in PDF and PostScript
        // (control characters, characters no font has; XML could not hold the former).
        let line = crate::text::shape(&self.fonts, &t.text)?;
        let size = t.size_pt * MM_PER_PT;
        if self.as_paths {
            let w = f64::from(line.width) * size;
            let x0 = match t.anchor {
                Anchor::Start => t.x,
                Anchor::Middle => t.x - w / 2.0,
                Anchor::End => t.x - w,
            };
            let mut segs = Vec::new();
            for g in &line.glyphs {
                let gx = x0 + f64::from(g.x) * size;
                let gy = t.y - f64::from(g.y) * size;
                let face = &self.fonts.faces[usize::from(g.face)];
                let m = |x: f64, y: f64| (gx + x * size, gy + y * size);
                for sg in crate::text::glyph_paths::outline(face, g.gid) {
                    segs.push(sg.map(m));
                }
            }
            if segs.is_empty() {
                return Ok(());
            }
            let mut e = Element::new("path");
            e.assign("d", path_data(&Path { segs }));
            e.assign("fill", t.color.hex());
            e.assign("aria-label", t.text.as_str());
            self.page()?.captions.append(e);
            return Ok(());
        }
        // One face: the text as it is. Several (Latin and Arabic): a `tspan` per run
        // naming its face first, so viewers without per-character fallback (usvg) still
        // find every glyph.
        let runs = crate::text::shaping::face_runs(&self.fonts, &t.text)?;
        let mut e = if runs.len() <= 1 {
            svg::node::element::Text::new(t.text.as_str())
        } else {
            let mut e = svg::node::element::Text::new("");
            for (r, f) in runs {
                let mut span = svg::node::element::TSpan::new(&t.text[r]);
                span.assign("font-family", self.fonts.css_family_from(f));
                e.append(span);
            }
            e
        };
        e.assign("x", Num(t.x).to_string());
        e.assign("y", Num(t.y).to_string());
        e.assign("font-family", self.fonts.css_family());
        e.assign("font-size", Num(size).to_string());
        e.assign("fill", t.color.hex());
        // The paragraph direction the shaper found (an Arabic first letter makes it right
        // to left), said to the viewer; `start` and `end` then swap sides.
        let rtl = crate::text::shaping::is_rtl(&t.text);
        if rtl {
            e.assign("direction", "rtl");
        }
        let anchor = match (t.anchor, rtl) {
            (Anchor::Start, false) | (Anchor::End, true) => "start",
            (Anchor::Middle, _) => "middle",
            (Anchor::End, false) | (Anchor::Start, true) => "end",
        };
        e.assign("text-anchor", anchor);
        self.page()?.captions.append(e);
        Ok(())
    }

    fn end_page(&mut self) -> Result<()> {
        let p = self
            .page
            .take()
            .ok_or_else(|| Error::runtime("svg: end_page without a page"))?;
        let mut doc = svg::Document::new()
            .set("xmlns:inkscape", INKSCAPE)
            .set("width", format!("{}mm", Num(p.width)))
            .set("height", format!("{}mm", Num(p.height)))
            .set("viewBox", format!("0 0 {} {}", Num(p.width), Num(p.height)));
        if let Some((title, desc)) = &self.meta {
            doc = add_meta(doc, title, desc);
        }
        if self.pens.is_empty() {
            let doc = self.overlaid(doc.add(p.glyphs).add(p.captions))?;
            return self.write(&doc);
        }
        if self.split {
            for (pen, group) in self.pens.clone().iter().zip(p.pens) {
                if pen.plots() {
                    self.write(&doc.clone().add(group))?;
                }
            }
            return Ok(());
        }
        // A pen with no marks on this page has no layer here (a plotter would stop for
        // it and draw nothing); the others keep the sheet's numbers, so pen 2 is the
        // same colour on every page.
        let mut doc = doc;
        for group in p.pens {
            if group.get_children().is_some_and(|c| !c.is_empty()) {
                doc = doc.add(group);
            }
        }
        if p.loose {
            doc = doc.add(p.glyphs);
        }
        let doc = self.overlaid(doc.add(p.captions))?;
        self.write(&doc)
    }

    fn finish(&mut self) -> Result<()> {
        if self.page.is_some() {
            self.end_page()?;
        }
        Ok(())
    }
}

/// The XML declaration every SVG file tourglyph writes starts with, and its newline.
pub const XML_DECLARATION: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

/// SVG written element by element, for what a page of [`SvgWriter`] does not hold: SMIL
/// animation (a walk drawn over a page, [`crate::motion`]; the sliding puzzle's play).
/// Attributes are written in the order given (the `svg` crate sorts them by name), their
/// values and the text between tags escaped ([`escape`]); nothing is indented.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Markup(String);

impl Markup {
    /// Nothing written yet.
    pub fn new() -> Markup {
        Markup::default()
    }

    /// A document: the XML declaration written ([`XML_DECLARATION`]).
    pub fn document() -> Markup {
        Markup(XML_DECLARATION.to_string())
    }

    fn tag(&mut self, name: &str, attrs: &[(&str, &dyn std::fmt::Display)]) {
        self.0.push('<');
        self.0.push_str(name);
        for (key, value) in attrs {
            push_attribute(&mut self.0, key, &value.to_string());
        }
    }

    /// A start tag, `<name key="value" …>`.
    pub fn open(&mut self, name: &str, attrs: &[(&str, &dyn std::fmt::Display)]) -> &mut Markup {
        self.tag(name, attrs);
        self.0.push('>');
        self
    }

    /// An element without children, `<name key="value" …/>`.
    pub fn empty(&mut self, name: &str, attrs: &[(&str, &dyn std::fmt::Display)]) -> &mut Markup {
        self.tag(name, attrs);
        self.0.push_str("/>");
        self
    }

    /// An end tag, `</name>`.
    pub fn close(&mut self, name: &str) -> &mut Markup {
        self.0.push_str("</");
        self.0.push_str(name);
        self.0.push('>');
        self
    }

    /// Text between tags, escaped.
    pub fn text(&mut self, text: &str) -> &mut Markup {
        push_escaped(&mut self.0, text);
        self
    }

    /// Markup written apart (children made before their parent).
    pub fn markup(&mut self, m: &Markup) -> &mut Markup {
        self.0.push_str(&m.0);
        self
    }

    /// A line break.
    pub fn newline(&mut self) -> &mut Markup {
        self.0.push('\n');
        self
    }

    /// What was written.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What was written.
    pub fn into_string(self) -> String {
        self.0
    }
}

/// `text` escaped for XML content and attribute values (`&`, `<`, `>`, both quotes).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    push_escaped(&mut out, text);
    out
}

/// ` key="value"`, the value escaped: how [`Markup`] and an overlay's [`Lead`] write an
/// attribute.
fn push_attribute(out: &mut String, key: &str, value: &str) {
    out.push(' ');
    out.push_str(key);
    out.push_str("=\"");
    push_escaped(out, value);
    out.push('"');
}

fn push_escaped(out: &mut String, text: &str) {
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rgb, Stroke};

    #[test]
    fn one_page_parses_with_layers() {
        let mut w = SvgWriter::new(Box::new(|_| Ok(Vec::<u8>::new())));
        w.begin_page(30.0, 20.0).unwrap();
        let paint = Paint {
            stroke: Some(Stroke {
                color: Rgb::BLACK,
                width: 0.5,
                join: Join::Round,
                cap: Cap::Round,
                miter_limit: 4.0,
            }),
            fill: None,
        };
        w.path(&Path::rect(1.0, 1.0, 10.0, 5.5), &paint).unwrap();
        w.text(&Text {
            x: 5.0,
            y: 15.0,
            size_pt: 6.0,
            color: Rgb::BLACK,
            anchor: Anchor::Middle,
            text: "17 <x8>".into(),
        })
        .unwrap();
        w.end_page().unwrap();
        w.finish().unwrap();
        let pages = w.into_writers();
        assert_eq!(pages.len(), 1);
        let s = String::from_utf8(pages[0].clone()).unwrap();
        assert!(
            s.contains(r#"width="30mm""#) && s.contains(r#"viewBox="0 0 30 20""#),
            "{s}"
        );
        assert!(s.contains(r#"d="M1 1L11 1L11 6.5L1 6.5Z""#), "{s}");
        assert!(s.contains(r#"inkscape:label="% captions""#), "{s}");
        assert!(s.contains("17 &lt;x8&gt;"), "{s}");
        let tree = resvg::usvg::Tree::from_str(&s, &resvg::usvg::Options::default()).unwrap();
        assert_eq!(tree.size().width(), 30.0 * 96.0 / 25.4);
    }

    /// Regression (stress test): a footer "\0" made the page unparsable ("a non-XML
    /// character '\0'"). Control characters are now refused as in PDF and PostScript
    /// (a usage error naming the code), not replaced by `?`; other Unicode stays.
    #[test]
    fn svg_caption_with_control_character() {
        let text = |s: &str| Text {
            x: 5.0,
            y: 15.0,
            size_pt: 6.0,
            color: Rgb::BLACK,
            anchor: Anchor::Start,
            text: s.into(),
        };
        for (bad, code) in [
            ("a\0b", "U+0000"),
            ("x\u{1b}", "U+001B"),
            ("\u{7f}", "U+007F"),
        ] {
            let mut w = SvgWriter::new(Box::new(|_| Ok(Vec::<u8>::new())));
            w.begin_page(30.0, 20.0).unwrap();
            let e = w.text(&text(bad)).unwrap_err();
            assert!(e.is_usage() && e.to_string().contains(code), "{e}");
        }
        let mut w = SvgWriter::new(Box::new(|_| Ok(Vec::<u8>::new())));
        w.begin_page(30.0, 20.0).unwrap();
        w.text(&text("\u{e9} \u{643}\u{648}")).unwrap();
        w.end_page().unwrap();
        let s = String::from_utf8(w.into_writers().remove(0)).unwrap();
        // Two font runs, each a tspan naming its face first.
        assert!(s.contains(">\u{e9} </tspan>"), "{s}");
        assert!(
            s.contains("<tspan font-family=\"Noto Kufi Arabic, Noto Sans, sans-serif\">\u{643}\u{648}</tspan>"),
            "{s}"
        );
        resvg::usvg::Tree::from_str(&s, &resvg::usvg::Options::default()).unwrap();
    }

    #[test]
    fn pens_are_layers_in_the_declared_order_or_files_of_their_own() {
        let pen = |number, name: &str, c| Pen {
            number,
            name: name.into(),
            color: Some(c),
        };
        let pens = vec![
            pen(1, "tours", Rgb(26, 26, 26)),
            pen(2, "frames", Rgb(200, 0, 0)),
        ];
        let paint = Paint {
            stroke: Some(Stroke {
                color: Rgb::BLACK,
                width: 0.5,
                join: Join::Round,
                cap: Cap::Round,
                miter_limit: 4.0,
            }),
            fill: None,
        };
        let draw = |split: bool| {
            let mut w =
                SvgWriter::new(Box::new(|_| Ok(Vec::<u8>::new()))).with_pens(pens.clone(), split);
            w.begin_page(30.0, 20.0).unwrap();
            w.pen(&pens[1]).unwrap();
            w.path(&Path::rect(1.0, 1.0, 2.0, 2.0), &paint).unwrap();
            w.pen(&pens[0]).unwrap();
            w.path(&Path::rect(5.0, 5.0, 2.0, 2.0), &paint).unwrap();
            let stray = pen(3, "dots", Rgb::BLACK);
            assert!(w.pen(&stray).unwrap_err().to_string().contains("3 dots"));
            w.end_page().unwrap();
            w.finish().unwrap();
            w.into_writers()
                .into_iter()
                .map(|b| String::from_utf8(b).unwrap())
                .collect::<Vec<_>>()
        };
        let one = draw(false);
        assert_eq!(one.len(), 1);
        let s = &one[0];
        let at = |t: &str| s.find(t).unwrap_or_else(|| panic!("{t} in {s}"));
        // Declared order, whatever the drawing order; each path in its pen's layer.
        assert!(at(r#"inkscape:label="1 tours""#) < at("M5 5"), "{s}");
        assert!(at("M5 5") < at(r#"inkscape:label="2 frames""#), "{s}");
        assert!(at(r#"inkscape:label="2 frames""#) < at("M1 1"), "{s}");
        assert!(s.contains(r##"stroke="#c80000""##), "{s}");
        assert!(!s.contains(r#"inkscape:label="glyphs""#), "{s}");
        assert!(s.contains(r#"inkscape:label="% captions""#), "{s}");
        resvg::usvg::Tree::from_str(s, &resvg::usvg::Options::default()).unwrap();
        let two = draw(true);
        assert_eq!(two.len(), 2);
        assert!(two[0].contains("1 tours") && two[0].contains("M5 5") && !two[0].contains("M1 1"));
        assert!(two[1].contains("2 frames") && two[1].contains("M1 1") && !two[1].contains("M5 5"));
        assert!(!two[0].contains("captions"));
    }

    #[test]
    fn text_as_paths_draws_outlines_not_text() {
        let mut w =
            SvgWriter::new(Box::new(|_| Ok(Vec::<u8>::new()))).with_text(Fonts::bundled(), true);
        w.begin_page(30.0, 20.0).unwrap();
        w.text(&Text {
            x: 15.0,
            y: 15.0,
            size_pt: 12.0,
            color: Rgb::BLACK,
            anchor: Anchor::Middle,
            text: "كوفي 6×6".into(),
        })
        .unwrap();
        w.end_page().unwrap();
        let s = String::from_utf8(w.into_writers().remove(0)).unwrap();
        assert!(!s.contains("<text"), "{s}");
        let caps = &s[s.find("% captions").unwrap()..];
        assert!(caps.contains("<path") && caps.contains(" d=\"M"), "{s}");
        resvg::usvg::Tree::from_str(&s, &resvg::usvg::Options::default()).unwrap();
    }

    #[test]
    fn markup_keeps_the_attribute_order_and_escapes() {
        let mut m = Markup::document();
        m.open("g", &[("z", &1.5), ("a", &"x\"<'&>")])
            .empty("circle", &[("r", &"2")])
            .text("a<b")
            .close("g")
            .newline();
        assert_eq!(
            m.as_str(),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<g z=\"1.5\" a=\"x&quot;&lt;&apos;&amp;&gt;\"><circle r=\"2\"/>a&lt;b</g>\n"
        );
        assert_eq!(escape("a<b&\"c\""), "a&lt;b&amp;&quot;c&quot;");
    }
}
