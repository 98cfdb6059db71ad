//! This module owns `rig-pose clean` as a pure function of one person's
//! sequence: the steps of POSE.md's *Clean first*, in its order, one module
//! each — [`spikes`], [`occlusion`], [`smooth`], [`floor`] (only with
//! `--loop`), [`hold`] — then `--hips-inferred`, with the jitter measured
//! before and after ([`measure`]). It reads no file and prints nothing:
//! [`lines`] words what it did and [`record`] writes the `cleaned` record.
//!
//! **Invariant:** nothing is invented. A joint with no position on a frame
//! gets none from any step, and states and scores are written as they were
//! read (bar `--hips-inferred`, which marks the hips inferred).

pub mod floor;
pub mod hold;
pub mod lines;
pub mod measure;
pub mod occlusion;
pub mod record;
pub mod smooth;
pub mod spikes;
pub mod window;

use crate::sequence::{Person, Pos, Sequence, State};
use hold::{HoldParams, Holds};
use measure::Trunk;
use occlusion::Occluded;
use spikes::Spikes;

/// The clip as the steps see it.
#[derive(Debug, Clone, PartialEq)]
pub struct Clip {
    /// Frames.
    pub n: usize,
    /// `--loop`: one cycle; every window wraps.
    pub looped: bool,
    /// Each frame's time, in seconds.
    pub times: Vec<f64>,
    /// Frames per second.
    pub fps: f64,
    /// The trunk length, in px: the unit of every threshold.
    pub trunk: f64,
}

impl Clip {
    /// Seconds from frame `first`'s time to the end of frame `last`.
    pub fn seconds(&self, first: usize, last: usize) -> f64 {
        match (self.times.get(first), self.times.get(last)) {
            (Some(a), Some(b)) => b - a + 1.0 / self.fps,
            _ => 0.0,
        }
    }

    /// Does `[first, last]` last at least `min` seconds?
    pub fn lasts(&self, first: usize, last: usize, min: f64) -> bool {
        self.seconds(first, last) >= min - 1e-9
    }

    /// A clip of `n` frames at 24 fps, for tests.
    #[cfg(test)]
    pub fn test(n: usize, looped: bool, trunk: f64) -> Clip {
        Clip {
            n,
            looped,
            times: (0..n).map(|i| i as f64 / 24.0).collect(),
            fps: 24.0,
            trunk,
        }
    }
}

/// What the command line asked of clean.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Params {
    /// `--loop`.
    pub looped: bool,
    /// `--legs`: the legs' smoothing window.
    pub legs: usize,
    /// `--rest`: every other joint's.
    pub rest: usize,
    /// `--hips-inferred`.
    pub hips_inferred: bool,
    /// The hold's figures; `None` with `--hold off`.
    pub hold: Option<HoldParams>,
}

impl Params {
    /// The widest window the steps read: the spike's 5 frames, or a smoothing window.
    pub fn widest(&self) -> (usize, &'static str) {
        if self.rest >= self.legs && self.rest > spikes::WINDOW {
            (self.rest, "--rest")
        } else if self.legs > spikes::WINDOW {
            (self.legs, "--legs")
        } else {
            (spikes::WINDOW, "the spike step's window")
        }
    }
}

/// The floor step's figures (with `--loop`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Floor {
    /// The lowest ankle before smoothing (largest y), when an ankle has a position.
    pub lowest: Option<f64>,
    /// The y shift applied.
    pub shift: f64,
}

/// What clean did to one person.
#[derive(Debug, Clone, PartialEq)]
pub struct Cleaned {
    /// The person, cleaned.
    pub person: Person,
    /// `travel` as written.
    pub travel: Option<String>,
    /// The trunk the thresholds were read in.
    pub trunk: Trunk,
    /// Step 1.
    pub spikes: Spikes,
    /// Step 2.
    pub occluded: Vec<Occluded>,
    /// Step 4 (with `--loop`).
    pub floor: Option<Floor>,
    /// Step 5 (without `--hold off`).
    pub holds: Option<Holds>,
    /// With `--hips-inferred`: each hip and the frames it was marked inferred on.
    pub inferred: Option<Vec<(&'static str, usize)>>,
    /// The jitter of the sequence as read, and of the cleaned positions.
    pub jitter: (Option<f64>, Option<f64>),
}

/// The positions of a person's tracks.
pub fn positions(person: &Person) -> Vec<Vec<Pos>> {
    person
        .tracks
        .iter()
        .map(|t| t.samples.iter().map(|s| s.pos).collect())
        .collect()
}

/// The trunk of a person; `None` when no frame has the neck and both hips.
pub fn trunk_of(person: &Person) -> Option<Trunk> {
    let pos = |j: &str| {
        person
            .track(j)
            .map(|t| t.samples.iter().map(|s| s.pos).collect::<Vec<Pos>>())
    };
    let t = measure::trunk(&pos("neck")?, &pos("r_hip")?, &pos("l_hip")?)?;
    (t.length > 0.0 && t.length.is_finite()).then_some(t)
}

/// Cleans `person` (body-18) of `seq` with `params`, its thresholds in `trunk`.
pub fn clean(seq: &Sequence, person: &Person, params: &Params, trunk: Trunk) -> Cleaned {
    let clip = Clip {
        n: seq.frames(),
        looped: params.looped,
        times: seq.times.clone(),
        fps: seq.fps,
        trunk: trunk.length,
    };
    let joints: Vec<&str> = person.tracks.iter().map(|t| t.joint).collect();
    let read = positions(person);
    let before = measure::jitter(read.iter().map(Vec::as_slice), clip.looped);

    let mut tracks = read.clone();
    let spikes = spikes::remove(&mut tracks, &clip);
    let samples: Vec<&[crate::sequence::Sample]> =
        person.tracks.iter().map(|t| t.samples.as_slice()).collect();
    let occluded = occlusion::replace(&mut tracks, &samples, &clip);

    let ankles = |t: &[Vec<Pos>]| -> Option<f64> {
        let a: Vec<&[Pos]> = joints
            .iter()
            .zip(t)
            .filter(|(j, _)| **j == "r_ankle" || **j == "l_ankle")
            .map(|(_, t)| t.as_slice())
            .collect();
        floor::lowest(&a)
    };
    let lowest_before = ankles(&tracks);
    tracks = joints
        .iter()
        .zip(&tracks)
        .map(|(j, t)| {
            let w = if smooth::is_leg(j) {
                params.legs
            } else {
                params.rest
            };
            smooth::smooth_track(t, w, clip.looped)
        })
        .collect();

    let floor = params.looped.then(|| {
        let shift = floor::shift(lowest_before, ankles(&tracks)).unwrap_or(0.0);
        floor::apply(&mut tracks, shift);
        Floor {
            lowest: lowest_before,
            shift,
        }
    });

    let holds = params.hold.map(|p| hold::run(&tracks, &joints, &clip, &p));
    if let Some(h) = &holds {
        tracks = h.tracks.clone();
    }
    let after = measure::jitter(tracks.iter().map(Vec::as_slice), clip.looped);

    let mut out = person.clone();
    for (track, cleaned) in out.tracks.iter_mut().zip(&tracks) {
        for (s, p) in track.samples.iter_mut().zip(cleaned) {
            if s.pos.is_some() {
                s.pos = *p;
            }
        }
    }
    let inferred = params.hips_inferred.then(|| {
        let hips = out
            .tracks
            .iter_mut()
            .filter(|t| t.joint == "r_hip" || t.joint == "l_hip");
        hips.map(|t| {
            let mut frames = 0;
            for s in t.samples.iter_mut().filter(|s| s.pos.is_some()) {
                s.state = State::Inferred;
                frames += 1;
            }
            (t.joint, frames)
        })
        .collect()
    });
    let travel = if params.looped {
        Some("in-place".to_string())
    } else {
        seq.travel.clone()
    };
    Cleaned {
        person: out,
        travel,
        trunk,
        spikes,
        occluded,
        floor,
        holds,
        inferred,
        jitter: (before, after),
    }
}
