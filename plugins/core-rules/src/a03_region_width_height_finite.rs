//! This module owns A03_REGION_WIDTH_HEIGHT_FINITE (validity; GATE.md §3): every
//! region attachment, in every skin, has a loaded width and height that are
//! finite and above 0. The reader loads a missing `width` or `height` as NaN
//! (`map.width * scale` of `undefined`), and a region of NaN or non-positive size
//! draws nothing, or garbage.
//!
//! Measured on the loaded skeleton ([`Facts::loaded`]); SKIPs when the round trip
//! produced none (A00 owns that), or when no skin holds a region attachment.

use crate::loaded::{placed, skeleton_or_skip};
use crate::raw::num;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, Rule, RuleKind};
use rigc_sdk::spine::data::AttachmentKind;

/// A03_REGION_WIDTH_HEIGHT_FINITE.
pub struct A03RegionWidthHeightFinite;

impl Rule for A03RegionWidthHeightFinite {
    fn code(&self) -> &'static str {
        "A03_REGION_WIDTH_HEIGHT_FINITE"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        let mut regions = 0usize;
        for p in placed(data) {
            let AttachmentKind::Region(r) = &p.attachment.kind else {
                continue;
            };
            regions += 1;
            let name = &p.attachment.name;
            if !(r.width.is_finite() && r.height.is_finite()) {
                out.fail_at(
                    p.subject(),
                    format!(
                        "region \"{name}\" loaded w={} h={}",
                        num(r.width),
                        num(r.height)
                    ),
                );
            } else if r.width <= 0.0 || r.height <= 0.0 {
                out.fail_at(
                    p.subject(),
                    format!("region \"{name}\" has a non-positive size"),
                );
            }
        }
        if regions == 0 {
            out.skip(skip_reasons::NO_REGION);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use rigc_sdk::gate::Subject;
    use serde_json::json;

    const RULE: A03RegionWidthHeightFinite = A03RegionWidthHeightFinite;

    fn region(edit: impl FnOnce(&mut serde_json::Value)) -> rigc_sdk::gate::GateInput {
        mutant(|v| edit(&mut v["skins"][0]["attachments"]["s"]["r"]))
    }

    #[test]
    fn passes_on_the_fixture() {
        assert_pass(&RULE, &fixture());
    }

    #[test]
    fn fails_on_a_missing_or_non_numeric_size() {
        let input = region(|r| {
            if let Some(o) = r.as_object_mut() {
                o.remove("width");
            }
        });
        assert_fails_at(
            &RULE,
            &input,
            &[(
                "region \"r\" loaded w=NaN h=4",
                Some(Subject::attachment("default", "s", "r")),
            )],
        );
        let input = region(|r| r["height"] = json!("tall"));
        assert_fails(&RULE, &input, &["region \"r\" loaded w=4 h=NaN"]);
    }

    #[test]
    fn fails_on_a_non_positive_size() {
        assert_fails_at(
            &RULE,
            &region(|r| r["width"] = json!(0)),
            &[(
                "region \"r\" has a non-positive size",
                Some(Subject::attachment("default", "s", "r")),
            )],
        );
        assert_fails(
            &RULE,
            &region(|r| r["height"] = json!(-2)),
            &["region \"r\" has a non-positive size"],
        );
    }

    #[test]
    fn skips_without_regions_or_skeleton() {
        let input = mutant(|v| drop_attachment(v, "s", "r"));
        assert_skips(&RULE, &input, skip_reasons::NO_REGION);
        assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
    }
}
