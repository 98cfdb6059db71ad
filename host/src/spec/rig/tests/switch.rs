//! The skin switch: member lists against `"skin": true`.

use super::{edit, ok, refused, refuses, render};

const B: &str = "{ \"name\": \"b\", \"parent\": \"root\" }";
const DEFAULT: &str = "\"default\": { \"s\": { \"p\": { \"width\": 10, \"height\": 10 } } }";

/// BASE with bone `b` replaced, an extra `constraints` array, and the skins.
fn rig(b: &str, constraints: &str, skins: &str) -> String {
    edit(&[
        (B, b),
        (
            "\"name\": \"t\",",
            &format!("\"name\": \"t\", \"constraints\": {constraints},"),
        ),
        (DEFAULT, skins),
    ])
}

const IK: &str =
    r#"[{ "name": "k", "type": "ik", "bones": ["b"], "target": "root", "skin": true }]"#;

#[test]
fn both_halves_agree() {
    let r = ok(&rig(
        r#"{ "name": "b", "parent": "root", "skin": true }"#,
        IK,
        &format!(
            r#"{DEFAULT}, "armed": {{ "bones": ["b"], "ik": ["k"] }}, "other": {{ "bones": ["b"] }}"#
        ),
    ));
    assert_eq!(r.skins[1].bones[0].value, "b");
    assert_eq!(r.skins[1].ik[0].value, "k");
}

#[test]
fn a_listed_child_activates_its_ancestors() {
    let t = rig(
        r#"{ "name": "b", "parent": "root", "skin": true }, { "name": "c", "parent": "b", "skin": true }"#,
        "[]",
        &format!(r#"{DEFAULT}, "armed": {{ "bones": ["c"] }}"#),
    );
    ok(&t);
}

#[test]
fn listed_bone_undeclared() {
    refuses(
        &rig(
            B,
            "[]",
            &format!(r#"{DEFAULT}, "armed": {{ "bones": ["zz"] }}"#),
        ),
        "rig.skin.bone-undeclared",
        "skin \"armed\" activates bone \"zz\", which this rig does not declare",
        "/skins/armed/bones/0",
        "\"zz\"",
    );
}

#[test]
fn listed_bone_without_the_flag() {
    refuses(
        &rig(B, "[]", &format!(r#"{DEFAULT}, "armed": {{ "bones": ["b"] }}"#)),
        "rig.skin.bone-not-skin-required",
        "skin \"armed\" activates bone \"b\", but that bone does not declare `\"skin\": true`. Skeleton.updateCache starts a bone active unless it is skinRequired, so this list changes nothing — the bone poses under every skin.",
        "/skins/armed/bones/0",
        "\"b\"] }",
    );
}

#[test]
fn flagged_bone_listed_nowhere() {
    refuses(
        &rig(r#"{ "name": "b", "parent": "root", "skin": true }"#, "[]", DEFAULT),
        "rig.bone.skin-never-activated",
        "bone \"b\" declares `\"skin\": true` but no skin activates it, so it is never active — list it in the skin it belongs to, or drop the flag",
        "/bones/1/skin",
        "true",
    );
}

#[test]
fn listed_constraint_without_the_flag() {
    refuses(
        &rig(B, r#"[{ "name": "k", "type": "ik", "bones": ["b"], "target": "root" }]"#, &format!(r#"{DEFAULT}, "armed": {{ "ik": ["k"] }}"#)),
        "rig.skin.constraint-not-skin-required",
        "skin \"armed\" activates ik constraint \"k\", but that constraint does not declare `\"skin\": true`. A constraint is active unless it is skinRequired, so this list changes nothing.",
        "/skins/armed/ik/0",
        "\"k\"] }",
    );
}

#[test]
fn flagged_constraint_listed_nowhere() {
    refuses(
        &rig(B, IK, DEFAULT),
        "rig.constraint.skin-never-activated",
        "ik constraint \"k\" declares `\"skin\": true` but no skin activates it, so it never runs — list it in that skin's \"ik\" array, or drop the flag",
        "/constraints/0/skin",
        "true }]",
    );
}

#[test]
fn constraint_listed_under_the_wrong_kind() {
    let d = refused(&rig(
        B,
        IK,
        &format!(r#"{DEFAULT}, "armed": {{ "transform": ["k"] }}"#),
    ));
    // the ik constraint is also never activated: two independent facts.
    assert_eq!(d.len(), 2, "{}", render(&d));
    let text = rig(
        B,
        IK,
        &format!(r#"{DEFAULT}, "armed": {{ "transform": ["k"] }}"#),
    );
    super::check(
        &d[0],
        &text,
        "rig.skin.constraint-wrong-type",
        "skin \"armed\" lists \"k\" under \"transform\", but the rig declares it as a \"ik\" constraint — a skin looks its constraints up by name AND type, so this one is a miss and the loader throws",
        "/skins/armed/transform/0",
        "\"k\"] }",
    );
    assert_eq!(d[1].code, "rig.constraint.skin-never-activated");
}

#[test]
fn listed_constraint_undeclared() {
    refuses(
        &rig(
            B,
            "[]",
            &format!(r#"{DEFAULT}, "armed": {{ "transform": ["tc"] }}"#),
        ),
        "rig.skin.constraint-undeclared",
        "skin \"armed\" activates transform constraint \"tc\", which this rig does not declare",
        "/skins/armed/transform/0",
        "\"tc\"",
    );
}

#[test]
fn a_listed_skin_required_slider_is_kept() {
    let r = ok(&rig(
        B,
        r#"[{ "name": "pc", "type": "slider", "animation": "a", "skin": true }]"#,
        &format!(r#"{DEFAULT}, "armed": {{ "slider": ["pc"] }}"#),
    ));
    assert_eq!(r.skins[1].slider[0].value, "pc");
    let Some(rigc_sdk::model::Constraint::Slider(s)) = r.constraints.first().map(|c| &c.constraint)
    else {
        panic!("not a slider: {:?}", r.constraints);
    };
    assert_eq!(s.skin, Some(true));
}

#[test]
fn a_listed_slider_not_skin_required() {
    let t = rig(
        B,
        r#"[{ "name": "pc", "type": "slider", "animation": "a" }]"#,
        &format!(r#"{DEFAULT}, "armed": {{ "slider": ["pc"] }}"#),
    );
    let d = refused(&t);
    assert_eq!(d.len(), 1, "{}", render(&d));
    super::check(
        &d[0],
        &t,
        "rig.skin.constraint-not-skin-required",
        "skin \"armed\" activates slider constraint \"pc\", but that constraint does not declare `\"skin\": true`. A constraint is active unless it is skinRequired, so this list changes nothing.",
        "/skins/armed/slider/0",
        "\"pc\"] }",
    );
}

#[test]
fn a_listed_slider_undeclared() {
    refuses(
        &rig(
            B,
            "[]",
            &format!(r#"{DEFAULT}, "armed": {{ "slider": ["sl"] }}"#),
        ),
        "rig.skin.constraint-undeclared",
        "skin \"armed\" activates slider constraint \"sl\", which this rig does not declare",
        "/skins/armed/slider/0",
        "\"sl\"",
    );
}

#[test]
fn listed_physics_undeclared() {
    refuses(
        &rig(
            B,
            "[]",
            &format!(r#"{DEFAULT}, "armed": {{ "physics": ["hair"] }}"#),
        ),
        "rig.skin.constraint-undeclared",
        "skin \"armed\" activates physics constraint \"hair\", which this rig does not declare",
        "/skins/armed/physics/0",
        "\"hair\"",
    );
}

#[test]
fn listed_twice() {
    let t = rig(
        r#"{ "name": "b", "parent": "root", "skin": true }"#,
        "[]",
        &format!(r#"{DEFAULT}, "armed": {{ "bones": ["b", "b"] }}"#),
    );
    refuses(
        &t,
        "rig.skin.listed-twice",
        "skin \"armed\" lists bone \"b\" twice",
        "/skins/armed/bones/1",
        "\"b\"] }",
    );
}

/// DEFAULT with a path attachment beside the region on slot `s`.
const PATH_SKIN: &str = "\"default\": { \"s\": { \"p\": { \"width\": 10, \"height\": 10 }, \"rail\": { \"type\": \"path\", \"vertexCount\": 6, \"vertices\": [0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0] } } }";

const PC: &str = r#"[{ "name": "pc", "type": "path", "bones": ["b"], "slot": "s", "skin": true }]"#;

#[test]
fn a_skin_activates_a_path_constraint() {
    let r = ok(&rig(
        B,
        PC,
        &format!(r#"{PATH_SKIN}, "armed": {{ "path": ["pc"] }}"#),
    ));
    assert_eq!(r.skins[1].path[0].value, "pc");
}

#[test]
fn flagged_path_constraint_listed_nowhere() {
    refuses(
        &rig(B, PC, PATH_SKIN),
        "rig.constraint.skin-never-activated",
        "path constraint \"pc\" declares `\"skin\": true` but no skin activates it, so it never runs — list it in that skin's \"path\" array, or drop the flag",
        "/constraints/0/skin",
        "true }]",
    );
}
