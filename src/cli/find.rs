//! `tourglyph find`: a thin caller of [`tourglyph::job::find`] (one tour on demand).
//!
//! Prints the cells from the start, algebraically and space-separated on one line, or with
//! `--json` one object `{"cells":[[row,col],…],"closed":bool}`. `-o FILE` draws the tour
//! (`-o -`: the SVG on stdout, instead of the cells). Statistics go to stderr only with
//! `--verbose`.

use super::args::FindArgs;
use tourglyph::Result;
use tourglyph::job::FindRequest;
use tourglyph::job::Target;
use tourglyph::job::shaped_drawing::ShapeDrawing;

/// Run `find`.
pub fn run(a: FindArgs, quiet: bool) -> Result<()> {
    let req = FindRequest {
        piece: a.piece.parse()?,
        board: a.board.as_deref().map(str::parse).transpose()?,
        closed: a.closed,
        start: a.start,
        seed: a.seed,
        shape: a.shape.0,
    };
    if let Some(shape) = tourglyph::job::source::TourSource::shape(&req.spec())? {
        let t = tourglyph::job::shaped_board::find(&req, &shape)?;
        if a.verbose {
            eprintln!("tourglyph: {}", t.how());
        }
        if let Some(path) = &a.output {
            let d = ShapeDrawing {
                style: a.style.clone(),
                draw: a.draw.0.clone(),
                ..ShapeDrawing::default()
            };
            tourglyph::job::shaped_drawing::tour_glyph(
                &t,
                &d,
                Target::Path(path, a.out.options()),
            )?;
            if path.as_os_str() == "-" {
                return Ok(());
            }
            super::common::report_files(quiet, [path.as_path()]);
        }
        let mut w = tourglyph::output::stdout();
        tourglyph::job::shaped_board::write_found(&t, a.json, &mut w)?;
        return w.commit();
    }
    let found = tourglyph::job::find::find(&req)?;
    if a.verbose {
        eprintln!("tourglyph: {}", found.stats());
    }
    if let Some(path) = &a.output {
        found.draw(&a.style, &a.draw.0, Target::Path(path, a.out.options()))?;
        if path.as_os_str() == "-" {
            return Ok(());
        }
        super::common::report_files(quiet, [path.as_path()]);
    }
    let mut w = tourglyph::output::stdout();
    found.write_cells(&mut w, a.json)?;
    w.commit()
}
