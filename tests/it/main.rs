//! One integration test binary, a module per topic (DESIGN.md, "Examples to follow" 9).

mod adoption;
mod classes;
mod cli_count_list;
mod common;
mod engine;
mod find;
mod fuzz_corpus;
mod gallery;
mod parsers;
mod render;
mod sample;
mod scale;
mod slide;
mod slide_sheet;
