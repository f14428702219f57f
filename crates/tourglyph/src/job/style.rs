//! A style with the [`Draw`] flags set over it, and the PNG options they give.

use super::request::Draw;
use tourglyph_core::Result;

/// The style `spec` (a built-in name or a TOML file) with the [`Draw`] flags set over it.
pub fn style_with(spec: &str, draw: &Draw) -> Result<tourglyph_layout::style::Style> {
    let mut st = tourglyph_layout::style::Style::resolve(spec)?;
    for (key, value) in draw.overrides() {
        let flag = match key {
            "stroke_width" => "--width".to_string(),
            k => format!("--{}", k.replace('_', "-")),
        };
        st.set_flag(&flag, key, &value)?;
    }
    Ok(st)
}

/// PNG options from `--dpi` and `--force` (of a drawing of fixed size: the caller names
/// the flag that makes it smaller, if any, in `smaller`).
pub fn png_options(draw: &Draw, force: bool) -> tourglyph_draw::png::PngOptions {
    tourglyph_draw::png::PngOptions {
        dpi: draw.dpi,
        force,
        smaller: None,
    }
}
