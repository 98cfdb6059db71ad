//! The `slots` array.

use super::{edit, ok, refuses};

const S: &str = "{ \"name\": \"s\", \"bone\": \"b\", \"attachment\": \"p\" }";
const SLOTS: &str =
    "\"slots\": [\n    { \"name\": \"s\", \"bone\": \"b\", \"attachment\": \"p\" }\n  ],\n  ";

fn slot(s: &str) -> String {
    edit(&[(S, s)])
}

#[test]
fn fields_are_some_iff_declared() {
    let r = ok(&slot(
        r#"{ "name": "s", "bone": "b", "attachment": null, "color": "FFFFFF80", "dark": "202020", "blend": "Additive" }"#,
    ));
    let s = &r.slots[0];
    assert_eq!(s.attachment, Some(None));
    assert_eq!(s.color.as_deref(), Some("ffffff80"));
    assert_eq!(
        s.color_loc.as_ref().map(|l| l.pointer.as_str()),
        Some("/slots/0/color")
    );
    assert_eq!(s.dark.as_deref(), Some("202020"));
    assert_eq!(s.blend.as_deref(), Some("Additive"));
    let r = ok(&slot(r#"{ "name": "s", "bone": "b" }"#));
    let s = &r.slots[0];
    assert_eq!(
        (
            s.attachment.clone(),
            s.color.clone(),
            s.dark.clone(),
            s.blend.clone()
        ),
        (None, None, None, None)
    );
}

#[test]
fn slots_may_be_empty() {
    let t = edit(&[
        (
            "[\n    { \"name\": \"s\", \"bone\": \"b\", \"attachment\": \"p\" }\n  ]",
            "[]",
        ),
        (
            "\"default\": { \"s\": { \"p\": { \"width\": 10, \"height\": 10 } } }",
            "\"default\": {}",
        ),
    ]);
    assert!(ok(&t).slots.is_empty());
}

#[test]
fn slots_absent() {
    // the skin filling "s" is not refused as well: the slots are incomplete.
    refuses(
        &edit(&[(SLOTS, "")]),
        "rig.slots.missing",
        "a rig spec needs a \"slots\" array (it may be empty; its ORDER is the draw order)",
        "",
        "@1:1",
    );
}

#[test]
fn slots_not_an_array() {
    refuses(
        &edit(&[(
            "[\n    { \"name\": \"s\", \"bone\": \"b\", \"attachment\": \"p\" }\n  ]",
            "{ \"s\": {} }",
        )]),
        "rig.slots.missing",
        "a rig spec needs a \"slots\" array (it may be empty; its ORDER is the draw order)",
        "/slots",
        "{ \"s\": {} }",
    );
}

#[test]
fn slot_not_an_object() {
    refuses(
        &slot("null"),
        "rig.slot.not-an-object",
        "slots[0] is null; a slot is an object with a \"name\" and a \"bone\"",
        "/slots/0",
        "null\n",
    );
}

#[test]
fn slot_name_absent() {
    refuses(
        &slot("{ \"bone\": \"b\", \"attachment\": \"p\" }"),
        "rig.slot.name-missing",
        "every slot needs a \"name\"",
        "/slots/0",
        "{ \"bone\"",
    );
}

#[test]
fn slot_duplicate() {
    refuses(
        &slot("{ \"name\": \"s\", \"bone\": \"b\", \"attachment\": \"p\" }, { \"name\": \"s\", \"bone\": \"root\" }"),
        "rig.slot.duplicate",
        "two slots are called \"s\"",
        "/slots/1/name",
        "\"s\", \"bone\": \"root\"",
    );
}

#[test]
fn slot_named_like_a_long_form_key() {
    refuses(
        &slot("{ \"name\": \"s\", \"bone\": \"b\", \"attachment\": \"p\" }, { \"name\": \"ik\", \"bone\": \"b\" }"),
        "rig.slot.reserved-name",
        "a slot is called \"ik\", which is one of the keys that tell a skin's long form ({ \"attachments\": …, \"bones\": … }) from its short one (slot -> placeholder -> attachment): attachments, bones, ik, transform, path, physics, slider. Rename the slot.",
        "/slots/1/name",
        "\"ik\"",
    );
}

#[test]
fn slot_bone_undeclared() {
    refuses(
        &slot("{ \"name\": \"s\", \"bone\": \"bb\", \"attachment\": \"p\" }"),
        "rig.slot.bone-undeclared",
        "slot \"s\" names bone \"bb\", which this rig does not declare",
        "/slots/0/bone",
        "\"bb\"",
    );
}

#[test]
fn slot_bone_absent() {
    refuses(
        &slot("{ \"name\": \"s\", \"attachment\": \"p\" }"),
        "rig.slot.bone-missing",
        "slot \"s\" names no \"bone\"; every slot hangs on a bone",
        "/slots/0",
        "{ \"name\": \"s\", \"attachment\"",
    );
}

#[test]
fn slot_bone_not_a_string() {
    refuses(
        &slot("{ \"name\": \"s\", \"bone\": [\"b\"], \"attachment\": \"p\" }"),
        "rig.field.not-a-string",
        "slot \"s\": bone is an array of 1, which is not a string",
        "/slots/0/bone",
        "[\"b\"]",
    );
}

#[test]
fn slot_attachment_wrong_type() {
    refuses(
        &slot("{ \"name\": \"s\", \"bone\": \"b\", \"attachment\": false }"),
        "rig.slot.attachment-type",
        "slot \"s\": attachment is false; it is a placeholder name, or null for \"show nothing\"",
        "/slots/0/attachment",
        "false",
    );
}

#[test]
fn slot_blend_unknown() {
    refuses(
        &slot(
            "{ \"name\": \"s\", \"bone\": \"b\", \"attachment\": \"p\", \"blend\": \"ADDITIVE\" }",
        ),
        "rig.slot.blend-unknown",
        "slot \"s\" has blend \"ADDITIVE\"; known: normal, additive, multiply, screen",
        "/slots/0/blend",
        "\"ADDITIVE\"",
    );
}

#[test]
fn slot_dark_is_six_digits() {
    refuses(
        &slot(
            "{ \"name\": \"s\", \"bone\": \"b\", \"attachment\": \"p\", \"dark\": \"202020ff\" }",
        ),
        "rig.field.bad-color",
        "slot \"s\": dark is the string \"202020ff\"; a colour here is \"rrggbb\", 6 hex digits",
        "/slots/0/dark",
        "\"202020ff\"",
    );
}

#[test]
fn slot_misspelt_field() {
    refuses(
        &slot("{ \"name\": \"s\", \"bone\": \"b\", \"attachement\": \"p\" }"),
        "spec.unknown-key",
        "unknown field \"attachement\" on slot \"s\" — did you mean \"attachment\"?",
        "/slots/0/attachement",
        "\"attachement\"",
    );
}
