//! A flag's values as shell completions and man pages offer them, while any text is
//! accepted: the library parses it and names the fix (a piece may be `leaper:A,B`, a
//! style a TOML file, and formats are matched without case).

use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use std::ffi::OsStr;

/// The values offered for a flag that takes any text.
#[derive(Clone)]
pub struct Offer(pub Vec<&'static str>);

impl TypedValueParser for Offer {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.0.iter().map(|v| PossibleValue::new(*v))))
    }
}
