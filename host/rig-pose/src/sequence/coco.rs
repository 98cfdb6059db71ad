//! This module owns `--coco`: a person whose joints are named by COCO-17
//! (`left_shoulder`, …) becomes a body-18 person. Each COCO joint is renamed
//! (`left_` → `l_`, `right_` → `r_`), and the one joint COCO-17 lacks, the neck,
//! is the midpoint of the two shoulders on every frame where both have a
//! position — observed when both are observed, inferred otherwise, scored the
//! lower of the two (OpenPose's own conversion). Where either shoulder has no
//! position, the neck has none. The joints come out in body-18 order.

use super::{Person, Sample, State, Track, BODY18};

/// The COCO-17 joints, in COCO's order.
pub const COCO17: [&str; 17] = [
    "nose",
    "left_eye",
    "right_eye",
    "left_ear",
    "right_ear",
    "left_shoulder",
    "right_shoulder",
    "left_elbow",
    "right_elbow",
    "left_wrist",
    "right_wrist",
    "left_hip",
    "right_hip",
    "left_knee",
    "right_knee",
    "left_ankle",
    "right_ankle",
];

/// The body-18 name of a COCO-17 joint.
pub fn body18_name(coco: &str) -> Option<&'static str> {
    let short = if let Some(rest) = coco.strip_prefix("left_") {
        format!("l_{rest}")
    } else if let Some(rest) = coco.strip_prefix("right_") {
        format!("r_{rest}")
    } else {
        coco.to_string()
    };
    BODY18.iter().copied().find(|b| *b == short)
}

/// Converts a COCO-17 person to body-18.
pub fn to_body18(person: &Person, frames: usize) -> Person {
    let renamed: Vec<Track> = person
        .tracks
        .iter()
        .filter_map(|t| {
            body18_name(t.joint).map(|joint| Track {
                joint,
                samples: t.samples.clone(),
            })
        })
        .collect();
    let find = |j: &str| renamed.iter().find(|t| t.joint == j);
    let neck = match (find("r_shoulder"), find("l_shoulder")) {
        (Some(r), Some(l)) => Some(Track {
            joint: "neck",
            samples: (0..frames)
                .map(|i| neck_sample(r.samples.get(i), l.samples.get(i)))
                .collect(),
        }),
        _ => None,
    };
    let mut tracks = Vec::new();
    for name in BODY18 {
        if name == "neck" {
            tracks.extend(neck.clone());
        } else if let Some(t) = find(name) {
            tracks.push(t.clone());
        }
    }
    Person {
        id: person.id.clone(),
        tracks,
    }
}

fn neck_sample(r: Option<&Sample>, l: Option<&Sample>) -> Sample {
    match (r, l) {
        (
            Some(Sample {
                pos: Some(a),
                state: sa,
                score: ka,
            }),
            Some(Sample {
                pos: Some(b),
                state: sb,
                score: kb,
            }),
        ) => Sample {
            pos: Some([(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0]),
            state: if *sa == State::Observed && *sb == State::Observed {
                State::Observed
            } else {
                State::Inferred
            },
            score: match (ka, kb) {
                (Some(x), Some(y)) => Some(x.min(*y)),
                _ => None,
            },
        },
        _ => Sample {
            pos: None,
            state: State::Missing,
            score: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: f64, y: f64, state: State, score: f64) -> Sample {
        Sample {
            pos: Some([x, y]),
            state,
            score: Some(score),
        }
    }

    #[test]
    fn names_and_neck() {
        assert_eq!(body18_name("left_shoulder"), Some("l_shoulder"));
        assert_eq!(body18_name("nose"), Some("nose"));
        assert_eq!(body18_name("neck"), Some("neck"));
        let missing = Sample {
            pos: None,
            state: State::Missing,
            score: None,
        };
        let person = Person {
            id: None,
            tracks: vec![
                Track {
                    joint: "left_shoulder",
                    samples: vec![
                        s(10.0, 20.0, State::Observed, 0.9),
                        s(10.0, 20.0, State::Inferred, 0.9),
                        missing.clone(),
                    ],
                },
                Track {
                    joint: "right_shoulder",
                    samples: vec![
                        s(30.0, 40.0, State::Observed, 0.5),
                        s(30.0, 40.0, State::Observed, 0.5),
                        s(1.0, 1.0, State::Observed, 0.5),
                    ],
                },
                Track {
                    joint: "nose",
                    samples: vec![missing.clone(); 3],
                },
            ],
        };
        let b = to_body18(&person, 3);
        let names: Vec<_> = b.tracks.iter().map(|t| t.joint).collect();
        assert_eq!(names, ["nose", "neck", "r_shoulder", "l_shoulder"]);
        let neck = &b.tracks[1].samples;
        assert_eq!(neck[0], s(20.0, 30.0, State::Observed, 0.5));
        assert_eq!(neck[1], s(20.0, 30.0, State::Inferred, 0.5));
        assert_eq!(neck[2], missing);
    }
}
