//! `plot-stats`: what plotting an SVG file costs, layer by layer: pen-down and pen-up
//! lengths, pen lifts and the time at a given speed ([`tourglyph_draw::plot_stats`] says
//! how each is measured), as text or one JSON object.

use super::json::Digits;
use std::path::PathBuf;
use tourglyph_core::{Error, Result};
use tourglyph_draw::plot_stats::{LIFT_SECONDS, LayerStats, measure};

/// Largest SVG file read (1 GiB): a page of a plotter's sheet is far smaller.
const MAX_SVG: u64 = 1 << 30;

/// A `plot-stats` request.
#[derive(Clone, Debug, PartialEq)]
pub struct PlotStatsRequest {
    /// The SVG file.
    pub file: PathBuf,
    /// The plotting speed, mm/s, pen up and pen down.
    pub speed: f64,
    /// One JSON object instead of a table.
    pub json: bool,
}

impl Default for PlotStatsRequest {
    fn default() -> Self {
        PlotStatsRequest {
            file: PathBuf::new(),
            speed: DEFAULT_SPEED,
            json: false,
        }
    }
}

/// The default speed, mm/s (a pen plotter's usual drawing speed).
pub const DEFAULT_SPEED: f64 = 25.0;

/// The layers of the file and their total.
pub fn stats(a: &PlotStatsRequest) -> Result<(Vec<LayerStats>, LayerStats)> {
    if !(a.speed.is_finite() && a.speed > 0.0) {
        return Err(Error::usage(format!(
            "--speed {}: give the plotting speed in mm/s, a positive number such as 25",
            a.speed
        )));
    }
    let src = match tourglyph_core::input::read_bounded(&a.file, MAX_SVG) {
        Ok(Some(s)) => s,
        Ok(None) => {
            return Err(Error::usage(format!(
                "{}: over {MAX_SVG} bytes, too large for one SVG page: give one page of the sheet",
                a.file.display()
            )));
        }
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
            return Err(Error::usage(format!(
                "{}: not UTF-8 text, so not an SVG file: give an .svg file",
                a.file.display()
            )));
        }
        Err(e) => {
            return Err(Error::runtime(format!(
                "cannot read {}: {e}; give an SVG file that exists",
                a.file.display()
            )));
        }
    };
    measure(&src).map_err(|e| Error::usage(format!("{}: {e}", a.file.display())))
}

/// The report: a table, or one JSON object (lengths in mm, times in seconds).
pub fn report(a: &PlotStatsRequest) -> Result<String> {
    let (layers, total) = stats(a)?;
    Ok(match a.json {
        true => json(a, &layers, &total)?,
        false => text(a, &layers, &total),
    })
}

fn json(a: &PlotStatsRequest, layers: &[LayerStats], total: &LayerStats) -> Result<String> {
    let one = |l| LayerJson::new(l, a.speed);
    let report = ReportJson {
        file: a.file.display().to_string(),
        speed_mm_s: Digits(a.speed),
        lift_s: Digits(LIFT_SECONDS),
        layers: layers.iter().map(one).collect(),
        total: one(total),
    };
    serde_json::to_string(&report)
        .map(|s| s + "\n")
        .map_err(|e| Error::runtime(format!("{}: {e}", a.file.display())))
}

/// `plot-stats --json`'s object. Lengths and times are written to fixed decimals, the
/// speed and the lift time with Rust's shortest digits (`25`, not serde_json's `25.0`).
#[derive(serde::Serialize)]
struct ReportJson<'a> {
    file: String,
    speed_mm_s: Digits<f64>,
    lift_s: Digits<f64>,
    layers: Vec<LayerJson<'a>>,
    total: LayerJson<'a>,
}

/// One layer's figures (or the total's) in `plot-stats --json`.
#[derive(serde::Serialize)]
struct LayerJson<'a> {
    label: &'a str,
    pen_down_mm: Digits<String>,
    pen_up_mm: Digits<String>,
    lifts: u64,
    seconds: Digits<String>,
}

impl LayerJson<'_> {
    fn new(l: &LayerStats, speed: f64) -> LayerJson<'_> {
        LayerJson {
            label: &l.label,
            pen_down_mm: Digits(format!("{:.3}", l.pen_down)),
            pen_up_mm: Digits(format!("{:.3}", l.pen_up)),
            lifts: l.lifts,
            seconds: Digits(format!("{:.1}", l.seconds(speed))),
        }
    }
}

fn text(a: &PlotStatsRequest, layers: &[LayerStats], total: &LayerStats) -> String {
    let mut s = format!(
        "{:<24} {:>13} {:>13} {:>8} {:>10}\n",
        "layer", "pen-down mm", "pen-up mm", "lifts", "time"
    );
    let row = |l: &LayerStats| {
        let label = if l.label.is_empty() {
            "(no layer)"
        } else {
            l.label.as_str()
        };
        format!(
            "{:<24} {:>13.1} {:>13.1} {:>8} {:>10}\n",
            label,
            l.pen_down,
            l.pen_up,
            l.lifts,
            clock(l.seconds(a.speed))
        )
    };
    for l in layers {
        s.push_str(&row(l));
    }
    s.push_str(&row(total));
    s.push_str(&format!(
        "(time at {} mm/s, {LIFT_SECONDS} s a lift)\n",
        a.speed
    ));
    s
}

/// Seconds as `h:mm:ss`.
fn clock(secs: f64) -> String {
    let t = secs.round() as u64;
    format!("{}:{:02}:{:02}", t / 3600, t / 60 % 60, t % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_and_speed() {
        assert_eq!(clock(3725.4), "1:02:05");
        let bad = PlotStatsRequest {
            speed: 0.0,
            ..PlotStatsRequest::default()
        };
        assert!(stats(&bad).unwrap_err().is_usage());
    }
}
