//! This module owns A43_TWO_COLOR_TINT_LOADS_AND_POSES_AS_WRITTEN (validity;
//! GATE.md §3, §4.17): a two-colour tint reads back as the file writes it.
//!
//! * **Setup.** Every slot that states a `dark` colour loads one, and it equals
//!   the stated hex within 1/510 per channel; the string is six hex digits (an
//!   eight-digit string's alpha pair is dropped, as the runtime drops it).
//! * **Keys.** Every `rgba2` / `rgb2` key, posed at its stored (float32) time on
//!   a fresh non-looping track from the setup pose, shows the stated light
//!   colour (four channels for `rgba2`, three for `rgb2`) and dark colour (three
//!   channels) within 1/510. The colours read are the slot's pose as the
//!   animation writes it (`slot.pose`), before any constraint runs; a slider
//!   keying the same slot is A40's question.
//! * A two-colour timeline on a slot with no setup `dark` fails (applying it
//!   throws in spine-core: there is no dark colour to write), and that
//!   animation is not posed further; nor is an animation whose posing throws.
//!
//! SKIPs with no slot stating a `dark` and no `rgba2`/`rgb2` timeline (the
//! shared `NO_DARK`), or when the round trip produced no skeleton. Stats:
//! `darkSlots`, `rgba2Timelines`, `rgb2Timelines`.

use crate::loaded::skeleton_or_skip;
use crate::posing::{applied_at, channels, key_times, loaded_timeline, threw, time};
use crate::raw::{items, json_or_undefined, quote, raw_or_skip, str_at};
use crate::tint::{agrees, color_timelines, stated, well_formed, HEX_TOLERANCE};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, Rule, RuleKind, Subject, Target};
use rigc_sdk::model::names::{field, SlotTimeline};
use rigc_sdk::spine::data::TimelineKind;
use serde_json::Value;
use std::collections::HashSet;

/// The two-colour timelines.
const TWO_COLOR: [SlotTimeline; 2] = [SlotTimeline::Rgba2, SlotTimeline::Rgb2];

/// A43_TWO_COLOR_TINT_LOADS_AND_POSES_AS_WRITTEN.
pub struct A43TwoColorTintLoadsAndPosesAsWritten;

impl Rule for A43TwoColorTintLoadsAndPosesAsWritten {
    fn code(&self) -> &'static str {
        "A43_TWO_COLOR_TINT_LOADS_AND_POSES_AS_WRITTEN"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(root) = raw_or_skip(facts, out) else {
            return;
        };
        let darks: Vec<(usize, &Value)> = items(root.get("slots"))
            .enumerate()
            .filter_map(|(i, s)| s.get("dark").filter(|d| !d.is_null()).map(|d| (i, d)))
            .collect();
        let timelines: Vec<_> = color_timelines(root)
            .into_iter()
            .filter(|t| TWO_COLOR.iter().any(|c| c.name() == t.name))
            .collect();
        if darks.is_empty() && timelines.is_empty() {
            out.skip(skip_reasons::NO_DARK);
            return;
        }
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        out.stat("darkSlots", darks.len());
        for name in TWO_COLOR.map(SlotTimeline::name) {
            let n = timelines.iter().filter(|t| t.name == name).count();
            out.stat(format!("{name}Timelines"), n);
        }

        for (i, dark) in darks {
            let name = data.slots.get(i).map_or("", |s| s.name.as_str());
            let Some(hex) = dark.as_str() else {
                continue;
            };
            let Some(loaded) = data.slots.get(i).and_then(|s| s.dark_color) else {
                out.fail_at(Subject::slot(name), format!(
                    "slot \"{name}\" states dark {} and the loaded skeleton holds no dark colour for it at all — the reader turns two-colour tint on only for a non-empty string, so the slot tints with one colour and every rgba2/rgb2 key on it throws",
                    quote(hex)
                ));
                continue;
            };
            let posed = [loaded.r, loaded.g, loaded.b];
            if !well_formed(hex) {
                out.fail_at(Subject::slot(name), format!(
                    "slot \"{name}\" states dark {}, which is not six hex digits — the runtime reads it pair by pair as {}; write the dark colour as RRGGBB",
                    quote(hex),
                    channels(&posed)
                ));
                continue;
            }
            let want = stated(hex, false);
            if !agrees(&posed, &want, HEX_TOLERANCE) {
                out.fail_at(
                    Subject::slot(name),
                    format!(
                        "slot \"{name}\" states dark {} and the runtime loaded {}, wanted {}",
                        quote(hex),
                        channels(&posed),
                        channels(&want)
                    ),
                );
            }
        }

        let mut dead: HashSet<&str> = HashSet::new();
        for t in timelines {
            let (Some(a), Some(s)) = (data.find_animation(t.animation), data.find_slot(t.slot))
            else {
                continue;
            };
            let head = format!(
                "animation \"{}\" slot \"{}\" {}",
                t.animation, t.slot, t.name
            );
            let timeline = Subject::animation(t.animation)
                .on(Target::Slot(t.slot.to_string()))
                .timeline(t.name);
            if data.slots.get(s).is_some_and(|d| d.dark_color.is_none()) {
                out.fail_at(timeline, format!(
                    "{head}: slot \"{}\" declares no setup \"dark\", so the runtime holds no dark colour for this timeline to write and applying it throws — every frame of animation \"{}\" stops there — give the slot a `dark`, or key \"{}\"",
                    t.slot,
                    t.animation,
                    if t.name == SlotTimeline::Rgba2.name() {
                        SlotTimeline::Rgba
                    } else {
                        SlotTimeline::Rgb
                    }
                ));
                dead.insert(t.animation);
                continue;
            }
            if dead.contains(t.animation) {
                continue;
            }
            let alpha = t.name == SlotTimeline::Rgba2.name();
            let Some(loaded) = loaded_timeline(data, a, |kind| match *kind {
                TimelineKind::Rgba2(x) => alpha && x == s,
                TimelineKind::Rgb2(x) => !alpha && x == s,
                _ => false,
            }) else {
                continue;
            };
            for (k, at) in key_times(loaded).into_iter().enumerate() {
                let key_head = format!("{head} (t={})", time(at));
                let key_subject = || timeline.clone().key(k);
                let sk = match applied_at(data, facts.plans(), a, at, None) {
                    Ok(sk) => sk,
                    Err(e) => {
                        out.fail_at(
                            key_subject(),
                            format!("{key_head}: {} while posing", threw(&e)),
                        );
                        dead.insert(t.animation);
                        break;
                    }
                };
                let Some(pose) = sk.slots.get(s).map(|x| &x.pose) else {
                    continue;
                };
                let c = pose.color;
                let light: Vec<f64> = if alpha {
                    vec![c.r, c.g, c.b, c.a]
                } else {
                    vec![c.r, c.g, c.b]
                };
                let dark = pose
                    .dark
                    .map_or([f64::NAN; 3], |d| [d.r, d.g, d.b])
                    .to_vec();
                let key = t.keys.get(k).copied();
                let (light_hex, dark_hex) = (
                    key.and_then(|k| str_at(k, field::LIGHT)),
                    key.and_then(|k| str_at(k, field::DARK)),
                );
                let (Some(light_hex), Some(dark_hex)) = (
                    light_hex.filter(|h| well_formed(h)),
                    dark_hex.filter(|h| well_formed(h)),
                ) else {
                    out.fail_at(key_subject(), format!(
                        "{key_head}: the key states light {} and dark {} — an {} key needs both, each six or eight hex digits — and the runtime poses light {} and dark {}",
                        json_or_undefined(key.and_then(|k| k.get(field::LIGHT))),
                        json_or_undefined(key.and_then(|k| k.get(field::DARK))),
                        t.name,
                        channels(&light),
                        channels(&dark)
                    ));
                    continue;
                };
                let want = stated(light_hex, alpha);
                if !agrees(&light, &want, HEX_TOLERANCE) {
                    out.fail_at(
                        key_subject(),
                        format!(
                            "{key_head}: light posed {}, the key states {} = {}",
                            channels(&light),
                            quote(light_hex),
                            channels(&want)
                        ),
                    );
                }
                let want = stated(dark_hex, false);
                if !agrees(&dark, &want, HEX_TOLERANCE) {
                    out.fail_at(
                        key_subject(),
                        format!(
                            "{key_head}: dark posed {}, the key states {} = {}",
                            channels(&dark),
                            quote(dark_hex),
                            channels(&want)
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
    use crate::testkit::*;
    use serde_json::json;

    const RULE: A43TwoColorTintLoadsAndPosesAsWritten = A43TwoColorTintLoadsAndPosesAsWritten;

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

    /// Timeline `timeline` of slot `slot` in animation "a".
    fn on_slot(slot: &str, timeline: &str) -> Subject {
        Subject::animation("a")
            .on(Target::Slot(slot.into()))
            .timeline(timeline)
    }

    /// The fixture with slot "s" tinted in two colours and keyed by `keys`.
    fn tinted(timeline: &str, keys: serde_json::Value) -> rigc_sdk::gate::GateInput {
        mutant(|v| {
            v["slots"][0]["dark"] = json!("202020");
            v["animations"]["a"]["slots"]["s"] = json!({ timeline: keys });
        })
    }

    #[test]
    fn passes_two_colour_keys_that_pose_as_written() {
        let input = tinted(
            "rgba2",
            json!([
                { "light": "ff000080", "dark": "#00ff00", "curve": [0.3, 1, 0.7, 0, 0.3, 0, 0.7, 1, 0.3, 0, 0.7, 0, 0.3, 0.5, 0.7, 1, 0.3, 0, 0.7, 1, 0.3, 1, 0.7, 0, 0.3, 0, 0.7, 0] },
                { "time": 0.1, "light": "0000ffff", "dark": "ffffff" }
            ]),
        );
        assert_spine_loads(&input);
        assert_pass(&RULE, &input);
        let input = tinted("rgb2", json!([{ "light": "102030", "dark": "405060" }]));
        assert_pass(&RULE, &input);
        let stats = check(&RULE, &input).stats;
        assert_eq!(
            stats,
            [
                ("darkSlots".to_string(), "1".to_string()),
                ("rgba2Timelines".to_string(), "0".to_string()),
                ("rgb2Timelines".to_string(), "1".to_string()),
            ]
        );
    }

    #[test]
    fn a_two_colour_timeline_on_a_slot_with_no_dark_fails() {
        let input = mutant(|v| {
            v["animations"]["a"]["slots"]["s"]["rgba2"] =
                json!([{ "light": "ff0000ff", "dark": "00ff00" }]);
            v["animations"]["a"]["slots"]["m"] =
                json!({ "rgb2": [{ "light": "ff0000", "dark": "00ff00" }] });
        });
        // Each timeline is named; the animation is not posed at all.
        fails_at(&input, &[
            ("animation \"a\" slot \"s\" rgba2: slot \"s\" declares no setup \"dark\", so the runtime holds no dark colour for this timeline to write and applying it throws — every frame of animation \"a\" stops there — give the slot a `dark`, or key \"rgba\"", Some(on_slot("s", "rgba2"))),
            ("animation \"a\" slot \"m\" rgb2: slot \"m\" declares no setup \"dark\", so the runtime holds no dark colour for this timeline to write and applying it throws — every frame of animation \"a\" stops there — give the slot a `dark`, or key \"rgb\"", Some(on_slot("m", "rgb2"))),
        ]);
    }

    #[test]
    fn a_setup_dark_that_does_not_load_as_written_fails() {
        let input = mutant(|v| {
            v["slots"][0]["dark"] = json!("");
            v["slots"][1]["dark"] = json!("zz0000");
            v["slots"][2]["dark"] = json!("#2020");
        });
        fails_at(
            &input,
            &[
                ("slot \"s\" states dark \"\" and the loaded skeleton holds no dark colour for it at all — the reader turns two-colour tint on only for a non-empty string, so the slot tints with one colour and every rgba2/rgb2 key on it throws", Some(Subject::slot("s"))),
                ("slot \"m\" states dark \"zz0000\", which is not six hex digits — the runtime reads it pair by pair as (NaN, 0.0000, 0.0000); write the dark colour as RRGGBB", Some(Subject::slot("m"))),
                ("slot \"box\" states dark \"#2020\", which is not six hex digits — the runtime reads it pair by pair as (0.1255, 0.1255, NaN); write the dark colour as RRGGBB", Some(Subject::slot("box"))),
            ],
        );
        // Eight digits: the alpha pair is dropped, as the runtime drops it.
        assert_pass(
            &RULE,
            &mutant(|v| v["slots"][0]["dark"] = json!("#20202000")),
        );
    }

    #[test]
    fn a_key_that_poses_another_colour_fails() {
        // Two keys at one time: the runtime poses the second, and the first
        // key's colours are read by nothing.
        let input = tinted(
            "rgba2",
            json!([
                { "time": 0.5, "light": "ff0000ff", "dark": "00ff00" },
                { "time": 0.5, "light": "ff000080", "dark": "0000ff" }
            ]),
        );
        // Both findings are about key 0, the one the runtime never shows.
        fails_at(
            &input,
            &[
                ("animation \"a\" slot \"s\" rgba2 (t=0.5): light posed (1.0000, 0.0000, 0.0000, 0.5020), the key states \"ff0000ff\" = (1.0000, 0.0000, 0.0000, 1.0000)", Some(on_slot("s", "rgba2").key(0))),
                ("animation \"a\" slot \"s\" rgba2 (t=0.5): dark posed (0.0000, 0.0000, 1.0000), the key states \"00ff00\" = (0.0000, 1.0000, 0.0000)", Some(on_slot("s", "rgba2").key(0))),
            ],
        );
    }

    #[test]
    fn a_key_that_is_not_two_hex_colours_fails() {
        let input = tinted("rgb2", json!([{ "light": "ff00", "dark": "00ff00" }]));
        fails(&input, &["animation \"a\" slot \"s\" rgb2 (t=0): the key states light \"ff00\" and dark \"00ff00\" — an rgb2 key needs both, each six or eight hex digits — and the runtime poses light (1.0000, 0.0000, NaN) and dark (0.0000, 1.0000, 0.0000)"]);
    }

    #[test]
    fn skips_without_a_two_colour_tint() {
        assert_skips(&RULE, &fixture(), skip_reasons::NO_DARK);
        assert_skips(&RULE, &not_json(), crate::raw::NOT_JSON);
        let input = mutant(|v| {
            v["slots"][0]["dark"] = json!("202020");
            v["slots"][0]["bone"] = json!("nobody");
        });
        assert_skips(&RULE, &input, skip_reasons::NO_SKELETON);
    }
}
