//! This module owns A37_SLIDER_CONSTRAINT_EFFECTIVE (validity; GATE.md §3, §4.7):
//! every slider applies an animation that carries at least one timeline; a
//! slider driven by a bone does not loop an animation of duration ≤ 0
//! (`duration + (time % duration)` is NaN) and does not read its bone at scale 0;
//! and a slider whose setup mix is ≤ 0 has some animation pose its `mix` above 0,
//! at a key or at any Bézier sample between keys (`switchedOn`).
//!
//! SKIPs with no slider, or when the round trip produced no skeleton.

use crate::loaded::{bone_name, keyed_above_zero, skeleton_or_skip};
use crate::raw::num;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject};
use rigc_sdk::spine::data::{ConstraintKind, TimelineKind};

/// A37_SLIDER_CONSTRAINT_EFFECTIVE.
pub struct A37SliderConstraintEffective;

/// SKIP: no slider.
pub(crate) const NO_SLIDER: &str = "the skeleton declares no slider constraint";

impl Rule for A37SliderConstraintEffective {
    fn code(&self) -> &'static str {
        "A37_SLIDER_CONSTRAINT_EFFECTIVE"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        let mut any = false;
        let k = data.animations.len();
        for (i, c) in data.constraints.iter().enumerate() {
            let ConstraintKind::Slider(s) = &c.kind else {
                continue;
            };
            any = true;
            let n = &c.name;
            match s.animation.and_then(|a| data.animations.get(a)) {
                None => out.fail_at(
                    Subject::constraint("slider", n),
                    format!("slider \"{n}\" applies no animation"),
                ),
                Some(anim) => {
                    let a = &anim.name;
                    if anim.timelines.is_empty() {
                        out.fail_at(Subject::constraint("slider", n), format!("slider \"{n}\" applies animation \"{a}\", which carries no timeline at all; the slider runs and the skeleton never changes"));
                    }
                    if let Some(bone) = s.bone {
                        if s.looped && (anim.duration <= 0.0 || anim.duration.is_nan()) {
                            out.fail_at(Subject::constraint("slider", n), format!("slider \"{n}\" loops animation \"{a}\", whose duration is {} — Slider.update computes `duration + (time % duration)` when looping, so the applied time is NaN", num(anim.duration)));
                        }
                        if s.scale == 0.0 {
                            out.fail_at(Subject::constraint("slider", n), format!("slider \"{n}\" drives off bone \"{}\" with scale 0, so the property cannot move the slider's time", bone_name(data, bone)));
                        }
                    }
                }
            }
            if s.setup.mix <= 0.0 && !keyed_above_zero(data, TimelineKind::SliderMix(i), 1) {
                out.fail_at(Subject::constraint("slider", n), format!(
                    "slider \"{n}\" has mix {} at setup and none of the {k} animations keys its mix above 0; update() returns on mix 0 — rest it above 0, or key its mix above 0 in an animation",
                    num(s.setup.mix)
                ));
            }
        }
        if !any {
            out.skip(NO_SLIDER);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use rigc_sdk::gate::{skip_reasons, Subject};
    use serde_json::json;

    const RULE: A37SliderConstraintEffective = A37SliderConstraintEffective;

    fn slider(edit: impl FnOnce(&mut serde_json::Value)) -> rigc_sdk::gate::GateInput {
        mutant(|v| edit(&mut v["constraints"][2]))
    }

    #[test]
    fn passes_on_the_fixture_and_a_bone_driven_slider() {
        assert_pass(&RULE, &fixture());
        assert_pass(
            &RULE,
            &slider(|s| {
                s["bone"] = json!("t");
                s["property"] = json!("x");
                s["loop"] = json!(true);
            }),
        );
    }

    #[test]
    fn fails_an_animation_with_no_timeline() {
        let input = mutant(|v| v["animations"]["knob"] = json!({}));
        assert_fails(&RULE, &input, &["slider \"sl\" applies animation \"knob\", which carries no timeline at all; the slider runs and the skeleton never changes"]);
    }

    #[test]
    fn fails_a_looped_empty_animation_and_a_zero_scale() {
        let input = mutant(|v| {
            v["animations"]["knob"]["bones"]["t"]["rotate"] = json!([{ "value": 90 }]);
            let s = &mut v["constraints"][2];
            s["bone"] = json!("t");
            s["property"] = json!("x");
            s["loop"] = json!(true);
            s["scale"] = json!(0);
        });
        let sl = || Some(Subject::constraint("slider", "sl"));
        assert_fails_at(
            &RULE,
            &input,
            &[
                ("slider \"sl\" loops animation \"knob\", whose duration is 0 — Slider.update computes `duration + (time % duration)` when looping, so the applied time is NaN", sl()),
                ("slider \"sl\" drives off bone \"t\" with scale 0, so the property cannot move the slider's time", sl()),
            ],
        );
    }

    #[test]
    fn a_muted_slider_needs_a_mix_key_above_0() {
        let input = mutant(|v| {
            v["constraints"][2]["mix"] = json!(0);
            v["animations"]["a"]["slider"]["sl"]["mix"] = json!([{ "value": 0 }]);
        });
        assert_fails_at(&RULE, &input, &[("slider \"sl\" has mix 0 at setup and none of the 2 animations keys its mix above 0; update() returns on mix 0 — rest it above 0, or key its mix above 0 in an animation", Some(Subject::constraint("slider", "sl")))]);
        // The fixture keys it at 1.
        assert_pass(&RULE, &slider(|s| s["mix"] = json!(0)));
    }

    #[test]
    fn skips_without_slider() {
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
