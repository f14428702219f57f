//! `shape`: closed tours of a shaped board (issue 30): a board cut from a text grid or
//! sampled from a picture ([`tourglyph_core::shape`] says how cells, parts and tuple IDs
//! are numbered), counted, listed and drawn as one glyph.
//!
//! Which tours: by tuple ID (the frontier diagram of each part, exact), or at random
//! with a seed by one of three methods ([`Method`]): `exact` (uniform over the tuples, by
//! the diagrams: narrow shapes only), `tree` (shapes made of 2×2 blocks, any size: the
//! walk around a uniform random spanning tree of the blocks, [`tourglyph_engine::blocks`];
//! varied, but not uniform among the tours) or `chain` (a Markov chain of 2-opt moves,
//! [`tourglyph_engine::chain`], run for `steps` proposals per part from the tree's tour,
//! or from the exact method's where the diagrams fit; any piece; not uniform either).
//! Without `method`, `exact` where the shape is at most [`EXACT_MAX_COLS`] columns wide,
//! else `tree` where the shape is made of blocks. Every answer says which method it used.

use super::{Draw, Opened, Target, json_str, single_format};
use std::io::Read;
use std::path::Path;
use tourglyph_core::shape::Shape;
use tourglyph_core::{Board, Error, Piece, Result};
use tourglyph_draw::png::PngOptions;
use tourglyph_draw::{DocOptions, Format, Label, Sink};
use tourglyph_engine::blocks;
use tourglyph_engine::chain::{self, ChainStats};
use tourglyph_engine::shape::ShapeDiagrams;
use tourglyph_layout::grid::Grid;
use tourglyph_layout::shape_glyph::{draw_shape_glyph, part_glyph};
use tourglyph_layout::{Sheet, SheetText, glyph::reach};

/// The widest shape (columns) the `exact` method takes without being asked: the
/// frontier diagrams of wider shapes grow too large to build quickly.
pub const EXACT_MAX_COLS: u32 = 14;

/// The chain's proposals per cell of a part when `--steps` is not given: enough that a
/// 2×2-block tree tour loses its tree look (most of its edges are exchanged) on the
/// shapes tried, from 8×8 to 200×200.
pub const DEFAULT_STEPS_PER_CELL: u64 = 20;

/// The largest shape file read, in bytes.
const MAX_SHAPE_FILE: u64 = 64 << 20;

/// Where the cells of a shaped board come from.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeRequest {
    /// The shape file: a text grid (`#` a cell, `.` none), or a PNG or SVG picture (by
    /// extension).
    pub file: String,
    /// For a picture: the cells it is sampled onto, `ROWSxCOLS`.
    pub board: Option<String>,
    /// For a picture: the share of a cell that must be dark for it to be in.
    pub threshold: f64,
    /// Take the shape in 2×2 blocks: a picture sampled onto half the rows and columns
    /// and each of those cells made a block; a text grid's cells each made a block.
    pub blocks: bool,
    /// The piece as written.
    pub piece: String,
    /// Instead of a file: this text set in the fonts (`\n` between lines) and sampled
    /// onto cells ([`tourglyph_draw::silhouette::text_mask`]).
    pub text: Option<String>,
    /// For `text`: a font file tried before the bundled fonts.
    pub font: Option<String>,
    /// For `text`: rows of cells per line of text.
    pub cell_height: u32,
    /// Instead of a file: a text grid itself (`#` a cell, `.` none), as typed into the
    /// explorer or written in a gallery manifest.
    pub grid: Option<String>,
}

impl Default for ShapeRequest {
    fn default() -> Self {
        ShapeRequest {
            file: String::new(),
            board: None,
            threshold: 0.5,
            blocks: false,
            piece: "rook".into(),
            text: None,
            font: None,
            cell_height: 24,
            grid: None,
        }
    }
}

/// Each cell of `shape` made a 2×2 block.
fn doubled(shape: &Shape) -> Result<Shape> {
    let b = shape.board();
    let big = Board::new(b.rows * 2, b.cols * 2);
    let mask: Vec<bool> = (0..big.cells() as u32)
        .map(|c| {
            let (r, col) = big.coords(c);
            shape.contains(b.cell(r / 2, col / 2))
        })
        .collect();
    Shape::from_mask(big, &mask)
}

fn read_bytes(path: &Path) -> Result<Vec<u8>> {
    let mut buf = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_SHAPE_FILE + 1).read_to_end(&mut buf))
        .map_err(|e| Error::file(path, e))?;
    if buf.len() as u64 > MAX_SHAPE_FILE {
        return Err(Error::usage(format!(
            "shape file {} is over {} MB: give a smaller picture or grid",
            path.display(),
            MAX_SHAPE_FILE >> 20
        )));
    }
    Ok(buf)
}

/// The shape `req` describes.
pub fn load(req: &ShapeRequest) -> Result<Shape> {
    if let Some(text) = &req.text {
        return text_shape(req, text);
    }
    if let Some(grid) = &req.grid {
        if req.board.is_some() {
            return Err(Error::usage(
                "--shape-board samples a picture; a --shape-grid's lines give the cells: drop --shape-board",
            ));
        }
        let s = Shape::parse_text(grid)?;
        return if req.blocks { doubled(&s) } else { Ok(s) };
    }
    let path = Path::new(&req.file);
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let bytes = read_bytes(path)?;
    let picture = matches!(ext.as_deref(), Some("png" | "svg"));
    let shape = if picture {
        let board: Board = req
            .board
            .as_deref()
            .ok_or_else(|| {
                Error::usage(format!(
                    "shape picture {} needs --board ROWSxCOLS: the cells it is sampled onto",
                    path.display()
                ))
            })?
            .parse()?;
        let (rows, cols) = if req.blocks {
            if board.rows < 2 || board.cols < 2 {
                return Err(Error::usage(
                    "--blocks takes the picture in 2x2 blocks: give --board with at least 2 rows and 2 columns",
                ));
            }
            (board.rows / 2, board.cols / 2)
        } else {
            (board.rows, board.cols)
        };
        if u64::from(rows) * u64::from(cols) > 25_000_000 {
            return Err(Error::usage(format!(
                "--board {board} samples too many cells for a shape (at most 25,000,000{}): use a smaller board",
                if req.blocks { " blocks" } else { "" }
            )));
        }
        let mask = if ext.as_deref() == Some("png") {
            tourglyph_draw::silhouette::png_mask(&bytes, rows, cols, req.threshold)?
        } else {
            tourglyph_draw::silhouette::svg_mask(&bytes, rows, cols, req.threshold)?
        };
        let s = Shape::from_mask(Board::new(rows, cols), &mask)?;
        return if req.blocks { doubled(&s) } else { Ok(s) };
    } else {
        if req.board.is_some() {
            return Err(Error::usage(format!(
                "--board samples a picture; shape {} is a text grid, whose lines give the cells: drop --board",
                path.display()
            )));
        }
        let text = String::from_utf8(bytes).map_err(|_| {
            Error::usage(format!(
                "shape file {} is neither UTF-8 text nor a .png or .svg picture",
                path.display()
            ))
        })?;
        Shape::parse_text(&text)?
    };
    if req.blocks {
        doubled(&shape)
    } else {
        Ok(shape)
    }
}

/// A text set in the fonts and sampled onto cells: `cell_height` rows a line, taken
/// in 2×2 blocks (each sampled cell a block, so half as many rows are sampled) when
/// `blocks` is set.
fn text_shape(req: &ShapeRequest, text: &str) -> Result<Shape> {
    if req.board.is_some() {
        return Err(Error::usage(
            "--board samples a picture; --shape-text sets its size with --cell-height ROWS: drop --board",
        ));
    }
    let fonts = tourglyph_draw::text::Fonts::with_user(req.font.as_deref().map(Path::new))?;
    let rows = if req.blocks {
        if req.cell_height < 2 {
            return Err(Error::usage(
                "--cell-height is at least 2 rows in 2x2 blocks: give a larger --cell-height (or --no-blocks)",
            ));
        }
        req.cell_height / 2
    } else {
        req.cell_height
    };
    let t = tourglyph_draw::silhouette::text_mask(&fonts, text, rows, req.threshold)?;
    let s = Shape::from_mask(Board::new(t.rows, t.cols), &t.mask)?;
    if req.blocks { doubled(&s) } else { Ok(s) }
}

/// `shape count`'s figures.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeCount {
    /// The shape's bounding board.
    pub board: Board,
    /// Cells inside.
    pub cells: usize,
    /// The piece.
    pub piece: String,
    /// Each part's count of closed tours, in part order.
    pub parts: Vec<u128>,
    /// The tuples of tours (the product).
    pub total: u128,
}

impl ShapeCount {
    /// One JSON object.
    pub fn json(&self) -> String {
        let parts: Vec<String> = self.parts.iter().map(|c| format!("\"{c}\"")).collect();
        format!(
            "{{\"piece\":{},\"board\":\"{}\",\"cells\":{},\"parts\":[{}],\"count\":\"{}\"}}\n",
            json_str(&self.piece),
            self.board,
            self.cells,
            parts.join(","),
            self.total
        )
    }

    /// The text answer: the count alone, as `count --board` prints its count, so that
    /// stdout reads as a number; [`Self::sentence`] says what it counts, for stderr.
    pub fn text(&self) -> String {
        format!("{}\n", self.total)
    }

    /// What the count is, in a sentence (without a newline): "1 closed rook tour tuple(s)
    /// of a shape of 10 cells in 3x4: 1 part(s), counts 1".
    pub fn sentence(&self) -> String {
        let parts: Vec<String> = self.parts.iter().map(u128::to_string).collect();
        format!(
            "{} closed {} tour tuple(s) of a shape of {} cells in {}: {} part(s), counts {}",
            self.total,
            self.piece,
            self.cells,
            self.board,
            self.parts.len(),
            parts.join(" × ")
        )
    }
}

/// Count the closed tours of the shape: a count per part and their product.
pub fn count(req: &ShapeRequest, force: bool) -> Result<ShapeCount> {
    let shape = load(req)?;
    let piece: Piece = req.piece.parse()?;
    let d = diagrams(&shape, &piece, force)?;
    Ok(ShapeCount {
        board: shape.board(),
        cells: shape.len(),
        piece: piece.to_string(),
        parts: d.part_counts(),
        total: d.count(),
    })
}

/// The parts' diagrams of `shape`, refusing shapes too wide to enumerate unless `force`.
pub(crate) fn diagrams(shape: &Shape, piece: &Piece, force: bool) -> Result<ShapeDiagrams> {
    if !force && shape.board().cols > 2 * EXACT_MAX_COLS {
        return Err(Error::usage(format!(
            "the shape's board {} is too wide to enumerate (more than {} columns): draw a tour around a random spanning tree of its 2x2 blocks (--random --blocks, for a shape made of or sampled in 2x2 blocks), or add --force",
            shape.board(),
            2 * EXACT_MAX_COLS
        )));
    }
    ShapeDiagrams::build(shape, piece, &super::budget(force))
}

/// How a tour of a shape was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// By the parts' frontier diagrams: by ID, or uniform at random.
    Exact,
    /// Around a uniform random spanning tree of the 2×2 blocks (not uniform tours).
    Tree,
    /// A Markov chain of 2-opt moves from the tree's (or the exact method's) tour.
    Chain,
}

impl Method {
    /// The method's name, as `--method` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Method::Exact => "exact",
            Method::Tree => "tree",
            Method::Chain => "chain",
        }
    }

    /// Parse `--method`.
    pub fn parse(s: &str) -> Result<Method> {
        match s {
            "exact" => Ok(Method::Exact),
            "tree" => Ok(Method::Tree),
            "chain" => Ok(Method::Chain),
            _ => Err(Error::usage(format!(
                "unknown --method '{s}'{}: give exact (the diagrams: by ID or uniform), tree (2x2-block shapes: around a random spanning tree) or chain (a Markov chain of local moves, --steps N)",
                tourglyph_core::names::did_you_mean(s, ["exact", "tree", "chain"])
            ))),
        }
    }
}

/// Which tour of a shape.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShapePick {
    /// The tuple's ID, as written.
    pub id: Option<String>,
    /// A random tour drawn with `seed`.
    pub random: bool,
    /// Seed for `random`.
    pub seed: u64,
    /// `exact`, `tree` or `chain`; `None`: chosen as the module says.
    pub method: Option<String>,
    /// For `chain`: proposals per part; `None`: [`DEFAULT_STEPS_PER_CELL`] per cell.
    pub steps: Option<u64>,
    /// Build diagrams even when the shape looks too large.
    pub force: bool,
}

/// A chosen tour of a shape: each part's cells in walking order (cells of the shape's
/// board), the method, and the tuple ID when the method gives one.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeTour {
    /// The shape.
    pub shape: Shape,
    /// Each part's closed tour, as board cells in walking order.
    pub parts: Vec<Vec<u32>>,
    /// The method used.
    pub method: Method,
    /// The tuple ID (exact method).
    pub id: Option<u128>,
    /// For `chain`: the moves proposed and accepted, summed over the parts.
    pub chain: Option<ChainStats>,
}

impl ShapeTour {
    /// How the tour was chosen, for a one-line report: `method tree`, or
    /// `method chain (P moves proposed, A accepted)`.
    pub fn how(&self) -> String {
        match self.chain {
            Some(c) => format!(
                "method {} ({} moves proposed, {} accepted)",
                self.method.name(),
                c.proposed,
                c.accepted
            ),
            None => format!("method {}", self.method.name()),
        }
    }

    /// One JSON object: the method, the ID (or null), the board, and each part's cells as
    /// `[row, col]` pairs in walking order.
    pub fn json(&self) -> String {
        let b = self.shape.board();
        let mut s = String::with_capacity(self.parts.iter().map(|p| p.len() * 10).sum());
        s.push_str(&format!(
            "{{\"method\":\"{}\",\"id\":{},{}\"board\":\"{b}\",\"parts\":[",
            self.method.name(),
            self.id.map_or("null".to_string(), |i| format!("\"{i}\"")),
            self.chain.map_or(String::new(), |c| format!(
                "\"steps\":{},\"accepted\":{},",
                c.proposed, c.accepted
            ))
        ));
        for (i, p) in self.parts.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            s.push('[');
            for (j, &c) in p.iter().enumerate() {
                let (r, col) = b.coords(c);
                if j > 0 {
                    s.push(',');
                }
                s.push_str(&format!("[{r},{col}]"));
            }
            s.push(']');
        }
        s.push_str("]}\n");
        s
    }
}

/// The tour `pick` asks for on the shape of `req`.
pub fn pick(req: &ShapeRequest, pick: &ShapePick) -> Result<ShapeTour> {
    let shape = load(req)?;
    let piece: Piece = req.piece.parse()?;
    let method = match &pick.method {
        Some(m) => Method::parse(m)?,
        None if pick.id.is_some() || shape.board().cols <= EXACT_MAX_COLS => Method::Exact,
        None if blocks::block_mask(&shape).is_some() => Method::Tree,
        None => Method::Exact,
    };
    if pick.steps.is_some() && method != Method::Chain {
        return Err(Error::usage(
            "--steps sets the length of the chain: add --method chain",
        ));
    }
    if method != Method::Exact && pick.id.is_some() {
        return Err(Error::usage(format!(
            "--id numbers the tours of the exact method; the {} method draws with --random --seed S",
            method.name()
        )));
    }
    // The chain starts from the tree's tour where the shape is made of blocks (the rook),
    // else from the exact method's tour drawn with the same seed.
    let start = match method {
        Method::Tree => Method::Tree,
        Method::Chain if piece.is_rook() && blocks::block_mask(&shape).is_some() => Method::Tree,
        _ => Method::Exact,
    };
    let (mut parts, id) = if start == Method::Tree {
        (tree_parts(&shape, &piece, pick.seed)?, None)
    } else {
        exact_parts(&shape, &piece, pick, method)?
    };
    let mut stats = None;
    if method == Method::Chain {
        let graphs = shape.part_graphs(&piece)?;
        let mut total = ChainStats::default();
        for t in &mut parts {
            let g = graphs
                .iter()
                .find(|g| (0..g.vertex_count() as u32).any(|v| g.cell_of(v) == t[0]))
                .expect("each tour lies in one part");
            let s = mix_part(g, t, pick);
            total.proposed += s.proposed;
            total.accepted += s.accepted;
        }
        stats = Some(total);
    }
    Ok(ShapeTour {
        shape,
        parts,
        method,
        id,
        chain: stats,
    })
}

/// Mix one part's tour (board cells in walking order) by the chain, in place, and
/// start it again at its smallest cell, towards the smaller of its two neighbours.
fn mix_part(
    g: &tourglyph_core::graph::LeapGraph,
    t: &mut Vec<u32>,
    pick: &ShapePick,
) -> ChainStats {
    let n = g.vertex_count();
    let mut vertex = std::collections::BTreeMap::new();
    for v in 0..n as u32 {
        vertex.insert(g.cell_of(v), v);
    }
    let mut vs: Vec<u32> = t.iter().map(|c| vertex[c]).collect();
    let steps = match pick.steps {
        Some(s) => s,
        None => DEFAULT_STEPS_PER_CELL.saturating_mul(n as u64),
    };
    // Each part gets its own stream: the seed mixed with the part's first cell.
    let seed = pick.seed ^ (u64::from(t[0])).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let s = chain::mix(g, &mut vs, steps, seed);
    debug_assert!(chain::is_closed_tour(g, &vs));
    let k = (0..n).min_by_key(|&k| g.cell_of(vs[k])).unwrap_or(0);
    vs.rotate_left(k);
    if n > 2 && g.cell_of(vs[n - 1]) < g.cell_of(vs[1]) {
        vs[1..].reverse();
    }
    *t = vs.into_iter().map(|v| g.cell_of(v)).collect();
    s
}

/// One tour per part around a random spanning tree of the blocks (rook only).
pub(crate) fn tree_parts(shape: &Shape, piece: &Piece, seed: u64) -> Result<Vec<Vec<u32>>> {
    if !piece.is_rook() {
        return Err(Error::usage(format!(
            "the tree method draws rook tours; the {piece} needs --method exact or chain"
        )));
    }
    // Provable refusals first, as for the exact method.
    for (i, g) in shape.part_graphs(piece)?.iter().enumerate() {
        if let Some(why) = tourglyph_core::shape::refusal(g, i) {
            return Err(Error::runtime(format!("{why}; change the shape")));
        }
    }
    blocks::tree_tours(shape, seed).ok_or_else(|| {
        Error::usage(
            "the tree method needs a shape made of 2x2 blocks: add --blocks, or use --method exact",
        )
    })
}

/// The tuple by ID (or drawn uniformly with the seed) from the parts' diagrams.
fn exact_parts(
    shape: &Shape,
    piece: &Piece,
    pick: &ShapePick,
    method: Method,
) -> Result<(Vec<Vec<u32>>, Option<u128>)> {
    let d = diagrams(shape, piece, pick.force)?;
    let id = match (&pick.id, pick.random) {
        (Some(id), _) => id.trim().parse::<u128>().map_err(|_| {
            Error::usage(format!(
                "bad tour ID '{id}': give a whole number from 0 (see `tourglyph shape count`)"
            ))
        })?,
        (None, true) => d.random_id(pick.seed),
        (None, false) => {
            return Err(Error::usage(
                "say which tour: --id N or --random [--seed S]",
            ));
        }
    };
    let tours = d.unrank(id).ok_or_else(|| {
        Error::usage(format!(
            "no tour with ID {id}: the shape has {} tour tuples (IDs 0 to {})",
            d.count(),
            d.count() - 1
        ))
    })?;
    let parts = d
        .parts
        .iter()
        .zip(&tours)
        .map(|((g, _), t)| t.cells(g).into_iter().map(|v| g.cell_of(v)).collect())
        .collect();
    // A chain from the exact tour is not that ID's tour any more.
    Ok((parts, (method == Method::Exact).then_some(id)))
}

/// How the glyph looks and where it goes.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeDrawing {
    /// `svg`, `pdf`, `ps`, `eps` or `png`; `None`: from the file's extension.
    pub format: Option<String>,
    /// The glyph's size: `50mm`, `5cm`, `2in`.
    pub size: String,
    /// A built-in style name or the path of a TOML file.
    pub style: String,
    /// The style and raster flags over the style.
    pub draw: Draw,
    /// Write PNG images over 100 megapixels.
    pub force: bool,
}

impl Default for ShapeDrawing {
    fn default() -> Self {
        ShapeDrawing {
            format: None,
            size: "50mm".into(),
            style: "line".into(),
            draw: Draw::default(),
            force: false,
        }
    }
}

/// Draw `tour` as one glyph to `target`; returns its format.
pub fn glyph(tour: &ShapeTour, d: &ShapeDrawing, target: Target<'_>) -> Result<Format> {
    let style = super::style_with(&d.style, &d.draw)?;
    let png = PngOptions {
        smaller: Some("--size"),
        ..super::png_options(&d.draw, d.force)
    };
    let format = single_format(d.format.as_deref(), &target)?;
    // A shape's parts are closed rook tours, drawn as the format draws them.
    tourglyph_layout::bridge::check(&super::style::for_format(style.clone(), format), true, true)?;
    let size = super::drawing::parse_size(&d.size)?;
    let shape = &tour.shape;
    let parts: Vec<_> = tour
        .parts
        .iter()
        .map(|p| part_glyph(shape, p, &style))
        .collect();
    let mut grid = Grid::single(shape.board(), size, style.padding)?;
    grid.spec.reach = reach(&style, &Piece::rook(), true);
    format.check_size(grid.width, grid.height, png)?;
    let out = Opened::open(target)?;
    let title = format!(
        "closed tours of a shape of {} cells in {} ({}), {}",
        shape.len(),
        shape.board(),
        crate::describe::count(tour.parts.len() as u128, "part", "parts"),
        match tour.id {
            Some(id) => format!("ID {id}"),
            None => format!("{} method", tour.method.name()),
        }
    );
    let label = Label {
        id: tour
            .id
            .map_or("tour".to_string(), |id| format!("tour-{id}")),
        title: title.clone(),
    };
    let opts = DocOptions {
        title,
        desc: String::new(),
        png,
        pdf_threads: Some(0),
        ..DocOptions::default()
    };
    let doc = format.open(Sink::Stream(Vec::new()), opts)?;
    let mut sheet = Sheet::new(doc, grid, &style, SheetText::default());
    sheet.push_with("", |b, place, st| {
        draw_shape_glyph(b, place, st, shape, &parts, Some(&label))
    })?;
    let bytes = sheet.finish()?.into_writers().concat();
    out.finish(&bytes)?;
    Ok(format)
}
