//! The guide's recipes for counting on many machines, run as written (docs/guide.md,
//! "Counting on many machines"). The GNU parallel block runs here with local jobs; the
//! Slurm job array runs in `.ci/run` (scripts/slurm-recipe.sh), which needs a cluster.

use crate::common::{bin, installed, repo_root, skip};
use crate::reference::{A003763, lookup};
use std::process::Command;

/// The first ```sh block after the line `<!-- recipe: NAME -->` in docs/guide.md.
fn recipe(name: &str) -> String {
    let guide = std::fs::read_to_string(repo_root().join("docs/guide.md")).unwrap();
    let marker = format!("<!-- recipe: {name} -->");
    let after = &guide[guide
        .find(&marker)
        .unwrap_or_else(|| panic!("docs/guide.md has no {marker}"))..];
    let start = after
        .find("```sh\n")
        .expect("a ```sh block after the marker")
        + 6;
    let len = after[start..].find("```").expect("the block ends");
    after[start..start + len].to_string()
}

/// The block exactly as the guide prints it, with `B=16x16`: every modulus of the plan a
/// job of GNU parallel, the residues combined, the count equal to the published figure.
#[test]
fn gnu_parallel_recipe_counts_16x16() {
    if !installed("parallel") {
        skip(
            "parallel",
            "not installed",
            "the recipe's block was only extracted",
        );
        assert!(recipe("parallel").contains("parallel "));
        return;
    }
    let block = recipe("parallel");
    let dir = tempfile::tempdir().unwrap();
    // `tourglyph` on PATH, as the guide assumes: the binary under test.
    let shims = dir.path().join("bin");
    std::fs::create_dir(&shims).unwrap();
    std::os::unix::fs::symlink(bin(), shims.join("tourglyph")).unwrap();
    let path = std::env::join_paths(
        std::iter::once(shims).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let work = dir.path().join("run");
    std::fs::create_dir(&work).unwrap();
    let out = Command::new("bash")
        .args(["-euo", "pipefail", "-c", &block])
        .current_dir(&work)
        .env("PATH", path)
        .env("B", "16x16")
        // GNU parallel keeps its state under ~/.parallel: the test's own folder.
        .env("HOME", dir.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "the recipe failed: {}\n{stdout}",
        String::from_utf8_lossy(&out.stderr)
    );
    let moduli = std::fs::read_to_string(work.join("moduli.txt")).unwrap();
    let jobs = moduli.lines().count();
    assert!(jobs >= 2, "the plan has {jobs} moduli:\n{moduli}");
    for j in 1..=jobs {
        let r = std::fs::read_to_string(work.join(format!("r-{j}.json"))).unwrap();
        assert!(
            r.contains("\"residue\":") && r.contains("\"board\":\"16x16\""),
            "r-{j}.json: {r}"
        );
    }
    assert_eq!(
        stdout.trim().lines().last().unwrap_or(""),
        lookup(A003763, 16, 16).count,
        "the combined count"
    );
}
