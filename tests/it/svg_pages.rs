//! Re-rendering an SVG sheet replaces the earlier run's files of the same name (issue 13,
//! defect 2): fewer pages remove the extra ones, one page removes the pages, pages remove
//! the single file; other names stay; `--no-clobber` refuses them; a failed run leaves
//! the earlier set whole; the run says on stderr what it wrote.

use crate::common::{arg, file_names as names, run, stderr};
use std::path::Path;

/// `sheet-1.svg` … `sheet-N.svg` and `keep`, sorted as [`names`] sorts.
fn expect(pages: usize, keep: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = (1..=pages).map(|k| format!("sheet-{k}.svg")).collect();
    v.extend(keep.iter().map(|s| s.to_string()));
    v.sort();
    v
}

/// Names an earlier run never wrote: they must survive every run.
const OTHERS: &[&str] = &[
    "sheet-1-backup.svg",
    "sheet-01.svg",
    "sheet-0.svg",
    "sheet-5.svg.bak",
    "sheet-5.pdf",
    "sheets-5.svg",
    "other.svg",
];

/// `render --board 6x6 -o DIR/sheet.svg --page PAGE` plus `extra`: 9 pages on A4, 4 on
/// A3, one on `poster`.
fn render(dir: &Path, page: &str, extra: &[&str]) -> std::process::Output {
    let out = dir.join("sheet.svg");
    let mut a = vec!["render", "--board", "6x6", "--page", page, "-o", arg(&out)];
    a.extend_from_slice(extra);
    run(&a)
}

fn ok(o: &std::process::Output) -> String {
    let e = stderr(o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    e
}

#[test]
fn fewer_pages_remove_the_extra_pages_of_an_earlier_run() {
    let d = tempfile::tempdir().unwrap();
    for f in OTHERS {
        std::fs::write(d.path().join(f), f).unwrap();
    }
    let e9 = ok(&render(d.path(), "a4", &[]));
    assert_eq!(names(d.path()), expect(9, OTHERS));
    let e = ok(&render(d.path(), "a3", &[]));
    assert_eq!(names(d.path()), expect(4, OTHERS));
    let shown = |f: &str| d.path().join(f).display().to_string();
    assert_eq!(
        e9,
        format!(
            "tourglyph: wrote 9 files: {} … {}\n",
            shown("sheet-1.svg"),
            shown("sheet-9.svg")
        )
    );
    assert_eq!(
        e,
        format!(
            "tourglyph: wrote 4 files: {} … {}; removed 5 files left by an earlier run\n",
            shown("sheet-1.svg"),
            shown("sheet-4.svg")
        )
    );
    for f in OTHERS {
        assert_eq!(std::fs::read(d.path().join(f)).unwrap(), f.as_bytes());
    }
    // --quiet: the same work, nothing on stderr.
    assert_eq!(ok(&render(d.path(), "a4", &["--quiet"])), "");
    assert_eq!(names(d.path()), expect(9, OTHERS));
}

#[test]
fn one_page_and_pages_replace_each_other() {
    let d = tempfile::tempdir().unwrap();
    for f in OTHERS {
        std::fs::write(d.path().join(f), f).unwrap();
    }
    ok(&render(d.path(), "a4", &[]));
    // One page: the file itself, and the nine pages go.
    let e = ok(&render(d.path(), "poster", &[]));
    let mut want = expect(0, OTHERS);
    want.push("sheet.svg".into());
    want.sort();
    assert_eq!(names(d.path()), want);
    let single = d.path().join("sheet.svg");
    assert_eq!(
        e,
        format!(
            "tourglyph: wrote 1 file: {}; removed 9 files left by an earlier run\n",
            single.display()
        )
    );
    let poster = std::fs::read(&single).unwrap();
    crate::common::svg_tree(&poster);
    // Pages again: the single file goes.
    let e = ok(&render(d.path(), "a3", &[]));
    assert_eq!(names(d.path()), expect(4, OTHERS));
    assert!(
        e.ends_with(&format!(
            "; removed {}, left by an earlier run\n",
            single.display()
        )),
        "{e}"
    );
}

#[test]
fn no_clobber_refuses_an_earlier_runs_files_and_writes_nothing() {
    let d = tempfile::tempdir().unwrap();
    // A stale page beyond this run's four.
    std::fs::write(d.path().join("sheet-7.svg"), b"old").unwrap();
    let o = render(d.path(), "a3", &["--no-clobber"]);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(
        e.starts_with(&format!(
            "tourglyph: {}: already exists",
            d.path().join("sheet-7.svg").display()
        )) && e.contains("--no-clobber")
            && e.lines().count() == 1,
        "{e}"
    );
    assert_eq!(names(d.path()), ["sheet-7.svg"]);
    // The single file, before a run of pages.
    std::fs::remove_file(d.path().join("sheet-7.svg")).unwrap();
    std::fs::write(d.path().join("sheet.svg"), b"old").unwrap();
    let o = render(d.path(), "a3", &["--no-clobber"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("sheet.svg: already exists"));
    assert_eq!(names(d.path()), ["sheet.svg"]);
    // A page, before a one-page run.
    std::fs::remove_file(d.path().join("sheet.svg")).unwrap();
    std::fs::write(d.path().join("sheet-2.svg"), b"old").unwrap();
    let o = render(d.path(), "poster", &["--no-clobber"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(names(d.path()), ["sheet-2.svg"]);
    assert_eq!(std::fs::read(d.path().join("sheet-2.svg")).unwrap(), b"old");
    // Nothing of an earlier run: written, other names untouched.
    std::fs::rename(d.path().join("sheet-2.svg"), d.path().join("sheet-02.svg")).unwrap();
    ok(&render(d.path(), "a3", &["--no-clobber"]));
    assert_eq!(names(d.path()), expect(4, &["sheet-02.svg"]));
}

#[test]
fn failed_run_leaves_the_earlier_set_whole() {
    let d = tempfile::tempdir().unwrap();
    ok(&render(d.path(), "poster", &[]));
    let single = std::fs::read(d.path().join("sheet.svg")).unwrap();
    // Page 3's name is taken by a folder: the nine-page run fails part-way.
    std::fs::create_dir(d.path().join("sheet-3.svg")).unwrap();
    let o = render(d.path(), "a4", &[]);
    assert_ne!(o.status.code(), Some(0));
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    assert_eq!(names(d.path()), ["sheet-3.svg", "sheet.svg"]);
    assert_eq!(std::fs::read(d.path().join("sheet.svg")).unwrap(), single);
}
