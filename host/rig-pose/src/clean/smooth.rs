//! This module owns step 3, the smoothing: a quadratic Savitzky–Golay per joint
//! and per coordinate — the legs (both hips, knees and ankles) over `--legs`
//! frames, every other joint over `--rest`. On each frame with a position, a
//! polynomial in the frame offset is fitted by least squares to the window's
//! frames that have a position, and the frame takes its value at offset 0. The
//! degree is 2, dropped to fit where fewer than three frames have a position
//! (which leaves the frame as it was). A window wraps with `--loop` and is cut
//! at the clip's ends without it. A window of 1 smooths nothing.

use super::window::window;
use crate::sequence::{Pos, LEGS};

/// Why a window is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadWindow {
    /// 0 frames.
    Zero,
    /// An even count.
    Even,
    /// 3: a quadratic through three points passes through all three.
    Three,
}

/// Checks a window: 1 (none), or odd and at least 5.
pub fn check_window(w: u64) -> Result<(), BadWindow> {
    match w {
        0 => Err(BadWindow::Zero),
        3 => Err(BadWindow::Three),
        w if w % 2 == 0 => Err(BadWindow::Even),
        _ => Ok(()),
    }
}

/// Is `joint` smoothed over `--legs`?
pub fn is_leg(joint: &str) -> bool {
    LEGS.contains(&joint)
}

/// The value at offset 0 of the least-squares polynomial of degree
/// `min(2, points − 1)` through `(offset, value)` points with distinct offsets.
pub fn fit_at_zero(points: &[(f64, f64)]) -> Option<f64> {
    let degree = points.len().checked_sub(1)?.min(2);
    let m = degree + 1;
    // Normal equations A c = b, with A[r][c] = Σ x^(r+c), b[r] = Σ x^r y.
    let mut a = [[0.0f64; 4]; 3];
    for &(x, y) in points {
        let pw = [1.0, x, x * x, x * x * x, x * x * x * x];
        for r in 0..m {
            for c in 0..m {
                a[r][c] += pw[r + c];
            }
            a[r][3] += pw[r] * y;
        }
    }
    // Gaussian elimination with partial pivoting on the m × m system.
    for col in 0..m {
        let pivot = (col..m).max_by(|&p, &q| a[p][col].abs().total_cmp(&a[q][col].abs()))?;
        a.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-300 {
            return None;
        }
        let row = a[col];
        for (r, other) in a.iter_mut().enumerate().take(m) {
            if r != col {
                let f = other[col] / d;
                for (v, p) in other.iter_mut().zip(row).skip(col) {
                    *v -= f * p;
                }
            }
        }
    }
    let c0 = a[0][3] / a[0][0];
    c0.is_finite().then_some(c0)
}

/// One joint's track smoothed over a window of `w` frames.
pub fn smooth_track(track: &[Pos], w: usize, looped: bool) -> Vec<Pos> {
    if w <= 1 {
        return track.to_vec();
    }
    let n = track.len();
    (0..n)
        .map(|i| {
            let here = track[i]?;
            let win = window(i, w / 2, n, looped);
            let mut out = here;
            for (c, slot) in out.iter_mut().enumerate() {
                let pts: Vec<(f64, f64)> = win
                    .iter()
                    .filter_map(|&(o, f)| track[f].map(|p| (o as f64, p[c])))
                    .collect();
                if let Some(v) = fit_at_zero(&pts) {
                    *slot = v;
                }
            }
            Some(out)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows() {
        assert_eq!(check_window(1), Ok(()));
        assert_eq!(check_window(5), Ok(()));
        assert_eq!(check_window(3), Err(BadWindow::Three));
        assert_eq!(check_window(4), Err(BadWindow::Even));
        assert_eq!(check_window(0), Err(BadWindow::Zero));
    }

    #[test]
    fn a_parabola_comes_back_unchanged() {
        let f = |i: f64| 3.0 + 2.5 * i - 0.75 * i * i;
        for looped in [false] {
            for w in [5, 7, 9, 11] {
                let t: Vec<Pos> = (0..30)
                    .map(|i| Some([f(i as f64), 100.0 - f(i as f64)]))
                    .collect();
                let s = smooth_track(&t, w, looped);
                for (a, b) in t.iter().zip(&s) {
                    let (a, b) = (a.unwrap(), b.unwrap());
                    assert!((a[0] - b[0]).abs() < 1e-9 && (a[1] - b[1]).abs() < 1e-9);
                }
            }
        }
        // With gaps, fewer points still fit the same parabola exactly.
        let mut t: Vec<Pos> = (0..20).map(|i| Some([f(i as f64), 0.0])).collect();
        t[5] = None;
        t[7] = None;
        let s = smooth_track(&t, 7, false);
        assert_eq!(s[5], None);
        for i in [4, 6, 8] {
            assert!((s[i].unwrap()[0] - f(i as f64)).abs() < 1e-9);
        }
    }

    #[test]
    fn a_window_of_five_at_the_centre_is_the_classic_kernel() {
        // Savitzky–Golay, quadratic, 5 points: (−3, 12, 17, 12, −3) / 35.
        let ys = [1.0, 4.0, -2.0, 7.0, 3.0];
        let pts: Vec<(f64, f64)> = ys
            .iter()
            .enumerate()
            .map(|(i, y)| (i as f64 - 2.0, *y))
            .collect();
        let want = (-3.0 * 1.0 + 12.0 * 4.0 + 17.0 * -2.0 + 12.0 * 7.0 - 3.0 * 3.0) / 35.0;
        assert!((fit_at_zero(&pts).unwrap() - want).abs() < 1e-12);
        // Two points: a line through both, so the frame keeps its own value.
        assert_eq!(fit_at_zero(&[(0.0, 5.0), (1.0, 9.0)]), Some(5.0));
        assert_eq!(fit_at_zero(&[(0.0, 5.0)]), Some(5.0));
        assert_eq!(fit_at_zero(&[]), None);
    }
}
