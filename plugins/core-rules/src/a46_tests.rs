//! Tests of A46_SEQUENCE_ATTACHMENTS_SHOW_THE_FRAME_THE_FILE_STATES: the frame
//! modes, a mutant per FAIL clause with its subject, and the SKIPs.

use super::*;
use crate::testkit::*;
use serde_json::json;

const RULE: A46SequenceAttachmentsShowTheFrameTheFileStates =
    A46SequenceAttachmentsShowTheFrameTheFileStates;

/// The fixture's atlas with three frames `r1`..`r3` beside `r`.
const SEQ_ATLAS: &str = "r.png\nsize: 64, 64\nfilter: Linear, Linear\nr\nbounds: 0, 0, 4, 4\nr1\nbounds: 4, 0, 4, 4\nr2\nbounds: 8, 0, 4, 4\nr3\nbounds: 12, 0, 4, 4\n\nq.png\nsize: 8, 8\nq\nbounds: 0, 0, 8, 8\n";

/// The fixture with region "r" a 3-frame series (setup frame 1) and `edit`.
fn series(edit: impl FnOnce(&mut Value)) -> rigc_sdk::gate::GateInput {
    let mut v = skeleton();
    v["skins"][0]["attachments"]["s"]["r"]["sequence"] = json!({ "count": 3, "setup": 1 });
    edit(&mut v);
    input_texts(&v.to_string(), SEQ_ATLAS)
}

fn keyed(keys: Value) -> rigc_sdk::gate::GateInput {
    series(|v| {
        v["animations"]["a"]["attachments"]["default"]["s"] = json!({ "r": { "sequence": keys } })
    })
}

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

/// Attachment `name` on slot "s" of the default skin.
fn on_s(name: &str) -> rigc_sdk::gate::Target {
    rigc_sdk::gate::Target::Attachment {
        skin: "default".into(),
        slot: "s".into(),
        name: name.into(),
    }
}

/// The sequence timeline of "r" on slot "s" in animation "a".
fn r_timeline() -> Subject {
    Subject::animation("a").on(on_s("r")).timeline("sequence")
}

#[test]
fn frame_of_follows_every_mode() {
    // count 3: n = 4.
    let f = |mode, i, steps: f64| frame_of(mode, i, steps + 0.5, 1.0, 3.0);
    assert_eq!(
        [0.0, 1.0, 2.0, 3.0, 4.0].map(|s| f(1, 0.0, s)),
        [0.0, 1.0, 2.0, 2.0, 2.0]
    );
    assert_eq!(
        [0.0, 1.0, 2.0, 3.0, 4.0].map(|s| f(2, 1.0, s)),
        [1.0, 2.0, 0.0, 1.0, 2.0]
    );
    assert_eq!(
        [0.0, 1.0, 2.0, 3.0, 4.0].map(|s| f(3, 0.0, s)),
        [0.0, 1.0, 2.0, 1.0, 0.0]
    );
    assert_eq!(
        [0.0, 1.0, 2.0, 3.0].map(|s| f(4, 0.0, s)),
        [2.0, 1.0, 0.0, 0.0]
    );
    assert_eq!(
        [0.0, 1.0, 2.0, 3.0].map(|s| f(5, 0.0, s)),
        [2.0, 1.0, 0.0, 2.0]
    );
    assert_eq!(
        [0.0, 1.0, 2.0, 3.0, 4.0].map(|s| f(6, 0.0, s)),
        [2.0, 1.0, 0.0, 1.0, 2.0]
    );
    assert_eq!(f(0, 2.0, 7.0), 2.0);
    assert_eq!(frame_of(3, 0.0, 5.5, 1.0, 1.0), 0.0);
}

#[test]
fn passes_a_series_that_shows_what_the_file_states() {
    let input = keyed(json!([
        { "time": 0.1, "mode": "loop", "delay": 0.05 },
        { "time": 0.4, "mode": "pingpongReverse", "index": 2 },
        { "time": 0.7, "index": 2 },
        { "time": 0.8, "mode": "onceReverse", "delay": 0.02 }
    ]));
    assert_spine_loads(&input);
    assert_pass(&RULE, &input);
    let stats = check(&RULE, &input).stats;
    assert!(
        stats.contains(&("sequenceSamples".into(), "22".into())),
        "{stats:?}"
    );
    assert!(
        stats.contains(&("sequenceSamplesUnshown".into(), "0".into())),
        "{stats:?}"
    );
}

#[test]
fn a_block_that_is_not_a_series_fails() {
    let input = series(|v| {
        let atts = &mut v["skins"][0]["attachments"];
        atts["s"]["r"]["sequence"] = json!({ "count": 3, "setup": 3 });
        atts["s"]["zero"] = json!({ "path": "r", "width": 4, "height": 4, "sequence": {} });
        atts["s"]["odd"] = json!({ "path": "r", "width": 4, "height": 4, "sequence": { "count": 2, "setup": 0.5 } });
        atts["s"]["none"] =
            json!({ "path": "r", "width": 4, "height": 4, "sequence": { "count": 0 } });
    });
    let entry = |name| Some(Subject::of(on_s(name)));
    fails_at(
        &input,
        &[
            ("skin \"default\" slot \"s\" attachment \"r\": the sequence block states setup 3 of a 3-frame series, outside frames 0..2 — the runtime clamps a frame past the end to the last one and reads no region before 0, so the setup pose does not show the frame the file states", entry("r")),
            ("skin \"default\" slot \"s\" attachment \"zero\": the sequence block states no \"count\", so readSequence reads 0 and the attachment draws nothing — state how many frames the series has", entry("zero")),
            ("skin \"default\" slot \"s\" attachment \"odd\": the sequence block states setup 0.5, which is not a whole frame number", entry("odd")),
            ("skin \"default\" slot \"s\" attachment \"none\": the sequence block states count 0, so the series has no region and the attachment draws nothing — a series has at least 1 frame", entry("none")),
        ],
    );
    let input =
        series(|v| v["skins"][0]["attachments"]["s"]["r"]["sequence"] = json!({ "count": "3" }));
    fails(&input, &["skin \"default\" slot \"s\" attachment \"r\": the sequence block states count \"3\", which is not a whole number of frames ≥ 1"]);
}

#[test]
fn a_timeline_on_a_plain_region_fails() {
    let input = mutant(|v| {
        v["animations"]["a"]["attachments"]["default"]["s"] =
            json!({ "r": { "sequence": [{ "mode": "loop", "delay": 0.1 }] } });
    });
    fails_at(&input, &[("animation \"a\" sequence default/s/r: the attachment carries no \"sequence\" block, so the parser gives it a series of one frame and this timeline steps nothing — give the attachment a \"sequence\" block, or drop the timeline", Some(r_timeline()))]);
}

#[test]
fn keys_that_are_not_frames_of_the_series_fail() {
    let input = keyed(json!([
        { "mode": "Loop", "delay": 0.1 },
        { "time": 0.2, "index": 3 },
        { "time": 0.4, "mode": "once" }
    ]));
    fails_at(
        &input,
        &[
            ("animation \"a\" sequence default/s/r key 0 (t=0): mode \"Loop\" is not one of hold, once, loop, pingpong, onceReverse, loopReverse, pingpongReverse — the runtime reads an unknown mode as hold and the series never plays", Some(r_timeline().key(0))),
            ("animation \"a\" sequence default/s/r key 1 (t=0.20000000298023224): index 3 is not a frame of the 3-frame series (0..2) — the runtime clamps a frame past the end to the last one and reads no region before 0, so the slot does not show the frame the key states", Some(r_timeline().key(1))),
        ],
    );
    let input = keyed(json!([{ "index": 1 }, { "time": 0.4, "mode": "once" }]));
    fails(&input, &["animation \"a\" sequence default/s/r key 1 (t=0.4000000059604645): mode \"once\" plays the series every 0s — a playing mode needs a delay above 0 (a key's delay carries over from the key before it, 0 on the first), or the runtime divides by it and never leaves frame 0"]);
}

#[test]
fn a_slot_that_shows_another_frame_fails() {
    // The slider "sl" applies "knob" at its setup time, and "knob" holds
    // frame 0 of the same series: the slot never shows what "a" keys.
    let input = series(|v| {
        v["animations"]["a"]["attachments"]["default"]["s"] =
            json!({ "r": { "sequence": [{ "time": 0.2, "index": 2 }] } });
        v["animations"]["knob"]["attachments"] =
            json!({ "default": { "s": { "r": { "sequence": [{ "index": 0 }] } } } });
    });
    // Before key 0: a finding about the timeline.
    fails_at(
        &input,
        &[(
            "animation \"a\" sequence default/s/r (t=0.1000): the slot shows region \"r1\", and the file states frame 1 of 3 — \"r2\" — the setup frame, before key 0 at 0.20000000298023224s",
            Some(r_timeline()),
        )],
    );
    // At a key: a finding about that key.
    let input = series(|v| {
        v["animations"]["a"]["attachments"]["default"]["s"] =
            json!({ "r": { "sequence": [{ "index": 1 }, { "time": 0.2, "index": 2 }] } });
        v["animations"]["knob"]["attachments"] =
            json!({ "default": { "s": { "r": { "sequence": [{ "index": 0 }] } } } });
    });
    fails_at(
        &input,
        &[(
            "animation \"a\" sequence default/s/r (t=0.0000): the slot shows region \"r1\", and the file states frame 1 of 3 — \"r2\" — key 0 holds frame 1",
            Some(r_timeline().key(0)),
        )],
    );
}

#[test]
fn skips_without_a_series() {
    assert_skips(&RULE, &fixture(), skip_reasons::NO_SEQUENCE);
    assert_skips(&RULE, &not_json(), crate::raw::NOT_JSON);
}
