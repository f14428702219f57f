//! A style's pens: which plotter pen draws each part of a sheet, when the style asks for
//! layers ([`Style::layers_by`]); each pen is a layer of its own in SVG
//! ([`tourglyph_draw::pen`]).
//!
//! - **By role** (`layers_by = "role"`): `1 tours` (the glyphs, in the stroke colour),
//!   `2 frames`, `3 dots`, numbered so whatever the style draws; a pen is declared only
//!   when the style draws its part.
//! - **By colour** (`layers_by = "color"`): one pen for each colour the style strokes
//!   with, numbered in the order tours, frames, dots; a pen drawing several parts of one
//!   colour names them all (`1 tours+frames #1a1a1a`). A style colours every glyph with
//!   its one `stroke` colour, so the glyphs of a sheet share one pen, unless it colours
//!   them by orbit or by tour ([`tint`]): then each colour of its `palette` that a glyph
//!   of the drawing takes is a pen (the drawing says which, `used`; a colour no glyph
//!   takes gets no pen, so no layer is empty and the pens are numbered without a gap);
//!   the frames and the dots get pens of their own when their colours differ.
//!
//! Either way a page's background (a fill, never plotted) is on a layer `% background`.

use crate::style::{ColorBy, LayersBy, Style};
use tourglyph_draw::{Pen, Rgb};

/// What a mark of a sheet is, for choosing its pen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The page's background fill.
    Background,
    /// A glyph.
    Tours,
    /// A board's frame.
    Frames,
    /// A board's cell dots.
    Dots,
}

/// The colour that strokes the glyph of tour `id` (`orbit`: the size of its orbit under
/// the board's symmetries, on a sheet of classes) when the style colours glyphs
/// (`color_by`); `None` when it does not, or strokes nothing, or colours by orbit and
/// `orbit` is not known.
///
/// By tour, colour `id mod n` of the palette's `n`. By orbit, colour `Ω(orbit) mod n`,
/// where Ω counts the prime factors of the orbit size with multiplicity: on the plane,
/// whose orbit sizes are 1, 2, 4 and 8, the glyphs of orbits 1, 2, 4, 8 take the
/// palette's first, second, third and fourth colours (so the most symmetric tours stand
/// out); on the torus, whose orbit sizes divide 8·m·n, alike by their factors.
pub fn tint(style: &Style, id: u128, orbit: Option<u32>) -> Option<Rgb> {
    tint_index(style, id, orbit).map(|i| style.palette[i])
}

/// [`tint`] as an index into the style's `palette`.
pub fn tint_index(style: &Style, id: u128, orbit: Option<u32>) -> Option<usize> {
    let by = style.color_by?;
    style.stroke?;
    let n = style.palette.len() as u128;
    let i = match by {
        ColorBy::Tour => id % n,
        ColorBy::Orbit => u128::from(prime_factors(orbit?)) % n,
    };
    Some(i as usize)
}

/// Ω(n): the prime factors of `n` counted with multiplicity (0 for 0 and 1).
fn prime_factors(mut n: u32) -> u32 {
    let mut count = 0;
    let mut p = 2;
    while n > 1 && p * p <= n {
        while n % p == 0 {
            n /= p;
            count += 1;
        }
        p += 1;
    }
    if n > 1 {
        count += 1;
    }
    count
}

/// The roles a sheet draws, in pen order, with their colours (a role the style does not
/// draw is left out; glyphs coloured by [`tint`] are a part for each palette colour
/// `used` says a glyph takes, and when none does, they are drawn in the stroke colour).
fn parts(style: &Style, used: &[bool]) -> Vec<(Role, &'static str, Rgb)> {
    let mut v = Vec::new();
    if let Some(c) = style.stroke {
        let tints: Vec<Rgb> = match style.color_by {
            Some(_) => style
                .palette
                .iter()
                .zip(used)
                .filter(|(_, u)| **u)
                .map(|(&p, _)| p)
                .collect(),
            None => Vec::new(),
        };
        if tints.is_empty() {
            v.push((Role::Tours, "tours", c));
        }
        for p in tints {
            v.push((Role::Tours, "tours", p));
        }
    }
    if let Some(c) = style.frame {
        v.push((Role::Frames, "frames", c));
    }
    if let Some(c) = style.dots {
        v.push((Role::Dots, "dots", c));
    }
    v
}

/// Which palette colours (by index) the glyphs of a drawing take when `style` colours
/// them: `tints`, each glyph's (tour ID, orbit size) as [`tint_index`] takes them, or
/// every colour when `tints` is `None` (not known before drawing).
pub fn used<I>(style: &Style, tints: Option<I>) -> Vec<bool>
where
    I: IntoIterator<Item = (u128, Option<u32>)>,
{
    let n = style.palette.len();
    let Some(tints) = tints else {
        return vec![style.color_by.is_some(); n];
    };
    let mut used = vec![false; n];
    let mut left = n;
    for (id, orbit) in tints {
        if let Some(i) = tint_index(style, id, orbit) {
            if !used[i] {
                used[i] = true;
                left -= 1;
                if left == 0 {
                    break;
                }
            }
        }
    }
    used
}

/// The pens of `style`, in layer order (the background's first), for a drawing whose
/// glyphs take the palette colours `used` says ([`used`]; empty: none, the glyphs in
/// the stroke colour): none when the style asks for no layers.
pub fn pens(style: &Style, used: &[bool]) -> Vec<Pen> {
    let mut all: Vec<Pen> = Vec::new();
    let Some(by) = style.layers_by else {
        return all;
    };
    if style.background.is_some() {
        all.push(background());
    }
    let parts = parts(style, used);
    match by {
        LayersBy::Role => {
            for (role, name, color) in parts {
                let number = match role {
                    Role::Frames => 2,
                    Role::Dots => 3,
                    _ => 1,
                };
                all.push(Pen {
                    number,
                    name: name.to_string(),
                    color: Some(color),
                });
            }
        }
        LayersBy::Color => {
            let mut colors: Vec<(Rgb, Vec<&str>)> = Vec::new();
            for (_, name, color) in parts {
                match colors.iter_mut().find(|(c, _)| *c == color) {
                    Some((_, names)) if !names.contains(&name) => names.push(name),
                    Some(_) => {}
                    None => colors.push((color, vec![name])),
                }
            }
            for (i, (color, names)) in colors.into_iter().enumerate() {
                all.push(Pen {
                    number: i as u32 + 1,
                    name: format!("{} {}", names.join("+"), color.hex()),
                    color: Some(color),
                });
            }
        }
    }
    all
}

/// For each colour of the style's palette when it colours glyphs ([`tint`]; none when it
/// does not): the style stroking in that colour, and the pen that draws it (by role the
/// glyphs' pen, by colour that colour's; among the pens of `used`, [`pens`]). Built once
/// a sheet, so that a glyph's colour is an index and costs no copy of the style.
pub fn tinted(style: &Style, used: &[bool]) -> Vec<(Style, Option<Pen>)> {
    if style.color_by.is_none() || style.stroke.is_none() {
        return Vec::new();
    }
    let all = pens(style, used);
    let pen = |colour: Rgb| match style.layers_by? {
        LayersBy::Role => all.iter().find(|p| p.name == "tours").cloned(),
        LayersBy::Color => all
            .iter()
            .find(|p| p.plots() && p.color == Some(colour))
            .cloned(),
    };
    style
        .palette
        .iter()
        .map(|&c| {
            let st = Style {
                stroke: Some(c),
                ..style.clone()
            };
            (st, pen(c))
        })
        .collect()
}

/// The non-plotting layer of a page's background.
fn background() -> Pen {
    Pen {
        number: 0,
        name: "background".into(),
        color: None,
    }
}

/// The pen that draws `role` in `style`, among [`pens`] of `used`; `None` when the style
/// asks for no layers or does not draw it.
pub fn pen(style: &Style, role: Role, used: &[bool]) -> Option<Pen> {
    let by = style.layers_by?;
    if role == Role::Background {
        return style.background.map(|_| background());
    }
    let parts = parts(style, used);
    let (_, name, color) = *parts.iter().find(|(r, _, _)| *r == role)?;
    let all = pens(style, used);
    match by {
        LayersBy::Role => all.into_iter().find(|p| p.name == name),
        LayersBy::Color => all
            .into_iter()
            .find(|p| p.plots() && p.color == Some(color)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn style(by: Option<LayersBy>) -> Style {
        Style {
            layers_by: by,
            frame: Some(Rgb(200, 0, 0)),
            dots: Some(Rgb(26, 26, 26)),
            ..Style::resolve("kufic").unwrap()
        }
    }

    #[test]
    fn pens_by_role_and_by_colour() {
        assert!(pens(&style(None), &[]).is_empty());
        assert_eq!(pen(&style(None), Role::Tours, &[]), None);
        let labels = |st: &Style| pens(st, &[]).iter().map(Pen::label).collect::<Vec<_>>();
        let by_role = style(Some(LayersBy::Role));
        assert_eq!(labels(&by_role), ["1 tours", "2 frames", "3 dots"]);
        assert_eq!(pen(&by_role, Role::Dots, &[]).unwrap().label(), "3 dots");
        // Kufic's stroke is #1a1a1a, as the dots here: one pen for both.
        let by_colour = style(Some(LayersBy::Color));
        assert_eq!(
            labels(&by_colour),
            ["1 tours+dots #1a1a1a", "2 frames #c80000"]
        );
        assert_eq!(
            pen(&by_colour, Role::Dots, &[]),
            pen(&by_colour, Role::Tours, &[])
        );
        assert_eq!(pen(&by_colour, Role::Frames, &[]).unwrap().number, 2);
        // Without frames or dots, tours alone; a background on its own layer.
        let plain = Style {
            background: Some(Rgb::WHITE),
            layers_by: Some(LayersBy::Role),
            ..Style::resolve("kufic").unwrap()
        };
        assert_eq!(labels(&plain), ["% background", "1 tours"]);
        assert_eq!(pen(&plain, Role::Frames, &[]), None);
    }

    #[test]
    fn glyphs_coloured_by_orbit_or_tour_get_a_pen_a_colour() {
        let red = Rgb(200, 0, 0);
        let blue = Rgb(0, 0, 200);
        let st = Style {
            color_by: Some(ColorBy::Orbit),
            palette: vec![Rgb::BLACK, red, blue],
            layers_by: Some(LayersBy::Color),
            frame: Some(red),
            ..Style::resolve("kufic").unwrap()
        };
        // Orbits 1, 2, 4, 8 by their prime factors, around the palette of three.
        let by_orbit: Vec<_> = [1, 2, 4, 8, 3, 6]
            .map(|o| tint(&st, 99, Some(o)).unwrap())
            .to_vec();
        assert_eq!(by_orbit, [Rgb::BLACK, red, blue, Rgb::BLACK, red, blue]);
        assert_eq!(tint(&st, 99, None), None);
        let every = [true; 3];
        let all = pens(&st, &every);
        let labels: Vec<_> = all.iter().map(Pen::label).collect();
        assert_eq!(
            labels,
            [
                "1 tours #000000",
                "2 tours+frames #c80000",
                "3 tours #0000c8"
            ]
        );
        let tinted = tinted(&st, &every);
        assert_eq!(tinted[2].0.stroke, Some(blue));
        assert_eq!(tinted[2].1.as_ref().unwrap().number, 3);
        assert_eq!(tinted[1].1, pen(&st, Role::Frames, &every));
        // Only the colours the glyphs take are pens, numbered without a gap: orbits of 2
        // and 8 take red and black (8 has 3 prime factors: black again).
        let taken = used(&st, Some([(0, Some(2)), (1, Some(8))]));
        assert_eq!(taken, [true, true, false]);
        let labels: Vec<_> = pens(&st, &taken).iter().map(Pen::label).collect();
        assert_eq!(labels, ["1 tours #000000", "2 tours+frames #c80000"]);
        // No glyph coloured (a single glyph): the stroke colour's pen.
        let labels: Vec<_> = pens(&st, &[]).iter().map(Pen::label).collect();
        assert_eq!(labels, ["1 tours #1a1a1a", "2 frames #c80000"]);
        assert_eq!(used(&st, None::<[(u128, Option<u32>); 0]>), every);
        // By tour: the ID around the palette; a style without colouring has no tint.
        let by_tour = Style {
            color_by: Some(ColorBy::Tour),
            ..st.clone()
        };
        assert_eq!(tint(&by_tour, 7, None), Some(red));
        let plain = Style {
            color_by: None,
            ..st
        };
        assert_eq!(tint(&plain, 7, Some(8)), None);
        assert_eq!(prime_factors(0), 0);
        assert_eq!(prime_factors(360), 6);
        assert_eq!(prime_factors(97), 1);
    }
}
