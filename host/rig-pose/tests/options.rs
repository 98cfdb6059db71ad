//! The options: `--loop` (the floor, travel, windows that wrap), `--hips-inferred`,
//! `--coco`, `--person`, `--message-format json`, and the run as a whole
//! (deterministic bytes; the output is a sequence clean will not clean twice).

use crate::util::*;
use serde_json::{json, Value};

#[test]
fn the_floor_shift_restores_the_lowest_ankle_on_a_loop() {
    // The left ankle dips 8 px on frame 12. The legs' 5-frame quadratic
    // Savitzky–Golay kernel (−3, 12, 17, 12, −3)/35 lifts it to 410 + 8·17/35,
    // so the figure moves down by 8 − 8·17/35 = 8·18/35 px.
    let doc = standing(24, |j, i| {
        (j == "l_ankle" && i == 12).then(|| at(215.0, 418.0))
    });
    let run = clean(&doc, &["--loop", "--hold", "off", "--rest", "1"]).ok();
    let out = run.output();
    let dy = 8.0 * 18.0 / 35.0;
    let lowest = |d: &Value| {
        ["r_ankle", "l_ankle"]
            .iter()
            .flat_map(|j| track(d, j))
            .map(|p| p.unwrap().1)
            .fold(f64::MIN, f64::max)
    };
    near(lowest(&out), 418.0, 1e-9, "lowest ankle");
    // One constant: every joint the smoothing left alone moved by dy.
    for j in ["nose", "neck", "r_wrist", "l_ear"] {
        for i in 0..24 {
            near(
                pos(&out, j, i).unwrap().1 - pos(&doc, j, i).unwrap().1,
                dy,
                1e-9,
                j,
            );
        }
    }
    assert_eq!(out["travel"], "in-place");
    assert_eq!(
        run.lines("FLOOR"),
        [format!("FLOOR y +{dy:.2} px: the lowest ankle back at y 418.00 px, where it was before smoothing")]
    );
    assert_eq!(
        run.lines("TRAVEL"),
        ["TRAVEL in-place (--loop: one cycle, repeated, does not travel)"]
    );
    let rec = run.record();
    assert_eq!(rec["params"]["loop"], true);
    assert_eq!(rec["spikes"]["untested"], json!([]));
}

#[test]
fn without_loop_there_is_no_floor_and_travel_is_kept_as_read() {
    let mut doc = standing(12, |_, _| None);
    doc["travel"] = json!("moving");
    let run = clean(&doc, &[]).ok();
    assert_eq!(run.output()["travel"], "moving");
    assert!(run.lines("FLOOR").is_empty() && run.lines("TRAVEL").is_empty());
}

#[test]
fn hips_inferred_marks_the_hips_and_changes_no_position() {
    let doc = standing(20, |j, i| match (j, i) {
        ("r_hip", 4) => Some(json!({"state": "missing"})),
        (j, i) => {
            let (x, y) = base(j);
            Some(at(x + noise(i as u64 * 7 + j.len() as u64), y))
        }
    });
    let plain = clean(&doc, &[]).ok();
    let run = clean(&doc, &["--hips-inferred"]).ok();
    let (a, b) = (plain.output(), run.output());
    let joints = b["persons"][0]["joints"].as_object().unwrap();
    for j in BODY18 {
        assert_eq!(track(&a, j), track(&b, j), "{j}");
        for (i, e) in joints[j].as_array().unwrap().iter().enumerate() {
            let before = &a["persons"][0]["joints"][j][i];
            assert_eq!(e["score"], before["score"]);
            let hip = j == "r_hip" || j == "l_hip";
            let want = if hip && e.get("x").is_some() {
                json!("inferred")
            } else {
                before["state"].clone()
            };
            assert_eq!(e["state"], want, "{j} {i}");
        }
    }
    assert_eq!(joints["r_hip"][4], json!({"state": "missing"}));
    assert_eq!(
        run.record()["params"]["hipsInferred"],
        json!({"by": "declared"})
    );
    assert!(plain.record()["params"].get("hipsInferred").is_none());
    assert_eq!(
        run.lines("INFERRED"),
        ["INFERRED r_hip on 19 frame(s), l_hip on 20 frame(s) marked inferred (--hips-inferred: declared); positions and scores unchanged"]
    );
}

#[test]
fn coco_17_is_read_and_converted_to_body_18() {
    let coco: Vec<(&str, &str)> = vec![
        ("nose", "nose"),
        ("left_eye", "l_eye"),
        ("right_eye", "r_eye"),
        ("left_ear", "l_ear"),
        ("right_ear", "r_ear"),
        ("left_shoulder", "l_shoulder"),
        ("right_shoulder", "r_shoulder"),
        ("left_elbow", "l_elbow"),
        ("right_elbow", "r_elbow"),
        ("left_wrist", "l_wrist"),
        ("right_wrist", "r_wrist"),
        ("left_hip", "l_hip"),
        ("right_hip", "r_hip"),
        ("left_knee", "l_knee"),
        ("right_knee", "r_knee"),
        ("left_ankle", "l_ankle"),
        ("right_ankle", "r_ankle"),
    ];
    let n = 10;
    let joints: serde_json::Map<String, Value> = coco
        .iter()
        .map(|(c, b)| {
            let (x, y) = base(b);
            let frames = (0..n)
                .map(|i| {
                    if *c == "left_shoulder" && i == 3 {
                        json!({"x": x, "y": y, "state": "inferred", "score": 0.4})
                    } else {
                        at(x, y)
                    }
                })
                .collect();
            (c.to_string(), Value::Array(frames))
        })
        .collect();
    let doc = json!({
        "spec": "rig-pose-sequence/1", "fps": 24,
        "times": (0..n).map(|i| i as f64 / 24.0).collect::<Vec<_>>(),
        "persons": [{"joints": joints}]
    });
    let run = clean(&doc, &["--coco", "--hold", "off"]).ok();
    let out = run.output();
    let names: Vec<&String> = out["persons"][0]["joints"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(names, BODY18.iter().collect::<Vec<_>>());
    // The neck is the shoulders' midpoint: (170 + 230)/2, 150.
    assert_eq!(pos(&out, "neck", 0), Some((200.0, 150.0)));
    let neck = &out["persons"][0]["joints"]["neck"];
    assert_eq!(
        neck[0].to_string(),
        r#"{"x":200,"y":150,"state":"observed","score":0.9}"#
    );
    assert_eq!(neck[3]["state"], "inferred");
    assert_eq!(neck[3]["score"], 0.4);
    assert!(run.stdout.contains("(COCO-17 read as body-18)"));
}

#[test]
fn person_picks_one_of_several_and_writes_only_it() {
    let a = standing(12, |_, _| None);
    let b = standing(12, |j, _| {
        let (x, y) = base(j);
        Some(at(x + 400.0, y))
    });
    let mut doc = a.clone();
    let mut pb = b["persons"][0].clone();
    pb["id"] = json!("b");
    doc["persons"].as_array_mut().unwrap().push(pb);
    let run = clean(&doc, &["--person", "1", "--hold", "off"]).ok();
    let out = run.output();
    assert_eq!(out["persons"].as_array().unwrap().len(), 1);
    assert_eq!(out["persons"][0]["id"], "b");
    assert_eq!(pos(&out, "neck", 5), Some((600.0, 150.0)));
    let refused = clean(&doc, &[]).refused(1, "POSE_PERSON");
    assert!(refused
        .stderr
        .contains("the sequence holds 2 persons; clean writes one"));
    assert!(refused
        .stderr
        .contains("pick one with --person N, from 0 to 1"));
    let refused = clean(&doc, &["--person", "2"]).refused(1, "POSE_PERSON");
    assert!(refused
        .stderr
        .contains("--person 2 names nobody: the sequence holds 2 person(s), 0 to 1"));
    assert!(refused.stderr.contains("--> in.json:"));
}

#[test]
fn the_same_input_gives_the_same_bytes_and_is_not_cleaned_twice() {
    let doc = standing(30, |j, i| {
        let (x, y) = base(j);
        Some(at(x + noise(i as u64), y + noise(i as u64 + 99)))
    });
    let one = clean(&doc, &[]).ok();
    let two = clean(&doc, &[]).ok();
    let bytes = std::fs::read(&one.out).unwrap();
    assert_eq!(bytes, std::fs::read(&two.out).unwrap());
    assert_eq!(one.stdout.replace('\n', ""), two.stdout.replace('\n', ""));
    // The output is a valid sequence; cleaning it again is refused by name.
    let again = clean_text(std::str::from_utf8(&bytes).unwrap(), &[]).refused(1, "CLEAN_TWICE");
    assert!(again.stderr.contains("at /cleaned"), "{}", again.dump());
    // A second run onto the same --out says the file already held those bytes.
    let dir = one.dir;
    let rerun = run_in(dir, &["clean", "--pose", "in.json", "--out", "out.json"]);
    assert!(rerun
        .stdout
        .ends_with("wrote out.json (unchanged: it already held these bytes)\n"));
}

#[test]
fn refusals_print_as_json_lines_with_message_format_json() {
    let doc = standing(12, |_, _| None);
    let mut text = serde_json::to_string_pretty(&doc).unwrap();
    text = text.replacen("\"r_wrist\"", "\"r_wirst\"", 1);
    let run = clean_text(&text, &["--message-format", "json"]).refused_json(1);
    let line: Value = serde_json::from_str(run.stderr.lines().next().unwrap()).unwrap();
    assert_eq!(line["code"], "POSE_JOINT");
    assert_eq!(line["tool"], "rig-pose");
    assert_eq!(line["pointer"], "/persons/0/joints/r_wirst");
    assert!(line["line"].as_u64().unwrap() > 1);
    assert_eq!(line["value"], "\"r_wirst\"");
}

trait RefusedJson {
    fn refused_json(self, exit: i32) -> Self;
}

impl RefusedJson for Run {
    fn refused_json(self, exit: i32) -> Self {
        assert_eq!(self.code, exit, "{}", self.dump());
        assert!(!self.out.exists());
        self
    }
}
