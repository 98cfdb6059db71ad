//! The `slider` constraint: both models as declared (numbers at 6 decimals),
//! and every refusal the rig alone can make, each at its value.

use super::{edit, ok, refuses};
use rigc_sdk::model::{Constraint, SliderConstraint, SliderDrive};

/// BASE with a `constraints` array.
fn cons(c: &str) -> String {
    edit(&[(
        "\"name\": \"t\",",
        &format!("\"name\": \"t\",\n  \"constraints\": {c},"),
    )])
}

fn slider(c: &str) -> SliderConstraint {
    match &ok(&cons(c)).constraints[0].constraint {
        Constraint::Slider(s) => s.clone(),
        other => panic!("not a slider: {other:?}"),
    }
}

#[test]
fn the_bone_driven_model_keeps_what_is_declared() {
    let s = slider(
        r#"[{ "name": "yaw", "type": "slider", "animation": "turn", "bone": "b", "property": "rotate", "from": -19, "to": 0, "scale": 0.016666666, "max": 19, "local": true, "additive": true, "mix": 1 }]"#,
    );
    assert_eq!(
        s,
        SliderConstraint {
            name: "yaw".into(),
            animation: "turn".into(),
            additive: Some(true),
            looping: None,
            mix: Some(1.0),
            // 1/60 is written with six decimals (FORMAT.md §2.8 slider notes).
            driven: Some(SliderDrive {
                bone: "b".into(),
                property: "rotate".into(),
                from: Some(-19.0),
                to: Some(0.0),
                scale: Some(0.016667),
                max: Some(19.0),
                local: Some(true),
            }),
            time: None,
            skin: None,
        }
    );
}

#[test]
fn the_time_driven_model_keeps_only_its_time() {
    let s = slider(
        r#"[{ "name": "reveal", "type": "slider", "animation": "curtain", "time": 0.25, "loop": true }]"#,
    );
    assert_eq!(
        (s.driven, s.time, s.looping, s.additive, s.mix),
        (None, Some(0.25), Some(true), None, None)
    );
}

#[test]
fn animation_absent() {
    refuses(
        &cons(r#"[{ "name": "k", "type": "slider", "time": 0 }]"#),
        "rig.slider.animation-missing",
        "rig constraint \"k\": a slider needs an \"animation\" — the animation it applies. Without one the parser's second pass over the constraints array throws `Slider animation not found`.",
        "/constraints/0",
        "{ \"name\": \"k\"",
    );
}

#[test]
fn property_unknown_or_absent() {
    refuses(
        &cons(r#"[{ "name": "k", "type": "slider", "animation": "a", "bone": "b", "property": "rotation" }]"#),
        "rig.slider.property-unknown",
        "rig constraint \"k\": drives off bone \"b\" but its property is \"rotation\"; known: rotate, x, y, scaleX, scaleY, shearY (the parser throws on anything else)",
        "/constraints/0/property",
        "\"rotation\"",
    );
    refuses(
        &cons(r#"[{ "name": "k", "type": "slider", "animation": "a", "bone": "b" }]"#),
        "rig.slider.property-unknown",
        "rig constraint \"k\": drives off bone \"b\" but names no property; known: rotate, x, y, scaleX, scaleY, shearY (the parser throws on anything else)",
        "/constraints/0",
        "{ \"name\": \"k\"",
    );
}

#[test]
fn scale_zero_and_zero_at_six_decimals() {
    refuses(
        &cons(r#"[{ "name": "k", "type": "slider", "animation": "a", "bone": "b", "property": "x", "scale": 0 }]"#),
        "rig.slider.scale-zero",
        "rig constraint \"k\": scale is 0, so the bone's property cannot move the slider's time at all",
        "/constraints/0/scale",
        "\"scale\": |0 }",
    );
    refuses(
        &cons(r#"[{ "name": "k", "type": "slider", "animation": "a", "bone": "b", "property": "x", "scale": 4e-7 }]"#),
        "rig.slider.scale-zero",
        "rig constraint \"k\": scale is 4e-7, which is 0 at the six decimals it is written with, so the bone's property cannot move the slider's time at all",
        "/constraints/0/scale",
        "4e-7",
    );
}

#[test]
fn bone_and_time() {
    refuses(
        &cons(r#"[{ "name": "k", "type": "slider", "animation": "a", "bone": "b", "property": "x", "time": 2 }]"#),
        "rig.slider.bone-and-time",
        "rig constraint \"k\": declares both a \"bone\" and \"time\". A slider with a bone takes its time from that bone's property; \"time\" is read only by the bone-less form (`:361`), so it would be dropped in silence.",
        "/constraints/0/time",
        "2 }",
    );
}

#[test]
fn a_bone_field_without_a_bone() {
    for field in ["property", "from", "to", "scale", "max", "local"] {
        let value = if field == "property" {
            "\"x\""
        } else if field == "local" {
            "true"
        } else {
            "1"
        };
        refuses(
            &cons(&format!(r#"[{{ "name": "k", "type": "slider", "animation": "a", "{field}": {value} }}]"#)),
            "rig.slider.field-without-bone",
            &format!("rig constraint \"k\": declares \"{field}\" but no \"bone\". Every one of property/from/to/scale/max/local is read only inside the parser's `if (boneName)` branch (`:350-360`), so it would be dropped in silence. Name the driving bone, or key `slider.k.time` in the motion spec instead."),
            &format!("/constraints/0/{field}"),
            &format!("{value} }}"),
        );
    }
}

#[test]
fn bone_undeclared() {
    refuses(
        &cons(
            r#"[{ "name": "k", "type": "slider", "animation": "a", "bone": "dial", "property": "x" }]"#,
        ),
        "rig.constraint.bone-undeclared",
        "rig constraint \"k\": bone names \"dial\", which the rig does not declare as a bone",
        "/constraints/0/bone",
        "\"dial\"",
    );
}

#[test]
fn a_skin_required_slider_no_skin_lists_is_refused() {
    refuses(
        &cons(r#"[{ "name": "k", "type": "slider", "animation": "a", "skin": true }]"#),
        "rig.constraint.skin-never-activated",
        "slider constraint \"k\" declares `\"skin\": true` but no skin activates it, so it never runs — list it in that skin's \"slider\" array, or drop the flag",
        "/constraints/0/skin",
        "true }",
    );
}

#[test]
fn unknown_key() {
    let text = cons(r#"[{ "name": "k", "type": "slider", "animation": "a", "tme": 0 }]"#);
    let d = super::refused(&text);
    assert_eq!(d.len(), 1, "{}", super::render(&d));
    assert!(
        d[0].message.contains("unknown field \"tme\""),
        "{}",
        d[0].message
    );
}
