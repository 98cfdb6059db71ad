//! A40's tests (a mutant per FAIL clause, positive controls) and the probe's.

use super::*;
use crate::additive_probe::probe;
use crate::testkit::*;
use rigc_sdk::gate::facts::Facts;
use serde_json::json;

const RULE: A40SlidersComposeOnASharedTarget = A40SlidersComposeOnASharedTarget;

#[track_caller]
fn fails(input: &rigc_sdk::gate::GateInput, details: &[&str]) {
    assert_spine_loads(input);
    assert_fails(&RULE, input, details);
}

#[track_caller]
fn fails_at(input: &rigc_sdk::gate::GateInput, findings: &[(&str, Option<Subject>)]) {
    assert_spine_loads(input);
    assert_fails_at(&RULE, input, findings);
}

/// The fixture with a second slider "s2" after "sl", applying animation
/// "dial" (`dial`), with `edit` applied last.
fn two(
    dial: serde_json::Value,
    edit: impl FnOnce(&mut serde_json::Value),
) -> rigc_sdk::gate::GateInput {
    mutant(|v| {
        if let Some(c) = v["constraints"].as_array_mut() {
            c.push(json!({ "type": "slider", "name": "s2", "animation": "dial" }));
        }
        v["animations"]["dial"] = dial;
        // The fixture keys "sl"'s mix; rest it at full authority instead.
        if let Some(a) = v["animations"]["a"].as_object_mut() {
            a.remove("slider");
        }
        edit(v);
    })
}

fn behaviour_of(input: &rigc_sdk::gate::GateInput, anim: &str) -> Behaviour {
    let facts = Facts::new(input);
    let data = &facts.loaded().expect("loads").data;
    let a = data.find_animation(anim).expect("animation");
    probe(data, facts.plans(), &data.animations[a].timelines[0])
}

#[test]
fn the_probe_reads_how_each_timeline_composes() {
    let cases = [
        (
            json!({ "bones": { "t": { "rotate": [{ "value": 10 }] } } }),
            Behaviour::Accumulates,
        ),
        (
            json!({ "bones": { "t": { "scale": [{ "x": 2 }] } } }),
            Behaviour::Accumulates,
        ),
        (
            json!({ "bones": { "t": { "rotate": [{ "value": 0 }] } } }),
            Behaviour::Inert,
        ),
        (
            json!({ "slots": { "s": { "rgba": [{ "color": "ff0000ff" }] } } }),
            Behaviour::Overwrites,
        ),
        (
            json!({ "slots": { "s": { "attachment": [{ "name": "r" }] } } }),
            Behaviour::Overwrites,
        ),
        (
            json!({ "attachments": { "default": { "m": { "m": { "deform": [{ "vertices": [1, 1] }] } } } } }),
            Behaviour::Accumulates,
        ),
        (
            json!({ "ik": { "k": [{ "mix": 0.5 }] } }),
            Behaviour::Overwrites,
        ),
        (
            json!({ "slider": { "sl": { "time": [{ "value": 0.5 }] } } }),
            Behaviour::Accumulates,
        ),
        (
            json!({ "drawOrder": [{ "offsets": [{ "slot": "s", "offset": 1 }] }] }),
            Behaviour::Overwrites,
        ),
        (json!({ "events": [{ "name": "e" }] }), Behaviour::Inert),
    ];
    for (dial, want) in cases {
        let input = two(dial.clone(), |_| {});
        assert_eq!(behaviour_of(&input, "dial"), want, "{dial}");
    }
}

#[test]
fn passes_additive_sliders_on_a_shared_bone() {
    // "knob" rotates "t"; so does "dial", after it and additive.
    let input = two(
        json!({ "bones": { "t": { "rotate": [{ "value": 30 }] } } }),
        |v| {
            v["constraints"][3]["additive"] = json!(true);
        },
    );
    assert_spine_loads(&input);
    assert_pass(&RULE, &input);
    assert_eq!(
        check(&RULE, &input).stats,
        [("sliderSharedTargets".to_string(), "1".to_string())]
    );
    // Sharing nothing is measured and passes.
    assert_pass(
        &RULE,
        &two(
            json!({ "bones": { "b": { "rotate": [{ "value": 30 }] } } }),
            |_| {},
        ),
    );
}

#[test]
fn two_non_additive_sliders_on_one_rotation_fail() {
    let input = two(
        json!({ "bones": { "t": { "rotate": [{ "value": 30 }] } } }),
        |_| {},
    );
    fails_at(&input, &[("bone \"t\" rotate is keyed by the animations of 2 sliders — \"sl\" (constraints[2], additive: false), \"s2\" (constraints[3], additive: false) — and every one of them applies at mix 1. Today \"s2\" (constraints[3]) wins that property and \"sl\" contributes nothing to it: its timeline adds onto the pose when applied with `add`, and \"s2\" is not additive, so it sets the property over what came before it. Set `\"additive\": true` on slider \"s2\", or key this property from one slider only.", Some(Subject::constraint("slider", "s2")))]);
}

#[test]
fn an_overwriting_timeline_fails_even_when_additive() {
    let input = two(
        json!({ "slots": { "s": { "alpha": [{ "value": 0.5 }] } }, "bones": { "t": { "translate": [{ "x": 1, "y": 2 }] } } }),
        |v| {
            v["constraints"][3]["additive"] = json!(true);
            v["animations"]["knob"]["slots"] = json!({ "s": { "alpha": [{ "value": 0.25 }] } });
            v["animations"]["knob"]["bones"]["t"]["translate"] = json!([{ "x": 3 }]);
        },
    );
    fails(&input, &["slot \"s\" alpha is keyed by the animations of 2 sliders — \"sl\" (constraints[2], additive: false), \"s2\" (constraints[3], additive: true) — and every one of them applies at mix 1. Today \"s2\" (constraints[3]) wins that property and \"sl\" contributes nothing to it: its timeline overwrites the property even when applied with `add` — `additive: true` would NOT compose these; key this property from one slider, or merge the edits into one animation."]);
    // Both translate channels shared by non-additive sliders: one finding.
    let input = two(
        json!({ "bones": { "t": { "translate": [{ "x": 1, "y": 2 }] } } }),
        |v| {
            v["animations"]["knob"]["bones"]["t"]["translate"] = json!([{ "x": 3 }]);
        },
    );
    let out = check(&RULE, &input);
    assert_eq!(out.failures.len(), 1);
    assert!(
        out.failures[0]
            .detail
            .starts_with("bone \"t\" x and bone \"t\" y are keyed by the animations of 2 sliders"),
        "{}",
        out.failures[0]
    );
}

#[test]
fn sliders_that_never_meet_or_weigh_each_other_pass() {
    // Each slider is skin-required, under skins that never meet.
    let input = two(
        json!({ "bones": { "t": { "rotate": [{ "value": 30 }] } } }),
        |v| {
            v["constraints"][2]["skin"] = json!(true);
            v["constraints"][3]["skin"] = json!(true);
            let skins = v["skins"].as_array_mut().expect("skins");
            skins.push(json!({ "name": "one", "slider": ["sl"] }));
            skins.push(json!({ "name": "two", "slider": ["s2"] }));
        },
    );
    assert_spine_loads(&input);
    assert_pass(&RULE, &input);
    // Events are inert: nothing is erased.
    let input = two(json!({ "events": [{ "name": "e" }] }), |v| {
        v["animations"]["knob"]["events"] = json!([{ "name": "e" }]);
    });
    assert_pass(&RULE, &input);
}

#[test]
fn skips_with_fewer_than_two_full_authority_sliders() {
    assert_skips(&RULE, &fixture(), FEW_SLIDERS);
    let input = two(
        json!({ "bones": { "t": { "rotate": [{ "value": 30 }] } } }),
        |v| {
            v["constraints"][3]["mix"] = json!(0.5);
        },
    );
    assert_spine_loads(&input);
    assert_skips(&RULE, &input, FEW_AUTHORITATIVE);
    let input = two(
        json!({ "bones": { "t": { "rotate": [{ "value": 30 }] } } }),
        |v| {
            v["animations"]["a"]["slider"] = json!({ "s2": { "mix": [{ "value": 1 }] } });
        },
    );
    assert_skips(&RULE, &input, FEW_AUTHORITATIVE);
    assert_skips(
        &RULE,
        &not_json(),
        rigc_sdk::gate::skip_reasons::NO_SKELETON,
    );
}
