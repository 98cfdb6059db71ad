//! This module owns A36_PATH_CONSTRAINT_EFFECTIVE (validity; GATE.md §3, §4.7):
//! every path constraint constrains a bone, follows a slot that some skin gives a
//! path attachment, and is not muted throughout — if its three setup mixes
//! (mixRotate, mixX, mixY) are all ≤ 0, some animation poses one of the three
//! path `mix` channels above 0, at a key or at any Bézier sample between keys
//! (`switchedOn`; an omitted `mixRotate` poses 1 and an omitted `mixY` poses the
//! key's `mixX`, which is why posed values are read).
//!
//! SKIPs with no path constraint, or when the round trip produced no skeleton.

use crate::loaded::{keyed_above_zero, skeleton_or_skip};
use crate::raw::num;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject};
use rigc_sdk::spine::data::{AttachmentKind, ConstraintKind, TimelineKind};

/// A36_PATH_CONSTRAINT_EFFECTIVE.
pub struct A36PathConstraintEffective;

/// SKIP: no path constraint.
pub(crate) const NO_PATH: &str = "the skeleton declares no path constraint";

impl Rule for A36PathConstraintEffective {
    fn code(&self) -> &'static str {
        "A36_PATH_CONSTRAINT_EFFECTIVE"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        let mut any = false;
        let k = data.animations.len();
        for (i, c) in data.constraints.iter().enumerate() {
            let ConstraintKind::Path(p) = &c.kind else {
                continue;
            };
            any = true;
            let n = &c.name;
            if p.bones.is_empty() {
                out.fail_at(
                    Subject::constraint("path", n),
                    format!(
                        "path constraint \"{n}\" constrains no bone; it parses and does nothing"
                    ),
                );
            }
            let has_path = data.skins.iter().any(|s| {
                s.entries().any(|(slot, e)| {
                    slot == p.slot
                        && matches!(
                            data.attachments.get(e.attachment).map(|a| &a.kind),
                            Some(AttachmentKind::Path(_))
                        )
                })
            });
            if !has_path {
                let slot = data.slots.get(p.slot).map_or("", |s| s.name.as_str());
                out.fail_at(Subject::constraint("path", n), format!(
                    "path constraint \"{n}\" follows slot \"{slot}\", and no skin gives that slot a path attachment — the constraint has no path to follow, so it does nothing"
                ));
            }
            let s = &p.setup;
            if s.mix_rotate <= 0.0
                && s.mix_x <= 0.0
                && s.mix_y <= 0.0
                && !keyed_above_zero(data, TimelineKind::PathMix(i), 3)
            {
                out.fail_at(Subject::constraint("path", n), format!(
                    "path constraint \"{n}\" has mixRotate {}, mixX {} and mixY {} at setup and none of the {k} animations keys its mix above 0; update() returns when all three are 0 — rest one of the three above 0, or key its mix above 0 in an animation",
                    num(s.mix_rotate),
                    num(s.mix_x),
                    num(s.mix_y)
                ));
            }
        }
        if !any {
            out.skip(NO_PATH);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use rigc_sdk::gate::{skip_reasons, GateInput, Subject};
    use serde_json::{json, Value};

    const RULE: A36PathConstraintEffective = A36PathConstraintEffective;

    /// The fixture with a path attachment on slot "box" and path constraint
    /// `path` appended.
    fn with_path(path: Value, keys: Option<Value>) -> GateInput {
        mutant(|v| {
            v["skins"][0]["attachments"]["box"]["line"] = json!({
                "type": "path", "vertexCount": 3, "vertices": [0, 0, 1, 1, 2, 2], "lengths": [3]
            });
            if let Some(c) = v["constraints"].as_array_mut() {
                c.push(path);
            }
            if let Some(keys) = keys {
                v["animations"]["a"]["path"] = json!({ "pc": { "mix": keys } });
            }
        })
    }

    fn pc(extra: Value) -> Value {
        let mut p =
            json!({ "type": "path", "name": "pc", "bones": ["t"], "slot": "box", "target": "box" });
        if let (Some(o), Some(e)) = (p.as_object_mut(), extra.as_object()) {
            o.extend(e.clone());
        }
        p
    }

    #[test]
    fn passes_a_live_path_constraint() {
        assert_pass(&RULE, &with_path(pc(json!({})), None));
    }

    #[test]
    fn fails_a_constraint_without_bones() {
        assert_fails_at(
            &RULE,
            &with_path(pc(json!({ "bones": [] })), None),
            &[(
                "path constraint \"pc\" constrains no bone; it parses and does nothing",
                Some(Subject::constraint("path", "pc")),
            )],
        );
    }

    #[test]
    fn fails_a_slot_no_skin_gives_a_path() {
        assert_fails(
            &RULE,
            &with_path(pc(json!({ "slot": "s" })), None),
            &["path constraint \"pc\" follows slot \"s\", and no skin gives that slot a path attachment — the constraint has no path to follow, so it does nothing"],
        );
    }

    #[test]
    fn a_muted_constraint_needs_a_mix_key_above_0() {
        let muted = pc(json!({ "mixRotate": 0, "mixX": 0, "mixY": 0 }));
        assert_fails_at(
            &RULE,
            &with_path(muted.clone(), Some(json!([{ "mixRotate": 0, "mixX": 0 }]))),
            &[("path constraint \"pc\" has mixRotate 0, mixX 0 and mixY 0 at setup and none of the 2 animations keys its mix above 0; update() returns when all three are 0 — rest one of the three above 0, or key its mix above 0 in an animation", Some(Subject::constraint("path", "pc")))],
        );
        // An omitted mixRotate poses 1.
        assert_pass(&RULE, &with_path(muted, Some(json!([{ "mixX": 0 }]))));
    }

    #[test]
    fn skips_without_path_constraint() {
        assert_skips(&RULE, &fixture(), NO_PATH);
        assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
    }
}
