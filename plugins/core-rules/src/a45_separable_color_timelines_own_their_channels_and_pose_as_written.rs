//! This module owns
//! A45_SEPARABLE_COLOR_TIMELINES_OWN_THEIR_CHANNELS_AND_POSE_AS_WRITTEN
//! (validity; GATE.md §3, §4.17). Per animation and slot with an `rgb` or
//! `alpha` timeline:
//!
//! 1. **Ownership.** No colour channel — the light rgb, the light alpha, the
//!    dark colour — is written by two colour timelines of which one is `rgb` or
//!    `alpha` (`SLOT_COLOR_CHANNELS`: rgba = {rgb, alpha}, rgb = {rgb}, alpha =
//!    {alpha}, rgba2 = {rgb, alpha, dark}, rgb2 = {rgb, dark}). The runtime
//!    applies a slot's timelines in file order, so the one stated last
//!    overwrites the other at every time, and the other's keys are read by
//!    nothing. One FAIL per shared channel.
//! 2. **Posing** (only where clause 1 holds): every `rgb` key, posed at its
//!    stored (float32) time on a fresh non-looping track from the setup pose,
//!    shows its hex within 1/510 per channel, and every `alpha` key shows its
//!    `value` (default 0) within 1e-6. The runtime clamps a posed channel to
//!    0..1, so a key stating a value outside it (an alpha of 1.5, a hex whose
//!    pair JavaScript's `parseInt` reads as negative) does not pose as written.
//!    The colour read is the slot's pose as the animation writes it.
//!
//! SKIPs with no `rgb`/`alpha` timeline (the shared `NO_SEPARABLE`), or when
//! the round trip produced no skeleton. Stats: `separableColorTimelines`.

use crate::loaded::{and_list, skeleton_or_skip};
use crate::posing::{applied_at, channels, key_times, loaded_timeline, threw, time};
use crate::raw::{json_or_undefined, num, quote, raw_or_skip, str_at};
use crate::tint::{agrees, color_timelines, stated, RawColorTimeline, HEX_TOLERANCE};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, Rule, RuleKind, Subject, Target};
use rigc_sdk::model::names::{field, SlotTimeline};
use rigc_sdk::spine::data::TimelineKind;
use rigc_sdk::spine::pose::Plans;
use rigc_sdk::spine::SkeletonData;
use serde_json::Value;

/// A45_SEPARABLE_COLOR_TIMELINES_OWN_THEIR_CHANNELS_AND_POSE_AS_WRITTEN.
pub struct A45SeparableColorTimelinesOwnTheirChannelsAndPoseAsWritten;

/// How far a posed alpha may be from the key's `value`.
const ALPHA_TOLERANCE: f64 = 1e-6;

/// The channels a colour timeline writes (`SLOT_COLOR_CHANNELS`).
fn writes(timeline: &str) -> &'static [&'static str] {
    match SlotTimeline::from_name(timeline) {
        Some(SlotTimeline::Rgba) => &["rgb", "alpha"],
        Some(SlotTimeline::Rgb) => &["rgb"],
        Some(SlotTimeline::Alpha) => &["alpha"],
        Some(SlotTimeline::Rgba2) => &["rgb", "alpha", "dark"],
        Some(SlotTimeline::Rgb2) => &["rgb", "dark"],
        Some(SlotTimeline::Attachment) | None => &[],
    }
}

/// Is `timeline` one of the separable colour timelines, `rgb` or `alpha`?
fn is_separable(timeline: &str) -> bool {
    matches!(
        SlotTimeline::from_name(timeline),
        Some(SlotTimeline::Rgb | SlotTimeline::Alpha)
    )
}

impl Rule for A45SeparableColorTimelinesOwnTheirChannelsAndPoseAsWritten {
    fn code(&self) -> &'static str {
        "A45_SEPARABLE_COLOR_TIMELINES_OWN_THEIR_CHANNELS_AND_POSE_AS_WRITTEN"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(root) = raw_or_skip(facts, out) else {
            return;
        };
        let all = color_timelines(root);
        let separable = all.iter().filter(|t| is_separable(t.name)).count();
        if separable == 0 {
            out.skip(skip_reasons::NO_SEPARABLE);
            return;
        }
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        out.stat("separableColorTimelines", separable);
        // Group by (animation, slot), in file order.
        let mut groups: Vec<(&str, &str, Vec<&RawColorTimeline<'_>>)> = Vec::new();
        for t in &all {
            match groups
                .iter_mut()
                .find(|(a, s, _)| *a == t.animation && *s == t.slot)
            {
                Some((_, _, list)) => list.push(t),
                None => groups.push((t.animation, t.slot, vec![t])),
            }
        }
        for (animation, slot, list) in groups {
            if !list.iter().any(|t| is_separable(t.name)) {
                continue;
            }
            if owned(animation, slot, &list, out) {
                for t in list.iter().filter(|t| is_separable(t.name)) {
                    pose_keys(data, facts.plans(), t, out);
                }
            }
        }
    }
}

/// Clause 1 for one animation and slot: true when every channel has one owner
/// (or its sharers are neither `rgb` nor `alpha`).
fn owned(animation: &str, slot: &str, list: &[&RawColorTimeline<'_>], out: &mut Outcome) -> bool {
    let mut ok = true;
    for channel in ["rgb", "alpha", "dark"] {
        let writers: Vec<&str> = list
            .iter()
            .filter(|t| writes(t.name).contains(&channel))
            .map(|t| t.name)
            .collect();
        if writers.len() < 2 || !writers.iter().any(|w| is_separable(w)) {
            continue;
        }
        ok = false;
        let Some(last) = writers.last() else {
            continue;
        };
        let names: Vec<String> = writers.iter().map(|w| (*w).to_string()).collect();
        let what = if channel == "dark" {
            "dark colour".to_string()
        } else {
            format!("light {channel} colour")
        };
        let earlier = and_list(names.get(..names.len() - 1).unwrap_or(&[]));
        // Several timelines share the channel: a finding about the slot in
        // this animation.
        let subject = Subject::animation(animation).on(Target::Slot(slot.to_string()));
        out.fail_at(subject, format!(
            "animation \"{animation}\" slot \"{slot}\": {} {} key the {what} — the runtime applies a slot's colour timelines in the order the file states them, so \"{last}\", which the file states last, overwrites {earlier} everywhere and those keys are read by nothing. Key each channel once: \"rgb\" and \"alpha\" on their own key times, or one \"rgba\"",
            and_list(&names),
            if writers.len() == 2 { "both" } else { "all" },
        ));
    }
    ok
}

/// Clause 2 for one `rgb` or `alpha` timeline.
fn pose_keys(data: &SkeletonData, plans: &Plans, t: &RawColorTimeline<'_>, out: &mut Outcome) {
    let (Some(a), Some(s)) = (data.find_animation(t.animation), data.find_slot(t.slot)) else {
        return;
    };
    let rgb = t.name == SlotTimeline::Rgb.name();
    let Some(loaded) = loaded_timeline(data, a, |kind| match *kind {
        TimelineKind::Rgb(x) => rgb && x == s,
        TimelineKind::Alpha(x) => !rgb && x == s,
        _ => false,
    }) else {
        return;
    };
    let head = format!(
        "animation \"{}\" slot \"{}\" {}",
        t.animation, t.slot, t.name
    );
    let timeline = Subject::animation(t.animation)
        .on(Target::Slot(t.slot.to_string()))
        .timeline(t.name);
    for (k, at) in key_times(loaded).into_iter().enumerate() {
        let key_head = format!("{head} (t={})", time(at));
        let key_subject = || timeline.clone().key(k);
        let sk = match applied_at(data, plans, a, at, None) {
            Ok(sk) => sk,
            Err(e) => {
                out.fail_at(
                    key_subject(),
                    format!("{key_head}: {} while posing", threw(&e)),
                );
                return;
            }
        };
        let Some(c) = sk.slots.get(s).map(|x| x.pose.color) else {
            return;
        };
        let key: Option<&Value> = t.keys.get(k).copied();
        if rgb {
            let hex = key.and_then(|k| str_at(k, field::COLOR)).unwrap_or("");
            let posed = [c.r, c.g, c.b];
            let want = stated(hex, false);
            if !agrees(&posed, &want, HEX_TOLERANCE) {
                out.fail_at(
                    key_subject(),
                    format!(
                        "{key_head}: rgb posed {}, the key states {} = {}",
                        channels(&posed),
                        quote(hex),
                        channels(&want)
                    ),
                );
            }
        } else {
            let value = key.and_then(|k| k.get(field::VALUE));
            let want = match value {
                None | Some(Value::Null) => 0.0,
                Some(v) => v.as_f64().unwrap_or(f64::NAN),
            };
            if !agrees(&[c.a], &[want], ALPHA_TOLERANCE) {
                let clamp = if (0.0..=1.0).contains(&want) {
                    ""
                } else {
                    " — the runtime clamps a posed alpha to 0..1"
                };
                out.fail_at(
                    key_subject(),
                    format!(
                        "{key_head}: alpha posed {}, the key states value {}{clamp}",
                        num(c.a),
                        value.map_or_else(
                            || "undefined (read as 0)".to_string(),
                            |v| json_or_undefined(Some(v))
                        )
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
    use serde_json::json;

    const RULE: A45SeparableColorTimelinesOwnTheirChannelsAndPoseAsWritten =
        A45SeparableColorTimelinesOwnTheirChannelsAndPoseAsWritten;

    #[track_caller]
    fn fails(input: &rigc_sdk::gate::GateInput, details: &[&str]) {
        assert_spine_loads(input);
        assert_fails(&RULE, input, details);
    }

    #[track_caller]
    fn fails_at(input: &rigc_sdk::gate::GateInput, findings: &[(&str, Option<Subject>)]) {
        assert_spine_loads(input);
        assert_fails_at(&RULE, input, findings);
    }

    /// The fixture with slot "s"'s colour timelines replaced by `timelines`.
    fn keyed(timelines: serde_json::Value) -> rigc_sdk::gate::GateInput {
        mutant(|v| v["animations"]["a"]["slots"]["s"] = timelines)
    }

    #[test]
    fn passes_separable_keys_that_pose_as_written() {
        let input = keyed(json!({
            "rgb": [{ "color": "#ff8000", "curve": [0.2, 1, 0.8, 0, 0.2, 0.5, 0.8, 0, 0.2, 0, 0.8, 1] }, { "time": 0.3, "color": "0080ff" }],
            "alpha": [{ "time": 0.1, "value": 0.3 }, { "time": 0.6 }]
        }));
        assert_spine_loads(&input);
        assert_pass(&RULE, &input);
        assert_eq!(
            check(&RULE, &input).stats,
            [("separableColorTimelines".to_string(), "2".to_string())]
        );
    }

    #[test]
    fn two_timelines_keying_one_channel_fail() {
        let input = keyed(json!({
            "rgba": [{ "color": "ffffffff" }],
            "alpha": [{ "value": 0.5 }],
            "rgb": [{ "color": "ff0000" }]
        }));
        let slot_s = || Some(Subject::animation("a").on(Target::Slot("s".into())));
        fails_at(
            &input,
            &[
                ("animation \"a\" slot \"s\": \"rgba\" and \"rgb\" both key the light rgb colour — the runtime applies a slot's colour timelines in the order the file states them, so \"rgb\", which the file states last, overwrites \"rgba\" everywhere and those keys are read by nothing. Key each channel once: \"rgb\" and \"alpha\" on their own key times, or one \"rgba\"", slot_s()),
                ("animation \"a\" slot \"s\": \"rgba\" and \"alpha\" both key the light alpha colour — the runtime applies a slot's colour timelines in the order the file states them, so \"alpha\", which the file states last, overwrites \"rgba\" everywhere and those keys are read by nothing. Key each channel once: \"rgb\" and \"alpha\" on their own key times, or one \"rgba\"", slot_s()),
            ],
        );
        let input = mutant(|v| {
            v["slots"][0]["dark"] = json!("000000");
            v["animations"]["a"]["slots"]["s"] = json!({
                "rgb2": [{ "light": "ffffff", "dark": "000000" }],
                "rgba2": [{ "light": "ffffffff", "dark": "000000" }],
                "rgb": [{ "color": "ff0000" }]
            });
        });
        fails(
            &input,
            &["animation \"a\" slot \"s\": \"rgb2\", \"rgba2\" and \"rgb\" all key the light rgb colour — the runtime applies a slot's colour timelines in the order the file states them, so \"rgb\", which the file states last, overwrites \"rgb2\" and \"rgba2\" everywhere and those keys are read by nothing. Key each channel once: \"rgb\" and \"alpha\" on their own key times, or one \"rgba\""],
        );
        // Channels shared by timelines that are neither "rgb" nor "alpha"
        // ("rgba" and "rgb2" on the light rgb) are not this rule's finding:
        // only the alpha channel fails here.
        let input = mutant(|v| {
            v["slots"][0]["dark"] = json!("000000");
            v["animations"]["a"]["slots"]["s"] = json!({
                "rgba": [{ "color": "ffffff80" }],
                "rgb2": [{ "light": "ffffff", "dark": "000000" }],
                "alpha": [{ "time": 1, "value": 0.25 }]
            });
        });
        assert_eq!(check(&RULE, &input).failures.len(), 1);
    }

    #[test]
    fn an_rgb_key_the_runtime_clamps_fails() {
        // parseInt("-1", 16) is -1: the key states a red below 0, which the
        // runtime clamps to 0.
        let input =
            keyed(json!({ "rgb": [{ "color": "ff0000" }, { "time": 0.5, "color": "-1ff00" }] }));
        fails(&input, &["animation \"a\" slot \"s\" rgb (t=0.5): rgb posed (0.0000, 1.0000, 0.0000), the key states \"-1ff00\" = (-0.0039, 1.0000, 0.0000)"]);
    }

    #[test]
    fn an_alpha_key_the_runtime_clamps_or_overrides_fails() {
        let input = keyed(
            json!({ "alpha": [{ "value": 1.5 }, { "time": 0.1, "value": 0.1 }, { "time": 0.1, "value": 0.2 }] }),
        );
        let key = |k| {
            Some(
                Subject::animation("a")
                    .on(Target::Slot("s".into()))
                    .timeline("alpha")
                    .key(k),
            )
        };
        fails_at(
            &input,
            &[
                ("animation \"a\" slot \"s\" alpha (t=0): alpha posed 1, the key states value 1.5 — the runtime clamps a posed alpha to 0..1", key(0)),
                ("animation \"a\" slot \"s\" alpha (t=0.10000000149011612): alpha posed 0.20000000298023224, the key states value 0.1", key(1)),
            ],
        );
    }

    #[test]
    fn skips_without_a_separable_timeline() {
        assert_skips(&RULE, &fixture(), skip_reasons::NO_SEPARABLE);
        assert_skips(&RULE, &not_json(), crate::raw::NOT_JSON);
    }
}
