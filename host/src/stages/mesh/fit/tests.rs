//! The fit's pieces in closed form: a triangle's pixel centres, a point's
//! distance to the art.

use super::{covered, reach};

#[test]
fn a_right_triangle_covers_the_centres_on_or_under_its_hypotenuse() {
    // (0, 0), (4, 0), (0, 4) on a 4×4 grid: centre (x + ½, y + ½) is inside
    // when x + y + 1 ≤ 4, i.e. x + y ≤ 3 — 10 of the 16 pixels (4 + 3 + 2 + 1).
    let c = covered(&[(0.0, 0.0), (4.0, 0.0), (0.0, 4.0)], &[0, 1, 2], 4, 4);
    assert_eq!(c.iter().filter(|&&b| b).count(), 10);
    for y in 0..4 {
        for x in 0..4 {
            assert_eq!(c[y * 4 + x], x + y <= 3, "pixel ({x}, {y})");
        }
    }
    // Either winding covers the same pixels; a degenerate triangle none.
    assert_eq!(
        covered(&[(0.0, 0.0), (0.0, 4.0), (4.0, 0.0)], &[0, 1, 2], 4, 4),
        c
    );
    let flat = covered(&[(0.0, 0.0), (2.0, 2.0), (4.0, 4.0)], &[0, 1, 2], 4, 4);
    assert!(flat.iter().all(|&b| !b));
}

#[test]
fn reach_is_the_distance_to_the_nearest_art_square() {
    // One art pixel (2, 2) on a 5×5 grid: its square is [2, 3]².
    let mut art = vec![false; 25];
    art[2 * 5 + 2] = true;
    assert_eq!(reach(&[(2.5, 2.5)], &art, 5, 5), 0.0);
    assert_eq!(reach(&[(0.0, 2.5)], &art, 5, 5), 2.0);
    assert_eq!(
        reach(&[(6.0, 7.0)], &art, 5, 5),
        5.0,
        "3-4-5, off the image"
    );
    assert_eq!(
        reach(&[(2.5, 2.5), (0.0, 0.0), (5.0, 2.0)], &art, 5, 5),
        8f64.sqrt()
    );
}
