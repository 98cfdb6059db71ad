//! This module owns A38_SKIN_MEMBERS_ARE_SKIN_REQUIRED (validity; GATE.md §3):
//! a skin's `bones` and constraint lists mean something only for members that
//! are `skinRequired`. Every bone or constraint a skin lists is skinRequired;
//! every skinRequired bone is reached by some skin's bones list (listing a bone
//! activates its ancestors too); every skinRequired constraint — compared as the
//! object, not the name — is listed by some skin.
//!
//! Stats: `skinMembers` (how many entries the skins list). SKIPs when no skin
//! lists anything and nothing is skinRequired, or when the round trip produced
//! no skeleton.

use crate::loaded::{bone_name, skeleton_or_skip};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject, Target};
use std::collections::HashSet;

/// A38_SKIN_MEMBERS_ARE_SKIN_REQUIRED.
pub struct A38SkinMembersAreSkinRequired;

/// SKIP: nothing listed, nothing skinRequired.
pub(crate) const NOTHING: &str = "no skin lists a bone or constraint and nothing is skinRequired, so there is no skin membership to hold";

impl Rule for A38SkinMembersAreSkinRequired {
    fn code(&self) -> &'static str {
        "A38_SKIN_MEMBERS_ARE_SKIN_REQUIRED"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        let listed: usize = data
            .skins
            .iter()
            .map(|s| s.bones.len() + s.constraints.len())
            .sum();
        let required = data.bones.iter().any(|b| b.skin_required)
            || data.constraints.iter().any(|c| c.skin_required);
        if listed == 0 && !required {
            out.skip(NOTHING);
            return;
        }
        out.stat("skinMembers", listed);
        let mut reached = HashSet::new();
        let mut constraints = HashSet::new();
        for skin in &data.skins {
            // A list entry that changes nothing is a finding about the skin
            // that lists it.
            let listing = || Subject::of(Target::Skin(skin.name.clone()));
            for &b in &skin.bones {
                if data.bones.get(b).is_some_and(|d| !d.skin_required) {
                    out.fail_at(listing(), format!(
                        "skin \"{}\" activates bone \"{}\", which is not skinRequired — updateCache starts it active anyway, so it poses under every skin and this list changes nothing",
                        skin.name,
                        bone_name(data, b)
                    ));
                }
                let mut at = Some(b);
                while let Some(i) = at {
                    if !reached.insert(i) {
                        break;
                    }
                    at = data.bones.get(i).and_then(|d| d.parent);
                }
            }
            for &c in &skin.constraints {
                constraints.insert(c);
                if let Some(d) = data.constraints.get(c).filter(|d| !d.skin_required) {
                    out.fail_at(listing(), format!(
                        "skin \"{}\" activates {} constraint \"{}\", which is not skinRequired — it runs under every skin anyway, so this list changes nothing",
                        skin.name,
                        d.type_name(),
                        d.name
                    ));
                }
            }
        }
        for (i, b) in data.bones.iter().enumerate() {
            if b.skin_required && !reached.contains(&i) {
                out.fail_at(Subject::bone(&b.name), format!(
                    "bone \"{}\" is skinRequired and no skin's bones list reaches it, so it is never active — nothing it carries is posed or drawn",
                    b.name
                ));
            }
        }
        for (i, c) in data.constraints.iter().enumerate() {
            if c.skin_required && !constraints.contains(&i) {
                out.fail_at(
                    Subject::constraint(c.type_name(), &c.name),
                    format!(
                        "constraint \"{}\" is skinRequired and no skin lists it, so it never runs",
                        c.name
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
    use rigc_sdk::gate::skip_reasons;
    use serde_json::json;

    const RULE: A38SkinMembersAreSkinRequired = A38SkinMembersAreSkinRequired;

    #[test]
    fn passes_members_that_are_skin_required_and_ancestors_reached() {
        let input = mutant(|v| {
            v["bones"][1]["skin"] = json!(true);
            v["bones"][2]["skin"] = json!(true);
            v["constraints"][0]["skin"] = json!(true);
            v["skins"][0]["bones"] = json!(["b"]);
            v["skins"][0]["ik"] = json!(["k"]);
        });
        assert_pass(&RULE, &input);
        assert_eq!(
            check(&RULE, &input).stats,
            [("skinMembers".to_string(), "2".to_string())]
        );
    }

    #[test]
    fn fails_members_that_are_not_skin_required() {
        let input = mutant(|v| {
            v["skins"][0]["bones"] = json!(["t"]);
            v["skins"][0]["physics"] = json!(["p"]);
        });
        let skin = || Some(Subject::of(Target::Skin("default".into())));
        assert_fails_at(
            &RULE,
            &input,
            &[
                ("skin \"default\" activates bone \"t\", which is not skinRequired — updateCache starts it active anyway, so it poses under every skin and this list changes nothing", skin()),
                ("skin \"default\" activates physics constraint \"p\", which is not skinRequired — it runs under every skin anyway, so this list changes nothing", skin()),
            ],
        );
    }

    #[test]
    fn fails_skin_required_members_no_skin_reaches() {
        let input = mutant(|v| {
            v["bones"][3]["skin"] = json!(true);
            v["constraints"][2]["skin"] = json!(true);
        });
        assert_fails_at(
            &RULE,
            &input,
            &[
                ("bone \"t\" is skinRequired and no skin's bones list reaches it, so it is never active — nothing it carries is posed or drawn", Some(Subject::bone("t"))),
                ("constraint \"sl\" is skinRequired and no skin lists it, so it never runs", Some(Subject::constraint("slider", "sl"))),
            ],
        );
    }

    #[test]
    fn skips_with_nothing_listed_or_required() {
        assert_skips(&RULE, &fixture(), NOTHING);
        assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
    }
}
