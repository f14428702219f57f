//! Issue 56, item 9: font collections (`.ttc`, as Debian's CJK fonts ship) wherever a
//! font file is taken: `FILE.ttc` sets text in its first face, `FILE.ttc#N` in face N, and
//! when the face taken lacks a character another face of the collection has, the refusal
//! names that face. The collections are built here from fonts at hand (the bundled Noto
//! Sans, a font of tours `tourglyph font` writes), and Debian's Noto Sans CJK is read
//! when it is installed.

use crate::common::{arg, qpdf_check, run, skip, stderr};
use std::path::{Path, PathBuf};

fn be16(d: &[u8], o: usize) -> usize {
    usize::from(u16::from_be_bytes([d[o], d[o + 1]]))
}

fn be32(d: &[u8], o: usize) -> usize {
    u32::from_be_bytes(d[o..o + 4].try_into().unwrap()) as usize
}

/// A TrueType collection (`ttcf` version 1.0) of the faces whose table directories start
/// at `(file, offset)`: every face's tables copied after the header and the directories,
/// each directory's offsets rewritten to where its tables now lie.
fn collection(faces: &[(&[u8], usize)]) -> Vec<u8> {
    let header = 12 + 4 * faces.len();
    let dir_len = |(d, o): &(&[u8], usize)| 12 + 16 * be16(d, o + 4);
    let mut out = b"ttcf".to_vec();
    out.extend(0x0001_0000u32.to_be_bytes());
    out.extend((faces.len() as u32).to_be_bytes());
    let mut at = header;
    for f in faces {
        out.extend((at as u32).to_be_bytes());
        at += dir_len(f);
    }
    // Directories and the header are whole 32-bit words: the tables start aligned.
    let tables_at = at;
    let mut body = Vec::new();
    for f in faces {
        let (d, o) = *f;
        let mut dir = d[o..o + dir_len(f)].to_vec();
        for i in 0..be16(d, o + 4) {
            let r = 12 + 16 * i;
            let (off, len) = (be32(d, o + r + 8), be32(d, o + r + 12));
            let now = (tables_at + body.len()) as u32;
            dir[r + 8..r + 12].copy_from_slice(&now.to_be_bytes());
            body.extend_from_slice(&d[off..off + len]);
            while body.len() % 4 != 0 {
                body.push(0);
            }
        }
        out.extend(dir);
    }
    out.extend(body);
    out
}

fn noto_sans() -> Vec<u8> {
    std::fs::read(crate::common::repo_root().join("crates/draw/fonts/NotoSans-Regular.ttf"))
        .unwrap()
}

/// `dir/sans-tours.ttc`: face 0 Noto Sans, face 1 a font of 4×4 rook tours (family
/// Tourglyph), which alone maps U+E000.
fn sans_and_tours(dir: &Path) -> PathBuf {
    let tours = dir.join("tours.ttf");
    let o = run(&["font", "--board", "4x4", "-o", arg(&tours)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let (sans, tours) = (noto_sans(), std::fs::read(&tours).unwrap());
    let ttc = dir.join("sans-tours.ttc");
    std::fs::write(&ttc, collection(&[(&sans, 0), (&tours, 0)])).unwrap();
    ttc
}

fn ok(args: &[&str]) {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
}

#[test]
fn a_collection_is_read_wherever_a_font_is_taken() {
    let d = tempfile::tempdir().unwrap();
    let ttc = sans_and_tours(d.path());
    let face1 = format!("{}#1", arg(&ttc));
    for font in [arg(&ttc), face1.as_str()] {
        for ext in ["pdf", "ps", "svg", "png"] {
            let out = d.path().join(format!("s.{ext}"));
            ok(&[
                "render",
                "--board",
                "4x4",
                "--title",
                "Tours",
                "--font",
                font,
                "-o",
                arg(&out),
            ]);
        }
        qpdf_check(&d.path().join("s.pdf"));
        ok(&[
            "font",
            "--board",
            "4x4",
            "--font",
            font,
            "-o",
            arg(&d.path().join("f.ttf")),
        ]);
        ok(&[
            "shape",
            "count",
            "--shape-text",
            "T",
            "--font",
            font,
            "--cell-height",
            "12",
        ]);
        ok(&[
            "render",
            "--shape-text",
            "T",
            "--shape-font",
            font,
            "--cell-height",
            "12",
            "-o",
            arg(&d.path().join("t.pdf")),
        ]);
    }
    // The face taken is the one named: its family first in the SVG's text.
    let svg = d.path().join("t.svg");
    ok(&[
        "render",
        "--board",
        "4x4",
        "--title",
        "Tours \u{E000}",
        "--font",
        &face1,
        "-o",
        arg(&svg),
    ]);
    let s = std::fs::read_to_string(&svg).unwrap();
    assert!(s.contains("font-family=\"Tourglyph, Noto Sans"), "{s}");
    // A face the collection does not have.
    let bad = format!("{}#2", arg(&ttc));
    let o = run(&["render", "--board", "4x4", "--font", &bad, "-o", arg(&svg)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(
        e.contains("2 faces") && e.contains("#0 Noto Sans") && e.contains("#1 Tourglyph"),
        "{e}"
    );
}

#[test]
fn a_character_the_face_lacks_names_the_faces_of_the_collection_that_have_it() {
    let d = tempfile::tempdir().unwrap();
    let ttc = sans_and_tours(d.path());
    let out = d.path().join("s.pdf");
    let o = run(&[
        "render",
        "--board",
        "4x4",
        "--title",
        "Tours \u{E000}",
        "--font",
        arg(&ttc),
        "-o",
        arg(&out),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    let want = format!("--font {}#1", ttc.display());
    assert!(
        e.contains("(U+E000)") && e.contains(&want) && e.contains("Tourglyph"),
        "{e}"
    );
    ok(&[
        "render",
        "--board",
        "4x4",
        "--title",
        "Tours \u{E000}",
        "--font",
        &format!("{}#1", arg(&ttc)),
        "-o",
        arg(&out),
    ]);
}

#[test]
fn debian_noto_sans_cjk_sets_a_cjk_title() {
    let cjk = Path::new("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc");
    if !cjk.exists() {
        skip(
            "fonts-noto-cjk",
            "not installed",
            "a CJK collection is not read",
        );
        return;
    }
    let d = tempfile::tempdir().unwrap();
    for ext in ["pdf", "png"] {
        let out = d.path().join(format!("s.{ext}"));
        ok(&[
            "render",
            "--board",
            "4x4",
            "--title",
            "漢字の旅",
            "--font",
            arg(cjk),
            "-o",
            arg(&out),
        ]);
    }
    qpdf_check(&d.path().join("s.pdf"));
    let text = crate::readback::pdf_text(&crate::readback::pdf(&d.path().join("s.pdf")));
    assert!(text.contains("漢字の旅"), "{text:?}");
}
