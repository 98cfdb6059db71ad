//! The `bones` array.

use super::{edit, ok, refused, refuses, render};

const B: &str = "{ \"name\": \"b\", \"parent\": \"root\" }";

fn bone(b: &str) -> String {
    edit(&[(B, b)])
}

#[test]
fn fields_are_some_iff_declared() {
    let r = ok(&bone(
        r#"{ "name": "b", "parent": "root", "length": 0, "x": 0, "y": 2, "rotation": -90, "scaleX": 1, "scaleY": 0.5, "shearX": 0, "shearY": 3, "inherit": "NoScale", "skin": false, "color": "FF00AA80", "icon": "arrowsB" }"#,
    ));
    let root = &r.bones[0].bone;
    assert_eq!(
        (
            root.parent.clone(),
            root.x,
            root.length,
            root.inherit.clone(),
            root.skin
        ),
        (None, None, None, None, None)
    );
    let b = &r.bones[1].bone;
    assert_eq!(b.parent.as_deref(), Some("root"));
    assert_eq!(
        (b.length, b.x, b.y, b.rotation),
        (Some(0.0), Some(0.0), Some(2.0), Some(-90.0))
    );
    assert_eq!(
        (b.scale_x, b.scale_y, b.shear_x, b.shear_y),
        (Some(1.0), Some(0.5), Some(0.0), Some(3.0))
    );
    assert_eq!(b.inherit.as_deref(), Some("NoScale"));
    assert_eq!(b.skin, Some(false));
    assert_eq!(b.color.as_deref(), Some("ff00aa80"));
    assert_eq!(b.icon.as_deref(), Some("arrowsB"));
}

#[test]
fn every_inherit_mode_with_either_first_letter() {
    for m in [
        "normal",
        "Normal",
        "onlyTranslation",
        "OnlyTranslation",
        "noRotationOrReflection",
        "noScale",
        "NoScaleOrReflection",
    ] {
        let r = ok(&bone(&format!(
            "{{ \"name\": \"b\", \"parent\": \"root\", \"inherit\": \"{m}\" }}"
        )));
        assert_eq!(r.bones[1].bone.inherit.as_deref(), Some(m));
    }
}

#[test]
fn bones_absent() {
    let t = edit(&[("\"bones\": [\n    { \"name\": \"root\" },\n    { \"name\": \"b\", \"parent\": \"root\" }\n  ],\n  ", "")]);
    refuses(
        &t,
        "rig.bones.missing",
        "a rig spec needs a non-empty \"bones\" array",
        "",
        "@1:1",
    );
}

#[test]
fn bones_empty() {
    let t = edit(&[(
        "[\n    { \"name\": \"root\" },\n    { \"name\": \"b\", \"parent\": \"root\" }\n  ]",
        "[]",
    )]);
    refuses(
        &t,
        "rig.bones.missing",
        "a rig spec needs a non-empty \"bones\" array",
        "/bones",
        "[]",
    );
}

#[test]
fn bone_not_an_object() {
    let t = edit(&[(
        "{ \"name\": \"root\" },",
        "{ \"name\": \"root\" }, \"arm\",",
    )]);
    refuses(
        &t,
        "rig.bone.not-an-object",
        "bones[1] is the string \"arm\"; a bone is an object with at least a \"name\"",
        "/bones/1",
        "\"arm\"",
    );
}

#[test]
fn bone_name_absent() {
    // the slot on "b" is not refused as well: the bones are incomplete.
    refuses(
        &bone("{ \"parent\": \"root\" }"),
        "rig.bone.name-missing",
        "every bone needs a \"name\"",
        "/bones/1",
        "{ \"parent\"",
    );
}

#[test]
fn bone_name_not_a_string() {
    refuses(
        &bone("{ \"name\": 5, \"parent\": \"root\" }"),
        "rig.bone.name-missing",
        "every bone needs a \"name\"",
        "/bones/1/name",
        "5,",
    );
}

#[test]
fn bone_duplicate() {
    let t = bone(
        "{ \"name\": \"b\", \"parent\": \"root\" },\n    { \"name\": \"b\", \"parent\": \"b\" }",
    );
    refuses(
        &t,
        "rig.bone.duplicate",
        "two bones are called \"b\"; bone names are the join key for slots, meshes and timelines",
        "/bones/2/name",
        "\"b\", \"parent\": \"b\"",
    );
}

#[test]
fn parent_undeclared() {
    let t = bone("{ \"name\": \"b\", \"parent\": \"roto\" }");
    refuses(
        &t,
        "rig.bone.parent-undeclared",
        "bone \"b\" names parent \"roto\", which is not declared before it",
        "/bones/1/parent",
        "\"roto\"",
    );
    let d = refused(&t);
    assert!(
        d[0].help
            .as_deref()
            .unwrap_or("")
            .contains("did you mean \"root\"?"),
        "{}",
        render(&d)
    );
}

#[test]
fn parent_declared_later() {
    let t = bone(
        "{ \"name\": \"b\", \"parent\": \"c\" },\n    { \"name\": \"c\", \"parent\": \"root\" }",
    );
    refuses(
        &t,
        "rig.bone.parent-undeclared",
        "bone \"b\" names parent \"c\", which is not declared before it",
        "/bones/1/parent",
        "\"c\" }",
    );
}

#[test]
fn parent_is_itself() {
    refuses(
        &bone("{ \"name\": \"b\", \"parent\": \"b\" }"),
        "rig.bone.parent-undeclared",
        "bone \"b\" names parent \"b\", which is not declared before it",
        "/bones/1/parent",
        "\"b\" }",
    );
}

#[test]
fn parent_not_a_string() {
    refuses(
        &bone("{ \"name\": \"b\", \"parent\": 0 }"),
        "rig.field.not-a-string",
        "bone \"b\": parent is 0, which is not a string",
        "/bones/1/parent",
        "0 }\n",
    );
}

#[test]
fn second_root() {
    refuses(
        &bone("{ \"name\": \"b\" }"),
        "rig.bone.second-root",
        "bone \"b\" names no \"parent\"; only the first bone (the root, \"root\") may omit one, and a second root is a skeleton the editor cannot hold",
        "/bones/1",
        "{ \"name\": \"b\" }",
    );
}

#[test]
fn inherit_unknown() {
    refuses(
        &bone("{ \"name\": \"b\", \"parent\": \"root\", \"inherit\": \"NOSCALE\" }"),
        "rig.bone.inherit-unknown",
        "bone \"b\" has inherit \"NOSCALE\"; known: normal, onlyTranslation, noRotationOrReflection, noScale, noScaleOrReflection — the runtime folds the case of the first letter and of nothing else",
        "/bones/1/inherit",
        "\"NOSCALE\"",
    );
}

#[test]
fn legacy_transform_key() {
    refuses(
        &bone("{ \"name\": \"b\", \"parent\": \"root\", \"transform\": \"noScale\" }"),
        "spec.unknown-key",
        "unknown field \"transform\" on bone \"b\"; this compiler does not read it",
        "/bones/1/transform",
        "\"transform\"",
    );
}

#[test]
fn misspelt_field() {
    refuses(
        &bone("{ \"name\": \"b\", \"parent\": \"root\", \"rotaton\": 5 }"),
        "spec.unknown-key",
        "unknown field \"rotaton\" on bone \"b\" — did you mean \"rotation\"?",
        "/bones/1/rotaton",
        "\"rotaton\"",
    );
}

#[test]
fn number_field_as_string() {
    refuses(
        &bone("{ \"name\": \"b\", \"parent\": \"root\", \"x\": \"3\" }"),
        "rig.field.not-a-number",
        "bone \"b\": x is the string \"3\", which is not a finite number",
        "/bones/1/x",
        "\"3\"",
    );
}

#[test]
fn skin_not_a_bool() {
    refuses(
        &bone("{ \"name\": \"b\", \"parent\": \"root\", \"skin\": \"yes\" }"),
        "rig.field.not-a-bool",
        "bone \"b\": skin is the string \"yes\", which is not true or false",
        "/bones/1/skin",
        "\"yes\"",
    );
}

#[test]
fn color_with_hash() {
    refuses(
        &bone("{ \"name\": \"b\", \"parent\": \"root\", \"color\": \"#ff0000ff\" }"),
        "rig.field.bad-color",
        "bone \"b\": color is the string \"#ff0000ff\"; a colour here is \"rrggbbaa\", 8 hex digits — drop the leading \"#\"",
        "/bones/1/color",
        "\"#ff0000ff\"",
    );
}

#[test]
fn color_not_hex() {
    refuses(
        &bone("{ \"name\": \"b\", \"parent\": \"root\", \"color\": \"ff00zz00\" }"),
        "rig.field.bad-color",
        "bone \"b\": color is the string \"ff00zz00\"; a colour here is \"rrggbbaa\", 8 hex digits",
        "/bones/1/color",
        "\"ff00zz00\"",
    );
}

#[test]
fn from_needs_a_manifest() {
    refuses(
        &bone("{ \"name\": \"b\", \"parent\": \"root\", \"from\": { \"anchor\": \"hip\" } }"),
        "rig.bone.from-needs-manifest",
        "bone \"b\" takes its position from anchor \"hip\", which needs a cut manifest — and this build reads none (rigc takes no --manifest)",
        "/bones/1/from",
        "{ \"anchor\"",
    );
    refuses(
        &bone("{ \"name\": \"b\", \"parent\": \"root\", \"from\": { \"slotWindow\": \"s\" } }"),
        "rig.bone.from-needs-manifest",
        "bone \"b\" takes its position from the window of slot \"s\", which needs a cut manifest — and this build reads none (rigc takes no --manifest)",
        "/bones/1/from",
        "{ \"slotWindow\"",
    );
}

#[test]
fn from_rotation_only() {
    refuses(
        &bone("{ \"name\": \"b\", \"parent\": \"root\", \"from\": { \"rotation\": \"axis\" } }"),
        "rig.bone.from-needs-manifest",
        "bone \"b\" takes its rotation from the cut manifest (from.rotation), which needs a cut manifest — and this build reads none (rigc takes no --manifest)",
        "/bones/1/from",
        "{ \"rotation\"",
    );
}

#[test]
fn from_not_an_object() {
    refuses(
        &bone("{ \"name\": \"b\", \"parent\": \"root\", \"from\": \"hip\" }"),
        "rig.bone.from-not-an-object",
        "bone \"b\": from is the string \"hip\"; it is { \"anchor\" | \"slotWindow\" | \"meshCenter\": …, \"rotation\"?: … }",
        "/bones/1/from",
        "\"hip\"",
    );
}

#[test]
fn from_unknown_key() {
    refuses(
        &bone("{ \"name\": \"b\", \"parent\": \"root\", \"from\": { \"anchr\": \"hip\" } }"),
        "spec.unknown-key",
        "unknown field \"anchr\" on bone \"b\" from — did you mean \"anchor\"?",
        "/bones/1/from/anchr",
        "\"anchr\"",
    );
}

#[test]
fn several_independent_refusals_are_all_reported() {
    let d = refused(&bone(
        "{ \"name\": \"b\", \"parent\": \"root\", \"x\": \"1\", \"y\": \"2\", \"inherit\": \"x\" }",
    ));
    let codes: Vec<&str> = d.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(
        codes,
        [
            "rig.field.not-a-number",
            "rig.field.not-a-number",
            "rig.bone.inherit-unknown"
        ],
        "{}",
        render(&d)
    );
}
