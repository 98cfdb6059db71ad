//! This module owns the two measures clean reads its sequence by: the trunk
//! (neck → mid-hip, the median over the clip), the unit of every threshold in
//! trunk lengths, and the jitter — the mean |second difference| of y, in px/f²,
//! over every joint and every three consecutive frames that have a position,
//! wrapping with `--loop`.

use super::window::{dist, median};
use crate::sequence::Pos;

/// The trunk: its length in px and the number of frames it was measured on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Trunk {
    /// The median of neck → mid-hip over the frames that have all three.
    pub length: f64,
    /// How many frames had the neck and both hips.
    pub frames: usize,
}

/// The trunk of a person, from its neck and hips; `None` when no frame has all
/// three positions.
pub fn trunk(neck: &[Pos], r_hip: &[Pos], l_hip: &[Pos]) -> Option<Trunk> {
    let mut lengths: Vec<f64> = neck
        .iter()
        .zip(r_hip)
        .zip(l_hip)
        .filter_map(|((n, r), l)| {
            let (n, r, l) = ((*n)?, (*r)?, (*l)?);
            Some(dist(n, [(r[0] + l[0]) / 2.0, (r[1] + l[1]) / 2.0]))
        })
        .collect();
    let frames = lengths.len();
    Some(Trunk {
        length: median(&mut lengths)?,
        frames,
    })
}

/// The sum of |second difference| of y and the number of triples, over the
/// triples of `track` that have three positions: every frame's triple wrapping
/// when `looped`, otherwise the triples inside the clip; with `within`, only the
/// triples whose three frames lie in `[first, last]` (never wrapping).
pub fn second_differences(
    track: &[Pos],
    looped: bool,
    within: Option<(usize, usize)>,
) -> (f64, usize) {
    let n = track.len();
    let (mut sum, mut count) = (0.0, 0);
    if n < 3 {
        return (sum, count);
    }
    for i in 0..n {
        let (a, c) = if looped && within.is_none() {
            ((i + n - 1) % n, (i + 1) % n)
        } else if i == 0 || i + 1 == n {
            continue;
        } else {
            (i - 1, i + 1)
        };
        if let Some((first, last)) = within {
            if i == 0 || i + 1 == n || i - 1 < first || i + 1 > last {
                continue;
            }
        }
        if let (Some(p), Some(q), Some(r)) = (track[a], track[i], track[c]) {
            sum += (p[1] - 2.0 * q[1] + r[1]).abs();
            count += 1;
        }
    }
    (sum, count)
}

/// The jitter of `tracks` together (pooled over every triple); `None` when no
/// joint has three consecutive positions.
pub fn jitter<'a>(tracks: impl IntoIterator<Item = &'a [Pos]>, looped: bool) -> Option<f64> {
    let (mut sum, mut count) = (0.0, 0);
    for t in tracks {
        let (s, c) = second_differences(t, looped, None);
        sum += s;
        count += c;
    }
    (count > 0).then(|| sum / count as f64)
}

/// The jitter of one joint over frames `[first, last]`; `None` without a triple.
pub fn jitter_within(track: &[Pos], first: usize, last: usize) -> Option<f64> {
    let (s, c) = second_differences(track, false, Some((first, last)));
    (c > 0).then(|| s / c as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trunk_is_the_median_length() {
        let neck = vec![Some([0.0, 0.0]), Some([0.0, 0.0]), Some([0.0, 0.0]), None];
        let r = vec![
            Some([-1.0, 10.0]),
            Some([-1.0, 12.0]),
            Some([-1.0, 100.0]),
            Some([0.0, 1.0]),
        ];
        let l = vec![
            Some([1.0, 10.0]),
            Some([1.0, 12.0]),
            Some([1.0, 100.0]),
            Some([0.0, 1.0]),
        ];
        assert_eq!(
            trunk(&neck, &r, &l),
            Some(Trunk {
                length: 12.0,
                frames: 3
            })
        );
        assert_eq!(trunk(&[None], &r[..1], &l[..1]), None);
    }

    #[test]
    fn jitter_counts_triples_with_positions() {
        // y = 0, 1, 0, 1 → second differences −2, 2: mean 2.
        let t: Vec<Pos> = [0.0, 1.0, 0.0, 1.0]
            .iter()
            .map(|y| Some([0.0, *y]))
            .collect();
        assert_eq!(jitter([t.as_slice()], false), Some(2.0));
        // Wrapped: triples (3,0,1) = 1−0+1... |1 − 0 + 1| = 2 and (2,3,0) = |0 − 2 + 0| = 2.
        assert_eq!(jitter([t.as_slice()], true), Some(2.0));
        let gap = vec![Some([0.0, 0.0]), None, Some([0.0, 5.0]), Some([0.0, 5.0])];
        assert_eq!(jitter([gap.as_slice()], false), None);
        assert_eq!(jitter_within(&t, 1, 3), Some(2.0));
        assert_eq!(jitter_within(&t, 2, 3), None);
    }
}
