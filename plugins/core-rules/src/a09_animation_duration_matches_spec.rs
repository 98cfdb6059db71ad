//! This module owns A09_ANIMATION_DURATION_MATCHES_SPEC (validity; GATE.md §3):
//! every animation the motion spec declares (`RigInfo.animations`) is in the
//! skeleton, its loaded duration — the largest key time, stored as float32 — is
//! neither past the declared duration by more than one float32 step
//! (`float32Step(t) = 2^(floor(log2|t|) − 23)`, 0 at 0) nor short of it by more
//! than a frame (1/60 s), and every loaded animation is declared.
//!
//! SKIPs with no rig info (no motion spec), when nothing is declared and nothing
//! is loaded (a static rig), or when the round trip produced no skeleton.

use crate::loaded::skeleton_or_skip;
use crate::raw::{fixed, num, rig_or_skip};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, Rule, RuleKind, Subject};

/// A09_ANIMATION_DURATION_MATCHES_SPEC.
pub struct A09AnimationDurationMatchesSpec;

/// The most an animation may end before its declared duration: one frame.
const UNDERSHOOT: f64 = 1.0 / 60.0;

/// The spacing of float32 values around `t` (0 for 0).
pub(crate) fn float32_step(t: f64) -> f64 {
    if t == 0.0 || !t.is_finite() {
        return 0.0;
    }
    2f64.powf(t.abs().log2().floor() - 23.0)
}

impl Rule for A09AnimationDurationMatchesSpec {
    fn code(&self) -> &'static str {
        "A09_ANIMATION_DURATION_MATCHES_SPEC"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(rig) = rig_or_skip(facts, out) else {
            return;
        };
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        if rig.animations.is_empty() && data.animations.is_empty() {
            out.skip(skip_reasons::STATIC_RIG);
            return;
        }
        for declared in &rig.animations {
            let (name, d) = (&declared.name, declared.duration);
            let Some(anim) = data
                .find_animation(name)
                .and_then(|i| data.animations.get(i))
            else {
                out.fail_at(
                    Subject::animation(name.as_str()),
                    format!("spec declares animation \"{name}\" but the skeleton has none"),
                );
                continue;
            };
            let loaded = anim.duration;
            let step = float32_step(d);
            if loaded - d > step {
                let late = anim
                    .timelines
                    .iter()
                    .filter(|t| t.duration() - d > step)
                    .count();
                out.fail_at(Subject::animation(name.as_str()), format!(
                    "animation \"{name}\" has {late} timeline(s) keyed past the declared duration {}s — the last key is at {}s, {}s late, so nothing ever samples it",
                    num(d),
                    num(loaded),
                    fixed(loaded - d, 6)
                ));
            } else if d - loaded > UNDERSHOOT || loaded.is_nan() {
                out.fail_at(
                    Subject::animation(name.as_str()),
                    format!(
                        "animation \"{name}\" loaded duration {}s, spec declares {}s",
                        num(loaded),
                        num(d)
                    ),
                );
            }
        }
        for anim in &data.animations {
            if !rig.animations.iter().any(|a| a.name == anim.name) {
                out.fail_at(
                    Subject::animation(anim.name.as_str()),
                    format!(
                        "skeleton has animation \"{}\" with no spec entry",
                        anim.name
                    ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use rigc_sdk::gate::{DeclaredAnimation, GateInput};
    use serde_json::json;

    const RULE: A09AnimationDurationMatchesSpec = A09AnimationDurationMatchesSpec;

    fn declare(mut input: GateInput, declared: &[(&str, f64)]) -> GateInput {
        if let Some(rig) = input.rig.as_mut() {
            rig.animations = declared
                .iter()
                .map(|(n, d)| DeclaredAnimation {
                    name: (*n).into(),
                    duration: *d,
                })
                .collect();
        }
        input
    }

    #[test]
    fn float32_steps() {
        assert_eq!(float32_step(0.0), 0.0);
        assert_eq!(float32_step(1.0), 2f64.powi(-23));
        assert_eq!(float32_step(0.75), 2f64.powi(-24));
    }

    #[test]
    fn passes_on_the_fixture_and_within_one_float32_step() {
        assert_pass(&RULE, &fixture());
        // 1/60 is stored as float32 0.016666668; the declared double is below it
        // by less than one step.
        let input = mutant(|v| {
            v["animations"]["knob"]["bones"]["t"]["rotate"][1]["time"] = json!(1.0 / 60.0)
        });
        assert_pass(&RULE, &declare(input, &[("a", 1.0), ("knob", 1.0 / 60.0)]));
        // Short of the declared duration by less than a frame.
        assert_pass(&RULE, &declare(fixture(), &[("a", 1.01), ("knob", 1.0)]));
    }

    #[test]
    fn fails_on_a_declared_animation_the_skeleton_lacks() {
        let input = declare(fixture(), &[("a", 1.0), ("knob", 1.0), ("walk", 2.0)]);
        assert_fails_at(
            &RULE,
            &input,
            &[(
                "spec declares animation \"walk\" but the skeleton has none",
                Some(Subject::animation("walk")),
            )],
        );
    }

    #[test]
    fn fails_on_keys_past_the_declared_duration() {
        let input = declare(fixture(), &[("a", 0.5), ("knob", 1.0)]);
        assert_fails_at(&RULE, &input, &[("animation \"a\" has 7 timeline(s) keyed past the declared duration 0.5s — the last key is at 1s, 0.500000s late, so nothing ever samples it", Some(Subject::animation("a")))]);
    }

    #[test]
    fn fails_on_an_animation_shorter_than_declared() {
        let input = declare(fixture(), &[("a", 1.0), ("knob", 1.5)]);
        assert_fails_at(
            &RULE,
            &input,
            &[(
                "animation \"knob\" loaded duration 1s, spec declares 1.5s",
                Some(Subject::animation("knob")),
            )],
        );
    }

    #[test]
    fn fails_on_an_animation_with_no_spec_entry() {
        let input = declare(fixture(), &[("a", 1.0)]);
        assert_fails_at(
            &RULE,
            &input,
            &[(
                "skeleton has animation \"knob\" with no spec entry",
                Some(Subject::animation("knob")),
            )],
        );
    }

    #[test]
    fn skips_without_rig_motion_or_skeleton() {
        assert_skips(&RULE, &no_rig(), skip_reasons::NO_RIG);
        let input = mutant(|v| {
            v["animations"] = json!({});
            if let Some(c) = v["constraints"].as_array_mut() {
                c.retain(|c| c["type"] != "slider");
            }
        });
        let input = declare(input, &[]);
        assert_skips(&RULE, &input, skip_reasons::STATIC_RIG);
        assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
    }
}
