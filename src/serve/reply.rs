//! Library errors → HTTP answers: the CLI's one-line message (without `tourglyph: `) as
//! `{"error": "…"}`, with a status that says whose fault it is.
//!
//! - 400: the request is malformed (a bad board, an unknown piece or parameter);
//! - 413: the work is too large to hold (a memory budget, a board beyond the engines);
//! - 422: well-formed, but refused or without an answer (a walk of 10^18 tours, work
//!   past the time budget, a selection with no tour);
//! - 500: a fault of the server (an I/O failure, a job that panicked).

use crate::Error;
use crate::error::Refusal;
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};

/// An error as an HTTP answer.
pub struct Failure(pub Error);

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        Failure(e)
    }
}

/// The status of an error, from its kind (never from its text).
pub fn status(e: &Error) -> StatusCode {
    match e {
        Error::Refused {
            kind: Refusal::Size,
            ..
        } => StatusCode::PAYLOAD_TOO_LARGE,
        // The budgets' and the walk limit's refusals: the CLI would ask for --force or bounds.
        Error::Refused {
            kind: Refusal::Time,
            ..
        } => StatusCode::UNPROCESSABLE_ENTITY,
        Error::Usage(_) => StatusCode::BAD_REQUEST,
        Error::Runtime(_) => StatusCode::UNPROCESSABLE_ENTITY,
        Error::File { .. } | Error::Io(_) => StatusCode::INTERNAL_SERVER_ERROR,
    }
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
        json_error(status(&self.0), &format!("{:#}", self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_follow_the_kind() {
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
    }
}
