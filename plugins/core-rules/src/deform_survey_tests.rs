//! Tests of A39's measuring machinery: the span solver, the curve's
//! fractions to times, the band.

use super::*;

#[test]
fn the_span_solver_finds_where_a_triangle_is_inside_out() {
    // A(p) = ½[(4 − 8p)² − 4p]: positive at both ends, negative between.
    let wa = [0.0, 0.0, 4.0, 0.0, 4.0, 4.0];
    let wb = [0.0, 0.0, -4.0, 1.0, 4.0, -4.0];
    let c = area_quadratic(&wa, &wb, [0, 1, 2]);
    assert_eq!(c, [8.0, -34.0, 32.0]);
    let w = wrong_windows(c, 1.0, 0.0, 0.0, 1.0);
    assert_eq!(w.len(), 1);
    let (a, b) = w[0];
    assert!((a - (68.0 - 528f64.sqrt()) / 128.0).abs() < 1e-12, "{a}");
    assert!((b - (68.0 + 528f64.sqrt()) / 128.0).abs() < 1e-12, "{b}");
    // A downward parabola is wrong outside its roots: two windows.
    let w = wrong_windows([-1.0, 0.0, 4.0], -1.0, 0.0, -2.0, 2.0);
    assert_eq!(w, [(-2.0, -0.5), (0.5, 2.0)]);
    // Linear: a half-line; no discriminant: all or nothing.
    assert_eq!(
        wrong_windows([1.0, -2.0, 0.0], 1.0, 0.0, 0.0, 1.0),
        [(0.5, 1.0)]
    );
    assert_eq!(
        wrong_windows([-1.0, 0.0, -1.0], 1.0, 0.0, 0.0, 1.0),
        [(0.0, 1.0)]
    );
    assert!(wrong_windows([1.0, 0.0, 1.0], 1.0, 0.0, 0.0, 1.0).is_empty());
    // The band shrinks the window: reversed by more than it.
    let narrow = wrong_windows(c, 1.0, 0.5, 0.0, 1.0);
    assert!(narrow[0].0 > a && narrow[0].1 < b);
}

#[test]
fn fractions_map_to_times_through_the_curve() {
    let poly = [(1.0, 0.0), (3.0, 1.0)];
    assert_eq!(times_in(&poly, &[(0.25, 0.5)], 1.0, 3.0), [(1.5, 2.0)]);
    // The keys own the ends: a window reaching them is cut there.
    assert_eq!(times_in(&poly, &[(-1.0, 2.0)], 1.0, 3.0), [(1.0, 3.0)]);
    // An overshooting polyline reaches a window twice; both are kept.
    let poly = [(0.0, 0.0), (1.0, 1.2), (2.0, 1.0)];
    assert_eq!(reached(&poly), (0.0, 1.2));
    let t = times_in(&poly, &[(1.1, 2.0)], 0.0, 2.0);
    assert_eq!(t.len(), 1);
    assert!((t[0].0 - 1.1 / 1.2).abs() < 1e-12 && (t[0].1 - 1.5).abs() < 1e-12);
    assert_eq!(
        merge(vec![(2.0, 3.0), (0.0, 1.0), (0.5, 2.0)]),
        [(0.0, 3.0)]
    );
}

#[test]
fn the_band_is_relative_or_the_float32_noise() {
    assert_eq!(band(&[1000.0, -2.0], &[&[1.0]]), 1e-3);
    let c = 4096.0;
    assert_eq!(band(&[1e-3], &[&[c, -1.0]]), 4.0 * c * c * 2f64.powi(-24));
    assert!(area(&[0.0, 0.0, 1.0, 0.0], [0, 1, 2]).is_nan());
}
