//! Issue 56, item 2: a PNG shows the text the PDF shows. A sheet's title, captions and
//! footer, a numbered diagram's move numbers and the last frame of a GIF or APNG walk are
//! drawn in the raster formats as in PDF (same fonts, same shaping, Arabic joined and
//! right to left). The PDF is the reference: poppler's `pdftoppm` rasterises it at the
//! PNG's resolution and the bands of inked rows (title, glyph rows, captions, footer)
//! and their ink across the page are compared.

use crate::common::{arg, run, stderr, tmp, tool};
use std::path::{Path, PathBuf};

/// A PNG's first image (any colour type, any depth) as RGBA over white: (pixels, width,
/// height).
fn over_white(p: &Path) -> (Vec<[u8; 3]>, usize, usize) {
    let mut dec = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(p).unwrap()));
    dec.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut r = dec.read_info().unwrap();
    let mut buf = vec![0; r.output_buffer_size().unwrap()];
    let info = r.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    let (w, h) = (info.width as usize, info.height as usize);
    (composed(&buf, info.color_type, w * h), w, h)
}

/// Pixels of `color` type in `buf` composed over white.
fn composed(buf: &[u8], color: png::ColorType, n: usize) -> Vec<[u8; 3]> {
    let over =
        |c: u8, a: u8| ((u32::from(c) * u32::from(a) + 255 * (255 - u32::from(a))) / 255) as u8;
    let k = buf.len() / n;
    buf.chunks_exact(k)
        .map(|p| match (color, k) {
            (png::ColorType::Grayscale, 1) => [p[0]; 3],
            (png::ColorType::GrayscaleAlpha, 2) => [over(p[0], p[1]); 3],
            (png::ColorType::Rgb, 3) => [p[0], p[1], p[2]],
            (png::ColorType::Rgba, 4) => [over(p[0], p[3]), over(p[1], p[3]), over(p[2], p[3])],
            other => panic!("unexpected PNG pixels {other:?}"),
        })
        .collect()
}

/// True for a pixel darker than `level` (its mean of red, green and blue).
fn dark(px: &[u8; 3], level: u32) -> bool {
    (u32::from(px[0]) + u32::from(px[1]) + u32::from(px[2])) / 3 < level
}

/// A band of inked rows: first row, last row, and ink (dark pixels) in each column.
#[derive(Debug)]
struct Band {
    top: usize,
    bottom: usize,
    columns: Vec<u32>,
}

impl Band {
    fn ink(&self) -> u32 {
        self.columns.iter().sum()
    }

    /// The first and last column with ink.
    fn extent(&self) -> (usize, usize) {
        let first = self.columns.iter().position(|&c| c > 0).unwrap_or(0);
        let last = self.columns.iter().rposition(|&c| c > 0).unwrap_or(0);
        (first, last)
    }

    /// The share of the ink in each eighth of the columns `from.0..=from.1`.
    fn shares(&self, from: (usize, usize)) -> [f64; 8] {
        let mut out = [0.0; 8];
        let width = (from.1 + 1 - from.0) as f64;
        let total = f64::from(self.ink().max(1));
        for (x, &c) in self.columns.iter().enumerate() {
            if (from.0..=from.1).contains(&x) {
                let bin = (((x - from.0) as f64 / width * 8.0) as usize).min(7);
                out[bin] += f64::from(c) / total;
            }
        }
        out
    }
}

/// The bands of rows with ink, rows less than 3 px apart joined into one.
fn bands(px: &[[u8; 3]], w: usize, h: usize) -> Vec<Band> {
    let mut out: Vec<Band> = Vec::new();
    for y in 0..h {
        let row = &px[y * w..(y + 1) * w];
        if !row.iter().any(|p| dark(p, 128)) {
            continue;
        }
        if out.last().is_none_or(|b| y > b.bottom + 3) {
            out.push(Band {
                top: y,
                bottom: y,
                columns: vec![0; w],
            });
        }
        let b = out.last_mut().unwrap();
        b.bottom = y;
        for (x, p) in row.iter().enumerate() {
            b.columns[x] += u32::from(dark(p, 128));
        }
    }
    out
}

/// Rasterise page 1 of `pdf` with pdftoppm at `dpi`; `None` (skipped) without poppler.
fn pdf_page(pdf: &Path, dpi: u32) -> Option<PathBuf> {
    // Not the PNG's own name: `NAME-pdf.png`.
    let stem = pdf.file_stem().unwrap().to_string_lossy();
    let root = pdf.with_file_name(format!("{stem}-pdf"));
    let dpi = dpi.to_string();
    let o = tool(
        "pdftoppm",
        &[
            "-r",
            &dpi,
            "-png",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            arg(pdf),
            arg(&root),
        ],
        "the PNG's text is not compared with the PDF's",
    )?;
    assert!(
        o.status.success(),
        "pdftoppm: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    Some(root.with_extension("png"))
}

/// The PNG at `png` shows what the PDF at `pdf` (rasterised at `dpi`) shows: the same
/// bands of inked rows, each in the same rows and columns (within 2 px), with about the
/// same ink (within 15% and 8 px: anti-aliasing differs), spread alike along the band.
fn same_bands(png: &Path, pdf: &Path, dpi: u32) {
    let Some(reference) = pdf_page(pdf, dpi) else {
        return;
    };
    let (a, aw, ah) = over_white(png);
    let (b, bw, bh) = over_white(&reference);
    // poppler rounds the page's pixels its own way: a row or column more or less.
    assert!(
        aw.abs_diff(bw) <= 1 && ah.abs_diff(bh) <= 1,
        "the PNG ({aw} x {ah}) and the PDF at {dpi} dpi ({bw} x {bh}) differ in size"
    );
    assert!(png != reference, "the PDF's raster would replace the PNG");
    let (got, want) = (bands(&a, aw, ah), bands(&b, bw, bh));
    let rows = |v: &[Band]| {
        v.iter()
            .map(|b| (b.top, b.bottom, b.ink()))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        got.len(),
        want.len(),
        "{}: bands of ink (top, bottom, ink) {:?}, the PDF's {:?}",
        png.display(),
        rows(&got),
        rows(&want)
    );
    for (g, r) in got.iter().zip(&want) {
        let (gi, ri) = (f64::from(g.ink()), f64::from(r.ink()));
        let (gx, rx) = (g.extent(), r.extent());
        let rows_near = g.top.abs_diff(r.top) <= 2 && g.bottom.abs_diff(r.bottom) <= 2;
        let columns_near = gx.0.abs_diff(rx.0) <= 2 && gx.1.abs_diff(rx.1) <= 2;
        let ink_near = (gi - ri).abs() <= 0.15 * ri + 8.0;
        // Where the ink lies along a band of some size (a title, a footer, a row of
        // glyphs): its share in each eighth of the PDF's extent; a line set in the
        // wrong order (an Arabic title left to right) moves ink between eighths.
        let (gs, rs) = (g.shares(rx), r.shares(rx));
        let spread = gs
            .iter()
            .zip(&rs)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        assert!(
            rows_near && columns_near && ink_near && (ri < 200.0 || spread <= 0.05),
            "{}: the band at rows {}..{}, columns {}..{} ({gi} px of ink) is not the PDF's at \
             rows {}..{}, columns {}..{} ({ri} px), its eighths {spread:.3} apart; all \
             bands {:?}, the PDF's {:?}",
            png.display(),
            g.top,
            g.bottom,
            gx.0,
            gx.1,
            r.top,
            r.bottom,
            rx.0,
            rx.1,
            rows(&got),
            rows(&want)
        );
    }
}

fn ok(args: &[&str]) {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
}

#[test]
fn a_sheet_png_has_the_pdf_title_captions_and_footer() {
    let d = tmp();
    for (name, title) in [("latin", "Four by four"), ("arabic", "كوفي")] {
        let png = d.path().join(format!("{name}.png"));
        let pdf = d.path().join(format!("{name}.pdf"));
        for out in [&png, &pdf] {
            ok(&[
                "render",
                "--board",
                "4x4",
                "--title",
                title,
                "--dpi",
                "100",
                "-o",
                arg(out),
            ]);
        }
        // Without poppler the text is still there: ink above the first glyph row.
        let (px, w, h) = over_white(&png);
        let b = bands(&px, w, h);
        assert!(
            b.len() >= 5,
            "{name}: the sheet's PNG has {} bands of ink (title, 3 glyph rows with their captions, footer): {:?}",
            b.len(),
            b.iter()
                .map(|b| (b.top, b.bottom, b.ink()))
                .collect::<Vec<_>>()
        );
        same_bands(&png, &pdf, 100);
    }
}

/// For each of the 8×8 cells inside the frame (the glyph's outermost ink), whether its
/// middle holds black ink: a move number (the line through the cells is grey).
fn numbered_cells(px: &[[u8; 3]], w: usize, h: usize) -> Vec<bool> {
    let black = |x: usize, y: usize| dark(&px[y * w + x], 100);
    let inked = |x: usize, y: usize| dark(&px[y * w + x], 220);
    let xs: Vec<usize> = (0..w).filter(|&x| (0..h).any(|y| inked(x, y))).collect();
    let ys: Vec<usize> = (0..h).filter(|&y| (0..w).any(|x| inked(x, y))).collect();
    assert!(!xs.is_empty(), "no ink at all");
    let (x0, x1) = (xs[0] as f64, *xs.last().unwrap() as f64);
    let (y0, y1) = (ys[0] as f64, *ys.last().unwrap() as f64);
    let (cw, ch) = ((x1 - x0) / 8.0, (y1 - y0) / 8.0);
    let mut out = Vec::new();
    for r in 0..8 {
        for c in 0..8 {
            let (cx, cy) = (x0 + (c as f64 + 0.5) * cw, y0 + (r as f64 + 0.5) * ch);
            let (lo_x, hi_x) = ((cx - 0.3 * cw) as usize, (cx + 0.3 * cw) as usize);
            let (lo_y, hi_y) = ((cy - 0.3 * ch) as usize, (cy + 0.3 * ch) as usize);
            out.push((lo_y..hi_y).any(|y| (lo_x..hi_x).any(|x| black(x, y))));
        }
    }
    out
}

fn assert_numbered(what: &str, px: &[[u8; 3]], w: usize, h: usize) {
    let cells = numbered_cells(px, w, h);
    let bare: Vec<usize> = (0..64).filter(|&i| !cells[i]).collect();
    assert!(
        bare.is_empty(),
        "{what}: {} of 64 cells have no move number (cells {bare:?}, row-major from the top)",
        bare.len()
    );
}

/// The closed 8×8 knight's tour `find` gives, as cells.
fn knight_tour() -> String {
    let o = run(&["find", "--piece", "knight", "--board", "8x8", "--closed"]);
    assert!(o.status.success(), "{}", stderr(&o));
    String::from_utf8(o.stdout).unwrap().trim().to_string()
}

#[test]
fn a_numbered_diagram_png_has_a_number_in_every_cell() {
    let d = tmp();
    let png = d.path().join("d.png");
    let pdf = d.path().join("d.pdf");
    for out in [&png, &pdf] {
        ok(&[
            "find",
            "--piece",
            "knight",
            "--board",
            "8x8",
            "--closed",
            "--style",
            "diagram",
            "--dpi",
            "150",
            "-o",
            arg(out),
        ]);
    }
    let (px, w, h) = over_white(&png);
    assert_numbered("find --style diagram -o d.png", &px, w, h);
    let tour = knight_tour();
    let g = d.path().join("g.png");
    ok(&[
        "glyph",
        "--piece",
        "knight",
        "--board",
        "8x8",
        "--tour",
        &tour,
        "--style",
        "diagram",
        "--dpi",
        "150",
        "-o",
        arg(&g),
    ]);
    let (px, w, h) = over_white(&g);
    assert_numbered("glyph --style diagram -o g.png", &px, w, h);
    same_bands(&png, &pdf, 150);
}

#[test]
fn the_last_frame_of_a_gif_and_an_apng_walk_carries_the_numbers() {
    let d = tmp();
    let tour = knight_tour();
    let gif = d.path().join("w.gif");
    let apng = d.path().join("w.png");
    for (extra, out) in [(vec![], &gif), (vec!["--animate"], &apng)] {
        let mut a = vec![
            "glyph", "--piece", "knight", "--board", "8x8", "--tour", &tour, "--style", "diagram",
            "--dpi", "150", "--frames", "3",
        ];
        a.extend(extra);
        a.extend(["-o", arg(out)]);
        ok(&a);
    }
    let (frames, w, h, _) = crate::motion::gif_frames(&gif);
    let last: Vec<[u8; 3]> = frames
        .last()
        .unwrap()
        .0
        .chunks_exact(4)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    assert_numbered("the GIF's last frame", &last, w, h);

    let dec = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&apng).unwrap()));
    let mut r = dec.read_info().unwrap();
    let n = r
        .info()
        .animation_control
        .expect("an acTL chunk")
        .num_frames;
    let mut buf = vec![0; r.output_buffer_size().unwrap()];
    let mut last = Vec::new();
    let (mut w, mut h) = (0, 0);
    for _ in 0..n {
        let info = r.next_frame(&mut buf).unwrap();
        (w, h) = (info.width as usize, info.height as usize);
        last = composed(&buf[..info.buffer_size()], info.color_type, w * h);
    }
    assert_numbered("the APNG's last frame", &last, w, h);
}
