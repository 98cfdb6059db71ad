//! This module owns A31_DRAW_ORDER_OFFSETS_RESOLVE (validity; GATE.md §3): every
//! `animations.*.drawOrder[k].offsets` entry is `{ slot: string, offset: number }`,
//! names a slot of the skeleton, comes in strictly ascending slot order within its
//! key, and moves the slot by a whole number of places to an index inside the slot
//! array. Out-of-order offsets make spine-core's `readDrawOrder` loop forever
//! (SPINE43.md §8.10), so this rule runs before the round trip, which is then
//! refused by name instead of attempted.
//!
//! A key without `offsets` restores the setup order and is fine. SKIPs when the text
//! is not JSON, when the skeleton has no animation or no slot, and when no
//! animation carries a `drawOrder` timeline. Key indices count from 0.

use crate::raw::{animated_or_skip, animations, items, json, num, str_at};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, Rule, RuleKind, Subject};
use rigc_sdk::model::names::AnimationGroup;
use serde_json::Value;

/// The SKIP reason when no animation carries a `drawOrder` timeline.
pub(crate) const NO_DRAW_ORDER: &str = "no animation carries a drawOrder timeline";
/// The SKIP reason when the skeleton declares no slot.
pub(crate) const NO_SLOT: &str =
    "the skeleton declares no slot, so no draw-order offset can resolve";

/// A31_DRAW_ORDER_OFFSETS_RESOLVE.
pub struct A31DrawOrderOffsetsResolve;

impl Rule for A31DrawOrderOffsetsResolve {
    fn code(&self) -> &'static str {
        "A31_DRAW_ORDER_OFFSETS_RESOLVE"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(root) = animated_or_skip(facts, out, skip_reasons::NO_ANIMATION) else {
            return;
        };
        // Slot names in array order; `findSlot` takes the first of a name.
        let slots: Vec<Option<&str>> = items(root.get("slots"))
            .map(|s| str_at(s, "name"))
            .collect();
        if slots.is_empty() {
            out.skip(NO_SLOT);
            return;
        }
        let mut timelines = 0usize;
        for (anim, map) in animations(root) {
            let Some(keys) = map
                .get(AnimationGroup::DrawOrder.name())
                .and_then(Value::as_array)
            else {
                continue;
            };
            timelines += 1;
            for (k, key) in keys.iter().enumerate() {
                let at = format!("animation \"{anim}\" drawOrder key {k}");
                let subject = Subject::animation(anim)
                    .timeline(AnimationGroup::DrawOrder.name())
                    .key(k);
                check_key(out, &at, &subject, key, &slots);
            }
        }
        if timelines == 0 {
            out.skip(NO_DRAW_ORDER);
        }
    }
}

/// Checks drawOrder key `subject` (`at` in words).
fn check_key(out: &mut Outcome, at: &str, subject: &Subject, key: &Value, slots: &[Option<&str>]) {
    let mut fail = |detail: String| out.fail_at(subject.clone(), detail);
    let offsets = match key.get("offsets") {
        None | Some(Value::Null) => return,
        Some(Value::Array(offsets)) => offsets,
        Some(other) => {
            fail(format!(
                "{at}: \"offsets\" is {}, not an array of {{ slot, offset }}",
                json(other)
            ));
            return;
        }
    };
    let n = slots.len();
    let mut previous: Option<usize> = None;
    for entry in offsets {
        let (Some(slot), Some(offset)) = (
            str_at(entry, "slot"),
            entry.get("offset").and_then(Value::as_f64),
        ) else {
            fail(format!(
                "{at}: an offset is not {{ slot: string, offset: number }}"
            ));
            continue;
        };
        let Some(index) = slots.iter().position(|s| *s == Some(slot)) else {
            fail(format!("{at}: slot \"{slot}\" is not in the skeleton"));
            continue;
        };
        if let Some(p) = previous.filter(|p| index <= *p) {
            fail(format!(
                "{at}: slot \"{slot}\" is at index {index}, after an entry at index {p} — offsets must be in ascending slot order or the loader never finishes reading them"
            ));
        }
        previous = Some(index);
        if offset.fract() != 0.0 {
            fail(format!(
                "{at}: slot \"{slot}\" has offset {}, and an offset moves a slot by a whole number of places",
                num(offset)
            ));
            continue;
        }
        let lands = index as f64 + offset;
        if lands < 0.0 || lands >= n as f64 {
            fail(format!(
                "{at}: slot \"{slot}\" is at index {index} and offset {} puts it at {}, outside the {n} slots",
                num(offset),
                num(lands)
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::NOT_JSON;
    use crate::testkit::*;
    use serde_json::json;

    const RULE: A31DrawOrderOffsetsResolve = A31DrawOrderOffsetsResolve;

    fn offsets(offsets: serde_json::Value) -> rigc_sdk::gate::GateInput {
        mutant(|v| {
            v["animations"]["a"]["drawOrder"] =
                json!([{ "time": 0 }, { "time": 0.5, "offsets": offsets }])
        })
    }

    #[test]
    fn passes_on_the_fixture_and_on_a_restoring_key() {
        assert_pass(&RULE, &fixture());
        assert_pass(&RULE, &offsets(json!([])));
    }

    #[test]
    fn fails_on_an_entry_of_the_wrong_shape() {
        let input = offsets(json!([{ "slot": "s" }, { "slot": 1, "offset": 1 }, "m"]));
        let detail =
            "animation \"a\" drawOrder key 1: an offset is not { slot: string, offset: number }";
        let key = || Some(Subject::animation("a").timeline("drawOrder").key(1));
        assert_fails_at(
            &RULE,
            &input,
            &[(detail, key()), (detail, key()), (detail, key())],
        );
        let input = offsets(json!({ "slot": "s", "offset": 1 }));
        assert_fails(
            &RULE,
            &input,
            &["animation \"a\" drawOrder key 1: \"offsets\" is {\"slot\":\"s\",\"offset\":1}, not an array of { slot, offset }"],
        );
    }

    #[test]
    fn fails_on_an_unknown_slot() {
        let input = offsets(json!([{ "slot": "glow", "offset": 1 }]));
        assert_fails(
            &RULE,
            &input,
            &["animation \"a\" drawOrder key 1: slot \"glow\" is not in the skeleton"],
        );
    }

    #[test]
    fn fails_on_offsets_out_of_slot_order_or_repeated() {
        let input = offsets(json!([{ "slot": "box", "offset": -1 }, { "slot": "s", "offset": 1 }]));
        assert_fails(
            &RULE,
            &input,
            &["animation \"a\" drawOrder key 1: slot \"s\" is at index 0, after an entry at index 2 — offsets must be in ascending slot order or the loader never finishes reading them"],
        );
        let input = offsets(json!([{ "slot": "m", "offset": 1 }, { "slot": "m", "offset": -1 }]));
        assert_fails(
            &RULE,
            &input,
            &["animation \"a\" drawOrder key 1: slot \"m\" is at index 1, after an entry at index 1 — offsets must be in ascending slot order or the loader never finishes reading them"],
        );
    }

    #[test]
    fn fails_on_an_offset_that_lands_outside_the_slots() {
        let input = offsets(json!([{ "slot": "s", "offset": -1 }, { "slot": "box", "offset": 1 }]));
        let key = || Some(Subject::animation("a").timeline("drawOrder").key(1));
        assert_fails_at(
            &RULE,
            &input,
            &[
                ("animation \"a\" drawOrder key 1: slot \"s\" is at index 0 and offset -1 puts it at -1, outside the 3 slots", key()),
                ("animation \"a\" drawOrder key 1: slot \"box\" is at index 2 and offset 1 puts it at 3, outside the 3 slots", key()),
            ],
        );
    }

    #[test]
    fn fails_on_a_fractional_offset() {
        let input = offsets(json!([{ "slot": "m", "offset": 0.5 }]));
        assert_fails(
            &RULE,
            &input,
            &["animation \"a\" drawOrder key 1: slot \"m\" has offset 0.5, and an offset moves a slot by a whole number of places"],
        );
    }

    #[test]
    fn skips_with_nothing_to_resolve() {
        assert_skips(&RULE, &not_json(), NOT_JSON);
        assert_skips(
            &RULE,
            &mutant(|v| v["animations"] = json!({})),
            skip_reasons::NO_ANIMATION,
        );
        assert_skips(&RULE, &mutant(|v| v["slots"] = json!([])), NO_SLOT);
        let input = mutant(|v| {
            if let Some(a) = v["animations"]["a"].as_object_mut() {
                a.remove("drawOrder");
            }
        });
        assert_skips(&RULE, &input, NO_DRAW_ORDER);
    }
}
