//! Fuzz harnesses for the user-facing parsers. Not part of the public API.
//!
//! One function per `cargo fuzz` target in `fuzz/fuzz_targets/` (see `fuzz/README.md`).
//! Each takes arbitrary bytes, runs a parser on them and asserts the parser's invariants:
//! an error is a usage error whose message is one non-empty line, a valid value
//! round-trips, parsed cells are on the board, a range has start ≤ end, lengths are
//! finite and in range. A broken invariant panics, which is what the fuzzer reports.
//!
//! The harnesses live in the library so that the stable test suite
//! (`tests/it/fuzz_corpus.rs`) replays the committed corpora and regression inputs through
//! the very same checks.

use crate::gallery::Manifest;
use std::borrow::Cow;
use std::path::Path;
use tourglyph_core::board::MAX_SIDE;
use tourglyph_core::error::breaks_line;
use tourglyph_core::{Board, Error, LeapGraph, Piece, Tour, TourKind};
use tourglyph_draw::{Format, Rgb};
use tourglyph_engine::select::parse_range;
use tourglyph_engine::{sample::parse_shard, sample::shard_range};
use tourglyph_layout::style::Style;
use tourglyph_layout::{page::MAX_SIDE_MM, page::PageSpec};

/// The file name and stem handed to the style and manifest parsers.
const FILE: &str = "fuzz.toml";
const STEM: &str = "fuzz";

/// The input as text: invalid UTF-8 becomes U+FFFD, so every input reaches the parser.
fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// An error message is one line and says something.
fn check_message(msg: &str, input: &str) {
    assert!(!msg.trim().is_empty(), "empty error message for {input:?}");
    assert!(
        !msg.chars().any(breaks_line),
        "error message for {input:?} is not one line: {msg:?}"
    );
}

/// A parser's error is a usage error (exit status 2) with a one-line message.
fn check_usage(e: &Error, input: &str) {
    assert!(e.is_usage(), "not a usage error for {input:?}: {e:?}");
    check_message(&e.to_string(), input);
}

/// The last line number an error in `src` may name.
fn last_line(src: &str) -> usize {
    src.matches('\n').count() + 1
}

/// `ROWSxCOLS`: a board within the limits that prints and parses back to itself.
pub fn board(data: &[u8]) {
    let s = text(data);
    match s.parse::<Board>() {
        Ok(b) => {
            assert!((1..=MAX_SIDE).contains(&b.rows), "{s:?} gave {b:?}");
            assert!((1..=MAX_SIDE).contains(&b.cols), "{s:?} gave {b:?}");
            assert_eq!(b.to_string().parse::<Board>().unwrap(), b, "{s:?}");
        }
        Err(e) => check_usage(&e, &s),
    }
}

/// Piece specs: a piece that moves, whose name parses back to it.
pub fn piece(data: &[u8]) {
    let s = text(data);
    match s.parse::<Piece>() {
        Ok(p) => {
            assert!(!p.leaps().is_empty(), "{s:?}");
            assert!(p.leaps().iter().all(|&(a, b)| a <= b && b > 0), "{s:?}");
            let moves = p.moves();
            assert!(!moves.is_empty() && moves.len() <= 8 * p.leaps().len());
            assert_eq!(p.to_string(), p.name());
            assert_eq!(p.name().parse::<Piece>().unwrap(), p, "{s:?}");
        }
        Err(e) => check_usage(&e, &s),
    }
}

/// Pieces for the cell target, picked by a byte of the input.
const PIECES: &[&str] = &[
    "rook",
    "knight",
    "king",
    "camel",
    "zebra",
    "giraffe",
    "leaper:1,1",
    "leaper:0,2",
];

/// Cells and tours. Byte 0 and 1 give the board (1..=40 a side), byte 2 the tour kind
/// (low bit: 0 closed, 1 open) and the piece (the other bits); the rest is the text.
/// Parsed cells are on the board and name themselves; a tour built from them is valid
/// and is rebuilt from its own printed cells.
pub fn cells(data: &[u8]) {
    let [r, c, mode, rest @ ..] = data else {
        return;
    };
    let board = Board::new(1 + u32::from(*r) % 40, 1 + u32::from(*c) % 40);
    let kind = if mode & 1 == 0 {
        TourKind::Closed
    } else {
        TourKind::Open
    };
    let piece: Piece = PIECES[usize::from(mode >> 1) % PIECES.len()]
        .parse()
        .unwrap();
    let s = text(rest);
    match board.parse_cell(&s) {
        Ok(cell) => check_cell(board, cell),
        Err(e) => check_usage(&e, &s),
    }
    let cells = match board.parse_cells(&s) {
        Ok(cells) => cells,
        Err(e) => return check_usage(&e, &s),
    };
    assert!(!cells.is_empty(), "{s:?}");
    for &cell in &cells {
        check_cell(board, cell);
    }
    let g = LeapGraph::new(board, &piece).unwrap();
    match Tour::from_cells(&g, &cells, kind) {
        Ok(t) => {
            assert_eq!(t.kind, kind);
            t.validate(&g).unwrap();
            let printed = t.cells(&g);
            assert_eq!(Tour::from_cells(&g, &printed, kind).unwrap(), t, "{s:?}");
            assert_eq!(board.parse_cells(&t.algebraic(&g)).unwrap(), printed);
        }
        Err(e) => check_usage(&e, &s),
    }
}

/// A parsed cell is on the board, and both of its spellings parse back to it.
fn check_cell(board: Board, cell: u32) {
    assert!((cell as usize) < board.cells(), "cell {cell} off {board}");
    assert_eq!(board.parse_cell(&board.algebraic(cell)).unwrap(), cell);
    let (r, c) = board.coords(cell);
    assert_eq!(board.parse_cell(&format!("{r},{c}")).unwrap(), cell);
}

/// `--range A..B` and `--shard K/N`. The input up to the first 0xFF byte is the text;
/// up to 16 bytes after it (little-endian) are a total to shard, besides fixed ones.
/// Shards of any total are disjoint, in order, and cover `0..total`.
pub fn range_shard(data: &[u8]) {
    let (spec, total) = match data.iter().position(|&b| b == 0xff) {
        Some(i) => {
            let tail = &data[i + 1..];
            let mut le = [0u8; 16];
            let n = tail.len().min(16);
            le[..n].copy_from_slice(&tail[..n]);
            (&data[..i], Some(u128::from_le_bytes(le)))
        }
        None => (data, None),
    };
    let s = text(spec);
    match parse_range(&s) {
        Ok(r) => {
            assert!(r.start <= r.end, "{s:?} gave {r:?}");
            let again = format!("{}..{}", r.start, r.end);
            assert_eq!(parse_range(&again).unwrap(), r);
        }
        Err(e) => check_usage(&e, &s),
    }
    match parse_shard(&s) {
        Ok((k, n)) => {
            assert!(1 <= k && k <= n, "{s:?} gave {k}/{n}");
            assert_eq!(parse_shard(&format!("{k}/{n}")).unwrap(), (k, n));
            let n128 = u128::from(n);
            let fixed = [0, 1, n128 - 1, n128, n128 + 1, u128::from(u64::MAX)];
            for t in fixed
                .into_iter()
                .chain([u128::MAX - 1, u128::MAX])
                .chain(total)
            {
                check_shard(t, k, n);
            }
        }
        Err(e) => check_usage(&e, &s),
    }
}

/// Shard `k` of `n` over `total` IDs: within `0..total`, touching its neighbours, of
/// size ⌊total/n⌋ or one more; for small `n`, all shards in order tile `0..total`.
fn check_shard(total: u128, k: u64, n: u64) {
    let r = shard_range(total, k, n);
    assert!(
        r.start <= r.end && r.end <= total,
        "{k}/{n} of {total}: {r:?}"
    );
    let len = r.end - r.start;
    let q = total / u128::from(n);
    assert!(len == q || len == q + 1, "{k}/{n} of {total}: {r:?}");
    if k == 1 {
        assert_eq!(r.start, 0, "{k}/{n} of {total}");
    } else {
        assert_eq!(
            shard_range(total, k - 1, n).end,
            r.start,
            "{k}/{n} of {total}"
        );
    }
    if k == n {
        assert_eq!(r.end, total, "{k}/{n} of {total}");
    } else {
        assert_eq!(
            shard_range(total, k + 1, n).start,
            r.end,
            "{k}/{n} of {total}"
        );
    }
    if n <= 64 {
        let mut at = 0;
        for i in 1..=n {
            let s = shard_range(total, i, n);
            assert_eq!(s.start, at, "{i}/{n} of {total}");
            at = s.end;
        }
        assert_eq!(at, total, "{n} shards of {total}");
    }
}

/// An error of the style or manifest parser names `fuzz.toml` and a line of the source.
fn check_located(msg: &str, src: &str) {
    let line = msg
        .strip_prefix(FILE)
        .and_then(|m| m.strip_prefix(':'))
        .and_then(|m| m.split_once(':'))
        .and_then(|(l, _)| l.parse::<usize>().ok());
    let Some(line) = line else {
        panic!("error for {src:?} does not start with {FILE}:LINE: {msg:?}");
    };
    assert!(
        (1..=last_line(src)).contains(&line),
        "error for {src:?} names line {line}: {msg:?}"
    );
}

/// Style TOML: a style whose lengths are finite and within their documented ranges, or a
/// usage error naming the file and a line of it.
pub fn style(data: &[u8]) {
    let src = text(data);
    match Style::parse(&src, FILE, STEM) {
        Ok(st) => {
            let lengths = [
                (st.stroke_width, 1.0),
                (st.corner_radius, 0.5),
                (st.frame_width, 1.0),
                (st.dot_radius, 0.5),
                (st.caption_size, 72.0),
                (st.title_size, 144.0),
                (st.footer_size, 72.0),
                (st.margin, 500.0),
                (st.padding, 20.0),
                (st.miter_limit, 100.0),
            ];
            for (x, hi) in lengths {
                assert!(x.is_finite() && (0.0..=hi).contains(&x), "{src:?}: {st:?}");
            }
        }
        Err(e) => {
            check_usage(&e, &src);
            check_located(&e.to_string(), &src);
        }
    }
}

/// Gallery manifests: a manifest whose values all pass their own parsers, or an error
/// carrying the file, a line of the source and a one-line message.
pub fn manifest(data: &[u8]) {
    let src = text(data);
    match Manifest::parse(&src, FILE, STEM) {
        Ok(m) => {
            // The piece and the board were parsed as the manifest was read.
            assert!(m.spec.shape.given() || m.spec.board.is_some());
            PageSpec::parse(&m.page).unwrap();
            if let Some(r) = &m.pick.range {
                parse_range(r).unwrap();
            }
            assert_ne!(m.columns, Some(0), "{src:?}");
            assert!(!m.formats().is_empty(), "{src:?}");
            let name = m.name();
            assert!(!name.is_empty() && !name.starts_with('.'), "{src:?}");
            assert!(!name.contains(['/', '\\']), "{src:?}");
        }
        Err(e) => {
            assert_eq!(e.file, FILE);
            assert!(
                (1..=last_line(&src)).contains(&e.line),
                "error for {src:?} names line {}: {e}",
                e.line
            );
            assert!(!e.msg.trim().is_empty(), "empty message for {src:?}");
            let shown = e.to_string();
            check_message(&shown, &src);
            check_located(&shown, &src);
        }
    }
}

/// The small value parsers: page sizes (finite, positive, within the limit), output
/// formats (by name and by file extension) and colours (`#rgb`, `#rrggbb` only).
pub fn values(data: &[u8]) {
    let s = text(data);
    match PageSpec::parse(&s) {
        Ok(PageSpec::Size { width, height }) => {
            for x in [width, height] {
                assert!(x.is_finite() && x > 0.0 && x <= MAX_SIDE_MM, "{s:?}: {x}");
            }
            let PageSpec::Size {
                width: w,
                height: h,
            } = PageSpec::Size { width, height }.landscape(true)
            else {
                panic!("landscape of a size is a size")
            };
            assert!(w >= h && w.max(h) == width.max(height), "{s:?}");
        }
        Ok(PageSpec::Poster) => {}
        Err(e) => check_usage(&e, &s),
    }
    match Format::parse(&s) {
        Ok(f) => assert_eq!(Format::parse(f.extension()).unwrap(), f, "{s:?}"),
        Err(e) => check_usage(&e, &s),
    }
    match Format::from_path(Path::new(&*s)) {
        Ok(f) => assert_eq!(Format::parse(f.extension()).unwrap(), f, "{s:?}"),
        Err(e) => check_usage(&e, &s),
    }
    if let Some(c) = Rgb::parse(&s) {
        let hex = s.strip_prefix('#').unwrap_or_default();
        assert!(
            matches!(hex.len(), 3 | 6) && hex.bytes().all(|b| b.is_ascii_hexdigit()),
            "{s:?} parsed as the colour {c:?}"
        );
        let long: String = if hex.len() == 3 {
            hex.chars().flat_map(|d| [d, d]).collect()
        } else {
            hex.to_string()
        };
        assert_eq!(c.hex(), format!("#{}", long.to_ascii_lowercase()), "{s:?}");
        assert_eq!(Rgb::parse(&c.hex()), Some(c));
    }
}

/// A fuzz harness: it runs a parser on arbitrary bytes and panics on a broken invariant.
pub type Harness = fn(&[u8]);

/// Every harness by target name, for the replay test.
pub const TARGETS: &[(&str, Harness)] = &[
    ("board", board),
    ("piece", piece),
    ("cells", cells),
    ("range_shard", range_shard),
    ("style", style),
    ("manifest", manifest),
    ("values", values),
];
