//! The library's typed front door: a set of tours ([`Tours`]) counted, walked, picked by
//! ID or at random, and drawn ([`Drawing`]).
//!
//! Every method goes through the same jobs as the command line, so a count is the one
//! `tourglyph count` prints, a tour ID is the one `tourglyph list` numbers, and a drawing's
//! bytes are the file `tourglyph glyph` or `tourglyph render` writes. The engines' budget
//! (memory, and a time estimate lifted by [`Tours::force`]) is checked before the work.
//!
//! ```
//! use tourglyph::{Board, Piece, Tours};
//! let rook = Tours::closed(Piece::rook(), "6x6".parse::<Board>()?);
//! assert_eq!(rook.count()?, 1072u32.into());
//! assert_eq!(rook.clone().classes().count()?, 149u32.into());
//! # Ok::<(), tourglyph::Error>(())
//! ```

use crate::job::counters::Counted;
use crate::job::request::{Pick, Silent, Spec, impossible};
use crate::job::source::{self, count, resolve};
use crate::output::{OutOptions, Target};
use num_bigint::BigUint;
use std::ops::Range;
use std::path::Path;
use tourglyph_core::{Board, Error, LeapGraph, Piece, Result, Tour};
use tourglyph_draw::document::Format;
use tourglyph_engine::Flow;
use tourglyph_engine::select::Item;
use tourglyph_engine::symmetric_tours::Symmetry;

/// A set of tours: a piece's closed or open tours of a board (or of the torus), all of
/// them or one per symmetry class, the non-crossing ones, or those a symmetry fixes.
///
/// Built in one expression and cheap to clone; nothing is computed until it is asked:
///
/// ```
/// use tourglyph::{Piece, Tours};
/// let knights = Tours::closed(Piece::knight(), "6x6".parse()?);
/// assert_eq!(knights.count()?, 9862u32.into());
/// let first = knights.tour(0)?;
/// assert_eq!(first.cells(&knights.graph()?).len(), 36);
/// # Ok::<(), tourglyph::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Tours {
    spec: Spec,
    force: bool,
}

impl Tours {
    /// The closed tours (Hamiltonian cycles) of `piece` on `board`.
    pub fn closed(piece: Piece, board: Board) -> Tours {
        Tours {
            spec: Spec {
                piece,
                board: Some(board),
                ..Spec::default()
            },
            force: false,
        }
    }

    /// The open tours (Hamiltonian paths) of `piece` on `board`.
    pub fn open(piece: Piece, board: Board) -> Tours {
        let mut t = Tours::closed(piece, board);
        t.spec.open = true;
        t
    }

    /// On the torus: the board's edges wrap around (closed rook tours).
    pub fn on_torus(mut self) -> Tours {
        self.spec.torus = true;
        self
    }

    /// One tour per symmetry class of the board (its representative, the least ID).
    pub fn classes(mut self) -> Tours {
        self.spec.classes = true;
        self
    }

    /// Only the tours whose drawn line never crosses itself.
    pub fn non_crossing(mut self) -> Tours {
        self.spec.non_crossing = true;
        self
    }

    /// Only the tours `symmetry` fixes.
    pub fn fixed_by(mut self, symmetry: Symmetry) -> Tours {
        self.spec.symmetry = Some(symmetry);
        self
    }

    /// Do the work even where the estimate says it cannot finish in reasonable time (the
    /// command line's `--force`); the memory budget still holds.
    pub fn force(mut self) -> Tours {
        self.force = true;
        self
    }

    /// The leap graph the tours are drawn on: a tour's cells, names and edges are read
    /// through it ([`Tour::cells`], [`Tour::algebraic`]).
    pub fn graph(&self) -> Result<LeapGraph> {
        Ok(resolve(&self.spec, None)?.graph)
    }

    /// The number of tours in the set: of classes with [`Tours::classes`], of
    /// non-crossing or symmetric tours with those filters. Counted by the engine the
    /// plan chooses for the board (`tourglyph count`'s number).
    pub fn count(&self) -> Result<BigUint> {
        let c = self.counts()?;
        Ok(match (c.classes, c.symmetric, c.selected) {
            (Some((classes, _)), _, _) => classes,
            (None, Some((_, fixed)), _) => fixed,
            (None, None, Some(selected)) => selected,
            (None, None, None) => c.tours,
        })
    }

    /// Every figure of the count at once (`tourglyph count --classes --json`): the tours,
    /// the classes and their orbit sizes, the tours each symmetry fixes.
    pub fn counts(&self) -> Result<Counted> {
        count(&self.spec, self.force, &Silent)
    }

    /// The tour with ID `id` (its rank in ID order, as `tourglyph list` numbers them).
    pub fn tour(&self, id: u128) -> Result<Tour> {
        let mut found = None;
        self.for_each(id..id.saturating_add(1), |item| {
            found = Some(item.tour);
            Flow::Stop
        })?;
        found.ok_or_else(|| {
            Error::usage(format!(
                "no tour with ID {id} in this set: count it to see its IDs"
            ))
        })
    }

    /// The selected tours whose IDs lie in `ids`, in ID order, each handed to `f` with
    /// its ID (and its orbit size with [`Tours::classes`]) until `f` returns
    /// [`Flow::Stop`]; returns how many `f` was given.
    ///
    /// ```
    /// use tourglyph::{Piece, Tours, engine::Flow};
    /// let mut ids = Vec::new();
    /// Tours::closed(Piece::rook(), "4x4".parse()?).for_each(0..u128::MAX, |item| {
    ///     ids.push(item.id);
    ///     Flow::Continue
    /// })?;
    /// assert_eq!(ids, [0, 1, 2, 3, 4, 5]);
    /// # Ok::<(), tourglyph::Error>(())
    /// ```
    pub fn for_each(&self, ids: Range<u128>, f: impl FnMut(Item) -> Flow) -> Result<u64> {
        let pick = Pick {
            force: self.force,
            ..Pick::default()
        };
        let mut r = resolve(&self.spec, Some(&pick))?;
        source::for_each(&mut r, ids, self.force, f)
    }

    /// A tour drawn uniformly at random from the set (one class, uniformly, with
    /// [`Tours::classes`]), the same for the same `seed` (`tourglyph list --sample 1
    /// --seed SEED`).
    pub fn random(&self, seed: u64) -> Result<Item> {
        if self.spec.non_crossing || self.spec.symmetry.is_some() {
            return Err(Error::usage(
                "a random tour is drawn from all tours or from the classes: walk the non-crossing or symmetric ones with for_each, or use `tourglyph glyph --random --symmetry`",
            ));
        }
        let mut r = resolve(&self.spec, None)?;
        if let Some(why) = impossible(&r) {
            return Err(Error::no_tour(why));
        }
        let picked = source::sample_one(&mut r, seed, self.force)?;
        picked.ok_or_else(|| Error::runtime("the set holds no tour to draw"))
    }

    /// One tour of the set, the one with ID `id`, as a glyph to draw.
    ///
    /// ```
    /// use tourglyph::{Piece, Tours, draw::document::Format};
    /// let svg = Tours::closed(Piece::rook(), "6x6".parse()?)
    ///     .glyph(17)
    ///     .style("kufic")
    ///     .to_bytes(Format::Svg)?;
    /// assert!(svg.starts_with(b"<?xml"));
    /// # Ok::<(), tourglyph::Error>(())
    /// ```
    pub fn glyph(&self, id: u128) -> Drawing {
        Drawing {
            tours: self.clone(),
            what: What::Glyph(id),
            style: "line".into(),
            size_mm: 50.0,
            page: "a4".into(),
            title: None,
        }
    }

    /// Every tour of the set on a sheet, page after page, each with its ID below it.
    pub fn sheet(&self) -> Drawing {
        Drawing {
            what: What::Sheet,
            ..self.glyph(0)
        }
    }
}

/// One glyph or a sheet of a set of tours, in a style, written to bytes or to a file in
/// any format `tourglyph` writes ([`Format`]).
///
/// ```no_run
/// use tourglyph::{Piece, Tours};
/// Tours::closed(Piece::rook(), "6x6".parse()?)
///     .sheet()
///     .style("kufic")
///     .page("a1")
///     .title("The 1,072 closed rook tours of 6×6")
///     .write("poster.pdf")?;
/// # Ok::<(), tourglyph::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Drawing {
    tours: Tours,
    what: What,
    style: String,
    size_mm: f64,
    page: String,
    title: Option<String>,
}

#[derive(Clone, Copy, Debug)]
enum What {
    Glyph(u128),
    Sheet,
}

impl Drawing {
    /// The style: a built-in name (`line`, `kufic`, `filled`, `arabesque`, `plotter`,
    /// `leaper`, …; `tourglyph styles` lists them) or the path of a TOML style file.
    pub fn style(mut self, name_or_path: &str) -> Drawing {
        self.style = name_or_path.into();
        self
    }

    /// A glyph's width in millimetres (default 50).
    pub fn size_mm(mut self, mm: f64) -> Drawing {
        self.size_mm = mm;
        self
    }

    /// A sheet's page: `a4` (the default), `a1`, `letter`, `poster`, `WxHmm`, ….
    pub fn page(mut self, page: &str) -> Drawing {
        self.page = page.into();
        self
    }

    /// A sheet's title, on each page.
    pub fn title(mut self, title: &str) -> Drawing {
        self.title = Some(title.into());
        self
    }

    /// The drawing's bytes in `format` (a sheet of one page for SVG and PNG).
    pub fn to_bytes(&self, format: Format) -> Result<Vec<u8>> {
        let mut bytes = Vec::new();
        self.draw(Some(format), Target::Writer(&mut bytes))?;
        Ok(bytes)
    }

    /// Write the drawing to `path`, in the format its extension names; the file is
    /// complete or absent (written under a temporary name, then renamed).
    pub fn write(&self, path: impl AsRef<Path>) -> Result<()> {
        self.draw(None, Target::Path(path.as_ref(), OutOptions::default()))
    }

    fn draw(&self, format: Option<Format>, target: Target<'_>) -> Result<()> {
        let t = &self.tours;
        let format = format.map(|f| f.extension().to_string());
        match self.what {
            What::Glyph(id) => {
                let req = crate::job::request::GlyphRequest {
                    piece: t.spec.piece.clone(),
                    board: t.spec.board,
                    open: t.spec.open,
                    torus: t.spec.torus,
                    id: Some(id.to_string()),
                    format,
                    size: format!("{}mm", self.size_mm),
                    style: self.style.clone(),
                    force: t.force,
                    ..Default::default()
                };
                crate::job::glyph::glyph(&req, target)?;
            }
            What::Sheet => {
                let req = crate::job::request::SheetRequest {
                    spec: t.spec.clone(),
                    sel: Pick {
                        force: t.force,
                        ..Pick::default()
                    },
                    format,
                    page: self.page.clone(),
                    style: self.style.clone(),
                    title: self.title.clone(),
                    ..Default::default()
                };
                crate::job::sheet_drawing::sheet_pages(&req, target, &Silent, None)?;
            }
        }
        Ok(())
    }
}
