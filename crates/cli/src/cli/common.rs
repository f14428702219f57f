//! Flags → the library's requests ([`tourglyph::job`]); resolution for the commands that
//! are not jobs (font, the residues of count); progress bars and notices on stderr: every
//! command that writes files names them in one notice ([`report`]) unless `--quiet`.

use super::args::{DrawFlags, Selection, TourSpec};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use tourglyph::Result;
use tourglyph::job::{Draw, Pick, Progress, Spec};
use tourglyph::output::sheet_files::Written;

pub use tourglyph::job::{Resolved, budget, build_zdd};

/// The enumeration flags as a request.
pub fn spec(s: &TourSpec) -> Spec {
    Spec {
        piece: s.piece.clone(),
        board: s.board.clone(),
        open: s.open,
        classes: s.classes,
        non_crossing: s.non_crossing,
        torus: s.torus,
        symmetry: s.symmetry.clone(),
    }
}

/// The selection flags as a request.
pub fn pick(s: &Selection) -> Pick {
    Pick {
        limit: s.limit,
        range: s.range.clone(),
        shard: s.shard.clone(),
        sample: s.sample,
        seed: s.seed,
        force: s.force,
    }
}

/// The style and raster flags as a request.
pub fn draw(d: &DrawFlags) -> Draw {
    Draw {
        outline: d.outline,
        stroke: d.stroke.clone(),
        fill: d.fill.clone(),
        background: d.background.clone(),
        width: d.width.clone(),
        cap: d.cap.clone(),
        join: d.join.clone(),
        padding: d.padding.clone(),
        dpi: d.dpi,
    }
}

/// Resolve the shared flags ([`tourglyph::job::resolve`]).
pub fn resolve(spec_flags: &TourSpec, sel: Option<&Selection>) -> Result<Resolved> {
    tourglyph::job::resolve(&spec(spec_flags), sel.map(pick).as_ref())
}

/// Refuse a walk over more IDs than the walk limit unless bounded or forced
/// ([`tourglyph::job::check_walk`]).
pub fn check_walk(total: u128, r: &Resolved, sel: &Selection, what: &str) -> Result<()> {
    tourglyph::job::check_walk(total, r, &pick(sel), what)
}

/// Print why a board has no closed tour, if it has none (on stderr).
pub fn explain_impossible(r: &Resolved) -> bool {
    tourglyph::job::explain_impossible(r, &Bar::ids(true, ""))
}

/// `--style` with the style flags (`--stroke`, `--width`, `--outline`, …) set over it.
pub fn style_with(spec: &str, flags: &DrawFlags) -> Result<tourglyph::layout::style::Style> {
    tourglyph::job::style_with(spec, &draw(flags))
}

/// PNG options from `--dpi` and `--force`.
pub fn png_options(flags: &DrawFlags, force: bool) -> tourglyph::draw::png::PngOptions {
    tourglyph::job::png_options(&draw(flags), force)
}

/// The notice of the files a command wrote, on stderr (`tourglyph: wrote 1 file: g.svg`),
/// unless `quiet`; nothing for stdout (`-`).
pub fn report(quiet: bool, written: &Written) {
    if quiet {
        return;
    }
    if let Some(n) = written.notice() {
        eprintln!("tourglyph: {n}");
    }
}

/// [`report`] for files written one by one (`-`, standard output, is left out).
pub fn report_files<'a>(quiet: bool, files: impl IntoIterator<Item = &'a Path>) {
    let files: Vec<PathBuf> = files
        .into_iter()
        .filter(|p| p.as_os_str() != "-")
        .map(Path::to_path_buf)
        .collect();
    report(
        quiet,
        &Written {
            files,
            removed: vec![],
        },
    );
}

/// A progress bar on stderr when it is a terminal (and not `--quiet`).
pub fn progress_bar(total: u64, quiet: bool, what: &str) -> Option<ProgressBar> {
    if quiet || !std::io::stderr().is_terminal() || total == 0 {
        return None;
    }
    let pb = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    pb.set_style(
        ProgressStyle::with_template(
            "{msg} {wide_bar} {human_pos}/{human_len} IDs  {per_sec}  ETA {eta}",
        )
        .expect("valid template"),
    );
    pb.set_message(what.to_string());
    Some(pb)
}

/// A job's progress bar on stderr, made when the job begins, when stderr is a terminal
/// (and not `--quiet`); its notices on stderr after `tourglyph: ` (always).
pub struct Bar {
    on: bool,
    template: &'static str,
    msg: &'static str,
    pb: Mutex<Option<(ProgressBar, u64)>>,
}

impl Bar {
    /// A bar counting tour IDs: `listing ▕███   ▏ 1,000/37,000 IDs`.
    pub fn ids(quiet: bool, msg: &'static str) -> Bar {
        Bar::new(
            quiet,
            "{msg} {wide_bar} {human_pos}/{human_len} IDs  {per_sec}  ETA {eta}",
            msg,
        )
    }

    /// A bar counting the steps of a count (cells swept, parts of a join):
    /// `counting ▕███   ▏ 12/140 steps`.
    pub fn steps(quiet: bool, msg: &'static str) -> Bar {
        Bar::new(quiet, "{msg} {wide_bar} {pos}/{len} steps  ETA {eta}", msg)
    }

    /// A bar counting drawn glyphs, with the page.
    pub fn glyphs(quiet: bool) -> Bar {
        Bar::new(
            quiet,
            "drawing {wide_bar} {human_pos}/{human_len} glyphs  {msg}  ETA {eta}",
            "",
        )
    }

    fn new(quiet: bool, template: &'static str, msg: &'static str) -> Bar {
        Bar {
            on: !quiet && std::io::stderr().is_terminal(),
            template,
            msg,
            pb: Mutex::new(None),
        }
    }
}

impl Progress for Bar {
    fn begin(&self, total: u64, pages: u64) {
        if !self.on || total == 0 {
            return;
        }
        let mut pb = self.pb.lock().unwrap_or_else(|e| e.into_inner());
        match &mut *pb {
            Some((bar, _)) => bar.set_length(total),
            None => {
                let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
                bar.set_style(ProgressStyle::with_template(self.template).expect("valid template"));
                bar.set_message(if pages > 0 {
                    format!("page 1/{pages}")
                } else {
                    self.msg.to_string()
                });
                *pb = Some((bar, pages));
            }
        }
    }

    fn update(&self, done: u64, page: u64) {
        let pb = self.pb.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((bar, pages)) = &*pb {
            bar.set_position(done);
            if page > 0 {
                bar.set_message(format!("page {page}/{pages}"));
            }
        }
    }

    fn end(&self) {
        if let Some((bar, _)) = self.pb.lock().unwrap_or_else(|e| e.into_inner()).take() {
            bar.finish_and_clear();
        }
    }

    fn note(&self, msg: &str) {
        eprintln!("tourglyph: {msg}");
    }
}
