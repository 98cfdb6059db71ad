//! This module owns the pose sequence, `rig-pose-sequence/1`, as typed values:
//! the frame times, and per person per joint per frame a position (picture
//! pixels, y down), a state and a score. [`read`] parses it with located
//! refusals, [`coco`] converts COCO-17 joints to body-18, and [`write`] lays the
//! cleaned sequence out as JSON.

pub mod coco;
pub mod non_finite;
pub mod read;
pub mod write;

/// The spec string of the format.
pub const SPEC: &str = "rig-pose-sequence/1";

/// The body-18 joints, in their canonical order (OpenPose's COCO-18 order).
pub const BODY18: [&str; 18] = [
    "nose",
    "neck",
    "r_shoulder",
    "r_elbow",
    "r_wrist",
    "l_shoulder",
    "l_elbow",
    "l_wrist",
    "r_hip",
    "r_knee",
    "r_ankle",
    "l_hip",
    "l_knee",
    "l_ankle",
    "r_eye",
    "l_eye",
    "r_ear",
    "l_ear",
];

/// The five face joints, held as one group by the stillness hold.
pub const FACE: [&str; 5] = ["nose", "r_eye", "l_eye", "r_ear", "l_ear"];

/// The leg joints, smoothed over `--legs` frames.
pub const LEGS: [&str; 6] = ["r_hip", "l_hip", "r_knee", "l_knee", "r_ankle", "l_ankle"];

/// What the pose model says about a joint on a frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    /// Seen.
    Observed,
    /// Placed, but not seen (the model's guess).
    Inferred,
    /// Not placed: no position.
    Missing,
}

impl State {
    /// The state's name in the file.
    pub fn name(self) -> &'static str {
        match self {
            State::Observed => "observed",
            State::Inferred => "inferred",
            State::Missing => "missing",
        }
    }

    /// The state named `s`.
    pub fn from_name(s: &str) -> Option<State> {
        match s {
            "observed" => Some(State::Observed),
            "inferred" => Some(State::Inferred),
            "missing" => Some(State::Missing),
            _ => None,
        }
    }
}

/// A position in picture pixels, `[x, y]`, y down; `None` where the joint has
/// no position on the frame.
pub type Pos = Option<[f64; 2]>;

/// One joint on one frame.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// The position; `Some` exactly when the state is not missing.
    pub pos: Pos,
    /// The state, as read.
    pub state: State,
    /// The score, as read (absent when the file gave none).
    pub score: Option<f64>,
}

/// One joint over the whole sequence.
#[derive(Debug, Clone, PartialEq)]
pub struct Track {
    /// The joint's name (a body-18 name, or a COCO-17 name before conversion).
    pub joint: &'static str,
    /// One sample per frame.
    pub samples: Vec<Sample>,
}

/// One person of the sequence.
#[derive(Debug, Clone, PartialEq)]
pub struct Person {
    /// The person's `id`, as read, when the file gave one.
    pub id: Option<serde_json::Value>,
    /// The joints, in the file's order.
    pub tracks: Vec<Track>,
}

impl Person {
    /// The track of `joint`, if the person has it.
    pub fn track(&self, joint: &str) -> Option<&Track> {
        self.tracks.iter().find(|t| t.joint == joint)
    }
}

/// A whole pose sequence.
#[derive(Debug, Clone, PartialEq)]
pub struct Sequence {
    /// Frames per second.
    pub fps: f64,
    /// Each frame's time in seconds, strictly increasing.
    pub times: Vec<f64>,
    /// `travel`, as read (`"in-place"` for one cycle that does not travel).
    pub travel: Option<String>,
    /// The persons (at least one).
    pub persons: Vec<Person>,
    /// The `cleaned` record of a sequence `rig-pose clean` wrote, as read.
    pub cleaned: Option<serde_json::Value>,
}

impl Sequence {
    /// How many frames.
    pub fn frames(&self) -> usize {
        self.times.len()
    }
}
