//! Text in any script (issue 14), through the binary: Arabic, Greek, Cyrillic and
//! typographic characters read back from the PDF, fonts embedded as subsets, pages that
//! really draw the text (rasterised, compared with a sheet titled in `?`), the one-line
//! usage error for a character no font has, `--font`, and gallery previews with text.

use crate::common::{
    arg, gs, gs_check, pdf_texts, qpdf_check, run, run_threads, stderr, stdout, tool,
};

/// The PDF's text as pdftotext reads it where installed, else as lopdf reads it through
/// the fonts' ToUnicode maps (both readers' checks run in [`pdf_texts`]).
fn pdftotext_check(p: &Path) -> String {
    pdf_texts(p).pop().expect("one reader at least")
}
use crate::render::raster;
use std::path::{Path, PathBuf};

/// Render a 4×4 sheet titled `title` to `dir/name` (format from the extension), plus
/// `extra` flags; panics unless it succeeds.
fn sheet(dir: &Path, name: &str, title: &str, extra: &[&str]) -> PathBuf {
    let p = dir.join(name);
    let mut args = vec![
        "render",
        "--board",
        "4x4",
        "--page",
        "a5",
        "--title",
        title,
        "-o",
        arg(&p),
    ];
    args.extend_from_slice(extra);
    let o = run(&args);
    assert!(o.status.success(), "render {title:?}: {}", stderr(&o));
    p
}

/// The fonts `pdffonts` lists: (name, embedded, subset, has ToUnicode).
fn pdffonts(p: &Path) -> Option<Vec<(String, bool, bool, bool)>> {
    let o = tool("pdffonts", &[arg(p)], "the font list is not checked")?;
    assert!(o.status.success(), "pdffonts: {}", stderr(&o));
    let list = String::from_utf8_lossy(&o.stdout)
        .lines()
        .skip(2)
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            // name type… encoding emb sub uni object ID: the flags are the 6th to 4th
            // fields from the end.
            let n = f.len();
            (
                f[0].to_string(),
                f[n - 5] == "yes",
                f[n - 4] == "yes",
                f[n - 3] == "yes",
            )
        })
        .collect();
    Some(list)
}

/// Pixels that differ between two rasters of the same page size.
/// `None` where the rasteriser is not installed (raster printed the skip line).
fn differing(a: &Path, b: &Path) -> Option<usize> {
    let (a, b) = (raster(a)?, raster(b)?);
    assert_eq!((a.w, a.h), (b.w, b.h), "page sizes");
    Some(a.px.iter().zip(&b.px).filter(|(x, y)| x != y).count())
}

#[test]
fn arabic_title_reads_back_and_is_drawn_in_pdf_and_ps() {
    let d = tempfile::tempdir().unwrap();
    let title = "كوفي مربع";
    let pdf = sheet(d.path(), "ar.pdf", title, &[]);
    qpdf_check(&pdf);
    // pdftotext -raw gives content-stream (visual) order of the words, each word's
    // letters in logical order, wrapped in bidi embedding marks: the words come back.
    let text: String = pdftotext_check(&pdf)
        .chars()
        .filter(|c| !('\u{202a}'..='\u{202e}').contains(c))
        .collect();
    for word in title.split(' ') {
        let reversed: String = word.chars().rev().collect();
        assert!(
            text.contains(word) || text.contains(&reversed),
            "Arabic word {word:?} not read back: {text:?}"
        );
    }
    for (ext, min) in [("pdf", 20), ("ps", 20)] {
        let ar = sheet(d.path(), &format!("t.{ext}"), title, &[]);
        let q = sheet(d.path(), &format!("q.{ext}"), "???? ????", &[]);
        let Some(n) = differing(&ar, &q) else {
            continue;
        };
        assert!(
            n >= min,
            "{ext}: the Arabic title draws like '???? ????' ({n} pixels differ)"
        );
    }
}

/// The text of `pdftotext -raw`, without the bidi embedding marks it puts around
/// right-to-left runs; `None` where pdftotext is not installed.
fn pdftotext_raw(p: &Path) -> Option<String> {
    let o = tool("pdftotext", &["-raw", arg(p), "-"], "text not read back")?;
    assert!(o.status.success(), "pdftotext: {}", stderr(&o));
    Some(
        stdout(&o)
            .chars()
            .filter(|c| !('\u{202a}'..='\u{202e}').contains(c))
            .collect(),
    )
}

/// Issue 24, part 3: PostScript sets its text in the bundled faces, embedded as Type 42
/// subsets (it was drawn as outlines), so the text comes back out: through Ghostscript's
/// pdfwrite (what `ps2pdf` runs), pdftotext reads the Arabic title's words, the Latin
/// part, the footer and every caption.
#[test]
fn postscript_text_reads_back_through_ps2pdf() {
    let d = tempfile::tempdir().unwrap();
    let title = "كوفي مربع 6×6";
    let ps = sheet(d.path(), "t.ps", title, &["--style", "kufic"]);
    gs_check(&ps);
    let pdf = d.path().join("t.pdf");
    let out = format!("-sOutputFile={}", arg(&pdf));
    let Some(o) = gs(
        &["-sDEVICE=pdfwrite", &out, arg(&ps)],
        "PostScript text not read back",
    ) else {
        return;
    };
    assert!(o.status.success(), "gs pdfwrite: {}", stderr(&o));
    let Some(got) = pdftotext_raw(&pdf) else {
        return;
    };
    for word in ["كوفي", "مربع"] {
        let reversed: String = word.chars().rev().collect();
        assert!(
            got.contains(word) || got.contains(&reversed),
            "Arabic word {word:?} not read back: {got:?}"
        );
    }
    assert!(got.contains("6×6"), "{got:?}");
    assert!(got.contains("closed rook tours of 4"), "footer: {got:?}");
    // The six closed rook tours of 4×4, captioned 0 to 5.
    let words: Vec<&str> = got.split_whitespace().collect();
    for id in 0..6 {
        assert!(
            words.contains(&id.to_string().as_str()),
            "caption {id} not read back: {got:?}"
        );
    }
    let text = std::fs::read_to_string(&ps).unwrap();
    assert!(
        text.contains("\n%%BeginResource: font ") && text.contains("/FontType 42 "),
        "no Type 42 font in the PostScript"
    );
}

/// Issue 24, part 3: text costs a PostScript sheet little, now that it is shown in
/// embedded fonts: 20,000 8×8 glyphs with their captions and footer are at most 1.1
/// times the same sheet without any text (it was 3.2 times, with outlines).
#[test]
fn postscript_text_costs_at_most_a_tenth_more_than_none() {
    let d = tempfile::tempdir().unwrap();
    // The line style without captions and footer.
    let o = run(&["styles", "line"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let style: String = stdout(&o)
        .lines()
        .map(|l| match l.split(" = ").next() {
            Some("name") => "name = \"bare\"".to_string(),
            Some("caption_size" | "footer_size") => {
                format!("{} = 0", l.split(" = ").next().unwrap())
            }
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    let style_file = d.path().join("bare.toml");
    std::fs::write(&style_file, style).unwrap();
    let size = |name: &str, extra: &[&str]| {
        let p = d.path().join(name);
        let mut args = vec![
            "render",
            "--board",
            "8x8",
            "--range",
            "0..20000",
            "-o",
            arg(&p),
        ];
        args.extend_from_slice(extra);
        let o = run(&args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        std::fs::metadata(&p).unwrap().len()
    };
    let with = size("text.ps", &[]);
    let without = size("bare.ps", &["--no-captions", "--style", arg(&style_file)]);
    assert!(
        with as f64 <= 1.1 * without as f64,
        "with text {with} bytes, without {without}: {:.3} times",
        with as f64 / without as f64
    );
}

/// A page as Ghostscript draws it (PDF or PostScript alike), grey, at `dpi`; `None`
/// where gs is not installed.
fn gs_gray(p: &Path, dpi: u32) -> Option<crate::render::Gray> {
    let out = p.with_extension("pgm");
    let o = gs(
        &[
            "-sDEVICE=pgmraw",
            &format!("-r{dpi}"),
            "-dFirstPage=1",
            "-dLastPage=1",
            "-dTextAlphaBits=1",
            "-dGraphicsAlphaBits=1",
            &format!("-sOutputFile={}", arg(&out)),
            arg(p),
        ],
        "page not rasterised, PostScript and PDF not compared",
    )?;
    assert!(o.status.success(), "gs {}: {}", p.display(), stderr(&o));
    Some(crate::render::pgm(&std::fs::read(out).unwrap()))
}

/// Issue 24, part 3: Ghostscript draws a PostScript sheet as it draws the same sheet in
/// PDF: glyphs, captions and a title in two scripts, pixel for pixel but for a few at the
/// edges of shapes (the two files round coordinates differently).
#[test]
fn postscript_and_pdf_sheets_render_alike() {
    let d = tempfile::tempdir().unwrap();
    let title = "كوفي مربع — Kufic 6×6";
    let (ps, pdf) = (
        sheet(d.path(), "s.ps", title, &["--style", "kufic"]),
        sheet(d.path(), "s.pdf", title, &["--style", "kufic"]),
    );
    let (Some(a), Some(b)) = (gs_gray(&ps, 150), gs_gray(&pdf, 150)) else {
        return;
    };
    assert_eq!((a.w, a.h), (b.w, b.h), "page sizes");
    // Text is drawn in both: the title band (the top 40 mm of the A5 page) has ink.
    let title_band = |g: &crate::render::Gray| g.darkest_in(20.0, 0.0, 128.0, 40.0);
    assert!(
        title_band(&a) < 100 && title_band(&b) < 100,
        "no title drawn"
    );
    let differ =
        a.px.iter()
            .zip(&b.px)
            .filter(|(x, y)| x.abs_diff(**y) > 64)
            .count();
    let ink = b.px.iter().filter(|&&v| v < 128).count();
    assert!(
        differ * 200 <= ink,
        "{differ} of {} pixels differ between the PostScript and the PDF ({ink} inked)",
        a.px.len()
    );
}

#[test]
fn latin_greek_cyrillic_and_symbols_read_back_exactly_from_embedded_subsets() {
    let d = tempfile::tempdir().unwrap();
    let title = "é — × € ½ Ελληνικά Кириллица 6×6";
    let pdf = sheet(d.path(), "t.pdf", title, &[]);
    qpdf_check(&pdf);
    let text = pdftotext_check(&pdf);
    assert!(text.contains(title), "{title:?} not in {text:?}");
    assert!(!text.contains('?'), "{text:?}");
    let Some(fonts) = pdffonts(&pdf) else {
        return;
    };
    assert!(!fonts.is_empty());
    for (name, emb, sub, uni) in &fonts {
        let tag = name.split('+').next().unwrap_or("");
        assert!(
            *emb && *sub && *uni && tag.len() == 6 && tag.chars().all(|c| c.is_ascii_uppercase()),
            "font {name} emb {emb} sub {sub} uni {uni}: every font must be an embedded subset with ToUnicode"
        );
    }
    // The Arabic title uses both bundled faces, each embedded.
    let pdf = sheet(d.path(), "mixed.pdf", "كوفي — Kufic", &[]);
    let Some(fonts) = pdffonts(&pdf) else {
        return;
    };
    assert!(
        fonts
            .iter()
            .any(|f| f.0.ends_with("+NotoKufiArabic-Regular")),
        "{fonts:?}"
    );
    assert!(
        fonts.iter().any(|f| f.0.ends_with("+NotoSans-Regular")),
        "{fonts:?}"
    );
}

#[test]
fn uncovered_and_control_characters_are_one_line_usage_errors_in_every_format() {
    let d = tempfile::tempdir().unwrap();
    for ext in ["pdf", "ps", "svg"] {
        for (title, code) in [
            ("tours 漢字", "U+6F22"),
            ("bell\u{7}", "U+0007"),
            ("c1\u{9b}", "U+009B"),
        ] {
            let p = d.path().join(format!("x.{ext}"));
            let o = run(&["render", "--board", "4x4", "--title", title, "-o", arg(&p)]);
            let e = stderr(&o);
            assert_eq!(o.status.code(), Some(2), "{ext} {title:?}: {e}");
            assert!(
                e.starts_with("tourglyph: ") && e.trim_end().lines().count() == 1,
                "{e}"
            );
            assert!(e.contains(code), "{ext}: {e}");
            if code != "U+6F22" {
                assert!(e.contains("control character"), "{e}");
            } else {
                assert!(e.contains("--font"), "{e}");
            }
            assert!(!p.exists(), "{ext}: no file is written");
        }
    }
}

#[test]
fn same_bytes_whatever_the_thread_count() {
    let d = tempfile::tempdir().unwrap();
    let mut outs = vec![];
    for threads in [1, 2] {
        let p = d.path().join(format!("t{threads}.pdf"));
        let o = run_threads(
            &[
                "render",
                "--board",
                "6x6",
                "--classes",
                "--title",
                "كوفي مربع — 6×6",
                "-o",
                arg(&p),
            ],
            threads,
        );
        assert!(o.status.success(), "{}", stderr(&o));
        outs.push(std::fs::read(&p).unwrap());
    }
    assert!(
        outs[0] == outs[1],
        "PDF bytes differ between 1 and 2 threads"
    );
}

#[test]
fn font_flag_adds_a_first_choice_and_bad_fonts_are_usage_errors() {
    let d = tempfile::tempdir().unwrap();
    // A font file of the system's (DejaVu), else the bundled Noto Kufi itself: either way
    // it becomes the first face, embedded under its own name.
    let dejavu = Path::new("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf");
    let font = if dejavu.exists() {
        dejavu.to_path_buf()
    } else {
        crate::common::repo_root().join("crates/draw/fonts/NotoKufiArabic-Regular.ttf")
    };
    let pdf = sheet(d.path(), "f.pdf", "Font test", &["--font", arg(&font)]);
    let Some(fonts) = pdffonts(&pdf) else {
        return;
    };
    let want = if dejavu.exists() {
        "+DejaVuSans"
    } else {
        "+NotoKufiArabic-Regular"
    };
    assert!(fonts.iter().any(|f| f.0.ends_with(want)), "{fonts:?}");
    assert!(pdftotext_check(&pdf).contains("Font test"));
    // Not a font: exit 2, naming the flag.
    let bad = d.path().join("bad.ttf");
    std::fs::write(&bad, b"not a font").unwrap();
    let p = d.path().join("x.pdf");
    let o = run(&[
        "render",
        "--board",
        "4x4",
        "--font",
        arg(&bad),
        "-o",
        arg(&p),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--font"), "{}", stderr(&o));
    let o = run(&[
        "render",
        "--board",
        "4x4",
        "--font",
        "/no/such.ttf",
        "-o",
        arg(&p),
    ]);
    // A font file that is not there is the file system's fault, as any missing file
    // (exit 1, issue 24's exit-status rule); one that is no font is the request's (2).
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
}

#[test]
fn svg_names_the_bundled_fonts_and_text_as_paths_draws_outlines() {
    let d = tempfile::tempdir().unwrap();
    let svg = sheet(d.path(), "t.svg", "كوفي مربع", &[]);
    let s = std::fs::read_to_string(&svg).unwrap();
    assert!(
        s.contains("كوفي مربع") && s.contains("Noto Kufi Arabic"),
        "{s}"
    );
    let paths = sheet(d.path(), "p.svg", "كوفي مربع", &["--text-as-paths"]);
    let s = std::fs::read_to_string(&paths).unwrap();
    assert!(!s.contains("<text"), "--text-as-paths left <text> in");
    // The outlines draw the title: page 1 differs from the same sheet titled in `?`.
    let q = sheet(d.path(), "q.svg", "???? ????", &["--text-as-paths"]);
    if let Some(n) = differing(&paths, &q) {
        assert!(n > 20, "{n} pixels differ");
    }
}

#[test]
fn gallery_previews_show_the_title() {
    let d = tempfile::tempdir().unwrap();
    let g = d.path().join("g");
    std::fs::create_dir(&g).unwrap();
    for (name, title) in [("a", "كوفي مربع"), ("b", "Square Kufic")] {
        std::fs::write(
            g.join(format!("{name}.toml")),
            format!("title = \"{title}\"\nboard = \"4x4\"\npage = \"a6\"\nformats = [\"pdf\"]\n")
                .replace("a6", "a5"),
        )
        .unwrap();
    }
    let out = d.path().join("out");
    let o = run(&["gallery", arg(&g), "--out", arg(&out)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let a = std::fs::read(out.join("a.png")).unwrap();
    let b = std::fs::read(out.join("b.png")).unwrap();
    assert!(
        a != b,
        "previews with different titles are the same picture"
    );
}

/// Rasterise an SVG with resvg, the bundled fonts loaded; grey pixels.
fn svg_with_fonts(data: &[u8]) -> (u32, u32, Vec<u8>) {
    use resvg::{tiny_skia, usvg};
    let mut db = usvg::fontdb::Database::new();
    tourglyph::draw::text::Fonts::bundled().load_into(&mut db);
    let opts = usvg::Options {
        fontdb: std::sync::Arc::new(db),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_data(data, &opts).expect("SVG parses");
    let k = 2.0;
    let (w, h) = (
        (tree.size().width() * k).ceil() as u32,
        (tree.size().height() * k).ceil() as u32,
    );
    let mut pm = tiny_skia::Pixmap::new(w, h).unwrap();
    pm.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(k, k),
        &mut pm.as_mut(),
    );
    if let Ok(dir) = std::env::var("TEXT_TEST_PNG") {
        let _ = pm.save_png(Path::new(&dir).join(format!("svg-{w}x{h}-{}.png", data.len())));
    }
    (
        w,
        h,
        pm.pixels().iter().map(|p| p.demultiply().red()).collect(),
    )
}

/// A mixed Latin/Arabic title as SVG `<text>` (a `tspan` per font run) renders in usvg
/// as the outlines do: no boxes for the Arabic letters (usvg's own fallback gave up on
/// them when the whole title named Noto Sans first). The title starts with a Latin
/// letter: usvg ignores `direction="rtl"`, which an Arabic first letter would set.
#[test]
fn svg_text_of_mixed_scripts_renders_like_its_outlines() {
    let d = tempfile::tempdir().unwrap();
    let title = "Square Kufic — كوفي مربع";
    let text = std::fs::read(sheet(d.path(), "t.svg", title, &[])).unwrap();
    let paths = std::fs::read(sheet(d.path(), "p.svg", title, &["--text-as-paths"])).unwrap();
    let (w, h, a) = svg_with_fonts(&text);
    let (_, _, b) = svg_with_fonts(&paths);
    // The title band: the top 12 % of the page.
    let band = (w * h * 12 / 100) as usize;
    let differ = |x: &[u8], y: &[u8]| {
        x[..band]
            .iter()
            .zip(&y[..band])
            .filter(|(p, q)| (i32::from(**p) - i32::from(**q)).abs() > 96)
            .count()
    };
    let ink = a[..band].iter().filter(|&&p| p < 128).count();
    let off = differ(&a, &b);
    assert!(ink > 200, "no title drawn ({ink} dark pixels)");
    assert!(
        off * 10 < ink,
        "SVG text and its outlines differ in {off} of {ink} pixels"
    );
}

/// The font specimen sets its title and captions in the bundled faces, embedded like
/// every other text (it used the unembedded standard Helvetica, which turned a family
/// named in Arabic into `???? ?????`): the Arabic family reads back word by word ahead
/// of the rest of the title, each caption reads back as its tour ID and codepoint, and
/// every font is embedded. A family in a script none of the faces has shows `?` for
/// those characters and keeps the others, rather than failing the font.
#[test]
fn font_specimen_sets_its_text_in_embedded_faces() {
    let d = tempfile::tempdir().unwrap();
    let family = "كوفي جولات";
    let font = d.path().join("k.ttf");
    let o = run(&[
        "font",
        "--board",
        "4x4",
        "--family",
        family,
        "-o",
        arg(&font),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let pdf = d.path().join("k.pdf");
    qpdf_check(&pdf);
    // Every reader must give the text back (lopdf's reading, and poppler's where it is
    // installed). They break lines differently (lopdf ends a line at each shown string,
    // pdftotext joins a title's runs), so what is compared is what both agree on: the
    // characters, with white space and bidi controls left out.
    for text in pdf_texts(&pdf) {
        let text = squeezed(&text);
        let rest = text
            .find(":the6closedrooktoursof4×4")
            .unwrap_or_else(|| panic!("the title's rest not read back: {text:?}"));
        for word in family.split(' ') {
            let reversed: String = word.chars().rev().collect();
            let at = text.find(word).or_else(|| text.find(&reversed));
            assert!(
                at.is_some_and(|at| at < rest),
                "Arabic word {word:?} not read back before the rest of the title: {text:?}"
            );
        }
        for k in 0..6 {
            let caption = format!("{k}U+E00{k}");
            assert!(text.contains(&caption), "{caption:?} not in {text:?}");
        }
    }
    if let Some(fonts) = pdffonts(&pdf) {
        assert!(fonts.len() >= 3, "{fonts:?}");
        assert!(
            fonts.iter().all(|f| f.1)
                && fonts
                    .iter()
                    .any(|f| f.0.ends_with("+NotoKufiArabic-Regular")),
            "every font embedded, the Arabic face among them: {fonts:?}"
        );
    }
    let font = d.path().join("c.ttf");
    let o = run(&[
        "font",
        "--board",
        "4x4",
        "--family",
        "漢字 Ω",
        "-o",
        arg(&font),
    ]);
    // A character no face has: refused before anything is written, never drawn as `?`.
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("'漢' (U+6F22)"), "{}", stderr(&o));
    assert!(!d.path().join("c.pdf").exists() && !font.exists());
}

/// A PDF reader's text without white space and bidi controls: what every reader agrees on,
/// whatever its line breaking.
fn squeezed(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && !('\u{202a}'..='\u{202e}').contains(c))
        .collect()
}
