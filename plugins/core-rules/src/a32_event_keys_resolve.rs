//! This module owns A32_EVENT_KEYS_RESOLVE (validity; GATE.md §3): every raw event
//! key of every animation names its event with a string, the event is declared in
//! the skeleton's `events`, its `time` (default 0) is a finite number, times never
//! go backwards, and a key sets `volume` or `balance` only on an event that
//! declares an `audio` path — the parser reads those fields only for such an event
//! (SPINE43.md §7), so anywhere else they are dropped in silence.
//!
//! The four "kept" clauses' exact texts were not captured (GATE.md §6); theirs
//! here name the key, the value found and what is required. SKIPs when the text is
//! not JSON, when there is no animation, and when no animation carries an `events`
//! timeline. Key indices count from 0.

use crate::raw::{animated_or_skip, animations, json, json_or_undefined, members, num, truthy};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, Rule, RuleKind, Subject};
use rigc_sdk::model::names::AnimationGroup;
use serde_json::Value;
use std::collections::HashMap;

/// The SKIP reason when no animation carries an `events` timeline.
pub(crate) const NO_EVENT_TIMELINE: &str = "no animation carries an events timeline";

/// A32_EVENT_KEYS_RESOLVE.
pub struct A32EventKeysResolve;

impl Rule for A32EventKeysResolve {
    fn code(&self) -> &'static str {
        "A32_EVENT_KEYS_RESOLVE"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(root) = animated_or_skip(facts, out, skip_reasons::NO_ANIMATION) else {
            return;
        };
        // Declared event → does it carry an audio path? (`findEvent` takes the key.)
        let declared: HashMap<&str, bool> = members(root.get("events"))
            .map(|(name, e)| (name, truthy(e.get("audio"))))
            .collect();
        let mut timelines = 0usize;
        for (anim, map) in animations(root) {
            let Some(keys) = map
                .get(AnimationGroup::Events.name())
                .and_then(Value::as_array)
            else {
                continue;
            };
            timelines += 1;
            let mut previous: Option<f64> = None;
            for (i, key) in keys.iter().enumerate() {
                let at = format!("animation \"{anim}\" event key {i}");
                let subject = Subject::animation(anim)
                    .timeline(AnimationGroup::Events.name())
                    .key(i);
                check_time(out, &at, &subject, key, &mut previous);
                let Some(name) = key.get("name").and_then(Value::as_str) else {
                    out.fail_at(
                        subject.clone(),
                        format!(
                            "{at}: the event name is {}, and a key names its event with a string",
                            json_or_undefined(key.get("name"))
                        ),
                    );
                    continue;
                };
                let Some(&has_audio) = declared.get(name) else {
                    out.fail_at(subject.clone(), format!(
                        "{at}: event \"{name}\" is not declared in the skeleton's \"events\"; the parser throws `Event not found`"
                    ));
                    continue;
                };
                if has_audio {
                    continue;
                }
                for field in ["volume", "balance"] {
                    if key.get(field).is_some() {
                        out.fail_at(subject.clone(), format!(
                            "{at}: \"{name}\" sets {field}, but the event declares no audio path — the parser reads {field} only for an event that has one, so it is dropped in silence"
                        ));
                    }
                }
            }
        }
        if timelines == 0 {
            out.skip(NO_EVENT_TIMELINE);
        }
    }
}

/// The time clauses: finite when present (absent reads 0), and not before the
/// previous finite time.
fn check_time(
    out: &mut Outcome,
    at: &str,
    subject: &Subject,
    key: &Value,
    previous: &mut Option<f64>,
) {
    let time = match key.get("time") {
        None => 0.0,
        Some(t) => match t.as_f64().filter(|t| t.is_finite()) {
            Some(t) => t,
            None => {
                out.fail_at(
                    subject.clone(),
                    format!(
                        "{at}: time is {}, and a key's time is a finite number of seconds",
                        json(t)
                    ),
                );
                return;
            }
        },
    };
    if let Some(p) = previous.filter(|p| time < *p) {
        out.fail_at(subject.clone(), format!(
            "{at}: time {} comes before the previous key's {}; event keys are read in file order and must not go back in time",
            num(time),
            num(p)
        ));
    }
    *previous = Some(time);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::NOT_JSON;
    use crate::testkit::*;
    use serde_json::json;

    const RULE: A32EventKeysResolve = A32EventKeysResolve;

    fn events(keys: serde_json::Value) -> rigc_sdk::gate::GateInput {
        mutant(|v| v["animations"]["a"]["events"] = keys)
    }

    #[test]
    fn passes_on_the_fixture() {
        // "snd" declares audio, so its key may set volume.
        assert_pass(&RULE, &fixture());
        assert_pass(&RULE, &events(json!([{ "name": "e" }, { "name": "e" }])));
    }

    #[test]
    fn fails_on_a_name_that_is_not_a_string() {
        let input = events(json!([{ "time": 0 }, { "name": 3 }]));
        let key = |k| Some(Subject::animation("a").timeline("events").key(k));
        assert_fails_at(
            &RULE,
            &input,
            &[
                ("animation \"a\" event key 0: the event name is undefined, and a key names its event with a string", key(0)),
                ("animation \"a\" event key 1: the event name is 3, and a key names its event with a string", key(1)),
            ],
        );
    }

    #[test]
    fn fails_on_an_undeclared_event() {
        let input = events(json!([{ "name": "boom" }]));
        assert_fails(
            &RULE,
            &input,
            &["animation \"a\" event key 0: event \"boom\" is not declared in the skeleton's \"events\"; the parser throws `Event not found`"],
        );
    }

    #[test]
    fn fails_on_a_time_that_is_not_a_finite_number() {
        let input = events(json!([{ "name": "e", "time": "0.5" }]));
        assert_fails(
            &RULE,
            &input,
            &["animation \"a\" event key 0: time is \"0.5\", and a key's time is a finite number of seconds"],
        );
    }

    #[test]
    fn fails_on_a_time_going_backwards() {
        let input = events(json!([{ "name": "e", "time": 0.5 }, { "name": "e", "time": 0.25 }]));
        assert_fails_at(
            &RULE,
            &input,
            &[("animation \"a\" event key 1: time 0.25 comes before the previous key's 0.5; event keys are read in file order and must not go back in time", Some(Subject::animation("a").timeline("events").key(1)))],
        );
    }

    #[test]
    fn fails_on_volume_or_balance_without_audio() {
        let input = events(json!([{ "name": "e", "volume": 0.5, "balance": -1 }]));
        assert_fails(
            &RULE,
            &input,
            &[
                "animation \"a\" event key 0: \"e\" sets volume, but the event declares no audio path — the parser reads volume only for an event that has one, so it is dropped in silence",
                "animation \"a\" event key 0: \"e\" sets balance, but the event declares no audio path — the parser reads balance only for an event that has one, so it is dropped in silence",
            ],
        );
    }

    #[test]
    fn skips_with_no_event_timeline() {
        assert_skips(&RULE, &not_json(), NOT_JSON);
        assert_skips(
            &RULE,
            &mutant(|v| v["animations"] = json!({})),
            skip_reasons::NO_ANIMATION,
        );
        let input = mutant(|v| {
            if let Some(a) = v["animations"]["a"].as_object_mut() {
                a.remove("events");
            }
        });
        assert_skips(&RULE, &input, NO_EVENT_TIMELINE);
    }
}
