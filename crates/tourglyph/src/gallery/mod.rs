//! Gallery manifests: one TOML file per gallery (`gallery/*.toml`) saying what to draw
//! (piece, board, selection), how (style, page, columns) and in which formats.
//!
//! Paths in a manifest (`style`, `font`) are relative to the manifest's folder. Style
//! files live apart, in a subfolder (`gallery/styles/`): the manifests are the `*.toml`
//! files of the folder itself, and a style file found among them is named as one, with
//! where it belongs.
//!
//! [`Manifest::parse`] reads and validates one manifest. Every error is a
//! [`ManifestError`] naming the file, the line and the key, e.g.
//! `gallery/bad.toml:4: key 'style': unknown style 'kuffic' …`: toml's error spans give the
//! line of a syntax or type error; a value that parses as TOML but is wrong (an unknown
//! style, a bad board) is mapped to the line where its key is written.

pub mod index;
mod manifest;
#[cfg(test)]
mod tests;

pub use index::html_escape;
pub use manifest::{Manifest, ManifestError};
