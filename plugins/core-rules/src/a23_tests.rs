//! Tests of A23_PHYSICS_CONSTRAINT_EFFECTIVE (GATE.md §4.7): a mutant per FAIL
//! clause, the muted-until-keyed exemption through a Bézier sample, and the SKIPs.

use super::*;
use crate::testkit::*;
use rigc_sdk::gate::{GateInput, Subject, Target};
use serde_json::{json, Value};

const RULE: A23PhysicsConstraintEffective = A23PhysicsConstraintEffective;

/// The fixture with physics "p" (on bone "t", length 0) edited.
fn physics(edit: impl FnOnce(&mut Value)) -> GateInput {
    mutant(|v| edit(&mut v["constraints"][1]))
}

#[test]
fn passes_on_the_fixture_and_counts_keys() {
    assert_pass(&RULE, &fixture());
    let out = check(&RULE, &fixture());
    assert_eq!(
        out.stats,
        [
            ("physicsConstraints".to_string(), "1".to_string()),
            ("physicsTimelineKeys".to_string(), "2".to_string())
        ]
    );
}

#[test]
fn fails_a_constraint_that_drives_nothing() {
    assert_fails_at(
        &RULE,
        &physics(|p| p["x"] = json!(0)),
        &[(
            "physics \"p\" drives no component; it parses and does nothing",
            Some(Subject::constraint("physics", "p")),
        )],
    );
}

#[test]
fn fails_levers_on_a_bone_with_no_length() {
    let input = physics(|p| {
        p["rotate"] = json!(1);
        p["shearX"] = json!(0.5);
        p["scaleX"] = json!(1);
    });
    assert_fails(
        &RULE,
        &input,
        &[
            "physics \"p\" drives rotate and shearX on bone \"t\", which has length 0 — the solver aims the bone's tip, and a bone with no length has none, so it swings toward world angle 0; give the bone a length, or drive x and y",
            "physics \"p\" drives scaleX on bone \"t\", which has length 0 — the solver divides by the length, so the scale is NaN",
        ],
    );
    let input = mutant(|v| {
        v["constraints"][1]["rotate"] = json!(1);
        v["bones"][3]["length"] = json!(5);
    });
    assert_pass(&RULE, &input);
}

#[test]
fn fails_each_setup_bound() {
    let input = physics(|p| {
        p["mass"] = json!(0);
        p["strength"] = json!(0);
        p["damping"] = json!(1.5);
    });
    let p = || Some(Subject::constraint("physics", "p"));
    assert_fails_at(
        &RULE,
        &input,
        &[
            ("physics \"p\" has massInverse Infinity; mass must be finite and > 0 — massInverse is 1/mass: a mass of 0 makes it infinite and the solver NaN, and a negative mass is refused by rigc", p()),
            ("physics \"p\" has strength 0; strength must be > 0 — with no spring the bone drifts and never returns to its pose", p()),
            ("physics \"p\" has damping 1.5; must be inside [0, 1] — above 1 the motion runs away, and below 0 it is NaN at fractional 60/fps exponents", p()),
        ],
    );
}

#[test]
fn the_damping_sentence_names_a_mesh_bone() {
    let input = mutant(|v| {
        v["constraints"][1]["bone"] = json!("b");
        v["constraints"][1]["damping"] = json!(-0.5);
    });
    assert_fails(
        &RULE,
        &input,
        &["physics \"p\" has damping -0.5; must be inside [0, 1] — above 1 the motion runs away, and below 0 it is NaN at fractional 60/fps exponents — and this bone drives a mesh, so the canvas never rests"],
    );
}

#[test]
fn a_muted_mix_needs_a_key_that_switches_it_on() {
    let muted = |keys: Value| {
        mutant(|v| {
            v["constraints"][1]["mix"] = json!(0);
            v["animations"]["a"]["physics"] = json!({ "p": { "mix": keys } });
        })
    };
    assert_fails(
        &RULE,
        &muted(json!([{ "value": 0 }])),
        &["physics \"p\" has mix 0 and none of the 2 animations keys its mix above 0; update() returns on mix 0, so the constraint never moves its bone — rest it above 0, or key its mix above 0 in an animation"],
    );
    // Both keys 0, and the Bézier between them rises above 0.
    let input =
        muted(json!([{ "value": 0, "curve": [0.3, 0.5, 0.7, 0.5] }, { "time": 1, "value": 0 }]));
    assert_pass(&RULE, &input);
    assert!(check(&RULE, &input)
        .stats
        .contains(&("physicsMutedUntilKeyed".to_string(), "1".to_string())));
    // The global form reaches "p" through mixGlobal.
    let input = mutant(|v| {
        v["constraints"][1]["mix"] = json!(0);
        v["animations"]["a"]["physics"] = json!({ "": { "mix": [{ "value": 0.5 }] } });
    });
    assert_pass(&RULE, &input);
}

#[test]
fn fails_a_step_that_is_not_positive() {
    let input = mutant(|v| v["constraints"][1]["fps"] = json!(0));
    assert_fails(
        &RULE,
        &input,
        &["physics \"p\" has step Infinity (fps must be > 0)"],
    );
}

#[test]
fn fails_each_key_out_of_bounds() {
    let input = mutant(|v| {
        v["animations"]["a"]["physics"] = json!({
            "p": { "mass": [{ "value": 0 }], "damping": [{ "time": 0.5, "value": 2 }], "wind": [{ "value": -9 }] },
            "": { "mix": [{ "time": 0.25, "value": -1 }], "strength": [{ "value": 0 }] }
        });
    });
    let key = |constraint: &str, timeline: &str, k: usize| {
        let on = Target::Constraint {
            kind: "physics".into(),
            name: constraint.into(),
        };
        Some(Subject::animation("a").on(on).timeline(timeline).key(k))
    };
    assert_fails_at(
        &RULE,
        &input,
        &[
            (
                "animation \"a\" physics \"p\" mass key at t=0.000000s is 0 (massInverse Infinity); must be finite and > 0 — massInverse is 1/mass: a mass of 0 makes it infinite and the solver NaN, and a negative mass is refused by rigc",
                key("p", "mass", 0),
            ),
            (
                "animation \"a\" physics \"p\" damping key at t=0.500000s is 2; must be inside [0, 1] — above 1 the motion runs away, and below 0 it is NaN at fractional 60/fps exponents",
                key("p", "damping", 0),
            ),
            (
                "animation \"a\" every physics constraint mix key at t=0.250000s is -1; must be ≥ 0 — a negative mix pushes the bone away from where physics puts it",
                key("", "mix", 0),
            ),
        ],
    );
    // The key's index in its timeline: the second key of the damping track.
    let input = mutant(|v| {
        v["animations"]["a"]["physics"] = json!({
            "p": { "damping": [{ "value": 0.5 }, { "time": 0.5, "value": 2 }] }
        });
    });
    assert_fails_at(
        &RULE,
        &input,
        &[(
            "animation \"a\" physics \"p\" damping key at t=0.500000s is 2; must be inside [0, 1] — above 1 the motion runs away, and below 0 it is NaN at fractional 60/fps exponents",
            key("p", "damping", 1),
        )],
    );
}

#[test]
fn skips_without_physics_or_skeleton() {
    let input = mutant(|v| {
        if let Some(c) = v["constraints"].as_array_mut() {
            c.retain(|c| c["type"] != "physics");
        }
        if let Some(a) = v["animations"]["a"].as_object_mut() {
            a.remove("physics");
        }
    });
    assert_skips(&RULE, &input, skip_reasons::NO_PHYSICS);
    assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
}
