//! `ik` (FORMAT.md §3.12) and `transform` (§3.13) timelines: effective values on
//! every key, curves on the effective values, and every refusal.

use super::{bezier, close, compile_all, field, ok, refused, setup};
use crate::spec::motion::tests::{expect, motion, parse_str};
use rigc_sdk::model::{Curve, KeyValue};

/// An animation `a` (duration 1) with no tracks and the field text `families`
/// (starting on line 5).
fn anim(families: &str) -> String {
    format!("\"a\": {{\"duration\": 1, \"tracks\": [],\n{families}\n}}")
}

#[test]
fn ik_keys_write_effective_values() {
    let a = ok(&anim(
        r#""ik": [{"constraint": "reach", "keys": [{"t": 0, "mix": 0.2, "stretch": false, "ease": "soft"}, {"t": 0.5, "mix": 0.2, "stretch": false, "ease": "soft"}, {"t": 1, "mix": 1, "stretch": true}]}]"#,
    ));
    let keys = &a.ik[0].1;
    assert_eq!(a.ik[0].0, "reach");
    let names: Vec<&str> = keys[0].fields.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["mix", "softness", "bendPositive", "compress", "stretch"]
    );
    // The rig's bendPositive (false) and compress (true) are stamped on; stretch
    // is each key's own.
    assert_eq!(field(&keys[0], "bendPositive"), &KeyValue::Bool(false));
    assert_eq!(field(&keys[0], "compress"), &KeyValue::Bool(true));
    assert_eq!(field(&keys[0], "stretch"), &KeyValue::Bool(false));
    assert_eq!(field(&keys[2], "stretch"), &KeyValue::Bool(true));
    assert_eq!(field(&keys[0], "softness"), &KeyValue::Num(0.0));
    // mix 0.2 → 0.2 and softness 0 → 0: a hold, so "soft" is stepped.
    assert_eq!(keys[0].curve, Some(Curve::Stepped));
    close(
        bezier(&keys[1]),
        &[0.625, 0.2, 0.875, 1.0, 0.625, 0.0, 0.875, 0.0],
    );
}

#[test]
fn transform_keys_write_all_six_mixes() {
    let a = ok(&anim(
        r#""transform": [{"constraint": "follow", "keys": [{"t": 0, "mixX": 0.5, "ease": "soft"}, {"t": 1, "mixX": 0}]}]"#,
    ));
    let keys = &a.transform[0].1;
    let fields: Vec<(&str, f64)> = keys[0]
        .fields
        .iter()
        .map(|(n, v)| {
            (
                n.as_str(),
                if let KeyValue::Num(x) = v {
                    *x
                } else {
                    f64::NAN
                },
            )
        })
        .collect();
    assert_eq!(
        fields,
        [
            ("mixRotate", 1.0),
            ("mixX", 0.5),
            ("mixY", 0.5),
            ("mixScaleX", 1.0),
            ("mixScaleY", 1.0),
            ("mixShearY", 1.0)
        ]
    );
    let p = bezier(&keys[0]);
    assert_eq!(p.len(), 24);
    close(&p[4..12], &[0.25, 0.5, 0.75, 0.0, 0.25, 0.5, 0.75, 0.0]);
    close(&p[0..4], &[0.25, 1.0, 0.75, 1.0]);
    // A raw 24-number curve is taken as written.
    let raw: Vec<String> = (0..6).map(|_| "0.2, 1, 0.8, 1".to_string()).collect();
    ok(&anim(&format!(
        r#""transform": [{{"constraint": "follow", "keys": [{{"t": 0, "curve": [{}]}}, {{"t": 1}}]}}]"#,
        raw.join(", ")
    )));
}

#[test]
fn unknown_constraint() {
    let d = refused(&anim(
        r#""ik": [{"constraint": "reech", "keys": [{"t": 1}]}]"#,
    ));
    expect(&d, "motion.constraint.unknown", "animation \"a\" keys unknown ik constraint \"reech\"; the rig declares ik constraint(s): reach", "/animations/a/ik/0/constraint", (5, 23));
    let mut bare = setup();
    bare.constraints.clear();
    let spec = parse_str(&motion(&anim(
        r#""transform": [{"constraint": "follow", "keys": [{"t": 1}]}]"#,
    )))
    .expect("parses");
    let d = compile_all(&spec, &bare).expect_err("refused");
    expect(&d, "motion.constraint.unknown", "animation \"a\" keys unknown transform constraint \"follow\"; the rig declares no transform constraint at all", "/animations/a/transform/0/constraint", (5, 30));
}

#[test]
fn constraint_of_another_type() {
    let d = refused(&anim(
        r#""ik": [{"constraint": "follow", "keys": [{"t": 1}]}]"#,
    ));
    expect(&d, "motion.constraint.type-mismatch", "animation \"a\" keys \"follow\" as an ik constraint, but the rig declares it as a \"transform\" constraint — the parser looks a timeline's target up by name AND type, misses, and throws", "/animations/a/ik/0/constraint", (5, 23));
}

#[test]
fn two_timelines_on_one_constraint() {
    let d = refused(&anim(
        r#""ik": [{"constraint": "reach", "keys": [{"t": 1}]}, {"constraint": "reach", "keys": [{"t": 1}]}]"#,
    ));
    expect(&d, "motion.constraint.duplicate", "animation \"a\" has two ik timelines on constraint \"reach\"; the group holds one timeline per constraint, so merge them into one", "/animations/a/ik/1/constraint", (5, 68));
}

#[test]
fn constraint_without_keys() {
    let d = refused(&anim(
        r#""transform": [{"constraint": "follow", "keys": []}]"#,
    ));
    expect(
        &d,
        "motion.constraint.no-keys",
        "animation \"a\" transform constraint \"follow\": no keys",
        "/animations/a/transform/0/keys",
        (5, 48),
    );
}

#[test]
fn fields_are_stated_on_every_key_or_none() {
    let d = refused(&anim(
        r#""ik": [{"constraint": "reach", "keys": [{"t": 0, "softness": 2}, {"t": 1}]}]"#,
    ));
    expect(&d, "motion.constraint.field-not-uniform", "animation \"a\" ik constraint \"reach\": key 0 names \"softness\" and key 1 (t=1) does not. Every key of an ik timeline is read with its own default, so \"softness\" would snap to 0 at t=1 — state it on every key or on none.", "/animations/a/ik/0/keys/1", (5, 66));
    let d = refused(&anim(
        r#""transform": [{"constraint": "follow", "keys": [{"t": 0}, {"t": 1, "mixY": 0}]}]"#,
    ));
    expect(&d, "motion.constraint.field-not-uniform", "animation \"a\" transform constraint \"follow\": key 1 (t=1) names \"mixY\" and key 0 does not. Every key of a transform timeline is read with its own default, so \"mixY\" would snap to that key's mixX at t=0 — state it on every key or on none.", "/animations/a/transform/0/keys/1/mixY", (5, 76));
}

#[test]
fn ik_ranges() {
    let d = refused(&anim(
        r#""ik": [{"constraint": "reach", "keys": [{"t": 1, "mix": 1.5}]}]"#,
    ));
    expect(&d, "motion.constraint.range", "animation \"a\" ik constraint \"reach\" (t=1): mix is 1.5, outside 0..1 — the runtime documents it as a percentage 0-1", "/animations/a/ik/0/keys/0/mix", (5, 57));
    let d = refused(&anim(
        r#""ik": [{"constraint": "reach", "keys": [{"t": 1, "softness": -2}]}]"#,
    ));
    expect(&d, "motion.constraint.range", "animation \"a\" ik constraint \"reach\" (t=1): softness is -2, outside 0..∞ — the runtime documents it as a distance", "/animations/a/ik/0/keys/0/softness", (5, 62));
}

#[test]
fn constraint_keys_follow_the_key_rules() {
    let d = refused(&anim(
        r#""ik": [{"constraint": "reach", "keys": [{"t": 0, "curve": [0, 0, 1, 1]}, {"t": 1}]}]"#,
    ));
    expect(&d, "motion.key.curve-length", "animation \"a\" ik constraint \"reach\" (t=0): raw curve has 4 numbers, this timeline needs 2 channel(s) x 4 = 8", "/animations/a/ik/0/keys/0/curve", (5, 59));
    let d = refused(&anim(
        r#""ik": [{"constraint": "reach", "keys": [{"t": 1}, {"t": 0.5}]}]"#,
    ));
    expect(
        &d,
        "motion.key.time-order",
        "animation \"a\" ik constraint \"reach\": key times must strictly increase (at t=0.5)",
        "/animations/a/ik/0/keys/1/t",
        (5, 57),
    );
}
