//! This module owns step 1, the spikes: a joint more than 0.2 trunk lengths
//! from its 5-frame median takes the median (SPIKE). Every window reads the
//! positions as they came into the step. Without `--loop` the clip's ends cut
//! the window of the first and last two frames, where the median is a
//! neighbour's value and a joint moving steadily would read as a spike; those
//! frames are not tested, and are named (`untested`).

use super::window::{dist, window_median};
use super::Clip;
use crate::sequence::Pos;

/// How far from its median a joint may be, in trunk lengths.
pub const LIMIT: f64 = 0.2;
/// The window, in frames.
pub const WINDOW: usize = 5;

/// One replacement.
#[derive(Debug, Clone, PartialEq)]
pub struct Spike {
    /// The frame.
    pub frame: usize,
    /// The joint's index in the person's tracks.
    pub joint: usize,
    /// How far it was from its median, in trunk lengths.
    pub distance: f64,
}

/// What the step did.
#[derive(Debug, Clone, PartialEq)]
pub struct Spikes {
    /// Each replacement, by frame then joint.
    pub found: Vec<Spike>,
    /// The frames not tested (the clip's first and last two, without `--loop`).
    pub untested: Vec<usize>,
}

/// The frames whose window the clip's ends cut.
pub fn untested(n: usize, looped: bool) -> Vec<usize> {
    let h = WINDOW / 2;
    if looped {
        return Vec::new();
    }
    (0..n).filter(|&i| i < h || i + h >= n).collect()
}

/// Replaces every spike of `tracks` by its median.
pub fn remove(tracks: &mut [Vec<Pos>], clip: &Clip) -> Spikes {
    let untested = untested(clip.n, clip.looped);
    let mut found = Vec::new();
    for (j, track) in tracks.iter_mut().enumerate() {
        let read = track.clone();
        for (i, p) in track.iter_mut().enumerate() {
            if untested.contains(&i) {
                continue;
            }
            let (Some(at), Some(m)) = (read[i], window_median(&read, i, WINDOW / 2, clip.looped))
            else {
                continue;
            };
            let distance = dist(at, m) / clip.trunk;
            if distance > LIMIT {
                *p = Some(m);
                found.push(Spike {
                    frame: i,
                    joint: j,
                    distance,
                });
            }
        }
    }
    found.sort_by_key(|s| (s.frame, s.joint));
    Spikes { found, untested }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spike_at_a_known_frame_takes_its_median() {
        // A joint moving steadily 1 px a frame, with frame 6 thrown 30 px off; the
        // trunk is 100 px, so 30 px is 0.3 trunk lengths (> 0.2).
        let mut t: Vec<Pos> = (0..12).map(|i| Some([i as f64, 50.0])).collect();
        t[6] = Some([6.0, 80.0]);
        let clip = Clip::test(12, false, 100.0);
        let mut tracks = vec![t];
        let s = remove(&mut tracks, &clip);
        assert_eq!(s.untested, vec![0, 1, 10, 11]);
        assert_eq!(s.found.len(), 1);
        assert_eq!(s.found[0].frame, 6);
        // The median of x over 4..=8 is 6; of y over 50, 50, 80, 50, 50 is 50.
        assert_eq!(tracks[0][6], Some([6.0, 50.0]));
        assert!((s.found[0].distance - 0.3).abs() < 1e-12);
        // Every other frame is unchanged.
        assert_eq!(tracks[0][5], Some([5.0, 50.0]));
    }

    #[test]
    fn ends_are_tested_on_a_loop_and_small_offsets_are_kept() {
        let mut t: Vec<Pos> = (0..10).map(|_| Some([0.0, 0.0])).collect();
        t[0] = Some([0.0, 19.0]);
        t[9] = Some([0.0, 21.0]);
        let clip = Clip::test(10, true, 100.0);
        let mut tracks = vec![t];
        let s = remove(&mut tracks, &clip);
        assert!(s.untested.is_empty());
        assert_eq!(s.found.iter().map(|s| s.frame).collect::<Vec<_>>(), vec![9]);
        assert_eq!(tracks[0][0], Some([0.0, 19.0]));
    }
}
