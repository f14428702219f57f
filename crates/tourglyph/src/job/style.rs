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

/// `style` as `format` draws it: a format of outlines (DXF, for cutters) draws each glyph's
/// filled outline, not pen strokes or an interlaced band, whatever the style says.
pub fn for_format(
    mut style: tourglyph_layout::style::Style,
    format: tourglyph_draw::Format,
) -> tourglyph_layout::style::Style {
    if format.draws_outlines() {
        style.outline = true;
        style.plot = None;
        style.interlace = false;
    }
    style
}

/// The G-code profile `--gcode-profile` names, for a drawing in `format`: `None` (the
/// default profile) when not given; a usage error when given for another format.
pub fn gcode_profile(
    draw: &Draw,
    format: tourglyph_draw::Format,
) -> Result<Option<std::sync::Arc<tourglyph_draw::gcode::GcodeProfile>>> {
    let Some(spec) = &draw.gcode_profile else {
        return Ok(None);
    };
    if format != tourglyph_draw::Format::Gcode {
        return Err(tourglyph_core::Error::usage(format!(
            "--gcode-profile is for G-code, but this writes {}: name the file NAME.gcode, or drop --gcode-profile",
            format.name()
        )));
    }
    let p = tourglyph_draw::gcode::GcodeProfile::resolve(spec)?;
    Ok(Some(std::sync::Arc::new(p)))
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
