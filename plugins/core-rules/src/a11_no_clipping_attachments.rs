//! This module owns A11_NO_CLIPPING_ATTACHMENTS (renderer; GATE.md §3): the
//! skeleton holds no clipping attachment in any skin, because rigc's renderer
//! (spine-html) skips clipping silently. One FAIL counts them all.
//!
//! A NO_ rule: zero clipping attachments is the measurement and PASSes. Counted
//! on the loaded skeleton; SKIPs only when the round trip produced none.

use crate::loaded::{placed, skeleton_or_skip};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind};
use rigc_sdk::spine::data::AttachmentKind;

/// A11_NO_CLIPPING_ATTACHMENTS.
pub struct A11NoClippingAttachments;

impl Rule for A11NoClippingAttachments {
    fn code(&self) -> &'static str {
        "A11_NO_CLIPPING_ATTACHMENTS"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Renderer
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        let clips: Vec<_> = placed(data)
            .into_iter()
            .filter(|p| matches!(p.attachment.kind, AttachmentKind::Clipping(_)))
            .collect();
        let n = clips.len();
        if n > 0 {
            let detail = format!("{n} clipping attachment(s); the renderer skips them silently");
            // One FAIL counts them all: it is about one attachment only when
            // there is one.
            match clips.as_slice() {
                [one] => out.fail_at(one.subject(), detail),
                _ => out.fail(detail),
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

    const RULE: A11NoClippingAttachments = A11NoClippingAttachments;

    #[test]
    fn passes_on_the_fixture() {
        assert_pass(&RULE, &fixture());
    }

    #[test]
    fn fails_once_for_every_clipping_attachment() {
        let input = mutant(|v| {
            let clip = json!({ "type": "clipping", "end": "s", "vertexCount": 3, "vertices": [0, 0, 1, 0, 1, 1] });
            v["skins"][0]["attachments"]["box"]["c1"] = clip.clone();
            v["skins"][0]["attachments"]["s"]["c2"] = clip;
        });
        assert_fails_at(
            &RULE,
            &input,
            &[(
                "2 clipping attachment(s); the renderer skips them silently",
                None,
            )],
        );
        let input = mutant(|v| {
            let clip = json!({ "type": "clipping", "end": "s", "vertexCount": 3, "vertices": [0, 0, 1, 0, 1, 1] });
            v["skins"][0]["attachments"]["box"]["c1"] = clip;
        });
        assert_fails_at(
            &RULE,
            &input,
            &[(
                "1 clipping attachment(s); the renderer skips them silently",
                Some(rigc_sdk::gate::Subject::attachment("default", "box", "c1")),
            )],
        );
    }

    #[test]
    fn skips_without_a_skeleton() {
        assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
    }
}
