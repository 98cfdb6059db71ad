//! Issue #14, item 14: `rigc sample` streams its document. Its memory stays
//! flat in the number of frames (peak RSS read from `/proc` while it runs);
//! its text is the oracle's, byte for byte in layout (every number masked,
//! since the last digits of a port may differ); a closed stdout ends it
//! quietly, and one that refuses writes is named; and a frame the runtime
//! refuses after the document has started leaves the frames before it on
//! stdout, named on stderr with its time.

use crate::util;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The bound the test states for `rigc sample`'s peak RSS (a debug build):
/// the document of thousands of frames is tens of megabytes of text.
const PEAK_RSS_BOUND_KIB: u64 = 48 * 1024;
/// What the peak may grow by when the frames are six times as many.
const FLAT_SLACK_KIB: u64 = 4 * 1024;

/// Runs `rigc <args>` with stdout discarded, polling `/proc/<pid>/status`;
/// returns the exit code and the largest `VmHWM` (peak resident set, KiB)
/// read before it exited.
fn peak_rss(args: &[&str]) -> (i32, u64) {
    let mut child = util::rigc_command()
        .args(args)
        .current_dir(util::workspace())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rigc runs");
    let status = format!("/proc/{}/status", child.id());
    let hwm = |text: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
    };
    let (mut peak, start) = (0, Instant::now());
    loop {
        if let Some(k) = std::fs::read_to_string(&status)
            .ok()
            .as_deref()
            .and_then(hwm)
        {
            peak = peak.max(k);
        }
        if let Some(st) = child.try_wait().expect("wait") {
            return (st.code().unwrap_or(-1), peak);
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "rigc {args:?} runs too long"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn sample_memory_is_flat_in_the_frame_count() {
    let features = util::shared().join("oracle/fixtures/features");
    let f = features.to_str().expect("utf-8");
    // 401 and 2,401 frames of the richest fixture (weighted and linked
    // meshes, IK, transform, a skin): 4.7 and 28 MB of text.
    let sample = |step: &str| {
        let times = format!("0:1.5:{step}");
        peak_rss(&[
            "sample",
            "--candidate",
            f,
            "--animation",
            "move",
            "--skin",
            "armed",
            "--times",
            &times,
        ])
    };
    let (code, few) = sample("0.00375");
    assert_eq!(code, 0);
    let (code, many) = sample("0.000625");
    assert_eq!(code, 0);
    eprintln!("rigc sample peak RSS: {few} KiB at 401 frames, {many} KiB at 2,401 frames");
    assert!(few > 0 && many > 0, "VmHWM was read");
    assert!(
        many <= few + FLAT_SLACK_KIB,
        "peak RSS grows with the frames: {few} KiB at 401, {many} KiB at 2,401"
    );
    assert!(
        many <= PEAK_RSS_BOUND_KIB,
        "peak RSS {many} KiB over the stated {PEAK_RSS_BOUND_KIB} KiB"
    );
}

/// `text` with every number outside a string replaced by `#`, and the
/// `runtime` string (which names the runtime) by `"…"`.
fn shape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() / 2);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '"' {
            out.push(c);
            while let Some(s) = chars.next() {
                out.push(s);
                if s == '\\' {
                    out.extend(chars.next());
                } else if s == '"' {
                    break;
                }
            }
        } else if c == '-' || c.is_ascii_digit() {
            while chars
                .peek()
                .is_some_and(|d| d.is_ascii_alphanumeric() || matches!(d, '.' | '+' | '-'))
            {
                chars.next();
            }
            out.push('#');
        } else {
            out.push(c);
        }
    }
    for runtime in [
        "\"@esotericsoftware/spine-core 4.3.13\"",
        "\"rigc-spine (a port of @esotericsoftware/spine-core 4.3.13)\"",
    ] {
        out = out.replace(runtime, "\"…\"");
    }
    out
}

#[test]
fn sample_lays_out_its_document_as_the_oracle_does() {
    let fixtures = util::shared().join("oracle/fixtures");
    let path = |p: &str| fixtures.join(p).to_str().expect("utf-8").to_string();
    let (tiny, tiny_atlas) = (path("tiny/skeleton.json"), path("tiny/skeleton.atlas"));
    let (features, features_atlas) = (
        path("features/skeleton.json"),
        path("features/skeleton.atlas"),
    );
    let constraints = path("constraints/skeleton.json");
    // (skeleton, atlas, pose.mjs arguments, rigc sample arguments)
    let cases: Vec<(&str, &str, Vec<&str>, Vec<&str>)> = vec![
        (
            &tiny,
            &tiny_atlas,
            vec!["anim", "0:1:0.25"],
            vec!["--animation", "anim", "--times", "0:1:0.25"],
        ),
        (
            &features,
            &features_atlas,
            vec!["move", "0,0.5,1.25", "--skin", "armed"],
            vec![
                "--animation",
                "move",
                "--times",
                "0,0.5,1.25",
                "--skin",
                "armed",
            ],
        ),
        (&features, &features_atlas, vec!["--setup"], vec!["--setup"]),
        (
            &constraints,
            "-",
            vec!["drive", "0,0.4,1", "--physics", "update"],
            vec![
                "--animation",
                "drive",
                "--times",
                "0,0.4,1",
                "--physics",
                "update",
            ],
        ),
    ];
    for (skeleton, atlas, theirs_args, ours_args) in &cases {
        for compact in [false, true] {
            let mut args = vec![*skeleton, *atlas];
            args.extend(theirs_args);
            if compact {
                args.push("--compact");
            }
            let theirs = Command::new("node")
                .arg(util::oracle_dir().join("pose.mjs"))
                .args(&args)
                .output()
                .expect("node runs");
            assert!(theirs.status.success(), "pose.mjs {args:?}");
            let mut ours = vec!["sample", "--candidate", skeleton, "--atlas", atlas];
            ours.extend(ours_args);
            if compact {
                ours.push("--compact");
            }
            let run = util::run_in(&util::workspace(), &ours);
            assert_eq!(run.code, 0, "{}", run.dump());
            let theirs = shape(&String::from_utf8_lossy(&theirs.stdout));
            let ours_shape = shape(&run.stdout);
            if let Some(at) = theirs
                .lines()
                .zip(ours_shape.lines())
                .position(|(a, b)| a != b)
            {
                panic!(
                    "rigc {ours:?} is laid out unlike the oracle from line {}:\n  oracle: {}\n  rigc:   {}",
                    at + 1,
                    theirs.lines().nth(at).unwrap_or_default(),
                    ours_shape.lines().nth(at).unwrap_or_default()
                );
            }
            assert_eq!(
                theirs, ours_shape,
                "rigc {ours:?}: the same lines, not the same text"
            );
            assert!(theirs.contains('#'), "numbers were masked, not lost");
        }
    }
}

#[test]
fn sample_ends_quietly_when_stdout_closes() {
    let features = util::shared().join("oracle/fixtures/features");
    let mut child = util::rigc_command()
        .args(["sample", "--candidate"])
        .arg(&features)
        .args(["--animation", "move", "--times", "0:1.5:0.0005"])
        .current_dir(util::workspace())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rigc runs");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 4096];
    std::io::Read::read_exact(&mut stdout, &mut first).expect("a first block of the document");
    drop(stdout);
    let out = child.wait_with_output().expect("wait");
    assert!(first.starts_with(b"{\n  \"format\": \"spine-oracle-pose/1\""));
    assert_eq!(
        out.status.code(),
        Some(0),
        "a closed stdout is not an error"
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// An IK constraint on the root bone poses while its mix is 0 and throws in
/// spine-core (the root has no parent) from 0.5 s, where its mix becomes 1.
const LATE_REFUSAL: &str = r#"{ "skeleton": { "spine": "4.3.13" },
  "bones": [ { "name": "root" }, { "name": "target", "parent": "root", "x": 30, "y": 10 } ],
  "constraints": [ { "type": "ik", "name": "reach", "bones": [ "root" ], "target": "target", "mix": 0 } ],
  "animations": { "late": { "ik": { "reach": [
    { "time": 0, "mix": 0, "curve": "stepped" }, { "time": 0.5, "mix": 1 } ] } } } }"#;

#[test]
fn sample_refusing_a_late_frame_keeps_the_frames_before_it() {
    let p = util::Project::new();
    p.write("late.json", LATE_REFUSAL);
    let skeleton = p.path().join("late.json");
    let s = skeleton.to_str().expect("utf-8");
    for compact in [false, true] {
        let mut args = vec![
            "sample",
            "--candidate",
            s,
            "--atlas",
            "-",
            "--animation",
            "late",
            "--times",
            "0:1:0.0005",
        ];
        if compact {
            args.push("--compact");
        }
        let run = p.rigc(&args);
        assert_eq!(run.code, 1, "{}", run.dump());
        assert!(
            run.stderr.contains(
                "rigc: pose: Cannot read properties of null (reading 'appliedPose') (at t = 0.5; \
                 the document on stdout stops unfinished before that frame)"
            ),
            "{}",
            run.dump()
        );
        // Unfinished: not JSON as it stands; closed after its last frame, it
        // is, and it holds every frame before 0.5 s up to a point.
        assert!(serde_json::from_str::<serde_json::Value>(&run.stdout).is_err());
        let closed = format!("{}]}}", run.stdout);
        let doc: serde_json::Value = serde_json::from_str(&closed)
            .unwrap_or_else(|e| panic!("not a prefix ending at a frame ({e}): {}", run.dump()));
        let times: Vec<f64> = doc["frames"]
            .as_array()
            .expect("frames")
            .iter()
            .map(|f| f["time"].as_f64().expect("time"))
            .collect();
        assert!(times.len() > 100, "frames were streamed: {}", times.len());
        for (i, t) in times.iter().enumerate() {
            assert!((t - i as f64 * 0.0005).abs() < 1e-9, "frame {i} at {t}");
        }
        assert!(times.last().is_some_and(|&t| t < 0.5));
    }
    // Refused in the first frame: nothing is printed.
    let run = p.rigc(&[
        "sample",
        "--candidate",
        s,
        "--atlas",
        "-",
        "--animation",
        "late",
        "--times",
        "0.5,0.6",
    ]);
    assert_eq!(run.code, 1, "{}", run.dump());
    assert_eq!(run.stdout, "", "nothing is printed before a frame poses");
    assert!(
        run.stderr
            .contains("(reading 'appliedPose') (at t = 0.5)\n"),
        "{}",
        run.dump()
    );
}

/// A stdout that refuses writes (a full disk) is named, and the exit is 1.
#[cfg(target_os = "linux")]
#[test]
fn sample_names_a_stdout_that_refuses_writes() {
    let tiny = util::shared().join("oracle/fixtures/tiny");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let out = util::rigc_command()
        .args(["sample", "--candidate"])
        .arg(&tiny)
        .args(["--animation", "anim", "--times", "0:1:0.01"])
        .current_dir(util::workspace())
        .stdout(full)
        .output()
        .expect("rigc runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("rigc: cannot write the document: "),
        "{stderr}"
    );
}
