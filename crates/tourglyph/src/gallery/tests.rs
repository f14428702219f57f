use super::*;
use std::path::Path;
use tourglyph_draw::Format;

fn parse(src: &str) -> Result<Manifest, ManifestError> {
    Manifest::parse(src, "g/x.toml", "x")
}

#[test]
fn manifest_key_or_name_with_newline_is_one_line_error() {
    let e = parse("title = \"T\"\nboard = \"4x4\"\nname = \"a\\nb\"\n").unwrap_err();
    assert_eq!((e.line, e.key.as_deref()), (3, Some("name")), "{e}");
    assert!(e.to_string().contains("bad output name 'a\\nb'"), "{e}");
    let e = parse("title = \"T\"\nboard = \"4x4\"\n\"col\\nour\" = 3\n").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("col\nour"), "{e}");
    let shown = e.to_string();
    assert!(!shown.contains('\n'), "{shown}");
    assert!(
        shown.starts_with("g/x.toml:3: key 'col\\nour': "),
        "{shown}"
    );
}

#[test]
fn defaults_and_name() {
    let m = parse("title = \"T\"\nboard = \"4x4\"\n").unwrap();
    assert_eq!(m.spec.piece, tourglyph_core::Piece::rook());
    assert_eq!(m.spec.board, Some(tourglyph_core::Board::new(4, 4)));
    assert_eq!(m.style, "line");
    assert_eq!(m.name(), "x");
    assert_eq!(m.formats(), vec![Format::Pdf]);
}

#[test]
fn errors_name_line_and_key() {
    let e = parse("title = \"T\"\nboard = \"4x4\"\n\nstyle = \"nope\"\n").unwrap_err();
    assert_eq!((e.line, e.key.as_deref()), (4, Some("style")), "{e}");
    let e = parse("title = \"T\"\nboard = \"4y4\"\n").unwrap_err();
    assert_eq!((e.line, e.key.as_deref()), (2, Some("board")), "{e}");
    let e = parse("title = \"T\"\nboard = \"4x4\"\ncolour = 3\n").unwrap_err();
    assert_eq!((e.line, e.key.as_deref()), (3, Some("colour")), "{e}");
    assert!(
        e.to_string().starts_with("g/x.toml:3: key 'colour': "),
        "{e}"
    );
    let e = parse("title = \"T\"\nboard = \"4x4\"\nlimit = \"many\"\n").unwrap_err();
    assert_eq!((e.line, e.key.as_deref()), (3, Some("limit")), "{e}");
    let e = parse("title = \"T\"\nformats = [\"gif\"]\nboard = \"4x4\"\n").unwrap_err();
    assert_eq!((e.line, e.key.as_deref()), (2, Some("formats")), "{e}");
}

#[test]
fn paths_are_the_manifests_and_style_files_are_named() {
    let m = Manifest::parse_in(
        "title = \"T\"\nboard = \"4x4\"\nstyle = \"kufic\"\n",
        "g/x.toml",
        "x",
        Path::new("g"),
    )
    .unwrap();
    assert_eq!(m.style_in(Path::new("g")), "kufic");
    assert!(!m.force);
    let e = Manifest::parse_in(
        "title = \"T\"\nboard = \"4x4\"\nstyle = \"styles/none.toml\"\n",
        "g/x.toml",
        "x",
        Path::new("g"),
    )
    .unwrap_err();
    assert!(e.msg.contains("g/styles/none.toml"), "{e}");
    let e = parse("stroke_width = 0.2\n").unwrap_err();
    assert!(
        e.msg.contains("a style file") && e.msg.contains("styles/"),
        "{e}"
    );
    let e = parse("board = \"4x4\"\n").unwrap_err();
    assert!(e.msg.starts_with("missing field"), "{e}");
}

/// The request table's keys are read through it, typed by it; the gallery's key list
/// (in its errors) is the table's in its order, between `title` and its own keys.
#[test]
fn table_keys_are_read_through_the_table() {
    let m = parse(
        "title = \"T\"\nboard = \"4x4\"\nnon_crossing = true\nlimit = 3\nrange = \"0..9\"\nseed = 2\n",
    )
    .unwrap();
    assert!(m.spec.non_crossing && !m.spec.open);
    assert_eq!((m.pick.limit, m.pick.seed), (Some(3), 2));
    assert_eq!(m.pick.range.as_deref(), Some("0..9"));
    assert!(!m.pick.force && m.pick.shard.is_none());
    let e = parse("title = \"T\"\nboard = \"4x4\"\ntorus = true\n").unwrap_err();
    assert_eq!((e.line, e.key.as_deref()), (3, Some("torus")), "{e}");
    assert_eq!(
        e.msg,
        "unknown field `torus`, expected one of `title`, `piece`, `board`, `open`, `classes`, \
         `non_crossing`, `shape`, `shape_grid`, `shape_text`, `shape_font`, `cell_height`, \
         `no_blocks`, `shape_board`, `threshold`, `blocks`, `limit`, `range`, `sample`, \
         `seed`, `style`, `page`, `columns`, `formats`, `name`, `font`, `force`"
    );
    let e = parse("title = \"T\"\nboard = \"4x4\"\nlimit = \"many\"\n").unwrap_err();
    assert_eq!((e.line, e.key.as_deref()), (3, Some("limit")), "{e}");
    assert_eq!(e.msg, "invalid type: string \"many\", expected u64");
    let e = parse("title = \"T\"\nboard = \"4x4\"\nrange = \"5..2\"\n").unwrap_err();
    assert_eq!((e.line, e.key.as_deref()), (3, Some("range")), "{e}");
}

#[test]
fn escapes_html() {
    assert_eq!(html_escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
}
