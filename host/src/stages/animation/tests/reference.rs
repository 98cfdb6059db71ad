//! The reference motions (`rigc-buoy`, `rigc-gallery/walk`) and FORMAT.md §11's
//! worked example compile, and their curves equal the closed forms of §5.4.

use super::{bezier, close, compile_all, field, skeleton, timeline};
use crate::spec::motion::tests::{dump, parse_reference, parse_str};
use rigc_sdk::model::{Constraint, Curve, IkConstraint, KeyValue};

/// The control points of handles `h` between (t1, v1) and (t2, v2), one channel.
fn closed(h: [f64; 4], t1: f64, t2: f64, v1: f64, v2: f64) -> [f64; 4] {
    [
        t1 + (t2 - t1) * h[0],
        v1 + (v2 - v1) * h[1],
        t1 + (t2 - t1) * h[2],
        v1 + (v2 - v1) * h[3],
    ]
}

#[test]
fn buoy_compiles_to_closed_form_curves() {
    let spec = parse_reference("rigc-buoy/buoy.motion.json");
    assert_eq!(spec.archetype, "buoy");
    let setup = skeleton(
        &[
            ("root", None),
            ("hull", Some("root")),
            ("mast", Some("hull")),
            ("lamp", Some("mast")),
        ],
        &[
            ("mast", "mast", &["mast"]),
            ("hull", "hull", &["hull"]),
            ("lamp", "lamp", &["lamp"]),
        ],
    );
    let anims = compile_all(&spec, &setup).unwrap_or_else(|d| panic!("{}", dump(&d)));
    let bob = &anims[0];
    assert_eq!(bob.name, "bob");
    assert!(
        bob.slots.is_empty()
            && bob.ik.is_empty()
            && bob.draw_order.is_none()
            && bob.events.is_none()
    );
    let targets: Vec<&str> = bob.bones.iter().map(|b| b.target.as_str()).collect();
    assert_eq!(targets, ["hull", "mast"]);
    let swing = [0.42, 0.0, 0.58, 1.0];
    let hull = timeline(&bob.bones, "hull", "translatey");
    assert_eq!(hull.len(), 4);
    close(bezier(&hull[0]), &[0.21, 0.0, 0.29, 5.0]);
    close(bezier(&hull[0]), &closed(swing, 0.0, 0.5, 0.0, 5.0));
    close(bezier(&hull[1]), &closed(swing, 0.5, 1.5, 5.0, -5.0));
    close(bezier(&hull[2]), &closed(swing, 1.5, 2.0, -5.0, 0.0));
    assert_eq!(hull[3].curve, None);
    assert_eq!(hull[3].time, 2.0);
    assert_eq!(field(&hull[1], "value"), &KeyValue::Num(5.0));
    let mast = timeline(&bob.bones, "mast", "rotate");
    close(bezier(&mast[0]), &closed(swing, 0.0, 1.0, -6.0, 6.0));
    close(bezier(&mast[1]), &closed(swing, 1.0, 2.0, 6.0, -6.0));
}

fn walk_setup() -> rigc_sdk::model::Skeleton {
    let bones: Vec<(&str, Option<&str>)> = vec![
        ("root", None),
        ("hip", Some("root")),
        ("ground", Some("root")),
        ("torso", Some("hip")),
        ("chest", Some("torso")),
        ("neck", Some("chest")),
        ("head", Some("neck")),
        ("face", Some("head")),
        ("ear_l", Some("head")),
        ("ear_r", Some("head")),
        ("knot", Some("neck")),
        ("tail", Some("knot")),
        ("arm_b", Some("chest")),
        ("arm_f", Some("chest")),
        ("hand_f", Some("arm_f")),
        ("thigh_b", Some("hip")),
        ("shin_b", Some("thigh_b")),
        ("thigh_f", Some("hip")),
        ("shin_f", Some("thigh_f")),
        ("foot_b", Some("ground")),
        ("foot_f", Some("ground")),
    ];
    let mut s = skeleton(
        &bones,
        &[("plate", "root", &["plate"]), ("head", "head", &["head"])],
    );
    s.constraints = vec![
        Constraint::Ik(IkConstraint {
            name: "leg_b_ik".into(),
            bones: vec!["thigh_b".into(), "shin_b".into()],
            target: "foot_b".into(),
            bend_positive: Some(true),
            mix: Some(1.0),
            softness: Some(0.0),
            ..IkConstraint::default()
        }),
        Constraint::Ik(IkConstraint {
            name: "leg_f_ik".into(),
            bones: vec!["thigh_f".into(), "shin_f".into()],
            target: "foot_f".into(),
            bend_positive: Some(false),
            mix: Some(1.0),
            softness: Some(0.0),
            ..IkConstraint::default()
        }),
    ];
    s
}

#[test]
fn walk_compiles_with_groups_and_ik() {
    let spec = parse_reference("rigc-gallery/walk/motion.json");
    let anims = compile_all(&spec, &walk_setup()).unwrap_or_else(|d| panic!("{}", dump(&d)));
    let walk = &anims[0];
    let targets: Vec<&str> = walk.bones.iter().map(|b| b.target.as_str()).collect();
    assert_eq!(
        targets,
        [
            "foot_f", "foot_b", "hip", "chest", "head", "ear_l", "ear_r", "tail", "arm_f", "arm_b",
            "hand_f"
        ]
    );
    let settle = [0.28, 0.0, 0.36, 1.0];
    let gather = [0.42, 0.0, 0.8, 0.36];
    let breathe = [0.45, 0.0, 0.55, 1.0];
    let charge = [0.1, 0.72, 0.34, 1.0];
    // foot_f translate: key 0 → 1 holds [0,0] under "settle": stepped (#369).
    let foot_f = timeline(&walk.bones, "foot_f", "translate");
    assert_eq!(foot_f[0].curve, Some(Curve::Stepped));
    let mut want = closed(gather, 0.45, 0.5625, 0.0, -4.0).to_vec();
    want.extend(closed(gather, 0.45, 0.5625, 0.0, 20.0));
    close(bezier(&foot_f[1]), &want);
    let mut want = closed(breathe, 0.5625, 0.675, -4.0, 2.0).to_vec();
    want.extend(closed(breathe, 0.5625, 0.675, 20.0, 28.0));
    close(bezier(&foot_f[2]), &want);
    assert_eq!(
        foot_f[1].fields,
        vec![
            ("x".to_string(), KeyValue::Num(0.0)),
            ("y".to_string(), KeyValue::Num(0.0))
        ]
    );
    // foot_b's last segment 0.45 → 0.9 holds [0,0]: stepped.
    let foot_b = timeline(&walk.bones, "foot_b", "translate");
    assert_eq!(foot_b[4].curve, Some(Curve::Stepped));
    // The ears group: both members get the same keys, in member order.
    let ear_l = timeline(&walk.bones, "ear_l", "rotate");
    let ear_r = timeline(&walk.bones, "ear_r", "rotate");
    assert_eq!(ear_l, ear_r);
    close(bezier(&ear_l[0]), &closed(charge, 0.0, 0.225, 3.0, -3.0));
    let chest = timeline(&walk.bones, "chest", "rotate");
    close(bezier(&chest[1]), &closed(settle, 0.315, 0.765, 2.0, -2.0));
    // IK: every field written with its effective value; curves on mix, softness.
    let names: Vec<&str> = walk.ik.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["leg_f_ik", "leg_b_ik"]);
    let leg_f = &walk.ik[0].1;
    let fields: Vec<&str> = leg_f[0].fields.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        fields,
        ["mix", "softness", "bendPositive", "compress", "stretch"]
    );
    assert_eq!(field(&leg_f[0], "bendPositive"), &KeyValue::Bool(false));
    assert_eq!(field(&leg_f[0], "compress"), &KeyValue::Bool(false));
    let mut want = closed(settle, 0.0, 0.225, 1.0, 1.0).to_vec();
    want.extend(closed(settle, 0.0, 0.225, 0.0, 12.0));
    close(bezier(&leg_f[0]), &want);
    let mut want = closed(gather, 0.45, 0.675, 1.0, 0.55).to_vec();
    want.extend(closed(gather, 0.45, 0.675, 0.0, 0.0));
    close(bezier(&leg_f[2]), &want);
    assert_eq!(leg_f[4].curve, None);
    assert_eq!(leg_f[4].time, 0.9);
}

#[test]
fn format_worked_example_gives_its_curves() {
    let text = r#"{
  "spec": "rigc-motion/1", "archetype": "hello", "cut": "hello",
  "easings": { "smooth": [0.25, 0, 0.75, 1] },
  "animations": { "bob": { "duration": 1, "loop": true, "tracks": [
    { "bone": "box", "property": "translate", "keys": [
      { "t": 0,   "v": [0, 0],  "ease": "smooth" },
      { "t": 0.5, "v": [0, 40], "ease": "smooth" },
      { "t": 1,   "v": [0, 0] } ] } ] } }
}"#;
    let spec = parse_str(text).unwrap_or_else(|d| panic!("{}", dump(&d)));
    let setup = skeleton(
        &[("root", None), ("box", Some("root"))],
        &[("box", "box", &["box"])],
    );
    let anims = compile_all(&spec, &setup).unwrap_or_else(|d| panic!("{}", dump(&d)));
    let keys = timeline(&anims[0].bones, "box", "translate");
    assert_eq!(keys.len(), 3);
    assert_eq!(
        bezier(&keys[0]),
        &[0.125, 0.0, 0.375, 0.0, 0.125, 0.0, 0.375, 40.0]
    );
    assert_eq!(
        bezier(&keys[1]),
        &[0.625, 0.0, 0.875, 0.0, 0.625, 40.0, 0.875, 0.0]
    );
    assert_eq!(keys[2].curve, None);
    let text = rigc_sdk::emit::spine_json::to_string(&rigc_sdk::model::Skeleton {
        animations: anims,
        ..setup
    })
    .expect("every number is a float32");
    let json: serde_json::Value = serde_json::from_str(&text).expect("the emitter writes JSON");
    let translate = &json["animations"]["bob"]["bones"]["box"]["translate"];
    assert_eq!(
        translate[0]["curve"],
        serde_json::json!([0.125, 0, 0.375, 0, 0.125, 0, 0.375, 40])
    );
    assert_eq!(
        translate[1]["curve"],
        serde_json::json!([0.625, 0, 0.875, 0, 0.625, 40, 0.875, 0])
    );
    assert_eq!(
        translate[2],
        serde_json::json!({ "time": 1, "x": 0, "y": 0 })
    );
}
