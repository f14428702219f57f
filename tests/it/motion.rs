//! Issue 27, animated tours: `glyph --animate` (SVG, APNG) and `-o tour.gif`.
//!
//! The animated SVG is played in headless Chromium (virtual time): at 10 %, 50 % and
//! 100 % of its duration its ink matches a still drawing, made here, of the walk's first
//! 10 %, 50 % and 100 % (the last: the static glyph), and grows. The GIF and the APNG are
//! decoded back (the `gif` and `png` crates): frame count, delays, and a last frame equal
//! to the static PNG of the same glyph. The walk starts where `list` starts the tour, or
//! at `--start`, the other way round with `--reverse`.

use crate::common::{arg, run, stderr, stdout, tmp};
use std::path::Path;
use tourglyph::layout::glyph::reach;
use tourglyph::layout::grid::Grid;
use tourglyph::layout::style::Style;
use tourglyph::{Board, Piece};

const SIZE_MM: f64 = 100.0;

/// The cells (row, col) of `list --piece knight --board 6x6 --sample 1 --seed SEED`: the
/// tour `glyph --random --seed SEED` draws, in `list`'s order.
fn listed(seed: u32) -> Vec<(u32, u32)> {
    let seed = seed.to_string();
    let o = run(&[
        "list", "--piece", "knight", "--board", "6x6", "--sample", "1", "--seed", &seed, "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    v["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_u64().unwrap() as u32, c[1].as_u64().unwrap() as u32))
        .collect()
}

/// `glyph --piece knight --board 6x6 --random --seed SEED --size 100mm EXTRA -o out`.
fn glyph(seed: u32, extra: &[&str], out: &Path) {
    let seed = seed.to_string();
    let size = format!("{SIZE_MM}mm");
    let mut a = vec![
        "glyph", "--piece", "knight", "--board", "6x6", "--random", "--seed", &seed, "--size",
        &size,
    ];
    a.extend_from_slice(extra);
    a.extend(["-o", arg(out)]);
    let o = run(&a);
    assert!(o.status.success(), "{a:?}: {}", stderr(&o));
}

/// A page's width and height, mm.
type PageSize = (f64, f64);

/// Page size (mm) and the map from a cell (row, col) to the page (mm), for the line style.
fn page() -> (PageSize, impl Fn((u32, u32)) -> PageSize) {
    let st = Style::resolve("line").unwrap();
    let board: Board = "6x6".parse().unwrap();
    let mut grid = Grid::single(board, SIZE_MM, st.padding).unwrap();
    grid.spec.reach = reach(&st, &Piece::knight(), true);
    let place = grid.slot(0).place;
    ((grid.width, grid.height), move |(r, c): (u32, u32)| {
        place.map(f64::from(c), f64::from(r))
    })
}

/// The pen path's vertices in an animated SVG (the `walk` group's path).
fn pen_points(svg: &str) -> Vec<(f64, f64)> {
    let g = &svg[svg.find("<g id=\"walk\">").expect("a walk group")..];
    let d = &g[g.find(" d=\"").unwrap() + 4..];
    let d = &d[..d.find('"').unwrap()];
    d.split(['M', 'L'])
        .filter(|s| !s.is_empty())
        .map(|p| {
            let (x, y) = p.split_once(' ').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

fn close(a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() < 0.002 && (a.1 - b.1).abs() < 0.002
}

#[test]
fn the_walk_starts_where_list_starts_or_where_asked() {
    let d = tmp();
    let cells = listed(5);
    let (_, at) = page();
    let p = d.path().join("a.svg");
    glyph(5, &["--animate"], &p);
    let svg = std::fs::read_to_string(&p).unwrap();
    assert!(
        !svg.contains("<script") && !svg.contains("href"),
        "self-contained"
    );
    let pts = pen_points(&svg);
    // Every cell in list order, then back to the first (a closed tour closes).
    assert_eq!(pts.len(), cells.len() + 1);
    for (k, &c) in cells.iter().enumerate() {
        assert!(
            close(pts[k], at(c)),
            "vertex {k}: {:?} vs {:?}",
            pts[k],
            at(c)
        );
    }
    assert!(close(pts[cells.len()], at(cells[0])));
    // The start cell is marked.
    let (x, y) = at(cells[0]);
    assert!(
        svg.contains(&format!("<circle cx=\"{}\" cy=\"{}\"", fmt(x), fmt(y))),
        "{svg}"
    );
    // --start the tenth cell, --reverse: from there, back along the tour.
    let name = |(r, c): (u32, u32)| format!("{}{}", (b'a' + c as u8) as char, 6 - r);
    let q = d.path().join("b.svg");
    glyph(
        5,
        &["--animate", "--start", &name(cells[9]), "--reverse"],
        &q,
    );
    let pts = pen_points(&std::fs::read_to_string(&q).unwrap());
    for k in 0..cells.len() {
        let want = cells[(9 + cells.len() - k) % cells.len()];
        assert!(close(pts[k], at(want)), "reversed vertex {k}");
    }
    // The same bytes again.
    let r = d.path().join("c.svg");
    glyph(
        5,
        &["--animate", "--start", &name(cells[9]), "--reverse"],
        &r,
    );
    assert_eq!(std::fs::read(&q).unwrap(), std::fs::read(&r).unwrap());
}

/// A number as the SVG writes it (at most three decimals, no trailing zeros).
fn fmt(x: f64) -> String {
    let s = format!("{x:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Dark pixels (grey below 128) of an 8-bit PNG file, with its width.
fn dark(p: &Path) -> (Vec<bool>, usize) {
    let (rgba, w, _) = decode(p);
    (
        rgba.chunks_exact(4)
            .map(|px| {
                let a = u32::from(px[3]);
                // Over white.
                let g = (u32::from(px[0]) + u32::from(px[1]) + u32::from(px[2])) / 3;
                (g * a + 255 * (255 - a)) / 255 < 128
            })
            .collect(),
        w,
    )
}

/// A PNG's first image as RGBA, with its width and height.
fn decode(p: &Path) -> (Vec<u8>, usize, usize) {
    let mut dec = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(p).unwrap()));
    dec.set_transformations(png::Transformations::ALPHA | png::Transformations::STRIP_16);
    let mut r = dec.read_info().unwrap();
    let mut buf = vec![0; r.output_buffer_size().unwrap()];
    let info = r.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    let (w, h) = (info.width as usize, info.height as usize);
    let rgba = match info.color_type {
        png::ColorType::Rgba => buf,
        png::ColorType::GrayscaleAlpha => buf
            .chunks_exact(2)
            .flat_map(|p| [p[0], p[0], p[0], p[1]])
            .collect(),
        other => panic!("{other:?}"),
    };
    (rgba, w, h)
}

/// Intersection over union of two masks, pixels within `r` px of `skip` left out.
fn iou(a: &[bool], b: &[bool], w: usize, skip: (f64, f64), r: f64) -> f64 {
    let (mut both, mut any) = (0usize, 0usize);
    for (i, (&x, &y)) in a.iter().zip(b).enumerate() {
        let (px, py) = ((i % w) as f64, (i / w) as f64);
        if (px - skip.0) * (px - skip.0) + (py - skip.1) * (py - skip.1) < r * r {
            continue;
        }
        both += usize::from(x && y);
        any += usize::from(x || y);
    }
    both as f64 / any.max(1) as f64
}

/// A screenshot of `svg`, 400 × 400 px, with its animations paused at `at` seconds of
/// their timeline (`None`: as loaded). The page is the SVG inlined in an HTML page whose
/// script pauses the timeline and seeks it (`SVGSVGElement.setCurrentTime`), so what is
/// drawn does not depend on how fast the machine runs Chromium's virtual clock: under
/// load, `--virtual-time-budget` alone once showed the 50 % point with less ink than 10 %.
fn shot(chromium: &str, svg: &Path, at: Option<f64>, out: &Path) {
    let text = std::fs::read_to_string(svg).unwrap();
    let inline = &text[text.find("<svg").expect("an <svg> element")..];
    let seek = at.map_or(String::new(), |t| {
        format!(
            "<script>window.addEventListener('load',()=>{{const s=document.querySelector('svg');s.pauseAnimations();s.setCurrentTime({t});}});</script>"
        )
    });
    let html = svg.with_extension(format!(
        "{}.html",
        at.map_or("still".to_string(), |t| format!(
            "{}ms",
            (t * 1000.0) as u64
        ))
    ));
    std::fs::write(
        &html,
        format!(
            "<!DOCTYPE html><html><head><style>html,body{{margin:0;padding:0}}svg{{display:block}}</style></head><body>{inline}{seek}</body></html>"
        ),
    )
    .unwrap();
    let o = std::process::Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--window-size=400,400",
            "--virtual-time-budget=2000",
        ])
        .arg(format!("--screenshot={}", out.display()))
        .arg(format!("file://{}", html.display()))
        .output()
        .expect("run chromium");
    assert!(out.exists(), "chromium wrote no screenshot: {}", stderr(&o));
}

#[test]
fn the_animated_svg_plays_in_chromium() {
    let Some(chromium) = crate::common::chromium(
        "the animation is not played (its walk is checked by the_walk_starts_where_list_starts_or_where_asked)",
    ) else {
        return;
    };
    let d = tmp();
    let seed = 3;
    let cells = listed(seed);
    let ((pw, ph), at) = page();
    let anim = d.path().join("a.svg");
    let duration = 20.0;
    glyph(seed, &["--animate", "--duration", "20"], &anim);
    let still = d.path().join("s.svg");
    glyph(seed, &[], &still);
    // The still drawing of the walk's first fraction f: the polyline up to there (each
    // move an equal share of the time), stroked as the line style strokes.
    let st = Style::resolve("line").unwrap();
    let pitch = {
        let (a, b) = (at((0, 0)), at((0, 1)));
        b.0 - a.0
    };
    let mut walk = cells.clone();
    walk.push(cells[0]);
    let partial = |f: f64, out: &Path| {
        let moves = (walk.len() - 1) as f64;
        let k = (f * moves).floor() as usize;
        let u = f * moves - k as f64;
        let mut pts: Vec<(f64, f64)> = walk[..=k].iter().map(|&c| at(c)).collect();
        if k + 1 < walk.len() && u > 0.0 {
            let (a, b) = (at(walk[k]), at(walk[k + 1]));
            pts.push((a.0 + u * (b.0 - a.0), a.1 + u * (b.1 - a.1)));
        }
        let d: Vec<String> = pts
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{}{} {}", if i == 0 { 'M' } else { 'L' }, p.0, p.1))
            .collect();
        let svg = format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{pw}mm" height="{ph}mm" viewBox="0 0 {pw} {ph}"><path d="{}" fill="none" stroke="#000000" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round"/></svg>"##,
            d.join(""),
            st.stroke_width * pitch
        );
        std::fs::write(out, svg).unwrap();
    };
    // Pixels: 96 to the inch in Chromium.
    let px = |mm: f64| mm / 25.4 * 96.0;
    let start = at(cells[0]);
    let (sx, sy) = (px(start.0), px(start.1));
    let mut inked = Vec::new();
    for (f, name) in [(0.1, "10"), (0.5, "50"), (1.0, "100")] {
        let a = d.path().join(format!("anim-{name}.png"));
        // Past the end (no loop): the last state, frozen.
        let t = duration * f + if f >= 1.0 { 1.0 } else { 0.0 };
        shot(chromium, &anim, Some(t), &a);
        let r = d.path().join(format!("ref-{name}.svg"));
        let rp = d.path().join(format!("ref-{name}.png"));
        if f >= 1.0 {
            shot(chromium, &still, None, &rp);
        } else {
            partial(f, &r);
            shot(chromium, &r, None, &rp);
        }
        let (ia, w) = dark(&a);
        let (ir, _) = dark(&rp);
        // The start marker is left out while walking (the still drawings have none).
        let skip_r = if f >= 1.0 { 0.0 } else { px(0.3 * pitch) };
        let score = iou(&ia, &ir, w, (sx, sy), skip_r);
        let n = ia.iter().filter(|&&x| x).count();
        eprintln!("at {name} %: ink {n} px, matching the still drawing by {score:.3}");
        if std::env::var_os("MOTION_KEEP").is_some() {
            let keep = Path::new("/tmp").join(format!("motion-{name}.png"));
            std::fs::copy(&a, keep).unwrap();
        }
        assert!(
            score > 0.85,
            "at {name} % the animation's ink matches the walk's first {name} % by {score:.3}"
        );
        inked.push(n);
    }
    assert!(
        inked[0] < inked[1] && inked[1] < inked[2],
        "the ink grows: {inked:?}"
    );
}

/// The GIF's frames composed on its canvas: (RGBA of each frame, delay in cs), and the
/// loop count (`None`: plays once).
pub(crate) fn gif_frames(p: &Path) -> (Vec<(Vec<u8>, u16)>, usize, usize, bool) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::RGBA);
    let mut dec = opts
        .read_info(std::io::BufReader::new(std::fs::File::open(p).unwrap()))
        .unwrap();
    let (w, h) = (dec.width() as usize, dec.height() as usize);
    let mut canvas = vec![0u8; w * h * 4];
    let mut out = Vec::new();
    while let Some(f) = dec.read_next_frame().unwrap() {
        for y in 0..f.height as usize {
            for x in 0..f.width as usize {
                let s = (y * f.width as usize + x) * 4;
                let t = ((y + f.top as usize) * w + x + f.left as usize) * 4;
                canvas[t..t + 4].copy_from_slice(&f.buffer[s..s + 4]);
            }
        }
        out.push((canvas.clone(), f.delay));
    }
    let looped = dec.repeat() == gif::Repeat::Infinite;
    (out, w, h, looped)
}

#[test]
fn gif_frames_read_back_and_end_on_the_static_glyph() {
    let d = tmp();
    let seed = 3;
    let moves = listed(seed).len(); // a closed tour: as many moves as cells
    let gif = d.path().join("t.gif");
    let png = d.path().join("t.png");
    let small = ["--size", "40mm", "--dpi", "100"];
    let run_ok = |extra: &[&str], out: &Path| {
        let seed = seed.to_string();
        let mut a = vec![
            "glyph", "--piece", "knight", "--board", "6x6", "--random", "--seed", &seed,
        ];
        a.extend_from_slice(&small);
        a.extend_from_slice(extra);
        a.extend(["-o", arg(out)]);
        let o = run(&a);
        assert!(o.status.success(), "{a:?}: {}", stderr(&o));
    };
    run_ok(&[], &gif);
    run_ok(&[], &png);
    let (frames, w, h, looped) = gif_frames(&gif);
    assert!(!looped, "plays once unless --loop");
    // One frame a move, and the first (the start cell alone).
    assert_eq!(frames.len(), moves + 1);
    // 10 s over the moves, in centiseconds; the last frame held 2 s.
    let step = (10_000.0 / moves as f64 / 10.0).round() as u16;
    for (i, (_, delay)) in frames.iter().enumerate() {
        let want = if i + 1 == frames.len() { 200 } else { step };
        assert_eq!(*delay, want, "frame {i}");
    }
    // The last frame is the static PNG (over white, within one blend step of the
    // colour table: 255/15/2).
    let (still, sw, sh) = decode(&png);
    assert_eq!((w, h), (sw, sh));
    let last = &frames.last().unwrap().0;
    let mut worst = 0;
    for (g, s) in last.chunks_exact(4).zip(still.chunks_exact(4)) {
        let a = i32::from(s[3]);
        for c in 0..3 {
            let over = (i32::from(s[c]) * a + 255 * (255 - a) + 127) / 255;
            worst = worst.max((i32::from(g[c]) - over).abs());
        }
    }
    assert!(worst <= 9, "the last frame differs from the PNG by {worst}");
    // The first frame has the start marker only; the ink grows frame by frame.
    let dark = |f: &[u8]| f.chunks_exact(4).filter(|p| p[0] < 128).count();
    let counts: Vec<usize> = frames.iter().map(|(f, _)| dark(f)).collect();
    assert!(counts[0] > 0 && counts[0] < counts[moves / 2], "{counts:?}");
    assert!(counts.windows(2).all(|p| p[0] <= p[1]), "{counts:?}");
    // --frames, --fps, --loop.
    let g5 = d.path().join("f5.gif");
    run_ok(&["--frames", "5", "--loop"], &g5);
    let (f5, _, _, looped) = gif_frames(&g5);
    assert!(looped);
    assert_eq!(f5.len(), 5);
    assert_eq!(f5[0].1, 250, "10 s over 4 steps");
    let g7 = d.path().join("f7.gif");
    run_ok(&["--fps", "2", "--duration", "3"], &g7);
    let (f7, _, _, _) = gif_frames(&g7);
    assert_eq!(f7.len(), 7);
    assert_eq!(f7[0].1, 50);
    assert_eq!(f5.last().unwrap().0, frames.last().unwrap().0);
}

#[test]
fn apng_frames_read_back_and_end_on_the_static_png_exactly() {
    let d = tmp();
    let seed = 3;
    let moves = listed(seed).len();
    let (apng, png_still) = (d.path().join("a.png"), d.path().join("s.png"));
    for (extra, out) in [(vec!["--animate", "--loop"], &apng), (vec![], &png_still)] {
        let mut a = vec![
            "glyph", "--piece", "knight", "--board", "6x6", "--random", "--seed", "3", "--size",
            "40mm", "--dpi", "100",
        ];
        a.extend(extra);
        a.extend(["-o", arg(out)]);
        let o = run(&a);
        assert!(o.status.success(), "{a:?}: {}", stderr(&o));
    }
    let dec = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&apng).unwrap()));
    let mut r = dec.read_info().unwrap();
    let ac = r.info().animation_control.expect("an acTL chunk");
    assert_eq!(ac.num_frames as usize, moves + 1);
    assert_eq!(ac.num_plays, 0, "--loop plays for ever");
    let mut buf = vec![0; r.output_buffer_size().unwrap()];
    let mut delays = Vec::new();
    let mut last = Vec::new();
    for _ in 0..ac.num_frames {
        let info = r.next_frame(&mut buf).unwrap();
        let fc = r.info().frame_control.expect("an fcTL chunk");
        assert_eq!((fc.width, fc.height), (info.width, info.height));
        delays.push(f64::from(fc.delay_num) / f64::from(fc.delay_den));
        last = buf[..info.buffer_size()].to_vec();
    }
    let step = 10.0 / moves as f64;
    for (i, d) in delays.iter().enumerate() {
        let want = if i as u32 + 1 == ac.num_frames {
            2.0
        } else {
            step
        };
        assert!((d - want).abs() < 0.001, "frame {i}: {d} s, not {want}");
    }
    let (still, _, _) = decode(&png_still);
    assert_eq!(last, still, "the last frame is the static PNG");
    let _ = seed;
}

#[test]
fn animation_flags_are_refused_where_they_cannot_apply() {
    let d = tmp();
    let out = d.path().join("x.svg");
    let pdf = d.path().join("x.pdf");
    for (extra, out, words) in [
        (
            vec!["--duration", "5"],
            &out,
            "--duration is for animations",
        ),
        (vec!["--animate"], &pdf, "--animate writes SVG, GIF or PNG"),
        (vec!["--animate", "--interlace"], &out, "interlaced"),
        (vec!["--animate", "--duration", "0"], &out, "bad --duration"),
        (
            vec!["--animate", "--fps", "5"],
            &out,
            "--fps and --frames are for GIF",
        ),
        (vec!["--animate", "--start", "z9"], &out, "z9"),
    ] {
        let mut a = vec![
            "glyph", "--piece", "knight", "--board", "6x6", "--random", "--seed", "3",
        ];
        a.extend(extra.iter().copied());
        a.extend(["-o", arg(out)]);
        let o = run(&a);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{a:?}: {e}");
        assert!(e.contains(words) && e.lines().count() == 1, "{a:?}: {e}");
        assert!(!out.exists(), "{a:?} left a file");
    }
}

/// The vertices of the element `id="{id}"`'s path in `svg` (its `d`: M, L, Z).
fn element_points(svg: &str, id: &str) -> Vec<(f64, f64)> {
    let at = svg.find(&format!(" id=\"{id}\"")).expect("the element");
    let open = svg[..at].rfind('<').unwrap();
    let tag = &svg[open..open + svg[open..].find('>').unwrap()];
    let d = &tag[tag.find(" d=\"").expect("a d") + 4..];
    let d = &d[..d.find('"').unwrap()];
    d.split(['M', 'L', 'Z'])
        .filter(|s| !s.trim().is_empty())
        .map(|p| {
            let (x, y) = p.trim().split_once(' ').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

/// Every pen path of an animated page's walk group, as vertex lists, in page order.
fn pens(svg: &str) -> Vec<Vec<(f64, f64)>> {
    let g = &svg[svg.find("<g id=\"walk\">").expect("a walk group")..];
    g.split("<path d=\"")
        .skip(1)
        .map(|p| {
            p[..p.find('"').unwrap()]
                .split(['M', 'L'])
                .filter(|s| !s.is_empty())
                .map(|v| {
                    let (x, y) = v.split_once(' ').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect()
        })
        .collect()
}

/// `render --animate`: every glyph of the page is hidden while a pen walks it in its own
/// slot (each pen's vertices are its glyph's, starting where `list` starts the tour), all
/// in step; played in Chromium, the end is the static sheet and the middle has less ink.
#[test]
fn an_animated_sheet_walks_every_glyph_in_its_slot() {
    let d = tmp();
    let (anim, still) = (d.path().join("a.svg"), d.path().join("s.svg"));
    let base = [
        "render",
        "--piece",
        "knight",
        "--board",
        "6x6",
        "--sample",
        "4",
        "--seed",
        "5",
        "--no-captions",
    ];
    let mut a: Vec<&str> = base.to_vec();
    a.extend(["--animate", "--duration", "6", "-o", arg(&anim)]);
    let o = run(&a);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut s: Vec<&str> = base.to_vec();
    s.extend(["-o", arg(&still)]);
    assert!(run(&s).status.success());
    let (a_svg, s_svg) = (
        std::fs::read_to_string(&anim).unwrap(),
        std::fs::read_to_string(&still).unwrap(),
    );
    // The tours drawn, in page order, and their cells as `list` gives them.
    let o = run(&[
        "list", "--piece", "knight", "--board", "6x6", "--sample", "4", "--seed", "5", "--json",
    ]);
    let ids: Vec<String> = stdout(&o)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["id"].to_string()
        })
        .collect();
    assert_eq!(ids.len(), 4, "{}", stdout(&o));
    let walks = pens(&a_svg);
    assert_eq!(walks.len(), 4, "one pen a glyph");
    for (id, pen) in ids.iter().zip(&walks) {
        let tag = format!("tour-{}", id.trim_matches('"'));
        let glyph = element_points(&s_svg, &tag);
        // 36 cells and the return (the glyph's path leaves out straight-through cells).
        assert_eq!(pen.len(), 37, "{tag}: a closed walk returns");
        assert!(close(pen[0], pen[pen.len() - 1]), "{tag}: closes");
        assert!(
            glyph.iter().all(|q| pen.iter().any(|&p| close(p, *q))),
            "{tag}: the pen walks its own glyph's corners, in its slot"
        );
        // Hidden until its walk ends.
        let at = a_svg.find(&format!(" id=\"{tag}\"")).unwrap();
        let open = a_svg[..at].rfind('<').unwrap();
        let el = &a_svg[open..];
        assert!(
            el[..el.find('>').unwrap()].contains("visibility=\"hidden\""),
            "{tag}"
        );
        assert!(el.contains("values=\"hidden;visible\""), "{tag}");
    }
    let Some(chromium) =
        crate::common::chromium("the animated sheet is not played (its walks are checked above)")
    else {
        return;
    };
    let (end, mid, st) = (
        d.path().join("end.png"),
        d.path().join("mid.png"),
        d.path().join("still.png"),
    );
    shot(chromium, &anim, Some(7.0), &end);
    shot(chromium, &anim, Some(3.0), &mid);
    shot(chromium, &still, None, &st);
    let ((ie, w), (im, _), (is, _)) = (dark(&end), dark(&mid), dark(&st));
    let score = iou(&ie, &is, w, (0.0, 0.0), 0.0);
    let count = |v: &[bool]| v.iter().filter(|&&x| x).count();
    eprintln!(
        "sheet: end matches the still sheet by {score:.3}; ink mid {} px, end {} px",
        count(&im),
        count(&ie)
    );
    assert!(
        score > 0.98,
        "the played sheet ends on the still sheet: {score:.3}"
    );
    assert!(
        count(&im) * 10 > count(&is) * 3 && count(&im) * 10 < count(&is) * 8,
        "half way, about half the ink: {} of {}",
        count(&im),
        count(&is)
    );
}
