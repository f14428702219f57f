//! One integration test binary, a module per topic (DESIGN.md, "Examples to follow" 9).

mod adoption;
mod bad_inputs;
mod classes;
mod cli_count_list;
mod common;
mod engine;
mod failures;
mod find;
mod fuzz_corpus;
mod gallery;
mod parsers;
mod render;
mod sample;
mod scale;
mod slide;
mod slide_sheet;
mod stress;
mod symmetric;
mod torus;
