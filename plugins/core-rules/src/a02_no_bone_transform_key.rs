//! This module owns A02_NO_BONE_TRANSFORM_KEY (validity; GATE.md §3): no raw bone
//! object has the key `transform`, the name 4.0 and 4.1 gave what 4.2 and 4.3 call
//! `inherit`. The 4.3 reader does not read `transform` (SPINE43.md §3), so such a
//! bone silently inherits normally.
//!
//! A NO_ rule: PASSes on zero occurrences (no bones at all included).

use crate::raw::{items, raw_or_skip, str_at};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject};

/// A02_NO_BONE_TRANSFORM_KEY.
pub struct A02NoBoneTransformKey;

impl Rule for A02NoBoneTransformKey {
    fn code(&self) -> &'static str {
        "A02_NO_BONE_TRANSFORM_KEY"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(root) = raw_or_skip(facts, out) else {
            return;
        };
        for (i, bone) in items(root.get("bones")).enumerate() {
            if bone.get("transform").is_some() {
                let named = str_at(bone, "name");
                let name = named.map_or_else(|| format!("bones[{i}]"), str::to_owned);
                let detail = format!(
                    "bone \"{name}\" uses \"transform\", the key 4.0 and 4.1 spelled; 4.2 and 4.3 spell it \"inherit\""
                );
                // A nameless bone has no name a subject could give.
                match named {
                    Some(n) => out.fail_at(Subject::bone(n), detail),
                    None => out.fail(detail),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::NOT_JSON;
    use crate::testkit::*;
    use serde_json::json;

    const RULE: A02NoBoneTransformKey = A02NoBoneTransformKey;

    #[test]
    fn passes_on_the_fixture_and_with_no_bones() {
        assert_pass(&RULE, &fixture());
        assert_pass(&RULE, &input_texts("{}", ATLAS));
    }

    #[test]
    fn fails_on_each_bone_with_a_transform_key() {
        let input = mutant(|v| {
            v["bones"][2]["transform"] = json!("noScale");
            v["bones"][3]["transform"] = json!("normal");
        });
        assert_fails_at(
            &RULE,
            &input,
            &[
                (
                    "bone \"b\" uses \"transform\", the key 4.0 and 4.1 spelled; 4.2 and 4.3 spell it \"inherit\"",
                    Some(Subject::bone("b")),
                ),
                (
                    "bone \"t\" uses \"transform\", the key 4.0 and 4.1 spelled; 4.2 and 4.3 spell it \"inherit\"",
                    Some(Subject::bone("t")),
                ),
            ],
        );
    }

    #[test]
    fn a_nameless_bone_is_named_by_its_index() {
        let input = mutant(|v| v["bones"][1] = json!({ "transform": "normal" }));
        assert_fails_at(
            &RULE,
            &input,
            &[("bone \"bones[1]\" uses \"transform\", the key 4.0 and 4.1 spelled; 4.2 and 4.3 spell it \"inherit\"", None)],
        );
    }

    #[test]
    fn skips_when_the_text_is_not_json() {
        assert_skips(&RULE, &not_json(), NOT_JSON);
    }
}
