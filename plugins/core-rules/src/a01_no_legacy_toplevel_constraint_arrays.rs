//! This module owns A01_NO_LEGACY_TOPLEVEL_CONSTRAINT_ARRAYS (validity; GATE.md §3):
//! the raw root carries none of the 4.2 per-type constraint arrays `ik`,
//! `transform`, `path`, `physics`, `slider`. The 4.3 reader reads only
//! `constraints` and ignores these keys in silence (SPINE43.md §1), so a file that
//! still has them loses those constraints without a word.
//!
//! A NO_ rule: zero such keys is the measurement, so it PASSes on any JSON that has
//! none (a non-object root included) and SKIPs only when the text is not JSON.

use crate::raw::raw_or_skip;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind};

/// The legacy top-level keys, in the order a FAIL names them.
const LEGACY: [&str; 5] = ["ik", "transform", "path", "physics", "slider"];

/// A01_NO_LEGACY_TOPLEVEL_CONSTRAINT_ARRAYS.
pub struct A01NoLegacyToplevelConstraintArrays;

impl Rule for A01NoLegacyToplevelConstraintArrays {
    fn code(&self) -> &'static str {
        "A01_NO_LEGACY_TOPLEVEL_CONSTRAINT_ARRAYS"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(root) = raw_or_skip(facts, out) else {
            return;
        };
        for key in LEGACY {
            if root.get(key).is_some() {
                out.fail(format!(
                    "top-level \"{key}\" array present; 4.3 wants it inside \"constraints\" with type:\"{key}\""
                ));
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

    const RULE: A01NoLegacyToplevelConstraintArrays = A01NoLegacyToplevelConstraintArrays;

    #[test]
    fn passes_on_the_fixture_and_on_a_bare_root() {
        assert_pass(&RULE, &fixture());
        assert_pass(&RULE, &input_texts("[]", ATLAS));
    }

    #[test]
    fn fails_once_per_legacy_array() {
        let input = mutant(|v| {
            v["physics"] = json!([]);
            v["ik"] = json!([{ "name": "k" }]);
        });
        assert_fails(
            &RULE,
            &input,
            &[
                "top-level \"ik\" array present; 4.3 wants it inside \"constraints\" with type:\"ik\"",
                "top-level \"physics\" array present; 4.3 wants it inside \"constraints\" with type:\"physics\"",
            ],
        );
    }

    #[test]
    fn skips_when_the_text_is_not_json() {
        assert_skips(&RULE, &not_json(), NOT_JSON);
    }
}
