//! This module owns choosing the spans a unit (a joint, or the face) is held
//! over. The greedy pass goes left to right: from a still frame a span grows
//! one frame at a time while the next frame is still and every joint of the
//! unit stays within `--hold-reach` of its median over the grown span (the
//! median read again each time), and stops at the first frame that breaks it.
//! If it lasts 0.5 s it is a hold and the search resumes after it; if not, the
//! search moves one frame on.
//!
//! Then the excursion rule (#108): a maximal still run the greedy pass held
//! nowhere, lasting 0.5 s, whose frames out of reach of the run's median form
//! one interior run of at most 6 frames, stays held around that excursion —
//! provided the held frames (the run less the excursion) last 0.5 s and stay
//! within the reach of their own median.

use super::super::window::{dist, median_of};
use super::super::Clip;
use super::{HoldParams, Span};
use crate::sequence::Pos;

/// The largest distance, in trunk lengths, of a unit's joints on `frames`
/// from each joint's own per-coordinate median over them.
pub fn reach(unit: &[usize], tracks: &[Vec<Pos>], frames: &[usize], trunk: f64) -> f64 {
    let mut far = 0.0f64;
    for &j in unit {
        let t = &tracks[j];
        let Some(m) = median_of(t, frames.iter().copied()) else {
            continue;
        };
        for &f in frames {
            if let Some(p) = t[f] {
                far = far.max(dist(p, m) / trunk);
            }
        }
    }
    far
}

/// One joint's reach over a growing span, kept as the span grows: its
/// positions, each coordinate sorted (so the median is read again in O(1) after
/// an O(n) insertion), and an upper bound of its farthest distance from the
/// median. When the median moves by δ no old position moves more than δ further
/// from it, so the bound grows by δ; only when the bound passes the reach are
/// the distances read again exactly. The verdict is the exact one.
#[derive(Debug, Default)]
struct Growing {
    points: Vec<[f64; 2]>,
    xs: Vec<f64>,
    ys: Vec<f64>,
    median: Option<[f64; 2]>,
    bound: f64,
}

fn sorted_median(v: &[f64]) -> f64 {
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    }
}

impl Growing {
    /// Adds the next frame's position; is the span still within `reach`?
    fn push(&mut self, p: Pos, trunk: f64, reach: f64) -> bool {
        let Some(p) = p else {
            return self.bound <= reach;
        };
        for (v, c) in [(&mut self.xs, p[0]), (&mut self.ys, p[1])] {
            let at = v.partition_point(|x| x.total_cmp(&c).is_lt());
            v.insert(at, c);
        }
        self.points.push(p);
        let m = [sorted_median(&self.xs), sorted_median(&self.ys)];
        let moved = self.median.map_or(0.0, |old| dist(old, m) / trunk);
        self.median = Some(m);
        self.bound = (self.bound + moved).max(dist(p, m) / trunk);
        if self.bound > reach {
            self.bound = self
                .points
                .iter()
                .map(|q| dist(*q, m) / trunk)
                .fold(0.0, f64::max);
        }
        self.bound <= reach
    }
}

/// The unit's spans: the greedy pass, then the excursion rule, by first frame.
pub fn spans(
    unit: &[usize],
    still: &[bool],
    tracks: &[Vec<Pos>],
    clip: &Clip,
    p: &HoldParams,
) -> Vec<Span> {
    let mut out = greedy(unit, still, tracks, clip, p);
    let extra = excursions(unit, still, tracks, clip, p, &out);
    out.extend(extra);
    out.sort_by_key(|s| s.first);
    out
}

/// The greedy pass.
pub fn greedy(
    unit: &[usize],
    still: &[bool],
    tracks: &[Vec<Pos>],
    clip: &Clip,
    p: &HoldParams,
) -> Vec<Span> {
    let n = still.len();
    let mut out = Vec::new();
    let mut i = 0;
    while i < n {
        if !still[i] {
            i += 1;
            continue;
        }
        let mut grow: Vec<Growing> = unit.iter().map(|_| Growing::default()).collect();
        for (g, &j) in grow.iter_mut().zip(unit) {
            g.push(tracks[j][i], clip.trunk, p.reach);
        }
        let mut last = i;
        while last + 1 < n && still[last + 1] {
            let next = last + 1;
            let mut within = true;
            for (g, &j) in grow.iter_mut().zip(unit) {
                within &= g.push(tracks[j][next], clip.trunk, p.reach);
            }
            if !within {
                break;
            }
            last = next;
        }
        if clip.lasts(i, last, p.min_seconds) {
            out.push(Span {
                first: i,
                last,
                excursion: None,
            });
            i = last + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// The still runs the greedy pass held nowhere that the excursion rule keeps.
pub fn excursions(
    unit: &[usize],
    still: &[bool],
    tracks: &[Vec<Pos>],
    clip: &Clip,
    p: &HoldParams,
    greedy: &[Span],
) -> Vec<Span> {
    let n = still.len();
    let mut out = Vec::new();
    let mut i = 0;
    while i < n {
        if !still[i] {
            i += 1;
            continue;
        }
        let first = i;
        while i + 1 < n && still[i + 1] {
            i += 1;
        }
        let last = i;
        i += 1;
        let held = greedy.iter().any(|s| s.first <= last && first <= s.last);
        if held || !clip.lasts(first, last, p.min_seconds) {
            continue;
        }
        if let Some(span) = excursion(unit, tracks, clip, p, first, last) {
            out.push(span);
        }
    }
    out
}

/// The excursion hold of the still run `[first, last]`, if the rule keeps one.
fn excursion(
    unit: &[usize],
    tracks: &[Vec<Pos>],
    clip: &Clip,
    p: &HoldParams,
    first: usize,
    last: usize,
) -> Option<Span> {
    let run: Vec<usize> = (first..=last).collect();
    let medians: Vec<Option<[f64; 2]>> = unit
        .iter()
        .map(|&j| median_of(&tracks[j], run.iter().copied()))
        .collect();
    let out_of_reach = |f: usize| {
        unit.iter()
            .zip(&medians)
            .any(|(&j, m)| match (tracks[j][f], m) {
                (Some(q), Some(m)) => dist(q, *m) / clip.trunk > p.reach,
                _ => false,
            })
    };
    let away: Vec<usize> = run.iter().copied().filter(|&f| out_of_reach(f)).collect();
    let (&e1, &e2) = (away.first()?, away.last()?);
    let one_run = e2 - e1 + 1 == away.len();
    if !one_run || e1 == first || e2 == last || away.len() > p.blend {
        return None;
    }
    let held: Vec<usize> = run.iter().copied().filter(|f| *f < e1 || *f > e2).collect();
    let lasts = clip.seconds(first, e1 - 1) + clip.seconds(e2 + 1, last) >= p.min_seconds - 1e-9;
    (lasts && reach(unit, tracks, &held, clip.trunk) <= p.reach).then_some(Span {
        first,
        last,
        excursion: Some((e1, e2)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn still_all(n: usize) -> Vec<bool> {
        vec![true; n]
    }

    #[test]
    fn greedy_grows_while_the_reach_holds() {
        // 24 fps, 0.5 s = 12 frames. Trunk 100 px, reach 0.03 = 3 px.
        // Frames 0..20 at x = 0, then 20..40 at x = 10: two holds, the reach
        // breaking where the joint stepped.
        let t: Vec<Pos> = (0..40)
            .map(|i| Some([if i < 20 { 0.0 } else { 10.0 }, 0.0]))
            .collect();
        let clip = Clip::test(40, false, 100.0);
        let s = greedy(&[0], &still_all(40), &[t], &clip, &HoldParams::default());
        assert_eq!(
            s,
            vec![
                Span {
                    first: 0,
                    last: 19,
                    excursion: None
                },
                Span {
                    first: 20,
                    last: 39,
                    excursion: None
                }
            ]
        );
    }

    #[test]
    fn the_growing_reach_agrees_with_the_reach_read_whole() {
        // A slow drift with noise: after every frame, the incremental verdict is
        // the one the whole span gives.
        let t: Vec<Pos> = (0..200)
            .map(|i| {
                let f = i as f64;
                Some([0.02 * f + (f * 1.7).sin() * 0.8, (f * 0.9).cos() * 0.8])
            })
            .collect();
        let mut g = Growing::default();
        for last in 0..200 {
            let within = g.push(t[last], 100.0, 0.03);
            let frames: Vec<usize> = (0..=last).collect();
            assert_eq!(
                within,
                reach(&[0], std::slice::from_ref(&t), &frames, 100.0) <= 0.03,
                "{last}"
            );
        }
    }

    #[test]
    fn a_short_still_run_is_no_hold() {
        let t: Vec<Pos> = (0..40).map(|_| Some([0.0, 0.0])).collect();
        let mut still = vec![false; 40];
        for s in still.iter_mut().take(21).skip(10) {
            *s = true;
        }
        let clip = Clip::test(40, false, 100.0);
        assert!(greedy(&[0], &still, &[t], &clip, &HoldParams::default()).is_empty());
    }

    #[test]
    fn one_short_interior_excursion_is_kept() {
        // 20 still frames at x = 0 except frames 8..=10 at x = 8 (0.08 trunk
        // lengths away): no piece is 0.5 s (12 frames at 24 fps) on its own, so
        // the greedy pass holds nothing; the run less the excursion is 17 frames.
        let t: Vec<Pos> = (0..20)
            .map(|i| Some([if (8..=10).contains(&i) { 8.0 } else { 0.0 }, 0.0]))
            .collect();
        let clip = Clip::test(20, false, 100.0);
        let p = HoldParams::default();
        let tracks = vec![t];
        let g = greedy(&[0], &still_all(20), &tracks, &clip, &p);
        assert!(g.is_empty());
        let e = excursions(&[0], &still_all(20), &tracks, &clip, &p, &g);
        assert_eq!(
            e,
            vec![Span {
                first: 0,
                last: 19,
                excursion: Some((8, 10))
            }]
        );
    }
}
