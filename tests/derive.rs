//! `derive` models through the binary (FORMAT.md §3.9): a small face whose group
//! tracks state a yaw and a pitch model is built, spine-core loads and poses the
//! skeleton, and each member bone's world position and scale are the closed forms
//! of FACE.md §3 and §5, evaluated here from the specs' own numbers; a model that
//! does not fit its track is refused at its value and nothing is written.

use crate::fixture::part_png;
use crate::util::{self, Project};
use serde_json::Value;

/// A face plate at (100, 50) under the root; three features on it.
const RIG: &str = r#"{
  "spec": "rigc-rig/1",
  "name": "face",
  "images": "parts",
  "skeleton": { "width": 200, "height": 120 },
  "bones": [
    { "name": "root" },
    { "name": "face", "parent": "root", "x": 100, "y": 50 },
    { "name": "eye_l", "parent": "face", "x": -30, "y": 12 },
    { "name": "eye_r", "parent": "face", "x": 30, "y": 12 },
    { "name": "nose", "parent": "face", "y": -8 }
  ],
  "slots": [
    { "name": "face", "bone": "face", "attachment": "face" },
    { "name": "eye_l", "bone": "eye_l", "attachment": "eye" },
    { "name": "eye_r", "bone": "eye_r", "attachment": "eye" },
    { "name": "nose", "bone": "nose", "attachment": "nose" }
  ],
  "skins": {
    "default": {
      "face": { "face": { "image": "face.png" } },
      "eye_l": { "eye": { "image": "eye.png" } },
      "eye_r": { "eye": { "image": "eye.png" } },
      "nose": { "nose": { "image": "nose.png" } }
    }
  }
}
"#;

/// `turn`: a yaw of 12° at t=1 (linear from rest), displacement and narrowing;
/// `nod`: a pitch of −9° about y=4, displacement.
const MOTION: &str = r#"{
  "spec": "rigc-motion/1",
  "archetype": "face",
  "easings": {},
  "groups": { "features": ["eye_l", "eye_r", "nose"] },
  "animations": {
    "turn": {
      "duration": 1,
      "tracks": [
        { "group": "features", "property": "translatex", "keys": [
          { "t": 0, "v": [0] },
          { "t": 1, "derive": { "kind": "yaw", "degrees": 12, "carried": 40,
                                "depth": { "eye_l": 30, "eye_r": 30, "nose": 52 } } } ] },
        { "group": "features", "property": "scalex", "keys": [
          { "t": 0, "v": [1] },
          { "t": 1, "derive": { "kind": "yaw", "degrees": 12,
                                "depth": { "eye_l": 30, "eye_r": 30, "nose": 52 } } } ] }
      ]
    },
    "nod": {
      "duration": 1,
      "tracks": [
        { "group": "features", "property": "translatey", "keys": [
          { "t": 0, "v": [0] },
          { "t": 1, "derive": { "kind": "pitch", "degrees": -9, "about": 4,
                                "depth": { "eye_l": 28, "eye_r": 28, "nose": 50 } } } ] }
      ]
    }
  }
}
"#;

/// (member, setup x, setup y) as [`RIG`] states them, under `face` at (100, 50).
const MEMBERS: [(&str, f64, f64); 3] = [
    ("eye_l", -30.0, 12.0),
    ("eye_r", 30.0, 12.0),
    ("nose", 0.0, -8.0),
];

fn face() -> Project {
    let p = Project::new();
    p.write("rig.json", RIG);
    p.write("motion.json", MOTION);
    p.write("parts/face.png", part_png(80, 90));
    p.write("parts/eye.png", part_png(16, 10));
    p.write("parts/nose.png", part_png(10, 14));
    p
}

fn build(p: &Project) -> util::Run {
    p.rigc(&crate::fixture::args("out", &[]))
}

fn pose(p: &Project, animation: &str, times: &str) -> Value {
    let out = p.path().join("out");
    util::oracle(&[
        out.join("skeleton.json").to_str().unwrap(),
        out.join("skeleton.atlas").to_str().unwrap(),
        animation,
        times,
    ])
    .unwrap_or_else(|e| panic!("spine-core could not pose {animation}: {e}"))
}

fn bone<'a>(frame: &'a Value, name: &str) -> &'a Value {
    frame["bones"]
        .as_array()
        .and_then(|bs| bs.iter().find(|b| b["name"] == name))
        .unwrap_or_else(|| panic!("no bone {name} in {frame}"))
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn close(got: f64, want: f64, what: &str) {
    assert!(
        (got - want).abs() <= 1e-3,
        "{what}: spine-core {got}, closed form {want}"
    );
}

fn depth(m: &str, eyes: f64, nose: f64) -> f64 {
    if m == "nose" {
        nose
    } else {
        eyes
    }
}

#[test]
fn spine_core_poses_derived_members_at_the_closed_form() {
    let p = face();
    build(&p).green();
    let doc = pose(&p, "turn", "0,0.5,1");
    let frames = doc["frames"].as_array().expect("frames");
    let t = 12f64.to_radians();
    for (m, x, y) in MEMBERS {
        let z = depth(m, 30.0, 52.0);
        // FACE.md §3: the residual under a parent carrying 40; §5: the narrowing.
        let d = x * (t.cos() - 1.0) - (z - 40.0) * t.sin();
        let alpha = x.atan2(z);
        let s = (alpha - t).cos() / alpha.cos();
        let rest = bone(&frames[0], m);
        close(
            num(&rest["worldX"]),
            100.0 + x,
            &format!("{m} worldX at rest"),
        );
        close(
            num(&rest["worldY"]),
            50.0 + y,
            &format!("{m} worldY at rest"),
        );
        // Linear keys from 0 (and from scale 1): half the way at t=0.5.
        let mid = bone(&frames[1], m);
        close(
            num(&mid["worldX"]),
            100.0 + x + d / 2.0,
            &format!("{m} worldX at 0.5"),
        );
        close(
            num(&mid["a"]),
            1.0 + (s - 1.0) / 2.0,
            &format!("{m} scaleX at 0.5"),
        );
        let end = bone(&frames[2], m);
        close(
            num(&end["worldX"]),
            100.0 + x + d,
            &format!("{m} worldX at 1"),
        );
        close(num(&end["worldY"]), 50.0 + y, &format!("{m} worldY at 1"));
        close(num(&end["a"]), s, &format!("{m} scaleX at 1"));
    }
    let doc = pose(&p, "nod", "1");
    let t = (-9f64).to_radians();
    for (m, x, y) in MEMBERS {
        let z = depth(m, 28.0, 50.0);
        let d = (y - 4.0) * (t.cos() - 1.0) - z * t.sin();
        let end = bone(&doc["frames"][0], m);
        close(
            num(&end["worldX"]),
            100.0 + x,
            &format!("{m} worldX (pitch)"),
        );
        close(
            num(&end["worldY"]),
            50.0 + y + d,
            &format!("{m} worldY (pitch)"),
        );
    }
}

#[test]
fn a_model_over_members_of_two_parents_is_refused_and_writes_nothing() {
    let p = face();
    p.write(
        "rig.json",
        RIG.replace(
            r#"{ "name": "nose", "parent": "face", "y": -8 }"#,
            r#"{ "name": "nose", "parent": "root", "y": -8 }"#,
        ),
    );
    let run = p.rigc(&[
        "build",
        "--rig",
        "rig.json",
        "--motion",
        "motion.json",
        "--out",
        "out",
        "--message-format",
        "json",
    ]);
    run.code(1);
    let diags = run.json_diagnostics();
    let d = diags
        .iter()
        .find(|d| {
            d["code"] == "motion.key.derive-parents"
                && d["pointer"] == "/animations/turn/tracks/0/keys/1/derive"
        })
        .unwrap_or_else(|| panic!("no derive-parents refusal:\n{}", run.stderr));
    assert_eq!(
        d["message"],
        "motion.json: animation \"turn\" group \"features\" translatex (t=1): derive yaw reads each member's setup x in its parent's space, and one model needs one space. These members sit under 2 different parents: \"face\" (eye_l, eye_r); \"root\" (nose)"
    );
    assert_eq!(d["file"], "motion.json");
    assert_eq!(d["pointer"], "/animations/turn/tracks/0/keys/1/derive");
    // The derive object's `{` on its line, computed from the text.
    let (line, col) = MOTION
        .lines()
        .enumerate()
        .find_map(|(i, l)| {
            l.find("\"derive\": { \"kind\": \"yaw\", \"degrees\": 12, \"carried\"")
                .map(|c| (i + 1, c + "\"derive\": ".len() + 1))
        })
        .expect("the derive key");
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(line as u64), Some(col as u64))
    );
    assert!(!p.exists("out"), "a refused build created --out");
}

/// `rigc explain` prints the MEMBER block of the values the build emits: each
/// member's row carries the number `skeleton.json` holds for it at that key.
#[test]
fn explain_prints_the_member_block_of_the_emitted_values() {
    let p = face();
    build(&p).green();
    let skeleton: Value = serde_json::from_str(&p.read("out/skeleton.json")).unwrap();
    let run = p.rigc(&[
        "explain",
        "--rig",
        "rig.json",
        "--motion",
        "motion.json",
        "--out",
        "elsewhere",
    ]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let block = run
        .stdout
        .split("  MEMBER  turn  group \"features\".translatex  t=1.000000  3 member(s)  derive yaw")
        .nth(1)
        .unwrap_or_else(|| panic!("no MEMBER line for turn's translatex{}", run.dump()));
    for (m, _, _) in MEMBERS {
        let keys = &skeleton["animations"]["turn"]["bones"][m]["translatex"];
        let emitted = &keys.as_array().expect("translatex keys")[1]["value"];
        let row = block
            .lines()
            .find(|l| l.starts_with("            ") && l.split_whitespace().next() == Some(m))
            .unwrap_or_else(|| panic!("no row for {m}{}", run.dump()));
        assert_eq!(
            row.split_whitespace().nth(1),
            Some(emitted.to_string().as_str()),
            "{m}: {row}"
        );
    }
    assert!(
        !p.path().join("elsewhere").exists(),
        "explain wrote nothing"
    );
}
