//! The package exists for its benchmarks and timing experiments (see Cargo.toml); this
//! library holds what several of them read.

#![forbid(unsafe_code)]

/// A memory line of this process's `/proc/self/status` (`VmRSS`, the resident set now;
/// `VmHWM`, its peak), in MB; `None` where that file or line cannot be read.
pub fn status_mb(field: &str) -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.split(':').next() == Some(field))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
