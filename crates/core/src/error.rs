//! The library's one error type.
//!
//! Every error carries a message that names the problem and, where there is one, the fix.
//! [`Error::is_usage`] tells the binary which exit status to use: 2 for a request that is
//! wrong as written (a malformed board, an unknown piece, a bad range), 1 for a failure
//! while doing a well-formed request (an unwritable file, a board with no tour to find).

use std::path::PathBuf;

/// The rule for exit statuses, a row per kind of fault: (status, fault). Every command
/// holds to it (the table of `tests/it/bad_inputs.rs`); the guide's table and the
/// manual pages' EXIT STATUS section are written from it (a test compares the guide's).
/// In short: 2 when the request as written is at fault and its fix is in the request, 1
/// when the machine or the set is (files and folders, memory, a board with no tour).
pub const EXIT_STATUS: &[(&str, &str)] = &[
    (
        "0",
        "Success, also when a pipe on stdout closes early (`tourglyph list … | head`).",
    ),
    (
        "2",
        "A malformed or unknown value: a board, piece, cell, tour, ID, range, shard, page, size, colour, style name or format.",
    ),
    ("2", "Flags missing, repeated or contradictory."),
    (
        "2",
        "A drawing of no tour: an ID past the last, a `--range` or `--shard` empty or past the last ID, `--limit 0` (`glyph`, `render`, `font`; `list` prints nothing, as an empty shard should).",
    ),
    (
        "2",
        "A file name at odds with the output: an extension of another format (`--format svg -o x.pdf`, `font -o x.woff`), `-o -` for several files.",
    ),
    (
        "2",
        "What a named file holds: a style file that is not UTF-8, over 1 MiB, bad TOML or has an unknown key or value; a `--font` that is no font; text no font can draw.",
    ),
    (
        "2",
        "Work refused before it starts, with its fix in the request: over the time or size limits (bound it, or add `--force`), a count too large to be exact (`--modulus`), a board beyond the engines.",
    ),
    (
        "1",
        "A file or folder missing or unreadable (`--style FILE`, `--font FILE`, `--combine`, the gallery folder), an output folder that does not exist (`--mkdir`, with `-o` and `--split` alike), an existing file under `--no-clobber`, a failed write (a full disk).",
    ),
    (
        "1",
        "Work that would pass `--max-memory` (the machine's limit, not the request's).",
    ),
    (
        "1",
        "No tour to draw or find: the board has none (`render`, `font`, `find --closed`), or `--classes` or `--non-crossing` keep none of the range.",
    ),
    ("1", "A gallery failed (the others are still rendered)."),
    (
        "128+N",
        "Stopped by signal N (130 for Ctrl-C, 143 for SIGTERM); the files being written are removed.",
    ),
];

/// Result alias used throughout the crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// The one library error enum.
///
/// Every message is shown on one line: the user text quoted in it (a board spec, a file
/// name, a TOML key) may hold line breaks or escape characters, and `one_line` shows
/// those escaped, here, for every variant, so no parser has to remember to.
///
/// A program matches the kind ([`Error::NoTour`], [`Error::Refused`], [`Error::File`], …);
/// the command line's exit status and the explorer's HTTP status come from the kind, in
/// one table ([`Error::exit_status`], [`Error::http_status`]). New kinds may be added:
/// a `match` needs a last arm.
///
/// ```
/// use tourglyph_core::{Board, Error};
/// match "6x".parse::<Board>() {
///     Err(Error::BadValue { what: "board", value, .. }) => assert_eq!(value, "6x"),
///     other => panic!("{other:?}"),
/// }
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The request is malformed or contradictory (exit status 2).
    #[error("{}", one_line(.0))]
    Usage(String),
    /// A value as written that is not valid (exit status 2): a board, a piece, a cell, a
    /// range, a symmetry.
    #[error("{}", one_line(.message))]
    BadValue {
        /// What the value is: `board`, `piece`, `cell`, `range`, `symmetry`.
        what: &'static str,
        /// The value as written.
        value: String,
        /// The message: the problem and the fix.
        message: String,
    },
    /// A well-formed request could not be done (exit status 1).
    #[error("{}", one_line(.0))]
    Runtime(String),
    /// No tour exists to find or draw (exit status 1): the board has none, with the reason
    /// (a theorem, a colour argument).
    #[error("{}", one_line(.reason))]
    NoTour {
        /// Why none exists, one line.
        reason: String,
    },
    /// Well-formed work refused before it starts because it would not fit (memory, a
    /// board beyond the engines, an image too large) or not finish in reasonable time (a
    /// walk of too many tours, a time budget); `usage` says whether the CLI exits 2 (the
    /// fix is in the request: bound it, or add `--force`) or 1.
    ///
    /// ```
    /// use tourglyph_core::budget::Budget;
    /// use tourglyph_core::error::{Error, Refusal};
    /// let budget = Budget { memory: 1 << 30, seconds: Some(60.0) };
    /// match budget.check("counting the 22x22 board", 10.0, 4e9) {
    ///     Err(Error::Refused { kind: Refusal::Size, estimate, .. }) => {
    ///         assert_eq!(estimate.bytes, Some(4_000_000_000));
    ///     }
    ///     other => panic!("{other:?}"),
    /// }
    /// ```
    #[error("{}", one_line(.msg))]
    Refused {
        /// Too large, or too long.
        kind: Refusal,
        /// Exit status 2 (else 1).
        usage: bool,
        /// What the refusal computed of the work: its bytes, seconds, cells, tours, …
        /// (boxed: an error stays small on every `Result`'s way up).
        estimate: Box<Estimate>,
        /// The message: what was refused, and the fix.
        msg: String,
    },
    /// An I/O failure on a named file.
    #[error("{}: {}", one_line(&.path.display().to_string()), one_line(&.source.to_string()))]
    File {
        /// The file that failed.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// An I/O failure on a stream (stdout, a writer handed in by the caller).
    #[error("{}", one_line(&.0.to_string()))]
    Io(#[from] std::io::Error),
}

/// Why work was refused: it would not fit, or not finish (a server answers 413 or 422).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Too large: memory, a board beyond the engines, an image of too many pixels, too
    /// many files.
    Size,
    /// Too long: a walk of too many tours, past the time budget.
    Time,
}

/// What a refusal computed of the work it refused, each figure it had (`None` for the
/// others): the library caller's way to the size of the work without reading the message.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Estimate {
    /// Seconds of work, on the reference machine ([`crate::budget`]).
    pub seconds: Option<f64>,
    /// Bytes of memory.
    pub bytes: Option<u64>,
    /// Cells: of the board, or of the engine's frontier.
    pub cells: Option<u64>,
    /// Tours (or tour IDs) the work would walk.
    pub tours: Option<u128>,
    /// Pixels of an image.
    pub pixels: Option<u64>,
    /// Bits the count may need (its base-2 logarithm, bounded).
    pub bits: Option<f64>,
    /// True when the figures are lower bounds (the work seen so far, before its growth
    /// shows), not estimates of the whole.
    pub at_least: bool,
}

impl Estimate {
    /// No figure: a refusal that computed none.
    pub fn none() -> Self {
        Estimate::default()
    }

    /// With `seconds` of work.
    pub fn with_seconds(self, seconds: f64) -> Self {
        Estimate {
            seconds: Some(seconds),
            ..self
        }
    }

    /// With `bytes` of memory (saturated at `u64::MAX`).
    pub fn with_bytes(self, bytes: f64) -> Self {
        Estimate {
            bytes: Some(bytes as u64),
            ..self
        }
    }

    /// With `cells`.
    pub fn with_cells(self, cells: u64) -> Self {
        Estimate {
            cells: Some(cells),
            ..self
        }
    }

    /// With `tours`.
    pub fn with_tours(self, tours: u128) -> Self {
        Estimate {
            tours: Some(tours),
            ..self
        }
    }

    /// With `pixels` (saturated at `u64::MAX`).
    pub fn with_pixels(self, pixels: f64) -> Self {
        Estimate {
            pixels: Some(pixels as u64),
            ..self
        }
    }

    /// With `bits`.
    pub fn with_bits(self, bits: f64) -> Self {
        Estimate {
            bits: Some(bits),
            ..self
        }
    }

    /// The figures as lower bounds when `at_least`.
    pub fn at_least(self, at_least: bool) -> Self {
        Estimate { at_least, ..self }
    }
}

impl Error {
    /// Work refused before it starts, with no estimate (see [`Error::Refused`]).
    pub fn refused(kind: Refusal, usage: bool, msg: impl Into<String>) -> Self {
        Error::refused_with(kind, usage, Estimate::none(), msg)
    }

    /// Work refused before it starts, with what the refusal computed of it.
    pub fn refused_with(
        kind: Refusal,
        usage: bool,
        estimate: Estimate,
        msg: impl Into<String>,
    ) -> Self {
        Error::Refused {
            kind,
            usage,
            estimate: Box::new(estimate),
            msg: msg.into(),
        }
    }

    /// The refusal's kind, when the work was refused for its size or its time.
    pub fn refusal(&self) -> Option<Refusal> {
        match self {
            Error::Refused { kind, .. } => Some(*kind),
            _ => None,
        }
    }

    /// The refusal's estimate, when the work was refused.
    pub fn estimate(&self) -> Option<&Estimate> {
        match self {
            Error::Refused { estimate, .. } => Some(estimate.as_ref()),
            _ => None,
        }
    }

    /// A usage error (exit status 2).
    pub fn usage(msg: impl Into<String>) -> Self {
        Error::Usage(msg.into())
    }

    /// A runtime failure (exit status 1).
    pub fn runtime(msg: impl Into<String>) -> Self {
        Error::Runtime(msg.into())
    }

    /// `value`, written for a `what` (`board`, `piece`, …), is not valid: `message` says
    /// why and how to write one (exit status 2).
    pub fn bad_value(what: &'static str, value: &str, message: impl Into<String>) -> Self {
        Error::BadValue {
            what,
            value: value.to_string(),
            message: message.into(),
        }
    }

    /// No tour exists, for `reason` (exit status 1).
    pub fn no_tour(reason: impl Into<String>) -> Self {
        Error::NoTour {
            reason: reason.into(),
        }
    }

    /// The exit status (2: the request is at fault, 1: the machine or the set is) and the
    /// HTTP status of this error: the one table from kind to status, for the command line
    /// and the explorer's server alike (never read from the message).
    fn statuses(&self) -> (u8, u16) {
        match self {
            Error::Usage(_) | Error::BadValue { .. } => (2, 400),
            // Too large (memory, pixels, files): 413; too long (a walk, the time budget): 422.
            Error::Refused { kind, usage, .. } => (
                if *usage { 2 } else { 1 },
                match kind {
                    Refusal::Size => 413,
                    Refusal::Time => 422,
                },
            ),
            Error::Runtime(_) | Error::NoTour { .. } => (1, 422),
            Error::File { .. } | Error::Io(_) => (1, 500),
        }
    }

    /// The command line's exit status for this error (the table [`EXIT_STATUS`] says it
    /// in words).
    pub fn exit_status(&self) -> u8 {
        self.statuses().0
    }

    /// The explorer server's HTTP status for this error.
    pub fn http_status(&self) -> u16 {
        self.statuses().1
    }

    /// An I/O error on a named file.
    pub fn file(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Error::File {
            path: path.into(),
            source,
        }
    }

    /// True for errors in the request itself (exit status 2).
    pub fn is_usage(&self) -> bool {
        self.exit_status() == 2
    }

    /// True when the error is a closed pipe on output (`tourglyph list | head`): the
    /// binary exits 0 quietly, as ripgrep does.
    pub fn is_broken_pipe(&self) -> bool {
        match self {
            Error::Io(e) | Error::File { source: e, .. } => {
                e.kind() == std::io::ErrorKind::BrokenPipe
            }
            _ => false,
        }
    }
}

/// True for a character that would break a one-line message: line breaks, tabs and the
/// other control characters, and the Unicode line and paragraph separators.
pub fn breaks_line(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')
}

/// True for a character that changes the direction of the text around it (the Unicode
/// bidirectional controls: embeddings, overrides, isolates and marks): quoted raw, a
/// right-to-left override typed in a board would show the rest of the message reversed.
pub fn reorders_text(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

/// User text as it is quoted in a message: every character that [`breaks_line`] or
/// [`reorders_text`] is shown escaped (`\n`, `\t`, `\u{1b}`, `\u{202e}`), so a message
/// stays on one line, in its order, whatever was typed. The one home of this escaping:
/// every [`Error`] is shown through it, by the CLI and the server alike.
pub fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    let escaped = |c: char| breaks_line(c) || reorders_text(c);
    if !text.chars().any(escaped) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escaped(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_exit_and_http_status() {
        let io = || std::io::Error::other("disk full");
        for (e, want) in [
            (Error::usage("bad board"), (2, 400)),
            (Error::bad_value("board", "6x", "bad board '6x'"), (2, 400)),
            (Error::refused(Refusal::Size, true, "too big"), (2, 413)),
            (
                Error::refused(Refusal::Size, false, "over --max-memory"),
                (1, 413),
            ),
            (Error::refused(Refusal::Time, true, "too long"), (2, 422)),
            (Error::runtime("a gallery failed"), (1, 422)),
            (Error::no_tour("5x5 has none"), (1, 422)),
            (Error::file("x.pdf", io()), (1, 500)),
            (Error::Io(io()), (1, 500)),
        ] {
            assert_eq!((e.exit_status(), e.http_status()), want, "{e:?}");
            assert_eq!(e.is_usage(), want.0 == 2);
        }
    }

    #[test]
    fn a_refusal_carries_its_estimate_and_its_statuses() {
        let estimate = Estimate::none().with_tours(1 << 40).at_least(true);
        let e = Error::refused_with(Refusal::Time, true, estimate, "walking all tours");
        match &e {
            Error::Refused {
                kind: Refusal::Time,
                usage: true,
                estimate,
                msg,
            } => {
                assert_eq!(estimate.tours, Some(1 << 40));
                assert_eq!((estimate.bytes, estimate.seconds), (None, None));
                assert!(estimate.at_least);
                assert_eq!(msg, "walking all tours");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(e.estimate(), Some(&estimate));
        assert_eq!(e.refusal(), Some(Refusal::Time));
        assert_eq!((e.exit_status(), e.http_status()), (2, 422));
        assert_eq!(e.to_string(), "walking all tours");
        // Without an estimate: no figure, and no estimate for another kind.
        let plain = Error::refused(Refusal::Size, false, "too big");
        assert_eq!(plain.estimate(), Some(&Estimate::none()));
        assert_eq!((plain.exit_status(), plain.http_status()), (1, 413));
        assert_eq!(Error::usage("bad").estimate(), None);
    }

    #[test]
    fn a_file_error_carries_its_path_and_its_statuses() {
        let e = Error::file("out/x.pdf", std::io::Error::other("disk full"));
        match &e {
            Error::File { path, source } => {
                assert_eq!(path, std::path::Path::new("out/x.pdf"));
                assert_eq!(source.to_string(), "disk full");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!((e.exit_status(), e.http_status()), (1, 500));
        assert_eq!(e.to_string(), "out/x.pdf: disk full");
        assert_eq!(e.estimate(), None);
    }

    #[test]
    fn one_line_escapes_breaks_only() {
        assert_eq!(one_line("6x6 é"), "6x6 é");
        assert_eq!(
            one_line("a\nb\tc\u{1b}d\u{2028}"),
            "a\\nb\\tc\\u{1b}d\\u{2028}"
        );
    }

    #[test]
    fn one_line_escapes_direction_controls_but_not_right_to_left_letters() {
        assert_eq!(one_line("6\u{202e}x6"), "6\\u{202e}x6");
        assert_eq!(one_line("a\u{2067}b\u{200f}"), "a\\u{2067}b\\u{200f}");
        assert_eq!(one_line("كوفي"), "كوفي");
        let e = Error::usage("bad board '6\u{202e}x6'");
        assert_eq!(e.to_string(), "bad board '6\\u{202e}x6'");
    }
}
