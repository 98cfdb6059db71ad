//! The `constraints` array: ik, transform, and what is not compiled yet.

use super::{edit, ok, refused, refuses, refuses_ni, render};
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
    refuses_ni(
        &cons(r#"[{ "name": "k", "type": "IK", "bones": ["b"], "target": "root" }]"#),
        "rig.constraint.type-unknown",
        "rig constraint \"k\": constraint type \"IK\" is not one Spine 4.3 knows. The five are: ik, transform, path, physics, slider. An unrecognised type matches no case in the parser and the constraint is dropped without a word.",
        "/constraints/0/type",
        "\"IK\"",
    );
}

#[test]
fn not_compiled_kinds_are_refused_by_name() {
    for ty in ["physics", "slider"] {
        refuses_ni(
            &cons(&format!(r#"[{{ "name": "c", "type": "{ty}", "bone": "b" }}]"#)),
            "rig.constraint.type-not-implemented",
            &format!("rig constraint \"c\": a \"{ty}\" constraint is in the Spine 4.3 format and rigc does not compile it yet. Implemented: ik, transform, path. physics and slider constraints are refused by name until they are built, so nothing is dropped in silence"),
            "/constraints/0/type",
            &format!("\"{ty}\""),
        );
    }
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
