//! The `invariants` block.

use super::{edit, ok, refuses};
use rigc_sdk::gate::{ConsumerDrivenMix, Detached};

const IK: &str = r#"[{ "name": "k", "type": "ik", "bones": ["b"], "target": "root" }]"#;

fn inv(i: &str) -> String {
    edit(&[(
        "\"name\": \"t\",",
        &format!("\"name\": \"t\",\n  \"constraints\": {IK},\n  \"invariants\": {i},"),
    )])
}

#[test]
fn declared_values() {
    let r = ok(&inv(
        r#"{ "meshSlots": 0, "meshTriangles": 32, "axisBone": "b", "massBone": "root", "detached": [{ "bone": "b", "notUnder": "root" }], "consumerDrivenMix": [{ "constraint": "k", "type": "ik", "why": "the game drives it" }], "idleDrivesMeshes": { "why": "breathing" } }"#,
    ));
    let i = &r.invariants;
    assert_eq!((i.mesh_slots, i.mesh_triangles), (Some(0), Some(32)));
    assert_eq!(
        (i.axis_bone.as_deref(), i.mass_bone.as_deref()),
        (Some("b"), Some("root"))
    );
    assert_eq!(
        i.detached,
        vec![Detached {
            bone: "b".into(),
            not_under: "root".into(),
            why: None
        }]
    );
    assert_eq!(
        i.consumer_driven_mix,
        vec![ConsumerDrivenMix {
            constraint: "k".into(),
            kind: "ik".into(),
            why: "the game drives it".into()
        }]
    );
    assert_eq!(i.idle_drives_meshes.as_deref(), Some("breathing"));
    assert!(i.deform_may_fold.is_empty());
}

#[test]
fn not_an_object() {
    refuses(
        &inv("[]"),
        "rig.invariants.not-an-object",
        "\"invariants\" is an array of 0; it is an object of budgets and gate declarations",
        "/invariants",
        "[],",
    );
}

#[test]
fn unknown_key() {
    refuses(
        &inv(r#"{ "meshSlot": 1 }"#),
        "spec.unknown-key",
        "unknown field \"meshSlot\" on \"invariants\" — did you mean \"meshSlots\"?",
        "/invariants/meshSlot",
        "\"meshSlot\"",
    );
}

#[test]
fn editor_round_trip_retired() {
    refuses(
        &inv(r#"{ "editorRoundTrip": true }"#),
        "rig.invariants.retired",
        "invariants.editorRoundTrip was retired together with A41_PHYSICS_SURVIVES_EDITOR_ROUND_TRIP (issue #1196): A23 now refuses rotation, scaleX and shearX physics on a bone with no length, so the declaration can no longer move a verdict",
        "/invariants/editorRoundTrip",
        "\"editorRoundTrip\"",
    );
}

#[test]
fn budget_not_a_count() {
    refuses(
        &inv(r#"{ "meshSlots": -1 }"#),
        "rig.field.not-a-count",
        "invariants: meshSlots is -1; it is a count, a whole number ≥ 0",
        "/invariants/meshSlots",
        "-1",
    );
}

#[test]
fn axis_and_mass_bone_undeclared() {
    refuses(
        &inv(r#"{ "axisBone": "shaft" }"#),
        "rig.invariants.bone-undeclared",
        "rig \"t\" names \"shaft\" as its axis bone, which it does not declare",
        "/invariants/axisBone",
        "\"shaft\"",
    );
    refuses(
        &inv(r#"{ "massBone": "bob" }"#),
        "rig.invariants.bone-undeclared",
        "rig \"t\" names \"bob\" as its mass bone, which it does not declare",
        "/invariants/massBone",
        "\"bob\"",
    );
}

#[test]
fn detached_shapes() {
    refuses(
        &inv(r#"{ "detached": {} }"#),
        "rig.invariants.not-an-array",
        "invariants.detached is an object, expected an array of { \"bone\": …, \"notUnder\": …, \"why\"?: … }",
        "/invariants/detached",
        "{} }",
    );
    refuses(
        &inv(r#"{ "detached": ["b"] }"#),
        "rig.invariants.entry-not-an-object",
        "invariants.detached[0] is the string \"b\", expected { \"bone\": …, \"notUnder\": … }",
        "/invariants/detached/0",
        "\"detached\": [|\"b\"]",
    );
    refuses(
        &inv(r#"{ "detached": [{ "bone": "b" }] }"#),
        "rig.invariants.entry-incomplete",
        "invariants.detached[0] needs a \"notUnder\"",
        "/invariants/detached/0",
        "{ \"bone\": \"b\" }",
    );
}

fn fold(entries: &str) -> String {
    inv(&format!(r#"{{ "deformMayFold": {entries} }}"#))
}

#[test]
fn deform_may_fold_refusals() {
    refuses(
        &fold("{}"),
        "rig.invariants.not-an-array",
        "invariants.deformMayFold is an object, expected an array of { \"slot\": …, \"why\": … }",
        "/invariants/deformMayFold",
        "{} }",
    );
    refuses(
        &fold("[1]"),
        "rig.invariants.entry-not-an-object",
        "invariants.deformMayFold[0] is 1, expected { \"slot\": …, \"why\": … }",
        "/invariants/deformMayFold/0",
        "1]",
    );
    refuses(
        &fold(r#"[{ "why": "x" }]"#),
        "rig.invariants.entry-incomplete",
        "every invariants.deformMayFold entry needs a \"slot\"",
        "/invariants/deformMayFold/0",
        "{ \"why\"",
    );
    refuses(
        &fold(r#"[{ "slot": "s" }]"#),
        "rig.invariants.why-missing",
        "invariants.deformMayFold entry for slot \"s\" needs a \"why\" — this field switches A39_DEFORM_KEEPS_TRIANGLE_WINDING off for that slot, and an exemption nobody can date or justify is how a defect ships as a decision",
        "/invariants/deformMayFold/0",
        "{ \"slot\"",
    );
    refuses(
        &fold(r#"[{ "slot": "s", "why": "  " }]"#),
        "rig.invariants.why-missing",
        "invariants.deformMayFold entry for slot \"s\" needs a \"why\" — this field switches A39_DEFORM_KEEPS_TRIANGLE_WINDING off for that slot, and an exemption nobody can date or justify is how a defect ships as a decision",
        "/invariants/deformMayFold/0/why",
        "\"  \"",
    );
    refuses(
        &fold(r#"[{ "slot": "face", "why": "x" }]"#),
        "rig.invariants.slot-undeclared",
        "invariants.deformMayFold exempts slot \"face\", which this rig does not declare — a name that resolves to nothing exempts nothing, and reads like the exemption worked",
        "/invariants/deformMayFold/0/slot",
        "\"face\"",
    );
}

#[test]
fn deform_may_fold_on_a_slot_without_a_mesh() {
    refuses(
        &fold(r#"[{ "slot": "s", "why": "the lid folds shut on purpose" }]"#),
        "rig.invariants.slot-has-no-mesh",
        "invariants.deformMayFold exempts slot \"s\", which carries no mesh in any skin — A39 reads only mesh triangles, so the exemption switches nothing off",
        "/invariants/deformMayFold/0/slot",
        "\"s\", \"why\"",
    );
}

#[test]
fn deform_may_fold_duplicate() {
    let t = fold(r#"[{ "slot": "s", "why": "a" }, { "slot": "s", "why": "b" }]"#);
    let d = super::refused(&t);
    assert_eq!(d.len(), 2, "{}", super::render(&d));
    assert_eq!(d[0].code, "rig.invariants.slot-has-no-mesh");
    super::check(
        &d[1],
        &t,
        "rig.invariants.duplicate",
        "invariants.deformMayFold names slot \"s\" twice",
        "/invariants/deformMayFold/1/slot",
        "\"s\", \"why\": \"b\"",
    );
}

fn mix(entries: &str) -> String {
    inv(&format!(r#"{{ "consumerDrivenMix": {entries} }}"#))
}

#[test]
fn consumer_driven_mix_refusals() {
    refuses(
        &mix(r#""k""#),
        "rig.invariants.not-an-array",
        "invariants.consumerDrivenMix is the string \"k\", expected an array of { \"constraint\": …, \"type\": \"ik\" | \"transform\", \"why\": … }",
        "/invariants/consumerDrivenMix",
        "\"k\" }",
    );
    refuses(
        &mix(r#"[{ "type": "ik", "why": "x" }]"#),
        "rig.invariants.entry-incomplete",
        "every invariants.consumerDrivenMix entry needs a \"constraint\"",
        "/invariants/consumerDrivenMix/0",
        "{ \"type\"",
    );
    refuses(
        &mix(r#"[{ "constraint": "k", "type": "physics", "why": "x" }]"#),
        "rig.invariants.mix-type",
        "invariants.consumerDrivenMix entry for constraint \"k\" has type the string \"physics\"; only \"ik\" and \"transform\" read this declaration (A47_IK_CONSTRAINT_NOT_MUTED_THROUGHOUT, A48_TRANSFORM_CONSTRAINT_NOT_MUTED_THROUGHOUT)",
        "/invariants/consumerDrivenMix/0/type",
        "\"physics\"",
    );
    refuses(
        &mix(r#"[{ "constraint": "k", "type": "ik" }]"#),
        "rig.invariants.why-missing",
        "invariants.consumerDrivenMix entry for ik constraint \"k\" needs a \"why\" — this field switches A47_IK_CONSTRAINT_NOT_MUTED_THROUGHOUT off for that constraint, and an exemption nobody can date or justify is how a defect ships as a decision",
        "/invariants/consumerDrivenMix/0",
        "{ \"constraint\"",
    );
    refuses(
        &mix(r#"[{ "constraint": "k", "type": "transform", "why": "x" }]"#),
        "rig.invariants.constraint-undeclared",
        "invariants.consumerDrivenMix names transform constraint \"k\", which this rig does not declare — a name that resolves to nothing exempts nothing",
        "/invariants/consumerDrivenMix/0/constraint",
        "\"constraint\": |\"k\", \"type\": \"transform\"",
    );
    refuses(
        &mix(
            r#"[{ "constraint": "k", "type": "ik", "why": "x" }, { "constraint": "k", "type": "ik", "why": "y" }]"#,
        ),
        "rig.invariants.duplicate",
        "invariants.consumerDrivenMix names ik constraint \"k\" twice",
        "/invariants/consumerDrivenMix/1/constraint",
        "}, { \"constraint\": |\"k\"",
    );
}

#[test]
fn idle_drives_meshes_refusals() {
    refuses(
        &inv(r#"{ "idleDrivesMeshes": true }"#),
        "rig.invariants.entry-not-an-object",
        "invariants.idleDrivesMeshes is true, expected { \"why\": … }",
        "/invariants/idleDrivesMeshes",
        "true",
    );
    refuses(
        &inv(r#"{ "idleDrivesMeshes": {} }"#),
        "rig.invariants.why-missing",
        "invariants.idleDrivesMeshes needs a \"why\" — this field switches A15_IDLE_NO_MESH_BONE_KEYS off, and an exemption nobody can date or justify is how a defect ships as a decision",
        "/invariants/idleDrivesMeshes",
        "{} }",
    );
}
