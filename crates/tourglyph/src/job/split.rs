//! `render --split -o DIR`: one file per selected tour, each a glyph on a page its size
//! (as `glyph` draws it), named `PIECE-BOARD[-open]-ID.EXT` with the ID zero-padded to the
//! digits of the largest ID in the selection (symmetric tours found directly:
//! `PIECE-BOARD-SYM-INDEX.EXT`, by their index among the symmetric tours); a tour drawn again (a sample) gets `-2`,
//! `-3`, …. Every file is written atomically; the selection is refused before the first
//! file when it is too large.

use super::single::write_glyph;
use super::{Target, budget};
use crate::output::OutOptions;
use crate::output::sheet_files::{MAX_SPLIT_FILES, SIZE_MM, names};
use std::path::{Path, PathBuf};
use tourglyph_core::error::{Estimate, Refusal};
use tourglyph_core::{Error, LeapGraph, Result, TourKind};
use tourglyph_draw::Format;
use tourglyph_draw::png::PngOptions;
use tourglyph_engine::frontier::Zdd;
use tourglyph_engine::select::Query;
use tourglyph_layout::style::Style;

/// The IDs of an unfiltered selection of `n` tours (its range's start on).
pub fn stream_ids(q: &Query, n: u64) -> Result<Vec<u128>> {
    if n as usize > MAX_SPLIT_FILES.max(8_000_000) {
        return Err(Error::refused_with(
            Refusal::Size,
            true,
            Estimate::none().with_tours(u128::from(n)),
            format!(
                "--split of {n} tours would write {n} files: select fewer with --limit, --range or --classes"
            ),
        ));
    }
    let start = q.range.as_ref().map_or(0, |r| r.start);
    Ok((0..u128::from(n)).map(|i| start + i).collect())
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
        let seconds = tourglyph_draw::estimate::files(self.format, n);
        if n > MAX_SPLIT_FILES && !self.force {
            let estimate = Estimate::none().with_seconds(seconds).with_tours(n as u128);
            return Err(Error::refused_with(
                Refusal::Size,
                true,
                estimate,
                format!(
                    "{what} would write {n} files (the limit is {MAX_SPLIT_FILES}): select fewer with --limit, --range or --classes, or add --force"
                ),
            ));
        }
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
                true => Some(super::single::walk_order(&tour, self.g, None, self.turn)?),
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
    fn a_split_past_the_file_limit_is_refused_with_its_tours() {
        let e = stream_ids(&Query::default(), 9_000_000).unwrap_err();
        assert_eq!(e.estimate().and_then(|e| e.tours), Some(9_000_000), "{e:?}");
        assert_eq!(stream_ids(&Query::default(), 3).unwrap(), vec![0, 1, 2]);
    }

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
