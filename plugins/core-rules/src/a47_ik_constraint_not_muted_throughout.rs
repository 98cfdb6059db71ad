//! This module owns A47_IK_CONSTRAINT_NOT_MUTED_THROUGHOUT (validity; GATE.md §3,
//! §4.18): every ik constraint is live — its setup mix is not 0, or some
//! animation poses its mix (ik channel 0) to a value other than 0, at a key or
//! at any Bézier sample between keys (`switchedOn` with the runtime's own `≠ 0`
//! test). An ik constraint muted throughout parses and never moves its bones.
//!
//! `invariants.consumerDrivenMix: [{ constraint, type: "ik", why }]` exempts a
//! constraint whose mix the consuming app drives (listed in the stats as
//! `ikConsumerDriven`); a declared constraint that is live anyway fails, since
//! the declaration exempts nothing. SKIPs with no ik constraint, when every one
//! is declared and exempt, or when the round trip produced no skeleton.

use crate::loaded::{and_list, bone_name, channel_values, skeleton_or_skip};
use crate::raw::num;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject};
use rigc_sdk::model::names::IkMix;
use rigc_sdk::spine::data::{ConstraintKind, TimelineKind};
use rigc_sdk::spine::SkeletonData;

/// A47_IK_CONSTRAINT_NOT_MUTED_THROUGHOUT.
pub struct A47IkConstraintNotMutedThroughout;

/// One constraint of the kind a muted-throughout rule asks about.
pub(crate) struct Muted {
    /// Its name.
    pub name: String,
    /// How it is live (`None`: muted throughout).
    pub live: Option<String>,
    /// The FAIL when it is muted and not declared.
    pub muted: String,
}

/// The first animation key value (or Bézier sample) of a constraint timeline
/// matching `is_own` that passes `live` on one of `channels`: `(animation, value)`.
pub(crate) fn first_live(
    data: &SkeletonData,
    is_own: impl Fn(&TimelineKind) -> bool,
    channels: &[usize],
) -> Option<(String, f64)> {
    data.animations.iter().find_map(|a| {
        a.timelines
            .iter()
            .filter(|t| is_own(&t.kind))
            .flat_map(|t| channels.iter().flat_map(move |&c| channel_values(t, c)))
            .find(|v| *v != 0.0)
            .map(|v| (a.name.clone(), v))
    })
}

/// The shared verdict of A47 and A48: each constraint is live, or declared
/// consumer-driven (exempt, listed in stats `stat`); a declared live one fails.
/// Each FAIL is about its constraint (`kind` is its Spine type word).
pub(crate) fn judge(facts: &Facts<'_>, out: &mut Outcome, kind: &str, stat: &str, all: Vec<Muted>) {
    let declared = |name: &str| {
        facts.rig().and_then(|r| {
            r.invariants
                .consumer_driven_mix
                .iter()
                .find(|d| d.kind == kind && d.constraint == name)
        })
    };
    let mut exempt = Vec::new();
    for c in &all {
        let subject = || Subject::constraint(kind, &c.name);
        match (declared(&c.name), &c.live) {
            (None, Some(_)) => {}
            (None, None) => out.fail_at(subject(), c.muted.clone()),
            (Some(_), None) => exempt.push(c.name.clone()),
            (Some(d), Some(how)) => out.fail_at(subject(), format!(
                "{kind} constraint \"{}\" is declared consumer-driven (invariants.consumerDrivenMix: \"{}\"), and it is live — {how} — so the declaration exempts nothing; remove it",
                c.name, d.why
            )),
        }
    }
    if exempt.is_empty() {
        return;
    }
    out.stat(stat, exempt.join(","));
    if exempt.len() == all.len() && out.failures.is_empty() {
        out.skip(format!(
            "every {kind} constraint is declared consumer-driven ({}), so none is expected to move on its own",
            and_list(&exempt)
        ));
    }
}

impl Rule for A47IkConstraintNotMutedThroughout {
    fn code(&self) -> &'static str {
        "A47_IK_CONSTRAINT_NOT_MUTED_THROUGHOUT"
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
        for (i, c) in data.constraints.iter().enumerate() {
            let ConstraintKind::Ik(ik) = &c.kind else {
                continue;
            };
            let n = &c.name;
            let m = ik.setup.mix;
            let live = if m != 0.0 {
                Some(format!("its mix is {} at setup", num(m)))
            } else {
                first_live(data, |t| *t == TimelineKind::Ik(i), &[IkMix::Mix.index()])
                    .map(|(a, v)| format!("animation \"{a}\" poses its mix at {}", num(v)))
            };
            let bones: Vec<String> = ik.bones.iter().map(|&b| bone_name(data, b)).collect();
            all.push(Muted {
                name: n.clone(),
                live,
                muted: format!(
                    "ik constraint \"{n}\" has mix {} at setup and none of the {k} animations keys its mix above 0; update() returns on mix 0, so {} never reach for \"{}\" — rest it above 0, or key its mix above 0 in an animation, or declare that the consumer drives its mix, in the rig spec as invariants.consumerDrivenMix: [{{ \"constraint\": \"{n}\", \"type\": \"ik\", \"why\": … }}]",
                    num(m),
                    and_list(&bones),
                    bone_name(data, ik.target)
                ),
            });
        }
        if all.is_empty() {
            out.skip("the skeleton declares no ik constraint");
            return;
        }
        judge(facts, out, "ik", "ikConsumerDriven", all);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use rigc_sdk::gate::{skip_reasons, ConsumerDrivenMix, GateInput};
    use serde_json::json;

    const RULE: A47IkConstraintNotMutedThroughout = A47IkConstraintNotMutedThroughout;
    const MUTED: &str = "ik constraint \"k\" has mix 0 at setup and none of the 2 animations keys its mix above 0; update() returns on mix 0, so \"b\" never reach for \"t\" — rest it above 0, or key its mix above 0 in an animation, or declare that the consumer drives its mix, in the rig spec as invariants.consumerDrivenMix: [{ \"constraint\": \"k\", \"type\": \"ik\", \"why\": … }]";

    fn keyed(keys: serde_json::Value) -> GateInput {
        mutant(|v| v["animations"]["a"]["ik"]["k"] = keys)
    }

    fn declare(mut input: GateInput) -> GateInput {
        if let Some(rig) = input.rig.as_mut() {
            rig.invariants.consumer_driven_mix = vec![ConsumerDrivenMix {
                constraint: "k".into(),
                kind: "ik".into(),
                why: "the app aims".into(),
            }];
        }
        input
    }

    #[test]
    fn passes_on_the_fixture_keyed_live() {
        assert_pass(&RULE, &fixture());
        // A Bézier between two 0 keys that dips below 0 is live (≠ 0).
        let input =
            keyed(json!([{ "mix": 0, "curve": [0.3, -0.5, 0.7, -0.5] }, { "time": 1, "mix": 0 }]));
        assert_pass(&RULE, &input);
    }

    #[test]
    fn fails_a_constraint_muted_throughout() {
        assert_fails_at(
            &RULE,
            &keyed(json!([{ "mix": 0 }, { "time": 1, "mix": 0 }])),
            &[(MUTED, Some(Subject::constraint("ik", "k")))],
        );
    }

    #[test]
    fn a_declaration_exempts_a_muted_constraint() {
        let input = declare(keyed(json!([{ "mix": 0 }])));
        assert_skips(&RULE, &input, "every ik constraint is declared consumer-driven (\"k\"), so none is expected to move on its own");
        assert_eq!(
            check(&RULE, &input).stats,
            [("ikConsumerDriven".to_string(), "k".to_string())]
        );
    }

    #[test]
    fn fails_a_declared_constraint_that_is_live() {
        assert_fails_at(
            &RULE,
            &declare(fixture()),
            &[("ik constraint \"k\" is declared consumer-driven (invariants.consumerDrivenMix: \"the app aims\"), and it is live — animation \"a\" poses its mix at 1 — so the declaration exempts nothing; remove it", Some(Subject::constraint("ik", "k")))],
        );
    }

    #[test]
    fn skips_without_ik() {
        let input = mutant(|v| {
            if let Some(c) = v["constraints"].as_array_mut() {
                c.retain(|c| c["type"] != "ik");
            }
            if let Some(a) = v["animations"]["a"].as_object_mut() {
                a.remove("ik");
            }
        });
        assert_skips(&RULE, &input, "the skeleton declares no ik constraint");
        assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
    }
}
