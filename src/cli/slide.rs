//! `tourglyph slide`: a thin caller of [`tourglyph::job::slide`] (the sliding rooks and
//! queens puzzle): the puzzle and the drawing checked, solved, drawn, reported.

use super::args::SlideArgs;
use tourglyph::Result;
use tourglyph::job::slide::{self, SlideRequest};

/// Run `slide`.
pub fn run(a: SlideArgs, quiet: bool) -> Result<()> {
    let req = SlideRequest {
        piece: a.piece,
        board: a.board,
        from: a.from,
        to: a.to,
        analyze: a.analyze,
        force: a.force,
    };
    let p = slide::puzzle(&req)?;
    let drawing = slide::drawing(a.output.as_deref(), a.animate)?;
    let report = slide::solve(&p, &req)?;
    if let (Some(path), Some(d)) = (&a.output, &drawing) {
        slide::draw(&p, &report, d, path, a.out.options())?;
        super::common::report_files(quiet, [path.as_path()]);
    }
    let mut out = tourglyph::output::stdout();
    slide::write_report(&mut out, &p, &report, a.json)?;
    out.commit()
}
