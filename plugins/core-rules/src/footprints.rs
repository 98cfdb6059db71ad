//! This module owns the geometry of A49 (GATE.md §4.15, `footprints.ts`): what
//! each atlas region draws on its page — a mesh's hull loop and triangles in page
//! texels, or the whole rectangle — cut into convex pieces, and how two pieces
//! overlap: the separating-axis test (biased `FOOTPRINT_SLACK` toward "apart",
//! so a shared edge is no overlap) and a Sutherland–Hodgman clip for the area
//! they share.
//!
//! Everything is total: degenerate, non-finite or out-of-range input gives a
//! rectangle footprint or an empty overlap, never a panic.

use crate::a06_atlas_page_size_matches_png::page_footprint;
use rigc_sdk::spine::atlas::AtlasRegion;
use rigc_sdk::spine::data::MeshAttachment;

/// How far projections must overlap, in texels, to count.
pub(crate) const FOOTPRINT_SLACK: f64 = 1e-6;

/// A point on a page, in texels (y down).
pub(crate) type Pt = (f64, f64);

/// A region's rectangle on its page as four corners.
pub(crate) fn rect(r: &AtlasRegion) -> Vec<Pt> {
    let (x, y, w, h) = page_footprint(r);
    vec![(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
}

/// The pieces a mesh draws on region `r` (hull loop ear-clipped, plus every
/// triangle of non-zero area), or `None` when the mesh cannot be mapped (the
/// region is rotated, a uv leaves [0, 1], an index leaves the vertices).
pub(crate) fn mesh_pieces(r: &AtlasRegion, mesh: &MeshAttachment) -> Option<Vec<Vec<Pt>>> {
    if r.degrees != 0.0 {
        return None;
    }
    let uvs = &mesh.region_uvs;
    if !uvs.chunks_exact(2).remainder().is_empty() || !uvs.iter().all(|u| (0.0..=1.0).contains(u)) {
        return None;
    }
    let n = uvs.len() / 2;
    let texel = |i: usize| -> Option<Pt> {
        let (u, v) = (*uvs.get(2 * i)?, *uvs.get(2 * i + 1)?);
        Some((
            r.x - r.offset_x + u * r.original_width,
            r.y - (r.original_height - r.offset_y - r.height) + v * r.original_height,
        ))
    };
    let index = |x: f64| (x >= 0.0 && x.fract() == 0.0 && x < n as f64).then_some(x as usize);
    let mut pieces = Vec::new();
    let hull = mesh.hull_length / 2.0;
    if !(hull >= 0.0 && hull.fract() == 0.0 && hull <= n as f64) {
        return None;
    }
    let ring: Vec<Pt> = (0..hull as usize).map(texel).collect::<Option<_>>()?;
    pieces.extend(ear_clip(&ring).into_iter().filter(|t| area(t).abs() > 0.0));
    let triangles = mesh.triangles.as_deref().unwrap_or(&[]);
    if !triangles.chunks_exact(3).remainder().is_empty() {
        return None;
    }
    for t in triangles.chunks(3) {
        let tri: Vec<Pt> = t
            .iter()
            .map(|&i| index(i).and_then(texel))
            .collect::<Option<_>>()?;
        if area(&tri).abs() > 0.0 {
            pieces.push(tri);
        }
    }
    pieces
        .iter()
        .all(|p| p.iter().all(|(x, y)| x.is_finite() && y.is_finite()))
        .then_some(pieces)
}

/// The signed area of a polygon (positive when counter-clockwise in a y-up
/// frame).
pub(crate) fn area(p: &[Pt]) -> f64 {
    let n = p.len();
    (0..n)
        .filter_map(|i| Some((p.get(i)?, p.get((i + 1) % n)?)))
        .map(|(a, b)| a.0 * b.1 - b.0 * a.1)
        .sum::<f64>()
        / 2.0
}

/// Ear clipping of a simple polygon into triangles (a fan when no ear is found).
fn ear_clip(poly: &[Pt]) -> Vec<Vec<Pt>> {
    if poly.len() < 3 {
        return Vec::new();
    }
    let sign = if area(poly) < 0.0 { -1.0 } else { 1.0 };
    let mut rest: Vec<Pt> = poly.to_vec();
    let mut out = Vec::new();
    while rest.len() > 3 {
        let n = rest.len();
        let ear = (0..n).find_map(|i| {
            let (Some(&a), Some(&b), Some(&c)) = (
                rest.get((i + n - 1) % n),
                rest.get(i),
                rest.get((i + 1) % n),
            ) else {
                return None;
            };
            let convex = sign * area(&[a, b, c]) > 0.0;
            let empty = !rest
                .iter()
                .any(|&q| q != a && q != b && q != c && inside(q, &[a, b, c]));
            (convex && empty).then_some((i, [a, b, c]))
        });
        let Some((i, tri)) = ear else {
            // Not simple: fall back to a fan over what is left.
            let first = rest.first().copied();
            for w in rest.windows(2).skip(1) {
                if let (Some(f), [b, c]) = (first, w) {
                    out.push(vec![f, *b, *c]);
                }
            }
            return out;
        };
        out.push(tri.to_vec());
        rest.remove(i);
    }
    out.push(rest);
    out
}

/// Is `q` inside (or on) triangle `t`?
fn inside(q: Pt, t: &[Pt; 3]) -> bool {
    let d = |a: Pt, b: Pt| (b.0 - a.0) * (q.1 - a.1) - (b.1 - a.1) * (q.0 - a.0);
    let [a, b, c] = *t;
    let (d1, d2, d3) = (d(a, b), d(b, c), d(c, a));
    !((d1 < 0.0 || d2 < 0.0 || d3 < 0.0) && (d1 > 0.0 || d2 > 0.0 || d3 > 0.0))
}

/// Do two convex pieces overlap (separating-axis test, biased toward apart)?
pub(crate) fn overlap(a: &[Pt], b: &[Pt]) -> bool {
    for poly in [a, b] {
        let n = poly.len();
        for i in 0..n {
            let (Some(p), Some(q)) = (poly.get(i), poly.get((i + 1) % n)) else {
                continue;
            };
            let axis = (q.1 - p.1, p.0 - q.0);
            let len = axis.0.hypot(axis.1);
            if len == 0.0 || !len.is_finite() {
                continue;
            }
            let proj = |s: &[Pt]| {
                s.iter()
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
                        let d = (v.0 * axis.0 + v.1 * axis.1) / len;
                        (lo.min(d), hi.max(d))
                    })
            };
            let ((alo, ahi), (blo, bhi)) = (proj(a), proj(b));
            if ahi <= blo + FOOTPRINT_SLACK || bhi <= alo + FOOTPRINT_SLACK {
                return false;
            }
        }
    }
    true
}

/// The part of convex `subject` inside convex `clip` (Sutherland–Hodgman).
pub(crate) fn clip(subject: &[Pt], clip: &[Pt]) -> Vec<Pt> {
    let mut c = clip.to_vec();
    if area(&c) < 0.0 {
        c.reverse();
    }
    let mut out = subject.to_vec();
    let n = c.len();
    for i in 0..n {
        let (Some(&e0), Some(&e1)) = (c.get(i), c.get((i + 1) % n)) else {
            continue;
        };
        let side = |p: Pt| (e1.0 - e0.0) * (p.1 - e0.1) - (e1.1 - e0.1) * (p.0 - e0.0);
        let input = std::mem::take(&mut out);
        let m = input.len();
        for j in 0..m {
            let (Some(&p), Some(&q)) = (input.get(j), input.get((j + 1) % m)) else {
                continue;
            };
            let (sp, sq) = (side(p), side(q));
            if sp >= 0.0 {
                out.push(p);
            }
            if (sp >= 0.0) != (sq >= 0.0) {
                let t = sp / (sp - sq);
                out.push((p.0 + t * (q.0 - p.0), p.1 + t * (q.1 - p.1)));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_overlap_only_past_a_shared_edge() {
        let a = vec![(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)];
        let touching = vec![(2.0, 0.0), (4.0, 0.0), (4.0, 2.0), (2.0, 2.0)];
        let inside = vec![(1.0, 1.0), (3.0, 1.0), (1.0, 3.0)];
        assert!(!overlap(&a, &touching));
        assert!(overlap(&a, &inside));
        assert_eq!(area(&clip(&inside, &a)).abs(), 1.0);
        let l = vec![
            (0.0, 0.0),
            (2.0, 0.0),
            (2.0, 1.0),
            (1.0, 1.0),
            (1.0, 2.0),
            (0.0, 2.0),
        ];
        let tris = ear_clip(&l);
        assert_eq!(tris.len(), 4);
        assert_eq!(tris.iter().map(|t| area(t).abs()).sum::<f64>(), 3.0);
    }
}
