//! The pure-Rust half of the output validators, run on every machine: PDF read back with
//! lopdf, PostScript's DSC 3.0 structure and syntax checked here. (SVG goes through usvg,
//! `common::svg_tree`.) The outside tools (`common::qpdf_check`, `common::gs_check`) add
//! their checks where they are installed.

use lopdf::content::Content;
use lopdf::{Document, LoadOptions, Object, xref::XrefEntry};
use std::path::Path;

/// Read a PDF back with lopdf in strict mode and check that it is whole: a single body
/// with one cross-reference section and one `%%EOF` (the writer never appends updates),
/// the trailer's `/Size` one past the highest object number, every object the
/// cross-reference table lists present, every stream's filters undone, the page tree's
/// `/Count` equal to its pages, and every page's content stream parsed with `q`/`Q` and
/// `BT`/`ET` balanced. Returns the document.
pub fn pdf(p: &Path) -> Document {
    let data = std::fs::read(p).unwrap_or_else(|e| panic!("read {}: {e}", p.display()));
    let at = |what: &str| format!("{} (lopdf): {what}", p.display());
    assert!(data.starts_with(b"%PDF-"), "{}", at("no %PDF- header"));
    let eofs = data.windows(5).filter(|w| w == b"%%EOF").count();
    let xrefs = data.windows(9).filter(|w| w == b"startxref").count();
    assert_eq!(
        (eofs, xrefs),
        (1, 1),
        "{}",
        at("%%EOF and startxref must each appear once")
    );
    let doc = Document::load_mem_with_options(
        &data,
        LoadOptions {
            strict: true,
            ..LoadOptions::default()
        },
    )
    .unwrap_or_else(|e| panic!("{}", at(&format!("does not parse: {e}"))));
    let max = doc.reference_table.max_id();
    let size = doc.trailer.get(b"Size").and_then(Object::as_i64);
    assert_eq!(
        size.ok(),
        Some(i64::from(max) + 1),
        "{}",
        at("trailer /Size")
    );
    for (&num, entry) in &doc.reference_table.entries {
        if let XrefEntry::Normal { generation, .. } = entry {
            let obj = doc
                .get_object((num, *generation))
                .unwrap_or_else(|e| panic!("{}", at(&format!("object {num}: {e}"))));
            if let Object::Stream(s) = obj {
                stream_data(s).unwrap_or_else(|e| panic!("{}", at(&format!("stream {num}: {e}"))));
            }
        }
    }
    let pages = doc.get_pages();
    assert!(!pages.is_empty(), "{}", at("no pages"));
    let count = doc
        .catalog()
        .and_then(|c| c.get(b"Pages"))
        .and_then(Object::as_reference)
        .and_then(|id| doc.get_dictionary(id))
        .and_then(|d| d.get(b"Count"))
        .and_then(Object::as_i64)
        .unwrap_or_else(|e| panic!("{}", at(&format!("page tree /Count: {e}"))));
    assert_eq!(count, pages.len() as i64, "{}", at("page tree /Count"));
    for (n, id) in pages {
        let ops =
            page_ops(&doc, id).unwrap_or_else(|e| panic!("{}", at(&format!("page {n}: {e}"))));
        let mut depth = [0i64; 2];
        for op in &ops {
            let (k, d) = match op.operator.as_str() {
                "q" => (0, 1),
                "Q" => (0, -1),
                "BT" => (1, 1),
                "ET" => (1, -1),
                _ => continue,
            };
            depth[k] += d;
            assert!(
                depth[k] >= 0,
                "{}",
                at(&format!("page {n}: {} unmatched", op.operator))
            );
        }
        assert_eq!(
            depth,
            [0, 0],
            "{}",
            at(&format!("page {n}: q/Q or BT/ET left open"))
        );
    }
    doc
}

/// A stream's data with its filter undone. Strict where lopdf is lenient (it keeps what
/// a damaged Flate stream yields): the zlib checksum must match, and the only filter
/// the writer uses, FlateDecode, is the only one accepted.
fn stream_data(s: &lopdf::Stream) -> Result<Vec<u8>, String> {
    match s.dict.get(b"Filter") {
        Err(_) => Ok(s.content.clone()),
        Ok(Object::Name(n)) if n == b"FlateDecode" => {
            miniz_oxide::inflate::decompress_to_vec_zlib(&s.content)
                .map_err(|e| format!("FlateDecode: {e:?}"))
        }
        Ok(f) => Err(format!("unexpected filter {f:?}")),
    }
}

/// The operations of a page's content streams.
fn page_ops(
    doc: &Document,
    page: lopdf::ObjectId,
) -> Result<Vec<lopdf::content::Operation>, String> {
    let mut data = Vec::new();
    for id in doc.get_page_contents(page) {
        let s = doc
            .get_object(id)
            .and_then(Object::as_stream)
            .map_err(|e| format!("content stream {id:?}: {e}"))?;
        data.extend(stream_data(s)?);
        data.push(b'\n');
    }
    Content::decode(&data)
        .map(|c| c.operations)
        .map_err(|e| format!("content stream: {e}"))
}

/// A font's `ToUnicode` CMap as a table: code (2 bytes, big-endian) → text. Reads the
/// `bfchar` and `bfrange` sections (PDF 1.7, 9.10.3), hex strings only, as writers emit.
fn to_unicode(
    doc: &Document,
    font: &lopdf::Dictionary,
) -> Option<std::collections::HashMap<u16, String>> {
    let id = font.get(b"ToUnicode").ok()?.as_reference().ok()?;
    let data = stream_data(doc.get_object(id).ok()?.as_stream().ok()?).ok()?;
    let text = String::from_utf8_lossy(&data);
    let hex = |h: &str| -> Vec<u16> {
        let h: String = h.chars().filter(|c| c.is_ascii_hexdigit()).collect();
        (0..h.len() / 4)
            .filter_map(|i| u16::from_str_radix(&h[4 * i..4 * i + 4], 16).ok())
            .collect()
    };
    let units = |h: &str| String::from_utf16_lossy(&hex(h));
    let mut map = std::collections::HashMap::new();
    let mut section = "";
    for line in text.lines() {
        let l = line.trim();
        if l.ends_with("beginbfchar") || l.ends_with("beginbfrange") {
            section = if l.ends_with("beginbfchar") {
                "char"
            } else {
                "range"
            };
            continue;
        }
        if l.starts_with("endbf") {
            section = "";
            continue;
        }
        let parts: Vec<&str> = l
            .split('>')
            .map(|p| p.trim().trim_start_matches('<'))
            .collect();
        match section {
            "char" if parts.len() >= 2 => {
                if let Some(&code) = hex(parts[0]).first() {
                    map.insert(code, units(parts[1]));
                }
            }
            "range" if parts.len() >= 3 => {
                let (lo, hi) = (hex(parts[0]), hex(parts[1]));
                let dst = hex(parts[2]);
                if let (Some(&lo), Some(&hi), Some(&first)) = (lo.first(), hi.first(), dst.first())
                {
                    for (k, code) in (lo..=hi).enumerate() {
                        let mut d = dst.clone();
                        d[0] = first + k as u16;
                        map.insert(code, String::from_utf16_lossy(&d));
                    }
                }
            }
            _ => {}
        }
    }
    Some(map)
}

/// The strings the content streams show (`Tj`, `TJ`, `'`, `"`), one line per operation,
/// pages in order. A font with a `ToUnicode` CMap (the embedded Type0 subsets) is read
/// through it, two bytes a code; otherwise bytes outside printable ASCII read as `?`.
pub fn pdf_text(doc: &Document) -> String {
    type Table = std::collections::HashMap<u16, String>;
    fn show(o: &Object, cmap: Option<&Table>, out: &mut String) {
        match o {
            Object::String(bytes, _) => match cmap {
                Some(t) => {
                    for pair in bytes.chunks(2) {
                        let code = u16::from_be_bytes([pair[0], *pair.get(1).unwrap_or(&0)]);
                        out.push_str(t.get(&code).map_or("?", String::as_str));
                    }
                }
                None => out.extend(bytes.iter().map(|&b| {
                    if (0x20..0x7f).contains(&b) {
                        b as char
                    } else {
                        '?'
                    }
                })),
            },
            Object::Array(parts) => parts.iter().for_each(|p| show(p, cmap, out)),
            _ => {}
        }
    }
    let mut out = String::new();
    for (_, id) in doc.get_pages() {
        let fonts: std::collections::HashMap<Vec<u8>, Option<Table>> = doc
            .get_page_fonts(id)
            .map(|f| {
                f.into_iter()
                    .map(|(name, dict)| (name, to_unicode(doc, dict)))
                    .collect()
            })
            .unwrap_or_default();
        let mut current: Option<&Table> = None;
        for op in page_ops(doc, id).expect("content read by readback::pdf") {
            if op.operator == "Tf" {
                current = op
                    .operands
                    .first()
                    .and_then(|n| n.as_name().ok())
                    .and_then(|n| fonts.get(n))
                    .and_then(Option::as_ref);
            }
            if matches!(op.operator.as_str(), "Tj" | "TJ" | "'" | "\"")
                && let Some(o) = op.operands.last()
            {
                show(o, current, &mut out);
                out.push('\n');
            }
        }
    }
    out
}

/// Check a PostScript file's DSC 3.0 structure (Adobe, "PostScript Language Document
/// Structuring Conventions Specification" 3.0, 1992): `%!PS-Adobe-3.0` first; header
/// comments up to `%%EndComments`, among them a `%%BoundingBox:` of four integers and
/// `%%Pages:` (a number or `(atend)`); `%%Page: L N` comments numbered 1, 2, … in order;
/// one `%%Trailer` after the last page, giving `%%Pages:` there if the header deferred
/// it; the page count equal to the `%%Page:` comments; `%%EOF` last; no line longer than
/// 255 characters. And the PostScript syntax balanced: every string closed, `{ }`,
/// `[ ]` and `<< >>` matched. Returns the number of pages.
pub fn dsc(p: &Path) -> u64 {
    let data = std::fs::read(p).unwrap_or_else(|e| panic!("read {}: {e}", p.display()));
    let at = |what: String| format!("{} (DSC): {what}", p.display());
    let lines: Vec<&[u8]> = data
        .strip_suffix(b"\n")
        .unwrap_or(&data)
        .split(|&b| b == b'\n')
        .collect();
    if let Some((i, line)) = lines.iter().enumerate().find(|(_, l)| l.len() > 255) {
        panic!(
            "{}",
            at(format!(
                "line {} has {} characters (DSC allows 255)",
                i + 1,
                line.len()
            ))
        );
    }
    let text: Vec<String> = lines
        .iter()
        .map(|l| String::from_utf8_lossy(l).into_owned())
        .collect();
    assert!(
        text[0].starts_with("%!PS-Adobe-3.0"),
        "{}",
        at(format!("first line {:?}", text[0]))
    );
    let end_comments = text
        .iter()
        .position(|l| l == "%%EndComments")
        .unwrap_or_else(|| panic!("{}", at("no %%EndComments".into())));
    let header = &text[..end_comments];
    let bbox = header
        .iter()
        .find_map(|l| l.strip_prefix("%%BoundingBox:"))
        .unwrap_or_else(|| panic!("{}", at("no %%BoundingBox".into())));
    let nums: Vec<i64> = bbox
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(nums.len(), 4, "{}", at(format!("%%BoundingBox:{bbox}")));
    let header_pages = header
        .iter()
        .find_map(|l| l.strip_prefix("%%Pages:"))
        .map(str::trim)
        .unwrap_or_else(|| panic!("{}", at("no %%Pages: in the header".into())));
    let mut pages = 0u64;
    for l in &text {
        if let Some(rest) = l.strip_prefix("%%Page:") {
            pages += 1;
            let ordinal = rest
                .split_whitespace()
                .last()
                .and_then(|w| w.parse::<u64>().ok());
            assert_eq!(ordinal, Some(pages), "{}", at(format!("{l} out of order")));
        }
    }
    assert!(pages > 0, "{}", at("no %%Page: comments".into()));
    let trailers: Vec<usize> = (0..text.len())
        .filter(|&i| text[i] == "%%Trailer")
        .collect();
    assert_eq!(
        trailers.len(),
        1,
        "{}",
        at(format!("{} %%Trailer comments", trailers.len()))
    );
    let trailer = trailers[0];
    let last_page = text.iter().rposition(|l| l.starts_with("%%Page:")).unwrap();
    assert!(
        trailer > last_page,
        "{}",
        at("%%Trailer before the last page".into())
    );
    let declared = if header_pages == "(atend)" {
        text[trailer..]
            .iter()
            .find_map(|l| l.strip_prefix("%%Pages:"))
            .map(str::trim)
            .unwrap_or_else(|| panic!("{}", at("%%Pages: (atend) but none in the trailer".into())))
    } else {
        header_pages
    };
    assert_eq!(
        declared.parse::<u64>().ok(),
        Some(pages),
        "{}",
        at(format!("%%Pages: {declared} but {pages} %%Page: comments"))
    );
    assert_eq!(
        text.last().map(String::as_str),
        Some("%%EOF"),
        "{}",
        at("the last line is not %%EOF".into())
    );
    assert_eq!(
        text.iter().filter(|l| *l == "%%EOF").count(),
        1,
        "{}",
        at("more than one %%EOF".into())
    );
    if let Err(e) = ps_syntax(&data) {
        panic!("{}", at(e));
    }
    pages
}

/// PostScript syntax (PLRM 3rd ed., 3.2): strings `( )` with nesting and `\` escapes,
/// hex strings `< >`, comments to the end of the line, and `{ }`, `[ ]`, `<< >>`
/// matched.
fn ps_syntax(data: &[u8]) -> Result<(), String> {
    let mut stack: Vec<u8> = Vec::new();
    let mut i = 0;
    let line = |i: usize| data[..i].iter().filter(|&&b| b == b'\n').count() + 1;
    while i < data.len() {
        match data[i] {
            b'%' => {
                while i < data.len() && data[i] != b'\n' {
                    i += 1;
                }
            }
            b'(' => {
                let start = i;
                let mut depth = 1;
                i += 1;
                while depth > 0 {
                    match data.get(i) {
                        None => {
                            return Err(format!(
                                "string opened on line {} never closed",
                                line(start)
                            ));
                        }
                        Some(b'\\') => i += 1,
                        Some(b'(') => depth += 1,
                        Some(b')') => depth -= 1,
                        _ => {}
                    }
                    i += 1;
                }
                continue;
            }
            b'<' if data.get(i + 1) == Some(&b'<') => {
                stack.push(b'>');
                i += 1;
            }
            b'<' => {
                let start = i;
                i += 1;
                while data.get(i) != Some(&b'>') {
                    match data.get(i) {
                        Some(b) if b.is_ascii_hexdigit() || b.is_ascii_whitespace() => i += 1,
                        _ => return Err(format!("bad hex string on line {}", line(start))),
                    }
                }
            }
            b'>' if data.get(i + 1) == Some(&b'>') => {
                if stack.pop() != Some(b'>') {
                    return Err(format!(">> unmatched on line {}", line(i)));
                }
                i += 1;
            }
            b'{' => stack.push(b'}'),
            b'[' => stack.push(b']'),
            // A closer pops its opener (the guard's pop is the match).
            c @ (b'}' | b']' | b')' | b'>') if stack.pop() != Some(c) => {
                return Err(format!("{} unmatched on line {}", c as char, line(i)));
            }
            _ => {}
        }
        i += 1;
    }
    match stack.last() {
        Some(&c) => Err(format!("{} missing at the end", c as char)),
        None => Ok(()),
    }
}

/// The checks catch what they are for: each broken variant of a good file fails.
#[cfg(test)]
mod tests {
    use crate::common::{bin, stderr};
    use std::path::Path;

    fn rejects(check: fn(&Path) -> u64, p: &Path, data: &[u8], why: &str) {
        std::fs::write(p, data).unwrap();
        let r = std::panic::catch_unwind(|| check(p));
        assert!(r.is_err(), "accepted: {why}");
    }

    fn render(p: &Path) -> Vec<u8> {
        let o = std::process::Command::new(bin())
            .args(["render", "--board", "4x4", "-q", "-o"])
            .arg(p)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", stderr(&o));
        std::fs::read(p).unwrap()
    }

    #[test]
    fn dsc_check_rejects_broken_postscript() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("t.ps");
        let good = String::from_utf8(render(&p)).unwrap();
        assert_eq!(super::dsc(&p), 1);
        let tail = good.find("%%Trailer").unwrap();
        let bad = [
            (
                good.replacen("%!PS-Adobe-3.0", "%!PS", 1),
                "no DSC 3.0 header",
            ),
            (
                good.replacen("%%Page: 1 1", "%%Page: 1 2", 1),
                "page ordinal",
            ),
            (good.replacen("%%Pages: 1", "%%Pages: 2", 1), "page count"),
            (good[..tail].to_string(), "no trailer"),
            (good.clone() + &good[tail..], "trailer twice"),
            (good.replacen("%%EOF", "", 1), "no %%EOF"),
            (
                good.replacen(
                    "%%EndProlog",
                    &format!("% {}\n%%EndProlog", "x".repeat(254)),
                    1,
                ),
                "line of 256",
            ),
            (
                good.replacen("%%EndProlog", "{\n%%EndProlog", 1),
                "open brace",
            ),
            (
                good.replacen("%%EndProlog", "(a\n%%EndProlog", 1),
                "open string",
            ),
            (
                good.replacen("%%EndProlog", "]\n%%EndProlog", 1),
                "stray bracket",
            ),
        ];
        for (data, why) in bad {
            rejects(super::dsc, &p, data.as_bytes(), why);
        }
    }

    #[test]
    fn pdf_check_rejects_broken_pdf() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("t.pdf");
        let good = render(&p);
        let pages = |p: &Path| super::pdf(p).get_pages().len() as u64;
        assert_eq!(pages(&p), 1);
        let eof = good.windows(9).position(|w| w == b"startxref").unwrap();
        let mut twice = good.clone();
        twice.extend_from_slice(&good[eof..]);
        let mut cut = good.clone();
        cut.truncate(good.len() / 2);
        let mut flipped = good.clone();
        // A byte in the middle of the first compressed stream.
        let s = good.windows(7).position(|w| w == b"stream\n").unwrap() + 20;
        flipped[s] ^= 0xff;
        for (data, why) in [
            (twice, "a second tail"),
            (cut, "cut in half"),
            (flipped, "damaged stream"),
            (good[1..].to_vec(), "no header"),
        ] {
            rejects(pages, &p, &data, why);
        }
    }
}
