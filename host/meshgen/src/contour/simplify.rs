//! This module owns the contour's simplification (FORMAT.md §2.7.3, second
//! step): Douglas–Peucker at `tolerance` over the traced **closed** ring.
//!
//! Douglas–Peucker is defined on a polyline with two fixed ends and a ring
//! has none, so the ring is cut at its first vertex and at the vertex
//! furthest from it (the first such in walk order), and the two arcs are
//! simplified independently — cutting at the diameter keeps the two arcs
//! balanced. A point is kept when its distance to the chord (the segment,
//! clamped at its ends) is above `tolerance`. The recursion is written as an
//! explicit stack, so a long staircase cannot exhaust the call stack.

/// The simplified ring: the kept vertices of `ring`, in its order.
pub(crate) fn closed(ring: &[[f64; 2]], tolerance: f64) -> Vec<[f64; 2]> {
    let n = ring.len();
    if n < 4 || tolerance.is_nan() || tolerance <= 0.0 {
        return ring.to_vec();
    }
    let mut far = 1;
    let mut far_d = -1.0;
    for (i, p) in ring.iter().enumerate().skip(1) {
        let d = dist(*p, ring[0]);
        if d > far_d {
            far_d = d;
            far = i;
        }
    }
    // Index n stands for vertex 0 again, closing the second arc.
    let point = |i: usize| ring[i % n];
    let first = run(&point, 0, far, tolerance);
    let second = run(&point, far, n, tolerance);
    let mut out: Vec<[f64; 2]> = first.iter().map(|&i| point(i)).collect();
    if second.len() > 2 {
        out.extend(second[1..second.len() - 1].iter().map(|&i| point(i)));
    }
    out
}

/// Douglas–Peucker over the open run `from..=to`: the indices it keeps.
fn run(point: &impl Fn(usize) -> [f64; 2], from: usize, to: usize, tolerance: f64) -> Vec<usize> {
    let mut keep = vec![false; to - from + 1];
    keep[0] = true;
    keep[to - from] = true;
    let mut stack = vec![(from, to)];
    while let Some((lo, hi)) = stack.pop() {
        if hi <= lo + 1 {
            continue;
        }
        let (a, b) = (point(lo), point(hi));
        let mut worst = -1.0;
        let mut worst_at = lo;
        for i in lo + 1..hi {
            let d = to_segment(point(i), a, b);
            if d > worst {
                worst = d;
                worst_at = i;
            }
        }
        if worst <= tolerance {
            continue;
        }
        keep[worst_at - from] = true;
        stack.push((lo, worst_at));
        stack.push((worst_at, hi));
    }
    (from..=to).filter(|&i| keep[i - from]).collect()
}

fn dist(p: [f64; 2], q: [f64; 2]) -> f64 {
    (p[0] - q[0]).hypot(p[1] - q[1])
}

/// The distance from `p` to the segment `a b`.
pub(crate) fn to_segment(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len = dx * dx + dy * dy;
    if len == 0.0 {
        return dist(p, a);
    }
    let t = (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len).clamp(0.0, 1.0);
    dist(p, [a[0] + dx * t, a[1] + dy * t])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_staircase_within_tolerance_becomes_its_corners() {
        // A 4×2 rectangle traced on the lattice: 12 corners, 4 of them turns.
        let mut ring = Vec::new();
        for x in 0..4 {
            ring.push([f64::from(x), 0.0]);
        }
        for y in 0..2 {
            ring.push([4.0, f64::from(y)]);
        }
        for x in (1..=4).rev() {
            ring.push([f64::from(x), 2.0]);
        }
        for y in (1..=2).rev() {
            ring.push([0.0, f64::from(y)]);
        }
        let out = closed(&ring, 0.5);
        assert_eq!(out, vec![[0.0, 0.0], [4.0, 0.0], [4.0, 2.0], [0.0, 2.0]]);
    }

    #[test]
    fn a_point_just_past_tolerance_is_kept() {
        let ring = vec![
            [0.0, 0.0],
            [5.0, 1.01],
            [10.0, 0.0],
            [10.0, 10.0],
            [0.0, 10.0],
        ];
        assert_eq!(closed(&ring, 1.0).len(), 5);
        assert_eq!(closed(&ring, 1.02).len(), 4);
    }
}
