//! Issue 27, interlace: a crossing tour drawn as a band that passes over and under itself.
//! At each crossing the ink shows the over-strand's band through the crossing and a gap
//! (background) on the strand underneath, in SVG, PDF and PostScript alike; a rook tour
//! (no crossings) draws one closed band.

use crate::common::{run, stderr, stdout};
use crate::render::{DPI, Gray, raster, render, tmp};
use tourglyph::draw::{Corner, GlyphData};
use tourglyph::layout::{interlace::band, style::Style};

/// The cells (row, col) of `find --board 6x6 --closed --seed 3`.
fn knight_tour() -> Vec<(i32, i32)> {
    let o = run(&[
        "find", "--board", "6x6", "--closed", "--seed", "3", "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    v["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_i64().unwrap() as i32, c[1].as_i64().unwrap() as i32))
        .collect()
}

fn grey_at(img: &Gray, x_mm: f64, y_mm: f64) -> u8 {
    let (x, y) = ((x_mm / 25.4 * DPI) as usize, (y_mm / 25.4 * DPI) as usize);
    assert!(
        x < img.w && y < img.h,
        "({x_mm}, {y_mm}) mm is off the page"
    );
    img.px[y * img.w + x]
}

#[test]
fn crossings_show_the_over_band_and_a_gap_in_every_format() {
    let d = tmp();
    let style = d.path().join("strap.toml");
    // Grey band, black outline, white page; thin, so that the crossings checked below
    // lie well apart.
    std::fs::write(
        &style,
        "interlace = true\nstroke = \"#808080\"\nband_outline = \"#000000\"\nband_width = 0.1\nband_outline_width = 0.02\ngap = 0.05\nbackground = \"#ffffff\"\njoin = \"round\"\n",
    )
    .unwrap();
    let cells = knight_tour();
    let tour: Vec<String> = cells
        .iter()
        .map(|&(r, c)| format!("{}{}", (b'a' + c as u8) as char, 6 - r))
        .collect();
    let tour = tour.join(" ");
    let pts: Vec<(i32, i32)> = cells.iter().map(|&(r, c)| (c, r)).collect();
    // The glyph's vertices (straight runs of two moves are one segment), its crossings.
    let gd = GlyphData::new(&pts, true, Corner::Sharp);
    let pts = gd.points.clone();
    let il = band(&gd, &Style::default()).crossings;
    assert!(il.crossings.len() > 20, "{}", il.crossings.len());
    // Page geometry of a 150 mm glyph of a 6×6 board with padding 1.
    let pitch = 150.0 / 7.0;
    let page = |(x, y): (f64, f64)| ((x + 1.0) * pitch, (y + 1.0) * pitch);
    let w = 0.05 + 0.02;
    let n = pts.len();
    let unit = |s: usize| {
        let (a, b) = (pts[s], pts[(s + 1) % n]);
        let (dx, dy) = (f64::from(b.0 - a.0), f64::from(b.1 - a.1));
        let l = (dx * dx + dy * dy).sqrt();
        (dx / l, dy / l)
    };
    // Crossings with no other crossing closer than half a pitch: their gaps cannot merge.
    let lonely: Vec<_> = il
        .crossings
        .iter()
        .filter(|c| {
            il.crossings.iter().all(|o| {
                std::ptr::eq(*c, o)
                    || (o.at.0 - c.at.0) * (o.at.0 - c.at.0) + (o.at.1 - c.at.1) * (o.at.1 - c.at.1)
                        > 0.49 * 0.49
            })
        })
        // … and away from the corners, where the strands turn.
        .filter(|c| {
            pts.iter().all(|&(x, y)| {
                let (dx, dy) = (f64::from(x) - c.at.0, f64::from(y) - c.at.1);
                dx * dx + dy * dy > 0.45 * 0.45
            })
        })
        .collect();
    assert!(lonely.len() >= 3, "{} lonely crossings", lonely.len());
    let (mut checked, mut total) = (0, 0);
    for ext in ["svg", "pdf", "ps"] {
        let p = d.path().join(format!("k.{ext}"));
        render(
            &[
                "glyph",
                "--piece",
                "knight",
                "--board",
                "6x6",
                "--tour",
                &tour,
                "--style",
                style.to_str().unwrap(),
                "--size",
                "150mm",
            ],
            &p,
        );
        let Some(img) = raster(&p) else { continue };
        for c in &lonely {
            let (over, under) = if c.a_over { (c.a, c.b) } else { (c.b, c.a) };
            let (uo, uu) = (unit(over), unit(under));
            let sin = (uo.0 * uu.1 - uo.1 * uu.0).abs();
            // Along the under-strand, halfway across the gap beside the over-band's
            // outline: background. The same distance along the over-strand: its band.
            let k = (w + 0.025) / sin;
            let (mut shows, mut reversed) = (true, true);
            for sign in [-1.0, 1.0] {
                let on_under = page((c.at.0 + sign * k * uu.0, c.at.1 + sign * k * uu.1));
                let on_over = page((c.at.0 + sign * k * uo.0, c.at.1 + sign * k * uo.1));
                let (gu, go) = (
                    grey_at(&img, on_under.0, on_under.1),
                    grey_at(&img, on_over.0, on_over.1),
                );
                shows &= gu > 230 && go < 200;
                reversed &= go > 230 && gu < 200;
            }
            // Where crossings crowd, merged gaps can leave a hole (both strands cut); a
            // strand drawn over where it should pass under is never allowed.
            assert!(!reversed, "{ext}: over and under swapped at {:?}", c.at);
            checked += usize::from(ext == "svg" && shows);
            total += usize::from(ext == "svg");
        }
    }
    assert!(
        checked * 10 >= total * 7 && total >= 3,
        "over-band and gap shown at {checked} of {total} crossings"
    );
}
#[test]
fn a_rook_tour_interlaced_is_one_closed_band_and_redraws_itself() {
    let d = tmp();
    let p = d.path().join("r.svg");
    render(&["glyph", "--board", "4x4", "--id", "2", "--interlace"], &p);
    let svg = std::fs::read_to_string(&p).unwrap();
    let paths: Vec<&str> = svg
        .match_indices("<path d=\"")
        .map(|(i, _)| &svg[i..])
        .collect();
    assert_eq!(paths.len(), 2, "outline and band");
    for p in &paths {
        let d = &p[9..p[9..].find('"').unwrap() + 9];
        assert_eq!(
            (d.matches('M').count(), d.matches('Z').count()),
            (1, 1),
            "{d}"
        );
    }
    assert!(
        svg.contains("--interlace"),
        "the <desc> redraws it interlaced"
    );
    // The same bytes again.
    let q = d.path().join("r2.svg");
    render(&["glyph", "--board", "4x4", "--id", "2", "--interlace"], &q);
    assert_eq!(std::fs::read(&p).unwrap(), std::fs::read(&q).unwrap());
    // A bad band width is one line naming the key.
    let bad = d.path().join("bad.toml");
    std::fs::write(&bad, "interlace = true\nband_width = 3\n").unwrap();
    let o = run(&[
        "glyph",
        "--board",
        "4x4",
        "--id",
        "2",
        "--style",
        bad.to_str().unwrap(),
        "-o",
        "-",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("band_width") && e.lines().count() == 1, "{e}");
}
