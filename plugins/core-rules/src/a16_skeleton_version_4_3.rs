//! This module owns A16_SKELETON_VERSION_4_3 (validity; GATE.md §3): the raw
//! `skeleton.spine` is a string on the 4.3 line — `4.3`, `4.3.N` or
//! `4.3.N-suffix`, the regex `^4\.3(\.\d+(-[0-9A-Za-z][0-9A-Za-z.+-]*)?)?$`.
//!
//! It never SKIPs on JSON: an absent header or label is the finding (printed
//! `undefined`, as rigc's template prints it). Only text that is not JSON SKIPs.

use crate::raw::{json_or_undefined, raw_or_skip};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind};

/// A16_SKELETON_VERSION_4_3.
pub struct A16SkeletonVersion43;

impl Rule for A16SkeletonVersion43 {
    fn code(&self) -> &'static str {
        "A16_SKELETON_VERSION_4_3"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(root) = raw_or_skip(facts, out) else {
            return;
        };
        let spine = root.get("skeleton").and_then(|s| s.get("spine"));
        if !spine.and_then(|v| v.as_str()).is_some_and(on_the_4_3_line) {
            out.fail(format!(
                "skeleton.spine is {}, expected 4.3, 4.3.<patch> or 4.3.<patch>-<suffix>",
                json_or_undefined(spine)
            ));
        }
    }
}

/// `^4\.3(\.\d+(-[0-9A-Za-z][0-9A-Za-z.+-]*)?)?$`, with JavaScript's ASCII `\d`.
fn on_the_4_3_line(label: &str) -> bool {
    let Some(rest) = label.strip_prefix("4.3") else {
        return false;
    };
    if rest.is_empty() {
        return true;
    }
    let Some(rest) = rest.strip_prefix('.') else {
        return false;
    };
    let patch = rest.bytes().take_while(u8::is_ascii_digit).count();
    let Some(rest) = rest.get(patch..).filter(|_| patch > 0) else {
        return false;
    };
    if rest.is_empty() {
        return true;
    }
    let Some(suffix) = rest.strip_prefix('-') else {
        return false;
    };
    let mut bytes = suffix.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphanumeric())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'+' | b'-'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::NOT_JSON;
    use crate::testkit::*;
    use serde_json::json;

    const RULE: A16SkeletonVersion43 = A16SkeletonVersion43;

    #[test]
    fn the_label_pattern() {
        for ok in ["4.3", "4.3.0", "4.3.13", "4.3.13-beta", "4.3.1-rc.2+b-1"] {
            assert!(on_the_4_3_line(ok), "{ok}");
        }
        for bad in [
            "4.2.119",
            "4.3.",
            "4.3.x",
            "4.30",
            "4.3.1-",
            "4.3.1-.a",
            "4.3.1 ",
            " 4.3",
            "4.3.1-a b",
            "4.3.٣",
        ] {
            assert!(!on_the_4_3_line(bad), "{bad}");
        }
    }

    #[test]
    fn passes_on_the_fixture_and_a_suffixed_label() {
        assert_pass(&RULE, &fixture());
        assert_pass(
            &RULE,
            &mutant(|v| v["skeleton"]["spine"] = json!("4.3.2-beta")),
        );
    }

    #[test]
    fn fails_on_another_line_naming_the_value() {
        let input = mutant(|v| v["skeleton"]["spine"] = json!("4.2.119"));
        assert_fails(
            &RULE,
            &input,
            &["skeleton.spine is \"4.2.119\", expected 4.3, 4.3.<patch> or 4.3.<patch>-<suffix>"],
        );
        let input = mutant(|v| v["skeleton"]["spine"] = json!(4.3));
        assert_fails(
            &RULE,
            &input,
            &["skeleton.spine is 4.3, expected 4.3, 4.3.<patch> or 4.3.<patch>-<suffix>"],
        );
    }

    #[test]
    fn fails_on_a_missing_label_or_header() {
        let expected =
            ["skeleton.spine is undefined, expected 4.3, 4.3.<patch> or 4.3.<patch>-<suffix>"];
        assert_fails(
            &RULE,
            &mutant(|v| v["skeleton"] = json!({ "x": 0 })),
            &expected,
        );
        assert_fails(&RULE, &mutant(|v| v["skeleton"] = json!(null)), &expected);
        assert_fails(&RULE, &input_texts("[]", ATLAS), &expected);
    }

    #[test]
    fn skips_when_the_text_is_not_json() {
        assert_skips(&RULE, &not_json(), NOT_JSON);
    }
}
