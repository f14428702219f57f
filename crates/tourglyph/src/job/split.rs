//! `render --split -o DIR`: one file per selected tour, each a glyph on a page its size
//! (as `glyph` draws it), named `PIECE-BOARD[-open]-ID.EXT` with the ID zero-padded to the
//! digits of the largest ID in the selection (symmetric tours found directly:
//! `PIECE-BOARD-SYM-INDEX.EXT`, by their index among the symmetric tours); a tour drawn again (a sample) gets `-2`,
//! `-3`, …. Every file is written atomically; the selection is refused before the first
//! file when it is too large.

use super::request::OutOptions;
use super::single::write_glyph;
use super::{Target, budget};
use rustc_hash::FxHashMap;
use std::path::{Path, PathBuf};
use tourglyph_core::error::Refusal;
use tourglyph_core::{Error, LeapGraph, Result, TourKind};
use tourglyph_draw::Format;
use tourglyph_draw::png::PngOptions;
use tourglyph_engine::frontier::Zdd;
use tourglyph_engine::select::Query;
use tourglyph_layout::style::Style;

/// Files one `--split` writes without `--force`.
pub const MAX_SPLIT_FILES: usize = 100_000;
/// Size of each glyph, mm (as `glyph`'s default).
const SIZE_MM: f64 = 50.0;

/// `-o DIR` must be a folder (created with `--mkdir`).
pub fn check_dir(dir: &Path, opts: OutOptions) -> Result<()> {
    if dir.as_os_str() == "-" {
        return Err(Error::usage(
            "--split writes one file per tour into a folder: give -o DIR, not -o -",
        ));
    }
    if dir.is_dir() {
        return Ok(());
    }
    if dir.exists() {
        return Err(Error::usage(format!(
            "{}: not a folder: --split writes one file per tour into the folder -o DIR",
            dir.display()
        )));
    }
    if opts.mkdir {
        crate::output::make_folders(dir).map_err(|e| {
            Error::runtime(format!("{}: cannot create the folder: {e}", dir.display()))
        })
    } else {
        // The file system's state, as for any -o into a missing folder (exit 1).
        Err(Error::runtime(format!(
            "{}: no such folder: create it, or add --mkdir",
            dir.display()
        )))
    }
}

/// The IDs of an unfiltered selection of `n` tours (its range's start on).
pub fn stream_ids(q: &Query, n: u64) -> Result<Vec<u128>> {
    if n as usize > MAX_SPLIT_FILES.max(8_000_000) {
        return Err(Error::refused(
            Refusal::Size,
            true,
            format!(
                "--split of {n} tours would write {n} files: select fewer with --limit, --range or --classes"
            ),
        ));
    }
    let start = q.range.as_ref().map_or(0, |r| r.start);
    Ok((0..u128::from(n)).map(|i| start + i).collect())
}

/// The file names of `ids` (in order): `stem-ID.ext`, the ID zero-padded to the widest,
/// repeats numbered `-2`, `-3`, ….
pub fn names(stem: &str, ids: &[u128], ext: &str) -> Vec<String> {
    let width = ids.iter().max().map_or(1, |m| m.to_string().len());
    let mut seen: FxHashMap<u128, u32> = FxHashMap::default();
    ids.iter()
        .map(|&id| {
            let k = seen.entry(id).or_insert(0);
            *k += 1;
            if *k == 1 {
                format!("{stem}-{id:0width$}.{ext}")
            } else {
                format!("{stem}-{id:0width$}-{k}.{ext}")
            }
        })
        .collect()
}

/// `render --shape … --split -o DIR`: one file per tuple of tours the selection picks,
/// each drawn as `glyph --shape` draws it (50 mm), named `PIECE-shape-BOARD-ID.EXT` by
/// the tuple's ID (the seed, for a sample drawn by the tree method), as the board's
/// files are named; returns the format and the files written.
pub fn shape_files(
    a: &super::request::SheetRequest,
    shape: &super::shaped_board::ShapeRequest,
    target: Target<'_>,
) -> Result<(Format, crate::output::sheet_files::Written)> {
    use super::shaped_board::{Method, ShapeTour};
    use super::shaped_drawing::ShapeDrawing;
    let Target::Path(dir, opts) = target else {
        return Err(Error::usage(
            "--split writes one file per tour into a folder: give -o DIR, not -o -",
        ));
    };
    let format = match &a.format {
        Some(f) => Format::parse(f)?,
        None => Format::Svg,
    };
    check_dir(dir, opts)?;
    let p = super::shaped_board::picked(&a.spec, &a.sel, shape)?;
    let n = p.chosen.len();
    let what = format!("--split of {n} tours of a shape in {}", p.shape.board());
    if n > MAX_SPLIT_FILES && !a.sel.force {
        return Err(Error::refused(
            Refusal::Size,
            true,
            format!(
                "{what} would write {n} files (the limit is {MAX_SPLIT_FILES}): select fewer with --limit, --range or --sample, or add --force"
            ),
        ));
    }
    budget(a.sel.force).check(&what, tourglyph_draw::estimate::files(format, n), 0.0)?;
    let stem = format!("{}-shape-{}", p.piece, p.shape.board());
    let drawing = ShapeDrawing {
        format: Some(format.extension().to_string()),
        size: format!("{SIZE_MM}mm"),
        style: a.style.clone(),
        draw: a.draw.clone(),
        force: a.sel.force,
    };
    let mut files = Vec::with_capacity(n);
    for (k, name) in names(&stem, &p.chosen, format.extension())
        .into_iter()
        .enumerate()
    {
        let exact = p.d.is_some();
        let tour = ShapeTour {
            shape: p.shape.clone(),
            parts: p.parts(k)?,
            method: if exact { Method::Exact } else { Method::Tree },
            id: exact.then_some(p.chosen[k]),
            chain: None,
        };
        let path = dir.join(name);
        super::shaped_drawing::tour_glyph(&tour, &drawing, Target::Path(&path, opts))?;
        files.push(path);
    }
    let written = crate::output::sheet_files::Written {
        files,
        removed: vec![],
    };
    Ok((format, written))
}

/// One split render.
pub struct Split<'a> {
    /// The diagram the IDs are unranked from (`None` for symmetric tours found directly,
    /// drawn with [`Split::write_items`]).
    pub zdd: Option<&'a Zdd>,
    /// The leap graph of the tours.
    pub g: &'a LeapGraph,
    /// Closed or open.
    pub kind: TourKind,
    /// The style of every glyph.
    pub style: &'a Style,
    /// The files' format.
    pub format: Format,
    /// Resolution and size limit of PNG files.
    pub png: PngOptions,
    /// The machine of G-code files (`None`: the default profile).
    pub gcode: Option<std::sync::Arc<tourglyph_draw::gcode::GcodeProfile>>,
    /// The folder the files go into.
    pub dir: &'a Path,
    /// How each file is written.
    pub opts: OutOptions,
    /// Lift the limit on the number of files and the time budget.
    pub force: bool,
    /// The drawing-style flags of the sheet (`--style`, overrides, `--outline`), for each
    /// file's `<desc>`: the `glyph` command that draws the same picture.
    pub style_words: Vec<String>,
    /// `--start` and `--reverse`: where a numbered glyph's numbers begin, and which way.
    pub turn: &'a super::request::Motion,
}

impl Split<'_> {
    /// Write one file per ID; returns the files written, in order.
    pub fn write(&self, ids: &[u128]) -> Result<Vec<PathBuf>> {
        let zdd = self
            .zdd
            .ok_or_else(|| Error::runtime("--split by ID needs the diagram of all tours"))?;
        self.write_with(ids, "", "tour", "ID", |k| {
            let id = ids[k];
            zdd.unrank(id)
                .ok_or_else(|| Error::runtime(format!("tour ID {id} vanished between passes")))
        })
    }

    /// Write one file per tour of `items` (tours by halves, with their IDs), named by
    /// ID as [`Split::write`] names them; returns the files written.
    pub fn write_tours(&self, items: &[tourglyph_engine::select::Item]) -> Result<Vec<PathBuf>> {
        let ids: Vec<u128> = items.iter().map(|it| it.id).collect();
        self.write_with(&ids, "", "tour", "ID", |k| Ok(items[k].tour.clone()))
    }

    /// Write one file per symmetric tour found directly, named by its index among the
    /// symmetric tours: `rook-14x14-rot90-000123.svg`; returns the files written.
    pub fn write_items(
        &self,
        items: &[tourglyph_engine::select::Item],
        sym: &str,
    ) -> Result<Vec<PathBuf>> {
        let ids: Vec<u128> = items.iter().map(|it| it.id).collect();
        self.write_with(&ids, &format!("-{sym}"), "index", "index", |k| {
            Ok(items[k].tour.clone())
        })
    }

    /// Write one file per number of `ids` (IDs, or indices), the k-th tour from
    /// `tour(k)`; `tag` goes after the board in the names, `prefix` and `word` name the
    /// number in the SVG id and title.
    fn write_with(
        &self,
        ids: &[u128],
        tag: &str,
        prefix: &str,
        word: &str,
        tour: impl Fn(usize) -> Result<tourglyph_core::Tour>,
    ) -> Result<Vec<PathBuf>> {
        let n = ids.len();
        let what = format!("--split of {n} tours of {}", self.g.board());
        if n > MAX_SPLIT_FILES && !self.force {
            return Err(Error::refused(
                Refusal::Size,
                true,
                format!(
                    "{what} would write {n} files (the limit is {MAX_SPLIT_FILES}): select fewer with --limit, --range or --classes, or add --force"
                ),
            ));
        }
        let seconds = tourglyph_draw::estimate::files(self.format, n);
        budget(self.force).check(&what, seconds, 0.0)?;
        let stem = format!(
            "{}-{}{}{tag}",
            self.g.piece(),
            self.g.board(),
            if self.kind.is_closed() { "" } else { "-open" }
        );
        let files: Vec<PathBuf> = names(&stem, ids, self.format.extension())
            .into_iter()
            .map(|f| self.dir.join(f))
            .collect();
        for (k, (&id, path)) in ids.iter().zip(&files).enumerate() {
            let tour = tour(k)?;
            let walk = match self.style.numbers {
                true => Some(super::animate::walk_order(&tour, self.g, None, self.turn)?),
                false => None,
            };
            let title = format!("{stem}, {word} {id}");
            let desc = format!("{title}. Drawn by: {}", self.redraw(&tour, prefix, id));
            write_glyph(
                (&tour, walk.as_deref()),
                self.g,
                self.style,
                SIZE_MM,
                (self.format, self.png, self.gcode.clone()),
                (
                    tourglyph_draw::Label {
                        id: format!("{prefix}-{id}"),
                        title,
                    },
                    desc,
                ),
                Target::Path(path, self.opts),
            )?;
        }
        Ok(files)
    }
}

impl Split<'_> {
    /// The `glyph` command that draws file `id`'s picture again (to stdout as SVG): the
    /// tour by ID, or by its cells for a symmetric tour numbered by index, the sheet's
    /// style flags, and the files' size.
    fn redraw(&self, tour: &tourglyph_core::Tour, prefix: &str, id: u128) -> String {
        use super::single::shell_word;
        let mut words: Vec<String> = vec!["tourglyph".into(), "glyph".into()];
        words.extend(["--piece".into(), self.g.piece().to_string()]);
        words.extend(["--board".into(), self.g.board().to_string()]);
        if self.g.topology().is_torus() {
            words.push("--torus".into());
        }
        if !self.kind.is_closed() {
            words.push("--open".into());
        }
        match prefix {
            "tour" => words.extend(["--id".into(), id.to_string()]),
            _ => words.extend(["--tour".into(), shell_word(&tour.algebraic(self.g))]),
        }
        words.extend(self.style_words.iter().cloned());
        words.extend(super::single::turn_words(self.turn, self.style.numbers));
        words.extend([
            "--size".into(),
            format!("{SIZE_MM}"),
            "-o".into(),
            "-".into(),
        ]);
        words.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_pad_and_number_repeats() {
        let n = names("rook-6x6", &[7, 1071, 7, 12, 7], "svg");
        assert_eq!(
            n,
            vec![
                "rook-6x6-0007.svg",
                "rook-6x6-1071.svg",
                "rook-6x6-0007-2.svg",
                "rook-6x6-0012.svg",
                "rook-6x6-0007-3.svg"
            ]
        );
        assert_eq!(names("k", &[0], "png"), vec!["k-0.png"]);
    }
}
