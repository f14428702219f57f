//! The engine's cross-checks, one test binary (one link for all): each engine against
//! another and against published figures, through the library alone. The figures are
//! the command line's tests' table (`tests/it/reference.rs`), transcribed
//! once and read by both.

mod frontier;
mod leaper_count;
#[path = "../../../../tests/it/reference.rs"]
mod reference;
mod transfer_count;
