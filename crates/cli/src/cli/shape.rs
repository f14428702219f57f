//! `tourglyph shape`: closed tours of a shaped board, a thin caller of
//! [`tourglyph::job::shape`] (its flags declared here, beside the command).

use super::args::{DrawFlags, OutputFlags};
use super::common::report_files;
use clap::{Args, Subcommand, ValueHint};
use std::io::Write;
use std::path::PathBuf;
use tourglyph::Result;
use tourglyph::job::Target;
use tourglyph::job::shape::{ShapeDrawing, ShapePick, ShapeRequest};

/// `tourglyph shape`.
#[derive(Debug, Args)]
pub struct ShapeArgs {
    /// What to do with the shape.
    #[command(subcommand)]
    pub action: ShapeAction,
}

/// The shape's actions.
#[derive(Debug, Subcommand)]
#[allow(
    clippy::large_enum_variant,
    reason = "parsed once per run; the glyph's flags are most of it"
)]
pub enum ShapeAction {
    /// Count the closed tours of the shape: a count per part and the tuples.
    Count {
        /// The shape.
        #[command(flatten)]
        src: ShapeSource,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Build the diagrams even when the shape looks too wide.
        #[arg(long)]
        force: bool,
    },
    /// Print one tour of the shape (by ID, or drawn at random) as JSON: its method, its
    /// ID and each part's cells as [row, col] in walking order.
    Tour {
        /// The shape.
        #[command(flatten)]
        src: ShapeSource,
        /// Which tour.
        #[command(flatten)]
        pick: PickFlags,
    },
    /// Draw one tour of the shape as a glyph: one closed line per part.
    Glyph {
        /// The shape.
        #[command(flatten)]
        src: ShapeSource,
        /// Which tour.
        #[command(flatten)]
        pick: PickFlags,
        /// Also write the tour as JSON (as `shape tour` prints it) to this file.
        #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
        json: Option<PathBuf>,
        /// Output file: .svg, .pdf, .ps, .eps or .png; `-` for stdout (SVG).
        #[arg(short, long, value_name = "FILE", value_hint = ValueHint::FilePath)]
        output: PathBuf,
        /// Output file handling.
        #[command(flatten)]
        out: OutputFlags,
        /// svg, pdf, ps, eps or png (default: from the extension; SVG on stdout).
        #[arg(long)]
        format: Option<String>,
        /// Glyph size, e.g. 50mm or 2in.
        #[arg(long, default_value = "50mm")]
        size: String,
        /// Style name or TOML file.
        #[arg(long, default_value = "line")]
        style: String,
        /// Style and raster flags.
        #[command(flatten)]
        draw: DrawFlags,
    },
}

/// Where the shape's cells come from.
#[derive(Debug, Args)]
pub struct ShapeSource {
    /// The shape: a text grid ('#' a cell, '.' none; ragged lines allowed), or a .png or
    /// .svg silhouette sampled onto --board.
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub shape: String,
    /// For a picture: the cells it is sampled onto, ROWSxCOLS.
    #[arg(long)]
    pub board: Option<String>,
    /// For a picture: a cell is in when more than this share of it is dark.
    #[arg(long, default_value_t = 0.5)]
    pub threshold: f64,
    /// Take the shape in 2x2 blocks (a picture sampled onto half the rows and columns,
    /// each cell made a block; a text grid's cells each made a block): every part then
    /// has a tour.
    #[arg(long)]
    pub blocks: bool,
    /// The piece.
    #[arg(long, default_value = "rook")]
    pub piece: String,
}

impl ShapeSource {
    fn request(&self) -> ShapeRequest {
        ShapeRequest {
            file: self.shape.clone(),
            board: self.board.clone(),
            threshold: self.threshold,
            blocks: self.blocks,
            piece: self.piece.clone(),
        }
    }
}

/// Which tour of the shape.
#[derive(Debug, Args)]
pub struct PickFlags {
    /// The tuple's ID (part 0 the most significant digit; see `shape count`).
    #[arg(long, conflicts_with = "random")]
    pub id: Option<String>,
    /// A random tour.
    #[arg(long)]
    pub random: bool,
    /// Seed for --random.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// exact (uniform, by the diagrams; narrow shapes) or tree (shapes of 2x2 blocks, any
    /// size: around a uniform random spanning tree; the tours are not uniform). Default:
    /// exact up to 14 columns, else tree when the shape is made of blocks.
    #[arg(long)]
    pub method: Option<String>,
    /// Build the diagrams even when the shape looks too wide (and write PNG images over
    /// 100 megapixels).
    #[arg(long)]
    pub force: bool,
}

impl PickFlags {
    fn pick(&self) -> ShapePick {
        ShapePick {
            id: self.id.clone(),
            random: self.random,
            seed: self.seed,
            method: self.method.clone(),
            force: self.force,
        }
    }
}

/// Run `shape`.
pub fn run(a: ShapeArgs, quiet: bool) -> Result<()> {
    match a.action {
        ShapeAction::Count { src, json, force } => {
            let c = tourglyph::job::shape::count(&src.request(), force)?;
            let mut out = tourglyph::output::stdout();
            out.write_all(if json { c.json() } else { c.text() }.as_bytes())?;
            out.commit()
        }
        ShapeAction::Tour { src, pick } => {
            let t = tourglyph::job::shape::pick(&src.request(), &pick.pick())?;
            if !quiet {
                eprintln!("tourglyph: method {}", t.method.name());
            }
            let mut out = tourglyph::output::stdout();
            out.write_all(t.json().as_bytes())?;
            out.commit()
        }
        ShapeAction::Glyph {
            src,
            pick,
            json,
            output,
            out,
            format,
            size,
            style,
            draw,
        } => {
            let t = tourglyph::job::shape::pick(&src.request(), &pick.pick())?;
            if !quiet {
                eprintln!("tourglyph: method {}", t.method.name());
            }
            let d = ShapeDrawing {
                format,
                size,
                style,
                draw: draw.0,
                force: pick.force,
            };
            tourglyph::job::shape::glyph(&t, &d, Target::Path(&output, out.options()))?;
            if let Some(j) = &json {
                tourglyph::output::write_file(j, t.json().as_bytes(), out.options())?;
            }
            report_files(
                quiet,
                std::iter::once(output.as_path()).chain(json.as_deref()),
            );
            Ok(())
        }
    }
}
