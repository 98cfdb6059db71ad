//! Slider constraints end to end (FORMAT.md §2.8 slider, §3.15; GATE.md A37,
//! A40, A42): gallery look's two dials on a copy trimmed to what this build
//! compiles, its headroll composition posed by spine-core and by rigc's own
//! runtime, a bone-driven and a time-driven slider posed at several times
//! against closed forms derived here, a skin-required slider posing only under
//! the skin that lists it, and one test per slider refusal class (message,
//! place, exit code, nothing written).

use crate::refusals::{pos, refused, Expect};
use crate::util::{self, Project};
use serde_json::{json, Value};
use std::path::Path;

/// gallery look (`../shared/reference/rigc-gallery/look`), trimmed to what this
/// build compiles: its four grid meshes become region attachments of the same
/// images, its `physics` table and its deform tracks (all on those meshes) are
/// removed, and so are the invariants that count meshes. Everything the sliders
/// read is kept as written.
fn trimmed_look(p: &Project) -> (Value, Value) {
    let dir = util::shared().join("reference/rigc-gallery/look");
    let read = |f: &str| -> Value {
        serde_json::from_str(&std::fs::read_to_string(dir.join(f)).expect("read look"))
            .expect("json")
    };
    let (mut rig, mut motion) = (read("rig.json"), read("motion.json"));
    for skin in rig["skins"].as_object_mut().expect("skins").values_mut() {
        for slot in skin.as_object_mut().expect("skin").values_mut() {
            for att in slot.as_object_mut().expect("slot").values_mut() {
                if att["type"] == "mesh" {
                    *att = json!({ "image": att["image"].clone() });
                }
            }
        }
    }
    rig.as_object_mut().expect("rig").remove("invariants");
    motion.as_object_mut().expect("motion").remove("physics");
    for a in motion["animations"]
        .as_object_mut()
        .expect("animations")
        .values_mut()
    {
        a.as_object_mut().expect("animation").remove("deform");
    }
    p.copy_dir(&dir.join("parts"), "parts");
    write(p, &rig, &motion);
    (rig, motion)
}

fn write(p: &Project, rig: &Value, motion: &Value) {
    p.write("rig.json", serde_json::to_string_pretty(rig).expect("text"));
    p.write(
        "motion.json",
        serde_json::to_string_pretty(motion).expect("text"),
    );
}

fn build(p: &Project) -> util::Run {
    p.rigc(&crate::fixture::args("out", &[]))
}

fn skeleton(p: &Project) -> Value {
    serde_json::from_str(&p.read("out/skeleton.json")).expect("skeleton json")
}

/// spine-core's pose of `animation` at `t` (one frame).
fn oracle_frame(dir: &Path, animation: &str, t: f64) -> Value {
    let v = util::oracle(&[
        dir.join("skeleton.json").to_str().expect("utf-8"),
        dir.join("skeleton.atlas").to_str().expect("utf-8"),
        animation,
        &t.to_string(),
    ])
    .unwrap_or_else(|e| panic!("spine-core could not pose {animation}: {e}"));
    v["frames"][0].clone()
}

/// rigc-spine's pose of `animation` at `t`, through `rigc sample`.
fn our_frame(dir: &Path, animation: &str, t: f64) -> Value {
    let (s, a) = (dir.join("skeleton.json"), dir.join("skeleton.atlas"));
    let t = t.to_string();
    let run = util::run_in(
        &util::workspace(),
        &[
            "sample",
            "--candidate",
            s.to_str().expect("utf-8"),
            "--atlas",
            a.to_str().expect("utf-8"),
            "--animation",
            animation,
            "--times",
            &t,
        ],
    );
    assert_eq!(run.code, 0, "rigc sample: {}", run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).expect("sample json");
    v["frames"][0].clone()
}

fn bone<'a>(frame: &'a Value, name: &str) -> &'a Value {
    frame["bones"]
        .as_array()
        .expect("bones")
        .iter()
        .find(|b| b["name"] == name)
        .unwrap_or_else(|| panic!("no bone {name}"))
}

fn slider_time(frame: &Value, name: &str) -> f64 {
    let c = frame["constraints"]
        .as_array()
        .expect("constraints")
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no constraint {name}"));
    c["time"].as_f64().expect("time")
}

/// World rotation in degrees, from the bone's matrix.
fn world_rotation(b: &Value) -> f64 {
    let (a, c) = (b["a"].as_f64().expect("a"), b["c"].as_f64().expect("c"));
    c.atan2(a).to_degrees()
}

fn close(got: f64, want: f64, tol: f64, what: &str) {
    assert!(
        (got - want).abs() <= tol,
        "{what}: {got}, expected {want} (|Δ| {} > {tol})",
        (got - want).abs()
    );
}

#[test]
fn look_sliders_compile_as_declared_and_the_gate_measures_them() {
    let p = Project::new();
    trimmed_look(&p);
    build(&p)
        .green()
        .stdout_has("PASS  A37_SLIDER_CONSTRAINT_EFFECTIVE")
        .stdout_has("PASS  A40_SLIDERS_COMPOSE_ON_A_SHARED_TARGET")
        .stdout_has("sliderSharedTargets=1");
    let s = skeleton(&p);
    let cons = s["constraints"].as_array().expect("constraints");
    // FIGURES.md look: yaw (turn, from −19, to 0, scale 0.05, max 19, local,
    // additive, mix 1) and tilt (tilt, −5..5); keys in FORMAT.md §5.3's order.
    let yaw = cons[0].as_object().expect("yaw");
    assert_eq!(
        yaw.keys().map(String::as_str).collect::<Vec<_>>(),
        [
            "name",
            "type",
            "animation",
            "additive",
            "mix",
            "bone",
            "property",
            "from",
            "to",
            "scale",
            "max",
            "local"
        ]
    );
    assert_eq!(
        cons[0],
        json!({ "name": "yaw", "type": "slider", "animation": "turn", "additive": true, "mix": 1,
                "bone": "yaw_dial", "property": "rotate", "from": -19, "to": 0, "scale": 0.05, "max": 19, "local": true })
    );
    assert_eq!(
        (&cons[1]["animation"], &cons[1]["from"], &cons[1]["max"]),
        (&json!("tilt"), &json!(-5), &json!(5))
    );
    // turn (1.9 s) and tilt (0.5 s): the last key of each lookup table.
    for (anim, duration) in [("turn", 1.9), ("tilt", 0.5)] {
        let last = s["animations"][anim]["bones"]["headroll"]["rotate"]
            .as_array()
            .and_then(|k| k.last())
            .and_then(|k| k["time"].as_f64());
        assert_eq!(last, Some(duration), "{anim}");
    }
    // explain's sliders block: every stated field of each, as written.
    p.rigc(&["explain", "--rig", "rig.json", "--motion", "motion.json", "--out", "out"])
        .green()
        .stdout_has("sliders\n  yaw          animation=turn additive=true mix=1 bone=yaw_dial property=rotate from=-19 to=0 scale=0.05 max=19 local=true\n  tilt         animation=tilt additive=true mix=1 bone=tilt_dial property=rotate from=-5 to=0 scale=0.05 max=5 local=true\n");
    // A mutant the gate names: yaw muted at setup, and no animation keys its mix.
    let text = p.read("out/skeleton.json");
    let at = text.find("\"name\": \"yaw\"").expect("yaw");
    let rel = text[at..].find("\"mix\": 1").expect("yaw mix") + at;
    p.write(
        "out/skeleton.json",
        format!(
            "{}\"mix\": 0{}",
            &text[..rel],
            &text[rel + "\"mix\": 1".len()..]
        ),
    );
    p.rigc(&["validate", "out"])
        .code(1)
        .stdout_has("FAIL  A37_SLIDER_CONSTRAINT_EFFECTIVE: slider \"yaw\" has mix 0 at setup and none of the 3 animations keys its mix above 0");
}

#[test]
fn headroll_composes_1_90_and_5_00_into_6_90_and_a_non_additive_tilt_wins() {
    let p = Project::new();
    trimmed_look(&p);
    build(&p).green();
    let out = p.path().join("out");
    // sweep at 1.0 s holds yaw_dial at 19° (keyed 19 from 0.7 s to 1.1 s) and
    // keys tilt_dial 5° (its key at 1.0 s). FIGURES: time = (deg + 19)·0.05,
    // and tilt's (deg + 5)·0.05; turn keys headroll 1.9° at its 1.9 s end,
    // tilt 5° at its 0.5 s end: 1.90 + 5.00 = 6.90°.
    let (yaw_t, tilt_t) = ((19.0 + 19.0) * 0.05, (5.0 + 5.0) * 0.05);
    for frame in [
        oracle_frame(&out, "sweep", 1.0),
        our_frame(&out, "sweep", 1.0),
    ] {
        close(slider_time(&frame, "yaw"), yaw_t, 1e-6, "yaw time");
        close(slider_time(&frame, "tilt"), tilt_t, 1e-6, "tilt time");
        close(
            world_rotation(bone(&frame, "headroll")),
            1.90 + 5.00,
            1e-4,
            "headroll",
        );
    }
    // The same skeleton with tilt not additive: tilt, later in constraints,
    // overwrites headroll with its own 5.00°, and A40 names it.
    let text = p.read("out/skeleton.json");
    let at = text.find("\"name\": \"tilt\"").expect("tilt");
    let rel = text[at..]
        .find("\"additive\": true")
        .expect("tilt additive")
        + at;
    p.write(
        "out/skeleton.json",
        format!(
            "{}\"additive\": false{}",
            &text[..rel],
            &text[rel + "\"additive\": true".len()..]
        ),
    );
    for frame in [
        oracle_frame(&out, "sweep", 1.0),
        our_frame(&out, "sweep", 1.0),
    ] {
        close(
            world_rotation(bone(&frame, "headroll")),
            5.00,
            1e-4,
            "non-additive headroll",
        );
    }
    p.rigc(&["validate", "out"]).code(1).stdout_has(
        "FAIL  A40_SLIDERS_COMPOSE_ON_A_SHARED_TARGET: bone \"headroll\" rotate is keyed by the animations of 2 sliders — \"yaw\" (constraints[0], additive: true), \"tilt\" (constraints[1], additive: false) — and every one of them applies at mix 1. Today \"tilt\" (constraints[1]) wins that property and \"yaw\" contributes nothing to it",
    );
}

#[test]
fn look_trimmed_poses_the_same_in_spine_core_and_rigc_spine() {
    let p = Project::new();
    trimmed_look(&p);
    build(&p).green();
    assert_eq!(
        crate::sample::every_animation_agrees(&p.path().join("out")),
        3
    );
}

/// The trimmed look whose `turn` (applied by yaw, constraints[0]) keys tilt's
/// mix (constraints[1]): the driven constraint updates after its driver, so
/// A42 measures it and PASSes.
pub(crate) fn driven_later() -> Project {
    let p = Project::new();
    let (rig, mut motion) = trimmed_look(&p);
    motion["animations"]["turn"]["tracks"]
        .as_array_mut()
        .expect("tracks")
        .push(json!({ "slider": "tilt", "property": "mix", "keys": [ { "t": 0, "v": [1] }, { "t": 1.9, "v": [1] } ] }));
    write(&p, &rig, &motion);
    p
}

#[test]
fn a_slider_keying_a_later_slider_is_measured_by_a42_and_its_self_form_fails() {
    let p = driven_later();
    build(&p)
        .green()
        .stdout_has("PASS  A42_DRIVEN_CONSTRAINTS_UPDATE_AFTER_THEIR_DRIVER")
        .stdout_has("sliderDrivenConstraints=1");
    // The mutant: turn keys yaw's own mix.
    let text = p.read("out/skeleton.json");
    let group = text.find("\"slider\": {").expect("a slider group");
    let rel = text[group..].find("\"tilt\"").expect("tilt keyed") + group;
    p.write(
        "out/skeleton.json",
        format!("{}\"yaw\"{}", &text[..rel], &text[rel + "\"tilt\"".len()..]),
    );
    p.rigc(&["validate", "out"]).code(1).stdout_has(
        "FAIL  A42_DRIVEN_CONSTRAINTS_UPDATE_AFTER_THEIR_DRIVER: slider \"yaw\" (constraints[0]) keys its own `mix` in animation \"turn\"",
    );
}

#[test]
fn look_with_a_world_rotation_dial_is_refused_with_its_figures() {
    let p = Project::new();
    let (mut rig, motion) = trimmed_look(&p);
    rig["constraints"][0]["local"] = json!(false);
    write(&p, &rig, &motion);
    let text = p.read("rig.json");
    let at = pos(&text, "\"local\": false", "\"local\": ".len());
    // FIGURES look: −19° read as 341°, 94.7 %; time (341 + 19)·0.05 = 18 s
    // where the dial at −19° means 0 s of turn's 1.9 s.
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: "rig constraint \"yaw\": drives off bone \"yaw_dial\" rotate with \"local\": false, and the driving values that reach animation \"turn\" (0s..1.9s) run from −19.000° to 19.000°. A world rotation reads in [0°, 360°): −19.000° reads as 341.000° (94.7 % of a full turn), so the slider asks \"turn\" for 18s where it means 0s, past its 1.9s end, and every value below 0° shows its last frame. Set \"local\": true, or keep the driving values on one side of 0°.",
            pointer: "/constraints/0/local",
            at,
        },
    );
}

/// The tiny fixture with a dial bone, a bone-driven slider `knob` (local,
/// additive) and a time-driven slider `reveal` (loop, its mix keyed).
const DRIVEN_RIG: &str = r#"{
  "spec": "rigc-rig/1",
  "name": "tiny",
  "images": "parts",
  "skeleton": { "width": 200, "height": 100 },
  "bones": [
    { "name": "root" },
    { "name": "body", "parent": "root", "x": 100, "y": 20 },
    { "name": "head", "parent": "body", "y": 40, "rotation": 5 },
    { "name": "dial", "parent": "root" }
  ],
  "slots": [
    { "name": "body", "bone": "body", "attachment": "body" },
    { "name": "head", "bone": "head", "attachment": "head" }
  ],
  "skins": {
    "default": {
      "body": { "body": { "image": "body.png", "y": 20 } },
      "head": { "head": { "image": "head.png" } }
    }
  },
  "constraints": [
    { "name": "knob", "type": "slider", "animation": "lift", "bone": "dial", "property": "rotate", "from": 0, "to": 0, "scale": 0.005, "local": true, "additive": true },
    { "name": "reveal", "type": "slider", "animation": "spin", "time": 0, "loop": true, "mix": 1 }
  ]
}
"#;

const DRIVEN_MOTION: &str = r#"{
  "spec": "rigc-motion/1",
  "archetype": "tiny",
  "easings": {},
  "animations": {
    "lift": { "duration": 1, "tracks": [
      { "bone": "body", "property": "translate", "keys": [ { "t": 0, "v": [0, 0] }, { "t": 1, "v": [0, 20] } ] } ] },
    "spin": { "duration": 1, "tracks": [
      { "bone": "head", "property": "rotate", "keys": [ { "t": 0, "v": [0] }, { "t": 1, "v": [30] } ] } ] },
    "drive": { "duration": 2, "tracks": [
      { "bone": "dial", "property": "rotate", "keys": [ { "t": 0, "v": [0] }, { "t": 2, "v": [200] } ] },
      { "slider": "reveal", "property": "time", "keys": [ { "t": 0, "v": [0] }, { "t": 2, "v": [1.5] } ] },
      { "slider": "reveal", "property": "mix", "keys": [ { "t": 0, "v": [0.5] }, { "t": 2, "v": [0.5] } ] } ] }
  }
}
"#;

fn driven() -> Project {
    let p = Project::new();
    crate::fixture::tiny(&p);
    p.write("rig.json", DRIVEN_RIG);
    p.write("motion.json", DRIVEN_MOTION);
    p
}

#[test]
fn a_bone_driven_and_a_time_driven_slider_pose_to_their_closed_forms() {
    let p = driven();
    build(&p).green();
    let s = skeleton(&p);
    assert_eq!(
        s["animations"]["drive"]["slider"]["reveal"],
        json!({ "time": [ { "time": 0, "value": 0 }, { "time": 2, "value": 1.5 } ],
                "mix": [ { "time": 0, "value": 0.5 }, { "time": 2, "value": 0.5 } ] })
    );
    let out = p.path().join("out");
    for t in [0.0, 0.5, 1.0, 1.5, 2.0] {
        // knob: dial at 100·t degrees (local), time = 0 + (100t − 0)·0.005 =
        // 0.5t into lift, which adds 20·(0.5t) to body's y (setup 20).
        let knob = 0.5 * t;
        // reveal: time 0.75t (its time track), looped over spin's 1 s, at its
        // keyed mix 0.5 over the setup pose: head = 5 + 0.5·30·frac(0.75t).
        let reveal = 0.75 * t;
        let head = 5.0 + 0.5 * 30.0 * (reveal - f64::floor(reveal));
        for (who, frame) in [
            ("spine-core", oracle_frame(&out, "drive", t)),
            ("rigc-spine", our_frame(&out, "drive", t)),
        ] {
            let what = |w: &str| format!("{who} t={t} {w}");
            close(slider_time(&frame, "knob"), knob, 1e-5, &what("knob time"));
            close(
                slider_time(&frame, "reveal"),
                reveal,
                1e-5,
                &what("reveal time"),
            );
            let body = bone(&frame, "body");
            close(
                body["local"]["y"].as_f64().expect("y"),
                20.0 + 20.0 * knob,
                1e-4,
                &what("body y"),
            );
            close(
                body["local"]["x"].as_f64().expect("x"),
                100.0,
                1e-4,
                &what("body x"),
            );
            close(
                bone(&frame, "head")["local"]["rotation"]
                    .as_f64()
                    .expect("rotation"),
                head,
                1e-4,
                &what("head rotation"),
            );
        }
    }
    crate::sample::every_animation_agrees(&out);
    // explain lists the slider timelines key by key, and both models.
    p.rigc(&["explain", "--rig", "rig.json", "--motion", "motion.json", "--out", "out"])
        .green()
        .stdout_has("    slider.reveal.time  2 key(s)\n      t=0       value=0                        linear\n      t=2       value=1.5                      linear\n")
        .stdout_has("sliders\n  knob         animation=lift additive=true bone=dial property=rotate from=0 to=0 scale=0.005 local=true\n  reveal       animation=spin loop=true mix=1 time=0\n");
}

fn driven_with_rig(from: &str, to: &str) -> (Project, String) {
    let p = driven();
    assert!(DRIVEN_RIG.contains(from), "{from:?}");
    let rig = DRIVEN_RIG.replacen(from, to, 1);
    p.write("rig.json", &rig);
    (p, rig)
}

fn refused_at(
    p: &Project,
    text: &str,
    file: &str,
    message: &str,
    pointer: &str,
    needle: &str,
    skip: usize,
) {
    refused(
        p,
        Expect {
            file,
            message,
            pointer,
            at: pos(text, needle, skip),
        },
    );
}

#[test]
fn refused_an_animation_the_motion_spec_does_not_declare() {
    let (p, rig) = driven_with_rig("\"animation\": \"spin\"", "\"animation\": \"spun\"");
    refused_at(&p, &rig, "rig.json", "rig constraint \"reveal\": applies animation \"spun\", which the motion spec does not declare (it declares: lift, spin, drive)", "/constraints/1/animation", "\"spun\"", 0);
}

#[test]
fn refused_a_slider_without_an_animation() {
    let (p, rig) = driven_with_rig("\"animation\": \"spin\", ", "");
    refused_at(&p, &rig, "rig.json", "rig constraint \"reveal\": a slider needs an \"animation\" — the animation it applies. Without one the parser's second pass over the constraints array throws `Slider animation not found`.", "/constraints/1", "{ \"name\": \"reveal\"", 0);
}

#[test]
fn refused_an_unknown_driving_property() {
    let (p, rig) = driven_with_rig("\"property\": \"rotate\"", "\"property\": \"rotation\"");
    refused_at(&p, &rig, "rig.json", "rig constraint \"knob\": drives off bone \"dial\" but its property is \"rotation\"; known: rotate, x, y, scaleX, scaleY, shearY (the parser throws on anything else)", "/constraints/0/property", "\"property\": \"rotation\"", "\"property\": ".len());
}

#[test]
fn refused_a_zero_scale() {
    let (p, rig) = driven_with_rig("\"scale\": 0.005", "\"scale\": 0");
    refused_at(&p, &rig, "rig.json", "rig constraint \"knob\": scale is 0, so the bone's property cannot move the slider's time at all", "/constraints/0/scale", "\"scale\": 0", "\"scale\": ".len());
}

#[test]
fn refused_a_bone_and_a_time() {
    let (p, rig) = driven_with_rig("\"additive\": true }", "\"additive\": true, \"time\": 1 }");
    refused_at(&p, &rig, "rig.json", "rig constraint \"knob\": declares both a \"bone\" and \"time\". A slider with a bone takes its time from that bone's property; \"time\" is read only by the bone-less form (`:361`), so it would be dropped in silence.", "/constraints/0/time", "\"time\": 1 }", "\"time\": ".len());
}

#[test]
fn refused_a_bone_field_without_a_bone() {
    let (p, rig) = driven_with_rig("\"time\": 0,", "\"scale\": 2,");
    refused_at(&p, &rig, "rig.json", "rig constraint \"reveal\": declares \"scale\" but no \"bone\". Every one of property/from/to/scale/max/local is read only inside the parser's `if (boneName)` branch (`:350-360`), so it would be dropped in silence. Name the driving bone, or key `slider.reveal.time` in the motion spec instead.", "/constraints/1/scale", "\"scale\": 2", "\"scale\": ".len());
}

/// DRIVEN_RIG with `reveal` skin-required, listed by skin "armed" only; skin
/// "plain" lists nothing.
fn skin_required_reveal() -> (Project, String) {
    driven_with_rig(
        "\"loop\": true, \"mix\": 1 }",
        "\"loop\": true, \"mix\": 1, \"skin\": true }",
    )
}

const SKINS: &str = r#"      "head": { "head": { "image": "head.png" } }
    }
  },"#;

#[test]
fn a_skin_required_slider_poses_only_under_the_skin_that_lists_it() {
    let (p, rig) = skin_required_reveal();
    let rig = rig.replacen(
        SKINS,
        r#"      "head": { "head": { "image": "head.png" } }
    },
    "armed": { "slider": ["reveal"] },
    "plain": { "head": { "head": { "image": "head.png" } } }
  },"#,
        1,
    );
    p.write("rig.json", &rig);
    build(&p)
        .green()
        .stdout_has("PASS  A38_SKIN_MEMBERS_ARE_SKIN_REQUIRED")
        .stdout_has("skinMembers=1");
    let s = skeleton(&p);
    let reveal = s["constraints"]
        .as_array()
        .and_then(|c| c.iter().find(|c| c["name"] == "reveal"))
        .expect("reveal");
    assert_eq!(reveal["skin"], json!(true), "{reveal}");
    let armed = s["skins"]
        .as_array()
        .and_then(|k| k.iter().find(|k| k["name"] == "armed"))
        .expect("armed");
    assert_eq!(armed["slider"], json!(["reveal"]), "{armed}");
    let out = p.path().join("out");
    let (sk, at) = (out.join("skeleton.json"), out.join("skeleton.atlas"));
    let frame = |skin: Option<&str>, t: f64| -> Value {
        let t = t.to_string();
        let mut args = vec![
            sk.to_str().expect("utf-8"),
            at.to_str().expect("utf-8"),
            "drive",
            t.as_str(),
        ];
        if let Some(skin) = skin {
            args.extend(["--skin", skin]);
        }
        util::oracle(&args).unwrap_or_else(|e| panic!("spine-core: {e}"))["frames"][0].clone()
    };
    for t in [0.5, 1.0, 1.5] {
        // Under "armed" reveal runs: head = 5 + 0.5·30·frac(0.75t) (see
        // a_bone_driven_and_a_time_driven_slider_pose_to_their_closed_forms);
        // elsewhere it is inactive and nothing else keys head: its setup 5°.
        let reveal = 0.75 * t;
        let posed = 5.0 + 0.5 * 30.0 * (reveal - f64::floor(reveal));
        for (skin, head) in [(Some("armed"), posed), (Some("plain"), 5.0), (None, 5.0)] {
            let f = frame(skin, t);
            let what = format!("skin {skin:?} t={t}");
            close(
                bone(&f, "head")["local"]["rotation"]
                    .as_f64()
                    .expect("rotation"),
                head,
                1e-4,
                &format!("{what} head rotation"),
            );
            // knob is not skin-required: it poses under every skin.
            close(
                bone(&f, "body")["local"]["y"].as_f64().expect("y"),
                20.0 + 20.0 * 0.5 * t,
                1e-4,
                &format!("{what} body y"),
            );
        }
    }
}

#[test]
fn refused_a_skin_required_slider_no_skin_lists() {
    let (p, rig) = skin_required_reveal();
    refused_at(&p, &rig, "rig.json", "slider constraint \"reveal\" declares `\"skin\": true` but no skin activates it, so it never runs — list it in that skin's \"slider\" array, or drop the flag", "/constraints/1/skin", "\"skin\": true", "\"skin\": ".len());
}

#[test]
fn refused_a_skin_listing_a_slider_that_is_not_skin_required() {
    let (p, rig) = driven_with_rig(
        SKINS,
        r#"      "head": { "head": { "image": "head.png" } }
    },
    "armed": { "slider": ["reveal"] }
  },"#,
    );
    refused_at(&p, &rig, "rig.json", "skin \"armed\" activates slider constraint \"reveal\", but that constraint does not declare `\"skin\": true`. A constraint is active unless it is skinRequired, so this list changes nothing.", "/skins/armed/slider/0", "\"reveal\"] }", 0);
}

#[test]
fn refused_a_skin_listing_an_undeclared_slider() {
    let (p, rig) = driven_with_rig(
        SKINS,
        r#"      "head": { "head": { "image": "head.png" } }
    },
    "armed": { "slider": ["revel"] }
  },"#,
    );
    refused_at(
        &p,
        &rig,
        "rig.json",
        "skin \"armed\" activates slider constraint \"revel\", which this rig does not declare",
        "/skins/armed/slider/0",
        "\"revel\"",
        0,
    );
}

#[test]
fn refused_a_track_on_an_unknown_slider() {
    let p = driven();
    let motion = DRIVEN_MOTION.replacen(
        "{ \"slider\": \"reveal\", \"property\": \"time\"",
        "{ \"slider\": \"revel\", \"property\": \"time\"",
        1,
    );
    p.write("motion.json", &motion);
    refused_at(&p, &motion, "motion.json", "animation \"drive\" keys unknown slider \"revel\"; the rig declares slider constraint(s): knob, reveal", "/animations/drive/tracks/1/slider", "\"revel\"", 0);
}

#[test]
fn refused_a_slider_timeline_spine_does_not_read() {
    let p = driven();
    let motion = DRIVEN_MOTION.replacen("\"property\": \"mix\"", "\"property\": \"alpha\"", 1);
    p.write("motion.json", &motion);
    refused_at(&p, &motion, "motion.json", "animation \"drive\": slider \"reveal\" has no timeline \"alpha\"; a slider keys time or mix (the parser ignores any other name, so the keys would be dropped in silence)", "/animations/drive/tracks/2/property", "\"alpha\"", 0);
}
