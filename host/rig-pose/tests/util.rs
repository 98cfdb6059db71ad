//! The harness: hand-built sequences, a temporary directory per run, the real
//! `rig-pose` binary, and independent readings of what it wrote.

use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::Command;

/// The body-18 joints, in POSE.md's order — stated here again on purpose, not
/// imported from `rig_pose::sequence::BODY18`, so a mistake there fails the tests.
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

/// The trunk of [`base`]'s figure: neck (200, 150) → mid-hip (200, 270).
pub const TRUNK: f64 = 120.0;

/// A standing figure, in px (y down).
pub fn base(joint: &str) -> (f64, f64) {
    match joint {
        "nose" => (200.0, 100.0),
        "neck" => (200.0, 150.0),
        "r_shoulder" => (170.0, 150.0),
        "r_elbow" => (160.0, 200.0),
        "r_wrist" => (150.0, 250.0),
        "l_shoulder" => (230.0, 150.0),
        "l_elbow" => (240.0, 200.0),
        "l_wrist" => (250.0, 250.0),
        "r_hip" => (185.0, 270.0),
        "r_knee" => (185.0, 340.0),
        "r_ankle" => (185.0, 410.0),
        "l_hip" => (215.0, 270.0),
        "l_knee" => (215.0, 340.0),
        "l_ankle" => (215.0, 410.0),
        "r_eye" => (193.0, 95.0),
        "l_eye" => (207.0, 95.0),
        "r_ear" => (187.0, 100.0),
        _ => (213.0, 100.0),
    }
}

/// An observed entry scored 0.9.
pub fn at(x: f64, y: f64) -> Value {
    json!({"x": x, "y": y, "state": "observed", "score": 0.9})
}

/// A sequence of `n` frames at 24 fps, every body-18 joint's entry given by `f`.
pub fn sequence(n: usize, f: impl Fn(&str, usize) -> Value) -> Value {
    let joints: serde_json::Map<String, Value> = BODY18
        .iter()
        .map(|j| {
            (
                j.to_string(),
                Value::Array((0..n).map(|i| f(j, i)).collect()),
            )
        })
        .collect();
    json!({
        "spec": "rig-pose-sequence/1",
        "fps": 24,
        "times": (0..n).map(|i| i as f64 / 24.0).collect::<Vec<_>>(),
        "persons": [{"id": "a", "joints": joints}],
    })
}

/// The figure standing still, except where `f` says otherwise.
pub fn standing(n: usize, f: impl Fn(&str, usize) -> Option<Value>) -> Value {
    sequence(n, |j, i| {
        f(j, i).unwrap_or_else(|| {
            let (x, y) = base(j);
            at(x, y)
        })
    })
}

/// A deterministic noise in [−1, 1] (a small LCG), for "white noise".
pub fn noise(seed: u64) -> f64 {
    let mut s = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    s ^= s >> 33;
    s = s.wrapping_mul(0xff51afd7ed558ccd);
    s ^= s >> 33;
    (s % 2_000_001) as f64 / 1_000_000.0 - 1.0
}

/// One run of the binary.
pub struct Run {
    /// The exit code.
    pub code: i32,
    /// Stdout.
    pub stdout: String,
    /// Stderr.
    pub stderr: String,
    /// The `--out` path.
    pub out: PathBuf,
    /// The run's directory (kept alive with the run).
    pub dir: tempfile::TempDir,
}

impl Run {
    /// The output document.
    pub fn output(&self) -> Value {
        let text = std::fs::read_to_string(&self.out)
            .unwrap_or_else(|e| panic!("no output ({e}):\n{}", self.dump()));
        serde_json::from_str(&text).unwrap()
    }

    /// The output's `cleaned` record.
    pub fn record(&self) -> Value {
        self.output()["cleaned"].clone()
    }

    /// Everything the run printed, for a failing assertion.
    pub fn dump(&self) -> String {
        format!(
            "exit {}\n--- stdout\n{}\n--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }

    /// Asserts the run wrote its output.
    pub fn ok(self) -> Self {
        assert_eq!(self.code, 0, "{}", self.dump());
        assert!(self.out.exists(), "{}", self.dump());
        self
    }

    /// Asserts the run was refused with `code` (exit `exit`) and wrote nothing.
    pub fn refused(self, exit: i32, code: &str) -> Self {
        assert_eq!(self.code, exit, "{}", self.dump());
        assert!(
            self.stderr.contains(&format!("rig-pose: {code}: ")),
            "{}",
            self.dump()
        );
        assert!(!self.out.exists(), "wrote on a refusal:\n{}", self.dump());
        let files: Vec<_> = std::fs::read_dir(self.dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(files, vec!["in.json".to_string()], "{}", self.dump());
        self
    }

    /// The stdout lines starting with `tag `.
    pub fn lines(&self, tag: &str) -> Vec<&str> {
        self.stdout
            .lines()
            .filter(|l| l.starts_with(&format!("{tag} ")))
            .collect()
    }
}

/// Runs `rig-pose clean --pose in.json --out out.json <flags>` on `text`.
pub fn clean_text(text: &str, flags: &[&str]) -> Run {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("in.json"), text).unwrap();
    let mut args = vec!["clean", "--pose", "in.json", "--out", "out.json"];
    args.extend_from_slice(flags);
    run_in(dir, &args)
}

/// Runs `clean` on a document.
pub fn clean(doc: &Value, flags: &[&str]) -> Run {
    clean_text(&serde_json::to_string_pretty(doc).unwrap(), flags)
}

/// Runs the binary with `args` in `dir`.
pub fn run_in(dir: tempfile::TempDir, args: &[&str]) -> Run {
    let o = Command::new(env!("CARGO_BIN_EXE_rig-pose"))
        .args(args)
        .current_dir(dir.path())
        .output()
        .unwrap();
    Run {
        code: o.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
        out: dir.path().join("out.json"),
        dir,
    }
}

/// A joint's position on a frame of the first person of `doc`.
pub fn pos(doc: &Value, joint: &str, frame: usize) -> Option<(f64, f64)> {
    let e = &doc["persons"][0]["joints"][joint][frame];
    Some((e["x"].as_f64()?, e["y"].as_f64()?))
}

/// A joint's whole track.
pub fn track(doc: &Value, joint: &str) -> Vec<Option<(f64, f64)>> {
    let n = doc["times"].as_array().unwrap().len();
    (0..n).map(|i| pos(doc, joint, i)).collect()
}

/// The median as POSE.md defines it (an even count takes the mean of the middle two).
pub fn median(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    }
}

/// The jitter of a document, computed here from its JSON: the mean |second
/// difference| of y over every joint and every three consecutive frames with a
/// position, wrapping when `looped`.
pub fn jitter(doc: &Value, looped: bool) -> f64 {
    let (mut sum, mut count) = (0.0, 0usize);
    for j in doc["persons"][0]["joints"].as_object().unwrap().keys() {
        let t = track(doc, j);
        let n = t.len();
        let centres: Vec<usize> = if looped {
            (0..n).collect()
        } else {
            (1..n - 1).collect()
        };
        for i in centres {
            let (a, c) = ((i + n - 1) % n, (i + 1) % n);
            if let (Some(p), Some(q), Some(r)) = (t[a], t[i], t[c]) {
                sum += (p.1 - 2.0 * q.1 + r.1).abs();
                count += 1;
            }
        }
    }
    sum / count as f64
}

/// Asserts two figures agree to `tol`.
pub fn near(a: f64, b: f64, tol: f64, what: &str) {
    assert!((a - b).abs() <= tol, "{what}: {a} vs {b}");
}
