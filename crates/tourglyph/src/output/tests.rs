use super::files::pending;
use super::*;
use std::io::Write;
use std::path::{Path, PathBuf};

#[test]
fn staging_moves_all_or_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.pdf"), b"old").unwrap();
    let s = Staging::new(dir.path(), "a").unwrap();
    std::fs::write(s.path().join("a.pdf"), b"new").unwrap();
    std::fs::write(s.path().join("a.png"), b"png").unwrap();
    assert_eq!(names(dir.path()).len(), 2, "the staging folder and a.pdf");
    drop(s);
    assert_eq!(names(dir.path()), ["a.pdf"]);
    assert_eq!(std::fs::read(dir.path().join("a.pdf")).unwrap(), b"old");
    let s = Staging::new(dir.path(), "a").unwrap();
    std::fs::write(s.path().join("a.pdf"), b"new").unwrap();
    std::fs::write(s.path().join("a.png"), b"png").unwrap();
    let moved = s.commit().unwrap();
    assert_eq!(moved, [dir.path().join("a.pdf"), dir.path().join("a.png")]);
    assert_eq!(names(dir.path()), ["a.pdf", "a.png"]);
    assert_eq!(std::fs::read(dir.path().join("a.pdf")).unwrap(), b"new");
    assert!(!pending().iter().any(|p| p.starts_with(dir.path())));
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn commit_renames_and_drop_cleans_up() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("a.txt");
    let mut f = AtomicFile::create(&t).unwrap();
    f.write_all(b"hello").unwrap();
    assert!(!t.exists());
    assert_eq!(
        pending()
            .iter()
            .filter(|p| p.starts_with(dir.path()))
            .count(),
        1
    );
    f.commit().unwrap();
    assert_eq!(std::fs::read(&t).unwrap(), b"hello");
    assert!(!pending().iter().any(|p| p.starts_with(dir.path())));

    let u = dir.path().join("b.txt");
    let mut g = AtomicFile::create(&u).unwrap();
    g.write_all(b"partial").unwrap();
    drop(g);
    assert!(!u.exists());
    assert_eq!(names(dir.path()), ["a.txt"]);
    assert!(!pending().iter().any(|p| p.starts_with(dir.path())));

    let p = svg_page_paths(Path::new("out/all.svg"), 3);
    assert_eq!(p[2], Path::new("out/all-3.svg"));
    assert_eq!(
        svg_page_paths(Path::new("g.svg"), 1),
        vec![PathBuf::from("g.svg")]
    );
    let e = check_stdout_pages(Path::new("-"), 2, "png").unwrap_err();
    assert!(
        e.is_usage() && e.to_string().starts_with("this PNG sheet"),
        "{e}"
    );
}

#[test]
fn closed_files_hold_no_descriptor_and_commit_later() {
    let dir = tempfile::tempdir().unwrap();
    let fds = || std::fs::read_dir("/proc/self/fd").unwrap().count();
    let before = fds();
    let mut files = vec![];
    for i in 0..50 {
        let mut f = AtomicFile::create(&dir.path().join(format!("p{i}.txt"))).unwrap();
        f.write_all(b"page").unwrap();
        f.close().unwrap();
        assert!(f.write_all(b"more").is_err());
        files.push(f);
    }
    // Other tests run in parallel threads: allow them a few descriptors.
    assert!(fds() < before + 10, "{} open after closing", fds() - before);
    commit_all(files).unwrap();
    assert_eq!(std::fs::read(dir.path().join("p49.txt")).unwrap(), b"page");
}

#[test]
fn missing_folder_is_an_error_unless_mkdir() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("no/such/dir/c.txt");
    let e = AtomicFile::create(&t).err().unwrap().to_string();
    assert!(
        e.contains("c.txt") && e.contains("does not exist") && e.contains("--mkdir"),
        "{e}"
    );
    assert!(!dir.path().join("no").exists());
    let opts = OutOptions {
        mkdir: true,
        ..OutOptions::default()
    };
    write_file(&t, b"x", opts).unwrap();
    assert_eq!(std::fs::read(&t).unwrap(), b"x");
    // A file where a folder should be.
    let e = AtomicFile::create(&t.join("d.txt"))
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("is not a folder"), "{e}");
    // A folder where the file should be.
    let e = AtomicFile::create(dir.path()).err().unwrap();
    assert!(e.is_usage() && e.to_string().contains("is a folder"), "{e}");
}

#[test]
fn overwrite_replaces_and_no_clobber_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("a.txt");
    write_file(&t, b"old", OutOptions::default()).unwrap();
    write_file(&t, b"new", OutOptions::default()).unwrap();
    assert_eq!(std::fs::read(&t).unwrap(), b"new");
    let nc = OutOptions {
        no_clobber: true,
        ..OutOptions::default()
    };
    let e = write_file(&t, b"newer", nc).unwrap_err().to_string();
    assert!(
        e.contains("already exists") && e.contains("--no-clobber"),
        "{e}"
    );
    assert_eq!(std::fs::read(&t).unwrap(), b"new");
    // The name taken while the file was written: the hard link refuses.
    let u = dir.path().join("u.txt");
    let mut f = AtomicFile::create_with(&u, nc).unwrap();
    f.write_all(b"late").unwrap();
    std::fs::write(&u, b"first").unwrap();
    assert!(f.commit().is_err());
    assert_eq!(std::fs::read(&u).unwrap(), b"first");
    assert_eq!(names(dir.path()), ["a.txt", "u.txt"]);
    write_file(&dir.path().join("v.txt"), b"v", nc).unwrap();
}

#[test]
fn a_set_is_written_all_or_none() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b, c) = (
        dir.path().join("a.ttf"),
        dir.path().join("a.json"),
        dir.path().join("a.pdf"),
    );
    std::fs::write(&c, b"mine").unwrap();
    let nc = OutOptions {
        no_clobber: true,
        ..OutOptions::default()
    };
    let set: [(&Path, &[u8]); 3] = [(&a, b"font"), (&b, b"map"), (&c, b"pdf")];
    let e = write_files(&set, nc).unwrap_err().to_string();
    assert!(e.contains("a.pdf: already exists"), "{e}");
    assert_eq!(names(dir.path()), ["a.pdf"]);
    std::fs::remove_file(&c).unwrap();
    write_files(&set, nc).unwrap();
    assert_eq!(names(dir.path()), ["a.json", "a.pdf", "a.ttf"]);
    write_files(&set, OutOptions::default()).unwrap();
    assert_eq!(std::fs::read(&c).unwrap(), b"pdf");
}

#[test]
fn symlink_is_followed_and_devices_are_written_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.txt");
    std::fs::write(&real, b"old").unwrap();
    let link = dir.path().join("link.txt");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    write_file(&link, b"new", OutOptions::default()).unwrap();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read(&real).unwrap(), b"new");
    // A dangling link (relative, through a second link) stays; its target is made.
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    std::os::unix::fs::symlink("sub/made.txt", dir.path().join("hop.txt")).unwrap();
    let dangling = dir.path().join("dangling.txt");
    std::os::unix::fs::symlink("hop.txt", &dangling).unwrap();
    write_file(&dangling, b"made", OutOptions::default()).unwrap();
    assert!(std::fs::symlink_metadata(&dangling).unwrap().is_symlink());
    assert_eq!(std::fs::read(sub.join("made.txt")).unwrap(), b"made");
    // A loop of links is an error, not a file put in the loop's place.
    let (a, b) = (dir.path().join("a.lnk"), dir.path().join("b.lnk"));
    std::os::unix::fs::symlink(&b, &a).unwrap();
    std::os::unix::fs::symlink(&a, &b).unwrap();
    let e = write_file(&a, b"x", OutOptions::default()).unwrap_err();
    assert!(e.to_string().contains("too many levels"), "{e}");
    assert!(std::fs::symlink_metadata(&a).unwrap().is_symlink());
    // /dev/null stays a device (renaming over it as root would replace it).
    write_file(Path::new("/dev/null"), b"gone", OutOptions::default()).unwrap();
    use std::os::unix::fs::FileTypeExt;
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
}

#[test]
fn full_device_error_names_the_file() {
    let e = write_file(Path::new("/dev/full"), &[0; 1 << 17], OutOptions::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("/dev/full: ") && e.contains("No space left"),
        "{e}"
    );
}
