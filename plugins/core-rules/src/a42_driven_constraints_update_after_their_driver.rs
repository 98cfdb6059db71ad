//! This module owns A42_DRIVEN_CONSTRAINTS_UPDATE_AFTER_THEIR_DRIVER (validity;
//! GATE.md §3, §4.13): the `constraints` array is the update order, so a
//! constraint a slider's animation keys must come **later** than that slider —
//! else it has already used its value for the frame when the slider writes it.
//! A slider keying its own `mix` or `time` fails too: `Slider.update` reads them
//! before the animation runs, and the pose is put back before the next frame.
//!
//! A named constraint timeline reaches its constraint; a physics timeline naming
//! none reaches every physics constraint whose `<value>Global` is set; a physics
//! `reset` key is no property and is only counted. Stats:
//! `sliderDrivenConstraints`. SKIPs with no slider, when no slider's animation
//! keys a constraint property, or when the round trip produced no skeleton.

use crate::a23_physics_constraint_effective::{physics_reach, value_name};
use crate::a37_slider_constraint_effective::NO_SLIDER;
use crate::loaded::skeleton_or_skip;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject, Target};
use rigc_sdk::model::names::{PathTimeline, SliderTimeline};
use rigc_sdk::spine::data::{ConstraintKind, TimelineKind as K};

/// A42_DRIVEN_CONSTRAINTS_UPDATE_AFTER_THEIR_DRIVER.
pub struct A42DrivenConstraintsUpdateAfterTheirDriver;

/// A constraint timeline's kind word, its property word (`None` for the ik and
/// transform groups) and the constraints it reaches.
fn reach(
    data: &rigc_sdk::spine::SkeletonData,
    kind: &K,
) -> Option<(&'static str, Option<&'static str>, Vec<usize>, bool)> {
    Some(match *kind {
        K::Ik(d) => ("ik", None, vec![d], false),
        K::Transform(d) => ("transform", None, vec![d], false),
        K::PathPosition(d) => ("path", Some(PathTimeline::Position.name()), vec![d], false),
        K::PathSpacing(d) => ("path", Some(PathTimeline::Spacing.name()), vec![d], false),
        K::PathMix(d) => ("path", Some(PathTimeline::Mix.name()), vec![d], false),
        K::Physics(named, v) => (
            "physics",
            Some(value_name(v)),
            physics_reach(data, named, v),
            named.is_none(),
        ),
        K::Slider(d) => ("slider", Some(SliderTimeline::Time.name()), vec![d], false),
        K::SliderMix(d) => ("slider", Some(SliderTimeline::Mix.name()), vec![d], false),
        _ => return None,
    })
}

impl Rule for A42DrivenConstraintsUpdateAfterTheirDriver {
    fn code(&self) -> &'static str {
        "A42_DRIVEN_CONSTRAINTS_UPDATE_AFTER_THEIR_DRIVER"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        let (mut sliders, mut pairs, mut resets) = (0usize, 0usize, 0usize);
        for (i, c) in data.constraints.iter().enumerate() {
            let ConstraintKind::Slider(slider) = &c.kind else {
                continue;
            };
            sliders += 1;
            let s = &c.name;
            let Some(anim) = slider.animation.and_then(|a| data.animations.get(a)) else {
                continue;
            };
            let a = &anim.name;
            for t in &anim.timelines {
                if matches!(t.kind, K::PhysicsReset(_)) {
                    resets += 1;
                    continue;
                }
                let Some((kind, word, reached, global)) = reach(data, &t.kind) else {
                    continue;
                };
                // The finding is about this timeline of animation `a`: the
                // constraint it names ("" for a physics timeline naming none)
                // and, except for ik and transform, the timeline's name under it.
                let named = match t.kind {
                    K::Physics(None, _) => None,
                    _ => reached.first().copied(),
                };
                let mut timeline = Subject::animation(a).on(Target::Constraint {
                    kind: kind.to_string(),
                    name: named
                        .and_then(|d| data.constraints.get(d))
                        .map_or_else(String::new, |c| c.name.clone()),
                });
                if let Some(w) = word {
                    timeline = timeline.timeline(w);
                }
                for d in reached {
                    pairs += 1;
                    let Some(target) = data.constraints.get(d).filter(|_| d <= i) else {
                        continue;
                    };
                    let w = word.unwrap_or(kind);
                    if d == i {
                        let (what, muted) = if w == SliderTimeline::Mix.name() {
                            (
                                "alpha it applies that animation with",
                                if slider.setup.mix == 0.0 {
                                    " — and at `mix` 0 the slider returns before it applies anything, so this key can never switch it on"
                                } else {
                                    ""
                                },
                            )
                        } else {
                            ("time it applies that animation at", "")
                        };
                        out.fail_at(timeline.clone(), format!(
                            "slider \"{s}\" (constraints[{i}]) keys its own `{w}` in animation \"{a}\". `Slider.update` reads `appliedPose.{w}` as the {what}, before the animation runs, so the key is written after its only reader and `Posed.resetConstrained` puts the pose back before the next frame{muted}. Key `slider.{s}.{w}` from a slider EARLIER in `constraints`, or state the `{w}` this slider should start at in the rig spec"
                        ));
                        continue;
                    }
                    let n = &target.name;
                    let keyed = match word {
                        None => format!("the `{kind}` timeline"),
                        Some(w) => format!("the `{w}`"),
                    };
                    let global = if global {
                        format!(" — the timeline names no constraint, so it writes every physics constraint declaring \"{w}Global\": true")
                    } else {
                        String::new()
                    };
                    let key = match word {
                        None => format!("{kind}.{n}"),
                        Some(w) => format!("{kind}.{n}.{w}"),
                    };
                    out.fail_at(timeline.clone(), format!(
                        "slider \"{s}\" (constraints[{i}]) keys {keyed} of {kind} constraint \"{n}\" (constraints[{d}]) in animation \"{a}\"{global}, and \"{n}\" updates FIRST. The `constraints` array is the update order, so \"{n}\" has already used its value for this frame when the slider writes it. Move \"{s}\" before \"{n}\" in `constraints`, or key `{key}` from a slider that already is"
                    ));
                }
            }
        }
        if sliders == 0 {
            out.skip(NO_SLIDER);
            return;
        }
        out.stat("sliderDrivenConstraints", pairs);
        if pairs == 0 {
            let note = if resets > 0 {
                format!(" (its physics reset keys, {resets}, are not properties)")
            } else {
                String::new()
            };
            out.skip(format!("no slider's animation keys a constraint property{note}, so no update order is at stake"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use rigc_sdk::gate::skip_reasons;
    use serde_json::json;

    const RULE: A42DrivenConstraintsUpdateAfterTheirDriver =
        A42DrivenConstraintsUpdateAfterTheirDriver;

    fn knob(edit: impl FnOnce(&mut serde_json::Value)) -> rigc_sdk::gate::GateInput {
        mutant(|v| edit(&mut v["animations"]["knob"]))
    }

    #[test]
    fn passes_a_constraint_keyed_by_an_earlier_slider() {
        let input = mutant(|v| {
            v["animations"]["knob"]["ik"] = json!({ "k": [{ "mix": 0.5 }] });
            if let Some(c) = v["constraints"].as_array_mut() {
                let slider = c.remove(2);
                c.insert(0, slider);
            }
        });
        assert_pass(&RULE, &input);
        assert_eq!(
            check(&RULE, &input).stats,
            [("sliderDrivenConstraints".to_string(), "1".to_string())]
        );
    }

    #[test]
    fn fails_a_constraint_that_updates_first() {
        let input = knob(|k| {
            k["ik"] = json!({ "k": [{ "mix": 0.5 }] });
            k["physics"] = json!({ "": { "mix": [{ "value": 1 }] } });
        });
        let on = |kind: &str, name: &str| {
            Subject::animation("knob").on(Target::Constraint {
                kind: kind.into(),
                name: name.into(),
            })
        };
        assert_fails_at(
            &RULE,
            &input,
            &[
                ("slider \"sl\" (constraints[2]) keys the `ik` timeline of ik constraint \"k\" (constraints[0]) in animation \"knob\", and \"k\" updates FIRST. The `constraints` array is the update order, so \"k\" has already used its value for this frame when the slider writes it. Move \"sl\" before \"k\" in `constraints`, or key `ik.k` from a slider that already is", Some(on("ik", "k"))),
                // The timeline is the one that names no constraint.
                ("slider \"sl\" (constraints[2]) keys the `mix` of physics constraint \"p\" (constraints[1]) in animation \"knob\" — the timeline names no constraint, so it writes every physics constraint declaring \"mixGlobal\": true, and \"p\" updates FIRST. The `constraints` array is the update order, so \"p\" has already used its value for this frame when the slider writes it. Move \"sl\" before \"p\" in `constraints`, or key `physics.p.mix` from a slider that already is", Some(on("physics", "").timeline("mix"))),
            ],
        );
    }

    #[test]
    fn fails_a_slider_keying_its_own_mix_or_time() {
        let input = mutant(|v| {
            v["constraints"][2]["mix"] = json!(0);
            v["animations"]["knob"]["slider"] =
                json!({ "sl": { "mix": [{ "value": 1 }], "time": [{ "value": 0.5 }] } });
        });
        let own = |w: &str| {
            Subject::animation("knob")
                .on(Target::Constraint {
                    kind: "slider".into(),
                    name: "sl".into(),
                })
                .timeline(w)
        };
        assert_fails_at(
            &RULE,
            &input,
            &[
                ("slider \"sl\" (constraints[2]) keys its own `mix` in animation \"knob\". `Slider.update` reads `appliedPose.mix` as the alpha it applies that animation with, before the animation runs, so the key is written after its only reader and `Posed.resetConstrained` puts the pose back before the next frame — and at `mix` 0 the slider returns before it applies anything, so this key can never switch it on. Key `slider.sl.mix` from a slider EARLIER in `constraints`, or state the `mix` this slider should start at in the rig spec", Some(own("mix"))),
                ("slider \"sl\" (constraints[2]) keys its own `time` in animation \"knob\". `Slider.update` reads `appliedPose.time` as the time it applies that animation at, before the animation runs, so the key is written after its only reader and `Posed.resetConstrained` puts the pose back before the next frame. Key `slider.sl.time` from a slider EARLIER in `constraints`, or state the `time` this slider should start at in the rig spec", Some(own("time"))),
            ],
        );
    }

    #[test]
    fn skips_without_a_slider_or_a_keyed_property() {
        assert_skips(
            &RULE,
            &fixture(),
            "no slider's animation keys a constraint property, so no update order is at stake",
        );
        let input = knob(|k| k["physics"] = json!({ "p": { "reset": [{}] } }));
        assert_skips(&RULE, &input, "no slider's animation keys a constraint property (its physics reset keys, 1, are not properties), so no update order is at stake");
        let input = mutant(|v| {
            if let Some(c) = v["constraints"].as_array_mut() {
                c.retain(|c| c["type"] != "slider");
            }
            if let Some(a) = v["animations"]["a"].as_object_mut() {
                a.remove("slider");
            }
        });
        assert_skips(&RULE, &input, NO_SLIDER);
        assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
    }
}
