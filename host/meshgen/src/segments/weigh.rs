//! This module owns a `segments` mesh's weights: each vertex weighted by its
//! distance to the bone segments the generator names, all in one plane (the
//! host passes setup world coordinates).
//!
//! For each vertex, `d_k` is the Euclidean distance to segment `k` (a bone's
//! setup world origin to its tip, `length` along its world x axis; a
//! zero-length bone is a point). The `max_bones` nearest segments are kept
//! (ties by the order the bones are named), weighted `1 / (d_k + ε)^falloff`
//! with ε = [`EPSILON`] (one unit: a vertex on a segment is finite), and
//! normalised to sum 1. A binding that normalises under [`MIN_WEIGHT`] is
//! dropped and the rest renormalised: such a bone moves the vertex less than
//! a thousandth of its travel, and the host writes weights at six decimals,
//! where a smaller one could read as the zero weight GATE.md A20 refuses on a
//! generated mesh. The nearest segment always stays, so no vertex is left
//! unbound. Computed in log space, so no falloff over- or underflows.

/// ε of `1 / (d + ε)^falloff`, world units.
pub const EPSILON: f64 = 1.0;

/// The least weight a binding keeps (0.001).
pub const MIN_WEIGHT: f64 = 0.001;

/// The most bones one vertex may bind (Spine has no cap; rigc's is 4).
pub const MAX_BONES: u32 = 4;

/// How the weights fall off with distance.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Falloff {
    /// The nearest segments kept per vertex, `1..=MAX_BONES`.
    pub max_bones: u32,
    /// The exponent of `1 / (d + ε)`, a positive number.
    pub exponent: f64,
}

/// The distance from `p` to the segment `a`–`b` (a point when `a == b`).
pub fn distance(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (qx, qy) = (a[0] + t * dx, a[1] + t * dy);
    (p[0] - qx).hypot(p[1] - qy)
}

/// Each point's bindings, `(segment index, weight)`, nearest first; the
/// weights of a point sum to 1. Empty when there are no segments.
pub fn weigh(
    points: &[[f64; 2]],
    segments: &[[[f64; 2]; 2]],
    f: Falloff,
) -> Vec<Vec<(usize, f64)>> {
    let keep = (f.max_bones.clamp(1, MAX_BONES) as usize).min(segments.len());
    let exponent = if f.exponent.is_finite() && f.exponent > 0.0 {
        f.exponent
    } else {
        1.0
    };
    points
        .iter()
        .map(|&p| {
            if keep == 0 {
                return Vec::new();
            }
            let mut d: Vec<(usize, f64)> = segments
                .iter()
                .enumerate()
                .map(|(k, s)| {
                    let dk = distance(p, s[0], s[1]);
                    (k, if dk.is_finite() { dk } else { f64::MAX })
                })
                .collect();
            d.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
            d.truncate(keep);
            // log w_k = −falloff · ln(d_k + ε), shifted by the nearest's.
            let logs: Vec<f64> = d
                .iter()
                .map(|&(_, dk)| -exponent * (dk + EPSILON).ln())
                .collect();
            let top = logs[0];
            let raw: Vec<f64> = logs.iter().map(|l| (l - top).exp()).collect();
            let sum: f64 = raw.iter().sum();
            let mut out: Vec<(usize, f64)> = Vec::with_capacity(keep);
            for (i, (&(k, _), &w)) in d.iter().zip(&raw).enumerate() {
                if i == 0 || w / sum >= MIN_WEIGHT {
                    out.push((k, w));
                }
            }
            let kept: f64 = out.iter().map(|b| b.1).sum();
            for b in &mut out {
                b.1 /= kept;
            }
            out
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(max_bones: u32, exponent: f64) -> Falloff {
        Falloff {
            max_bones,
            exponent,
        }
    }

    #[test]
    fn distance_to_a_segment_and_a_point() {
        let (a, b) = ([0.0, 0.0], [10.0, 0.0]);
        assert_eq!(distance([5.0, 3.0], a, b), 3.0);
        assert_eq!(distance([-3.0, 4.0], a, b), 5.0);
        assert_eq!(distance([13.0, -4.0], a, b), 5.0);
        assert_eq!(distance([3.0, 4.0], a, a), 5.0);
    }

    #[test]
    fn inverse_distance_weights_closed_form() {
        // Two parallel horizontal segments at y = 0 and y = 10; a point at
        // y = 2 is 2 and 8 away: w ∝ 1/3², 1/9² → 9 : 1 after normalising.
        let segs = [[[0.0, 0.0], [10.0, 0.0]], [[0.0, 10.0], [10.0, 10.0]]];
        let w = weigh(&[[5.0, 2.0]], &segs, f(4, 2.0));
        let (a, b) = (1.0 / 9.0, 1.0 / 81.0);
        assert_eq!(w[0].len(), 2);
        assert_eq!(w[0][0].0, 0);
        assert!((w[0][0].1 - a / (a + b)).abs() < 1e-12, "{w:?}");
        assert!((w[0][1].1 - b / (a + b)).abs() < 1e-12, "{w:?}");
        // Midway: equal.
        let w = weigh(&[[5.0, 5.0]], &segs, f(4, 2.0));
        assert!((w[0][0].1 - 0.5).abs() < 1e-12 && (w[0][1].1 - 0.5).abs() < 1e-12);
        // maxBones 1: the nearest alone, at 1.
        let w = weigh(&[[5.0, 7.0]], &segs, f(1, 2.0));
        assert_eq!(w[0], vec![(1, 1.0)]);
    }

    #[test]
    fn a_far_bone_under_the_floor_is_dropped_and_the_rest_renormalised() {
        // Distances 0, 1, 999 with falloff 2: raw 1, 1/4, 1e-6 → the third
        // normalises to ~8e-7 < 0.001 and is dropped: 0.8 / 0.2 remain.
        let segs = [
            [[0.0, 0.0], [0.0, 0.0]],
            [[1.0, 0.0], [1.0, 0.0]],
            [[999.0, 0.0], [999.0, 0.0]],
        ];
        let w = weigh(&[[0.0, 0.0]], &segs, f(4, 2.0));
        assert_eq!(w[0].len(), 2, "{w:?}");
        assert!((w[0][0].1 - 0.8).abs() < 1e-12 && (w[0][1].1 - 0.2).abs() < 1e-12);
    }

    #[test]
    fn extreme_inputs_stay_finite_and_sum_to_one() {
        let segs = [
            [[0.0, 0.0], [1e300, 0.0]],
            [[f64::MAX, f64::MAX], [f64::MAX, f64::MAX]],
            [[-1e9, 3.0], [-1e9, 3.0]],
        ];
        for e in [1e-9, 0.5, 2.0, 64.0, 1e6] {
            for m in [0, 1, 2, 4, 9] {
                for p in [[0.0, 0.0], [1e12, -1e12], [f64::MAX, 0.0]] {
                    let w = weigh(&[p], &segs, f(m, e));
                    let s: f64 = w[0].iter().map(|b| b.1).sum();
                    assert!(!w[0].is_empty() && (s - 1.0).abs() < 1e-9, "{w:?}");
                    assert!(w[0].iter().all(|b| b.1 >= MIN_WEIGHT && b.1.is_finite()));
                }
            }
        }
        assert!(weigh(&[[0.0, 0.0]], &[], f(4, 2.0))[0].is_empty());
    }
}
