//! What every command shares besides its flags: the notice of the files it wrote
//! ([`report`], unless `--quiet`), and a job's progress bar and notices on stderr
//! ([`Bar`]).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use tourglyph::job::Progress;
use tourglyph::output::sheet_files::Written;

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

    /// No bar: only the notices (a gallery's failures, as they happen).
    pub fn notes() -> Bar {
        Bar::new(true, "", "")
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
