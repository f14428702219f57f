//! Bridges for stencils: a closed tour's band, cut out of a sheet, leaves the inside of the
//! tour as an island that falls out. `bridges = N` leaves N strips of the sheet uncut across
//! the band (each `bridge_width` mm wide, square to the band), so the island stays
//! attached: the band becomes N separate pieces, each one contour without holes.
//!
//! **Where.** On the band's straight runs, away from the corners: a run of the centre line
//! from corner `p_i` to corner `p_{i+1}` holds a bridge at its middle when the bridge and
//! a half band width at each end fit on it (the two offset edges are straight there). The
//! N longest such runs take one bridge each (ties: the earlier run along the tour); a tour
//! with fewer such runs gets as many bridges as it has. Bridges are placed on the exact
//! Kufic band of a closed tour ([`crate::outline`]'s exact case); any other outline is
//! left whole.
//!
//! **Exact.** The band of half width `h` between the two miter offsets of the centre line
//! is cut at each bridge by two lines square to its run: every vertex is a lattice point
//! plus `±h` or `±b` (the bridge's half width) on an axis, in integer units of
//! [`UNIT`] per pitch, so the pieces' areas add up exactly to the band's less `N·2b·2h`.

use super::outline::EXACT_UNIT;
use super::style::{CornerKind, Style};
use tourglyph_core::{error::Error, error::Result};
use tourglyph_draw::region::{FilledRegion, signed_area2};
use tourglyph_draw::{GlyphData, Join};

/// Coordinates per pitch of a bridged outline: fine enough for a bridge width in mm
/// (1/1024 of a 10 mm pitch is 10 µm).
pub const UNIT: i32 = 1024;

/// Refuse `bridges` where none would be cut (see the module doc's **Where**): a style that
/// draws pen strokes, an interlaced band or a line rather than a filled outline, a band
/// that is not the square Kufic one, tours of a piece other than the rook (their bands
/// run diagonally), torus tiles, or open tours (they have no island). `rook` (a rook's
/// tours on the plane) and `closed` say what the drawing's tours are. Each refusal is one line with the fix.
pub fn check(style: &Style, rook: bool, closed: bool) -> Result<()> {
    if style.bridges == 0 {
        return Ok(());
    }
    let draws = if style.plot.is_some() {
        Some("pen strokes (plot)")
    } else if style.interlace {
        Some("an interlaced band")
    } else if !style.outline {
        Some("a line")
    } else {
        None
    };
    if let Some(what) = draws {
        // Pen strokes and an interlaced band are drawn over --outline: another style.
        let fix = match draws == Some("a line") {
            true => "add --outline (or write NAME.dxf)",
            false => {
                "write NAME.dxf, or use a style that draws a filled outline (--style kufic --outline)"
            }
        };
        return Err(Error::usage(format!(
            "--bridges are cut in a filled outline, but this style draws {what}: {fix}, or drop --bridges"
        )));
    }
    let kufic =
        style.stroke_width == 0.5 && style.corner == CornerKind::Sharp && style.join == Join::Miter;
    if !kufic {
        return Err(Error::usage(
            "--bridges are cut in the square Kufic band (width 0.5, sharp corners, mitred joins), which this style does not draw: use --style kufic --outline, or drop --bridges",
        ));
    }
    if !rook {
        return Err(Error::usage(
            "--bridges are cut in the square band of a rook tour on the plane, not in this piece's or a torus tile's: drop --bridges",
        ));
    }
    if !closed {
        return Err(Error::usage(
            "--bridges hold a closed tour's inside in place, and an open tour has no inside: drop --open, or drop --bridges",
        ));
    }
    Ok(())
}

/// `shape` (the outline of `g` in `style`) with the style's `bridges` across its band, at a
/// cell pitch of `pitch_mm`; unchanged when there is nothing to bridge (see the module
/// doc).
pub fn bridged(g: &GlyphData, style: &Style, shape: FilledRegion, pitch_mm: f64) -> FilledRegion {
    let n = style.bridges;
    let exact = shape.unit == EXACT_UNIT && shape.contours.len() == 2;
    if n == 0 || !g.closed || !exact || pitch_mm <= 0.0 || g.points.len() < 4 {
        return shape;
    }
    let half = ((style.bridge_width / pitch_mm * f64::from(UNIT) / 2.0).round() as i64).max(1);
    match cut(&g.points, half, n) {
        Some(pieces) => FilledRegion {
            contours: pieces,
            unit: UNIT,
        },
        None => shape,
    }
}

/// The band of the closed lattice path `points` (corners only) cut by up to `n` bridges of
/// half width `half` units: its pieces, each positive; `None` when no run holds a bridge.
fn cut(points: &[(i32, i32)], half: i64, n: u32) -> Option<Vec<Vec<(i32, i32)>>> {
    let u = i64::from(UNIT);
    let h = u / 4;
    let p: Vec<(i64, i64)> = points
        .iter()
        .map(|&(x, y)| (i64::from(x) * u, i64::from(y) * u))
        .collect();
    let m = p.len();
    let dir = |i: usize| {
        let (a, b) = (p[i % m], p[(i + 1) % m]);
        ((b.0 - a.0).signum(), (b.1 - a.1).signum())
    };
    let len = |i: usize| {
        let (a, b) = (p[i], p[(i + 1) % m]);
        (b.0 - a.0).abs() + (b.1 - a.1).abs()
    };
    let nrm = |(dx, dy): (i64, i64)| (-dy, dx);
    let add = |a: (i64, i64), d: (i64, i64), k: i64| (a.0 + k * d.0, a.1 + k * d.1);
    // The offset corner at p_j on side k (±1), between runs j − 1 and j.
    let corner = |j: usize, k: i64| {
        let j = j % m;
        add(add(p[j], nrm(dir(j + m - 1)), k * h), nrm(dir(j)), k * h)
    };
    // Runs that hold a bridge: the longest first, one bridge each.
    let mut runs: Vec<usize> = (0..m).filter(|&i| len(i) >= 2 * half + 2 * h).collect();
    runs.sort_by_key(|&i| (std::cmp::Reverse(len(i)), i));
    runs.truncate(n as usize);
    if runs.is_empty() {
        return None;
    }
    runs.sort_unstable();
    let mid = |i: usize| {
        let (a, b) = (p[i], p[(i + 1) % m]);
        ((a.0 + b.0) / 2, (a.1 + b.1) / 2)
    };
    let mut pieces = Vec::with_capacity(runs.len());
    for t in 0..runs.len() {
        let a = runs[t];
        let b = runs[(t + 1) % runs.len()];
        // The corners between the two bridges, going forward round the tour.
        let b_unrolled = if b > a { b } else { b + m };
        let (da, db) = (dir(a), dir(b));
        let mut ring: Vec<(i64, i64)> = Vec::new();
        ring.push(add(add(mid(a), nrm(da), h), da, half));
        ring.extend((a + 1..=b_unrolled).map(|j| corner(j, 1)));
        ring.push(add(add(mid(b), nrm(db), h), db, -half));
        ring.push(add(add(mid(b), nrm(db), -h), db, -half));
        ring.extend((a + 1..=b_unrolled).rev().map(|j| corner(j, -1)));
        ring.push(add(add(mid(a), nrm(da), -h), da, half));
        let mut ring: Vec<(i32, i32)> = ring
            .into_iter()
            .map(|(x, y)| (i32::try_from(x).ok(), i32::try_from(y).ok()))
            .map(|(x, y)| x.zip(y))
            .collect::<Option<_>>()?;
        ring.dedup();
        if signed_area2(&ring) < 0 {
            ring.reverse();
        }
        pieces.push(ring);
    }
    Some(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outline::outline;
    use tourglyph_draw::Corner;

    fn style(n: u32, width: f64) -> Style {
        let mut st = Style::resolve("kufic").unwrap();
        st.bridges = n;
        st.bridge_width = width;
        st
    }

    /// The 3×4 ring: runs of 3, 1, 3, 1 pitches.
    fn ring() -> GlyphData {
        GlyphData::new(&[(0, 0), (3, 0), (3, 1), (0, 1)], true, Corner::Sharp)
    }

    #[test]
    fn bridges_cut_the_band_into_pieces_of_the_right_area() {
        let g = ring();
        let pitch = 10.0;
        let band = outline(&g, &style(0, 1.0));
        // Band area in UNIT²: the exact outline's, scaled.
        let k = i64::from(UNIT / EXACT_UNIT);
        let band_area2 = band.area2() * k * k;
        // 6 mm bridges fit on the long runs (3 pitches) only.
        for n in [1u32, 2] {
            let s = bridged(&g, &style(n, 6.0), band.clone(), pitch);
            assert_eq!(s.unit, UNIT);
            assert_eq!(s.contours.len(), n as usize, "{n}");
            assert!(
                s.contours.iter().all(|c| signed_area2(c) > 0),
                "{n}: no holes"
            );
            // Each bridge takes 6 mm (614.4 units: 307 each side) × half a pitch.
            let taken2 = 2 * i64::from(n) * (2 * 307) * (2 * 256);
            assert_eq!(s.area2(), band_area2 - taken2, "{n}");
        }
        // Only the two long runs hold a bridge: a third is not placed.
        let s = bridged(&g, &style(3, 6.0), band.clone(), pitch);
        assert_eq!(s.contours.len(), 2);
        // Narrow bridges fit on every run.
        let s = bridged(&g, &style(4, 1.0), band.clone(), pitch);
        assert_eq!(s.contours.len(), 4);
        // No bridges, or an open tour: the outline as it was.
        assert_eq!(bridged(&g, &style(0, 1.0), band.clone(), pitch), band);
        let open = GlyphData::new(&[(0, 0), (3, 0), (3, 1), (0, 1)], false, Corner::Sharp);
        let mut st = style(2, 1.0);
        st.cap = tourglyph_draw::Cap::Square;
        let o = outline(&open, &st);
        assert_eq!(bridged(&open, &st, o.clone(), pitch), o);
        // A bridge too wide for every run: none.
        let s = bridged(&g, &style(1, 30.0), band.clone(), pitch);
        assert_eq!(s, band);
    }
}
