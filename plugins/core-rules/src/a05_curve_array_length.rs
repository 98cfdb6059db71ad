//! This module owns A05_CURVE_ARRAY_LENGTH (validity; GATE.md §3, channel table
//! §4.1): every `curve` a key carries is `"stepped"` or an array of exactly
//! channels × 4 finite numbers, where the timeline's channel count comes from the
//! table; a timeline the table marks `null` carries no curve at all; and a timeline
//! name the table does not know is refused (fail-closed: "extend the validator").
//!
//! The walk visits all 11 timeline groups of every animation. It checks curves
//! only, never the keys' other fields; a key with no `curve` (or `"curve": null`,
//! which the runtime reads as linear) is passed over. SKIPs when there is no
//! animation, or no timeline in any animation.

use crate::raw::{animations, items, json, members, raw_or_skip, time_text};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, Rule, RuleKind, Subject, Target};
use rigc_sdk::model::names::{
    AttachmentTimeline, BoneTimeline, IkMix, PathTimeline, PhysicsTimeline, SliderTimeline,
    SlotTimeline, TransformMix,
};
use serde_json::Value;

/// How a group maps names to key arrays.
#[derive(Clone, Copy)]
enum Shape {
    /// `group.<target>.<timeline> = keys[]`, timelines of this table kind.
    Named(&'static str),
    /// `group.<constraint> = keys[]`; the timeline is named after the group.
    Direct,
    /// `group = keys[]`.
    Keys,
    /// `group = [ { keys: keys[] } ]` (`drawOrderFolder`).
    Folder,
    /// `attachments.<skin>.<slot>.<attachment>.<timeline> = keys[]`.
    Attachments,
}

/// The 11 groups, in the runtime's timeline order.
const GROUPS: [(&str, Shape); 11] = [
    ("slots", Shape::Named("slot")),
    ("bones", Shape::Named("bone")),
    ("ik", Shape::Direct),
    ("transform", Shape::Direct),
    ("path", Shape::Named("path")),
    ("physics", Shape::Named("physics")),
    ("slider", Shape::Named("slider")),
    ("attachments", Shape::Attachments),
    ("drawOrder", Shape::Keys),
    ("drawOrderFolder", Shape::Folder),
    ("events", Shape::Keys),
];

/// GATE.md §4.1: `None` for a name the table does not know, `Some(None)` for a
/// timeline that cannot take a curve, `Some(Some(c))` for `c` value channels.
/// The names and their channels are the model's tables.
fn channels(kind: &str, timeline: &str) -> Option<Option<usize>> {
    let c = match kind {
        "bone" => BoneTimeline::from_name(timeline)?.curves(),
        "slot" => SlotTimeline::from_name(timeline)?.curves(),
        "attachment" => AttachmentTimeline::from_name(timeline)?.curves(),
        "physics" => PhysicsTimeline::from_name(timeline)?.curves(),
        "path" => PathTimeline::from_name(timeline)?.curves(),
        "slider" => SliderTimeline::from_name(timeline)?.curves(),
        _ if kind != timeline => return None,
        "ik" => Some(IkMix::CURVED.len()),
        "transform" => Some(TransformMix::ALL.len()),
        "drawOrder" | "drawOrderFolder" | "events" => None,
        _ => return None,
    };
    Some(c)
}

/// A05_CURVE_ARRAY_LENGTH.
pub struct A05CurveArrayLength;

impl Rule for A05CurveArrayLength {
    fn code(&self) -> &'static str {
        "A05_CURVE_ARRAY_LENGTH"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(root) = raw_or_skip(facts, out) else {
            return;
        };
        let mut walk = Walk {
            out,
            timelines: 0,
            animations: 0,
        };
        for (anim, map) in animations(root) {
            walk.animations += 1;
            walk.animation(anim, map);
        }
        if walk.animations == 0 {
            walk.out.skip(skip_reasons::NO_ANIMATION);
        } else if walk.timelines == 0 {
            walk.out.skip(skip_reasons::NO_TIMELINE);
        }
    }
}

struct Walk<'o> {
    out: &'o mut Outcome,
    timelines: usize,
    animations: usize,
}

/// What a finding on one timeline is about: the timeline, and whether a key's
/// index in it names the key (not inside a `drawOrderFolder`, whose folder a
/// subject cannot name).
struct About {
    timeline: Subject,
    keyed: bool,
}

impl About {
    fn keys(timeline: Subject) -> About {
        About {
            timeline,
            keyed: true,
        }
    }

    fn key(&self, k: usize) -> Subject {
        if self.keyed {
            self.timeline.clone().key(k)
        } else {
            self.timeline.clone()
        }
    }
}

impl Walk<'_> {
    fn animation(&mut self, anim: &str, map: &Value) {
        for (group, shape) in GROUPS {
            let Some(g) = map.get(group) else { continue };
            match shape {
                Shape::Named(kind) => {
                    for (target, timelines) in members(Some(g)) {
                        let on = match kind {
                            "bone" => Target::Bone(target.into()),
                            "slot" => Target::Slot(target.into()),
                            _ => Target::Constraint {
                                kind: group.into(),
                                name: target.into(),
                            },
                        };
                        for (name, keys) in members(Some(timelines)) {
                            self.timeline(
                                &format!("{anim}.{group}.{target}.{name}"),
                                About::keys(Subject::animation(anim).on(on.clone()).timeline(name)),
                                kind,
                                name,
                                keys,
                            );
                        }
                    }
                }
                Shape::Direct => {
                    for (constraint, keys) in members(Some(g)) {
                        let on = Target::Constraint {
                            kind: group.into(),
                            name: constraint.into(),
                        };
                        self.timeline(
                            &format!("{anim}.{group}.{constraint}"),
                            About::keys(Subject::animation(anim).on(on)),
                            group,
                            group,
                            keys,
                        );
                    }
                }
                Shape::Keys => {
                    if g.is_array() {
                        let about = About::keys(Subject::animation(anim).timeline(group));
                        self.timeline(&format!("{anim}.{group}"), about, group, group, g);
                    }
                }
                Shape::Folder => {
                    for (i, folder) in items(Some(g)).enumerate() {
                        if let Some(keys) = folder.get("keys") {
                            // A subject has no folder index, so a finding here
                            // names the animation's folder timeline, not a key.
                            let about = About {
                                timeline: Subject::animation(anim).timeline(group),
                                keyed: false,
                            };
                            self.timeline(
                                &format!("{anim}.{group}[{i}]"),
                                about,
                                group,
                                group,
                                keys,
                            );
                        }
                    }
                }
                Shape::Attachments => {
                    for (skin, slots) in members(Some(g)) {
                        for (slot, atts) in members(Some(slots)) {
                            for (att, timelines) in members(Some(atts)) {
                                let on = Target::Attachment {
                                    skin: skin.into(),
                                    slot: slot.into(),
                                    name: att.into(),
                                };
                                for (name, keys) in members(Some(timelines)) {
                                    let path = format!("{anim}.{group}.{skin}.{slot}.{att}.{name}");
                                    let about = About::keys(
                                        Subject::animation(anim).on(on.clone()).timeline(name),
                                    );
                                    self.timeline(&path, about, "attachment", name, keys);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    fn timeline(&mut self, path: &str, about: About, kind: &str, name: &str, keys: &Value) {
        self.timelines += 1;
        let Some(channels) = channels(kind, name) else {
            self.out.fail_at(
                about.timeline,
                format!("{path}: unchecked {kind} timeline \"{name}\" — extend the validator"),
            );
            return;
        };
        for (k, key) in items(Some(keys)).enumerate() {
            let curve = match key.get("curve") {
                None | Some(Value::Null) => continue,
                Some(curve) => curve,
            };
            let at = about.key(k);
            let Some(c) = channels else {
                self.out.fail_at(
                    at,
                    format!("{path}: timeline \"{name}\" cannot carry a curve"),
                );
                return;
            };
            match curve {
                Value::String(s) if s == "stepped" => {}
                Value::Array(numbers) if numbers.len() != 4 * c => self.out.fail_at(
                    at,
                    format!(
                        "{path} (t={}): curve has {} numbers, \"{name}\" needs {c} channels x 4 = {}",
                        time_text(key),
                        numbers.len(),
                        4 * c
                    ),
                ),
                Value::Array(numbers) => {
                    if let Some(bad) = numbers
                        .iter()
                        .find(|n| !n.as_f64().is_some_and(f64::is_finite))
                    {
                        self.out.fail_at(
                            at,
                            format!("{path}: curve holds a non-finite value {}", json(bad)),
                        );
                    }
                }
                other => self.out.fail_at(
                    at,
                    format!(
                        "{path}: curve is {}, expected \"stepped\" or an array",
                        json(other)
                    ),
                ),
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

    const RULE: A05CurveArrayLength = A05CurveArrayLength;

    #[test]
    fn passes_on_the_fixture() {
        // The fixture has a 1-channel and a 2-channel Bézier and a stepped key.
        assert_pass(&RULE, &fixture());
    }

    #[test]
    fn fails_on_a_short_curve_array_naming_the_key_time() {
        let input = mutant(|v| {
            v["animations"]["a"]["bones"]["t"]["translate"][0]["curve"] = json!([0.2, 1, 0.8, 2])
        });
        assert_fails_at(
            &RULE,
            &input,
            &[(
                "a.bones.t.translate (t=0): curve has 4 numbers, \"translate\" needs 2 channels x 4 = 8",
                Some(
                    Subject::animation("a")
                        .on(Target::Bone("t".into()))
                        .timeline("translate")
                        .key(0),
                ),
            )],
        );
        let input = mutant(|v| {
            v["animations"]["a"]["slots"]["s"]["rgba"][1]["curve"] = json!(vec![0; 4]);
            v["animations"]["a"]["slots"]["s"]["rgba"][1]["time"] = json!(0.25);
        });
        assert_fails_at(
            &RULE,
            &input,
            &[(
                "a.slots.s.rgba (t=0.25): curve has 4 numbers, \"rgba\" needs 4 channels x 4 = 16",
                Some(
                    Subject::animation("a")
                        .on(Target::Slot("s".into()))
                        .timeline("rgba")
                        .key(1),
                ),
            )],
        );
    }

    #[test]
    fn fails_on_a_curve_that_is_neither_stepped_nor_an_array() {
        let input =
            mutant(|v| v["animations"]["a"]["bones"]["b"]["rotate"][0]["curve"] = json!(0.25));
        assert_fails(
            &RULE,
            &input,
            &["a.bones.b.rotate: curve is 0.25, expected \"stepped\" or an array"],
        );
    }

    #[test]
    fn fails_on_a_non_finite_curve_value() {
        let input = mutant(|v| {
            v["animations"]["a"]["bones"]["b"]["rotate"][0]["curve"] = json!([0.3, 0, "NaN", 45])
        });
        assert_fails_at(
            &RULE,
            &input,
            &[(
                "a.bones.b.rotate: curve holds a non-finite value \"NaN\"",
                Some(
                    Subject::animation("a")
                        .on(Target::Bone("b".into()))
                        .timeline("rotate")
                        .key(0),
                ),
            )],
        );
    }

    #[test]
    fn fails_on_a_curve_where_the_table_allows_none() {
        let input = mutant(|v| {
            v["animations"]["a"]["drawOrder"][0]["curve"] = json!("stepped");
            v["animations"]["a"]["drawOrderFolder"] =
                json!([{ "slots": ["s"], "keys": [{ "curve": [0, 0, 1, 1] }] }]);
            v["animations"]["a"]["physics"][""]["reset"] = json!([{ "curve": "stepped" }]);
        });
        let physics = Target::Constraint {
            kind: "physics".into(),
            name: "".into(),
        };
        assert_fails_at(
            &RULE,
            &input,
            &[
                (
                    "a.physics..reset: timeline \"reset\" cannot carry a curve",
                    Some(Subject::animation("a").on(physics).timeline("reset").key(0)),
                ),
                (
                    "a.drawOrder: timeline \"drawOrder\" cannot carry a curve",
                    Some(Subject::animation("a").timeline("drawOrder").key(0)),
                ),
                (
                    "a.drawOrderFolder[0]: timeline \"drawOrderFolder\" cannot carry a curve",
                    Some(Subject::animation("a").timeline("drawOrderFolder")),
                ),
            ],
        );
    }

    #[test]
    fn fails_closed_on_a_timeline_name_the_table_does_not_know() {
        let input = mutant(|v| {
            v["animations"]["a"]["bones"]["b"]["translateX"] = json!([{ "value": 1 }]);
            v["animations"]["a"]["attachments"]["default"]["m"]["m"]["wobble"] = json!([]);
        });
        let mesh = Target::Attachment {
            skin: "default".into(),
            slot: "m".into(),
            name: "m".into(),
        };
        assert_fails_at(
            &RULE,
            &input,
            &[
                (
                    "a.bones.b.translateX: unchecked bone timeline \"translateX\" — extend the validator",
                    Some(
                        Subject::animation("a")
                            .on(Target::Bone("b".into()))
                            .timeline("translateX"),
                    ),
                ),
                (
                    "a.attachments.default.m.m.wobble: unchecked attachment timeline \"wobble\" — extend the validator",
                    Some(Subject::animation("a").on(mesh).timeline("wobble")),
                ),
            ],
        );
    }

    #[test]
    fn checks_ik_and_transform_with_the_group_name() {
        let input = mutant(|v| {
            v["animations"]["a"]["ik"]["k"][0]["curve"] = json!([0, 0, 1, 1]);
            v["animations"]["a"]["transform"] =
                json!({ "tc": [{ "curve": vec![0; 24] }, { "curve": vec![0; 8] }] });
        });
        let constraint = |kind: &str, name: &str| Target::Constraint {
            kind: kind.into(),
            name: name.into(),
        };
        assert_fails_at(
            &RULE,
            &input,
            &[
                (
                    "a.ik.k (t=0): curve has 4 numbers, \"ik\" needs 2 channels x 4 = 8",
                    Some(Subject::animation("a").on(constraint("ik", "k")).key(0)),
                ),
                (
                    "a.transform.tc (t=0): curve has 8 numbers, \"transform\" needs 6 channels x 4 = 24",
                    Some(
                        Subject::animation("a")
                            .on(constraint("transform", "tc"))
                            .key(1),
                    ),
                ),
            ],
        );
    }

    #[test]
    fn skips_with_no_animation_or_no_timeline() {
        assert_skips(
            &RULE,
            &mutant(|v| v["animations"] = json!({})),
            skip_reasons::NO_ANIMATION,
        );
        assert_skips(
            &RULE,
            &mutant(|v| v["animations"] = json!({ "a": {}, "b": { "bones": {} } })),
            skip_reasons::NO_TIMELINE,
        );
        assert_skips(&RULE, &not_json(), NOT_JSON);
    }
}
