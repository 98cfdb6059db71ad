//! This module owns the contour's own guarantee measure (FORMAT.md §2.7.3,
//! last step): the triangles rasterised back over the **mask they were
//! traced from** — the art being every pixel at or above the generator's
//! `alpha`, on any island — a pixel covered when its centre `(x + ½, y + ½)`
//! is inside or on a triangle. The guarantee is ≥ [`MIN_COVERAGE`].
//!
//! It is deliberately not the `MESH` line's `covers … %` (the host's
//! `stages/mesh/fit.rs`), which counts every pixel with alpha above 0 and is
//! a report over any mesh, authored or generated; the two agree whenever the
//! art has no pixels between alpha 1 and the threshold outside the mesh.
//!
//! Also measured here: the **overshoot**, the furthest a covered pixel's
//! centre lies from the filled silhouette (the traced island plus what it
//! encloses), as the builder's own check that the mesh stays within what
//! margin and tolerance can produce.

/// The share of the art a contour mesh must cover.
pub(crate) const MIN_COVERAGE: f64 = 0.995;

/// Which pixel centres of a `w × h` grid lie inside or on a triangle.
pub(crate) fn rasterise(points: &[[f64; 2]], triangles: &[u32], w: usize, h: usize) -> Vec<bool> {
    let mut covered = vec![false; w * h];
    for t in triangles.chunks_exact(3) {
        let p = |i: u32| points.get(i as usize).copied();
        let (Some(a), Some(b), Some(c)) = (p(t[0]), p(t[1]), p(t[2])) else {
            continue;
        };
        let twice = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
        if twice.abs() < 1e-12 || !twice.is_finite() {
            continue;
        }
        let orient = twice.signum();
        let lo = |v: f64, n: usize| ((v - 1.0).floor().max(0.0) as usize).min(n);
        let hi = |v: f64, n: usize| ((v + 1.0).ceil().max(0.0) as usize + 1).min(n);
        let (y0, y1) = (
            lo(a[1].min(b[1]).min(c[1]), h),
            hi(a[1].max(b[1]).max(c[1]), h),
        );
        let (bx0, bx1) = (
            lo(a[0].min(b[0]).min(c[0]), w),
            hi(a[0].max(b[0]).max(c[0]), w),
        );
        for y in y0..y1 {
            let py = y as f64 + 0.5;
            // The centres' x span on this row, from the three half-planes,
            // widened a pixel each way; the exact test below decides.
            let (mut x_lo, mut x_hi) = (bx0 as f64, bx1 as f64);
            for (u, v) in [(a, b), (b, c), (c, a)] {
                // orient · ((v−u)×(p−u)) = orient · (k − dy·px) ≥ 0
                let (dx, dy) = (v[0] - u[0], v[1] - u[1]);
                let k = dx * (py - u[1]) + dy * u[0];
                let s = dy * orient;
                if s > 0.0 {
                    x_hi = x_hi.min(k * orient / s);
                } else if s < 0.0 {
                    x_lo = x_lo.max(k * orient / s);
                }
            }
            if !(x_lo.is_finite() && x_hi.is_finite()) || x_lo > x_hi + 2.0 {
                continue;
            }
            let x0 = ((x_lo - 1.5).floor().max(bx0 as f64) as usize).min(bx1);
            let x1 = ((x_hi + 1.5).ceil().max(0.0) as usize).clamp(x0, bx1);
            for x in x0..x1 {
                let i = y * w + x;
                if !covered[i] && inside([x as f64 + 0.5, py], a, b, c, orient) {
                    covered[i] = true;
                }
            }
        }
    }
    covered
}

fn inside(p: [f64; 2], a: [f64; 2], b: [f64; 2], c: [f64; 2], orient: f64) -> bool {
    let side = |u: [f64; 2], v: [f64; 2]| {
        ((v[0] - u[0]) * (p[1] - u[1]) - (v[1] - u[1]) * (p[0] - u[0])) * orient
    };
    side(a, b) >= -1e-9 && side(b, c) >= -1e-9 && side(c, a) >= -1e-9
}

/// Art pixels and how many of them `covered` holds.
pub(crate) fn count(art: &[bool], covered: &[bool]) -> (u64, u64) {
    let total = art.iter().filter(|&&a| a).count() as u64;
    let hit = art.iter().zip(covered).filter(|(&a, &c)| a && c).count() as u64;
    (total, hit)
}

/// The furthest a covered pixel lies from the nearest `filled` pixel (pixel
/// centre to pixel centre); 0 when every covered pixel is filled.
pub(crate) fn overshoot(covered: &[bool], filled: &[bool], w: usize, h: usize) -> f64 {
    if !filled.iter().any(|&f| f) {
        return 0.0;
    }
    let d2 = squared_distance(filled, w, h);
    let worst = (0..w * h)
        .filter(|&i| covered[i] && !filled[i])
        .map(|i| d2[i])
        .fold(0.0, f64::max);
    worst.sqrt()
}

/// The exact squared Euclidean distance from every pixel to the nearest set
/// pixel, in two separable passes (Meijster; Felzenszwalb–Huttenlocher's
/// envelope for the second): each pixel's vertical distance to the nearest
/// set pixel of its column, by a sweep down and a sweep up (row-major, so
/// cache-friendly), then along each row the lower envelope of the parabolas
/// `(x − q)² + g(q)²`. Linear in the pixels, no search radius.
fn squared_distance(set: &[bool], w: usize, h: usize) -> Vec<f64> {
    let far = (w + h + 1) as f64;
    let mut g: Vec<f64> = set.iter().map(|&s| if s { 0.0 } else { far }).collect();
    for y in 1..h {
        let (above, row) = g.split_at_mut(y * w);
        let above = &above[(y - 1) * w..];
        for (v, &u) in row[..w].iter_mut().zip(above) {
            *v = v.min(u + 1.0);
        }
    }
    for y in (0..h.saturating_sub(1)).rev() {
        let (row, below) = g.split_at_mut((y + 1) * w);
        for (v, &u) in row[y * w..].iter_mut().zip(&below[..w]) {
            *v = v.min(u + 1.0);
        }
    }
    let mut d = vec![0.0; w * h];
    let (mut v, mut z) = (vec![0usize; w], vec![0.0f64; w + 1]);
    for y in 0..h {
        let f: Vec<f64> = g[y * w..(y + 1) * w].iter().map(|&x| x * x).collect();
        let meet = |q: usize, p: usize| {
            let (q2, p2) = ((q * q) as f64, (p * p) as f64);
            (f[q] + q2 - (f[p] + p2)) / (2.0 * q as f64 - 2.0 * p as f64)
        };
        let mut k = 0usize;
        v[0] = 0;
        z[0] = f64::NEG_INFINITY;
        z[1] = f64::INFINITY;
        for q in 1..w {
            let mut s = meet(q, v[k]);
            while k > 0 && s <= z[k] {
                k -= 1;
                s = meet(q, v[k]);
            }
            k += 1;
            v[k] = q;
            z[k] = s;
            z[k + 1] = f64::INFINITY;
        }
        k = 0;
        for (q, o) in d[y * w..(y + 1) * w].iter_mut().enumerate() {
            while z[k + 1] < q as f64 {
                k += 1;
            }
            let dq = q as f64 - v[k] as f64;
            *o = dq * dq + f[v[k]];
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_distance_transform_matches_brute_force() {
        let (w, h) = (9usize, 7usize);
        let set: Vec<bool> = (0..w * h).map(|i| i % 13 == 4 || i == 30).collect();
        let d = squared_distance(&set, w, h);
        for (i, &got) in d.iter().enumerate() {
            let (x, y) = ((i % w) as f64, (i / w) as f64);
            let want = (0..w * h)
                .filter(|&j| set[j])
                .map(|j| ((j % w) as f64 - x).powi(2) + ((j / w) as f64 - y).powi(2))
                .fold(f64::INFINITY, f64::min);
            assert_eq!(got, want, "pixel {i}");
        }
    }

    #[test]
    fn the_row_spans_cover_what_testing_every_pixel_covers() {
        // Slivers, steep and flat edges, both windings, off-grid points.
        let pts = [
            [0.3, 0.2],
            [17.9, 1.1],
            [9.4, 15.7],
            [2.0, 2.0],
            [2.0, 14.5],
            [2.5, 14.5],
            [16.5, 3.5],
            [0.0, 16.0],
            [15.999, 0.001],
        ];
        let tris: [[u32; 3]; 5] = [[0, 1, 2], [3, 4, 5], [5, 4, 3], [6, 7, 8], [1, 6, 2]];
        let (w, h) = (18usize, 17usize);
        for t in tris {
            let got = rasterise(&pts, &t, w, h);
            let (a, b, c) = (pts[t[0] as usize], pts[t[1] as usize], pts[t[2] as usize]);
            let twice = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
            for (i, &g) in got.iter().enumerate() {
                let p = [(i % w) as f64 + 0.5, (i / w) as f64 + 0.5];
                assert_eq!(
                    g,
                    inside(p, a, b, c, twice.signum()),
                    "triangle {t:?}, pixel {i}"
                );
            }
        }
    }

    #[test]
    fn a_half_covered_unit_square_covers_the_centres_on_its_diagonal() {
        // Triangle (0,0) (2,0) (0,2) on a 2×2 grid: centres (0.5,0.5),
        // (1.5,0.5), (0.5,1.5) are in or on it, (1.5,1.5) is not.
        let c = rasterise(&[[0.0, 0.0], [2.0, 0.0], [0.0, 2.0]], &[0, 1, 2], 2, 2);
        assert_eq!(c, vec![true, true, true, false]);
    }
}
