//! This module owns writing one joint's holds into its track. On every held
//! frame the joint takes its per-coordinate median over the held frames. It
//! blends in linearly over the 6 frames before a span (the 6th stays as
//! cleaned, the frame before the span is ⅚ of the way) and out over the 6
//! after, mirrored; a blend never touches a frame inside another hold of the
//! joint, and where two blends meet the larger weight wins (on a tie, the
//! earlier hold's). An excursion's frames are blended from their cleaned
//! positions toward the median the same way, from either held side.
//!
//! Where one hold ends on frame k and the next starts on k + 1 + g with g under
//! 6 (a seam), frames k − 2 … k + 3 + g take 1/(2(6 + g)), 3/(2(6 + g)), … of the
//! way from the first median to the second, replacing the blends on the gap.

use super::super::measure::jitter_within;
use super::super::window::{dist, median_of};
use super::super::Clip;
use super::{Hold, HoldParams, Seam, Span};
use crate::sequence::Pos;

/// One joint's track after its holds, and what they were.
#[derive(Debug, Clone, PartialEq)]
pub struct Applied {
    /// The track.
    pub track: Vec<Pos>,
    /// The holds, by frame.
    pub holds: Vec<Hold>,
    /// The seams, by frame.
    pub seams: Vec<Seam>,
}

fn lerp(a: [f64; 2], b: [f64; 2], w: f64) -> [f64; 2] {
    [a[0] + w * (b[0] - a[0]), a[1] + w * (b[1] - a[1])]
}

/// A blend's weight `d` frames from a held frame: ⅚ next to it, 0 six away.
pub fn weight(d: usize, blend: usize) -> f64 {
    if d == 0 {
        return 1.0;
    }
    blend.saturating_sub(d) as f64 / blend.max(1) as f64
}

/// The frames of a span that take its median (the excursion left out).
pub fn held_frames(s: &Span) -> impl Iterator<Item = usize> + '_ {
    (s.first..=s.last).filter(move |f| !s.excursion.is_some_and(|(a, b)| (a..=b).contains(f)))
}

/// Writes the holds of joint `joint` over `spans` into its cleaned `track`.
pub fn apply(
    joint: usize,
    track: &[Pos],
    spans: &[Span],
    medians: &[Option<f64>],
    clip: &Clip,
    p: &HoldParams,
) -> Applied {
    let n = track.len();
    let holds: Vec<(Span, [f64; 2])> = spans
        .iter()
        .filter(|s| s.first <= s.last && s.last < n)
        .filter_map(|s| Some((*s, median_of(track, held_frames(s))?)))
        .collect();
    let mut owner: Vec<Option<usize>> = vec![None; n];
    for (k, (s, _)) in holds.iter().enumerate() {
        for o in &mut owner[s.first..=s.last] {
            *o = Some(k);
        }
    }
    let mut out = track.to_vec();
    for i in 0..n {
        let Some(q) = track[i] else {
            continue;
        };
        if let Some(k) = owner[i] {
            let (s, m) = holds[k];
            let w = match s.excursion {
                Some((e1, e2)) if (e1..=e2).contains(&i) => {
                    weight((i + 1 - e1).min(e2 + 1 - i), p.blend)
                }
                _ => 1.0,
            };
            out[i] = Some(lerp(q, m, w));
            continue;
        }
        let mut best: Option<(f64, usize)> = None;
        for (k, (s, _)) in holds.iter().enumerate() {
            let d = if i < s.first { s.first - i } else { i - s.last };
            let w = weight(d, p.blend);
            if w > 0.0 && best.is_none_or(|(bw, _)| w > bw) {
                best = Some((w, k));
            }
        }
        if let Some((w, k)) = best {
            out[i] = Some(lerp(q, holds[k].1, w));
        }
    }
    let mut ramp = vec![false; holds.len()];
    let mut seams = Vec::new();
    for k in 1..holds.len() {
        let ((s1, m1), (s2, m2)) = (holds[k - 1], holds[k]);
        let Some(g) = s2.first.checked_sub(s1.last + 1) else {
            continue;
        };
        if g >= p.blend {
            continue;
        }
        let len = p.blend + g;
        let start = s1.last as isize - (p.blend / 2) as isize + 1;
        let mut faded = (usize::MAX, 0);
        for j in 0..len {
            let f = start + j as isize;
            if f < 0 || f as usize >= n {
                continue;
            }
            let f = f as usize;
            faded = (faded.0.min(f), faded.1.max(f));
            if track[f].is_some() {
                let w = (2 * j + 1) as f64 / (2 * len) as f64;
                out[f] = Some(lerp(m1, m2, w));
            }
        }
        ramp[k - 1] = true;
        ramp[k] = true;
        seams.push(Seam {
            joint,
            frame: s2.first,
            step: dist(m1, m2) / clip.trunk,
            gap: g,
            faded,
        });
    }
    let holds = holds
        .iter()
        .zip(ramp)
        .map(|((s, m), ramp)| Hold {
            joint,
            span: *s,
            value: *m,
            speed: (s.first..=s.last)
                .filter_map(|f| medians.get(f).copied().flatten())
                .fold(0.0, f64::max),
            reach: held_frames(s)
                .filter_map(|f| track[f].map(|q| dist(q, *m) / clip.trunk))
                .fold(0.0, f64::max),
            jitter_before: jitter_within(track, s.first, s.last),
            jitter_after: jitter_within(&out, s.first, s.last),
            ramp,
        })
        .collect();
    Applied {
        track: out,
        holds,
        seams,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flat(n: usize, x: impl Fn(usize) -> f64) -> Vec<Pos> {
        (0..n).map(|i| Some([x(i), 0.0])).collect()
    }

    #[test]
    fn held_frames_take_the_median_and_blends_are_linear_over_six() {
        // x = i everywhere; a hold over 20..=29 takes the median 24.5.
        let t = flat(50, |i| i as f64);
        let span = Span {
            first: 20,
            last: 29,
            excursion: None,
        };
        let clip = Clip::test(50, false, 100.0);
        let a = apply(
            0,
            &t,
            &[span],
            &[Some(0.0); 50],
            &clip,
            &HoldParams::default(),
        );
        for i in 20..=29 {
            assert_eq!(a.track[i], Some([24.5, 0.0]));
        }
        // Blend in: frame 20 − d is (6 − d)/6 of the way to 24.5; frame 14 untouched.
        for d in 1..=6usize {
            let i = 20 - d;
            let w = (6 - d) as f64 / 6.0;
            let want = i as f64 + w * (24.5 - i as f64);
            assert!((a.track[i].unwrap()[0] - want).abs() < 1e-12, "frame {i}");
            let i = 29 + d;
            let want = i as f64 + w * (24.5 - i as f64);
            assert!((a.track[i].unwrap()[0] - want).abs() < 1e-12, "frame {i}");
        }
        assert_eq!(a.track[13], t[13]);
        assert_eq!(a.holds[0].jitter_after, Some(0.0));
    }

    #[test]
    fn a_seam_cross_fades_over_six_plus_the_gap() {
        for g in 0..6usize {
            // Hold 1 over 10..=29 at x = 0, hold 2 from 30 + g at x = 12.
            let t = flat(70, |i| if i < 30 { 0.0 } else { 12.0 });
            let s1 = Span {
                first: 10,
                last: 29,
                excursion: None,
            };
            let s2 = Span {
                first: 30 + g,
                last: 55,
                excursion: None,
            };
            let clip = Clip::test(70, false, 100.0);
            let a = apply(
                0,
                &t,
                &[s1, s2],
                &[Some(0.0); 70],
                &clip,
                &HoldParams::default(),
            );
            let len = 6 + g;
            for j in 0..len {
                let f = 27 + j;
                let want = 12.0 * (2 * j + 1) as f64 / (2 * len) as f64;
                assert!(
                    (a.track[f].unwrap()[0] - want).abs() < 1e-12,
                    "g {g} frame {f}"
                );
            }
            assert_eq!(a.track[26], Some([0.0, 0.0]));
            assert_eq!(a.track[27 + len], Some([12.0, 0.0]));
            assert_eq!(a.seams.len(), 1);
            assert_eq!(a.seams[0].gap, g);
            assert_eq!(a.seams[0].frame, 30 + g);
            assert_eq!(a.seams[0].faded, (27, 26 + len));
            assert!((a.seams[0].step - 0.12).abs() < 1e-12);
            assert!(a.holds.iter().all(|h| h.ramp));
            // No frame moves more than 1/(6 + g) of the step.
            for f in 26..=27 + len {
                let d = (a.track[f + 1].unwrap()[0] - a.track[f].unwrap()[0]).abs();
                assert!(d <= 12.0 / len as f64 + 1e-12);
            }
        }
    }

    #[test]
    fn blends_meeting_take_the_larger_weight_and_spare_other_holds() {
        // Holds at 0..=9 (x = 0) and 17..=30 (x = 14): gap 7, no seam. Frame 12
        // is 3 after the first (weight 3/6) and 5 before the second (1/6).
        let t = flat(40, |i| i as f64);
        let s1 = Span {
            first: 0,
            last: 9,
            excursion: None,
        };
        let s2 = Span {
            first: 17,
            last: 30,
            excursion: None,
        };
        let clip = Clip::test(40, false, 100.0);
        let a = apply(
            0,
            &t,
            &[s1, s2],
            &[Some(0.0); 40],
            &clip,
            &HoldParams::default(),
        );
        assert!(a.seams.is_empty());
        let m1 = 4.5;
        assert!((a.track[12].unwrap()[0] - (12.0 + 0.5 * (m1 - 12.0))).abs() < 1e-12);
        let m2 = 23.5;
        assert!((a.track[15].unwrap()[0] - (15.0 + (4.0 / 6.0) * (m2 - 15.0))).abs() < 1e-12);
        assert_eq!(a.track[17], Some([m2, 0.0]));
    }

    #[test]
    fn an_excursion_is_blended_from_either_side() {
        let t: Vec<Pos> = (0..30)
            .map(|i| {
                let v = if (10..=12).contains(&i) { 9.0 } else { 0.0 };
                Some([v, v])
            })
            .collect();
        let s = Span {
            first: 0,
            last: 25,
            excursion: Some((10, 12)),
        };
        let clip = Clip::test(30, false, 100.0);
        let a = apply(0, &t, &[s], &[Some(0.0); 30], &clip, &HoldParams::default());
        // Frames 10 and 12 are one frame from a held side (⅚ of the way to 0), 11 is two (4/6).
        assert!((a.track[10].unwrap()[0] - 9.0 / 6.0).abs() < 1e-12);
        assert!((a.track[11].unwrap()[0] - 9.0 * 2.0 / 6.0).abs() < 1e-12);
        assert!((a.track[12].unwrap()[0] - 9.0 / 6.0).abs() < 1e-12);
        assert!(a.holds[0].jitter_after.unwrap() > 0.0);
    }
}
