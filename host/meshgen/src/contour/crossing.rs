//! This module owns the contour's simplicity check: the first pair of
//! non-adjacent outline edges that meet — crossing, or merely touching,
//! since ear-clipping's termination (the two-ears theorem) is a statement
//! about a **strictly** simple polygon. Orientation tests treat
//! `|cross| < 1e-9` as collinear.

/// The first `(i, j)`, `i < j`, such that edge `i` (vertex `i` to `i + 1`)
/// meets edge `j` and the two are not neighbours on the ring.
pub(crate) fn first_crossing(ring: &[[f64; 2]]) -> Option<(usize, usize)> {
    let n = ring.len();
    for i in 0..n {
        let (a, b) = (ring[i], ring[(i + 1) % n]);
        for j in i + 1..n {
            if (j + 1) % n == i || (i + 1) % n == j {
                continue;
            }
            if meet(a, b, ring[j], ring[(j + 1) % n]) {
                return Some((i, j));
            }
        }
    }
    None
}

/// The sign of the turn `p → q → r`, 0 within 1e-9.
fn orient(p: [f64; 2], q: [f64; 2], r: [f64; 2]) -> i8 {
    let v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
    if v.abs() < 1e-9 {
        0
    } else if v > 0.0 {
        1
    } else {
        -1
    }
}

/// Whether `r`, collinear with `p q`, lies within its bounding box.
fn on_segment(p: [f64; 2], q: [f64; 2], r: [f64; 2]) -> bool {
    orient(p, q, r) == 0
        && p[0].min(q[0]) - 1e-9 <= r[0]
        && r[0] <= p[0].max(q[0]) + 1e-9
        && p[1].min(q[1]) - 1e-9 <= r[1]
        && r[1] <= p[1].max(q[1]) + 1e-9
}

/// Whether segments `a b` and `c d` share a point.
fn meet(a: [f64; 2], b: [f64; 2], c: [f64; 2], d: [f64; 2]) -> bool {
    let (o1, o2, o3, o4) = (
        orient(a, b, c),
        orient(a, b, d),
        orient(c, d, a),
        orient(c, d, b),
    );
    (o1 != o2 && o3 != o4)
        || on_segment(a, b, c)
        || on_segment(a, b, d)
        || on_segment(c, d, a)
        || on_segment(c, d, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bow_tie_crosses_and_a_square_does_not() {
        let square = [[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]];
        assert_eq!(first_crossing(&square), None);
        let bow = [[0.0, 0.0], [2.0, 2.0], [2.0, 0.0], [0.0, 2.0]];
        assert_eq!(first_crossing(&bow), Some((0, 2)));
    }

    #[test]
    fn touching_counts_as_meeting() {
        // Vertex 3 sits on edge 0.
        let ring = [[0.0, 0.0], [4.0, 0.0], [4.0, 2.0], [2.0, 0.0], [0.0, 2.0]];
        assert_eq!(first_crossing(&ring), Some((0, 2)));
    }
}
