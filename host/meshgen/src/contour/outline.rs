//! This module owns the contour's outline after simplification (FORMAT.md
//! §2.7.3, third and fourth steps): the **margin push-out** along each
//! vertex's bisector, **clamped** to the part window, with repeated and
//! collinear vertices pruned and coordinates rounded to 6 decimals (the
//! bytes the emitter writes are the points measured).
//!
//! **The push-out.** The traced ring is clockwise on screen (y down), so
//! outward is to the left of travel: edge `(dx, dy)` has outward normal
//! `(dy, −dx)`. A vertex moves along the bisector of its two edges' normals
//! by `margin / cos(½·turn)` — the mitre that keeps both edges `margin` out —
//! with the division floored at [`MITRE_LIMIT`]`⁻¹`, so a spike's tip moves
//! at most `MITRE_LIMIT · margin` (a slightly cut tip instead of a vertex far
//! off the art; the coverage measurement then accepts or refuses it). A full
//! reversal (no bisector) moves along the incoming edge's normal.
//!
//! **Why a margin at all.** The corner-lattice trace encloses every art pixel
//! whole, so margin 0 clips nothing before simplification; Douglas–Peucker
//! then moves the outline up to `tolerance` either way, and the inward half
//! is a bite out of the art. `margin ≥ tolerance` pays it back.

/// How far a mitred corner may travel, as a multiple of `margin`.
pub(crate) const MITRE_LIMIT: f64 = 4.0;

/// The ring pushed out by `margin` (clockwise-on-screen input).
pub(crate) fn push_out(ring: &[[f64; 2]], margin: f64) -> Vec<[f64; 2]> {
    let n = ring.len();
    if margin == 0.0 {
        return ring.to_vec();
    }
    (0..n)
        .map(|i| {
            let (prev, here, next) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
            let e1 = unit(here[0] - prev[0], here[1] - prev[1]);
            let e2 = unit(next[0] - here[0], next[1] - here[1]);
            let n1 = [e1[1], -e1[0]];
            let n2 = [e2[1], -e2[0]];
            let (mut bx, mut by) = (n1[0] + n2[0], n1[1] + n2[1]);
            let mut len = bx.hypot(by);
            if len < 1e-9 {
                (bx, by, len) = (n1[0], n1[1], 1.0);
            }
            bx /= len;
            by /= len;
            let project = (bx * n1[0] + by * n1[1]).max(1.0 / MITRE_LIMIT);
            [
                here[0] + bx * margin / project,
                here[1] + by * margin / project,
            ]
        })
        .collect()
}

fn unit(dx: f64, dy: f64) -> [f64; 2] {
    let len = dx.hypot(dy);
    if len < 1e-12 {
        [0.0, 0.0]
    } else {
        [dx / len, dy / len]
    }
}

/// Every point clamped into the `w × h` window.
pub(crate) fn clamp(ring: &[[f64; 2]], w: f64, h: f64) -> Vec<[f64; 2]> {
    ring.iter()
        .map(|p| [p[0].clamp(0.0, w), p[1].clamp(0.0, h)])
        .collect()
}

/// Repeated and exactly collinear vertices dropped (so no ear has zero
/// area), then coordinates rounded to 6 decimals.
pub(crate) fn prune(ring: &[[f64; 2]]) -> Vec<[f64; 2]> {
    let same = |a: [f64; 2], b: [f64; 2]| (a[0] - b[0]).abs() < 1e-9 && (a[1] - b[1]).abs() < 1e-9;
    let mut out: Vec<[f64; 2]> = Vec::with_capacity(ring.len());
    for &p in ring {
        if out.last().is_some_and(|&q| same(q, p)) {
            continue;
        }
        out.push(p);
    }
    while out.len() > 1 && same(out[0], out[out.len() - 1]) {
        out.pop();
    }
    // Removing one vertex can make its neighbours collinear in turn. The
    // reference rescans from the ring's start after each removal; only the
    // vertex before the removed one has a new neighbour among those already
    // scanned, so resuming there finds the same vertices in the same order
    // (one scan, not one per removal).
    let mut i = 0;
    while out.len() > 3 && i < out.len() {
        let m = out.len();
        let (p, q, r) = (out[(i + m - 1) % m], out[i], out[(i + 1) % m]);
        let cross = (q[0] - p[0]) * (r[1] - q[1]) - (q[1] - p[1]) * (r[0] - q[0]);
        if cross.abs() < 1e-9 {
            out.remove(i);
            i = i.saturating_sub(1);
        } else {
            i += 1;
        }
    }
    out.iter().map(|p| [round6(p[0]), round6(p[1])]).collect()
}

/// Rounded to 6 decimals, never `-0`.
pub(crate) fn round6(v: f64) -> f64 {
    let r = (v * 1e6).round() / 1e6;
    if r == 0.0 {
        0.0
    } else {
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_pushed_out_grows_by_the_margin_on_every_side() {
        let sq = [[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]];
        let out = push_out(&sq, 1.5);
        let want = [[-1.5, -1.5], [5.5, -1.5], [5.5, 5.5], [-1.5, 5.5]];
        for (p, q) in out.iter().zip(want) {
            assert!(
                (p[0] - q[0]).abs() < 1e-12 && (p[1] - q[1]).abs() < 1e-12,
                "{p:?} vs {q:?}"
            );
        }
    }

    #[test]
    fn a_spike_tip_travels_at_most_the_mitre_limit() {
        // A thin spike to the right: its tip's bisector is nearly along +x.
        let ring = [[0.0, 0.0], [100.0, 0.5], [0.0, 1.0]];
        let out = push_out(&ring, 1.0);
        let moved = (out[1][0] - 100.0).hypot(out[1][1] - 0.5);
        assert!((moved - MITRE_LIMIT).abs() < 1e-9, "{moved}");
    }

    #[test]
    fn prune_drops_repeats_and_collinear_runs() {
        let ring = [
            [0.0, 0.0],
            [1.0, 0.0],
            [2.0, 0.0],
            [2.0, 0.0],
            [2.0, 2.0],
            [0.0, 2.0],
            [0.0, 1.0],
        ];
        assert_eq!(
            prune(&ring),
            vec![[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]]
        );
    }
}
