//! `glyph`: one tour as a glyph, on a page exactly its size (SVG by default, PDF,
//! PostScript, EPS or PNG by extension or format), to take into a design tool.
//!
//! The tour is given by its ID (unranked by the frontier diagram), by its cells (the
//! user's own, validated: the error names the first illegal step), or drawn at random
//! with a seed (uniform: the first tour `list --sample 1 --seed S` draws). Written to
//! stdout or a writer, the format is SVG unless asked. On the torus, the tour is drawn as
//! a tile ([`super::tile`]).
//!
//! Diagrams are kept for the next glyphs of the same kind in a [`Cache`] bounded by
//! bytes ([`set_cache_bytes`]: `serve --cache`); [`orbit`] gives a tour's symmetry class
//! for the explorer's glyph view.

use super::halves::Route;
use super::request::{GlyphRequest, parse_size, require_board};
use super::single::{Svg, shell_word, style_words, turn_words, write_glyph, write_glyph_as};
use super::{Target, single_format};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tourglyph_core::{Board, Error, LeapGraph, Piece, Result, Tour, TourKind};
use tourglyph_draw::png::PngOptions;
use tourglyph_draw::{Format, Label};
use tourglyph_engine::count::leaper::ids::Ids;
use tourglyph_engine::frontier::Zdd;
use tourglyph_engine::sample::Sampler;

/// Draw the glyph `a` asks for to `target`; returns its format (of an animation: SVG,
/// or PNG for an animated PNG or a GIF, the raster format nearest it).
pub fn glyph(a: &GlyphRequest, target: Target<'_>) -> Result<Format> {
    if let Some(shape) = super::source::TourSource::shape(&a.spec())? {
        return super::shaped_drawing::glyph(a, &shape, target).map(|(_, f)| f);
    }
    let style = super::style_with(&a.style, &a.draw)?;
    let png = PngOptions {
        smaller: Some("--size"),
        ..super::png_options(&a.draw, a.force)
    };
    let motion = super::animate::kind(&a.motion, a.format.as_deref(), &target, style.numbers)?;
    let format = match motion {
        Some(super::animate::AnimationKind::Svg) => Format::Svg,
        Some(_) => Format::Png,
        None => single_format(a.format.as_deref(), &target)?,
    };
    let gcode = super::gcode_profile(&a.draw, format)?;
    let size = parse_size(&a.size)?;
    let piece: Piece = a.piece.clone();
    let board: Board = require_board(a.board)?;
    let kind = if a.open {
        TourKind::Open
    } else {
        TourKind::Closed
    };
    if a.torus && motion.is_some() {
        return Err(Error::usage(
            "--animate draws a tour of the plane board: a torus tile cannot be animated yet; drop --torus",
        ));
    }
    if a.torus {
        let g = tourglyph_core::torus::graph(board, &piece, kind)?;
        let (tour, title, id) = pick(a, &g, kind)?;
        // A tile is drawn as a line: no bridges.
        let drawn = super::single::for_format(style.clone(), format);
        tourglyph_layout::bridge::check(&drawn, false, kind.is_closed())?;
        let tile = super::tile::TileArgs::parse(a.repeat.as_deref(), a.pattern, png, format)?;
        let desc = format!(
            "{title}. Drawn by: {}",
            redraw(a, &tour, &g, id, style.numbers)
        );
        let about = (title, desc);
        super::tile::write_tile(&tour, &g, &style, size, format, about, &tile, target)?;
        return Ok(format);
    }
    if a.tour.is_none() && a.symmetry.is_none() {
        // The diagram's board: refused before its graph is built when too wide.
        tourglyph_engine::frontier::check_width(board, &piece, a.open)?;
    }
    super::source::check_graph_memory(board, &piece)?;
    let g = LeapGraph::new(board, &piece)?;
    let (tour, title, id) = pick(a, &g, kind)?;
    // The cells as typed (checked by `pick`): the walk and the numbers start at the first
    // and go on to the second.
    let typed = a
        .tour
        .as_deref()
        .map(|t| g.board().parse_cells(t))
        .transpose()?;
    let walk = super::single::walk_order(&tour, &g, typed.as_deref(), &a.motion)?;
    // How to draw this very picture again, for the SVG's description.
    let desc = format!(
        "{title}. Drawn by: {}",
        redraw(a, &tour, &g, id, style.numbers)
    );
    let label = Label {
        id: id.map_or("tour".to_string(), |id| format!("tour-{id}")),
        title,
    };
    if let Some(k) = motion {
        super::animate::check_style(&style)?;
        // The static page the animation draws over, as this command writes it in SVG,
        // written with the walk (or a frame of it) over it.
        let id = label.id.clone();
        let raster = k != super::animate::AnimationKind::Svg;
        let page = |overlay| {
            let mut page = Vec::new();
            write_glyph_as(
                (&tour, Some(walk.as_slice())),
                &g,
                &style,
                size,
                (Format::Svg, png, None),
                (label.clone(), desc.clone()),
                Svg {
                    text_as_paths: raster,
                    overlay: Some(overlay),
                },
                Target::Writer(&mut page),
            )?;
            Ok(page)
        };
        super::animate::write(
            k,
            &a.motion,
            (&tour, typed.as_deref()),
            &g,
            &style,
            size,
            png,
            (&page, id),
            target,
        )?;
        return Ok(format);
    }
    let out = (format, png, gcode);
    write_glyph(
        (&tour, Some(walk.as_slice())),
        &g,
        &style,
        size,
        out,
        (label, desc),
        target,
    )?;
    Ok(format)
}

/// The command that draws the same SVG again (to stdout): `tourglyph glyph` with the tour (its ID, or
/// its cells written canonically, so `A1 …` and `a1 …` draw the same bytes) and every flag
/// that changes the picture (style, colours, width, joins, caps, padding, outline, size),
/// each value quoted for a POSIX shell where it needs it.
fn redraw(
    a: &GlyphRequest,
    tour: &Tour,
    g: &LeapGraph,
    id: Option<u128>,
    numbered: bool,
) -> String {
    let mut words: Vec<String> = vec!["tourglyph".into(), "glyph".into()];
    let flag = |words: &mut Vec<String>, f: &str, v: &str| {
        words.push(f.to_string());
        words.push(shell_word(v));
    };
    flag(&mut words, "--piece", &g.piece().to_string());
    flag(&mut words, "--board", &g.board().to_string());
    if g.topology().is_torus() {
        words.push("--torus".into());
    }
    if a.open {
        words.push("--open".into());
    }
    match (a.random, id) {
        // The same draw again (its title names the draw: ID, symmetry, index).
        (true, _) => {
            words.push("--random".into());
            flag(&mut words, "--seed", &a.seed.to_string());
            if let Some(s) = a.symmetry {
                flag(&mut words, "--symmetry", s.word());
            }
        }
        (false, Some(id)) => flag(&mut words, "--id", &id.to_string()),
        (false, None) => flag(&mut words, "--tour", &tour.algebraic(g)),
    }
    words.extend(style_words(&a.style, &a.draw));
    words.extend(turn_words(&a.motion, numbered));
    if a.size != GlyphRequest::default().size {
        flag(&mut words, "--size", &a.size);
    }
    if let Some(r) = &a.repeat {
        flag(&mut words, "--repeat", r);
    }
    if a.pattern {
        words.push("--pattern".into());
    }
    // To stdout, whose format is SVG: the same bytes whatever the file was called.
    words.extend(["-o".into(), "-".into()]);
    words.join(" ")
}

/// The tour asked for, a title naming it, and its ID when known (not for `--tour`).
fn pick(a: &GlyphRequest, g: &LeapGraph, kind: TourKind) -> Result<(Tour, String, Option<u128>)> {
    let what = format!(
        "{} {} tour of {}{}",
        kind.word(),
        g.piece(),
        g.board(),
        if g.topology().is_torus() {
            " (torus)"
        } else {
            ""
        }
    );
    if let Some(cells) = &a.tour {
        let cells = g.board().parse_cells(cells)?;
        let t = Tour::from_cells(g, &cells, kind).map_err(|e| {
            if kind.is_closed() && e.to_string().contains("closing step") {
                Error::usage(format!("{e}; for an open tour add --open"))
            } else {
                e
            }
        })?;
        let article = if what.starts_with('o') { "an" } else { "a" };
        return Ok((t, format!("{article} {what}"), None));
    }
    // A well-formed request for a set with no tour (a runtime failure: 422 in the server).
    let none = g.no_tour(!kind.is_closed()).or_else(|| {
        kind.is_closed()
            .then(|| g.closed_tour_impossible())
            .flatten()
            .map(|why| format!("no {what} exists: {why}"))
    });
    if let Some(why) = none {
        return Err(Error::no_tour(why));
    }
    let zdd = || diagram(g, kind, a.force);
    // The halves, where the full diagram is too big (a plain request only); the
    // diagram built while trying goes to the cache `by_id` and `zdd` read (built again
    // only if the cache cannot hold it).
    let halves = || -> Result<Option<Arc<Ids>>> {
        match super::halves::route(g, kind, a.symmetry.is_none())? {
            Route::Halves => super::halves::ids(g, a.force).map(Some),
            Route::Diagram(Some(z)) => diagram_or(g, kind, || Ok(z)).map(|_| None),
            Route::Diagram(None) => Ok(None),
        }
    };
    if let Some(id) = &a.id {
        if let Some(ids) = halves()? {
            let id = parse_id(id)?;
            let t = ids
                .unrank(id)?
                .ok_or_else(|| super::halves::no_such_id(g, id, ids.count()))?;
            return Ok((t, format!("{what}, ID {id}"), Some(id)));
        }
        let (_, t, id) = by_id(g, kind, id, a.force)?;
        return Ok((t, format!("{what}, ID {id}"), Some(id)));
    }
    if let (true, Some(s)) = (a.random, a.symmetry) {
        // Boards over 8x8: drawn from the symmetric tours found directly.
        s.elements(g.board())?;
        if crate::job::symmetric_tours::applies_to(g, kind, s) {
            let (t, i, id) = crate::job::symmetric_tours::random(g, s, a.seed, a.force)?;
            let id_text = id.map_or(String::new(), |id| format!(", ID {id}"));
            return Ok((
                t,
                format!("{what}, {} symmetric, index {i}{id_text}", s.word()),
                id,
            ));
        }
        let z = zdd()?;
        return random_symmetric(a, g, s, &what, &z);
    }
    if a.random {
        if let Some(ids) = halves()? {
            // The same draw as the diagram's sampler: one uniform ID, unranked.
            let id = Sampler::new(a.seed).below(ids.count());
            let t = ids
                .unrank(id)?
                .ok_or_else(|| Error::runtime("the sampler drew no tour"))?;
            return Ok((t, format!("{what}, ID {id}"), Some(id)));
        }
        let z = zdd()?;
        if z.count() == 0 {
            return Err(Error::runtime(format!(
                "no {what} exists to pick at random"
            )));
        }
        // The sampler of `list --sample` and `render --sample`: one seed, one tour.
        let (id, t) = Sampler::new(a.seed)
            .stream(&z, 1)?
            .next()
            .ok_or_else(|| Error::runtime("the sampler drew no tour"))?;
        return Ok((t, format!("{what}, ID {id}"), Some(id)));
    }
    Err(Error::usage(
        "say which tour: --id N, --tour CELLS, or --random [--seed S]",
    ))
}

/// The tour `id` (as written) of the diagram of `kind` tours of `g`, with the diagram and
/// the ID parsed.
fn by_id(g: &LeapGraph, kind: TourKind, id: &str, force: bool) -> Result<(Arc<Zdd>, Tour, u128)> {
    let id = parse_id(id)?;
    let z = diagram(g, kind, force)?;
    let t = z.unrank(id).ok_or_else(|| {
        let n = z.count();
        if n == 0 {
            // No ID is right: the set itself is empty.
            return Error::runtime(format!(
                "no tour with ID {id}: {} has no {} {} tours",
                g.board(),
                kind.word(),
                g.piece()
            ));
        }
        Error::usage(format!(
            "no tour with ID {id}: {} has {n} {} {} tours (IDs 0 to {})",
            g.board(),
            kind.word(),
            g.piece(),
            n - 1
        ))
    })?;
    Ok((z, t, id))
}

/// A tour ID as written.
fn parse_id(id: &str) -> Result<u128> {
    id.trim().parse().map_err(|_| {
        Error::usage(format!(
            "bad tour ID '{id}': give a whole number from 0 (see `tourglyph count`)"
        ))
    })
}

/// A tour's symmetry class, for the explorer's glyph view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Orbit {
    /// The tour's ID.
    pub id: u128,
    /// The size of its orbit under the board's symmetries (on the torus, with the
    /// translations).
    pub orbit: u32,
    /// The ID of its class's representative (its image that comes first in ID order:
    /// the one `--classes` lists).
    pub class: u128,
}

impl Orbit {
    /// As JSON, with its newline.
    pub fn json(&self) -> String {
        super::json::line(self)
    }
}

/// The symmetry class of the tour `a.id` names (piece, board, open, torus as in `a`),
/// from the classes' own test ([`tourglyph_core::symmetry::ClassChecker`]).
pub fn orbit(a: &GlyphRequest) -> Result<Orbit> {
    let piece: Piece = a.piece.clone();
    let board: Board = require_board(a.board)?;
    let kind = if a.open {
        TourKind::Open
    } else {
        TourKind::Closed
    };
    let id =
        a.id.as_deref()
            .ok_or_else(|| Error::usage("say which tour: id=N"))?;
    let g = if a.torus {
        tourglyph_core::torus::check_classes(board)?;
        tourglyph_core::torus::graph(board, &piece, kind)?
    } else {
        tourglyph_engine::frontier::check_width(board, &piece, a.open)?;
        LeapGraph::new(board, &piece)?
    };
    tourglyph_core::symmetry::check_classifiable(&g)?;
    if let Some(why) = g.no_tour(!kind.is_closed()) {
        return Err(Error::no_tour(why));
    }
    let checker = tourglyph_core::symmetry::ClassChecker::new(&g);
    let no_class = || Error::runtime(format!("tour {id}: its class's first tour has no ID"));
    if let Route::Halves = super::halves::route(&g, kind, true)? {
        // By halves: the tour unranked, its class's first tour ranked.
        let ids = super::halves::ids(&g, a.force)?;
        let id = parse_id(id)?;
        let t = ids
            .unrank(id)?
            .ok_or_else(|| super::halves::no_such_id(&g, id, ids.count()))?;
        let bits = tourglyph_core::symmetry::bitset(&t.edges, checker.words());
        let (first, orbit) = checker.representative(&bits);
        let class = ids
            .rank(&tourglyph_core::symmetry::edges_of(&first))?
            .ok_or_else(no_class)?;
        return Ok(Orbit { id, orbit, class });
    }
    let (z, t, id) = by_id(&g, kind, id, a.force)?;
    let bits = tourglyph_core::symmetry::bitset(&t.edges, checker.words());
    let (first, orbit) = checker.representative(&bits);
    let class = z
        .rank(&tourglyph_core::symmetry::edges_of(&first))
        .ok_or_else(no_class)?;
    Ok(Orbit { id, orbit, class })
}

/// `--random --symmetry`: a uniform choice among the tours the symmetry fixes, found by
/// filtering the diagram's walk (refused beyond the walk limit).
fn random_symmetric(
    a: &GlyphRequest,
    g: &LeapGraph,
    sym: tourglyph_engine::symmetric_tours::Symmetry,
    what: &str,
    z: &Zdd,
) -> Result<(Tour, String, Option<u128>)> {
    sym.elements(g.board())?;
    if z.count() > super::WALK_LIMIT && !a.force {
        return Err(Error::refused_with(
            tourglyph_core::error::Refusal::Time,
            true,
            tourglyph_core::error::Estimate::none().with_tours(z.count()),
            format!(
                "{} tours of {}: too many to search for symmetric ones (the limit is {}); add --force",
                z.count(),
                g.board(),
                super::WALK_LIMIT
            ),
        ));
    }
    let ids = tourglyph_engine::symmetric_tours::ids(z, g, sym)?;
    if ids.is_empty() {
        let why = sym
            .why_none(g.board())
            .unwrap_or_else(|| format!("no {what} is fixed by {}", sym.word()));
        return Err(Error::no_tour(why));
    }
    // The sampler of `list --sample` over the symmetric tours' own order.
    let i = Sampler::new(a.seed)
        .ids(ids.len() as u128, 1)?
        .next()
        .ok_or_else(|| Error::runtime("the sampler drew no tour"))?;
    let id = ids[i as usize];
    let t = z
        .unrank(id)
        .ok_or_else(|| Error::runtime(format!("unrank({id}) failed")))?;
    Ok((
        t,
        format!("{what}, {} symmetric, ID {id}", sym.word()),
        Some(id),
    ))
}

/// Bytes of diagrams kept for the next glyphs by default (`serve --cache SIZE` sets it).
pub const DEFAULT_CACHE_BYTES: u64 = 256 << 20;

/// The bound of the diagram cache, in bytes.
static CACHE_BYTES: AtomicU64 = AtomicU64::new(DEFAULT_CACHE_BYTES);

/// Bound the diagrams kept between glyphs to `bytes` (a server draws many glyphs of one
/// kind in a row; the CLI draws one and keeps the default).
pub fn set_cache_bytes(bytes: u64) {
    CACHE_BYTES.store(bytes, Ordering::Relaxed);
}

/// Which diagram: piece, board, torus, closed.
type Key = (String, String, bool, bool);

/// Diagrams kept for the next glyph, the most recently built last, within a bound in
/// bytes ([`Zdd::bytes`]): a diagram larger than the bound is used and dropped, and
/// older ones make room for a new one.
pub struct Cache {
    bound: u64,
    kept: Vec<(Key, Arc<Zdd>)>,
}

impl Cache {
    /// An empty cache holding at most `bound` bytes.
    pub const fn new(bound: u64) -> Self {
        Cache {
            bound,
            kept: Vec::new(),
        }
    }

    /// The diagram kept under `key`.
    pub fn get(&self, key: &Key) -> Option<Arc<Zdd>> {
        self.kept
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, z)| z.clone())
    }

    /// Keep `z` under `key` if it fits the bound, dropping the oldest diagrams to make
    /// room; true if kept.
    pub fn put(&mut self, key: Key, z: Arc<Zdd>) -> bool {
        self.kept.retain(|(k, _)| *k != key);
        let size = z.bytes();
        if size > self.bound {
            return false;
        }
        while self.bytes() + size > self.bound {
            self.kept.remove(0);
        }
        self.kept.push((key, z));
        true
    }

    /// Bytes held.
    pub fn bytes(&self) -> u64 {
        self.kept.iter().map(|(_, z)| z.bytes()).sum()
    }

    /// The sizes of the diagrams held, oldest first.
    pub fn sizes(&self) -> Vec<u64> {
        self.kept.iter().map(|(_, z)| z.bytes()).collect()
    }

    /// Change the bound, dropping the oldest diagrams until the rest fit it.
    fn bound_to(&mut self, bound: u64) {
        self.bound = bound;
        while self.bytes() > bound {
            self.kept.remove(0);
        }
    }
}

/// The diagram of `kind` tours of `g`, built once per process and kept in the [`Cache`]
/// while it fits (a diagram is a pure function of piece, board, topology and kind).
fn diagram(g: &LeapGraph, kind: TourKind, force: bool) -> Result<Arc<Zdd>> {
    diagram_or(g, kind, || {
        Zdd::build_with_budget(g, kind, &super::budget(force))
    })
}

/// [`diagram`], with the diagram built by `build` when it is not kept.
fn diagram_or(
    g: &LeapGraph,
    kind: TourKind,
    build: impl FnOnce() -> Result<Zdd>,
) -> Result<Arc<Zdd>> {
    static KEEP: Mutex<Cache> = Mutex::new(Cache::new(DEFAULT_CACHE_BYTES));
    let key = (
        g.piece().to_string(),
        g.board().to_string(),
        g.topology().is_torus(),
        kind.is_closed(),
    );
    let mut kept = KEEP.lock().unwrap_or_else(|e| e.into_inner());
    kept.bound_to(CACHE_BYTES.load(Ordering::Relaxed));
    if let Some(z) = kept.get(&key) {
        return Ok(z);
    }
    drop(kept); // build without holding the lock: other kinds go on meanwhile
    let z = Arc::new(build()?);
    let mut kept = KEEP.lock().unwrap_or_else(|e| e.into_inner());
    if kept.get(&key).is_none() {
        kept.put(key, z.clone());
    }
    Ok(z)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The diagram of `board`'s closed rook tours and its cache key.
    fn entry(board: &str) -> (Key, Arc<Zdd>) {
        let g = LeapGraph::new(board.parse().unwrap(), &Piece::rook()).unwrap();
        let z = Zdd::build(&g, TourKind::Closed).unwrap();
        let key = ("rook".to_string(), board.to_string(), false, true);
        (key, Arc::new(z))
    }

    #[test]
    fn the_cache_holds_no_more_bytes_than_its_bound() {
        let (k4, z4) = entry("4x4");
        let (k6, z6) = entry("4x6");
        let (k8, z8) = entry("6x6");
        let (s4, s6, s8) = (z4.bytes(), z6.bytes(), z8.bytes());
        assert!(s4 > 0 && s4 < s6 && s6 < s8, "{s4} {s6} {s8}");
        // Room for the two small ones, not for the big one.
        let mut c = Cache::new(s4 + s6);
        assert!(c.put(k4.clone(), z4.clone()));
        assert!(c.put(k6.clone(), z6.clone()));
        assert_eq!(c.sizes(), vec![s4, s6]);
        // Larger than the bound: used by the caller, never kept.
        assert!(!c.put(k8.clone(), z8.clone()));
        assert!(c.get(&k8).is_none());
        assert!(c.bytes() <= s4 + s6);
        // The oldest makes room for a new one.
        let mut c = Cache::new(s6 + s4 / 2);
        assert!(c.put(k4.clone(), z4.clone()));
        assert!(c.put(k6.clone(), z6.clone()));
        assert_eq!(c.sizes(), vec![s6]);
        assert!(c.get(&k4).is_none() && c.get(&k6).is_some());
        // A smaller bound drops what no longer fits.
        c.bound_to(s4);
        assert_eq!(c.bytes(), 0);
        for bound in [1, s4, s6, s8, s4 + s8] {
            let mut c = Cache::new(bound);
            for (k, z) in [(&k4, &z4), (&k6, &z6), (&k8, &z8), (&k4, &z4)] {
                c.put(k.clone(), z.clone());
                assert!(c.bytes() <= bound, "{bound}: {:?}", c.sizes());
                assert!(c.sizes().iter().all(|&s| s <= bound));
            }
        }
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("50mm").unwrap(), 50.0);
        assert_eq!(parse_size("2in").unwrap(), 50.8);
        assert_eq!(parse_size("5cm").unwrap(), 50.0);
        assert_eq!(parse_size("40").unwrap(), 40.0);
        for bad in ["", "0mm", "-3mm", "abc", "5 furlongs"] {
            assert!(parse_size(bad).unwrap_err().is_usage(), "{bad}");
        }
    }
}
