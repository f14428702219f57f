//! Shaped boards against a plain backtracking oracle (issue 30, "what it must show"):
//! the binary's count of tuples of closed tours on every shape of at most 30 cells in a
//! family of test shapes (rings, L-shapes, plus signs, random polyominoes grown cell by
//! cell or block by block, some with holes, some of several parts) equals a depth-first
//! search written here, which shares nothing with the engine but the text grid; tuple IDs
//! follow the mixed-radix rule (part 0, the part of the first cell in row-major order,
//! the most significant digit); and the rectangle as a shape gives today's counts and
//! IDs (`count` and `list`).

use super::common::{run, stderr, stdout, write};

/// A shape as rows of in/out flags.
#[derive(Clone)]
struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<bool>,
}

impl Grid {
    fn empty(rows: usize, cols: usize) -> Grid {
        Grid {
            rows,
            cols,
            cells: vec![false; rows * cols],
        }
    }

    fn parse(text: &str) -> Grid {
        let lines: Vec<&str> = text.lines().collect();
        let cols = lines.iter().map(|l| l.len()).max().unwrap();
        let mut g = Grid::empty(lines.len(), cols);
        for (r, l) in lines.iter().enumerate() {
            for (c, ch) in l.chars().enumerate() {
                g.cells[r * cols + c] = ch == '#';
            }
        }
        g
    }

    fn text(&self) -> String {
        self.cells
            .chunks(self.cols)
            .map(|row| {
                row.iter()
                    .map(|&b| if b { '#' } else { '.' })
                    .collect::<String>()
                    + "\n"
            })
            .collect()
    }

    fn len(&self) -> usize {
        self.cells.iter().filter(|&&b| b).count()
    }

    /// The cells reached from `v` by the leaps (±a, ±b), (±b, ±a), inside the shape.
    fn moves(&self, v: usize, a: i64, b: i64) -> Vec<usize> {
        let (r, c) = ((v / self.cols) as i64, (v % self.cols) as i64);
        let mut out = Vec::new();
        for (dr, dc) in [(a, b), (b, a)] {
            for (sr, sc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let (r2, c2) = (r + sr * dr, c + sc * dc);
                if r2 < 0 || c2 < 0 || r2 >= self.rows as i64 || c2 >= self.cols as i64 {
                    continue;
                }
                let w = r2 as usize * self.cols + c2 as usize;
                if self.cells[w] && !out.contains(&w) {
                    out.push(w);
                }
            }
        }
        out
    }

    /// The connected components of the leap graph, each by its cells.
    fn components(&self, a: i64, b: i64) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.cells.len()];
        let mut comps = Vec::new();
        for s in 0..self.cells.len() {
            if !self.cells[s] || seen[s] {
                continue;
            }
            seen[s] = true;
            let mut comp = vec![s];
            let mut i = 0;
            while i < comp.len() {
                for w in self.moves(comp[i], a, b) {
                    if !std::mem::replace(&mut seen[w], true) {
                        comp.push(w);
                    }
                }
                i += 1;
            }
            comps.push(comp);
        }
        comps
    }

    /// Does a cell outside the shape fail to reach the border through outside cells (a
    /// hole)?
    fn has_hole(&self) -> bool {
        let (rows, cols) = (self.rows, self.cols);
        let mut out = vec![false; rows * cols];
        let mut stack: Vec<usize> = (0..rows * cols)
            .filter(|&v| {
                let (r, c) = (v / cols, v % cols);
                !self.cells[v] && (r == 0 || c == 0 || r == rows - 1 || c == cols - 1)
            })
            .collect();
        for &v in &stack {
            out[v] = true;
        }
        while let Some(v) = stack.pop() {
            let (r, c) = (v / cols, v % cols);
            let mut nb = Vec::new();
            if r > 0 {
                nb.push(v - cols);
            }
            if r + 1 < rows {
                nb.push(v + cols);
            }
            if c > 0 {
                nb.push(v - 1);
            }
            if c + 1 < cols {
                nb.push(v + 1);
            }
            for w in nb {
                if !self.cells[w] && !std::mem::replace(&mut out[w], true) {
                    stack.push(w);
                }
            }
        }
        (0..rows * cols).any(|v| !self.cells[v] && !out[v])
    }
}

/// The oracle: the product over the components of the closed tours through every cell of
/// the component (directed cycles from its first cell by depth-first search, halved),
/// cutting a branch where a cell left over has fewer than two ways in and out.
fn oracle(g: &Grid, a: i64, b: i64) -> u128 {
    fn walk(
        g: &Grid,
        (a, b): (i64, i64),
        v: usize,
        left: usize,
        start: usize,
        seen: &mut [bool],
    ) -> u128 {
        if left == 0 {
            return u128::from(g.moves(v, a, b).contains(&start));
        }
        // A cell not yet visited needs two ways in and out: unvisited cells, the walk's
        // end `v` or its start.
        let stuck = (0..g.cells.len()).any(|u| {
            g.cells[u]
                && !seen[u]
                && g.moves(u, a, b)
                    .iter()
                    .filter(|&&w| !seen[w] || w == v || w == start)
                    .count()
                    < 2
        });
        if stuck {
            return 0;
        }
        let mut total = 0;
        for w in g.moves(v, a, b) {
            if !seen[w] {
                seen[w] = true;
                total += walk(g, (a, b), w, left - 1, start, seen);
                seen[w] = false;
            }
        }
        total
    }
    let mut product = 1u128;
    for comp in g.components(a, b) {
        if comp.len() < 3 {
            return 0;
        }
        // Cells of other components count as visited: the search stays in this one.
        let mut seen = vec![true; g.cells.len()];
        for &u in &comp[1..] {
            seen[u] = false;
        }
        product *= walk(g, (a, b), comp[0], comp.len() - 1, comp[0], &mut seen) / 2;
        if product == 0 {
            return 0;
        }
    }
    product
}

/// A xorshift generator: the family is the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A polyomino grown cell by cell on a `rows`×`cols` field to `size` cells: a cell next
/// to the shape is taken with a chance that grows with its neighbours inside (compact
/// shapes, of which many have tours), or at once when `loose`.
fn grown(rng: &mut Rng, rows: usize, cols: usize, size: usize, loose: bool) -> Grid {
    let mut g = Grid::empty(rows, cols);
    g.cells[rng.below(rows * cols)] = true;
    while g.len() < size {
        let v = rng.below(rows * cols);
        if g.cells[v] {
            continue;
        }
        let inside = g.moves(v, 0, 1).len();
        if inside > 0 && (loose || rng.below(4) < inside) {
            g.cells[v] = true;
        }
    }
    g
}

/// A polyomino of 2×2 blocks grown block by block (`blocks` of them) on a field of
/// `rows`×`cols` blocks.
fn grown_blocks(rng: &mut Rng, rows: usize, cols: usize, blocks: usize) -> Grid {
    let small = grown(rng, rows, cols, blocks, true);
    let mut g = Grid::empty(rows * 2, cols * 2);
    for v in 0..g.cells.len() {
        let (r, c) = (v / g.cols, v % g.cols);
        g.cells[v] = small.cells[(r / 2) * cols + c / 2];
    }
    g
}

/// A hole punched in `g`: a cell inside whose eight neighbours are all inside.
fn punched(rng: &mut Rng, mut g: Grid) -> Option<Grid> {
    let inner: Vec<usize> = (0..g.cells.len())
        .filter(|&v| {
            let (r, c) = ((v / g.cols) as i64, (v % g.cols) as i64);
            (-1..=1).all(|dr| {
                (-1..=1).all(|dc| {
                    let (r2, c2) = (r + dr, c + dc);
                    r2 >= 0
                        && c2 >= 0
                        && r2 < g.rows as i64
                        && c2 < g.cols as i64
                        && g.cells[r2 as usize * g.cols + c2 as usize]
                })
            })
        })
        .collect();
    if inner.is_empty() {
        return None;
    }
    let v = inner[rng.below(inner.len())];
    g.cells[v] = false;
    Some(g)
}

/// Two grids side by side with an empty column between them, the second `drop` rows
/// lower.
fn beside(a: &Grid, b: &Grid, drop: usize) -> Grid {
    let rows = a.rows.max(b.rows + drop);
    let cols = a.cols + 1 + b.cols;
    let mut g = Grid::empty(rows, cols);
    for v in 0..a.cells.len() {
        g.cells[(v / a.cols) * cols + v % a.cols] = a.cells[v];
    }
    for v in 0..b.cells.len() {
        g.cells[(v / b.cols + drop) * cols + a.cols + 1 + v % b.cols] = b.cells[v];
    }
    g
}

/// The family: rings, L-shapes, plus signs, and 54 random polyominoes (cell by cell,
/// block by block, with a hole punched, of two or three parts); every shape at most 30
/// cells.
fn family() -> Vec<Grid> {
    let mut v = Vec::new();
    // Rings one cell wide, and thick rings with a hole of one or two cells.
    for (r, c) in [
        (3, 3),
        (3, 5),
        (4, 4),
        (4, 7),
        (5, 6),
        (6, 6),
        (3, 8),
        (8, 8),
    ] {
        let mut g = Grid::empty(r, c);
        for i in 0..r * c {
            let (y, x) = (i / c, i % c);
            g.cells[i] = y == 0 || x == 0 || y == r - 1 || x == c - 1;
        }
        v.push(g);
    }
    v.push(Grid::parse("#####\n#####\n##.##\n#####\n#####"));
    v.push(Grid::parse("######\n######\n##..##\n######\n######"));
    v.push(Grid::parse("####\n####\n##.#\n####\n####\n####"));
    // L-shapes: arms of thickness 1 to 3.
    for (h, w, t) in [
        (4, 4, 2),
        (5, 4, 2),
        (6, 5, 2),
        (4, 6, 2),
        (5, 5, 3),
        (6, 6, 3),
        (3, 3, 1),
    ] {
        let mut g = Grid::empty(h, w);
        for i in 0..h * w {
            let (y, x) = (i / w, i % w);
            g.cells[i] = x < t || y >= h - t;
        }
        v.push(g);
    }
    // Plus signs: arms of thickness 2 and length 1 to 3 (a 1-wide plus has dead ends).
    for (arm, t) in [(1, 2), (2, 2), (3, 2), (1, 1), (1, 3)] {
        let n = 2 * arm + t;
        let mut g = Grid::empty(n, n);
        for i in 0..n * n {
            let (y, x) = (i / n, i % n);
            g.cells[i] = (arm..arm + t).contains(&y) || (arm..arm + t).contains(&x);
        }
        if g.len() <= 30 {
            v.push(g);
        }
    }
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for i in 0..54 {
        let g = match i % 6 {
            // Cell by cell, loose (mostly dead ends) or compact.
            0 => {
                let n = 8 + rng.below(12);
                grown(&mut rng, 6, 6, n, true)
            }
            1 | 2 => {
                let n = 10 + rng.below(21);
                grown(&mut rng, 6, 6, n, false)
            }
            // Block by block.
            3 => {
                let n = 2 + rng.below(6);
                grown_blocks(&mut rng, 3, 4, n)
            }
            // A hole punched in a compact polyomino.
            4 => loop {
                let size = 16 + rng.below(15);
                let g = grown(&mut rng, 6, 6, size, false);
                if let Some(h) = punched(&mut rng, g) {
                    break h;
                }
            },
            // Two or three parts.
            _ => {
                let n = 2 + rng.below(3);
                let a = grown_blocks(&mut rng, 2, 2, n);
                let n = 4 + rng.below(5);
                let b = grown(&mut rng, 4, 3, n, false);
                let two = beside(&b, &a, rng.below(2));
                if rng.below(2) == 0 {
                    beside(&two, &Grid::parse("##\n##"), rng.below(3))
                } else {
                    two
                }
            }
        };
        v.push(g);
    }
    v
}

/// The binary's count for the shape in `file`: `shape count` (or `count --shape`), 0 when
/// it refuses the shape as having no tour (exit 1, naming a part).
fn binary_count(file: &str, piece: &str) -> u128 {
    let o = run(&[
        "shape", "count", "--shape", file, "--piece", piece, "--json",
    ]);
    if o.status.code() == Some(1) {
        let e = stderr(&o);
        assert!(
            e.starts_with("tourglyph: part ") && e.contains(" has no closed "),
            "{e}"
        );
        return 0;
    }
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    v["count"].as_str().unwrap().parse().unwrap()
}

#[test]
fn counts_equal_a_backtracking_oracle_on_a_family_of_shapes() {
    let d = tempfile::tempdir().unwrap();
    let fam = family();
    let (mut positive, mut holes, mut several, mut big) = (0, 0, 0, 0);
    for (i, g) in fam.iter().enumerate() {
        let text = g.text();
        assert!(g.len() <= 30, "{text}");
        let file = write(d.path(), &format!("s{i}.txt"), &text);
        let want = oracle(g, 0, 1);
        assert_eq!(binary_count(&file, "rook"), want, "shape {i}:\n{text}");
        positive += usize::from(want > 0);
        holes += usize::from(g.has_hole());
        several += usize::from(g.components(0, 1).len() > 1);
        big += usize::from(g.len() >= 24);
    }
    // The family is what it says: many shapes with tours, holes, several parts, shapes
    // of 24 to 30 cells.
    assert!(fam.len() >= 70, "{}", fam.len());
    assert!(positive >= 30, "{positive} shapes with a tour");
    assert!(holes >= 15, "{holes} shapes with a hole");
    assert!(several >= 9, "{several} shapes of several parts");
    assert!(big >= 15, "{big} shapes of 24 to 30 cells");
}

#[test]
fn knight_counts_equal_the_oracle_on_shapes() {
    // Closed knight's tours: rectangles with them (3x10 has 16, 5x6 has 8) and shapes
    // cut from them.
    let d = tempfile::tempdir().unwrap();
    let shapes = [
        "##########\n##########\n##########",
        "######\n######\n######\n######\n######",
        "######\n######\n######\n######\n#####.",
        "#####.\n######\n######\n######\n######",
        "####\n####\n####\n####\n####\n####\n####",
    ];
    let mut positive = 0;
    for (i, text) in shapes.iter().enumerate() {
        let g = Grid::parse(text);
        let file = write(d.path(), &format!("k{i}.txt"), text);
        let want = oracle(&g, 1, 2);
        assert_eq!(binary_count(&file, "knight"), want, "{text}");
        positive += usize::from(want > 0);
    }
    assert!(positive >= 2, "{positive}");
}

#[test]
fn tuple_ids_are_mixed_radix_with_the_first_part_most_significant() {
    // Part 0 (first cell in row-major order) is the 4x5 block at the top right, part 1
    // the 4x4 block one row lower on the left: 14 × 6 tuples.
    let d = tempfile::tempdir().unwrap();
    let mut text = String::new();
    for r in 0..5 {
        let left = if r >= 1 { "####" } else { "...." };
        let right = if r < 4 { "#####" } else { "....." };
        text.push_str(&format!("{left}.{right}\n"));
    }
    let file = write(d.path(), "two.txt", &text);
    let o = run(&["shape", "count", "--shape", &file, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["parts"], serde_json::json!(["14", "6"]));
    assert_eq!(v["count"], "84");
    let list = |board: &str, id: u64, dr: i64, dc: i64| -> serde_json::Value {
        let o = run(&[
            "list",
            "--board",
            board,
            "--json",
            "--range",
            &format!("{id}..{}", id + 1),
        ]);
        let l: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        let cells: Vec<serde_json::Value> = l["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|rc| {
                serde_json::json!([rc[0].as_i64().unwrap() + dr, rc[1].as_i64().unwrap() + dc])
            })
            .collect();
        serde_json::Value::Array(cells)
    };
    let mut seen = std::collections::BTreeSet::new();
    for id in [0u64, 1, 5, 6, 7, 41, 42, 77, 83] {
        let o = run(&["shape", "tour", "--shape", &file, "--id", &id.to_string()]);
        assert!(o.status.success(), "{}", stderr(&o));
        let t: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(t["id"], id.to_string());
        assert_eq!(t["parts"][0], list("4x5", id / 6, 0, 5), "ID {id}, part 0");
        assert_eq!(t["parts"][1], list("4x4", id % 6, 1, 0), "ID {id}, part 1");
        assert!(seen.insert(t["parts"].to_string()));
    }
    let o = run(&["shape", "tour", "--shape", &file, "--id", "84"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn rectangles_as_shapes_give_todays_counts_and_ids() {
    let d = tempfile::tempdir().unwrap();
    for (r, c) in [(4usize, 4usize), (4, 5), (5, 4), (4, 7), (6, 5), (2, 9)] {
        let board = format!("{r}x{c}");
        let grid = format!("{}\n", "#".repeat(c)).repeat(r);
        let file = write(d.path(), &format!("{board}.txt"), &grid);
        let o = run(&["count", "--board", &board, "--json"]);
        let today: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        let today: u128 = today["tours"]
            .to_string()
            .trim_matches('"')
            .parse()
            .unwrap();
        assert_eq!(binary_count(&file, "rook"), today, "{board}");
        let all = stdout(&run(&["list", "--board", &board, "--json"]));
        let lines: Vec<&str> = all.lines().collect();
        assert_eq!(lines.len() as u128, today, "{board}");
        let step = (lines.len() / 12).max(1);
        for (id, line) in lines.iter().enumerate().step_by(step) {
            let l: serde_json::Value = serde_json::from_str(line).unwrap();
            let o = run(&["shape", "tour", "--shape", &file, "--id", &id.to_string()]);
            assert!(o.status.success(), "{}", stderr(&o));
            let t: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
            assert_eq!(t["parts"].as_array().unwrap().len(), 1);
            assert_eq!(t["parts"][0], l["cells"], "{board} ID {id}");
        }
    }
}
