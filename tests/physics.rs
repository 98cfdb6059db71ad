//! Physics constraints end to end (FORMAT.md §2.8, §3.5, §3.16; GATE.md A23): a
//! rig-declared constraint and one from the motion spec's `physics` table
//! (gallery/look's `whip` parameters, FIGURES.md), compiled, emitted, read back
//! and posed by spine-core — setup pose, `mix` keys, the group `reset` and the
//! empty-name global form — with `rigc sample` (our runtime) agreeing with it
//! under simulation; A23's zero-length-bone clause on a build; `explain`'s PHYS
//! lines. The refusals are in `physics_refusals`.

use crate::fixture::{self, part_png};
use crate::sample::oracle_agrees;
use crate::util::{self, Project};
use serde_json::{json, Value};
use std::path::Path;

/// The rig: a body and two hanging bones; `sway` on `tail` is rig-declared.
pub(crate) const RIG: &str = r#"{
  "spec": "rigc-rig/1",
  "name": "jiggle",
  "images": "parts",
  "skeleton": { "width": 240, "height": 240 },
  "bones": [
    { "name": "root" },
    { "name": "body", "parent": "root", "x": 120, "y": 40, "rotation": 90, "length": 60 },
    { "name": "tail", "parent": "body", "x": 60, "length": 40 },
    { "name": "whip", "parent": "body", "x": 30, "y": 10, "rotation": -60, "length": 66 }
  ],
  "slots": [
    { "name": "body", "bone": "body", "attachment": "body" },
    { "name": "tail", "bone": "tail", "attachment": "tail" },
    { "name": "whip", "bone": "whip", "attachment": "whip" }
  ],
  "skins": {
    "default": {
      "body": { "body": { "image": "body.png", "x": 30 } },
      "tail": { "tail": { "image": "tail.png", "x": 20 } },
      "whip": { "whip": { "image": "whip.png", "x": 33 } }
    }
  },
  "constraints": [
    { "name": "sway", "type": "physics", "bone": "tail", "x": 1, "rotate": 0.5, "limit": 4000, "fps": 30, "inertia": 0.8, "damping": 0.9, "mixGlobal": true }
  ]
}
"#;

/// The motion spec: look's whip in the `physics` table; `swing` keys the
/// whip's mix and resets both through a group, `fade` keys the global mix.
pub(crate) const MOTION: &str = r#"{
  "spec": "rigc-motion/1",
  "archetype": "jiggle",
  "easings": {},
  "groups": { "jiggles": ["sway", "whip"] },
  "physics": {
    "whip": { "bone": "whip", "rotate": 1, "inertia": 0.55, "strength": 55, "damping": 0.72, "mass": 1, "mix": 1 }
  },
  "animations": {
    "swing": { "duration": 1, "tracks": [
      { "bone": "body", "property": "rotate", "keys": [ { "t": 0, "v": [0] }, { "t": 0.5, "v": [30] }, { "t": 1, "v": [0] } ] },
      { "physics": "whip", "property": "mix", "keys": [ { "t": 0, "v": [0] }, { "t": 0.5, "v": [1] } ] },
      { "group": "jiggles", "property": "reset", "keys": [ { "t": 0.75, "v": null } ] }
    ] },
    "fade": { "duration": 1, "tracks": [
      { "bone": "body", "property": "translatex", "keys": [ { "t": 0, "v": [0] }, { "t": 1, "v": [20] } ] },
      { "physics": "", "property": "mix", "keys": [ { "t": 0, "v": [1] }, { "t": 1, "v": [0] } ] }
    ] }
  }
}
"#;

/// A project holding `rig` and `motion` and the three parts.
pub(crate) fn project(rig: &str, motion: &str) -> Project {
    let p = Project::new();
    p.write("rig.json", rig);
    p.write("motion.json", motion);
    p.write("parts/body.png", part_png(60, 30));
    p.write("parts/tail.png", part_png(40, 12));
    p.write("parts/whip.png", part_png(66, 10));
    p
}

fn built() -> Project {
    let p = project(RIG, MOTION);
    fixture::build(&p, "out").green();
    p
}

fn skeleton(p: &Project) -> Value {
    serde_json::from_str(&p.read("out/skeleton.json")).expect("skeleton.json is JSON")
}

fn pose(dir: &Path, args: &[&str]) -> Value {
    let skeleton = dir.join("skeleton.json");
    let atlas = dir.join("skeleton.atlas");
    let mut all = vec![skeleton.to_str().unwrap(), atlas.to_str().unwrap()];
    all.extend_from_slice(args);
    util::oracle(&all).unwrap_or_else(|e| panic!("spine-core could not pose {args:?}: {e}"))
}

fn constraint<'a>(frame: &'a Value, name: &str) -> &'a Value {
    frame["constraints"]
        .as_array()
        .and_then(|cs| cs.iter().find(|c| c["name"] == name))
        .unwrap_or_else(|| panic!("no constraint {name} in {frame}"))
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn close(got: f64, want: f64, what: &str) {
    assert!(
        (got - want).abs() <= 1e-6,
        "{what}: spine-core {got}, expected {want}"
    );
}

#[test]
fn both_declarations_are_emitted_in_order_with_the_fields_format_names() {
    let p = built();
    let s = skeleton(&p);
    // Rig-declared: copied field by field, in §5.3's key order.
    let sway = json!({ "name": "sway", "type": "physics", "bone": "tail", "x": 1, "rotate": 0.5,
        "limit": 4000, "fps": 30, "inertia": 0.8, "damping": 0.9, "mixGlobal": true });
    // The table's: name, type, bone + what differs from the parser defaults —
    // mass 1 and mix 1 are the defaults, so they are not written.
    let whip = json!({ "name": "whip", "type": "physics", "bone": "whip", "rotate": 1,
        "inertia": 0.55, "strength": 55, "damping": 0.72 });
    assert_eq!(
        serde_json::to_string(&s["constraints"]).unwrap(),
        serde_json::to_string(&json!([sway, whip])).unwrap()
    );
    // Timelines at animations.<a>.physics.<constraint>.<timeline>; the group
    // form writes each member, the empty name is the global form.
    let swing = &s["animations"]["swing"]["physics"];
    assert_eq!(
        serde_json::to_string(swing).unwrap(),
        serde_json::to_string(&json!({
            "whip": { "mix": [ { "time": 0, "value": 0 }, { "time": 0.5, "value": 1 } ], "reset": [ { "time": 0.75 } ] },
            "sway": { "reset": [ { "time": 0.75 } ] }
        }))
        .unwrap()
    );
    assert_eq!(
        s["animations"]["fade"]["physics"],
        json!({ "": { "mix": [ { "time": 0, "value": 1 }, { "time": 1, "value": 0 } ] } })
    );
}

#[test]
fn spine_core_reads_the_setup_values_and_the_keys() {
    let p = built();
    let out = p.path().join("out");
    let setup = pose(&out, &["--setup"]);
    let frame = &setup["frames"][0];
    // look's whip (FIGURES.md): inertia 0.55, strength 55, damping 0.72, mass 1
    // (massInverse 1/1), mix 1; sway's defaults where it states none.
    for (name, inertia, strength, damping, mix) in [
        ("whip", 0.55, 55.0, 0.72, 1.0),
        ("sway", 0.8, 100.0, 0.9, 1.0),
    ] {
        let c = constraint(frame, name);
        assert_eq!(c["type"], "physics");
        close(num(&c["inertia"]), inertia, "inertia");
        close(num(&c["strength"]), strength, "strength");
        close(num(&c["damping"]), damping, "damping");
        close(num(&c["massInverse"]), 1.0, "massInverse");
        close(num(&c["mix"]), mix, "mix");
    }
    // swing's whip mix runs linearly 0 → 1 over 0..0.5 s: 0.5 at t = 0.25.
    let swing = pose(&out, &["swing", "0,0.25,0.5"]);
    for (i, want) in [0.0, 0.5, 1.0].into_iter().enumerate() {
        close(
            num(&constraint(&swing["frames"][i], "whip")["mix"]),
            want,
            "whip mix",
        );
        close(
            num(&constraint(&swing["frames"][i], "sway")["mix"]),
            1.0,
            "sway mix",
        );
    }
    // fade's global mix runs 1 → 0 over 1 s and reaches only `mixGlobal` sway:
    // 0.5 at t = 0.5, while whip keeps its setup mix 1.
    let fade = pose(&out, &["fade", "0.5"]);
    close(
        num(&constraint(&fade["frames"][0], "sway")["mix"]),
        0.5,
        "sway mix",
    );
    close(
        num(&constraint(&fade["frames"][0], "whip")["mix"]),
        1.0,
        "whip mix",
    );
}

fn world_rotation(frame: &Value, bone: &str) -> f64 {
    let b = frame["bones"]
        .as_array()
        .and_then(|bs| bs.iter().find(|b| b["name"] == bone))
        .unwrap_or_else(|| panic!("no bone {bone}"));
    num(&b["c"]).atan2(num(&b["a"])).to_degrees()
}

#[test]
fn the_simulation_moves_the_bones_resets_and_our_runtime_agrees() {
    let p = built();
    let out = p.path().join("out");
    let times = "0:1:0.05";
    let still = pose(&out, &["swing", times]);
    let live = pose(&out, &["swing", times, "--physics", "update"]);
    let moved = (0..21)
        .map(|i| {
            (world_rotation(&live["frames"][i], "whip")
                - world_rotation(&still["frames"][i], "whip"))
            .abs()
        })
        .fold(0.0, f64::max);
    assert!(moved > 0.1, "the whip's spring never moved it ({moved}°)");
    // The reset at 0.75 s is read: without it the simulation after 0.75 s differs.
    let mut no_reset = skeleton(&p);
    for c in ["whip", "sway"] {
        no_reset["animations"]["swing"]["physics"][c]
            .as_object_mut()
            .unwrap()
            .remove("reset");
    }
    let other = Project::new();
    other.write(
        "out/skeleton.json",
        serde_json::to_string(&no_reset).unwrap(),
    );
    other.write("out/skeleton.atlas", p.read("out/skeleton.atlas"));
    let unreset = pose(
        &other.path().join("out"),
        &["swing", "0.8", "--physics", "update"],
    );
    let reset = pose(&out, &["swing", "0.8", "--physics", "update"]);
    let d = (world_rotation(&reset["frames"][0], "tail")
        - world_rotation(&unreset["frames"][0], "tail"))
    .abs();
    assert!(d > 1e-6, "the reset keys change nothing at 0.8 s");
    // Our runtime (rigc sample) poses every animation as spine-core does, with
    // and without the simulation, at 60 fps and at a coarse step.
    let skeleton = out.join("skeleton.json");
    let atlas = out.join("skeleton.atlas");
    let atlas = atlas.to_str().unwrap();
    assert!(crate::sample::every_animation_agrees(&out) == 2);
    for anim in ["swing", "fade"] {
        oracle_agrees(
            &skeleton,
            atlas,
            &[anim, times, "--physics", "update", "--dt", "0.02"],
            &[
                "--animation",
                anim,
                "--times",
                times,
                "--physics",
                "update",
                "--dt",
                "0.02",
            ],
        );
    }
}

#[test]
fn explain_prints_a_phys_line_per_constraint() {
    let p = project(RIG, MOTION);
    let run = p.rigc(&[
        "explain",
        "--rig",
        "rig.json",
        "--motion",
        "motion.json",
        "--out",
        "out",
    ]);
    run.green()
        .stdout_has("  PHYS  sway         bone=tail           components=[x, rotate] mix=1\n")
        .stdout_has("  PHYS  whip         bone=whip           components=[rotate] mix=1\n");
}

#[test]
fn a23_refuses_rotation_physics_on_a_bone_with_no_length() {
    // look's reference rig declares `ahoge_whip` with no length (FIGURES.md ⚠️):
    // the same whip on a length-0 bone is refused at the gate, nothing written.
    let rig = RIG.replace(r#""rotation": -60, "length": 66 }"#, r#""rotation": -60 }"#);
    assert_ne!(rig, RIG);
    let p = project(&rig, MOTION);
    let run = fixture::build(&p, "out");
    run.code(1).stdout_has(
        "FAIL  A23_PHYSICS_CONSTRAINT_EFFECTIVE: physics \"whip\" drives rotate on bone \"whip\", which has length 0 — the solver aims the bone's tip, and a bone with no length has none, so it swings toward world angle 0; give the bone a length, or drive x and y",
    );
    assert!(!p.exists("out"), "a refused build wrote --out");
    // The FAIL is placed at the whip's entry of the motion spec's physics table.
    let (line, col) = crate::refusals::pos(MOTION, "\"whip\": { \"bone\"", 8);
    run.stdout_has(&format!("--> motion.json:{line}:{col} at /physics/whip"));
    // The positive control: the same rig with the whip's length builds green.
    fixture::build(&project(RIG, MOTION), "out")
        .green()
        .stdout_has("PASS  A23_PHYSICS_CONSTRAINT_EFFECTIVE");
}
