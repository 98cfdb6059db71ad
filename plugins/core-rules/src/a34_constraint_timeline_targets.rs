//! This module owns A34_CONSTRAINT_TIMELINE_TARGETS (validity; GATE.md §3, §4.9):
//! every entry of an animation's `ik`, `transform`, `path`, `physics` and `slider`
//! groups names a constraint **of that type** (names are unique per type, not
//! globally), has the group's shape (`ik`/`transform` map a constraint straight to
//! a key array; the others map it to named timelines), and holds at least one
//! timeline whose key array is non-empty. A physics group that names no constraint
//! (`""`) writes every physics constraint declaring `"<timeline>Global": true` (all
//! of them for `reset`), and must reach at least one.
//!
//! A group that is an array is walked as JavaScript's `for…in` walks it, by index
//! names. SKIPs when the text is not JSON, with no animation, and when no animation
//! has a constraint timeline.

use crate::raw::{
    animated_or_skip, animations, items, members, quote_plain, quoted_list, shape, str_at, truthy,
};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, Rule, RuleKind, Subject, Target};
use rigc_sdk::model::names::{PathTimeline, PhysicsTimeline, SliderTimeline};
use serde_json::Value;

/// The SKIP reason when no animation has a constraint timeline.
pub(crate) const NO_CONSTRAINT_TIMELINE: &str =
    "no animation keys a constraint timeline (ik, transform, path, physics or slider)";

/// The groups, each with the timeline names it maps a constraint to (`None`: the
/// constraint maps straight to one key array).
const GROUPS: [(&str, Option<&[&str]>); 5] = [
    ("ik", None),
    ("transform", None),
    ("path", Some(PathTimeline::NAMES)),
    ("physics", Some(PhysicsTimeline::NAMES)),
    ("slider", Some(SliderTimeline::NAMES)),
];

const KEYS_SKIPPED: &str =
    "the parser reads key 0, finds nothing and skips the whole timeline without a word";

/// A34_CONSTRAINT_TIMELINE_TARGETS.
pub struct A34ConstraintTimelineTargets;

impl Rule for A34ConstraintTimelineTargets {
    fn code(&self) -> &'static str {
        "A34_CONSTRAINT_TIMELINE_TARGETS"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(root) = animated_or_skip(facts, out, skip_reasons::NO_ANIMATION) else {
            return;
        };
        let constraints: Vec<(&str, &str, &Value)> = items(root.get("constraints"))
            .filter_map(|c| Some((str_at(c, "name")?, str_at(c, "type")?, c)))
            .filter(|(_, kind, _)| GROUPS.iter().any(|(g, _)| g == kind))
            .collect();
        let mut measured = 0usize;
        for (anim, map) in animations(root) {
            for (group, named) in GROUPS {
                for (name, value) in entries(map.get(group)) {
                    measured += 1;
                    let at = format!("animation \"{anim}\" {group} timeline \"{name}\"");
                    let subject = Subject::animation(anim).on(Target::Constraint {
                        kind: group.to_string(),
                        name: name.clone(),
                    });
                    if let (Some(names), Value::Array(_)) = (named, value) {
                        out.fail_at(subject, format!(
                            "{at}: this group maps a constraint to NAMED timelines ({}), and this one holds {} — a bare key array here is the ik/transform shape and is walked as an object",
                            names.join(", "),
                            shape(value)
                        ));
                        continue;
                    }
                    if group == "physics" && name.is_empty() {
                        global_reach(out, &at, &subject, value, &constraints);
                    } else if !resolves(out, &at, &subject, group, &name, &constraints) {
                        continue;
                    }
                    if named.is_some() {
                        named_keys(out, &at, &subject, value);
                    } else if !non_empty_array(value) {
                        out.fail_at(
                            subject,
                            format!("{at}: the key array is {}; {KEYS_SKIPPED}", spelled(value)),
                        );
                    }
                }
            }
        }
        if measured == 0 {
            out.skip(NO_CONSTRAINT_TIMELINE);
        }
    }
}

/// A group's entries: an object's members, or an array's elements under their
/// index names (`for…in`).
fn entries(group: Option<&Value>) -> Vec<(String, &Value)> {
    match group {
        Some(Value::Object(o)) => o.iter().map(|(k, v)| (k.clone(), v)).collect(),
        Some(Value::Array(a)) => a
            .iter()
            .enumerate()
            .map(|(i, v)| (i.to_string(), v))
            .collect(),
        _ => Vec::new(),
    }
}

/// Does `name` name a constraint of type `group`? FAILs (and answers no) when the
/// name is unknown or declared under other types only.
fn resolves(
    out: &mut Outcome,
    at: &str,
    subject: &Subject,
    group: &str,
    name: &str,
    constraints: &[(&str, &str, &Value)],
) -> bool {
    let kinds: Vec<&str> = constraints
        .iter()
        .filter(|(n, _, _)| *n == name)
        .map(|(_, k, _)| *k)
        .collect();
    if kinds.contains(&group) {
        return true;
    }
    if kinds.is_empty() {
        let of_group: Vec<&str> = constraints
            .iter()
            .filter(|(_, k, _)| *k == group)
            .map(|(n, _, _)| *n)
            .collect();
        let known = if of_group.is_empty() {
            format!(", and no {group} constraint at all")
        } else {
            format!(" ({group} constraints: {})", quoted_list(of_group))
        };
        out.fail_at(
            subject.clone(),
            format!("{at}: the skeleton's constraints array has no \"{name}\"{known}"),
        );
    } else {
        let mut declared: Vec<&str> = Vec::new();
        for k in kinds {
            if !declared.contains(&k) {
                declared.push(k);
            }
        }
        let declared = declared
            .into_iter()
            .map(quote_plain)
            .collect::<Vec<_>>()
            .join("/");
        out.fail_at(subject.clone(), format!(
            "{at}: \"{name}\" is declared as a {declared} constraint, so the {group} lookup misses it and the loader throws"
        ));
    }
    false
}

/// A physics group naming no constraint: each of its timelines must reach one.
fn global_reach(
    out: &mut Outcome,
    at: &str,
    subject: &Subject,
    value: &Value,
    constraints: &[(&str, &str, &Value)],
) {
    let physics: Vec<(&str, &Value)> = constraints
        .iter()
        .filter(|(_, k, _)| *k == "physics")
        .map(|(n, _, c)| (*n, *c))
        .collect();
    for (tl, _) in members(Some(value)) {
        let flag = format!("{tl}Global");
        if physics
            .iter()
            .any(|(_, c)| tl == PhysicsTimeline::Reset.name() || truthy(c.get(&flag)))
        {
            continue;
        }
        let none = if physics.is_empty() {
            "and the skeleton declares no physics constraint".to_string()
        } else {
            format!(
                "and none of {} does",
                quoted_list(physics.iter().map(|(n, _)| *n))
            )
        };
        out.fail_at(subject.clone().timeline(tl), format!(
            "{at} timeline \"{tl}\": a physics group that names no constraint writes every physics constraint declaring \"{flag}\": true, {none}, so the timeline writes nothing"
        ));
    }
}

/// The keys of a constraint mapped to named timelines.
fn named_keys(out: &mut Outcome, at: &str, subject: &Subject, value: &Value) {
    let mut timelines = members(Some(value)).peekable();
    if timelines.peek().is_none() {
        out.fail_at(subject.clone(), format!(
            "{at}: the constraint is named and carries no timeline at all; the group is walked and nothing happens"
        ));
        return;
    }
    for (tl, keys) in timelines {
        if !non_empty_array(keys) {
            out.fail_at(
                subject.clone().timeline(tl),
                format!(
                    "{at} timeline \"{tl}\": the key array is {}; {KEYS_SKIPPED}",
                    spelled(keys)
                ),
            );
        }
    }
}

fn non_empty_array(v: &Value) -> bool {
    v.as_array().is_some_and(|a| !a.is_empty())
}

/// `empty`, or what stands where a key array should.
fn spelled(v: &Value) -> String {
    match v {
        Value::Array(_) => "empty".into(),
        other => shape(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::NOT_JSON;
    use crate::testkit::*;
    use rigc_sdk::gate::GateInput;
    use serde_json::json;

    const RULE: A34ConstraintTimelineTargets = A34ConstraintTimelineTargets;

    fn group(group: &str, value: Value) -> GateInput {
        mutant(|v| v["animations"]["a"][group] = value)
    }

    /// Constraint `name`'s entry in group `kind` of animation "a".
    fn on(kind: &str, name: &str) -> Subject {
        Subject::animation("a").on(Target::Constraint {
            kind: kind.into(),
            name: name.into(),
        })
    }

    #[test]
    fn passes_on_the_fixture() {
        // ik "k", physics "p", the global physics form reaching "p" (mixGlobal), slider "sl".
        assert_pass(&RULE, &fixture());
    }

    #[test]
    fn fails_on_an_unknown_name() {
        assert_fails_at(
            &RULE,
            &group("ik", json!({ "kk": [{ "mix": 1 }] })),
            &[("animation \"a\" ik timeline \"kk\": the skeleton's constraints array has no \"kk\" (ik constraints: \"k\")", Some(on("ik", "kk")))],
        );
        assert_fails(
            &RULE,
            &group("transform", json!({ "tc": [{}] })),
            &["animation \"a\" transform timeline \"tc\": the skeleton's constraints array has no \"tc\", and no transform constraint at all"],
        );
    }

    #[test]
    fn fails_on_a_name_of_another_type() {
        assert_fails(
            &RULE,
            &group("transform", json!({ "k": [{}] })),
            &["animation \"a\" transform timeline \"k\": \"k\" is declared as a \"ik\" constraint, so the transform lookup misses it and the loader throws"],
        );
        let input = mutant(|v| {
            if let Some(c) = v["constraints"].as_array_mut() {
                c.push(json!({ "type": "slider", "name": "p", "animation": "knob" }));
            }
            v["animations"]["a"]["path"] = json!({ "p": { "mix": [{}] } });
        });
        assert_fails(
            &RULE,
            &input,
            &["animation \"a\" path timeline \"p\": \"p\" is declared as a \"physics\"/\"slider\" constraint, so the path lookup misses it and the loader throws"],
        );
    }

    #[test]
    fn fails_on_a_bare_key_array_in_a_named_group() {
        assert_fails(
            &RULE,
            &group("slider", json!({ "sl": [{ "value": 1 }] })),
            &["animation \"a\" slider timeline \"sl\": this group maps a constraint to NAMED timelines (time, mix), and this one holds an array of 1 key(s) — a bare key array here is the ik/transform shape and is walked as an object"],
        );
    }

    #[test]
    fn fails_on_a_global_physics_timeline_that_reaches_nothing() {
        assert_fails_at(
            &RULE,
            &group("physics", json!({ "": { "wind": [{ "value": 1 }], "reset": [{}] } })),
            &[("animation \"a\" physics timeline \"\" timeline \"wind\": a physics group that names no constraint writes every physics constraint declaring \"windGlobal\": true, and none of \"p\" does, so the timeline writes nothing", Some(on("physics", "").timeline("wind")))],
        );
    }

    #[test]
    fn fails_on_a_constraint_with_no_timeline() {
        assert_fails(
            &RULE,
            &group("slider", json!({ "sl": {} })),
            &["animation \"a\" slider timeline \"sl\": the constraint is named and carries no timeline at all; the group is walked and nothing happens"],
        );
    }

    #[test]
    fn fails_on_an_empty_or_missing_key_array() {
        assert_fails(
            &RULE,
            &group("ik", json!({ "k": [] })),
            &["animation \"a\" ik timeline \"k\": the key array is empty; the parser reads key 0, finds nothing and skips the whole timeline without a word"],
        );
        assert_fails_at(
            &RULE,
            &group("physics", json!({ "p": { "mix": [{}], "wind": {} } })),
            &[("animation \"a\" physics timeline \"p\" timeline \"wind\": the key array is an object; the parser reads key 0, finds nothing and skips the whole timeline without a word", Some(on("physics", "p").timeline("wind")))],
        );
    }

    #[test]
    fn an_array_group_is_walked_by_index_names() {
        assert_fails(
            &RULE,
            &group("ik", json!([[{}]])),
            &["animation \"a\" ik timeline \"0\": the skeleton's constraints array has no \"0\" (ik constraints: \"k\")"],
        );
    }

    #[test]
    fn skips_with_no_constraint_timeline() {
        assert_skips(&RULE, &not_json(), NOT_JSON);
        assert_skips(
            &RULE,
            &mutant(|v| v["animations"] = json!({})),
            skip_reasons::NO_ANIMATION,
        );
        let input = mutant(|v| {
            if let Some(a) = v["animations"]["a"].as_object_mut() {
                for g in ["ik", "physics", "slider"] {
                    a.remove(g);
                }
            }
        });
        assert_skips(&RULE, &input, NO_CONSTRAINT_TIMELINE);
    }
}
