//! `tourglyph plot-stats`: a thin caller of [`tourglyph::job::plot_stats`].

use super::args::PlotStatsArgs;
use std::path::Path;
use tourglyph::Result;
use tourglyph::job::plot_stats::{PlotStatsRequest, report};
use tourglyph::output::write_file;

/// Print what plotting the file costs.
pub fn run(a: PlotStatsArgs) -> Result<()> {
    let req = PlotStatsRequest {
        file: a.file,
        speed: a.speed,
        json: a.json,
    };
    write_file(Path::new("-"), report(&req)?.as_bytes(), Default::default())
}
