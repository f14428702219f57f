//! One integration test binary, a module per topic (DESIGN.md, "Examples to follow" 9).

mod common;
mod slide;
