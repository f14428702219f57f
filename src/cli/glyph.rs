//! `tourglyph glyph`: a thin caller of [`tourglyph::job::glyph`].

use super::args::GlyphArgs;
use super::common::report_files;
use tourglyph::Result;
use tourglyph::job::GlyphRequest;
use tourglyph::job::Target;

/// Run `glyph`.
pub fn run(a: GlyphArgs, quiet: bool) -> Result<()> {
    let req = request(&a)?;
    if let Some(shape) = tourglyph::job::source::TourSource::shape(&req.spec())? {
        let target = Target::Path(&a.output, a.out.options());
        let (t, _) = tourglyph::job::shaped_drawing::glyph(&req, &shape, target)?;
        if !quiet {
            eprintln!("tourglyph: {}", t.how());
        }
        report_files(quiet, [a.output.as_path()]);
        return Ok(());
    }
    tourglyph::job::glyph::glyph(&req, Target::Path(&a.output, a.out.options()))?;
    report_files(quiet, [a.output.as_path()]);
    Ok(())
}

/// The flags as a request, the piece, the board and the symmetry parsed.
pub fn request(a: &GlyphArgs) -> Result<GlyphRequest> {
    Ok(GlyphRequest {
        piece: a.piece.parse()?,
        board: a.board.as_deref().map(str::parse).transpose()?,
        open: a.open,
        torus: a.torus,
        repeat: a.repeat.clone(),
        pattern: a.pattern,
        id: a.id.clone(),
        tour: a.tour.clone(),
        random: a.random,
        symmetry: a.symmetry.as_deref().map(str::parse).transpose()?,
        seed: a.seed,
        format: a.format.clone(),
        size: a.size.clone(),
        style: a.style.clone(),
        draw: a.draw.0.clone(),
        force: a.force,
        motion: a.motion.motion(),
        shape: a.shape.0.clone(),
    })
}
