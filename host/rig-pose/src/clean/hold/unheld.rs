//! This module owns the joints not held. Where some joints are held, the held
//! spans of every joint are joined where they overlap or touch into regions;
//! on each region, every run of frames on which a joint (with a position there)
//! has no hold is named with the first test it fails and its figure: speed (its
//! largest median speed), else reach (its largest distance from its median over
//! the run), else short (it is still, but for under 0.5 s: its seconds), else
//! span (it passes all three, and its spans broke elsewhere: its seconds).

use super::super::window::{dist, median_of};
use super::super::Clip;
use super::{HoldParams, Span, Test, Unheld};
use crate::sequence::Pos;

/// Every joint's spans joined where they overlap or touch, by first frame.
pub fn regions(spans_of: &[Vec<Span>]) -> Vec<(usize, usize)> {
    let mut all: Vec<(usize, usize)> = spans_of
        .iter()
        .flatten()
        .map(|s| (s.first, s.last))
        .collect();
    all.sort_unstable();
    let mut out: Vec<(usize, usize)> = Vec::new();
    for (a, b) in all {
        match out.last_mut() {
            Some(last) if a <= last.1 + 1 => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}

/// The unheld runs of every joint over `regions`.
pub fn unheld(
    regions: &[(usize, usize)],
    spans_of: &[Vec<Span>],
    tracks: &[Vec<Pos>],
    medians: &[Vec<Option<f64>>],
    clip: &Clip,
    p: &HoldParams,
) -> Vec<Unheld> {
    let mut out = Vec::new();
    for &(a, b) in regions {
        for (j, spans) in spans_of.iter().enumerate() {
            let held = |f: usize| spans.iter().any(|s| s.first <= f && f <= s.last);
            let mut f = a;
            while f <= b {
                if held(f) {
                    f += 1;
                    continue;
                }
                let first = f;
                while f < b && !held(f + 1) {
                    f += 1;
                }
                let last = f;
                f += 1;
                if let Some(u) = test(j, first, last, &tracks[j], &medians[j], clip, p) {
                    out.push(u);
                }
            }
        }
    }
    out
}

/// The first test joint `j` fails on `[first, last]`; `None` when it has no
/// position there.
pub fn test(
    j: usize,
    first: usize,
    last: usize,
    track: &[Pos],
    medians: &[Option<f64>],
    clip: &Clip,
    p: &HoldParams,
) -> Option<Unheld> {
    let frames: Vec<usize> = (first..=last).filter(|&f| track[f].is_some()).collect();
    if frames.is_empty() {
        return None;
    }
    let unheld = |test, value| Unheld {
        joint: j,
        first,
        last,
        test,
        value,
    };
    let fast = frames
        .iter()
        .any(|&f| !medians[f].is_some_and(|s| s < p.speed));
    if fast {
        let top = frames
            .iter()
            .filter_map(|&f| medians[f])
            .fold(0.0, f64::max);
        return Some(unheld(Test::Speed, top));
    }
    let m = median_of(track, frames.iter().copied())?;
    let far = frames
        .iter()
        .filter_map(|&f| track[f].map(|q| dist(q, m) / clip.trunk))
        .fold(0.0, f64::max);
    if far > p.reach {
        return Some(unheld(Test::Reach, far));
    }
    let seconds = clip.seconds(first, last);
    if !clip.lasts(first, last, p.min_seconds) {
        return Some(unheld(Test::Short, seconds));
    }
    Some(unheld(Test::Span, seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(first: usize, last: usize) -> Span {
        Span {
            first,
            last,
            excursion: None,
        }
    }

    #[test]
    fn regions_join_where_spans_overlap_or_touch() {
        let spans = vec![
            vec![span(0, 10), span(30, 40)],
            vec![span(11, 20)],
            vec![span(35, 50)],
        ];
        assert_eq!(regions(&spans), vec![(0, 20), (30, 50)]);
    }

    #[test]
    fn each_unheld_run_names_its_test() {
        // Joint 0 is held over 0..=29; on that region joint 1 moves (speed),
        // joint 2 drifts slowly (reach), joint 3 is still but only on 0..=5
        // (short: a speed test would fail on 6.., so it is split by speed).
        let clip = Clip::test(30, false, 100.0);
        let p = HoldParams::default();
        let still: Vec<Option<f64>> = vec![Some(0.0); 30];
        let moving: Vec<Option<f64>> = vec![Some(0.05); 30];
        let slow: Vec<Option<f64>> = vec![Some(0.01); 30];
        let t0: Vec<Pos> = vec![Some([0.0, 0.0]); 30];
        let drift: Vec<Pos> = (0..30).map(|i| Some([i as f64, 0.0])).collect();
        let spans = vec![vec![span(0, 29)], vec![], vec![], vec![span(6, 29)]];
        let tracks = vec![t0.clone(), t0.clone(), drift, t0];
        let medians = vec![still.clone(), moving, slow, still];
        let r = regions(&spans);
        let u = unheld(&r, &spans, &tracks, &medians, &clip, &p);
        assert_eq!(u.len(), 3);
        assert_eq!((u[0].joint, u[0].test, u[0].value), (1, Test::Speed, 0.05));
        assert_eq!((u[1].joint, u[1].test), (2, Test::Reach));
        // The farthest of x = 0..29 from its median 14.5 is 14.5 px = 0.145.
        assert!((u[1].value - 0.145).abs() < 1e-12);
        assert_eq!(
            (u[2].joint, u[2].first, u[2].last, u[2].test),
            (3, 0, 5, Test::Short)
        );
        assert!((u[2].value - 0.25).abs() < 1e-12);
    }
}
