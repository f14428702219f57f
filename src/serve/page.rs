//! The explorer page: plain HTML, CSS and JavaScript compiled into the binary (no build
//! step, no CDN, no file of the machine served).

use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::IntoResponse;

const INDEX: &str = include_str!("../../templates/explorer/index.html");
const SCRIPT: &str = include_str!("../../templates/explorer/explorer.js");
const CSS: &str = include_str!("../../templates/explorer/explorer.css");

pub async fn index() -> impl IntoResponse {
    (
        [
            (CONTENT_TYPE, "text/html; charset=utf-8"),
            (CACHE_CONTROL, "no-cache"),
        ],
        INDEX,
    )
}

pub async fn script() -> impl IntoResponse {
    ([(CONTENT_TYPE, "text/javascript; charset=utf-8")], SCRIPT)
}

pub async fn css() -> impl IntoResponse {
    ([(CONTENT_TYPE, "text/css; charset=utf-8")], CSS)
}
