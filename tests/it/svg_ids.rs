//! Issue 13, defect 5 (SVG): every glyph in an SVG carries its tour's ID (`id="tour-17"`,
//! a repeat in a sample `tour-17-2`, …) and a `<title>` naming piece, board and ID; a
//! single glyph's file says which tour it is.

use crate::common::{svg_tree, tmp};
use crate::render::render;
use std::collections::{BTreeMap, BTreeSet};

/// (id, title) of every glyph path, in document order.
fn labelled_paths(svg: &str) -> Vec<(String, String)> {
    svg.split("<path ")
        .skip(1)
        .map(|p| {
            let id = p
                .split(" id=\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .unwrap_or_else(|| panic!("a path without an id: {p}"));
            let title = p
                .split("<title>")
                .nth(1)
                .and_then(|r| r.split("</title>").next())
                .unwrap_or_else(|| panic!("a path without a title: {p}"));
            (id.to_string(), title.trim().to_string())
        })
        .collect()
}

#[test]
fn every_glyph_of_a_sample_has_a_unique_id_and_a_title() {
    let d = tmp();
    let p = d.path().join("s.svg");
    // 20 draws from the 6 tours of 4x4: repeats are certain.
    render(
        &["render", "--board", "4x4", "--sample", "20", "--seed", "1"],
        &p,
    );
    let svg = std::fs::read_to_string(&p).unwrap();
    svg_tree(svg.as_bytes());
    let paths = labelled_paths(&svg);
    assert_eq!(paths.len(), 20);
    let ids: BTreeSet<&str> = paths.iter().map(|(i, _)| i.as_str()).collect();
    assert_eq!(ids.len(), 20, "ids are unique: {paths:?}");
    // The k-th drawing of tour N is tour-N, then tour-N-2, tour-N-3, …
    let mut seen: BTreeMap<u32, u32> = BTreeMap::new();
    let captions: Vec<String> = svg
        .split("<text ")
        .skip(1)
        .filter_map(|t| {
            t.split_once('>')
                .map(|(_, r)| r.split("</text>").next().unwrap())
        })
        .map(|t| t.trim().to_string())
        .filter(|t| t.parse::<u32>().is_ok())
        .collect();
    assert_eq!(captions.len(), 20, "{captions:?}");
    for ((id, title), caption) in paths.iter().zip(&captions) {
        let n: u32 = caption.parse().unwrap();
        let k = seen.entry(n).or_insert(0);
        *k += 1;
        let want = if *k == 1 {
            format!("tour-{n}")
        } else {
            format!("tour-{n}-{k}")
        };
        assert_eq!(id, &want, "caption {caption}");
        assert_eq!(title, &format!("closed rook tour of 4x4, ID {n}"));
    }
    assert!(seen.values().any(|&k| k > 1), "the sample repeats a tour");
}

#[test]
fn a_single_glyph_svg_says_which_tour_it_is() {
    let d = tmp();
    let p = d.path().join("g.svg");
    render(
        &[
            "glyph", "--piece", "knight", "--board", "5x5", "--open", "--id", "17",
        ],
        &p,
    );
    let svg = std::fs::read_to_string(&p).unwrap();
    svg_tree(svg.as_bytes());
    let head = svg.split("<g ").next().unwrap();
    assert!(
        head.contains("<title>open knight tour of 5x5, ID 17</title>"),
        "{head}"
    );
    assert!(
        head.contains("tourglyph glyph --piece knight --board 5x5 --open --id 17 -o -</desc>"),
        "{head}"
    );
    assert_eq!(
        labelled_paths(&svg),
        vec![(
            "tour-17".to_string(),
            "open knight tour of 5x5, ID 17".to_string()
        )]
    );
    // A tour given as cells is named by its cells.
    let cells = "a1 a2 a3 b3 c3 d3 d2 d1 c1 c2 b2 b1";
    let q = d.path().join("mine.svg");
    render(&["glyph", "--board", "3x4", "--tour", cells], &q);
    let svg = std::fs::read_to_string(&q).unwrap();
    // The description gives the tour's cells (written canonically); drawn again from
    // them, the glyph is the same file.
    let given = svg
        .split("--tour '")
        .nth(1)
        .and_then(|rest| rest.split("' -o -</desc>").next())
        .unwrap_or_else(|| panic!("no --tour in the description: {svg}"));
    let mut a: Vec<&str> = given.split(' ').collect();
    let mut b: Vec<&str> = cells.split(' ').collect();
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b, "{svg}");
    let again = d.path().join("again.svg");
    render(&["glyph", "--board", "3x4", "--tour", given], &again);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), svg);
    assert!(
        svg.contains("<title>a closed rook tour of 3x4</title>"),
        "{svg}"
    );
}
