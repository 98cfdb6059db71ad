//! This module owns A12_NO_DARK_COLOR (renderer; GATE.md §3): no slot declares a
//! setup `dark` colour and no animation keys a two-colour (`rgba2` / `rgb2`) slot
//! timeline, because rigc's renderer (spine-html) draws one tint and ignores the
//! second in silence.
//!
//! A `dark` counts when the runtime would read one: a value JavaScript holds true
//! (`null` and `""` load no dark colour). A NO_ rule: PASSes on zero occurrences.

use crate::raw::{animations, items, members, raw_or_skip, str_at, truthy};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject, Target};
use rigc_sdk::model::names::SlotTimeline;

/// A12_NO_DARK_COLOR.
pub struct A12NoDarkColor;

impl Rule for A12NoDarkColor {
    fn code(&self) -> &'static str {
        "A12_NO_DARK_COLOR"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Renderer
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(root) = raw_or_skip(facts, out) else {
            return;
        };
        for (i, slot) in items(root.get("slots")).enumerate() {
            if truthy(slot.get("dark")) {
                let named = str_at(slot, "name");
                let name = named.map_or_else(|| format!("slots[{i}]"), str::to_owned);
                let detail =
                    format!("slot \"{name}\" declares a dark colour; the renderer ignores it");
                // A nameless slot has no name a subject could give.
                match named {
                    Some(n) => out.fail_at(Subject::slot(n), detail),
                    None => out.fail(detail),
                }
            }
        }
        for (anim, map) in animations(root) {
            for (slot, timelines) in members(map.get("slots")) {
                for (tl, _) in members(Some(timelines)).filter(|(tl, _)| {
                    matches!(
                        SlotTimeline::from_name(tl),
                        Some(SlotTimeline::Rgba2 | SlotTimeline::Rgb2)
                    )
                }) {
                    out.fail_at(
                        Subject::animation(anim)
                            .on(Target::Slot(slot.into()))
                            .timeline(tl),
                        format!(
                            "{anim}.slots.{slot}.{tl}: two-colour timeline \"{tl}\" is silently ignored by the renderer"
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
    use serde_json::json;

    const RULE: A12NoDarkColor = A12NoDarkColor;

    #[test]
    fn passes_on_the_fixture_and_on_an_empty_dark() {
        assert_pass(&RULE, &fixture());
        assert_pass(&RULE, &mutant(|v| v["slots"][0]["dark"] = json!(null)));
    }

    #[test]
    fn fails_on_a_setup_dark_colour() {
        let input = mutant(|v| v["slots"][1]["dark"] = json!("202020"));
        assert_fails_at(
            &RULE,
            &input,
            &[(
                "slot \"m\" declares a dark colour; the renderer ignores it",
                Some(Subject::slot("m")),
            )],
        );
    }

    #[test]
    fn fails_on_each_two_colour_timeline() {
        let input = mutant(|v| {
            v["animations"]["a"]["slots"]["s"]["rgba2"] =
                json!([{ "light": "ffffffff", "dark": "000000" }]);
            v["animations"]["knob"]["slots"] = json!({ "m": { "rgb2": [] } });
        });
        assert_fails_at(
            &RULE,
            &input,
            &[
                (
                    "a.slots.s.rgba2: two-colour timeline \"rgba2\" is silently ignored by the renderer",
                    Some(
                        Subject::animation("a")
                            .on(Target::Slot("s".into()))
                            .timeline("rgba2"),
                    ),
                ),
                (
                    "knob.slots.m.rgb2: two-colour timeline \"rgb2\" is silently ignored by the renderer",
                    Some(
                        Subject::animation("knob")
                            .on(Target::Slot("m".into()))
                            .timeline("rgb2"),
                    ),
                ),
            ],
        );
    }

    #[test]
    fn skips_when_the_text_is_not_json() {
        assert_skips(&RULE, &not_json(), NOT_JSON);
    }
}
