//! Why a construction failed, or a constructed tour failed its check: the fault, named.
//! Never expected (a bug, or a block pairing no one foresaw); the dispatcher reports it as
//! an internal error.

use std::fmt;

/// A construction that failed, or a tour that failed verification, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstructionFailure(String);

impl ConstructionFailure {
    /// The reason, one line.
    pub fn reason(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ConstructionFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConstructionFailure {}

impl From<String> for ConstructionFailure {
    fn from(reason: String) -> Self {
        ConstructionFailure(reason)
    }
}

impl From<&str> for ConstructionFailure {
    fn from(reason: &str) -> Self {
        ConstructionFailure(reason.to_string())
    }
}
