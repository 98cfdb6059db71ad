//! This module owns A48_TRANSFORM_CONSTRAINT_NOT_MUTED_THROUGHOUT (validity;
//! GATE.md §3, §4.18): every transform constraint drives some property (its
//! `properties` name a `to`), and is live on what it drives — the setup mix of a
//! driven property (rotate → mixRotate, x → mixX, y → mixY, scaleX → mixScaleX,
//! scaleY → mixScaleY, shearY → mixShearY) is not 0, or some animation poses that
//! mix channel to a value other than 0, at a key (an omitted mix reads 1) or at
//! any Bézier sample between keys (`switchedOn`).
//!
//! Declarations work as in A47 (`invariants.consumerDrivenMix`, type
//! `transform`; stats `transformConsumerDriven`). SKIPs with no transform
//! constraint, when every one is declared and exempt, or when the round trip
//! produced no skeleton.

use crate::a47_ik_constraint_not_muted_throughout::{first_live, judge, Muted};
use crate::loaded::skeleton_or_skip;
use crate::raw::num;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject};
use rigc_sdk::model::names::TransformMix;
use rigc_sdk::spine::data::{ConstraintKind, Property, TimelineKind, TransformPose};

/// A48_TRANSFORM_CONSTRAINT_NOT_MUTED_THROUGHOUT.
pub struct A48TransformConstraintNotMutedThroughout;

/// A driven property: its name, its mix's name, its channel on a transform key,
/// and its setup mix.
fn mix_of(p: Property, s: &TransformPose) -> (&'static str, &'static str, usize, f64) {
    let (property, mix, setup) = match p {
        Property::Rotate => ("rotate", TransformMix::Rotate, s.mix_rotate),
        Property::X => ("x", TransformMix::X, s.mix_x),
        Property::Y => ("y", TransformMix::Y, s.mix_y),
        Property::ScaleX => ("scaleX", TransformMix::ScaleX, s.mix_scale_x),
        Property::ScaleY => ("scaleY", TransformMix::ScaleY, s.mix_scale_y),
        Property::ShearY => ("shearY", TransformMix::ShearY, s.mix_shear_y),
    };
    (property, mix.name(), mix.index(), setup)
}

impl Rule for A48TransformConstraintNotMutedThroughout {
    fn code(&self) -> &'static str {
        "A48_TRANSFORM_CONSTRAINT_NOT_MUTED_THROUGHOUT"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        let k = data.animations.len();
        let mut all = Vec::new();
        let mut any = false;
        for (i, c) in data.constraints.iter().enumerate() {
            let ConstraintKind::Transform(t) = &c.kind else {
                continue;
            };
            any = true;
            let n = &c.name;
            let mut driven = Vec::new();
            for to in t.properties.iter().flat_map(|p| &p.to) {
                let m = mix_of(to.property, &t.setup);
                if !driven.contains(&m) {
                    driven.push(m);
                }
            }
            driven.sort_by_key(|m| m.2);
            if driven.is_empty() {
                out.fail_at(Subject::constraint("transform", n), format!("transform constraint \"{n}\" drives no property — its `properties` name no `to` — so it parses and does nothing"));
                continue;
            }
            let live = match driven.iter().find(|m| m.3 != 0.0) {
                Some(m) => Some(format!("its {} is {} at setup", m.1, num(m.3))),
                None => {
                    let channels: Vec<usize> = driven.iter().map(|m| m.2).collect();
                    first_live(data, |tk| *tk == TimelineKind::Transform(i), &channels).map(
                        |(a, v)| format!("animation \"{a}\" poses a mix it reads at {}", num(v)),
                    )
                }
            };
            let names: Vec<&str> = driven.iter().map(|m| m.0).collect();
            let setup: Vec<String> = driven
                .iter()
                .map(|m| format!("{} {}", m.1, num(m.3)))
                .collect();
            let rest = match driven.as_slice() {
                [only] => only.1.to_string(),
                many => format!(
                    "one of {}",
                    many.iter().map(|m| m.1).collect::<Vec<_>>().join(", ")
                ),
            };
            all.push(Muted {
                name: n.clone(),
                live,
                muted: format!(
                    "transform constraint \"{n}\" drives {} and has {} at setup, and none of the {k} animations keys its mix above 0; update() returns when every mix it reads is 0 — rest {rest} above 0, or key its mix above 0 in an animation, or declare that the consumer drives its mix, in the rig spec as invariants.consumerDrivenMix: [{{ \"constraint\": \"{n}\", \"type\": \"transform\", \"why\": … }}]",
                    names.join(", "),
                    setup.join(", ")
                ),
            });
        }
        if !any {
            out.skip("the skeleton declares no transform constraint");
            return;
        }
        judge(facts, out, "transform", "transformConsumerDriven", all);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use rigc_sdk::gate::{skip_reasons, ConsumerDrivenMix, GateInput};
    use serde_json::{json, Value};

    const RULE: A48TransformConstraintNotMutedThroughout = A48TransformConstraintNotMutedThroughout;

    /// The fixture with transform constraint "tc" (bones "b" from "t") appended.
    fn with_tc(tc: Value, keys: Option<Value>) -> GateInput {
        mutant(|v| {
            let mut c = json!({ "type": "transform", "name": "tc", "bones": ["b"], "source": "t" });
            if let (Some(o), Some(e)) = (c.as_object_mut(), tc.as_object()) {
                o.extend(e.clone());
            }
            if let Some(list) = v["constraints"].as_array_mut() {
                list.push(c);
            }
            if let Some(keys) = keys {
                v["animations"]["a"]["transform"] = json!({ "tc": keys });
            }
        })
    }

    fn drives_x(mix_x: f64) -> Value {
        json!({ "properties": { "x": { "to": { "x": {} } } }, "mixX": mix_x, "mixRotate": 0 })
    }

    #[test]
    fn passes_a_live_constraint() {
        assert_pass(&RULE, &with_tc(drives_x(1.0), None));
        // Muted at setup; a key that omits mixX reads 1.
        assert_pass(
            &RULE,
            &with_tc(drives_x(0.0), Some(json!([{ "mixRotate": 0 }]))),
        );
    }

    #[test]
    fn fails_a_constraint_that_drives_nothing() {
        assert_fails_at(
            &RULE,
            &with_tc(json!({}), None),
            &[("transform constraint \"tc\" drives no property — its `properties` name no `to` — so it parses and does nothing", Some(Subject::constraint("transform", "tc")))],
        );
    }

    #[test]
    fn fails_a_constraint_muted_on_what_it_drives() {
        // mixRotate is keyed, but the constraint drives only x.
        let keys = json!([{ "mixRotate": 1, "mixX": 0, "mixY": 0 }]);
        assert_fails_at(
            &RULE,
            &with_tc(drives_x(0.0), Some(keys)),
            &[("transform constraint \"tc\" drives x and has mixX 0 at setup, and none of the 2 animations keys its mix above 0; update() returns when every mix it reads is 0 — rest mixX above 0, or key its mix above 0 in an animation, or declare that the consumer drives its mix, in the rig spec as invariants.consumerDrivenMix: [{ \"constraint\": \"tc\", \"type\": \"transform\", \"why\": … }]", Some(Subject::constraint("transform", "tc")))],
        );
        let two = json!({ "properties": { "rotate": { "to": { "rotate": {}, "y": {} } } }, "mixRotate": 0, "mixY": 0 });
        assert_fails(
            &RULE,
            &with_tc(two, None),
            &["transform constraint \"tc\" drives rotate, y and has mixRotate 0, mixY 0 at setup, and none of the 2 animations keys its mix above 0; update() returns when every mix it reads is 0 — rest one of mixRotate, mixY above 0, or key its mix above 0 in an animation, or declare that the consumer drives its mix, in the rig spec as invariants.consumerDrivenMix: [{ \"constraint\": \"tc\", \"type\": \"transform\", \"why\": … }]"],
        );
    }

    #[test]
    fn declarations() {
        let declare = |mut input: GateInput| {
            if let Some(rig) = input.rig.as_mut() {
                rig.invariants.consumer_driven_mix = vec![ConsumerDrivenMix {
                    constraint: "tc".into(),
                    kind: "transform".into(),
                    why: "app".into(),
                }];
            }
            input
        };
        let input = declare(with_tc(drives_x(0.0), None));
        assert_skips(&RULE, &input, "every transform constraint is declared consumer-driven (\"tc\"), so none is expected to move on its own");
        assert_fails(
            &RULE,
            &declare(with_tc(drives_x(0.5), None)),
            &["transform constraint \"tc\" is declared consumer-driven (invariants.consumerDrivenMix: \"app\"), and it is live — its mixX is 0.5 at setup — so the declaration exempts nothing; remove it"],
        );
    }

    #[test]
    fn skips_without_transform() {
        assert_skips(
            &RULE,
            &fixture(),
            "the skeleton declares no transform constraint",
        );
        assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
    }
}
