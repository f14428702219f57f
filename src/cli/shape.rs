//! `tourglyph shape`: closed tours of a shaped board, a thin caller of
//! [`tourglyph::job::shaped_board`] (its flags declared here, beside the command).

use super::args::{PickFlags, ShapeAction, ShapeArgs, ShapeSource};
use super::common::report_files;
use std::io::Write;
use tourglyph::Result;
use tourglyph::job::Target;
use tourglyph::job::shaped_board::{ShapePick, ShapeRequest};
use tourglyph::job::shaped_drawing::ShapeDrawing;

impl ShapeSource {
    pub(super) fn request(&self) -> Result<ShapeRequest> {
        Ok(ShapeRequest {
            file: self.shape.clone().unwrap_or_default(),
            board: self.board.clone(),
            threshold: self
                .threshold
                .unwrap_or(if self.shape_text.is_some() { 0.3 } else { 0.5 }),
            // Text is taken in blocks unless --no-blocks says otherwise.
            blocks: self.blocks || (self.shape_text.is_some() && !self.no_blocks),
            piece: self.piece.parse()?,
            text: self.shape_text.as_ref().map(|t| t.replace("\\n", "\n")),
            font: self.font.clone(),
            cell_height: self.cell_height,
            grid: None,
        })
    }
}

impl PickFlags {
    pub(super) fn pick(&self) -> ShapePick {
        ShapePick {
            id: self.id.clone(),
            random: self.random,
            seed: self.seed,
            method: self.method.clone(),
            steps: self.steps,
            force: self.force,
        }
    }
}

/// Run `shape`.
pub fn run(a: ShapeArgs, quiet: bool) -> Result<()> {
    match a.action {
        ShapeAction::Count { src, json, force } => {
            let c = tourglyph::job::shaped_board::count_shape(&src.request()?, force)?;
            // The number alone on stdout (as `count` prints it); what it counts on stderr.
            if !json && !quiet {
                eprintln!("tourglyph: {}", c.sentence());
            }
            let mut out = tourglyph::output::stdout();
            out.write_all(if json { c.json() } else { c.text() }.as_bytes())?;
            out.commit()
        }
        ShapeAction::Tour { src, pick } => {
            let t = tourglyph::job::shaped_board::pick(&src.request()?, &pick.pick())?;
            if !quiet {
                eprintln!("tourglyph: {}", t.how());
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
            mkdir,
            no_clobber,
            format,
            size,
            style,
            draw,
        } => {
            let t = tourglyph::job::shaped_board::pick(&src.request()?, &pick.pick())?;
            if !quiet {
                eprintln!("tourglyph: {}", t.how());
            }
            let d = ShapeDrawing {
                format,
                size,
                style,
                draw: draw.0,
                force: pick.force,
            };
            let opts = tourglyph::job::OutOptions { mkdir, no_clobber };
            tourglyph::job::shaped_drawing::tour_glyph(&t, &d, Target::Path(&output, opts))?;
            if let Some(j) = &json {
                tourglyph::output::write_file(j, t.json().as_bytes(), opts)?;
            }
            report_files(
                quiet,
                std::iter::once(output.as_path()).chain(json.as_deref()),
            );
            Ok(())
        }
    }
}
