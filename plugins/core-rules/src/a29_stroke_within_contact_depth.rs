//! This module owns A29_STROKE_WITHIN_CONTACT_DEPTH (archetype; GATE.md §3): the
//! deepest inward advance of the stroke (see [`crate::stroke`]) stays within the
//! contact depth where the two masses meet (the cut manifest's
//! `stroke.contact_depth`, `RigInfo.stroke`), within 1e-6 px — past it the two
//! plates interpenetrate. Stats: `contactDepth`, `deepestAdvance`.
//!
//! This project reads no cut manifest, so in practice the rule SKIPs saying no
//! contact depth is declared; the logic runs on whatever `RigInfo.stroke` holds.
//! SKIPs with no rig info, no contact depth, or skeleton text that is not JSON.

use crate::stroke::{hold, Depth};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind};

/// A29_STROKE_WITHIN_CONTACT_DEPTH.
pub struct A29StrokeWithinContactDepth;

/// SKIP: no contact depth.
pub(crate) const NO_DEPTH: &str = "no contact depth is declared — it is a cut manifest's stroke.contact_depth, and this project reads no cut manifest — so there is no depth to hold the stroke to";

/// The contact depth, as the stroke check holds the advance to it.
const CONTACT: Depth = Depth {
    of: |s| s.contact_depth,
    undeclared: NO_DEPTH,
    stat: "contactDepth",
    past: |depth| format!("the masses meet at {depth}px — the two plates would interpenetrate"),
};

impl Rule for A29StrokeWithinContactDepth {
    fn code(&self) -> &'static str {
        "A29_STROKE_WITHIN_CONTACT_DEPTH"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Archetype
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        hold(facts, out, &CONTACT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::NOT_JSON;
    use crate::testkit::*;
    use rigc_sdk::gate::{GateInput, Stroke, Subject, Target};

    const RULE: A29StrokeWithinContactDepth = A29StrokeWithinContactDepth;

    /// The fixture ("b" is under the axis bone, keyed translate x 3 then 5) with
    /// a contact depth and mass bone "t" (keyed translate (1,2) then (2,4)).
    fn depth(d: f64) -> GateInput {
        let mut input = fixture();
        if let Some(rig) = input.rig.as_mut() {
            rig.invariants.mass_bone = Some("t".into());
            rig.stroke = Some(Stroke {
                contact_depth: Some(d),
                cap_containment_ceiling: None,
                inward_unit: [0.0, 1.0],
            });
        }
        input
    }

    #[test]
    fn passes_within_the_depth() {
        assert_pass(&RULE, &depth(9.0));
        let out = check(&RULE, &depth(9.0));
        assert_eq!(
            out.stats,
            [
                ("contactDepth".to_string(), "9".to_string()),
                ("deepestAdvance".to_string(), "9.000".to_string())
            ]
        );
    }

    #[test]
    fn fails_past_the_depth() {
        // Both keys are in animation "a": the finding is about that animation.
        assert_fails_at(&RULE, &depth(8.5), &[("deepest inward advance is 9.000px (stroke 5.000 at a.b t=1 + mass 4.000 at a.t t=1) but the masses meet at 8.5px — the two plates would interpenetrate", Some(Subject::animation("a")))]);
        let mut input = mutant(|v| {
            if let Some(b) = v["animations"]["a"]["bones"]["b"].as_object_mut() {
                b.remove("translate");
            }
        });
        input.rig = depth(3.0).rig;
        // One key makes the advance: the finding is about it.
        let key = Subject::animation("a")
            .on(Target::Bone("t".into()))
            .timeline("translate")
            .key(1);
        assert_fails_at(&RULE, &input, &[("deepest inward advance is 4.000px (stroke 0.000 at setup + mass 4.000 at a.t t=1) but the masses meet at 3px — the two plates would interpenetrate", Some(key))]);
    }

    #[test]
    fn skips_without_rig_depth_or_json() {
        assert_skips(&RULE, &no_rig(), skip_reasons::NO_RIG);
        assert_skips(&RULE, &fixture(), NO_DEPTH);
        let mut input = not_json();
        input.rig = depth(1.0).rig;
        assert_skips(&RULE, &input, NOT_JSON);
    }
}
