//! `count --residue-bits 16|32|64`: the dense counter's residues in 2, 4 or 8 bytes a
//! word, the plan of moduli in that width, and the memory figure that follows it.

use crate::common::{run, stderr, stdout};
use crate::reference::{A003763, lookup};

/// The exact count of `board` in every width equals the published figure.
#[test]
fn every_width_counts_the_published_14x14() {
    let want = lookup(A003763, 14, 14).count;
    for bits in ["16", "32", "64"] {
        let o = run(&["count", "--board", "14x14", "--residue-bits", bits]);
        assert!(o.status.success(), "{bits}: {}", stderr(&o));
        assert_eq!(stdout(&o).trim(), want, "{bits}-bit residues");
    }
}

/// The guide's route in 16 bits: `--plan-moduli --residue-bits 16`, one `--modulus P
/// --json` a modulus (its width the narrowest holding P), `--combine`: 16×16 exactly.
#[test]
fn sixteen_bit_residues_combine_to_the_published_16x16() {
    combine_in("16x16", "16", lookup(A003763, 16, 16).count);
}

/// The same for 18×18 (a few seconds a residue, a dozen residues).
#[test]
#[ignore = "about a minute of CPU"]
fn sixteen_bit_residues_combine_to_the_published_18x18() {
    combine_in("18x18", "16", lookup(A003763, 18, 18).count);
}

fn combine_in(board: &str, bits: &str, want: &str) {
    let plan = run(&[
        "count",
        "--board",
        board,
        "--plan-moduli",
        "--residue-bits",
        bits,
    ]);
    assert!(plan.status.success(), "{}", stderr(&plan));
    let moduli: Vec<String> = stdout(&plan).lines().map(str::to_string).collect();
    let limit = 1u64 << bits.parse::<u32>().unwrap();
    assert!(moduli.len() > 1, "{moduli:?}");
    for m in &moduli {
        assert!(
            m.parse::<u64>().unwrap() < limit,
            "{m} is not below 2^{bits}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for m in &moduli {
        let o = run(&["count", "-q", "--board", board, "--modulus", m, "--json"]);
        assert!(o.status.success(), "{m}: {}", stderr(&o));
        let f = dir.path().join(format!("r-{m}.json"));
        std::fs::write(&f, stdout(&o)).unwrap();
        files.push(f.to_str().unwrap().to_string());
    }
    let mut args = vec!["count", "--board", board, "--combine"];
    args.extend(files.iter().map(String::as_str));
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), want);
    // One residue fewer no longer determines the count.
    let o = run(&args[..args.len() - 1]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

/// The memory a residue needs follows its width: a 24×24 residue fits 8 GB in 16 bits
/// (refused only for its time, without --force) but not in 32 or 64 bits. Nothing runs.
#[test]
fn the_memory_figure_follows_the_width() {
    let ask = |bits: &str, memory: &str| {
        run(&[
            "count",
            "--board",
            "24x24",
            "--modulus",
            "65521",
            "--residue-bits",
            bits,
            "--max-memory",
            memory,
        ])
    };
    let o = ask("16", "8G");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("add --force"), "{}", stderr(&o));
    for (bits, memory) in [("32", "8G"), ("64", "20G")] {
        let o = ask(bits, memory);
        assert_eq!(o.status.code(), Some(1), "{bits}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("--max-memory"),
            "{bits}: {}",
            stderr(&o)
        );
    }
    // Without --residue-bits the narrowest width holding 65521: 16 bits.
    let o = run(&[
        "count",
        "--board",
        "24x24",
        "--modulus",
        "65521",
        "--max-memory",
        "8G",
    ]);
    assert!(stderr(&o).contains("16-bit residues"), "{}", stderr(&o));
    // A modulus the width cannot hold, a width that does not exist: usage errors.
    for bits in ["16", "20"] {
        let o = run(&[
            "count",
            "--board",
            "6x6",
            "--modulus",
            "65537",
            "--residue-bits",
            bits,
        ]);
        assert_eq!(o.status.code(), Some(2), "{bits}: {}", stderr(&o));
    }
}
