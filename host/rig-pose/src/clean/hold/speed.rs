//! This module owns a joint's speed: on a frame, its movement from the frame
//! before (wrapping from the last frame with `--loop`), in trunk lengths, taken
//! as the median over 5 frames of the speeds defined there. A frame is still
//! when the joint has a position on it and its median speed is under
//! `--hold-speed`; the face group is still where every face joint is.

use super::super::window::{dist, median, window};
use super::super::Clip;
use crate::sequence::Pos;

/// The median's window, in frames.
pub const WINDOW: usize = 5;

/// Each frame's movement from the frame before, in trunk lengths.
pub fn raw_speeds(track: &[Pos], clip: &Clip) -> Vec<Option<f64>> {
    let n = track.len();
    (0..n)
        .map(|i| {
            let prev = match i {
                0 if clip.looped => n - 1,
                0 => return None,
                _ => i - 1,
            };
            Some(dist(track[i]?, track[prev]?) / clip.trunk)
        })
        .collect()
}

/// Each frame's 5-frame median speed; `None` where no speed in the window is
/// defined.
pub fn median_speeds(track: &[Pos], clip: &Clip) -> Vec<Option<f64>> {
    let raw = raw_speeds(track, clip);
    let n = raw.len();
    (0..n)
        .map(|i| {
            let mut v: Vec<f64> = window(i, WINDOW / 2, n, clip.looped)
                .into_iter()
                .filter_map(|(_, f)| raw[f])
                .collect();
            median(&mut v)
        })
        .collect()
}

/// Is joint `track` still on frame `i`?
pub fn still(track: &[Pos], medians: &[Option<f64>], i: usize, limit: f64) -> bool {
    track[i].is_some() && medians[i].is_some_and(|s| s < limit)
}

/// The frames on which every joint of `unit` is still.
pub fn still_unit(
    unit: &[usize],
    tracks: &[Vec<Pos>],
    medians: &[Vec<Option<f64>>],
    limit: f64,
) -> Vec<bool> {
    let n = tracks.first().map_or(0, Vec::len);
    (0..n)
        .map(|i| {
            !unit.is_empty()
                && unit
                    .iter()
                    .all(|&j| still(&tracks[j], &medians[j], i, limit))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speeds_are_medians_in_trunk_lengths() {
        // x moves 0, 1, 2, 3, 13, 14 px; trunk 10 px: raw speeds −, .1, .1, .1, 1, .1.
        let t: Vec<Pos> = [0.0, 1.0, 2.0, 3.0, 13.0, 14.0]
            .iter()
            .map(|x| Some([*x, 0.0]))
            .collect();
        let clip = Clip::test(6, false, 10.0);
        let raw = raw_speeds(&t, &clip);
        assert_eq!(raw[0], None);
        assert!((raw[4].unwrap() - 1.0).abs() < 1e-12);
        let m = median_speeds(&t, &clip);
        // Frame 4: median of (.1, .1, 1, .1) = .1.
        assert!((m[4].unwrap() - 0.1).abs() < 1e-12);
        assert!(still(&t, &m, 4, 0.15));
        assert!(!still(&t, &m, 4, 0.1));
    }
}
