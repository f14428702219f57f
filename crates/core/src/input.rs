//! Reading the small text files users name (style templates, gallery manifests) without
//! trusting their size: a path such as `/dev/zero` must not be read without end.

use std::io::{self, Read};
use std::path::Path;

/// The largest style file or manifest read, in bytes: real ones are a few hundred.
pub const MAX_TEXT_FILE: u64 = 1 << 20;

/// The UTF-8 text of `p`, or `Ok(None)` when it holds more than `limit` bytes (only
/// `limit + 1` bytes are ever read). Text that is not UTF-8 is an `InvalidData` error.
pub fn read_bounded(p: &Path, limit: u64) -> io::Result<Option<String>> {
    let mut buf = Vec::new();
    std::fs::File::open(p)?
        .take(limit.saturating_add(1))
        .read_to_end(&mut buf)?;
    if buf.len() as u64 > limit {
        return Ok(None);
    }
    String::from_utf8(buf)
        .map(Some)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_up_to_the_limit_and_no_further() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("t.toml");
        std::fs::write(&p, "abcd").unwrap();
        assert_eq!(read_bounded(&p, 4).unwrap().as_deref(), Some("abcd"));
        assert_eq!(read_bounded(&p, 3).unwrap(), None);
        std::fs::write(&p, b"\xff").unwrap();
        assert_eq!(
            read_bounded(&p, 4).unwrap_err().kind(),
            io::ErrorKind::InvalidData
        );
        // A device that never ends is cut off at the limit.
        if Path::new("/dev/zero").exists() {
            assert_eq!(read_bounded(Path::new("/dev/zero"), 1 << 16).unwrap(), None);
        }
    }
}
