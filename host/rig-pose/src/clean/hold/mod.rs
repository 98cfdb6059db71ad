//! This module owns step 5, the stillness hold (#91, #108, #109): a joint that
//! has stopped is written at one position, because detector noise on a still
//! joint is not motion. It runs on the cleaned positions, after the smoothing
//! and the floor, joint by joint — except the five face joints, held as one
//! group so a piecewise hold does not turn the head.
//!
//! - [`speed`]: a joint's speed on a frame (its movement from the frame before,
//!   in trunk lengths) as a 5-frame median, and which frames are still;
//! - [`find`]: the spans, chosen greedily left to right with the reach re-read as
//!   a span grows, then the still runs kept held around one short excursion;
//! - [`apply`]: the held frames at the span's median, the 6-frame blends in and
//!   out, and the seams between close holds cross-faded;
//! - [`unheld`]: where some joints are held, every run of the same frames on
//!   which a joint is not, with the test it fails and its figure.
//!
//! A span never crosses a loop's seam, and neither does a blend or a seam's
//! cross-fade: they stop at the clip's first and last frames.

pub mod apply;
pub mod find;
pub mod speed;
pub mod unheld;

use super::Clip;
use crate::sequence::{Pos, FACE};

/// The hold's figures.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HoldParams {
    /// A frame is still when its median speed is under this (trunk lengths a frame).
    pub speed: f64,
    /// A span stays within this of its median (trunk lengths).
    pub reach: f64,
    /// A hold lasts at least this (seconds, the first frame's time to the end of the last).
    pub min_seconds: f64,
    /// The blend in and out, and the widest seam gap, in frames.
    pub blend: usize,
}

impl Default for HoldParams {
    fn default() -> Self {
        HoldParams {
            speed: 0.015,
            reach: 0.03,
            min_seconds: 0.5,
            blend: 6,
        }
    }
}

/// A span of frames a joint (or the face) is held over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    /// The first frame.
    pub first: usize,
    /// The last frame.
    pub last: usize,
    /// The interior frames kept around (#108), when there are some.
    pub excursion: Option<(usize, usize)>,
}

/// One hold of one joint.
#[derive(Debug, Clone, PartialEq)]
pub struct Hold {
    /// The joint's index in the person's tracks.
    pub joint: usize,
    /// The span.
    pub span: Span,
    /// The position of the held frames: the per-coordinate median over them.
    pub value: [f64; 2],
    /// The largest median speed over the span (trunk lengths a frame).
    pub speed: f64,
    /// The largest distance of a held frame from `value` (trunk lengths).
    pub reach: f64,
    /// The joint's jitter inside the span before the hold.
    pub jitter_before: Option<f64>,
    /// And after.
    pub jitter_after: Option<f64>,
    /// A seam's cross-fade runs into the span.
    pub ramp: bool,
}

/// A seam: two holds of one joint closer than the blend, cross-faded.
#[derive(Debug, Clone, PartialEq)]
pub struct Seam {
    /// The joint's index.
    pub joint: usize,
    /// The second hold's first frame.
    pub frame: usize,
    /// The distance between the two medians, in trunk lengths.
    pub step: f64,
    /// The frames between the two holds.
    pub gap: usize,
    /// The frames cross-faded, first and last.
    pub faded: (usize, usize),
}

/// The test a joint fails on a run it is not held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Test {
    /// Its median speed is not under `--hold-speed` somewhere (figure: the largest).
    Speed,
    /// It strays past `--hold-reach` from its median (figure: the farthest).
    Reach,
    /// It is still, but for under 0.5 s (figure: its seconds).
    Short,
    /// It passes all three, and its spans broke elsewhere (figure: its seconds).
    Span,
}

impl Test {
    /// The test's name in the record.
    pub fn name(self) -> &'static str {
        match self {
            Test::Speed => "speed",
            Test::Reach => "reach",
            Test::Short => "short",
            Test::Span => "span",
        }
    }
}

/// A run of a held region on which a joint has no hold.
#[derive(Debug, Clone, PartialEq)]
pub struct Unheld {
    /// The joint's index.
    pub joint: usize,
    /// The first frame.
    pub first: usize,
    /// The last frame.
    pub last: usize,
    /// The test it fails.
    pub test: Test,
    /// Its figure.
    pub value: f64,
}

/// What the step did.
#[derive(Debug, Clone, PartialEq)]
pub struct Holds {
    /// The positions after the step.
    pub tracks: Vec<Vec<Pos>>,
    /// Every hold, by joint then frame.
    pub holds: Vec<Hold>,
    /// Every seam, by joint then frame.
    pub seams: Vec<Seam>,
    /// Every unheld run, by region, then joint, then frame.
    pub unheld: Vec<Unheld>,
    /// The held regions: every joint's spans joined where they overlap or touch.
    pub regions: Vec<(usize, usize)>,
}

/// The units the hold runs on: each joint alone, except the face joints that
/// have a position somewhere, which are one unit (placed where the first is).
pub fn units(joints: &[&str], tracks: &[Vec<Pos>]) -> Vec<Vec<usize>> {
    let face: Vec<usize> = (0..joints.len())
        .filter(|&j| FACE.contains(&joints[j]) && tracks[j].iter().any(Option::is_some))
        .collect();
    let mut out = Vec::new();
    for j in 0..joints.len() {
        if face.first() == Some(&j) {
            out.push(face.clone());
        } else if !face.contains(&j) {
            out.push(vec![j]);
        }
    }
    out
}

/// Runs the hold over the cleaned `tracks`.
pub fn run(tracks: &[Vec<Pos>], joints: &[&str], clip: &Clip, p: &HoldParams) -> Holds {
    let medians: Vec<Vec<Option<f64>>> = tracks
        .iter()
        .map(|t| speed::median_speeds(t, clip))
        .collect();
    let mut spans_of: Vec<Vec<Span>> = vec![Vec::new(); tracks.len()];
    for unit in units(joints, tracks) {
        let still = speed::still_unit(&unit, tracks, &medians, p.speed);
        let spans = find::spans(&unit, &still, tracks, clip, p);
        for &j in &unit {
            spans_of[j] = spans.clone();
        }
    }
    let mut out = tracks.to_vec();
    let (mut holds, mut seams) = (Vec::new(), Vec::new());
    for (j, spans) in spans_of.iter().enumerate() {
        let applied = apply::apply(j, &tracks[j], spans, &medians[j], clip, p);
        out[j] = applied.track;
        holds.extend(applied.holds);
        seams.extend(applied.seams);
    }
    let regions = unheld::regions(&spans_of);
    let unheld = unheld::unheld(&regions, &spans_of, tracks, &medians, clip, p);
    Holds {
        tracks: out,
        holds,
        seams,
        unheld,
        regions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_face_is_one_unit() {
        let joints = [
            "nose", "neck", "r_eye", "l_eye", "r_ear", "l_ear", "l_wrist",
        ];
        let mut tracks = vec![vec![Some([0.0, 0.0])]; 7];
        tracks[5] = vec![None];
        assert_eq!(
            units(&joints, &tracks),
            vec![vec![0, 2, 3, 4], vec![1], vec![5], vec![6]]
        );
    }
}
