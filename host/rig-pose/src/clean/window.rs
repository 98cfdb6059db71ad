//! This module owns the windows every cleaning step reads: the frames around a
//! frame, wrapping with `--loop` (the last frame running into the first) and cut
//! at the clip's ends without it, and the median POSE.md defines over them —
//! per coordinate, over the window's frames on which the joint has a position
//! (its own frame included, whatever its state), an even count taking the mean
//! of the middle two.

use crate::sequence::Pos;

/// The frames of a window of half-width `half` around frame `i` of `n`, as
/// `(offset, frame)` pairs in order: wrapped when `looped`, cut at the ends
/// otherwise.
pub fn window(i: usize, half: usize, n: usize, looped: bool) -> Vec<(isize, usize)> {
    let h = half as isize;
    let (i, n) = (i as isize, n as isize);
    (-h..=h)
        .filter_map(|o| {
            let j = i + o;
            if looped && n > 0 {
                Some((o, j.rem_euclid(n) as usize))
            } else if (0..n).contains(&j) {
                Some((o, j as usize))
            } else {
                None
            }
        })
        .collect()
}

/// The median of `values` (an even count takes the mean of the middle two);
/// `None` when there are none.
pub fn median(values: &mut [f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let m = values.len() / 2;
    Some(if values.len() % 2 == 1 {
        values[m]
    } else {
        (values[m - 1] + values[m]) / 2.0
    })
}

/// The per-coordinate median of the positions of `frames` that have one.
pub fn median_of(track: &[Pos], frames: impl IntoIterator<Item = usize>) -> Option<[f64; 2]> {
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for f in frames {
        if let Some(Some([x, y])) = track.get(f) {
            xs.push(*x);
            ys.push(*y);
        }
    }
    Some([median(&mut xs)?, median(&mut ys)?])
}

/// The per-coordinate median of a joint's positions over the window of
/// half-width `half` around frame `i`.
pub fn window_median(track: &[Pos], i: usize, half: usize, looped: bool) -> Option<[f64; 2]> {
    let frames = window(i, half, track.len(), looped);
    median_of(track, frames.into_iter().map(|(_, f)| f))
}

/// The distance between two points.
pub fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_wrap_or_cut() {
        assert_eq!(window(0, 2, 10, false), vec![(0, 0), (1, 1), (2, 2)]);
        assert_eq!(
            window(0, 2, 10, true),
            vec![(-2, 8), (-1, 9), (0, 0), (1, 1), (2, 2)]
        );
        assert_eq!(window(9, 1, 10, true), vec![(-1, 8), (0, 9), (1, 0)]);
    }

    #[test]
    fn medians() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median(&mut []), None);
        let t = vec![Some([0.0, 0.0]), None, Some([10.0, 4.0]), Some([2.0, 1.0])];
        assert_eq!(window_median(&t, 1, 1, false), Some([5.0, 2.0]));
        assert_eq!(window_median(&t, 1, 2, false), Some([2.0, 1.0]));
    }
}
