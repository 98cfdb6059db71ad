//! The `skins` table: both forms and their shape refusals.

use super::{edit, ok, refuses};

const DEFAULT: &str = "\"default\": { \"s\": { \"p\": { \"width\": 10, \"height\": 10 } } }";

fn skins(s: &str) -> String {
    edit(&[(DEFAULT, s)])
}

#[test]
fn short_and_long_forms() {
    let r = ok(&skins(
        r#""default": { "s": { "p": { "width": 10, "height": 10 } } },
    "alt": { "attachments": { "s": { "p": { "width": 1, "height": 2 }, "q": { "type": "point" } } } }"#,
    ));
    assert_eq!(r.skins.len(), 2);
    assert_eq!(r.skins[1].name, "alt");
    assert_eq!(r.skins[1].slots[0].slot, "s");
    let names: Vec<&str> = r.skins[1].slots[0]
        .entries
        .iter()
        .map(|e| e.placeholder.as_str())
        .collect();
    assert_eq!(names, ["p", "q"]);
}

#[test]
fn skins_may_be_absent() {
    let t = edit(&[(&format!(",\n  \"skins\": {{\n    {DEFAULT}\n  }}"), "")]);
    assert!(ok(&t).skins.is_empty());
}

#[test]
fn skins_not_an_object() {
    refuses(
        &edit(&[(&format!("{{\n    {DEFAULT}\n  }}"), "[]")]),
        "rig.skins.not-an-object",
        "\"skins\" is an object keyed by skin name",
        "/skins",
        "[]",
    );
}

#[test]
fn skin_not_an_object() {
    refuses(
        &skins("\"default\": []"),
        "rig.skin.not-an-object",
        "skin \"default\": a skin must be an object",
        "/skins/default",
        "[]",
    );
}

#[test]
fn long_form_stray_key() {
    refuses(
        &skins(r#""default": { "attachments": { "s": { "p": { "width": 10, "height": 10 } } }, "torso": {} }"#),
        "rig.skin.long-form-stray-key",
        "skin \"default\": uses the long form (it declares \"attachments\") and also has a key \"torso\". In that form every key is one of attachments, bones, ik, transform, path, physics, slider — so \"torso\" reads as neither a member list nor a slot, and a slot left outside the block is an attachment that vanishes. Move it inside \"attachments\".",
        "/skins/default/torso",
        "\"torso\"",
    );
}

#[test]
fn long_form_attachments_not_an_object() {
    refuses(
        &skins(r#""default": { "attachments": [] }"#),
        "rig.skin.attachments-not-an-object",
        "skin \"default\": \"attachments\" is `slotName -> placeholderName -> attachment`, not an array of 0",
        "/skins/default/attachments",
        "[]",
    );
}

#[test]
fn member_list_not_an_array() {
    refuses(
        &skins(r#""default": { "bones": "b" }"#),
        "rig.field.not-a-name-list",
        "skin \"default\": \"bones\" must be an array of names, not the string \"b\"",
        "/skins/default/bones",
        "\"b\" }",
    );
}

#[test]
fn member_list_element_not_a_name() {
    refuses(
        &skins(r#""default": { "ik": [{ "name": "x" }] }"#),
        "rig.field.not-a-name",
        "skin \"default\": ik[0] is an object; a skin lists bones and constraints BY NAME",
        "/skins/default/ik/0",
        "{ \"name\": \"x\" }",
    );
}

#[test]
fn skin_fills_undeclared_slot() {
    refuses(
        &skins(
            r#""default": { "s": { "p": { "width": 10, "height": 10 } }, "hed": { "h": { "width": 1, "height": 1 } } }"#,
        ),
        "rig.skin.slot-undeclared",
        "rig skin \"default\" gives attachments to slot \"hed\", which the rig does not declare",
        "/skins/default/hed",
        "\"hed\"",
    );
}

#[test]
fn skin_slot_not_an_object() {
    refuses(
        &skins(r#""default": { "s": "p" }"#),
        "rig.skin.slot-not-an-object",
        "skin \"default\" slot \"s\": the slot's entry is the string \"p\"; it is `placeholderName -> attachment`",
        "/skins/default/s",
        "\"s\": |\"p\" }",
    );
}
