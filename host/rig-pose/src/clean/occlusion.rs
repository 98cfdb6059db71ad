//! This module owns step 2, occlusion: a joint whose state is not observed (it
//! was inferred), or whose score is under 0.3, takes its 3-frame median
//! (OCCLUDED). The windows read the positions the spike step left; a joint with
//! no position on a frame gets none, and states and scores are not touched.

use super::window::window_median;
use super::Clip;
use crate::sequence::{Pos, Sample, State};

/// A score under this is not trusted.
pub const MIN_SCORE: f64 = 0.3;
/// The window, in frames.
pub const WINDOW: usize = 3;

/// One replacement and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Occluded {
    /// The frame.
    pub frame: usize,
    /// The joint's index in the person's tracks.
    pub joint: usize,
    /// Its state was inferred.
    pub inferred: bool,
    /// Its score, when under [`MIN_SCORE`].
    pub low_score: Option<f64>,
}

/// Why a sample is occluded, if it is.
pub fn occluded(s: &Sample) -> Option<(bool, Option<f64>)> {
    s.pos?;
    let inferred = s.state != State::Observed;
    let low = s.score.filter(|k| *k < MIN_SCORE);
    (inferred || low.is_some()).then_some((inferred, low))
}

/// Replaces every occluded joint of `tracks` by its 3-frame median; `samples`
/// are the person's samples as read (their states and scores).
pub fn replace(tracks: &mut [Vec<Pos>], samples: &[&[Sample]], clip: &Clip) -> Vec<Occluded> {
    let mut out = Vec::new();
    for (j, (track, samples)) in tracks.iter_mut().zip(samples).enumerate() {
        let read = track.clone();
        for (i, s) in samples.iter().enumerate() {
            let Some((inferred, low_score)) = occluded(s) else {
                continue;
            };
            if read.get(i).copied().flatten().is_none() {
                continue;
            }
            if let Some(m) = window_median(&read, i, WINDOW / 2, clip.looped) {
                track[i] = Some(m);
                out.push(Occluded {
                    frame: i,
                    joint: j,
                    inferred,
                    low_score,
                });
            }
        }
    }
    out.sort_by_key(|o| (o.frame, o.joint));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(state: State, score: f64) -> Sample {
        Sample {
            pos: Some([0.0, 0.0]),
            state,
            score: Some(score),
        }
    }

    #[test]
    fn a_known_occlusion_takes_the_3_frame_median() {
        let samples = vec![
            s(State::Observed, 0.9),
            s(State::Observed, 0.9),
            s(State::Inferred, 0.9),
            s(State::Observed, 0.1),
            s(State::Observed, 0.9),
        ];
        let mut tracks = vec![vec![
            Some([0.0, 10.0]),
            Some([1.0, 20.0]),
            Some([9.0, 90.0]),
            Some([3.0, 30.0]),
            Some([4.0, 40.0]),
        ]];
        let clip = Clip::test(5, false, 100.0);
        let o = replace(&mut tracks, &[&samples], &clip);
        assert_eq!(o.len(), 2);
        assert!(o[0].inferred && o[0].low_score.is_none() && o[0].frame == 2);
        assert!(!o[1].inferred && o[1].low_score == Some(0.1) && o[1].frame == 3);
        // Frame 2: median of (1, 9, 3) = 3 and of (20, 90, 30) = 30.
        assert_eq!(tracks[0][2], Some([3.0, 30.0]));
        // Frame 3 reads the positions as the step found them: (9, 3, 4) → 4, (90, 30, 40) → 40.
        assert_eq!(tracks[0][3], Some([4.0, 40.0]));
        assert_eq!(tracks[0][0], Some([0.0, 10.0]));
    }
}
