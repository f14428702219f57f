//! A shaped board as a source of tours (issue 30): a board cut from a text grid or
//! sampled from a picture ([`tourglyph_core::board_shape`] says how cells, parts and tuple IDs
//! are numbered), loaded, counted, listed and its tours picked; `tourglyph shape
//! count|tour` and the ordinary commands given `--shape` (`count`, `list`, `find`) read
//! them here, and [`super::shaped_drawing`] draws them.
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
//!
//! On the ordinary commands, `--shape FILE` (or `--shape-text TEXT`) stands in place of
//! `--board` ([`shape_of`]). A shape's tours are tuples of closed tours, one per part,
//! numbered in mixed radix ([`tourglyph_core::board_shape`]); the selection flags (`--range`,
//! `--limit`, `--shard`, `--sample K --seed S`) pick tuple IDs as they pick tour IDs on a
//! board. What has no meaning on a shape yet (open tours, classes, the crossing filter, the
//! torus, a symmetry, `--split`, animation, your own `--tour`) is refused with a one-line
//! usage error naming the flag.

use super::json::{Pairs, Text, coords_of, line, push_line};
use super::request::FindRequest;
use super::{Pick, ShapeKeys, Spec};
use std::io::Read;
use std::io::Write;
use std::path::Path;
use tourglyph_core::board_shape::Shape;
use tourglyph_core::{Board, Error, Piece, Result};
use tourglyph_engine::blocks;
use tourglyph_engine::chain::{self, ChainStats};
use tourglyph_engine::sample::{Sampler, parse_shard, shard_range};
use tourglyph_engine::select::parse_range;
use tourglyph_engine::shape_diagrams::ShapeDiagrams;

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
    /// The piece.
    pub piece: Piece,
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
            piece: Piece::rook(),
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

/// `shape count --json`'s object: the counts as strings.
#[derive(serde::Serialize)]
struct ShapeCountJson<'a> {
    piece: &'a str,
    board: Text<Board>,
    cells: usize,
    parts: Vec<Text<&'a u128>>,
    count: Text<u128>,
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
        line(&ShapeCountJson {
            piece: &self.piece,
            board: Text(self.board),
            cells: self.cells,
            parts: self.parts.iter().map(Text).collect(),
            count: Text(self.total),
        })
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
pub fn count_shape(req: &ShapeRequest, force: bool) -> Result<ShapeCount> {
    let shape = load(req)?;
    let d = part_diagrams(&shape, &req.piece, force)?;
    Ok(ShapeCount {
        board: shape.board(),
        cells: shape.len(),
        piece: req.piece.to_string(),
        parts: d.part_counts(),
        total: d.count(),
    })
}

/// The parts' diagrams of `shape`, refusing shapes too wide to enumerate unless `force`.
pub(crate) fn part_diagrams(shape: &Shape, piece: &Piece, force: bool) -> Result<ShapeDiagrams> {
    if !force && shape.board().cols > 2 * EXACT_MAX_COLS {
        return Err(Error::usage(format!(
            "the shape's board {} is too wide to enumerate (more than {} columns): draw a tour around a random spanning tree of its 2x2 blocks (--random --blocks, for a shape made of or sampled in 2x2 blocks), or add --force",
            shape.board(),
            2 * EXACT_MAX_COLS
        )));
    }
    ShapeDiagrams::build(shape, piece, &super::limits::budget(force))
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
        let coords = coords_of(b);
        line(&ShapeTourJson {
            method: self.method.name(),
            id: self.id.map(Text),
            steps: self.chain.map(|c| c.proposed),
            accepted: self.chain.map(|c| c.accepted),
            board: Text(b),
            parts: self
                .parts
                .iter()
                .map(|p| Pairs {
                    coords: &coords,
                    cells: p,
                })
                .collect(),
        })
    }
}

/// `shape tour --json`'s object: the ID a string (or null), the chain's figures when
/// the method is `chain`.
#[derive(serde::Serialize)]
struct ShapeTourJson<'a> {
    method: &'a str,
    id: Option<Text<u128>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    accepted: Option<u64>,
    board: Text<Board>,
    parts: Vec<Pairs<'a>>,
}

/// `list --shape --json`'s line of one tuple.
#[derive(serde::Serialize)]
struct ShapeListLine<'a> {
    id: u128,
    parts: Vec<Pairs<'a>>,
}

/// The tour `pick` asks for on the shape of `req`.
pub fn pick(req: &ShapeRequest, pick: &ShapePick) -> Result<ShapeTour> {
    let shape = load(req)?;
    let piece: Piece = req.piece.clone();
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
        if let Some(why) = tourglyph_core::board_shape::refusal(g, i) {
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
    let d = part_diagrams(shape, piece, pick.force)?;
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

/// The most glyphs `render --shape` draws on one sheet (and IDs it lists without a
/// stream): enough for a poster of small shapes.
pub const MAX_SHAPE_GLYPHS: u128 = 100_000;

/// The shaped board `spec` gives in place of its board (`None`: none is given): the one
/// place that turns the front doors' shape keys ([`ShapeKeys`]) into a shape request and
/// decides their defaults (a text is taken in 2×2 blocks unless `no_blocks`; a cell is
/// in when more than 0.3 of it is dark for a text, 0.5 for a picture).
pub fn shape_of(spec: &Spec) -> Result<Option<ShapeRequest>> {
    let k: &ShapeKeys = &spec.shape;
    if !k.given() {
        if k.blocks || k.threshold.is_some() {
            return Err(Error::usage(
                "--blocks and --threshold take a shape: add --shape FILE, --shape-grid GRID or --shape-text TEXT",
            ));
        }
        return Ok(None);
    }
    let sources = [&k.shape, &k.shape_grid, &k.shape_text];
    if sources.iter().filter(|s| s.is_some()).count() > 1 {
        return Err(Error::usage(
            "give one shape: --shape FILE, --shape-grid GRID or --shape-text TEXT",
        ));
    }
    if spec.board.is_some() {
        return Err(Error::usage(
            "--board and a shape exclude each other: give one of them",
        ));
    }
    if k.shape_text.is_none() && (k.no_blocks || k.shape_font.is_some()) {
        return Err(Error::usage(
            "--no-blocks and --shape-font are for --shape-text: drop them, or add --shape-text TEXT",
        ));
    }
    if k.shape.is_none() && k.shape_board.is_some() {
        return Err(Error::usage(
            "--shape-board samples a --shape picture: drop it, or give --shape FILE.png|svg",
        ));
    }
    let threshold = match &k.threshold {
        // Its range is checked where a picture is sampled.
        Some(t) => match t.trim().parse::<f64>() {
            Ok(x) => x,
            Err(_) => {
                return Err(Error::usage(format!(
                    "bad --threshold '{t}': give the share of a cell that must be dark, from 0 up to 1 (e.g. 0.5)"
                )));
            }
        },
        None if k.shape_text.is_some() => 0.3,
        None => 0.5,
    };
    let cell_height = u32::try_from(k.cell_height).map_err(|_| {
        Error::usage(format!(
            "--cell-height {} is too many rows: give at most a few hundred",
            k.cell_height
        ))
    })?;
    let lines = |t: &String| t.replace("\\n", "\n");
    Ok(Some(ShapeRequest {
        file: k.shape.clone().unwrap_or_default(),
        board: k.shape_board.clone(),
        threshold,
        blocks: k.blocks || (k.shape_text.is_some() && !k.no_blocks),
        piece: spec.piece.clone(),
        text: k.shape_text.as_ref().map(lines),
        font: k.shape_font.clone(),
        cell_height,
        grid: k.shape_grid.as_ref().map(lines),
    }))
}

/// The usage error for a flag that has no meaning on a shape.
pub(crate) fn not_on_a_shape(flag: &str, why: &str) -> Error {
    Error::usage(format!(
        "{flag} does not apply to a shaped board ({why}): drop {flag}, or give --board instead of a shape"
    ))
}

/// `shape` with the piece of `spec`, refusing what a shape cannot take yet.
pub fn request(spec: &Spec, shape: &ShapeRequest) -> Result<ShapeRequest> {
    if spec.open {
        return Err(not_on_a_shape(
            "--open",
            "its tours are closed, one per part",
        ));
    }
    if spec.classes {
        return Err(not_on_a_shape(
            "--classes",
            "a shape has no symmetry group of its own",
        ));
    }
    if spec.non_crossing {
        return Err(not_on_a_shape(
            "--non-crossing",
            "the crossing filter runs on board enumerations only",
        ));
    }
    if spec.torus {
        return Err(not_on_a_shape("--torus", "a shape is cut from the plane"));
    }
    if spec.symmetry.is_some() {
        return Err(not_on_a_shape(
            "--symmetry",
            "a shape has no symmetry group of its own",
        ));
    }
    Ok(ShapeRequest {
        piece: spec.piece.clone(),
        ..shape.clone()
    })
}

/// `count --shape`: a count per part and the tuples (as `shape count`).
pub fn count(spec: &Spec, shape: &ShapeRequest, force: bool) -> Result<ShapeCount> {
    count_shape(&request(spec, shape)?, force)
}

/// The tuple IDs `sel` picks among `total`: a sample (with repetition, in draw order)
/// or the range, shard and limit (in ID order).
pub(crate) fn ids(total: u128, sel: &Pick) -> Result<Box<dyn Iterator<Item = u128>>> {
    if let Some(k) = sel.sample {
        if sel.range.is_some() || sel.shard.is_some() {
            return Err(Error::usage(
                "--sample draws from all the shape's tours: drop --range and --shard",
            ));
        }
        // The draws of `Sampler::ids`, one at a time: memory does not grow with K.
        let mut s = Sampler::new(sel.seed);
        return Ok(Box::new((0..k).map(move |_| s.below(total))));
    }
    let mut range = match &sel.range {
        Some(r) => parse_range(r)?,
        None => 0..total,
    };
    if let Some(s) = &sel.shard {
        let (k, n) = parse_shard(s)?;
        let sh = shard_range(total, k, n);
        range = range.start.max(sh.start)..range.end.min(sh.end);
    }
    range.end = range.end.min(total);
    range.start = range.start.min(range.end);
    let limit = sel.limit.map_or(u128::MAX, u128::from);
    let end = range.end.min(range.start.saturating_add(limit));
    Ok(Box::new(range.start..end))
}

/// Each part's tour of tuple `id`, as board cells in walking order.
pub(crate) fn tuple(d: &ShapeDiagrams, id: u128) -> Vec<Vec<u32>> {
    let tours = d.unrank(id).expect("an ID below the count");
    d.parts
        .iter()
        .zip(&tours)
        .map(|((g, _), t)| t.cells(g).into_iter().map(|v| g.cell_of(v)).collect())
        .collect()
}

/// The shape and its diagrams for `spec` and `shape`.
pub(crate) fn diagrams(
    spec: &Spec,
    shape: &ShapeRequest,
    force: bool,
) -> Result<(Shape, ShapeDiagrams)> {
    let req = request(spec, shape)?;
    let s = load(&req)?;
    let d = part_diagrams(&s, &req.piece, force)?;
    Ok((s, d))
}

/// `list --shape`: one line a tuple of tours, in ID order (draw order for a sample):
/// `{"id":N,"parts":[[[row,col],…],…]}` with `json`, else `N: a1 b1 … | c3 …` (the parts
/// separated by `|`).
pub fn list(
    spec: &Spec,
    shape: &ShapeRequest,
    sel: &Pick,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let (s, d) = diagrams(spec, shape, sel.force)?;
    let b = s.board();
    let coords = coords_of(b);
    let mut buf = Vec::new();
    for id in ids(d.count(), sel)? {
        let parts = tuple(&d, id);
        if json {
            buf.clear();
            let parts = parts.iter().map(|p| Pairs {
                coords: &coords,
                cells: p,
            });
            push_line(
                &mut buf,
                &ShapeListLine {
                    id,
                    parts: parts.collect(),
                },
            );
            out.write_all(&buf)?;
        } else {
            let mut line = format!("{id}:");
            push_parts(&mut line, b, &parts);
            line.push('\n');
            out.write_all(line.as_bytes())?;
        }
    }
    Ok(out.flush()?)
}

/// Each part's cells algebraically after a space, the parts separated by ` |`.
fn push_parts(line: &mut String, b: Board, parts: &[Vec<u32>]) {
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            line.push_str(" |");
        }
        for &c in p {
            line.push(' ');
            line.push_str(&b.algebraic(c));
        }
    }
}

/// `find --shape`: one closed tour of each part of the shape, found as `shape tour
/// --random --seed S` finds it (seed 0 unless given): around a random spanning tree of
/// the 2×2 blocks on a shape wider than [`EXACT_MAX_COLS`] columns that is
/// made of blocks (the rook), else by the diagrams. `--start` is refused (each part's
/// tour starts at its first cell); `--closed` changes nothing (the tours are closed).
pub fn find(req: &FindRequest, shape: &ShapeRequest) -> Result<ShapeTour> {
    if req.start.is_some() {
        return Err(not_on_a_shape(
            "--start",
            "each part's tour starts at its first cell",
        ));
    }
    let shape = ShapeRequest {
        piece: req.piece.clone(),
        ..shape.clone()
    };
    let choice = ShapePick {
        random: true,
        seed: req.seed.unwrap_or(0),
        ..ShapePick::default()
    };
    pick(&shape, &choice)
}

/// `find --shape`'s cells: [`ShapeTour::json`] when `json`, else each part's cells
/// algebraically on one line, the parts separated by `|`.
pub fn write_found(t: &ShapeTour, json: bool, out: &mut dyn Write) -> Result<()> {
    let text = match json {
        true => t.json(),
        false => {
            let mut line = String::new();
            push_parts(&mut line, t.shape.board(), &t.parts);
            line.remove(0);
            line.push('\n');
            line
        }
    };
    out.write_all(text.as_bytes())?;
    Ok(out.flush()?)
}

/// The tuples of tours a selection picks on a shape, for a sheet or one file each.
pub(crate) struct Picked {
    /// The shape.
    pub shape: Shape,
    /// The piece.
    pub piece: Piece,
    /// The parts' diagrams (`None`: the tree method, `chosen` are seeds).
    pub d: Option<ShapeDiagrams>,
    /// Tuple IDs, or seeds of the tree method.
    pub chosen: Vec<u128>,
}

impl Picked {
    /// Each part's tour (board cells in walking order) of the `k`-th chosen tuple.
    pub fn parts(&self, k: usize) -> Result<Vec<Vec<u32>>> {
        let id = self.chosen[k];
        match &self.d {
            Some(d) => Ok(tuple(d, id)),
            None => tree_parts(&self.shape, &self.piece, id as u64),
        }
    }
}

/// The tuples `sel` picks on `shape` with the piece of `spec`, at most
/// [`MAX_SHAPE_GLYPHS`]. A `--sample K` of a shape too wide for the diagrams (over
/// [`EXACT_MAX_COLS`] columns) and made of 2×2 blocks picks K seeds of the
/// tree method instead, S to S+K−1 (not uniform).
pub(crate) fn picked(spec: &Spec, sel: &Pick, shape: &ShapeRequest) -> Result<Picked> {
    let req = request(spec, shape)?;
    let s = load(&req)?;
    let piece: Piece = req.piece.clone();
    let tree = sel.sample.is_some()
        && sel.range.is_none()
        && sel.shard.is_none()
        && piece.is_rook()
        && s.board().cols > EXACT_MAX_COLS
        && blocks::block_mask(&s).is_some();
    let (d, chosen) = match tree {
        true => {
            let k = u128::from(sel.sample.unwrap_or(0));
            if k > MAX_SHAPE_GLYPHS {
                return Err(Error::usage(format!(
                    "--sample {k} is more than the {MAX_SHAPE_GLYPHS} glyphs a shape's sheet holds: give a smaller --sample"
                )));
            }
            let seeds = (0..k as u64).map(|i| u128::from(sel.seed.wrapping_add(i)));
            (None, seeds.collect::<Vec<u128>>())
        }
        false => {
            let d = part_diagrams(&s, &piece, sel.force)?;
            let chosen: Vec<u128> = ids(d.count(), sel)?
                .take(MAX_SHAPE_GLYPHS as usize + 1)
                .collect();
            if chosen.is_empty() {
                return Err(Error::usage(format!(
                    "nothing to draw: the selection holds none of the shape's {} tuples of tours (IDs 0 to {})",
                    d.count(),
                    d.count() - 1
                )));
            }
            if chosen.len() as u128 > MAX_SHAPE_GLYPHS {
                return Err(Error::usage(format!(
                    "the selection holds more than {MAX_SHAPE_GLYPHS} of the shape's tours: narrow it with --range A..B, --limit K or --sample K"
                )));
            }
            (Some(d), chosen)
        }
    };
    Ok(Picked {
        shape: s,
        piece,
        d,
        chosen,
    })
}
