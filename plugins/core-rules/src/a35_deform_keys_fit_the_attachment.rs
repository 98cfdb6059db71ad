//! This module owns A35_DEFORM_KEYS_FIT_THE_ATTACHMENT (validity; GATE.md §3,
//! §4.10): every deform timeline (`animations.<a>.attachments.<skin>.<slot>.<att>.deform`)
//! keys an attachment the raw `skins` hold, its key array is not empty, and each
//! key's run `offset .. offset + vertices.length` fits the attachment's deform
//! array, with every number finite. Past the end, the runtime copies the run into a
//! Float32Array and drops the rest without a word.
//!
//! The deform-array length is measured on the RAW attachment: a mesh's `uvs`
//! length, or `vertexCount × 2` for a bounding box, clipping polygon or path (a
//! missing `vertexCount` reads 0); equal to `vertices.length` when unweighted,
//! else 2 × the influences of the weighted runs. A linked mesh with
//! `"timelines": false` keys its own deform over its source mesh's array, so it
//! is measured on that source (`skin`/`slot`/`source`). Other types (a linked
//! mesh that plays its source's timelines, a region) state no length and leave
//! the timeline unmeasured. There is
//! deliberately no parity check (issue #262). Runs before the round trip.

use crate::raw::{animated_or_skip, animations, items, json, members, num, shape, str_at};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject, Target};
use rigc_sdk::model::names::{field, AttachmentTimeline};
use serde_json::Value;

/// SKIP: no animation.
pub(crate) const NO_ANIMATIONS: &str = "the skeleton declares no animations";
/// SKIP: no deform timeline.
pub(crate) const NO_DEFORM: &str = "no animation carries a deform timeline";
/// SKIP: every deform timeline is unmeasured.
pub(crate) const ALL_UNMEASURED: &str =
    "every deform timeline here keys an attachment whose vertex count the raw file does not state (a linked mesh that plays its source's timelines)";

/// A35_DEFORM_KEYS_FIT_THE_ATTACHMENT.
pub struct A35DeformKeysFitTheAttachment;

impl Rule for A35DeformKeysFitTheAttachment {
    fn code(&self) -> &'static str {
        "A35_DEFORM_KEYS_FIT_THE_ATTACHMENT"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(root) = animated_or_skip(facts, out, NO_ANIMATIONS) else {
            return;
        };
        let (mut timelines, mut unmeasured) = (0usize, 0usize);
        for (anim, map) in animations(root) {
            for (skin, slots) in members(map.get("attachments")) {
                for (slot, atts) in members(Some(slots)) {
                    for (att, tls) in members(Some(atts)) {
                        let Some(keys) = tls.get(AttachmentTimeline::Deform.name()) else {
                            continue;
                        };
                        timelines += 1;
                        let at = format!("animation \"{anim}\" deform {skin}/{slot}/{att}");
                        let timeline = Subject::animation(anim)
                            .on(Target::Attachment {
                                skin: skin.to_string(),
                                slot: slot.to_string(),
                                name: att.to_string(),
                            })
                            .timeline(AttachmentTimeline::Deform.name());
                        let Some(attachment) = skin_entry(root, skin, slot, att) else {
                            out.fail_at(timeline, format!(
                                "{at}: skin \"{skin}\" has no attachment \"{att}\" on slot \"{slot}\"; the parser throws `Timeline attachment not found`"
                            ));
                            continue;
                        };
                        let attachment = own_array(root, slot, attachment).unwrap_or(attachment);
                        match deform_length(attachment) {
                            Some(length) => check_keys(out, (&at, &timeline), keys, length),
                            None => unmeasured += 1,
                        }
                    }
                }
            }
        }
        if timelines == 0 {
            out.skip(NO_DEFORM);
        } else if unmeasured == timelines {
            out.skip(ALL_UNMEASURED);
        }
    }
}

/// The raw `skins[]` entry `[skin][slot][att]` (`findSkin` takes the first skin of
/// a name).
fn skin_entry<'v>(root: &'v Value, skin: &str, slot: &str, att: &str) -> Option<&'v Value> {
    items(root.get("skins"))
        .find(|s| str_at(s, "name") == Some(skin))?
        .get("attachments")?
        .get(slot)?
        .get(att)
}

/// The attachment whose vertex array a deform timeline on `attachment` (in
/// `slot`) keys: for a linked mesh with `"timelines": false` (its own
/// timelineAttachment), its source — `skin` (absent: "default"), `slot`
/// (absent: the link's own), `source` — whose vertices the link copies. `None`
/// for anything else (a link that plays its source's timelines stays unmeasured).
fn own_array<'v>(root: &'v Value, slot: &str, attachment: &'v Value) -> Option<&'v Value> {
    if str_at(attachment, "type") != Some("linkedmesh")
        || attachment.get("timelines") != Some(&Value::Bool(false))
    {
        return None;
    }
    let skin = str_at(attachment, "skin").unwrap_or("default");
    let slot = str_at(attachment, "slot").unwrap_or(slot);
    let source = skin_entry(root, skin, slot, str_at(attachment, "source")?)?;
    (str_at(source, "type") == Some("mesh")).then_some(source)
}

/// The deform-array length the raw attachment states (GATE.md §4.10), or `None`.
fn deform_length(attachment: &Value) -> Option<usize> {
    let world = match attachment
        .get("type")
        .map_or(Some("region"), Value::as_str)?
    {
        "mesh" => attachment.get("uvs")?.as_array()?.len(),
        "boundingbox" | "clipping" | "path" => match attachment.get("vertexCount") {
            None | Some(Value::Null) => 0,
            Some(count) => whole(count.as_f64()?)?.checked_mul(2)?,
        },
        _ => return None,
    };
    let vertices = attachment.get("vertices")?.as_array()?;
    if vertices.len() == world {
        return Some(world);
    }
    // Weighted: runs of `count, count × (bone, x, y, weight)`.
    let (mut i, mut influences) = (0usize, 0usize);
    while i < vertices.len() {
        let count = vertices.get(i)?.as_f64()?;
        if !(count >= 1.0 && count.fract() == 0.0 && count <= vertices.len() as f64) {
            return None;
        }
        let count = count as usize;
        i = i.checked_add(1 + 4 * count)?;
        influences += count;
    }
    (i == vertices.len()).then_some(2 * influences)
}

/// `x` as a count, when it is a whole number from 0 up that a file could mean.
fn whole(x: f64) -> Option<usize> {
    (x >= 0.0 && x.fract() == 0.0 && x <= u32::MAX as f64).then_some(x as usize)
}

/// A deform timeline in words (`animation "<a>" deform <skin>/<slot>/<att>`)
/// and as a subject.
type At<'a> = (&'a str, &'a Subject);

fn check_keys(out: &mut Outcome, timeline: At<'_>, keys: &Value, length: usize) {
    let (at, subject) = timeline;
    let Some(keys) = keys.as_array() else {
        out.fail_at(subject.clone(), format!("{at}: the deform timeline is {}, not a key array; the parser skips the timeline in silence", shape(keys)));
        return;
    };
    if keys.is_empty() {
        out.fail_at(
            subject.clone(),
            format!("{at}: the key array is empty; the parser skips the timeline in silence"),
        );
    }
    for (k, key) in keys.iter().enumerate() {
        let key_subject = || subject.clone().key(k);
        if !key.is_object() {
            out.fail_at(
                key_subject(),
                format!(
                    "{at} key {k}: the key is {}, and a deform key is an object",
                    json(key)
                ),
            );
            continue;
        }
        let vertices = match key.get(field::VERTICES) {
            None | Some(Value::Null) => continue,
            Some(Value::Array(v)) => v,
            Some(other) => {
                out.fail_at(
                    key_subject(),
                    format!(
                        "{at} key {k}: \"vertices\" is {}, and a deform run is an array of numbers",
                        json(other)
                    ),
                );
                continue;
            }
        };
        match key.get(field::OFFSET) {
            None => covers(out, (at, &key_subject()), k, 0.0, vertices.len(), length),
            Some(o) => match o.as_f64().filter(|o| *o >= 0.0 && o.fract() == 0.0) {
                Some(offset) => covers(out, (at, &key_subject()), k, offset, vertices.len(), length),
                None => out.fail_at(key_subject(), format!(
                    "{at} key {k}: \"offset\" is {}, and an offset is a whole number of floats from 0 up",
                    json(o)
                )),
            },
        }
        if let Some((i, bad)) = vertices
            .iter()
            .enumerate()
            .find(|(_, n)| !n.as_f64().is_some_and(f64::is_finite))
        {
            out.fail_at(
                key_subject(),
                format!(
                    "{at} key {k}: vertices[{i}] is {}, and a deform value is a finite number",
                    json(bad)
                ),
            );
        }
    }
}

/// The run `offset .. offset + n` must end inside a `length`-long array.
fn covers(out: &mut Outcome, key: At<'_>, k: usize, offset: f64, n: usize, length: usize) {
    let (at, subject) = key;
    let end = offset + n as f64;
    if end > length as f64 {
        out.fail_at(subject.clone(), format!(
            "{at} key {k}: the run covers {}..{} of a {length}-long deform array; everything past the end is copied into a Float32Array and dropped without a word",
            num(offset),
            num(end)
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::NOT_JSON;
    use crate::testkit::*;
    use serde_json::json;

    const RULE: A35DeformKeysFitTheAttachment = A35DeformKeysFitTheAttachment;
    const MESH: &str = "animation \"a\" deform default/m/m";
    const BOX: &str = "animation \"a\" deform default/box/box";

    /// The deform timeline of attachment `att` on `slot` (default skin) in animation "a".
    fn deform(slot: &str, att: &str) -> Subject {
        Subject::animation("a")
            .on(Target::Attachment {
                skin: "default".into(),
                slot: slot.into(),
                name: att.into(),
            })
            .timeline("deform")
    }

    fn mesh_keys(keys: Value) -> rigc_sdk::gate::GateInput {
        mutant(|v| v["animations"]["a"]["attachments"]["default"]["m"]["m"]["deform"] = keys)
    }

    #[test]
    fn lengths_come_from_the_raw_attachment() {
        let root = skeleton();
        let mesh = skin_entry(&root, "default", "m", "m");
        let weighted_box = skin_entry(&root, "default", "box", "box");
        assert_eq!(
            mesh.and_then(deform_length),
            Some(6),
            "unweighted: uvs.length"
        );
        assert_eq!(
            weighted_box.and_then(deform_length),
            Some(6),
            "weighted: 2 × 3 influences, not 15/3·2"
        );
        let two_bones = json!({ "type": "mesh", "uvs": [0, 0, 1, 1], "vertices": [2, 0, 1, 1, 0.5, 1, 2, 2, 0.5, 1, 0, 0, 0, 1] });
        assert_eq!(deform_length(&two_bones), Some(6));
        assert_eq!(
            deform_length(&json!({ "type": "mesh", "uvs": [0, 0], "vertices": [1, 0, 1] })),
            None,
            "truncated run"
        );
        assert_eq!(
            deform_length(&json!({ "type": "linkedmesh", "source": "m" })),
            None
        );
        assert_eq!(
            deform_length(&json!({ "type": "path", "vertices": [] })),
            Some(0),
            "missing vertexCount reads 0"
        );
    }

    #[test]
    fn passes_on_the_fixture_and_on_odd_runs() {
        assert_pass(&RULE, &fixture());
        // No parity check: an odd offset and an odd-length run are legal.
        assert_pass(
            &RULE,
            &mesh_keys(json!([{ "offset": 3, "vertices": [1, 2, 3] }, { "vertices": null }])),
        );
    }

    #[test]
    fn fails_on_a_run_past_the_end() {
        assert_fails(
            &RULE,
            &mesh_keys(json!([{}, { "time": 1, "offset": 4, "vertices": [1, 1, 1] }])),
            &[&format!("{MESH} key 1: the run covers 4..7 of a 6-long deform array; everything past the end is copied into a Float32Array and dropped without a word")],
        );
        // The weighted box's array is 6 long, not 15.
        let input = mutant(|v| {
            v["animations"]["a"]["attachments"]["default"]["box"]["box"]["deform"][0]["vertices"] =
                json!(vec![1; 5])
        });
        assert_fails(
            &RULE,
            &input,
            &[&format!("{BOX} key 0: the run covers 2..7 of a 6-long deform array; everything past the end is copied into a Float32Array and dropped without a word")],
        );
    }

    #[test]
    fn a_link_keying_its_own_deform_is_measured_on_its_source() {
        // m2 copies m's vertex array (6 long); its own keys must fit it.
        let link = |keys: Value| {
            mutant(|v| {
                v["skins"][0]["attachments"]["m"]["m2"] =
                    json!({ "type": "linkedmesh", "source": "m", "timelines": false });
                v["animations"]["a"]["attachments"] =
                    json!({ "default": { "m": { "m2": { "deform": keys } } } });
            })
        };
        assert_pass(
            &RULE,
            &link(json!([{ "offset": 2, "vertices": [1, 1, 1, 1] }])),
        );
        assert_fails(
            &RULE,
            &link(json!([{ "offset": 4, "vertices": [1, 1, 1] }])),
            &["animation \"a\" deform default/m/m2 key 0: the run covers 4..7 of a 6-long deform array; everything past the end is copied into a Float32Array and dropped without a word"],
        );
    }

    #[test]
    fn fails_on_an_attachment_the_skins_do_not_hold() {
        let input = mutant(|v| {
            v["animations"]["a"]["attachments"]["default"]["s"] = json!({ "q": { "deform": [{}] } })
        });
        assert_fails_at(
            &RULE,
            &input,
            &[("animation \"a\" deform default/s/q: skin \"default\" has no attachment \"q\" on slot \"s\"; the parser throws `Timeline attachment not found`", Some(deform("s", "q")))],
        );
    }

    #[test]
    fn fails_on_an_empty_key_array() {
        assert_fails_at(
            &RULE,
            &mesh_keys(json!([])),
            &[(
                &format!(
                    "{MESH}: the key array is empty; the parser skips the timeline in silence"
                ),
                Some(deform("m", "m")),
            )],
        );
        assert_fails(
            &RULE,
            &mesh_keys(json!({})),
            &[&format!("{MESH}: the deform timeline is an object, not a key array; the parser skips the timeline in silence")],
        );
    }

    #[test]
    fn fails_on_malformed_keys() {
        let input = mesh_keys(json!([
            3,
            { "vertices": 1 },
            { "offset": -2, "vertices": [1] },
            { "offset": 1.5, "vertices": [1] },
            { "vertices": [1, "NaN", null] }
        ]));
        let key = |k| Some(deform("m", "m").key(k));
        assert_fails_at(
            &RULE,
            &input,
            &[
                (&format!("{MESH} key 0: the key is 3, and a deform key is an object"), key(0)),
                (&format!("{MESH} key 1: \"vertices\" is 1, and a deform run is an array of numbers"), key(1)),
                (&format!("{MESH} key 2: \"offset\" is -2, and an offset is a whole number of floats from 0 up"), key(2)),
                (&format!("{MESH} key 3: \"offset\" is 1.5, and an offset is a whole number of floats from 0 up"), key(3)),
                (&format!("{MESH} key 4: vertices[1] is \"NaN\", and a deform value is a finite number"), key(4)),
            ],
        );
    }

    #[test]
    fn skips_with_nothing_to_measure() {
        assert_skips(&RULE, &not_json(), NOT_JSON);
        assert_skips(
            &RULE,
            &mutant(|v| v["animations"] = json!({})),
            NO_ANIMATIONS,
        );
        let input = mutant(|v| {
            if let Some(a) = v["animations"]["a"].as_object_mut() {
                a.remove("attachments");
            }
        });
        assert_skips(&RULE, &input, NO_DEFORM);
        let input = mutant(|v| {
            v["skins"][0]["attachments"]["m"]["m2"] =
                json!({ "type": "linkedmesh", "source": "m", "path": "r" });
            v["animations"]["a"]["attachments"] =
                json!({ "default": { "m": { "m2": { "deform": [{ "vertices": [1] }] } } } });
        });
        assert_skips(&RULE, &input, ALL_UNMEASURED);
    }
}
