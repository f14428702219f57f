//! The requests of the jobs that take a board or a shaped board, plain data as the
//! flags, a URL's query or a manifest give them: a sheet ([`SheetRequest`], `render`),
//! one glyph ([`GlyphRequest`], `glyph`) and one tour found ([`FindRequest`], `find`),
//! and the glyph size's parser. They sit below the jobs that take them (`sheet`,
//! `glyph`, `find`, `shape_board`), which re-export them, so that a board's job may hand
//! a shaped board to `shape_board` without an import circle.

use super::animate::Motion;
use super::request::{Draw, Pick, ShapeKeys, Spec};
use std::path::PathBuf;
use tourglyph_core::{Error, Result};

/// A sheet, as `render`'s flags give it.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetRequest {
    /// What to draw.
    pub spec: Spec,
    /// Which tours.
    pub sel: Pick,
    /// `pdf`, `ps`, `eps`, `svg` or `png`; `None`: from the output file's extension (SVG
    /// with `split`).
    pub format: Option<String>,
    /// `a4`, `poster`, `WxHmm`, …
    pub page: String,
    /// Turn the page a quarter.
    pub landscape: bool,
    /// Glyphs per row (default: fill the page with square cells).
    pub columns: Option<u32>,
    /// A built-in style name or the path of a TOML file.
    pub style: String,
    /// A title on each page.
    pub title: Option<String>,
    /// No captions (tour IDs) under the glyphs.
    pub no_captions: bool,
    /// The style and raster flags over the style.
    pub draw: Draw,
    /// One file per selected tour into the folder the target names.
    pub split: bool,
    /// A font file to set titles and captions in, before the bundled fonts.
    pub font: Option<PathBuf>,
    /// SVG: draw text as outlines (paths) instead of editable text.
    pub text_as_paths: bool,
    /// SVG: one file a page and plotter pen (`sheet::split_layer_paths` names them), the style's
    /// layers by role unless it says otherwise.
    pub split_layers: bool,
    /// SVG: each glyph drawn as its tour is walked, all in step (`--animate` and its
    /// flags, [`super::animate`]); one page of at most
    /// [`super::animate::MAX_SHEET_WALKS`] glyphs.
    pub motion: Motion,
}

impl Default for SheetRequest {
    fn default() -> Self {
        SheetRequest {
            spec: Spec::default(),
            sel: Pick::default(),
            format: None,
            page: "a4".into(),
            landscape: false,
            columns: None,
            style: "line".into(),
            title: None,
            no_captions: false,
            draw: Draw::default(),
            split: false,
            font: None,
            text_as_paths: false,
            split_layers: false,
            motion: Motion::default(),
        }
    }
}

/// One glyph, as `glyph`'s flags give it.
#[derive(Clone, Debug, PartialEq)]
pub struct GlyphRequest {
    /// The piece as written.
    pub piece: String,
    /// The board as written.
    pub board: String,
    /// An open tour.
    pub open: bool,
    /// A tour on the torus, drawn as a tile.
    pub torus: bool,
    /// With `torus`: the tile drawn R×C times, as written (`4x4`).
    pub repeat: Option<String>,
    /// With `torus` and SVG: the tile as an SVG `<pattern>`.
    pub pattern: bool,
    /// The tour's ID, as written.
    pub id: Option<String>,
    /// The user's own tour: cells separated by spaces or semicolons.
    pub tour: Option<String>,
    /// A uniformly random tour, drawn with `seed`.
    pub random: bool,
    /// With `random`: among the tours this symmetry fixes, as written.
    pub symmetry: Option<String>,
    /// Seed for `random`.
    pub seed: u64,
    /// `svg`, `pdf`, `ps`, `eps` or `png`; `None`: from the file's extension (SVG on a
    /// writer or stdout).
    pub format: Option<String>,
    /// The glyph's size: `50mm`, `5cm`, `2in`.
    pub size: String,
    /// A built-in style name or the path of a TOML file.
    pub style: String,
    /// The style and raster flags over the style.
    pub draw: Draw,
    /// Build the diagram even when the estimate says it cannot finish in reasonable time
    /// (and write PNG images over 100 megapixels).
    pub force: bool,
    /// The animation flags ([`super::animate`]): none set, a still glyph.
    pub motion: Motion,
    /// A shaped board in place of `board` ([`super::shape_board`]).
    pub shape: ShapeKeys,
}

impl GlyphRequest {
    /// What the glyph is a tour of, as a [`Spec`]: the piece, the board or
    /// the shape.
    pub fn spec(&self) -> Spec {
        Spec {
            piece: self.piece.clone(),
            board: self.board.clone(),
            open: self.open,
            torus: self.torus,
            symmetry: self.symmetry.clone(),
            shape: self.shape.clone(),
            ..Spec::default()
        }
    }
}

impl Default for GlyphRequest {
    fn default() -> Self {
        GlyphRequest {
            piece: "rook".into(),
            board: String::new(),
            open: false,
            torus: false,
            repeat: None,
            pattern: false,
            id: None,
            tour: None,
            random: false,
            symmetry: None,
            seed: 0,
            format: None,
            size: "50mm".into(),
            style: "line".into(),
            draw: Draw::default(),
            force: false,
            motion: Motion::default(),
            shape: ShapeKeys::default(),
        }
    }
}

/// One tour to find, as `find`'s flags give it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FindRequest {
    /// The piece as written (default `knight`).
    pub piece: String,
    /// The board as written, `ROWSxCOLS`.
    pub board: String,
    /// A closed tour (the last cell is a move from the first).
    pub closed: bool,
    /// The start cell as written: algebraic (`e4`) or `ROW,COL`.
    pub start: Option<String>,
    /// Randomise tie-breaks reproducibly.
    pub seed: Option<u64>,
    /// A shaped board in place of `board` (`tourglyph::job::shape_board::find`).
    pub shape: ShapeKeys,
}

impl FindRequest {
    /// What the tour is of, as a [`Spec`]: the piece, the board or the shape.
    pub fn spec(&self) -> Spec {
        Spec {
            piece: self.piece.clone(),
            board: self.board.clone(),
            shape: self.shape.clone(),
            ..Spec::default()
        }
    }
}

impl Default for FindRequest {
    fn default() -> Self {
        FindRequest {
            piece: "knight".into(),
            board: String::new(),
            closed: false,
            start: None,
            seed: None,
            shape: ShapeKeys::default(),
        }
    }
}

/// `50mm`, `2in`, `5cm`, or a bare number of mm.
pub fn parse_size(s: &str) -> Result<f64> {
    let t = s.trim().to_ascii_lowercase();
    let (num, unit) = if let Some(n) = t.strip_suffix("mm") {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix("cm") {
        (n, 10.0)
    } else if let Some(n) = t.strip_suffix("in") {
        (n, 25.4)
    } else {
        (t.as_str(), 1.0)
    };
    match num.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && (x * unit).is_finite() => Ok(x * unit),
        _ => Err(Error::usage(format!(
            "bad size '{s}': write a length like 50mm, 5cm or 2in"
        ))),
    }
}
