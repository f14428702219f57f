//! Nothing: the package exists for its benchmarks and timing experiments (see Cargo.toml).

#![forbid(unsafe_code)]
