//! This module owns A24_AXIS_SPACE_STROKE (archetype; GATE.md §3): in a rig that
//! declares `invariants.axisBone`, no animation keys the axis bone itself (its
//! setup rotation is the cut's axis, a per-cut setup value), and the bones under it
//! move along the axis only — no `translatey` timeline, and no `translate` key
//! whose `y` is further than 1e-6 from 0.
//!
//! The subtree is drawn by the raw `parent` names (a parent cycle stops the walk).
//! SKIPs with no rig info, when the rig declares no axis bone or the skeleton has
//! no bone of that name, and when no animation keys the axis bone or a bone under it.

use crate::raw::{animations, items, members, num, raw_or_skip, rig_or_skip, time_text, BoneTree};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject, Target};
use rigc_sdk::model::names::{field, BoneTimeline};

/// How far from 0 a keyed `y` may be.
const Y_TOLERANCE: f64 = 1e-6;

/// A24_AXIS_SPACE_STROKE.
pub struct A24AxisSpaceStroke;

impl Rule for A24AxisSpaceStroke {
    fn code(&self) -> &'static str {
        "A24_AXIS_SPACE_STROKE"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Archetype
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(rig) = rig_or_skip(facts, out) else {
            return;
        };
        let Some(axis) = rig.invariants.axis_bone.as_deref() else {
            out.skip(format!(
                "the rig \"{}\" declares no invariants.axisBone, so there is no axis to hold",
                rig.name
            ));
            return;
        };
        let Some(root) = raw_or_skip(facts, out) else {
            return;
        };
        let tree = BoneTree::of(root);
        if !tree.has(axis) {
            out.skip(format!("the rig \"{}\" names \"{axis}\" as its axis bone and the skeleton has no such bone", rig.name));
            return;
        }
        let mut keyed = false;
        for (anim, map) in animations(root) {
            for (bone, timelines) in members(map.get("bones")) {
                let mut timelines = members(Some(timelines)).peekable();
                let on = Subject::animation(anim).on(Target::Bone(bone.into()));
                if bone == axis {
                    if timelines.peek().is_some() {
                        keyed = true;
                        out.fail_at(on, format!(
                            "\"{anim}\" keys the axis bone \"{axis}\"; the axis angle is a per-cut SETUP value, not animation"
                        ));
                    }
                    continue;
                }
                if !tree.is_under(bone, axis) {
                    continue;
                }
                for (tl, keys) in timelines {
                    keyed = true;
                    if tl == BoneTimeline::TranslateY.name() {
                        out.fail_at(on.clone().timeline(tl), format!(
                            "\"{anim}\" gives \"{bone}\" a translatey timeline; a bone under \"{axis}\" moves along the axis only"
                        ));
                    } else if tl == BoneTimeline::Translate.name() {
                        for (k, key) in items(Some(keys)).enumerate() {
                            let Some(y) = key.get(field::Y).and_then(|y| y.as_f64()) else {
                                continue;
                            };
                            if y.abs() > Y_TOLERANCE {
                                out.fail_at(on.clone().timeline(tl).key(k), format!(
                                    "\"{anim}\" keys \"{bone}\" translate y={} at t={}; the axis bone carries the direction, so keys are translateX only",
                                    num(y),
                                    time_text(key)
                                ));
                            }
                        }
                    }
                }
            }
        }
        if !keyed {
            out.skip(format!(
                "no animation keys the axis bone \"{axis}\" or a bone under it"
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::NOT_JSON;
    use crate::testkit::*;
    use serde_json::json;

    const RULE: A24AxisSpaceStroke = A24AxisSpaceStroke;

    #[test]
    fn passes_on_the_fixture() {
        // "b" is under "axis" and keyed: rotate, and translate with y 0 or absent.
        assert_pass(&RULE, &fixture());
        assert_pass(
            &RULE,
            &mutant(|v| v["animations"]["a"]["bones"]["b"]["translate"][1]["y"] = json!(1e-7)),
        );
    }

    #[test]
    fn fails_when_an_animation_keys_the_axis_bone() {
        let input = mutant(|v| {
            v["animations"]["knob"]["bones"]["axis"] = json!({ "rotate": [{ "value": 5 }] })
        });
        assert_fails_at(
            &RULE,
            &input,
            &[(
                "\"knob\" keys the axis bone \"axis\"; the axis angle is a per-cut SETUP value, not animation",
                Some(Subject::animation("knob").on(Target::Bone("axis".into()))),
            )],
        );
    }

    #[test]
    fn fails_on_a_translatey_timeline_under_the_axis() {
        let input =
            mutant(|v| v["animations"]["a"]["bones"]["b"]["translatey"] = json!([{ "value": 0 }]));
        assert_fails_at(
            &RULE,
            &input,
            &[(
                "\"a\" gives \"b\" a translatey timeline; a bone under \"axis\" moves along the axis only",
                Some(
                    Subject::animation("a")
                        .on(Target::Bone("b".into()))
                        .timeline("translatey"),
                ),
            )],
        );
    }

    #[test]
    fn fails_on_each_translate_key_with_a_screen_y() {
        let input = mutant(|v| {
            v["animations"]["a"]["bones"]["b"]["translate"][0]["y"] = json!(-0.5);
            v["animations"]["a"]["bones"]["b"]["translate"][1]["y"] = json!(2);
        });
        let key = |k: usize| {
            Some(
                Subject::animation("a")
                    .on(Target::Bone("b".into()))
                    .timeline("translate")
                    .key(k),
            )
        };
        assert_fails_at(
            &RULE,
            &input,
            &[
                (
                    "\"a\" keys \"b\" translate y=-0.5 at t=0; the axis bone carries the direction, so keys are translateX only",
                    key(0),
                ),
                (
                    "\"a\" keys \"b\" translate y=2 at t=1; the axis bone carries the direction, so keys are translateX only",
                    key(1),
                ),
            ],
        );
    }

    #[test]
    fn bones_outside_the_subtree_are_free() {
        // "t" hangs off the root, not the axis; its translate keys y.
        assert_pass(
            &RULE,
            &mutant(|v| v["animations"]["a"]["bones"]["t"]["translatey"] = json!([{ "value": 3 }])),
        );
    }

    #[test]
    fn skips_without_rig_axis_or_keys() {
        assert_skips(&RULE, &no_rig(), skip_reasons::NO_RIG);
        let mut input = fixture();
        if let Some(rig) = input.rig.as_mut() {
            rig.invariants.axis_bone = None;
        }
        assert_skips(
            &RULE,
            &input,
            "the rig \"tiny\" declares no invariants.axisBone, so there is no axis to hold",
        );
        let mut input = fixture();
        if let Some(rig) = input.rig.as_mut() {
            rig.invariants.axis_bone = Some("spine".into());
        }
        assert_skips(
            &RULE,
            &input,
            "the rig \"tiny\" names \"spine\" as its axis bone and the skeleton has no such bone",
        );
        let input = mutant(|v| {
            if let Some(bones) = v["animations"]["a"]["bones"].as_object_mut() {
                bones.remove("b");
            }
        });
        assert_skips(
            &RULE,
            &input,
            "no animation keys the axis bone \"axis\" or a bone under it",
        );
        assert_skips(&RULE, &not_json(), NOT_JSON);
    }
}
