//! This module owns A30_STROKE_WITHIN_CAP_CONTAINMENT (archetype; GATE.md §3): the
//! deepest inward advance of the stroke (see [`crate::stroke`]) stays within the
//! cap-containment ceiling — where the leading contour leaves the occluder's
//! opaque footprint (the cut manifest's `stroke.cap_containment_ceiling`,
//! `RigInfo.stroke`) — within 1e-6 px; and while a ceiling is declared, no bone
//! on or under the axis bone has a `scale`, `scalex` or `scaley` timeline (the
//! ceiling was measured on the undeformed contour). Stats: `capCeiling`,
//! `deepestAdvance`.
//!
//! This project reads no cut manifest, so in practice the rule SKIPs saying no
//! containment ceiling is declared; the logic runs on whatever `RigInfo.stroke`
//! holds. SKIPs with no rig info, no ceiling, or skeleton text that is not JSON.

use crate::raw::{animations, members, BoneTree};
use crate::stroke::{hold, Depth};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject, Target};
use rigc_sdk::model::names::BoneTimeline;

/// A30_STROKE_WITHIN_CAP_CONTAINMENT.
pub struct A30StrokeWithinCapContainment;

/// SKIP: no ceiling.
pub(crate) const NO_CEILING: &str = "no containment ceiling is declared — it is a cut manifest's stroke.cap_containment_ceiling, and this project reads no cut manifest — so there is no ceiling to hold the stroke to";

/// The cap-containment ceiling, as the stroke check holds the advance to it.
const CEILING: Depth = Depth {
    of: |s| s.cap_containment_ceiling,
    undeclared: NO_CEILING,
    stat: "capCeiling",
    past: |ceiling| {
        format!("the leading contour leaves the occluder's opaque footprint at {ceiling}px — the part would be drawn where it should be covered")
    },
};

impl Rule for A30StrokeWithinCapContainment {
    fn code(&self) -> &'static str {
        "A30_STROKE_WITHIN_CAP_CONTAINMENT"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Archetype
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some((rig, root)) = hold(facts, out, &CEILING) else {
            return;
        };
        let Some(axis) = rig.invariants.axis_bone.as_deref() else {
            return;
        };
        let tree = BoneTree::of(root);
        for (anim, map) in animations(root) {
            for (bone, tls) in members(map.get("bones")) {
                if bone != axis && !tree.is_under(bone, axis) {
                    continue;
                }
                for (tl, _) in members(Some(tls)).filter(|(tl, _)| {
                    matches!(
                        BoneTimeline::from_name(tl),
                        Some(BoneTimeline::Scale | BoneTimeline::ScaleX | BoneTimeline::ScaleY)
                    )
                }) {
                    out.fail_at(
                        Subject::animation(anim)
                            .on(Target::Bone(bone.to_string()))
                            .timeline(tl),
                        format!(
                            "\"{anim}\" gives \"{bone}\" a {tl} timeline while a cap-containment ceiling is declared; the ceiling was measured on the undeformed contour, so a scaled plate is outside its evidence"
                        ),
                    );
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
    use rigc_sdk::gate::{GateInput, Stroke};
    use serde_json::json;

    const RULE: A30StrokeWithinCapContainment = A30StrokeWithinCapContainment;

    fn ceiling(mut input: GateInput, c: f64) -> GateInput {
        if let Some(rig) = input.rig.as_mut() {
            rig.stroke = Some(Stroke {
                contact_depth: None,
                cap_containment_ceiling: Some(c),
                inward_unit: [1.0, 0.0],
            });
        }
        input
    }

    #[test]
    fn passes_within_the_ceiling() {
        assert_pass(&RULE, &ceiling(fixture(), 5.0));
    }

    #[test]
    fn fails_past_the_ceiling() {
        let key = Subject::animation("a")
            .on(Target::Bone("b".into()))
            .timeline("translate")
            .key(1);
        assert_fails_at(&RULE, &ceiling(fixture(), 4.0), &[("deepest inward advance is 5.000px (stroke 5.000 at a.b t=1) but the leading contour leaves the occluder's opaque footprint at 4px — the part would be drawn where it should be covered", Some(key))]);
    }

    #[test]
    fn fails_a_scaled_plate_under_the_axis() {
        let input = mutant(|v| {
            v["animations"]["knob"]["bones"]["b"] = json!({ "scalex": [{ "value": 2 }] })
        });
        let timeline = Subject::animation("knob")
            .on(Target::Bone("b".into()))
            .timeline("scalex");
        assert_fails_at(&RULE, &ceiling(input, 9.0), &[("\"knob\" gives \"b\" a scalex timeline while a cap-containment ceiling is declared; the ceiling was measured on the undeformed contour, so a scaled plate is outside its evidence", Some(timeline))]);
    }

    #[test]
    fn skips_without_rig_ceiling_or_json() {
        assert_skips(&RULE, &no_rig(), skip_reasons::NO_RIG);
        assert_skips(&RULE, &fixture(), NO_CEILING);
        let mut input = not_json();
        input.rig = ceiling(fixture(), 1.0).rig;
        assert_skips(&RULE, &input, NOT_JSON);
    }
}
