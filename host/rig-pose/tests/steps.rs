//! Steps 1–3 and the jitter, end to end: every expected number is derived here
//! from the hand-built sequence, not read back from rig-pose.

use crate::util::*;
use serde_json::json;

#[test]
fn a_spike_at_a_known_frame_takes_its_5_frame_median() {
    // r_wrist moves 2 px a frame in x; frame 15 is thrown 60 px down (0.5 trunk
    // lengths). r_elbow is thrown on frame 0, which the clip's end leaves untested.
    let doc = standing(30, |j, i| match (j, i) {
        ("r_wrist", 15) => Some(at(150.0 + 30.0, 310.0)),
        ("r_wrist", _) => Some(at(150.0 + 2.0 * i as f64, 250.0)),
        ("r_elbow", 0) => Some(at(160.0, 260.0)),
        _ => None,
    });
    let run = clean(&doc, &["--hold", "off", "--legs", "1", "--rest", "1"]).ok();
    let out = run.output();
    // The 5-frame median of frames 13..=17: x 176, 178, 180, 182, 184 → 180;
    // y 250, 250, 310, 250, 250 → 250. It was 60 px = 0.5 trunk lengths away.
    assert_eq!(pos(&out, "r_wrist", 15), Some((180.0, 250.0)));
    assert_eq!(pos(&out, "r_elbow", 0), Some((160.0, 260.0)));
    for i in (0..30).filter(|i| *i != 15) {
        assert_eq!(
            pos(&out, "r_wrist", i),
            pos(&doc, "r_wrist", i),
            "frame {i}"
        );
    }
    let rec = run.record();
    assert_eq!(
        rec["spikes"],
        json!({"found": [{"frame": 15, "joint": "r_wrist", "distance": 0.5}], "untested": [0, 1, 28, 29]})
    );
    assert_eq!(
        run.lines("SPIKE"),
        vec!["SPIKE frame 15 r_wrist: 0.5000 trunk lengths from its 5-frame median"]
    );
    let spikes = run.lines("SPIKES");
    assert!(spikes[0].starts_with("SPIKES 1 found (more than 0.2 trunk lengths = 24.00 px"));
    assert!(
        spikes[0].contains("untested: frames 0, 1, 28, 29"),
        "{}",
        spikes[0]
    );
}

#[test]
fn an_occluded_joint_takes_its_3_frame_median_and_keeps_its_state_and_score() {
    let doc = standing(20, |j, i| match (j, i) {
        ("l_knee", 10) => Some(json!({"x": 225.0, "y": 350.0, "state": "inferred", "score": 0.9})),
        ("l_knee", _) => Some(at(215.0 + i as f64, 340.0)),
        ("r_knee", 12) => Some(json!({"x": 185.0, "y": 348.0, "state": "observed", "score": 0.2})),
        ("l_elbow", 5) => Some(json!({"state": "missing"})),
        _ => None,
    });
    let run = clean(&doc, &["--hold", "off", "--legs", "1", "--rest", "1"]).ok();
    let out = run.output();
    // l_knee 10: median of x (224, 225, 226) = 225, of y (340, 350, 340) = 340.
    assert_eq!(pos(&out, "l_knee", 10), Some((225.0, 340.0)));
    // r_knee 12: median of y (340, 348, 340) = 340.
    assert_eq!(pos(&out, "r_knee", 12), Some((185.0, 340.0)));
    let e = &out["persons"][0]["joints"];
    assert_eq!(e["l_knee"][10]["state"], "inferred");
    assert_eq!(e["r_knee"][12]["score"], 0.2);
    // Nothing invented: the missing elbow stays without a position.
    assert_eq!(e["l_elbow"][5], json!({"state": "missing"}));
    assert_eq!(
        run.lines("OCCLUDED")[1..],
        [
            "OCCLUDED frame 10 l_knee: inferred",
            "OCCLUDED frame 12 r_knee: score 0.2"
        ]
    );
}

#[test]
fn savitzky_golay_gives_a_parabola_back_unchanged() {
    // Every joint on its own parabola in time; the trunk stays 120 px.
    let doc = sequence(40, |j, i| {
        let (bx, by) = base(j);
        let t = i as f64;
        at(bx + 0.5 * t - 0.01 * t * t, by + 0.3 * t + 0.02 * t * t)
    });
    for flags in [
        vec!["--hold", "off"],
        vec!["--hold", "off", "--legs", "9", "--rest", "11"],
    ] {
        let run = clean(&doc, &flags).ok();
        let out = run.output();
        for j in BODY18 {
            for i in 0..40 {
                let (a, b) = (pos(&doc, j, i).unwrap(), pos(&out, j, i).unwrap());
                near(a.0, b.0, 1e-9, &format!("{j} x {i}"));
                near(a.1, b.1, 1e-9, &format!("{j} y {i}"));
            }
        }
        assert!(run.lines("SPIKE").is_empty());
    }
}

#[test]
fn white_noise_shrinks_and_the_jitter_is_measured_before_and_after() {
    let doc = standing(60, |j, i| {
        let (x, y) = base(j);
        let k = (i * 18 + BODY18.iter().position(|b| *b == j).unwrap()) as u64;
        Some(at(x + 2.0 * noise(2 * k), y + 2.0 * noise(2 * k + 1)))
    });
    for looped in [false, true] {
        let mut flags = vec!["--hold", "off"];
        if looped {
            flags.push("--loop");
        }
        let run = clean(&doc, &flags).ok();
        let (before, after) = (jitter(&doc, looped), jitter(&run.output(), looped));
        let rec = run.record();
        near(
            rec["jitter"]["before"].as_f64().unwrap(),
            before,
            5.1e-5,
            "before",
        );
        near(
            rec["jitter"]["after"].as_f64().unwrap(),
            after,
            5.1e-5,
            "after",
        );
        assert!(after < 0.5 * before, "{before} → {after}");
        let line = run.lines("JITTER")[0].to_string();
        assert!(
            line.starts_with(&format!("JITTER {before:.2} → {after:.2} px/f² (−")),
            "{line}"
        );
    }
}

#[test]
fn windows_of_one_smooth_nothing_and_are_recorded() {
    let doc = standing(12, |j, i| {
        let (x, y) = base(j);
        Some(at(x + noise(i as u64), y))
    });
    let run = clean(&doc, &["--legs", "1", "--rest", "1", "--hold", "off"]).ok();
    assert_eq!(
        run.record()["params"],
        json!({"loop": false, "legs": 1, "rest": 1})
    );
    assert_eq!(
        run.lines("SMOOTH"),
        ["SMOOTH windows of 1 (--legs 1 --rest 1): nothing smoothed"]
    );
    let out = run.output();
    for j in BODY18 {
        assert_eq!(track(&out, j), track(&doc, j));
    }
}
