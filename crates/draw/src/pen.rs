//! Pens of a pen plotter: which pen draws a mark, so that a plot can change pens between
//! them. A document that is told its pens ([`crate::DocOptions::pens`]) draws each pen's
//! marks on a layer of its own: in SVG an Inkscape layer named by the AxiDraw convention,
//! the pen's number first (`1 tours`, `2 frames`), its stroke colour on the group; a pen
//! numbered 0 does not plot (its label starts with `%`, as `% captions` does, which the
//! AxiDraw software and vpype's users skip). A backend is told which pen draws what follows
//! with [`crate::Backend::pen`].
//!
//! Plain data: it imports only the drawing vocabulary.

use crate::marks::Rgb;

/// One pen: a layer of the drawing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pen {
    /// The pen's number, from 1; 0 for a layer that is not plotted.
    pub number: u32,
    /// What it draws, a word or two (`tours`, `frames`, `dots`).
    pub name: String,
    /// Its ink, when it has one colour (set on the layer's group).
    pub color: Option<Rgb>,
}

impl Pen {
    /// The layer's label: `1 tours`, or `% background` for a pen that is not plotted.
    pub fn label(&self) -> String {
        match self.number {
            0 => format!("% {}", self.name),
            n => format!("{n} {}", self.name),
        }
    }

    /// True for a pen that plots (numbered from 1).
    pub fn plots(&self) -> bool {
        self.number > 0
    }

    /// A name for files and XML ids: the label with every character that is not an ASCII
    /// letter, digit or `-` made `-` (`1-tours`, `2-frames-c0392b`).
    pub fn slug(&self) -> String {
        let label = match self.number {
            0 => format!("0 {}", self.name),
            _ => self.label(),
        };
        let mut s = String::with_capacity(label.len());
        for c in label.chars() {
            let c = if c.is_ascii_alphanumeric() { c } else { '-' };
            if !(c == '-' && (s.is_empty() || s.ends_with('-'))) {
                s.push(c);
            }
        }
        s.trim_end_matches('-').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_follow_the_axidraw_convention() {
        let p = |number, name: &str| Pen {
            number,
            name: name.into(),
            color: None,
        };
        assert_eq!(p(1, "tours").label(), "1 tours");
        assert_eq!(p(0, "background").label(), "% background");
        assert!(p(2, "frames").plots() && !p(0, "background").plots());
        assert_eq!(p(3, "tours #c0392b").slug(), "3-tours-c0392b");
        assert_eq!(p(0, "background").slug(), "0-background");
    }
}
