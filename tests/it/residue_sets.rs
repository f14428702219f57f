//! Residues name their set (issue 56, item 1): every selection flag against `count
//! --modulus`, `--plan-moduli` and `--combine`. A residue is the count of the set the
//! flags ask for (as `count --json` gives it) modulo P, or the command is refused with one
//! line; every residue line names its set, and `--combine` refuses lines of another set.

use crate::common::{stderr, stdout};
use num_bigint::BigUint;
use serde_json::Value;

/// What the residue flags do with a selection.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Expect {
    /// `--modulus` gives the residue; `--plan-moduli` and `--combine` work too.
    All,
    /// `--modulus` gives the residue; `--plan-moduli` and `--combine` are refused with a
    /// line holding this text.
    ModulusOnly(&'static str),
    /// Every residue flag is refused with a line holding this text.
    Refused(&'static str),
}

/// The selections tried: every flag that picks a set of tours, alone and together.
const SETS: &[(&[&str], Expect)] = &[
    (&["--board", "6x6"], Expect::All),
    (&["--board", "4x4", "--torus"], Expect::All),
    (&["--board", "4x6", "--torus"], Expect::All),
    (&["--board", "6x6", "--symmetry", "rot180"], Expect::All),
    (&["--board", "6x6", "--symmetry", "mirror"], Expect::All),
    (&["--board", "6x6", "--symmetry", "rot90"], Expect::All),
    (
        &["--board", "4x4", "--torus", "--symmetry", "rot180"],
        Expect::Refused("drop --symmetry or --torus"),
    ),
    (
        &["--piece", "knight", "--board", "6x6"],
        Expect::ModulusOnly("closed rook"),
    ),
    (
        &[
            "--piece",
            "knight",
            "--board",
            "6x6",
            "--symmetry",
            "rot180",
        ],
        Expect::ModulusOnly("closed rook"),
    ),
    (
        &["--piece", "king", "--board", "4x4"],
        Expect::ModulusOnly("closed rook"),
    ),
    (
        &["--board", "4x4", "--open"],
        Expect::ModulusOnly("closed rook"),
    ),
    (
        &["--piece", "king", "--board", "4x4", "--non-crossing"],
        Expect::ModulusOnly("closed rook"),
    ),
    (
        &["--board", "6x6", "--classes"],
        Expect::ModulusOnly("--classes"),
    ),
    (
        &["--board", "4x4", "--torus", "--classes"],
        Expect::ModulusOnly("--classes"),
    ),
    (
        &["--board", "6x6", "--symmetry", "rot180", "--non-crossing"],
        Expect::Refused("--non-crossing"),
    ),
    (
        &["--board", "4x4", "--non-crossing"],
        Expect::ModulusOnly("drop --non-crossing"),
    ),
    (&["--shape", "shape.txt"], Expect::Refused("--shape")),
];

/// The moduli tried: a small one (where a wrong set shows), a prime, 2^64.
const MODULI: [&str; 3] = ["1000", "7", "2^64"];

/// Run `tourglyph count ARGS` in `dir`, expecting success; stdout.
fn ok(dir: &std::path::Path, args: &[&str]) -> String {
    let o = run_in(dir, args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

fn run_in(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    let mut full = vec!["count"];
    full.extend_from_slice(args);
    // Relative paths (the shape file) are found in `dir`.
    std::process::Command::new(crate::common::bin())
        .args(&full)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// A refusal: exit status 2, one line on stderr holding `want`, nothing on stdout.
fn refused(dir: &std::path::Path, args: &[&str], want: &str) {
    let o = run_in(dir, args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(want), "{args:?}: want {want:?} in {err}");
    assert!(stdout(&o).is_empty(), "{args:?}");
}

/// The count of the set `flags` ask for, from `count --json`: the classes with
/// `--classes`, the tours a symmetry fixes with `--symmetry`, the non-crossing ones with
/// `--non-crossing` (closed rook tours never cross: then all), else all tours.
fn exact(dir: &std::path::Path, flags: &[&str]) -> BigUint {
    let mut args = flags.to_vec();
    args.push("--json");
    let v: Value = serde_json::from_str(&ok(dir, &args)).unwrap();
    let has = |f: &str| flags.contains(&f);
    let key = if has("--classes") {
        "classes"
    } else if has("--symmetry") {
        "symmetric"
    } else if has("--non-crossing") && v.get("non_crossing").is_some() {
        "non_crossing"
    } else {
        "tours"
    };
    // The digits as written: the string twin where there is one (a number past 2^64
    // would be a double in serde_json).
    let raw = v
        .get(format!("{key}_text"))
        .and_then(Value::as_str)
        .map_or_else(|| v[key].to_string(), str::to_string);
    raw.parse()
        .unwrap_or_else(|_| panic!("{flags:?}: {key} in {v}"))
}

/// The set a residue line names, as the flags say it.
fn check_line_names_set(line: &Value, flags: &[&str]) {
    let has = |f: &str| flags.contains(&f);
    let after = |f: &str| {
        flags
            .iter()
            .position(|x| *x == f)
            .map(|i| flags[i + 1].to_string())
    };
    let want_piece = after("--piece").unwrap_or_else(|| "rook".into());
    assert_eq!(line["piece"], Value::from(want_piece), "{flags:?}: {line}");
    assert_eq!(
        line["board"],
        Value::from(after("--board").unwrap()),
        "{flags:?}: {line}"
    );
    assert_eq!(
        line["closed"],
        Value::from(!has("--open")),
        "{flags:?}: {line}"
    );
    assert_eq!(
        line["torus"],
        Value::from(has("--torus")),
        "{flags:?}: {line}"
    );
    assert_eq!(
        line["symmetry"],
        after("--symmetry").map_or(Value::Null, Value::from),
        "{flags:?}: {line}"
    );
    assert_eq!(
        line["classes"],
        Value::from(has("--classes")),
        "{flags:?}: {line}"
    );
    assert_eq!(
        line["non_crossing"],
        Value::from(has("--non-crossing")),
        "{flags:?}: {line}"
    );
}

#[test]
fn residues_are_of_the_set_asked_for_or_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("shape.txt"), "###\n#.#\n###\n").unwrap();
    for &(flags, expect) in SETS {
        if let Expect::Refused(why) = expect {
            for m in MODULI {
                let mut a = flags.to_vec();
                a.extend(["--modulus", m]);
                refused(d, &a, why);
            }
            let mut a = flags.to_vec();
            a.push("--plan-moduli");
            refused(d, &a, why);
            continue;
        }
        let n = exact(d, flags);
        let mut residue_files = Vec::new();
        for m in MODULI {
            let p = tourglyph::engine::count::crt::Modulus::parse(m).unwrap();
            let want = (&n % p.value()).to_string();
            let mut a = flags.to_vec();
            a.extend(["--modulus", m]);
            assert_eq!(ok(d, &a).trim(), want, "{a:?}: the count is {n}");
            a.push("--json");
            let text = ok(d, &a);
            let line: Value = serde_json::from_str(&text).unwrap();
            check_line_names_set(&line, flags);
            assert_eq!(line["residue"].to_string(), want, "{a:?}: {line}");
            assert_eq!(line["residue_text"], Value::from(want.clone()), "{a:?}");
            let f = d.join(format!("r{}.json", residue_files.len()));
            std::fs::write(&f, text).unwrap();
            residue_files.push(f.to_str().unwrap().to_string());
        }
        let mut plan = flags.to_vec();
        plan.push("--plan-moduli");
        let mut combine = flags.to_vec();
        combine.push("--combine");
        combine.extend(residue_files.iter().map(String::as_str));
        match expect {
            Expect::ModulusOnly(why) => {
                refused(d, &plan, why);
                refused(d, &combine, why);
            }
            Expect::All => {
                // The planned moduli's residues combine to the count.
                let mut files = Vec::new();
                for (i, m) in ok(d, &plan).lines().enumerate() {
                    let mut a = flags.to_vec();
                    a.extend(["--modulus", m, "--json"]);
                    let f = d.join(format!("p{i}.json"));
                    std::fs::write(&f, ok(d, &a)).unwrap();
                    files.push(f.to_str().unwrap().to_string());
                }
                let mut a = flags.to_vec();
                a.push("--combine");
                a.extend(files.iter().map(String::as_str));
                assert_eq!(ok(d, &a).trim(), n.to_string(), "{a:?}");
            }
            Expect::Refused(_) => unreachable!(),
        }
    }
}

#[test]
fn published_counts_of_the_issue_modulo_1000() {
    // The 4×4 torus has 1,344 closed rook tours (the plane 6); 28 of 6×6's 1,072 are
    // fixed by the half turn.
    let d = std::env::temp_dir();
    for (flags, want) in [
        (
            &["--board", "4x4", "--torus", "--modulus", "1000"][..],
            "344",
        ),
        (
            &[
                "--board",
                "6x6",
                "--symmetry",
                "rot180",
                "--modulus",
                "1000",
            ][..],
            "28",
        ),
    ] {
        assert_eq!(ok(&d, flags).trim(), want, "{flags:?}");
    }
}

#[test]
fn combine_refuses_lines_of_another_set_and_names_both() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // The plane's residues given to a torus count, and the torus's to the plane.
    let plane = ok(d, &["--board", "4x4", "--modulus", "2^64", "--json"]);
    let torus = ok(
        d,
        &["--board", "4x4", "--torus", "--modulus", "2^64", "--json"],
    );
    let fp = d.join("plane.json");
    let ft = d.join("torus.json");
    std::fs::write(&fp, &plane).unwrap();
    std::fs::write(&ft, &torus).unwrap();
    let (fp, ft) = (fp.to_str().unwrap(), ft.to_str().unwrap());
    refused(
        d,
        &["--board", "4x4", "--torus", "--combine", fp],
        "4×4 torus",
    );
    let o = run_in(d, &["--board", "4x4", "--torus", "--combine", fp]);
    let err = stderr(&o);
    assert!(err.contains("plane.json:1"), "{err}");
    assert!(err.contains("closed rook tours of 4×4"), "{err}");
    refused(d, &["--board", "4x4", "--combine", ft], "torus");
    refused(
        d,
        &["--board", "4x4", "--symmetry", "rot180", "--combine", fp],
        "rot180",
    );
    // A line written before residues named their set (no "closed", "torus",
    // "symmetry" …) is of the plain closed rook tours: it combines as one.
    let old = d.join("old.json");
    let r: Value = serde_json::from_str(&plane).unwrap();
    std::fs::write(
        &old,
        format!(
            "{{\"piece\":\"rook\",\"board\":\"4x4\",\"modulus\":18446744073709551616,\"residue\":{}}}\n",
            r["residue"]
        ),
    )
    .unwrap();
    let old = old.to_str().unwrap();
    assert_eq!(ok(d, &["--board", "4x4", "--combine", old]).trim(), "6");
    refused(d, &["--board", "4x4", "--torus", "--combine", old], "torus");
}

#[test]
fn plan_moduli_json_names_the_set_and_its_moduli() {
    let d = std::env::temp_dir();
    let text = ok(&d, &["--board", "4x4", "--torus", "--plan-moduli"]);
    let v: Value = serde_json::from_str(&ok(
        &d,
        &["--board", "4x4", "--torus", "--plan-moduli", "--json"],
    ))
    .unwrap();
    check_line_names_set(&v, &["--board", "4x4", "--torus"]);
    let moduli: Vec<String> = v["moduli"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    assert_eq!(moduli, lines);
}
