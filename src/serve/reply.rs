//! Library errors → HTTP answers: the CLI's one-line message (without `tourglyph: `) as
//! `{"error": "…"}`, in the explorer's words ([`for_browser`]: query parameters for flags,
//! the CLI command for work the explorer will not force), with a status that says whose
//! fault it is.
//!
//! - 400: the request is malformed (a bad board, an unknown piece or parameter);
//! - 413: the work is too large to hold (a memory budget, a board beyond the engines);
//! - 422: well-formed, but refused or without an answer (a walk of 10^18 tours, work
//!   past the time budget, a board or selection with no tour);
//! - 500: a fault of the server (an I/O failure, a job that panicked);
//! - 503: the server's memory is taken by the requests it serves (ask again later).

use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use tourglyph::Error;
use tourglyph::job::keys::ValueKind;

/// How long a request waits for a share of the memory before it is answered 503 (and
/// the `Retry-After` of that answer).
pub const ADMIT_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// An error as an HTTP answer, with the CLI command of the request when known (for
/// work the explorer will not force: see [`for_browser`]).
/// A status given with the error overrides the one its kind says ([`Failure::busy`]).
pub struct Failure(pub Error, pub Option<String>, pub Option<StatusCode>);

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        Failure(e, None, None)
    }
}

impl Failure {
    /// The same failure, for the request the CLI runs as `command`.
    pub fn with_cli(self, command: &str) -> Failure {
        Failure(self.0, Some(command.to_string()), self.2)
    }

    /// 503: the server's memory is taken by the requests it is serving (`msg` says so
    /// and when to ask again); the answer says `Retry-After`.
    pub fn busy(msg: impl Into<String>) -> Failure {
        Failure(
            Error::runtime(msg),
            None,
            Some(StatusCode::SERVICE_UNAVAILABLE),
        )
    }
}

/// A library message (written for the CLI) in the explorer's words, the one place they
/// are translated: a flag the API has becomes its query parameter (`--id N` → `id=N`,
/// `--open` → `open=true`; which parameters are switches is [`super::params::kind`]'s
/// to say); the advice to add `--force`, which the explorer never does,
/// becomes the CLI command that would (`cli`, the request as a command line); standard
/// output becomes the answer. Other flags (`--max-memory`, which `serve` takes too,
/// `--tour`, `--modulus`) stay as written.
pub fn for_browser(msg: &str, cli: Option<&str>) -> String {
    let command = match cli {
        Some(c) => format!("the CLI: `{c} --force`"),
        None => "the CLI and --force".to_string(),
    };
    let mut out = String::with_capacity(msg.len());
    let mut rest = msg;
    while let Some(at) = rest.find("--") {
        let (before, flag) = rest.split_at(at);
        out.push_str(before);
        let name_len = flag[2..]
            .find(|c: char| !(c.is_ascii_lowercase() || c == '-'))
            .unwrap_or(flag.len() - 2);
        let name = flag[2..2 + name_len].replace('-', "_");
        let after = &flag[2 + name_len..];
        let kind = (name_len > 0).then(|| super::params::kind(&name)).flatten();
        if kind == Some(ValueKind::Switch) {
            out.push_str(&format!("{name}=true"));
            rest = after;
        } else if kind.is_some() {
            // `--id N`, `--range A..B`: the value (a placeholder or a number) follows.
            let value = after.strip_prefix(' ').and_then(|v| {
                let end = v.find([' ', ',', ';', ')']).unwrap_or(v.len());
                let word = &v[..end];
                let placeholder = word
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
                placeholder.then_some((word, &v[end..]))
            });
            match value {
                Some((word, tail)) => {
                    out.push_str(&format!("{name}={word}"));
                    rest = tail;
                }
                None => {
                    out.push_str(&name);
                    rest = after;
                }
            }
        } else {
            out.push_str(&flag[..2 + name_len]);
            rest = after;
        }
    }
    out.push_str(rest);
    let mut m = out
        .replace("on stdout (-o -)", "in one answer")
        .replace("to stdout (-o -)", "in one answer")
        .replace("on stdout", "in one answer")
        .replace("standard output", "the answer")
        .replace("stdout", "the answer");
    for phrase in [
        "add --force to do it anyway",
        "add --force to search on",
        "pass --force to try anyway",
        "add --force",
    ] {
        if let Some(at) = m.find(phrase) {
            // An alternative ("bound it …, or add --force") stays one: "or run it with
            // the CLI"; alone, the advice says why the explorer does not take it.
            let advice = if m[..at].ends_with("or ") {
                format!("run it with {command} (the explorer does not force work)")
            } else {
                format!("the explorer does not force work: run it with {command}")
            };
            m = m.replacen(phrase, &advice, 1);
            break;
        }
    }
    m
}

/// The status of an error, from its kind (never from its text): core's one table.
pub fn status(e: &Error) -> StatusCode {
    StatusCode::from_u16(e.http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
}

/// `{"error": message}` with `status`.
pub fn json_error(status: StatusCode, message: &str) -> Response {
    let body = serde_json::json!({ "error": message }).to_string();
    (status, [(CONTENT_TYPE, "application/json")], body).into_response()
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        // The library's Display is already the one-line message the CLI prints after
        // `tourglyph: `.
        let status = self.2.unwrap_or_else(|| status(&self.0));
        let mut r = json_error(
            status,
            &for_browser(&format!("{:#}", self.0), self.1.as_deref()),
        );
        if status == StatusCode::SERVICE_UNAVAILABLE {
            r.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(ADMIT_WAIT.as_secs()),
            );
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_speak_of_query_parameters_not_flags() {
        let cases = [
            (
                "say which tour: --id N, --tour CELLS, or --random [--seed S]",
                "say which tour: id=N, --tour CELLS, or random=true [seed=S]",
            ),
            (
                "listing all 5 tours of 12x12 would not finish in reasonable time; bound it with --limit K or --range A..B, or add --force",
                "listing all 5 tours of 12x12 would not finish in reasonable time; bound it with limit=K or range=A..B, or run it with the CLI: `tourglyph list --board 12x12 --json --force` (the explorer does not force work)",
            ),
            (
                "counting it would take about 3 min; add --force to do it anyway",
                "counting it would take about 3 min; the explorer does not force work: run it with the CLI: `tourglyph list --board 12x12 --json --force`",
            ),
            (
                "--symmetry is for plane boards: drop --symmetry or --torus",
                "symmetry is for plane boards: drop symmetry or torus=true",
            ),
            (
                "an SVG sheet on stdout (-o -) must fit one page",
                "an SVG sheet in one answer must fit one page",
            ),
            (
                "needs about 9 GiB of memory; give more with --max-memory SIZE if the machine has it",
                "needs about 9 GiB of memory; give more with --max-memory SIZE if the machine has it",
            ),
        ];
        for (cli, browser) in cases {
            let got = for_browser(cli, Some("tourglyph list --board 12x12 --json"));
            assert_eq!(got, browser);
        }
        // Without the request's command line, still no flag to add.
        let got = for_browser("too many; add --force", None);
        assert!(!got.contains("add --force"), "{got}");
    }

    #[test]
    fn statuses_follow_the_kind() {
        use tourglyph::error::Refusal;
        assert_eq!(
            status(&Error::usage("bad board 'x'")),
            StatusCode::BAD_REQUEST
        );
        // The same words as a refusal's do not make a refusal: the kind does.
        assert_eq!(
            status(&Error::usage("too many; add --force")),
            StatusCode::BAD_REQUEST
        );
        assert_eq!(
            status(&Error::refused(Refusal::Time, true, "listing all 5 tours")),
            StatusCode::UNPROCESSABLE_ENTITY
        );
        assert_eq!(
            status(&Error::refused(Refusal::Size, false, "needs about 9 GB")),
            StatusCode::PAYLOAD_TOO_LARGE
        );
        assert_eq!(
            status(&Error::runtime("nothing to draw")),
            StatusCode::UNPROCESSABLE_ENTITY
        );
        let io = Error::Io(std::io::Error::other("disk"));
        assert_eq!(status(&io), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(
            status(&Error::no_tour("no closed knight's tour exists on 5x5")),
            StatusCode::UNPROCESSABLE_ENTITY
        );
    }
}
