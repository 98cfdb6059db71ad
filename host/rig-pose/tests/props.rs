//! Property tests through the library (no IO): clean never panics on a random
//! sequence with random flags; what it writes re-reads as a valid
//! `rig-pose-sequence/1`, invents no position, drops none, keeps every state
//! and score as read (bar `--hips-inferred`), holds only finite numbers, and is
//! refused by name if cleaned again. Random text never panics the reader.

use proptest::prelude::*;
use rig_pose::cli::{CleanArgs, HoldSwitch};
use rig_pose::command::clean_source;
use rig_pose::sequence::coco::COCO17;
use rig_pose::sequence::{read, State, BODY18};
use rigc_diag::source::SourceFile;
use serde_json::{json, Value};

fn args(looped: bool, legs: u64, rest: u64, hold: bool, hips: bool) -> CleanArgs {
    CleanArgs {
        pose: "in.json".into(),
        out: "out.json".into(),
        looped,
        legs,
        rest,
        hips_inferred: hips,
        hold: if hold {
            HoldSwitch::On
        } else {
            HoldSwitch::Off
        },
        hold_speed: 0.015,
        hold_reach: 0.03,
        coco: false,
        person: None,
    }
}

/// One frame's entry: missing, or a position near (or far from) a base point.
fn entry() -> impl Strategy<Value = Value> {
    prop_oneof![
        1 => Just(json!({"state": "missing"})),
        6 => (
            -40.0f64..40.0,
            -40.0f64..40.0,
            prop_oneof![Just("observed"), Just("inferred")],
            proptest::option::of(0.0f64..1.0),
            prop_oneof![8 => Just(1.0f64), 1 => Just(30.0f64)],
        )
            .prop_map(|(x, y, state, score, scale)| {
                let mut e = json!({"x": x * scale, "y": 300.0 + y * scale, "state": state});
                if let Some(s) = score {
                    e["score"] = json!(s);
                }
                e
            }),
    ]
}

/// A joint that mostly stands still: a base point, sub-pixel noise, now and
/// then a step or a frame with no position — so holds, seams and excursions
/// happen.
fn still_track(n: usize) -> impl Strategy<Value = Vec<Value>> {
    (
        -200.0f64..200.0,
        0.0f64..400.0,
        proptest::collection::vec((-0.3f64..0.3, 0u8..40), n),
    )
        .prop_map(|(bx, by, frames)| {
            let mut step = 0.0;
            frames
                .into_iter()
                .map(|(e, kind)| match kind {
                    0 => json!({"state": "missing"}),
                    1 => {
                        step += 4.0;
                        json!({"x": bx + e, "y": by + step, "state": "observed", "score": 0.9})
                    }
                    2 => json!({"x": bx + 9.0, "y": by + step, "state": "inferred"}),
                    _ => {
                        json!({"x": bx + e, "y": by + step + e, "state": "observed", "score": 0.8})
                    }
                })
                .collect()
        })
}

fn sequence() -> impl Strategy<Value = Value> {
    let others: Vec<&str> = BODY18
        .iter()
        .copied()
        .filter(|j| !["neck", "r_hip", "l_hip"].contains(j))
        .collect();
    (
        5usize..40,
        proptest::sample::subsequence(others, 0..=15),
        prop::bool::weighted(0.9),
    )
        .prop_flat_map(|(n, some, trunk)| {
            let joints: Vec<&str> = BODY18
                .iter()
                .copied()
                .filter(|j| some.contains(j) || (trunk && ["neck", "r_hip", "l_hip"].contains(j)))
                .collect();
            let tracks: Vec<_> = joints
                .iter()
                .map(|_| prop_oneof![proptest::collection::vec(entry(), n), still_track(n),])
                .collect();
            (Just(n), Just(joints), tracks)
        })
        .prop_map(|(n, joints, tracks)| {
            let map: serde_json::Map<String, Value> = joints
                .iter()
                .zip(tracks)
                .map(|(j, t)| (j.to_string(), Value::Array(t)))
                .collect();
            json!({
                "spec": "rig-pose-sequence/1",
                "fps": 24,
                "times": (0..n).map(|i| i as f64 / 24.0).collect::<Vec<_>>(),
                "persons": [{"joints": map}],
            })
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn clean_never_panics_and_its_output_re_reads(
        doc in sequence(),
        looped in any::<bool>(),
        legs in prop_oneof![Just(1u64), Just(5), Just(7)],
        rest in prop_oneof![Just(1u64), Just(5), Just(7), Just(9)],
        hold in any::<bool>(),
        hips in any::<bool>(),
    ) {
        let text = serde_json::to_string(&doc).unwrap();
        let file = SourceFile::new("in.json", "in.json", text);
        let a = args(looped, legs, rest, hold, hips);
        let Ok((out, lines)) = clean_source(&file, &a) else {
            return Ok(());
        };
        prop_assert!(!lines.is_empty());
        // Both read by the same exact reader (serde_json's default float parsing
        // can be one ulp off).
        let again = SourceFile::new("out.json", "out.json", out.clone());
        let written = read::read(&again, &BODY18, &COCO17);
        prop_assert!(written.is_ok(), "{:?}", written.err().map(|d| d[0].message.clone()));
        let written = written.unwrap().seq;
        let input = read::read(&file, &BODY18, &COCO17).unwrap().seq;
        prop_assert_eq!(written.persons.len(), 1);
        prop_assert_eq!(&written.times, &input.times);
        let (w, r) = (&written.persons[0], &input.persons[0]);
        prop_assert_eq!(w.tracks.len(), r.tracks.len());
        for (wt, rt) in w.tracks.iter().zip(&r.tracks) {
            prop_assert_eq!(wt.joint, rt.joint);
            for (i, (ws, rs)) in wt.samples.iter().zip(&rt.samples).enumerate() {
                prop_assert_eq!(ws.pos.is_some(), rs.pos.is_some(), "{} {}", wt.joint, i);
                if let Some([x, y]) = ws.pos {
                    prop_assert!(x.is_finite() && y.is_finite());
                }
                prop_assert_eq!(ws.score, rs.score);
                let hip = hips && (wt.joint == "r_hip" || wt.joint == "l_hip") && rs.pos.is_some();
                prop_assert_eq!(ws.state, if hip { State::Inferred } else { rs.state });
            }
        }
        let twice = clean_source(&again, &a).err().unwrap();
        prop_assert_eq!(twice[0].code, "CLEAN_TWICE");
    }

    #[test]
    fn random_text_never_panics_the_reader(text in "[\\[\\]{}\",:0-9a-zNI .eE+-]{0,200}") {
        let file = SourceFile::new("in.json", "in.json", text);
        let _ = clean_source(&file, &args(false, 5, 7, true, false));
    }

    #[test]
    fn a_mangled_sequence_never_panics(doc in sequence(), cut in 0usize..4000, junk in "[\\[\\]{}\",:0-9NaIf .-]{0,8}") {
        let mut text = serde_json::to_string(&doc).unwrap();
        let at = cut.min(text.len());
        text.insert_str(at, &junk);
        let file = SourceFile::new("in.json", "in.json", text);
        let _ = clean_source(&file, &args(true, 5, 7, true, true));
    }
}
