//! A solution drawn as a sheet of board frames, one per position (the start, then one
//! after each move), on any [`Backend`]: the moved piece in red, its slide as an arrow
//! from the square it left, the goal squares outlined, a caption under each frame.
//!
//! Geometry in millimetres, origin top-left, y down, like every backend. The page is
//! sized to hold every frame (one page).

use super::sliding::{Move, Slider};
use super::{Puzzle, replay};
use tourglyph_core::error::Result;
use tourglyph_draw::{Anchor, Backend, Cap, Join, Paint, Path, Rgb, Seg, Stroke, Text};

/// Sheet geometry and colours; every field has the documented default.
#[derive(Clone, Debug)]
pub struct SheetStyle {
    /// Side of one board frame, mm (default 40).
    pub frame_mm: f64,
    /// Frames per row (default 6).
    pub columns: usize,
    /// Page margin, mm (default 10).
    pub margin_mm: f64,
    /// Space between frames, mm (default 6).
    pub gap_mm: f64,
    /// Caption size, pt (default 8).
    pub caption_pt: f64,
    /// Title size, pt (default 12).
    pub title_pt: f64,
    /// Light squares (default #f0d9b5).
    pub light: Rgb,
    /// Dark squares (default #b58863).
    pub dark: Rgb,
    /// Pieces (default #222222).
    pub piece: Rgb,
    /// The moved piece and its arrow (default #c0392b).
    pub moved: Rgb,
    /// Goal-square outline (default #2e8b57).
    pub goal: Rgb,
}

impl Default for SheetStyle {
    fn default() -> Self {
        SheetStyle {
            frame_mm: 40.0,
            columns: 6,
            margin_mm: 10.0,
            gap_mm: 6.0,
            caption_pt: 8.0,
            title_pt: 12.0,
            light: Rgb(0xf0, 0xd9, 0xb5),
            dark: Rgb(0xb5, 0x88, 0x63),
            piece: Rgb(0x22, 0x22, 0x22),
            moved: Rgb(0xc0, 0x39, 0x2b),
            goal: Rgb(0x2e, 0x8b, 0x57),
        }
    }
}

/// A piece's silhouette: a closed polygon in cell units centred on (0, 0), y down,
/// within ±0.37.
pub fn silhouette(piece: Slider) -> &'static [(f64, f64)] {
    match piece {
        // A tower with three merlons.
        Slider::Rook => &[
            (-0.32, 0.36),
            (0.32, 0.36),
            (0.32, 0.24),
            (0.22, 0.24),
            (0.22, -0.12),
            (0.30, -0.12),
            (0.30, -0.36),
            (0.18, -0.36),
            (0.18, -0.24),
            (0.06, -0.24),
            (0.06, -0.36),
            (-0.06, -0.36),
            (-0.06, -0.24),
            (-0.18, -0.24),
            (-0.18, -0.36),
            (-0.30, -0.36),
            (-0.30, -0.12),
            (-0.22, -0.12),
            (-0.22, 0.24),
            (-0.32, 0.24),
        ],
        // A crown with three points.
        Slider::Queen => &[
            (-0.30, 0.36),
            (0.30, 0.36),
            (0.30, 0.22),
            (0.37, -0.28),
            (0.16, -0.02),
            (0.0, -0.37),
            (-0.16, -0.02),
            (-0.37, -0.28),
            (-0.30, 0.22),
        ],
    }
}

/// Page size (width, height) in mm for `frames` frames.
pub fn page_size(st: &SheetStyle, frames: usize) -> (f64, f64) {
    let cols = st.columns.clamp(1, frames.max(1));
    let rows = frames.max(1).div_ceil(cols);
    let w = 2.0 * st.margin_mm + cols as f64 * st.frame_mm + (cols - 1) as f64 * st.gap_mm;
    let h = 2.0 * st.margin_mm
        + title_h(st)
        + rows as f64 * (st.frame_mm + caption_h(st))
        + (rows - 1) as f64 * st.gap_mm;
    (w, h)
}

fn title_h(st: &SheetStyle) -> f64 {
    st.title_pt * 0.3528 * 2.0
}

fn caption_h(st: &SheetStyle) -> f64 {
    st.caption_pt * 0.3528 * 2.2
}

/// The caption of frame `i` (0 = start).
pub fn caption(p: &Puzzle, moves: &[Move], i: usize) -> String {
    if i == 0 {
        "start".to_string()
    } else {
        let g = p.geometry();
        let m = moves[i - 1];
        format!("{i}. {}-{}", g.algebraic(m.from), g.algebraic(m.to))
    }
}

/// Draw the solution `moves` of `p` as one page of frames. Fails on an illegal move.
pub fn draw_sheet<B: Backend + ?Sized>(
    b: &mut B,
    p: &Puzzle,
    moves: &[Move],
    st: &SheetStyle,
) -> Result<()> {
    let states = replay(p, moves)?;
    let (w, h) = page_size(st, states.len());
    let cols = st.columns.clamp(1, states.len());
    b.begin_page(w, h)?;
    b.text(&Text {
        x: st.margin_mm,
        y: st.margin_mm + st.title_pt * 0.3528,
        size_pt: st.title_pt,
        color: Rgb::BLACK,
        anchor: Anchor::Start,
        text: format!(
            "Sliding {}s on {n}x{n}: {} moves",
            p.piece,
            moves.len(),
            n = p.n
        ),
    })?;
    for (i, state) in states.iter().enumerate() {
        let (col, row) = (i % cols, i / cols);
        let x0 = st.margin_mm + col as f64 * (st.frame_mm + st.gap_mm);
        let y0 =
            st.margin_mm + title_h(st) + row as f64 * (st.frame_mm + caption_h(st) + st.gap_mm);
        let mv = (i > 0).then(|| moves[i - 1]);
        frame(b, p, state, mv, st, x0, y0)?;
        b.text(&Text {
            x: x0 + st.frame_mm / 2.0,
            y: y0 + st.frame_mm + st.caption_pt * 0.3528 * 1.4,
            size_pt: st.caption_pt,
            color: Rgb::BLACK,
            anchor: Anchor::Middle,
            text: caption(p, moves, i),
        })?;
    }
    b.end_page()?;
    b.finish()
}

/// One board frame with its top-left corner at (x0, y0).
fn frame<B: Backend + ?Sized>(
    b: &mut B,
    p: &Puzzle,
    state: &[u8],
    mv: Option<Move>,
    st: &SheetStyle,
    x0: f64,
    y0: f64,
) -> Result<()> {
    let n = p.n;
    let cell = st.frame_mm / n as f64;
    let centre = |c: u8| {
        let (r, col) = (c as u32 / n, c as u32 % n);
        (x0 + (col as f64 + 0.5) * cell, y0 + (r as f64 + 0.5) * cell)
    };
    let fill = |c: Rgb| Paint {
        stroke: None,
        fill: Some(c),
    };
    let stroke = |c: Rgb, w: f64| Paint {
        stroke: Some(Stroke {
            color: c,
            width: w,
            join: Join::Round,
            cap: Cap::Round,
            miter_limit: tourglyph_draw::DEFAULT_MITER_LIMIT,
        }),
        fill: None,
    };
    b.path(
        &Path::rect(x0, y0, st.frame_mm, st.frame_mm),
        &fill(st.light),
    )?;
    let mut dark = Path::default();
    for r in 0..n {
        for c in 0..n {
            if (r + c) % 2 == 1 {
                let sq = Path::rect(x0 + c as f64 * cell, y0 + r as f64 * cell, cell, cell);
                dark.segs.extend(sq.segs);
            }
        }
    }
    if !dark.segs.is_empty() {
        b.path(&dark, &fill(st.dark))?;
    }
    let mut goal = Path::default();
    let inset = cell * 0.08;
    for &c in &p.to {
        let (cx, cy) = centre(c);
        let half = cell / 2.0 - inset;
        goal.segs
            .extend(Path::rect(cx - half, cy - half, 2.0 * half, 2.0 * half).segs);
    }
    b.path(&goal, &stroke(st.goal, cell * 0.06))?;
    b.path(
        &Path::rect(x0, y0, st.frame_mm, st.frame_mm),
        &stroke(Rgb::BLACK, 0.25),
    )?;
    let shape = silhouette(p.piece);
    for &c in state {
        let (cx, cy) = centre(c);
        let mut path = Path::default();
        for (j, &(dx, dy)) in shape.iter().enumerate() {
            let (x, y) = (cx + dx * cell, cy + dy * cell);
            path.segs.push(if j == 0 {
                Seg::MoveTo(x, y)
            } else {
                Seg::LineTo(x, y)
            });
        }
        path.segs.push(Seg::Close);
        let moved = mv.is_some_and(|m| m.to == c);
        b.path(
            &path,
            &Paint {
                stroke: Some(Stroke {
                    color: Rgb::WHITE,
                    width: cell * 0.03,
                    join: Join::Miter,
                    cap: Cap::Butt,
                    miter_limit: tourglyph_draw::DEFAULT_MITER_LIMIT,
                }),
                fill: Some(if moved { st.moved } else { st.piece }),
            },
        )?;
    }
    if let Some(m) = mv {
        arrow(b, centre(m.from), centre(m.to), cell, st.moved)?;
    }
    Ok(())
}

/// An arrow from the centre of the square left to the edge of the arriving piece: a
/// dot at the tail, a shaft, a filled head.
fn arrow<B: Backend + ?Sized>(
    b: &mut B,
    (x1, y1): (f64, f64),
    (x2, y2): (f64, f64),
    cell: f64,
    color: Rgb,
) -> Result<()> {
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    let tip = (x2 - ux * cell * 0.42, y2 - uy * cell * 0.42);
    let head = cell * 0.3;
    let base = (tip.0 - ux * head, tip.1 - uy * head);
    let (px, py) = (-uy * head * 0.5, ux * head * 0.5);
    b.path(
        &Path::circle(x1, y1, cell * 0.1),
        &Paint {
            stroke: None,
            fill: Some(color),
        },
    )?;
    b.path(
        &Path {
            segs: vec![Seg::MoveTo(x1, y1), Seg::LineTo(base.0, base.1)],
        },
        &Paint {
            stroke: Some(Stroke {
                color,
                width: cell * 0.1,
                join: Join::Round,
                cap: Cap::Round,
                miter_limit: tourglyph_draw::DEFAULT_MITER_LIMIT,
            }),
            fill: None,
        },
    )?;
    b.path(
        &Path {
            segs: vec![
                Seg::MoveTo(tip.0, tip.1),
                Seg::LineTo(base.0 + px, base.1 + py),
                Seg::LineTo(base.0 - px, base.1 - py),
                Seg::Close,
            ],
        },
        &Paint {
            stroke: None,
            fill: Some(color),
        },
    )
}
