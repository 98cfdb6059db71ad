//! Every refusal: its name, its message, where it points (file, JSON pointer,
//! line:column, the value found) and that nothing was written.

use crate::util::*;
use serde_json::json;

fn text_of(doc: &serde_json::Value) -> String {
    serde_json::to_string_pretty(doc).unwrap()
}

/// The 1-based line:column of the first occurrence of `needle` in `text`.
fn line_col(text: &str, needle: &str) -> String {
    let at = text.find(needle).unwrap();
    let line = text[..at].matches('\n').count() + 1;
    let col = at - text[..at].rfind('\n').map_or(0, |p| p + 1) + 1;
    format!("{line}:{col}")
}

#[test]
fn malformed_json() {
    let text = "{\n  \"spec\": \"rig-pose-sequence/1\",\n  \"fps\": 24,\n}\n";
    let run = clean_text(text, &[]).refused(1, "POSE_JSON");
    assert!(run.stderr.contains("in.json: cannot read in.json: expected a key after ',' (JSON allows no trailing comma) (line 4, column 1)"), "{}", run.dump());
    assert!(run.stderr.contains("--> in.json:4:1"));
}

#[test]
fn unknown_joint() {
    let text = text_of(&standing(10, |_, _| None)).replacen("\"r_wrist\"", "\"r_wirst\"", 1);
    let run = clean_text(&text, &[]).refused(1, "POSE_JOINT");
    assert!(
        run.stderr
            .contains("unknown joint \"r_wirst\" — did you mean \"r_wrist\"?"),
        "{}",
        run.dump()
    );
    assert!(run.stderr.contains(&format!(
        "--> in.json:{} at /persons/0/joints/r_wirst",
        line_col(&text, "\"r_wirst\"")
    )));
    assert!(run.stderr.contains("= found: \"r_wirst\""));
    // A COCO-17 name without --coco, and a body-18 name with it.
    let coco = text_of(&standing(10, |_, _| None)).replacen("\"l_wrist\"", "\"left_wrist\"", 1);
    let run = clean_text(&coco, &[]).refused(1, "POSE_JOINT");
    assert!(run.stderr.contains(
        "unknown joint \"left_wrist\"; it is a COCO-17 name: read this file with --coco"
    ));
    let run =
        clean_text(&text_of(&standing(10, |_, _| None)), &["--coco"]).refused(1, "POSE_JOINT");
    assert!(run.stderr.contains(
        "unknown joint \"neck\"; it is a body-18 name: this file is body-18, so drop --coco"
    ));
}

#[test]
fn mismatched_frame_counts() {
    let mut doc = standing(10, |_, _| None);
    doc["persons"][0]["joints"]["nose"]
        .as_array_mut()
        .unwrap()
        .pop();
    let text = text_of(&doc);
    let run = clean_text(&text, &[]).refused(1, "POSE_FRAMES");
    assert!(
        run.stderr
            .contains("joint \"nose\" has 9 frame(s); `times` has 10"),
        "{}",
        run.dump()
    );
    assert!(run.stderr.contains("at /persons/0/joints/nose\n"));
}

#[test]
fn non_finite_numbers() {
    for bad in ["NaN", "Infinity", "-Infinity", "1e999"] {
        let text = text_of(&standing(10, |j, i| {
            (j == "neck" && i == 3).then(|| at(12345.0, 150.0))
        }))
        .replacen("12345.0", bad, 1);
        let run = clean_text(&text, &[]).refused(1, "POSE_NUMBER");
        assert!(
            run.stderr.contains(&format!(
                "{bad} is not a finite number; JSON has no spelling for it"
            )),
            "{}",
            run.dump()
        );
        assert!(
            run.stderr.contains(&format!(
                "--> in.json:{} at /persons/0/joints/neck/3/x",
                line_col(&text, bad)
            )),
            "{}",
            run.dump()
        );
        assert!(run.stderr.contains(&format!("= found: {bad}")));
    }
    let text = text_of(&standing(10, |j, i| {
        (j == "neck" && i == 3).then(|| at(2e9, 150.0))
    }));
    let run = clean_text(&text, &[]).refused(1, "POSE_NUMBER");
    assert!(
        run.stderr
            .contains("2000000000.0 px is no picture position (past ±1e9 px)"),
        "{}",
        run.dump()
    );
}

#[test]
fn windows_even_three_and_zero() {
    let doc = standing(20, |_, _| None);
    for (flags, message) in [
        (vec!["--legs", "4"], "--legs 4 is even: a window is centred on its frame"),
        (vec!["--rest=3"], "--rest 3 is refused: a quadratic through 3 points passes through all three, so it smooths nothing"),
        (vec!["--legs", "0"], "--legs 0 holds no frame"),
    ] {
        let run = clean(&doc, &flags).refused(2, "CLEAN_WINDOW");
        assert!(run.stderr.contains(&format!("command line: {message}")), "{}", run.dump());
        assert!(run.stderr.contains("--> command line:1:"), "{}", run.dump());
        assert!(run.stderr.contains("= help: give --"));
    }
}

#[test]
fn a_sequence_too_short_for_its_window() {
    let doc = standing(6, |_, _| None);
    let text = text_of(&doc);
    let run = clean_text(&text, &[]).refused(1, "CLEAN_SHORT");
    assert!(
        run.stderr.contains(
            "the sequence has 6 frame(s), fewer than its widest window (--rest 7, 7 frames)"
        ),
        "{}",
        run.dump()
    );
    assert!(run
        .stderr
        .contains(&format!("--> in.json:{} at /times", line_col(&text, "["))));
    clean_text(&text, &["--rest", "5"]).ok();
    let run =
        clean(&standing(4, |_, _| None), &["--legs", "1", "--rest", "1"]).refused(1, "CLEAN_SHORT");
    assert!(run
        .stderr
        .contains("fewer than its widest window (the spike step's window, 5 frames)"));
}

#[test]
fn a_loop_shorter_than_its_widest_window() {
    let doc = standing(8, |_, _| None);
    let run = clean(&doc, &["--loop", "--legs", "9"]).refused(1, "CLEAN_LOOP");
    assert!(
        run.stderr.contains(
            "the cycle has 8 frame(s), fewer than its widest window (--legs 9, 9 frames)"
        ),
        "{}",
        run.dump()
    );
    assert!(run.stderr.contains("at /times"));
    clean(&doc, &["--loop"]).ok();
}

#[test]
fn other_named_refusals() {
    // Frame times that do not increase.
    let mut doc = standing(10, |_, _| None);
    doc["times"][4] = json!(0.1);
    let run = clean(&doc, &[]).refused(1, "POSE_TIMES");
    assert!(
        run.stderr
            .contains("frame time 0.1 does not come after the frame before it (0.125)"),
        "{}",
        run.dump()
    );
    assert!(run.stderr.contains("at /times/4"));
    // A missing joint with a position.
    let doc = standing(10, |j, i| {
        (j == "nose" && i == 2).then(|| json!({"x": 1, "y": 2, "state": "missing"}))
    });
    let run = clean(&doc, &[]).refused(1, "POSE_STATE");
    assert!(run
        .stderr
        .contains("a missing joint has no position, but this frame gives one"));
    assert!(run.stderr.contains("at /persons/0/joints/nose/2/x"));
    // An unknown state, an unknown field, a wrong spec.
    let doc = standing(10, |j, i| {
        (j == "nose" && i == 2).then(|| json!({"x": 1, "y": 2, "state": "seen"}))
    });
    clean(&doc, &[]).refused(1, "POSE_STATE");
    let doc = standing(10, |j, i| {
        (j == "nose" && i == 2).then(|| json!({"x": 1, "y": 2, "state": "observed", "scor": 1}))
    });
    let run = clean(&doc, &[]).refused(1, "POSE_FIELD");
    assert!(run
        .stderr
        .contains("unknown field \"scor\" on a joint's frame — did you mean \"score\"?"));
    let mut doc = standing(10, |_, _| None);
    doc["spec"] = json!("rig-pose-sequence/2");
    let run = clean(&doc, &[]).refused(1, "POSE_SPEC");
    assert!(run.stderr.contains(
        "`spec` is the string \"rig-pose-sequence/2\"; rig-pose reads \"rig-pose-sequence/1\""
    ));
    // No trunk: no frame has the neck and both hips.
    let doc = standing(10, |j, _| {
        (j == "neck").then(|| json!({"state": "missing"}))
    });
    let run = clean(&doc, &[]).refused(1, "POSE_TRUNK");
    assert!(run.stderr.contains("at /persons/0/joints"));
    // An unreadable --pose.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("in.json"), "{}").unwrap();
    let run = run_in(dir, &["clean", "--pose", "nope.json", "--out", "out.json"]);
    assert_eq!(run.code, 1, "{}", run.dump());
    assert!(run
        .stderr
        .contains("rig-pose: POSE_READ: cannot read nope.json:"));
    assert!(!run.out.exists());
    // A --pose that is not UTF-8: located at its first bad byte.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("in.json"),
        b"{\n  \"spec\": \"r\xffg\"\n}\n",
    )
    .unwrap();
    let run = run_in(dir, &["clean", "--pose", "in.json", "--out", "out.json"]);
    assert_eq!(run.code, 1, "{}", run.dump());
    assert!(
        run.stderr.contains("byte 0xff at line 2, column 13"),
        "{}",
        run.dump()
    );
    assert!(run.stderr.contains("--> in.json:2:13"), "{}", run.dump());
    assert!(!run.out.exists());
}

#[test]
fn usage_errors() {
    let doc = standing(10, |_, _| None);
    let run = clean(&doc, &["--legs"]).refused_usage();
    assert!(
        run.stderr
            .starts_with("rig-pose: --legs needs a value\n\nUsage: rig-pose"),
        "{}",
        run.dump()
    );
    let run = clean(&doc, &["--loop", "--loop"]).refused_usage();
    assert!(run.stderr.contains("--loop was given more than once"));
    let run = clean(&doc, &["--hold-speed", "-1"]).refused_usage();
    assert!(
        run.stderr.contains("is not a number above 0"),
        "{}",
        run.dump()
    );
    let run = clean(&doc, &["--hold", "maybe"]).refused_usage();
    assert!(
        run.stderr
            .starts_with("rig-pose: invalid value 'maybe' for '--hold <on|off>'"),
        "{}",
        run.dump()
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("in.json"), text_of(&doc)).unwrap();
    let run = run_in(dir, &["clean", "--pose", "in.json"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.starts_with(
            "rig-pose: the following required arguments were not provided: --out <OUT>\n"
        ),
        "{}",
        run.dump()
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("in.json"), text_of(&doc)).unwrap();
    let run = run_in(dir, &["clean", "--pose", "in.json", "--out", "./in.json"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--out names the --pose file"));
}

trait Usage {
    fn refused_usage(self) -> Self;
}

impl Usage for Run {
    fn refused_usage(self) -> Self {
        assert_eq!(self.code, 2, "{}", self.dump());
        assert!(!self.out.exists());
        self
    }
}
