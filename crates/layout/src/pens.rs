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
//!   its one `stroke` colour, so the glyphs of a sheet share one pen; the frames and the
//!   dots get pens of their own when their colours differ.
//!
//! Either way a page's background (a fill, never plotted) is on a layer `% background`.

use crate::style::{LayersBy, Style};
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

/// The roles a sheet draws, in pen order, with their colours (a role the style does not
/// draw is left out).
fn parts(style: &Style) -> Vec<(Role, &'static str, Rgb)> {
    let mut v = Vec::new();
    if let Some(c) = style.stroke {
        v.push((Role::Tours, "tours", c));
    }
    if let Some(c) = style.frame {
        v.push((Role::Frames, "frames", c));
    }
    if let Some(c) = style.dots {
        v.push((Role::Dots, "dots", c));
    }
    v
}

/// The pens of `style`, in layer order (the background's first): none when the style
/// asks for no layers.
pub fn pens(style: &Style) -> Vec<Pen> {
    let mut all: Vec<Pen> = Vec::new();
    let Some(by) = style.layers_by else {
        return all;
    };
    if style.background.is_some() {
        all.push(background());
    }
    let parts = parts(style);
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
                    Some((_, names)) => names.push(name),
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

/// The non-plotting layer of a page's background.
fn background() -> Pen {
    Pen {
        number: 0,
        name: "background".into(),
        color: None,
    }
}

/// The pen that draws `role` in `style`, among [`pens`]; `None` when the style asks for no
/// layers or does not draw it.
pub fn pen(style: &Style, role: Role) -> Option<Pen> {
    let by = style.layers_by?;
    if role == Role::Background {
        return style.background.map(|_| background());
    }
    let parts = parts(style);
    let (_, name, color) = *parts.iter().find(|(r, _, _)| *r == role)?;
    let all = pens(style);
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
        assert!(pens(&style(None)).is_empty());
        assert_eq!(pen(&style(None), Role::Tours), None);
        let labels = |st: &Style| pens(st).iter().map(Pen::label).collect::<Vec<_>>();
        let by_role = style(Some(LayersBy::Role));
        assert_eq!(labels(&by_role), ["1 tours", "2 frames", "3 dots"]);
        assert_eq!(pen(&by_role, Role::Dots).unwrap().label(), "3 dots");
        // Kufic's stroke is #1a1a1a, as the dots here: one pen for both.
        let by_colour = style(Some(LayersBy::Color));
        assert_eq!(
            labels(&by_colour),
            ["1 tours+dots #1a1a1a", "2 frames #c80000"]
        );
        assert_eq!(pen(&by_colour, Role::Dots), pen(&by_colour, Role::Tours));
        assert_eq!(pen(&by_colour, Role::Frames).unwrap().number, 2);
        // Without frames or dots, tours alone; a background on its own layer.
        let plain = Style {
            background: Some(Rgb::WHITE),
            layers_by: Some(LayersBy::Role),
            ..Style::resolve("kufic").unwrap()
        };
        assert_eq!(labels(&plain), ["% background", "1 tours"]);
        assert_eq!(pen(&plain, Role::Frames), None);
    }
}
