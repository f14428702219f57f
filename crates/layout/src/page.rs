//! Page sizes: ISO a0–a6, letter, legal, tabloid, custom `WxHmm` / `WxHin`, and `poster`
//! (one page sized to hold every glyph).

use tourglyph_core::{error::Error, error::Result};

/// The largest page side accepted, in mm: PDF viewers cap pages at 14,400 pt (200 in).
pub const MAX_SIDE_MM: f64 = 5080.0;

/// The smallest page side accepted, in mm: 3 pt, PDF's smallest page (ISO 32000-1,
/// Annex C); below a thousandth of a point Ghostscript refuses the page size outright.
pub const MIN_SIDE_MM: f64 = 3.0 * 25.4 / 72.0;

/// A page request.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PageSpec {
    /// A fixed size in mm (portrait as given; see [`PageSpec::landscape`]).
    Size {
        /// Width, mm.
        width: f64,
        /// Height, mm.
        height: f64,
    },
    /// One page as large as it takes to hold every glyph.
    Poster,
}

/// The named sizes, portrait, in mm.
pub const PRESETS: &[(&str, f64, f64)] = &[
    ("a0", 841.0, 1189.0),
    ("a1", 594.0, 841.0),
    ("a2", 420.0, 594.0),
    ("a3", 297.0, 420.0),
    ("a4", 210.0, 297.0),
    ("a5", 148.0, 210.0),
    ("a6", 105.0, 148.0),
    ("letter", 215.9, 279.4),
    ("legal", 215.9, 355.6),
    ("tabloid", 279.4, 431.8),
];

impl PageSpec {
    /// Parse `a4`, `letter`, `300x200mm`, `8.5x11in`, `poster`, … (case-insensitive).
    pub fn parse(s: &str) -> Result<PageSpec> {
        let t = s.trim().to_ascii_lowercase();
        if t == "poster" {
            return Ok(PageSpec::Poster);
        }
        if let Some(&(_, w, h)) = PRESETS.iter().find(|(n, _, _)| *n == t) {
            return Ok(PageSpec::Size {
                width: w,
                height: h,
            });
        }
        let bad = || {
            Error::usage(format!(
                "bad page size '{s}'{}: use a0…a6, letter, legal, tabloid, poster, or WxHmm / WxHin (e.g. 300x200mm)",
                tourglyph_core::names::did_you_mean(
                    &t,
                    PRESETS.iter().map(|p| p.0).chain(["poster"])
                )
            ))
        };
        let (dims, unit) = if let Some(d) = t.strip_suffix("mm") {
            (d, 1.0)
        } else if let Some(d) = t.strip_suffix("in") {
            (d, 25.4)
        } else {
            return Err(bad());
        };
        let (w, h) = dims.split_once(['x', '×']).ok_or_else(bad)?;
        let num = |v: &str| -> Result<f64> {
            let x: f64 = v.trim().parse().map_err(|_| bad())?;
            if !x.is_finite() || x <= 0.0 {
                return Err(bad());
            }
            Ok(x * unit)
        };
        let (width, height) = (num(w)?, num(h)?);
        if width > MAX_SIDE_MM || height > MAX_SIDE_MM {
            return Err(Error::usage(format!(
                "page size '{s}' is too large: at most {MAX_SIDE_MM} mm (200 in) a side"
            )));
        }
        if width < MIN_SIDE_MM || height < MIN_SIDE_MM {
            return Err(Error::usage(format!(
                "page size '{s}' is too small: at least {MIN_SIDE_MM:.2} mm (3 pt) a side"
            )));
        }
        Ok(PageSpec::Size { width, height })
    }

    /// The same page turned a quarter when `yes` (the longer side across).
    pub fn landscape(self, yes: bool) -> PageSpec {
        match self {
            PageSpec::Size { width, height } if yes => PageSpec::Size {
                width: width.max(height),
                height: width.min(height),
            },
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_page_with_newline_is_one_line_error() {
        let e = PageSpec::parse("a4\nmm").unwrap_err().to_string();
        assert!(e.starts_with("bad page size 'a4\\nmm'"), "{e}");
        assert!(!e.contains('\n'), "{e}");
        let e = PageSpec::parse("9000\tx1mm").unwrap_err().to_string();
        assert!(e.starts_with("page size '9000\\tx1mm' is too large"), "{e}");
    }

    #[test]
    fn sizes() {
        assert_eq!(
            PageSpec::parse("A4").unwrap(),
            PageSpec::Size {
                width: 210.0,
                height: 297.0
            }
        );
        assert_eq!(
            PageSpec::parse("a3").unwrap().landscape(true),
            PageSpec::Size {
                width: 420.0,
                height: 297.0
            }
        );
        let PageSpec::Size { width, height } = PageSpec::parse("8.5x11in").unwrap() else {
            panic!()
        };
        assert!((width - 215.9).abs() < 1e-9 && (height - 279.4).abs() < 1e-9);
        assert_eq!(
            PageSpec::parse("300x200mm").unwrap(),
            PageSpec::Size {
                width: 300.0,
                height: 200.0
            }
        );
        assert_eq!(PageSpec::parse("poster").unwrap(), PageSpec::Poster);
        for bad in [
            "a7",
            "300x200",
            "0x10mm",
            "-3x4mm",
            "axbmm",
            "9000x10mm",
            "1x0.5mm",
            "",
        ] {
            assert!(PageSpec::parse(bad).unwrap_err().is_usage(), "{bad}");
        }
    }
}
