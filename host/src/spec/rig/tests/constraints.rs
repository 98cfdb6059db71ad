//! The `constraints` array: ik, transform, and what is not compiled yet.

use super::{edit, ok, refused, refuses, render};
use rigc_sdk::model::{Constraint, TransformFrom, TransformTo};

/// BASE with a `constraints` array.
fn cons(c: &str) -> String {
    edit(&[(
        "\"name\": \"t\",",
        &format!("\"name\": \"t\",\n  \"constraints\": {c},"),
    )])
}

#[test]
fn ik_fields_are_some_iff_declared() {
    let r = ok(&cons(
        r#"[{ "name": "k", "type": "ik", "bones": ["b"], "target": "root", "scaleY": "Volume", "mix": 0, "bendPositive": false }]"#,
    ));
    let Constraint::Ik(k) = &r.constraints[0].constraint else {
        panic!("ik")
    };
    assert_eq!(
        (k.bones.clone(), k.target.as_str()),
        (vec!["b".to_string()], "root")
    );
    assert_eq!(
        (k.scale_y.as_deref(), k.mix, k.softness),
        (Some("Volume"), Some(0.0), None)
    );
    assert_eq!(
        (k.bend_positive, k.compress, k.stretch, k.skin),
        (Some(false), None, None, None)
    );
}

#[test]
fn transform_fields_are_some_iff_declared() {
    let r = ok(&cons(
        r#"[{ "name": "tc", "type": "transform", "bones": ["b"], "source": "root", "properties": { "rotate": { "offset": 0, "to": { "rotate": {}, "x": { "scale": 0.5, "max": 2 } } } }, "mixRotate": 1, "localSource": true, "x": 0 }]"#,
    ));
    let Constraint::Transform(t) = &r.constraints[0].constraint else {
        panic!("transform")
    };
    assert_eq!(t.source, "root");
    assert_eq!(
        t.properties,
        Some(vec![TransformFrom {
            name: "rotate".into(),
            offset: Some(0.0),
            to: vec![
                TransformTo {
                    name: "rotate".into(),
                    offset: None,
                    max: None,
                    scale: None
                },
                TransformTo {
                    name: "x".into(),
                    offset: None,
                    max: Some(2.0),
                    scale: Some(0.5)
                },
            ],
        }])
    );
    assert_eq!(
        (
            t.mix_rotate,
            t.mix_x,
            t.local_source,
            t.local_target,
            t.x,
            t.y
        ),
        (Some(1.0), None, Some(true), None, Some(0.0), None)
    );
}

#[test]
fn names_are_unique_per_kind() {
    let r = ok(&cons(
        r#"[{ "name": "c", "type": "ik", "bones": ["b"], "target": "root" }, { "name": "c", "type": "transform", "bones": ["b"], "source": "root" }]"#,
    ));
    assert_eq!(r.constraints.len(), 2);
    assert_eq!(r.constraints[1].constraint.type_name(), "transform");
}

#[test]
fn not_an_array() {
    refuses(
        &cons("{}"),
        "rig.constraints.not-an-array",
        "\"constraints\" is an object; it is Spine 4.3's single typed array, [{ \"name\": …, \"type\": \"ik\", … }, …]",
        "/constraints",
        "{},",
    );
}

#[test]
fn entry_not_an_object() {
    refuses(
        &cons("[7]"),
        "rig.constraint.not-an-object",
        "constraints[0] is 7; a constraint is an object with a \"name\" and a \"type\"",
        "/constraints/0",
        "7]",
    );
}

#[test]
fn type_absent() {
    refuses(
        &cons(r#"[{ "name": "k", "bones": ["b"], "target": "root" }]"#),
        "rig.constraint.type-missing",
        "rig constraint \"k\": every constraint needs a \"type\" — one of ik, transform, path, physics, slider",
        "/constraints/0",
        "{ \"name\": \"k\"",
    );
}

#[test]
fn type_misspelt_is_one_refusal() {
    refuses(
        &cons(r#"[{ "name": "k", "tpye": "ik", "bones": ["b"], "target": "root" }]"#),
        "spec.unknown-key",
        "unknown field \"tpye\" on rig constraint \"k\" — did you mean \"type\"?",
        "/constraints/0/tpye",
        "\"tpye\"",
    );
}

#[test]
fn type_not_a_string() {
    refuses(
        &cons(r#"[{ "name": "k", "type": ["ik"] }]"#),
        "rig.constraint.type-not-a-string",
        "rig constraint \"k\": type is an array of 1; it is one of ik, transform, path, physics, slider",
        "/constraints/0/type",
        "[\"ik\"]",
    );
}

#[test]
fn type_unknown() {
    refuses(
        &cons(r#"[{ "name": "k", "type": "IK", "bones": ["b"], "target": "root" }]"#),
        "rig.constraint.type-unknown",
        "rig constraint \"k\": constraint type \"IK\" is not one Spine 4.3 knows. The five are: ik, transform, path, physics, slider. An unrecognised type matches no case in the parser and the constraint is dropped without a word.",
        "/constraints/0/type",
        "\"IK\"",
    );
}

#[test]
fn name_absent() {
    refuses(
        &cons(r#"[{ "type": "ik", "bones": ["b"], "target": "root" }]"#),
        "rig.constraint.name-missing",
        "every constraint needs a \"name\"",
        "/constraints/0",
        "{ \"type\"",
    );
}

#[test]
fn name_empty() {
    refuses(
        &cons(r#"[{ "name": "", "type": "ik", "bones": ["b"], "target": "root" }]"#),
        "rig.constraint.name-missing",
        "every constraint needs a \"name\"",
        "/constraints/0/name",
        "\"\"",
    );
}

#[test]
fn duplicate_per_kind() {
    refuses(
        &cons(r#"[{ "name": "k", "type": "ik", "bones": ["b"], "target": "root" }, { "name": "k", "type": "ik", "bones": ["b"], "target": "root" }]"#),
        "rig.constraint.duplicate",
        "two ik constraints are called \"k\" — names are unique PER KIND (a skin and a timeline find a constraint by name and type), so the second would shadow the first",
        "/constraints/1/name",
        "}, { \"name\": |\"k\"",
    );
}

#[test]
fn bones_absent_or_empty() {
    refuses(
        &cons(r#"[{ "name": "k", "type": "ik", "target": "root" }]"#),
        "rig.constraint.bones-missing",
        "rig constraint \"k\": an ik constraint needs a non-empty \"bones\" array",
        "/constraints/0",
        "{ \"name\": \"k\"",
    );
    refuses(
        &cons(r#"[{ "name": "t", "type": "transform", "bones": [], "source": "root" }]"#),
        "rig.constraint.bones-missing",
        "rig constraint \"t\": a transform constraint needs a non-empty \"bones\" array",
        "/constraints/0/bones",
        "[],",
    );
}

#[test]
fn bone_undeclared() {
    refuses(
        &cons(r#"[{ "name": "k", "type": "ik", "bones": ["b", "shin"], "target": "root" }]"#),
        "rig.constraint.bone-undeclared",
        "rig constraint \"k\": bones[1] names \"shin\", which the rig does not declare as a bone",
        "/constraints/0/bones/1",
        "\"shin\"",
    );
}

#[test]
fn bone_not_a_name() {
    refuses(
        &cons(r#"[{ "name": "k", "type": "ik", "bones": [1], "target": "root" }]"#),
        "rig.constraint.bone-not-a-name",
        "rig constraint \"k\": bones[0] is 1; a constraint lists its bones by name",
        "/constraints/0/bones/0",
        "1]",
    );
}

#[test]
fn target_absent() {
    refuses(
        &cons(r#"[{ "name": "k", "type": "ik", "bones": ["b"] }]"#),
        "rig.constraint.bone-ref-missing",
        "rig constraint \"k\": an ik constraint needs a \"target\" bone",
        "/constraints/0",
        "{ \"name\": \"k\"",
    );
}

#[test]
fn source_undeclared() {
    refuses(
        &cons(r#"[{ "name": "t", "type": "transform", "bones": ["b"], "source": "hip" }]"#),
        "rig.constraint.bone-undeclared",
        "rig constraint \"t\": source names \"hip\", which the rig does not declare as a bone",
        "/constraints/0/source",
        "\"hip\"",
    );
}

#[test]
fn ik_with_three_bones() {
    refuses(
        &edit(&[
            ("{ \"name\": \"b\", \"parent\": \"root\" }", "{ \"name\": \"b\", \"parent\": \"root\" }, { \"name\": \"c\", \"parent\": \"b\" }, { \"name\": \"e\", \"parent\": \"c\" }"),
            ("\"name\": \"t\",", "\"name\": \"t\", \"constraints\": [{ \"name\": \"k\", \"type\": \"ik\", \"bones\": [\"b\", \"c\", \"e\"], \"target\": \"root\" }],"),
        ]),
        "rig.constraint.ik-bone-count",
        "rig constraint \"k\": an ik constraint moves 1 or 2 bones, and this one lists 3 — the runtime loads it and then solves nothing",
        "/constraints/0/bones",
        "[\"b\", \"c\", \"e\"]",
    );
}

#[test]
fn scale_y_unknown() {
    refuses(
        &cons(r#"[{ "name": "k", "type": "ik", "bones": ["b"], "target": "root", "scaleY": "VOLUME" }]"#),
        "rig.constraint.scale-y-unknown",
        "rig constraint \"k\": scaleY is \"VOLUME\"; known: none, uniform, volume (only the first letter's case is free — the runtime folds the case of the first letter and of nothing else)",
        "/constraints/0/scaleY",
        "\"VOLUME\"",
    );
}

#[test]
fn field_types() {
    refuses(
        &cons(r#"[{ "name": "k", "type": "ik", "bones": ["b"], "target": "root", "mix": "1" }]"#),
        "rig.field.not-a-number",
        "rig constraint \"k\": mix is the string \"1\", which is not a finite number",
        "/constraints/0/mix",
        "\"1\"",
    );
    refuses(
        &cons(r#"[{ "name": "k", "type": "ik", "bones": ["b"], "target": "root", "stretch": 1 }]"#),
        "rig.field.not-a-bool",
        "rig constraint \"k\": stretch is 1, which is not true or false",
        "/constraints/0/stretch",
        "1 }",
    );
}

#[test]
fn unknown_key_per_kind() {
    refuses(
        &cons(
            r#"[{ "name": "k", "type": "ik", "bones": ["b"], "target": "root", "source": "root" }]"#,
        ),
        "spec.unknown-key",
        "unknown field \"source\" on ik constraint \"k\"; this compiler does not read it",
        "/constraints/0/source",
        "\"source\"",
    );
    refuses(
        &cons(r#"[{ "name": "t", "type": "transform", "bones": ["b"], "target": "root" }]"#),
        "spec.unknown-key",
        "unknown field \"target\" on transform constraint \"t\"; this compiler does not read it",
        "/constraints/0/target",
        "\"target\"",
    );
}

fn props(p: &str) -> String {
    cons(&format!(
        r#"[{{ "name": "t", "type": "transform", "bones": ["b"], "source": "root", "properties": {p} }}]"#
    ))
}

#[test]
fn properties_not_an_object() {
    refuses(
        &props("[]"),
        "rig.constraint.properties-not-an-object",
        "rig constraint \"t\": properties is an array of 0; it maps a from-property to { \"offset\"?, \"to\": { <to-property>: { \"offset\"?, \"max\"?, \"scale\"? } } }",
        "/constraints/0/properties",
        "[] }",
    );
}

#[test]
fn property_unknown() {
    refuses(
        &props(r#"{ "rotation": { "to": { "rotate": {} } } }"#),
        "rig.constraint.property-unknown",
        "rig constraint \"t\": properties has \"rotation\"; known: rotate, x, y, scaleX, scaleY, shearY",
        "/constraints/0/properties/rotation",
        "{ \"to\"",
    );
    refuses(
        &props(r#"{ "rotate": { "to": { "shearX": {} } } }"#),
        "rig.constraint.property-unknown",
        "rig constraint \"t\": properties.rotate.to has \"shearX\"; known: rotate, x, y, scaleX, scaleY, shearY",
        "/constraints/0/properties/rotate/to/shearX",
        "{} }",
    );
}

#[test]
fn property_not_an_object() {
    refuses(
        &props(r#"{ "x": 1 }"#),
        "rig.constraint.property-not-an-object",
        "rig constraint \"t\": properties.x is 1; it is { \"offset\"?, \"to\": { … } }",
        "/constraints/0/properties/x",
        "1 }",
    );
    refuses(
        &props(r#"{ "x": { "to": { "y": 0.5 } } }"#),
        "rig.constraint.property-not-an-object",
        "rig constraint \"t\": properties.x.to.y is 0.5; it is { \"offset\"?, \"max\"?, \"scale\"? }",
        "/constraints/0/properties/x/to/y",
        "0.5",
    );
}

#[test]
fn property_to_empty() {
    refuses(
        &props(r#"{ "x": { "offset": 1 } }"#),
        "rig.constraint.property-to-empty",
        "rig constraint \"t\": properties.x has no \"to\" properties — the parser drops a from-property with an empty \"to\", so it would drive nothing",
        "/constraints/0/properties/x",
        "{ \"offset\"",
    );
    refuses(
        &props(r#"{ "x": { "to": {} } }"#),
        "rig.constraint.property-to-empty",
        "rig constraint \"t\": properties.x has no \"to\" properties — the parser drops a from-property with an empty \"to\", so it would drive nothing",
        "/constraints/0/properties/x/to",
        "{} }",
    );
}

#[test]
fn property_unknown_key() {
    refuses(
        &props(r#"{ "x": { "to": { "x": { "min": 0 } } } }"#),
        "spec.unknown-key",
        "unknown field \"min\" on rig constraint \"t\": properties.x.to.x — did you mean \"max\"?",
        "/constraints/0/properties/x/to/x/min",
        "\"min\"",
    );
}

#[test]
fn a_bad_entry_does_not_echo_into_skins() {
    // constraint without a name: the skin listing "k" is not called undeclared.
    let t = edit(&[
        ("\"name\": \"t\",", "\"name\": \"t\", \"constraints\": [{ \"type\": \"ik\", \"bones\": [\"b\"], \"target\": \"root\" }],"),
        ("\"default\": {", "\"armed\": { \"ik\": [\"k\"] },\n    \"default\": {"),
    ]);
    let d = refused(&t);
    assert_eq!(d.len(), 1, "{}", render(&d));
    assert_eq!(d[0].code, "rig.constraint.name-missing");
}

#[test]
fn physics_fields_are_copied_as_declared() {
    let r = ok(&cons(
        r#"[{ "name": "p", "type": "physics", "bone": "b", "rotate": 1, "x": 0, "scaleY": "Uniform", "fps": 30, "mass": 2, "windGlobal": true, "mixGlobal": false }]"#,
    ));
    let Constraint::Physics(p) = &r.constraints[0].constraint else {
        panic!("physics")
    };
    assert_eq!(p.bone, "b");
    assert_eq!(
        (
            p.rotate,
            p.x,
            p.y,
            p.scale_y.as_deref(),
            p.fps,
            p.mass,
            p.mix
        ),
        (
            Some(1.0),
            Some(0.0),
            None,
            Some("Uniform"),
            Some(30.0),
            Some(2.0),
            None
        )
    );
    assert_eq!(
        p.globals,
        [None, None, None, None, Some(true), None, Some(false)]
    );
    assert!(p.global("windGlobal") && !p.global("mixGlobal") && !p.global("massGlobal"));
}

#[test]
fn physics_refusals() {
    refuses(
        &cons(r#"[{ "name": "p", "type": "physics", "bone": "b", "x": 0 }]"#),
        "rig.constraint.physics-no-component",
        "rig constraint \"p\": physics constraint \"p\" drives no component — set at least one of x/y/rotate/scaleX/shearX; every component defaults to 0, so the constraint parses and moves nothing",
        "/constraints/0",
        "{ \"name\": \"p\"",
    );
    refuses(
        &cons(r#"[{ "name": "p", "type": "physics", "bone": "nope", "x": 1 }]"#),
        "rig.constraint.bone-undeclared",
        "rig constraint \"p\": bone names \"nope\", which the rig does not declare as a bone",
        "/constraints/0/bone",
        "\"nope\"",
    );
    refuses(
        &cons(r#"[{ "name": "p", "type": "physics", "x": 1 }]"#),
        "rig.constraint.bone-ref-missing",
        "rig constraint \"p\": a physics constraint needs a \"bone\" bone",
        "/constraints/0",
        "{ \"name\": \"p\"",
    );
    refuses(
        &cons(r#"[{ "name": "p", "type": "physics", "bone": "b", "x": 1, "scaleY": "VOLUME" }]"#),
        "rig.constraint.scale-y-unknown",
        "rig constraint \"p\": scaleY is \"VOLUME\"; known: none, uniform, volume (only the first letter's case is free — the runtime folds the case of the first letter and of nothing else)",
        "/constraints/0/scaleY",
        "\"VOLUME\"",
    );
    let d = refused(&cons(
        r#"[{ "name": "p", "type": "physics", "bone": "b", "rotat": 1 }]"#,
    ));
    assert!(
        d.iter().any(|d| d.code == "spec.unknown-key"
            && d.message.contains("\"rotat\"")
            && d.help.as_deref().is_some_and(|h| h.contains("rotate"))),
        "{}",
        render(&d)
    );
}

#[test]
fn a_skin_required_physics_constraint_is_activated_by_its_skin() {
    let text = cons(r#"[{ "name": "p", "type": "physics", "bone": "b", "x": 1, "skin": true }]"#)
        .replace(
            "\"default\": { \"s\": { \"p\": { \"width\": 10, \"height\": 10 } } }",
            "\"default\": { \"s\": { \"p\": { \"width\": 10, \"height\": 10 } } },\n    \"hat\": { \"physics\": [\"p\"], \"attachments\": {} }",
        );
    let r = ok(&text);
    let hat = r.skins.iter().find(|s| s.name == "hat").expect("hat");
    assert_eq!(
        hat.physics
            .iter()
            .map(|a| a.value.as_str())
            .collect::<Vec<_>>(),
        ["p"]
    );
    let d = refused(&cons(
        r#"[{ "name": "p", "type": "physics", "bone": "b", "x": 1, "skin": true }]"#,
    ));
    assert!(
        d.iter()
            .any(|d| d.code == "rig.constraint.skin-never-activated"),
        "{}",
        render(&d)
    );
}
