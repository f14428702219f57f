//! Prototype: measure a half-board join for closed knight's tours.
use rustc_hash::FxHashMap;
use std::time::Instant;

const BITS: u32 = 5;

fn unpack(s: u128, w: usize, a: &mut [u8]) {
    for j in 0..w {
        a[j] = ((s >> (j as u32 * BITS)) & 31) as u8;
    }
}
fn pack(a: &[u8]) -> u128 {
    a.iter()
        .enumerate()
        .fold(0, |s, (j, &x)| s | (x as u128) << (j as u32 * BITS))
}

/// Generic backward-looking vertex DP. Returns final frontier vertices and states.
fn dp(
    n: usize,
    adj: &[Vec<usize>],
    order: &[usize],
    keep: &[bool],
    label: &str,
) -> (Vec<usize>, FxHashMap<u128, u128>) {
    let t = Instant::now();
    let mut pos = vec![usize::MAX; n];
    for (p, &v) in order.iter().enumerate() {
        pos[v] = p;
    }
    let mut unproc: Vec<usize> = (0..n).map(|v| adj[v].len()).collect();
    let mut frontier: Vec<usize> = vec![];
    let mut cur: FxHashMap<u128, u128> = FxHashMap::default();
    cur.insert(0, 1);
    let mut total = 0u64;
    for (p, &v) in order.iter().enumerate() {
        let w = frontier.len();
        let mut later = 0;
        for &u in &adj[v] {
            if pos[u] > p && pos[u] != usize::MAX {
                later += 1;
            } else if pos[u] < p {
                unproc[u] -= 1;
            }
        }
        // neighbours never processed (outside order) count as later too
        let earlier: Vec<usize> = (0..w).filter(|&s| adj[v].contains(&frontier[s])).collect();
        let mut remap = vec![usize::MAX; w + 1];
        let mut next = vec![];
        for s in 0..w {
            let u = frontier[s];
            if unproc[u] > 0 || keep[u] {
                remap[s] = next.len();
                next.push(u);
            }
        }
        if later > 0 || keep[v] {
            remap[w] = next.len();
            next.push(v);
        }
        unproc[v] = later;
        let mut out: FxHashMap<u128, u128> = FxHashMap::default();
        total += cur.len() as u64;
        let mut a = [0u8; 32];
        let mut b = [0u8; 32];
        let mut choices: Vec<Vec<usize>> = vec![vec![]];
        for &x in &earlier {
            choices.push(vec![x]);
        }
        for i in 0..earlier.len() {
            for j in i + 1..earlier.len() {
                choices.push(vec![earlier[i], earlier[j]]);
            }
        }
        for (&s, &c) in &cur {
            unpack(s, w, &mut a);
            a[w] = 0;
            'ch: for pick in &choices {
                b[..=w].copy_from_slice(&a[..=w]);
                for &x in pick {
                    if !join(&mut b, x, w) {
                        continue 'ch;
                    }
                }
                // degree check for v
                let dv = deg(b[w]);
                if !keep[v] && dv + later < 2 {
                    continue;
                }
                for s2 in 0..w {
                    let u = frontier[s2];
                    if remap[s2] == usize::MAX && deg(b[s2]) != 2 {
                        continue 'ch;
                    }
                    if !keep[u] && deg(b[s2]) + unproc[u] < 2 {
                        continue 'ch;
                    }
                }
                let mut o = [0u8; 32];
                for s2 in 0..=w {
                    if remap[s2] != usize::MAX {
                        o[remap[s2]] = if b[s2] < 2 {
                            b[s2]
                        } else {
                            let m = remap[(b[s2] - 2) as usize];
                            assert!(m != usize::MAX);
                            2 + m as u8
                        };
                    }
                }
                let key = pack(&o[..next.len()]);
                *out.entry(key).or_default() += c;
            }
        }
        frontier = next;
        cur = out;
        if p >= 31 || p + 1 == order.len() {
            eprintln!(
                "{label} step {} width {} frontier {} {:.1}s",
                p + 1,
                cur.len(),
                frontier.len(),
                t.elapsed().as_secs_f64()
            );
        }
    }
    eprintln!("{label}: total stepped {total}");
    (frontier, cur)
}

fn deg(z: u8) -> usize {
    match z {
        0 => 0,
        1 => 2,
        _ => 1,
    }
}

/// join slot x with slot y; false if it closes a cycle or x saturated.
fn join(a: &mut [u8], x: usize, y: usize) -> bool {
    if a[x] == 1 || a[y] == 1 {
        return false;
    }
    match (a[x], a[y]) {
        (0, 0) => {
            a[x] = 2 + y as u8;
            a[y] = 2 + x as u8;
        }
        (0, m) | (m, 0) => {
            let (end, fresh) = if a[x] == 0 { (y, x) } else { (x, y) };
            let m = (m - 2) as usize;
            a[end] = 1;
            a[m] = 2 + fresh as u8;
            a[fresh] = 2 + m as u8;
        }
        (mx, my) => {
            let (mx, my) = ((mx - 2) as usize, (my - 2) as usize);
            if mx == y {
                return false;
            }
            a[x] = 1;
            a[y] = 1;
            a[mx] = 2 + my as u8;
            a[my] = 2 + mx as u8;
        }
    }
    true
}

fn knight_edges(rows: usize, cols: usize) -> Vec<(usize, usize)> {
    let mut edges = vec![];
    for r in 0..rows {
        for c in 0..cols {
            for (dr, dc) in [(1i32, 2i32), (1, -2), (2, 1), (2, -1)] {
                let (r2, c2) = (r as i32 + dr, c as i32 + dc);
                if r2 < rows as i32 && c2 >= 0 && c2 < cols as i32 {
                    edges.push((r * cols + c, r2 as usize * cols + c2 as usize));
                }
            }
        }
    }
    edges
}

/// Top side of the split at row h: edges inside rows < h plus row h-2 -> row h; kept rows h-1, h.
/// With rot, the board turned 180 degrees (cells mapped back). Returns J-canonical states:
/// (deg, partner) by J index, J = rows h-1, h of the unturned board in row-major order.
fn side(rows: usize, cols: usize, h: usize, rot: bool) -> Vec<([u8; 32], [u8; 32], u128)> {
    let n = rows * cols;
    let edges = knight_edges(rows, cols);
    let row = |v: usize| v / cols;
    let mut adj = vec![vec![]; n];
    for &(u, v) in &edges {
        let (a, b) = (row(u).min(row(v)), row(u).max(row(v)));
        if b < h || (a + 2 == h && b == h) {
            adj[u].push(v);
            adj[v].push(u);
        }
    }
    let order: Vec<usize> = (0..(h + 1) * cols).collect();
    let keep: Vec<bool> = (0..n).map(|v| row(v) + 1 == h || row(v) == h).collect();
    let (f, st) = dp(n, &adj, &order, &keep, if rot { "B" } else { "T" });
    // J index of a frontier slot: cell v (or n-1-v when turned) minus the first J cell.
    let j0 = |v: usize| -> usize { v - (h - 1) * cols };
    let k = 2 * cols;
    let jidx: Vec<usize> = f
        .iter()
        .map(|&v| if rot { k - 1 - j0(v) } else { j0(v) })
        .collect();
    let mut out = Vec::with_capacity(st.len());
    let mut a = [0u8; 32];
    for (&s, &c) in &st {
        unpack(s, f.len(), &mut a);
        let mut d = [0u8; 32];
        let mut p = [255u8; 32];
        for (sl, &ji) in jidx.iter().enumerate() {
            d[ji] = deg(a[sl]) as u8;
            if a[sl] >= 2 {
                p[ji] = jidx[(a[sl] - 2) as usize] as u8;
            }
        }
        out.push((d, p, c));
    }
    out
}

fn split(rows: usize, cols: usize, h: usize) -> u128 {
    let k = 2 * cols;
    let top = side(rows, cols, h, false);
    let bot = if rows == 2 * h {
        top.iter()
            .map(|(d, p, c)| {
                let (mut d2, mut p2) = ([0u8; 32], [255u8; 32]);
                for i in 0..k {
                    d2[k - 1 - i] = d[i];
                    if p[i] != 255 {
                        p2[k - 1 - i] = (k - 1 - p[i] as usize) as u8;
                    }
                }
                (d2, p2, *c)
            })
            .collect()
    } else {
        side(rows, cols, rows - h, true)
    };
    let sample: usize = std::env::var("SAMPLE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let t = Instant::now();
    // bottom J = rows (rows-h)-1, rows-h of the turned board = rows h, h-1: the turn maps J
    // index i to k-1-i, done in side().
    let mut by: FxHashMap<u32, Vec<([u8; 32], u128)>> = FxHashMap::default();
    for (d, p, c) in &bot {
        let mut key = 0u32;
        for i in 0..k {
            key |= u32::from(d[i]) << (2 * i);
        }
        by.entry(key).or_default().push((*p, *c));
    }
    // X1: row h-1 col c <-> row h col c +- 2 (J indices c and cols + c')
    let mut x1 = vec![];
    for c in 0..cols {
        for c2 in [c as i32 - 2, c as i32 + 2] {
            if c2 >= 0 && c2 < cols as i32 {
                x1.push((c, cols + c2 as usize));
            }
        }
    }
    eprintln!(
        "top {} bottom {} bottom degree vectors {} x1 {}",
        top.len(),
        bot.len(),
        by.len(),
        x1.len()
    );
    let mut stats = [0u64; 3];
    let mut total = 0u128;
    for (d, p, c) in top.iter().step_by(sample) {
        let mut d = *d;
        let mut p = *p;
        rec(0, &x1, &mut d, &mut p, k, &by, *c, &mut total, &mut stats);
    }
    eprintln!(
        "combos {} hits {} pairs {} join {:.1}s",
        stats[0],
        stats[1],
        stats[2],
        t.elapsed().as_secs_f64()
    );
    total
}

#[allow(clippy::too_many_arguments)]
fn rec(
    i: usize,
    x1: &[(usize, usize)],
    d: &mut [u8; 32],
    p: &mut [u8; 32],
    k: usize,
    by: &FxHashMap<u32, Vec<([u8; 32], u128)>>,
    c: u128,
    total: &mut u128,
    stats: &mut [u64; 3],
) {
    if i == x1.len() {
        stats[0] += 1;
        let mut key = 0u32;
        for j in 0..k {
            key |= u32::from(2 - d[j]) << (2 * j);
        }
        let Some(list) = by.get(&key) else { return };
        stats[1] += 1;
        let Some(start) = (0..k).find(|&j| d[j] == 1) else {
            return;
        };
        let ones = (0..k).filter(|&j| d[j] == 1).count();
        for (q, cb) in list {
            stats[2] += 1;
            let mut x = start;
            let mut len = 0;
            loop {
                x = q[p[x] as usize] as usize;
                len += 2;
                if x == start {
                    break;
                }
            }
            if len == ones {
                *total += c * cb;
            }
        }
        return;
    }
    rec(i + 1, x1, d, p, k, by, c, total, stats);
    let (x, y) = x1[i];
    if d[x] == 2 || d[y] == 2 {
        return;
    }
    let (sd, sp) = (*d, *p);
    // join x and y in (d, p): degree 0 cells have no partner.
    match (d[x], d[y]) {
        (0, 0) => {
            p[x] = y as u8;
            p[y] = x as u8;
        }
        (0, 1) | (1, 0) => {
            let (end, fresh) = if d[x] == 0 { (y, x) } else { (x, y) };
            let m = p[end] as usize;
            p[end] = 255;
            p[m] = fresh as u8;
            p[fresh] = m as u8;
        }
        _ => {
            let (mx, my) = (p[x] as usize, p[y] as usize);
            if mx == y {
                return;
            }
            p[x] = 255;
            p[y] = 255;
            p[mx] = my as u8;
            p[my] = mx as u8;
        }
    }
    d[x] += 1;
    d[y] += 1;
    rec(i + 1, x1, d, p, k, by, c, total, stats);
    *d = sd;
    *p = sp;
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rows: usize = args[0].parse().unwrap();
    let cols: usize = args[1].parse().unwrap();
    let h: usize = args[2].parse().unwrap(); // top = rows 0..h
    let n = rows * cols;
    let id = |r: usize, c: usize| r * cols + c;
    let mut edges = vec![];
    for r in 0..rows {
        for c in 0..cols {
            for (dr, dc) in [(1i32, 2i32), (1, -2), (2, 1), (2, -1)] {
                let (r2, c2) = (r as i32 + dr, c as i32 + dc);
                if r2 < rows as i32 && c2 >= 0 && c2 < cols as i32 {
                    edges.push((id(r, c), id(r2 as usize, c2 as usize)));
                }
            }
        }
    }
    let row = |v: usize| v / cols;
    if args.get(3).map(|s| s.as_str()) == Some("split") {
        println!("{}", split(rows, cols, h));
        return;
    }
    if args.get(3).map(|s| s.as_str()) == Some("x2") {
        // top: rows < h internal + edges row h-2 -> row h; keep rows h-1, h.
        let mut adj = vec![vec![]; n];
        for &(u, v) in &edges {
            let (a, b) = (row(u).min(row(v)), row(u).max(row(v)));
            if b < h || (a == h - 2 && b == h) {
                adj[u].push(v);
                adj[v].push(u);
            }
        }
        let order: Vec<usize> = (0..(h + 1) * cols).collect();
        let keep: Vec<bool> = (0..n).map(|v| row(v) == h - 1 || row(v) == h).collect();
        let (_f, s) = dp(n, &adj, &order, &keep, "Tx2");
        println!("{}", s.len());
        return;
    }
    // T': edges with an end in rows < h; vertices rows < h+2; keep rows h, h+1.
    let mut adj_t = vec![vec![]; n];
    for &(u, v) in &edges {
        if row(u) < h || row(v) < h {
            adj_t[u].push(v);
            adj_t[v].push(u);
        }
    }
    let order_t: Vec<usize> = (0..(h + 2) * cols).collect();
    let keep_t: Vec<bool> = (0..n).map(|v| row(v) >= h).collect();
    let (ft, st) = dp(n, &adj_t, &order_t, &keep_t, "T'");
    // B: edges with both ends in rows >= h; order reverse; keep rows h, h+1.
    let mut adj_b = vec![vec![]; n];
    for &(u, v) in &edges {
        if row(u) >= h && row(v) >= h {
            adj_b[u].push(v);
            adj_b[v].push(u);
        }
    }
    let order_b: Vec<usize> = (h * cols..n).rev().collect();
    let keep_b: Vec<bool> = (0..n).map(|v| row(v) == h || row(v) == h + 1).collect();
    let (fb, sb) = dp(n, &adj_b, &order_b, &keep_b, "B");
    // Bring both to cell order of rows h, h+1.
    let cells: Vec<usize> = (h * cols..(h + 2) * cols).collect();
    let k = cells.len();
    let idx_t: Vec<usize> = cells
        .iter()
        .map(|c| ft.iter().position(|x| x == c).unwrap())
        .collect();
    let idx_b: Vec<usize> = cells
        .iter()
        .map(|c| fb.iter().position(|x| x == c).unwrap())
        .collect();
    // canonical: degree vector and pairing as partner index by cell
    let canon = |s: u128, f: &Vec<usize>, idx: &Vec<usize>| -> (u32, Vec<u8>) {
        let mut a = [0u8; 32];
        unpack(s, f.len(), &mut a);
        let mut inv = vec![0usize; f.len()];
        for (ci, &si) in idx.iter().enumerate() {
            inv[si] = ci;
        }
        let mut dv = 0u32;
        let mut part = vec![255u8; k];
        for ci in 0..k {
            let z = a[idx[ci]];
            dv |= (deg(z) as u32) << (2 * ci);
            if z >= 2 {
                part[ci] = inv[(z - 2) as usize] as u8;
            }
        }
        (dv, part)
    };
    let t = Instant::now();
    let mut by_d: FxHashMap<u32, Vec<(Vec<u8>, u128)>> = FxHashMap::default();
    for (&s, &c) in &sb {
        let (dv, part) = canon(s, &fb, &idx_b);
        // complement
        let mut comp = 0u32;
        for ci in 0..k {
            comp |= (2 - ((dv >> (2 * ci)) & 3)) << (2 * ci);
        }
        by_d.entry(comp).or_default().push((part, c));
    }
    eprintln!(
        "B grouped: {} degree vectors from {} states",
        by_d.len(),
        sb.len()
    );
    let mut pairs = 0u64;
    let mut total: u128 = 0;
    let mut tds = FxHashMap::<u32, u32>::default();
    for (&s, &c) in &st {
        let (dv, p) = canon(s, &ft, &idx_t);
        *tds.entry(dv).or_default() += 1;
        if let Some(list) = by_d.get(&dv) {
            let ones: Vec<usize> = (0..k).filter(|&ci| p[ci] != 255).collect();
            if ones.is_empty() {
                continue;
            }
            for (q, cb) in list {
                pairs += 1;
                // walk
                let start = ones[0];
                let mut x = start;
                let mut len = 0;
                loop {
                    let y = p[x] as usize;
                    let z = q[y] as usize;
                    len += 2;
                    x = z;
                    if x == start {
                        break;
                    }
                }
                if len == ones.len() {
                    total += c * cb;
                }
            }
        }
    }
    eprintln!(
        "T' degree vectors {}; pairs checked {pairs}; join {:.1}s",
        tds.len(),
        t.elapsed().as_secs_f64()
    );
    println!("{total}");
}
