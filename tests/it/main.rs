//! One integration test binary, a module per topic (DESIGN.md, "Examples to follow" 9).

mod adoption;
mod bad_inputs;
mod classes;
mod cli_count_list;
mod common;
mod engine;
mod eps;
mod failures;
mod find;
mod friction;
mod fuzz_corpus;
mod gallery;
mod help_examples;
mod miter;
mod parsers;
mod poster;
mod readback;
mod reference;
mod render;
mod sample;
mod scale;
mod slide;
mod slide_sheet;
mod stress;
mod svg_ids;
mod svg_pages;
