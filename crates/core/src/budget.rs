//! Resource limits: how much memory an engine may hold and how much work it may plan for
//! before it asks for `--force`.
//!
//! Work is measured in machine-independent units (diagram nodes, frontier states) and
//! converted to seconds with rates measured on the project's reference machine (2 cores);
//! the engines project their total from what they have built so far and stop early, with
//! the projected figure in the error, rather than run for hours or be killed for memory.

use crate::error::{Error, Estimate, Refusal, Result};
use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Seconds of work a command may plan for without `--force`.
pub const DEFAULT_SECONDS: f64 = 120.0;

/// Memory when the machine's cannot be read: 16 GiB.
const FALLBACK_MEMORY: u64 = 16 << 30;

/// The limits one engine run works within.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Bytes the run may hold. Default: three quarters of the machine's memory.
    pub memory: u64,
    /// Seconds of work (on the reference machine) the run may plan for; `None` for no
    /// limit (`--force`). Default [`DEFAULT_SECONDS`].
    pub seconds: Option<f64>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            memory: default_memory(),
            seconds: Some(DEFAULT_SECONDS),
        }
    }
}

impl Budget {
    /// The default budget with `memory` bytes, and no time limit when `force`.
    pub fn new(memory: u64, force: bool) -> Self {
        Budget {
            memory,
            seconds: (!force).then_some(DEFAULT_SECONDS),
        }
    }

    /// Refuse work estimated at `seconds` and `bytes`: `what` says what it is ("counting
    /// the 22x22 board"). The memory limit holds even with `--force`.
    pub fn check(&self, what: &str, seconds: f64, bytes: f64) -> Result<()> {
        self.check_estimate(what, seconds, bytes, false)
    }

    /// [`Budget::check`] of an estimate that is a lower bound when `at_least` (the work
    /// seen so far, before its growth shows): the refusal says "at least", not "about",
    /// so that `--force` is not offered as the way to a run of the size named.
    pub fn check_estimate(
        &self,
        what: &str,
        seconds: f64,
        bytes: f64,
        at_least: bool,
    ) -> Result<()> {
        // Every check is also a point where work stopped by its caller ends.
        check_stop()?;
        let about = if at_least { "at least" } else { "about" };
        let estimate = Estimate::none().at_least(at_least);
        if bytes > self.memory as f64 {
            return Err(Error::refused_with(
                Refusal::Size,
                false,
                estimate.with_bytes(bytes),
                format!(
                    "{what} needs {about} {} of memory, more than the {} allowed; \
                 give more with --max-memory SIZE if the machine has it",
                    human_bytes(bytes),
                    human_bytes(self.memory as f64)
                ),
            ));
        }
        if let Some(limit) = self.seconds {
            if seconds > limit {
                let memory = if bytes > 0.0 {
                    format!(" and {} of memory", human_bytes(bytes))
                } else {
                    String::new()
                };
                let estimate = estimate.with_seconds(seconds);
                return Err(Error::refused_with(
                    Refusal::Time,
                    true,
                    if bytes > 0.0 {
                        estimate.with_bytes(bytes)
                    } else {
                        estimate
                    },
                    format!(
                        "{what} would take {about} {}{memory}; add --force to do it anyway",
                        human_seconds(seconds),
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// Work done for a caller who may stop waiting for it (the server's request: its client
/// left, its time ran out, the server is stopping): the memory its share of a shared
/// budget allows, and the flag that stops it. Set on the thread that runs the work by
/// [`with_work`]; the engines poll the flag at every budget check ([`check_stop`]).
#[derive(Clone, Debug)]
pub struct Work {
    /// Bytes the work may hold (the engines' memory limit while it runs).
    pub memory: u64,
    /// Set to stop the work.
    pub stop: Arc<AtomicBool>,
}

thread_local! {
    /// The work this thread runs for a caller, if any.
    static WORK: RefCell<Option<Work>> = const { RefCell::new(None) };
}

/// Run `f` as `work` on this thread: the engines' checks on it see its memory and its
/// stop flag. Checks made on other threads (a parallel engine's workers) do not.
pub fn with_work<T>(work: Work, f: impl FnOnce() -> T) -> T {
    struct Reset(Option<Work>);
    impl Drop for Reset {
        fn drop(&mut self) {
            let old = self.0.take();
            WORK.with(|w| *w.borrow_mut() = old);
        }
    }
    let old = WORK.with(|w| w.borrow_mut().replace(work));
    let _reset = Reset(old);
    f()
}

/// The memory of the work this thread runs for a caller ([`with_work`]), if any.
pub fn work_memory() -> Option<u64> {
    WORK.with(|w| w.borrow().as_ref().map(|w| w.memory))
}

/// A runtime failure when the work this thread runs has been stopped by its caller.
pub fn check_stop() -> Result<()> {
    let stopped = WORK.with(|w| {
        w.borrow()
            .as_ref()
            .is_some_and(|w| w.stop.load(Ordering::Relaxed))
    });
    if stopped {
        return Err(Error::runtime(
            "the work was stopped: its client left, its time ran out or the server is stopping",
        ));
    }
    Ok(())
}

/// Three quarters of the memory this process may have: the machine's (`MemTotal` of
/// `/proc/meminfo`, 16 GiB where that cannot be read), or less where the process is
/// limited to less (its address space, `ulimit -v`; its control group's `memory.max`),
/// so that work past the limit is refused from its estimate rather than failing to
/// allocate.
pub fn default_memory() -> u64 {
    process_memory().unwrap_or(FALLBACK_MEMORY) / 4 * 3
}

/// The memory this process may have: the least of the machine's (`MemTotal`), its
/// address-space limit (`ulimit -v`) and its control group's `memory.max`, where any is
/// known.
pub fn process_memory() -> Option<u64> {
    [
        physical_memory(),
        address_space_limit(),
        cgroup_memory_limit(),
    ]
    .into_iter()
    .flatten()
    .min()
}

/// The process's address-space limit in bytes (`RLIMIT_AS`, `ulimit -v`), if it has
/// one.
#[allow(unsafe_code)] // getrlimit(2), see the SAFETY note
fn address_space_limit() -> Option<u64> {
    let mut r = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `r` is a valid rlimit for getrlimit to fill in.
    let rc = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut r) };
    (rc == 0 && r.rlim_cur != libc::RLIM_INFINITY).then_some(r.rlim_cur)
}

/// The memory limit of the process's control group (cgroup v2 `memory.max`), if it has
/// one.
fn cgroup_memory_limit() -> Option<u64> {
    let cgroup = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    // The v2 line: `0::/path`.
    let path = cgroup.lines().find_map(|l| l.strip_prefix("0::"))?;
    let max = std::fs::read_to_string(format!("/sys/fs/cgroup{}/memory.max", path.trim())).ok()?;
    max.trim().parse().ok()
}

/// The machine's memory in bytes, from `/proc/meminfo`.
pub fn physical_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// Bytes free for an unprivileged user on the file system holding `path` (a file or
/// folder that need not exist yet: its nearest existing ancestor is asked), from
/// `statvfs`; `None` where that cannot be read.
#[allow(unsafe_code)] // statvfs(3), see the SAFETY notes
pub fn free_space(path: &std::path::Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let mut p = if path.as_os_str().is_empty() {
        std::path::Path::new(".")
    } else {
        path
    };
    while !p.exists() {
        p = p.parent().filter(|q| !q.as_os_str().is_empty())?;
    }
    let c = std::ffi::CString::new(p.as_os_str().as_bytes()).ok()?;
    let mut st = std::mem::MaybeUninit::<libc::statvfs>::zeroed();
    // SAFETY: `c` is a NUL-terminated path and `st` points to a statvfs to fill in.
    let rc = unsafe { libc::statvfs(c.as_ptr(), st.as_mut_ptr()) };
    if rc != 0 {
        return None;
    }
    // SAFETY: statvfs returned 0, so it filled the struct.
    let st = unsafe { st.assume_init() };
    st.f_bavail.checked_mul(st.f_frsize)
}

/// Keep the memory the process frees for its next allocations rather than hand it back
/// to the system at once (glibc's malloc: no trimming until 2 GiB is free at the top of a
/// heap, and blocks up to 32 MiB taken from the heaps rather than mapped one by one;
/// nothing with other C libraries). For a long-running binary's `main`, once: the
/// sweeps free and take their levels' buffers again many times a second, and each page
/// handed back is zeroed by the kernel when it is taken again: knight 8×8's count
/// spends about a third less system time so, for a slightly higher peak.
/// [`release_free_memory`] still hands the free pages back where a job asks.
///
/// glibc's allocator so set stays: on the same count mimalloc and jemalloc were slower
/// and held more, and glibc's huge pages halved the page faults but saved no time
/// (`benches/NOTES.md` has the figures).
#[allow(unsafe_code)] // mallopt(3), see the SAFETY note
pub fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt takes two integers and only changes the allocator's thresholds.
    unsafe {
        libc::mallopt(libc::M_TRIM_THRESHOLD, i32::MAX);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
    }
}

/// Hand the heap's free pages back to the system (glibc's `malloc_trim(0)`; nothing
/// with other C libraries). A sweep frees its levels in pieces of about 100 KB, which
/// glibc keeps for reuse; the big vectors allocated after it do not reuse them, so
/// they stay resident beside them unless handed back: after a side's sweep and after
/// its last level is converted, which lowers knight 8×8's peak by about a third in the
/// same time (`benches/NOTES.md`).
#[allow(unsafe_code)] // malloc_trim(3), see the SAFETY note
pub fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim takes no pointer and only returns free pages of the heap.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Parse a memory size: `4G`, `512M`, `1.5GiB`, `800MB`, `65536` (bytes). Units are
/// binary (K = 1024), with or without `B`/`iB`.
pub fn parse_size(s: &str) -> Result<u64> {
    let bad = || {
        Error::usage(format!(
            "bad memory size '{s}': write a number with K, M, G or T, e.g. 4G or 512M"
        ))
    };
    let t = s.trim();
    let digits = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(digits);
    let x: f64 = num.parse().map_err(|_| bad())?;
    let unit = unit.trim().to_ascii_lowercase();
    let unit = unit
        .strip_suffix("ib")
        .or_else(|| unit.strip_suffix('b'))
        .unwrap_or(&unit);
    let shift = match unit {
        "" => 0,
        "k" => 10,
        "m" => 20,
        "g" => 30,
        "t" => 40,
        _ => return Err(bad()),
    };
    let bytes = x * (1u64 << shift) as f64;
    if !bytes.is_finite() || bytes >= u64::MAX as f64 {
        return Err(bad());
    }
    if bytes < 1.0 {
        return Err(Error::usage(format!(
            "memory size '{s}' is less than one byte: give at least 1, e.g. 512M"
        )));
    }
    Ok(bytes as u64)
}

/// `5.1 GiB`, `580 MiB`, `13 KiB`: binary units, as `--max-memory` takes them.
pub fn human_bytes(b: f64) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut x = b.max(0.0);
    let mut i = 0;
    while x >= 1024.0 && i + 1 < units.len() {
        x /= 1024.0;
        i += 1;
    }
    if x >= 1e6 {
        return format!("{b:.3e} B");
    }
    let digits = if x < 10.0 && i > 0 { 1 } else { 0 };
    format!("{x:.digits$} {}", units[i])
}

/// `45 s`, `7 min`, `3.2 h`, `12 days`, `4e9 years`.
pub fn human_seconds(s: f64) -> String {
    if s < 90.0 {
        format!("{:.0} s", s.max(1.0))
    } else if s < 5400.0 {
        format!("{:.0} min", s / 60.0)
    } else if s < 172_800.0 {
        format!("{:.1} h", s / 3600.0)
    } else if s < 3.2e7 {
        format!("{:.0} days", s / 86400.0)
    } else {
        format!("{:.1e} years", s / 3.156e7)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_refuses_with_the_bytes_and_seconds_it_computed() {
        let budget = Budget {
            memory: 1 << 30,
            seconds: Some(60.0),
        };
        let memory = budget.check("counting", 1.0, 3e9).unwrap_err();
        assert_eq!(memory.refusal(), Some(Refusal::Size));
        let want = Estimate::none().with_bytes(3e9);
        assert_eq!(memory.estimate(), Some(&want));
        assert_eq!((memory.exit_status(), memory.http_status()), (1, 413));
        let time = budget
            .check_estimate("counting", 600.0, 1e6, true)
            .unwrap_err();
        let want = Estimate::none()
            .with_seconds(600.0)
            .with_bytes(1e6)
            .at_least(true);
        assert_eq!(time.estimate(), Some(&want));
        assert_eq!((time.exit_status(), time.http_status()), (2, 422));
        let time_only = budget.check("counting", 600.0, 0.0).unwrap_err();
        assert_eq!(time_only.estimate().unwrap().bytes, None);
    }

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_size("4G").unwrap(), 4 << 30);
        assert_eq!(parse_size("512M").unwrap(), 512 << 20);
        assert_eq!(parse_size("1.5GiB").unwrap(), 3 << 29);
        assert_eq!(parse_size("800MB").unwrap(), 800 << 20);
        assert_eq!(parse_size(" 65536 ").unwrap(), 65536);
        for bad in [
            "",
            "G",
            "-1G",
            "0",
            "4X",
            "1e3G",
            "99999999999T",
            "NaN",
            "4 G B",
        ] {
            assert!(parse_size(bad).unwrap_err().is_usage(), "{bad}");
        }
        let e = parse_size("0").unwrap_err().to_string();
        assert!(e.contains("less than one byte"), "{e}");
    }

    #[test]
    fn bad_memory_size_with_newline_is_one_line_error() {
        let e = parse_size("4\nG!").unwrap_err().to_string();
        assert!(!e.contains('\n'), "{e}");
        assert!(e.contains("4\\nG!"), "{e}");
    }

    #[test]
    fn human_units() {
        assert_eq!(human_bytes(5.5e9), "5.1 GiB");
        assert_eq!(human_bytes(608e6), "580 MiB");
        assert_eq!(human_bytes(f64::from(100 << 20)), "100 MiB");
        assert_eq!(human_bytes(12.0), "12 B");
        assert_eq!(human_seconds(35.0), "35 s");
        assert_eq!(human_seconds(429.0), "7 min");
        assert!(human_seconds(1e12).ends_with("years"));
    }

    #[test]
    fn check_refuses_time_unless_forced_and_memory_always() {
        let b = Budget::new(1 << 30, false);
        assert!(b.check("x", 10.0, 1e6).is_ok());
        let e = b.check("counting it", 1e4, 1e6).unwrap_err();
        assert!(e.is_usage() && e.to_string().contains("--force"), "{e}");
        assert!(Budget::new(1 << 30, true).check("x", 1e9, 1e6).is_ok());
        let e = Budget::new(1 << 30, true).check("x", 1.0, 2e9).unwrap_err();
        assert!(
            !e.is_usage() && e.to_string().contains("--max-memory"),
            "{e}"
        );
        assert!(default_memory() > 1 << 20);
    }

    #[test]
    fn stopped_work_fails_its_next_check_on_its_thread_only() {
        let stop = Arc::new(AtomicBool::new(false));
        let work = Work {
            memory: 1 << 20,
            stop: stop.clone(),
        };
        let b = Budget::new(1 << 30, false);
        with_work(work, || {
            assert_eq!(work_memory(), Some(1 << 20));
            assert!(b.check("x", 1.0, 1.0).is_ok());
            stop.store(true, Ordering::Relaxed);
            let e = b.check("x", 1.0, 1.0).unwrap_err();
            assert!(e.to_string().contains("stopped"), "{e}");
            // Another thread runs no work of this caller.
            std::thread::scope(|s| {
                s.spawn(|| assert!(b.check("x", 1.0, 1.0).is_ok()));
            });
        });
        assert_eq!(work_memory(), None);
        assert!(b.check("x", 1.0, 1.0).is_ok());
    }

    #[test]
    fn free_space_asks_the_nearest_existing_folder() {
        let dir = tempfile::tempdir().unwrap();
        let here = free_space(dir.path()).unwrap();
        assert!(here > 0);
        let deep = free_space(&dir.path().join("a/b/c.pdf")).unwrap();
        // The same file system: equal up to what others wrote meanwhile.
        assert!(deep.abs_diff(here) < 1 << 30, "{deep} vs {here}");
    }
}
