//! SVG backend (the `svg` crate): one document per page.
//!
//! Each page has its physical size in mm and a `viewBox` in mm, so user units are
//! millimetres. Paths go into an Inkscape layer `glyphs`; text goes into a second layer
//! whose label starts with `%` (`% captions`), which pen-plotter tools such as AxiDraw's
//! skip, so a plot draws only the glyphs. A page is built in memory and written at
//! [`Backend::end_page`] to the writer the page opener hands out (one file per page).

use super::num::Num;
use super::{Anchor, Backend, Cap, Join, Paint, Path, Seg, Text};
use crate::error::{Error, Result};
use std::fmt::Write as _;
use std::io::Write;
use svg::Node;
use svg::node::element::{Element, Group};

const INKSCAPE: &str = "http://www.inkscape.org/namespaces/inkscape";
/// Millimetres per point.
const MM_PER_PT: f64 = 25.4 / 72.0;

/// Opens the writer for page `i` (0-based).
pub type PageOpener<W> = Box<dyn FnMut(usize) -> Result<W>>;

/// A page's writer, closed as soon as its page is written, so that a sheet of tens of
/// thousands of pages holds no open files or buffers until they are committed together.
pub trait PageWrite: Write {
    /// Flush and release what the writer holds; nothing is written to it afterwards.
    fn close(&mut self) -> Result<()> {
        Ok(self.flush()?)
    }
}

impl PageWrite for Vec<u8> {}

impl PageWrite for std::fs::File {}

impl<W: Write> PageWrite for std::io::BufWriter<W> {}

impl PageWrite for crate::output::Out {
    fn close(&mut self) -> Result<()> {
        crate::output::Out::close(self)
    }
}

struct Page {
    width: f64,
    height: f64,
    glyphs: Group,
    captions: Group,
}

/// Writes each page as a standalone SVG document.
pub struct SvgWriter<W: PageWrite> {
    open: PageOpener<W>,
    page: Option<Page>,
    done: Vec<W>,
}

impl<W: PageWrite> SvgWriter<W> {
    /// A writer that asks `open` for the output of each page in turn.
    pub fn new(open: PageOpener<W>) -> Self {
        SvgWriter {
            open,
            page: None,
            done: Vec::new(),
        }
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
    let mut d = String::with_capacity(path.segs.len() * 10);
    for s in &path.segs {
        let _ = match *s {
            Seg::MoveTo(x, y) => write!(d, "M{} {}", Num(x), Num(y)),
            Seg::LineTo(x, y) => write!(d, "L{} {}", Num(x), Num(y)),
            Seg::CubicTo(a, b, c, e, x, y) => write!(
                d,
                "C{} {} {} {} {} {}",
                Num(a),
                Num(b),
                Num(c),
                Num(e),
                Num(x),
                Num(y)
            ),
            Seg::Close => write!(d, "Z"),
        };
    }
    d
}

/// `text` with the characters XML 1.0 cannot hold (control characters other than tab, line
/// feed and carriage return, and U+FFFE, U+FFFF) replaced by `?`, as the PDF and PostScript
/// backends replace what their fonts cannot show. The `svg` crate escapes `&`, `<`, `>` but
/// passes these through, and a document holding one is not XML.
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

impl<W: PageWrite> Backend for SvgWriter<W> {
    fn begin_page(&mut self, width: f64, height: f64) -> Result<()> {
        if self.page.is_some() {
            return Err(Error::runtime("svg: page begun twice"));
        }
        let layer = |id: &str, label: &str| {
            Group::new()
                .set("id", id)
                .set("inkscape:groupmode", "layer")
                .set("inkscape:label", label)
        };
        self.page = Some(Page {
            width,
            height,
            glyphs: layer("glyphs", "glyphs"),
            captions: layer("captions", "% captions"),
        });
        Ok(())
    }

    fn path(&mut self, path: &Path, paint: &Paint) -> Result<()> {
        let mut e = Element::new("path");
        e.assign("d", path_data(path));
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
        }
        self.page()?.glyphs.append(e);
        Ok(())
    }

    fn text(&mut self, t: &Text) -> Result<()> {
        let mut e = svg::node::element::Text::new(xml_chars(&t.text));
        e.assign("x", Num(t.x).to_string());
        e.assign("y", Num(t.y).to_string());
        e.assign("font-family", "Helvetica, Arial, sans-serif");
        e.assign("font-size", Num(t.size_pt * MM_PER_PT).to_string());
        e.assign("fill", t.color.hex());
        let anchor = match t.anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
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
        let doc = svg::Document::new()
            .set("xmlns:inkscape", INKSCAPE)
            .set("width", format!("{}mm", Num(p.width)))
            .set("height", format!("{}mm", Num(p.height)))
            .set("viewBox", format!("0 0 {} {}", Num(p.width), Num(p.height)))
            .add(p.glyphs)
            .add(p.captions);
        let mut w = (self.open)(self.done.len())?;
        w.write_all(b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")?;
        svg::write(&mut w, &doc)?;
        w.write_all(b"\n")?;
        w.close()?;
        self.done.push(w);
        Ok(())
    }

    fn finish(&mut self) -> Result<()> {
        if self.page.is_some() {
            self.end_page()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::{Rgb, Stroke};

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
    /// character '\0'"); control characters and the non-characters U+FFFE, U+FFFF become
    /// `?`, other Unicode stays.
    #[test]
    fn svg_caption_with_control_character() {
        let mut w = SvgWriter::new(Box::new(|_| Ok(Vec::<u8>::new())));
        w.begin_page(30.0, 20.0).unwrap();
        w.text(&Text {
            x: 5.0,
            y: 15.0,
            size_pt: 6.0,
            color: Rgb::BLACK,
            anchor: Anchor::Start,
            text: "a\0b\u{1}\u{1b}\u{7f}\u{fffe}\u{ffff}\t\u{e9}\u{1f434}".into(),
        })
        .unwrap();
        w.end_page().unwrap();
        let s = String::from_utf8(w.into_writers().remove(0)).unwrap();
        assert!(s.contains("a?b??\u{7f}??\t\u{e9}\u{1f434}"), "{s}");
        resvg::usvg::Tree::from_str(&s, &resvg::usvg::Options::default()).unwrap();
    }
}
