//! This module owns A25_DETACHED_BONE_PARENTAGE (archetype; GATE.md §3): for each
//! `invariants.detached` rule `{ bone, notUnder }` of the rig, the bone exists and
//! `notUnder` is not among its ancestors, so that bone's motion never drags it.
//!
//! Ancestors follow the raw `parent` names; a parent cycle stops the walk. SKIPs
//! with no rig info, and when the rig declares no `detached` rule.

use crate::raw::{raw_or_skip, rig_or_skip, BoneTree};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject};

/// A25_DETACHED_BONE_PARENTAGE.
pub struct A25DetachedBoneParentage;

impl Rule for A25DetachedBoneParentage {
    fn code(&self) -> &'static str {
        "A25_DETACHED_BONE_PARENTAGE"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Archetype
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(rig) = rig_or_skip(facts, out) else {
            return;
        };
        if rig.invariants.detached.is_empty() {
            out.skip(format!(
                "the rig \"{}\" declares no invariants.detached rule, so no parentage is forbidden",
                rig.name
            ));
            return;
        }
        let Some(root) = raw_or_skip(facts, out) else {
            return;
        };
        let tree = BoneTree::of(root);
        for rule in &rig.invariants.detached {
            let (bone, from) = (rule.bone.as_str(), rule.not_under.as_str());
            if !tree.has(bone) {
                out.fail_at(
                    Subject::bone(bone),
                    format!(
                        "the rig declares \"{bone}\" detached from \"{from}\" but has no such bone"
                    ),
                );
            } else if tree.is_under(bone, from) {
                out.fail_at(Subject::bone(bone), format!("\"{bone}\" is a descendant of \"{from}\"; it must not be dragged by that bone's motion"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::NOT_JSON;
    use crate::testkit::*;
    use rigc_sdk::gate::{Detached, GateInput};
    use serde_json::json;

    const RULE: A25DetachedBoneParentage = A25DetachedBoneParentage;

    fn with_rules(mut input: GateInput, rules: &[(&str, &str)]) -> GateInput {
        if let Some(rig) = input.rig.as_mut() {
            rig.invariants.detached = rules
                .iter()
                .map(|(b, f)| Detached {
                    bone: (*b).into(),
                    not_under: (*f).into(),
                    why: None,
                })
                .collect();
        }
        input
    }

    #[test]
    fn passes_on_the_fixture() {
        // "t" hangs off the root, not off "axis".
        assert_pass(&RULE, &fixture());
    }

    #[test]
    fn fails_on_a_bone_under_the_forbidden_one() {
        let input = with_rules(fixture(), &[("b", "axis"), ("b", "root"), ("t", "axis")]);
        assert_fails_at(
            &RULE,
            &input,
            &[
                (
                    "\"b\" is a descendant of \"axis\"; it must not be dragged by that bone's motion",
                    Some(Subject::bone("b")),
                ),
                (
                    "\"b\" is a descendant of \"root\"; it must not be dragged by that bone's motion",
                    Some(Subject::bone("b")),
                ),
            ],
        );
    }

    #[test]
    fn fails_on_a_rule_naming_no_bone() {
        let input = with_rules(fixture(), &[("tail", "axis")]);
        assert_fails_at(
            &RULE,
            &input,
            &[(
                "the rig declares \"tail\" detached from \"axis\" but has no such bone",
                Some(Subject::bone("tail")),
            )],
        );
    }

    #[test]
    fn a_parent_cycle_ends_the_walk() {
        let input = mutant(
            |v| v["bones"] = json!([{ "name": "x", "parent": "y" }, { "name": "y", "parent": "x" }, { "name": "t" }]),
        );
        assert_pass(&RULE, &with_rules(input.clone(), &[("x", "root")]));
        assert_fails(
            &RULE,
            &with_rules(input, &[("x", "y")]),
            &["\"x\" is a descendant of \"y\"; it must not be dragged by that bone's motion"],
        );
    }

    #[test]
    fn skips_without_rig_or_rules() {
        assert_skips(&RULE, &no_rig(), skip_reasons::NO_RIG);
        assert_skips(
            &RULE,
            &with_rules(fixture(), &[]),
            "the rig \"tiny\" declares no invariants.detached rule, so no parentage is forbidden",
        );
        assert_skips(&RULE, &not_json(), NOT_JSON);
    }
}
