//! Interlaced bands (strapwork): a glyph's line drawn as a band that passes alternately
//! over and under itself at its crossings ([`tourglyph_core::interlace`] finds them and
//! decides over and under).
//!
//! The strand underneath is cut: near each of its under-crossings an interval of its arc
//! length is left out, long enough that its square (butt) ends stay `gap` clear of the
//! over-strand's outline whatever the angle between them. With half the outer band width
//! `w` (the band and its outline) and the angle `θ` between the strands, a butt end at
//! distance `h` along the under-strand from the crossing has its nearer corner at distance
//! `h·sin θ − w·|cos θ|` from the over-strand's centre line, which must reach `w + gap`:
//! `h = (w + gap + w·|cos θ|) / sin θ`. What is left is a set of open polylines (one
//! closed polyline when nothing is cut, e.g. a rook tour); they are drawn twice, as two
//! paths: the outline colour at the outer width, then the band colour at the band width
//! over it. Because the strands underneath are cut rather than covered, the picture does
//! not depend on drawing order, and every backend draws it with two stroked paths (the
//! PDF, PostScript and SVG alike).
//!
//! **Crowded crossings.** Crossings closer together along a strand than their cut lengths
//! would merge their cuts, and a cut could then reach a neighbouring crossing where the
//! same strand passes *over*, leaving a hole where both strands are cut (the corners of an
//! 8×8 knight's tour do this). So each crossing also *protects* an interval of its
//! over-strand, `p = w·(1 + |cos θ|) / sin θ` either side (its butt ends, were it cut
//! there, would clear the under-strand's band): the cuts are the union of the gaps minus
//! the union of the protected intervals. The over-strand stays whole through every
//! crossing, and a gap only ever removes under-strand; where a gap had to be shortened,
//! the under-strand's end comes nearer the band over it than `gap` (it may touch it).
//! Where a gap no longer spans the band over it (a neighbour's protected interval
//! reaches into it: on knight's tours of 6×6 and 8×8 in the `strapwork` style, about two
//! crossings in three), the strand over is drawn once more on top, over the length it is
//! kept whole ([`Band::patches`]): with a short gap or none, its outline still shows it
//! passing over.

use crate::style::Style;
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay::Overlay;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::i_float::int::angle::Angle;
use i_overlay::i_float::int::point::IntPoint;
use i_overlay::i_shape::int::shape::IntShapes;
use i_overlay::mesh::int::arc::ArcOptions;
use i_overlay::mesh::int::stroke::offset::IntStrokeOffset;
use i_overlay::mesh::int::style::{IntLineCap, IntLineJoin, IntStrokeStyle};
use tourglyph_core::interlace::{Interlace, interlace};
use tourglyph_draw::region::{FilledRegion, signed_area2};
use tourglyph_draw::{Cap, GlyphData, Join, Paint, Path, Place, Stroke};

/// The pieces of a band, in glyph units.
#[derive(Clone, Debug, PartialEq)]
pub struct Band {
    /// Open polylines (the strands between cuts), or one closed polyline when `closed`.
    pub pieces: Vec<Vec<(f64, f64)>>,
    /// True when the only piece is the whole closed line (nothing was cut).
    pub closed: bool,
    /// Open polylines of strands passing over where crossings crowd so that the strand
    /// underneath could not be cut: drawn again after the pieces, outline and inside, so
    /// that their outline shows which strand passes over.
    pub patches: Vec<Vec<(f64, f64)>>,
    /// The crossings and their over/under decisions.
    pub crossings: Interlace,
}

/// The half width of the band with its outline, in pitches.
pub fn half_outer(style: &Style) -> f64 {
    let outline = if style.band_outline.is_some() {
        style.band_outline_width
    } else {
        0.0
    };
    style.band_width / 2.0 + outline
}

/// The band of glyph `g` in `style`: its strands cut where they pass under.
pub fn band(g: &GlyphData, style: &Style) -> Band {
    let il = interlace(&g.points, g.closed);
    let p: Vec<(f64, f64)> = g
        .points
        .iter()
        .map(|&(x, y)| (f64::from(x), f64::from(y)))
        .collect();
    let n = p.len();
    let segs = if g.closed { n } else { n.saturating_sub(1) };
    if segs == 0 {
        return Band {
            pieces: vec![p],
            closed: false,
            patches: Vec::new(),
            crossings: il,
        };
    }
    let dir = |i: usize| {
        let (a, b) = (g.points[i], g.points[(i + 1) % n]);
        (i64::from(b.0 - a.0), i64::from(b.1 - a.1))
    };
    // Arc length at the start of each segment, and the total.
    let mut at = Vec::with_capacity(segs + 1);
    let mut total = 0.0;
    for i in 0..segs {
        at.push(total);
        let (dx, dy) = dir(i);
        total += ((dx * dx + dy * dy) as f64).sqrt();
    }
    at.push(total);
    let w = half_outer(style);
    let mut cuts: Vec<(f64, f64)> = Vec::new();
    let mut keep_whole: Vec<(f64, f64)> = Vec::new();
    // Per crossing: the under-strand's and the over-strand's arc length there, and the
    // half length of the over-strand kept whole.
    let mut marks: Vec<(f64, f64, f64)> = Vec::new();
    for c in &il.crossings {
        let (da, db) = (dir(c.a), dir(c.b));
        let la = ((da.0 * da.0 + da.1 * da.1) as f64).sqrt();
        let lb = ((db.0 * db.0 + db.1 * db.1) as f64).sqrt();
        let sin = (da.0 * db.1 - da.1 * db.0).abs() as f64 / (la * lb);
        let cos = (da.0 * db.0 + da.1 * db.1).abs() as f64 / (la * lb);
        let h = (w + style.gap + w * cos) / sin;
        let (seg, t) = if c.a_over { (c.b, c.tb) } else { (c.a, c.ta) };
        let su = at[seg] + t * (at[seg + 1] - at[seg]);
        cuts.push((su - h, su + h));
        // The over-strand, whole across the under-strand's band.
        let keep = w * (1.0 + cos) / sin;
        let (seg, t) = if c.a_over { (c.a, c.ta) } else { (c.b, c.tb) };
        let so = at[seg] + t * (at[seg + 1] - at[seg]);
        keep_whole.push((so - keep, so + keep));
        marks.push((su, so, keep));
    }
    // The gaps and the protected intervals, each folded and merged; the cuts are the
    // gaps less the protected intervals.
    let gaps = union(&cuts, total, g.closed);
    let whole = union(&keep_whole, total, g.closed);
    let merged = subtract(&gaps, &whole);
    // The point at arc length s (s may run past the total once, on a closed line).
    let point = |s: f64| -> (f64, f64) {
        let s = if s >= total && g.closed { s - total } else { s };
        let i = match at[..segs].binary_search_by(|x| x.total_cmp(&s)) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        }
        .min(segs - 1);
        let len = at[i + 1] - at[i];
        let t = if len > 0.0 {
            ((s - at[i]) / len).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let (a, b) = (p[i], p[(i + 1) % n]);
        (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1))
    };
    // The line from arc length lo to hi (lo in [0, total); hi past the total at most once,
    // on a closed line).
    let polyline = |lo: f64, hi: f64| -> Vec<(f64, f64)> {
        let mut piece = vec![point(lo)];
        // Vertices strictly inside (lo, hi), walking round a closed line once.
        let laps = if g.closed { 2 } else { 1 };
        for k in 1..=segs * laps {
            let v = at[k % segs] + (k / segs) as f64 * total;
            if v > lo && v < hi {
                piece.push(p[k % n]);
            }
        }
        piece.push(point(hi));
        piece
    };
    // Where crossings crowd so that a strand underneath is not cut across the band over
    // it (a crossing of its own nearby keeps it whole), the strand over is drawn again on
    // top there, the length it is kept whole, so that its outline shows which passes over.
    let inside = |lo: f64, hi: f64| merged.iter().any(|&(a, b)| a <= lo && hi <= b);
    // Is the strand cut all along [lo, hi]?
    let cut_along = |lo: f64, hi: f64| {
        if !g.closed {
            return inside(lo.max(0.0), hi.min(total));
        }
        let len = hi - lo;
        let lo = lo.rem_euclid(total);
        let hi = lo + len;
        if hi > total {
            inside(lo, total) && inside(0.0, hi - total)
        } else {
            inside(lo, hi)
        }
    };
    // The strand underneath must be cut at least across the band over it (as far as the
    // strand over is kept whole); where it is not, the strand over is patched.
    let patches: Vec<Vec<(f64, f64)>> = marks
        .iter()
        .filter(|&&(su, _, keep)| !cut_along(su - keep, su + keep))
        .map(|&(_, so, keep)| {
            if g.closed {
                let lo = (so - keep).rem_euclid(total);
                polyline(lo, lo + 2.0 * keep)
            } else {
                polyline((so - keep).max(0.0), (so + keep).min(total))
            }
        })
        .collect();
    if merged.is_empty() {
        return Band {
            pieces: vec![p],
            closed: g.closed,
            patches,
            crossings: il,
        };
    }
    // The kept intervals between cuts; a closed line's last and first join across 0.
    let mut keep: Vec<(f64, f64)> = Vec::new();
    for k in 0..merged.len() {
        let lo = merged[k].1;
        let hi = if k + 1 < merged.len() {
            merged[k + 1].0
        } else if g.closed {
            merged[0].0 + total
        } else {
            total
        };
        if hi > lo {
            keep.push((lo, hi));
        }
    }
    if !g.closed && merged[0].0 > 0.0 {
        keep.insert(0, (0.0, merged[0].0));
    }
    let pieces = keep.iter().map(|&(lo, hi)| polyline(lo, hi)).collect();
    Band {
        pieces,
        closed: false,
        patches,
        crossings: il,
    }
}

/// The intervals `iv` of arc length folded into `[0, total)` (a closed line) or clamped
/// to `[0, total]` (an open one), sorted and merged.
fn union(iv: &[(f64, f64)], total: f64, closed: bool) -> Vec<(f64, f64)> {
    let mut folded: Vec<(f64, f64)> = Vec::with_capacity(iv.len() + 2);
    for &(lo, hi) in iv {
        if closed {
            if lo < 0.0 {
                folded.push((lo + total, total));
                folded.push((0.0, hi));
            } else if hi > total {
                folded.push((lo, total));
                folded.push((0.0, hi - total));
            } else {
                folded.push((lo, hi));
            }
        } else {
            folded.push((lo.max(0.0), hi.min(total)));
        }
    }
    folded.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let mut merged: Vec<(f64, f64)> = Vec::new();
    for (lo, hi) in folded {
        match merged.last_mut() {
            Some(last) if lo <= last.1 => last.1 = last.1.max(hi),
            _ => merged.push((lo, hi)),
        }
    }
    merged
}

/// The sorted disjoint intervals `a` less the sorted disjoint intervals `b` (both from
/// [`union`]); pieces of no length are dropped.
fn subtract(a: &[(f64, f64)], b: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for &(lo, hi) in a {
        let mut from = lo;
        for &(blo, bhi) in b {
            if bhi <= from || blo >= hi {
                continue;
            }
            if blo > from {
                out.push((from, blo));
            }
            from = from.max(bhi);
        }
        if hi > from {
            out.push((from, hi));
        }
    }
    out
}

/// The band's paths placed at `at`, each with its paint, in drawing order: the outline
/// at the outer width, then the band over it (either absent when its colour is none);
/// then the same two for the patches, when there are any.
pub fn paths(b: &Band, at: &Place, style: &Style) -> Vec<(Path, Paint)> {
    let mut path = Path::default();
    for piece in &b.pieces {
        path.push_polyline(piece, b.closed, at);
    }
    let stroke = |color, width: f64| Paint {
        stroke: Some(Stroke {
            color,
            width: width * at.scale,
            join: style.join,
            cap: Cap::Butt,
            miter_limit: style.miter_limit,
        }),
        fill: None,
    };
    let mut out = Vec::new();
    let mut twice = |path: Path| {
        if let Some(c) = style.band_outline {
            if style.band_outline_width > 0.0 {
                out.push((path.clone(), stroke(c, 2.0 * half_outer(style))));
            }
        }
        if let Some(c) = style.stroke {
            if style.band_width > 0.0 {
                out.push((path, stroke(c, style.band_width)));
            }
        }
    };
    twice(path);
    if !b.patches.is_empty() {
        let mut over = Path::default();
        for piece in &b.patches {
            over.push_polyline(piece, false, at);
        }
        twice(over);
    }
    out
}

/// The band as one filled region, at `unit` coordinates per pitch (for fonts and cutters,
/// which draw in one colour): what the two stroked paths of [`paths`] show when the band's
/// inside is the paper and its outline the ink. With an outline colour, the ink is the
/// outer band minus the inner band, then for the patches the same again over it (their
/// outer band added, their inner band cleared), as the paths are painted; without one, the
/// band itself. The cuts stay cut, so the strand underneath visibly stops short of the
/// strand over it. Stroked and merged by `i_overlay` in integers, so deterministic.
#[allow(
    clippy::disallowed_methods,
    reason = "the miter angle of a mitred band shapes the region, an output byte pinned as the platform computes it, as outline::general's is (scripts/fixed-outputs.sh); a correctly rounded replacement could move a last digit"
)]
pub fn region(g: &GlyphData, style: &Style, unit: i32) -> FilledRegion {
    let b = band(g, style);
    let k = f64::from(unit);
    let outlined = style.band_outline.is_some() && style.band_outline_width > 0.0;
    let outer = 2.0 * half_outer(style);
    let inner = style.band_width;
    let stroke = |pieces: &[Vec<(f64, f64)>], closed: bool, width: f64| -> IntShapes<i32> {
        let w = ((width * k).round() as i32).max(2);
        let arc = ArcOptions {
            max_step: Angle::from_bits(1 << 26),
            ..ArcOptions::default()
        };
        let join = match style.join {
            Join::Round => IntLineJoin::Round(arc),
            Join::Bevel => IntLineJoin::Bevel,
            Join::Miter => IntLineJoin::Miter(
                Angle::from_radians(2.0 * (1.0 / style.miter_limit.max(1.0)).asin())
                    .unwrap_or(Angle::from_bits(1 << 26)),
            ),
        };
        let st = IntStrokeStyle::new(w)
            .line_join(join)
            .start_cap(IntLineCap::Butt)
            .end_cap(IntLineCap::Butt);
        let mut all = Vec::new();
        for piece in pieces {
            let mut pts: Vec<IntPoint> = Vec::with_capacity(piece.len());
            for &(x, y) in piece {
                let q = IntPoint::new((x * k).round() as i32, (y * k).round() as i32);
                if pts.last() != Some(&q) {
                    pts.push(q);
                }
            }
            if closed && pts.len() > 1 && pts.first() == pts.last() {
                pts.pop();
            }
            if pts.len() < 2 {
                continue;
            }
            if let Ok(shapes) = pts.stroke(&st, closed) {
                all.extend(shapes);
            }
        }
        Overlay::from_subj(&all).overlay(OverlayRule::Subject, FillRule::NonZero)
    };
    let minus = |a: &IntShapes<i32>, b: &IntShapes<i32>| {
        Overlay::from_subj_and_clip(a, b).overlay(OverlayRule::Difference, FillRule::NonZero)
    };
    let plus = |a: &IntShapes<i32>, b: &IntShapes<i32>| {
        Overlay::from_subj_and_clip(a, b).overlay(OverlayRule::Union, FillRule::NonZero)
    };
    let mut ink = if outlined {
        minus(
            &stroke(&b.pieces, b.closed, outer),
            &stroke(&b.pieces, b.closed, inner),
        )
    } else {
        stroke(&b.pieces, b.closed, inner)
    };
    if !b.patches.is_empty() {
        ink = if outlined {
            let over = plus(&ink, &stroke(&b.patches, false, outer));
            minus(&over, &stroke(&b.patches, false, inner))
        } else {
            plus(&ink, &stroke(&b.patches, false, inner))
        };
    }
    let mut contours = Vec::new();
    for shape in ink {
        for (i, c) in shape.into_iter().enumerate() {
            let mut ring: Vec<(i32, i32)> = c.into_iter().map(|p| (p.x, p.y)).collect();
            // The first contour of a shape is its outer boundary, the rest its holes.
            if (i == 0) != (signed_area2(&ring) > 0) {
                ring.reverse();
            }
            contours.push(ring);
        }
    }
    FilledRegion { contours, unit }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tourglyph_draw::Corner;

    fn strap() -> Style {
        Style {
            interlace: true,
            ..Style::default()
        }
    }

    #[test]
    fn a_ring_is_one_closed_piece() {
        let g = GlyphData::new(&[(0, 0), (2, 0), (2, 1), (0, 1)], true, Corner::Sharp);
        let b = band(&g, &strap());
        assert!(b.closed);
        assert_eq!(b.pieces.len(), 1);
    }

    #[test]
    fn a_bow_tie_is_cut_once_on_the_strand_underneath() {
        // 0,0 → 4,4 → 4,0 → 0,4: segments 0 and 2 cross at (2, 2) at right angles.
        let g = GlyphData::new(&[(0, 0), (4, 4), (4, 0), (0, 4)], true, Corner::Sharp);
        let st = strap();
        let b = band(&g, &st);
        assert_eq!(b.crossings.crossings.len(), 1);
        assert_eq!(b.pieces.len(), 1, "one cut leaves one open piece");
        let c = &b.crossings.crossings[0];
        // The cut: h = (w + gap)/1 at a right angle, on the under strand.
        let h = half_outer(&st) + st.gap;
        let piece = &b.pieces[0];
        let (first, last) = (piece[0], *piece.last().unwrap());
        let d = |p: (f64, f64)| ((p.0 - 2.0) * (p.0 - 2.0) + (p.1 - 2.0) * (p.1 - 2.0)).sqrt();
        assert!((d(first) - h).abs() < 1e-9 && (d(last) - h).abs() < 1e-9);
        // The ends lie on the under segment; the over one runs through (2, 2) uncut.
        let under_is_a = !c.a_over;
        let on_diag = |p: (f64, f64)| (p.0 - p.1).abs() < 1e-9;
        assert_eq!(on_diag(first), under_is_a);
        assert_eq!(piece.len(), 6, "both ends plus the four corners");
    }
}
