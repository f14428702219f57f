//! Flags, parsed into plain data (clap derive). The flags of the request table (what to
//! enumerate, which tours, the style flags) are declared from the table itself
//! ([`super::keys`]); resolution into library objects happens in the jobs; no logic lives
//! here.

pub use super::keys::{DrawFlags, SelectionFlags, ShapeFlags, TourSpec};
use super::offer::Offer;
use clap::{Args, Parser, Subcommand, ValueHint};
use std::path::PathBuf;
use tourglyph::draw::Format;
use tourglyph::job::animate::GIF;

/// The address `serve` listens on by default: this machine only.
pub const DEFAULT_BIND: &str = "127.0.0.1";
/// The port `serve` listens on by default.
pub const DEFAULT_PORT: u16 = 8421;

/// Enumerate chess-piece tours and draw them as Kufic-like glyph sheets.
#[derive(Debug, Parser)]
#[command(name = "tourglyph", version, about, long_about = None)]
pub struct Cli {
    /// The command.
    #[command(subcommand)]
    pub command: Command,
    /// Memory the engines may use, e.g. 4G or 512M (default: three quarters of this
    /// machine's memory); work that would need more fails cleanly before the system
    /// would kill it.
    #[arg(long, global = true, value_name = "SIZE", allow_hyphen_values = true)]
    pub max_memory: Option<String>,
    /// Print nothing on stderr but warnings and errors: no progress bar, no notice of
    /// the files written (every command takes it).
    #[arg(long, short, global = true)]
    pub quiet: bool,
}

/// How output files are written (render, glyph, find, slide).
#[derive(Debug, Args, Clone, Copy, Default)]
pub struct OutputFlags {
    /// Create the output file's folder (and its parents) when missing.
    #[arg(long)]
    pub mkdir: bool,
    /// Refuse to replace an existing output file (by default it is replaced, atomically).
    #[arg(long)]
    pub no_clobber: bool,
}

impl OutputFlags {
    /// As the library's options.
    pub fn options(self) -> tourglyph::job::OutOptions {
        tourglyph::job::OutOptions {
            mkdir: self.mkdir,
            no_clobber: self.no_clobber,
        }
    }
}

/// The commands of the CLI (docs/guide.md, "A short tour of the commands").
#[derive(Debug, Subcommand)]
#[allow(
    clippy::large_enum_variant,
    reason = "one command is parsed once per run; the shape flags made render's variant large, and boxing it would buy nothing"
)]
pub enum Command {
    /// Count the tours of a piece on a board.
    #[command(
        after_help = "Examples:\n  tourglyph count --board 6x6 --classes --json\n  tourglyph count --piece knight --board 5x5 --open\n  tourglyph count --board 20x20 --plan-moduli\n  tourglyph count --board 12x12 --modulus 2^64 --json > r1.json\n  tourglyph count --board 6x6 --modulus 2^64 --json > r && tourglyph count --board 6x6 --combine r"
    )]
    Count(CountArgs),
    /// List tours with their IDs, in ID order.
    #[command(
        after_help = "Examples:\n  tourglyph list --board 4x4 --json\n  tourglyph list --board 8x8 --classes --range 1000..1010"
    )]
    List(ListArgs),
    /// Draw tours as a sheet of glyphs (PDF, PostScript or SVG).
    #[command(
        after_help = "Examples:\n  tourglyph render --board 6x6 -o poster.pdf\n  tourglyph render --board 6x6 --classes --page a3 --style kufic -o classes.pdf\n  tourglyph render --piece knight --board 6x6 --sample 6 --animate -o walks.svg"
    )]
    Render(RenderArgs),
    /// Draw one tour as a glyph.
    #[command(
        after_help = "Examples:\n  tourglyph glyph --board 6x6 --id 17 -o g.svg\n  tourglyph glyph --board 3x4 --open --tour 'a1 a2 a3 b3 c3 d3 d2 c2 b2 b1 c1 d1' -o mine.svg"
    )]
    Glyph(GlyphArgs),
    /// Find one knight's (or other leaper's) tour on a board of any size.
    #[command(
        after_help = "Examples:\n  tourglyph find --board 8x8 --closed --start e4\n  tourglyph find --board 1000x1000 --closed --json"
    )]
    Find(FindArgs),
    /// Solve the sliding rooks/queens puzzle.
    #[command(
        after_help = "Examples:\n  tourglyph slide --board 8x8 --json\n  tourglyph slide --piece queen --board 8x8 --analyze -o queens.svg --animate"
    )]
    Slide(SlideArgs),
    /// Render every gallery manifest (DIR/*.toml) and an index page.
    #[command(after_help = "Examples:\n  tourglyph gallery\n  tourglyph gallery --out site")]
    Gallery(GalleryArgs),
    /// Serve the explorer: a local web page to browse, preview and download glyphs.
    #[command(
        after_help = "Examples:\n  tourglyph serve --port 0\n  tourglyph serve --bind 127.0.0.1 --port 8421 --browser"
    )]
    Serve(ServeArgs),
    /// Build a TrueType font of tours: one glyph per tour at U+E000 + index, with a JSON
    /// map and a specimen PDF beside it.
    #[command(
        after_help = "Examples:\n  tourglyph font --board 6x6 --classes -o tours.ttf\n  tourglyph font --board 4x6 --style arabesque -o rounded.ttf"
    )]
    Font(FontArgs),
    /// Closed tours of a shaped board (a text grid, or a PNG/SVG silhouette): count,
    /// print or draw them, one closed line per part.
    #[command(
        after_help = "Examples:\n  tourglyph shape count --shape examples/shapes/ring.txt\n  tourglyph shape glyph --shape examples/shapes/heart.svg --board 40x40 --blocks --random -o h.svg\n  tourglyph shape glyph --shape-text كوفي --random -o kufi.svg\n  tourglyph shape tour --shape examples/shapes/ring.txt --random --method chain"
    )]
    Shape(ShapeArgs),
    /// What plotting an SVG file costs, layer by layer: pen-down and pen-up lengths, pen
    /// lifts and the time at a speed.
    #[command(
        after_help = "Examples:\n  tourglyph render --board 4x4 --style plotter-bold -o c.svg && tourglyph plot-stats c.svg\n  tourglyph render --board 4x4 -o c.svg && tourglyph plot-stats c.svg --json --speed 40"
    )]
    PlotStats(PlotStatsArgs),
    /// List the built-in styles, or print one as TOML (a starting point for --style FILE).
    #[command(
        after_help = "Examples:\n  tourglyph styles\n  tourglyph styles kufic > k.toml && tourglyph glyph --board 4x4 --id 3 --style k.toml -o g.svg"
    )]
    Styles {
        /// A built-in style to print.
        name: Option<String>,
    },
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(
        after_help = "Example:\n  tourglyph completions bash > ~/.local/share/bash-completion/completions/tourglyph"
    )]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), or one command's page.
    #[command(
        after_help = "Examples:\n  tourglyph man > tourglyph.1\n  tourglyph man render > tourglyph-render.1"
    )]
    Man {
        /// A command whose page to print (render or tourglyph-render, …); without it,
        /// the page of tourglyph itself.
        #[arg(value_name = "COMMAND")]
        page: Option<String>,
    },
}

/// `tourglyph count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// What to count.
    #[command(flatten)]
    pub spec: TourSpec,
    /// A shaped board instead of --board.
    #[command(flatten)]
    pub shape: ShapeFlags,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Count even when the estimate says it cannot finish in reasonable time.
    #[arg(long)]
    pub force: bool,
    /// Print the count modulo P (2 to 2^64, `2^64` for wrapping sums): one residue of a
    /// count spread over many machines (with --json, a line for --combine).
    #[arg(long, value_name = "P", conflicts_with_all = ["plan_moduli", "combine"])]
    pub modulus: Option<String>,
    /// Print moduli whose residues determine the count of closed rook tours, one a line,
    /// from a proven upper bound on the count.
    #[arg(long, conflicts_with = "combine")]
    pub plan_moduli: bool,
    /// Rebuild the exact count of closed rook tours from residue files (the JSON lines
    /// of --modulus P --json) by the Chinese remainder theorem.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub combine: Vec<PathBuf>,
    /// Bits of each frontier word's residue in the dense count of closed rook tours: 16,
    /// 32 or 64 (2, 4 or 8 bytes a word; moduli up to 2^16, 2^32 or 2^64). Default: the
    /// widest whose count fits --max-memory (with --modulus P, the narrowest holding P).
    #[arg(long, value_name = "BITS")]
    pub residue_bits: Option<u32>,
}

/// `tourglyph list`.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// What to list.
    #[command(flatten)]
    pub spec: TourSpec,
    /// A shaped board instead of --board.
    #[command(flatten)]
    pub shape: ShapeFlags,
    /// Which tours.
    #[command(flatten)]
    pub sel: SelectionFlags,
    /// One JSON object per line: id, cells (and orbit with --classes).
    #[arg(long)]
    pub json: bool,
}

/// `tourglyph render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// What to draw.
    #[command(flatten)]
    pub spec: TourSpec,
    /// A shaped board instead of --board.
    #[command(flatten)]
    pub shape: ShapeFlags,
    /// Which tours.
    #[command(flatten)]
    pub sel: SelectionFlags,
    /// Output file: the format from the extension (or --format, which must agree with
    /// it); `-` for stdout, with --format (the help lists the formats).
    #[arg(short, long, value_name = "FILE", value_hint = ValueHint::FilePath, help = render_output_help())]
    pub output: PathBuf,
    /// Output file handling.
    #[command(flatten)]
    pub out: OutputFlags,
    /// The output format (the help lists them): default from the extension.
    #[arg(long, value_parser = formats(), hide_possible_values = true, help = format_help(&[], "default: from the extension"))]
    pub format: Option<String>,
    /// a0…a6, letter, legal, tabloid, WxHmm, WxHin, or poster.
    #[arg(long, default_value = "a4")]
    pub page: String,
    /// Turn the page a quarter.
    #[arg(long)]
    pub landscape: bool,
    /// Glyphs per row (default: fill the page with square cells).
    #[arg(long)]
    pub columns: Option<u32>,
    /// A built-in style name (line, kufic, filled, arabesque, plotter, …) or a TOML file.
    #[arg(long, default_value = "line", value_parser = styles(), hide_possible_values = true)]
    pub style: String,
    /// A title on each page.
    #[arg(long)]
    pub title: Option<String>,
    /// No captions under the glyphs.
    #[arg(long)]
    pub no_captions: bool,
    /// Style and raster flags.
    #[command(flatten)]
    pub draw: DrawFlags,
    /// One file per selected tour into the folder -o DIR (format from --format, default
    /// svg), named PIECE-BOARD[-open]-ID.EXT.
    #[arg(long)]
    pub split: bool,
    /// A TrueType/OpenType font to set titles and captions in, before the bundled Noto
    /// Sans and Noto Kufi Arabic (e.g. for CJK).
    #[arg(long, value_name = "FILE")]
    pub font: Option<PathBuf>,
    /// SVG: draw text as outlines (paths) instead of editable text.
    #[arg(long)]
    pub text_as_paths: bool,
    /// SVG for plotters: one file a page and pen, NAME-PEN.svg (NAME-PAGE-PEN.svg for
    /// several pages), each holding that pen's layer (layers by role unless --layers-by).
    #[arg(long)]
    pub split_layers: bool,
    /// Animation flags (SVG: every glyph of one page walked at once).
    #[command(flatten)]
    pub motion: MotionFlags,
}

/// `tourglyph plot-stats`.
#[derive(Debug, Args)]
pub struct PlotStatsArgs {
    /// The SVG file (one page).
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub file: PathBuf,
    /// One JSON object: each layer's pen_down_mm, pen_up_mm, lifts and seconds, and the
    /// total.
    #[arg(long)]
    pub json: bool,
    /// The plotting speed in mm/s, pen up and down (each lift adds 0.3 s).
    #[arg(long, value_name = "MM/S", default_value_t = 25.0)]
    pub speed: f64,
}

/// `tourglyph glyph`.
#[derive(Debug, Args)]
pub struct GlyphArgs {
    /// The piece.
    #[arg(long, default_value = "rook", value_parser = pieces(), hide_possible_values = true)]
    pub piece: String,
    /// The board, ROWSxCOLS.
    #[arg(long, required_unless_present_any = ["shape", "shape_grid", "shape_text"])]
    pub board: Option<String>,
    /// A shaped board instead of --board.
    #[command(flatten)]
    pub shape: ShapeFlags,
    /// An open tour (Hamiltonian path), for --id, --tour and --random.
    #[arg(long)]
    pub open: bool,
    /// A tour on the torus (closed rook tours, sides ≥ 3): wrap-around edges run out to
    /// the border of the glyph's box, so copies laid edge to edge join up.
    #[arg(long)]
    pub torus: bool,
    /// With --torus: the tile drawn R×C times edge to edge on one page (padding 0).
    #[arg(long, value_name = "RxC", requires = "torus")]
    pub repeat: Option<String>,
    /// With --torus and SVG output: the tile as an SVG `<pattern>` filling the page (R×C
    /// tiles with --repeat), for design tools that keep patterns as swatches (the help
    /// says it without the code marks).
    #[arg(
        long,
        requires = "torus",
        help = "With --torus and SVG output: the tile as an SVG <pattern> filling the page (R×C tiles with --repeat), for design tools that keep patterns as swatches"
    )]
    pub pattern: bool,
    /// The tour's ID.
    #[arg(long, allow_negative_numbers = true, conflicts_with_all = ["tour", "random"])]
    pub id: Option<String>,
    /// Your own tour: cells separated by spaces or semicolons.
    #[arg(long, conflicts_with = "random")]
    pub tour: Option<String>,
    /// A uniformly random tour.
    #[arg(long)]
    pub random: bool,
    /// With --random: a uniformly random tour among those fixed by this symmetry
    /// (rot90, rot180, mirror, any).
    #[arg(long, value_name = "SYM", requires = "random")]
    pub symmetry: Option<String>,
    /// Seed for --random: the tour `list --sample 1 --seed S` prints.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Output file: the format from the extension (or --format, which must agree with
    /// it); `-` for stdout (the help lists the formats).
    #[arg(short, long, value_name = "FILE", value_hint = ValueHint::FilePath, help = glyph_output_help())]
    pub output: PathBuf,
    /// Output file handling.
    #[command(flatten)]
    pub out: OutputFlags,
    /// The output format (the help lists them, and gif): default from the extension,
    /// SVG on stdout.
    #[arg(long, value_parser = glyph_formats(), hide_possible_values = true, help = format_help(&[GIF], "default: from the extension; SVG on stdout"))]
    pub format: Option<String>,
    /// Glyph size, e.g. 50mm or 2in.
    #[arg(long, default_value = "50mm")]
    pub size: String,
    /// Style name or TOML file.
    #[arg(long, default_value = "line", value_parser = styles(), hide_possible_values = true)]
    pub style: String,
    /// Style and raster flags.
    #[command(flatten)]
    pub draw: DrawFlags,
    /// Build the diagram even when the estimate says it cannot finish in reasonable time
    /// (and write PNG images over 100 megapixels).
    #[arg(long)]
    pub force: bool,
    /// Animation flags.
    #[command(flatten)]
    pub motion: MotionFlags,
}

/// `tourglyph find`.
#[derive(Debug, Args)]
pub struct FindArgs {
    /// The piece (default knight).
    #[arg(long, default_value = "knight", value_parser = pieces(), hide_possible_values = true)]
    pub piece: String,
    /// The board, ROWSxCOLS.
    #[arg(long, required_unless_present_any = ["shape", "shape_grid", "shape_text"])]
    pub board: Option<String>,
    /// A shaped board instead of --board: one closed tour of each part.
    #[command(flatten)]
    pub shape: ShapeFlags,
    /// A closed tour (the last cell is a move from the first).
    #[arg(long)]
    pub closed: bool,
    /// Start cell: algebraic (e4) or ROW,COL.
    #[arg(long)]
    pub start: Option<String>,
    /// Randomise tie-breaks reproducibly.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print JSON: cells, closed.
    #[arg(long)]
    pub json: bool,
    /// Also draw the tour to this file: .svg, .pdf, .ps, .eps or .png (`-`: SVG on
    /// stdout, instead of the cells).
    #[arg(short, long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub output: Option<PathBuf>,
    /// Output file handling.
    #[command(flatten)]
    pub out: OutputFlags,
    /// Method, search nodes and time on stderr.
    #[arg(long, short)]
    pub verbose: bool,
    /// Style name or TOML file for -o.
    #[arg(long, default_value = "line", value_parser = styles(), hide_possible_values = true)]
    pub style: String,
    /// Style and raster flags for -o.
    #[command(flatten)]
    pub draw: DrawFlags,
}

/// `tourglyph font`.
#[derive(Debug, Args)]
pub struct FontArgs {
    /// Which tours.
    #[command(flatten)]
    pub spec: TourSpec,
    /// A shaped board instead of --board.
    #[command(flatten)]
    pub shape: ShapeFlags,
    /// Which of them.
    #[command(flatten)]
    pub sel: SelectionFlags,
    /// The font file (.ttf); the map (.json) and the specimen (.pdf) are written beside it.
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
    /// Output file handling.
    #[command(flatten)]
    pub out: OutputFlags,
    /// Style name or TOML file whose stroke gives the glyph outlines.
    #[arg(long, default_value = "kufic", value_parser = styles(), hide_possible_values = true)]
    pub style: String,
    /// Stroke width as a fraction of the cell pitch.
    #[arg(long, value_name = "W")]
    pub width: Option<String>,
    /// Stroke cap: butt, round or square.
    #[arg(long)]
    pub cap: Option<String>,
    /// Stroke join: miter, round or bevel.
    #[arg(long)]
    pub join: Option<String>,
    /// The font's family name.
    #[arg(long, default_value = "Tourglyph")]
    pub family: String,
    /// A TrueType/OpenType font to set the specimen's title and captions in, before the
    /// bundled Noto Sans and Noto Kufi Arabic (e.g. for a family named in CJK).
    #[arg(long, value_name = "FILE")]
    pub font: Option<PathBuf>,
}

/// `tourglyph slide`.
#[derive(Debug, Args)]
pub struct SlideArgs {
    /// rook or queen.
    #[arg(long, default_value = "rook", value_parser = sliders(), hide_possible_values = true)]
    pub piece: String,
    /// The board, NxN.
    #[arg(long, default_value = "8x8")]
    pub board: String,
    /// Start cells (default: the four corners).
    #[arg(long)]
    pub from: Option<String>,
    /// Goal cells (default: the central 2×2 on even boards).
    #[arg(long)]
    pub to: Option<String>,
    /// Strongly connected components of the class graph.
    #[arg(long)]
    pub analyze: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Draw the solution (pdf, ps or svg).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Output file handling.
    #[command(flatten)]
    pub out: OutputFlags,
    /// With an SVG output: one animated SVG that plays the solution.
    #[arg(long)]
    pub animate: bool,
    /// Search even when the state space looks too large for memory.
    #[arg(long)]
    pub force: bool,
}

/// `tourglyph gallery`.
#[derive(Debug, Args)]
pub struct GalleryArgs {
    /// The folder of manifests (*.toml).
    #[arg(default_value = "gallery")]
    pub dir: PathBuf,
    /// Where to write the outputs and index.html (default: DIR/out).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Draw every gallery even where the time, page or disk budgets refuse it (as a
    /// manifest's `force = true` does for one gallery).
    #[arg(long)]
    pub force: bool,
}

/// `tourglyph serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on (another than 127.0.0.1 lets other machines in).
    #[arg(long, default_value = DEFAULT_BIND, value_name = "ADDR")]
    pub bind: String,
    /// The port (0 picks a free one; the URL is printed on stdout when ready).
    #[arg(long, default_value_t = DEFAULT_PORT, value_name = "N")]
    pub port: u16,
    /// Open the page in the default browser once the server listens.
    #[arg(long)]
    pub browser: bool,
    /// Memory for diagrams kept between requests, e.g. 256M or 1G (default 256M); a
    /// diagram larger than this is used for its request and dropped.
    #[arg(long, value_name = "SIZE", allow_hyphen_values = true)]
    pub cache: Option<String>,
}

/// The pieces known by name.
fn pieces() -> Offer {
    Offer(tourglyph::piece::NAMES.to_vec())
}

/// The sliding pieces.
fn sliders() -> Offer {
    use tourglyph::slide::Slider;
    Offer(vec![Slider::Rook.name(), Slider::Queen.name()])
}

/// The built-in styles.
fn styles() -> Offer {
    Offer(
        tourglyph::layout::style::BUILTIN
            .iter()
            .map(|(n, _)| *n)
            .collect(),
    )
}

/// The output formats.
fn formats() -> Offer {
    Offer(Format::ALL.iter().map(|f| f.extension()).collect())
}

/// The output formats of `glyph`: the formats and an animated GIF.
fn glyph_formats() -> Offer {
    let mut o = formats();
    o.0.push(GIF);
    o
}

/// `a, b or c` (`word` "or"), `a, b and c` ("and").
fn listed(names: &[String], word: &str) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {word} {last}", init.join(", ")),
    }
}

/// The names `--format` takes, from the format table, then `extra`, before `(tail)`.
fn format_help(extra: &[&str], tail: &str) -> String {
    let names: Vec<String> = Format::ALL
        .iter()
        .map(|f| match f.single_page() {
            true => format!("{} (one page)", f.extension()),
            false => f.extension().to_string(),
        })
        .chain(extra.iter().map(|e| e.to_string()))
        .collect();
    format!("{} ({tail})", listed(&names, "or"))
}

/// The output files' extensions, `.pdf, …`, from the format table, then `extra`.
fn extensions(extra: &[&str]) -> String {
    let names: Vec<String> = Format::ALL
        .iter()
        .map(|f| f.extension())
        .chain(extra.iter().copied())
        .map(|e| format!(".{e}"))
        .collect();
    listed(&names, "or")
}

/// `render -o`'s help.
fn render_output_help() -> String {
    let paged: Vec<String> = Format::ALL
        .iter()
        .filter(|f| f.file_per_page())
        .map(|f| f.name().to_string())
        .collect();
    format!(
        "Output file: {}, the format from the extension (or --format, which must agree with it); `-` for stdout, with --format. {} write a file a page: NAME-1.svg, … when there are several",
        extensions(&[]),
        listed(&paged, "and")
    )
}

/// `glyph -o`'s help.
fn glyph_output_help() -> String {
    format!(
        "Output file: {}, the format from the extension (or --format, which must agree with it); `-` for stdout (SVG unless --format)",
        extensions(&[GIF])
    )
}

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
        /// Create the output file's folder (and its parents) when missing.
        #[arg(long)]
        mkdir: bool,
        /// Refuse to replace an existing output file.
        #[arg(long)]
        no_clobber: bool,
        /// svg, pdf, ps, eps, png or gcode (default: from the extension; SVG on stdout).
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
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath, required_unless_present = "shape_text", conflicts_with = "shape_text")]
    pub shape: Option<String>,
    /// Instead of --shape: this text set in the bundled fonts (shaped, bidi; "\n" between
    /// lines) and sampled onto cells, in 2x2 blocks unless --no-blocks.
    #[arg(long, value_name = "TEXT")]
    pub shape_text: Option<String>,
    /// For --shape-text: a font file tried before the bundled fonts.
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath, requires = "shape_text")]
    pub font: Option<String>,
    /// For --shape-text: rows of cells per line of text.
    #[arg(long, default_value_t = 24, requires = "shape_text")]
    pub cell_height: u32,
    /// For --shape-text: single cells, not 2x2 blocks (a part may then have no tour).
    #[arg(long, requires = "shape_text", conflicts_with = "blocks")]
    pub no_blocks: bool,
    /// For a picture: the cells it is sampled onto, ROWSxCOLS.
    #[arg(long)]
    pub board: Option<String>,
    /// A cell is in when more than this share of it is dark (default 0.5 for a picture,
    /// 0.3 for --shape-text, whose thin strokes would break apart at 0.5).
    #[arg(long)]
    pub threshold: Option<f64>,
    /// Take the shape in 2x2 blocks (a picture sampled onto half the rows and columns,
    /// each cell made a block; a text grid's cells each made a block): every part then
    /// has a tour.
    #[arg(long)]
    pub blocks: bool,
    /// The piece.
    #[arg(long, default_value = "rook")]
    pub piece: String,
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
    /// exact (uniform, by the diagrams; narrow shapes), tree (shapes of 2x2 blocks, any
    /// size: around a uniform random spanning tree; the tours are not uniform) or chain
    /// (a Markov chain of 2-opt moves from the tree's or the exact tour; any piece; not
    /// uniform). Default: exact up to 14 columns, else tree when the shape is made of
    /// blocks.
    #[arg(long)]
    pub method: Option<String>,
    /// For --method chain: the moves proposed per part (default 20 per cell).
    #[arg(long)]
    pub steps: Option<u64>,
    /// Build the diagrams even when the shape looks too wide (and write PNG images over
    /// 100 megapixels).
    #[arg(long)]
    pub force: bool,
}

/// The animation flags of `glyph` and `render` (issue 27): tours drawn as they are walked.
#[derive(Debug, Args)]
pub struct MotionFlags {
    /// Draw the tour being walked from its first cell: an animated SVG (.svg), an
    /// animated PNG (.png; glyph only); a .gif file (glyph) is animated without this flag.
    #[arg(long)]
    pub animate: bool,
    /// Seconds the walk takes (default 10).
    #[arg(long, value_name = "SECONDS")]
    pub duration: Option<String>,
    /// Play the animation for ever (the finished glyph holds 2 s between walks).
    #[arg(long = "loop")]
    pub looped: bool,
    /// The cell the walk starts from (a closed tour is turned to begin there; an open
    /// tour starts at the end named).
    #[arg(long, value_name = "CELL")]
    pub start: Option<String>,
    /// Walk the tour the other way round.
    #[arg(long)]
    pub reverse: bool,
    /// GIF and PNG: frames a second (the frame count follows from --duration).
    #[arg(long, value_name = "N")]
    pub fps: Option<String>,
    /// GIF and PNG: how many frames (default one a move, at most 241).
    #[arg(long, value_name = "N")]
    pub frames: Option<String>,
}

impl MotionFlags {
    /// The library's animation flags, as written.
    pub fn motion(&self) -> tourglyph::job::Motion {
        tourglyph::job::Motion {
            animate: self.animate,
            duration: self.duration.clone(),
            looped: self.looped,
            start: self.start.clone(),
            reverse: self.reverse,
            fps: self.fps.clone(),
            frames: self.frames.clone(),
        }
    }
}
