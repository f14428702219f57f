//! Reading one value of a TOML settings file (a style, a G-code profile): a name from a
//! list, or a number within a range, each error a short phrase for the caller to prefix
//! with the file, line and key.

use std::fmt;
use toml::de::DeValue;

/// A value its key does not take: the phrase that says what the key takes ("expected one
/// of …", "… is out of range: …"), for the caller to prefix with the file, line and key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadSetting(String);

impl fmt::Display for BadSetting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadSetting {}

/// The phrase, for a reader that collects its errors as text.
impl From<BadSetting> for String {
    fn from(e: BadSetting) -> String {
        e.0
    }
}

/// One of `names`, as written.
pub fn pick<T: Copy>(v: &DeValue<'_>, names: &[(&str, T)]) -> Result<T, BadSetting> {
    v.as_str()
        .and_then(|s| names.iter().find(|(n, _)| *n == s))
        .map(|(_, x)| *x)
        .ok_or_else(|| {
            let list: Vec<String> = names.iter().map(|(n, _)| format!("\"{n}\"")).collect();
            let hint = v.as_str().map_or(String::new(), |s| {
                tourglyph_core::names::did_you_mean(s, names.iter().map(|(n, _)| *n))
            });
            BadSetting(format!("expected one of {}{hint}", list.join(", ")))
        })
}

/// A number (integer or float) within [lo, hi]; an error quotes it as written (a
/// literal past f64's range would print as `inf`). NaN is out of every range.
pub fn number(v: &DeValue<'_>, lo: f64, hi: f64) -> Result<f64, BadSetting> {
    let expected = || BadSetting(format!("expected a number from {lo} to {hi}"));
    let text = match v {
        DeValue::Integer(i) if i.radix() == 10 => i.as_str(),
        DeValue::Float(f) => f.as_str(),
        _ => return Err(expected()),
    };
    let x: f64 = text.replace('_', "").parse().map_err(|_| expected())?;
    if (lo..=hi).contains(&x) {
        Ok(x)
    } else {
        Err(BadSetting(format!(
            "{text} is out of range: use a number from {lo} to {hi}"
        )))
    }
}
