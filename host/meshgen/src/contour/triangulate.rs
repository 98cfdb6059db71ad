//! This module owns the contour's triangulation: ear-clipping one strictly
//! simple polygon (concave welcome, no holes, no interior points), so the
//! mesh has `n − 2` triangles over its `n` outline vertices.
//!
//! An ear is a vertex whose turn is convex in the polygon's own winding and
//! whose triangle holds no other remaining vertex (on its edges counts);
//! the first ear in ring order is clipped, then the scan starts again. On a
//! strictly simple polygon an ear always exists, so a stall is reported, not
//! papered over. O(n³) over the outline, which `maxVertices` bounds.
//!
//! **Winding.** Triangles come out counter-clockwise **as drawn** — negative
//! signed area in part pixels (y down), positive in Spine's world (y up) —
//! the winding of the authored meshes Spine draws front-facing (squash's
//! ball fan, portrait's grid): each ear `(a, b, c)` of the clockwise-on-
//! screen outline is written `(a, c, b)`.

/// Twice the signed area of the ring (shoelace; positive = clockwise on
/// screen in y-down pixels).
pub(crate) fn twice_area(ring: &[[f64; 2]]) -> f64 {
    let n = ring.len();
    (0..n)
        .map(|i| {
            let (p, q) = (ring[i], ring[(i + 1) % n]);
            p[0] * q[1] - q[0] * p[1]
        })
        .sum()
}

/// The triangles of `ring`, or `None` when no ear is left to clip (the
/// polygon is not strictly simple, or encloses no area).
pub(crate) fn ear_clip(ring: &[[f64; 2]]) -> Option<Vec<u32>> {
    let n = ring.len();
    let area = twice_area(ring);
    if n < 3 || area.abs() < 2e-9 || !area.is_finite() {
        return None;
    }
    let orient = area.signum();
    let mut live: Vec<usize> = (0..n).collect();
    let mut out = Vec::with_capacity(3 * (n - 2));
    let mut emit = |a: usize, b: usize, c: usize| out.extend([a as u32, c as u32, b as u32]);
    while live.len() > 3 {
        let m = live.len();
        let ear = (0..m).find(|&k| {
            let (ia, ib, ic) = (live[(k + m - 1) % m], live[k], live[(k + 1) % m]);
            let (a, b, c) = (ring[ia], ring[ib], ring[ic]);
            let turn = ((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])) * orient;
            turn > 1e-12
                && !live.iter().any(|&j| {
                    j != ia && j != ib && j != ic && in_triangle(ring[j], a, b, c, orient)
                })
        })?;
        emit(live[(ear + m - 1) % m], live[ear], live[(ear + 1) % m]);
        live.remove(ear);
    }
    emit(live[0], live[1], live[2]);
    Some(out)
}

/// Whether `p` is inside or on triangle `a b c` wound `orient`.
fn in_triangle(p: [f64; 2], a: [f64; 2], b: [f64; 2], c: [f64; 2], orient: f64) -> bool {
    let side = |u: [f64; 2], v: [f64; 2]| {
        ((v[0] - u[0]) * (p[1] - u[1]) - (v[1] - u[1]) * (p[0] - u[0])) * orient
    };
    side(a, b) >= -1e-9 && side(b, c) >= -1e-9 && side(c, a) >= -1e-9
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signed(ring: &[[f64; 2]], t: &[u32]) -> f64 {
        let p = |i: u32| ring[i as usize];
        let (a, b, c) = (p(t[0]), p(t[1]), p(t[2]));
        (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    }

    #[test]
    fn an_l_shape_clips_into_four_triangles_drawn_counter_clockwise() {
        // Clockwise on screen: 6 corners of an L.
        let ring = [
            [0.0, 0.0],
            [1.0, 0.0],
            [1.0, 2.0],
            [3.0, 2.0],
            [3.0, 3.0],
            [0.0, 3.0],
        ];
        let t = ear_clip(&ring).expect("an L is simple");
        assert_eq!(t.len(), 3 * 4);
        let mut total = 0.0;
        for tri in t.chunks_exact(3) {
            let s = signed(&ring, tri);
            assert!(
                s < 0.0,
                "triangle {tri:?} is not counter-clockwise as drawn"
            );
            total += s;
        }
        // The triangles tile the L: 1·3 + 2·1 = 5 px², twice that signed.
        assert!((total + 10.0).abs() < 1e-12, "{total}");
    }

    #[test]
    fn a_flat_ring_has_no_ears() {
        assert_eq!(ear_clip(&[[0.0, 0.0], [1.0, 0.0], [2.0, 0.0]]), None);
    }
}
